//! A trial's lobby: the case, the mode, who joined (and on which side, in an adversarial
//! trial), as stored with the channel, and its embed and buttons.

use crate::text::{sanitize, Component};
use agora_games::trial::{Mode, Side, MAX_PLAYERS};
use agora_games::Lang;
use serde::{Deserialize, Serialize};
use serenity::all::{ButtonStyle, CreateActionRow, CreateButton, CreateEmbed};

/// A person in the lobby.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Joined {
    pub user: u64,
    pub name: String,
    pub side: Side,
}

/// A trial lobby, as stored with the channel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TrialLobby {
    pub host: u64,
    pub guild: u64,
    pub case: String,
    pub title: String,
    pub mode: Mode,
    pub seats: Vec<Joined>,
    pub message: Option<u64>,
    /// The language the trial is played in (the server's when it was opened; its case has
    /// a text in it).
    #[serde(default)]
    pub lang: Lang,
}

impl TrialLobby {
    /// Takes `user`'s join on `side`, or says why not.
    /// Seats `user` on `side`; the error is the id of the message saying why not.
    pub fn join(&mut self, user: u64, name: String, side: Side) -> Result<(), &'static str> {
        if self.seats.iter().any(|j| j.user == user) {
            return Err("dt-join-seated");
        }
        if self.seats.len() >= MAX_PLAYERS as usize {
            return Err("dt-join-full");
        }
        if self.mode == Mode::Defense && side == Side::Prosecution {
            return Err("dt-join-defense-only");
        }
        self.seats.push(Joined { user, name, side });
        Ok(())
    }

    /// The players' sides at the start: the people as they joined, and in an adversarial
    /// trial an AI advocate for a side nobody took.
    pub fn sides(&self) -> Vec<(Option<&Joined>, Side)> {
        let mut out: Vec<(Option<&Joined>, Side)> =
            self.seats.iter().map(|j| (Some(j), j.side)).collect();
        if self.mode == Mode::Adversarial {
            for side in [Side::Defense, Side::Prosecution] {
                if !self.seats.iter().any(|j| j.side == side) {
                    out.push((None, side));
                }
            }
        }
        out
    }

    pub fn embed(&self) -> CreateEmbed {
        let lang = self.lang;
        let t = |id: &str, args: &[(&str, &str)]| lang.text(id, args);
        let seated: Vec<String> = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, j)| {
                let (n, name) = ((i + 1).to_string(), sanitize(&j.name, 40));
                match self.mode {
                    Mode::Adversarial => {
                        let side = side_name(j.side, lang);
                        t(
                            "dt-lobby-seat-side",
                            &[("n", &n), ("name", &name), ("side", &side)],
                        )
                    }
                    Mode::Defense => t("dt-lobby-seat", &[("n", &n), ("name", &name)]),
                }
            })
            .collect();
        let how = t(&format!("dt-lobby-how-{}", self.mode.name()), &[]);
        CreateEmbed::new()
            .title(t(
                "dt-lobby-title",
                &[("title", &sanitize(&self.title, 200))],
            ))
            .description(format!(
                "{}\n\n{}\n\n{}",
                t("dt-lobby-mode", &[("mode", &mode_name(self.mode, lang))]),
                if seated.is_empty() {
                    t("dt-lobby-nobody", &[])
                } else {
                    seated.join("\n")
                },
                t("dt-lobby-host-starts", &[("how", &how)])
            ))
    }

    pub fn components(&self, channel: u64) -> Vec<CreateActionRow> {
        let b = |verb: &str, label: &str, style: ButtonStyle| {
            CreateButton::new(
                Component::Lobby {
                    channel,
                    verb: verb.into(),
                }
                .id(),
            )
            .label(self.lang.text(label, &[]))
            .style(style)
        };
        let mut row = match self.mode {
            Mode::Defense => vec![b("join", "dt-button-join", ButtonStyle::Success)],
            Mode::Adversarial => vec![
                b("defense", "dt-button-join-defense", ButtonStyle::Success),
                b(
                    "prosecution",
                    "dt-button-join-prosecution",
                    ButtonStyle::Danger,
                ),
            ],
        };
        row.push(b("leave", "dt-button-leave", ButtonStyle::Secondary));
        row.push(b("start", "dt-button-start", ButtonStyle::Primary));
        vec![CreateActionRow::Buttons(row)]
    }
}

/// A side's name in `lang`: "defense", "辩方".
pub fn side_name(side: Side, lang: Lang) -> String {
    lang.text(&format!("trial-side-{}", side.name()), &[])
}

/// A mode's name in `lang`: "defense", "辩护".
pub fn mode_name(mode: Mode, lang: Lang) -> String {
    lang.text(&format!("trial-mode-{}", mode.name()), &[])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joining_and_sides() {
        let mut l = TrialLobby {
            host: 1,
            guild: 0,
            case: "c".into(),
            title: "C".into(),
            mode: Mode::Defense,
            seats: Vec::new(),
            message: None,
            lang: Lang::En,
        };
        assert!(l.join(1, "ann".into(), Side::Prosecution).is_err());
        l.join(1, "ann".into(), Side::Defense).unwrap();
        assert!(l.join(1, "ann".into(), Side::Defense).is_err());
        assert_eq!(l.sides().len(), 1);
        l.mode = Mode::Adversarial;
        let sides: Vec<Side> = l.sides().iter().map(|s| s.1).collect();
        assert_eq!(
            sides,
            [Side::Defense, Side::Prosecution],
            "an AI prosecutor fills in"
        );
    }
}
