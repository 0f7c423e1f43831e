//! The debates' integration tests (their Discord tables are in `discord/debate.rs` and
//! `discord/debate_panel.rs`).
//!
//! - `cli`: `agora scenario`, `replay` and `sim debate` on debates.
//! - `props`: random team-debate input streams (proptest): safe, ending, private.
//! - `llm`: the team debate's model roles against the mock LLM, with faults.
//! - `resume`: a team debate killed mid-way resumes to the same result.
//! - `terminal`: `agora play debate` watched, and played by a human who resumes.
//! - `sources`: the moderated debate's source checks.
//! - `scenarios`: the team debate's scenario files; the built-in judge's fairness.
//! - `panel_scenarios`: the moderated and social debates' scenario files.
//! - `panel_llm`, `panel_props`, `panel_terminal`: the moderated and social debates with
//!   models, under random input, and at the terminal.

mod cli;
mod llm;
mod panel_llm;
mod panel_props;
mod panel_scenarios;
mod panel_terminal;
mod props;
mod resume;
mod scenarios;
mod sources;
mod terminal;
