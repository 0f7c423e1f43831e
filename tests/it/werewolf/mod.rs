//! Werewolf's integration tests (its Discord table is in `discord/werewolf.rs`).
//!
//! - `balance`: each ranked board's recorded balance, and a small ladder against it.
//! - `scenarios`: every hand-written game under `tests/scenarios/` against its `expect`.
//! - `properties`: random legal and illegal action streams (proptest).
//! - `forged`: forged speeches stay fenced in every prompt and `game_state`.
//! - `llm`: model and remote-agent seats against a mock LLM and our agent server.
//! - `board_llm`: model seats on a twelve-seat board (guard, sheriff, a malformed reply).
//! - `chinese_llm`: model seats at a Chinese table read Chinese prompts only.
//! - `model_pace`: nine model seats against a one-slot llama-like mock at a model's pace.
//! - `local_llm` (ignored): a whole game against the real small model of `scripts/local-llm`.

mod balance;
mod board_llm;
mod chinese_llm;
mod forged;
mod llm;
mod local_llm;
mod model_pace;
mod properties;
mod scenarios;
