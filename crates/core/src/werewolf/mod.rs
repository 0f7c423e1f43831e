//! Werewolf in the core: everything the core does for werewolf, in one place.
//!
//! Each part is the game's side of a shared module of the core (its trait or its
//! machinery lives there; the game's implementation here):
//! - `entry`: its entry in the registry (`crate::registry::entry`).
//! - `kit`: its players' kit (built-in players, model and remote seats).
//! - `ladder`: the ladder with model and remote seats, stored.
//! - `replay`: a recorded game told as a story.
//! - `scenario`: hand-written games replayed exactly (`scenario_afk`: people who miss
//!   their actions, the AI taking their seats over, taking them back, leaving).
//! - `session`: its `GameSetup`: seats, agents, the GPP table, the timers.
//! - `sim`: the headless ladder.
//! - `stats`: its boards, ratings and page lines.

pub(crate) mod entry;
pub mod kit;
pub mod ladder;
pub mod replay;
pub mod scenario;
pub mod scenario_afk;
pub mod session;
pub mod sim;
pub mod stats;
