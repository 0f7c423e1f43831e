//! Debate settings: `[debate]` (the length of speeches, live scores) and `[debate.timers]`
//! (the seconds each turn may take, scaled by `pace`).

use super::{fields, ranges, ConfigError, SessionConfig};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The game's section in `agora.toml` (its variables are `AGORA_DEBATE_…`).
pub const SECTION: &str = "debate";

/// `[debate]` and its `[debate.timers]`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DebateConfig {
    pub settings: DebateSettings,
    pub timers: DebateTimers,
}

/// `[debate]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DebateSettings {
    /// Multiplies every word limit and the free-debate clock (the terminal and `sim`; a
    /// Discord lobby picks `full` = 1 or `short` = 1/3).
    pub length_scale: f64,
    /// The length a Discord lobby starts with: `full` or `short`.
    pub discord_length: String,
    /// Post each speech's score as soon as it is judged (else with the scorecard).
    pub live_scores: bool,
    /// Moderated debates: check the pages speeches cite (fetched by code).
    pub source_checks: bool,
    /// Seconds a source page may take.
    pub source_timeout_s: u32,
    /// The largest source page read, in kilobytes.
    pub source_max_kb: u32,
}

impl Default for DebateSettings {
    fn default() -> Self {
        DebateSettings {
            length_scale: 1.0,
            discord_length: "short".into(),
            live_scores: false,
            source_checks: true,
            source_timeout_s: 5,
            source_max_kb: 1000,
        }
    }
}

/// Seconds per debate turn (keyed by the ask's timer key), scaled by `pace`. Stored with
/// each debate, so a resumed debate keeps the ones it started with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DebateTimers {
    pub opening: u32,
    pub question: u32,
    pub answer: u32,
    pub summary: u32,
    pub free: u32,
    pub closing: u32,
    /// The judge (always an AI) per speech, and its final review.
    pub judge: u32,
    pub review: u32,
    /// A speech in a moderated or social debate.
    pub speech: u32,
    pub pace: f64,
    /// Not a key of `[debate.timers]`: copied from `[session] resume_min_s`.
    pub resume_min_s: u32,
}

impl Default for DebateTimers {
    fn default() -> Self {
        DebateTimers {
            opening: 420,
            question: 180,
            answer: 240,
            summary: 300,
            free: 150,
            closing: 420,
            judge: 120,
            review: 180,
            speech: 300,
            pace: 1.0,
            resume_min_s: SessionConfig::default().resume_min_s,
        }
    }
}

impl DebateTimers {
    /// The time allowed for the ask whose timer is `key`, scaled by `pace`; an unknown key
    /// gets the longest speech timer.
    pub fn duration(&self, key: &str) -> Duration {
        let secs = match key {
            "opening" => self.opening,
            "question" => self.question,
            "answer" => self.answer,
            "summary" => self.summary,
            "free" => self.free,
            "closing" => self.closing,
            "judge" => self.judge,
            "review" => self.review,
            "speech" => self.speech,
            _ => self.opening.max(self.closing),
        };
        Duration::from_secs_f64(secs as f64 * self.pace)
    }
    pub fn resume_min(&self) -> Duration {
        Duration::from_secs_f64(self.resume_min_s as f64 * self.pace)
    }
}

/// `[debate] length_scale`: from a twenty-fifth (scenario-sized) to twice the source's.
pub const LENGTH_SCALE: ranges::Range<f64> = ranges::Range {
    min: 0.01,
    max: 2.0,
    unit: "a number",
};

impl DebateConfig {
    pub(super) fn read(
        mut section: toml::Table,
        session: &SessionConfig,
        source: &dyn Fn(&str) -> String,
    ) -> Result<DebateConfig, ConfigError> {
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
        let settings: DebateSettings = fields(&section, SECTION, source)?;
        let mut timers: DebateTimers = fields(&timers, &timers_field, source)?;
        let field = format!("{SECTION}.length_scale");
        LENGTH_SCALE
            .check(settings.length_scale)
            .map_err(|m| invalid(&field, m))?;
        if !matches!(settings.discord_length.as_str(), "full" | "short") {
            let field = format!("{SECTION}.discord_length");
            return Err(invalid(
                &field,
                format!(
                    "{:?} is not allowed: use \"full\" or \"short\"",
                    settings.discord_length
                ),
            ));
        }
        for (key, value, range) in [
            ("source_timeout_s", settings.source_timeout_s, 1..=60),
            ("source_max_kb", settings.source_max_kb, 1..=20_000),
        ] {
            if !range.contains(&value) {
                let field = format!("{SECTION}.{key}");
                return Err(invalid(
                    &field,
                    format!(
                        "{value} is out of range ({}–{})",
                        range.start(),
                        range.end()
                    ),
                ));
            }
        }
        ranges::PACE
            .check(timers.pace)
            .map_err(|m| invalid(&format!("{timers_field}.pace"), m))?;
        timers.resume_min_s = session.resume_min_s;
        Ok(DebateConfig { settings, timers })
    }

    /// These settings shaped as the file's `[debate]` section, `timers` within.
    pub(super) fn table(&self) -> toml::Table {
        let mut timers = super::table(&self.timers);
        timers.remove("resume_min_s");
        let mut t = super::table(&self.settings);
        t.insert("timers".into(), toml::Value::Table(timers));
        t
    }
}
