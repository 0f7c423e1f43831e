//! Pure game rules: state machines with no async, no I/O and no clock. Same seed and
//! same inputs give the same game, which makes replays, simulations and scenario tests
//! possible.
//!
//! - `outcome`: a finished game's result (winner, per-seat scores and details), any game.
//! - `werewolf`: nine seats, night actions, votes, GPP.

pub mod outcome;
pub mod werewolf;

pub use outcome::Outcome;
