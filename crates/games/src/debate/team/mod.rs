//! The four-stage team debate (`../shared/design/debate-formats.md` §1), pure: Pro 1–4
//! (seats 1–4) against Con 1–4 (seats 5–8), the judge at seat 9.
//!
//! Opening (Pro 1, Con 1) → cross-examination (four rounds of questions and an answer, the
//! cross-examiner naming who answers, then the summaries of Pro 1 and Con 1) → free debate
//! (Pro opens, the floor alternates, each team's clock counted in words) → closing (Con 4,
//! Pro 4). The judge labels every speech while the next is being given (its ask stays open
//! beside the debaters'), then writes a final review; the scores are inputs in the log.
//! The rule engine here charges every penalty, adds every total and names the winner.
//!
//! Audiences: speeches, skipped turns, rule penalties, clocks and the result are public; a
//! team's notes and hand-offs are its four seats'; the judge's labels, comments and the
//! penalties that follow from its flags are the moderator's (everyone's with live scores).
//!
//! - `types.rs`: the nouns; `plan.rs`: the scripted turns and the limits; `check.rs`:
//!   whether an action may be taken now; `free.rs`: the free debate; `score.rs`: scoring,
//!   penalties, totals; `table.rs`: the [`Game`] impl; `refusal_text.rs`: a refusal in a
//!   table's language.

mod check;
mod free;
mod game;
mod plan;
mod refusal_text;
mod score;
#[cfg(test)]
mod tests;
mod types;

pub use plan::Limits;
pub use score::Totals;
pub use types::*;

use crate::{Audience, Logged, Seat, SeatSet};
use free::Free;
use plan::Step;
use serde::{Deserialize, Serialize};

/// The settings a team debate is played with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TeamRules {
    /// Multiplies every word limit and the free-debate clock.
    pub length_scale: f64,
    /// Each speech's score is shown to everyone as soon as it is judged.
    #[serde(default)]
    pub live_scores: bool,
    /// Each team's captain (Pro's, then Con's): the seat offered the free-debate floor on
    /// every turn of its team, who speaks or hands it on. A team without one offers it to
    /// its least-heard debater (as games stored before captains did).
    #[serde(default, skip_serializing_if = "no_captains")]
    pub captains: [Option<Seat>; 2],
}

fn no_captains(c: &[Option<Seat>; 2]) -> bool {
    c.iter().all(Option::is_none)
}

impl TeamRules {
    /// These rules with a captain for each team: its first debater not in `people` (an AI
    /// seat); a team of people only has none (its floor goes round).
    pub fn captained_for(mut self, people: &[Seat]) -> TeamRules {
        for side in [Side::Pro, Side::Con] {
            self.captains[side.index()] = side.seats().into_iter().find(|s| !people.contains(s));
        }
        self
    }
}

impl Default for TeamRules {
    fn default() -> Self {
        TeamRules {
            length_scale: 1.0,
            live_scores: false,
            captains: [None; 2],
        }
    }
}

/// An open ask.
#[derive(Debug, Clone, PartialEq)]
pub struct Open {
    pub seat: Seat,
    pub seq: u32,
    pub ask: Ask,
}

/// A team debate in progress.
#[derive(Debug, Clone)]
pub struct TeamDebate {
    motion: String,
    limits: Limits,
    live_scores: bool,
    captains: [Option<Seat>; 2],
    log: Vec<Logged<Event>>,
    speeches: Vec<Speech>,
    /// Per speech: its judged score (`None`: not yet, or the judge's deadline passed).
    scored: Vec<Option<Scored>>,
    /// Per speech: the judge has answered (scored, or its deadline passed).
    judged: Vec<bool>,
    /// Per speech: a counter-question was charged already (once per answer).
    countered: Vec<bool>,
    penalties: Vec<Penalty>,
    stage: Stage,
    step: usize,
    free: Free,
    /// The debater's turn open now.
    turn: Option<Open>,
    /// The judge's ask to score a speech, open now.
    judge: Option<Open>,
    /// The judge's ask for the final review: open once the speeches are over, beside the
    /// scoring of the last ones (the review reads the speeches, not the scores).
    review: Option<Open>,
    next_seq: u32,
    reviewed: bool,
    totals: Option<Totals>,
}

impl TeamDebate {
    pub fn new(motion: &str, rules: &TeamRules) -> TeamDebate {
        let limits = Limits::scaled(rules.length_scale);
        let mut game = TeamDebate {
            motion: motion.to_string(),
            limits,
            live_scores: rules.live_scores,
            captains: rules.captains,
            log: Vec::new(),
            speeches: Vec::new(),
            scored: Vec::new(),
            judged: Vec::new(),
            countered: Vec::new(),
            penalties: Vec::new(),
            stage: Stage::Opening,
            step: 0,
            free: Free::new(&limits),
            turn: None,
            judge: None,
            review: None,
            next_seq: 0,
            reviewed: false,
            totals: None,
        };
        game.push(
            Audience::Everyone,
            Event::Motion {
                motion: motion.to_string(),
                limits,
            },
        );
        game.push(
            Audience::Everyone,
            Event::StageBegins {
                stage: Stage::Opening,
            },
        );
        game.open_step();
        game
    }

    pub fn motion(&self) -> &str {
        &self.motion
    }
    pub fn limits(&self) -> &Limits {
        &self.limits
    }
    pub fn stage(&self) -> Stage {
        self.stage
    }
    pub fn speeches(&self) -> &[Speech] {
        &self.speeches
    }
    /// Each speech's judged score, by index (`None`: not judged yet, or the judge's
    /// deadline passed).
    pub fn scores(&self) -> &[Option<Scored>] {
        &self.scored
    }
    pub fn penalties(&self) -> &[Penalty] {
        &self.penalties
    }
    pub fn log(&self) -> &[Logged<Event>] {
        &self.log
    }
    /// The free-debate clocks left, in words, Pro first.
    pub fn clock_left(&self) -> [u32; 2] {
        self.free.left
    }
    /// Free-debate turns taken (speeches and missed turns).
    pub fn free_turns(&self) -> u32 {
        self.free.turns
    }
    /// The debater whose turn is open, with its ask.
    pub fn turn(&self) -> Option<&Open> {
        self.turn.as_ref()
    }
    /// The open asks: the debater's turn, then the judge's.
    pub fn asks(&self) -> Vec<Open> {
        self.turn
            .iter()
            .chain(self.judge.iter())
            .chain(self.review.iter())
            .cloned()
            .collect()
    }
    /// The totals and the winner, once every speech is judged and the review written.
    pub fn totals(&self) -> Option<&Totals> {
        self.totals.as_ref()
    }
    /// The totals as they stand (unjudged speeches count nothing yet).
    pub fn running_totals(&self) -> Totals {
        score::totals(&self.speeches, &self.scored, &self.penalties)
    }
    pub fn is_over(&self) -> bool {
        self.totals.is_some()
    }

    fn push(&mut self, audience: Audience, event: Event) {
        self.log.push(Logged { audience, event });
    }

    fn seq(&mut self) -> u32 {
        self.next_seq += 1;
        self.next_seq
    }

    /// The audience of the judge's labels and what follows from them.
    fn judge_audience(&self) -> Audience {
        if self.live_scores {
            Audience::Everyone
        } else {
            Audience::Moderator
        }
    }

    fn team_audience(side: Side) -> Audience {
        Audience::Seats(side.seats().into_iter().collect::<SeatSet>())
    }

    /// Applies `action` by `seat`; a refused action changes nothing.
    pub fn act(&mut self, seat: Seat, action: Action) -> Result<(), Refusal> {
        self.check(seat, &action)?;
        match action {
            Action::Score {
                speech,
                scores,
                comment,
                offline,
            } => self.score(speech, Some((scores, comment, offline))),
            Action::Review { text, offline } => {
                self.push(Audience::Everyone, Event::Review { text, offline });
                self.reviewed = true;
            }
            Action::TeamNote { text } => {
                let side = side_of(seat).expect("checked: a debater");
                self.push(Self::team_audience(side), Event::TeamNote { seat, text });
            }
            Action::Speak { text } => {
                if self.stage == Stage::FreeDebate {
                    self.free_speech(seat, text);
                } else {
                    let (part, limit, answering) = match &self.turn {
                        Some(Open {
                            ask:
                                Ask::Speak {
                                    part,
                                    limit,
                                    answering,
                                    ..
                                },
                            ..
                        }) => (*part, *limit, *answering),
                        _ => unreachable!("checked: a speech turn is open"),
                    };
                    let _ = answering;
                    self.give(seat, part, text, limit, None);
                    self.step += 1;
                    self.open_step();
                }
            }
            Action::Rest => {
                let side = side_of(seat).expect("checked: a debater");
                let left = self.free.rest(side);
                self.push(Audience::Everyone, Event::Rested { seat, left });
                self.push(
                    Audience::Everyone,
                    Event::Clock {
                        left: self.free.left,
                    },
                );
                self.after_free_turn();
            }
            Action::Ask { target, text } => {
                let limit = self.limits.question;
                let index = self.give(seat, Part::Question, text, limit, Some(target));
                self.step += 1;
                self.open_answer(target, index);
            }
            Action::HandOff { to, direction } => {
                let side = side_of(seat).expect("checked: a debater");
                self.push(
                    Self::team_audience(side),
                    Event::HandedOff {
                        from: seat,
                        to,
                        direction: direction.clone(),
                    },
                );
                let seq = self.seq();
                self.turn = Some(Open {
                    seat: to,
                    seq,
                    ask: Ask::Speak {
                        part: Part::Free,
                        limit: self.free.left[side.index()],
                        answering: None,
                        direction: (!direction.trim().is_empty()).then_some(direction),
                        may_hand_off: false,
                    },
                });
            }
        }
        self.settle();
        Ok(())
    }

    /// `seat`'s deadline passed: a missed turn is skipped (no score); the judge's passes
    /// leave the speech unjudged (or the review unwritten).
    pub fn timeout(&mut self, seat: Seat) -> Result<(), Refusal> {
        if self.is_over() {
            return Err(Refusal::Over);
        }
        if seat == JUDGE {
            // Both of the judge's asks may be open: the deadline of the older (the
            // score) passes first.
            match (self.judge.as_ref(), self.review.as_ref()) {
                (
                    Some(Open {
                        ask: Ask::Judge { speech },
                        ..
                    }),
                    _,
                ) => self.score(*speech, None),
                (None, Some(_)) => self.reviewed = true,
                _ => return Err(Refusal::Wrong("the judge has nothing to do now".into())),
            }
            self.settle();
            return Ok(());
        }
        let Some(open) = self.turn.clone().filter(|o| o.seat == seat) else {
            return Err(self.not_your_turn(seat));
        };
        match open.ask {
            Ask::Question { .. } => {
                self.push(
                    Audience::Everyone,
                    Event::Skipped {
                        seat,
                        part: Part::Question,
                    },
                );
                // No questions, nothing to answer: the round is over.
                self.step += 2;
                self.open_step();
            }
            Ask::Speak {
                part: Part::Free, ..
            } => {
                self.push(
                    Audience::Everyone,
                    Event::Skipped {
                        seat,
                        part: Part::Free,
                    },
                );
                let side = side_of(seat).expect("a debater's turn");
                self.free.missed(side);
                self.after_free_turn();
            }
            Ask::Speak { part, .. } => {
                self.push(Audience::Everyone, Event::Skipped { seat, part });
                self.step += 1;
                self.open_step();
            }
            Ask::Judge { .. } | Ask::Review => unreachable!("the judge's asks are not turns"),
        }
        self.settle();
        Ok(())
    }

    /// Logs a speech and the penalties the rules see in it; returns its index.
    fn give(
        &mut self,
        seat: Seat,
        part: Part,
        text: String,
        limit: u32,
        target: Option<Seat>,
    ) -> u32 {
        let index = self.speeches.len() as u32;
        let words = super::words::count(&text);
        let speech = Speech {
            index,
            seat,
            part,
            text,
            words,
            limit,
            target,
        };
        let side = side_of(seat).expect("a debater speaks");
        let over = speech.over_limit();
        let countered = part == Part::Answer && super::words::ends_with_question(&speech.text);
        self.speeches.push(speech.clone());
        self.scored.push(None);
        self.judged.push(false);
        self.countered.push(countered);
        self.push(Audience::Everyone, Event::Spoke(speech));
        if over {
            self.charge(
                Audience::Everyone,
                Charged::Seat(seat),
                -2,
                Rule::OverLimit,
                index,
            );
            self.charge(
                Audience::Everyone,
                Charged::Team(side),
                -3,
                Rule::OverLimit,
                index,
            );
        }
        if countered {
            self.charge(
                Audience::Everyone,
                Charged::Seat(seat),
                -2,
                Rule::CounterQuestion,
                index,
            );
        }
        index
    }

    fn charge(
        &mut self,
        audience: Audience,
        charged: Charged,
        points: i32,
        rule: Rule,
        speech: u32,
    ) {
        let penalty = Penalty {
            charged,
            points,
            rule,
            speech,
        };
        self.penalties.push(penalty.clone());
        self.push(audience, Event::Penalised(penalty));
    }

    /// Records the judge's labels for `speech` (or none: its deadline passed) and the
    /// penalties its flags carry.
    fn score(&mut self, speech: u32, labels: Option<(JudgeScores, String, bool)>) {
        let i = speech as usize;
        self.judged[i] = true;
        let Some((scores, comment, offline)) = labels else {
            return;
        };
        let s = &self.speeches[i];
        let (seat, part) = (s.seat, s.part);
        let scored = Scored {
            speech,
            seat,
            score_x100: scores.score_x100(),
            scores: scores.clone(),
            comment,
            offline,
        };
        self.scored[i] = Some(scored.clone());
        let audience = self.judge_audience();
        self.push(audience, Event::Scored(scored));
        if part == Part::Answer && scores.has(Flag::CounterQuestion) && !self.countered[i] {
            self.countered[i] = true;
            self.charge(
                audience,
                Charged::Seat(seat),
                -2,
                Rule::CounterQuestion,
                speech,
            );
        }
        if part == Part::Question && scores.has(Flag::AttackerAnswered) {
            self.charge(
                audience,
                Charged::Seat(seat),
                -2,
                Rule::AttackerAnswered,
                speech,
            );
        }
    }

    /// Opens the turn of the current scripted step (entering its stage), or the free
    /// debate, or ends the speaking.
    fn open_step(&mut self) {
        let step = plan::step(self.step);
        let stage = match step {
            Step::Speak { part, .. } | Step::Question { part, .. } => part.stage(),
            Step::Answer => Stage::CrossExamination,
            Step::Free => Stage::FreeDebate,
            Step::End => Stage::Finished,
        };
        if stage != self.stage {
            self.stage = stage;
            self.push(Audience::Everyone, Event::StageBegins { stage });
        }
        self.turn = match step {
            Step::Speak { seat, part } => {
                let seq = self.seq();
                Some(Open {
                    seat,
                    seq,
                    ask: Ask::Speak {
                        part,
                        limit: self.limits.of(part),
                        answering: None,
                        direction: None,
                        may_hand_off: false,
                    },
                })
            }
            Step::Question { seat, targets, .. } => {
                let seq = self.seq();
                Some(Open {
                    seat,
                    seq,
                    ask: Ask::Question {
                        limit: self.limits.question,
                        targets,
                    },
                })
            }
            Step::Answer => unreachable!("an answer opens with its question"),
            Step::Free => {
                self.free = Free::new(&self.limits);
                self.free_floor_turn();
                return;
            }
            Step::End => None,
        };
    }

    fn open_answer(&mut self, target: Seat, question: u32) {
        let seq = self.seq();
        self.turn = Some(Open {
            seat: target,
            seq,
            ask: Ask::Speak {
                part: Part::Answer,
                limit: self.limits.answer,
                answering: Some(question),
                direction: None,
                may_hand_off: false,
            },
        });
    }

    /// Offers the free-debate floor to the team whose turn it is (its captain, else its
    /// least-heard debater, who may hand it on).
    fn free_floor_turn(&mut self) {
        let side = self.free.floor;
        let seat = self.captains[side.index()]
            .filter(|c| side_of(*c) == Some(side))
            .unwrap_or_else(|| self.free.designated(side, &self.speeches));
        let seq = self.seq();
        self.turn = Some(Open {
            seat,
            seq,
            ask: Ask::Speak {
                part: Part::Free,
                limit: self.free.left[side.index()],
                answering: None,
                direction: None,
                may_hand_off: true,
            },
        });
    }

    fn free_speech(&mut self, seat: Seat, text: String) {
        let side = side_of(seat).expect("checked: a debater");
        let out_of_turn = side != self.free.floor;
        let limit = self.free.left[side.index()];
        let index = self.give(seat, Part::Free, text, limit, None);
        if out_of_turn {
            self.charge(
                Audience::Everyone,
                Charged::Team(side),
                -3,
                Rule::SameTeamTwice,
                index,
            );
        }
        let words = self.speeches[index as usize].words;
        self.free.spoke(side, words);
        self.push(
            Audience::Everyone,
            Event::Clock {
                left: self.free.left,
            },
        );
        self.after_free_turn();
    }

    fn after_free_turn(&mut self) {
        if self.free.is_over(&self.limits) {
            self.step += 1;
            self.open_step();
        } else {
            self.free_floor_turn();
        }
    }

    /// Opens the judge's next ask, and ends the debate once everything is judged.
    fn settle(&mut self) {
        let wanted = self
            .judged
            .iter()
            .position(|j| !j)
            .map(|i| Ask::Judge { speech: i as u32 });
        if self.stage == Stage::Finished && !self.reviewed && self.review.is_none() {
            let seq = self.seq();
            self.review = Some(Open {
                seat: JUDGE,
                seq,
                ask: Ask::Review,
            });
        }
        if self.reviewed {
            self.review = None;
        }
        let same = match (&self.judge, &wanted) {
            (Some(open), Some(ask)) => open.ask == *ask,
            (None, None) => true,
            _ => false,
        };
        if !same {
            self.judge = match wanted {
                Some(ask) => {
                    let seq = self.seq();
                    Some(Open {
                        seat: JUDGE,
                        seq,
                        ask,
                    })
                }
                None => None,
            };
        }
        if self.stage == Stage::Finished
            && self.reviewed
            && self.judge.is_none()
            && self.totals.is_none()
        {
            let totals = self.running_totals();
            self.push(
                Audience::Everyone,
                Event::Finished {
                    winner: totals.winner,
                    team_x100: totals.team_x100,
                    best: totals.best,
                },
            );
            self.totals = Some(totals);
        }
    }
}
