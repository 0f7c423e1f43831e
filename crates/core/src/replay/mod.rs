//! Recorded games (`agora sim … --record DIR` writes one JSON file per game) and stored
//! sessions, told as a story: the god view, or exactly what one seat saw (`--seat N`).
//! Each game tells its own in its file here ([`werewolf`], [`debate`], [`trial`]); this
//! module picks the game through the registry: a file by its `"game"` (a file without one
//! is the registry's untagged game's), a stored session by its kind.

pub mod debate;
pub mod trial;
pub mod werewolf;

use crate::games::Seat;
use crate::registry::GameKind;
use crate::registry::{GameEntry, GAMES};
use std::path::Path;

/// The game whose record files carry no `"game"`, or whose `"game"` no game claims.
fn untagged() -> &'static dyn GameEntry {
    GAMES
        .iter()
        .copied()
        .find(|g| g.untagged_files())
        .expect("one registered game reads the files without \"game\"")
}

/// Tells a recorded game of any kind, picked by the file's `"game"`.
pub fn story_of_file(path: &Path, seat: Option<Seat>, detail: bool) -> anyhow::Result<String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow::anyhow!("{}: cannot read: {e}", path.display()))?;
    let head: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| anyhow::anyhow!("{}: not a recorded game: {e}", path.display()))?;
    let named = head["game"]
        .as_str()
        .and_then(GameKind::parse)
        .map(crate::registry::entry);
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
        Some(kind) => {
            crate::registry::entry(kind)
                .replay_session(store, &row, seat, detail)
                .await
        }
        None => anyhow::bail!(
            "session {id}: a {} session, a game this build does not know",
            row.game
        ),
    }
}
