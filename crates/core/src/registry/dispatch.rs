//! The core's work on every registered game, or on the one a file or a stored session
//! names: the players' kits of every game ([`open_kits`], [`scenario_kits`]), a scenario
//! of any game ([`run_scenario`]) and the story of any recorded game or stored session
//! ([`story_of_file`], [`story_of_session`]). Each picks the game through [`games`] and
//! hands the work to the game's own [`GameEntry`].

use super::{entry, games, GameEntry, GameKind};
use crate::config::Config;
use crate::games::Seat;
use crate::kits::Kits;
use crate::scenario::ScenarioError;
use serde_json::Value;
use std::path::Path;

/// Opens every registered game's kit (each says in one line what it seats, unless
/// `quiet`); an error names the game's broken file or setting.
pub fn open_kits(config: &Config, quiet: bool) -> anyhow::Result<Kits> {
    let mut kits = Kits::default();
    for game in games() {
        kits.insert(game.open_kit(config, quiet)?);
    }
    Ok(kits)
}

/// Every registered game's scenario kit (content only, no model): what `agora scenario`
/// runs with.
pub fn scenario_kits() -> anyhow::Result<Kits> {
    let mut kits = Kits::default();
    for game in games() {
        if let Some(kit) = game.scenario_kit()? {
            kits.insert(kit);
        }
    }
    Ok(kits)
}

/// The game whose files carry no `"game"` (scenarios, and records written before games
/// were named in them).
fn untagged() -> &'static dyn GameEntry {
    games()
        .find(|g| g.untagged_files())
        .expect("one registered game reads the files without \"game\"")
}

/// Runs a scenario of any game, picked by its `"game"` (none: the registry's untagged
/// game's), as one JSON value, over the configured rules; a game's topics, cases and
/// players come from its kit in `kits`.
pub fn run_scenario(text: &str, config: &Config, kits: &Kits) -> Result<Value, ScenarioError> {
    let head: Value = serde_json::from_str(text)?;
    let game = match head.get("game").map(|g| g.as_str()) {
        None => Some(untagged()),
        Some(Some(name)) => GameKind::parse(name).map(entry),
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

/// The registered games' names, quoted: `"werewolf", "debate" and "trial"`.
fn allowed() -> String {
    let names: Vec<String> = games().map(|g| format!("\"{}\"", g.name())).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// Tells a recorded game of any kind, picked by the file's `"game"` (a file without one,
/// or with one no game claims, is the untagged game's).
pub fn story_of_file(path: &Path, seat: Option<Seat>, detail: bool) -> anyhow::Result<String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow::anyhow!("{}: cannot read: {e}", path.display()))?;
    let head: Value = serde_json::from_str(&text)
        .map_err(|e| anyhow::anyhow!("{}: not a recorded game: {e}", path.display()))?;
    let named = head["game"].as_str().and_then(GameKind::parse).map(entry);
    if let Some(game) = named {
        if let Some(story) = game.replay_record(path, &text, head.clone(), seat, detail) {
            return story;
        }
    }
    untagged()
        .replay_record(path, &text, head, seat, detail)
        .expect("the untagged game replays its record files")
}

/// Tells a stored session of any game from its log, rebuilt from its stored inputs.
pub async fn story_of_session(
    store: &crate::store::Store,
    id: &str,
    seat: Option<Seat>,
    detail: bool,
) -> anyhow::Result<String> {
    let row = store.session(id).await?;
    match GameKind::parse(&row.game) {
        Some(kind) => entry(kind).replay_session(store, &row, seat, detail).await,
        None => anyhow::bail!(
            "session {id}: a {} session, a game this build does not know",
            row.game
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_game_names_the_registered_ones() {
        let err = run_scenario(r#"{"game": "chess"}"#, &Config::default(), &Kits::default())
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            r#"config: game "chess": allowed are "werewolf", "debate" and "trial""#
        );
        let err = run_scenario(r#"{"game": 5}"#, &Config::default(), &Kits::default())
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            r#"config: game 5: allowed are "werewolf", "debate" and "trial""#
        );
    }

    #[test]
    fn a_scenario_without_game_is_the_untagged_games() {
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../tests/scenarios/01-wolf-majority.json"),
        )
        .expect("the untagged game's scenario is there");
        let report = run_scenario(&text, &Config::default(), &Kits::default()).expect("it runs");
        assert_eq!(report["day"], 1);
    }

    #[test]
    fn a_record_that_cannot_be_read_says_so_naming_the_file() {
        let dir = std::env::temp_dir().join(format!("agora-dispatch-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("broken.json");
        std::fs::write(&path, "not json").unwrap();
        let err = story_of_file(&path, None, false).unwrap_err().to_string();
        assert!(err.contains("broken.json: not a recorded game"), "{err}");
        let err = story_of_file(&dir.join("none.json"), None, false)
            .unwrap_err()
            .to_string();
        assert!(err.contains("none.json: cannot read"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
