//! The slash commands, one file per family: [`werewolf`] (`/werewolf start|stop|status`)
//! and [`stats`] (`/leaderboard werewolf`, `/stats`). Each is answered (or deferred) at
//! once; a refusal is ephemeral and changes nothing. Every command has a per-user
//! cooldown (poise's, set in [`all`]).

mod stats;
mod werewolf;

use super::guards::set_cooldowns;
use super::types::{Bot, Error};
use std::sync::Arc;

/// Every command, each with a per-user cooldown of `cooldown_secs`.
pub(super) fn all(cooldown_secs: f64) -> Vec<poise::Command<Arc<Bot>, Error>> {
    let mut commands = vec![werewolf::werewolf(), stats::leaderboard(), stats::stats()];
    set_cooldowns(&mut commands, cooldown_secs);
    commands
}
