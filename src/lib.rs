//! Agora: social and argument games (werewolf, debate, trial) for humans and AI at the
//! same table.
//!
//! A tour, from the bottom layer up:
//! - [`games`]: pure rules as deterministic state machines (no async, no I/O).
//! - [`agents`]: deciders for AI seats; `heuristic` plays offline with no network.
//! - [`config`]: `config/*.toml` defaults overridden by the environment, validated.
//! - [`sim`]: the headless ladder, AI vs AI across all cores.
//! - [`scenario`]: hand-written games replayed exactly, for rule tests.
//! - [`replay`]: recorded games told as a story, god view or one seat's view.

pub mod agents;
pub mod config;
pub mod games;
pub mod replay;
pub mod scenario;
pub mod sim;
