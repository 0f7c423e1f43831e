//! The moderated debate's nouns: its rules and styles, the moderator's labels (a round's
//! three scores, the final rubric's thirteen sub-scores), what a seat may do ([`Action`]),
//! what the game waits for ([`Ask`]), what it logs ([`Event`]) and why it refuses.

use crate::Seat;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The most participants a moderated debate seats (the moderator sits after them).
pub const MAX_PARTICIPANTS: Seat = 8;
/// The most rounds a debate may be set to.
pub const MAX_ROUNDS: u8 = 10;

/// How free the exchange is: the speech length and the moderator's guidance differ; every
/// style keeps a turn order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Style {
    #[default]
    Structured,
    SemiStructured,
    FreeFlowing,
}

impl Style {
    pub const ALL: [Style; 3] = [Style::Structured, Style::SemiStructured, Style::FreeFlowing];
    pub fn name(self) -> &'static str {
        match self {
            Style::Structured => "structured",
            Style::SemiStructured => "semi_structured",
            Style::FreeFlowing => "free_flowing",
        }
    }
    pub fn title(self) -> &'static str {
        match self {
            Style::Structured => "Structured",
            Style::SemiStructured => "Semi-structured",
            Style::FreeFlowing => "Free-flowing",
        }
    }
    /// Reads `structured`, `semi-structured`, `free_flowing` (any case, `-`, `_` or space).
    pub fn parse(name: &str) -> Option<Style> {
        let key: String = name
            .trim()
            .to_ascii_lowercase()
            .chars()
            .map(|c| if c == '-' || c == ' ' { '_' } else { c })
            .collect();
        Style::ALL.into_iter().find(|s| s.name() == key)
    }
    /// A speech's length in words before `length_scale`: a structured turn is a full
    /// statement, a free-flowing one a quick exchange.
    pub fn speech_limit(self) -> u32 {
        match self {
            Style::Structured => 400,
            Style::SemiStructured => 300,
            Style::FreeFlowing => 200,
        }
    }
}

/// A moderated debate's settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModeratedRules {
    pub rounds: u8,
    pub style: Style,
    /// Scales the speech length (`max(1, round(limit × scale))`).
    pub length_scale: f64,
}

impl Default for ModeratedRules {
    fn default() -> Self {
        ModeratedRules {
            rounds: 3,
            style: Style::Structured,
            length_scale: 1.0,
        }
    }
}

impl ModeratedRules {
    pub fn speech_limit(&self) -> u32 {
        crate::debate::words::scaled(self.style.speech_limit(), self.length_scale)
    }
}

/// The moderator's score of one participant in one round: 0–10 each, 30 at most.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct RoundScore {
    pub argument: u8,
    pub rebuttal: u8,
    pub strategy: u8,
}

impl RoundScore {
    pub const CRITERIA: [&'static str; 3] = ["argument", "rebuttal", "strategy"];
    pub fn total(&self) -> u32 {
        self.argument as u32 + self.rebuttal as u32 + self.strategy as u32
    }
    pub fn values(&self) -> [u8; 3] {
        [self.argument, self.rebuttal, self.strategy]
    }
    pub fn from_values(v: [u8; 3]) -> RoundScore {
        RoundScore {
            argument: v[0],
            rebuttal: v[1],
            strategy: v[2],
        }
    }
    pub fn check(&self) -> Result<(), Refusal> {
        for (name, value) in Self::CRITERIA.into_iter().zip(self.values()) {
            if value > 10 {
                return Err(Refusal::BadScore {
                    criterion: name,
                    value,
                    max: 10,
                });
            }
        }
        Ok(())
    }
}

/// One sub-score of the final rubric: its name, its maximum, its category.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SubScore {
    pub name: &'static str,
    pub title: &'static str,
    pub max: u8,
    pub category: usize,
}

const fn sub(name: &'static str, title: &'static str, max: u8, category: usize) -> SubScore {
    SubScore {
        name,
        title,
        max,
        category,
    }
}

/// The 100-point rubric's thirteen sub-scores, in the design's order.
pub const RUBRIC: [SubScore; 13] = [
    sub("evidence", "Evidence-based claims", 10, 0),
    sub("logic", "Logical structure", 10, 0),
    sub("relevance", "Relevance", 10, 0),
    sub("comprehensiveness", "Comprehensiveness", 10, 1),
    sub("precision", "Precision", 10, 1),
    sub("counter_evidence", "Counter-evidence", 5, 1),
    sub("framing", "Framing control", 10, 2),
    sub("adaptability", "Adaptability", 10, 2),
    sub("clarity", "Clarity", 5, 3),
    sub("persuasiveness", "Persuasiveness", 5, 3),
    sub("tone", "Tone management", 5, 3),
    sub("concession", "Concession when appropriate", 5, 4),
    sub("accuracy", "Accuracy", 5, 4),
];

/// The rubric's five categories: key, title, points.
pub const CATEGORIES: [(&str, &str, u8); 5] = [
    ("argument_quality", "Argument quality", 30),
    ("rebuttal", "Rebuttal effectiveness", 25),
    ("strategy", "Strategic positioning", 20),
    ("rhetoric", "Rhetorical effectiveness", 15),
    ("integrity", "Intellectual integrity", 10),
];

/// One participant's final evaluation in one pass: the thirteen sub-scores in
/// [`RUBRIC`]'s order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Rubric(pub [u8; 13]);

impl Rubric {
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&v| v as u32).sum()
    }
    pub fn check(&self) -> Result<(), Refusal> {
        for (spec, &value) in RUBRIC.iter().zip(&self.0) {
            if value > spec.max {
                return Err(Refusal::BadScore {
                    criterion: spec.name,
                    value,
                    max: spec.max,
                });
            }
        }
        Ok(())
    }
    /// A category's points in this pass.
    pub fn category(&self, category: usize) -> u32 {
        RUBRIC
            .iter()
            .zip(&self.0)
            .filter(|(spec, _)| spec.category == category)
            .map(|(_, &v)| v as u32)
            .sum()
    }
}

/// What the moderator writes about a round beside its scores (shown, never scored).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct RoundNotes {
    /// The round in brief (by sub-topic with three or more participants).
    pub summary: String,
    pub clashes: Vec<String>,
    pub consensus: Vec<String>,
    /// Notes on the sources cited, with the code's checks (`verified`, `not found`, …).
    pub sources: Vec<String>,
    /// One line per participant, seat 1 first, on why it scored as it did.
    pub reasons: Vec<String>,
}

/// The moderator's scoring of a round: two passes (the participants presented in opposite
/// orders), each with one score per participant, seat 1 first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Review {
    pub round: u8,
    pub passes: [Vec<RoundScore>; 2],
    #[serde(default)]
    pub notes: RoundNotes,
    /// Scored by the built-in moderator (no model).
    #[serde(default)]
    pub offline: bool,
}

/// The final evaluation: two passes of the rubric (opposite orders), seat 1 first in each,
/// and the reasons per participant and category.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FinalReview {
    pub passes: [Vec<Rubric>; 2],
    /// Per participant (seat 1 first), one reason per category in [`CATEGORIES`]' order.
    #[serde(default)]
    pub reasons: Vec<Vec<String>>,
    #[serde(default)]
    pub summary: String,
    #[serde(default)]
    pub offline: bool,
}

/// What a seat may do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum Action {
    /// A participant's speech on its turn.
    Speak { text: String },
    /// The moderator scores the round just spoken.
    Review(Review),
    /// The moderator's final evaluation.
    Final(FinalReview),
}

/// What the game waits for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "ask", rename_all = "snake_case")]
pub enum Ask {
    Speak {
        round: u8,
        limit: u32,
    },
    /// Score `round`: pass 1 presents the participants in `orders[0]` (labelled A, B, …
    /// in that order), pass 2 in `orders[1]`, the reverse.
    Review {
        round: u8,
        orders: [Vec<Seat>; 2],
    },
    Final {
        orders: [Vec<Seat>; 2],
    },
}

impl Ask {
    /// The key of its deadline in the debate timers.
    pub fn timer_key(&self) -> &'static str {
        match self {
            Ask::Speak { .. } => "speech",
            Ask::Review { .. } | Ask::Final { .. } => "judge",
        }
    }
}

/// What the debate logs (all of it public: the moderator posts in the channel).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    Opened {
        motion: String,
        participants: Seat,
        rounds: u8,
        style: Style,
    },
    RoundStarted {
        round: u8,
        order: Vec<Seat>,
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
    /// A round scored: both passes (seat 1 first in each), and each participant's score
    /// as the mean of the two.
    Reviewed {
        round: u8,
        passes: [Vec<RoundScore>; 2],
        means: Vec<f64>,
        notes: RoundNotes,
        offline: bool,
    },
    /// The final evaluation given; the result follows.
    Evaluated {
        totals: Vec<f64>,
        reasons: Vec<Vec<String>>,
        summary: String,
        offline: bool,
    },
    Finished {
        scores: Vec<f64>,
        winner: Option<Seat>,
        victory: Victory,
        passes_agree: bool,
    },
}

/// How a moderated debate was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Victory {
    Clear,
    Narrow,
    Draw,
}

impl Victory {
    pub const ALL: [Victory; 3] = [Victory::Clear, Victory::Narrow, Victory::Draw];
    pub fn name(self) -> &'static str {
        match self {
            Victory::Clear => "clear",
            Victory::Narrow => "narrow",
            Victory::Draw => "draw",
        }
    }
    pub fn title(self) -> &'static str {
        match self {
            Victory::Clear => "Clear victory",
            Victory::Narrow => "Narrow victory",
            Victory::Draw => "Draw",
        }
    }
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
    #[error("the moderator's {criterion} must be 0–{max}, not {value}")]
    BadScore {
        criterion: &'static str,
        value: u8,
        max: u8,
    },
    #[error("an empty speech: write something, or let the time run out to skip the turn")]
    Empty,
}
