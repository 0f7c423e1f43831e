//! The werewolf game as the core sees it: see [`GameEntry`].

use crate::config::Config;
use crate::kits::AnyKit;
use crate::registry::entry::GameEntry;
use std::sync::Arc;

pub struct WerewolfGame;

impl GameEntry for WerewolfGame {
    fn name(&self) -> &'static str {
        "werewolf"
    }
    fn open_kit(&self, config: &Config, quiet: bool) -> anyhow::Result<AnyKit> {
        Ok(Arc::new(crate::werewolf::kit::agent_kit(config, quiet)?))
    }
    fn stats(&self) -> &'static dyn crate::stats::GameStats {
        &crate::werewolf::stats::WerewolfStats
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
        Some(crate::werewolf::replay::story_of_file(path, seat, detail))
    }
    fn replay_session<'a>(
        &'a self,
        store: &'a crate::store::Store,
        row: &'a crate::store::SessionRow,
        seat: Option<crate::games::Seat>,
        detail: bool,
    ) -> futures::future::BoxFuture<'a, anyhow::Result<String>> {
        Box::pin(crate::werewolf::replay::story_of_session(
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
        let report = crate::werewolf::scenario::run(text, &config.werewolf.rules)?;
        Ok(serde_json::to_value(report)?)
    }
}
