//! Configuration: `config/agora.toml` and `config/werewolf-gpp.toml` hold the defaults
//! (built into the binary too, so it runs from any directory); every key can be set from
//! the environment as `AGORA_<PATH>` (see [`env`]). Everything is validated at startup and
//! a bad value is reported with its file (or variable), its key and what is allowed.
//!
//! - `mod.rs`: [`Config`], loading and the checks;
//! - `werewolf.rs`: `[werewolf]` (the rules) and `[werewolf.timers]`;
//! - `debate.rs`: `[debate]` (speech lengths, live scores) and `[debate.timers]`;
//! - `trial.rs`: `[trial]` (budgets, deliberation, hints, time limits);
//! - `general.rs`: the sections no game owns (`[session]`, `[sim]`, `[store]`, `[stats]`);
//! - `llm.rs`, `discord.rs`: `[llm]` and `[discord]`;
//! - `env.rs`: the environment overlay; `ranges.rs`: every numeric range, written once.

mod debate;
mod discord;
pub mod env;
mod general;
mod llm;
pub mod ranges;
mod trial;
mod werewolf;

pub use debate::{DebateConfig, DebateSettings, DebateTimers, LENGTH_SCALE};
pub use discord::{DiscordConfig, OffTurnMessages};
pub use general::{SessionConfig, SimConfig, StatsConfig, StoreConfig};
pub use llm::{LlmConfig, ResponseFormat, ServerKind};
pub use trial::TrialConfig;
pub use werewolf::{Timers, WerewolfConfig};

use serde::de::DeserializeOwned;
use std::path::{Path, PathBuf};
use thiserror::Error;

const DEFAULT_AGORA: &str = include_str!("../../../../config/agora.toml");

/// The sections of `agora.toml`: each game's, then the ones no game owns.
const SECTIONS: [&str; 9] = [
    werewolf::SECTION,
    debate::SECTION,
    trial::SECTION,
    "session",
    "sim",
    "store",
    "stats",
    "llm",
    "discord",
];

#[derive(Debug, Error)]
pub enum ConfigError {
    #[error("{file}: cannot read: {message}")]
    Read { file: String, message: String },
    #[error("{file}: {field}: {message}")]
    Invalid {
        file: String,
        field: String,
        message: String,
    },
}

/// The whole validated configuration.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Config {
    pub werewolf: WerewolfConfig,
    pub debate: DebateConfig,
    pub trial: TrialConfig,
    pub session: SessionConfig,
    pub sim: SimConfig,
    pub store: StoreConfig,
    pub stats: StatsConfig,
    pub llm: LlmConfig,
    pub discord: DiscordConfig,
}

impl Config {
    /// Loads from `dir` (or the built-in defaults when `dir` has no such file), then
    /// applies `AGORA_*` variables from `env`.
    pub fn load_from(
        dir: Option<&Path>,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        let (agora_name, agora_text) = read_or_default(dir, "agora.toml", DEFAULT_AGORA)?;

        let mut agora = parse_table(&agora_name, &agora_text)?;
        check_sections(&agora, &agora_name)?;
        let from_env = env::apply(&mut agora, &default_table(), &agora_name, env)?;
        let source = |field: &str| {
            from_env
                .iter()
                .find(|(f, _)| f == field)
                .map(|(_, var)| format!("environment variable {var}"))
                .unwrap_or_else(|| agora_name.clone())
        };

        let session: SessionConfig = section(&agora, "session", &source)?;
        let sim: SimConfig = section(&agora, "sim", &source)?;
        let store: StoreConfig = section(&agora, "store", &source)?;
        let stats: StatsConfig = section(&agora, "stats", &source)?;
        let llm: LlmConfig = section(&agora, "llm", &source)?;
        let discord: DiscordConfig = section(&agora, "discord", &source)?;

        let check = |field: &str, checked: Result<(), String>| {
            checked.map_err(|message| ConfigError::Invalid {
                file: source(field),
                field: field.into(),
                message,
            })
        };
        fn ok<T>(checked: Result<T, String>) -> Result<(), String> {
            checked.map(drop)
        }
        check(
            "session.resume_min_s",
            ok(ranges::RESUME_MIN_S.check(session.resume_min_s)),
        )?;
        check(
            "store.lease_secs",
            ok(ranges::LEASE_SECS.check(store.lease_secs)),
        )?;
        check("stats.season", ok(stats.season_starts()))?;
        check("stats.tau", ok(ranges::RATING_TAU.check(stats.tau)))?;
        check(
            "stats.season_sigma",
            ok(ranges::RATING_TAU.check(stats.season_sigma)),
        )?;
        check(
            "llm.timeout_secs",
            ok(ranges::CALL_TIMEOUT_SECS.check(llm.timeout_secs)),
        )?;
        check(
            "llm.agent_timeout_secs",
            ok(ranges::CALL_TIMEOUT_SECS.check(llm.agent_timeout_secs)),
        )?;
        check(
            "llm.max_concurrency",
            ok(ranges::MAX_CONCURRENCY.check(llm.max_concurrency)),
        )?;
        if !llm.base_url.starts_with("http://") && !llm.base_url.starts_with("https://") {
            check(
                "llm.base_url",
                Err(format!("{:?} is not an http(s) URL", llm.base_url)),
            )?;
        }
        check(
            "discord.command_cooldown_secs",
            ok(ranges::COMMAND_COOLDOWN_SECS.check(discord.command_cooldown_secs)),
        )?;
        check(
            "discord.clicks_per_10s",
            ok(ranges::CLICKS_PER_10S.check(discord.clicks_per_10s)),
        )?;
        check(
            "discord.ai_speech_ms",
            ok(ranges::AI_SPEECH_MS.check(discord.ai_speech_ms)),
        )?;

        let werewolf = WerewolfConfig::read(
            subtable(&agora, werewolf::SECTION, &source)?,
            dir,
            &session,
            &source,
        )?;
        let debate = DebateConfig::read(
            subtable(&agora, debate::SECTION, &source)?,
            &session,
            &source,
        )?;
        let trial = TrialConfig::read(
            subtable(&agora, trial::SECTION, &source)?,
            &session,
            &source,
        )?;
        Ok(Config {
            werewolf,
            debate,
            trial,
            session,
            sim,
            store,
            stats,
            llm,
            discord,
        })
    }

    /// The usual way in: `.env` is loaded by the binary first; the config directory is
    /// `AGORA_CONFIG_DIR` or `./config`.
    pub fn load() -> Result<Config, ConfigError> {
        let dir = std::env::var_os("AGORA_CONFIG_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("config"));
        Config::load_from(Some(&dir), &|k| std::env::var(k).ok())
    }
}

/// The built-in defaults shaped as `agora.toml` (every key, every section): the
/// environment overlay walks it, and a test holds the file to it.
pub(crate) fn default_table() -> toml::Table {
    let d = Config::default();
    let mut all = toml::Table::new();
    all.insert(
        werewolf::SECTION.into(),
        toml::Value::Table(d.werewolf.table()),
    );
    all.insert(debate::SECTION.into(), toml::Value::Table(d.debate.table()));
    all.insert(trial::SECTION.into(), toml::Value::Table(d.trial.table()));
    all.insert("session".into(), toml::Value::Table(table(&d.session)));
    all.insert("sim".into(), toml::Value::Table(table(&d.sim)));
    all.insert("store".into(), toml::Value::Table(table(&d.store)));
    all.insert("stats".into(), toml::Value::Table(table(&d.stats)));
    all.insert("llm".into(), toml::Value::Table(table(&d.llm)));
    all.insert("discord".into(), toml::Value::Table(table(&d.discord)));
    all
}

/// One section's settings as a table of keys.
fn table<T: serde::Serialize>(value: &T) -> toml::Table {
    match toml::Value::try_from(value) {
        Ok(toml::Value::Table(t)) => t,
        _ => unreachable!("a config section serializes to a table of keys"),
    }
}

/// Unknown sections are errors, and so is `[timers]`: an old file says where it went rather
/// than being half read.
fn check_sections(agora: &toml::Table, file: &str) -> Result<(), ConfigError> {
    let invalid = |field: &str, message: &str| ConfigError::Invalid {
        file: file.to_string(),
        field: field.into(),
        message: message.into(),
    };
    for key in agora.keys() {
        if key == "timers" {
            return Err(invalid(
                "timers",
                "[timers] moved to [werewolf.timers] (and its resume_min_s to [session])",
            ));
        }
        if !SECTIONS.contains(&key.as_str()) {
            return Err(invalid(
                key,
                &format!("unknown section (allowed: {})", SECTIONS.join(", ")),
            ));
        }
    }
    Ok(())
}

fn not_a_section(source: &dyn Fn(&str) -> String, name: &str) -> ConfigError {
    ConfigError::Invalid {
        file: source(name),
        field: name.to_string(),
        message: "must be a [section] of keys".into(),
    }
}

/// One `[section]` of the file (a missing one is empty: its keys take the defaults).
fn subtable(
    table: &toml::Table,
    name: &str,
    source: &dyn Fn(&str) -> String,
) -> Result<toml::Table, ConfigError> {
    match table.get(name) {
        None => Ok(toml::Table::new()),
        Some(toml::Value::Table(t)) => Ok(t.clone()),
        Some(_) => Err(not_a_section(source, name)),
    }
}

/// Deserializes the `[name]` section of `table` (a missing one takes the defaults).
fn section<T: DeserializeOwned>(
    table: &toml::Table,
    name: &str,
    source: &dyn Fn(&str) -> String,
) -> Result<T, ConfigError> {
    fields(&subtable(table, name, source)?, name, source)
}

/// Deserializes a table of keys; on failure, finds the key at fault by trying each key
/// alone (every type here defaults its missing keys), so the error can name it.
fn fields<T: DeserializeOwned>(
    table: &toml::Table,
    prefix: &str,
    source: &dyn Fn(&str) -> String,
) -> Result<T, ConfigError> {
    let whole = toml::Value::Table(table.clone()).try_into::<T>();
    whole.map_err(|e| {
        let path = |k: &str| {
            if prefix.is_empty() {
                k.to_string()
            } else {
                format!("{prefix}.{k}")
            }
        };
        for (k, v) in table {
            let mut single = toml::Table::new();
            single.insert(k.clone(), v.clone());
            if let Err(e) = toml::Value::Table(single).try_into::<T>() {
                return ConfigError::Invalid {
                    file: source(&path(k)),
                    field: path(k),
                    message: e.message().replace('\n', " "),
                };
            }
        }
        ConfigError::Invalid {
            file: source(prefix),
            field: prefix.to_string(),
            message: e.message().replace('\n', " "),
        }
    })
}

fn read_or_default(
    dir: Option<&Path>,
    name: &str,
    default: &str,
) -> Result<(String, String), ConfigError> {
    if let Some(path) = dir.map(|d| d.join(name)).filter(|p| p.exists()) {
        let file = path.display().to_string();
        return std::fs::read_to_string(&path)
            .map(|text| (file.clone(), text))
            .map_err(|e| ConfigError::Read {
                file,
                message: e.to_string(),
            });
    }
    Ok((format!("config/{name} (built-in)"), default.to_string()))
}

fn parse_table(file: &str, text: &str) -> Result<toml::Table, ConfigError> {
    text.parse::<toml::Table>()
        .map_err(|e| ConfigError::Invalid {
            file: file.to_string(),
            field: "(syntax)".into(),
            message: e.to_string().replace('\n', " "),
        })
}

/// Splits "field: message" produced by `validate()`.
pub(crate) fn split_field(file: &str, m: String) -> ConfigError {
    let (field, message) = m.split_once(": ").unwrap_or(("?", &m));
    ConfigError::Invalid {
        file: file.to_string(),
        field: field.split(" = ").next().unwrap_or(field).to_string(),
        message: message.to_string(),
    }
}

#[cfg(test)]
mod tests;
