//! A trial's lobby: the case, the mode, who joined (and on which side, in an adversarial
//! trial), as stored with the channel, and its embed and buttons.

use crate::text::{sanitize, Component};
use agora_games::trial::{Mode, Side, MAX_PLAYERS};
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
}

impl TrialLobby {
    /// Takes `user`'s join on `side`, or says why not.
    pub fn join(&mut self, user: u64, name: String, side: Side) -> Result<(), &'static str> {
        if self.seats.iter().any(|j| j.user == user) {
            return Err("You have a seat already (Leave first to change it).");
        }
        if self.seats.len() >= MAX_PLAYERS as usize {
            return Err("Every seat is taken (8 players at most).");
        }
        if self.mode == Mode::Defense && side == Side::Prosecution {
            return Err("In a defense trial everyone argues for NOT GUILTY.");
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
        let seated: Vec<String> = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, j)| {
                let side = match self.mode {
                    Mode::Adversarial => format!(" ({})", j.side.name()),
                    Mode::Defense => String::new(),
                };
                format!("**{}.** {}{side}", i + 1, sanitize(&j.name, 40))
            })
            .collect();
        let how = match self.mode {
            Mode::Defense => "Everyone argues for NOT GUILTY: persuade a majority of the jurors. Each juror gets a thread; what you write there is said to that juror.",
            Mode::Adversarial => "Join the defense (NOT GUILTY) or the prosecution (GUILTY); an AI advocate takes a side nobody joins. Each juror gets a thread; what you write there is said to that juror.",
        };
        CreateEmbed::new()
            .title(format!("⚖️ Trial — {}", sanitize(&self.title, 200)))
            .description(format!(
                "Mode: **{}**\n\n{}\n\n{} The host starts.",
                self.mode.name(),
                if seated.is_empty() {
                    "Nobody has joined yet.".to_string()
                } else {
                    seated.join("\n")
                },
                how
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
            .label(label)
            .style(style)
        };
        let mut row = match self.mode {
            Mode::Defense => vec![b("join", "Join", ButtonStyle::Success)],
            Mode::Adversarial => vec![
                b("defense", "Join · defense", ButtonStyle::Success),
                b("prosecution", "Join · prosecution", ButtonStyle::Danger),
            ],
        };
        row.push(b("leave", "Leave", ButtonStyle::Secondary));
        row.push(b("start", "Start", ButtonStyle::Primary));
        vec![CreateActionRow::Buttons(row)]
    }
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
