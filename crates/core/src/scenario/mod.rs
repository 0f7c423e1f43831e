//! Scenarios: a hand-written game with every decision scripted, replayed exactly and
//! summed up as one JSON result. This is how any rule is tested. Each game runs its own:
//! in its own file or folder here (werewolf's with a fixed deal, and the files without
//! `"game"` are werewolf's; the debate's by its `"format"`: team, rounds, social); the
//! registry (`registry::dispatch::run_scenario`) picks the game by a file's `"game"`.
//!
//! Actions apply in order, each to whatever the game waits for from that seat at that
//! moment; `{"timeout": true}` passes the deadline of everything pending. A refused action
//! is listed in `rejected` with its reason and does not stop the scenario.

use serde::{Deserialize, Serialize};
use thiserror::Error;

#[derive(Debug, Error)]
pub enum ScenarioError {
    #[error("scenario is not valid JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("roles: {0}")]
    Roles(String),
    #[error("config: {0}")]
    Config(String),
    /// A debate file's game, format or topic.
    #[error("{0}")]
    Setup(String),
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Rejected {
    pub index: usize,
    pub reason: String,
}
