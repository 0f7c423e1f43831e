//! Configuration: `config/agora.toml` and `config/werewolf-gpp.toml` hold the defaults
//! (built into the binary too, so it runs from any directory); environment variables
//! `AGORA_<SECTION>_<KEY>` override single keys. Everything is validated at startup and a
//! bad value is reported with its file, its key and what is allowed.

use crate::games::werewolf::{GppTable, Rules};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use thiserror::Error;

const DEFAULT_AGORA: &str = include_str!("../config/agora.toml");
const DEFAULT_GPP: &str = include_str!("../config/werewolf-gpp.toml");

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

/// Seconds per ask kind, scaled by `pace`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Timers {
    pub wolves: u32,
    pub witch: u32,
    pub seer: u32,
    pub hunter: u32,
    pub speech: u32,
    pub vote: u32,
    pub pk_speech: u32,
    pub last_words: u32,
    pub pace: f64,
    /// After a restart, a human's open ask gets at least this many seconds (scaled by
    /// `pace`) from the moment the session resumes, even if its deadline passed while the
    /// process was down. AI seats keep their deadlines.
    pub resume_min_s: u32,
}

#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SimConfig {
    pub threads: usize,
}

/// The game store: where sessions live and how long a process's claim on one lasts.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct StoreConfig {
    /// Used when neither `--db` nor `DATABASE_URL` is given.
    pub url: String,
    /// Seconds a session's lease lasts without renewal; another process may take the
    /// session over only after that (or at once when the holder is a dead local process).
    pub lease_secs: u32,
}

impl Default for StoreConfig {
    fn default() -> Self {
        StoreConfig {
            url: "sqlite://agora.db".into(),
            lease_secs: 20,
        }
    }
}

/// Leaderboards.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct StatsConfig {
    /// Games a player must have finished before they are ranked.
    pub min_games: u32,
}

impl Default for StatsConfig {
    fn default() -> Self {
        StatsConfig { min_games: 5 }
    }
}

/// Defaults for language-model players (see `[llm]` in `config/agora.toml`); the
/// environment overrides them per role in [`crate::llm::Provider::resolve`].
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LlmConfig {
    pub base_url: String,
    pub model: String,
    pub response_format: String,
    pub timeout_secs: f64,
    pub max_retries: u32,
    pub max_concurrency: u32,
    pub temperature: f64,
    pub max_tokens: u32,
    pub agent_timeout_secs: f64,
}

impl Default for LlmConfig {
    fn default() -> Self {
        LlmConfig {
            base_url: "https://api.openai.com/v1".into(),
            model: "gpt-4o-mini".into(),
            response_format: "json_schema".into(),
            timeout_secs: 20.0,
            max_retries: 2,
            max_concurrency: 8,
            temperature: 0.7,
            max_tokens: 400,
            agent_timeout_secs: 10.0,
        }
    }
}

/// The Discord surface (`[discord]`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DiscordConfig {
    /// What happens to a message typed in a game's channel by someone who is not the
    /// current speaker: "ignore" (it stays, it is not a speech) or "delete".
    pub off_turn_messages: String,
    /// Seconds a user waits before using the same slash command again.
    pub command_cooldown_secs: f64,
    /// Button and menu clicks one user may make in 10 seconds before being told to slow down.
    pub clicks_per_10s: u32,
    /// Milliseconds between two AI speeches posted in a game's channel (scaled by the
    /// game's pace), so people can read them before the vote opens. Each AI speech is then
    /// its own message.
    pub ai_speech_ms: u64,
}

impl Default for DiscordConfig {
    fn default() -> Self {
        DiscordConfig {
            off_turn_messages: "ignore".into(),
            command_cooldown_secs: 2.0,
            clicks_per_10s: 15,
            ai_speech_ms: 1500,
        }
    }
}

/// The whole validated configuration.
#[derive(Debug, Clone)]
pub struct Config {
    pub werewolf: Arc<Rules>,
    pub timers: Timers,
    pub sim: SimConfig,
    pub store: StoreConfig,
    pub stats: StatsConfig,
    pub llm: LlmConfig,
    pub discord: DiscordConfig,
}

impl Default for Timers {
    fn default() -> Self {
        Timers {
            wolves: 60,
            witch: 60,
            seer: 60,
            hunter: 60,
            speech: 120,
            vote: 30,
            pk_speech: 60,
            last_words: 120,
            pace: 1.0,
            resume_min_s: 30,
        }
    }
}

impl Timers {
    /// The time allowed for the ask whose timer is `key` (see `AskKind::timer_key`),
    /// scaled by `pace`. An unknown key gets the longest timer.
    pub fn duration(&self, key: &str) -> std::time::Duration {
        let secs = match key {
            "wolves" => self.wolves,
            "witch" => self.witch,
            "seer" => self.seer,
            "hunter" => self.hunter,
            "speech" => self.speech,
            "vote" => self.vote,
            "pk_speech" => self.pk_speech,
            "last_words" => self.last_words,
            _ => self.speech.max(self.last_words),
        };
        std::time::Duration::from_secs_f64(secs as f64 * self.pace)
    }

    /// The least time a human's open ask gets after a resume, scaled by `pace`.
    pub fn resume_min(&self) -> std::time::Duration {
        std::time::Duration::from_secs_f64(self.resume_min_s as f64 * self.pace)
    }
}

impl Config {
    /// Loads from `dir` (or the built-in defaults when `dir` has no such file), then
    /// applies `AGORA_*` overrides from `env`.
    pub fn load_from(
        dir: Option<&Path>,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        let (agora_name, agora_text) = read_or_default(dir, "agora.toml", DEFAULT_AGORA)?;
        let (gpp_name, gpp_text) = read_or_default(dir, "werewolf-gpp.toml", DEFAULT_GPP)?;

        let mut agora = parse_table(&agora_name, &agora_text)?;
        for key in agora.keys() {
            if ![
                "werewolf", "timers", "sim", "store", "stats", "llm", "discord",
            ]
            .contains(&key.as_str())
            {
                return Err(ConfigError::Invalid {
                    file: agora_name.clone(),
                    field: key.clone(),
                    message: "unknown section (allowed: werewolf, timers, sim, store, stats, llm, discord)"
                        .into(),
                });
            }
        }
        let from_env = apply_env(&mut agora, &agora_name, env)?;
        let source = |field: &str| {
            from_env
                .iter()
                .find(|(f, _)| f == field)
                .map(|(_, var)| format!("environment variable {var}"))
                .unwrap_or_else(|| agora_name.clone())
        };
        let mut rules: Rules = section(&agora, "werewolf", &source)?;
        let timers: Timers = section(&agora, "timers", &source)?;
        let sim: SimConfig = section(&agora, "sim", &source)?;
        let store: StoreConfig = section(&agora, "store", &source)?;
        let stats: StatsConfig = section(&agora, "stats", &source)?;
        let llm: LlmConfig = section(&agora, "llm", &source)?;
        let discord: DiscordConfig = section(&agora, "discord", &source)?;
        let invalid = |field: &str, message: String| ConfigError::Invalid {
            file: source(field),
            field: field.into(),
            message,
        };
        if !["json_schema", "json_object"].contains(&llm.response_format.as_str()) {
            return Err(invalid(
                "llm.response_format",
                format!(
                    "{:?} is not allowed: use \"json_schema\" or \"json_object\"",
                    llm.response_format
                ),
            ));
        }
        for (field, secs) in [
            ("llm.timeout_secs", llm.timeout_secs),
            ("llm.agent_timeout_secs", llm.agent_timeout_secs),
        ] {
            if !(0.01..=600.0).contains(&secs) {
                return Err(invalid(
                    field,
                    format!("{secs} is not allowed: use seconds from 0.01 to 600"),
                ));
            }
        }
        if llm.max_concurrency == 0 {
            return Err(invalid(
                "llm.max_concurrency",
                "0 is not allowed: use at least 1".into(),
            ));
        }
        if !llm.base_url.starts_with("http://") && !llm.base_url.starts_with("https://") {
            return Err(invalid(
                "llm.base_url",
                format!("{:?} is not an http(s) URL", llm.base_url),
            ));
        }
        if !["ignore", "delete"].contains(&discord.off_turn_messages.as_str()) {
            return Err(invalid(
                "discord.off_turn_messages",
                format!(
                    "{:?} is not allowed: use \"ignore\" or \"delete\"",
                    discord.off_turn_messages
                ),
            ));
        }
        if !(0.0..=3600.0).contains(&discord.command_cooldown_secs) {
            return Err(invalid(
                "discord.command_cooldown_secs",
                format!(
                    "{} is not allowed: use seconds from 0 to 3600",
                    discord.command_cooldown_secs
                ),
            ));
        }
        if discord.clicks_per_10s == 0 {
            return Err(invalid(
                "discord.clicks_per_10s",
                "0 is not allowed: use at least 1".into(),
            ));
        }
        if discord.ai_speech_ms > 10_000 {
            return Err(invalid(
                "discord.ai_speech_ms",
                format!(
                    "{} is not allowed: use milliseconds from 0 to 10000",
                    discord.ai_speech_ms
                ),
            ));
        }
        if store.lease_secs < 2 {
            return Err(ConfigError::Invalid {
                file: source("store.lease_secs"),
                field: "store.lease_secs".into(),
                message: format!("{} is too short: use at least 2", store.lease_secs),
            });
        }

        let gpp_table = parse_table(&gpp_name, &gpp_text)?;
        let gpp: GppTable = fields(&gpp_table, "", &|_| gpp_name.clone())?;
        gpp.validate().map_err(|m| split_field(&gpp_name, m))?;

        rules.gpp = gpp;
        if let Err(m) = rules.validate() {
            let field = format!("werewolf.{}", m.split(' ').next().unwrap_or(""));
            return Err(split_field(&source(&field), format!("werewolf.{m}")));
        }
        if !(0.0..=100.0).contains(&timers.pace) || timers.pace.is_nan() {
            return Err(ConfigError::Invalid {
                file: source("timers.pace"),
                field: "timers.pace".into(),
                message: format!("{} is not allowed: use a number from 0 to 100", timers.pace),
            });
        }
        if timers.resume_min_s > 3600 {
            return Err(ConfigError::Invalid {
                file: source("timers.resume_min_s"),
                field: "timers.resume_min_s".into(),
                message: format!(
                    "{} is not allowed: use a number of seconds from 0 to 3600",
                    timers.resume_min_s
                ),
            });
        }
        Ok(Config {
            werewolf: Arc::new(rules),
            timers,
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

/// Deserializes one `[section]` of a file (a missing section takes the defaults).
fn section<T: DeserializeOwned + Default>(
    table: &toml::Table,
    name: &str,
    source: &dyn Fn(&str) -> String,
) -> Result<T, ConfigError> {
    match table.get(name) {
        None => Ok(T::default()),
        Some(toml::Value::Table(t)) => fields(t, name, source),
        Some(_) => Err(ConfigError::Invalid {
            file: source(name),
            field: name.to_string(),
            message: "must be a [section] of keys".into(),
        }),
    }
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
fn split_field(file: &str, m: String) -> ConfigError {
    let (field, message) = m.split_once(": ").unwrap_or(("?", &m));
    ConfigError::Invalid {
        file: file.to_string(),
        field: field.split(" = ").next().unwrap_or(field).to_string(),
        message: message.to_string(),
    }
}

/// For every key in every section, `AGORA_<SECTION>_<KEY>` replaces its value, parsed as
/// the same type as the default. Returns the (field, variable) pairs it replaced.
fn apply_env(
    table: &mut toml::Table,
    file: &str,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<Vec<(String, String)>, ConfigError> {
    let mut replaced = Vec::new();
    for (section, value) in table.iter_mut() {
        let Some(keys) = value.as_table_mut() else {
            continue;
        };
        for (key, value) in keys.iter_mut() {
            let var = format!("AGORA_{}_{}", section, key).to_uppercase();
            let Some(raw) = env(&var) else { continue };
            let bad = |allowed: &str| ConfigError::Invalid {
                file: format!("environment variable {var} (over {file})"),
                field: format!("{section}.{key}"),
                message: format!("{raw:?} is not allowed: expected {allowed}"),
            };
            *value = match value {
                toml::Value::Integer(_) => {
                    toml::Value::Integer(raw.trim().parse().map_err(|_| bad("a whole number"))?)
                }
                toml::Value::Float(_) => {
                    toml::Value::Float(raw.trim().parse().map_err(|_| bad("a number"))?)
                }
                toml::Value::Boolean(_) => match raw.trim() {
                    "true" | "1" | "on" | "yes" => toml::Value::Boolean(true),
                    "false" | "0" | "off" | "no" => toml::Value::Boolean(false),
                    _ => return Err(bad("true or false")),
                },
                toml::Value::String(_) => toml::Value::String(raw.trim().to_string()),
                _ => return Err(bad("a value of the default's type")),
            };
            replaced.push((format!("{section}.{key}"), var));
        }
    }
    Ok(replaced)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::werewolf::WitchSelfSave;

    fn no_env(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn built_in_defaults_match_the_rules_defaults() {
        let c = Config::load_from(None, &no_env).unwrap();
        assert_eq!(*c.werewolf, Rules::default());
        assert_eq!(c.timers.wolves, 60);
    }

    #[test]
    fn env_overrides_and_validation() {
        let env = |k: &str| match k {
            "AGORA_WEREWOLF_MAX_DAYS" => Some("5".to_string()),
            "AGORA_WEREWOLF_WITCH_SELF_SAVE" => Some("never".to_string()),
            _ => None,
        };
        let c = Config::load_from(None, &env).unwrap();
        assert_eq!(c.werewolf.max_days, 5);
        assert_eq!(c.werewolf.witch_self_save, WitchSelfSave::Never);

        let env = |k: &str| (k == "AGORA_WEREWOLF_MAX_DAYS").then(|| "many".to_string());
        let e = Config::load_from(None, &env).unwrap_err().to_string();
        assert!(
            e.contains("AGORA_WEREWOLF_MAX_DAYS") && e.contains("werewolf.max_days"),
            "{e}"
        );

        let env = |k: &str| (k == "AGORA_WEREWOLF_WITCH_SELF_SAVE").then(|| "sometimes".into());
        let e = Config::load_from(None, &env).unwrap_err().to_string();
        assert!(e.contains("sometimes") && e.contains("always"), "{e}");
        assert!(
            e.contains("AGORA_WEREWOLF_WITCH_SELF_SAVE") && e.contains("werewolf.witch_self_save"),
            "{e}"
        );

        let env = |k: &str| (k == "AGORA_WEREWOLF_MAX_DAYS").then(|| "0".to_string());
        let e = Config::load_from(None, &env).unwrap_err().to_string();
        assert!(
            e.contains("max_days") && e.contains("between 1 and 100"),
            "{e}"
        );
    }

    #[test]
    fn the_resume_minimum_is_read_and_checked() {
        let c = Config::load_from(None, &no_env).unwrap();
        assert_eq!(c.timers.resume_min_s, 30);
        let env = |k: &str| (k == "AGORA_TIMERS_RESUME_MIN_S").then(|| "100".to_string());
        let c = Config::load_from(None, &env).unwrap();
        assert_eq!(c.timers.resume_min(), std::time::Duration::from_secs(100));
        for bad in ["7200", "-1", "soon"] {
            let env = |k: &str| (k == "AGORA_TIMERS_RESUME_MIN_S").then(|| bad.to_string());
            let e = Config::load_from(None, &env).unwrap_err().to_string();
            assert!(e.contains("timers.resume_min_s"), "{bad}: {e}");
        }
        // A session stored before the key existed still reads its timers.
        let old: Timers = serde_json::from_str(r#"{"vote": 10, "pace": 0.5}"#).unwrap();
        assert_eq!(old.resume_min(), std::time::Duration::from_secs(15));
    }

    #[test]
    fn ai_speech_pacing_is_validated() {
        let c = Config::load_from(None, &no_env).unwrap();
        assert_eq!(c.discord.ai_speech_ms, 1500);
        let env = |k: &str| (k == "AGORA_DISCORD_AI_SPEECH_MS").then(|| "0".to_string());
        assert_eq!(
            Config::load_from(None, &env).unwrap().discord.ai_speech_ms,
            0
        );
        let env = |k: &str| (k == "AGORA_DISCORD_AI_SPEECH_MS").then(|| "60000".to_string());
        let e = Config::load_from(None, &env).unwrap_err().to_string();
        assert!(
            e.contains("discord.ai_speech_ms") && e.contains("0 to 10000"),
            "{e}"
        );
    }

    #[test]
    fn broken_file_names_file_and_field() {
        let dir = std::env::temp_dir().join(format!("agora-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let text = DEFAULT_AGORA.replace("max_days = 12", "max_dayz = 12");
        std::fs::write(dir.join("agora.toml"), text).unwrap();
        let e = Config::load_from(Some(&dir), &no_env)
            .unwrap_err()
            .to_string();
        assert!(e.contains("agora.toml") && e.contains("max_dayz"), "{e}");
        std::fs::write(
            dir.join("werewolf-gpp.toml"),
            DEFAULT_GPP.replace("win_good = 30", "win_good = \"lots\""),
        )
        .unwrap();
        std::fs::write(dir.join("agora.toml"), DEFAULT_AGORA).unwrap();
        let e = Config::load_from(Some(&dir), &no_env)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("werewolf-gpp.toml") && e.contains("win_good"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}
