//! A channel's trial table: its stored data (the session, the players and their users,
//! the jurors and their threads, what was posted), its state and how it is stored, and
//! saying players' thread messages to their jurors in message order.

use super::lobby::TrialLobby;
use super::stage::Stage;
use crate::tables::{self, Seated, TableState};
use crate::text::sanitize;
use crate::types::Bot;
use agora_core::registry::GameKind;
use agora_core::session::{SessionHandle, SubmitError, Subscription};
use agora_games::trial::{Action, Trial};
use agora_games::{Lang, Localized, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::atomic::AtomicU64;

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
    /// The language the trial is played in (older rows: English).
    #[serde(default)]
    pub lang: Lang,
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

/// The language the table plays in, as far as its state knows it (English once closed).
pub fn lang_of(st: &TrialState) -> Lang {
    match st {
        TrialState::Lobby(l) => l.lang,
        TrialState::Running(r) => r.data.lang,
        TrialState::Starting | TrialState::Closed => Lang::En,
    }
}

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
    pub(super) inbox: std::sync::Mutex<BTreeMap<u64, (u64, u64, String)>>,
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
    pub(super) async fn say_inbox(&self, bot: &Bot) {
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
                let lang = data.lang;
                let why = match e {
                    SubmitError::Closed => lang.text("dt-not-said-ended", &[]),
                    e => e.text(lang),
                };
                let note = lang.text(
                    "dt-not-said",
                    &[("user", &user.to_string()), ("juror", &name), ("why", &why)],
                );
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
    pub(super) async fn player(
        &self,
        user: u64,
    ) -> Option<(SessionHandle<Trial>, Seat, RunningData)> {
        match &*self.state.lock().await {
            TrialState::Running(TrialRunning { handle, data, .. }) => data
                .seat_of(user)
                .map(|s| (handle.clone(), s, data.clone())),
            _ => None,
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
