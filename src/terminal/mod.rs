//! The terminal surface: a game played at the keyboard (hot seat when several people share
//! it), or watched. The generic parts are the keyboard ([`Keyboard`]: lines typed while a
//! prompt is open, guarded against type-ahead) and [`follow`] (one loop for every game:
//! the session's notes, the keyboard, Ctrl-C, leaving, the ending); each game's view of a
//! session (what is printed, how a typed line becomes an action: its [`follow::Screen`]) is
//! in the game's own folder of the binary (`src/<game>/terminal/`).

pub mod follow;
mod keyboard;

pub use keyboard::{Keyboard, Typed};

/// Where a terminal game is played, with the terminal's community language set to the one
/// it is played in: at the terminal the person playing is the community, so `agora web`
/// and the boards show the terminal's pages in the language of its latest game.
pub async fn terminal_place(
    store: &agora_core::store::Store,
    lang: agora_games::Lang,
) -> anyhow::Result<agora_core::session::Place> {
    store
        .set_community_lang("terminal", lang, agora_core::store::now_ms())
        .await?;
    Ok(agora_core::session::Place {
        surface: "terminal".into(),
        community: "terminal".into(),
        channel: "terminal".into(),
    })
}

/// How an attached terminal left the session.
#[derive(Debug, Clone, PartialEq)]
pub enum Left {
    Finished(agora_core::store::Outcome),
    Abandoned,
    /// The keyboard closed or the player typed `quit`: the session stays stored, resumable.
    Detached,
}
