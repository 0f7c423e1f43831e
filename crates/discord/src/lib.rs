//! The Discord surface (serenity + poise live here and nowhere else). Outside the crate
//! only [`run`] and its [`BotSettings`] are used (and, by the tests, the restart line
//! [`restart::closed_line`] and the werewolf lobby's seat draw, `human_seats`);
//! every other module is private, so the compiler reports what nothing uses.
//!
//! The generic core, which routes to any game and never names a game's types:
//! - `types`: the bot's shared data (`Bot`: the table registry, every game's kit), the
//!   `RunningTable` trait the registry holds every table by, poise's `Context`, `Error`;
//!   it imports only leaves (`guards`, `cluster`'s state, `text`).
//! - `startup`: settings, building the client and framework, resume, graceful stop.
//! - `events`: gateway events routed to the right table (clicks, typed messages), errors.
//! - `send`: posts, edits, DMs, follow-ups, long-text chunks, 429 handling.
//! - `guards`: command cooldowns (poise's), the click rate limit, moderator checks.
//! - `tables`: what every table does alike with its channel and stored row (`Seated`):
//!   its link, stop, status, close, detach.
//! - `game_table`: `GameTable`, what a game's table implements, and what is written once
//!   for any table: opening a lobby, launching a session, resuming at startup.
//! - `game`: `DiscordGame`, a game as the core knows it (its kind, commands, resume).
//! - [`restart`]: after a restart, stale controls closed and open asks shown once; the
//!   tests' crash points.
//! - `commands`: the list of games (`commands::game`, the one shared place naming them) and the
//!   statistics commands.
//! - `text`: player text made safe to post; component `custom_id`s.
//! - `cluster` (shard leases, takeover), `inbox` (events handed between processes), `ops`
//!   (`/healthz`, `/metrics`), `rest_meter` (REST calls counted by route and status).
//!
//! Each game's table and commands in its own folder: [`werewolf`], `debate` (the team
//! debate; `debate/panel/`: the moderated and social debates) and `trial` (the lobby, the
//! juror threads, evidence, the verdict).
mod cluster;
mod commands;
mod debate;
mod drafts;
mod events;
mod game;
mod game_table;
mod guards;
mod inbox;
mod inbox_listener;
mod keeper;
mod ops;
mod rest_meter;
pub mod restart;
mod resume;
mod send;
mod startup;
mod tables;
mod text;
mod trial;
mod typed;
mod types;
pub mod werewolf;

pub use startup::{run, BotError, BotSettings, ShardPlan};
