//! Several bot processes on one PostgreSQL. Each process runs a range of Discord's
//! gateway shards (`--shards FIRST-LAST/TOTAL`); a guild's events come on shard
//! `(guild_id >> 22) % TOTAL`, DMs on shard 0. A process holds the lease of every shard it
//! runs (`shard_leases`) and drives the tables of the guilds on them, each session under
//! its own lease (fenced by its epoch, see the store).
//!
//! The keeper ([`keep`]), one task per process, every beat (a third of the lease):
//! renews its shards' leases and stops a shard another process took; starts every shard
//! whose holder died (its lease ran out, or it is a dead process of this machine); and
//! takes over the tables of its shards that nobody drives (their session's lease ran
//! out), resuming them from the store as a restart does. So a process that dies loses
//! neither a guild's events nor a game: within the lease time its shards and sessions
//! run elsewhere.
//!
//! One process on SQLite is the same with one shard of one (`0-0/1`).

use super::types::Bot;
use crate::store::{now_ms, ShardKey, Store, StoreError};
use futures_util::StreamExt;
use serenity::all::{ShardId, ShardManager};
use std::collections::{BTreeMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tokio::sync::watch;

/// The shards a process runs: `first..=last` of `total`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardPlan {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl Default for ShardPlan {
    fn default() -> Self {
        ShardPlan {
            first: 0,
            last: 0,
            total: 1,
        }
    }
}

impl std::fmt::Display for ShardPlan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}/{}", self.first, self.last, self.total)
    }
}

impl ShardPlan {
    /// `FIRST-LAST/TOTAL` (the last included), or `N/TOTAL` for one shard.
    pub fn parse(text: &str) -> Option<ShardPlan> {
        let (range, total) = text.trim().split_once('/')?;
        let total: u32 = total.trim().parse().ok()?;
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (a.trim().parse().ok()?, b.trim().parse().ok()?),
            None => {
                let n = range.trim().parse().ok()?;
                (n, n)
            }
        };
        (first <= last && last < total).then_some(ShardPlan { first, last, total })
    }

    /// Whether the range is every shard.
    pub fn is_all(&self) -> bool {
        self.first == 0 && self.last + 1 == self.total
    }
}

/// The shard a guild's events come on, among `total`.
pub fn shard_of(guild: u64, total: u32) -> u32 {
    ((guild >> 22) % total.max(1) as u64) as u32
}

/// This process's part of the cluster: its plan and the shards it holds (with the epoch
/// each was claimed at).
pub struct Cluster {
    pub plan: ShardPlan,
    held: Mutex<BTreeMap<u32, i64>>,
    /// Tables the keeper tried to take over and could not (an unreadable row, a log
    /// these rules refuse): not tried again by this process.
    given_up: Mutex<HashSet<(u64, Option<String>)>>,
}

impl Cluster {
    pub fn new(plan: ShardPlan) -> Cluster {
        Cluster {
            plan,
            held: Mutex::new(BTreeMap::new()),
            given_up: Mutex::new(HashSet::new()),
        }
    }

    fn key(&self, shard: u32) -> ShardKey {
        ShardKey {
            shard,
            total: self.plan.total,
        }
    }

    /// The shards this process runs now.
    pub fn held(&self) -> Vec<u32> {
        self.held.lock().expect("shards").keys().copied().collect()
    }

    /// Whether this process runs the shard of `guild` (its tables are driven here).
    pub fn holds_guild(&self, guild: u64) -> bool {
        self.held
            .lock()
            .expect("shards")
            .contains_key(&shard_of(guild, self.plan.total))
    }

    /// Claims the free shards of this process's own range; answers those it got.
    async fn claim_own(&self, store: &Store) -> Result<Vec<u32>, StoreError> {
        let mut got = Vec::new();
        for shard in self.plan.first..=self.plan.last {
            if self.held().contains(&shard) {
                continue;
            }
            if let Some(epoch) = store.claim_shard(self.key(shard)).await? {
                self.held.lock().expect("shards").insert(shard, epoch);
                got.push(shard);
            }
        }
        Ok(got)
    }

    /// Claims the shards whose holder died; answers those it got.
    async fn claim_orphans(&self, store: &Store) -> Result<Vec<u32>, StoreError> {
        let mut got = Vec::new();
        for key in store.orphan_shards(self.plan.total).await? {
            if let Some(epoch) = store.claim_shard(key).await? {
                self.held.lock().expect("shards").insert(key.shard, epoch);
                got.push(key.shard);
            }
        }
        Ok(got)
    }

    /// The first shard this process starts its gateway with: one of its own range, else
    /// (all held by live processes: it waits as a standby) the first whose holder dies.
    /// `None` when `stop` is raised first.
    pub async fn first_shard(
        &self,
        store: &Store,
        mut stop: watch::Receiver<bool>,
    ) -> Result<Option<u32>, StoreError> {
        let beat = beat(store);
        let mut told = false;
        loop {
            let mut got = self.claim_own(store).await?;
            if got.is_empty() {
                got = self.claim_orphans(store).await?;
            }
            if let Some(first) = got.into_iter().min() {
                return Ok(Some(first));
            }
            if !told {
                tracing::info!(
                    plan = %self.plan,
                    "every shard of this range runs in another process: standing by to take over one whose process dies"
                );
                eprintln!(
                    "agora: shards {} run elsewhere; standing by to take over",
                    self.plan
                );
                told = true;
            }
            tokio::select! {
                _ = tokio::time::sleep(beat) => {}
                _ = stop.wait_for(|s| *s) => return Ok(None),
            }
        }
    }

    /// Forgets a table the keeper could not take over, so it is not tried again.
    fn give_up(&self, channel: u64, session: Option<String>) {
        self.given_up
            .lock()
            .expect("given up")
            .insert((channel, session));
    }

    fn gave_up(&self, channel: u64, session: &Option<String>) -> bool {
        self.given_up
            .lock()
            .expect("given up")
            .contains(&(channel, session.clone()))
    }
}

/// The keeper's beat: a third of the lease (renewals come well before it runs out).
pub fn beat(store: &Store) -> Duration {
    (store.lease() / 3).max(Duration::from_millis(500))
}

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
        .for_each_concurrent(super::startup::RESUMING_AT_ONCE, |place| async move {
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
            if let Err(e) = super::startup::resume_row(bot, row).await {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_plans_parse_with_the_last_included() {
        assert_eq!(
            ShardPlan::parse("0-2/6"),
            Some(ShardPlan {
                first: 0,
                last: 2,
                total: 6
            })
        );
        assert_eq!(
            ShardPlan::parse("4/6"),
            Some(ShardPlan {
                first: 4,
                last: 4,
                total: 6
            })
        );
        for bad in ["", "0-6/6", "3-2/6", "a-b/c", "0-1", "1/0"] {
            assert_eq!(ShardPlan::parse(bad), None, "{bad}");
        }
        assert!(ShardPlan::default().is_all());
        assert!(ShardPlan::parse("0-5/6").unwrap().is_all());
        assert_eq!(ShardPlan::parse("2-3/6").unwrap().to_string(), "2-3/6");
    }

    #[test]
    fn guilds_map_to_shards_as_discord_says() {
        // Discord's formula: (guild_id >> 22) % num_shards.
        let guild: u64 = 197_038_439_483_310_086;
        assert_eq!(shard_of(guild, 1), 0);
        assert_eq!(shard_of(guild, 7), ((guild >> 22) % 7) as u32);
        assert_eq!(shard_of(0, 3), 0);
    }
}
