//! The game store: sessions, their append-only input logs, armed deadlines, seats,
//! results and players, in SQLite (a file, WAL mode, no server) or PostgreSQL (by URL).
//!
//! Runtime queries only (sqlx's Any driver, `$1` placeholders, BIGINT numbers), so the
//! crate builds without a database. One set of portable migrations in `migrations/`,
//! applied by sqlx's migrator ([`migrate`]).
//!
//! Shaped for many tables in one process: every write goes through one writer task that
//! commits what is waiting in one transaction ([`writer`]); the leases of all running
//! sessions are renewed together ([`lease`]); the pool serves reads, which a running
//! session does only when it starts or resumes.

mod discord;
mod inbox;
mod lease;
mod migrate;
mod owner;
mod ratings;
mod rows;
mod settings;
mod shards;
mod single;
mod writer;

pub use crate::games::outcome::SeatOutcome;
pub use crate::games::Outcome;
pub use discord::{ChannelRow, TablePlace};
pub use inbox::InboxItem;
pub use lease::Lease;
pub use ratings::{season_of, FinishedGame, FinishedSeat, Rater, RatingRow};
pub use rows::{
    InputSource, NewSeat, NewSession, PlayerRef, SeatResult, SessionRow, SessionSummary,
    StoredInput, SummarySeat,
};
pub use settings::AfkMode;
pub use shards::{ShardKey, ShardLease};
pub use single::RunLock;

use lease::Held;
use sqlx::any::AnyPoolOptions;
use sqlx::{AnyPool, Row};
use std::sync::Arc;
use std::time::Duration;
use thiserror::Error;
use tokio::sync::{mpsc, oneshot};
use writer::{Fence, Job, Write, BATCH};

/// Why the store could not do something. The messages are meant for the operator.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("the game store at {url} is unavailable: {source}")]
    Connect {
        url: String,
        #[source]
        source: sqlx::Error,
    },
    #[error("the game store failed: {0}")]
    Db(#[from] sqlx::Error),
    #[error("'{0}' is not a database URL this build knows (use sqlite://FILE or postgres://…)")]
    BadUrl(String),
    #[error("session {id} is driven by another process ({owner}) until its lease expires")]
    LeaseHeld { id: String, owner: String },
    #[error("session {0} was taken over by another process")]
    LeaseLost(String),
    #[error("there is no session {0}")]
    NoSession(String),
    #[error("another `agora run` (process {holder}) is using the SQLite store {file}: SQLite serves one bot process; to run several, give them one PostgreSQL database (DATABASE_URL=postgres://…; README, \"Several processes on one PostgreSQL\")")]
    SqliteInUse { file: String, holder: String },
    #[error("cannot lock {path}: {message}")]
    Lock { path: String, message: String },
    #[error("stored data of session {id} is unreadable: {message}")]
    Corrupt { id: String, message: String },
}

impl StoreError {
    /// A fault that may pass (the database is down, busy, full or the network broke), as
    /// opposed to one that retrying cannot fix.
    pub fn is_transient(&self) -> bool {
        match self {
            StoreError::Connect { .. } => true,
            // A broken constraint means the log or the schema is not what this process
            // believes (another writer, a bug): retrying would repeat it forever.
            StoreError::Db(sqlx::Error::Database(e)) => !matches!(
                e.kind(),
                sqlx::error::ErrorKind::UniqueViolation
                    | sqlx::error::ErrorKind::ForeignKeyViolation
                    | sqlx::error::ErrorKind::NotNullViolation
                    | sqlx::error::ErrorKind::CheckViolation
            ),
            StoreError::Db(_) => true,
            _ => false,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

pub use crate::agents::now_ms;

/// A handle on the store; cheap to clone (a connection pool inside).
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    /// The URL it was opened with (a listening connection of its own needs it); never
    /// shown but through [`redact`].
    url: String,
    backend: Backend,
    owner: String,
    lease: Duration,
    /// Every write goes to one writer task that commits it with the others waiting (group
    /// commit): with many sessions at once, one transaction serves many writes instead
    /// of each waiting for a pooled connection and the database's write lock on its own.
    writes: mpsc::Sender<Job>,
    /// The leases of the sessions running here, renewed together.
    held: Arc<Held>,
    /// How a finished session is rated, in the transaction that stores its result.
    rater: Option<Arc<dyn Rater>>,
    /// The epoch of each session this handle's owner created or claimed: every write of
    /// the session carries it, and is refused once another claim raised it.
    epochs: Arc<std::sync::Mutex<std::collections::HashMap<String, i64>>>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("backend", &self.backend)
            .field("owner", &self.owner)
            .finish()
    }
}

/// Hides a URL's password before it is shown anywhere.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let creds = &url[scheme + 3..at];
            match creds.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &url[..scheme + 3], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

impl Store {
    /// Connects (creating a SQLite file if needed) and applies pending migrations.
    pub async fn open(url: &str, lease: Duration) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let (backend, url_full) = if let Some(rest) = url.strip_prefix("sqlite:") {
            let full = if rest.contains('?') || rest.contains(":memory:") {
                url.to_string()
            } else {
                format!("{url}?mode=rwc")
            };
            (Backend::Sqlite, full)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            (Backend::Postgres, url.to_string())
        } else {
            return Err(StoreError::BadUrl(redact(url)));
        };
        // One attempt first, so that a server that is not there is a clear error at once:
        // the pool below retries a refused connection until its acquire timeout (30 s),
        // which is right once the store is running, not for a mistyped URL.
        if backend == Backend::Postgres {
            use sqlx::Connection as _;
            let probe = sqlx::AnyConnection::connect(&url_full).await;
            let conn = probe.map_err(|source| StoreError::Connect {
                url: redact(url),
                source,
            })?;
            let _ = conn.close().await;
        }
        // The pool serves reads and the one writer; SQLite in WAL mode reads beside its
        // writer, so a few connections are plenty for a thousand tables.
        let options = AnyPoolOptions::new()
            .max_connections(match backend {
                Backend::Sqlite => 6,
                Backend::Postgres => 8,
            })
            .acquire_timeout(Duration::from_secs(30))
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        for pragma in [
                            "PRAGMA journal_mode = WAL",
                            "PRAGMA synchronous = NORMAL",
                            "PRAGMA busy_timeout = 10000",
                            "PRAGMA foreign_keys = ON",
                        ] {
                            sqlx::query(pragma).execute(&mut *conn).await?;
                        }
                    }
                    Ok(())
                })
            });
        let pool = options
            .connect(&url_full)
            .await
            .map_err(|source| StoreError::Connect {
                url: redact(url),
                source,
            })?;
        migrate::run(&pool, backend).await?;
        let (writes, rx) = mpsc::channel(4 * BATCH);
        tokio::spawn(writer::write_all(pool.clone(), rx));
        let held = Arc::new(Held::default());
        let beat = (lease / 3).max(Duration::from_millis(500));
        tokio::spawn(lease::keep(
            pool.clone(),
            Arc::downgrade(&held),
            writes.downgrade(),
            lease,
            beat,
        ));
        Ok(Store {
            pool,
            url: url.to_string(),
            backend,
            owner: owner::process_owner(),
            lease,
            writes,
            held,
            rater: None,
            epochs: Arc::default(),
        })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// How long a lease lasts without renewal.
    pub fn lease(&self) -> Duration {
        self.lease
    }

    /// This process's lease owner name.
    pub fn owner(&self) -> &str {
        &self.owner
    }

    /// Renames this handle's lease owner (tests simulate a second process with it); the
    /// handle holds no session's epoch yet.
    pub fn with_owner(mut self, owner: impl Into<String>) -> Store {
        self.owner = owner.into();
        self.epochs = Arc::default();
        self
    }

    /// The epoch this handle holds the session's lease at (none: it never claimed it).
    pub fn epoch(&self, id: &str) -> Option<i64> {
        self.epochs.lock().expect("epochs").get(id).copied()
    }

    /// What a write of the session must match to be stored: this owner at the epoch it
    /// claimed (none when this handle never held the session: an operator's write).
    fn fence(&self, id: &str) -> Option<Fence> {
        self.epoch(id).map(|epoch| Fence {
            owner: self.owner.clone(),
            epoch,
        })
    }

    fn set_epoch(&self, id: &str, epoch: Option<i64>) {
        let mut map = self.epochs.lock().expect("epochs");
        match epoch {
            Some(e) => map.insert(id.to_string(), e),
            None => map.remove(id),
        };
    }

    /// Whether the database answers (a health check).
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").fetch_one(&self.pool).await?;
        Ok(())
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }

    fn lease_until(&self) -> i64 {
        now_ms() + self.lease.as_millis() as i64
    }

    /// Hands a write to the writer task and waits until it is committed (or refused).
    async fn write(&self, write: Write) -> Result<u64, StoreError> {
        let (reply, done) = oneshot::channel();
        if self
            .writes
            .send(Job::Write(Box::new(write), reply))
            .await
            .is_err()
        {
            return Err(StoreError::Db(sqlx::Error::PoolClosed));
        }
        done.await
            .unwrap_or(Err(StoreError::Db(sqlx::Error::PoolClosed)))
    }

    /// Stores a new session with its seats, leased to this process.
    pub async fn create_session(&self, new: &NewSession) -> Result<(), StoreError> {
        self.write(Write::CreateSession {
            new: new.clone(),
            owner: self.owner.clone(),
            lease_until: self.lease_until(),
        })
        .await?;
        self.set_epoch(&new.id, Some(1));
        Ok(())
    }

    /// Takes the session's lease for this process: free, expired, already ours, or held by
    /// a dead process of this machine. Otherwise `LeaseHeld`. Every claim raises the
    /// session's epoch, so writes of whoever held it before are refused from now on (an
    /// earlier task of this process too).
    pub async fn claim(&self, id: &str) -> Result<i64, StoreError> {
        let epoch = self
            .write(Write::Claim {
                id: id.to_string(),
                owner: self.owner.clone(),
                lease_until: self.lease_until(),
            })
            .await? as i64;
        self.set_epoch(id, Some(epoch));
        Ok(epoch)
    }

    /// Holds the session's lease while the returned [`Lease`] lives: this process's
    /// keeper renews it with all the others, and [`Lease::lost`] says when another process
    /// took it.
    pub fn hold(&self, id: &str) -> Lease {
        Lease::new(&self.held, &self.owner, id)
    }

    /// Extends this process's lease on one session now; `LeaseLost` if another process
    /// took it. (Running sessions need not: their [`Lease`] is renewed for them.)
    pub async fn renew(&self, id: &str) -> Result<(), StoreError> {
        let renewed = self
            .write(Write::Renew {
                ids: vec![id.to_string()],
                owner: self.owner.clone(),
                lease_until: self.lease_until(),
            })
            .await?;
        if renewed == 1 {
            Ok(())
        } else {
            Err(StoreError::LeaseLost(id.to_string()))
        }
    }

    /// Gives the lease up (a clean stop): another process may take the session at once.
    pub async fn release(&self, id: &str) -> Result<(), StoreError> {
        self.write(Write::Release {
            id: id.to_string(),
            owner: self.owner.clone(),
        })
        .await?;
        self.set_epoch(id, None);
        Ok(())
    }

    /// Appends one input to the session's log, renewing the lease in the same transaction.
    /// Fails with `LeaseLost` (storing nothing) if this process no longer holds the lease
    /// (at the epoch it claimed). Returns once the input is committed.
    pub async fn append_input(&self, id: &str, input: &StoredInput) -> Result<(), StoreError> {
        self.write(Write::Append {
            id: id.to_string(),
            input: input.clone(),
            fence: self.fence(id).unwrap_or(Fence {
                owner: self.owner.clone(),
                epoch: -1,
            }),
            lease_until: self.lease_until(),
        })
        .await?;
        Ok(())
    }

    /// Waits until every write this handle (or a clone) sent before is committed or
    /// refused: a session taken over in the same process must not read its log while an
    /// append of the old task is still on its way.
    pub async fn flush(&self) {
        let (done, wait) = oneshot::channel();
        if self.writes.send(Job::Flush(done)).await.is_ok() {
            let _ = wait.await;
        }
    }

    /// The session's inputs in order.
    pub async fn inputs(&self, id: &str) -> Result<Vec<StoredInput>, StoreError> {
        let rows = sqlx::query(
            "SELECT n, seat, ask_seq, source, payload, at, note FROM inputs WHERE session_id = $1 ORDER BY n",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| StoredInput::from_row(id, r)).collect()
    }

    /// Records the absolute deadline of an ask (kept on a restart; the first one armed
    /// stays).
    pub async fn arm_deadline(
        &self,
        id: &str,
        seat: u8,
        ask_seq: u32,
        due_at: i64,
    ) -> Result<(), StoreError> {
        self.arm_deadlines(id, &[(seat, ask_seq, due_at)]).await
    }

    /// Records several asks' deadlines, (seat, ask seq, due at epoch ms), in one write.
    pub async fn arm_deadlines(
        &self,
        id: &str,
        deadlines: &[(u8, u32, i64)],
    ) -> Result<(), StoreError> {
        if deadlines.is_empty() {
            return Ok(());
        }
        self.write(Write::ArmDeadlines {
            id: id.to_string(),
            deadlines: deadlines.to_vec(),
            fence: self.fence(id),
        })
        .await?;
        Ok(())
    }

    /// Every armed deadline of the session: (seat, ask seq, due at epoch ms).
    pub async fn deadlines(&self, id: &str) -> Result<Vec<(u8, u32, i64)>, StoreError> {
        let rows = sqlx::query("SELECT seat, ask_seq, due_at FROM deadlines WHERE session_id = $1")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get::<i64, _>(0)? as u8,
                    r.try_get::<i64, _>(1)? as u32,
                    r.try_get::<i64, _>(2)?,
                ))
            })
            .collect()
    }

    /// Stores the result: status `finished`, the winner and the game's details, every
    /// seat's role, score, win and details; the lease is released. One transaction.
    /// `LeaseLost` (storing nothing) when another process took the session.
    pub async fn finish(&self, id: &str, outcome: &Outcome) -> Result<(), StoreError> {
        self.write(Write::Finish {
            id: id.to_string(),
            outcome: outcome.clone(),
            rater: self.rater.clone(),
            fence: self.fence(id),
        })
        .await?;
        self.set_epoch(id, None);
        Ok(())
    }

    /// Sets a session's status (`running`, `abandoned`, …) and releases the lease when it
    /// leaves play. `LeaseLost` when this handle held the session and another process
    /// took it.
    pub async fn set_status(&self, id: &str, status: &str) -> Result<(), StoreError> {
        self.write(Write::SetStatus {
            id: id.to_string(),
            status: status.to_string(),
            fence: self.fence(id),
        })
        .await?;
        if matches!(status, "abandoned" | "finished") {
            self.set_epoch(id, None);
        }
        Ok(())
    }

    /// One session's row.
    pub async fn session(&self, id: &str) -> Result<SessionRow, StoreError> {
        let row = sqlx::query(&format!("{SESSION_COLUMNS} WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or_else(|| StoreError::NoSession(id.to_string()))?;
        SessionRow::from_row(&row)
    }

    /// Sessions still to be played (`lobby` or `running`), oldest first.
    pub async fn unfinished(&self) -> Result<Vec<SessionRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "{SESSION_COLUMNS} WHERE status IN ('lobby', 'running') ORDER BY created_at, id"
        ))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(SessionRow::from_row).collect()
    }

    /// The seats of a session with their players and, once finished, roles and scores.
    pub async fn seats(&self, id: &str) -> Result<Vec<SummarySeat>, StoreError> {
        let rows = sqlx::query(
            "SELECT seat, player_id, agent, role, score, won, details FROM session_seats WHERE session_id = $1 ORDER BY seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(SummarySeat::from_row).collect()
    }

    /// Every session, oldest first, with its seats.
    pub async fn sessions(&self) -> Result<Vec<SessionSummary>, StoreError> {
        let rows = sqlx::query(&format!("{SESSION_COLUMNS} ORDER BY created_at, id"))
            .fetch_all(&self.pool)
            .await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in &rows {
            let session = SessionRow::from_row(row)?;
            let seats = self.seats(&session.id).await?;
            out.push(SessionSummary { session, seats });
        }
        Ok(out)
    }

    /// Every finished seat of `game`, in `community` or everywhere, for leaderboards.
    pub async fn results(
        &self,
        game: &str,
        community: Option<&str>,
    ) -> Result<Vec<SeatResult>, StoreError> {
        let sql =
            "SELECT p.id, p.name, p.is_ai, ss.role, ss.score, ss.won, s.community, ss.details, s.id, s.finished_at \
                   FROM session_seats ss JOIN sessions s ON s.id = ss.session_id \
                   JOIN players p ON p.id = ss.player_id \
                   WHERE s.status = 'finished' AND ss.role IS NOT NULL AND s.game = $1 AND ($2 = '' OR s.community = $2) \
                   ORDER BY s.finished_at, s.id, ss.seat";
        let rows = sqlx::query(sql)
            .bind(game)
            .bind(community.unwrap_or(""))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(SeatResult::from_row).collect()
    }

    /// The number of stored inputs over all sessions (benchmarks).
    pub async fn input_count(&self) -> Result<i64, StoreError> {
        let row = sqlx::query("SELECT COUNT(*) FROM inputs")
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get::<i64, _>(0)?)
    }
}

const SESSION_COLUMNS: &str = "SELECT id, game, surface, community, channel, config, seed, status, created_at, lease_owner, lease_until, winner, details, lease_epoch FROM sessions";

fn corrupt(id: &str, message: impl Into<String>) -> StoreError {
    StoreError::Corrupt {
        id: id.to_string(),
        message: message.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redacts_passwords() {
        assert_eq!(
            redact("postgres://agora:secret@127.0.0.1/agora"),
            "postgres://agora:***@127.0.0.1/agora"
        );
        assert_eq!(redact("sqlite://agora.db"), "sqlite://agora.db");
    }
}
