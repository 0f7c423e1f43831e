//! Moderated-debate scenarios: every speech and every moderator's pass scripted, replayed
//! through the pure rules and summed up as one JSON object.
//!
//! The file: `{"game": "debate", "format": "rounds", "participants": ["ann", "ben"],
//! "config": {"rounds": 2, "style": "structured", "length_scale": 1.0}, "actions": […]}`
//! (an optional `"topic"` id or `"motion"`, and `"lang"`: `"en"`, the default, or `"zh-CN"`,
//! the topic's motion then in Chinese), each action one of
//! - `{"seat": "ann", "do": "speak", "text": "…"}`: the participant's speech on its turn,
//! - `{"timeout": true}`: the open speaker's turn passes (a skipped speech),
//! - `{"round_scores": [pass1, pass2]}`: the moderator's two passes for the round just
//!   spoken, each `{name: {"argument", "rebuttal", "strategy"}}` (0–10 each),
//! - `{"final": [pass1, pass2]}`: the final rubric's two passes, each `{name: {the
//!   thirteen sub-scores}}` (`evidence` … `accuracy`, each 0 to its maximum).
//!
//! A refused or malformed action is listed in `rejected` with its reason and changes
//! nothing. The result: `{"scores": {name: final score}, "winner": name or null (a draw or
//! unfinished), "victory": "clear" | "narrow" | "draw" (null until the final evaluation),
//! "passes_agree", "rejected"}`, with the round means, evaluations and margin beside, the
//! `lang`, and each participant's speeches' word counts (`words`: a Han character a word).

use super::{actions_of, check_names, config_of, lang_of, motion_in};
use crate::agents::debate::DebateKit;
use crate::games::debate::moderated::Event;
use crate::games::debate::moderated::{
    Action, FinalReview, ModeratedDebate, ModeratedRules, Phase, Review, RoundNotes, RoundScore,
    Rubric, Style, RUBRIC,
};
use crate::games::{Lang, Seat};
use crate::scenario::{Rejected, ScenarioError};
use serde_json::{json, Map, Value};

/// The scenario's `config` (unknown keys are an error).
fn rules_of(config: &Map<String, Value>) -> Result<ModeratedRules, String> {
    let mut rules = ModeratedRules::default();
    for (key, value) in config {
        match key.as_str() {
            "rounds" => {
                rules.rounds = value
                    .as_u64()
                    .and_then(|n| u8::try_from(n).ok())
                    .ok_or("rounds must be a whole number, e.g. 3")?;
            }
            "style" | "format" => {
                let name = value.as_str().unwrap_or_default();
                rules.style = Style::parse(name).ok_or(
                    "style must be \"structured\", \"semi_structured\" or \"free_flowing\"",
                )?;
            }
            "length_scale" => {
                let scale = value.as_f64().ok_or("length_scale must be a number")?;
                rules.length_scale = crate::config::LENGTH_SCALE
                    .check(scale)
                    .map_err(|m| format!("length_scale: {m}"))?;
            }
            other => {
                return Err(format!(
                    "unknown key \"{other}\" (allowed: rounds, style, length_scale)"
                ))
            }
        }
    }
    Ok(rules)
}

/// The names of a scenario's participants.
fn names_of(obj: &Map<String, Value>) -> Result<Vec<String>, ScenarioError> {
    let list = obj
        .get("participants")
        .and_then(Value::as_array)
        .ok_or_else(|| ScenarioError::Setup("missing \"participants\" (a list of names)".into()))?;
    let names = list
        .iter()
        .enumerate()
        .map(|(i, v)| {
            v.as_str()
                .map(str::to_string)
                .ok_or_else(|| ScenarioError::Setup(format!("participants[{i}] must be a name")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    check_names(&names)?;
    Ok(names)
}

fn seat_of(names: &[String], name: &str) -> Result<Seat, String> {
    names
        .iter()
        .position(|n| n == name)
        .map(|i| i as Seat + 1)
        .ok_or_else(|| format!("\"{name}\" is not a participant ({})", names.join(", ")))
}

/// A whole number in `0..=max` under `key` of `obj`.
fn score_field(obj: &Map<String, Value>, key: &str, max: u8, who: &str) -> Result<u8, String> {
    let value = obj
        .get(key)
        .ok_or_else(|| format!("{who}: \"{key}\" is missing"))?;
    match value.as_u64() {
        Some(n) if n <= max as u64 => Ok(n as u8),
        _ => Err(format!(
            "{who}: \"{key}\" must be a whole number 0–{max}, not {value}"
        )),
    }
}

/// One pass: an object with every participant by name, read by `one`; seat 1 first.
fn pass_of<T>(
    v: &Value,
    names: &[String],
    one: impl Fn(&Map<String, Value>, &str) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    let obj = v
        .as_object()
        .ok_or("a pass must be an object of scores by participant")?;
    for key in obj.keys() {
        seat_of(names, key)?;
    }
    names
        .iter()
        .map(|name| {
            let scores = obj
                .get(name)
                .and_then(Value::as_object)
                .ok_or_else(|| format!("the pass does not score {name}"))?;
            one(scores, name)
        })
        .collect()
}

/// Two passes under `key`.
fn two<T>(
    v: &Value,
    key: &str,
    names: &[String],
    one: impl Fn(&Map<String, Value>, &str) -> Result<T, String> + Copy,
) -> Result<[Vec<T>; 2], String> {
    match v.as_array().map(Vec::as_slice) {
        Some([a, b]) => Ok([
            pass_of(a, names, one).map_err(|e| format!("{key} pass 1: {e}"))?,
            pass_of(b, names, one).map_err(|e| format!("{key} pass 2: {e}"))?,
        ]),
        _ => Err(format!(
            "\"{key}\" must be a list of two passes (the participants presented in opposite orders)"
        )),
    }
}

/// Refuses a key that is neither a score nor a reason (`reason`, `reasons`, `comment`).
fn unknown_keys(obj: &Map<String, Value>, known: &[&str], who: &str) -> Result<(), String> {
    match obj.keys().find(|k| {
        !known.contains(&k.as_str()) && !matches!(k.as_str(), "reason" | "reasons" | "comment")
    }) {
        Some(key) => Err(format!(
            "{who}: unknown key \"{key}\" (allowed: {}, reason)",
            known.join(", ")
        )),
        None => Ok(()),
    }
}

fn round_score(obj: &Map<String, Value>, who: &str) -> Result<RoundScore, String> {
    let mut v = [0u8; 3];
    for (slot, key) in v.iter_mut().zip(RoundScore::CRITERIA) {
        *slot = score_field(obj, key, 10, who)?;
    }
    unknown_keys(obj, &RoundScore::CRITERIA, who)?;
    Ok(RoundScore::from_values(v))
}

fn rubric(obj: &Map<String, Value>, who: &str) -> Result<Rubric, String> {
    let mut v = [0u8; 13];
    for (slot, spec) in v.iter_mut().zip(RUBRIC.iter()) {
        *slot = score_field(obj, spec.name, spec.max, who)?;
    }
    unknown_keys(obj, &RUBRIC.map(|s| s.name), who)?;
    Ok(Rubric(v))
}

/// Reads one action into `(seat, action)`, or a timeout (`None`).
fn step(
    v: &Value,
    names: &[String],
    game: &ModeratedDebate,
) -> Result<Option<(Seat, Action)>, String> {
    let obj = v.as_object().ok_or(
        "an action must be an object: {\"seat\", \"do\": \"speak\", \"text\"}, {\"round_scores\"}, {\"final\"} or {\"timeout\": true}",
    )?;
    if obj.get("timeout").and_then(Value::as_bool) == Some(true) {
        return Ok(None);
    }
    let moderator = game.moderator();
    if let Some(passes) = obj.get("round_scores") {
        let round = match game.phase() {
            Phase::Review { round } => round,
            Phase::Speaking { round, .. } => {
                return Err(format!(
                    "round {round} is still being spoken: its scores come when it ends"
                ))
            }
            _ => return Err("every round is scored: the final evaluation is due".into()),
        };
        let passes = two(passes, "round_scores", names, round_score)?;
        return Ok(Some((
            moderator,
            Action::Review(Review {
                round,
                passes,
                notes: RoundNotes::default(),
                offline: false,
            }),
        )));
    }
    if let Some(passes) = obj.get("final") {
        let passes = two(passes, "final", names, rubric)?;
        return Ok(Some((
            moderator,
            Action::Final(FinalReview {
                passes,
                reasons: Vec::new(),
                summary: String::new(),
                offline: false,
            }),
        )));
    }
    let seat = obj
        .get("seat")
        .and_then(Value::as_str)
        .ok_or("missing \"seat\" (a participant's name)")?;
    let seat = seat_of(names, seat)?;
    match obj.get("do").and_then(Value::as_str) {
        Some("speak") => {
            let text = obj
                .get("text")
                .and_then(Value::as_str)
                .ok_or("\"speak\" needs a \"text\"")?;
            Ok(Some((seat, Action::Speak { text: text.into() })))
        }
        Some(other) => Err(format!("unknown action \"{other}\" (allowed: speak)")),
        None => Err("missing \"do\" (speak)".into()),
    }
}

/// Plays a moderated-debate scenario: the debate as the actions left it, the names, and
/// the refusals.
pub fn play(
    text: &str,
    kit: &DebateKit,
) -> Result<(ModeratedDebate, Vec<String>, Vec<Rejected>, Lang), ScenarioError> {
    let file: Value = serde_json::from_str(text)?;
    let obj = file
        .as_object()
        .ok_or_else(|| ScenarioError::Config("a scenario is a JSON object".into()))?;
    let lang = lang_of(obj)?;
    let (_, motion) = motion_in(obj, kit, lang)?;
    let names = names_of(obj)?;
    let rules = rules_of(&config_of(obj)?).map_err(ScenarioError::Config)?;
    ModeratedDebate::check_setup(names.len(), &rules).map_err(ScenarioError::Setup)?;
    let mut game = ModeratedDebate::new(&motion, names.len() as Seat, &rules);
    let mut rejected = Vec::new();
    for (index, raw) in actions_of(obj)?.iter().enumerate() {
        let result = step(raw, &names, &game).and_then(|s| match s {
            None => {
                let seat = game
                    .speaker()
                    .ok_or("no participant's turn is open: the round is being scored")?;
                game.timeout(seat).map_err(|e| e.to_string())
            }
            Some((seat, action)) => game.act(seat, action).map_err(|e| e.to_string()),
        });
        if let Err(reason) = result {
            rejected.push(Rejected { index, reason });
        }
    }
    Ok((game, names, rejected, lang))
}

/// The result of a moderated debate as it stands, in the scenario's shape.
pub fn report(
    game: &ModeratedDebate,
    names: &[String],
    rejected: Vec<Rejected>,
    lang: Lang,
) -> Value {
    let s = game.standing();
    let by_name = |values: &[f64]| -> Map<String, Value> {
        names
            .iter()
            .zip(values)
            .map(|(n, v)| (n.clone(), json!(v)))
            .collect()
    };
    let finished = game.is_over();
    let rounds: Vec<Value> = game
        .reviews()
        .iter()
        .map(|r| {
            let means: Vec<f64> = (0..names.len())
                .map(|i| r.passes.iter().map(|p| p[i].total()).sum::<u32>() as f64 / 2.0)
                .collect();
            Value::Object(by_name(&means))
        })
        .collect();
    json!({
        "scores": by_name(&s.scores),
        "winner": s.winner.map(|w| names[w as usize - 1].clone()),
        "victory": finished.then(|| s.victory.name()),
        "passes_agree": s.passes_agree,
        "margin": s.margin,
        "round_scores": rounds,
        "round_means": by_name(&s.round_means),
        "evaluations": finished.then(|| by_name(&s.evaluations)),
        "finished": finished,
        "rejected": rejected,
        "lang": lang.code(),
        "words": words_of(game, names),
    })
}

/// Each participant's speeches' word counts as the rules counted them, in order.
fn words_of(game: &ModeratedDebate, names: &[String]) -> Map<String, Value> {
    names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let counts: Vec<u32> = game
                .log()
                .iter()
                .filter_map(|l| match &l.event {
                    Event::Spoke { seat, words, .. } if *seat as usize == i + 1 => Some(*words),
                    _ => None,
                })
                .collect();
            (n.clone(), json!(counts))
        })
        .collect()
}

/// Runs a moderated-debate scenario given as JSON text.
pub fn run(text: &str, kit: &DebateKit) -> Result<Value, ScenarioError> {
    let (game, names, rejected, lang) = play(text, kit)?;
    Ok(report(&game, &names, rejected, lang))
}
