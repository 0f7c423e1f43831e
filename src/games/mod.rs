//! Pure game rules: state machines with no async, no I/O and no clock. Same seed and
//! same inputs give the same game, which makes replays, simulations and scenario tests
//! possible.
//!
//! - `werewolf`: nine seats, night actions, votes, GPP.

pub mod werewolf;
