//! The slash commands, one file per family: [`werewolf`] (`/werewolf start|stop|status`),
//! [`debate`] (`/debate start|stop|status|concede`), [`trial`]
//! (`/trial start|evidence|verdict|status|stop`) and [`stats`] (`/leaderboard <game>`,
//! `/stats`). A game's stop and status ask the channel's table, whatever it plays. Each is answered (or deferred) at
//! once; a refusal is ephemeral and changes nothing. Every command has a per-user
//! cooldown (poise's, set in [`all`]).

mod debate;
mod stats;
mod trial;
mod werewolf;

use super::guards::set_cooldowns;
use super::send::reply_ephemeral as refuse;
use super::types::{Bot, Context, Error};
use std::sync::Arc;

/// Every command, each with a per-user cooldown of `cooldown_secs`.
pub(super) fn all(cooldown_secs: f64) -> Vec<poise::Command<Arc<Bot>, Error>> {
    let mut commands = vec![
        werewolf::werewolf(),
        debate::debate(),
        trial::trial(),
        stats::leaderboard(),
        stats::stats(),
    ];
    set_cooldowns(&mut commands, cooldown_secs);
    commands
}

/// Ends the game or lobby in this channel (its table checks who may).
async fn stop_table(ctx: Context<'_>) -> Result<(), Error> {
    match ctx.data().table(ctx.channel_id().get()) {
        Some(table) => table.stop(ctx).await,
        None => refuse(ctx, "There is no game in this channel.").await,
    }
}

/// The channel's table in a few lines; `open` names the command that opens one.
async fn table_status(ctx: Context<'_>, open: &str) -> Result<(), Error> {
    let Some(table) = ctx.data().table(ctx.channel_id().get()) else {
        return refuse(
            ctx,
            format!("There is no game in this channel. Open one with {open}."),
        )
        .await;
    };
    refuse(ctx, table.status().await).await
}
