//! The trial's integration tests (its Discord table is in `discord/trial.rs`).
//!
//! - `scenarios`: its scenarios, manipulation attempts, random input streams (proptest).
//! - `llm`: model jurors and advocates against the mock LLM, with faults.
//! - `terminal`: `agora play|sim|scenario|replay|stats` on trials.
//! - `person`: a person prosecuting against the paced built-in advocate (issue 43).
//! - `chinese`: a trial held in Simplified Chinese (`--lang zh-CN`), watched, replayed,
//!   simulated, and argued, left and resumed by a person.

mod chinese;
mod llm;
mod person;
mod scenarios;
mod terminal;
