//! The sections no game owns: `[session]`, `[sim]`, `[store]` and `[stats]`.

use serde::{Deserialize, Serialize};

/// `[session]`: how every game's sessions run, whatever the game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SessionConfig {
    /// After a restart, a human's open ask gets at least this many seconds (scaled by the
    /// game's pace) from the moment the session resumes, even if its deadline passed while
    /// the process was down. AI seats keep their deadlines.
    pub resume_min_s: u32,
}

impl Default for SessionConfig {
    fn default() -> Self {
        SessionConfig { resume_min_s: 30 }
    }
}

/// `[sim]`: `agora sim`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SimConfig {
    /// Worker threads (0 = one per core).
    pub threads: usize,
}

/// `[store]`: where sessions live and how long a process's claim on one lasts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct StoreConfig {
    /// Used when neither `--db` nor `DATABASE_URL` is given.
    pub url: String,
    /// Seconds a session's (or a shard's) lease lasts without renewal; another process may
    /// take it over only after that (or at once when the holder is a dead local process).
    pub lease_secs: u32,
}

impl Default for StoreConfig {
    fn default() -> Self {
        StoreConfig {
            url: "sqlite://agora.db".into(),
            lease_secs: 10,
        }
    }
}

/// `[stats]`: leaderboards and ratings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct StatsConfig {
    /// Games a player must have finished before they are ranked.
    pub min_games: u32,
    /// The days seasons start (`YYYY-MM-DD`, UTC, oldest first), for every community; a
    /// server manager's `/season start` adds one for that server.
    pub season: Vec<String>,
    /// The uncertainty added before each game (σ grows by it in quadrature), so a rating
    /// keeps moving with a player who changes.
    pub tau: f64,
    /// The uncertainty added at a new season (in quadrature, up to a new player's σ): a
    /// season keeps μ and widens σ.
    pub season_sigma: f64,
}

impl Default for StatsConfig {
    fn default() -> Self {
        StatsConfig {
            min_games: 5,
            season: Vec::new(),
            tau: 0.1,
            season_sigma: 4.0,
        }
    }
}

impl StatsConfig {
    /// The configured season starts in epoch milliseconds, oldest first; an error names
    /// the date that is not a `YYYY-MM-DD` day or is out of order.
    pub fn season_starts(&self) -> Result<Vec<i64>, String> {
        let mut out: Vec<i64> = Vec::with_capacity(self.season.len());
        for day in &self.season {
            let date = chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d")
                .map_err(|_| format!("{day:?} is not a day written YYYY-MM-DD"))?;
            let ms = date
                .and_hms_opt(0, 0, 0)
                .map(|t| t.and_utc().timestamp_millis())
                .ok_or_else(|| format!("{day:?} is not a day"))?;
            if out.last().is_some_and(|&last| last >= ms) {
                return Err(format!("{day:?} is not after the season before it"));
            }
            out.push(ms);
        }
        Ok(out)
    }
}
