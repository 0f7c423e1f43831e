//! The debate formats, listed once: each format's key in files and stored rows, its name
//! on screen, and the defaults a table starts from. Every layer that treats the formats
//! differently matches on [`DebateFormat`] without a wildcard, so a new format fails to
//! compile until each layer has its part (rules in `agora_games::debate::<format>`, seats
//! in `agora_agents::debate`, setups in `session/`, the ladder in `sim/`, scenarios in
//! `scenario/`, the Discord table and the terminal screen).

use serde::{Deserialize, Serialize};

/// The debate formats: the four-stage team debate, the moderated debate (scored round by
/// round), the social debate where minds change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum DebateFormat {
    Team,
    /// Stored and written in files as `rounds` (its key before it was called moderated);
    /// `moderated` is read too.
    #[serde(rename = "rounds", alias = "moderated")]
    #[value(alias = "rounds")]
    Moderated,
    Social,
}

impl DebateFormat {
    /// Every format, in the order a menu lists them.
    pub const ALL: [DebateFormat; 3] = [
        DebateFormat::Team,
        DebateFormat::Moderated,
        DebateFormat::Social,
    ];

    /// The format's key in scenario files, stored sessions and the ladder's JSON.
    pub fn key(self) -> &'static str {
        match self {
            DebateFormat::Team => "team",
            DebateFormat::Moderated => "rounds",
            DebateFormat::Social => "social",
        }
    }

    /// The format named by a key (`moderated` too); `None` for anything else.
    pub fn parse(key: &str) -> Option<DebateFormat> {
        match key {
            "moderated" => Some(DebateFormat::Moderated),
            _ => DebateFormat::ALL.into_iter().find(|f| f.key() == key),
        }
    }

    /// The format's name on screen: "moderated debate".
    pub fn title(self) -> &'static str {
        match self {
            DebateFormat::Team => "team debate",
            DebateFormat::Moderated => "moderated debate",
            DebateFormat::Social => "social debate",
        }
    }

    /// Rounds of speeches when none are asked for (the team debate has four stages, not
    /// rounds).
    pub fn default_rounds(self) -> Option<u8> {
        match self {
            DebateFormat::Team => None,
            DebateFormat::Moderated => Some(3),
            DebateFormat::Social => Some(4),
        }
    }

    /// How many participants, people and AI, a table of this format seats.
    pub fn participants(self) -> std::ops::RangeInclusive<u8> {
        match self {
            DebateFormat::Team => 8..=8,
            DebateFormat::Moderated => 2..=8,
            DebateFormat::Social => 3..=8,
        }
    }

    /// Participants, people and AI, when none are asked for (the team debate always
    /// seats eight).
    pub fn default_participants(self) -> u8 {
        match self {
            DebateFormat::Team => 8,
            DebateFormat::Moderated => 2,
            DebateFormat::Social => 3,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_read_back_and_stored_rows_keep_their_key() {
        for f in DebateFormat::ALL {
            assert_eq!(DebateFormat::parse(f.key()), Some(f));
            let json = serde_json::to_value(f).unwrap();
            assert_eq!(json, serde_json::json!(f.key()));
        }
        assert_eq!(
            DebateFormat::parse("moderated"),
            Some(DebateFormat::Moderated)
        );
        let read: DebateFormat = serde_json::from_value(serde_json::json!("moderated")).unwrap();
        assert_eq!(read, DebateFormat::Moderated);
        assert_eq!(DebateFormat::parse("panel"), None);
    }
}
