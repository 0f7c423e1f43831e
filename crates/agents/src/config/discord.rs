//! `[discord]`: the Discord surface.

use serde::{Deserialize, Serialize};

/// What happens to a message typed in a game's channel by someone who is not the current
/// speaker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OffTurnMessages {
    /// It stays in the channel; it is not a speech.
    Ignore,
    /// The bot deletes it (needs the Manage Messages permission).
    Delete,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DiscordConfig {
    pub off_turn_messages: OffTurnMessages,
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
            off_turn_messages: OffTurnMessages::Ignore,
            command_cooldown_secs: 2.0,
            clicks_per_10s: 15,
            ai_speech_ms: 1500,
        }
    }
}
