//! The trial game as the core sees it: see [`GameEntry`].

use crate::config::Config;
use crate::kits::AnyKit;
use crate::registry::entry::GameEntry;
use std::sync::Arc;

pub struct TrialGame;

impl GameEntry for TrialGame {
    fn name(&self) -> &'static str {
        "trial"
    }
    fn open_kit(&self, config: &Config, quiet: bool) -> anyhow::Result<AnyKit> {
        Ok(Arc::new(crate::trial::kit::trial_kit(config, quiet)?))
    }
    fn stats(&self) -> &'static dyn crate::stats::GameStats {
        &crate::trial::stats::TrialStats
    }
    fn replay_session<'a>(
        &'a self,
        store: &'a crate::store::Store,
        row: &'a crate::store::SessionRow,
        seat: Option<crate::games::Seat>,
        detail: bool,
    ) -> futures::future::BoxFuture<'a, anyhow::Result<String>> {
        Box::pin(crate::trial::replay::story_of_session(
            store, row, seat, detail,
        ))
    }
    fn run_scenario(
        &self,
        text: &str,
        _head: &serde_json::Value,
        _config: &Config,
        kits: &crate::kits::Kits,
    ) -> Result<serde_json::Value, crate::scenario::ScenarioError> {
        crate::trial::scenario::run(text, kits.get())
    }
    fn scenario_kit(&self) -> anyhow::Result<Option<AnyKit>> {
        Ok(Some(Arc::new(crate::trial::kit::trial_content_kit()?)))
    }
}
