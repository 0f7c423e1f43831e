//! The store's one writer: every write of this process goes through one task that commits
//! what is waiting in one transaction (group commit). With a thousand tables at once, one
//! transaction serves hundreds of writes instead of each one taking a pooled connection
//! and waiting for the database's write lock on its own (SQLite has one writer at a time;
//! a pool of them only queues on its lock and times out).
//!
//! A write the store may refuse (a lost lease, a position taken) runs in a savepoint of its
//! own, so that it does not undo the others of its batch.

use super::{now_ms, ChannelRow, NewSession, Outcome, StoreError, StoredInput};
use sqlx::{AnyPool, Row};
use tokio::sync::{mpsc, oneshot};

/// The most writes one batch commits. Smaller batches answer sooner (a click waits for
/// the batch in flight, then its own): 64 gave the Discord bench half the p99 ack of 256
/// at 1,000 tables, and a shorter wall time.
pub(super) const BATCH: usize = 64;

/// Where a write's answer goes.
pub(super) type Reply = oneshot::Sender<Result<u64, StoreError>>;

/// Work for the writer task.
pub(super) enum Job {
    Write(Box<Write>, Reply),
    /// Answered once every job sent before it is done.
    Flush(oneshot::Sender<()>),
}

/// What a write of a session must match to be stored: the lease held by `owner` at
/// `epoch` (-1: at any epoch; a handle that never claimed it, as tests do).
#[derive(Debug, Clone)]
pub(super) struct Fence {
    pub owner: String,
    pub epoch: i64,
}

/// One write. Its answer is the number of rows it changed where that matters (renewed
/// leases; a claim answers the epoch it claimed at), else 0.
pub(super) enum Write {
    CreateSession {
        new: NewSession,
        owner: String,
        lease_until: i64,
    },
    Claim {
        id: String,
        owner: String,
        lease_until: i64,
    },
    /// Extends the leases of these sessions held by `owner`, in one statement.
    Renew {
        ids: Vec<String>,
        owner: String,
        lease_until: i64,
    },
    Release {
        id: String,
        owner: String,
    },
    Append {
        id: String,
        input: StoredInput,
        fence: Fence,
        lease_until: i64,
    },
    ArmDeadlines {
        id: String,
        deadlines: Vec<(u8, u32, i64)>,
        fence: Option<Fence>,
    },
    Finish {
        id: String,
        outcome: Outcome,
        /// Rates the session in the same transaction (a store without a rater does not).
        rater: Option<std::sync::Arc<dyn super::Rater>>,
        fence: Option<Fence>,
    },
    /// Clears every rating and rates every finished session again.
    RebuildRatings {
        rater: std::sync::Arc<dyn super::Rater>,
    },
    SetStatus {
        id: String,
        status: String,
        fence: Option<Fence>,
    },
    /// A channel's table; fenced by its running session's lease when this process held it.
    SaveChannel(ChannelRow, Option<Fence>),
    /// Forgets a channel's table, unless it now holds another session than this one
    /// (empty: whatever it holds).
    DeleteChannel(u64, String),
    /// An event for the process that drives its table; told by NOTIFY on PostgreSQL.
    Inbox(super::InboxItem),
}

impl Write {
    /// Whether the store may refuse this write while others of its batch go through (a
    /// lost or held lease, a taken log position, a session id or table gone): it then runs
    /// in a savepoint of its own.
    fn may_be_refused(&self) -> bool {
        matches!(
            self,
            Write::CreateSession { .. }
                | Write::Claim { .. }
                | Write::Append { .. }
                | Write::ArmDeadlines { .. }
                | Write::Finish { .. }
                | Write::SetStatus { .. }
                | Write::SaveChannel(_, Some(_))
        )
    }
}

/// A refused write outside a savepoint fails its whole batch.
fn into_sqlx(e: StoreError) -> sqlx::Error {
    match e {
        StoreError::Db(e) => e,
        other => sqlx::Error::Protocol(other.to_string()),
    }
}

/// The writer task: takes the jobs waiting now (up to [`BATCH`]) and commits their writes
/// in one transaction. Ends when every sender is gone.
pub(super) async fn write_all(pool: AnyPool, mut rx: mpsc::Receiver<Job>) {
    let mut jobs = Vec::with_capacity(BATCH);
    let mut batch = Vec::with_capacity(BATCH);
    let mut flushes = Vec::new();
    while rx.recv_many(&mut jobs, BATCH).await > 0 {
        for job in jobs.drain(..) {
            match job {
                Job::Write(w, reply) => batch.push((w, reply)),
                Job::Flush(done) => flushes.push(done),
            }
        }
        if !batch.is_empty() {
            let started = std::time::Instant::now();
            let committed = commit_batch(&pool, &batch).await;
            metrics::histogram!("agora_store_commit_seconds").record(started.elapsed());
            metrics::counter!("agora_store_writes_total").increment(batch.len() as u64);
            if committed.is_err() {
                metrics::counter!("agora_store_faults_total").increment(1);
            }
            match committed {
                Ok(results) => {
                    for ((_, reply), result) in batch.drain(..).zip(results) {
                        let _ = reply.send(result);
                    }
                }
                Err(e) => {
                    // The whole transaction failed (the database is unreachable, busy or
                    // full): nothing was stored; every caller hears of it and retries.
                    let text = e.to_string();
                    for (_, reply) in batch.drain(..) {
                        let _ =
                            reply.send(Err(StoreError::Db(sqlx::Error::Protocol(text.clone()))));
                    }
                }
            }
        }
        // Flushes sent with this batch were sent after its writes: those are done now.
        for done in flushes.drain(..) {
            let _ = done.send(());
        }
    }
}

pub(super) type Tx<'c> = sqlx::Transaction<'c, sqlx::Any>;

async fn commit_batch(
    pool: &AnyPool,
    batch: &[(Box<Write>, Reply)],
) -> Result<Vec<Result<u64, StoreError>>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let mut results = Vec::with_capacity(batch.len());
    for (write, _) in batch {
        if !write.may_be_refused() {
            // Only a database fault fails it, and that fails the batch: every caller hears
            // of it and retries. No savepoint needed (a third of the statements saved).
            results.push(Ok(apply(&mut tx, write).await.map_err(into_sqlx)?));
            continue;
        }
        sqlx::query("SAVEPOINT one_write").execute(&mut *tx).await?;
        match apply(&mut tx, write).await {
            Ok(n) => {
                sqlx::query("RELEASE SAVEPOINT one_write")
                    .execute(&mut *tx)
                    .await?;
                results.push(Ok(n));
            }
            Err(e) => {
                sqlx::query("ROLLBACK TO SAVEPOINT one_write")
                    .execute(&mut *tx)
                    .await?;
                sqlx::query("RELEASE SAVEPOINT one_write")
                    .execute(&mut *tx)
                    .await?;
                results.push(Err(e));
            }
        }
    }
    tx.commit().await?;
    Ok(results)
}

async fn apply(tx: &mut Tx<'_>, write: &Write) -> Result<u64, StoreError> {
    match write {
        Write::CreateSession {
            new,
            owner,
            lease_until,
        } => create_session(tx, new, owner, *lease_until).await,
        Write::Claim {
            id,
            owner,
            lease_until,
        } => claim(tx, id, owner, *lease_until).await,
        Write::Renew {
            ids,
            owner,
            lease_until,
        } => renew(tx, ids, owner, *lease_until).await,
        Write::Release { id, owner } => {
            sqlx::query(
                "UPDATE sessions SET lease_owner = NULL, lease_until = 0 WHERE id = $1 AND lease_owner = $2",
            )
            .bind(id)
            .bind(owner)
            .execute(&mut **tx)
            .await?;
            Ok(0)
        }
        Write::Append {
            id,
            input,
            fence,
            lease_until,
        } => append(tx, id, input, fence, *lease_until).await,
        Write::ArmDeadlines {
            id,
            deadlines,
            fence,
        } => {
            fenced(tx, id, fence.as_ref()).await?;
            // The first deadline armed for an ask stays: a restart keeps it.
            for &(seat, ask_seq, due_at) in deadlines {
                sqlx::query(
                    "INSERT INTO deadlines (session_id, seat, ask_seq, due_at) VALUES ($1, $2, $3, $4) \
                     ON CONFLICT (session_id, seat, ask_seq) DO NOTHING",
                )
                .bind(id)
                .bind(seat as i64)
                .bind(ask_seq as i64)
                .bind(due_at)
                .execute(&mut **tx)
                .await?;
            }
            Ok(0)
        }
        Write::Finish {
            id,
            outcome,
            rater,
            fence,
        } => {
            fenced(tx, id, fence.as_ref()).await?;
            finish(tx, id, outcome).await?;
            if let Some(rater) = rater {
                // A rating that cannot be stored never stops a result from being stored:
                // it is logged, and `agora stats rebuild` makes it later.
                sqlx::query("SAVEPOINT rating").execute(&mut **tx).await?;
                match super::ratings::rate_in_tx(tx, id, rater.as_ref()).await {
                    Ok(()) => {
                        sqlx::query("RELEASE SAVEPOINT rating")
                            .execute(&mut **tx)
                            .await?;
                    }
                    Err(e) => {
                        tracing::warn!("session {id} was stored but not rated: {e}");
                        sqlx::query("ROLLBACK TO SAVEPOINT rating")
                            .execute(&mut **tx)
                            .await?;
                        sqlx::query("RELEASE SAVEPOINT rating")
                            .execute(&mut **tx)
                            .await?;
                    }
                }
            }
            Ok(0)
        }
        Write::RebuildRatings { rater } => super::ratings::rebuild_in_tx(tx, rater.as_ref()).await,
        Write::SetStatus { id, status, fence } => {
            fenced(tx, id, fence.as_ref()).await?;
            let ends = matches!(status.as_str(), "abandoned" | "finished");
            sqlx::query(
                "UPDATE sessions SET status = $1, updated_at = $2, lease_owner = CASE WHEN $3 = 1 THEN NULL ELSE lease_owner END WHERE id = $4",
            )
            .bind(status)
            .bind(now_ms())
            .bind(ends as i64)
            .bind(id)
            .execute(&mut **tx)
            .await?;
            Ok(0)
        }
        Write::SaveChannel(row, fence) => {
            if let Some(id) = &row.session_id {
                fenced(tx, id, fence.as_ref()).await?;
            }
            sqlx::query(
                "INSERT INTO discord_tables (channel_id, guild_id, game, state, session_id, data, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7) \
                 ON CONFLICT (channel_id) DO UPDATE SET guild_id = excluded.guild_id, game = excluded.game, state = excluded.state, \
                 session_id = excluded.session_id, data = excluded.data, updated_at = excluded.updated_at",
            )
            .bind(row.channel_id as i64)
            .bind(row.guild_id as i64)
            .bind(&row.game)
            .bind(&row.state)
            .bind(row.session_id.as_deref())
            .bind(row.data.to_string())
            .bind(now_ms())
            .execute(&mut **tx)
            .await?;
            Ok(0)
        }
        Write::Inbox(item) => {
            sqlx::query(
                "INSERT INTO inbox (id, owner, channel_id, kind, payload, received_at) VALUES ($1, $2, $3, $4, $5, $6) \
                 ON CONFLICT (id) DO NOTHING",
            )
            .bind(&item.id)
            .bind(&item.owner)
            .bind(item.channel_id as i64)
            .bind(&item.kind)
            .bind(item.payload.to_string())
            .bind(item.received_at)
            .execute(&mut **tx)
            .await?;
            if tx.backend_name() == "PostgreSQL" {
                // Delivered when the transaction commits.
                sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(super::inbox::CHANNEL)
                    .bind(&item.owner)
                    .execute(&mut **tx)
                    .await?;
            }
            Ok(0)
        }
        Write::DeleteChannel(channel_id, session) => {
            sqlx::query(
                "DELETE FROM discord_tables WHERE channel_id = $1 \
                 AND ($2 = '' OR session_id IS NULL OR session_id = $2)",
            )
            .bind(*channel_id as i64)
            .bind(session)
            .execute(&mut **tx)
            .await?;
            Ok(0)
        }
    }
}

async fn create_session(
    tx: &mut Tx<'_>,
    new: &NewSession,
    owner: &str,
    lease_until: i64,
) -> Result<u64, StoreError> {
    let now = now_ms();
    sqlx::query(
        "INSERT INTO sessions (id, game, surface, community, channel, config, seed, status, created_at, updated_at, lease_owner, lease_until, lease_epoch) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 1)",
    )
    .bind(&new.id)
    .bind(&new.game)
    .bind(&new.surface)
    .bind(&new.community)
    .bind(&new.channel)
    .bind(new.config.to_string())
    .bind(new.seed as i64)
    .bind(&new.status)
    .bind(now)
    .bind(now)
    .bind(owner)
    .bind(lease_until)
    .execute(&mut **tx)
    .await?;
    for seat in &new.seats {
        // A player is recorded once; later sessions change nothing.
        sqlx::query(
            "INSERT INTO players (id, surface, name, is_ai, created_at) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (id) DO NOTHING",
        )
        .bind(&seat.player.id)
        .bind(&seat.player.surface)
        .bind(&seat.player.name)
        .bind(seat.player.is_ai as i64)
        .bind(now)
        .execute(&mut **tx)
        .await?;
        sqlx::query(
            "INSERT INTO session_seats (session_id, seat, player_id, agent) VALUES ($1, $2, $3, $4)",
        )
        .bind(&new.id)
        .bind(seat.seat as i64)
        .bind(&seat.player.id)
        .bind(seat.agent.clone())
        .execute(&mut **tx)
        .await?;
    }
    Ok(0)
}

/// Takes the lease: free, expired, already `owner`'s, or held by a dead process of this
/// machine. Otherwise `LeaseHeld`.
async fn claim(
    tx: &mut Tx<'_>,
    id: &str,
    owner: &str,
    lease_until: i64,
) -> Result<u64, StoreError> {
    let row = sqlx::query("SELECT lease_owner, lease_until FROM sessions WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?
        .ok_or_else(|| StoreError::NoSession(id.to_string()))?;
    let holder: Option<String> = row.try_get(0)?;
    let until: i64 = row.try_get(1)?;
    let now = now_ms();
    let free = match &holder {
        None => true,
        Some(o) if o == owner => true,
        Some(o) => until < now || super::owner::owner_is_dead_local(o),
    };
    if !free {
        return Err(StoreError::LeaseHeld {
            id: id.to_string(),
            owner: holder.unwrap_or_default(),
        });
    }
    // Compare-and-set on what was read, so that two claimers cannot both win (another
    // process's writer may commit between the read and this update).
    let done = sqlx::query(
        "UPDATE sessions SET lease_owner = $1, lease_until = $2, updated_at = $3, lease_epoch = lease_epoch + 1 \
         WHERE id = $4 AND lease_until = $5 AND (lease_owner = $6 OR (lease_owner IS NULL AND $6 = ''))",
    )
    .bind(owner)
    .bind(lease_until)
    .bind(now)
    .bind(id)
    .bind(until)
    .bind(holder.clone().unwrap_or_default())
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() == 1 {
        let epoch: i64 = sqlx::query("SELECT lease_epoch FROM sessions WHERE id = $1")
            .bind(id)
            .fetch_one(&mut **tx)
            .await?
            .try_get(0)?;
        Ok(epoch as u64)
    } else {
        Err(StoreError::LeaseHeld {
            id: id.to_string(),
            owner: holder.unwrap_or_else(|| "another process".into()),
        })
    }
}

async fn renew(
    tx: &mut Tx<'_>,
    ids: &[String],
    owner: &str,
    lease_until: i64,
) -> Result<u64, StoreError> {
    if ids.is_empty() {
        return Ok(0);
    }
    let list = (0..ids.len())
        .map(|i| format!("${}", i + 3))
        .collect::<Vec<_>>()
        .join(", ");
    let sql =
        format!("UPDATE sessions SET lease_until = $1 WHERE lease_owner = $2 AND id IN ({list})");
    let mut query = sqlx::query(&sql).bind(lease_until).bind(owner);
    for id in ids {
        query = query.bind(id);
    }
    Ok(query.execute(&mut **tx).await?.rows_affected())
}

/// Refuses (`LeaseLost`) a write of session `id` whose fence no longer holds: another
/// claim raised the epoch since. (A lease its holder released, or gave up by finishing,
/// keeps its epoch: the holder may still store the table's last steps.) The check is an
/// update of the session's row, so that on PostgreSQL it holds the row until the write
/// commits: a claim by another process waits for it, and cannot slip in between.
async fn fenced(tx: &mut Tx<'_>, id: &str, fence: Option<&Fence>) -> Result<(), StoreError> {
    let Some(fence) = fence else {
        return Ok(());
    };
    let held = sqlx::query(
        "UPDATE sessions SET lease_epoch = lease_epoch WHERE id = $1 AND lease_epoch = $3 \
         AND (lease_owner = $2 OR lease_owner IS NULL)",
    )
    .bind(id)
    .bind(&fence.owner)
    .bind(fence.epoch)
    .execute(&mut **tx)
    .await?;
    if held.rows_affected() == 1 {
        Ok(())
    } else {
        Err(StoreError::LeaseLost(id.to_string()))
    }
}

/// Appends one input, renewing the lease in the same transaction; `LeaseLost` (storing
/// nothing) if the fence's owner no longer holds it at its epoch.
async fn append(
    tx: &mut Tx<'_>,
    id: &str,
    input: &StoredInput,
    fence: &Fence,
    lease_until: i64,
) -> Result<u64, StoreError> {
    let held = sqlx::query(
        "UPDATE sessions SET lease_until = $1, updated_at = $2 WHERE id = $3 AND lease_owner = $4 \
         AND ($5 < 0 OR lease_epoch = $5)",
    )
    .bind(lease_until)
    .bind(now_ms())
    .bind(id)
    .bind(&fence.owner)
    .bind(fence.epoch)
    .execute(&mut **tx)
    .await?;
    if held.rows_affected() != 1 {
        return Err(StoreError::LeaseLost(id.to_string()));
    }
    sqlx::query(
        "INSERT INTO inputs (session_id, n, seat, ask_seq, source, payload, at, note) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(id)
    .bind(input.n as i64)
    .bind(input.seat as i64)
    .bind(input.ask_seq as i64)
    .bind(input.source.as_str())
    .bind(input.payload.to_string())
    .bind(input.at)
    .bind(input.note.as_ref().map(|n| n.to_string()))
    .execute(&mut **tx)
    .await?;
    Ok(0)
}

/// Stores the result: status `finished`, the winner, the game's details, every seat's
/// role, score, win and details; the lease is released.
async fn finish(tx: &mut Tx<'_>, id: &str, outcome: &Outcome) -> Result<u64, StoreError> {
    let now = now_ms();
    sqlx::query(
        "UPDATE sessions SET status = 'finished', winner = $1, details = $2, finished_at = $3, updated_at = $4, lease_owner = NULL, lease_until = 0 WHERE id = $5",
    )
    .bind(&outcome.winner)
    .bind(details_text(&outcome.details))
    .bind(now)
    .bind(now)
    .bind(id)
    .execute(&mut **tx)
    .await?;
    for s in &outcome.seats {
        sqlx::query(
            "UPDATE session_seats SET role = $1, score = $2, won = $3, details = $4 WHERE session_id = $5 AND seat = $6",
        )
        .bind(&s.role)
        .bind(s.score)
        .bind(s.won as i64)
        .bind(details_text(&s.details))
        .bind(id)
        .bind(s.seat as i64)
        .execute(&mut **tx)
        .await?;
    }
    Ok(0)
}

/// Details are stored as JSON text; none (`null`) as SQL NULL.
fn details_text(details: &serde_json::Value) -> Option<String> {
    (!details.is_null()).then(|| details.to_string())
}
