//! The game store: sessions, their append-only input logs, armed deadlines, seats,
//! results and players, in SQLite (a file, WAL mode, no server) or PostgreSQL (by URL).
//!
//! Runtime queries only (sqlx's Any driver, `$1` placeholders, BIGINT numbers), so the
//! crate builds without a database. One set of portable migrations in `migrations/`.
//! A session is driven by one process at a time: the holder of its lease (owner and
//! expiry in the sessions row), renewed with every stored input.

mod discord;
mod rows;

pub use discord::ChannelRow;
pub use rows::{
    InputSource, NewSeat, NewSession, Outcome, PlayerRef, SeatOutcome, SeatResult, SessionRow,
    SessionSummary, StoredInput, SummarySeat,
};

use sqlx::any::AnyPoolOptions;
use sqlx::{AnyPool, Row};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use thiserror::Error;
use tokio::sync::{mpsc, oneshot};

/// The migrations, embedded: (version, name, SQL).
const MIGRATIONS: &[(i64, &str, &str)] = &[
    (
        1,
        "sessions",
        include_str!("../../migrations/0001_sessions.sql"),
    ),
    (
        2,
        "input_notes",
        include_str!("../../migrations/0002_input_notes.sql"),
    ),
    (
        3,
        "discord_tables",
        include_str!("../../migrations/0003_discord_tables.sql"),
    ),
];

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

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// A handle on the store; cheap to clone (a connection pool inside).
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    owner: String,
    lease: Duration,
    /// Input appends go through one writer task that commits them in batches (group
    /// commit): with many sessions at once, one transaction serves many inputs instead of
    /// each waiting for the database's write lock on its own.
    appends: mpsc::Sender<Job>,
}

/// Work for the writer task.
enum Job {
    Append(Box<Append>),
    /// Answered once every job sent before it is done.
    Flush(oneshot::Sender<()>),
}

/// One input to append, and where to say how it went.
struct Append {
    id: String,
    input: StoredInput,
    owner: String,
    lease_ms: i64,
    reply: oneshot::Sender<Result<(), StoreError>>,
}

/// The most inputs one batch commits.
const BATCH: usize = 256;

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("backend", &self.backend)
            .field("owner", &self.owner)
            .finish()
    }
}

/// This process's name as a lease owner: `host/pid`.
fn process_owner() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().to_string())
        .unwrap_or_else(|_| "localhost".into());
    format!("{host}/{}", std::process::id())
}

/// Whether a lease owner is a process of this machine that no longer runs (it was killed
/// or crashed), so its lease need not be waited out.
fn owner_is_dead_local(owner: &str) -> bool {
    let Some((host, pid)) = owner.rsplit_once('/') else {
        return false;
    };
    let here = process_owner();
    let Some((my_host, _)) = here.rsplit_once('/') else {
        return false;
    };
    if host != my_host {
        return false;
    }
    match pid.parse::<u32>() {
        Ok(pid) if pid == std::process::id() => false,
        Ok(pid) => {
            let proc_root = std::path::Path::new("/proc/self");
            proc_root.exists() && !std::path::Path::new(&format!("/proc/{pid}")).exists()
        }
        Err(_) => false,
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
        let options = AnyPoolOptions::new()
            .max_connections(match backend {
                Backend::Sqlite => 4,
                Backend::Postgres => 8,
            })
            .acquire_timeout(Duration::from_secs(10))
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
        let (appends, rx) = mpsc::channel(4 * BATCH);
        tokio::spawn(write_appends(pool.clone(), rx));
        let store = Store {
            pool,
            backend,
            owner: process_owner(),
            lease,
            appends,
        };
        store.migrate().await?;
        Ok(store)
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

    /// Renames this handle's lease owner (tests simulate a second process with it).
    pub fn with_owner(mut self, owner: impl Into<String>) -> Store {
        self.owner = owner.into();
        self
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }

    async fn migrate(&self) -> Result<(), StoreError> {
        sqlx::query(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
        )
        .execute(&self.pool)
        .await?;
        for &(version, name, sql) in MIGRATIONS {
            // Several processes may start at once on a fresh database: one applies each
            // migration, the others see it done. PostgreSQL serializes them with an
            // advisory lock; SQLite's writers conflict, and the loser retries.
            let mut attempt = 0;
            loop {
                match self.apply_migration(version, name, sql).await {
                    Ok(()) => break,
                    Err(_) if attempt < 20 => {
                        attempt += 1;
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(())
    }

    /// Applies one migration in a transaction, unless it is recorded as applied.
    async fn apply_migration(&self, version: i64, name: &str, sql: &str) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        if self.backend == Backend::Postgres {
            sqlx::query("SELECT pg_advisory_xact_lock(726172)")
                .execute(&mut *tx)
                .await?;
        }
        let done = sqlx::query("SELECT version FROM schema_migrations WHERE version = $1")
            .bind(version)
            .fetch_optional(&mut *tx)
            .await?;
        if done.is_some() {
            tx.rollback().await?;
            return Ok(());
        }
        for statement in split_sql(sql) {
            sqlx::query(&statement).execute(&mut *tx).await?;
        }
        sqlx::query(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
        )
        .bind(version)
        .bind(name)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    fn lease_until(&self) -> i64 {
        now_ms() + self.lease.as_millis() as i64
    }

    /// Records a player (once; later calls change nothing).
    async fn ensure_player<'c>(
        tx: &mut sqlx::Transaction<'c, sqlx::Any>,
        player: &PlayerRef,
    ) -> Result<(), StoreError> {
        let found = sqlx::query("SELECT id FROM players WHERE id = $1")
            .bind(&player.id)
            .fetch_optional(&mut **tx)
            .await?;
        if found.is_none() {
            sqlx::query(
                "INSERT INTO players (id, surface, name, is_ai, created_at) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(&player.id)
            .bind(&player.surface)
            .bind(&player.name)
            .bind(player.is_ai as i64)
            .bind(now_ms())
            .execute(&mut **tx)
            .await?;
        }
        Ok(())
    }

    /// Stores a new session with its seats, leased to this process.
    pub async fn create_session(&self, new: &NewSession) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let now = now_ms();
        sqlx::query(
            "INSERT INTO sessions (id, game, surface, community, channel, config, seed, status, created_at, updated_at, lease_owner, lease_until) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
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
        .bind(&self.owner)
        .bind(self.lease_until())
        .execute(&mut *tx)
        .await?;
        for seat in &new.seats {
            Self::ensure_player(&mut tx, &seat.player).await?;
            sqlx::query(
                "INSERT INTO session_seats (session_id, seat, player_id, agent) VALUES ($1, $2, $3, $4)",
            )
            .bind(&new.id)
            .bind(seat.seat as i64)
            .bind(&seat.player.id)
            .bind(seat.agent.clone())
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Takes the session's lease for this process: free, expired, already ours, or held by
    /// a dead process of this machine. Otherwise `LeaseHeld`.
    pub async fn claim(&self, id: &str) -> Result<(), StoreError> {
        let row = sqlx::query("SELECT lease_owner, lease_until FROM sessions WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or_else(|| StoreError::NoSession(id.to_string()))?;
        let owner: Option<String> = row.try_get(0)?;
        let until: i64 = row.try_get(1)?;
        let now = now_ms();
        let free = match &owner {
            None => true,
            Some(o) if *o == self.owner => true,
            Some(o) => until < now || owner_is_dead_local(o),
        };
        if !free {
            return Err(StoreError::LeaseHeld {
                id: id.to_string(),
                owner: owner.unwrap_or_default(),
            });
        }
        // Compare-and-set on what was read, so two claimers cannot both win.
        let done = sqlx::query(
            "UPDATE sessions SET lease_owner = $1, lease_until = $2, updated_at = $3 \
             WHERE id = $4 AND lease_until = $5 AND (lease_owner = $6 OR (lease_owner IS NULL AND $6 = ''))",
        )
        .bind(&self.owner)
        .bind(self.lease_until())
        .bind(now)
        .bind(id)
        .bind(until)
        .bind(owner.clone().unwrap_or_default())
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 1 {
            Ok(())
        } else {
            Err(StoreError::LeaseHeld {
                id: id.to_string(),
                owner: owner.unwrap_or_else(|| "another process".into()),
            })
        }
    }

    /// Extends this process's lease; `LeaseLost` if another process took it.
    pub async fn renew(&self, id: &str) -> Result<(), StoreError> {
        let done =
            sqlx::query("UPDATE sessions SET lease_until = $1 WHERE id = $2 AND lease_owner = $3")
                .bind(self.lease_until())
                .bind(id)
                .bind(&self.owner)
                .execute(&self.pool)
                .await?;
        if done.rows_affected() == 1 {
            Ok(())
        } else {
            Err(StoreError::LeaseLost(id.to_string()))
        }
    }

    /// Gives the lease up (a clean stop): another process may take the session at once.
    pub async fn release(&self, id: &str) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE sessions SET lease_owner = NULL, lease_until = 0 WHERE id = $1 AND lease_owner = $2",
        )
        .bind(id)
        .bind(&self.owner)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Appends one input to the session's log, renewing the lease in the same transaction.
    /// Fails with `LeaseLost` (storing nothing) if this process no longer holds the lease.
    /// Returns once the input is committed.
    pub async fn append_input(&self, id: &str, input: &StoredInput) -> Result<(), StoreError> {
        let (reply, done) = oneshot::channel();
        let append = Append {
            id: id.to_string(),
            input: input.clone(),
            owner: self.owner.clone(),
            lease_ms: self.lease.as_millis() as i64,
            reply,
        };
        if self
            .appends
            .send(Job::Append(Box::new(append)))
            .await
            .is_err()
        {
            return Err(StoreError::Db(sqlx::Error::PoolClosed));
        }
        done.await
            .unwrap_or(Err(StoreError::Db(sqlx::Error::PoolClosed)))
    }

    /// Waits until every input this handle (or a clone) sent before is committed or
    /// refused: a session taken over in the same process must not read its log while an
    /// append of the old task is still on its way.
    pub async fn flush(&self) {
        let (done, wait) = oneshot::channel();
        if self.appends.send(Job::Flush(done)).await.is_ok() {
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

    /// Records the absolute deadline of an ask (kept on a restart).
    pub async fn arm_deadline(
        &self,
        id: &str,
        seat: u8,
        ask_seq: u32,
        due_at: i64,
    ) -> Result<(), StoreError> {
        let exists = sqlx::query(
            "SELECT due_at FROM deadlines WHERE session_id = $1 AND seat = $2 AND ask_seq = $3",
        )
        .bind(id)
        .bind(seat as i64)
        .bind(ask_seq as i64)
        .fetch_optional(&self.pool)
        .await?;
        if exists.is_none() {
            sqlx::query(
                "INSERT INTO deadlines (session_id, seat, ask_seq, due_at) VALUES ($1, $2, $3, $4)",
            )
            .bind(id)
            .bind(seat as i64)
            .bind(ask_seq as i64)
            .bind(due_at)
            .execute(&self.pool)
            .await?;
        }
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

    /// Stores the result: status `finished`, the winner, every seat's role, score and
    /// win; the lease is released. One transaction.
    pub async fn finish(&self, id: &str, outcome: &Outcome) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let now = now_ms();
        sqlx::query(
            "UPDATE sessions SET status = 'finished', winner = $1, finished_at = $2, updated_at = $3, lease_owner = NULL, lease_until = 0 WHERE id = $4",
        )
        .bind(&outcome.winner)
        .bind(now)
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        for s in &outcome.seats {
            sqlx::query(
                "UPDATE session_seats SET role = $1, score = $2, won = $3 WHERE session_id = $4 AND seat = $5",
            )
            .bind(&s.role)
            .bind(s.score)
            .bind(s.won as i64)
            .bind(id)
            .bind(s.seat as i64)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Sets a session's status (`running`, `abandoned`, …) and releases the lease when it
    /// leaves play.
    pub async fn set_status(&self, id: &str, status: &str) -> Result<(), StoreError> {
        let ends = matches!(status, "abandoned" | "finished");
        sqlx::query(
            "UPDATE sessions SET status = $1, updated_at = $2, lease_owner = CASE WHEN $3 = 1 THEN NULL ELSE lease_owner END WHERE id = $4",
        )
        .bind(status)
        .bind(now_ms())
        .bind(ends as i64)
        .bind(id)
        .execute(&self.pool)
        .await?;
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
            "SELECT seat, player_id, agent, role, score, won FROM session_seats WHERE session_id = $1 ORDER BY seat",
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
        let sql = "SELECT p.id, p.name, p.is_ai, ss.role, ss.score, ss.won, s.community \
                   FROM session_seats ss JOIN sessions s ON s.id = ss.session_id \
                   JOIN players p ON p.id = ss.player_id \
                   WHERE s.status = 'finished' AND s.game = $1 AND ($2 = '' OR s.community = $2) \
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

/// The writer task: takes the appends waiting now (up to [`BATCH`]) and commits them in one
/// transaction, each in a savepoint of its own so that one refused append (a lost lease, a
/// position taken) does not undo the others. Ends when every [`Store`] handle is gone.
async fn write_appends(pool: AnyPool, mut rx: mpsc::Receiver<Job>) {
    let mut jobs = Vec::with_capacity(BATCH);
    let mut batch = Vec::with_capacity(BATCH);
    let mut flushes = Vec::new();
    while rx.recv_many(&mut jobs, BATCH).await > 0 {
        for job in jobs.drain(..) {
            match job {
                Job::Append(a) => batch.push(*a),
                Job::Flush(done) => flushes.push(done),
            }
        }
        if batch.is_empty() {
            for done in flushes.drain(..) {
                let _ = done.send(());
            }
            continue;
        }
        match commit_batch(&pool, &batch).await {
            Ok(results) => {
                for (append, result) in batch.drain(..).zip(results) {
                    let _ = append.reply.send(result);
                }
            }
            Err(e) => {
                // The whole transaction failed (the database is unreachable, busy or
                // full): nothing was stored; every caller hears of it and retries.
                let text = e.to_string();
                for append in batch.drain(..) {
                    let _ = append
                        .reply
                        .send(Err(StoreError::Db(sqlx::Error::Protocol(text.clone()))));
                }
            }
        }
        // Flushes sent with this batch were sent after its appends: those are done now.
        for done in flushes.drain(..) {
            let _ = done.send(());
        }
    }
}

async fn commit_batch(
    pool: &AnyPool,
    batch: &[Append],
) -> Result<Vec<Result<(), StoreError>>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let mut results = Vec::with_capacity(batch.len());
    for a in batch {
        sqlx::query("SAVEPOINT one_input").execute(&mut *tx).await?;
        match append_one(&mut tx, a).await {
            Ok(()) => {
                sqlx::query("RELEASE SAVEPOINT one_input")
                    .execute(&mut *tx)
                    .await?;
                results.push(Ok(()));
            }
            Err(e) => {
                sqlx::query("ROLLBACK TO SAVEPOINT one_input")
                    .execute(&mut *tx)
                    .await?;
                sqlx::query("RELEASE SAVEPOINT one_input")
                    .execute(&mut *tx)
                    .await?;
                results.push(Err(e));
            }
        }
    }
    tx.commit().await?;
    Ok(results)
}

async fn append_one(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    a: &Append,
) -> Result<(), StoreError> {
    let now = now_ms();
    let held = sqlx::query(
        "UPDATE sessions SET lease_until = $1, updated_at = $2 WHERE id = $3 AND lease_owner = $4",
    )
    .bind(now + a.lease_ms)
    .bind(now)
    .bind(&a.id)
    .bind(&a.owner)
    .execute(&mut **tx)
    .await?;
    if held.rows_affected() != 1 {
        return Err(StoreError::LeaseLost(a.id.clone()));
    }
    let input = &a.input;
    sqlx::query(
        "INSERT INTO inputs (session_id, n, seat, ask_seq, source, payload, at, note) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(&a.id)
    .bind(input.n as i64)
    .bind(input.seat as i64)
    .bind(input.ask_seq as i64)
    .bind(input.source.as_str())
    .bind(input.payload.to_string())
    .bind(input.at)
    .bind(input.note.as_ref().map(|n| n.to_string()))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

const SESSION_COLUMNS: &str = "SELECT id, game, surface, community, channel, config, seed, status, created_at, lease_owner, lease_until, winner FROM sessions";

/// Splits a migration into statements: `;` at the end of a line ends one.
fn split_sql(sql: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for line in sql.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("--") || trimmed.is_empty() {
            continue;
        }
        current.push_str(line);
        current.push('\n');
        if trimmed.ends_with(';') {
            out.push(current.trim().trim_end_matches(';').to_string());
            current.clear();
        }
    }
    if !current.trim().is_empty() {
        out.push(current.trim().to_string());
    }
    out
}

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
    fn split_sql_statements() {
        let parts = split_sql("-- c\nCREATE TABLE a (x BIGINT);\n\nCREATE INDEX i ON a (x);\n");
        assert_eq!(
            parts,
            vec!["CREATE TABLE a (x BIGINT)", "CREATE INDEX i ON a (x)"]
        );
    }

    #[test]
    fn redacts_passwords() {
        assert_eq!(
            redact("postgres://agora:secret@127.0.0.1/agora"),
            "postgres://agora:***@127.0.0.1/agora"
        );
        assert_eq!(redact("sqlite://agora.db"), "sqlite://agora.db");
    }

    #[test]
    fn dead_local_owner() {
        let me = process_owner();
        assert!(!owner_is_dead_local(&me));
        let host = me.rsplit_once('/').unwrap().0;
        assert!(owner_is_dead_local(&format!("{host}/4000000000")));
        assert!(!owner_is_dead_local("elsewhere/1"));
    }
}
