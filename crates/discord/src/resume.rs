//! Resuming stored tables, at startup and when the keeper takes tables over: each by its
//! game's kind through the list of games (`commands::game`), a few at a time.

use super::commands;
use super::types::Bot;
use agora_core::registry::GameKind;
use futures_util::StreamExt;
use std::sync::Arc;

/// Picks up every stored table of this process's shards (at startup), each by its game's
/// kind through the list of games.
pub(super) async fn resume_all(bot: &Arc<Bot>) -> anyhow::Result<()> {
    let rows = (bot.store.channels().await?.into_iter())
        .filter(|row| bot.cluster.holds_guild(row.guild_id));
    futures_util::stream::iter(rows.map(|row| resume_row(bot, row)))
        .buffer_unordered(RESUMING_AT_ONCE)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect()
}

/// How many tables are resumed at once (at startup, or taking tables over).
pub(super) const RESUMING_AT_ONCE: usize = 8;

/// Picks up one stored table by its game's kind (at startup, or taking a table over), and
/// the events handed to its earlier driver.
pub(super) async fn resume_row(
    bot: &Arc<Bot>,
    row: agora_core::store::ChannelRow,
) -> anyhow::Result<()> {
    let channel = row.channel_id;
    match GameKind::parse(&row.game).map(commands::game) {
        Some(game) => game.resume(bot, row).await?,
        None => tracing::error!(
            channel,
            "a table of {:?}, a game this build does not know, is left as it is",
            row.game
        ),
    }
    // The events other processes handed to its earlier driver come here now.
    if bot.table(channel).is_some() {
        bot.store.readdress_inbox(channel).await?;
    }
    Ok(())
}
