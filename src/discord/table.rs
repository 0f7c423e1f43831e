//! A channel's table: a lobby or a running game, and the driver that turns a running
//! session's notes into Discord messages.
//!
//! One driver task per running game follows one subscription: the public events and the
//! private events of the human seats only (`Viewer::Seats` of the humans), in the game's
//! order. Each private event goes to the DMs of exactly the human seats in its audience;
//! public ones to the channel. Notes that arrive together are posted together (one message
//! per destination), so a busy night costs few REST calls.

use super::bot::{dm_refused, Bot};
use super::lobby::Lobby;
use super::render::{self, Names};
use super::text::Component;
use crate::games::werewolf::{Action, Ask, AskKind, Event, Game, Seat, SeatSet, SEATS};
use crate::session::{Note, SessionHandle, Subscription, Visibility};
use crate::store::{now_ms, ChannelRow, Outcome};
use serde::{Deserialize, Serialize};
use serenity::all::{
    ButtonStyle, ChannelId, CreateActionRow, CreateAllowedMentions, CreateButton, CreateEmbed,
    CreateMessage, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, EditMessage,
    UserId,
};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A seat of a running game, as stored with the channel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// The Discord user; `None` for an AI seat.
    pub user: Option<u64>,
    pub name: String,
    #[serde(default)]
    pub dm_closed: bool,
}

/// What a running game's channel row holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunningData {
    pub session_id: String,
    pub host: u64,
    pub seats: Vec<SeatInfo>,
    pub status_message: Option<u64>,
    #[serde(default)]
    pub wolf_chat_open: bool,
}

impl RunningData {
    pub fn humans(&self) -> SeatSet {
        (1..=SEATS as Seat)
            .filter(|s| self.seats[*s as usize - 1].user.is_some())
            .collect()
    }
    pub fn seat_of(&self, user: u64) -> Option<Seat> {
        self.seats
            .iter()
            .position(|s| s.user == Some(user))
            .map(|i| i as Seat + 1)
    }
    pub fn user(&self, seat: Seat) -> Option<u64> {
        self.seats.get(seat as usize - 1).and_then(|s| s.user)
    }
}

/// An ask open for a human seat.
#[derive(Debug, Clone, Copy)]
pub struct OpenAsk {
    /// Which opening this is: an ask asked again (the witch after a save) keeps its
    /// sequence number but gets a new generation, so a late clean-up of the answered one
    /// cannot remove it.
    pub gen: u64,
    pub seq: u32,
    pub ask: Ask,
    pub due_at: i64,
}

/// The vote message of the current round: one select menu for every human voter.
#[derive(Debug, Clone)]
pub struct Board {
    /// The sequence number of the vote ask that opened it.
    pub key: u32,
    pub kind: AskKind,
    pub message: Option<u64>,
    pub voters: SeatSet,
    pub voted: SeatSet,
    pub targets: SeatSet,
}

/// A running game in a channel.
pub struct Running {
    pub handle: SessionHandle<Game>,
    pub data: RunningData,
    pub names: Names,
    pub open: BTreeMap<Seat, OpenAsk>,
    gens: u64,
    pub speaker: Option<(Seat, u32)>,
    pub board: Option<Board>,
    /// Each seat's private news so far (index seat-1), for the closed-DM fallback.
    pub private: Vec<Vec<String>>,
    /// How much of its news each seat has seen through the fallback (index seat-1).
    pub seen: Vec<usize>,
    /// A fallback button of this seat's is waiting to be pressed: news alone posts no other.
    pub button_waiting: Vec<bool>,
    pub alive: SeatSet,
    pub phase: String,
    /// The wolf pack, once a human wolf has been told it.
    pub pack: Option<SeatSet>,
}

impl Running {
    /// Forgets `seat`'s open ask once answered, unless it was asked again meanwhile.
    pub fn answered(&mut self, seat: Seat, gen: u64) {
        if self.open.get(&seat).is_some_and(|o| o.gen == gen) {
            self.open.remove(&seat);
        }
    }

    /// The wolves, if `seat` is one of them (as its own news told it).
    pub fn wolves_of(&self, seat: Seat) -> Option<SeatSet> {
        self.pack.filter(|p| p.contains(seat))
    }

    pub fn new(handle: SessionHandle<Game>, data: RunningData) -> Running {
        let names = Names::new(data.seats.iter().map(|s| s.name.clone()).collect());
        Running {
            handle,
            data,
            names,
            open: BTreeMap::new(),
            gens: 0,
            speaker: None,
            board: None,
            private: vec![Vec::new(); SEATS],
            seen: vec![0; SEATS],
            button_waiting: vec![false; SEATS],
            alive: SeatSet::ALL,
            phase: "The game begins".into(),
            pack: None,
        }
    }

    /// Whose turn it is, as the public may know it (never who acts at night).
    pub fn turn(&self) -> String {
        if let Some((seat, _)) = self.speaker {
            return format!("{} is speaking", self.names.seat(seat));
        }
        if let Some(b) = &self.board {
            let waiting = b.voters.minus(b.voted);
            if !waiting.is_empty() {
                let w: Vec<String> = waiting.iter().map(|s| self.names.seat(s)).collect();
                return format!("voting; waiting for {}", w.join(", "));
            }
        }
        if self.phase.starts_with("Night") {
            return "night actions are being taken (in DMs)".into();
        }
        "the AI players are acting".into()
    }
}

pub enum TableState {
    Lobby(Lobby),
    /// Start was pressed: the session is being created (a second Start is refused).
    Starting,
    Running(Box<Running>),
    Closed,
}

/// A channel's table.
pub struct Table {
    pub channel: u64,
    pub guild: u64,
    pub state: tokio::sync::Mutex<TableState>,
}

impl Table {
    pub fn row(&self, state: &TableState) -> Option<ChannelRow> {
        let (state_name, session_id, data) = match state {
            TableState::Lobby(l) => ("lobby", None, serde_json::to_value(l).ok()?),
            TableState::Running(r) => (
                "running",
                Some(r.data.session_id.clone()),
                serde_json::to_value(&r.data).ok()?,
            ),
            TableState::Closed | TableState::Starting => return None,
        };
        Some(ChannelRow {
            channel_id: self.channel,
            guild_id: self.guild,
            state: state_name.into(),
            session_id,
            data,
        })
    }
}

/// One thing to post.
enum Post {
    Text(String),
    SpeechCall { user: u64, text: String },
    Board,
    Controls { seq: u32 },
}

#[derive(Default)]
struct Plan {
    channel: Vec<Post>,
    dms: BTreeMap<Seat, Vec<Post>>,
    status_changed: bool,
    board_dirty: bool,
    close_board: Option<(u64, String)>,
    ended: Option<Option<Outcome>>,
}

fn push_text(posts: &mut Vec<Post>, line: String) {
    if let Some(Post::Text(t)) = posts.last_mut() {
        if t.len() + line.len() < 1800 {
            t.push('\n');
            t.push_str(&line);
            return;
        }
    }
    posts.push(Post::Text(line));
}

/// Applies notes to the table's state and says what to post. `silent` (the backlog of a
/// resumed game) updates the state only.
fn plan(r: &mut Running, notes: &[Arc<Note<Game>>], silent: bool) -> Plan {
    let mut p = Plan::default();
    let humans = r.data.humans();
    for note in notes {
        match &**note {
            Note::Event { visibility, event } => match visibility {
                Visibility::Public => {
                    let before = (r.alive, r.phase.clone());
                    match event {
                        Event::NightFell { night } => {
                            r.phase = format!("Night {night}");
                            r.speaker = None;
                        }
                        Event::Dawn { day, dead } => {
                            r.phase = format!("Day {day}");
                            r.alive = r.alive.minus(*dead);
                        }
                        Event::Eliminated { seat: Some(s) } => r.alive.remove(*s),
                        Event::HunterShot {
                            target: Some(t), ..
                        } => r.alive.remove(*t),
                        Event::PkCalled { .. } => {
                            r.phase = format!("{} (PK)", r.phase.trim_end_matches(" (PK)"))
                        }
                        Event::Speech { seat, .. } if r.speaker.map(|(s, _)| s) == Some(*seat) => {
                            r.speaker = None;
                        }
                        Event::VotesRevealed { .. } => {
                            if let Some(b) = r.board.take() {
                                if let Some(m) = b.message {
                                    p.close_board = Some((
                                        m,
                                        format!(
                                            "🗳️ {} — voting is closed; the votes are below.",
                                            if b.kind == AskKind::PkVote {
                                                "PK vote"
                                            } else {
                                                "Vote"
                                            }
                                        ),
                                    ));
                                }
                            }
                            for s in humans.iter() {
                                if matches!(r.open.get(&s), Some(o) if matches!(o.ask.kind, AskKind::Vote | AskKind::PkVote))
                                {
                                    r.open.remove(&s);
                                }
                            }
                        }
                        _ => {}
                    }
                    if (r.alive, r.phase.clone()) != before {
                        p.status_changed = true;
                    }
                    if let Some(line) = render::public_line(event, &r.names, humans) {
                        push_text(&mut p.channel, line);
                    }
                }
                Visibility::Seats(mask) => {
                    if let Event::WolfPack { wolves } = event {
                        r.pack = Some(*wolves);
                    }
                    if let Event::Defaulted { seat, .. } = event {
                        if let Some(o) = r.open.remove(seat) {
                            if r.speaker == Some((*seat, o.seq)) {
                                r.speaker = None;
                            }
                        }
                    }
                    if let Some(line) = render::private_line(event, &r.names) {
                        // A human's own sealed ballot was confirmed when they chose it: it
                        // is kept with their news but not sent again.
                        let echo = matches!(event, Event::VoteCast { .. });
                        for s in humans.iter().filter(|s| mask & (1u64 << s) != 0) {
                            r.private[s as usize - 1].push(line.clone());
                            if !echo {
                                push_text(p.dms.entry(s).or_default(), line.clone());
                            }
                        }
                    }
                }
                Visibility::Moderator => {}
            },
            Note::Ask {
                seat,
                seq,
                ask,
                due_at,
            } => {
                if !humans.contains(*seat) {
                    continue;
                }
                r.gens += 1;
                r.open.insert(
                    *seat,
                    OpenAsk {
                        gen: r.gens,
                        seq: *seq,
                        ask: *ask,
                        due_at: *due_at,
                    },
                );
                post_ask(r, &mut p, *seat, *seq, ask, *due_at);
            }
            Note::Paused { reason } => push_text(
                &mut p.channel,
                format!("⏸️ The game is paused: {reason}. It will carry on by itself."),
            ),
            Note::Resumed => push_text(&mut p.channel, "▶️ The game goes on.".into()),
            Note::Ended { outcome } => p.ended = Some(Some(outcome.clone())),
            Note::Abandoned => p.ended = Some(None),
        }
    }
    if silent {
        Plan {
            ended: p.ended,
            ..Plan::default()
        }
    } else {
        p
    }
}

fn post_ask(r: &mut Running, p: &mut Plan, seat: Seat, seq: u32, ask: &Ask, due_at: i64) {
    let secs = ((due_at - now_ms()).max(0) + 999) / 1000;
    match ask.kind {
        k if k.is_speech() => {
            r.speaker = Some((seat, seq));
            let user = r.data.user(seat).unwrap_or(0);
            p.channel.push(Post::SpeechCall {
                user,
                text: render::speech_call(ask, user, &r.names, secs),
            });
        }
        AskKind::Vote | AskKind::PkVote => match &mut r.board {
            Some(b) if b.kind == ask.kind => {
                if !b.voters.contains(seat) {
                    b.voters.insert(seat);
                    b.targets = b.targets.union(ask.targets);
                    p.board_dirty = b.message.is_some();
                }
            }
            _ => {
                // The key is the game's own number for this ask: unique in the game, so an
                // old vote message (even from before a restart) never matches a new round.
                r.board = Some(Board {
                    key: seq,
                    kind: ask.kind,
                    message: None,
                    voters: SeatSet::only(seat),
                    voted: SeatSet::EMPTY,
                    targets: ask.targets,
                });
                p.channel.push(Post::Board);
            }
        },
        _ => p.dms.entry(seat).or_default().push(Post::Controls { seq }),
    }
}

/// The vote message's text.
pub fn board_text(r: &Running, b: &Board) -> String {
    let what = if b.kind == AskKind::PkVote {
        "PK vote"
    } else {
        "Vote"
    };
    let mut s = format!(
        "🗳️ **{what}** — choose who to vote out. Ballots stay sealed until everyone has voted.\n"
    );
    for seat in b.voters.iter() {
        let mark = if b.voted.contains(seat) { "✅" } else { "⏳" };
        s.push_str(&format!("{mark} {}\n", r.names.seat(seat)));
    }
    s.push_str("(AI seats vote on their own.)");
    s
}

fn board_components(r: &Running, b: &Board) -> Vec<CreateActionRow> {
    let mut options: Vec<CreateSelectMenuOption> = b
        .targets
        .iter()
        .map(|s| CreateSelectMenuOption::new(r.names.seat(s), s.to_string()))
        .collect();
    options.push(CreateSelectMenuOption::new("Abstain", "abstain"));
    let id = Component::Board {
        session: r.data.session_id.clone(),
        key: b.key,
    }
    .id();
    vec![CreateActionRow::SelectMenu(
        CreateSelectMenu::new(id, CreateSelectMenuKind::String { options })
            .placeholder("Your vote"),
    )]
}

/// The controls of a night (or hunter's) ask: select menus of valid targets only, and
/// buttons for save / pass / decline.
pub fn controls(session: &str, names: &Names, ask: &Ask) -> Vec<CreateActionRow> {
    let id = |verb: &str| {
        Component::Ask {
            session: session.to_string(),
            seat: ask.seat,
            seq: ask.seq,
            verb: verb.into(),
        }
        .id()
    };
    let menu = |verb: &str, placeholder: &str, targets: SeatSet| {
        let options = targets
            .iter()
            .map(|s| CreateSelectMenuOption::new(names.seat(s), s.to_string()))
            .collect();
        CreateActionRow::SelectMenu(
            CreateSelectMenu::new(id(verb), CreateSelectMenuKind::String { options })
                .placeholder(placeholder),
        )
    };
    let mut rows = Vec::new();
    match ask.kind {
        AskKind::WolfPick => rows.push(menu("pick", "Choose the victim", ask.targets)),
        AskKind::SeerCheck => rows.push(menu("pick", "Choose a seat to check", ask.targets)),
        AskKind::HunterShot => {
            if !ask.targets.is_empty() {
                rows.push(menu("pick", "Shoot…", ask.targets));
            }
            rows.push(CreateActionRow::Buttons(vec![CreateButton::new(id(
                "decline",
            ))
            .label("Don't shoot")
            .style(ButtonStyle::Secondary)]));
        }
        AskKind::Witch => {
            if !ask.targets.is_empty() {
                rows.push(menu("poison", "Poison…", ask.targets));
            }
            let mut buttons = Vec::new();
            if ask.can_save {
                if let Some(a) = ask.attacked {
                    buttons.push(
                        CreateButton::new(id("save"))
                            .label(format!("Save seat {a}"))
                            .style(ButtonStyle::Success),
                    );
                }
            }
            buttons.push(
                CreateButton::new(id("pass"))
                    .label("Pass")
                    .style(ButtonStyle::Secondary),
            );
            rows.push(CreateActionRow::Buttons(buttons));
        }
        _ => {}
    }
    rows
}

/// The action a click means for `ask`; the message says what went wrong.
pub fn action_for(ask: &Ask, verb: &str, value: Option<&str>) -> Result<Action, String> {
    let target = || -> Result<Seat, String> {
        value
            .and_then(|v| v.parse::<Seat>().ok())
            .ok_or_else(|| "choose a seat from the menu".to_string())
    };
    Ok(match (ask.kind, verb) {
        (AskKind::WolfPick, "pick") => Action::Kill { target: target()? },
        (AskKind::SeerCheck, "pick") => Action::Check { target: target()? },
        (AskKind::HunterShot, "pick") => Action::Shoot { target: target()? },
        (AskKind::HunterShot, "decline") => Action::Decline,
        (AskKind::Witch, "poison") => Action::Poison { target: target()? },
        (AskKind::Witch, "save") => Action::Save,
        (AskKind::Witch, "pass") => Action::Pass,
        (AskKind::Vote | AskKind::PkVote, "vote") => match value {
            Some("abstain") => Action::Abstain,
            _ => Action::Vote { target: target()? },
        },
        _ => return Err("that choice has closed".into()),
    })
}

/// What a click chose, for the confirmation.
pub fn chosen(action: &Action, names: &Names) -> String {
    match action {
        Action::Kill { target } => format!("you picked {}", names.seat(*target)),
        Action::Check { target } => format!("you check {}", names.seat(*target)),
        Action::Shoot { target } => format!("you shoot {}", names.seat(*target)),
        Action::Poison { target } => format!("you poison {}", names.seat(*target)),
        Action::Vote { target } => format!("your sealed vote: {}", names.seat(*target)),
        Action::Save => "you use the antidote".into(),
        Action::Pass => "you pass".into(),
        Action::Decline => "you do not shoot".into(),
        Action::Abstain => "you abstain (sealed)".into(),
        Action::Speak { .. } => "you spoke".into(),
    }
}

/// Splits text into messages Discord accepts (2,000 characters), at line ends.
pub fn chunks(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for line in text.lines() {
        if cur.chars().count() + line.chars().count() + 1 > 1900 && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push('\n');
        }
        cur.push_str(&line.chars().take(1900).collect::<String>());
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn no_pings() -> CreateAllowedMentions {
    CreateAllowedMentions::new()
        .everyone(false)
        .all_roles(false)
        .all_users(false)
}

/// The status board embed.
pub fn status_embed(r: &Running) -> CreateEmbed {
    CreateEmbed::new()
        .title("🐺 Werewolf — the table")
        .description(render::status(&r.names, r.alive, &r.phase))
        .footer(serenity::all::CreateEmbedFooter::new(format!(
            "session {}",
            r.data.session_id
        )))
}

/// Follows a running game until it ends or the bot stops. `backlog` notes at the start
/// are what a resumed game already showed: they rebuild the state without posting, then
/// the asks still open are posted again.
pub async fn drive(bot: Arc<Bot>, table: Arc<Table>, mut sub: Subscription<Game>) {
    let channel = ChannelId::new(table.channel);
    let backlog = sub.backlog_len();
    if backlog > 0 {
        let mut notes = Vec::with_capacity(backlog);
        for _ in 0..backlog {
            if let Some(n) = sub.try_next() {
                notes.push(n);
            }
        }
        let plan = {
            let mut st = table.state.lock().await;
            let TableState::Running(r) = &mut *st else {
                return;
            };
            let mut silent = plan(r, &notes, true);
            // Post again what is still open: speech calls, the vote, night controls.
            let open: Vec<(Seat, OpenAsk)> = r.open.iter().map(|(s, o)| (*s, *o)).collect();
            r.board = None;
            for (seat, o) in open {
                post_ask(r, &mut silent, seat, o.seq, &o.ask, o.due_at);
            }
            silent.status_changed = true;
            silent.channel.insert(
                0,
                Post::Text("♻️ The bot restarted: the game goes on.".into()),
            );
            silent
        };
        if execute(&bot, &table, channel, plan).await {
            return;
        }
    }
    loop {
        let Some(first) = sub.next().await else {
            return;
        };
        let mut notes = vec![first];
        while notes.len() < 64 {
            match sub.try_next() {
                Some(n) => notes.push(n),
                None => break,
            }
        }
        let plan = {
            let mut st = table.state.lock().await;
            let TableState::Running(r) = &mut *st else {
                return;
            };
            plan(r, &notes, false)
        };
        if execute(&bot, &table, channel, plan).await {
            return;
        }
    }
}

/// Posts a plan; true once the game has ended.
async fn execute(bot: &Arc<Bot>, table: &Arc<Table>, channel: ChannelId, plan: Plan) -> bool {
    for post in plan.channel {
        match post {
            Post::Text(t) => {
                for c in chunks(&t) {
                    bot.post(
                        channel,
                        CreateMessage::new().content(c).allowed_mentions(no_pings()),
                    )
                    .await;
                }
            }
            Post::SpeechCall { user, text } => {
                bot.post(
                    channel,
                    CreateMessage::new()
                        .content(text)
                        .allowed_mentions(no_pings().users([UserId::new(user.max(1))])),
                )
                .await;
            }
            Post::Board => {
                let built = {
                    let st = table.state.lock().await;
                    match &*st {
                        TableState::Running(r) => r
                            .board
                            .as_ref()
                            .filter(|b| b.message.is_none())
                            .map(|b| (b.key, board_text(r, b), board_components(r, b))),
                        _ => None,
                    }
                };
                if let Some((key, text, comps)) = built {
                    let msg = bot
                        .post(
                            channel,
                            CreateMessage::new()
                                .content(text)
                                .components(comps)
                                .allowed_mentions(no_pings()),
                        )
                        .await;
                    let mut st = table.state.lock().await;
                    if let (TableState::Running(r), Some(m)) = (&mut *st, msg) {
                        if let Some(b) = r.board.as_mut().filter(|b| b.key == key) {
                            b.message = Some(m.get());
                        }
                    }
                }
            }
            Post::Controls { .. } => {}
        }
    }
    for (seat, posts) in plan.dms {
        let (user, session, mut closed) = {
            let st = table.state.lock().await;
            let TableState::Running(r) = &*st else {
                break;
            };
            let Some(user) = r.data.user(seat) else {
                continue;
            };
            (
                user,
                r.data.session_id.clone(),
                r.data.seats[seat as usize - 1].dm_closed,
            )
        };
        // With DMs closed, one button in the channel opens the seat's news and controls.
        let mut fallback: Option<u32> = None;
        for post in posts {
            let msg = {
                let st = table.state.lock().await;
                let TableState::Running(r) = &*st else {
                    break;
                };
                match post {
                    Post::Text(t) => Some((CreateMessage::new().content(t), 0)),
                    Post::Controls { seq } => r.open.get(&seat).filter(|o| o.seq == seq).map(|o| {
                        let secs = ((o.due_at - now_ms()).max(0) + 999) / 1000;
                        (
                            CreateMessage::new()
                                .content(render::ask_prompt(&o.ask, &r.names, secs))
                                .components(controls(&r.data.session_id, &r.names, &o.ask)),
                            seq,
                        )
                    }),
                    _ => None,
                }
            };
            let Some((msg, seq)) = msg else { continue };
            if !closed {
                match bot.dm(user, msg.allowed_mentions(no_pings())).await {
                    Ok(_) => continue,
                    Err(e) if dm_refused(&e) => {
                        closed = true;
                        mark_dm_closed(bot, table, seat).await;
                    }
                    // Another failure: this time the channel button carries it.
                    Err(e) => tracing::warn!(seat, "DM failed: {e}"),
                }
            }
            fallback = Some(fallback.unwrap_or(0).max(seq));
        }
        // News alone waits for the button already posted (pressing it shows everything new).
        let fallback = {
            let mut st = table.state.lock().await;
            match (&mut *st, fallback) {
                (TableState::Running(r), Some(seq)) => {
                    let i = seat as usize - 1;
                    if seq == 0 && r.button_waiting[i] {
                        None
                    } else {
                        r.button_waiting[i] = true;
                        Some(seq)
                    }
                }
                _ => None,
            }
        };
        if let Some(seq) = fallback {
            let label = if seq > 0 {
                "Open my night action"
            } else {
                "Show my private news"
            };
            let id = Component::Ask {
                session,
                seat,
                seq,
                verb: "open".into(),
            }
            .id();
            bot.post(
                channel,
                CreateMessage::new()
                    .content(format!(
                        "🔒 <@{user}>, I can't DM you: press the button (only you can see what it shows)."
                    ))
                    .components(vec![CreateActionRow::Buttons(vec![CreateButton::new(id)
                        .label(label)
                        .style(ButtonStyle::Primary)])])
                    .allowed_mentions(no_pings().users([UserId::new(user)])),
            )
            .await;
        }
    }
    if plan.board_dirty {
        refresh_board(bot, table, channel).await;
    }
    if let Some((m, text)) = plan.close_board {
        let _ = bot
            .edit(
                channel,
                m,
                EditMessage::new().content(text).components(vec![]),
            )
            .await;
    }
    if plan.status_changed {
        update_status(bot, table, channel).await;
    }
    if let Some(ended) = plan.ended {
        finish(bot, table, channel, ended).await;
        return true;
    }
    false
}

/// Edits the vote message to show who has voted so far.
pub async fn refresh_board(bot: &Arc<Bot>, table: &Arc<Table>, channel: ChannelId) {
    let edit = {
        let st = table.state.lock().await;
        let TableState::Running(r) = &*st else {
            return;
        };
        r.board.as_ref().and_then(|b| {
            b.message
                .map(|m| (m, board_text(r, b), board_components(r, b)))
        })
    };
    if let Some((m, text, comps)) = edit {
        let _ = bot
            .edit(
                channel,
                m,
                EditMessage::new().content(text).components(comps),
            )
            .await;
    }
}

async fn mark_dm_closed(bot: &Arc<Bot>, table: &Arc<Table>, seat: Seat) {
    let row = {
        let mut st = table.state.lock().await;
        if let TableState::Running(r) = &mut *st {
            r.data.seats[seat as usize - 1].dm_closed = true;
        }
        table.row(&st)
    };
    if let Some(row) = row {
        if let Err(e) = bot.store.save_channel(&row).await {
            tracing::warn!("storing the channel: {e}");
        }
    }
}

/// Edits the status message (or posts it the first time).
pub async fn update_status(bot: &Arc<Bot>, table: &Arc<Table>, channel: ChannelId) {
    let (embed, existing) = {
        let st = table.state.lock().await;
        let TableState::Running(r) = &*st else {
            return;
        };
        (status_embed(r), r.data.status_message)
    };
    if let Some(m) = existing {
        match bot
            .edit(channel, m, EditMessage::new().embed(embed.clone()))
            .await
        {
            Ok(()) => return,
            // Someone deleted it: post it again. Any other failure waits for the next
            // change (a re-post would leave two boards).
            Err(e) if super::bot::api_code(&e) == Some(10008) => {}
            Err(_) => return,
        }
    }
    if let Some(m) = bot.post(channel, CreateMessage::new().embed(embed)).await {
        let row = {
            let mut st = table.state.lock().await;
            if let TableState::Running(r) = &mut *st {
                r.data.status_message = Some(m.get());
            }
            table.row(&st)
        };
        if let Some(row) = row {
            let _ = bot.store.save_channel(&row).await;
        }
    }
}

/// The game ended (a result) or was stopped (`None`): roles and scorecard, then the
/// channel is free again.
async fn finish(bot: &Arc<Bot>, table: &Arc<Table>, channel: ChannelId, outcome: Option<Outcome>) {
    let (names, session) = {
        let mut st = table.state.lock().await;
        let TableState::Running(r) = &mut *st else {
            return;
        };
        if let Some(b) = r.board.take() {
            if let Some(m) = b.message {
                let _ = bot
                    .edit(
                        channel,
                        m,
                        EditMessage::new()
                            .content("🗳️ Voting is closed.")
                            .components(vec![]),
                    )
                    .await;
            }
        }
        (r.names.clone(), r.data.session_id.clone())
    };
    match outcome {
        Some(outcome) => {
            let mut breakdown = vec![Vec::new(); SEATS];
            match crate::session::werewolf::rebuild(&bot.store, &session).await {
                Ok(game) => {
                    for l in game.log() {
                        if let Event::Scored {
                            seat,
                            points,
                            reason,
                        } = l.event
                        {
                            breakdown[seat as usize - 1].push((reason, points));
                        }
                    }
                }
                Err(e) => tracing::warn!("scorecard breakdown: {e}"),
            }
            let (title, body) = render::scorecard(&outcome, &names, &breakdown);
            bot.post(
                channel,
                CreateMessage::new()
                    .embed(CreateEmbed::new().title(title).description(body).footer(
                        serenity::all::CreateEmbedFooter::new(
                            "Roles revealed. /leaderboard werewolf for the ranking.",
                        ),
                    ))
                    .allowed_mentions(no_pings()),
            )
            .await;
        }
        None => {
            bot.post(
                channel,
                CreateMessage::new().content("🛑 The game was stopped and recorded as abandoned."),
            )
            .await;
        }
    }
    {
        let mut st = table.state.lock().await;
        *st = TableState::Closed;
    }
    bot.forget(table.channel, &session).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(kind: AskKind, targets: &[Seat]) -> Ask {
        Ask {
            seat: 2,
            kind,
            targets: targets.iter().copied().collect(),
            attacked: Some(5),
            can_save: true,
            max_chars: 300,
            seq: 9,
        }
    }

    #[test]
    fn clicks_read_as_the_asks_actions() {
        let pick = ask(AskKind::WolfPick, &[3, 4]);
        assert_eq!(
            action_for(&pick, "pick", Some("4")),
            Ok(Action::Kill { target: 4 })
        );
        assert!(action_for(&pick, "pick", None).is_err());
        assert!(
            action_for(&pick, "save", None).is_err(),
            "not the wolves' control"
        );
        let witch = ask(AskKind::Witch, &[1, 3]);
        assert_eq!(action_for(&witch, "save", None), Ok(Action::Save));
        assert_eq!(
            action_for(&witch, "poison", Some("3")),
            Ok(Action::Poison { target: 3 })
        );
        assert_eq!(action_for(&witch, "pass", None), Ok(Action::Pass));
        let vote = ask(AskKind::Vote, &[1, 2, 3]);
        assert_eq!(
            action_for(&vote, "vote", Some("abstain")),
            Ok(Action::Abstain)
        );
        assert_eq!(
            action_for(&vote, "vote", Some("1")),
            Ok(Action::Vote { target: 1 })
        );
        let hunter = ask(AskKind::HunterShot, &[1]);
        assert_eq!(action_for(&hunter, "decline", None), Ok(Action::Decline));
    }

    #[test]
    fn long_text_is_split_for_discord() {
        let text = (0..100)
            .map(|i| format!("line {i} {}", "x".repeat(50)))
            .collect::<Vec<_>>()
            .join("\n");
        let parts = chunks(&text);
        assert!(parts.len() > 1);
        assert!(parts.iter().all(|p| p.chars().count() <= 1900));
        assert_eq!(parts.join("\n"), text);
    }
}
