//! Integration tests, in one binary to save link time, grouped by game and by surface.
//!
//! - `werewolf`, `debate`, `trial`: each game's scenarios, properties, model seats and
//!   terminal play (their `mod.rs` lists them).
//! - `discord`: the bot against the in-process fake Discord (`tests/support/fake_discord/`),
//!   a file for each game's table and for what every table shares.
//! - `terminal`: `agora play`, SIGKILL and `agora resume`, `sessions` and `stats`.
//! - `cli`: the `agora` binary end to end (sim, scenario, replay).
//! - `store`: the game store and session resume on SQLite and PostgreSQL.
//! - `scenario_files`: any game's scenario files run and checked against their `expect`.
//! - `resume_games`: one `agora resume` finishing sessions of two games.
//! - `ratings`: ratings from offline sessions of every game; rebuilds; side predictions.
//! - `web`: the community page over real sessions, and in a real browser (chromedriver).
//! - `docs`: ARCHITECTURE.md names only paths that exist, in at most 250 lines.
//! - `zh`: reading output for Simplified Chinese (Han lines, English words left).

#[path = "../support/cli.rs"]
mod agora_cli;
#[path = "../support/app.rs"]
mod app;
mod cli;
mod debate;
mod discord;
mod docs;
#[path = "../support/fake_discord/mod.rs"]
mod fake_discord;
#[path = "../support/fake_players.rs"]
mod fake_players;
mod ratings;
mod resume_games;
mod scenario_files;
mod store;
mod terminal;
mod trial;
mod web;
#[path = "../support/webdriver.rs"]
mod webdriver;
mod werewolf;
mod zh;
