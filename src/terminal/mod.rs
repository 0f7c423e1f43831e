//! The terminal surface: a game played at the keyboard (hot seat when several people share
//! it), or watched. The generic part is the keyboard ([`Keyboard`]: lines typed while a
//! prompt is open, guarded against type-ahead); each game's view of a session (what is
//! printed, how a typed line becomes an action) is a folder:
//!
//! - `werewolf`: the night and the day, typed answers, the ending and the scoreboard.

mod keyboard;
pub mod werewolf;

pub use keyboard::{Keyboard, Typed};
