//! Trial scenarios: every message, label, card and deliberation statement scripted,
//! replayed through the pure rules and summed up as one JSON object.
//!
//! The file: `{"game": "trial", "case": "<id>" (default `robot_prompt_injection`, the
//! source's case), "lang": "en"|"zh-CN" (default `en`: the case's text and offline
//! labeller in that language), "mode": "defense"|"adversarial", "config": {"deliberation_rounds",
//! "turns_per_juror", "hints"}, "jurors": [{"id", "initial_stance", "topic_weights",
//! "speaker_power", "name"}] (optional: replaces the case's jurors), "evidence": [{"id",
//! "effects": {juror: n}, "topics": {topic: k}}] (optional: replaces the case's cards),
//! "players": [{"side"}] (optional: without it the highest `player` named sets the count,
//! and in adversarial mode odd seats defend), "actions": […]}`, each action one of
//! - `{"player": 1, "juror": "x", "say": "…", "label": {"topics": [{"topic", "impact",
//!   "quote"}]}}`: said to a juror and labelled (without `label`, by the case's keywords,
//!   offline); the label goes through the rules' checks (control-shaped text stripped,
//!   quotes found, two main topics) like a model's,
//! - `{"player": 1, "evidence": "e1"}`, `{"player": 1, "rest": true}`,
//! - `{"deliberate": {"speaker": "x", "text": "…", "label": {…}}}`: the first one closes
//!   the argument; at most `deliberation_rounds` of them, each by the juror the rules call
//!   (another speaker is refused), its quotes checked against its `text`,
//! - `{"verdict": true}`: the vote, now.
//!
//! A refused or malformed action is listed in `rejected` and changes nothing. The result:
//! `{"stances": {id: [initial, then one value each time an action moved it]}, "final":
//! {id: stance}, "votes": {id: "NOT_GUILTY"|"GUILTY"}, "verdict", "rejected": [{"index",
//! "reason"}]}`.

use crate::agents::trial::TrialKit;
use crate::games::trial::keywords::Lexicon;
use crate::games::trial::label::strip;
use crate::games::trial::{
    Action, Card, Hints, Impact, JurorSeat, Labels, Mode, Phase, Side, TopicLabel, Trial,
    TrialRules, TrialSetup, MAX_PLAYERS,
};
use crate::games::{Lang, Seat};
use crate::scenario::{Rejected, ScenarioError};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

fn setup_err(m: impl Into<String>) -> ScenarioError {
    ScenarioError::Setup(m.into())
}

fn rules_of(obj: &Map<String, Value>) -> Result<TrialRules, ScenarioError> {
    let mode = match obj.get("mode").map(|m| m.as_str()) {
        None | Some(Some("defense")) => Mode::Defense,
        Some(Some("adversarial")) => Mode::Adversarial,
        _ => return Err(setup_err("mode: \"defense\" or \"adversarial\"")),
    };
    let mut rules = TrialRules {
        mode,
        ..TrialRules::default()
    };
    let empty = Map::new();
    let config = match obj.get("config") {
        None => &empty,
        Some(Value::Object(c)) => c,
        Some(_) => return Err(setup_err("config must be an object")),
    };
    for (key, value) in config {
        match key.as_str() {
            "deliberation_rounds" => {
                rules.deliberation_rounds = value
                    .as_u64()
                    .and_then(|n| u8::try_from(n).ok())
                    .ok_or_else(|| setup_err("config.deliberation_rounds: a whole number from 0"))?;
            }
            "turns_per_juror" => {
                rules.turns_per_juror = value
                    .as_u64()
                    .and_then(|n| u32::try_from(n).ok())
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| setup_err("config.turns_per_juror: a whole number from 1"))?;
            }
            "hints" => {
                rules.hints = match value.as_str() {
                    Some("none") => Hints::None,
                    Some("labels") => Hints::Labels,
                    _ => return Err(setup_err("config.hints: \"none\" or \"labels\"")),
                };
            }
            other => {
                return Err(setup_err(format!(
                    "config: unknown key \"{other}\" (allowed: deliberation_rounds, turns_per_juror, hints)"
                )))
            }
        }
    }
    Ok(rules)
}

fn jurors_of(list: &Value) -> Result<Vec<JurorSeat>, ScenarioError> {
    let list = list
        .as_array()
        .ok_or_else(|| setup_err("jurors must be a list of {\"id\", \"initial_stance\", \"topic_weights\", \"speaker_power\"}"))?;
    let mut out = Vec::new();
    for (i, j) in list.iter().enumerate() {
        let at = |m: &str| setup_err(format!("jurors[{i}]: {m}"));
        let id = j
            .get("id")
            .and_then(Value::as_str)
            .ok_or_else(|| at("\"id\" is missing"))?;
        let number = |key: &str, default: f64| -> Result<f64, ScenarioError> {
            match j.get(key) {
                None => Ok(default),
                Some(v) => v
                    .as_f64()
                    .ok_or_else(|| at(&format!("\"{key}\" must be a number"))),
            }
        };
        let mut weights = BTreeMap::new();
        if let Some(w) = j.get("topic_weights") {
            let w = w
                .as_object()
                .ok_or_else(|| at("\"topic_weights\" must be an object of numbers"))?;
            for (topic, v) in w {
                let v = v
                    .as_f64()
                    .ok_or_else(|| at(&format!("topic_weights.{topic} must be a number")))?;
                weights.insert(topic.clone(), v);
            }
        }
        out.push(JurorSeat {
            id: id.to_string(),
            name: j
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or(id)
                .to_string(),
            stance: number("initial_stance", 0.0)?,
            weights,
            speaker_power: number("speaker_power", 1.0)?,
        });
    }
    Ok(out)
}

fn numbers(v: Option<&Value>, what: &str) -> Result<BTreeMap<String, f64>, ScenarioError> {
    let mut out = BTreeMap::new();
    if let Some(v) = v {
        let obj = v
            .as_object()
            .ok_or_else(|| setup_err(format!("{what} must be an object of numbers")))?;
        for (k, n) in obj {
            let n = n
                .as_f64()
                .ok_or_else(|| setup_err(format!("{what}.{k} must be a number")))?;
            out.insert(k.clone(), n);
        }
    }
    Ok(out)
}

fn cards_of(list: &Value, jurors: &[JurorSeat]) -> Result<Vec<Card>, ScenarioError> {
    let list = list
        .as_array()
        .ok_or_else(|| setup_err("evidence must be a list of {\"id\", \"effects\"}"))?;
    let mut out = Vec::new();
    for (i, e) in list.iter().enumerate() {
        let id = e
            .get("id")
            .and_then(Value::as_str)
            .ok_or_else(|| setup_err(format!("evidence[{i}]: \"id\" is missing")))?;
        let direct = numbers(e.get("effects"), &format!("evidence[{i}].effects"))?;
        let topics = numbers(e.get("topics"), &format!("evidence[{i}].topics"))?;
        let mut effects = BTreeMap::new();
        for j in jurors {
            let mut effect = direct.get(&j.id).copied();
            for (t, k) in &topics {
                if let Some(w) = j.weights.get(t) {
                    effect = Some(effect.unwrap_or(0.0) + w * k);
                }
            }
            if let Some(effect) = effect {
                effects.insert(j.id.clone(), effect);
            }
        }
        out.push(Card {
            id: id.to_string(),
            effects,
        });
    }
    Ok(out)
}

/// Reads a label object: `{"topics": [{"topic", "impact", "quote"}]}`.
fn label_of(v: &Value) -> Result<Labels, String> {
    let topics = v
        .get("topics")
        .and_then(Value::as_array)
        .ok_or("\"label\" must be {\"topics\": [{\"topic\", \"impact\", \"quote\"}, …]}")?;
    let mut out = Vec::new();
    for (i, t) in topics.iter().enumerate() {
        let field = |k: &str| {
            t.get(k)
                .and_then(Value::as_str)
                .ok_or_else(|| format!("label topics[{i}]: \"{k}\" must be a string"))
        };
        let impact = field("impact")?;
        out.push(TopicLabel {
            topic: field("topic")?.to_string(),
            impact: Impact::parse(impact).ok_or_else(|| {
                format!("label topics[{i}]: impact {impact:?} is not positive, negative or neutral")
            })?,
            quote: field("quote")?.to_string(),
        });
    }
    Ok(Labels {
        topics: out,
        offline: false,
    })
}

fn labels(action: &Value, text: &str, lexicon: &Lexicon) -> Result<Labels, String> {
    match action.get("label") {
        None | Some(Value::Null) => Ok(lexicon.label(&strip(text))),
        Some(v) => label_of(v),
    }
}

/// One action applied to `game`, or why not.
fn apply(game: &mut Trial, a: &Value, lexicon: &Lexicon) -> Result<(), String> {
    let obj = a.as_object().ok_or("an action must be a JSON object")?;
    if obj.get("verdict").is_some() {
        // A trial whose last deliberation round has passed has voted already.
        game.settle();
        return Ok(());
    }
    if let Some(d) = obj.get("deliberate") {
        let speaker = d
            .get("speaker")
            .and_then(Value::as_str)
            .ok_or("deliberate: \"speaker\" is missing")?;
        let text = d
            .get("text")
            .and_then(Value::as_str)
            .ok_or("deliberate: \"text\" is missing")?;
        let labels = labels(d, text, lexicon)?;
        let j = game
            .juror_index(speaker)
            .ok_or_else(|| format!("there is no juror \"{speaker}\""))?;
        let mut next = game.clone();
        if *next.phase() == Phase::Argument {
            next.close_argument();
        }
        if !matches!(
            next.phase(),
            Phase::Deliberation {
                statement: None,
                ..
            }
        ) {
            return Err(format!(
                "no deliberation round is open (deliberation_rounds is {})",
                game.rules().deliberation_rounds
            ));
        }
        let seat = next.juror_seat(j);
        next.act(
            seat,
            Action::Statement {
                text: text.to_string(),
                labels,
            },
        )
        .map_err(|e| e.to_string())?;
        // The listeners' answers are not scripted: each passes.
        while let Some((seat, _, _)) = next.asks().into_iter().next() {
            if matches!(
                next.phase(),
                Phase::Deliberation {
                    statement: None,
                    ..
                }
            ) {
                break;
            }
            next.timeout(seat).map_err(|e| e.to_string())?;
        }
        *game = next;
        return Ok(());
    }
    let player = obj
        .get("player")
        .and_then(Value::as_u64)
        .ok_or("an action names its \"player\" (a number), or is {\"deliberate\": …} or {\"verdict\": true}")?;
    if player == 0 || player > game.players() as u64 {
        return Err(format!(
            "there is no player {player} (1–{})",
            game.players()
        ));
    }
    let seat = player as Seat;
    if let Some(card) = obj.get("evidence") {
        let card = card.as_str().ok_or("\"evidence\" names a card id")?;
        return game
            .act(seat, Action::Present { card: card.into() })
            .map_err(|e| e.to_string());
    }
    if obj.get("rest").is_some() {
        return game.act(seat, Action::Rest).map_err(|e| e.to_string());
    }
    let said = obj
        .get("say")
        .and_then(Value::as_str)
        .ok_or("a player's action is \"say\" (with \"juror\"), \"evidence\" or \"rest\"")?;
    let juror = obj
        .get("juror")
        .and_then(Value::as_str)
        .ok_or("\"say\" needs the \"juror\" it is said to")?;
    let labels = labels(a, said, lexicon)?;
    let mut next = game.clone();
    next.act(
        seat,
        Action::Say {
            juror: juror.into(),
            text: said.into(),
        },
    )
    .map_err(|e| e.to_string())?;
    let j = next.juror_index(juror).unwrap_or_default();
    let jseat = next.juror_seat(j);
    next.act(jseat, Action::Label(labels))
        .map_err(|e| e.to_string())?;
    // The juror's reply is not scripted: it passes (its words move nothing).
    next.timeout(jseat).map_err(|e| e.to_string())?;
    *game = next;
    Ok(())
}

fn players_of(
    obj: &Map<String, Value>,
    mode: Mode,
    actions: &[Value],
) -> Result<Vec<Side>, ScenarioError> {
    if let Some(list) = obj.get("players") {
        let list = list
            .as_array()
            .ok_or_else(|| setup_err("players must be a list of {\"side\"}"))?;
        return list
            .iter()
            .enumerate()
            .map(|(i, p)| match p.get("side").and_then(Value::as_str) {
                Some("defense") => Ok(Side::Defense),
                Some("prosecution") => Ok(Side::Prosecution),
                _ => Err(setup_err(format!(
                    "players[{i}].side: \"defense\" or \"prosecution\""
                ))),
            })
            .collect();
    }
    let most = actions
        .iter()
        .filter_map(|a| a.get("player").and_then(Value::as_u64))
        .filter(|&p| p <= MAX_PLAYERS as u64)
        .max()
        .unwrap_or(1)
        .max(if mode == Mode::Adversarial { 2 } else { 1 }) as usize;
    Ok(crate::trial::sim::sides(mode, most))
}

fn round(x: f64) -> f64 {
    (x * 1e9).round() / 1e9
}

/// Runs a trial scenario; the case and its offline labeller come from `kit`.
pub fn run(text: &str, kit: &TrialKit) -> Result<Value, ScenarioError> {
    let file: Value = serde_json::from_str(text)?;
    let obj = file
        .as_object()
        .ok_or_else(|| setup_err("a scenario is a JSON object"))?;
    let case_id = obj
        .get("case")
        .and_then(Value::as_str)
        .unwrap_or("robot_prompt_injection");
    let lang = match obj.get("lang") {
        None => Lang::En,
        Some(v) => Lang::parse(v.as_str().unwrap_or_default()).map_err(setup_err)?,
    };
    let case = kit.book.case_in(case_id, lang).ok_or_else(|| {
        setup_err(format!(
            "case {case_id:?} is not in content/cases/{} ({})",
            if lang.is_english() { "" } else { "zh-CN/" },
            kit.book
                .cases_in(lang)
                .map(|c| c.id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })?;
    let rules = rules_of(obj)?;
    let actions: Vec<Value> = match obj.get("actions") {
        None => Vec::new(),
        Some(Value::Array(a)) => a.clone(),
        Some(_) => return Err(setup_err("actions must be a list")),
    };
    let sides = players_of(obj, rules.mode, &actions)?;
    let mut setup: TrialSetup = kit.book.setup(case, sides, rules);
    if let Some(j) = obj.get("jurors") {
        setup.jurors = jurors_of(j)?;
        setup.cards = case
            .evidence
            .iter()
            .map(|e| case.card(e, &setup.jurors))
            .collect();
    }
    if let Some(e) = obj.get("evidence") {
        setup.cards = cards_of(e, &setup.jurors)?;
    }
    setup.check().map_err(setup_err)?;
    let lexicon = kit.book.lexicon(case);
    let mut game = Trial::new(&setup);
    let mut history: BTreeMap<String, Vec<f64>> = game
        .jurors()
        .iter()
        .map(|j| (j.id.clone(), vec![round(j.stance)]))
        .collect();
    let mut rejected = Vec::new();
    let mut called = false;
    for (index, a) in actions.iter().enumerate() {
        let verdict = a.get("verdict").is_some();
        if called || (game.is_over() && !verdict) {
            let reason = if called {
                "the verdict is in"
            } else {
                "the jury has voted"
            };
            rejected.push(Rejected {
                index,
                reason: reason.into(),
            });
            continue;
        }
        called |= verdict;
        match apply(&mut game, a, &lexicon) {
            Ok(()) => {
                for j in game.jurors() {
                    let h = history.entry(j.id.clone()).or_default();
                    if h.last() != Some(&round(j.stance)) {
                        h.push(round(j.stance));
                    }
                }
            }
            Err(reason) => rejected.push(Rejected { index, reason }),
        }
    }
    let vote = |ng: bool| if ng { "NOT_GUILTY" } else { "GUILTY" };
    let ordered = |f: &dyn Fn(&crate::games::trial::Juror) -> Value| -> Map<String, Value> {
        game.jurors().iter().map(|j| (j.id.clone(), f(j))).collect()
    };
    Ok(json!({
        "stances": history,
        "final": ordered(&|j| json!(round(j.stance))),
        "votes": ordered(&|j| json!(vote(j.not_guilty()))),
        "verdict": vote(game.not_guilty()),
        "rejected": rejected,
    }))
}
