//! Whether an action may be taken now: the seat, the stage, whose turn it is, the
//! free-debate floor and clocks. Pure; changes nothing.

use super::*;

impl TeamDebate {
    /// Whether `seat` may take `action` now; changes nothing.
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), Refusal> {
        if seat == 0 || seat > SEATS {
            return Err(Refusal::NoSuchSeat(seat));
        }
        if self.is_over() {
            return Err(Refusal::Over);
        }
        match action {
            Action::Score { speech, scores, .. } => {
                self.only_judge(seat)?;
                match self.judged.get(*speech as usize) {
                    None => Err(Refusal::Wrong(format!(
                        "there is no speech {speech} to score"
                    ))),
                    Some(true) => Err(Refusal::Wrong(format!("speech {speech} is scored already"))),
                    Some(false) => scores.check(),
                }
            }
            Action::Review { .. } => {
                self.only_judge(seat)?;
                if self.stage != Stage::Finished || self.reviewed {
                    return Err(Refusal::Wrong(
                        "the final review comes once, after the closing statements".into(),
                    ));
                }
                Ok(())
            }
            Action::TeamNote { text } => {
                self.only_debater(seat)?;
                if self.stage == Stage::Finished {
                    return Err(Refusal::Over);
                }
                if text.trim().is_empty() {
                    return Err(Refusal::Empty);
                }
                Ok(())
            }
            Action::Speak { text } => {
                self.only_debater(seat)?;
                if text.trim().is_empty() {
                    return Err(Refusal::Empty);
                }
                if self.stage == Stage::FreeDebate {
                    return self.free.check_speaker(seat);
                }
                match &self.turn {
                    Some(Open {
                        seat: s,
                        ask: Ask::Speak { .. },
                        ..
                    }) if *s == seat => Ok(()),
                    Some(Open {
                        seat: s,
                        ask: Ask::Question { .. },
                        ..
                    }) if *s == seat => Err(Refusal::Wrong(
                        "ask your questions and name who answers (`ask`)".into(),
                    )),
                    _ => Err(self.not_your_turn(seat)),
                }
            }
            Action::Rest => {
                self.only_debater(seat)?;
                if self.stage != Stage::FreeDebate {
                    return Err(Refusal::Wrong(
                        "a team rests its case only in free debate".into(),
                    ));
                }
                if side_of(seat) != Some(self.free.floor) {
                    return Err(Refusal::Wrong(
                        "only the team with the floor may rest its case".into(),
                    ));
                }
                self.free.check_speaker(seat)
            }
            Action::Ask { target, text } => {
                self.only_debater(seat)?;
                match &self.turn {
                    Some(Open {
                        seat: s,
                        ask: Ask::Question { targets, .. },
                        ..
                    }) if *s == seat => {
                        if !targets.contains(target) {
                            return Err(Refusal::BadTarget {
                                target: seat_title(*target),
                                allowed: format!(
                                    "{} or {}",
                                    seat_title(targets[0]),
                                    seat_title(targets[1])
                                ),
                            });
                        }
                        if text.trim().is_empty() {
                            return Err(Refusal::Empty);
                        }
                        Ok(())
                    }
                    _ => Err(self.not_your_turn(seat)),
                }
            }
            Action::HandOff { to, .. } => {
                self.only_debater(seat)?;
                match &self.turn {
                    Some(Open {
                        seat: s,
                        ask:
                            Ask::Speak {
                                may_hand_off: true, ..
                            },
                        ..
                    }) if *s == seat => {
                        if side_of(*to) != side_of(seat) || *to == seat {
                            return Err(Refusal::Wrong(format!(
                                "hand the floor to a teammate, not {}",
                                seat_title(*to)
                            )));
                        }
                        Ok(())
                    }
                    _ => Err(Refusal::Wrong(
                        "only the debater offered the free-debate floor may hand it on".into(),
                    )),
                }
            }
        }
    }

    fn only_judge(&self, seat: Seat) -> Result<(), Refusal> {
        if seat == JUDGE {
            Ok(())
        } else {
            Err(Refusal::Wrong("only the judge scores and reviews".into()))
        }
    }

    fn only_debater(&self, seat: Seat) -> Result<(), Refusal> {
        if side_of(seat).is_some() {
            Ok(())
        } else {
            Err(Refusal::Wrong(
                "the judge does not speak in the debate".into(),
            ))
        }
    }

    pub(super) fn not_your_turn(&self, seat: Seat) -> Refusal {
        let expected = match &self.turn {
            Some(open) => match &open.ask {
                Ask::Question { .. } => format!("{} is cross-examining", seat_title(open.seat)),
                Ask::Speak { part, .. } => {
                    format!("{} gives the {}", seat_title(open.seat), part.title())
                }
                _ => "the judge is scoring".into(),
            },
            None => "the speeches are over".into(),
        };
        Refusal::NotYourTurn {
            who: seat_title(seat),
            expected,
        }
    }
}
