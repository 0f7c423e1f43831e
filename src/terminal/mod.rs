//! The terminal surface: a game played at the keyboard (hot seat when several people share
//! it), or watched. The generic parts are the keyboard ([`Keyboard`]: lines typed while a
//! prompt is open, guarded against type-ahead) and [`follow`] (one loop for every game:
//! the session's notes, the keyboard, Ctrl-C, leaving, the ending); each game's view of a
//! session (what is printed, how a typed line becomes an action: its [`follow::Screen`]) is
//! in the game's own folder of the binary (`src/<game>/terminal/`).

pub mod follow;
mod keyboard;

pub use keyboard::{Keyboard, Typed};

/// How an attached terminal left the session.
#[derive(Debug, Clone, PartialEq)]
pub enum Left {
    Finished(agora_core::store::Outcome),
    Abandoned,
    /// The keyboard closed or the player typed `quit`: the session stays stored, resumable.
    Detached,
}
