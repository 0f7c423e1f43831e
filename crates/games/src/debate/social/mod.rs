//! `social`: the debate where minds change (pure; no I/O). Three or more participants,
//! each with a stance in [−1, 1] and a conviction in [0, 1], speak in seat order round
//! after round, skipping the surrendered; after each speech the evaluator (the seat after
//! the participants, always an AI) rates its effect on every other active participant,
//! and [`state`] moves them by the design's formulas. It ends after the set rounds, or
//! when fewer than two participants are left standing. `refusal_text` tells a refusal in
//! a table's language.

mod game;
mod refusal_text;
pub mod state;
#[cfg(test)]
mod tests;
pub mod types;

pub use state::{breakdown, scores, verdict, Mind, Parts, Rating, Surrender, Verdict, HISTORY};
pub use types::{
    Action, Ask, Event, Ratings, Refusal, SocialRules, Stand, Start, MAX_PARTICIPANTS,
    MIN_PARTICIPANTS,
};

use crate::{Audience, Logged, Seat};

/// Where the debate stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    Speaking {
        round: u8,
        seat: Seat,
    },
    /// The evaluator rates `speaker`'s speech for `targets`.
    Rating {
        round: u8,
        speaker: Seat,
        targets: Vec<Seat>,
    },
    Finished,
}

/// A social debate.
#[derive(Debug, Clone)]
pub struct SocialDebate {
    motion: String,
    rules: SocialRules,
    minds: Vec<Mind>,
    phase: Phase,
    seq: u32,
    /// Each participant's (stance, conviction) at the start (index 0) and after each round.
    trail: Vec<Vec<(f64, f64)>>,
    log: Vec<Logged<Event>>,
}

impl SocialDebate {
    /// Why these starts and rules cannot be played, if they cannot.
    pub fn check_setup(starts: &[Start], rules: &SocialRules) -> Result<(), String> {
        let n = starts.len();
        if !(MIN_PARTICIPANTS as usize..=MAX_PARTICIPANTS as usize).contains(&n) {
            return Err(format!(
                "a social debate seats {MIN_PARTICIPANTS}–{MAX_PARTICIPANTS} participants, not {n}"
            ));
        }
        for (i, s) in starts.iter().enumerate() {
            s.check()
                .map_err(|e| format!("participant {}: {e}", i + 1))?;
        }
        if rules.rounds == 0 {
            return Err("rounds must be at least 1".into());
        }
        Ok(())
    }

    pub fn new(motion: &str, starts: &[Start], rules: &SocialRules) -> SocialDebate {
        let minds: Vec<Mind> = starts
            .iter()
            .map(|s| Mind::new(s.stance, s.conviction))
            .collect();
        let mut game = SocialDebate {
            motion: motion.to_string(),
            rules: rules.clone(),
            trail: vec![minds.iter().map(|m| (m.stance, m.conviction)).collect()],
            minds,
            phase: Phase::Speaking { round: 1, seat: 1 },
            seq: 0,
            log: Vec::new(),
        };
        game.push(
            Audience::Everyone,
            Event::Opened {
                motion: motion.to_string(),
                starts: starts.to_vec(),
                rounds: rules.rounds,
            },
        );
        game.push(Audience::Everyone, Event::RoundStarted { round: 1 });
        game
    }

    fn push(&mut self, audience: Audience, event: Event) {
        self.log.push(Logged { audience, event });
    }

    pub fn motion(&self) -> &str {
        &self.motion
    }
    pub fn rules(&self) -> &SocialRules {
        &self.rules
    }
    pub fn participants(&self) -> Seat {
        self.minds.len() as Seat
    }
    /// The evaluator's seat: the one after the participants.
    pub fn evaluator(&self) -> Seat {
        self.participants() + 1
    }
    pub fn minds(&self) -> &[Mind] {
        &self.minds
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Finished
    }
    pub fn seq(&self) -> u32 {
        self.seq
    }
    pub fn log(&self) -> &[Logged<Event>] {
        &self.log
    }
    /// The words of the latest speech given (0: none yet).
    pub fn last_speech_words(&self) -> u32 {
        self.log
            .iter()
            .rev()
            .find_map(|l| match &l.event {
                Event::Spoke { words, .. } => Some(*words),
                _ => None,
            })
            .unwrap_or(0)
    }
    /// Each participant's (stance, conviction) at the start and after each round (and
    /// where a debate that ended mid-round stopped).
    pub fn trail(&self) -> &[Vec<(f64, f64)>] {
        &self.trail
    }
    /// The scores as they stand, seat 1 first.
    pub fn scores(&self) -> Vec<f64> {
        scores(&self.minds)
    }
    /// The winner (`None` on a tie at the top) and the verdict, as things stand.
    pub fn verdict(&self) -> (Option<Seat>, Verdict) {
        verdict(&self.minds, &self.scores())
    }
    fn active(&self) -> usize {
        self.minds.iter().filter(|m| m.is_active()).count()
    }
    fn is_active(&self, seat: Seat) -> bool {
        self.minds
            .get(seat as usize - 1)
            .is_some_and(|m| m.is_active())
    }

    /// The one open ask: `(seat, ask)`.
    pub fn ask(&self) -> Option<(Seat, Ask)> {
        match &self.phase {
            Phase::Speaking { round, seat } => Some((
                *seat,
                Ask::Speak {
                    round: *round,
                    limit: self.rules.speech_limit(),
                },
            )),
            Phase::Rating {
                speaker, targets, ..
            } => Some((
                self.evaluator(),
                Ask::Rate {
                    speaker: *speaker,
                    targets: targets.clone(),
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
        if seat == 0 || seat > self.evaluator() {
            return Err(Refusal::NoSuchSeat(seat));
        }
        match (action, &self.phase) {
            (Action::Concede, _) => {
                if seat == self.evaluator() {
                    Err(Refusal::Wrong("the evaluator does not debate".into()))
                } else if !self.is_active(seat) {
                    Err(Refusal::Wrong(format!(
                        "seat {seat} has already surrendered"
                    )))
                } else {
                    Ok(())
                }
            }
            (Action::Speak { text }, Phase::Speaking { seat: speaker, .. }) => {
                if seat != *speaker {
                    return Err(Refusal::NotYourTurn(format!("seat {speaker} speaks now")));
                }
                if text.trim().is_empty() {
                    return Err(Refusal::Empty);
                }
                Ok(())
            }
            (Action::Speak { .. }, _) => Err(Refusal::NotYourTurn(
                "the evaluator is rating the last speech".into(),
            )),
            (Action::Rate(r), Phase::Rating { speaker, .. }) => {
                if seat != self.evaluator() {
                    return Err(Refusal::Wrong("only the evaluator rates".into()));
                }
                let mut seen = Vec::new();
                for (target, rating) in &r.ratings {
                    // A rating of one who has surrendered is ignored (no longer rated).
                    if *target == *speaker || *target == 0 || *target > self.participants() {
                        return Err(Refusal::Wrong(format!(
                            "seat {target} cannot be rated for this speech (only the other participants are)"
                        )));
                    }
                    if seen.contains(target) {
                        return Err(Refusal::Wrong(format!("seat {target} is rated twice")));
                    }
                    seen.push(*target);
                    rating
                        .check()
                        .map_err(|e| Refusal::Wrong(format!("seat {target}: {e}")))?;
                }
                Ok(())
            }
            (Action::Rate(_), _) => Err(Refusal::Wrong("there is no speech to rate".into())),
        }
    }

    /// Applies `action` by `seat`, or refuses it and changes nothing.
    pub fn act(&mut self, seat: Seat, action: Action) -> Result<(), Refusal> {
        self.check(seat, &action)?;
        self.seq += 1;
        match action {
            Action::Concede => {
                self.minds[seat as usize - 1].surrender(Surrender::Conceded);
                let bonus_to = self.minds[seat as usize - 1].bonus_to;
                self.push(
                    Audience::Everyone,
                    Event::Surrendered {
                        seat,
                        why: Surrender::Conceded,
                        bonus_to,
                    },
                );
                match self.phase.clone() {
                    Phase::Speaking { round, seat: s } if s == seat => self.advance(round, seat),
                    Phase::Speaking { .. } if self.active() < 2 => self.finish(),
                    _ => {}
                }
            }
            Action::Speak { text } => {
                let Phase::Speaking { round, .. } = self.phase else {
                    return Err(Refusal::Over);
                };
                let words = crate::debate::words::count(&text);
                self.push(
                    Audience::Everyone,
                    Event::Spoke {
                        seat,
                        round,
                        words,
                        limit: self.rules.speech_limit(),
                        text,
                    },
                );
                let targets = (1..=self.participants())
                    .filter(|&t| t != seat && self.is_active(t))
                    .collect();
                self.phase = Phase::Rating {
                    round,
                    speaker: seat,
                    targets,
                };
            }
            Action::Rate(r) => {
                let Phase::Rating {
                    round,
                    speaker,
                    targets,
                } = self.phase.clone()
                else {
                    return Err(Refusal::Over);
                };
                self.push(
                    Audience::Moderator,
                    Event::Rated {
                        speaker,
                        ratings: r.ratings.clone(),
                        offline: r.offline,
                    },
                );
                // Targets in seat order, whatever order the ratings came in; one who has
                // surrendered (before the ask, or since it) is no longer rated.
                for target in targets {
                    let Some((_, rating)) = r.ratings.iter().find(|(t, _)| *t == target) else {
                        continue;
                    };
                    if !self.is_active(target) {
                        continue;
                    }
                    let mind = &mut self.minds[target as usize - 1];
                    if let Some(why) = mind.rated(speaker, *rating) {
                        let bonus_to = mind.bonus_to;
                        self.push(
                            Audience::Everyone,
                            Event::Surrendered {
                                seat: target,
                                why,
                                bonus_to,
                            },
                        );
                    }
                }
                self.advance(round, speaker);
            }
        }
        Ok(())
    }

    /// `seat`'s deadline passed: a speaker's turn is skipped (recorded). The evaluator's
    /// deadline is the shell's (it falls back to the built-in evaluator).
    pub fn timeout(&mut self, seat: Seat) -> Result<(), Refusal> {
        match self.phase.clone() {
            Phase::Finished => Err(Refusal::Over),
            Phase::Speaking { round, seat: s } if s == seat => {
                self.seq += 1;
                self.push(Audience::Everyone, Event::Skipped { seat, round });
                self.advance(round, seat);
                Ok(())
            }
            _ => Err(Refusal::Wrong(format!("seat {seat} has nothing open"))),
        }
    }

    /// The turn after `after`'s in `round`: the next active seat, a new round past the
    /// last seat, the end after the last round or with fewer than two left.
    fn advance(&mut self, round: u8, after: Seat) {
        if self.active() < 2 {
            return self.finish();
        }
        if let Some(next) = (after + 1..=self.participants()).find(|&s| self.is_active(s)) {
            self.phase = Phase::Speaking { round, seat: next };
            return;
        }
        self.snapshot();
        if round >= self.rules.rounds {
            return self.finish();
        }
        self.push_standing(round);
        let first = (1..=self.participants())
            .find(|&s| self.is_active(s))
            .unwrap_or(1);
        self.phase = Phase::Speaking {
            round: round + 1,
            seat: first,
        };
        self.push(Audience::Everyone, Event::RoundStarted { round: round + 1 });
    }

    /// Where everyone stands after `round`, for all to see before the next one.
    fn push_standing(&mut self, round: u8) {
        let minds = self
            .minds
            .iter()
            .map(|m| Stand {
                stance: m.stance,
                conviction: m.conviction,
                active: m.is_active(),
            })
            .collect();
        self.push(Audience::Everyone, Event::Standing { round, minds });
    }

    fn snapshot(&mut self) {
        let now: Vec<(f64, f64)> = self
            .minds
            .iter()
            .map(|m| (m.stance, m.conviction))
            .collect();
        self.trail.push(now);
    }

    fn finish(&mut self) {
        let now: Vec<(f64, f64)> = self
            .minds
            .iter()
            .map(|m| (m.stance, m.conviction))
            .collect();
        if self.trail.last() != Some(&now) || self.trail.len() == 1 {
            self.trail.push(now);
        }
        let round = match self.phase {
            Phase::Speaking { round, .. } | Phase::Rating { round, .. } => round,
            Phase::Finished => self.rules.rounds,
        };
        self.push_standing(round);
        self.phase = Phase::Finished;
        let scores = self.scores();
        let (winner, verdict) = verdict(&self.minds, &scores);
        self.push(
            Audience::Everyone,
            Event::Breakdown {
                parts: breakdown(&self.minds),
            },
        );
        self.push(
            Audience::Everyone,
            Event::Finished {
                scores,
                winner,
                verdict,
            },
        );
    }
}
