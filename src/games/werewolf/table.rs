//! Werewolf as a [`Game`] the session layer runs: its asks with their timer keys, its log,
//! and its outcome (winner, roles, GPP).

use super::{Action, Ask, Event, Logged, Refusal, Seat, Werewolf, SEATS};
use crate::games::{Game, GameKind, Pending};
use crate::store::{Outcome, SeatOutcome};

impl Game for Werewolf {
    type Action = Action;
    type Ask = Ask;
    type Event = Event;
    type Refusal = Refusal;

    fn kind(&self) -> GameKind {
        GameKind::Werewolf
    }
    fn seat_count(&self) -> Seat {
        SEATS as Seat
    }
    fn pending(&self) -> Vec<Pending<Ask>> {
        self.asks()
            .iter()
            .map(|a| Pending {
                seat: a.seat,
                seq: a.seq,
                timer: a.kind.timer_key(),
                ask: *a,
            })
            .collect()
    }
    fn check(&self, seat: Seat, action: &Action) -> Result<(), Refusal> {
        Werewolf::check(self, seat, action)
    }
    fn act(&mut self, seat: Seat, action: Action) -> Result<(), Refusal> {
        Werewolf::act(self, seat, action)
    }
    fn timeout(&mut self, seat: Seat) -> Result<(), Refusal> {
        Werewolf::timeout(self, seat)
    }
    fn log(&self) -> &[Logged] {
        Werewolf::log(self)
    }
    fn outcome(&self) -> Option<Outcome> {
        let winner = self.winner()?;
        Some(Outcome {
            winner: winner.name().to_string(),
            seats: self
                .roles()
                .iter()
                .enumerate()
                .map(|(i, role)| SeatOutcome {
                    seat: i as u8 + 1,
                    role: role.name().to_string(),
                    score: self.gpp()[i] as i64,
                    won: winner.side() == Some(role.side()),
                })
                .collect(),
        })
    }
}
