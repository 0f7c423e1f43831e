//! Debates: pure rules, no I/O. One folder per format; what the formats share (counting
//! words, reading a speech's last sentence) sits beside them.
//!
//! - `team`: the four-stage team debate (Pro 1–4 against Con 1–4, a judge scoring each
//!   speech, penalties and totals computed here).
//! - `rounds`: the moderated debate (two or more participants, N rounds, the moderator's
//!   round scores and final rubric in two passes of opposite order, the victory type).
//! - `social`: stance and conviction moved by an evaluator's ratings, surrenders, the
//!   influence and surrender bonuses, the verdict.
//! - `words`: word counts and the small text facts the rules read from a speech.

pub mod moderated;
mod panel_game;
pub mod social;
pub mod team;
/// The word counts a debate's rules read (shared with the trial: `crate::words`).
pub use crate::words;

pub use moderated::ModeratedDebate;
pub use social::SocialDebate;
pub use team::TeamDebate;
