//! A panel debate's lobby: who joined (and, in a social debate, for or against and how
//! firmly), as stored with the channel, and its embed and controls.

use crate::debate::lobby::Length;
use crate::text::{sanitize, Component};
use agora_core::debate::format::DebateFormat;
use serde::{Deserialize, Serialize};
use serenity::all::{ButtonStyle, CreateActionRow, CreateButton, CreateEmbed};

/// A person in the lobby.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Joined {
    pub user: u64,
    pub name: String,
    /// Social: for (+1) or against (−1) the motion.
    pub side: i8,
    /// Social: how firmly (0–1; the conviction, and the stance ±(0.4 + 0.5 × firmness)).
    #[serde(default = "default_firmness")]
    pub firmness: f64,
}

pub(super) fn default_firmness() -> f64 {
    0.6
}

/// A number as a person reads it: at most two decimals, no trailing zeros ("0.5", "2").
pub fn shown_number(x: f64) -> String {
    let s = format!("{x:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The firmness choices a social lobby offers.
pub const FIRMNESS: [(&str, f64); 3] = [
    ("open to persuasion", 0.3),
    ("firm", 0.6),
    ("immovable", 0.9),
];

/// A panel lobby, as stored with the channel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PanelLobby {
    pub format: DebateFormat,
    pub host: u64,
    pub guild: u64,
    pub topic: Option<String>,
    pub motion: String,
    pub rounds: u8,
    /// How many participants (people and AI); more people joining raise it (to 8).
    pub participants: u8,
    pub seats: Vec<Joined>,
    pub message: Option<u64>,
    /// `/debate start pace`: scales every timer (`None`: the configured pace).
    #[serde(default)]
    pub pace: Option<f64>,
    /// `/debate start length`: the speeches' word limits (`None`: the configured length).
    #[serde(default)]
    pub length: Option<Length>,
}

impl PanelLobby {
    /// The speech length chosen, else the configured one (`[debate] discord_length`).
    pub fn length_or(&self, configured: &str) -> Length {
        self.length
            .unwrap_or_else(|| Length::from_config(configured))
    }
    /// The options chosen at `/debate start`, as the lobby shows them (empty: none).
    pub fn options_line(&self) -> String {
        let mut parts = Vec::new();
        if let Some(length) = self.length {
            parts.push(format!("{} speeches", length.name()));
        }
        if let Some(pace) = self.pace {
            parts.push(format!(
                "pace {} (timers {})",
                shown_number(pace),
                if pace < 1.0 {
                    "shorter"
                } else if pace > 1.0 {
                    "longer"
                } else {
                    "as set"
                }
            ));
        }
        parts.join(" · ")
    }
    pub fn title(&self) -> &'static str {
        match self.format {
            DebateFormat::Team => "Team debate",
            DebateFormat::Moderated => "Moderated debate",
            DebateFormat::Social => "Social debate",
        }
    }
    /// The lobby's embed.
    pub fn embed(&self) -> CreateEmbed {
        let seated: Vec<String> = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, j)| {
                let firm = FIRMNESS
                    .iter()
                    .find(|(_, f)| (f - j.firmness).abs() < 1e-9)
                    .map_or("firm", |(n, _)| n);
                let side = match (self.format, j.side) {
                    (DebateFormat::Social, s) if s < 0 => format!(" (against, {firm})"),
                    (DebateFormat::Social, _) => format!(" (for, {firm})"),
                    (DebateFormat::Team | DebateFormat::Moderated, _) => String::new(),
                };
                format!("**P{}** — {}{side}", i + 1, sanitize(&j.name, 40))
            })
            .collect();
        let n = self.participants.max(self.seats.len() as u8);
        let options = self.options_line();
        CreateEmbed::new()
            .title(format!("🎙️ {} — lobby", self.title()))
            .description(format!(
                "**Motion:** {}\n{} · {n} participants (empty seats are AI){}\n\n{}\n\n{}",
                sanitize(&self.motion, 300),
                super::call::plural(self.rounds as u32, "round"),
                if options.is_empty() { String::new() } else { format!(" · {options}") },
                if seated.is_empty() { "Nobody has joined yet.".to_string() } else { seated.join("\n") },
                match self.format {
                    DebateFormat::Social => "Join for or against the motion; persuade the others, hold your ground, or give in with `/debate concede`. The host starts.",
                    DebateFormat::Team | DebateFormat::Moderated => "Join to speak in turn each round; a neutral moderator scores every round and the whole debate. The host starts.",
                }
            ))
    }
    /// The lobby's buttons.
    pub fn components(&self, channel: u64) -> Vec<CreateActionRow> {
        let b = |verb: &str, label: &str, style: ButtonStyle| {
            CreateButton::new(
                Component::Lobby {
                    channel,
                    verb: verb.into(),
                }
                .id(),
            )
            .label(label)
            .style(style)
        };
        let mut row = match self.format {
            DebateFormat::Social => vec![
                b("for", "Join · for", ButtonStyle::Success),
                b("against", "Join · against", ButtonStyle::Danger),
            ],
            DebateFormat::Team | DebateFormat::Moderated => {
                vec![b("join", "Join", ButtonStyle::Success)]
            }
        };
        row.push(b("leave", "Leave", ButtonStyle::Secondary));
        row.push(b("start", "Start", ButtonStyle::Primary));
        let mut rows = vec![CreateActionRow::Buttons(row)];
        if self.format == DebateFormat::Social {
            let options = FIRMNESS
                .iter()
                .map(|(name, f)| {
                    serenity::all::CreateSelectMenuOption::new(
                        format!("How firmly you hold your side: {name}"),
                        f.to_string(),
                    )
                })
                .collect();
            rows.push(CreateActionRow::SelectMenu(
                serenity::all::CreateSelectMenu::new(
                    Component::Lobby {
                        channel,
                        verb: "firmness".into(),
                    }
                    .id(),
                    serenity::all::CreateSelectMenuKind::String { options },
                )
                .placeholder("How firmly do you hold your side? (after joining)"),
            ));
        }
        rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_options_chosen_show_in_plain_words() {
        let mut l = PanelLobby {
            format: DebateFormat::Moderated,
            host: 1,
            guild: 0,
            topic: None,
            motion: "m".into(),
            rounds: 1,
            participants: 2,
            seats: Vec::new(),
            message: None,
            pace: None,
            length: None,
        };
        assert_eq!(l.options_line(), "");
        assert_eq!(l.length_or("full"), Length::Full);
        l.pace = Some(0.5);
        l.length = Some(Length::Short);
        assert_eq!(
            l.options_line(),
            "short speeches · pace 0.5 (timers shorter)"
        );
        assert_eq!(l.length_or("full"), Length::Short);
        assert_eq!(shown_number(2.0), "2");
        assert_eq!(shown_number(0.25), "0.25");
        // A lobby stored before the options were kept still reads.
        let old = r#"{"format":"rounds","host":1,"guild":0,"topic":null,"motion":"m","rounds":1,"participants":2,"seats":[],"message":null}"#;
        let read: PanelLobby = serde_json::from_str(old).unwrap();
        assert_eq!((read.pace, read.length), (None, None));
    }
}
