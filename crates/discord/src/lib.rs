//! The Discord surface (serenity + poise live here and nowhere else).
//!
//! The generic core, which routes to any game and never names a game's types:
//! - [`types`]: the bot's shared data (`Bot`: the table registry), poise's `Context`, `Error`.
//! - [`startup`](run): settings, building the client and framework, resume, graceful stop.
//! - `events`: gateway events routed to the right table (clicks, typed messages), errors.
//! - [`send`]: posts, edits, DMs, follow-ups, long-text chunks, 429 handling.
//! - `guards`: command cooldowns (poise's), the click rate limit, moderator checks.
//! - [`running`]: the [`RunningTable`](running::RunningTable) trait a game's table
//!   implements.
//! - [`tables`]: what every table does alike with its channel and stored row: opening a
//!   lobby, picking a stored table up at startup.
//! - [`restart`]: after a restart, stale controls closed and open asks shown once; the
//!   tests' crash points.
//! - `commands`: the slash commands, one file per family.
//! - [`text`]: player text made safe to post; component `custom_id`s.
//!
//! Each game's table in its own folder: [`werewolf`], [`debate`] (the team debate: lobby,
//! controls, rendering, driver), [`panel`] (the moderated and social debates) and
//! [`trial`] (the lobby, the juror threads, evidence, the verdict).
//! Only the places a game is picked by its kind (its start command, resume at startup)
//! import from a game's folder.
mod commands;
pub mod debate;
mod events;
mod game;
pub mod game_table;
mod guards;
pub mod restart;
pub mod running;
pub mod send;
mod startup;
pub mod tables;
pub mod text;
pub mod trial;
pub mod typed;
pub mod types;
pub mod werewolf;

use agora_agents::{self as agents, config};
use agora_core::{charts, kits, session, sim, stats, store, story};
use agora_games as games;

pub use startup::{load_ai_names, run, BotError, BotSettings};
