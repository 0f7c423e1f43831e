//! Agora: social and argument games (werewolf, debate, trial) for humans and AI at the
//! same table.
//!
//! A tour, from the bottom layer up:
//! - [`games`]: pure rules as deterministic state machines (no async, no I/O).
//! - [`agents`]: deciders for AI seats; `heuristic` plays offline with no network.
//! - [`config`]: `config/*.toml` defaults overridden by the environment, validated.
//! - [`sim`]: the headless ladder, AI vs AI across all cores; [`ladder`]: the same with
//!   language-model and remote-agent seats, as stored sessions.
//! - [`scenario`]: hand-written games replayed exactly, for rule tests.
//! - [`replay`]: recorded games told as a story, god view or one seat's view.
//! - [`charts`]: PNG charts (debate stances, round scores) with an embedded font.
//! - [`llm`]: OpenAI-compatible chat client, providers per role, prompts, a mock server.
//! - [`store`]: sessions, input logs, results and players in SQLite or PostgreSQL.
//! - [`session`]: one tokio task per table; inputs stored before applied; resume.
//! - [`discord`]: the Discord surface; [`stats`]: leaderboards.
//!
//! The binary (`src/main.rs`) adds the command line, the store-backed commands and the
//! terminal surface as private modules of its own, so the compiler reports their dead code.

/// mimalloc for every program built on this library (the bot, the ladder, the benches and
/// the tests): a game allocates and frees its speeches, its log and its players, and the
/// system allocator was a twentieth of a ladder game's time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub use agora_agents::{self as agents, config, llm};
pub use agora_core::{
    charts, kits, ladder, ratings, registry, replay, scenario, session, sim, stats, store, story,
};
pub use agora_discord as discord;
pub use agora_games as games;
