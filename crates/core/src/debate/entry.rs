//! The debate game as the core sees it: see [`GameEntry`].

use crate::config::Config;
use crate::kits::AnyKit;
use crate::registry::entry::GameEntry;
use std::sync::Arc;

pub struct DebateGame;

impl GameEntry for DebateGame {
    fn name(&self) -> &'static str {
        "debate"
    }
    fn open_kit(&self, config: &Config, quiet: bool) -> anyhow::Result<AnyKit> {
        Ok(Arc::new(crate::debate::kit::debate_kit(config, quiet)?))
    }
    fn stats(&self) -> &'static dyn crate::stats::GameStats {
        &crate::debate::stats::DebateStats
    }
    fn replay_record(
        &self,
        path: &std::path::Path,
        text: &str,
        head: serde_json::Value,
        seat: Option<crate::games::Seat>,
        detail: bool,
    ) -> Option<anyhow::Result<String>> {
        Some(crate::debate::replay::story_of_file(
            path, text, head, seat, detail,
        ))
    }
    fn replay_session<'a>(
        &'a self,
        store: &'a crate::store::Store,
        row: &'a crate::store::SessionRow,
        seat: Option<crate::games::Seat>,
        detail: bool,
    ) -> futures::future::BoxFuture<'a, anyhow::Result<String>> {
        Box::pin(crate::debate::replay::story_of_session(
            store, row, seat, detail,
        ))
    }
    fn run_scenario(
        &self,
        text: &str,
        head: &serde_json::Value,
        _config: &Config,
        kits: &crate::kits::Kits,
    ) -> Result<serde_json::Value, crate::scenario::ScenarioError> {
        crate::debate::scenario::run_any(text, head, kits.get())
    }
    fn scenario_kit(&self) -> anyhow::Result<Option<AnyKit>> {
        let content = crate::agents::content::content_dir();
        let kit = crate::agents::debate::DebateKit::offline(Some(&content))?;
        Ok(Some(Arc::new(kit)))
    }
}
