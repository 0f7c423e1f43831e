//! The slash commands and the list of games. Each game's commands live in its own folder
//! (`werewolf/command.rs`: `/werewolf start|stop|status`; `debate/command.rs`:
//! `/debate start|stop|status|concede`; `trial/command.rs`:
//! `/trial start|evidence|verdict|status|stop`), reached through its
//! [`DiscordGame`] by [`game`]; [`stats`] holds `/leaderboard game:<game>` and `/stats`;
//! [`community`] `/season start` and `/privacy web:<on|off>`; [`settings`] `/settings
//! language:` (the server's language, which new tables start in). A
//! game's stop and status ask the channel's table, whatever it plays. Each is answered (or
//! deferred) at once; a refusal is ephemeral and changes nothing. Every command has a
//! per-user cooldown (poise's, set in [`all`]), and its names and descriptions in every
//! language ([`localize`], from `locales/*/commands.ftl`).
//!
//! Adding a game to the Discord surface: its folder, implementing [`DiscordGame`], and one
//! arm in [`game`].

mod community;
mod localize;
pub(crate) mod settings;
pub(crate) mod stats;

use super::game::DiscordGame;
use super::guards::set_cooldowns;
use super::types::{Bot, Error};
use agora_core::registry::GameKind;
use std::sync::Arc;

/// The bot's part of the game of `kind`. The match names every kind, so a new kind does
/// not compile until it has its part here.
pub(super) fn game(kind: GameKind) -> &'static dyn DiscordGame {
    match kind {
        GameKind::Werewolf => &crate::werewolf::WerewolfGame,
        GameKind::Debate => &crate::debate::DebateGame,
        GameKind::Trial => &crate::trial::TrialGame,
    }
}

/// Every game the bot plays, in the order its commands are listed.
fn games() -> impl Iterator<Item = &'static dyn DiscordGame> {
    GameKind::ALL.into_iter().map(game)
}

/// Every command, each with a per-user cooldown of `cooldown_secs`.
pub(super) fn all(cooldown_secs: f64) -> Vec<poise::Command<Arc<Bot>, Error>> {
    let mut commands: Vec<_> = games().flat_map(|g| g.commands()).collect();
    commands.push(stats::leaderboard());
    commands.push(stats::stats());
    commands.push(community::season());
    commands.push(community::privacy());
    commands.push(settings::settings());
    set_cooldowns(&mut commands, cooldown_secs);
    localize::localize(&mut commands);
    commands
}

/// The most AI players' names any game's table gives out.
pub(super) fn ai_names_needed() -> usize {
    games().map(|g| g.ai_names()).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_kind_has_one_discord_game_and_its_commands() {
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
                "privacy",
                "settings"
            ],
            "the commands, in the order they were registered before the list of games"
        );
        assert_eq!(ai_names_needed(), agora_games::werewolf::MAX_SEATS - 1);
    }
}
