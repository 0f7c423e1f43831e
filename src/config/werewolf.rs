//! Werewolf's settings: `[werewolf]` (the rules) and `[werewolf.timers]` (the seconds each
//! ask may take), with the GPP table from `config/werewolf-gpp.toml` folded into the rules.

use crate::games::werewolf::Rules;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// `[werewolf]` and its `[werewolf.timers]`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct WerewolfConfig {
    /// The rules, with the GPP table of `config/werewolf-gpp.toml` in `rules.gpp`.
    pub rules: Arc<Rules>,
    pub timers: Timers,
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
