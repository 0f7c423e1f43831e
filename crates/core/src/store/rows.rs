//! The store's records: what is written for a session and read back.

use super::{corrupt, StoreError};
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::Row;

/// A stable identity per surface: `discord:<user id>`, `terminal:<name>`,
/// `ai:<agent>@<version>`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerRef {
    pub id: String,
    pub surface: String,
    pub name: String,
    pub is_ai: bool,
}

impl PlayerRef {
    pub fn terminal(name: &str) -> PlayerRef {
        PlayerRef {
            id: format!("terminal:{name}"),
            surface: "terminal".into(),
            name: name.into(),
            is_ai: false,
        }
    }
    pub fn ai(agent: &str, version: &str) -> PlayerRef {
        PlayerRef {
            id: format!("ai:{agent}@{version}"),
            surface: "ai".into(),
            name: format!("{agent} {version}"),
            is_ai: true,
        }
    }
}

#[derive(Debug, Clone)]
pub struct NewSeat {
    pub seat: u8,
    pub player: PlayerRef,
    /// The AI agent driving the seat (`heuristic`, …); `None` for a human.
    pub agent: Option<String>,
}

#[derive(Debug, Clone)]
pub struct NewSession {
    pub id: String,
    pub game: String,
    pub surface: String,
    pub community: String,
    pub channel: String,
    /// Everything needed to rebuild the game and its seats (rules, timers, agents).
    pub config: serde_json::Value,
    pub seed: u64,
    pub status: String,
    pub seats: Vec<NewSeat>,
}

/// Who produced an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum InputSource {
    Human,
    Ai,
    /// The ask's deadline passed: the default applies.
    Timeout,
    /// An AI abstained (said so, timed out as an outside agent, or answered what the rules
    /// refuse): the default applies.
    Abstain,
    /// Who plays a person's seat changed (an AI took it over, the person took it back or
    /// left, it idled out): `{"to": "ai"|"person"|"idle", "why": "strikes"|"leave"|"back"}`.
    Seat,
}

impl InputSource {
    pub fn as_str(self) -> &'static str {
        match self {
            InputSource::Human => "human",
            InputSource::Ai => "ai",
            InputSource::Timeout => "timeout",
            InputSource::Abstain => "abstain",
            InputSource::Seat => "seat",
        }
    }
    fn parse(s: &str) -> Option<InputSource> {
        Some(match s {
            "human" => InputSource::Human,
            "ai" => InputSource::Ai,
            "timeout" => InputSource::Timeout,
            "abstain" => InputSource::Abstain,
            "seat" => InputSource::Seat,
            _ => return None,
        })
    }
}

/// One entry of a session's append-only input log.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredInput {
    /// Position in the log, from 0.
    pub n: u64,
    pub seat: u8,
    pub ask_seq: u32,
    pub source: InputSource,
    /// The game's action as JSON; `null` for a timeout.
    pub payload: serde_json::Value,
    /// When it was received, epoch ms.
    pub at: i64,
    /// An AI's review note (reasoning, suspicions, tokens, faults); never shown in play.
    pub note: Option<serde_json::Value>,
}

impl StoredInput {
    pub(super) fn from_row(id: &str, r: &AnyRow) -> Result<StoredInput, StoreError> {
        let source: String = r.try_get(3)?;
        let payload: String = r.try_get(4)?;
        Ok(StoredInput {
            n: r.try_get::<i64, _>(0)? as u64,
            seat: r.try_get::<i64, _>(1)? as u8,
            ask_seq: r.try_get::<i64, _>(2)? as u32,
            source: InputSource::parse(&source)
                .ok_or_else(|| corrupt(id, format!("unknown input source '{source}'")))?,
            payload: serde_json::from_str(&payload)
                .map_err(|e| corrupt(id, format!("input payload: {e}")))?,
            at: r.try_get(5)?,
            note: match r.try_get::<Option<String>, _>(6)? {
                Some(text) => Some(
                    serde_json::from_str(&text)
                        .map_err(|e| corrupt(id, format!("input note: {e}")))?,
                ),
                None => None,
            },
        })
    }
}

/// A stored session.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionRow {
    pub id: String,
    pub game: String,
    pub surface: String,
    pub community: String,
    pub channel: String,
    pub config: serde_json::Value,
    pub seed: u64,
    pub status: String,
    pub created_at: i64,
    pub lease_owner: Option<String>,
    pub lease_until: i64,
    /// Raised by every claim of the lease (writes carry the epoch they claimed at).
    pub lease_epoch: i64,
    pub winner: Option<String>,
    /// The game's details of its result (JSON), once finished; `null` before.
    pub details: serde_json::Value,
}

impl SessionRow {
    pub(super) fn from_row(r: &AnyRow) -> Result<SessionRow, StoreError> {
        let id: String = r.try_get(0)?;
        let config: String = r.try_get(5)?;
        Ok(SessionRow {
            config: serde_json::from_str(&config)
                .map_err(|e| corrupt(&id, format!("config: {e}")))?,
            game: r.try_get(1)?,
            surface: r.try_get(2)?,
            community: r.try_get(3)?,
            channel: r.try_get(4)?,
            seed: r.try_get::<i64, _>(6)? as u64,
            status: r.try_get(7)?,
            created_at: r.try_get(8)?,
            lease_owner: r.try_get(9)?,
            lease_until: r.try_get(10)?,
            lease_epoch: r.try_get(13)?,
            winner: r.try_get(11)?,
            details: json_or_null(&id, "details", r.try_get(12)?)?,
            id,
        })
    }
}

/// A seat as `agora sessions` shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SummarySeat {
    pub seat: u8,
    pub player: String,
    #[serde(skip)]
    pub agent: Option<String>,
    pub role: Option<String>,
    /// The seat's score once finished (`gpp` in the JSON of `agora sessions`, as before).
    #[serde(
        rename = "gpp",
        serialize_with = "crate::games::outcome::whole_as_integer_opt"
    )]
    pub score: Option<f64>,
    #[serde(skip)]
    pub won: Option<bool>,
    /// The game's details for the seat (JSON); `null` if none.
    #[serde(skip)]
    pub details: serde_json::Value,
}

impl SummarySeat {
    pub(super) fn from_row(r: &AnyRow) -> Result<SummarySeat, StoreError> {
        Ok(SummarySeat {
            seat: r.try_get::<i64, _>(0)? as u8,
            player: r.try_get(1)?,
            agent: r.try_get(2)?,
            role: r.try_get(3)?,
            score: r.try_get(4)?,
            won: r.try_get::<Option<i64>, _>(5)?.map(|w| w != 0),
            details: json_or_null("seat", "details", r.try_get(6)?)?,
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct SessionSummary {
    pub session: SessionRow,
    pub seats: Vec<SummarySeat>,
}

/// One finished seat, for leaderboards.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SeatResult {
    pub player: String,
    pub name: String,
    pub is_ai: bool,
    pub role: String,
    pub score: f64,
    pub won: bool,
    pub community: String,
    /// The game's details for the seat (JSON); `null` if none.
    pub details: serde_json::Value,
    /// The session it was played in, and when that finished (epoch milliseconds).
    pub session: String,
    pub finished_at: i64,
}

impl SeatResult {
    pub(super) fn from_row(r: &AnyRow) -> Result<SeatResult, StoreError> {
        Ok(SeatResult {
            player: r.try_get(0)?,
            name: r.try_get(1)?,
            is_ai: r.try_get::<i64, _>(2)? != 0,
            role: r.try_get::<Option<String>, _>(3)?.unwrap_or_default(),
            score: r.try_get::<Option<f64>, _>(4)?.unwrap_or(0.0),
            won: r.try_get::<Option<i64>, _>(5)?.unwrap_or(0) != 0,
            community: r.try_get(6)?,
            details: json_or_null("result", "details", r.try_get(7)?)?,
            session: r.try_get(8)?,
            finished_at: r.try_get::<Option<i64>, _>(9)?.unwrap_or(0),
        })
    }
}

/// Stored JSON text, or `null` where nothing is stored.
pub(super) fn json_or_null(
    id: &str,
    what: &str,
    text: Option<String>,
) -> Result<serde_json::Value, StoreError> {
    match text {
        Some(text) => serde_json::from_str(&text).map_err(|e| corrupt(id, format!("{what}: {e}"))),
        None => Ok(serde_json::Value::Null),
    }
}
