//! Leases: a session is driven by one process at a time, the holder of its lease (owner
//! and expiry in the sessions row). A running session holds a [`Lease`]; one keeper task
//! per process renews every held lease in one statement per beat (a third of the lease),
//! instead of each session renewing its own, and tells a session whose lease another
//! process took.

use super::writer::{Job, Write};
use super::{now_ms, StoreError};
use sqlx::{AnyPool, Row};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, watch};

/// The leases this process holds: (owner, session id) → the flag raised when it is lost.
#[derive(Default)]
pub(super) struct Held {
    map: Mutex<HashMap<(String, String), watch::Sender<bool>>>,
}

/// A running session's hold on its lease: renewed by the keeper while it lives, forgotten
/// when dropped (the session ended, stopped or its task was aborted).
pub struct Lease {
    held: Arc<Held>,
    key: (String, String),
    lost: watch::Receiver<bool>,
}

impl Lease {
    pub(super) fn new(held: &Arc<Held>, owner: &str, id: &str) -> Lease {
        let key = (owner.to_string(), id.to_string());
        let (tx, lost) = watch::channel(false);
        held.map.lock().expect("lease map").insert(key.clone(), tx);
        Lease {
            held: held.clone(),
            key,
            lost,
        }
    }

    /// Waits until another process has taken the session over; never returns while the
    /// lease is ours.
    pub async fn lost(&mut self) -> StoreError {
        // The sender lives in the map as long as this lease does.
        let _ = self.lost.wait_for(|lost| *lost).await;
        StoreError::LeaseLost(self.key.1.clone())
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        if let Ok(mut map) = self.held.map.lock() {
            map.remove(&self.key);
        }
    }
}

/// The most sessions one renewal statement names (well under both backends' limits on
/// bound parameters).
const CHUNK: usize = 500;

/// Renews every held lease each `beat`, through the writer. Ends once the store is gone
/// (no handle keeps `held` or the writer alive).
pub(super) async fn keep(
    pool: AnyPool,
    held: Weak<Held>,
    writer: mpsc::WeakSender<Job>,
    lease: Duration,
    beat: Duration,
) {
    let mut ticks = tokio::time::interval(beat);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        let (Some(held), Some(writer)) = (held.upgrade(), writer.upgrade()) else {
            return;
        };
        let mut by_owner: HashMap<String, Vec<String>> = HashMap::new();
        for (owner, id) in held.map.lock().expect("lease map").keys() {
            by_owner.entry(owner.clone()).or_default().push(id.clone());
        }
        for (owner, ids) in by_owner {
            for chunk in ids.chunks(CHUNK) {
                if let Err(e) = renew_chunk(&pool, &held, &writer, &owner, chunk, lease).await {
                    // Another beat comes well before the lease runs out.
                    tracing::warn!(error = %e, "could not renew this process's leases; retrying");
                }
            }
        }
    }
}

async fn renew_chunk(
    pool: &AnyPool,
    held: &Held,
    writer: &mpsc::Sender<Job>,
    owner: &str,
    ids: &[String],
    lease: Duration,
) -> Result<(), StoreError> {
    let (reply, done) = oneshot::channel();
    let write = Write::Renew {
        ids: ids.to_vec(),
        owner: owner.to_string(),
        lease_until: now_ms() + lease.as_millis() as i64,
    };
    writer
        .send(Job::Write(Box::new(write), reply))
        .await
        .map_err(|_| StoreError::Db(sqlx::Error::PoolClosed))?;
    let renewed = done
        .await
        .unwrap_or(Err(StoreError::Db(sqlx::Error::PoolClosed)))?;
    metrics::counter!("agora_lease_renewals_total", "what" => "session").increment(renewed);
    if renewed as usize == ids.len() {
        return Ok(());
    }
    // Some were not ours any more: find which, and tell their sessions.
    let list = (0..ids.len())
        .map(|i| format!("${}", i + 2))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!("SELECT id FROM sessions WHERE lease_owner = $1 AND id IN ({list})");
    let mut query = sqlx::query(&sql).bind(owner);
    for id in ids {
        query = query.bind(id);
    }
    let still: Vec<String> = query
        .fetch_all(pool)
        .await?
        .iter()
        .map(|r| r.try_get::<String, _>(0))
        .collect::<Result<_, _>>()?;
    let map = held.map.lock().expect("lease map");
    for id in ids.iter().filter(|id| !still.contains(id)) {
        if let Some(flag) = map.get(&(owner.to_string(), id.clone())) {
            flag.send_replace(true);
        }
    }
    Ok(())
}
