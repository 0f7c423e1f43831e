//! The cluster keeper: one task per process that, every beat (a third of the lease),
//! renews its shards' leases and stops a shard another process took, starts every shard
//! whose holder died, and takes over the tables of its shards that nobody drives, resuming
//! them from the store as a restart does (see `cluster.rs` for the plan and the state).

use super::cluster::{beat, Cluster};
use super::resume::{resume_row, RESUMING_AT_ONCE};
use super::types::Bot;
use agora_core::store::{now_ms, ShardKey, Store, StoreError};
use futures_util::StreamExt;
use serenity::all::{ShardId, ShardManager};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// The keeper of this process's shards and tables (see the module's doc). `first` is the
/// shard the gateway was started with; the others held are started once it runs.
pub async fn keep(
    cluster: Arc<Cluster>,
    store: Store,
    manager: Arc<ShardManager>,
    first: u32,
    bot: Arc<OnceLock<Arc<Bot>>>,
) {
    // The gateway starts with one shard (serenity's start resets the manager first): the
    // others start once it runs.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    while !manager
        .shards_instantiated()
        .await
        .contains(&ShardId(first))
        && tokio::time::Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    for shard in cluster.held().into_iter().filter(|s| *s != first) {
        start_shard(&manager, shard);
    }
    let mut ticks = tokio::time::interval(beat(&store));
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        let held: Vec<(ShardKey, i64)> = (cluster.held.lock().expect("shards").iter())
            .map(|(s, e)| (cluster.key(*s), *e))
            .collect();
        match store.renew_shards(&held).await {
            Ok(lost) => {
                metrics::counter!("agora_lease_renewals_total", "what" => "shard")
                    .increment((held.len() - lost.len()) as u64);
                for key in lost {
                    cluster.held.lock().expect("shards").remove(&key.shard);
                    tracing::warn!(
                        shard = key.shard,
                        "another process took this shard over; stopping it here"
                    );
                    manager.shutdown(ShardId(key.shard), 1000).await;
                }
            }
            Err(e) => tracing::warn!("renewing this process's shards: {e}; retrying"),
        }
        match cluster.claim_orphans(&store).await {
            Ok(got) => {
                for shard in got {
                    metrics::counter!("agora_takeovers_total", "what" => "shard").increment(1);
                    tracing::warn!(
                        shard,
                        total = cluster.plan.total,
                        "took over a shard whose process stopped"
                    );
                    start_shard(&manager, shard);
                }
            }
            Err(e) => tracing::warn!("looking for shards to take over: {e}"),
        }
        if let Some(bot) = bot.get() {
            if let Err(e) = adopt(bot, &cluster).await {
                tracing::warn!("looking for tables to take over: {e}");
            }
        }
    }
}

/// Starts a shard this process took, in a task of its own: serenity's restart first waits
/// (up to 5 s, with a warning) for the shard that is not running here to report its stop,
/// and the tables of the shard are taken over meanwhile.
fn start_shard(manager: &Arc<ShardManager>, shard: u32) {
    let manager = manager.clone();
    tokio::spawn(async move { manager.restart(ShardId(shard)).await });
}

/// Takes over every table of this process's shards that nobody drives: a lobby not
/// here, a running session whose lease ran out (its process died) or was given up.
async fn adopt(bot: &Arc<Bot>, cluster: &Cluster) -> Result<(), StoreError> {
    let me = bot.store.owner().to_string();
    let now = now_ms();
    let places = bot.store.table_places().await?;
    // Channels whose tables another live process drives: a message typed there is
    // handed to it.
    let remote = (places.iter())
        .filter(|p| p.session_id.is_some() && !p.takeable(&me, now))
        .filter_map(|p| p.lease_owner.clone().map(|o| (p.channel_id, o)))
        .filter(|(_, o)| *o != me)
        .collect();
    bot.set_remote_tables(remote);
    let mut todo = Vec::new();
    for place in places {
        if !cluster.holds_guild(place.guild_id)
            || !place.takeable(&me, now)
            || cluster.gave_up(place.channel_id, &place.session_id)
        {
            continue;
        }
        if bot.table(place.channel_id).is_some() {
            // A lobby here is where it should be. A running table here whose session
            // nobody drives (this process lost it, and its holder since died) is dropped
            // and resumed.
            if place.session_id.is_none() {
                continue;
            }
            bot.drop_local(place.channel_id);
        }
        todo.push(place);
    }
    // A few at a time: each resume waits on the database and on Discord (closing stale
    // controls, the restart notice), so a hundred tables one by one took ten seconds.
    futures_util::stream::iter(todo)
        .for_each_concurrent(RESUMING_AT_ONCE, |place| async move {
            let row = match bot.store.channel(place.channel_id).await {
                Ok(Some(row)) => row,
                Ok(None) => return,
                Err(e) => {
                    tracing::warn!(
                        channel = place.channel_id,
                        "reading a table to take over: {e}"
                    );
                    return;
                }
            };
            tracing::info!(
                channel = place.channel_id,
                session = ?place.session_id,
                "taking over a table nobody drives"
            );
            if let Err(e) = resume_row(bot, row).await {
                tracing::error!(channel = place.channel_id, "taking over a table: {e}");
            }
            if bot.table(place.channel_id).is_none() {
                cluster.give_up(place.channel_id, place.session_id.clone());
            } else {
                metrics::counter!("agora_takeovers_total", "what" => "table").increment(1);
            }
        })
        .await;
    Ok(())
}
