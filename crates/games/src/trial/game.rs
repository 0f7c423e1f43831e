//! The trial as a [`Game`] the session layer runs: its open asks (players' arguments, the
//! jurors' labels and answers, deliberation), its log, and its outcome (the verdict; each
//! player's shift toward their side and whether their side won; in the details each
//! juror's vote with its first and final stance — jurors are not players and hold no
//! result of their own).

use super::types::{Action, Ask, Event, Refusal};
use super::Trial;
use crate::outcome::{Outcome, SeatOutcome};
use crate::{Audience, Game, Logged, Pending, Seat};
use serde_json::json;

impl Game for Trial {
    type Action = Action;
    type Ask = Ask;
    type Event = Event;
    type Refusal = Refusal;

    fn seat_count(&self) -> Seat {
        self.players() + self.jurors().len() as Seat
    }
    fn pending(&self) -> Vec<Pending<Ask>> {
        self.asks()
            .into_iter()
            .map(|(seat, seq, ask)| Pending {
                seat,
                seq,
                timer: ask.timer_key(),
                ask,
            })
            .collect()
    }
    fn check(&self, seat: Seat, action: &Action) -> Result<(), Refusal> {
        Trial::check(self, seat, action)
    }
    /// A juror's answer to a player, statement or response in deliberation is public, as
    /// it will be when given (never its labels or its stance); nothing else is a speech.
    fn draft(&self, seat: Seat, ask: &Ask, text: &str) -> Option<Logged<Event>> {
        let juror = self.jurors().get(self.juror_of(seat)?)?.id.clone();
        let text = text.to_string();
        let event = match ask {
            Ask::Reply { player, .. } => Event::Replied {
                juror,
                player: *player,
                text,
                hint: None,
            },
            Ask::Deliberate { round, .. } => Event::Stated {
                round: *round,
                juror,
                text,
            },
            Ask::Respond { round, .. } => Event::Responded {
                round: *round,
                juror,
                text,
            },
            _ => return None,
        };
        Some(Logged {
            audience: Audience::Everyone,
            event,
        })
    }
    fn act(&mut self, seat: Seat, action: Action) -> Result<(), Refusal> {
        Trial::act(self, seat, action)
    }
    fn timeout(&mut self, seat: Seat) -> Result<(), Refusal> {
        Trial::timeout(self, seat)
    }
    fn log(&self) -> &[Logged<Event>] {
        Trial::log(self)
    }
    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let not_guilty = self.not_guilty();
        let offline = self.log().iter().any(|l| {
            matches!(
                l.event,
                Event::Heard { offline: true, .. } | Event::Deliberated { offline: true, .. }
            )
        });
        let shifts = self.shifts();
        let seats: Vec<SeatOutcome> = self
            .setup()
            .sides
            .iter()
            .enumerate()
            .map(|(i, side)| SeatOutcome {
                seat: i as Seat + 1,
                role: side.name().into(),
                score: shifts[i],
                won: side.wants_not_guilty() == not_guilty,
                details: json!({ "shift": shifts[i] }),
            })
            .collect();
        let jurors: Vec<_> = self
            .jurors()
            .iter()
            .enumerate()
            .map(|(j, juror)| {
                json!({
                    "juror": juror.id,
                    "seat": self.juror_seat(j),
                    "initial": self.initial()[j],
                    "final": juror.stance,
                    "vote": if juror.not_guilty() { "NOT_GUILTY" } else { "GUILTY" },
                })
            })
            .collect();
        Some(Outcome {
            winner: if not_guilty { "not_guilty" } else { "guilty" }.into(),
            seats,
            details: json!({
                "case": self.setup().case,
                "mode": self.rules().mode.name(),
                "verdict": if not_guilty { "NOT_GUILTY" } else { "GUILTY" },
                "offline": offline,
                "jurors": jurors,
                "trail": self.trail(),
            }),
        })
    }
}
