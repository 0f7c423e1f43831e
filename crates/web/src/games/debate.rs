//! A debate's page: the speeches, the moderator's posts and the verdict as the room saw
//! them (every speech whole; teams' threads and the judge's private notes stay out), and
//! a social debate's stances over its rounds.

use super::{public, trail_series, GameView, Section, Stories};
use agora_core::store::FinishedGame;

pub struct DebateView;

impl GameView for DebateView {
    fn sections(&self, stories: &Stories) -> Vec<Section> {
        vec![Section {
            title: "The debate".into(),
            note: "Every speech as it was given, the moderator's posts and the verdict.".into(),
            lines: public(&stories.whole),
        }]
    }
    /// The team debate's story cuts long speeches unless told in detail; the moderated
    /// and the social debate's tell everything already.
    fn detailed(&self, game: &FinishedGame) -> bool {
        game.details.get("format").and_then(|f| f.as_str()) == Some("team")
    }
    fn chart(&self, game: &FinishedGame, names: &[String]) -> Option<String> {
        let trail = game.details.get("trail")?;
        let series = trail_series(trail, names, |v| {
            v.as_array()?.first()?.as_f64().map(|s| s * 100.0)
        });
        crate::svg::lines(
            "Stances by round (−100 against the motion, +100 for)",
            "round",
            -100.0..100.0,
            &series,
        )
    }
}
