//! The trial game as the core sees it: see [`GameEntry`].

use super::GameEntry;
use crate::config::Config;
use crate::games::GameKind;
use crate::kits::AnyKit;
use std::sync::Arc;

pub struct TrialGame;

impl GameEntry for TrialGame {
    fn kind(&self) -> GameKind {
        GameKind::Trial
    }
    fn open_kit(&self, config: &Config, quiet: bool) -> anyhow::Result<AnyKit> {
        Ok(Arc::new(crate::kits::trial_kit(config, quiet)?))
    }
    fn stats(&self) -> &'static dyn crate::stats::GameStats {
        &crate::stats::trial::TrialStats
    }
}
