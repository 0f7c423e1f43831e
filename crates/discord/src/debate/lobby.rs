//! A team-debate lobby before the debate starts: the motion, the options chosen with
//! `/debate start`, who took which seat (Pro 1–4, Con 1–4), and the rules of taking,
//! leaving and starting. Pure: no Discord types, no I/O; the bot stores it as JSON with
//! the channel.

use agora_agents::config::ranges::LOBBY_PACE;
use agora_games::debate::team::{seat_title, seat_title_in, DEBATERS};
use agora_games::{Lang, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use thiserror::Error;

/// How long the speeches are: the source's limits, or a third of them (Discord's default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, poise::ChoiceParameter)]
#[serde(rename_all = "snake_case")]
pub enum Length {
    #[name = "full (the source's word limits)"]
    Full,
    #[name = "short (a third of them)"]
    Short,
}

impl Length {
    /// The `length_scale` it stands for.
    pub fn scale(self) -> f64 {
        match self {
            Length::Full => 1.0,
            Length::Short => 1.0 / 3.0,
        }
    }
    /// `[debate] discord_length` read as a length (anything but `full` is short).
    pub fn from_config(name: &str) -> Length {
        if name.eq_ignore_ascii_case("full") {
            Length::Full
        } else {
            Length::Short
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Length::Full => "full",
            Length::Short => "short",
        }
    }
}

/// The options of `/debate start`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DebateOptions {
    /// The topic's id in `content/topics/` (`None`: a motion the host typed).
    pub topic: Option<String>,
    pub motion: String,
    pub length: Length,
    /// Scales every timer (`None`: the configured pace).
    pub pace: Option<f64>,
    /// Post each speech's score as soon as it is judged.
    pub live_scores: bool,
    /// The language the debate is played in (the server's when it was opened).
    #[serde(default)]
    pub lang: Lang,
}

impl DebateOptions {
    /// Checks the options a host typed; the message names the option.
    pub fn validate(&self) -> Result<(), LobbyError> {
        if let Some(p) = self.pace {
            LOBBY_PACE.check(p).map_err(|m| {
                LobbyError::BadOption(self.lang.text("dd-bad-pace", &[("why", &m)]))
            })?;
        }
        Ok(())
    }
}

/// A person who took a seat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LobbySeat {
    pub user: u64,
    pub name: String,
}

/// Why a lobby action was refused; the text is shown to the person.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LobbyError {
    #[error("{} is taken", seat_title(*.0))]
    Taken(Seat),
    #[error("there is no seat {0}")]
    NoSuchSeat(Seat),
    #[error("you do not have a seat at this table")]
    NotSeated,
    #[error("only the host or a moderator (Manage Messages) can start the debate")]
    NotHost,
    #[error("{0}")]
    BadOption(String),
}

impl LobbyError {
    /// The refusal as a sentence in `lang`, to show the person.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            LobbyError::Taken(seat) => {
                lang.text("dd-lobby-taken", &[("seat", &seat_title_in(*seat, lang))])
            }
            LobbyError::NoSuchSeat(seat) => {
                lang.text("dd-lobby-no-seat", &[("seat", &seat.to_string())])
            }
            LobbyError::NotSeated => lang.text("dd-lobby-not-seated", &[]),
            LobbyError::NotHost => lang.text("dd-lobby-not-host", &[]),
            LobbyError::BadOption(why) => why.clone(),
        }
    }
}

/// A lobby: the host opened it; people take the seats they want; the empty ones become AI
/// debaters at the start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DebateLobby {
    pub host: u64,
    pub guild: u64,
    pub options: DebateOptions,
    /// Taken seats (1–8) and who sits there.
    pub seats: BTreeMap<Seat, LobbySeat>,
    /// The lobby message, once posted.
    #[serde(default)]
    pub message: Option<u64>,
}

impl DebateLobby {
    pub fn open(host: u64, guild: u64, options: DebateOptions) -> DebateLobby {
        DebateLobby {
            host,
            guild,
            options,
            seats: BTreeMap::new(),
            message: None,
        }
    }

    pub fn seat_of(&self, user: u64) -> Option<Seat> {
        self.seats
            .iter()
            .find(|(_, p)| p.user == user)
            .map(|(s, _)| *s)
    }

    /// Takes `seat` (a person already seated moves there).
    pub fn take(&mut self, user: u64, name: &str, seat: Seat) -> Result<(), LobbyError> {
        if !(1..=DEBATERS).contains(&seat) {
            return Err(LobbyError::NoSuchSeat(seat));
        }
        match self.seats.get(&seat) {
            Some(p) if p.user == user => return Ok(()),
            Some(_) => return Err(LobbyError::Taken(seat)),
            None => {}
        }
        if let Some(old) = self.seat_of(user) {
            self.seats.remove(&old);
        }
        self.seats.insert(
            seat,
            LobbySeat {
                user,
                name: name.to_string(),
            },
        );
        Ok(())
    }

    pub fn leave(&mut self, user: u64) -> Result<(), LobbyError> {
        let seat = self.seat_of(user).ok_or(LobbyError::NotSeated)?;
        self.seats.remove(&seat);
        Ok(())
    }

    /// Whether `user` (a moderator when `manage`) may start it now. Empty seats are AI
    /// debaters, so a lobby nobody joined starts as a debate to watch.
    pub fn check_start(&self, user: u64, manage: bool) -> Result<(), LobbyError> {
        if user != self.host && !manage {
            return Err(LobbyError::NotHost);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lobby() -> DebateLobby {
        DebateLobby::open(
            1,
            9,
            DebateOptions {
                topic: Some("t".into()),
                motion: "m".into(),
                length: Length::Short,
                pace: None,
                live_scores: false,
                lang: Lang::En,
            },
        )
    }

    #[test]
    fn seats_are_taken_moved_and_left() {
        let mut l = lobby();
        l.take(2, "ann", 1).unwrap();
        assert_eq!(l.take(3, "ben", 1), Err(LobbyError::Taken(1)));
        l.take(3, "ben", 6).unwrap();
        l.take(2, "ann", 5).unwrap();
        assert_eq!(l.seat_of(2), Some(5));
        assert!(!l.seats.contains_key(&1), "moving frees the old seat");
        assert_eq!(l.take(2, "ann", 9), Err(LobbyError::NoSuchSeat(9)));
        assert_eq!(l.take(2, "ann", 0), Err(LobbyError::NoSuchSeat(0)));
        let before = l.clone();
        assert!(l.take(4, "cy", 6).is_err());
        assert_eq!(l, before, "a refused seat changes nothing");
        l.leave(3).unwrap();
        assert_eq!(l.leave(3), Err(LobbyError::NotSeated));
        assert_eq!(l.check_start(2, false), Err(LobbyError::NotHost));
        assert_eq!(l.check_start(2, true), Ok(()));
        assert_eq!(l.check_start(1, false), Ok(()));
        assert_eq!(LobbyError::Taken(1).text(Lang::En), "Pro 1 is taken.");
        assert_eq!(
            LobbyError::Taken(6).text(Lang::ZhCn),
            "反方二辩已有人入座。"
        );
    }

    #[test]
    fn lengths_and_options() {
        assert_eq!(Length::Full.scale(), 1.0);
        assert!((Length::Short.scale() - 1.0 / 3.0).abs() < 1e-9);
        assert_eq!(Length::from_config("FULL"), Length::Full);
        assert_eq!(Length::from_config("short"), Length::Short);
        let mut o = lobby().options;
        o.pace = Some(0.0);
        assert!(o.validate().unwrap_err().to_string().contains("pace"));
        o.pace = Some(1.0);
        o.validate().unwrap();
    }
}
