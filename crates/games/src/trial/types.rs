//! The trial's nouns: its rules and setup (the jurors seated, the evidence cards), what a
//! seat may do ([`Action`]), what the game waits for ([`Ask`]), what it logs ([`Event`])
//! and why it refuses. Seats: the players first (1..=P), then one seat per juror.

use super::label::TopicLabel;
use crate::{Lang, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use thiserror::Error;

/// The most players a trial seats.
pub const MAX_PLAYERS: Seat = 8;
/// The most jurors a trial seats.
pub const MAX_JURORS: usize = 11;

/// How the players play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Every player argues for NOT GUILTY (the source's game).
    #[default]
    Defense,
    /// The players split into defense and prosecution.
    Adversarial,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Defense => "defense",
            Mode::Adversarial => "adversarial",
        }
    }
}

/// A player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Defense,
    Prosecution,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Defense => "defense",
            Side::Prosecution => "prosecution",
        }
    }
    /// The verdict this side wins with.
    pub fn wants_not_guilty(self) -> bool {
        self == Side::Defense
    }
    /// A juror's `stance` (positive leans NOT GUILTY) as seen from this side: positive
    /// leans this side's way.
    pub fn toward(self, stance: f64) -> f64 {
        match self {
            Side::Defense => stance,
            Side::Prosecution => -stance,
        }
    }
}

/// What players are shown of a juror's mind before the verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum Hints {
    /// Only the juror's tone (the source's no-hint design).
    #[default]
    None,
    /// The source's five vague labels after each reply.
    Labels,
}

/// A trial's settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TrialRules {
    pub mode: Mode,
    /// Messages each player may send each juror.
    pub turns_per_juror: u32,
    /// Deliberation rounds before the vote (0: off).
    pub deliberation_rounds: u8,
    pub hints: Hints,
}

impl Default for TrialRules {
    fn default() -> Self {
        TrialRules {
            mode: Mode::Defense,
            turns_per_juror: 6,
            deliberation_rounds: 2,
            hints: Hints::None,
        }
    }
}

/// One juror as the rules need them (the rest of the card is the agents').
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JurorSeat {
    pub id: String,
    pub name: String,
    pub stance: f64,
    pub weights: BTreeMap<String, f64>,
    pub speaker_power: f64,
}

/// An evidence card as the rules apply it: its effect on each juror it moves.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Card {
    pub id: String,
    pub effects: BTreeMap<String, f64>,
}

/// Everything a trial is played with: the case's topics, the jurors seated, the cards,
/// the players' sides, the rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TrialSetup {
    pub case: String,
    pub topics: Vec<String>,
    pub jurors: Vec<JurorSeat>,
    pub cards: Vec<Card>,
    pub sides: Vec<Side>,
    pub rules: TrialRules,
    /// The language the trial is held in (kept across restarts; stored only when not
    /// English, so older rows read as English): the jurors' words, the hints.
    #[serde(default, skip_serializing_if = "Lang::is_english")]
    pub lang: Lang,
}

impl TrialSetup {
    /// Why this setup cannot be played, if it cannot.
    pub fn check(&self) -> Result<(), String> {
        let p = self.sides.len();
        if p == 0 || p > MAX_PLAYERS as usize {
            return Err(format!("a trial seats 1–{MAX_PLAYERS} players, not {p}"));
        }
        let j = self.jurors.len();
        if j == 0 || j.is_multiple_of(2) || j > MAX_JURORS {
            return Err(format!(
                "a jury is an odd number of jurors from 1 to {MAX_JURORS}, not {j}"
            ));
        }
        for (i, juror) in self.jurors.iter().enumerate() {
            if self.jurors[..i].iter().any(|o| o.id == juror.id) {
                return Err(format!("juror {} is seated twice", juror.id));
            }
            if !juror.stance.is_finite() || !(-100.0..=100.0).contains(&juror.stance) {
                return Err(format!(
                    "juror {}: initial stance must be in [-100, 100]",
                    juror.id
                ));
            }
            if !juror.speaker_power.is_finite() || !(0.0..=3.0).contains(&juror.speaker_power) {
                return Err(format!(
                    "juror {}: speaker_power must be in [0, 3]",
                    juror.id
                ));
            }
            if juror.weights.values().any(|w| !w.is_finite()) {
                return Err(format!(
                    "juror {}: a topic weight is not a number",
                    juror.id
                ));
            }
        }
        for (i, card) in self.cards.iter().enumerate() {
            if self.cards[..i].iter().any(|o| o.id == card.id) {
                return Err(format!("evidence {} is listed twice", card.id));
            }
            if card.effects.values().any(|w| !w.is_finite()) {
                return Err(format!("evidence {}: an effect is not a number", card.id));
            }
        }
        if self.rules.turns_per_juror == 0 {
            return Err("turns_per_juror must be at least 1".into());
        }
        if self.rules.mode == Mode::Defense && self.sides.contains(&Side::Prosecution) {
            return Err("in defense mode every player argues for the defense".into());
        }
        if self.rules.mode == Mode::Adversarial
            && !(self.sides.contains(&Side::Defense) && self.sides.contains(&Side::Prosecution))
        {
            return Err(
                "an adversarial trial needs a player on each side (at least 2 players)".into(),
            );
        }
        Ok(())
    }
}

/// The five stance bands a juror's prompt and offline replies speak from (cut at ±20 and
/// ±50), never the number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Band {
    StronglyGuilty,
    LeansGuilty,
    #[default]
    Undecided,
    LeansNotGuilty,
    StronglyNotGuilty,
}

impl Band {
    pub fn of(stance: f64) -> Band {
        if stance < -50.0 {
            Band::StronglyGuilty
        } else if stance < -20.0 {
            Band::LeansGuilty
        } else if stance < 20.0 {
            Band::Undecided
        } else if stance < 50.0 {
            Band::LeansNotGuilty
        } else {
            Band::StronglyNotGuilty
        }
    }
    /// The side whose verdict this band leans to (`None`: undecided).
    pub fn leans_to(self) -> Option<Side> {
        match self {
            Band::StronglyGuilty | Band::LeansGuilty => Some(Side::Prosecution),
            Band::Undecided => None,
            Band::LeansNotGuilty | Band::StronglyNotGuilty => Some(Side::Defense),
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Band::StronglyGuilty => "strongly_guilty",
            Band::LeansGuilty => "leans_guilty",
            Band::Undecided => "undecided",
            Band::LeansNotGuilty => "leans_not_guilty",
            Band::StronglyNotGuilty => "strongly_not_guilty",
        }
    }
    /// The source's description, for the juror's prompt.
    pub fn description(self) -> String {
        self.description_in(Lang::En)
    }
    /// The description in `lang` (`locales/*/trial.ftl`).
    pub fn description_in(self, lang: Lang) -> String {
        let id = match self {
            Band::StronglyGuilty => "trial-band-strongly-guilty",
            Band::LeansGuilty => "trial-band-leans-guilty",
            Band::Undecided => "trial-band-undecided",
            Band::LeansNotGuilty => "trial-band-leans-not-guilty",
            Band::StronglyNotGuilty => "trial-band-strongly-not-guilty",
        };
        lang.text(id, &[])
    }
}

/// The source's five vague labels (cut at −30, 0, 30, 60), shown with `hints = labels`, for
/// a player of `side`: the juror's stance is read toward that side, so a juror leaning
/// NOT GUILTY "seems to agree" with the defence and "doesn't seem to agree" with the
/// prosecution. In `lang` (`locales/*/trial.ftl`).
pub fn vague_label(stance: f64, side: Side, lang: Lang) -> String {
    let stance = side.toward(stance);
    let id = if stance < -30.0 {
        "trial-hint-disagrees"
    } else if stance < 0.0 {
        "trial-hint-doubts"
    } else if stance < 30.0 {
        "trial-hint-neutral"
    } else if stance < 60.0 {
        "trial-hint-considering"
    } else {
        "trial-hint-agrees"
    };
    lang.text(id, &[])
}

/// A labeller's answer for one text: its topics in order of prominence, each with a quote.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Labels {
    pub topics: Vec<TopicLabel>,
    /// Labelled by the case's keywords (no model).
    #[serde(default)]
    pub offline: bool,
}

/// What a seat may do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum Action {
    /// A player says something to a juror (by id).
    Say { juror: String, text: String },
    /// A player presents an evidence card.
    Present { card: String },
    /// A player has said all they will.
    Rest,
    /// The argument ends now for everyone (the host's call; the surface checks who).
    CallVerdict,
    /// A juror's labeller read the message at the head of its queue.
    Label(Labels),
    /// A juror answers, in character (to a player, or to a deliberation statement).
    Reply { text: String },
    /// A juror's deliberation statement with its labels.
    Statement { text: String, labels: Labels },
}

/// What the game waits for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "ask", rename_all = "snake_case")]
pub enum Ask {
    /// A player may talk to the jurors with turns left, present the cards not yet shown,
    /// or rest.
    Argue {
        turns_left: BTreeMap<String, u32>,
        cards: Vec<String>,
    },
    /// Label `player`'s message (stripped of control-shaped text).
    Label { player: Seat, text: String },
    /// Answer `player`'s message from the band the juror is in now; `heard` are its main
    /// topics.
    Reply {
        player: Seat,
        text: String,
        band: Band,
        heard: Vec<TopicLabel>,
        moved: f64,
    },
    /// Speak to the other jurors in deliberation round `round`.
    Deliberate { round: u8, band: Band },
    /// Respond to `speaker`'s deliberation statement (`speaker_band`: where the speaker
    /// stands, so a juror who already agrees says so rather than differing).
    Respond {
        round: u8,
        speaker: Seat,
        text: String,
        band: Band,
        #[serde(default)]
        speaker_band: Band,
        moved: f64,
    },
}

impl Ask {
    pub fn timer_key(&self) -> &'static str {
        match self {
            Ask::Argue { .. } => "argument",
            _ => "juror",
        }
    }
}

/// What the trial logs. Stances and labels are the moderator's (hidden from every seat
/// until the verdict); what is said is public.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    Opened {
        case: String,
        mode: Mode,
        sides: Vec<Side>,
        jurors: Vec<String>,
    },
    Said {
        player: Seat,
        juror: String,
        text: String,
    },
    /// The labeller's reading and the stance it moved (moderator only).
    Heard {
        player: Seat,
        juror: String,
        main: Vec<TopicLabel>,
        dropped: Vec<String>,
        offline: bool,
        moved: f64,
        stance: f64,
    },
    Replied {
        juror: String,
        player: Seat,
        text: String,
        /// The vague label, with `hints = labels`.
        hint: Option<String>,
    },
    Presented {
        player: Seat,
        card: String,
    },
    /// What a card did to each juror (moderator only).
    Weighed {
        card: String,
        moves: Vec<(String, f64)>,
        stances: Vec<f64>,
    },
    Rested {
        player: Seat,
    },
    ArgumentClosed {
        called_by: Option<Seat>,
    },
    DeliberationRound {
        round: u8,
        speaker: String,
    },
    Stated {
        round: u8,
        juror: String,
        text: String,
    },
    /// A statement's reading and its moves on the listeners (moderator only).
    Deliberated {
        round: u8,
        speaker: String,
        main: Vec<TopicLabel>,
        dropped: Vec<String>,
        offline: bool,
        moves: Vec<(String, f64)>,
        stances: Vec<f64>,
    },
    Responded {
        round: u8,
        juror: String,
        text: String,
    },
    /// The vote, and at settlement each juror's first and final stance.
    Verdict {
        votes: Vec<(String, bool)>,
        not_guilty: bool,
        initial: Vec<f64>,
        finals: Vec<f64>,
    },
}

/// Why an action was refused; a refused action changes nothing.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum Refusal {
    #[error("the trial is over")]
    Over,
    #[error("there is no seat {0}")]
    NoSuchSeat(Seat),
    #[error("the argument is closed: the jury is deliberating")]
    ArgumentClosed,
    #[error("there is no juror \"{0}\" in this trial")]
    NoSuchJuror(String),
    #[error("you have used all {0} of your messages to {1}")]
    NoTurnsLeft(u32, String),
    #[error("there is no evidence card \"{0}\" in this case")]
    NoSuchCard(String),
    #[error("evidence \"{0}\" has already been presented")]
    AlreadyPresented(String),
    #[error("an empty message: say something")]
    Empty,
    #[error("{0}")]
    Wrong(String),
}

/// Why a player who has rested may not argue on.
pub const RESTED: &str = "you have rested your case";
