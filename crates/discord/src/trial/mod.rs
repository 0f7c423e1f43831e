//! A trial at a Discord table: the lobby (join, on a side in an adversarial trial; leave;
//! the host starts), one public thread per juror opened by the juror's first message (what
//! a player writes there is said to that juror, who answers there), evidence by
//! `/trial evidence`, the host's `/trial verdict`, deliberation posted in the channel, and
//! the verdict embed with each vote, each stance and how it moved, the epilogue and a
//! chart of the stances. Stances stay hidden until the verdict: the table follows the
//! players' seats, never the moderator's view.
//!
//! - `lobby`: the lobby's stored state, its embed and buttons.
//! - `drive`: the session from the lobby, the juror threads, the task that posts its
//!   notes, the verdict, resume.

mod command;
mod drive;
pub mod lobby;
mod stage;

use crate::agents::trial::TrialKit;
use lobby::TrialLobby;
use stage::Stage;

use crate::game::DiscordGame;
use crate::game_table::{self, GameTable};
use crate::games::trial::{Action, Side, Trial};
use crate::games::{GameKind, Seat};
use crate::guards::ctx_manages;
use crate::running::BoxFuture;
use crate::send::{ephemeral, reply_ephemeral as refuse};
use crate::session::trial::TrialSessionSetup;
use crate::session::{Runner, SessionHandle, SubmitError, Subscription};
use crate::store::ChannelRow;
use crate::tables::{self, Seated, TableState};
use crate::text::{display_name, sanitize, Component};
use crate::types::{Bot, Context, Error};
use serde::{Deserialize, Serialize};
use serenity::all::{
    ComponentInteraction, CreateInteractionResponse, CreateInteractionResponseMessage, Message,
};
use std::collections::BTreeMap;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

/// The trial as the bot core knows it: `/trial`, and resume at startup.
pub struct TrialGame;

impl DiscordGame for TrialGame {
    fn kind(&self) -> GameKind {
        GameKind::Trial
    }
    fn commands(&self) -> Vec<poise::Command<Arc<Bot>, Error>> {
        vec![command::trial()]
    }
    fn resume<'a>(
        &'a self,
        bot: &'a Arc<Bot>,
        row: ChannelRow,
    ) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(game_table::resume::<TrialTable>(bot, row))
    }
}

/// A running trial's stored data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunningData {
    pub session_id: String,
    pub host: u64,
    pub case: String,
    /// Each player's shown name and user (`None`: an AI advocate), seat 1 first.
    pub names: Vec<String>,
    pub users: Vec<Option<u64>>,
    /// Each juror's id, name and thread (0 when the thread could not be opened: the juror
    /// then speaks in the channel).
    pub jurors: Vec<(String, String, u64)>,
    /// Events posted so far (a resumed table posts none again).
    pub posted: usize,
    /// Whether the argument's closing time has been announced.
    #[serde(default)]
    pub deadline_told: bool,
}

impl tables::StoredData for RunningData {
    fn session_id(&self) -> &str {
        &self.session_id
    }
}

impl RunningData {
    pub fn seat_of(&self, user: u64) -> Option<Seat> {
        self.users
            .iter()
            .position(|u| *u == Some(user))
            .map(|i| i as Seat + 1)
    }
    /// The juror whose thread `thread` is.
    pub fn juror_of_thread(&self, thread: u64) -> Option<&str> {
        self.jurors
            .iter()
            .find(|j| j.2 == thread && thread != 0)
            .map(|j| j.0.as_str())
    }
    pub fn juror_name(&self, id: &str) -> String {
        self.jurors
            .iter()
            .find(|j| j.0 == id)
            .map_or_else(|| id.to_string(), |j| j.1.clone())
    }
    /// Where juror `id` speaks: its thread, else the channel.
    pub fn place_of(&self, id: &str, channel: u64) -> u64 {
        self.jurors
            .iter()
            .find(|j| j.0 == id && j.2 != 0)
            .map_or(channel, |j| j.2)
    }
}

pub type TrialState = TableState<TrialLobby, TrialRunning>;

/// A running trial at its table: its session and its stored data.
pub struct TrialRunning {
    pub handle: SessionHandle<Trial>,
    pub data: RunningData,
    /// Where the trial stands (followed from every event, replayed ones included).
    pub stage: Stage,
    /// When the argument closes (ms since the epoch), once a player's ask says.
    pub closes_at: Option<i64>,
}

impl tables::Hosted for TrialLobby {
    fn host(&self) -> u64 {
        self.host
    }
    fn message(&mut self) -> &mut Option<u64> {
        &mut self.message
    }
}

impl tables::Live for TrialRunning {
    type Game = Trial;
    fn handle(&self) -> &SessionHandle<Trial> {
        &self.handle
    }
    type Data = RunningData;
    fn host(&self) -> u64 {
        self.data.host
    }
    fn data(&self) -> &RunningData {
        &self.data
    }
}

/// A channel's trial.
pub struct TrialTable {
    pub channel: u64,
    pub guild: u64,
    pub state: tokio::sync::Mutex<TrialState>,
    pub message: AtomicU64,
    pub notes: std::sync::Mutex<Option<Subscription<Trial>>>,
    /// Players' messages in the juror threads not yet said: `id → (thread, user, text)`.
    /// Each is said in message order, whatever order the gateway's handlers run in.
    inbox: std::sync::Mutex<BTreeMap<u64, (u64, u64, String)>>,
    /// Saying the inbox, one at a time.
    saying: tokio::sync::Mutex<()>,
}

impl TrialTable {
    pub fn new(channel: u64, guild: u64, state: TrialState) -> TrialTable {
        TrialTable {
            channel,
            guild,
            state: tokio::sync::Mutex::new(state),
            message: AtomicU64::new(0),
            notes: std::sync::Mutex::new(None),
            inbox: std::sync::Mutex::new(BTreeMap::new()),
            saying: tokio::sync::Mutex::new(()),
        }
    }

    /// Says every message in the inbox to its juror, in message order; one refused is
    /// answered in its thread with the reason.
    async fn say_inbox(&self, bot: &Bot) {
        let _one_at_a_time = self.saying.lock().await;
        loop {
            let Some((_, (thread, user, text))) = self.inbox.lock().expect("lock").pop_first()
            else {
                return;
            };
            let Some((handle, seat, data)) = self.player(user).await else {
                continue;
            };
            let Some(juror) = data.juror_of_thread(thread).map(str::to_string) else {
                continue;
            };
            let name = data.juror_name(&juror);
            if let Err(e) = handle.submit(seat, Action::Say { juror, text }, None).await {
                let why = match e {
                    SubmitError::Closed => "the trial has ended".to_string(),
                    e => e.to_string(),
                };
                let note = format!("<@{user}>, that was not said to {name}: {why}.");
                bot.post(
                    serenity::all::ChannelId::new(thread),
                    serenity::all::CreateMessage::new()
                        .content(sanitize(&note, 1900))
                        .allowed_mentions(
                            serenity::all::CreateAllowedMentions::new()
                                .users([serenity::all::UserId::new(user)]),
                        ),
                )
                .await;
            }
        }
    }

    /// The running trial's handle and the seat `user` plays, if they play.
    async fn player(&self, user: u64) -> Option<(SessionHandle<Trial>, Seat, RunningData)> {
        match &*self.state.lock().await {
            TrialState::Running(TrialRunning { handle, data, .. }) => data
                .seat_of(user)
                .map(|s| (handle.clone(), s, data.clone())),
            _ => None,
        }
    }

    /// The case's cards (id, title) for `/trial evidence`'s autocomplete.
    pub async fn cards(&self, bot: &Bot) -> Vec<(String, String)> {
        let case = match &*self.state.lock().await {
            TrialState::Running(TrialRunning { data, .. }) => data.case.clone(),
            TrialState::Lobby(l) => l.case.clone(),
            _ => return Vec::new(),
        };
        bot.kits
            .get::<TrialKit>()
            .book
            .case(&case)
            .map(|c| {
                c.evidence
                    .iter()
                    .map(|e| (e.id.clone(), e.title.clone()))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// `/trial evidence`: a player presents a card.
    pub async fn evidence(&self, ctx: Context<'_>, card: &str) -> Result<(), Error> {
        if let Some(why) = self.not_under_way().await {
            return refuse(ctx, why).await;
        }
        // Once the argument is closed no card is shown, whichever card was named.
        let stage = match &*self.state.lock().await {
            TrialState::Running(r) => r.stage.clone(),
            _ => Stage::Over,
        };
        match stage {
            Stage::Argument => {}
            Stage::Deliberation(_) => return refuse(
                ctx,
                "The argument is closed: the jury is deliberating, and no more evidence is shown.",
            )
            .await,
            Stage::Over => return refuse(ctx, "The trial has ended.").await,
        }
        let Some((handle, seat, _)) = self.player(ctx.author().id.get()).await else {
            return refuse(ctx, "Only the trial's players present evidence.").await;
        };
        let known = self.cards(ctx.data()).await;
        let Some((id, title)) = known
            .iter()
            .find(|(id, title)| id == card.trim() || title.eq_ignore_ascii_case(card.trim()))
        else {
            let ids: Vec<&str> = known.iter().map(|c| c.0.as_str()).collect();
            return refuse(
                ctx,
                format!(
                    "There is no card {:?} in this case (cards: {}).",
                    sanitize(card, 40),
                    ids.join(", ")
                ),
            )
            .await;
        };
        match handle
            .submit(seat, Action::Present { card: id.clone() }, None)
            .await
        {
            Ok(()) => refuse(ctx, format!("Presented: {title}.")).await,
            Err(SubmitError::Refused(why)) if why.contains("already been presented") => {
                refuse(
                    ctx,
                    format!(
                        "{} has already been presented: each card is shown once.",
                        sanitize(title, 100)
                    ),
                )
                .await
            }
            Err(e) => refuse(ctx, refusal(e)).await,
        }
    }

    /// `/trial verdict`: the host (or a moderator) ends the argument now.
    pub async fn verdict(&self, ctx: Context<'_>) -> Result<(), Error> {
        let user = ctx.author().id.get();
        let (handle, data) = match &*self.state.lock().await {
            TrialState::Running(TrialRunning { handle, data, .. }) => {
                (handle.clone(), data.clone())
            }
            _ => {
                let why = self.not_under_way().await;
                return refuse(ctx, why.unwrap_or("There is no trial under way here.")).await;
            }
        };
        if user != data.host && !ctx_manages(ctx) {
            return refuse(
                ctx,
                "Only the host or a moderator (Manage Messages) can call the verdict.",
            )
            .await;
        }
        // The call is a player's: the host's seat, else the first person's.
        let seat = data.seat_of(user).or_else(|| {
            data.users
                .iter()
                .position(Option::is_some)
                .map(|i| i as Seat + 1)
        });
        let Some(seat) = seat else {
            return refuse(ctx, "Nobody plays here to call it.").await;
        };
        match handle.submit(seat, Action::CallVerdict, None).await {
            // The channel is told by the argument's close, which names who called it.
            Ok(()) => refuse(ctx, "You called for the verdict: the jury deliberates now.").await,
            Err(SubmitError::Refused(why)) if why.contains("argument is closed") => {
                refuse(
                    ctx,
                    "The argument is already closed: the jury is deliberating.",
                )
                .await
            }
            Err(e) => refuse(ctx, refusal(e)).await,
        }
    }

    /// Why a player's command does not apply yet, or any more (`None`: under way).
    async fn not_under_way(&self) -> Option<&'static str> {
        match &*self.state.lock().await {
            TrialState::Lobby(_) | TrialState::Starting => {
                Some("The trial has not started yet: the host starts it from the lobby.")
            }
            TrialState::Running(_) => None,
            TrialState::Closed => Some("The trial has ended."),
        }
    }
}

impl Seated for TrialTable {
    type Lobby = TrialLobby;
    type Running = TrialRunning;
    const KIND: GameKind = GameKind::Trial;
    const WHAT: &'static str = "trial";
    fn channel(&self) -> u64 {
        self.channel
    }
    fn guild(&self) -> u64 {
        self.guild
    }
    fn state(&self) -> &tokio::sync::Mutex<TrialState> {
        &self.state
    }
    fn message(&self) -> &std::sync::atomic::AtomicU64 {
        &self.message
    }
    fn notes(&self) -> &std::sync::Mutex<Option<Subscription<Trial>>> {
        &self.notes
    }
}

/// Opens a trial lobby from `/trial start` (the command has checked the case).
pub async fn open_lobby(ctx: Context<'_>, lobby: TrialLobby) -> Result<(), Error> {
    let channel = ctx.channel_id().get();
    let state = TrialState::Lobby(lobby.clone());
    let table = Arc::new(TrialTable::new(channel, lobby.guild, state));
    let shown = poise::CreateReply::default()
        .embed(lobby.embed())
        .components(lobby.components(channel));
    crate::game_table::open_lobby(ctx, table, shown, async {}).await
}

/// A refused command's reason as a sentence a person reads.
fn refusal(e: SubmitError) -> String {
    let why = match e {
        SubmitError::Closed => return "The trial has ended.".into(),
        SubmitError::Stale => return "That has closed.".into(),
        e => e.to_string(),
    };
    let mut chars = why.chars();
    let mut out = chars
        .next()
        .map(|f| f.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default();
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}

async fn answer(bot: &Bot, c: &ComponentInteraction, text: &str) -> Result<(), Error> {
    c.create_response(&bot.http, ephemeral(text)).await?;
    Ok(())
}

/// A lobby click: join (a side), leave, start.
async fn on_lobby(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    table: &Arc<TrialTable>,
    verb: &str,
) -> Result<(), Error> {
    let user = c.user.id.get();
    let mut st = table.state.lock().await;
    let TrialState::Lobby(lobby) = &mut *st else {
        let text = match &*st {
            TrialState::Closed => "This trial has ended.",
            _ => "The trial has already started: this lobby is closed.",
        };
        return answer(bot, c, text).await;
    };
    if lobby.message.is_some_and(|m| m != c.message.id.get()) {
        return answer(bot, c, crate::tables::OLD_LOBBY).await;
    }
    match verb {
        "join" | "defense" | "prosecution" => {
            let side = if verb == "prosecution" {
                Side::Prosecution
            } else {
                Side::Defense
            };
            if let Err(why) = lobby.join(user, display_name(&c.user), side) {
                return answer(bot, c, why).await;
            }
        }
        "leave" => {
            let before = lobby.seats.len();
            lobby.seats.retain(|j| j.user != user);
            if lobby.seats.len() == before {
                return answer(bot, c, "You have no seat here.").await;
            }
        }
        "start" => {
            if user != lobby.host {
                return answer(bot, c, "Only the host can start the trial.").await;
            }
            if lobby.seats.is_empty() {
                return answer(bot, c, "Nobody has joined: join first, then start.").await;
            }
            let lobby = lobby.clone();
            *st = TrialState::Starting;
            drop(st);
            c.create_response(&bot.http, CreateInteractionResponse::Acknowledge)
                .await?;
            return drive::start(bot, table, c, lobby).await;
        }
        _ => return answer(bot, c, "That button has closed.").await,
    }
    let (embed, components) = (lobby.embed(), lobby.components(table.channel));
    table.save(bot, &st).await;
    drop(st);
    c.create_response(
        &bot.http,
        CreateInteractionResponse::UpdateMessage(
            CreateInteractionResponseMessage::new()
                .embed(embed)
                .components(components),
        ),
    )
    .await?;
    Ok(())
}

impl GameTable for TrialTable {
    type Setup = TrialSessionSetup;

    fn closed(channel: u64, guild: u64) -> TrialTable {
        TrialTable::new(channel, guild, TrialState::Closed)
    }

    fn on_click<'a>(
        self: Arc<Self>,
        bot: &'a Arc<Bot>,
        c: &'a ComponentInteraction,
        what: Component,
    ) -> BoxFuture<'a, Result<(), Error>> {
        Box::pin(async move {
            match what {
                Component::Lobby { verb, .. } => on_lobby(bot, c, &self, &verb).await,
                _ => answer(bot, c, "That control has closed.").await,
            }
        })
    }

    fn on_message<'a>(
        self: Arc<Self>,
        bot: &'a Arc<Bot>,
        m: &'a Message,
    ) -> BoxFuture<'a, Result<bool, Error>> {
        Box::pin(async move {
            let thread = m.channel_id.get();
            let user = m.author.id.get();
            let Some((_, _, data)) = self.player(user).await else {
                return Ok(false);
            };
            if data.juror_of_thread(thread).is_none() {
                return Ok(false);
            }
            let text = m.content.trim();
            if text.is_empty() {
                return Ok(true);
            }
            // Into the inbox at once (each message once, by its id), then said in order.
            self.inbox
                .lock()
                .expect("lock")
                .insert(m.id.get(), (thread, user, text.to_string()));
            self.say_inbox(bot).await;
            Ok(true)
        })
    }

    fn drive(self: Arc<Self>, bot: Arc<Bot>, notes: Subscription<Trial>) -> BoxFuture<'static, ()> {
        Box::pin(drive::follow(bot, self, notes))
    }

    fn status(self: Arc<Self>) -> BoxFuture<'static, String> {
        Box::pin(async move {
            match &*self.state.lock().await {
                TrialState::Lobby(l) => format!(
                    "**Trial lobby** — {}\nMode: {}; {} The host starts it.",
                    sanitize(&l.title, 200),
                    l.mode.name(),
                    match l.seats.len() {
                        0 => "nobody has joined yet.".to_string(),
                        1 => "1 person has joined.".to_string(),
                        n => format!("{n} people have joined."),
                    }
                ),
                TrialState::Running(TrialRunning {
                    data,
                    stage,
                    closes_at,
                    ..
                }) => {
                    let threads: Vec<String> = data
                        .jurors
                        .iter()
                        .map(|(_, name, t)| {
                            if *t == 0 {
                                sanitize(name, 60)
                            } else {
                                format!("{} <#{t}>", sanitize(name, 60))
                            }
                        })
                        .collect();
                    format!(
                        "**Trial** — {}\nPlayers: {}.\nJurors: {}.",
                        stage.describe(*closes_at),
                        data.names
                            .iter()
                            .map(|n| sanitize(n, 40))
                            .collect::<Vec<_>>()
                            .join(", "),
                        threads.join(", ")
                    )
                }
                TrialState::Starting => "The trial is starting.".into(),
                TrialState::Closed => "The trial here has just ended.".into(),
            }
        })
    }

    fn subscribe(runner: &mut Runner<Trial>, data: &RunningData) -> Subscription<Trial> {
        // The people's seats, never the moderator's view: stances stay hidden.
        runner.subscribe(game_table::people(&data.users))
    }

    fn running(handle: SessionHandle<Trial>, data: RunningData) -> TrialRunning {
        TrialRunning {
            handle,
            data,
            stage: Default::default(),
            closes_at: None,
        }
    }

    fn threads(data: &RunningData) -> Vec<u64> {
        data.jurors
            .iter()
            .map(|(_, _, thread)| *thread)
            .filter(|t| *t != 0)
            .collect()
    }

    fn resuming<'a>(&'a self, bot: &'a Bot, data: &'a RunningData) -> BoxFuture<'a, ()> {
        // No control from before the restart stays live (a lobby whose close was lost).
        Box::pin(async move {
            crate::restart::close_all(bot, self.channel, &data.session_id).await;
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_command_reads_as_a_sentence_without_jargon() {
        assert_eq!(refusal(SubmitError::Closed), "The trial has ended.");
        let why = refusal(SubmitError::Refused(
            "the argument is closed: the jury is deliberating".into(),
        ));
        assert_eq!(why, "The argument is closed: the jury is deliberating.");
        assert!(!why.contains("Not taken"));
    }
}
