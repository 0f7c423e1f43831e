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
    /// Seconds a session's lease lasts without renewal; another process may take the
    /// session over only after that (or at once when the holder is a dead local process).
    pub lease_secs: u32,
}

impl Default for StoreConfig {
    fn default() -> Self {
        StoreConfig {
            url: "sqlite://agora.db".into(),
            lease_secs: 20,
        }
    }
}

/// `[stats]`: leaderboards.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct StatsConfig {
    /// Games a player must have finished before they are ranked.
    pub min_games: u32,
}

impl Default for StatsConfig {
    fn default() -> Self {
        StatsConfig { min_games: 5 }
    }
}
