//! A debate channel's table: a lobby or a running debate (its stored data: who sits
//! where, the team threads, how far the channel has been posted, the speeches being typed)
//! and how it is stored with the channel. What a running debate remembers of its notes for
//! the scorecard is here too ([`Record`]).

use super::lobby::DebateLobby;
use crate::tables;
use agora_core::registry::GameKind;
use agora_core::session::{SessionHandle, Subscription};
use agora_games::debate::team::{
    seat_title_in, Ask, Penalty, Scored, Side, Speech, Stage, TeamDebate, Winner, DEBATERS,
};
use agora_games::{Lang, Seat, SeatSet};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A debater's seat of a running debate, as stored with the channel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// The Discord user; `None` for an AI debater.
    pub user: Option<u64>,
    /// A person's shown name, or `AI · <personality>`.
    pub name: String,
}

/// A speech a person is writing: their messages in the channel since their call (or the
/// text of the form), and the answerer a cross-examiner picked.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Draft {
    pub seq: u32,
    /// `(message id, text)`: messages may arrive out of order, and twice after a
    /// reconnect; the speech is them in message order, each once (the form's text: id 0).
    pub lines: Vec<(u64, String)>,
    #[serde(default)]
    pub target: Option<Seat>,
}

impl Draft {
    /// Adds a message (once), keeping message order.
    pub fn add(&mut self, id: u64, text: &str) {
        crate::typed::add(&mut self.lines, id, text);
    }
    pub fn text(&self) -> String {
        crate::typed::text(&self.lines, None)
    }
    pub fn words(&self) -> u32 {
        agora_games::debate::words::count(&self.text())
    }
}

/// What a running debate's channel row holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunningData {
    pub session_id: String,
    pub host: u64,
    pub motion: String,
    /// Pro 1–4, then Con 1–4.
    pub seats: Vec<SeatInfo>,
    /// Each team's private thread (Pro first), when it has people and one could be made.
    pub threads: [Option<u64>; 2],
    /// How many notes' events have been posted; a resumed debate posts none again.
    pub posted: usize,
    /// The calls posted to people: `(seat, seq, message id)`; not posted again.
    pub called: Vec<(Seat, u32, u64)>,
    /// The speeches being written, by seat.
    pub drafts: BTreeMap<Seat, Draft>,
    /// The debate's pace (it scales the pause between AI speeches).
    pub pace: f64,
    pub live_scores: bool,
    /// The free debate's "Take the floor" message, while it is open.
    #[serde(default)]
    pub floor_message: Option<u64>,
    /// The language the table plays in (older rows: English).
    #[serde(default)]
    pub lang: Lang,
}

impl RunningData {
    pub fn humans(&self) -> SeatSet {
        (1..=DEBATERS).filter(|s| self.user(*s).is_some()).collect()
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
    /// `Pro 2 · Ann`, `Con 1 · AI · Logical` (`正方二辩 · Ann`).
    pub fn title(&self, seat: Seat) -> String {
        let seat_title = seat_title_in(seat, self.lang);
        match self.seats.get(seat as usize - 1) {
            Some(info) => self.lang.text(
                "dd-seat-name",
                &[("seat", &seat_title), ("name", &info.name)],
            ),
            None => seat_title,
        }
    }
    /// The title with the person's mention (`Pro 2 · <@42>`).
    pub fn called(&self, seat: Seat) -> String {
        match self.user(seat) {
            Some(u) => self.lang.text(
                "dd-seat-name",
                &[
                    ("seat", &seat_title_in(seat, self.lang)),
                    ("name", &format!("<@{u}>")),
                ],
            ),
            None => self.title(seat),
        }
    }
    /// A side's name in the table's language ("Pro", "正方").
    pub fn side(&self, side: Side) -> String {
        side.name_in(self.lang)
    }
    /// The thread of `side`, if it has one.
    pub fn thread(&self, side: Side) -> Option<u64> {
        self.threads[side.index()]
    }
    /// The side whose thread `channel` is.
    pub fn side_of_thread(&self, channel: u64) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.thread(*s) == Some(channel))
    }
}

/// An ask open for a person's seat.
#[derive(Debug, Clone)]
pub struct OpenCall {
    pub seq: u32,
    pub ask: Ask,
    /// Epoch ms.
    pub due_at: i64,
    /// The call message (its controls, its live word count).
    pub message: Option<u64>,
}

/// What a running debate keeps of its notes, for the status and the scorecard.
#[derive(Debug, Clone, Default)]
pub struct Record {
    pub stage: Option<Stage>,
    pub clock: [u32; 2],
    pub speeches: Vec<Speech>,
    pub scores: Vec<Scored>,
    pub penalties: Vec<Penalty>,
    pub review: Option<(String, bool)>,
    pub finished: Option<(Winner, [i32; 2], Seat)>,
    /// Who the last call was for (the status line).
    pub turn: Option<Seat>,
}

/// What the table knows of its debate: the stored data, the people's open calls, the
/// record of the notes. [`super::plan`] updates it from the session's notes (pure).
#[derive(Debug, Clone)]
pub struct Desk {
    pub data: RunningData,
    pub open: BTreeMap<Seat, OpenCall>,
    pub record: Record,
    /// How many notes' events the table has taken in.
    pub events: usize,
}

impl Desk {
    pub fn new(data: RunningData) -> Desk {
        Desk {
            data,
            open: BTreeMap::new(),
            record: Record::default(),
            events: 0,
        }
    }

    /// Where the debate is, in a line.
    pub fn turn(&self) -> String {
        let lang = self.data.lang;
        let stage = match self.record.stage {
            Some(s) => lang.text(&format!("debate-stage-{}", s.name()), &[]),
            None => lang.text("dd-turn-begins", &[]),
        };
        match self.record.turn {
            Some(seat) if self.record.finished.is_none() => lang.text(
                "dd-turn",
                &[("stage", &stage), ("seat", &self.data.title(seat))],
            ),
            _ => stage,
        }
    }
}

/// A running debate in a channel.
pub struct Running {
    pub handle: SessionHandle<TeamDebate>,
    pub desk: Desk,
    /// When the last AI speech was posted (they are paced apart).
    pub last_ai_speech: Option<tokio::time::Instant>,
    /// What the channel has posted, to report shown to the session once the last AI
    /// speech has been read and no person holds the free-debate floor (see `drive`).
    pub mark: Option<agora_core::session::Shown>,
}

impl Running {
    pub fn new(handle: SessionHandle<TeamDebate>, data: RunningData) -> Running {
        Running {
            handle,
            desk: Desk::new(data),
            last_ai_speech: None,
            mark: None,
        }
    }
}

/// The table's state: the lobby, starting, the running debate, closed.
pub type TableState = tables::TableState<DebateLobby, Box<Running>>;

/// The language the table plays in, as far as its state knows it (English once closed).
pub fn lang_of(st: &TableState) -> Lang {
    match st {
        TableState::Lobby(l) => l.options.lang,
        TableState::Running(r) => r.desk.data.lang,
        TableState::Starting | TableState::Closed => Lang::En,
    }
}

impl tables::Hosted for DebateLobby {
    fn host(&self) -> u64 {
        self.host
    }
    fn message(&mut self) -> &mut Option<u64> {
        &mut self.message
    }
}

impl tables::Live for Running {
    type Game = TeamDebate;
    fn handle(&self) -> &SessionHandle<TeamDebate> {
        &self.handle
    }
    type Data = RunningData;
    fn host(&self) -> u64 {
        self.desk.data.host
    }
    fn data(&self) -> &RunningData {
        &self.desk.data
    }
}

impl tables::StoredData for RunningData {
    fn session_id(&self) -> &str {
        &self.session_id
    }
}

/// A channel's debate table.
pub struct DebateTable {
    pub channel: u64,
    pub guild: u64,
    pub state: tokio::sync::Mutex<TableState>,
    /// The lobby message, then the debate's start message (0 until known).
    pub message: std::sync::atomic::AtomicU64,
    /// The session's notes, kept from its start (or resume) until the table follows them.
    pub notes: std::sync::Mutex<Option<Subscription<TeamDebate>>>,
    /// Held while a call message is edited (its live word count, its closing), so the
    /// edits reach Discord in the order they were made and the last shows the last state.
    pub edits: tokio::sync::Mutex<()>,
}

impl DebateTable {
    pub fn new(channel: u64, guild: u64, state: TableState) -> DebateTable {
        DebateTable {
            channel,
            guild,
            state: tokio::sync::Mutex::new(state),
            message: Default::default(),
            notes: std::sync::Mutex::new(None),
            edits: tokio::sync::Mutex::new(()),
        }
    }
}

impl tables::Seated for DebateTable {
    type Lobby = DebateLobby;
    type Running = Box<Running>;
    const KIND: GameKind = GameKind::Debate;
    const WHAT: &'static str = "debate";
    fn channel(&self) -> u64 {
        self.channel
    }
    fn guild(&self) -> u64 {
        self.guild
    }
    fn state(&self) -> &tokio::sync::Mutex<TableState> {
        &self.state
    }
    fn message(&self) -> &std::sync::atomic::AtomicU64 {
        &self.message
    }
    fn notes(&self) -> &std::sync::Mutex<Option<Subscription<TeamDebate>>> {
        &self.notes
    }
}
