//! Ratings in the store: each finished session's rating rows (every seat's rating before
//! and after, per rating key), seasons a server manager started, and who hid their name
//! from the community page.
//!
//! A session is rated inside the transaction that stores its result, by the [`Rater`]
//! the store was given (the registry's, with `[stats]`): the game reads its result as
//! teams ([`RatedGame`]), the store finds each member's latest rating, the model moves
//! them. The store's one writer makes the read-then-write safe within a process. A
//! rebuild clears the rows and rates every finished session again, oldest first, in
//! memory, with the same [`Rater`] and [`crate::ratings::model::Model`]: the numbers are
//! the same (tested).

use super::writer::Tx;
use super::{now_ms, Store, StoreError};
use crate::ratings::model::{Member, Model, Prior, RatedGame, Rating};
use sqlx::any::AnyRow;
use sqlx::Row;
use std::collections::HashMap;
use std::sync::Arc;

/// A finished session as a game's rating reads it: its result and its seats with a role
/// (seats that play no part in the result, such as jurors, are left out).
#[derive(Debug, Clone, PartialEq)]
pub struct FinishedGame {
    pub id: String,
    pub game: String,
    pub community: String,
    pub winner: String,
    pub details: serde_json::Value,
    pub finished_at: i64,
    pub seats: Vec<FinishedSeat>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct FinishedSeat {
    pub seat: u32,
    pub player: String,
    /// The player's stored name.
    pub name: String,
    pub is_ai: bool,
    pub role: String,
    pub score: f64,
    pub won: bool,
    pub details: serde_json::Value,
}

/// How finished sessions are rated: the game's reading of a result and the model.
pub trait Rater: Send + Sync {
    /// The game's result as teams with places; `None`: the game is not rated.
    fn rated(&self, game: &FinishedGame) -> Option<RatedGame>;
    /// The model's settings.
    fn model(&self) -> Model;
    /// The configured season starts (epoch milliseconds), for every community.
    fn season_starts(&self) -> &[i64];
}

/// One stored rating row: a member's rating before and after a session.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingRow {
    pub seq: i64,
    pub session: String,
    pub seat: u32,
    pub community: String,
    pub game: String,
    pub key: String,
    pub player: String,
    pub season: i64,
    pub before: Rating,
    pub after: Rating,
    pub at: i64,
}

const ROW_COLUMNS: &str = "seq, session_id, seat, community, game, rkey, player_id, season, mu_before, sigma_before, mu_after, sigma_after, at";

impl RatingRow {
    fn from_row(r: &AnyRow) -> Result<RatingRow, StoreError> {
        Ok(RatingRow {
            seq: r.try_get(0)?,
            session: r.try_get(1)?,
            seat: r.try_get::<i64, _>(2)? as u32,
            community: r.try_get(3)?,
            game: r.try_get(4)?,
            key: r.try_get(5)?,
            player: r.try_get(6)?,
            season: r.try_get(7)?,
            before: Rating {
                mu: r.try_get(8)?,
                sigma: r.try_get(9)?,
            },
            after: Rating {
                mu: r.try_get(10)?,
                sigma: r.try_get(11)?,
            },
            at: r.try_get(12)?,
        })
    }
}

/// The season a session finished at `at` belongs to: how many season starts are at or
/// before it (0: before the first).
pub fn season_of(starts: &[i64], at: i64) -> i64 {
    starts.iter().filter(|&&s| s <= at).count() as i64
}

/// Every season start of `community`: the configured ones and the community's own.
fn all_starts(configured: &[i64], own: &[i64]) -> Vec<i64> {
    let mut all: Vec<i64> = configured.iter().chain(own).copied().collect();
    all.sort_unstable();
    all.dedup();
    all
}

/// The rows of one finished session, rated with `prior`.
fn rows_of(
    rater: &dyn Rater,
    game: &FinishedGame,
    own_starts: &[i64],
    seq: i64,
    prior: &dyn Fn(&Member) -> Option<Prior>,
) -> Vec<RatingRow> {
    let Some(rated) = rater.rated(game) else {
        return Vec::new();
    };
    let season = season_of(
        &all_starts(rater.season_starts(), own_starts),
        game.finished_at,
    );
    rater
        .model()
        .rate(&rated, season, prior)
        .into_iter()
        .map(|m| RatingRow {
            seq,
            session: game.id.clone(),
            seat: m.member.seat,
            community: game.community.clone(),
            game: game.game.clone(),
            key: m.member.key,
            player: m.member.player,
            season,
            before: m.before,
            after: m.after,
            at: game.finished_at,
        })
        .collect()
}

async fn finished_game(tx: &mut Tx<'_>, id: &str) -> Result<Option<FinishedGame>, StoreError> {
    let Some(s) = sqlx::query(
        "SELECT id, game, community, winner, details, finished_at FROM sessions WHERE id = $1 AND status = 'finished'",
    )
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?
    else {
        return Ok(None);
    };
    let seats = sqlx::query(
        "SELECT ss.session_id, ss.seat, p.id, p.is_ai, ss.role, ss.score, ss.won, ss.details, p.name FROM session_seats ss \
         JOIN players p ON p.id = ss.player_id WHERE ss.session_id = $1 AND ss.role IS NOT NULL ORDER BY ss.seat",
    )
    .bind(id)
    .fetch_all(&mut **tx)
    .await?;
    let mut game = game_of(&s)?;
    for r in &seats {
        game.seats.push(seat_of(r)?.1);
    }
    Ok(Some(game))
}

fn game_of(s: &AnyRow) -> Result<FinishedGame, StoreError> {
    let id: String = s.try_get(0)?;
    let details = super::rows::json_or_null(&id, "details", s.try_get(4)?)?;
    Ok(FinishedGame {
        game: s.try_get(1)?,
        community: s.try_get(2)?,
        winner: s.try_get::<Option<String>, _>(3)?.unwrap_or_default(),
        details,
        finished_at: s.try_get::<Option<i64>, _>(5)?.unwrap_or(0),
        seats: Vec::new(),
        id,
    })
}

fn seat_of(r: &AnyRow) -> Result<(String, FinishedSeat), StoreError> {
    let session: String = r.try_get(0)?;
    let details = super::rows::json_or_null(&session, "seat details", r.try_get(7)?)?;
    Ok((
        session,
        FinishedSeat {
            seat: r.try_get::<i64, _>(1)? as u32,
            player: r.try_get(2)?,
            name: r.try_get(8)?,
            is_ai: r.try_get::<i64, _>(3)? != 0,
            role: r.try_get::<Option<String>, _>(4)?.unwrap_or_default(),
            score: r.try_get::<Option<f64>, _>(5)?.unwrap_or(0.0),
            won: r.try_get::<Option<i64>, _>(6)?.unwrap_or(0) != 0,
            details,
        },
    ))
}

async fn insert(tx: &mut Tx<'_>, rows: &[RatingRow]) -> Result<(), StoreError> {
    const PARAMS: usize = 13;
    for chunk in rows.chunks(64) {
        let values: Vec<String> = (0..chunk.len())
            .map(|i| {
                let p: Vec<String> = (1..=PARAMS)
                    .map(|k| format!("${}", i * PARAMS + k))
                    .collect();
                format!("({})", p.join(", "))
            })
            .collect();
        let sql = format!(
            "INSERT INTO ratings ({ROW_COLUMNS}) VALUES {}",
            values.join(", ")
        );
        let mut q = sqlx::query(&sql);
        for r in chunk {
            q = q
                .bind(r.seq)
                .bind(&r.session)
                .bind(r.seat as i64)
                .bind(&r.community)
                .bind(&r.game)
                .bind(&r.key)
                .bind(&r.player)
                .bind(r.season)
                .bind(r.before.mu)
                .bind(r.before.sigma)
                .bind(r.after.mu)
                .bind(r.after.sigma)
                .bind(r.at);
        }
        q.execute(&mut **tx).await?;
    }
    Ok(())
}

async fn own_starts(tx: &mut Tx<'_>, community: &str) -> Result<Vec<i64>, StoreError> {
    let rows = sqlx::query("SELECT starts_at FROM seasons WHERE community = $1 ORDER BY starts_at")
        .bind(community)
        .fetch_all(&mut **tx)
        .await?;
    rows.iter().map(|r| Ok(r.try_get::<i64, _>(0)?)).collect()
}

/// Rates the finished session `id` in the transaction that stored its result.
pub(super) async fn rate_in_tx(
    tx: &mut Tx<'_>,
    id: &str,
    rater: &dyn Rater,
) -> Result<(), StoreError> {
    let Some(game) = finished_game(tx, id).await? else {
        return Ok(());
    };
    let Some(rated) = rater.rated(&game) else {
        return Ok(());
    };
    let mut priors: HashMap<(String, String), Prior> = HashMap::new();
    for m in rated.teams.iter().flat_map(|t| &t.members) {
        let row = sqlx::query(
            "SELECT mu_after, sigma_after, season FROM ratings WHERE community = $1 AND game = $2 AND rkey = $3 AND player_id = $4 ORDER BY seq DESC LIMIT 1",
        )
        .bind(&game.community)
        .bind(&game.game)
        .bind(&m.key)
        .bind(&m.player)
        .fetch_optional(&mut **tx)
        .await?;
        if let Some(r) = row {
            priors.insert(
                (m.key.clone(), m.player.clone()),
                Prior {
                    rating: Rating {
                        mu: r.try_get(0)?,
                        sigma: r.try_get(1)?,
                    },
                    season: r.try_get(2)?,
                },
            );
        }
    }
    let seq: i64 = sqlx::query("SELECT COALESCE(MAX(seq), 0) + 1 FROM ratings")
        .fetch_one(&mut **tx)
        .await?
        .try_get(0)?;
    let starts = own_starts(tx, &game.community).await?;
    let prior = |m: &Member| priors.get(&(m.key.clone(), m.player.clone())).copied();
    let rows = rows_of(rater, &game, &starts, seq, &prior);
    sqlx::query("DELETE FROM ratings WHERE session_id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    insert(tx, &rows).await
}

/// Clears every rating and rates every finished session again, oldest first (by when it
/// finished, then its id). Returns the number of rows written.
pub(super) async fn rebuild_in_tx(tx: &mut Tx<'_>, rater: &dyn Rater) -> Result<u64, StoreError> {
    let sessions = sqlx::query(
        "SELECT id, game, community, winner, details, finished_at FROM sessions WHERE status = 'finished' ORDER BY finished_at, id",
    )
    .fetch_all(&mut **tx)
    .await?;
    let seats = sqlx::query(
        "SELECT ss.session_id, ss.seat, p.id, p.is_ai, ss.role, ss.score, ss.won, ss.details, p.name FROM session_seats ss \
         JOIN players p ON p.id = ss.player_id JOIN sessions s ON s.id = ss.session_id \
         WHERE s.status = 'finished' AND ss.role IS NOT NULL ORDER BY ss.session_id, ss.seat",
    )
    .fetch_all(&mut **tx)
    .await?;
    let mut by_session: HashMap<String, Vec<FinishedSeat>> = HashMap::new();
    for r in &seats {
        let (session, seat) = seat_of(r)?;
        by_session.entry(session).or_default().push(seat);
    }
    let season_rows = sqlx::query("SELECT community, starts_at FROM seasons")
        .fetch_all(&mut **tx)
        .await?;
    let mut own: HashMap<String, Vec<i64>> = HashMap::new();
    for r in &season_rows {
        own.entry(r.try_get(0)?)
            .or_default()
            .push(r.try_get::<i64, _>(1)?);
    }
    sqlx::query("DELETE FROM ratings")
        .execute(&mut **tx)
        .await?;
    // The latest rating of each (community, game, key, player).
    let mut current: HashMap<(String, String, String, String), Prior> = HashMap::new();
    let mut all = Vec::new();
    let mut seq = 0;
    for s in &sessions {
        let mut game = game_of(s)?;
        game.seats = by_session.remove(&game.id).unwrap_or_default();
        let starts = own.get(&game.community).cloned().unwrap_or_default();
        let prior = |m: &Member| {
            current
                .get(&(
                    game.community.clone(),
                    game.game.clone(),
                    m.key.clone(),
                    m.player.clone(),
                ))
                .copied()
        };
        let rows = rows_of(rater, &game, &starts, seq + 1, &prior);
        if rows.is_empty() {
            continue;
        }
        seq += 1;
        for r in &rows {
            current.insert(
                (
                    r.community.clone(),
                    r.game.clone(),
                    r.key.clone(),
                    r.player.clone(),
                ),
                Prior {
                    rating: r.after,
                    season: r.season,
                },
            );
        }
        all.extend(rows);
    }
    insert(tx, &all).await?;
    Ok(all.len() as u64)
}

impl Store {
    /// Rates finished sessions with `rater` from now on (a store without one stores no
    /// ratings).
    pub fn with_rater(mut self, rater: Arc<dyn Rater>) -> Store {
        self.rater = Some(rater);
        self
    }

    /// The rater this store rates finished sessions with.
    pub fn rater(&self) -> Option<&Arc<dyn Rater>> {
        self.rater.as_ref()
    }

    /// Recomputes every rating from the stored results (`agora stats rebuild`); the
    /// number of rating rows written.
    pub async fn rebuild_ratings(&self, rater: Arc<dyn Rater>) -> Result<u64, StoreError> {
        self.write(super::writer::Write::RebuildRatings { rater })
            .await
    }

    /// Each player's record on a board, counted in the database: (player, stored name,
    /// AI, seats played, seats won) of `game` in `community`, of `season` only if given.
    pub async fn board_counts(
        &self,
        game: &str,
        community: &str,
        season: Option<i64>,
    ) -> Result<Vec<(String, String, bool, u64, u64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT p.id, p.name, p.is_ai, COUNT(*), SUM(COALESCE(ss.won, 0)) FROM sessions s \
             JOIN session_seats ss ON ss.session_id = s.id JOIN players p ON p.id = ss.player_id \
             WHERE s.status = 'finished' AND s.community = $1 AND s.game = $2 AND ss.role IS NOT NULL \
             AND ($3 < 0 OR s.id IN (SELECT session_id FROM ratings WHERE community = $1 AND game = $2 AND season = $3)) \
             GROUP BY p.id, p.name, p.is_ai",
        )
        .bind(community)
        .bind(game)
        .bind(season.unwrap_or(-1))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get(0)?,
                    r.try_get(1)?,
                    r.try_get::<i64, _>(2)? != 0,
                    r.try_get::<i64, _>(3)? as u64,
                    r.try_get::<i64, _>(4)? as u64,
                ))
            })
            .collect()
    }

    /// Each player's latest rating per key in `game` of `community` (of `season` only if
    /// given), with the games rated under it: (player, key, rating, games).
    pub async fn latest_ratings(
        &self,
        game: &str,
        community: &str,
        season: Option<i64>,
    ) -> Result<Vec<(String, String, Rating, u64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT r.player_id, r.rkey, r.mu_after, r.sigma_after, m.n FROM ratings r JOIN \
             (SELECT player_id, rkey, MAX(seq) AS top, COUNT(*) AS n FROM ratings \
              WHERE community = $1 AND game = $2 AND ($3 < 0 OR season = $3) GROUP BY player_id, rkey) m \
             ON r.player_id = m.player_id AND r.rkey = m.rkey AND r.seq = m.top \
             WHERE r.community = $1 AND r.game = $2",
        )
        .bind(community)
        .bind(game)
        .bind(season.unwrap_or(-1))
        .fetch_all(&self.pool)
        .await?;
        let mut out: Vec<(String, String, Rating, u64)> = Vec::with_capacity(rows.len());
        let mut seen = std::collections::HashSet::new();
        for r in &rows {
            let key = (r.try_get::<String, _>(0)?, r.try_get::<String, _>(1)?);
            // One player in several seats of the latest game: one row is enough.
            if !seen.insert(key.clone()) {
                continue;
            }
            out.push((
                key.0,
                key.1,
                Rating {
                    mu: r.try_get(2)?,
                    sigma: r.try_get(3)?,
                },
                r.try_get::<i64, _>(4)? as u64,
            ));
        }
        Ok(out)
    }

    /// The seasons `game` was rated in, in `community`.
    pub async fn seasons_played(
        &self,
        game: &str,
        community: &str,
    ) -> Result<Vec<i64>, StoreError> {
        let rows = sqlx::query(
            "SELECT DISTINCT season FROM ratings WHERE community = $1 AND game = $2 ORDER BY season",
        )
        .bind(community)
        .bind(game)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| Ok(r.try_get::<i64, _>(0)?)).collect()
    }

    /// Whether finished sessions are stored but no rating at all (a store made before
    /// ratings existed).
    pub async fn ratings_missing(&self) -> Result<bool, StoreError> {
        let any = |sql: &'static str| async move {
            Ok::<bool, StoreError>(sqlx::query(sql).fetch_optional(&self.pool).await?.is_some())
        };
        Ok(
            any("SELECT 1 FROM sessions WHERE status = 'finished' LIMIT 1").await?
                && !any("SELECT 1 FROM ratings LIMIT 1").await?,
        )
    }

    /// Every rating row of `game` (in `community`, or everywhere), in the order applied.
    pub async fn rating_history(
        &self,
        game: &str,
        community: Option<&str>,
    ) -> Result<Vec<RatingRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {ROW_COLUMNS} FROM ratings WHERE game = $1 AND ($2 = '' OR community = $2) ORDER BY seq, session_id, seat, rkey"
        ))
        .bind(game)
        .bind(community.unwrap_or(""))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(RatingRow::from_row).collect()
    }

    /// Every rating row of one player, every game, in the order applied.
    pub async fn player_ratings(&self, player: &str) -> Result<Vec<RatingRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {ROW_COLUMNS} FROM ratings WHERE player_id = $1 ORDER BY seq, session_id, seat, rkey"
        ))
        .bind(player)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(RatingRow::from_row).collect()
    }

    /// The rating rows of one session.
    pub async fn session_ratings(&self, session: &str) -> Result<Vec<RatingRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {ROW_COLUMNS} FROM ratings WHERE session_id = $1 ORDER BY seat, rkey"
        ))
        .bind(session)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(RatingRow::from_row).collect()
    }

    /// Starts a new season in `community` now (a server manager's `/season start`);
    /// returns its start.
    pub async fn start_season(&self, community: &str, by: &str) -> Result<i64, StoreError> {
        let at = now_ms();
        sqlx::query("INSERT INTO seasons (community, starts_at, started_by) VALUES ($1, $2, $3)")
            .bind(community)
            .bind(at)
            .bind(by)
            .execute(&self.pool)
            .await?;
        Ok(at)
    }

    /// The season starts of `community` (the configured ones and its own), oldest first.
    pub async fn season_starts(
        &self,
        configured: &[i64],
        community: &str,
    ) -> Result<Vec<i64>, StoreError> {
        let rows = sqlx::query("SELECT starts_at FROM seasons WHERE community = $1")
            .bind(community)
            .fetch_all(&self.pool)
            .await?;
        let own: Vec<i64> = rows
            .iter()
            .map(|r| r.try_get::<i64, _>(0))
            .collect::<Result<_, _>>()?;
        Ok(all_starts(configured, &own))
    }

    /// Hides (or shows again) a person's name on the community page.
    pub async fn set_web_hidden(&self, player: &str, hidden: bool) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO privacy (player_id, web_hidden, updated_at) VALUES ($1, $2, $3) \
             ON CONFLICT (player_id) DO UPDATE SET web_hidden = $2, updated_at = $3",
        )
        .bind(player)
        .bind(hidden as i64)
        .bind(now_ms())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The people who hid their name from the community page.
    pub async fn web_hidden(&self) -> Result<std::collections::HashSet<String>, StoreError> {
        let rows = sqlx::query("SELECT player_id FROM privacy WHERE web_hidden = 1")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| Ok(r.try_get::<String, _>(0)?))
            .collect()
    }

    /// Every finished session of `game` (in `community`, or everywhere), newest first, at
    /// most `limit`, with the seats that play a part in the result.
    pub async fn finished_games(
        &self,
        game: Option<&str>,
        community: Option<&str>,
        limit: i64,
    ) -> Result<Vec<FinishedGame>, StoreError> {
        let sessions = sqlx::query(
            "SELECT id, game, community, winner, details, finished_at FROM sessions \
             WHERE status = 'finished' AND ($1 = '' OR game = $1) AND ($2 = '' OR community = $2) \
             ORDER BY finished_at DESC, id DESC LIMIT $3",
        )
        .bind(game.unwrap_or(""))
        .bind(community.unwrap_or(""))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::with_capacity(sessions.len());
        for s in &sessions {
            let mut g = game_of(s)?;
            let seats = sqlx::query(
                "SELECT ss.session_id, ss.seat, p.id, p.is_ai, ss.role, ss.score, ss.won, ss.details, p.name FROM session_seats ss \
                 JOIN players p ON p.id = ss.player_id WHERE ss.session_id = $1 AND ss.role IS NOT NULL ORDER BY ss.seat",
            )
            .bind(&g.id)
            .fetch_all(&self.pool)
            .await?;
            for r in &seats {
                g.seats.push(seat_of(r)?.1);
            }
            out.push(g);
        }
        Ok(out)
    }

    /// One finished session with its seats; `None` when there is no such session or it
    /// is not finished.
    pub async fn finished_game(&self, id: &str) -> Result<Option<FinishedGame>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let game = finished_game(&mut tx, id).await?;
        tx.commit().await?;
        Ok(game)
    }

    /// A player's stored name; `None`: no such player.
    pub async fn player_name(&self, id: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT name FROM players WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(r) => Some(r.try_get(0)?),
            None => None,
        })
    }

    /// The communities with finished games: (community, finished games, latest finish),
    /// most recent first.
    pub async fn communities(&self) -> Result<Vec<(String, i64, i64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT community, COUNT(*), MAX(finished_at) FROM sessions WHERE status = 'finished' \
             GROUP BY community ORDER BY MAX(finished_at) DESC",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get(0)?,
                    r.try_get(1)?,
                    r.try_get::<Option<i64>, _>(2)?.unwrap_or(0),
                ))
            })
            .collect()
    }
}
