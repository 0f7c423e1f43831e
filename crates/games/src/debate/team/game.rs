//! The team debate as a [`Game`] the session layer runs: its asks with their timer keys,
//! its log, and its outcome (the winner, each debater's total with its speeches, penalties
//! and awards).

use super::types::{
    position_of, seat_name, side_of, Action, Ask, Charged, Event, Part, Refusal, Speech, JUDGE,
};
use super::TeamDebate;
use crate::outcome::{Outcome, SeatOutcome};
use crate::{Audience, Game, Logged, Pending, Seat};
use serde_json::json;

impl Game for TeamDebate {
    type Action = Action;
    type Ask = Ask;
    type Event = Event;
    type Refusal = Refusal;

    fn seat_count(&self) -> Seat {
        JUDGE
    }
    fn pending(&self) -> Vec<Pending<Ask>> {
        self.asks()
            .into_iter()
            .map(|open| Pending {
                seat: open.seat,
                seq: open.seq,
                timer: open.ask.timer_key(),
                ask: open.ask,
            })
            .collect()
    }
    fn check(&self, seat: Seat, action: &Action) -> Result<(), Refusal> {
        TeamDebate::check(self, seat, action)
    }
    fn is_aside(&self, action: &Action) -> bool {
        action.is_aside()
    }
    fn reading_words(&self, action: &Action) -> u32 {
        match action {
            Action::Speak { .. } | Action::Ask { .. } => {
                self.speeches().last().map_or(0, |s| s.words)
            }
            _ => 0,
        }
    }
    /// A speech or a cross-examiner's questions (before the answerer is named) is public,
    /// as it will be when given; a team's note and the judge's labels are not speeches.
    fn draft(&self, seat: Seat, ask: &Ask, text: &str) -> Option<Logged<Event>> {
        let (part, limit) = match ask {
            Ask::Speak { part, limit, .. } => (*part, *limit),
            Ask::Question { limit, .. } => (Part::Question, *limit),
            Ask::Judge { .. } | Ask::Review => return None,
        };
        Some(Logged {
            audience: Audience::Everyone,
            event: Event::Spoke(Speech {
                index: self.speeches().len() as u32,
                seat,
                part,
                text: text.to_string(),
                words: crate::debate::words::count(text),
                limit,
                target: None,
            }),
        })
    }
    fn act(&mut self, seat: Seat, action: Action) -> Result<(), Refusal> {
        TeamDebate::act(self, seat, action)
    }
    fn timeout(&mut self, seat: Seat) -> Result<(), Refusal> {
        TeamDebate::timeout(self, seat)
    }
    fn log(&self) -> &[Logged<Event>] {
        TeamDebate::log(self)
    }
    fn outcome(&self) -> Option<Outcome> {
        let totals = self.totals()?;
        let offline = self.scores().iter().flatten().any(|s| s.offline);
        let seats = (1..JUDGE)
            .map(|seat| {
                let side = side_of(seat).expect("a debater");
                let mine: Vec<_> = self
                    .scores()
                    .iter()
                    .flatten()
                    .filter(|s| s.seat == seat)
                    .collect();
                let given = self.speeches().iter().filter(|s| s.seat == seat).count();
                let penalties: i32 = self
                    .penalties()
                    .iter()
                    .filter(|p| p.charged == Charged::Seat(seat))
                    .map(|p| p.points)
                    .sum();
                SeatOutcome {
                    seat,
                    role: seat_name(seat),
                    score: totals.individual(seat),
                    won: totals.winner.side() == Some(side),
                    details: json!({
                        "side": side.name(),
                        "position": position_of(seat),
                        "speeches": given,
                        "scored": mine.len(),
                        "speech_total": mine.iter().map(|s| s.score_x100).sum::<i32>() as f64 / 100.0,
                        "penalties": penalties,
                        "best": totals.best == seat,
                        "offline_scores": mine.iter().filter(|s| s.offline).count(),
                    }),
                }
            })
            .collect();
        Some(Outcome {
            winner: totals.winner.name().to_string(),
            seats,
            details: json!({
                "format": "team",
                "motion": self.motion(),
                "team": {
                    "pro": totals.team_x100[0] as f64 / 100.0,
                    "con": totals.team_x100[1] as f64 / 100.0,
                },
                "best_debater": seat_name(totals.best),
                "offline": offline,
            }),
        })
    }
}
