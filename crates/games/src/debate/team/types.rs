//! The team debate's nouns: sides and positions, stages and speech parts, what a seat may
//! do ([`Action`]), what the game waits for ([`Ask`]), what it logs ([`Event`]), the
//! judge's labels ([`JudgeScores`], [`Flag`]) and the penalties' rules ([`Rule`]).

use crate::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// Seats 1–4 are Pro 1–4, seats 5–8 Con 1–4, seat 9 the judge (always an AI).
pub const DEBATERS: Seat = 8;
pub const JUDGE: Seat = 9;
pub const SEATS: Seat = 9;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Pro,
    Con,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Pro, Side::Con];
    pub fn name(self) -> &'static str {
        match self {
            Side::Pro => "pro",
            Side::Con => "con",
        }
    }
    pub fn title(self) -> &'static str {
        match self {
            Side::Pro => "Pro",
            Side::Con => "Con",
        }
    }
    /// [`title`](Side::title) in `lang`: "Pro", "正方".
    pub fn name_in(self, lang: crate::Lang) -> String {
        lang.text(
            match self {
                Side::Pro => "debate-side-pro",
                Side::Con => "debate-side-con",
            },
            &[],
        )
    }
    pub fn other(self) -> Side {
        match self {
            Side::Pro => Side::Con,
            Side::Con => Side::Pro,
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
    /// The seat of this side's debater at `position` (1–4).
    pub fn seat(self, position: u8) -> Seat {
        match self {
            Side::Pro => position,
            Side::Con => 4 + position,
        }
    }
    /// This side's four seats, position 1 first.
    pub fn seats(self) -> [Seat; 4] {
        [1, 2, 3, 4].map(|p| self.seat(p))
    }
}

/// The side of a debater's seat (`None` for the judge or a seat out of range).
pub fn side_of(seat: Seat) -> Option<Side> {
    match seat {
        1..=4 => Some(Side::Pro),
        5..=8 => Some(Side::Con),
        _ => None,
    }
}

/// A debater's position on its team (1–4).
pub fn position_of(seat: Seat) -> u8 {
    (seat - 1) % 4 + 1
}

/// A seat's name as scenarios and commands write it: `pro1`…`pro4`, `con1`…`con4`, `judge`.
pub fn seat_name(seat: Seat) -> String {
    match side_of(seat) {
        Some(side) => format!("{}{}", side.name(), position_of(seat)),
        None if seat == JUDGE => "judge".into(),
        None => format!("seat{seat}"),
    }
}

/// A seat's name as people read it: `Pro 2`, `Con 4`, `the judge`.
/// [`seat_title`] in `lang`: "Pro 1", "正方一辩", "the judge" (`locales/*/debate.ftl`).
pub fn seat_title_in(seat: Seat, lang: crate::Lang) -> String {
    match side_of(seat) {
        Some(side) => {
            let n = position_of(seat);
            let n = match lang {
                crate::Lang::En => n.to_string(),
                crate::Lang::ZhCn => ["一", "二", "三", "四"]
                    .get(n as usize - 1)
                    .map_or_else(|| n.to_string(), |z| z.to_string()),
            };
            lang.text("debate-seat", &[("side", &side.name_in(lang)), ("n", &n)])
        }
        None => lang.text("debate-judge", &[]),
    }
}

pub fn seat_title(seat: Seat) -> String {
    match side_of(seat) {
        Some(side) => format!("{} {}", side.title(), position_of(seat)),
        None => "the judge".into(),
    }
}

/// Reads `pro1`…`con4` (any case, `pro_1` and `pro-1` too).
pub fn parse_seat(name: &str) -> Option<Seat> {
    let lower: String = name
        .trim()
        .to_ascii_lowercase()
        .chars()
        .filter(|c| !matches!(c, '_' | '-' | ' '))
        .collect();
    let (side, rest) = if let Some(rest) = lower.strip_prefix("pro") {
        (Side::Pro, rest)
    } else if let Some(rest) = lower.strip_prefix("con") {
        (Side::Con, rest)
    } else {
        return if lower == "judge" { Some(JUDGE) } else { None };
    };
    match rest.parse::<u8>() {
        Ok(p @ 1..=4) => Some(side.seat(p)),
        _ => None,
    }
}

/// The four stages, then the end of speaking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Opening,
    /// The four rounds of questions and answers, then the two summaries.
    CrossExamination,
    FreeDebate,
    Closing,
    /// Every speech given: the judge finishes scoring and writes the final review.
    Finished,
}

impl Stage {
    pub fn name(self) -> &'static str {
        match self {
            Stage::Opening => "opening",
            Stage::CrossExamination => "cross_examination",
            Stage::FreeDebate => "free_debate",
            Stage::Closing => "closing",
            Stage::Finished => "finished",
        }
    }
    pub fn title(self) -> &'static str {
        match self {
            Stage::Opening => "Opening statements",
            Stage::CrossExamination => "Cross-examination",
            Stage::FreeDebate => "Free debate",
            Stage::Closing => "Closing statements",
            Stage::Finished => "Judging",
        }
    }
}

/// What kind of speech a turn asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    Opening,
    /// A cross-examiner's questions (at least three), naming who answers.
    Question,
    Answer,
    Summary,
    Free,
    Closing,
}

impl Part {
    pub fn name(self) -> &'static str {
        match self {
            Part::Opening => "opening",
            Part::Question => "question",
            Part::Answer => "answer",
            Part::Summary => "summary",
            Part::Free => "free",
            Part::Closing => "closing",
        }
    }
    pub fn title(self) -> &'static str {
        match self {
            Part::Opening => "opening statement",
            Part::Question => "cross-examination questions",
            Part::Answer => "answer",
            Part::Summary => "cross-examination summary",
            Part::Free => "free-debate speech",
            Part::Closing => "closing statement",
        }
    }
    pub fn stage(self) -> Stage {
        match self {
            Part::Opening => Stage::Opening,
            Part::Question | Part::Answer | Part::Summary => Stage::CrossExamination,
            Part::Free => Stage::FreeDebate,
            Part::Closing => Stage::Closing,
        }
    }
    /// The key of this turn's deadline in `[debate.timers]`.
    pub fn timer_key(self) -> &'static str {
        self.name()
    }
}

/// A violation the judge may flag on a speech. Only `counter_question` (on an answer) and
/// `attacker_answered` (on a cross-examiner's questions) cost points; the others are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Flag {
    CounterQuestion,
    NotDirectAnswer,
    AttackerAnswered,
    OffTopic,
    ScriptedSummary,
    PersonalAttack,
}

impl Flag {
    pub const ALL: [Flag; 6] = [
        Flag::CounterQuestion,
        Flag::NotDirectAnswer,
        Flag::AttackerAnswered,
        Flag::OffTopic,
        Flag::ScriptedSummary,
        Flag::PersonalAttack,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Flag::CounterQuestion => "counter_question",
            Flag::NotDirectAnswer => "not_direct_answer",
            Flag::AttackerAnswered => "attacker_answered",
            Flag::OffTopic => "off_topic",
            Flag::ScriptedSummary => "scripted_summary",
            Flag::PersonalAttack => "personal_attack",
        }
    }
    pub fn parse(name: &str) -> Option<Flag> {
        Flag::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// The judge's labels for one speech: five criteria, 1–10 each, and the flags it saw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JudgeScores {
    pub logic: u8,
    pub persuasion: u8,
    pub expression: u8,
    pub teamwork: u8,
    pub rule_compliance: u8,
    #[serde(default)]
    pub flags: Vec<Flag>,
}

impl JudgeScores {
    /// The five criteria with their names, in the judge's order.
    pub fn criteria(&self) -> [(&'static str, u8); 5] {
        [
            ("logic", self.logic),
            ("persuasion", self.persuasion),
            ("expression", self.expression),
            ("teamwork", self.teamwork),
            ("rule_compliance", self.rule_compliance),
        ]
    }
    /// The speech score in hundredths: 0.25·logic + 0.25·persuasion + 0.20·expression +
    /// 0.15·teamwork + 0.15·rule compliance.
    pub fn score_x100(&self) -> i32 {
        25 * self.logic as i32
            + 25 * self.persuasion as i32
            + 20 * self.expression as i32
            + 15 * self.teamwork as i32
            + 15 * self.rule_compliance as i32
    }
    /// Refuses a criterion outside 1–10, naming it.
    pub fn check(&self) -> Result<(), Refusal> {
        for (name, value) in self.criteria() {
            if !(1..=10).contains(&value) {
                return Err(Refusal::BadScore {
                    criterion: name,
                    value,
                });
            }
        }
        Ok(())
    }
    pub fn has(&self, flag: Flag) -> bool {
        self.flags.contains(&flag)
    }
}

/// What a seat does. Debaters speak, ask (the cross-examiner, naming who answers), hand the
/// free-debate floor to a teammate, or write to their team; the judge scores and reviews.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum Action {
    /// A speech for the seat's turn (opening, answer, summary, free debate, closing). In
    /// free debate any debater may take the floor; the rules decide the penalties.
    Speak { text: String },
    /// A cross-examiner's questions, and who must answer them.
    Ask { target: Seat, text: String },
    /// Free debate: the seat the floor was offered to hands it to a teammate, with a
    /// direction (an AI captain's call; a human's pick).
    HandOff {
        to: Seat,
        #[serde(default)]
        direction: String,
    },
    /// A message to the seat's own team (its private thread). Answers no ask.
    TeamNote { text: String },
    /// Free debate: the team whose floor it is rests its case: what is left of its clock is
    /// given up and the floor passes (an AI does this when too little is left for a point).
    Rest,
    /// The judge's labels for speech `speech` (its index among the speeches given).
    Score {
        speech: u32,
        scores: JudgeScores,
        #[serde(default)]
        comment: String,
        /// Scored by the built-in heuristic (no model): shown as "offline" wherever shown.
        #[serde(default)]
        offline: bool,
    },
    /// The judge's final review, after every speech is scored.
    Review {
        text: String,
        #[serde(default)]
        offline: bool,
    },
}

impl Action {
    /// Whether it answers no ask (a note to the team): the session keeps the seat's ask open.
    pub fn is_aside(&self) -> bool {
        matches!(self, Action::TeamNote { .. })
    }
}

/// What the game waits for from one seat.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Ask {
    /// A speech of `part`, at most `limit` words (over it is kept and penalised). In free
    /// debate, `limit` is the team's clock left, and `may_hand_off` says whether the floor
    /// may be passed to a teammate (`teammates`); `direction` is the captain's call.
    Speak {
        part: Part,
        limit: u32,
        /// The speech this one answers (an answer: the questions).
        #[serde(skip_serializing_if = "Option::is_none")]
        answering: Option<u32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        direction: Option<String>,
        may_hand_off: bool,
    },
    /// The cross-examiner's questions (at least three, at most `limit` words), naming one of
    /// `targets` to answer.
    Question { limit: u32, targets: [Seat; 2] },
    /// The judge: label speech `speech`.
    Judge { speech: u32 },
    /// The judge: the final review.
    Review,
}

impl Ask {
    /// The key of its deadline in `[debate.timers]`.
    pub fn timer_key(&self) -> &'static str {
        match self {
            Ask::Speak { part, .. } => part.timer_key(),
            Ask::Question { .. } => Part::Question.timer_key(),
            Ask::Judge { .. } => "judge",
            Ask::Review => "review",
        }
    }
}

/// The rule a penalty applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// Over the word limit (in free debate: past the team's clock): speaker −2, team −3.
    OverLimit,
    /// The answerer asked back (the judge's flag, or the answer ends with `?`): speaker −2.
    CounterQuestion,
    /// The cross-examiner answered instead of asking (the judge's flag): speaker −2.
    AttackerAnswered,
    /// A team took the free-debate floor twice in a row while the other had time: team −3.
    SameTeamTwice,
}

impl Rule {
    pub fn name(self) -> &'static str {
        match self {
            Rule::OverLimit => "over_limit",
            Rule::CounterQuestion => "counter_question",
            Rule::AttackerAnswered => "attacker_answered",
            Rule::SameTeamTwice => "same_team_twice",
        }
    }
    pub fn title(self) -> &'static str {
        match self {
            Rule::OverLimit => "over the word limit",
            Rule::CounterQuestion => "asked a question back while answering",
            Rule::AttackerAnswered => "answered instead of asking",
            Rule::SameTeamTwice => "took the floor twice in a row",
        }
    }
}

/// Who a penalty is charged to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Charged {
    Seat(Seat),
    Team(Side),
}

/// One penalty, from the rule engine.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Penalty {
    pub charged: Charged,
    /// Negative whole points.
    pub points: i32,
    pub rule: Rule,
    /// The speech it was charged for.
    pub speech: u32,
}

/// One speech given (or questions asked), as the log keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Speech {
    pub index: u32,
    pub seat: Seat,
    pub part: Part,
    pub text: String,
    pub words: u32,
    pub limit: u32,
    /// The answerer the cross-examiner named.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Seat>,
}

impl Speech {
    pub fn stage(&self) -> Stage {
        self.part.stage()
    }
    pub fn over_limit(&self) -> bool {
        self.words > self.limit
    }
}

/// The judge's score of one speech, as logged.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scored {
    pub speech: u32,
    pub seat: Seat,
    pub scores: JudgeScores,
    /// The speech score in hundredths.
    pub score_x100: i32,
    pub comment: String,
    pub offline: bool,
}

/// How the debate ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Winner {
    Pro,
    Con,
    Draw,
}

impl Winner {
    pub fn name(self) -> &'static str {
        match self {
            Winner::Pro => "pro",
            Winner::Con => "con",
            Winner::Draw => "draw",
        }
    }
    pub fn side(self) -> Option<Side> {
        match self {
            Winner::Pro => Some(Side::Pro),
            Winner::Con => Some(Side::Con),
            Winner::Draw => None,
        }
    }
}

/// What happened, each logged with its audience (see `TeamDebate`'s docs).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The motion and the limits, at the start.
    Motion {
        motion: String,
        limits: super::Limits,
    },
    StageBegins {
        stage: Stage,
    },
    /// A speech given (public).
    Spoke(Speech),
    /// A turn missed: the deadline passed with no speech (public).
    Skipped {
        seat: Seat,
        part: Part,
    },
    /// A team rested its case in free debate, giving up the `left` words of its clock
    /// (public).
    Rested {
        seat: Seat,
        left: u32,
    },
    /// The free-debate floor was handed to a teammate (the team's audience).
    HandedOff {
        from: Seat,
        to: Seat,
        direction: String,
    },
    /// A note to a team (the team's audience).
    TeamNote {
        seat: Seat,
        text: String,
    },
    /// A penalty: public when the rules saw it in the speech; with the judge's scores when
    /// it follows from a judge's flag.
    Penalised(Penalty),
    /// The judge's labels and the speech score (the moderator's, or everyone's with live
    /// scores).
    Scored(Scored),
    /// Both free-debate clocks after a speech (public).
    Clock {
        left: [u32; 2],
    },
    /// The judge's final review (public: the debate is over).
    Review {
        text: String,
        offline: bool,
    },
    /// The result (public).
    Finished {
        winner: Winner,
        /// Team totals in hundredths, Pro first.
        team_x100: [i32; 2],
        best: Seat,
    },
}

/// Why an action was refused: what was wrong and what is allowed instead. A refused action
/// changes nothing.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Refusal {
    #[error("the debate is over")]
    Over,
    #[error("there is no seat {0}")]
    NoSuchSeat(Seat),
    #[error("it is not {who}'s turn: {expected}")]
    NotYourTurn { who: String, expected: String },
    #[error("{0}")]
    Wrong(String),
    #[error("{target} cannot answer: the cross-examiner must pick {allowed}")]
    BadTarget { target: String, allowed: String },
    #[error("free debate opens with a Pro speech")]
    ProOpens,
    #[error("{0}'s free-debate clock is spent")]
    ClockSpent(&'static str),
    #[error("the judge's {criterion} must be 1–10, not {value}")]
    BadScore { criterion: &'static str, value: u8 },
    #[error("an empty speech: write something, or let the time run out to skip the turn")]
    Empty,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}
