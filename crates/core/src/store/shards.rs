//! Discord gateway shards, leased like sessions (`shard_leases`): the process holding a
//! shard's lease runs its gateway connection and drives the tables of the guilds on it.
//! A process renews its shards' leases every beat; a shard whose lease ran out (its
//! process died) is claimed by a surviving process, which starts it. Each claim raises
//! the shard's epoch.

use super::{now_ms, owner::owner_is_dead_local, Store, StoreError};
use sqlx::Row;

/// A shard as the store leases it: its number among `total`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShardKey {
    pub shard: u32,
    pub total: u32,
}

/// Who holds a shard, as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct ShardLease {
    pub key: ShardKey,
    pub owner: Option<String>,
    pub epoch: i64,
    pub lease_until: i64,
}

impl Store {
    /// Takes the shard's lease for this process when it is free, expired, already ours,
    /// or held by a dead process of this machine; `None` when a live process holds it.
    /// Answers the epoch claimed at.
    pub async fn claim_shard(&self, key: ShardKey) -> Result<Option<i64>, StoreError> {
        let now = now_ms();
        let until = now + self.lease.as_millis() as i64;
        // A shard nobody ever held gets its row (ours) first.
        let inserted = sqlx::query(
            "INSERT INTO shard_leases (total, shard, owner, epoch, lease_until) VALUES ($1, $2, $3, 1, $4) \
             ON CONFLICT (total, shard) DO NOTHING",
        )
        .bind(key.total as i64)
        .bind(key.shard as i64)
        .bind(&self.owner)
        .bind(until)
        .execute(&self.pool)
        .await?;
        if inserted.rows_affected() == 1 {
            return Ok(Some(1));
        }
        let Some(held) = self.shard_lease(key).await? else {
            return Ok(None);
        };
        let free = match &held.owner {
            None => true,
            Some(o) if *o == self.owner => true,
            Some(o) => held.lease_until < now || owner_is_dead_local(o),
        };
        if !free {
            return Ok(None);
        }
        // Compare-and-set on what was read: of two claimers, one wins.
        let done = sqlx::query(
            "UPDATE shard_leases SET owner = $1, lease_until = $2, epoch = epoch + 1 \
             WHERE total = $3 AND shard = $4 AND epoch = $5",
        )
        .bind(&self.owner)
        .bind(until)
        .bind(key.total as i64)
        .bind(key.shard as i64)
        .bind(held.epoch)
        .execute(&self.pool)
        .await?;
        Ok((done.rows_affected() == 1).then_some(held.epoch + 1))
    }

    /// Renews this process's leases on `shards` (held at their epochs); answers the ones
    /// that are no longer ours (another process took them).
    pub async fn renew_shards(
        &self,
        shards: &[(ShardKey, i64)],
    ) -> Result<Vec<ShardKey>, StoreError> {
        let until = now_ms() + self.lease.as_millis() as i64;
        let mut lost = Vec::new();
        for (key, epoch) in shards {
            let done = sqlx::query(
                "UPDATE shard_leases SET lease_until = $1 \
                 WHERE total = $2 AND shard = $3 AND owner = $4 AND epoch = $5",
            )
            .bind(until)
            .bind(key.total as i64)
            .bind(key.shard as i64)
            .bind(&self.owner)
            .bind(*epoch)
            .execute(&self.pool)
            .await?;
            if done.rows_affected() != 1 {
                lost.push(*key);
            }
        }
        Ok(lost)
    }

    /// Gives this process's shards up (a clean stop): another process may start them at
    /// once.
    pub async fn release_shards(&self, total: u32) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE shard_leases SET owner = NULL, lease_until = 0 WHERE total = $1 AND owner = $2",
        )
        .bind(total as i64)
        .bind(&self.owner)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// One shard's lease, if it was ever held.
    pub async fn shard_lease(&self, key: ShardKey) -> Result<Option<ShardLease>, StoreError> {
        let row = sqlx::query(
            "SELECT owner, epoch, lease_until FROM shard_leases WHERE total = $1 AND shard = $2",
        )
        .bind(key.total as i64)
        .bind(key.shard as i64)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| {
            Ok(ShardLease {
                key,
                owner: r.try_get(0)?,
                epoch: r.try_get(1)?,
                lease_until: r.try_get(2)?,
            })
        })
        .transpose()
    }

    /// Every shard of `total` that was ever held, with its holder.
    pub async fn shard_leases(&self, total: u32) -> Result<Vec<ShardLease>, StoreError> {
        let rows = sqlx::query(
            "SELECT shard, owner, epoch, lease_until FROM shard_leases WHERE total = $1 ORDER BY shard",
        )
        .bind(total as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(ShardLease {
                    key: ShardKey {
                        shard: r.try_get::<i64, _>(0)? as u32,
                        total,
                    },
                    owner: r.try_get(1)?,
                    epoch: r.try_get(2)?,
                    lease_until: r.try_get(3)?,
                })
            })
            .collect()
    }

    /// The shards of `total` a surviving process may take now: held before, and their
    /// holder's lease ran out, or it gave them up, or it is a dead process of this machine.
    pub async fn orphan_shards(&self, total: u32) -> Result<Vec<ShardKey>, StoreError> {
        let now = now_ms();
        Ok(self
            .shard_leases(total)
            .await?
            .into_iter()
            .filter(|l| match &l.owner {
                None => true,
                Some(o) if *o == self.owner => false,
                Some(o) => l.lease_until < now || owner_is_dead_local(o),
            })
            .map(|l| l.key)
            .collect())
    }
}
