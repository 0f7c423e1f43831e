//! The moderated debate as a [`Game`] the session layer runs: its one open ask with its
//! timer key, its log, and its outcome (each participant's final score with its round
//! means and evaluation; the winner by seat, or `draw`).

use super::types::{Action, Ask, Event, Refusal};
use super::ModeratedDebate;
use crate::outcome::{Outcome, SeatOutcome};
use serde_json::json;

crate::debate::panel_game::panel_game!(ModeratedDebate, panel: moderator);

impl ModeratedDebate {
    /// The outcome, once the debate is over.
    fn outcome_of(&self) -> Option<Outcome> {
        let last = self.final_review()?;
        let s = self.standing();
        let offline = last.offline || self.reviews().iter().any(|r| r.offline);
        let seats = (1..=self.participants())
            .map(|seat| {
                let i = seat as usize - 1;
                let skipped = self
                    .speeches()
                    .iter()
                    .filter(|x| x.seat == seat && x.skipped)
                    .count();
                SeatOutcome {
                    seat,
                    role: "rounds".into(),
                    score: s.scores[i],
                    won: s.winner == Some(seat),
                    details: json!({
                        "round_mean": s.round_means[i],
                        "evaluation": s.evaluations[i],
                        "skipped": skipped,
                    }),
                }
            })
            .collect();
        Some(Outcome {
            winner: s
                .winner
                .map_or_else(|| "draw".to_string(), |w| w.to_string()),
            seats,
            details: json!({
                "format": "rounds",
                "victory": s.victory.name(),
                "passes_agree": s.passes_agree,
                "margin": s.margin,
                "offline": offline,
            }),
        })
    }
}
