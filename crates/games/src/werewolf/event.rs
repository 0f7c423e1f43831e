//! What happens in a game, and who may know it.
//!
//! Every [`Event`] is logged together with its [`Audience`]; a seat's view is the
//! events whose audience includes it, so hidden information cannot leak by mistake.

use super::ask::AskKind;
use super::claims::Claims;
use super::seat::{Role, Seat, SeatSet, Side, SEATS};
pub use crate::Audience;
use serde::{Deserialize, Serialize};
use std::fmt::{self, Write};

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Winner {
    Good,
    Wolves,
    Draw,
}

impl Winner {
    pub fn name(self) -> &'static str {
        match self {
            Winner::Good => "good",
            Winner::Wolves => "wolves",
            Winner::Draw => "draw",
        }
    }
    pub fn side(self) -> Option<Side> {
        match self {
            Winner::Good => Some(Side::Good),
            Winner::Wolves => Some(Side::Wolves),
            Winner::Draw => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpeechKind {
    Day,
    Pk,
    LastWords,
}

impl SpeechKind {
    /// The kind of speech an ask of `kind` asks for, if it asks for one.
    pub fn of(kind: AskKind) -> Option<SpeechKind> {
        match kind {
            AskKind::Speech => Some(SpeechKind::Day),
            AskKind::PkSpeech => Some(SpeechKind::Pk),
            AskKind::LastWords => Some(SpeechKind::LastWords),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VoteRound {
    Main,
    Pk,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeathCause {
    Attack,
    Poison,
    Shot,
    Vote,
}

/// One seat's ballot in a revealed vote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ballot {
    /// Not a voter in this round.
    None,
    Abstain,
    Vote(Seat),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// Seat learns its role (that seat only).
    RoleDealt {
        seat: Seat,
        role: Role,
    },
    /// The wolves learn each other (wolves only).
    WolfPack {
        wolves: SeatSet,
    },
    NightFell {
        night: u32,
    },
    /// A wolf's pick; `target: None` means no pick in time (wolves only).
    WolfPicked {
        wolf: Seat,
        target: Option<Seat>,
        round: u8,
    },
    /// The picks tied; the wolves pick once more (wolves only).
    WolfTie {
        tied: SeatSet,
    },
    /// Tonight's attack, as the wolves decided it (wolves only).
    WolfAttack {
        target: Option<Seat>,
        by_lot: bool,
    },
    /// The witch is told who was attacked (witch only).
    WitchTold {
        attacked: Option<Seat>,
    },
    WitchSaved {
        target: Seat,
    },
    WitchPoisoned {
        target: Seat,
    },
    /// The seer's check: only good or wolf (seer only).
    SeerResult {
        target: Seat,
        wolf: bool,
    },
    /// The hunter's news at the end of each night he started alive (hunter only):
    /// whether he dies tonight and, if so, whether he may shoot (a poisoned hunter may
    /// not unless the rules allow it). A hunter who survives has no shot to take now;
    /// his right to shoot comes only when he dies.
    HunterStatus {
        dies: bool,
        may_shoot: bool,
    },
    /// A death with its cause (moderator only; the table learns of it at dawn or by the vote).
    Died {
        seat: Seat,
        cause: DeathCause,
    },
    /// The night's dead, without cause; empty means a peaceful night.
    Dawn {
        day: u32,
        dead: SeatSet,
    },
    /// A speech, with what it claims read once by [`claims::read`](super::claims::read).
    Speech {
        seat: Seat,
        kind: SpeechKind,
        text: String,
        #[serde(default, skip_serializing_if = "Claims::is_empty")]
        claims: Claims,
    },
    /// A sealed ballot (the voter only until the reveal).
    VoteCast {
        voter: Seat,
        round: VoteRound,
        ballot: Ballot,
    },
    /// All ballots of a round, revealed together: `ballots[i]` is seat i+1's.
    VotesRevealed {
        round: VoteRound,
        ballots: [Ballot; SEATS],
    },
    /// The vote tied: PK speeches by the tied seats, then the others vote among them.
    PkCalled {
        tied: SeatSet,
    },
    /// The vote's outcome: `None` means nobody is eliminated.
    Eliminated {
        seat: Option<Seat>,
    },
    /// The hunter's shot (`target: None`: he declines).
    HunterShot {
        hunter: Seat,
        target: Option<Seat>,
    },
    /// A seat took the default action for an ask (that seat and the moderator only).
    Defaulted {
        seat: Seat,
        ask: AskKind,
    },
    /// GPP awarded (moderator only until the end).
    Scored {
        seat: Seat,
        points: i32,
        reason: ScoreReason,
    },
    GameOver {
        winner: Winner,
        roles: [Role; SEATS],
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScoreReason {
    TeamWin,
    Survival,
    Vote,
    SeerCheck,
    GodDawn,
    WitchSave,
    WitchPoison,
    HunterShot,
}

/// An event and who may see it.
pub type Logged = crate::Logged<Event>;

fn opt_seat(s: Option<Seat>) -> String {
    s.map_or_else(|| "nobody".to_string(), |s| format!("seat {s}"))
}

/// How a seat left the game, in the words the seat itself is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fall {
    /// Killed at night: the wolves' attack or the witch's poison (dawn tells both alike).
    Night,
    VotedOut,
    /// Shot by the hunter as he died.
    Shot,
}

impl Fall {
    pub fn words(self) -> &'static str {
        match self {
            Fall::Night => "killed in the night",
            Fall::VotedOut => "voted out",
            Fall::Shot => "shot by the hunter",
        }
    }
}

impl Event {
    /// The seats this event takes out of the game, and how (a person among them is told).
    pub fn fallen(&self) -> Option<(SeatSet, Fall)> {
        match self {
            Event::Dawn { dead, .. } if !dead.is_empty() => Some((*dead, Fall::Night)),
            Event::Eliminated { seat: Some(s) } => Some((SeatSet::only(*s), Fall::VotedOut)),
            Event::HunterShot {
                target: Some(t), ..
            } => Some((SeatSet::only(*t), Fall::Shot)),
            _ => None,
        }
    }

    /// One line of story for this event, as a person would read it.
    pub fn story(&self) -> String {
        let mut out = String::new();
        self.write_story(&mut out)
            .expect("writing to a String cannot fail");
        out
    }

    fn write_story(&self, out: &mut String) -> fmt::Result {
        match self {
            Event::RoleDealt { seat, role } => write!(out, "Seat {seat} is the {role}."),
            Event::WolfPack { wolves } => write!(out, "The wolves are seats {wolves}."),
            Event::NightFell { night } => {
                write!(out, "── Night {night} falls. Everyone closes their eyes.")
            }
            Event::WolfPicked {
                wolf,
                target,
                round,
            } => {
                let again = if *round > 1 { " (second round)" } else { "" };
                match target {
                    Some(t) => write!(out, "Wolf {wolf} picks seat {t}{again}."),
                    None => write!(out, "Wolf {wolf} makes no pick{again}."),
                }
            }
            Event::WolfTie { tied } => {
                write!(
                    out,
                    "The wolves' picks tie between seats {tied}; they pick again."
                )
            }
            Event::WolfAttack { target, by_lot } => match target {
                Some(t) if *by_lot => write!(
                    out,
                    "Tied again: the lot falls on seat {t}. The wolves attack seat {t}."
                ),
                Some(t) => write!(out, "The wolves attack seat {t}."),
                None => write!(out, "The wolves attack nobody."),
            },
            Event::WitchTold { attacked } => {
                write!(
                    out,
                    "The witch is told: {} was attacked tonight.",
                    opt_seat(*attacked)
                )
            }
            Event::WitchSaved { target } => write!(out, "The witch saves seat {target}."),
            Event::WitchPoisoned { target } => write!(out, "The witch poisons seat {target}."),
            Event::SeerResult { target, wolf } => write!(
                out,
                "The seer checks seat {target}: {}.",
                if *wolf { "WOLF" } else { "good" }
            ),
            Event::HunterStatus { dies, may_shoot } => match (dies, may_shoot) {
                (false, _) => write!(out, "The hunter is told he survives the night."),
                (true, true) => write!(out, "The hunter is told he dies tonight and may shoot."),
                (true, false) => write!(
                    out,
                    "The hunter is told he dies tonight, poisoned, and may not shoot."
                ),
            },
            Event::Died { seat, cause } => write!(
                out,
                "Seat {seat} dies ({}).",
                match cause {
                    DeathCause::Attack => "killed by the wolves",
                    DeathCause::Poison => "poisoned",
                    DeathCause::Shot => "shot by the hunter",
                    DeathCause::Vote => "voted out",
                }
            ),
            Event::Dawn { day, dead } => {
                if dead.is_empty() {
                    write!(out, "── Day {day}. Dawn: a peaceful night, nobody died.")
                } else if dead.len() == 1 {
                    write!(out, "── Day {day}. Dawn: seat {dead} died in the night.")
                } else {
                    write!(out, "── Day {day}. Dawn: seats {dead} died in the night.")
                }
            }
            Event::Speech {
                seat, kind, text, ..
            } => {
                let label = match kind {
                    SpeechKind::Day => "says",
                    SpeechKind::Pk => "(PK) says",
                    SpeechKind::LastWords => "(last words)",
                };
                write!(out, "Seat {seat} {label}: \"{text}\"")
            }
            Event::VoteCast { voter, ballot, .. } => match ballot {
                Ballot::Vote(t) => write!(out, "Seat {voter} votes for seat {t} (sealed)."),
                _ => write!(out, "Seat {voter} abstains (sealed)."),
            },
            Event::VotesRevealed { round, ballots } => {
                let what = if *round == VoteRound::Pk {
                    "PK votes"
                } else {
                    "Votes"
                };
                write!(out, "{what}:")?;
                let mut first = true;
                for (i, b) in ballots.iter().enumerate() {
                    let sep = if first { " " } else { ", " };
                    match b {
                        Ballot::None => continue,
                        Ballot::Abstain => write!(out, "{sep}{}→abstain", i + 1)?,
                        Ballot::Vote(t) => write!(out, "{sep}{}→{t}", i + 1)?,
                    }
                    first = false;
                }
                if first {
                    out.push_str(" nobody votes");
                }
                out.push('.');
                Ok(())
            }
            Event::PkCalled { tied } => write!(
                out,
                "The vote ties between seats {tied}: PK speeches, then the others vote again."
            ),
            Event::Eliminated { seat } => match seat {
                Some(s) => write!(out, "Seat {s} is voted out."),
                None => write!(out, "Nobody is voted out."),
            },
            Event::HunterShot { hunter, target } => match target {
                Some(t) => write!(out, "Hunter {hunter} shoots seat {t}."),
                None => write!(out, "Hunter {hunter} does not shoot."),
            },
            Event::Defaulted { seat, ask } => {
                write!(
                    out,
                    "Seat {seat} did not act in time ({}): default taken.",
                    ask.name()
                )
            }
            Event::Scored {
                seat,
                points,
                reason,
            } => {
                write!(out, "GPP: seat {seat} {points:+} ({reason:?}).")
            }
            Event::GameOver { winner, roles } => {
                match winner {
                    Winner::Draw => out.push_str("Game over: a draw."),
                    w => write!(out, "Game over: {} win.", w.name())?,
                }
                out.push_str(" Roles:");
                for (i, r) in roles.iter().enumerate() {
                    write!(out, " {}={r}", i + 1)?;
                }
                Ok(())
            }
        }
    }
}
