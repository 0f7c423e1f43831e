//! The slash commands and the list of games. Each game's commands live in its own folder
//! (`werewolf/command.rs`: `/werewolf start|stop|status`; `debate/command.rs`:
//! `/debate start|stop|status|concede`; `trial/command.rs`:
//! `/trial start|evidence|verdict|status|stop`), reached through its
//! [`DiscordGame`] in [`GAMES`]; [`stats`] holds `/leaderboard game:<game>` and `/stats`;
//! [`community`] `/season start` and `/privacy web:<on|off>`. A
//! game's stop and status ask the channel's table, whatever it plays. Each is answered (or
//! deferred) at once; a refusal is ephemeral and changes nothing. Every command has a
//! per-user cooldown (poise's, set in [`all`]).
//!
//! Adding a game to the Discord surface: its folder, implementing [`DiscordGame`], and one
//! line in [`GAMES`].

mod community;
mod stats;

use super::game::DiscordGame;
use super::guards::set_cooldowns;
use super::types::{Bot, Error};
use agora_core::registry::GameKind;
use std::sync::Arc;

/// Every game the bot plays, in the order its commands are listed.
pub(super) static GAMES: [&dyn DiscordGame; 3] = [
    &crate::werewolf::WerewolfGame,
    &crate::debate::DebateGame,
    &crate::trial::TrialGame,
];

/// The game of `kind`, if the bot plays it.
pub(super) fn game(kind: GameKind) -> Option<&'static dyn DiscordGame> {
    GAMES.iter().copied().find(|g| g.kind() == kind)
}

/// Every command, each with a per-user cooldown of `cooldown_secs`.
pub(super) fn all(cooldown_secs: f64) -> Vec<poise::Command<Arc<Bot>, Error>> {
    let mut commands: Vec<_> = GAMES.iter().flat_map(|g| g.commands()).collect();
    commands.push(stats::leaderboard());
    commands.push(stats::stats());
    commands.push(community::season());
    commands.push(community::privacy());
    set_cooldowns(&mut commands, cooldown_secs);
    commands
}

/// The most AI players' names any game's table gives out.
pub(super) fn ai_names_needed() -> usize {
    GAMES.iter().map(|g| g.ai_names()).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_kind_has_one_discord_game_and_its_commands() {
        for kind in GameKind::ALL {
            let n = GAMES.iter().filter(|g| g.kind() == kind).count();
            assert_eq!(n, 1, "{kind} has {n} Discord games");
        }
        let names: Vec<String> = all(1.0).iter().map(|c| c.name.to_string()).collect();
        assert_eq!(
            names,
            [
                "werewolf",
                "debate",
                "trial",
                "leaderboard",
                "stats",
                "season",
                "privacy"
            ],
            "the commands, in the order they were registered before the list of games"
        );
        assert_eq!(ai_names_needed(), agora_games::werewolf::SEATS);
    }
}
