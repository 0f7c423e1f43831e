//! One list of games. Each game describes itself once, in a file of its own here (its
//! kind, its players' kit, how a stored session of it is told, …), as a [`GameEntry`];
//! [`GAMES`] registers them, and the generic core (kits, replay, scenarios, stats, resume)
//! iterates it or looks a game up by its kind instead of naming games.
//!
//! Adding a game to the core: its folders, a file here implementing [`GameEntry`], and
//! one line in [`GAMES`].

mod debate;
mod trial;
mod werewolf;

use crate::config::Config;
use crate::kits::AnyKit;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Every game Agora runs. Adding a game adds a variant here and its entry in [`GAMES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    Werewolf,
    Debate,
    Trial,
}

impl GameKind {
    pub const ALL: [GameKind; 3] = [GameKind::Werewolf, GameKind::Debate, GameKind::Trial];

    /// The name stored with sessions and results and typed in commands.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Werewolf => "werewolf",
            GameKind::Debate => "debate",
            GameKind::Trial => "trial",
        }
    }

    /// The name as a title ("Werewolf").
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Werewolf => "Werewolf",
            GameKind::Debate => "Debate",
            GameKind::Trial => "Trial",
        }
    }

    pub fn parse(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the generic core asks of a game.
pub trait GameEntry: Sync {
    fn kind(&self) -> GameKind;
    /// The game's players' kit, from the configuration and the environment (said in one
    /// line unless `quiet`); an error names the broken file or setting.
    fn open_kit(&self, config: &Config, quiet: bool) -> anyhow::Result<AnyKit>;
    /// The game's statistics: its boards, how it names its AI players, how `agora
    /// sessions` tells its sessions (its file in `stats/`).
    fn stats(&self) -> &'static dyn crate::stats::GameStats;
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
        kits: &crate::kits::Kits,
    ) -> Result<serde_json::Value, crate::scenario::ScenarioError>;
    /// The kit this game's scenarios take (its content, no model), if any: what
    /// `agora scenario` opens.
    fn scenario_kit(&self) -> anyhow::Result<Option<AnyKit>> {
        Ok(None)
    }
}

/// Every game this build runs, in the order menus and leaderboards list them.
pub static GAMES: [&dyn GameEntry; 3] = [
    &werewolf::WerewolfGame,
    &debate::DebateGame,
    &trial::TrialGame,
];

/// The registered game of `kind`.
pub fn entry(kind: GameKind) -> &'static dyn GameEntry {
    GAMES
        .iter()
        .copied()
        .find(|g| g.kind() == kind)
        .unwrap_or_else(|| panic!("the game {kind} is not registered in registry::GAMES"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip_by_name() {
        for kind in GameKind::ALL {
            assert_eq!(GameKind::parse(kind.name()), Some(kind));
            let json = serde_json::to_string(&kind).unwrap();
            assert_eq!(json, format!("\"{}\"", kind.name()));
        }
        assert_eq!(GameKind::parse("chess"), None);
    }

    #[test]
    fn every_kind_is_registered_once() {
        for kind in GameKind::ALL {
            let n = GAMES.iter().filter(|g| g.kind() == kind).count();
            assert_eq!(n, 1, "{kind} registered {n} times");
            assert_eq!(entry(kind).kind(), kind);
        }
        assert_eq!(GAMES.len(), GameKind::ALL.len());
    }

    #[test]
    fn one_game_reads_the_files_without_a_game() {
        let untagged: Vec<GameKind> = GAMES
            .iter()
            .filter(|g| g.untagged_files())
            .map(|g| g.kind())
            .collect();
        assert_eq!(untagged.len(), 1, "{untagged:?}");
    }
}
