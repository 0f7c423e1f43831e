//! The werewolf game as the core sees it: see [`GameEntry`].

use super::entry::GameEntry;
use crate::config::Config;
use crate::kits::AnyKit;
use std::sync::Arc;

pub struct WerewolfGame;

impl GameEntry for WerewolfGame {
    fn name(&self) -> &'static str {
        "werewolf"
    }
    fn open_kit(&self, config: &Config, quiet: bool) -> anyhow::Result<AnyKit> {
        Ok(Arc::new(crate::kits::werewolf::agent_kit(config, quiet)?))
    }
    fn stats(&self) -> &'static dyn crate::stats::GameStats {
        &crate::stats::werewolf::WerewolfStats
    }
    fn untagged_files(&self) -> bool {
        true
    }
    fn replay_record(
        &self,
        path: &std::path::Path,
        _text: &str,
        _head: serde_json::Value,
        seat: Option<crate::games::Seat>,
        detail: bool,
    ) -> Option<anyhow::Result<String>> {
        Some(crate::replay::werewolf::story_of_file(path, seat, detail))
    }
    fn replay_session<'a>(
        &'a self,
        store: &'a crate::store::Store,
        row: &'a crate::store::SessionRow,
        seat: Option<crate::games::Seat>,
        detail: bool,
    ) -> futures::future::BoxFuture<'a, anyhow::Result<String>> {
        Box::pin(crate::replay::werewolf::story_of_session(
            store, row, seat, detail,
        ))
    }
    fn run_scenario(
        &self,
        text: &str,
        _head: &serde_json::Value,
        config: &Config,
        _kits: &crate::kits::Kits,
    ) -> Result<serde_json::Value, crate::scenario::ScenarioError> {
        let report = crate::scenario::werewolf::run(text, &config.werewolf.rules)?;
        Ok(serde_json::to_value(report)?)
    }
}

#[cfg(test)]
mod routing_tests {
    use super::super::dispatch::story_of_file;
    use crate::agents::werewolf::Strategy;
    use crate::replay::werewolf::write_record;
    use crate::sim::werewolf::{play, Lineup};
    use std::sync::Arc;

    #[test]
    fn a_file_is_told_by_the_game_it_names_and_untagged_files_by_the_untagged_game() {
        let dir = std::env::temp_dir().join(format!("agora-replay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let lineup = Lineup {
            good: Strategy::Heuristic,
            wolves: Strategy::Heuristic,
        };
        let game = play(&Arc::new(Default::default()), 3, lineup);
        let path = write_record(&dir, 3, &game).unwrap();
        let story = story_of_file(&path, None, false).unwrap();
        assert!(story.starts_with("Game 3 (god view)."), "{story}");
        assert!(story_of_file(&path, Some(2), false)
            .unwrap()
            .starts_with("Game 3 as seen by seat 2"));
        // A game that writes no records: the file is read as the untagged game's.
        let trial = dir.join("trial.json");
        std::fs::write(&trial, r#"{"game": "trial"}"#).unwrap();
        let err = story_of_file(&trial, None, false).unwrap_err().to_string();
        assert!(
            err.contains("not a recorded game: missing field `seed`"),
            "{err}"
        );
        // A debate file goes to the debate's replay.
        let debate = dir.join("debate.json");
        std::fs::write(&debate, r#"{"game": "debate", "format": "rounds"}"#).unwrap();
        let err = story_of_file(&debate, None, true).unwrap_err().to_string();
        assert!(err.starts_with("--detail does not apply"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
