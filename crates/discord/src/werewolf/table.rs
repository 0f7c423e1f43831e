//! A werewolf channel's table: a lobby or a running game (its stored data, its open asks,
//! the vote message, the status board) and how it is stored with the channel. What it
//! shows is in [`super::views`]; the driver that posts a running game's notes is in
//! [`super::drive`], what it posts is planned in [`super::plan`].

use super::lobby::Lobby;
use super::render::Names;
use crate::tables;
use crate::types::Bot;
use agora_core::registry::GameKind;
use agora_core::session::{SessionHandle, Subscription};
use agora_games::werewolf::{Ask, AskKind, Role, Seat, SeatSet, Werewolf};
use agora_games::Lang;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A seat of a running game, as stored with the channel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// The Discord user; `None` for an AI seat.
    pub user: Option<u64>,
    pub name: String,
    #[serde(default)]
    pub dm_closed: bool,
    /// The person's own language (their Discord client's when they joined), when it is
    /// one of ours: their DMs are in it. `None`: the table's.
    #[serde(default)]
    pub lang: Option<Lang>,
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
    /// The asks open for human seats, marked before their call, vote message or controls
    /// are posted: `(seat, seq)`.
    #[serde(default)]
    pub asks: Vec<(Seat, u32)>,
    /// The speech calls and DM controls of those asks known to be on screen: `(seat, seq,
    /// message id)`, stored once posted. A resumed game posts a marked ask again unless it
    /// is here (a crash between marking and storing lost its post or its id); its
    /// controls still work, and any other copy is closed ([`crate::restart`]).
    #[serde(default)]
    pub shown: Vec<(Seat, u32, u64)>,
    /// The current vote message: the key of its round and its message id.
    #[serde(default)]
    pub board: Option<(u32, u64)>,
    /// The game's pace (it scales the pause between AI speeches too).
    #[serde(default = "one")]
    pub pace: f64,
    /// The table's language (its setup's): what the channel reads. A row stored before
    /// tables had one reads as English.
    #[serde(default)]
    pub lang: Lang,
    /// The board's id (`None`, and rows stored before boards: the default nine seats).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_id: Option<String>,
    /// The graveyard thread and who is in it (see [`super::graveyard`]).
    #[serde(default, skip_serializing_if = "is_default")]
    pub graveyard: Graveyard,
    /// People's seats the table's AI plays now (taken over, or left): their asks are not
    /// the person's (see `afk.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub held: Vec<Seat>,
}

/// The graveyard as stored with the table.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Graveyard {
    /// The thread, once opened.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<u64>,
    /// The spectators who joined it (people without a seat at the table).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spectators: Vec<u64>,
    /// The seats whose person was added to it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dead: Vec<Seat>,
    /// The host's choice: every seat's role (index seat-1), shown to the graveyard one
    /// phase behind (once the first night is over); `None`: never while the game runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roles: Option<Vec<Role>>,
    /// The roles are due in the graveyard (the first night is over).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub roles_due: bool,
    /// The roles were posted in it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub roles_shown: bool,
}

fn is_default(g: &Graveyard) -> bool {
    *g == Default::default()
}

fn one() -> f64 {
    1.0
}

impl RunningData {
    /// The seats people play now (not those the AI holds for them).
    pub fn humans(&self) -> SeatSet {
        (1..=self.seats.len() as Seat)
            .filter(|s| self.seats[*s as usize - 1].user.is_some() && !self.held.contains(s))
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
    /// The language `seat`'s own messages (DMs, its night panel) are in: the person's,
    /// else the table's.
    pub fn lang_of(&self, seat: Seat) -> Lang {
        (self.seats.get(seat as usize - 1))
            .and_then(|s| s.lang)
            .unwrap_or(self.lang)
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
    pub handle: SessionHandle<Werewolf>,
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
    /// The speech calls read back from the channel after a restart: `(message id, text)`.
    /// A call marked but not known on screen that is among them (its very text) was
    /// posted: it is not posted again.
    pub calls_read_back: Vec<(u64, String)>,
    /// When the last AI speech was posted (they are paced apart).
    pub last_ai_speech: Option<tokio::time::Instant>,
    pub alive: SeatSet,
    pub phase: TablePhase,
    /// The wolf pack, once a human wolf has been told it.
    pub pack: Option<SeatSet>,
    /// The board, and what the table knows of its human seats from their own news.
    pub known: super::board_asks::Known,
}

impl Running {
    /// Forgets `seat`'s open ask once answered, unless it was asked again meanwhile.
    pub fn answered(&mut self, seat: Seat, gen: u64) {
        if self.open.get(&seat).is_some_and(|o| o.gen == gen) {
            self.open.remove(&seat);
        }
    }

    /// Whether the ask `(seat, seq)` of `kind` is known to be on screen (its message id
    /// stored). A seat with closed DMs reads its night asks on its panel, which shows
    /// whatever is open: those always are.
    pub fn on_screen(&self, seat: Seat, seq: u32, kind: AskKind) -> bool {
        self.data
            .shown
            .iter()
            .any(|(s, q, _)| (*s, *q) == (seat, seq))
            || (!kind.is_speech() && self.data.seats[seat as usize - 1].dm_closed)
    }

    /// The messages holding the open asks' controls (DMs; an ask from before a restart
    /// not dispatched again yet counts as open), the vote message and the status board:
    /// what a sweep after a restart keeps live.
    pub fn live_messages(&self) -> Vec<u64> {
        let open = |s: &Seat, q: &u32| {
            self.open.get(s).is_some_and(|o| o.seq == *q) || self.asked_before.contains(&(*s, *q))
        };
        self.data
            .shown
            .iter()
            .filter(|(s, q, _)| open(s, q))
            .map(|(_, _, m)| *m)
            .chain(self.board.as_ref().and_then(|b| b.message))
            .chain(self.data.status_message)
            .collect()
    }

    /// The wolves, if `seat` is one of them (as its own news told it).
    pub fn wolves_of(&self, seat: Seat) -> Option<SeatSet> {
        self.pack.filter(|p| p.contains(seat))
    }

    /// The names as `seat`'s own messages say them (in its language).
    pub fn names_of(&self, seat: Seat) -> Names {
        self.names.in_lang(self.data.lang_of(seat))
    }

    pub fn new(handle: SessionHandle<Werewolf>, data: RunningData) -> Running {
        let names = Names::new(
            data.seats.iter().map(|s| s.name.clone()).collect(),
            data.lang,
        );
        let (quiet_until, asked_before) = (data.posted.unwrap_or(0), data.asks.clone());
        let n = data.seats.len();
        let known =
            super::board_asks::Known::new(super::board_pick::stored(data.board_id.as_deref()));
        Running {
            known,
            handle,
            data,
            names,
            open: BTreeMap::new(),
            gens: 0,
            speaker: None,
            board: None,
            private: vec![Vec::new(); n],
            seen: vec![0; n],
            panel: vec![None; n],
            events: 0,
            quiet_until,
            asked_before,
            calls_read_back: Vec::new(),
            last_ai_speech: None,
            alive: SeatSet::upto(n as Seat),
            phase: TablePhase::Starting,
            pack: None,
        }
    }

    /// Whose turn it is, as the public may know it (never who acts at night), in the
    /// table's language.
    pub fn turn(&self) -> String {
        self.turn_in(self.data.lang)
    }

    /// Whose turn it is, said in `lang`.
    pub fn turn_in(&self, lang: Lang) -> String {
        let names = self.names.in_lang(lang);
        let t = |id: &str, args: &[(&str, &str)]| names.t(id, args);
        if let Some((seat, _)) = self.speaker {
            return t("wwd-turn-speaking", &[("seat", &names.seat(seat))]);
        }
        if let Some(b) = &self.board {
            let waiting = b.voters.minus(b.voted);
            if !waiting.is_empty() {
                return t("wwd-turn-voting", &[("seats", &names.list(waiting))]);
            }
        }
        if matches!(self.phase, TablePhase::Night(_)) {
            return t("wwd-turn-night", &[]);
        }
        t("wwd-turn-ai", &[])
    }
}

/// Where a game is, as its status board says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TablePhase {
    Starting,
    Night(u32),
    Day { day: u32, pk: bool },
    Over,
    Stopped,
}

impl TablePhase {
    /// The phase as the status board heads it, in `lang`.
    pub fn said(self, lang: Lang) -> String {
        let n = |id: &str, n: &u32| lang.text(id, &[("n", &n.to_string())]);
        match self {
            TablePhase::Starting => lang.text("wwd-phase-begins", &[]),
            TablePhase::Night(night) => n("wwd-phase-night", &night),
            TablePhase::Day { day, pk: false } => n("wwd-phase-day", &day),
            TablePhase::Day { day, pk: true } => n("wwd-phase-day-pk", &day),
            TablePhase::Over => lang.text("wwd-phase-over", &[]),
            TablePhase::Stopped => lang.text("wwd-phase-stopped", &[]),
        }
    }
}

/// The table's state: the lobby, starting, the running game, closed.
pub type TableState = tables::TableState<Lobby, Box<Running>>;

impl tables::Hosted for Lobby {
    fn host(&self) -> u64 {
        self.host
    }
    fn message(&mut self) -> &mut Option<u64> {
        &mut self.message
    }
}

impl tables::Live for Running {
    type Game = Werewolf;
    fn handle(&self) -> &SessionHandle<Werewolf> {
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

impl tables::StoredData for RunningData {
    fn session_id(&self) -> &str {
        &self.session_id
    }
}

/// A channel's table.
pub struct WerewolfTable {
    pub channel: u64,
    pub guild: u64,
    pub state: tokio::sync::Mutex<TableState>,
    /// The message a second `/werewolf start` links to (the lobby, then the status board;
    /// 0 until known). Kept outside the lock, so a refusal never waits for a store write.
    pub message: std::sync::atomic::AtomicU64,
    /// The session's notes, kept from its start (or resume) until the table follows them.
    pub notes: std::sync::Mutex<Option<Subscription<Werewolf>>>,
}

impl WerewolfTable {
    /// A table in `state` at a channel.
    pub fn new(channel: u64, guild: u64, state: TableState) -> WerewolfTable {
        WerewolfTable {
            channel,
            guild,
            state: tokio::sync::Mutex::new(state),
            message: Default::default(),
            notes: std::sync::Mutex::new(None),
        }
    }
}

impl WerewolfTable {
    /// The table's language: its lobby's (the server's when it opened), its game's, else
    /// English.
    pub async fn lang(&self) -> Lang {
        match &*self.state.lock().await {
            TableState::Lobby(l) => l.lang.unwrap_or_default(),
            TableState::Running(r) => r.data.lang,
            TableState::Starting | TableState::Closed => Lang::En,
        }
    }

    /// The language of what only the person behind `c` sees: their Discord client's, when
    /// it is one of ours, else the table's.
    pub async fn lang_for(&self, c: &serenity::all::ComponentInteraction) -> Lang {
        match crate::commands::settings::lang_of_locale(&c.locale) {
            Some(lang) => lang,
            None => self.lang().await,
        }
    }

    /// An open ask's call or controls are on screen: message `message` (stored, so a
    /// restart neither posts it again nor closes it).
    pub async fn shown(&self, bot: &Bot, seat: Seat, seq: u32, message: u64) {
        let mut st = self.state.lock().await;
        let TableState::Running(r) = &mut *st else {
            return;
        };
        if r.open.get(&seat).is_none_or(|o| o.seq != seq) {
            return;
        }
        r.data.shown.retain(|(s, _, _)| *s != seat);
        r.data.shown.push((seat, seq, message));
        tables::Seated::save(self, bot, &st).await;
    }
}

impl tables::Seated for WerewolfTable {
    type Lobby = Lobby;
    type Running = Box<Running>;
    const KIND: GameKind = GameKind::Werewolf;
    const WHAT: &'static str = "game";
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
    fn notes(&self) -> &std::sync::Mutex<Option<Subscription<Werewolf>>> {
        &self.notes
    }
}
