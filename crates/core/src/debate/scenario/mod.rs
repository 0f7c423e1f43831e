//! Debate scenarios: a hand-written team debate, every speech and every judge's label
//! scripted, replayed exactly through the pure rules and summed up as one JSON object.
//!
//! The file: `{"game": "debate", "format": "team", "topic": "<id>", "config":
//! {"length_scale": 0.04, "live_scores": false}, "actions": [...]}`, each action one of
//! - `{"seat": "pro1", "do": "speak", "text": "…", "judge": {…}}`,
//! - `{"seat": "pro2", "do": "ask", "target": "con3", "text": "…", "judge": {…}}`,
//! - `{"seat": "pro1", "do": "hand_off", "to": "pro3", "direction": "…"}`,
//! - `{"seat": "pro1", "do": "team_note", "text": "…"}`,
//! - `{"timeout": true}`: the open debater turn's deadline passes (a skipped speech).
//!
//! The judge object (`logic`, `persuasion`, `expression`, `teamwork`, `rule_compliance`,
//! each 1–10, and `flags` by name, an optional `comment`) is applied as the judge's score
//! of that speech right after it. A speech or question without a judge object is scored by
//! the offline heuristic judge (as a debate without a model is; marked offline), so a
//! scenario that tests turns and stages need not label every speech. An invalid judge
//! object or a refused action is listed in `rejected` with its reason and changes nothing.
//! Once the speaking is over the heuristic judge writes the final review, so the debate
//! ends with its totals.
//!
//! Points are kept in hundredths by the rules and printed as decimals from them (7.35).
//!
//! The moderated and social formats' scenarios are [`moderated`] and [`social`]; [`run_any`]
//! picks one by the file's `"format"`.

pub mod moderated;
pub mod social;

use crate::agents::debate::{DebateKit, Judge, Table};
use crate::agents::Agent;
use crate::debate::format::DebateFormat;
use crate::games::debate::team::{
    parse_seat, seat_name, Action, Ask, Charged, Flag, JudgeScores, Stage, TeamDebate, TeamRules,
    Totals, JUDGE,
};
use crate::games::Lang;
use crate::games::Seat;
use serde::Serialize;
use serde_json::{Map, Number, Value};

use crate::scenario::{Rejected, ScenarioError};

/// A number of points given in hundredths, printed as a decimal (735 → 7.35).
pub fn points(x100: i32) -> Value {
    // An integer divided by 100 is the double nearest that decimal, and JSON prints the
    // shortest text that reads back as that double: "7.35", never "7.3500000001".
    Number::from_f64(x100 as f64 / 100.0)
        .map(Value::Number)
        .unwrap_or(Value::Null)
}

/// One speech or set of questions given, as the result lists it.
#[derive(Debug, Clone, Serialize)]
pub struct SpeechLine {
    pub seat: String,
    pub stage: &'static str,
    pub words: u32,
    /// The judge's score (`null`: not scored).
    pub score: Value,
}

/// The result printed by `agora scenario` for a debate.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub stage: &'static str,
    /// `pro`, `con`, `draw`; `null` while unfinished.
    pub winner: Option<&'static str>,
    /// Team totals as they stand: `{"pro": x, "con": y}`.
    pub team: Map<String, Value>,
    /// Each debater's total, `pro1` first.
    pub individual: Map<String, Value>,
    pub speeches: Vec<SpeechLine>,
    pub penalties: Vec<Value>,
    /// The best debater once the debate is over, else `null`.
    pub best_debater: Option<String>,
    pub rejected: Vec<Rejected>,
}

/// The result of a debate as it stands (finished or not), in the scenario's shape.
pub fn report(game: &TeamDebate, rejected: Vec<Rejected>) -> Report {
    let finished = game.totals().cloned();
    let totals: Totals = finished.clone().unwrap_or_else(|| game.running_totals());
    let mut team = Map::new();
    team.insert("pro".into(), points(totals.team_x100[0]));
    team.insert("con".into(), points(totals.team_x100[1]));
    let individual = (1..JUDGE)
        .map(|seat| {
            (
                seat_name(seat),
                points(totals.individual_x100[seat as usize - 1]),
            )
        })
        .collect();
    let scores = game.scores();
    let speeches = game
        .speeches()
        .iter()
        .map(|s| SpeechLine {
            seat: seat_name(s.seat),
            stage: s.stage().name(),
            words: s.words,
            score: scores
                .get(s.index as usize)
                .and_then(|x| x.as_ref())
                .map_or(Value::Null, |x| points(x.score_x100)),
        })
        .collect();
    let penalties = game
        .penalties()
        .iter()
        .map(|p| {
            let mut m = Map::new();
            match p.charged {
                Charged::Seat(seat) => m.insert("seat".into(), Value::from(seat_name(seat))),
                Charged::Team(side) => m.insert("team".into(), Value::from(side.name())),
            };
            m.insert("points".into(), Value::from(p.points));
            m.insert("rule".into(), Value::from(p.rule.name()));
            Value::Object(m)
        })
        .collect();
    Report {
        stage: game.stage().name(),
        winner: finished.as_ref().map(|t| t.winner.name()),
        team,
        individual,
        speeches,
        penalties,
        best_debater: finished.as_ref().map(|t| seat_name(t.best)),
        rejected,
    }
}

/// The scenario's `config`: the debate's rules (unknown keys are an error).
fn rules_of(config: &Map<String, Value>) -> Result<TeamRules, String> {
    let mut rules = TeamRules::default();
    for (key, value) in config {
        match key.as_str() {
            "length_scale" => {
                let scale = value
                    .as_f64()
                    .ok_or("length_scale must be a number, e.g. 0.04")?;
                rules.length_scale = crate::config::LENGTH_SCALE
                    .check(scale)
                    .map_err(|m| format!("length_scale: {m}"))?;
            }
            "live_scores" => {
                rules.live_scores = value.as_bool().ok_or("live_scores must be true or false")?;
            }
            other => {
                return Err(format!(
                    "unknown key \"{other}\" (allowed: length_scale, live_scores)"
                ))
            }
        }
    }
    Ok(rules)
}

/// One scripted step.
enum Step {
    Act {
        seat: Seat,
        action: Action,
        judge: Option<(JudgeScores, String)>,
    },
    Timeout,
}

fn seat_field(obj: &Map<String, Value>, key: &str) -> Result<Seat, String> {
    let name = obj
        .get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("missing \"{key}\" (a seat: pro1–pro4, con1–con4)"))?;
    match parse_seat(name) {
        Some(seat) if seat != JUDGE => Ok(seat),
        _ => Err(format!(
            "\"{key}\": \"{name}\" is not a debater's seat (pro1–pro4, con1–con4)"
        )),
    }
}

fn text_field(obj: &Map<String, Value>, what: &str) -> Result<String, String> {
    obj.get("text")
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| format!("\"{what}\" needs a \"text\""))
}

/// Reads a judge object: the five criteria (whole numbers 1–10) and the flags by name.
pub fn parse_judge(v: &Value) -> Result<(JudgeScores, String), String> {
    let obj = v
        .as_object()
        .ok_or("\"judge\" must be an object of the five criteria and the flags")?;
    let criterion = |name: &str| -> Result<u8, String> {
        let value = obj
            .get(name)
            .ok_or_else(|| format!("the judge's {name} is missing"))?;
        match value.as_i64() {
            Some(n @ 1..=10) => Ok(n as u8),
            Some(n) => Err(format!("the judge's {name} must be 1–10, not {n}")),
            None => Err(format!(
                "the judge's {name} must be a whole number 1–10, not {value}"
            )),
        }
    };
    let mut flags = Vec::new();
    if let Some(list) = obj.get("flags") {
        let list = list
            .as_array()
            .ok_or("the judge's flags must be a list of names")?;
        for f in list {
            let name = f.as_str().unwrap_or_default();
            let flag = Flag::parse(name).ok_or_else(|| {
                format!(
                    "unknown flag {f} (allowed: {})",
                    Flag::ALL.map(Flag::name).join(", ")
                )
            })?;
            if !flags.contains(&flag) {
                flags.push(flag);
            }
        }
    }
    let scores = JudgeScores {
        logic: criterion("logic")?,
        persuasion: criterion("persuasion")?,
        expression: criterion("expression")?,
        teamwork: criterion("teamwork")?,
        rule_compliance: criterion("rule_compliance")?,
        flags,
    };
    let comment = obj
        .get("comment")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    Ok((scores, comment))
}

fn parse_step(v: &Value) -> Result<Step, String> {
    let obj = v.as_object().ok_or(
        "an action must be a JSON object like {\"seat\": \"pro1\", \"do\": \"speak\", \"text\": \"…\", \"judge\": {…}}",
    )?;
    if obj.get("timeout").and_then(Value::as_bool) == Some(true) {
        return Ok(Step::Timeout);
    }
    let seat = seat_field(obj, "seat")?;
    let what = obj
        .get("do")
        .and_then(Value::as_str)
        .ok_or("missing \"do\" (speak, ask, hand_off, team_note)")?;
    let judged = |obj: &Map<String, Value>| -> Result<Option<(JudgeScores, String)>, String> {
        obj.get("judge").map(parse_judge).transpose()
    };
    let (action, judge) = match what {
        "speak" => (
            Action::Speak {
                text: text_field(obj, what)?,
            },
            judged(obj)?,
        ),
        "ask" => (
            Action::Ask {
                target: seat_field(obj, "target")?,
                text: text_field(obj, what)?,
            },
            judged(obj)?,
        ),
        "hand_off" => (
            Action::HandOff {
                to: seat_field(obj, "to")?,
                direction: obj
                    .get("direction")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string(),
            },
            None,
        ),
        "team_note" => (
            Action::TeamNote {
                text: text_field(obj, what)?,
            },
            None,
        ),
        other => {
            return Err(format!(
                "unknown action \"{other}\" (allowed: speak, ask, hand_off, team_note)"
            ))
        }
    };
    Ok(Step::Act {
        seat,
        action,
        judge,
    })
}

/// Runs a debate scenario given as JSON text; its topic is one of `kit`'s.
pub fn run(text: &str, kit: &DebateKit) -> Result<Report, ScenarioError> {
    let (game, rejected, _) = play(text, kit)?;
    Ok(report(&game, rejected))
}

/// The debate of a scenario and its offline judge (for the speeches without labels and
/// the final review), shown what the judge's seat may see.
struct Sitting {
    game: TeamDebate,
    judge: Judge,
    seen: usize,
}

impl Sitting {
    fn deliver(&mut self) {
        for logged in &self.game.log()[self.seen..] {
            if logged.audience.includes(JUDGE) {
                self.judge.observe(&logged.event);
            }
        }
        self.seen = self.game.log().len();
    }
}

/// Plays a debate scenario: the debate as the actions left it, the refusals, and the
/// rules it was played with (for a record of it).
pub fn play(
    text: &str,
    kit: &DebateKit,
) -> Result<(TeamDebate, Vec<Rejected>, TeamRules), ScenarioError> {
    let file: Value = serde_json::from_str(text)?;
    let obj = file
        .as_object()
        .ok_or_else(|| ScenarioError::Config("a scenario is a JSON object".into()))?;
    match obj.get("format").and_then(Value::as_str) {
        Some("team") => {}
        Some(other) => {
            return Err(ScenarioError::Setup(format!(
                "format \"{other}\": allowed are \"team\", \"rounds\", \"social\""
            )))
        }
        None => {
            return Err(ScenarioError::Setup(
                "missing \"format\" (\"team\", \"rounds\", \"social\")".into(),
            ))
        }
    }
    let topic = obj
        .get("topic")
        .and_then(Value::as_str)
        .ok_or_else(|| ScenarioError::Setup("missing \"topic\" (a topic id)".into()))?;
    let (_, motion) = motion_of(obj, kit)?;
    let rules = rules_of(&config_of(obj)?).map_err(ScenarioError::Config)?;
    let actions = actions_of(obj)?;
    let mut table = Sitting {
        game: TeamDebate::new(&motion, &rules),
        judge: Judge::new(
            kit,
            Table {
                topic: Some(topic),
                motion: &motion,
                key: None,
                lang: Lang::En,
            },
        ),
        seen: 0,
    };
    table.deliver();
    let mut rejected = Vec::new();
    for (index, raw) in actions.iter().enumerate() {
        if let Err(reason) = parse_step(raw).and_then(|step| apply(&mut table, step)) {
            rejected.push(Rejected { index, reason });
        }
    }
    Ok((table.game, rejected, rules))
}

/// Applies one step, whole or not at all.
fn apply(table: &mut Sitting, step: Step) -> Result<(), String> {
    let game = &mut table.game;
    match step {
        Step::Timeout => {
            let seat = game
                .turn()
                .map(|open| open.seat)
                .ok_or("no debater's turn is open: the speeches are over")?;
            game.timeout(seat).map_err(|e| e.to_string())?;
        }
        Step::Act {
            seat,
            action,
            judge,
        } => {
            if let Some((scores, _)) = &judge {
                scores.check().map_err(|e| e.to_string())?;
            }
            game.check(seat, &action).map_err(|e| e.to_string())?;
            let speech = game.speeches().len() as u32;
            game.act(seat, action).map_err(|e| e.to_string())?;
            if game.speeches().len() as u32 > speech {
                let score = match judge {
                    Some((scores, comment)) => Action::Score {
                        speech,
                        scores,
                        comment,
                        offline: false,
                    },
                    None => {
                        table.deliver();
                        match table.judge.offline(&Ask::Judge { speech }) {
                            Some(score) => score,
                            None => return Ok(()),
                        }
                    }
                };
                // Labels were checked; should the heuristic's ever be refused, the speech
                // stays unscored (as when the judge's deadline passes).
                if table.game.act(JUDGE, score).is_err() {
                    let _ = table.game.timeout(JUDGE);
                }
            }
        }
    }
    table.deliver();
    if table.game.stage() == Stage::Finished && !table.game.is_over() {
        if let Some(review) = table.judge.offline(&Ask::Review) {
            // The review is open once the speeches are over; every speech is judged.
            let _ = table.game.act(JUDGE, review);
        }
        table.deliver();
    }
    Ok(())
}

/// A scenario's topic (an id from `kit`, optional) and motion: the topic's, else the
/// file's `"motion"`, else a neutral placeholder motion.
pub(super) fn motion_of(
    obj: &Map<String, Value>,
    kit: &DebateKit,
) -> Result<(Option<String>, String), ScenarioError> {
    motion_in(obj, kit, Lang::En)
}

/// A scenario's optional `"lang"` (`"en"`, the default, or `"zh-CN"`).
pub(super) fn lang_of(obj: &Map<String, Value>) -> Result<Lang, ScenarioError> {
    match obj.get("lang") {
        None | Some(Value::Null) => Ok(Lang::En),
        Some(Value::String(code)) => {
            Lang::parse(code).map_err(|e| ScenarioError::Setup(format!("lang: {e}")))
        }
        Some(other) => Err(ScenarioError::Setup(format!(
            "lang must be a language code (\"en\", \"zh-CN\"), not {other}"
        ))),
    }
}

/// [`motion_of`] for a debate held in `lang`: a topic's motion in that language (the
/// topic must have a bank in it).
pub(super) fn motion_in(
    obj: &Map<String, Value>,
    kit: &DebateKit,
    lang: Lang,
) -> Result<(Option<String>, String), ScenarioError> {
    if lang != Lang::En {
        if let Some(Value::String(topic)) = obj.get("topic") {
            let motion = kit
                .motion_in(topic, lang)
                .map_err(|e| ScenarioError::Setup(format!("topic: {e}")))?;
            return Ok((Some(topic.clone()), motion));
        }
    }
    match obj.get("topic") {
        None | Some(Value::Null) => Ok((
            None,
            obj.get("motion")
                .and_then(Value::as_str)
                .unwrap_or("This house would adopt the proposal")
                .to_string(),
        )),
        Some(Value::String(topic)) => {
            kit.check_topic(Some(topic))
                .map_err(|e| ScenarioError::Setup(format!("topic: {e}")))?;
            let motion = kit
                .topics
                .get(topic.as_str())
                .map(|t| t.motion.clone())
                .ok_or_else(|| ScenarioError::Setup(format!("topic: no topic \"{topic}\"")))?;
            Ok((Some(topic.clone()), motion))
        }
        Some(other) => Err(ScenarioError::Setup(format!(
            "topic must be a topic id, not {other}"
        ))),
    }
}

/// A scenario's `config` object (none: empty).
pub(super) fn config_of(obj: &Map<String, Value>) -> Result<Map<String, Value>, ScenarioError> {
    match obj.get("config") {
        None | Some(Value::Null) => Ok(Map::new()),
        Some(Value::Object(m)) => Ok(m.clone()),
        Some(_) => Err(ScenarioError::Config("config must be an object".into())),
    }
}

/// A scenario's `actions` list (none: empty).
pub(super) fn actions_of(obj: &Map<String, Value>) -> Result<Vec<Value>, ScenarioError> {
    match obj.get("actions") {
        None => Ok(Vec::new()),
        Some(Value::Array(a)) => Ok(a.clone()),
        Some(_) => Err(ScenarioError::Config("actions must be a list".into())),
    }
}

/// The participants' names of a `rounds` or `social` scenario, checked: 2 or more, each a
/// distinct non-empty name.
pub(super) fn check_names(names: &[String]) -> Result<(), ScenarioError> {
    for (i, name) in names.iter().enumerate() {
        if name.trim().is_empty() {
            return Err(ScenarioError::Setup(format!(
                "participants[{i}]: an empty name"
            )));
        }
        if names[..i].contains(name) {
            return Err(ScenarioError::Setup(format!(
                "participants[{i}]: \"{name}\" is named twice"
            )));
        }
    }
    Ok(())
}

/// Runs a debate scenario of any format, picked by its `"format"` (none: team), as one
/// JSON value.
pub fn run_any(text: &str, head: &Value, kit: &DebateKit) -> Result<Value, ScenarioError> {
    let format = head.get("format").and_then(|f| f.as_str());
    match format.and_then(DebateFormat::parse) {
        Some(DebateFormat::Moderated) => moderated::run(text, kit),
        Some(DebateFormat::Social) => social::run(text, kit),
        // The team scenario's own reader names a format it does not know.
        Some(DebateFormat::Team) | None => Ok(serde_json::to_value(run(text, kit)?)?),
    }
}
