//! Several bot processes on one PostgreSQL. Each process runs a range of Discord's
//! gateway shards (`--shards FIRST-LAST/TOTAL`); a guild's events come on shard
//! `(guild_id >> 22) % TOTAL`, DMs on shard 0. A process holds the lease of every shard it
//! runs (`shard_leases`) and drives the tables of the guilds on them, each session under
//! its own lease (fenced by its epoch, see the store).
//!
//! This file holds the plan and the state ([`Cluster`]: the shards held, the tables given
//! up) and imports nothing of the bot; the keeper (`keeper.rs`), one task per process,
//! every beat (a third of the lease):
//! renews its shards' leases and stops a shard another process took; starts every shard
//! whose holder died (its lease ran out, or it is a dead process of this machine); and
//! takes over the tables of its shards that nobody drives (their session's lease ran
//! out), resuming them from the store as a restart does. So a process that dies loses
//! neither a guild's events nor a game: within the lease time its shards and sessions
//! run elsewhere.
//!
//! One process on SQLite is the same with one shard of one (`0-0/1`).

use agora_core::store::{ShardKey, Store, StoreError};
use std::collections::{BTreeMap, HashSet};
use std::sync::Mutex;
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
    pub(super) held: Mutex<BTreeMap<u32, i64>>,
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

    pub(super) fn key(&self, shard: u32) -> ShardKey {
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
    pub(super) async fn claim_orphans(&self, store: &Store) -> Result<Vec<u32>, StoreError> {
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
    pub(super) fn give_up(&self, channel: u64, session: Option<String>) {
        self.given_up
            .lock()
            .expect("given up")
            .insert((channel, session));
    }

    pub(super) fn gave_up(&self, channel: u64, session: &Option<String>) -> bool {
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
