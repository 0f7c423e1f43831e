//! A werewolf lobby before the game starts: who has joined, the host, the options chosen
//! with `/werewolf start`, and the rules of joining, leaving and starting. Pure: no
//! Discord types, no I/O; the bot stores it as JSON with the channel.

use agora_agents::config::ranges::{LOBBY_MAX_DAYS, LOBBY_PACE};
#[cfg(test)]
use agora_games::werewolf::SEATS;
use agora_games::werewolf::{Rules, Seat, WitchSelfSave, WolfChat};
use agora_games::Lang;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The seats of the lobby's `humans` players (in joining order), drawn from the game's
/// seed: nobody chooses their seat by joining first, and the same seed seats the same way
/// (`AGORA_DISCORD_SEED` replays a game). The other seats are AI players.
pub fn human_seats(humans: usize, seed: u64) -> Vec<Seat> {
    human_seats_on(humans, seed, agora_games::werewolf::SEATS)
}

/// [`human_seats`] at a board of `n` seats (nine seats draw as they always did).
pub fn human_seats_on(humans: usize, seed: u64, n: usize) -> Vec<Seat> {
    let mut seats = agora_games::werewolf::seat_draw_n(n, seed, 0x5ea7_5ea7_5ea7_5ea7);
    seats.truncate(humans.min(n));
    seats
}

/// A human who took a seat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LobbySeat {
    pub user: u64,
    pub name: String,
    /// The bot could not DM this player: they act through the channel's fallback button.
    #[serde(default)]
    pub dm_closed: bool,
    /// The language of the player's Discord client when they sat down, when it is one of
    /// ours: their DMs and the answers only they see are in it (else the table's).
    #[serde(default)]
    pub lang: Option<Lang>,
}

/// The options of `/werewolf start`; `None` keeps the server's default from config.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableOptions {
    /// Empty seats become AI players at the start.
    pub ai_fill: bool,
    /// Scales every timer (1 = the configured timers).
    pub pace: Option<f64>,
    pub witch_self_save: Option<WitchSelfSave>,
    pub hunter_shoots_when_poisoned: Option<bool>,
    pub rotate_first_speaker: Option<bool>,
    pub wolf_chat: Option<WolfChat>,
    pub max_days: Option<u32>,
}

impl Default for TableOptions {
    fn default() -> Self {
        TableOptions {
            ai_fill: true,
            pace: None,
            witch_self_save: None,
            hunter_shoots_when_poisoned: None,
            rotate_first_speaker: None,
            wolf_chat: None,
            max_days: None,
        }
    }
}

impl TableOptions {
    /// Checks the options a player typed; the message names the option.
    pub fn validate(&self) -> Result<(), LobbyError> {
        let out = |option, value: String, min: String, max: String| LobbyError::OutOfRange {
            option,
            value,
            min,
            max,
        };
        if let Some(p) = self.pace {
            let (min, max) = (LOBBY_PACE.min.to_string(), LOBBY_PACE.max.to_string());
            LOBBY_PACE
                .check(p)
                .map_err(|_| out("pace", p.to_string(), min, max))?;
        }
        if let Some(d) = self.max_days {
            let (min, max) = (
                LOBBY_MAX_DAYS.min.to_string(),
                LOBBY_MAX_DAYS.max.to_string(),
            );
            LOBBY_MAX_DAYS
                .check(d)
                .map_err(|_| out("max_days", d.to_string(), min, max))?;
        }
        Ok(())
    }

    /// The server's rules with these options applied.
    pub fn rules(&self, base: &Rules) -> Rules {
        let mut rules = base.clone();
        if let Some(v) = self.witch_self_save {
            rules.witch_self_save = v;
        }
        if let Some(v) = self.hunter_shoots_when_poisoned {
            rules.hunter_shoots_when_poisoned = v;
        }
        if let Some(v) = self.rotate_first_speaker {
            rules.rotate_first_speaker = v;
        }
        if let Some(v) = self.wolf_chat {
            rules.wolf_chat = v;
        }
        if let Some(v) = self.max_days {
            rules.max_days = v;
        }
        rules
    }
}

/// Why a lobby action was refused; the text is shown to the player.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LobbyError {
    #[error("you already have a seat at this table")]
    AlreadySeated,
    #[error("the table is full ({0} seats)")]
    Full(usize),
    #[error("you do not have a seat at this table")]
    NotSeated,
    #[error("only the host or a moderator (Manage Messages) can start the game")]
    NotHost,
    /// AI fill is off: `(joined, seats)`.
    #[error("AI fill is off: the game needs {1} players, {0} have joined")]
    NotEnough(usize, usize),
    #[error("nobody has joined yet")]
    Empty,
    #[error("{0}")]
    BadOption(String),
    /// An option of `/werewolf start` out of its range (`pace`, `max_days`).
    #[error("{}", range_said(Lang::En, .option, .value, .min, .max))]
    OutOfRange {
        option: &'static str,
        value: String,
        min: String,
        max: String,
    },
}

impl LobbyError {
    /// The refusal as its player reads it, in `lang` (a sentence).
    pub fn said(&self, lang: Lang) -> String {
        match self {
            LobbyError::AlreadySeated => lang.text("wwd-err-seated", &[]),
            LobbyError::Full(seats) => lang.text("wwd-err-full", &[("seats", &seats.to_string())]),
            LobbyError::NotSeated => lang.text("wwd-err-not-seated", &[]),
            LobbyError::NotHost => lang.text("wwd-err-not-host", &[]),
            LobbyError::NotEnough(n, seats) => lang.text(
                "wwd-err-not-enough",
                &[("seats", &seats.to_string()), ("joined", &n.to_string())],
            ),
            LobbyError::Empty => lang.text("wwd-err-empty", &[]),
            LobbyError::BadOption(why) => why.clone(),
            LobbyError::OutOfRange {
                option,
                value,
                min,
                max,
            } => range_said(lang, option, value, min, max),
        }
    }
}

/// An option out of its range, in `lang` (`wwd-err-pace`, `wwd-err-max-days`).
fn range_said(lang: Lang, option: &str, value: &str, min: &str, max: &str) -> String {
    lang.text(
        &format!("wwd-err-{}", option.replace('_', "-")),
        &[("value", value), ("min", min), ("max", max)],
    )
}

/// A lobby: the host opened it; players join in order and take seats 1, 2, ….
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Lobby {
    pub host: u64,
    pub guild: u64,
    pub seats: Vec<LobbySeat>,
    pub options: TableOptions,
    /// The lobby message, once posted (for the link to it).
    #[serde(default)]
    pub message: Option<u64>,
    /// The server's language when the lobby opened: the lobby speaks it and the game is
    /// played in it. `None` for a lobby stored before tables knew their language (the
    /// server's language when it starts).
    #[serde(default)]
    pub lang: Option<Lang>,
    /// The board picked with `/werewolf start` (`None`: the default nine seats).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// The host's choice: the graveyard sees every seat's role, one phase behind.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub graveyard_roles: bool,
}

impl Lobby {
    /// The board the lobby plays on.
    pub fn board(&self) -> std::sync::Arc<agora_games::werewolf::Board> {
        super::board_pick::stored(self.board.as_deref())
    }

    /// How many seats the table has (its board's).
    pub fn seat_count(&self) -> usize {
        self.board().seats as usize
    }

    /// A lobby with its host seated.
    pub fn open(host: u64, host_name: &str, guild: u64, options: TableOptions) -> Lobby {
        Lobby {
            host,
            guild,
            seats: vec![LobbySeat {
                user: host,
                name: host_name.to_string(),
                dm_closed: false,
                lang: None,
            }],
            options,
            message: None,
            lang: None,
            board: None,
            graveyard_roles: false,
        }
    }

    pub fn seat_of(&self, user: u64) -> Option<usize> {
        self.seats.iter().position(|s| s.user == user)
    }

    /// `user` sits down; `lang` is their own language, if known.
    pub fn join(&mut self, user: u64, name: &str, lang: Option<Lang>) -> Result<(), LobbyError> {
        if self.seat_of(user).is_some() {
            return Err(LobbyError::AlreadySeated);
        }
        if self.seats.len() >= self.seat_count() {
            return Err(LobbyError::Full(self.seat_count()));
        }
        self.seats.push(LobbySeat {
            user,
            name: name.to_string(),
            dm_closed: false,
            lang,
        });
        Ok(())
    }

    pub fn leave(&mut self, user: u64) -> Result<(), LobbyError> {
        let i = self.seat_of(user).ok_or(LobbyError::NotSeated)?;
        self.seats.remove(i);
        Ok(())
    }

    /// Whether `user` (a moderator when `manage`) may start it now.
    pub fn check_start(&self, user: u64, manage: bool) -> Result<(), LobbyError> {
        if user != self.host && !manage {
            return Err(LobbyError::NotHost);
        }
        if self.seats.is_empty() {
            return Err(LobbyError::Empty);
        }
        if !self.options.ai_fill && self.seats.len() < self.seat_count() {
            return Err(LobbyError::NotEnough(self.seats.len(), self.seat_count()));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_leave_and_start_rules() {
        let mut l = Lobby::open(1, "host", 9, TableOptions::default());
        assert_eq!(l.join(1, "host", None), Err(LobbyError::AlreadySeated));
        for u in 2..=9 {
            l.join(u, "p", None).unwrap();
        }
        assert_eq!(l.join(10, "late", None), Err(LobbyError::Full(SEATS)));
        assert_eq!(l.leave(10), Err(LobbyError::NotSeated));
        l.leave(5).unwrap();
        assert_eq!(l.seat_of(6), Some(4));
        assert_eq!(l.check_start(2, false), Err(LobbyError::NotHost));
        assert_eq!(l.check_start(2, true), Ok(()));
        l.options.ai_fill = false;
        assert_eq!(l.check_start(1, false), Err(LobbyError::NotEnough(8, 9)));
        assert!(LobbyError::NotEnough(8, 9)
            .said(Lang::ZhCn)
            .contains("只有 8 人"));
        assert_eq!(
            LobbyError::NotHost.said(Lang::En),
            "Only the host or a moderator (Manage Messages) can start the game."
        );
        let before = l.clone();
        assert!(l.join(1, "again", None).is_err());
        assert_eq!(l, before, "a refused join changes nothing");
    }

    #[test]
    fn options_are_checked_and_applied() {
        let bad = TableOptions {
            pace: Some(0.0),
            ..TableOptions::default()
        };
        assert!(bad.validate().unwrap_err().to_string().contains("pace"));
        // The English words are the ranges' own (one message, said once).
        let said = bad.validate().unwrap_err().to_string();
        assert_eq!(
            said,
            format!("pace {} (fast to slow)", LOBBY_PACE.check(0.0).unwrap_err())
        );
        let days = TableOptions {
            max_days: Some(31),
            ..TableOptions::default()
        };
        let e = days.validate().unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("max_days {}", LOBBY_MAX_DAYS.check(31).unwrap_err())
        );
        assert_eq!(
            e.said(Lang::ZhCn),
            "max_days 不能是 31：请填 1 到 30 之间的天数"
        );
        let o = TableOptions {
            max_days: Some(3),
            wolf_chat: Some(WolfChat::Open),
            ..TableOptions::default()
        };
        o.validate().unwrap();
        let r = o.rules(&Rules::default());
        assert_eq!((r.max_days, r.wolf_chat), (3, WolfChat::Open));
    }

    #[test]
    fn humans_get_distinct_seats_from_the_seed() {
        for n in 0..=SEATS {
            let seats = human_seats(n, 7);
            assert_eq!(seats.len(), n);
            let set: std::collections::BTreeSet<_> = seats.iter().collect();
            assert_eq!(set.len(), n, "distinct seats: {seats:?}");
            assert!(seats.iter().all(|s| (1..=SEATS as Seat).contains(s)));
            assert_eq!(human_seats(n, 7), seats, "the same seed seats the same way");
        }
        // Joining first does not mean seat 1: over many seeds every seat is drawn.
        let firsts: std::collections::BTreeSet<Seat> =
            (0..200).map(|seed| human_seats(1, seed)[0]).collect();
        assert_eq!(firsts.len(), SEATS, "{firsts:?}");
        // Nine seats draw as they did before boards; twelve draw among twelve.
        assert_eq!(
            human_seats(9, 7),
            agora_games::werewolf::seat_draw(7, 0x5ea7_5ea7_5ea7_5ea7).to_vec()
        );
        let twelve = human_seats_on(12, 7, 12);
        assert_eq!(
            twelve
                .iter()
                .collect::<std::collections::BTreeSet<_>>()
                .len(),
            12
        );
    }

    #[test]
    fn a_twelve_seat_lobby_holds_twelve() {
        let mut l = Lobby::open(1, "host", 9, TableOptions::default());
        l.board = Some("zh12-guard".into());
        for u in 2..=12 {
            l.join(u, "p", None).unwrap();
        }
        assert_eq!(l.join(13, "late", None), Err(LobbyError::Full(12)));
        assert_eq!(
            LobbyError::Full(12).said(Lang::En),
            "The table is full (12 seats)."
        );
    }
}
