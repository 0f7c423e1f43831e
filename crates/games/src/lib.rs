//! Pure game rules: state machines with no async, no I/O and no clock. Same seed and
//! same inputs give the same game, which makes replays, simulations and scenario tests
//! possible.
//!
//! The shared core every game speaks in: [`Seat`] and [`SeatSet`], [`Audience`] and
//! [`Viewer`] (who may know what), [`Logged`] events, [`Pending`] asks, the [`Game`] trait
//! the session layer runs.
//! Each game is a folder:
//!
//! - `lang`: the languages a table is played in, and its strings in each (Fluent files
//!   under `locales/`).
//! - `localized`: what the rules tell a person (a refusal), in the language they read.
//! - `outcome`: a finished game's result (winner, per-seat scores and details), any game.
//! - `werewolf`: nine seats, night actions, votes, GPP.
//! - `debate`: the team debate, moderated rounds and social debates.
//! - `trial`: the jury's core (labels checked against the message, stances, deliberation).

mod audience;
pub mod debate;
mod game;
pub mod lang;
pub mod localized;
pub mod outcome;
mod seat;
pub mod trial;
pub mod werewolf;
pub mod words;

pub use audience::{Audience, Logged, Viewer};
pub use game::{Game, Pending};
pub use lang::Lang;
pub use localized::Localized;
pub use outcome::Outcome;
pub use seat::{Seat, SeatSet, MOST_SEATS};
