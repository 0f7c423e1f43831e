//! A channel's table: a lobby or a running game (its stored data, its open asks, the vote
//! message, the status board), and the controls a click answers. The driver that posts a
//! running game's notes is in [`super::drive`], what it posts is planned in
//! [`super::plan`].

use super::bot::Bot;
use super::lobby::Lobby;
use super::render::{self, Names};
use super::text::Component;
use crate::games::werewolf::{Action, Ask, AskKind, Game, Seat, SeatSet, SEATS};
use crate::session::SessionHandle;
use crate::store::ChannelRow;
use serde::{Deserialize, Serialize};
use serenity::all::{
    ButtonStyle, ChannelId, CreateActionRow, CreateAllowedMentions, CreateButton, CreateEmbed,
    CreateMessage, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, EditMessage,
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
    /// How many of the driver's events (the public ones and the human seats' own, in the
    /// game's order) have been posted; a resumed game posts none of them again. `None`
    /// (a row kept before this was stored): everything before the restart was posted.
    #[serde(default)]
    pub posted: Option<usize>,
    /// The asks open for human seats whose call, vote message or controls were posted:
    /// `(seat, seq)`. A resumed game does not post them again (their controls still work).
    #[serde(default)]
    pub asks: Vec<(Seat, u32)>,
    /// The current vote message: the key of its round and its message id.
    #[serde(default)]
    pub board: Option<(u32, u64)>,
    /// The game's pace (it scales the pause between AI speeches too).
    #[serde(default = "one")]
    pub pace: f64,
}

fn one() -> f64 {
    1.0
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
    /// When voting closes (ms since the epoch).
    pub due_at: i64,
}

/// A running game in a channel.
pub struct Running {
    pub handle: SessionHandle<Game>,
    pub data: RunningData,
    pub names: Names,
    pub open: BTreeMap<Seat, OpenAsk>,
    pub(super) gens: u64,
    pub speaker: Option<(Seat, u32)>,
    pub board: Option<Board>,
    /// Each seat's private news so far (index seat-1), for the closed-DM fallback.
    pub private: Vec<Vec<String>>,
    /// How much of its news each seat has seen through the fallback (index seat-1).
    pub seen: Vec<usize>,
    /// The last press of each seat's night panel (closed DMs): the interaction token and
    /// when it was pressed, so news and controls that come later reach the seat as
    /// ephemeral follow-ups while the token lives (index seat-1).
    pub panel: Vec<Option<(String, i64)>>,
    /// How many of the driver's events the table has taken in.
    pub events: usize,
    /// Events before this index were posted before a restart: they update the state only.
    pub quiet_until: usize,
    /// Asks posted before a restart (from the stored row): not posted again.
    pub asked_before: Vec<(Seat, u32)>,
    /// When the last AI speech was posted (they are paced apart).
    pub last_ai_speech: Option<tokio::time::Instant>,
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
        let (quiet_until, asked_before) = (data.posted.unwrap_or(0), data.asks.clone());
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
            panel: vec![None; SEATS],
            events: 0,
            quiet_until,
            asked_before,
            last_ai_speech: None,
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
    /// The message a second `/werewolf start` links to (the lobby, then the status board;
    /// 0 until known). Kept outside the lock, so a refusal never waits for a store write.
    pub message: std::sync::atomic::AtomicU64,
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
            game: "werewolf".into(),
            state: state_name.into(),
            session_id,
            data,
        })
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
    let waiting: Vec<String> = b
        .voters
        .minus(b.voted)
        .iter()
        .filter_map(|s| r.data.user(s))
        .map(|u| format!("<@{u}>"))
        .collect();
    if !waiting.is_empty() {
        s.push_str(&format!("Waiting for {}", waiting.join(" ")));
        match render::closes(b.due_at) {
            c if c.is_empty() => s.push_str(".\n"),
            c => s.push_str(&format!(" (voting {c}).\n")),
        }
    }
    s.push_str("(AI seats vote on their own.)");
    s
}

pub(super) fn board_components(r: &Running, b: &Board) -> Vec<CreateActionRow> {
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

pub(super) fn no_pings() -> CreateAllowedMentions {
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
        table
            .message
            .store(m.get(), std::sync::atomic::Ordering::Relaxed);
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
