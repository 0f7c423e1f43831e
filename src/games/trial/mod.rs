//! Trial (pure; no I/O): players persuade AI jurors whose hidden stances move only by what
//! a labeller found in what the players said. This is the rules' core so far:
//!
//! - [`label`]: control-shaped text stripped from a message, and a labeller's topics kept
//!   only when each carries a quote found in it (the first two surviving are the main ones);
//! - [`jury`]: a juror's stance moved by a message's main topics (repeats halving, at most
//!   25 a message, clamped), by evidence and in deliberation (power, closeness, at most 15),
//!   and the vote.

pub mod jury;
pub mod label;
