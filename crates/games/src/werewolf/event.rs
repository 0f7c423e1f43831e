//! What happens in a game, and who may know it.
//!
//! Every [`Event`] is logged together with its [`Audience`]; a seat's view is the
//! events whose audience includes it, so hidden information cannot leak by mistake.

use super::ask::AskKind;
use super::claims::Claims;
use super::per_seat::PerSeat;
use super::seat::{Role, Seat, SeatSet, Side};
pub use crate::Audience;
use crate::Lang;
use serde::{Deserialize, Serialize};

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
    /// A sheriff candidate's campaign speech.
    Campaign,
}

impl SpeechKind {
    /// The kind of speech an ask of `kind` asks for, if it asks for one.
    pub fn of(kind: AskKind) -> Option<SpeechKind> {
        match kind {
            AskKind::Speech => Some(SpeechKind::Day),
            AskKind::PkSpeech => Some(SpeechKind::Pk),
            AskKind::LastWords => Some(SpeechKind::LastWords),
            AskKind::CampaignSpeech => Some(SpeechKind::Campaign),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VoteRound {
    Main,
    Pk,
    /// The vote for sheriff.
    Sheriff,
    /// The sheriff revote after a tie.
    SheriffPk,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeathCause {
    Attack,
    Poison,
    Shot,
    Vote,
    /// A wolf self-exploded.
    Exploded,
    /// Taken by the white wolf king as he exploded.
    Taken,
    /// A person away too long, on a server that idles such seats out (no last words, no
    /// shot).
    IdledOut,
}

/// One seat's ballot in a revealed vote.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ballot {
    /// Not a voter in this round.
    #[default]
    None,
    Abstain,
    Vote(Seat),
}

impl PerSeat<Ballot> {
    /// A round's ballots at a table of `seats`: each `(voter, target)` a vote, every other
    /// seat no ballot.
    pub fn votes(seats: usize, votes: &[(Seat, Seat)]) -> PerSeat<Ballot> {
        let mut ballots = [Ballot::None; super::seat::MAX_SEATS];
        for &(voter, target) in votes {
            ballots[voter as usize - 1] = Ballot::Vote(target);
        }
        PerSeat::from_slice(&ballots[..seats])
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The board, first of all on any board but the default one (which says nothing, as
    /// before boards): its id, its number of seats, and its name by language (`en`,
    /// `zh-CN`), as the story tells it.
    Board {
        id: String,
        seats: u8,
        #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
        names: std::collections::BTreeMap<String, String>,
    },
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
        ballots: PerSeat<Ballot>,
        /// The sheriff whose ballot counted 1.5 in this round (none in the election itself).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sheriff: Option<Seat>,
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
        roles: PerSeat<Role>,
    },
    /// The guard's pick for tonight (guard only).
    GuardPicked {
        target: Option<Seat>,
    },
    /// The wolf king's news at the end of each night he started alive (wolf king only),
    /// as [`Event::HunterStatus`] is the hunter's.
    KingStatus {
        dies: bool,
        may_shoot: bool,
    },
    /// The wolf king's shot (`target: None`: he declines). Public by day; at night the
    /// king's own until dawn names the dead.
    KingShot {
        king: Seat,
        target: Option<Seat>,
    },
    /// What a death shows on a board that reveals it: the side, and the role when the
    /// board shows roles.
    Revealed {
        seat: Seat,
        side: Side,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        role: Option<Role>,
    },
    /// A voted-out idiot shows his card and stays, without a vote from now on.
    IdiotRevealed {
        seat: Seat,
    },
    /// A wolf self-exploded: the day ends at once.
    Exploded {
        wolf: Seat,
    },
    /// A person away too long left the game by the server's setting: the seat is dead, with
    /// no last words and no shot (told to everyone, before the night's first step).
    IdledOut {
        seat: Seat,
    },
    /// The white wolf king took a seat with him as he exploded.
    Taken {
        king: Seat,
        target: Seat,
    },
    /// The seats running for sheriff (empty: nobody ran).
    SheriffRunners {
        running: SeatSet,
    },
    /// A candidate left the race.
    Withdrew {
        seat: Seat,
    },
    /// The election's outcome: `None` means no sheriff (nobody ran, a second tie, or the
    /// badge was lost to a self-explosion).
    SheriffElected {
        seat: Option<Seat>,
    },
    /// The dying sheriff passed the badge (`to: None`: he tore it).
    BadgePassed {
        from: Seat,
        to: Option<Seat>,
    },
    /// The badge is gone: its holder was a revealed idiot or self-exploded.
    BadgeLost {
        seat: Seat,
    },
    /// The sheriff's speaking direction: `up` starts from the seat after him.
    SpeakingOrder {
        sheriff: Seat,
        up: bool,
    },
    /// The sheriff's vote call (归票): the seat he asks the table to vote out, or none.
    SheriffCalled {
        sheriff: Seat,
        target: Option<Seat>,
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

impl ScoreReason {
    /// The reason as the story says it (`locales/*/replay.ftl`): `TeamWin`, `阵营获胜`.
    pub fn name_in(self, lang: Lang) -> String {
        let id = match self {
            ScoreReason::TeamWin => "ww-reason-team-win",
            ScoreReason::Survival => "ww-reason-survival",
            ScoreReason::Vote => "ww-reason-vote",
            ScoreReason::SeerCheck => "ww-reason-seer-check",
            ScoreReason::GodDawn => "ww-reason-god-dawn",
            ScoreReason::WitchSave => "ww-reason-witch-save",
            ScoreReason::WitchPoison => "ww-reason-witch-poison",
            ScoreReason::HunterShot => "ww-reason-hunter-shot",
        };
        lang.text(id, &[])
    }
}

/// An event and who may see it.
pub type Logged = crate::Logged<Event>;

/// How a seat left the game, in the words the seat itself is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fall {
    /// Killed at night: the wolves' attack or the witch's poison (dawn tells both alike).
    Night,
    VotedOut,
    /// Shot by the hunter as he died.
    Shot,
    /// Shot by the wolf king as he died.
    KingShot,
    /// Self-exploded.
    Exploded,
    /// Taken by the white wolf king.
    Taken,
    /// Away too long: idled out by the server's setting.
    IdledOut,
}

impl Fall {
    /// Its Fluent message (`ww-fall-…`), as a seat is told it.
    pub fn key(self) -> &'static str {
        match self {
            Fall::Night => "ww-fall-night",
            Fall::VotedOut => "ww-fall-voted-out",
            Fall::Shot => "ww-fall-shot",
            Fall::KingShot => "ww-fall-king-shot",
            Fall::Exploded => "ww-fall-exploded",
            Fall::Taken => "ww-fall-taken",
            Fall::IdledOut => "ww-fall-idled-out",
        }
    }

    pub fn words(self) -> &'static str {
        match self {
            Fall::Night => "killed in the night",
            Fall::VotedOut => "voted out",
            Fall::Shot => "shot by the hunter",
            Fall::KingShot => "shot by the wolf king",
            Fall::Exploded => "self-exploded",
            Fall::Taken => "taken by the white wolf king",
            Fall::IdledOut => "idled out",
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
            Event::KingShot {
                target: Some(t), ..
            } => Some((SeatSet::only(*t), Fall::KingShot)),
            Event::Exploded { wolf } => Some((SeatSet::only(*wolf), Fall::Exploded)),
            Event::Taken { target, .. } => Some((SeatSet::only(*target), Fall::Taken)),
            Event::IdledOut { seat } => Some((SeatSet::only(*seat), Fall::IdledOut)),
            _ => None,
        }
    }

    /// One line of story for this event, as a person would read it (in English).
    pub fn story(&self) -> String {
        self.story_in(Lang::En)
    }

    /// One line of story for this event in `lang`.
    pub fn story_in(&self, lang: Lang) -> String {
        let t = |id: &str, args: &[(&str, &str)]| lang.text(id, args);
        let n = |s: &Seat| s.to_string();
        match self {
            Event::Board { id, seats, names } => {
                // The board's name in the reader's language (its English one, else its id).
                let board = names
                    .get(lang.code())
                    .or_else(|| names.get(Lang::En.code()))
                    .unwrap_or(id);
                t(
                    "ww-board",
                    &[("board", board), ("seats", &seats.to_string())],
                )
            }
            Event::RoleDealt { seat, role } => t(
                "ww-role-dealt",
                &[("seat", &n(seat)), ("role", &role.name_in(lang))],
            ),
            Event::WolfPack { wolves } => t("ww-wolf-pack", &[("wolves", &wolves.to_string())]),
            Event::NightFell { night } => t("ww-night-fell", &[("night", &night.to_string())]),
            Event::WolfPicked {
                wolf,
                target,
                round,
            } => {
                let again = if *round > 1 { "-again" } else { "" };
                match target {
                    Some(x) => t(
                        &format!("ww-wolf-picked{again}"),
                        &[("wolf", &n(wolf)), ("target", &n(x))],
                    ),
                    None => t(&format!("ww-wolf-no-pick{again}"), &[("wolf", &n(wolf))]),
                }
            }
            Event::WolfTie { tied } => t("ww-wolf-tie", &[("tied", &tied.to_string())]),
            Event::WolfAttack { target, by_lot } => match target {
                Some(x) if *by_lot => t("ww-wolf-attack-lot", &[("target", &n(x))]),
                Some(x) => t("ww-wolf-attack", &[("target", &n(x))]),
                None => t("ww-wolf-attack-none", &[]),
            },
            Event::WitchTold { attacked } => match attacked {
                Some(x) => t("ww-witch-told", &[("target", &n(x))]),
                None => t("ww-witch-told-none", &[]),
            },
            Event::WitchSaved { target } => t("ww-witch-saved", &[("target", &n(target))]),
            Event::WitchPoisoned { target } => t("ww-witch-poisoned", &[("target", &n(target))]),
            Event::SeerResult { target, wolf } => t(
                if *wolf {
                    "ww-seer-wolf"
                } else {
                    "ww-seer-good"
                },
                &[("target", &n(target))],
            ),
            Event::HunterStatus { dies, may_shoot } => t(
                match (dies, may_shoot) {
                    (false, _) => "ww-hunter-lives",
                    (true, true) => "ww-hunter-may-shoot",
                    (true, false) => "ww-hunter-poisoned",
                },
                &[],
            ),
            Event::Died { seat, cause } => t(
                match cause {
                    DeathCause::Attack => "ww-died-attack",
                    DeathCause::Poison => "ww-died-poison",
                    DeathCause::Shot => "ww-died-shot",
                    DeathCause::Vote => "ww-died-vote",
                    DeathCause::Exploded => "ww-died-exploded",
                    DeathCause::Taken => "ww-died-taken",
                    DeathCause::IdledOut => "ww-died-idled-out",
                },
                &[("seat", &n(seat))],
            ),
            Event::Dawn { day, dead } => {
                let id = match dead.len() {
                    0 => "ww-dawn-peaceful",
                    1 => "ww-dawn-one",
                    _ => "ww-dawn-many",
                };
                t(
                    id,
                    &[("day", &day.to_string()), ("dead", &dead.to_string())],
                )
            }
            Event::Speech {
                seat, kind, text, ..
            } => {
                let id = match kind {
                    SpeechKind::Day => "ww-speech",
                    SpeechKind::Pk => "ww-speech-pk",
                    SpeechKind::LastWords => "ww-speech-last",
                    SpeechKind::Campaign => "ww-speech-campaign",
                };
                t(id, &[("seat", &n(seat)), ("text", text)])
            }
            Event::VoteCast { voter, ballot, .. } => match ballot {
                Ballot::Vote(x) => t("ww-vote-sealed", &[("voter", &n(voter)), ("target", &n(x))]),
                _ => t("ww-abstain-sealed", &[("voter", &n(voter))]),
            },
            Event::VotesRevealed {
                round,
                ballots,
                sheriff,
            } => {
                let cast: Vec<String> = ballots
                    .iter()
                    .enumerate()
                    .filter_map(|(i, b)| {
                        let voter = (i + 1).to_string();
                        match b {
                            Ballot::None => None,
                            Ballot::Abstain => Some(t("ww-ballot-abstain", &[("voter", &voter)])),
                            Ballot::Vote(x) if *sheriff == Some(i as Seat + 1) => Some(t(
                                "ww-ballot-sheriff",
                                &[("voter", &voter), ("target", &x.to_string())],
                            )),
                            Ballot::Vote(x) => Some(format!("{voter}→{x}")),
                        }
                    })
                    .collect();
                let cast = if cast.is_empty() {
                    t("ww-votes-none", &[])
                } else {
                    cast.join(", ")
                };
                let id = match round {
                    VoteRound::Main => "ww-votes",
                    VoteRound::Pk => "ww-votes-pk",
                    VoteRound::Sheriff => "ww-votes-sheriff",
                    VoteRound::SheriffPk => "ww-votes-sheriff-pk",
                };
                t(id, &[("ballots", &cast)])
            }
            Event::PkCalled { tied } => t("ww-pk-called", &[("tied", &tied.to_string())]),
            Event::Eliminated { seat } => match seat {
                Some(s) => t("ww-voted-out", &[("seat", &n(s))]),
                None => t("ww-voted-out-none", &[]),
            },
            Event::HunterShot { hunter, target } => match target {
                Some(x) => t(
                    "ww-hunter-shoots",
                    &[("hunter", &n(hunter)), ("target", &n(x))],
                ),
                None => t("ww-hunter-holds", &[("hunter", &n(hunter))]),
            },
            Event::Defaulted { seat, ask } => t(
                "ww-defaulted",
                &[("seat", &n(seat)), ("ask", &ask.name_in(lang))],
            ),
            Event::Scored {
                seat,
                points,
                reason,
            } => t(
                "ww-scored",
                &[
                    ("seat", &n(seat)),
                    ("points", &format!("{points:+}")),
                    ("reason", &reason.name_in(lang)),
                ],
            ),
            Event::GuardPicked { target } => match target {
                Some(x) => t("ww-guard-picked", &[("target", &n(x))]),
                None => t("ww-guard-none", &[]),
            },
            Event::KingStatus { dies, may_shoot } => t(
                match (dies, may_shoot) {
                    (false, _) => "ww-king-lives",
                    (true, true) => "ww-king-may-shoot",
                    (true, false) => "ww-king-poisoned",
                },
                &[],
            ),
            Event::KingShot { king, target } => match target {
                Some(x) => t("ww-king-shoots", &[("king", &n(king)), ("target", &n(x))]),
                None => t("ww-king-holds", &[("king", &n(king))]),
            },
            Event::Revealed { seat, side, role } => match role {
                Some(r) => t(
                    "ww-revealed-role",
                    &[("seat", &n(seat)), ("role", &r.name_in(lang))],
                ),
                None => t(
                    "ww-revealed-side",
                    &[("seat", &n(seat)), ("side", &side.name_in(lang))],
                ),
            },
            Event::IdiotRevealed { seat } => t("ww-idiot-revealed", &[("seat", &n(seat))]),
            Event::Exploded { wolf } => t("ww-exploded", &[("wolf", &n(wolf))]),
            Event::IdledOut { seat } => t("ww-idled-out", &[("seat", &n(seat))]),
            Event::Taken { king, target } => {
                t("ww-taken", &[("king", &n(king)), ("target", &n(target))])
            }
            Event::SheriffRunners { running } => {
                if running.is_empty() {
                    t("ww-sheriff-nobody-runs", &[])
                } else {
                    t("ww-sheriff-runners", &[("running", &running.to_string())])
                }
            }
            Event::Withdrew { seat } => t("ww-withdrew", &[("seat", &n(seat))]),
            Event::SheriffElected { seat } => match seat {
                Some(s) => t("ww-sheriff-elected", &[("seat", &n(s))]),
                None => t("ww-sheriff-none", &[]),
            },
            Event::BadgePassed { from, to } => match to {
                Some(x) => t("ww-badge-passed", &[("from", &n(from)), ("to", &n(x))]),
                None => t("ww-badge-torn", &[("from", &n(from))]),
            },
            Event::BadgeLost { seat } => t("ww-badge-lost", &[("seat", &n(seat))]),
            Event::SpeakingOrder { sheriff, up } => t(
                if *up { "ww-order-up" } else { "ww-order-down" },
                &[("sheriff", &n(sheriff))],
            ),
            Event::SheriffCalled { sheriff, target } => match target {
                Some(x) => t(
                    "ww-sheriff-called",
                    &[("sheriff", &n(sheriff)), ("target", &n(x))],
                ),
                None => t("ww-sheriff-calls-none", &[("sheriff", &n(sheriff))]),
            },
            Event::GameOver { winner, roles } => {
                let roles: String = roles
                    .iter()
                    .enumerate()
                    .map(|(i, r)| format!(" {}={}", i + 1, r.name_in(lang)))
                    .collect();
                match winner.side() {
                    None => t("ww-game-over-draw", &[("roles", &roles)]),
                    Some(side) => t(
                        "ww-game-over",
                        &[("side", &side.name_in(lang)), ("roles", &roles)],
                    ),
                }
            }
        }
    }
}
