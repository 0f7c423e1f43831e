//! The social debate as a [`Game`] the session layer runs: its one open ask, its log, and
//! its outcome (each participant's score with its final stance, conviction and surrender;
//! the winner by seat, or `tie`).

use super::types::{Action, Ask, Event, Refusal};
use super::SocialDebate;
use crate::outcome::{Outcome, SeatOutcome};
use crate::Seat;
use serde_json::json;

crate::debate::panel_game::panel_game!(SocialDebate, panel: evaluator);

impl SocialDebate {
    /// The outcome, once the debate is over.
    fn outcome_of(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let scores = self.scores();
        let (winner, verdict) = self.verdict();
        let offline = self
            .log()
            .iter()
            .any(|l| matches!(l.event, Event::Rated { offline: true, .. }));
        let seats = self
            .minds()
            .iter()
            .enumerate()
            .map(|(i, m)| SeatOutcome {
                seat: i as Seat + 1,
                role: "social".into(),
                score: scores[i],
                won: winner == Some(i as Seat + 1),
                details: json!({
                    "stance": m.stance,
                    "conviction": m.conviction,
                    "surrendered": m.surrendered,
                }),
            })
            .collect();
        Some(Outcome {
            winner: winner.map_or_else(|| "tie".to_string(), |w| w.to_string()),
            seats,
            details: json!({
                "format": "social",
                "verdict": verdict.name(),
                "offline": offline,
                "trail": self.trail(),
            }),
        })
    }
}
