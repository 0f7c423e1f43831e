//! The schema: sqlx's migrator applies the files of `migrations/` (embedded in the binary)
//! on both backends, through the Any driver (which hands the work to the SQLite or the
//! PostgreSQL migrator; PostgreSQL's takes an advisory lock so that processes starting
//! together apply each file once). Applied versions are recorded in `_sqlx_migrations`.
//!
//! A database made by an earlier build recorded its versions in `schema_migrations` (our
//! own runner's table): those are carried over once, with the files' checksums, so the
//! migrator sees them as applied and goes on from there.

use super::{Backend, StoreError};
use sqlx::error::BoxDynError;
use sqlx::migrate::{Migrate, MigrateError, Migration, MigrationSource, MigrationType, Migrator};
use sqlx::{AnyPool, Row};
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

/// The migration files, in order: (version, description, SQL). A new file is added here
/// as well; an applied one is never edited (its checksum is checked at every start).
const FILES: &[(i64, &str, &str)] = &[
    (
        1,
        "sessions",
        include_str!("../../../../migrations/0001_sessions.sql"),
    ),
    (
        2,
        "input notes",
        include_str!("../../../../migrations/0002_input_notes.sql"),
    ),
    (
        3,
        "discord tables",
        include_str!("../../../../migrations/0003_discord_tables.sql"),
    ),
    (
        4,
        "results for any game",
        include_str!("../../../../migrations/0004_results_for_any_game.sql"),
    ),
    (
        5,
        "ratings",
        include_str!("../../../../migrations/0005_ratings.sql"),
    ),
    (
        6,
        "cluster",
        include_str!("../../../../migrations/0006_cluster.sql"),
    ),
    (
        7,
        "community settings",
        include_str!("../../../../migrations/0007_community_settings.sql"),
    ),
    (
        8,
        "afk setting",
        include_str!("../../../../migrations/0008_afk_setting.sql"),
    ),
];

/// The embedded files as a source for sqlx's migrator.
#[derive(Debug)]
struct Embedded;

impl<'s> MigrationSource<'s> for Embedded {
    fn resolve(
        self,
    ) -> Pin<Box<dyn Future<Output = Result<Vec<Migration>, BoxDynError>> + Send + 's>> {
        Box::pin(async { Ok(migrations()) })
    }
}

fn migrations() -> Vec<Migration> {
    FILES
        .iter()
        .map(|&(version, description, sql)| {
            Migration::new(
                version,
                description.into(),
                MigrationType::Simple,
                sql.into(),
                false,
            )
        })
        .collect()
}

/// Brings the schema up to date.
pub(super) async fn run(pool: &AnyPool, backend: Backend) -> Result<(), StoreError> {
    let migrator = Migrator::new(Embedded).await.map_err(migrate_error)?;
    // Several processes may start at once on a fresh database. PostgreSQL's migrator
    // serializes them with its lock; SQLite's writers conflict, and the loser retries
    // (then finds the work done).
    let mut attempt = 0;
    loop {
        let result = async {
            adopt_earlier_runner(pool, backend).await?;
            migrator.run(pool).await.map_err(migrate_error)
        }
        .await;
        match result {
            Ok(()) => return Ok(()),
            Err(_) if attempt < 20 && backend == Backend::Sqlite => {
                attempt += 1;
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(e) => return Err(e),
        }
    }
}

/// Records the versions an earlier build applied (in `schema_migrations`) as applied by
/// sqlx's migrator, once, then drops the old table.
async fn adopt_earlier_runner(pool: &AnyPool, backend: Backend) -> Result<(), StoreError> {
    let mut conn = pool.acquire().await?;
    let exists = match backend {
        Backend::Sqlite => {
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
        }
        Backend::Postgres => {
            "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'schema_migrations'"
        }
    };
    let found: i64 = sqlx::query(exists)
        .fetch_one(&mut *conn)
        .await?
        .try_get(0)?;
    if found == 0 {
        return Ok(());
    }
    conn.ensure_migrations_table()
        .await
        .map_err(migrate_error)?;
    let mut tx = sqlx::Connection::begin(&mut *conn).await?;
    let old: Vec<i64> = sqlx::query("SELECT version FROM schema_migrations")
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(|r| r.try_get::<i64, _>(0))
        .collect::<Result<_, _>>()?;
    for m in migrations().iter().filter(|m| old.contains(&m.version)) {
        sqlx::query(
            "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
             VALUES ($1, $2, $3, $4, 0) ON CONFLICT (version) DO NOTHING",
        )
        .bind(m.version)
        .bind(m.description.to_string())
        .bind(true)
        .bind(m.checksum.to_vec())
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query("DROP TABLE schema_migrations")
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

fn migrate_error(e: MigrateError) -> StoreError {
    match e {
        MigrateError::Execute(e) => StoreError::Db(e),
        other => StoreError::Db(sqlx::Error::Migrate(Box::new(other))),
    }
}
