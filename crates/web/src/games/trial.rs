//! A trial's page: the case, every message to a juror and each juror's answer, the
//! evidence, the deliberation and the verdict; and the jurors' stances moving over the
//! session.

use super::{public, trail_series, GameView, Section, Stories};
use agora_core::store::FinishedGame;

pub struct TrialView;

impl GameView for TrialView {
    fn sections(&self, stories: &Stories) -> Vec<Section> {
        vec![Section {
            title: "The trial".into(),
            note: "What each advocate told each juror, the jurors' answers, the deliberation and the verdict.".into(),
            lines: public(&stories.whole),
        }]
    }
    fn chart(&self, game: &FinishedGame, _names: &[String]) -> Option<String> {
        let jurors: Vec<String> = game
            .details
            .get("jurors")?
            .as_array()?
            .iter()
            .filter_map(|j| j.get("juror")?.as_str())
            .map(|id| {
                let name = id.strip_prefix("juror_").unwrap_or(id);
                agora_core::stats::names::capitalised(name)
            })
            .collect();
        let series = trail_series(game.details.get("trail")?, &jurors, |v| v.as_f64());
        crate::svg::lines(
            "Juror stances (−100 guilty, +100 not guilty; the vote splits at 0)",
            "step",
            -100.0..100.0,
            &series,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trial_charts_its_jurors_stances() {
        let details: serde_json::Value = serde_json::json!({
            "jurors": [{"juror": "juror_wang"}, {"juror": "juror_liu"}],
            "trail": [[0.0, -20.0], [10.0, -15.0], [40.0, 5.0]]
        });
        let game = FinishedGame {
            id: "t".into(),
            game: "trial".into(),
            community: "c".into(),
            winner: "guilty".into(),
            details,
            finished_at: 0,
            seats: vec![],
        };
        let svg = TrialView.chart(&game, &[]).expect("a chart");
        assert!(svg.contains("Wang") && svg.contains("Liu"), "{svg}");
    }
}
