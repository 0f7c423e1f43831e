//! One list of games, and the top of the core. Each game describes itself once, in a file
//! of its own here (its name, its players' kit, how a stored session of it is told, …), as
//! a [`GameEntry`]; [`GAMES`] registers them. Everything that works on every game or picks
//! one by its kind is here too, and only here: [`dispatch`] opens the kits, runs a
//! scenario and tells a replay of any game; [`stats`] gives any game's boards and names
//! every game's AI players. The modules below (kits, replay, scenario, stats, session)
//! take the game's own object and never name the registry.
//!
//! Adding a game to the core: its folders, a file here implementing [`GameEntry`], and
//! one line in [`GAMES`] (and its variant of [`GameKind`]).

mod debate;
pub mod dispatch;
mod entry;
mod rater;
pub mod stats;
mod trial;
mod werewolf;

pub use entry::GameEntry;
pub use rater::{open_store, RegistryRater};
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

impl dyn GameEntry {
    /// The kind of this registered game (its [`GameEntry::name`] parsed).
    pub fn kind(&self) -> GameKind {
        GameKind::parse(self.name())
            .unwrap_or_else(|| panic!("the registered game {} is not a GameKind", self.name()))
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
        .find(|g| g.name() == kind.name())
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
