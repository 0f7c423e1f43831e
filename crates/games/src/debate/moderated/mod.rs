//! The moderated debate (pure; no I/O). Two or more participants speak in turn
//! for N rounds (with three or more, round r opens with seat r); after each round the
//! moderator (the seat after the participants, always an AI) scores it in two passes that
//! present the participants in opposite orders, and after the last round gives the final
//! rubric in two passes. The arithmetic is in [`score`]; the nouns in [`types`]; a refusal
//! in a table's language in `refusal_text`.

mod game;
mod refusal_text;
mod score;
#[cfg(test)]
mod tests;
pub mod types;

pub use score::{category_mean, pass_top, standing, sub_means, Standing};
pub use types::{
    Action, Ask, Event, FinalReview, ModeratedRules, Refusal, Review, RoundNotes, RoundScore,
    Rubric, Style, SubScore, Victory, CATEGORIES, MAX_PARTICIPANTS, MAX_ROUNDS, RUBRIC,
};

use crate::{Audience, Logged, Seat};

/// Where the debate stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// `order[turn]` speaks in `round`.
    Speaking {
        round: u8,
        turn: usize,
    },
    /// The moderator scores `round`.
    Review {
        round: u8,
    },
    Final,
    Finished,
}

/// One speech given (or a turn missed).
#[derive(Debug, Clone, PartialEq)]
pub struct Speech {
    pub seat: Seat,
    pub round: u8,
    pub text: String,
    pub words: u32,
    pub skipped: bool,
}

/// A moderated debate.
#[derive(Debug, Clone)]
pub struct ModeratedDebate {
    motion: String,
    rules: ModeratedRules,
    participants: Seat,
    phase: Phase,
    seq: u32,
    speeches: Vec<Speech>,
    reviews: Vec<Review>,
    last: Option<FinalReview>,
    log: Vec<Logged<Event>>,
}

/// The speaking order of `round` (from 1) among `n` participants: seat order, and with
/// three or more the round opens with seat `round` (wrapping).
pub fn order(round: u8, n: Seat) -> Vec<Seat> {
    let start = if n >= 3 { (round - 1) % n } else { 0 };
    (0..n).map(|k| (start + k) % n + 1).collect()
}

impl ModeratedDebate {
    /// A new debate; `participants` must be 2..=[`MAX_PARTICIPANTS`] and `rules.rounds`
    /// 1..=[`MAX_ROUNDS`] (checked by [`ModeratedDebate::check_setup`]).
    pub fn new(motion: &str, participants: Seat, rules: &ModeratedRules) -> ModeratedDebate {
        let mut game = ModeratedDebate {
            motion: motion.to_string(),
            rules: rules.clone(),
            participants,
            phase: Phase::Speaking { round: 1, turn: 0 },
            seq: 0,
            speeches: Vec::new(),
            reviews: Vec::new(),
            last: None,
            log: Vec::new(),
        };
        game.push(Event::Opened {
            motion: motion.to_string(),
            participants,
            rounds: rules.rounds,
            style: rules.style,
        });
        game.push(Event::RoundStarted {
            round: 1,
            order: order(1, participants),
        });
        game
    }

    /// Why `participants` and `rules` cannot be played, if they cannot.
    pub fn check_setup(participants: usize, rules: &ModeratedRules) -> Result<(), String> {
        if !(2..=MAX_PARTICIPANTS as usize).contains(&participants) {
            return Err(format!(
                "a moderated debate seats 2–{MAX_PARTICIPANTS} participants, not {participants}"
            ));
        }
        if !(1..=MAX_ROUNDS).contains(&rules.rounds) {
            return Err(format!(
                "rounds must be 1–{MAX_ROUNDS}, not {}",
                rules.rounds
            ));
        }
        Ok(())
    }

    fn push(&mut self, event: Event) {
        self.log.push(Logged {
            audience: Audience::Everyone,
            event,
        });
    }

    pub fn motion(&self) -> &str {
        &self.motion
    }
    pub fn rules(&self) -> &ModeratedRules {
        &self.rules
    }
    pub fn participants(&self) -> Seat {
        self.participants
    }
    /// The moderator's seat: the one after the participants.
    pub fn moderator(&self) -> Seat {
        self.participants + 1
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Finished
    }
    /// The words of the latest speech given (0: none yet).
    pub fn last_speech_words(&self) -> u32 {
        self.speeches
            .iter()
            .rev()
            .find(|s| !s.skipped)
            .map_or(0, |s| s.words)
    }
    pub fn speeches(&self) -> &[Speech] {
        &self.speeches
    }
    pub fn reviews(&self) -> &[Review] {
        &self.reviews
    }
    pub fn final_review(&self) -> Option<&FinalReview> {
        self.last.as_ref()
    }
    pub fn log(&self) -> &[Logged<Event>] {
        &self.log
    }
    /// The ask's sequence number: it grows with every input applied.
    pub fn seq(&self) -> u32 {
        self.seq
    }

    /// The scores as they stand (after the final evaluation: the result).
    pub fn standing(&self) -> Standing {
        let rounds: Vec<[Vec<RoundScore>; 2]> =
            self.reviews.iter().map(|r| r.passes.clone()).collect();
        standing(
            &rounds,
            self.last.as_ref().map(|f| &f.passes),
            self.participants as usize,
        )
    }

    /// The seat whose turn it is, if a participant speaks now.
    pub fn speaker(&self) -> Option<Seat> {
        match self.phase {
            Phase::Speaking { round, turn } => order(round, self.participants).get(turn).copied(),
            _ => None,
        }
    }

    /// The one open ask: `(seat, ask)`.
    pub fn ask(&self) -> Option<(Seat, Ask)> {
        let presented = |round: Option<u8>| {
            let forward = match round {
                Some(r) => order(r, self.participants),
                None => (1..=self.participants).collect::<Vec<_>>(),
            };
            let backward = forward.iter().rev().copied().collect();
            [forward, backward]
        };
        match self.phase {
            Phase::Speaking { round, .. } => Some((
                self.speaker()?,
                Ask::Speak {
                    round,
                    limit: self.rules.speech_limit(),
                },
            )),
            Phase::Review { round } => Some((
                self.moderator(),
                Ask::Review {
                    round,
                    orders: presented(Some(round)),
                },
            )),
            Phase::Final => Some((
                self.moderator(),
                Ask::Final {
                    orders: presented(None),
                },
            )),
            Phase::Finished => None,
        }
    }

    /// Whether `seat` may take `action` now; changes nothing.
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), Refusal> {
        if self.is_over() {
            return Err(Refusal::Over);
        }
        if seat == 0 || seat > self.moderator() {
            return Err(Refusal::NoSuchSeat(seat));
        }
        let n = self.participants as usize;
        match (action, self.phase) {
            (Action::Speak { text }, Phase::Speaking { .. }) => {
                let speaker = self.speaker().ok_or(Refusal::Over)?;
                if seat != speaker {
                    return Err(Refusal::NotYourTurn(format!("seat {speaker} speaks now")));
                }
                if text.trim().is_empty() {
                    return Err(Refusal::Empty);
                }
                Ok(())
            }
            (Action::Speak { .. }, Phase::Review { round }) => Err(Refusal::NotYourTurn(format!(
                "round {round} is being scored by the moderator"
            ))),
            (Action::Speak { .. }, _) => Err(Refusal::NotYourTurn(
                "the speaking is over; the moderator gives the final evaluation".into(),
            )),
            (Action::Review(review), Phase::Review { round }) => {
                self.check_moderator(seat)?;
                if review.round != round {
                    return Err(Refusal::Wrong(format!(
                        "the moderator scores round {round}, not round {}",
                        review.round
                    )));
                }
                for pass in &review.passes {
                    if pass.len() != n {
                        return Err(Refusal::Wrong(format!(
                            "each pass scores all {n} participants, not {}",
                            pass.len()
                        )));
                    }
                    pass.iter().try_for_each(RoundScore::check)?;
                }
                Ok(())
            }
            (Action::Final(last), Phase::Final) => {
                self.check_moderator(seat)?;
                for pass in &last.passes {
                    if pass.len() != n {
                        return Err(Refusal::Wrong(format!(
                            "each pass evaluates all {n} participants, not {}",
                            pass.len()
                        )));
                    }
                    pass.iter().try_for_each(Rubric::check)?;
                }
                Ok(())
            }
            (Action::Review(_), Phase::Speaking { round, .. }) => Err(Refusal::Wrong(format!(
                "round {round} is still being spoken: the moderator scores it when it ends"
            ))),
            (Action::Review(_), _) => Err(Refusal::Wrong(
                "every round is scored: the final evaluation is due".into(),
            )),
            (Action::Final(_), _) => Err(Refusal::Wrong(
                "the final evaluation comes after the last round is scored".into(),
            )),
        }
    }

    fn check_moderator(&self, seat: Seat) -> Result<(), Refusal> {
        if seat != self.moderator() {
            return Err(Refusal::Wrong("only the moderator scores".into()));
        }
        Ok(())
    }

    /// Applies `action` by `seat`, or refuses it and changes nothing.
    pub fn act(&mut self, seat: Seat, action: Action) -> Result<(), Refusal> {
        self.check(seat, &action)?;
        self.seq += 1;
        match action {
            Action::Speak { text } => {
                let Phase::Speaking { round, .. } = self.phase else {
                    return Err(Refusal::Over);
                };
                let words = crate::debate::words::count(&text);
                self.push(Event::Spoke {
                    seat,
                    round,
                    words,
                    limit: self.rules.speech_limit(),
                    text: text.clone(),
                });
                self.speeches.push(Speech {
                    seat,
                    round,
                    text,
                    words,
                    skipped: false,
                });
                self.next_turn();
            }
            Action::Review(review) => {
                let means = (0..self.participants as usize)
                    .map(|i| review.passes.iter().map(|p| p[i].total()).sum::<u32>() as f64 / 2.0)
                    .collect();
                self.push(Event::Reviewed {
                    round: review.round,
                    passes: review.passes.clone(),
                    means,
                    notes: review.notes.clone(),
                    offline: review.offline,
                });
                let round = review.round;
                self.reviews.push(review);
                if round >= self.rules.rounds {
                    self.phase = Phase::Final;
                } else {
                    self.phase = Phase::Speaking {
                        round: round + 1,
                        turn: 0,
                    };
                    self.push(Event::RoundStarted {
                        round: round + 1,
                        order: order(round + 1, self.participants),
                    });
                }
            }
            Action::Final(last) => {
                let totals = (0..self.participants as usize)
                    .map(|i| last.passes.iter().map(|p| p[i].total()).sum::<u32>() as f64 / 2.0)
                    .collect();
                self.push(Event::Evaluated {
                    totals,
                    reasons: last.reasons.clone(),
                    summary: last.summary.clone(),
                    offline: last.offline,
                });
                self.last = Some(last);
                self.phase = Phase::Finished;
                let s = self.standing();
                self.push(Event::Finished {
                    scores: s.scores,
                    winner: s.winner,
                    victory: s.victory,
                    passes_agree: s.passes_agree,
                });
            }
        }
        Ok(())
    }

    fn next_turn(&mut self) {
        if let Phase::Speaking { round, turn } = self.phase {
            self.phase = if turn + 1 < self.participants as usize {
                Phase::Speaking {
                    round,
                    turn: turn + 1,
                }
            } else {
                Phase::Review { round }
            };
        }
    }

    /// `seat`'s deadline passed: a speaker's turn is skipped (recorded). The moderator's
    /// deadline is the shell's to handle (it falls back to the built-in moderator), so a
    /// timeout there is refused.
    pub fn timeout(&mut self, seat: Seat) -> Result<(), Refusal> {
        match (self.phase, self.speaker()) {
            (Phase::Finished, _) => Err(Refusal::Over),
            (Phase::Speaking { round, .. }, Some(speaker)) if speaker == seat => {
                self.seq += 1;
                self.push(Event::Skipped { seat, round });
                self.speeches.push(Speech {
                    seat,
                    round,
                    text: String::new(),
                    words: 0,
                    skipped: true,
                });
                self.next_turn();
                Ok(())
            }
            _ => Err(Refusal::Wrong(format!("seat {seat} has nothing open"))),
        }
    }
}
