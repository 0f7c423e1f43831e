//! What the generic core asks of a game: [`GameEntry`], which each game implements in its
//! file beside this one. It names no other part of the registry, so the games' files stand
//! below the list that registers them.

use crate::config::Config;
use crate::kits::{AnyKit, Kits};
use crate::scenario::ScenarioError;
use crate::stats::GameStats;

/// What the generic core asks of a game.
pub trait GameEntry: Sync {
    /// The name stored with its sessions and results and typed in commands (`werewolf`);
    /// its kind is [`GameKind::parse`](super::GameKind::parse) of it.
    fn name(&self) -> &'static str;
    /// The game's players' kit, from the configuration and the environment (said in one
    /// line unless `quiet`); an error names the broken file or setting.
    fn open_kit(&self, config: &Config, quiet: bool) -> anyhow::Result<AnyKit>;
    /// The game's statistics: its boards, how it names its AI players, how `agora
    /// sessions` tells its sessions (its file in `stats/`).
    fn stats(&self) -> &'static dyn GameStats;
    /// Whether the files that name no `"game"` (scenarios, and records written before
    /// games were named in them) are this game's. Exactly one registered game says yes.
    fn untagged_files(&self) -> bool {
        false
    }
    /// Tells a recorded game file of this game (`agora replay FILE`: `text`, read from
    /// `path`, parsed as `head`), god view or one seat's; `None` if this game writes no
    /// record files.
    fn replay_record(
        &self,
        _path: &std::path::Path,
        _text: &str,
        _head: serde_json::Value,
        _seat: Option<crate::games::Seat>,
        _detail: bool,
    ) -> Option<anyhow::Result<String>> {
        None
    }
    /// Tells a stored session of this game (`agora replay --session ID`), rebuilt from
    /// its stored inputs, god view or one seat's.
    fn replay_session<'a>(
        &'a self,
        store: &'a crate::store::Store,
        row: &'a crate::store::SessionRow,
        seat: Option<crate::games::Seat>,
        detail: bool,
    ) -> futures::future::BoxFuture<'a, anyhow::Result<String>>;
    /// Runs a scenario file of this game (`agora scenario FILE`: `text`, parsed as
    /// `head`) over the configured rules and this game's kit in `kits`, as one JSON value.
    fn run_scenario(
        &self,
        text: &str,
        head: &serde_json::Value,
        config: &Config,
        kits: &Kits,
    ) -> Result<serde_json::Value, ScenarioError>;
    /// The kit this game's scenarios take (its content, no model), if any: what
    /// `agora scenario` opens.
    fn scenario_kit(&self) -> anyhow::Result<Option<AnyKit>> {
        Ok(None)
    }
}
