//! Werewolf as a [`Game`] the session layer runs: its asks with their timer keys, its log,
//! and its outcome (winner, roles, GPP).

use super::claims::Claims;
use super::event::SpeechKind;
use super::{Action, Ask, Audience, Event, Logged, Phase, Refusal, Seat, Werewolf};
use crate::outcome::{Outcome, SeatOutcome};
use crate::{Game, Pending};

impl Game for Werewolf {
    type Action = Action;
    type Ask = Ask;
    type Event = Event;
    type Refusal = Refusal;

    fn seat_count(&self) -> Seat {
        Werewolf::seat_count(self) as Seat
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
    /// Every speech is public, as it will be when it is taken; what it claims is read then.
    fn draft(&self, seat: Seat, ask: &Ask, text: &str) -> Option<Logged> {
        let kind = SpeechKind::of(ask.kind)?;
        Some(Logged {
            audience: Audience::Everyone,
            event: Event::Speech {
                seat,
                kind,
                text: text.to_string(),
                claims: Claims::default(),
            },
        })
    }
    /// Before each day speech (the sheriff campaign's too) on a board where a wolf may
    /// explode, the living wolves in seat order, as the ladder asks them.
    fn volunteers(&self) -> Vec<Seat> {
        Werewolf::volunteers(self).iter().collect()
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
    fn phase(&self) -> u32 {
        Werewolf::phase_number(self)
    }
    /// A night on a board with full nights: the first step (the wolves, with the guard
    /// and the seer alongside) and the witch's, each its full time.
    fn floor(&self) -> &'static [&'static str] {
        if self.board().full_nights && self.phase() == Phase::Night {
            &["wolves", "witch"]
        } else {
            &[]
        }
    }
    fn can_idle_out(&self, seat: Seat) -> bool {
        Werewolf::can_idle_out(self, seat)
    }
    fn idle_out(&mut self, seat: Seat) {
        Werewolf::idle_out(self, seat)
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
                    score: self.gpp()[i] as f64,
                    won: winner.side() == Some(role.side()),
                    details: gpp_breakdown(self, i as Seat + 1),
                })
                .collect(),
            // The board, on any but the default one (whose games record nothing, as
            // before boards).
            details: if self.board().id == super::Board::seed9().id {
                serde_json::Value::Null
            } else {
                serde_json::json!({ "board": self.board().id })
            },
        })
    }
}

/// A seat's GPP by reason (`{"gpp": {"vote": 3, "team_win": 5}}`), from the game's log.
fn gpp_breakdown(game: &Werewolf, seat: Seat) -> serde_json::Value {
    let mut by_reason = serde_json::Map::new();
    for logged in game.log() {
        if let Event::Scored {
            seat: s,
            points,
            reason,
        } = &logged.event
        {
            if *s == seat {
                let key = serde_json::to_value(reason)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default();
                let total = by_reason.get(&key).and_then(|v| v.as_i64()).unwrap_or(0);
                by_reason.insert(key, serde_json::json!(total + *points as i64));
            }
        }
    }
    serde_json::json!({ "gpp": by_reason })
}
