//! Trial settings: `[trial]` — the players' budgets, deliberation, hints, and the seconds
//! the argument and a juror's answer may take (scaled by `pace`).

use super::{fields, ranges, ConfigError, SessionConfig};
use crate::games::trial::{Hints, TrialRules};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The game's section in `agora.toml` (its variables are `AGORA_TRIAL_…`).
pub const SECTION: &str = "trial";

/// `[trial]`. Stored with each trial (as its timers), so a resumed trial keeps its own.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TrialConfig {
    /// Messages each player may send each juror.
    pub turns_per_juror: u32,
    /// Rounds of deliberation before the vote (0: off).
    pub deliberation_rounds: u8,
    /// What players see of a juror's mind: "none" (only tone) or "labels".
    pub hints: Hints,
    /// Seconds the whole argument may take.
    pub time_limit_s: u32,
    /// Seconds a juror (an AI) has to answer.
    pub juror_s: u32,
    pub pace: f64,
    /// Not a key of `[trial]`: copied from `[session] resume_min_s`.
    #[serde(skip)]
    pub resume_min_s: u32,
}

impl Default for TrialConfig {
    fn default() -> Self {
        TrialConfig {
            turns_per_juror: 6,
            deliberation_rounds: 2,
            hints: Hints::None,
            time_limit_s: 1200,
            juror_s: 90,
            pace: 1.0,
            resume_min_s: SessionConfig::default().resume_min_s,
        }
    }
}

impl TrialConfig {
    pub(super) fn read(
        section: toml::Table,
        session: &SessionConfig,
        source: &dyn Fn(&str) -> String,
    ) -> Result<TrialConfig, ConfigError> {
        let invalid = |key: &str, message: String| ConfigError::Invalid {
            file: source(&format!("{SECTION}.{key}")),
            field: format!("{SECTION}.{key}"),
            message,
        };
        let mut c: TrialConfig = fields(&section, SECTION, source)?;
        if !(1..=50).contains(&c.turns_per_juror) {
            return Err(invalid(
                "turns_per_juror",
                format!("{} is out of range (1–50)", c.turns_per_juror),
            ));
        }
        if c.deliberation_rounds > 11 {
            return Err(invalid(
                "deliberation_rounds",
                format!("{} is out of range (0–11)", c.deliberation_rounds),
            ));
        }
        if !(10..=86_400).contains(&c.time_limit_s) {
            return Err(invalid(
                "time_limit_s",
                format!("{} is out of range (10–86400)", c.time_limit_s),
            ));
        }
        if !(1..=3_600).contains(&c.juror_s) {
            return Err(invalid(
                "juror_s",
                format!("{} is out of range (1–3600)", c.juror_s),
            ));
        }
        ranges::PACE.check(c.pace).map_err(|m| invalid("pace", m))?;
        c.resume_min_s = session.resume_min_s;
        Ok(c)
    }

    pub(super) fn table(&self) -> toml::Table {
        super::table(self)
    }

    /// The rules a new trial starts with, in `mode`.
    pub fn rules(&self, mode: crate::games::trial::Mode) -> TrialRules {
        TrialRules {
            mode,
            turns_per_juror: self.turns_per_juror,
            deliberation_rounds: self.deliberation_rounds,
            hints: self.hints,
        }
    }

    /// The time allowed for the ask whose timer is `key` (`argument`, `juror`).
    pub fn duration(&self, key: &str) -> Duration {
        let secs = match key {
            "argument" => self.time_limit_s,
            _ => self.juror_s,
        };
        Duration::from_secs_f64(secs as f64 * self.pace)
    }
    pub fn resume_min(&self) -> Duration {
        Duration::from_secs_f64(self.resume_min_s as f64 * self.pace)
    }
}
