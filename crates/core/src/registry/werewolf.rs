//! The werewolf game as the core sees it: see [`GameEntry`].

use super::GameEntry;
use crate::config::Config;
use crate::games::GameKind;
use crate::kits::AnyKit;
use std::sync::Arc;

pub struct WerewolfGame;

impl GameEntry for WerewolfGame {
    fn kind(&self) -> GameKind {
        GameKind::Werewolf
    }
    fn open_kit(&self, config: &Config, quiet: bool) -> anyhow::Result<AnyKit> {
        Ok(Arc::new(crate::kits::agent_kit(config, quiet)?))
    }
    fn stats(&self) -> &'static dyn crate::stats::GameStats {
        &crate::stats::werewolf::WerewolfStats
    }
}
