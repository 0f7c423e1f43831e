//! Debates: pure rules, no I/O. One folder per format; what the formats share (counting
//! words, reading a speech's last sentence) sits beside them.
//!
//! - `team`: the four-stage team debate (Pro 1–4 against Con 1–4, a judge scoring each
//!   speech, penalties and totals computed here).
//! - `words`: word counts and the small text facts the rules read from a speech.

pub mod team;
pub mod words;

pub use team::TeamDebate;
