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
use crate::games::GameKind;
use crate::kits::AnyKit;

/// What the generic core asks of a game.
pub trait GameEntry: Sync {
    fn kind(&self) -> GameKind;
    /// The game's players' kit, from the configuration and the environment (said in one
    /// line unless `quiet`); an error names the broken file or setting.
    fn open_kit(&self, config: &Config, quiet: bool) -> anyhow::Result<AnyKit>;
    /// The game's statistics: its boards, how it names its AI players, how `agora
    /// sessions` tells its sessions (its file in `stats/`).
    fn stats(&self) -> &'static dyn crate::stats::GameStats;
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
    fn every_kind_is_registered_once() {
        for kind in GameKind::ALL {
            let n = GAMES.iter().filter(|g| g.kind() == kind).count();
            assert_eq!(n, 1, "{kind} registered {n} times");
            assert_eq!(entry(kind).kind(), kind);
        }
        assert_eq!(GAMES.len(), GameKind::ALL.len());
    }
}
