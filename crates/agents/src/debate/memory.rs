//! What one debate seat has seen, built only from the events it was shown (the session
//! shows a seat only what its audience includes): the motion and limits, the speeches in
//! order, skipped turns, and its own team's notes and hand-offs. Every AI player (offline
//! or model) reads the debate from here, so nothing it writes can hold what its seat may
//! not see.

use crate::games::debate::team::{side_of, Event, Limits, Part, Side, Speech, Stage};
use crate::games::{Lang, Seat};

/// One thing seen, in order.
#[derive(Debug, Clone, PartialEq)]
pub enum Entry {
    Stage(Stage),
    /// The index into [`Memory::speeches`].
    Spoke(usize),
    Skipped {
        seat: Seat,
        part: Part,
    },
    /// A team rested its case in free debate (the seat that said so).
    Rested {
        seat: Seat,
    },
    /// A note to the seat's team.
    Note {
        seat: Seat,
        text: String,
    },
    /// The captain handed the free-debate floor on (the team's).
    HandOff {
        from: Seat,
        to: Seat,
        direction: String,
    },
}

/// One seat's memory of a team debate.
#[derive(Debug, Clone)]
pub struct Memory {
    pub seat: Seat,
    pub motion: String,
    pub limits: Limits,
    pub stage: Stage,
    pub speeches: Vec<Speech>,
    pub log: Vec<Entry>,
    /// Free-debate clocks left, Pro first.
    pub clock: [u32; 2],
    /// The language the table is held in: the words its prompts are filled with.
    pub lang: Lang,
}

impl Memory {
    pub fn new(seat: Seat, motion: &str) -> Memory {
        Memory {
            seat,
            motion: motion.to_string(),
            limits: Limits::FULL,
            stage: Stage::Opening,
            speeches: Vec::new(),
            log: Vec::new(),
            clock: [Limits::FULL.clock; 2],
            lang: Lang::En,
        }
    }

    /// This memory at a table held in `lang`.
    pub fn with_lang(mut self, lang: Lang) -> Memory {
        self.lang = lang;
        self
    }

    pub fn observe(&mut self, event: &Event) {
        match event {
            Event::Motion { motion, limits } => {
                self.motion = motion.clone();
                self.limits = *limits;
                self.clock = [limits.clock; 2];
            }
            Event::StageBegins { stage } => {
                self.stage = *stage;
                self.log.push(Entry::Stage(*stage));
            }
            Event::Spoke(speech) => {
                self.log.push(Entry::Spoke(self.speeches.len()));
                self.speeches.push(speech.clone());
            }
            Event::Skipped { seat, part } => self.log.push(Entry::Skipped {
                seat: *seat,
                part: *part,
            }),
            Event::Rested { seat, .. } => self.log.push(Entry::Rested { seat: *seat }),
            Event::TeamNote { seat, text } => self.log.push(Entry::Note {
                seat: *seat,
                text: text.clone(),
            }),
            Event::HandedOff {
                from,
                to,
                direction,
            } => self.log.push(Entry::HandOff {
                from: *from,
                to: *to,
                direction: direction.clone(),
            }),
            Event::Clock { left } => self.clock = *left,
            Event::Penalised(_)
            | Event::Scored(_)
            | Event::Review { .. }
            | Event::Finished { .. } => {}
        }
    }

    /// The speech with index `index` (as the game numbers them).
    pub fn speech(&self, index: u32) -> Option<&Speech> {
        self.speeches.iter().find(|s| s.index == index)
    }

    /// Speeches given by `side`.
    pub fn by_side(&self, side: Side) -> impl Iterator<Item = &Speech> {
        self.speeches
            .iter()
            .filter(move |s| side_of(s.seat) == Some(side))
    }

    /// Speeches given by `seat` (of `part`, when given).
    pub fn count(&self, seat: Seat, part: Option<Part>) -> usize {
        self.speeches
            .iter()
            .filter(|s| s.seat == seat && part.is_none_or(|p| s.part == p))
            .count()
    }

    /// The last speech of `side`, if any.
    pub fn last_of(&self, side: Side) -> Option<&Speech> {
        self.by_side(side).last()
    }
}
