//! Every numeric range a setting may take, written once. The config loader, the command
//! line (`--pace`) and the Discord lobby's options check their values against these, so
//! a range and its message cannot drift apart between places.

use std::fmt::Display;

/// The values a setting may take, both ends included, and how they are counted.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Range<T> {
    pub min: T,
    pub max: T,
    /// What the numbers are, for the message: "a number", "seconds", "milliseconds".
    pub unit: &'static str,
}

impl<T: PartialOrd + Display + Copy> Range<T> {
    /// `Ok(value)`, or a message saying what is allowed instead ("… is not allowed: use
    /// seconds from 0 to 3600"). NaN is never in a range.
    pub fn check(&self, value: T) -> Result<T, String> {
        if value >= self.min && value <= self.max {
            Ok(value)
        } else {
            Err(format!(
                "{value} is not allowed: use {} from {} to {}",
                self.unit, self.min, self.max
            ))
        }
    }
}

/// `[stats] tau` and `season_sigma`: rating uncertainty added before a game or at a new
/// season (a new player's σ is 25/3).
pub const RATING_TAU: Range<f64> = Range {
    min: 0.0,
    max: 8.5,
    unit: "rating points",
};

/// `[werewolf.timers] pace` and `--pace`: scales every timer (0 = no waiting, for AI games).
pub const PACE: Range<f64> = Range {
    min: 0.0,
    max: 100.0,
    unit: "a number",
};

/// The pace a player may pick in a Discord lobby: narrower than [`PACE`], because people
/// play there (0 would leave them no time at all, 100 would stall a channel for hours).
pub const LOBBY_PACE: Range<f64> = Range {
    min: 0.05,
    max: 10.0,
    unit: "a number",
};

/// The day limit a player may pick in a Discord lobby (the rules themselves allow more).
pub const LOBBY_MAX_DAYS: Range<u32> = Range {
    min: 1,
    max: 30,
    unit: "a day",
};

/// `[session] resume_min_s`.
pub const RESUME_MIN_S: Range<u32> = Range {
    min: 0,
    max: 3600,
    unit: "seconds",
};

/// `[store] lease_secs`: renewals come every few seconds, so a shorter lease would lapse.
pub const LEASE_SECS: Range<u32> = Range {
    min: 2,
    max: 86_400,
    unit: "seconds",
};

/// `[llm] timeout_secs` and `agent_timeout_secs`.
pub const CALL_TIMEOUT_SECS: Range<f64> = Range {
    min: 0.01,
    max: 600.0,
    unit: "seconds",
};

/// `[llm] max_concurrency`.
pub const MAX_CONCURRENCY: Range<u32> = Range {
    min: 1,
    max: 10_000,
    unit: "a number",
};

/// `[discord] command_cooldown_secs`.
pub const COMMAND_COOLDOWN_SECS: Range<f64> = Range {
    min: 0.0,
    max: 3600.0,
    unit: "seconds",
};

/// `[discord] clicks_per_10s`.
pub const CLICKS_PER_10S: Range<u32> = Range {
    min: 1,
    max: 1_000_000,
    unit: "a number",
};

/// `[discord] ai_speech_ms`.
pub const AI_SPEECH_MS: Range<u64> = Range {
    min: 0,
    max: 10_000,
    unit: "milliseconds",
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_holds_its_ends_and_names_them_when_refusing() {
        assert_eq!(PACE.check(0.0), Ok(0.0));
        assert_eq!(PACE.check(100.0), Ok(100.0));
        assert_eq!(
            PACE.check(100.5).unwrap_err(),
            "100.5 is not allowed: use a number from 0 to 100"
        );
        assert!(PACE.check(f64::NAN).is_err());
        assert!(LOBBY_PACE.check(0.0).is_err());
        assert_eq!(
            RESUME_MIN_S.check(7200).unwrap_err(),
            "7200 is not allowed: use seconds from 0 to 3600"
        );
        assert!(LEASE_SECS.check(1).is_err() && LEASE_SECS.check(2).is_ok());
    }
}
