//! A panel debate's lobby: who joined (and, in a social debate, for or against and how
//! firmly), as stored with the channel, and its embed and controls.

use crate::debate::lobby::Length;
use crate::text::{sanitize, Component};
use agora_core::debate::format::DebateFormat;
use agora_games::Lang;
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

/// The firmness choices a social lobby offers (the key of each name in
/// `locales/*/discord-panel.ftl`, `dp-firm-…`).
pub const FIRMNESS: [(&str, f64); 3] = [("open", 0.3), ("firm", 0.6), ("immovable", 0.9)];

/// A firmness's name in `lang` ("firm" for one that is not a choice).
fn firmness_name(firmness: f64, lang: Lang) -> String {
    let key = FIRMNESS
        .iter()
        .find(|(_, f)| (f - firmness).abs() < 1e-9)
        .map_or("firm", |(n, _)| n);
    lang.text(&format!("dp-firm-{key}"), &[])
}

/// `n` rounds in `lang` ("1 round", "3 rounds").
pub fn rounds_in(n: u32, lang: Lang) -> String {
    match n {
        1 => lang.text("dp-rounds-one", &[]),
        n => lang.text("dp-rounds", &[("n", &n.to_string())]),
    }
}

/// A format's title in `lang`: "Moderated debate".
pub fn title_in(format: DebateFormat, lang: Lang) -> String {
    lang.text(
        match format {
            DebateFormat::Team => "dp-title-team",
            DebateFormat::Moderated => "dp-title-moderated",
            DebateFormat::Social => "dp-title-social",
        },
        &[],
    )
}

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
    /// The server's language when the lobby opened: the table speaks it throughout. `None`
    /// for a lobby stored before lobbies kept one: it shows in English, and plays in the
    /// server's language when it starts.
    #[serde(default)]
    pub lang: Option<Lang>,
}

impl PanelLobby {
    /// The language the lobby shows in: its own, else (a lobby stored before lobbies kept
    /// one) English.
    pub fn lang(&self) -> Lang {
        self.lang.unwrap_or_default()
    }

    /// The speech length chosen, else the configured one (`[debate] discord_length`).
    pub fn length_or(&self, configured: &str) -> Length {
        self.length
            .unwrap_or_else(|| Length::from_config(configured))
    }
    /// The options chosen at `/debate start`, as the lobby shows them (empty: none).
    pub fn options_line(&self) -> String {
        let lang = self.lang();
        let mut parts = Vec::new();
        if let Some(length) = self.length {
            let name = lang.text(&format!("dd-length-{}", length.name()), &[]);
            parts.push(lang.text("dp-option-length", &[("length", &name)]));
        }
        if let Some(pace) = self.pace {
            let how = if pace < 1.0 {
                "dp-pace-shorter"
            } else if pace > 1.0 {
                "dp-pace-longer"
            } else {
                "dp-pace-as-set"
            };
            parts.push(lang.text(
                "dp-option-pace",
                &[("pace", &shown_number(pace)), ("how", &lang.text(how, &[]))],
            ));
        }
        parts.join(" · ")
    }
    pub fn title(&self) -> String {
        title_in(self.format, self.lang())
    }
    /// The lobby's embed.
    pub fn embed(&self) -> CreateEmbed {
        let lang = self.lang();
        let seated: Vec<String> = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, j)| {
                let firm = firmness_name(j.firmness, lang);
                let side = match (self.format, j.side) {
                    (DebateFormat::Social, s) => {
                        let side = if s < 0 { "panel-against" } else { "panel-for" };
                        lang.text(
                            "dp-lobby-side",
                            &[("side", &lang.text(side, &[])), ("firm", &firm)],
                        )
                    }
                    (DebateFormat::Team | DebateFormat::Moderated, _) => String::new(),
                };
                format!("**P{}** — {}{side}", i + 1, sanitize(&j.name, 40))
            })
            .collect();
        let n = self.participants.max(self.seats.len() as u8);
        let options = self.options_line();
        let count = lang.text(
            "dp-lobby-count",
            &[
                ("rounds", &rounds_in(self.rounds as u32, lang)),
                ("n", &n.to_string()),
                (
                    "options",
                    &if options.is_empty() {
                        String::new()
                    } else {
                        format!(" · {options}")
                    },
                ),
            ],
        );
        let how = match self.format {
            DebateFormat::Social => "dp-lobby-how-social",
            DebateFormat::Team | DebateFormat::Moderated => "dp-lobby-how-moderated",
        };
        CreateEmbed::new()
            .title(lang.text("dp-lobby-title", &[("title", &self.title())]))
            .description(format!(
                "{}\n{count}\n\n{}\n\n{}",
                lang.text("dp-motion", &[("motion", &sanitize(&self.motion, 300))]),
                if seated.is_empty() {
                    lang.text("dp-lobby-nobody", &[])
                } else {
                    seated.join("\n")
                },
                lang.text(how, &[]),
            ))
    }
    /// The lobby's buttons.
    pub fn components(&self, channel: u64) -> Vec<CreateActionRow> {
        let lang = self.lang();
        let b = |verb: &str, label: &str, style: ButtonStyle| {
            CreateButton::new(
                Component::Lobby {
                    channel,
                    verb: verb.into(),
                }
                .id(),
            )
            .label(lang.text(label, &[]))
            .style(style)
        };
        let mut row = match self.format {
            DebateFormat::Social => vec![
                b("for", "dp-button-for", ButtonStyle::Success),
                b("against", "dp-button-against", ButtonStyle::Danger),
            ],
            DebateFormat::Team | DebateFormat::Moderated => {
                vec![b("join", "dp-button-join", ButtonStyle::Success)]
            }
        };
        row.push(b("leave", "dp-button-leave", ButtonStyle::Secondary));
        row.push(b("start", "dp-button-start", ButtonStyle::Primary));
        let mut rows = vec![CreateActionRow::Buttons(row)];
        if self.format == DebateFormat::Social {
            let options = FIRMNESS
                .iter()
                .map(|(_, f)| {
                    serenity::all::CreateSelectMenuOption::new(
                        lang.text("dp-firmness-option", &[("name", &firmness_name(*f, lang))]),
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
                .placeholder(lang.text("dp-firmness-placeholder", &[])),
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
            lang: Some(Lang::En),
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
        assert_eq!((read.pace, read.length, read.lang), (None, None, None));
        assert_eq!(read.lang(), Lang::En, "it shows in English until it starts");
        l.lang = Some(Lang::ZhCn);
        assert_eq!(l.options_line(), "发言篇幅：精简 · 节奏 0.5（计时缩短）");
    }
}
