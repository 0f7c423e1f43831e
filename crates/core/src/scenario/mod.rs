//! Scenarios: a hand-written game with every decision scripted, replayed exactly and
//! summed up as one JSON result. This is how any rule is tested. A file's `"game"` picks
//! the game through the registry, which runs the game's own scenarios: [`werewolf`] (a
//! fixed deal; the files without `"game"` are werewolf's), [`debate`] (by its `"format"`:
//! team, [`debate::rounds`], [`debate::social`]) and [`trial`].
//!
//! Actions apply in order, each to whatever the game waits for from that seat at that
//! moment; `{"timeout": true}` passes the deadline of everything pending. A refused action
//! is listed in `rejected` with its reason and does not stop the scenario.

use crate::config::Config;
use crate::kits::Kits;
use crate::registry::GameKind;
use crate::registry::GAMES;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use thiserror::Error;

pub mod debate;
pub mod trial;
pub mod werewolf;

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

/// Runs a scenario of any game, picked by its `"game"` (none: the registry's untagged
/// game's), as one JSON value, over the configured rules; a game's topics, cases and
/// players come from its kit in `kits`.
pub fn run_any(text: &str, config: &Config, kits: &Kits) -> Result<Value, ScenarioError> {
    let head: Value = serde_json::from_str(text)?;
    let game = match head.get("game").map(|g| g.as_str()) {
        None => GAMES.iter().copied().find(|g| g.untagged_files()),
        Some(Some(name)) => GameKind::parse(name).map(crate::registry::entry),
        Some(None) => None,
    };
    match game {
        Some(game) => game.run_scenario(text, &head, config, kits),
        None => Err(ScenarioError::Config(format!(
            "game {}: allowed are {}",
            head.get("game")
                .and_then(|g| g.as_str())
                .map_or_else(|| head["game"].to_string(), |g| format!("\"{g}\"")),
            allowed()
        ))),
    }
}

/// Every registered game's scenario kit (content only, no model): what `agora scenario`
/// runs with.
pub fn kits() -> anyhow::Result<Kits> {
    let mut kits = Kits::default();
    for game in GAMES {
        if let Some(kit) = game.scenario_kit()? {
            kits.insert(kit);
        }
    }
    Ok(kits)
}

/// The registered games' names, quoted: `"werewolf", "debate" and "trial"`.
fn allowed() -> String {
    let names: Vec<String> = GAMES
        .iter()
        .map(|g| format!("\"{}\"", g.kind().name()))
        .collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_game_names_the_registered_ones() {
        let err = run_any(r#"{"game": "chess"}"#, &Config::default(), &Kits::default())
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            r#"config: game "chess": allowed are "werewolf", "debate" and "trial""#
        );
        let err = run_any(r#"{"game": 5}"#, &Config::default(), &Kits::default())
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            r#"config: game 5: allowed are "werewolf", "debate" and "trial""#
        );
    }

    #[test]
    fn a_file_without_game_is_the_untagged_games() {
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../tests/scenarios/01-wolf-majority.json"),
        )
        .expect("the werewolf scenario is there");
        let report = run_any(&text, &Config::default(), &Kits::default()).expect("it runs");
        assert_eq!(report["day"], 1);
    }
}
