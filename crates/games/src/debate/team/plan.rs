//! The scripted turns of the team debate, in order, and its word limits.

use super::types::{Part, Side};
use crate::debate::words::scaled;
use crate::Seat;
use serde::{Deserialize, Serialize};

/// The word limits of one debate: the source's, times `length_scale`
/// (`max(1, round(limit × scale))`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    pub opening: u32,
    pub question: u32,
    pub answer: u32,
    pub summary: u32,
    pub closing: u32,
    /// Each team's free-debate clock (4 minutes at 250 words a minute).
    pub clock: u32,
    /// Free debate ends after this many turns (speeches and missed turns).
    pub free_turns: u32,
}

impl Limits {
    pub const FULL: Limits = Limits {
        opening: 750,
        question: 125,
        answer: 250,
        summary: 500,
        closing: 750,
        clock: 1000,
        free_turns: 20,
    };

    pub fn scaled(scale: f64) -> Limits {
        let f = Limits::FULL;
        Limits {
            opening: scaled(f.opening, scale),
            question: scaled(f.question, scale),
            answer: scaled(f.answer, scale),
            summary: scaled(f.summary, scale),
            closing: scaled(f.closing, scale),
            clock: scaled(f.clock, scale),
            free_turns: f.free_turns,
        }
    }

    /// The limit of a scripted part (a free-debate speech's is its team's clock).
    pub fn of(&self, part: Part) -> u32 {
        match part {
            Part::Opening => self.opening,
            Part::Question => self.question,
            Part::Answer => self.answer,
            Part::Summary => self.summary,
            Part::Closing => self.closing,
            Part::Free => self.clock,
        }
    }
}

/// One step of the debate's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Speak {
        seat: Seat,
        part: Part,
    },
    Question {
        seat: Seat,
        part: Part,
        targets: [Seat; 2],
    },
    /// The answer to the step before (its target answers).
    Answer,
    Free,
    End,
}

/// Step `i` of the order: openings, four rounds of cross-examination (questions, then the
/// answer), the summaries, free debate, the closings.
pub fn step(i: usize) -> Step {
    let (pro, con) = (Side::Pro, Side::Con);
    let question = |asker: Side, position: u8| Step::Question {
        seat: asker.seat(position),
        part: Part::Question,
        targets: [asker.other().seat(2), asker.other().seat(3)],
    };
    match i {
        0 => Step::Speak {
            seat: pro.seat(1),
            part: Part::Opening,
        },
        1 => Step::Speak {
            seat: con.seat(1),
            part: Part::Opening,
        },
        2 => question(pro, 2),
        4 => question(con, 2),
        6 => question(pro, 3),
        8 => question(con, 3),
        3 | 5 | 7 | 9 => Step::Answer,
        10 => Step::Speak {
            seat: pro.seat(1),
            part: Part::Summary,
        },
        11 => Step::Speak {
            seat: con.seat(1),
            part: Part::Summary,
        },
        12 => Step::Free,
        13 => Step::Speak {
            seat: con.seat(4),
            part: Part::Closing,
        },
        14 => Step::Speak {
            seat: pro.seat(4),
            part: Part::Closing,
        },
        _ => Step::End,
    }
}
