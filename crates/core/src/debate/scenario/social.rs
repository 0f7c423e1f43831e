//! Social-debate scenarios: every speech, every evaluator's rating and every concession
//! scripted, replayed through the pure rules and summed up as one JSON object.
//!
//! The file: `{"game": "debate", "format": "social", "participants": [{"name": "ann",
//! "stance": 0.8, "conviction": 0.7}, …], "config": {"rounds": 3}, "actions": […]}` (an
//! optional `"topic"` id or `"motion"`, and `"lang"`, `"en"` by default or `"zh-CN"`, the
//! topic's motion then in Chinese; without `rounds` the scenario's actions decide how
//! long it runs), each action one of
//! - `{"seat": "ann", "do": "speak", "text": "…", "eval": {"ben": {"persuasion": 0.7,
//!   "attack": 0.2, "evidence": 0.5}, …}}`: the speech on its turn and the evaluator's
//!   ratings of it (a missing value is 0); without `"eval"` the offline keyword indicators
//!   rate it for every other active participant, and the result is marked offline-scored,
//! - `{"seat": "ben", "do": "concede"}`: a surrender by command,
//! - `{"timeout": true}`: the open speaker's turn passes.
//!
//! A refused or malformed action (a speech and its ratings are one action) is listed in
//! `rejected` and changes nothing. The result: `{"states": {name: {"stance", "conviction",
//! "surrendered"}}, "scores", "winner" (null on a tie), "verdict", "surrendered": [names, in
//! the order they gave in], "rejected"}`, with `offline_scored` and `finished` beside.

use super::{actions_of, check_names, config_of, lang_of, motion_in};
use crate::agents::debate::{indicators, DebateKit};
use crate::games::debate::social::{
    Action, Event, Rating, Ratings, SocialDebate, SocialRules, Start,
};
use crate::games::{Lang, Seat};
use crate::scenario::{Rejected, ScenarioError};
use serde_json::{json, Map, Value};

/// The scenario's `config` (unknown keys are an error). Without `rounds` the debate runs
/// as long as its actions go.
fn rules_of(config: &Map<String, Value>) -> Result<SocialRules, String> {
    let mut rules = SocialRules {
        rounds: u8::MAX,
        ..SocialRules::default()
    };
    for (key, value) in config {
        match key.as_str() {
            "rounds" => {
                rules.rounds = value
                    .as_u64()
                    .and_then(|n| u8::try_from(n).ok())
                    .filter(|&n| n >= 1)
                    .ok_or("rounds must be a whole number from 1, e.g. 4")?;
            }
            "length_scale" => {
                let scale = value.as_f64().ok_or("length_scale must be a number")?;
                rules.length_scale = crate::config::LENGTH_SCALE
                    .check(scale)
                    .map_err(|m| format!("length_scale: {m}"))?;
            }
            other => {
                return Err(format!(
                    "unknown key \"{other}\" (allowed: rounds, length_scale)"
                ))
            }
        }
    }
    Ok(rules)
}

/// The participants: names and starting stances and convictions.
fn participants_of(obj: &Map<String, Value>) -> Result<(Vec<String>, Vec<Start>), ScenarioError> {
    let list = obj
        .get("participants")
        .and_then(Value::as_array)
        .ok_or_else(|| {
            ScenarioError::Setup(
                "missing \"participants\" (a list of {\"name\", \"stance\", \"conviction\"})"
                    .into(),
            )
        })?;
    let mut names = Vec::new();
    let mut starts = Vec::new();
    for (i, p) in list.iter().enumerate() {
        let field = |key: &str| {
            p.get(key).and_then(Value::as_f64).ok_or_else(|| {
                ScenarioError::Setup(format!("participants[{i}]: \"{key}\" must be a number"))
            })
        };
        let name = p.get("name").and_then(Value::as_str).ok_or_else(|| {
            ScenarioError::Setup(format!("participants[{i}]: \"name\" is missing"))
        })?;
        let start = Start {
            stance: field("stance")?,
            conviction: field("conviction")?,
        };
        start
            .check()
            .map_err(|e| ScenarioError::Setup(format!("participants[{i}] ({name}): {e}")))?;
        names.push(name.to_string());
        starts.push(start);
    }
    check_names(&names)?;
    Ok((names, starts))
}

fn seat_of(names: &[String], name: &str) -> Result<Seat, String> {
    names
        .iter()
        .position(|n| n == name)
        .map(|i| i as Seat + 1)
        .ok_or_else(|| format!("\"{name}\" is not a participant ({})", names.join(", ")))
}

/// Reads an `eval` object into ratings by seat.
fn ratings_of(v: &Value, names: &[String]) -> Result<Vec<(Seat, Rating)>, String> {
    let obj = v
        .as_object()
        .ok_or("\"eval\" must be an object of ratings by participant")?;
    let mut out = Vec::new();
    for (name, r) in obj {
        let seat = seat_of(names, name)?;
        let r = r
            .as_object()
            .ok_or_else(|| format!("eval {name}: a rating is an object"))?;
        let value = |key: &str| -> Result<f64, String> {
            match r.get(key) {
                None | Some(Value::Null) => Ok(0.0),
                Some(v) => v
                    .as_f64()
                    .ok_or_else(|| format!("eval {name}: \"{key}\" must be a number 0–1")),
            }
        };
        if let Some(key) = r
            .keys()
            .find(|k| !matches!(k.as_str(), "persuasion" | "attack" | "evidence" | "reason"))
        {
            return Err(format!(
                "eval {name}: unknown key \"{key}\" (allowed: persuasion, attack, evidence)"
            ));
        }
        let rating = Rating {
            persuasion: value("persuasion")?,
            attack: value("attack")?,
            evidence: value("evidence")?,
        };
        rating.check().map_err(|e| format!("eval {name}: {e}"))?;
        out.push((seat, rating));
    }
    Ok(out)
}

/// Applies one action, whole or not at all; `offline` is set when the keyword evaluator
/// rated a speech.
fn apply(
    game: &mut SocialDebate,
    raw: &Value,
    names: &[String],
    offline: &mut bool,
) -> Result<(), String> {
    let obj = raw.as_object().ok_or(
        "an action must be an object: {\"seat\", \"do\": \"speak\", \"text\", \"eval\"}, {\"seat\", \"do\": \"concede\"} or {\"timeout\": true}",
    )?;
    if obj.get("timeout").and_then(Value::as_bool) == Some(true) {
        let seat = match game.ask() {
            Some((seat, crate::games::debate::social::Ask::Speak { .. })) => seat,
            _ => return Err("no participant's turn is open".into()),
        };
        return game.timeout(seat).map_err(|e| e.to_string());
    }
    let seat = obj
        .get("seat")
        .and_then(Value::as_str)
        .ok_or("missing \"seat\" (a participant's name)")?;
    let seat = seat_of(names, seat)?;
    match obj.get("do").and_then(Value::as_str) {
        Some("concede") => game.act(seat, Action::Concede).map_err(|e| e.to_string()),
        Some("speak") => {
            let text = obj
                .get("text")
                .and_then(Value::as_str)
                .ok_or("\"speak\" needs a \"text\"")?;
            let given = obj.get("eval").map(|v| ratings_of(v, names)).transpose()?;
            // The speech and its rating land together or not at all.
            let mut next = game.clone();
            next.act(seat, Action::Speak { text: text.into() })
                .map_err(|e| e.to_string())?;
            let ratings = match given {
                Some(ratings) => Ratings {
                    ratings,
                    offline: false,
                },
                None => {
                    let targets = match next.ask() {
                        Some((_, crate::games::debate::social::Ask::Rate { targets, .. })) => {
                            targets
                        }
                        _ => Vec::new(),
                    };
                    let r = indicators::rate(text);
                    Ratings {
                        ratings: targets.into_iter().map(|t| (t, r)).collect(),
                        offline: true,
                    }
                }
            };
            let was_offline = ratings.offline;
            next.act(next.evaluator(), Action::Rate(ratings))
                .map_err(|e| format!("eval: {e}"))?;
            *game = next;
            *offline |= was_offline;
            Ok(())
        }
        Some(other) => Err(format!(
            "unknown action \"{other}\" (allowed: speak, concede)"
        )),
        None => Err("missing \"do\" (speak, concede)".into()),
    }
}

/// Plays a social-debate scenario: the debate as the actions left it, the names, the
/// refusals and whether any speech was rated offline.
pub fn play(
    text: &str,
    kit: &DebateKit,
) -> Result<(SocialDebate, Vec<String>, Vec<Rejected>, bool), ScenarioError> {
    let file: Value = serde_json::from_str(text)?;
    let obj = file
        .as_object()
        .ok_or_else(|| ScenarioError::Config("a scenario is a JSON object".into()))?;
    let (_, motion) = motion_in(obj, kit, lang_of(obj)?)?;
    let (names, starts) = participants_of(obj)?;
    let rules = rules_of(&config_of(obj)?).map_err(ScenarioError::Config)?;
    SocialDebate::check_setup(&starts, &rules).map_err(ScenarioError::Setup)?;
    let mut game = SocialDebate::new(&motion, &starts, &rules);
    let mut rejected = Vec::new();
    let mut offline = false;
    for (index, raw) in actions_of(obj)?.iter().enumerate() {
        if let Err(reason) = apply(&mut game, raw, &names, &mut offline) {
            rejected.push(Rejected { index, reason });
        }
    }
    Ok((game, names, rejected, offline))
}

/// The result of a social debate as it stands, in the scenario's shape.
pub fn report(
    game: &SocialDebate,
    names: &[String],
    rejected: Vec<Rejected>,
    offline: bool,
) -> Value {
    let scores = game.scores();
    let (winner, verdict) = game.verdict();
    let states: Map<String, Value> = names
        .iter()
        .zip(game.minds())
        .map(|(n, m)| {
            (
                n.clone(),
                json!({
                    "stance": m.stance,
                    "conviction": m.conviction,
                    "surrendered": m.surrendered.is_some(),
                }),
            )
        })
        .collect();
    let surrendered: Vec<&str> = game
        .log()
        .iter()
        .filter_map(|l| match l.event {
            Event::Surrendered { seat, .. } => Some(names[seat as usize - 1].as_str()),
            _ => None,
        })
        .collect();
    let bonus: Map<String, Value> = names
        .iter()
        .zip(game.minds())
        .filter_map(|(n, m)| {
            m.surrendered?;
            Some((
                n.clone(),
                json!(m.bonus_to.map(|s| names[s as usize - 1].clone())),
            ))
        })
        .collect();
    json!({
        "states": states,
        "scores": names.iter().zip(&scores).map(|(n, s)| (n.clone(), json!(s))).collect::<Map<_, _>>(),
        "winner": winner.map(|w| names[w as usize - 1].clone()),
        "verdict": verdict.name(),
        "surrendered": surrendered,
        "surrender_bonus_to": bonus,
        "offline_scored": offline,
        "finished": game.is_over(),
        "rejected": rejected,
    })
}

/// Runs a social-debate scenario given as JSON text (the result names its language and
/// motion too).
pub fn run(text: &str, kit: &DebateKit) -> Result<Value, ScenarioError> {
    let (game, names, rejected, offline) = play(text, kit)?;
    let mut out = report(&game, &names, rejected, offline);
    let file: Value = serde_json::from_str(text)?;
    let lang = file.as_object().map_or(Ok(Lang::En), lang_of)?;
    out["lang"] = json!(lang.code());
    out["motion"] = json!(game.motion());
    Ok(out)
}
