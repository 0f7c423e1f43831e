//! The trial in the core: everything the core does for it, in one place.
//!
//! Each part is the game's side of a shared module of the core (its trait or its
//! machinery lives there; the game's implementation here):
//! - `charts`: the jurors' stance chart.
//! - `entry`: its entry in the registry (`crate::registry::entry`).
//! - `kit`: its players' kit (jurors, advocates, the labeller).
//! - `replay`: a recorded trial told as a story.
//! - `scenario`: hand-written trials replayed exactly.
//! - `session`: its `GameSetup`.
//! - `sim`: the headless ladder.
//! - `stats`: its boards, ratings and page lines.
//! - `story`: trials told in lines.

pub mod charts;
pub(crate) mod entry;
pub mod kit;
pub mod replay;
pub mod scenario;
pub mod session;
pub mod sim;
pub mod stats;
pub mod story;
