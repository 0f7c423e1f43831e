//! One list of games, and the top of the core. Each game describes itself once, in its own
//! folder (`werewolf/entry.rs`, `debate/entry.rs`, `trial/entry.rs`: its name, its players'
//! kit, how a stored session of it is told, …), as a [`GameEntry`]; [`entry`] registers
//! them by matching on the kind, so a new kind fails to compile until it has its entry.
//! Everything that works on every game or picks one by its kind is here too, and only here:
//! [`dispatch`] opens the kits, runs a scenario and tells a replay of any game; [`stats`]
//! gives any game's boards and names every game's AI players; [`rater`] rates any game's
//! results. The modules below (kits, replay, scenario, stats, session) take the game's own
//! object and never name the registry.
//!
//! Adding a game to the core: its folder, an `entry.rs` there implementing [`GameEntry`],
//! its arm in [`entry`] and its variant of [`GameKind`].

pub mod dispatch;
pub(crate) mod entry;
pub mod rater;
pub mod stats;

pub use entry::GameEntry;
pub use rater::{open_store, RegistryRater};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Every game Agora runs. Adding a game adds a variant here; the compiler then points at
/// every match that needs its arm ([`entry`], [`GameKind::index`], the surfaces' lists).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    Werewolf,
    Debate,
    Trial,
}

impl GameKind {
    /// Every kind, in [`GameKind::index`] order (a test checks it).
    pub const ALL: [GameKind; 3] = [GameKind::Werewolf, GameKind::Debate, GameKind::Trial];

    /// Its place in [`GameKind::ALL`]; the match names every kind, so a new kind does not
    /// compile until it has its place.
    pub const fn index(self) -> usize {
        match self {
            GameKind::Werewolf => 0,
            GameKind::Debate => 1,
            GameKind::Trial => 2,
        }
    }

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

    /// The title in `lang` (English: [`GameKind::title`]; another language: the message
    /// `stats-game-<name>`).
    pub fn title_in(self, lang: crate::games::Lang) -> String {
        if lang.is_english() {
            return self.title().to_string();
        }
        lang.text(&format!("stats-game-{}", self.name()), &[])
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

/// The registered game of `kind`. The match names every kind, so a new kind does not
/// compile until its game has its entry (`crates/core/src/<game>/entry.rs`).
pub fn entry(kind: GameKind) -> &'static dyn GameEntry {
    match kind {
        GameKind::Werewolf => &crate::werewolf::entry::WerewolfGame,
        GameKind::Debate => &crate::debate::entry::DebateGame,
        GameKind::Trial => &crate::trial::entry::TrialGame,
    }
}

/// Every game this build runs, in the order menus and leaderboards list them.
pub fn games() -> impl Iterator<Item = &'static dyn GameEntry> {
    GameKind::ALL.into_iter().map(entry)
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
    fn every_kind_is_listed_once_and_registered_as_itself() {
        for (i, kind) in GameKind::ALL.into_iter().enumerate() {
            assert_eq!(kind.index(), i, "{kind} out of place in GameKind::ALL");
            assert_eq!(entry(kind).kind(), kind);
        }
    }

    #[test]
    fn one_game_reads_the_files_without_a_game() {
        let untagged: Vec<GameKind> = games()
            .filter(|g| g.untagged_files())
            .map(|g| g.kind())
            .collect();
        assert_eq!(untagged.len(), 1, "{untagged:?}");
    }
}
