//! Integration tests, in one binary to save link time.
//!
//! - `scenarios`: every hand-written game under `tests/scenarios/` against its `expect`.
//! - `properties`: random legal and illegal action streams (proptest).
//! - `cli`: the `agora` binary end to end (sim, scenario, replay).
//! - `forged`: forged speeches stay fenced in every prompt and `game_state`.
//! - `llm`: model and remote-agent seats against a mock LLM and our agent server.
//! - `local_llm` (ignored): a whole game against the real small model of `scripts/local-llm`.
//! - `debate_cli`: `agora scenario`, `replay` and `sim debate` on debates.
//! - `debate_props`: random team-debate input streams (proptest): safe, ending, private.
//! - `debate_llm`: the debate's model roles against the mock LLM, with faults.
//! - `debate_resume`: a team debate killed mid-way resumes to the same result.
//! - `debate_terminal`: `agora play debate` watched, and played by a human who resumes.
//! - `store`: the game store and session resume on SQLite and PostgreSQL.
//! - `discord`: the bot against the in-process fake Discord (`tests/support/fake_discord/`).
//! - `terminal`: `agora play`, SIGKILL and `agora resume`, `sessions` and `stats`.
//! - `resume_games`: one `agora resume` finishing sessions of two games.
//! - `trial`: the trial's scenarios, manipulation attempts, random input streams (proptest).
//! - `trial_llm`: the trial's model jurors and advocates against the mock LLM, with faults.
//! - `ratings`: ratings from offline sessions of every game; rebuilds; side predictions.
//! - `web`: the community page over real sessions, and in a real browser (chromedriver).
//! - `trial_terminal`: `agora play|sim|scenario|replay|stats` on trials.
//! - `docs`: ARCHITECTURE.md names only paths that exist, in at most 250 lines.

#[path = "../support/cli.rs"]
mod agora_cli;
#[path = "../support/app.rs"]
mod app;
mod cli;
mod debate_cli;
mod debate_llm;
mod debate_panel_llm;
mod debate_panel_props;
mod debate_panel_terminal;
mod debate_props;
mod debate_resume;
mod debate_sources;
mod debate_terminal;
mod discord;
mod docs;
#[path = "../support/fake_discord/mod.rs"]
mod fake_discord;
#[path = "../support/fake_players.rs"]
mod fake_players;
mod forged;
mod llm;
mod local_llm;
mod properties;
mod ratings;
mod resume_games;
mod scenarios;
mod scenarios_debate_panel;
mod store;
mod terminal;
mod trial;
mod trial_llm;
mod trial_terminal;
mod web;
#[path = "../support/webdriver.rs"]
mod webdriver;
