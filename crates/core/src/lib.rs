//! The runtime every surface shares, above the rules and the AI players:
//! - [`store`]: sessions, input logs, results and players in SQLite or PostgreSQL.
//! - [`session`]: one tokio task per table; inputs stored before applied; resume.
//! - [`kits`]: the players' kits and the store, opened from the configuration.
//! - [`registry`]: the one list of games, each described once ([`registry::GameEntry`]).
//! - [`sim`]: the headless ladder, AI vs AI across all cores; [`ladder`]: the same with
//!   language-model and remote-agent seats, as stored sessions.
//! - [`scenario`]: hand-written games replayed exactly, for rule tests.
//! - [`replay`]: recorded games told as a story, god view or one seat's view.
//! - [`story`]: games told in plain lines (shared by the terminal, Discord and replay).
//! - [`stats`]: leaderboards; [`ratings`]: ratings for every game (Weng-Lin);
//!   [`charts`]: PNG charts with an embedded font.
//!
//! Each game's part of every module above is in one folder of its own: [`werewolf`],
//! [`debate`], [`trial`] (its kit, session setup, ladder, scenarios, replay, story, stats
//! and charts, and its entry in the registry).

pub mod charts;
pub mod debate;
pub mod kits;
pub mod ladder;
pub mod ratings;
pub mod registry;
pub mod replay;
pub mod scenario;
pub mod session;
pub mod sim;
pub mod stats;
pub mod store;
pub mod story;
pub mod trial;
pub mod werewolf;

use agora_agents::{self as agents, config, llm};
use agora_games as games;
