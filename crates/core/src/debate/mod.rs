//! The debates in the core (the team debate, moderated rounds, social debates): everything the core does for them, in one place.
//!
//! Each part is the game's side of a shared module of the core (its trait or its
//! machinery lives there; the game's implementation here):
//! - `charts`: the stance and round-score charts.
//! - `entry`: its entry in the registry (`crate::registry::entry`).
//! - `format`: the debate formats, listed once (each layer matches on them).
//! - `kit`: its players' kit.
//! - `replay`: a recorded debate told as a story.
//! - `scenario`: hand-written debates replayed exactly, each format.
//! - `session`: its `GameSetup`s (`mod.rs` the team debate, `panel.rs` the moderated and social ones).
//! - `sim`: the headless ladder of each format.
//! - `stats`: its boards, ratings and page lines.
//! - `story`: debates told in lines (`team.rs` with the scorecard, `panel.rs`).

pub mod charts;
pub(crate) mod entry;
pub mod format;
pub mod kit;
pub mod replay;
pub mod scenario;
pub mod session;
pub mod sim;
pub mod stats;
pub mod story;
