//! The social debate's nouns: its rules, what a seat may do ([`Action`]), what the game
//! waits for ([`Ask`]), what it logs ([`Event`]) and why it refuses.

use super::state::{Parts, Rating, Surrender, Verdict};
use crate::Seat;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The most participants a social debate seats (the evaluator sits after them).
pub const MAX_PARTICIPANTS: Seat = 8;
pub const MIN_PARTICIPANTS: Seat = 3;
/// A speech's length in words before `length_scale`.
pub const SPEECH_LIMIT: u32 = 250;

/// A social debate's settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SocialRules {
    /// Rounds of speeches (every active participant once a round).
    pub rounds: u8,
    pub length_scale: f64,
}

impl Default for SocialRules {
    fn default() -> Self {
        SocialRules {
            rounds: 4,
            length_scale: 1.0,
        }
    }
}

impl SocialRules {
    pub fn speech_limit(&self) -> u32 {
        crate::debate::words::scaled(SPEECH_LIMIT, self.length_scale)
    }
}

/// A participant's place at the start: stance in [−1, 1] (its sign the side), conviction
/// in [0, 1].
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Start {
    pub stance: f64,
    pub conviction: f64,
}

impl Start {
    pub fn check(&self) -> Result<(), String> {
        if !(-1.0..=1.0).contains(&self.stance) {
            return Err(format!(
                "stance must be between -1 and 1, not {}",
                self.stance
            ));
        }
        if !(0.0..=1.0).contains(&self.conviction) {
            return Err(format!(
                "conviction must be between 0 and 1, not {}",
                self.conviction
            ));
        }
        Ok(())
    }
}

/// The evaluator's ratings of one speech, one per rated participant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ratings {
    pub ratings: Vec<(Seat, Rating)>,
    /// Rated by the built-in keyword evaluator (no model).
    #[serde(default)]
    pub offline: bool,
}

/// What a seat may do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum Action {
    Speak {
        text: String,
    },
    /// The evaluator rates the speech just given.
    Rate(Ratings),
    /// A participant gives in (counts as a surrender).
    Concede,
}

/// What the game waits for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "ask", rename_all = "snake_case")]
pub enum Ask {
    Speak {
        round: u8,
        limit: u32,
    },
    /// Rate `speaker`'s last speech for each of `targets` (seat order).
    Rate {
        speaker: Seat,
        targets: Vec<Seat>,
    },
}

impl Ask {
    pub fn timer_key(&self) -> &'static str {
        match self {
            Ask::Speak { .. } => "speech",
            Ask::Rate { .. } => "judge",
        }
    }
}

/// One participant's stance and conviction at a moment, and whether it is still in.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Stand {
    pub stance: f64,
    pub conviction: f64,
    pub active: bool,
}

/// What the debate logs. The evaluator's ratings are its notes (the moderator's view);
/// speeches, surrenders and the result are public.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    Opened {
        motion: String,
        starts: Vec<Start>,
        rounds: u8,
    },
    RoundStarted {
        round: u8,
    },
    Spoke {
        seat: Seat,
        round: u8,
        words: u32,
        limit: u32,
        text: String,
    },
    Skipped {
        seat: Seat,
        round: u8,
    },
    Rated {
        speaker: Seat,
        ratings: Vec<(Seat, Rating)>,
        offline: bool,
    },
    /// Where everyone stands after a round (seat 1 first): shown between rounds.
    Standing {
        round: u8,
        minds: Vec<Stand>,
    },
    /// What each score is made of (seat 1 first), just before the result.
    Breakdown {
        parts: Vec<Parts>,
    },
    Surrendered {
        seat: Seat,
        why: Surrender,
        /// The main persuader, who takes the +20.
        bonus_to: Option<Seat>,
    },
    Finished {
        scores: Vec<f64>,
        winner: Option<Seat>,
        verdict: Verdict,
    },
}

/// Why an action was refused; a refused action changes nothing.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum Refusal {
    #[error("the debate is over")]
    Over,
    #[error("there is no seat {0}")]
    NoSuchSeat(Seat),
    #[error("it is not your turn: {0}")]
    NotYourTurn(String),
    #[error("{0}")]
    Wrong(String),
    #[error("an empty speech: write something, or let the time run out to skip the turn")]
    Empty,
}
