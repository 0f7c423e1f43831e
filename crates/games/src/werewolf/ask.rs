//! What the game waits for ([`Ask`]), what a seat may answer ([`Action`]), and why an
//! answer is refused ([`Refusal`]).

use super::seat::{Seat, SeatSet};
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// The kind of decision a seat is asked for. Each kind has its own timer in `config/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AskKind {
    WolfPick,
    Witch,
    SeerCheck,
    HunterShot,
    Speech,
    PkSpeech,
    LastWords,
    Vote,
    PkVote,
    /// The guard picks a seat to guard, or nobody.
    GuardPick,
    /// The wolf king, dying, may shoot.
    KingShot,
    /// Day 1 on a sheriff board: run for sheriff or not.
    SheriffRun,
    /// A candidate's campaign speech (he may withdraw instead).
    CampaignSpeech,
    /// The vote for sheriff (and its revote after a tie).
    SheriffVote,
    /// The dying sheriff passes the badge or tears it.
    BadgePass,
    /// The sheriff picks the speaking direction (he speaks last).
    SpeakingOrder,
    /// The sheriff names the seat he asks the table to vote out (归票), or nobody.
    SheriffCall,
}

impl AskKind {
    pub fn name(self) -> &'static str {
        match self {
            AskKind::WolfPick => "wolf pick",
            AskKind::Witch => "witch's potions",
            AskKind::SeerCheck => "seer check",
            AskKind::HunterShot => "hunter's shot",
            AskKind::Speech => "speech",
            AskKind::PkSpeech => "PK speech",
            AskKind::LastWords => "last words",
            AskKind::Vote => "vote",
            AskKind::PkVote => "PK vote",
            AskKind::GuardPick => "guard's pick",
            AskKind::KingShot => "wolf king's shot",
            AskKind::SheriffRun => "sheriff sign-up",
            AskKind::CampaignSpeech => "campaign speech",
            AskKind::SheriffVote => "sheriff vote",
            AskKind::BadgePass => "badge",
            AskKind::SpeakingOrder => "speaking order",
            AskKind::SheriffCall => "sheriff's call",
        }
    }

    /// Its name in `lang` (the Fluent message `ww-ask-…`).
    pub fn name_in(self, lang: crate::Lang) -> String {
        let id = match self {
            AskKind::WolfPick => "ww-ask-wolf-pick",
            AskKind::Witch => "ww-ask-witch",
            AskKind::SeerCheck => "ww-ask-seer-check",
            AskKind::HunterShot => "ww-ask-hunter-shot",
            AskKind::Speech => "ww-ask-speech",
            AskKind::PkSpeech => "ww-ask-pk-speech",
            AskKind::LastWords => "ww-ask-last-words",
            AskKind::Vote => "ww-ask-vote",
            AskKind::PkVote => "ww-ask-pk-vote",
            AskKind::GuardPick => "ww-ask-guard-pick",
            AskKind::KingShot => "ww-ask-king-shot",
            AskKind::SheriffRun => "ww-ask-sheriff-run",
            AskKind::CampaignSpeech => "ww-ask-campaign-speech",
            AskKind::SheriffVote => "ww-ask-sheriff-vote",
            AskKind::BadgePass => "ww-ask-badge-pass",
            AskKind::SpeakingOrder => "ww-ask-speaking-order",
            AskKind::SheriffCall => "ww-ask-sheriff-call",
        };
        lang.text(id, &[])
    }

    /// The timer (in `config/agora.toml`, `[werewolf.timers]`) that bounds this ask.
    pub fn timer_key(self) -> &'static str {
        match self {
            AskKind::WolfPick => "wolves",
            AskKind::Witch => "witch",
            AskKind::SeerCheck => "seer",
            AskKind::HunterShot => "hunter",
            AskKind::Speech => "speech",
            AskKind::PkSpeech => "pk_speech",
            AskKind::LastWords => "last_words",
            AskKind::Vote | AskKind::PkVote | AskKind::SheriffVote => "vote",
            AskKind::GuardPick => "guard",
            AskKind::KingShot => "hunter",
            AskKind::SheriffRun | AskKind::BadgePass | AskKind::SpeakingOrder => "sheriff",
            AskKind::CampaignSpeech => "speech",
            AskKind::SheriffCall => "sheriff",
        }
    }

    pub fn is_speech(self) -> bool {
        matches!(
            self,
            AskKind::Speech | AskKind::PkSpeech | AskKind::LastWords | AskKind::CampaignSpeech
        )
    }

    /// A vote of any round (the day's, its PK revote, the sheriff's).
    pub fn is_vote(self) -> bool {
        matches!(self, AskKind::Vote | AskKind::PkVote | AskKind::SheriffVote)
    }

    /// A step of the night (the shells keep these private).
    pub fn is_night(self) -> bool {
        matches!(
            self,
            AskKind::WolfPick | AskKind::Witch | AskKind::SeerCheck | AskKind::GuardPick
        )
    }

    /// What a seat may answer to this kind of ask, for error messages and prompts.
    pub fn allowed(self) -> &'static str {
        match self {
            AskKind::WolfPick => "kill <seat>",
            AskKind::Witch => "save, poison <seat> or pass",
            AskKind::SeerCheck => "check <seat>",
            AskKind::HunterShot => "shoot <seat> or decline",
            AskKind::Speech | AskKind::PkSpeech | AskKind::LastWords => "speak <text>",
            AskKind::Vote | AskKind::PkVote | AskKind::SheriffVote => "vote <seat> or abstain",
            AskKind::GuardPick => "guard <seat> or pass",
            AskKind::KingShot => "shoot <seat> or decline",
            AskKind::SheriffRun => "run or pass",
            AskKind::CampaignSpeech => "speak <text> or withdraw",
            AskKind::BadgePass => "badge <seat> or tear",
            AskKind::SpeakingOrder => "order up or order down",
            AskKind::SheriffCall => "call <seat> or pass",
        }
    }
}

/// A decision the game is waiting for, with the options that are valid right now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ask {
    pub seat: Seat,
    pub kind: AskKind,
    /// Valid targets: the pick, check, shot or vote; for the witch, who she may poison
    /// (empty when the poison is used).
    pub targets: SeatSet,
    /// Witch only: who the wolves attacked tonight.
    pub attacked: Option<Seat>,
    /// Witch only: whether `save` is allowed now.
    pub can_save: bool,
    /// Speeches only: the longest text allowed, in characters.
    pub max_chars: u16,
    /// Votes only: the board does not let this vote be abstained from.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_abstain: bool,
    /// Sequence number of this ask within the game; a surface carries it in buttons so a
    /// stale click is refused.
    pub seq: u32,
}

/// A seat's answer to its ask.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum Action {
    Kill {
        target: Seat,
    },
    Save,
    Poison {
        target: Seat,
    },
    Pass,
    Check {
        target: Seat,
    },
    Shoot {
        target: Seat,
    },
    Decline,
    Speak {
        text: String,
    },
    Vote {
        target: Seat,
    },
    Abstain,
    Guard {
        target: Seat,
    },
    /// Run for sheriff.
    Run,
    /// A candidate leaves the sheriff race (退水): his own speech's answer, or at any time
    /// during the campaign speeches.
    Withdraw,
    /// Pass the badge to `target`.
    Badge {
        target: Seat,
    },
    /// Tear the badge: no sheriff for the rest of the game.
    Tear,
    /// The speaking direction: `up` (the seat after the sheriff first) or down.
    Order {
        up: bool,
    },
    /// The sheriff's vote call (归票).
    Call {
        target: Seat,
    },
    /// A wolf self-explodes in a day speech phase (自爆); a white wolf king takes `target`
    /// with him. Never asked: a wolf may do it whoever is speaking.
    Explode {
        target: Option<Seat>,
    },
}

impl Action {
    pub fn name(&self) -> &'static str {
        match self {
            Action::Kill { .. } => "kill",
            Action::Save => "save",
            Action::Poison { .. } => "poison",
            Action::Pass => "pass",
            Action::Check { .. } => "check",
            Action::Shoot { .. } => "shoot",
            Action::Decline => "decline",
            Action::Speak { .. } => "speak",
            Action::Vote { .. } => "vote",
            Action::Abstain => "abstain",
            Action::Guard { .. } => "guard",
            Action::Run => "run",
            Action::Withdraw => "withdraw",
            Action::Badge { .. } => "badge",
            Action::Tear => "tear",
            Action::Order { .. } => "order",
            Action::Call { .. } => "call",
            Action::Explode { .. } => "explode",
        }
    }
}

/// What a seat chose, as any surface reads it (a button, a typed command, a model's JSON,
/// an outside agent's reply) before it is an [`Action`]. [`Ask::action`] is the one place
/// where a choice becomes an action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// A seat: the pick, the check, the shot or the vote.
    Seat(Seat),
    /// Nobody: pass, decline or abstain, as the ask calls it.
    Nobody,
    Save,
    Poison(Seat),
    Say(String),
    /// Yes: run for sheriff.
    Run,
    /// A candidate withdraws.
    Withdraw,
    /// The speaking direction (`true`: up from the sheriff).
    Order(bool),
}

impl Choice {
    /// Reads a verb and its seat, as typed or clicked, for an ask of `kind`: `pick` or the
    /// ask's own verb (`kill`, `check`, `shoot`, `vote`) with a seat, `poison` with a seat,
    /// `save`, and `pass`, `decline` or `abstain` for nobody where the ask allows it.
    pub fn read(kind: AskKind, verb: &str, target: Option<Seat>) -> Result<Choice, String> {
        use AskKind::*;
        let seat = || target.ok_or_else(|| format!("'{verb}' needs a seat"));
        let own = match kind {
            WolfPick => "kill",
            SeerCheck => "check",
            HunterShot | KingShot => "shoot",
            Vote | PkVote | SheriffVote => "vote",
            GuardPick => "guard",
            BadgePass => "badge",
            SheriffCall => "call",
            _ => "",
        };
        Ok(match (kind, verb) {
            (
                WolfPick | SeerCheck | HunterShot | KingShot | Vote | PkVote | SheriffVote
                | GuardPick | BadgePass | SheriffCall,
                v,
            ) if v == "pick" || v == own => Choice::Seat(seat()?),
            (HunterShot | KingShot, "decline" | "pass")
            | (Vote | PkVote | SheriffVote, "abstain" | "pass")
            | (GuardPick | SheriffCall | SheriffRun, "pass")
            | (BadgePass, "tear") => Choice::Nobody,
            (SheriffRun, "run") => Choice::Run,
            (CampaignSpeech, "withdraw") => Choice::Withdraw,
            (SpeakingOrder, "up") => Choice::Order(true),
            (SpeakingOrder, "down") => Choice::Order(false),
            (Witch, "save") => Choice::Save,
            (Witch, "poison") => Choice::Poison(seat()?),
            (Witch, "pass") => Choice::Nobody,
            _ => {
                return Err(format!(
                    "'{verb}' is not an answer to the {} ({})",
                    kind.name(),
                    kind.allowed()
                ))
            }
        })
    }

    fn name(&self) -> &'static str {
        match self {
            Choice::Seat(_) => "a seat",
            Choice::Nobody => "nobody",
            Choice::Save => "save",
            Choice::Poison(_) => "poison",
            Choice::Say(_) => "a speech",
            Choice::Run => "run",
            Choice::Withdraw => "withdraw",
            Choice::Order(_) => "a speaking order",
        }
    }
}

impl Ask {
    /// The action `choice` means for this ask, or why it is no answer to it. Whether the
    /// action is allowed now (the target, the potions, the length) is the rules' check.
    pub fn action(&self, choice: Choice) -> Result<Action, Refusal> {
        use AskKind::*;
        Ok(match (self.kind, choice) {
            (WolfPick, Choice::Seat(target)) => Action::Kill { target },
            (SeerCheck, Choice::Seat(target)) => Action::Check { target },
            (HunterShot, Choice::Seat(target)) => Action::Shoot { target },
            (HunterShot, Choice::Nobody) => Action::Decline,
            (Vote | PkVote, Choice::Seat(target)) => Action::Vote { target },
            (Vote | PkVote, Choice::Nobody) => Action::Abstain,
            (Witch, Choice::Save) => Action::Save,
            (Witch, Choice::Poison(target)) => Action::Poison { target },
            (Witch, Choice::Nobody) => Action::Pass,
            (Speech | PkSpeech | LastWords | CampaignSpeech, Choice::Say(text)) => {
                Action::Speak { text }
            }
            (KingShot, Choice::Seat(target)) => Action::Shoot { target },
            (KingShot, Choice::Nobody) => Action::Decline,
            (SheriffVote, Choice::Seat(target)) => Action::Vote { target },
            (SheriffVote, Choice::Nobody) => Action::Abstain,
            (GuardPick, Choice::Seat(target)) => Action::Guard { target },
            (GuardPick | SheriffRun | SheriffCall, Choice::Nobody) => Action::Pass,
            (SheriffRun, Choice::Run) => Action::Run,
            (CampaignSpeech, Choice::Withdraw) => Action::Withdraw,
            (BadgePass, Choice::Seat(target)) => Action::Badge { target },
            (BadgePass, Choice::Nobody) => Action::Tear,
            (SpeakingOrder, Choice::Order(up)) => Action::Order { up },
            (SheriffCall, Choice::Seat(target)) => Action::Call { target },
            (kind, other) => {
                return Err(Refusal::WrongAction {
                    seat: self.seat,
                    kind,
                    got: other.name(),
                })
            }
        })
    }
}

/// Why an action was refused. Nothing changes when an action is refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Refusal {
    #[error("there is no seat {seat}: seats are numbered 1 to {seats}")]
    UnknownSeat { seat: Seat, seats: u8 },
    #[error("the game is over")]
    GameOver,
    #[error("seat {seat} has nothing to do now (waiting for: {waiting})")]
    NotYourTurn { seat: Seat, waiting: Waiting },
    #[error("seat {seat} is asked for the {} ({}), not '{got}'", kind.name(), kind.allowed())]
    WrongAction {
        seat: Seat,
        kind: AskKind,
        got: &'static str,
    },
    #[error("seat {target} is not a valid target for the {} (allowed: {allowed})", kind.name())]
    BadTarget {
        target: Seat,
        kind: AskKind,
        allowed: SeatSet,
    },
    #[error("the witch cannot save now: {0}")]
    CannotSave(&'static str),
    #[error("the witch's poison is already used")]
    PoisonUsed,
    #[error("the speech is {len} characters long; at most {max} are allowed, please shorten it")]
    SpeechTooLong { len: usize, max: usize },
    #[error("the guard may not guard seat {0} two nights running")]
    GuardRepeat(Seat),
    #[error("this board does not let a vote be abstained from now")]
    NoAbstain,
    #[error("seat {0} may not self-explode now (a living wolf, in a day speech phase, on a board that allows it)")]
    CannotExplode(Seat),
    #[error("seat {0} is not a sheriff candidate who can withdraw now")]
    CannotWithdraw(Seat),
    #[error("seat {0} is not a living seat the white wolf king can take with him")]
    ExplodeTarget(Seat),
}

/// The asks pending when a refusal was made, for a readable "waiting for" list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Waiting(pub Vec<(Seat, AskKind)>);

impl fmt::Display for Waiting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("nobody");
        }
        for (i, (seat, kind)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "seat {seat}'s {}", kind.name())?;
        }
        Ok(())
    }
}
