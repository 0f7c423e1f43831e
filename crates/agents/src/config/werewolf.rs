//! Werewolf's settings: `[werewolf]` (the rules) and `[werewolf.timers]` (the seconds each
//! ask may take), with the GPP table from `config/werewolf-gpp.toml` folded into the rules.

use super::{
    fields, parse_table, ranges, read_or_default, split_field, ConfigError, SessionConfig,
};
use crate::games::werewolf::{GppTable, Rules};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// The game's section in `agora.toml` (so its variables are `AGORA_WEREWOLF_…`).
pub const SECTION: &str = "werewolf";
const GPP_FILE: &str = "werewolf-gpp.toml";
pub(super) const DEFAULT_GPP: &str = include_str!("../../../../config/werewolf-gpp.toml");

/// `[werewolf]` and its `[werewolf.timers]`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct WerewolfConfig {
    /// The rules, with the GPP table of `config/werewolf-gpp.toml` in `rules.gpp`.
    pub rules: Arc<Rules>,
    pub timers: Timers,
}

impl WerewolfConfig {
    /// Reads `section` (the file's `[werewolf]`, the environment already written in) and
    /// the GPP table of `dir`'s `werewolf-gpp.toml` (or the built-in one), and checks them.
    /// `source` names where a field's value came from (a file or a variable).
    pub(super) fn read(
        mut section: toml::Table,
        dir: Option<&Path>,
        session: &SessionConfig,
        source: &dyn Fn(&str) -> String,
    ) -> Result<WerewolfConfig, ConfigError> {
        let timers_field = format!("{SECTION}.timers");
        let invalid = |field: &str, message: String| ConfigError::Invalid {
            file: source(field),
            field: field.to_string(),
            message,
        };
        let timers = match section.remove("timers") {
            None => toml::Table::new(),
            Some(toml::Value::Table(t)) => t,
            Some(_) => return Err(invalid(&timers_field, "must be a [section] of keys".into())),
        };
        if timers.contains_key("resume_min_s") {
            return Err(invalid(
                &format!("{timers_field}.resume_min_s"),
                "resume_min_s moved to [session] (it holds for every game)".into(),
            ));
        }
        let mut rules: Rules = fields(&section, SECTION, source)?;
        let mut timers: Timers = fields(&timers, &timers_field, source)?;
        let pace = format!("{timers_field}.pace");
        ranges::PACE
            .check(timers.pace)
            .map_err(|m| invalid(&pace, m))?;
        // Stored with each game, so a resumed game keeps the minimum it started with.
        timers.resume_min_s = session.resume_min_s;

        let (gpp_name, gpp_text) = read_or_default(dir, GPP_FILE, DEFAULT_GPP)?;
        let gpp_table = parse_table(&gpp_name, &gpp_text)?;
        let gpp: GppTable = fields(&gpp_table, "", &|_| gpp_name.clone())?;
        gpp.validate().map_err(|m| split_field(&gpp_name, m))?;
        rules.gpp = gpp;
        if let Err(m) = rules.validate() {
            let field = format!("{SECTION}.{}", m.split(' ').next().unwrap_or(""));
            return Err(split_field(&source(&field), format!("{SECTION}.{m}")));
        }
        Ok(WerewolfConfig {
            rules: Arc::new(rules),
            timers,
        })
    }

    /// These settings shaped as the file's `[werewolf]` section, `timers` within.
    pub(super) fn table(&self) -> toml::Table {
        let mut timers = super::table(&self.timers);
        // Written under `[session]`; `read` copies it into each game's timers.
        timers.remove("resume_min_s");
        let mut rules = super::table(&*self.rules);
        rules.insert("timers".into(), toml::Value::Table(timers));
        rules
    }

    /// Variables read before the timers moved here from `[timers]`: `AGORA_TIMERS_<KEY>`.
    pub(super) fn former_variable(path: &str) -> Option<String> {
        let key = path.strip_prefix(SECTION)?.strip_prefix(".timers.")?;
        Some(super::env::name(&format!("timers.{key}")))
    }
}

/// Seconds per werewolf ask (keyed by `AskKind::timer_key`), scaled by `pace`. A game's
/// timers are stored with it, so a resumed game keeps the ones it started with.
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
    /// Scales every timer, and the resume minimum (see `config::ranges::PACE`).
    pub pace: f64,
    /// Not a key of `[werewolf.timers]`: the loader copies `[session] resume_min_s` here
    /// so that it is stored with each game (games stored before the move carry their own).
    pub resume_min_s: u32,
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
            resume_min_s: super::SessionConfig::default().resume_min_s,
        }
    }
}

impl Timers {
    /// The time allowed for the ask whose timer is `key` (see `AskKind::timer_key`),
    /// scaled by `pace`. An unknown key gets the longest timer.
    pub fn duration(&self, key: &str) -> Duration {
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
        Duration::from_secs_f64(secs as f64 * self.pace)
    }

    /// The least time a human's open ask gets after a resume, scaled by `pace`.
    pub fn resume_min(&self) -> Duration {
        Duration::from_secs_f64(self.resume_min_s as f64 * self.pace)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{err, no_env, Dir};
    use super::super::{Config, DEFAULT_AGORA};
    use super::*;
    use crate::games::werewolf::WitchSelfSave;

    #[test]
    fn the_built_in_rules_are_the_games_defaults() {
        assert_eq!(*Config::default().werewolf.rules, Rules::default());
    }

    #[test]
    fn env_overrides_and_validation() {
        let env = |k: &str| match k {
            "AGORA_WEREWOLF_MAX_DAYS" => Some("5".to_string()),
            "AGORA_WEREWOLF_WITCH_SELF_SAVE" => Some("never".to_string()),
            _ => None,
        };
        let c = Config::load_from(None, &env).unwrap();
        assert_eq!(c.werewolf.rules.max_days, 5);
        assert_eq!(c.werewolf.rules.witch_self_save, WitchSelfSave::Never);

        let env = |k: &str| (k == "AGORA_WEREWOLF_MAX_DAYS").then(|| "many".to_string());
        let e = err(&env);
        assert!(
            e.contains("AGORA_WEREWOLF_MAX_DAYS") && e.contains("werewolf.max_days"),
            "{e}"
        );

        let env = |k: &str| (k == "AGORA_WEREWOLF_WITCH_SELF_SAVE").then(|| "sometimes".into());
        let e = err(&env);
        assert!(e.contains("sometimes") && e.contains("always"), "{e}");
        assert!(
            e.contains("AGORA_WEREWOLF_WITCH_SELF_SAVE") && e.contains("werewolf.witch_self_save"),
            "{e}"
        );

        let env = |k: &str| (k == "AGORA_WEREWOLF_MAX_DAYS").then(|| "0".to_string());
        let e = err(&env);
        assert!(
            e.contains("max_days") && e.contains("between 1 and 100"),
            "{e}"
        );
    }

    #[test]
    fn a_broken_gpp_file_names_the_file_and_the_field() {
        let dir = Dir::new("gpp", DEFAULT_AGORA);
        std::fs::write(
            dir.0.join("werewolf-gpp.toml"),
            DEFAULT_GPP.replace("win_good = 30", "win_good = \"lots\""),
        )
        .unwrap();
        let e = dir.load(&no_env).unwrap_err().to_string();
        assert!(
            e.contains("werewolf-gpp.toml") && e.contains("win_good"),
            "{e}"
        );
    }
}
