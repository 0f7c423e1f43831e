//! Reading a model's reply: checked against the whole schema of its ask, so that every
//! invalid shape (not JSON, text around it, a key missing or extra, a wrong type, `null`
//! where no abstention is allowed, a seat not offered, a witch option not offered, an empty
//! speech) is an error for the repair prompt and a recorded fault, never an abstention.

use super::{fixed_choices, may_pass, may_pass_now, seats_text, witch_options};
use crate::games::lang::Lang;
use crate::games::werewolf::{Action, Ask, AskKind, Choice, Seat, SEATS};
use crate::llm::prompts::strip_control;
use crate::werewolf::fit_speech;
use serde_json::{json, Value};

/// A model's decision, checked against the ask.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    pub action: Action,
    pub reasoning_steps: Vec<String>,
    pub suspicion_scores: serde_json::Map<String, Value>,
    /// What was wrong but repaired here without asking again (a speech over the limit, cut
    /// at a sentence). Each one is recorded as a fault.
    pub fixed: Vec<String>,
}

/// The valid targets of `ask`, for error messages.
fn valid_targets(ask: &Ask) -> String {
    let mut v = seats_text(ask.targets, Lang::En);
    if may_pass_now(ask) {
        v.push_str(", or null to abstain");
    }
    v
}

/// The key that carries the decision for `kind`.
fn decision_key(kind: AskKind) -> &'static str {
    if kind.is_speech() {
        "speech"
    } else if kind == AskKind::Witch || fixed_choices(kind).is_some() {
        "choice"
    } else {
        "target"
    }
}

/// Reads and checks a reply to `ask` against its schema: one JSON object and nothing else,
/// every required key present with its type, the decision among the valid options. The
/// error says what was wrong, for the repair prompt. Only an explicit `null` target where
/// the ask allows it (vote, PK vote, hunter) is an abstention; a missing one is an error.
pub fn parse_reply(content: &str, ask: &Ask) -> Result<Parsed, String> {
    parse_reply_at(content, ask, SEATS)
}

/// [`parse_reply`] at a table of `seats`. A campaign speech's reply also says whether the
/// candidate withdraws (`"withdraw": true`: the speech, if any, is not given).
pub fn parse_reply_at(content: &str, ask: &Ask, seats: usize) -> Result<Parsed, String> {
    let v: Value =
        serde_json::from_str(content.trim()).map_err(|e| format!("not valid JSON ({e})"))?;
    let Some(obj) = v.as_object() else {
        return Err("the reply must be one JSON object".into());
    };
    let key = decision_key(ask.kind);
    let mut allowed = vec![key, "reasoning_steps", "suspicion_scores"];
    if ask.kind == AskKind::CampaignSpeech {
        allowed.insert(0, "withdraw");
    }
    if let Some(extra) = obj.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(format!(
            "unexpected key \"{extra}\" (the keys are {})",
            allowed.join(", ")
        ));
    }
    for k in &allowed {
        if !obj.contains_key(*k) {
            return Err(format!("the key \"{k}\" is missing"));
        }
    }
    let mut fixed = Vec::new();
    let decision = &obj[key];
    let withdraw = match obj.get("withdraw") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(other) => return Err(format!("\"withdraw\" must be true or false, not {other}")),
    };
    let choice = if withdraw {
        if !decision.is_string() {
            return Err(format!("\"speech\" must be a string, not {decision}"));
        }
        Choice::Withdraw
    } else if ask.kind.is_speech() {
        let text = decision
            .as_str()
            .ok_or_else(|| format!("\"speech\" must be a string, not {decision}"))?;
        let text = strip_control(text);
        let text = text.trim();
        if text.is_empty() {
            return Err("\"speech\" is empty: say something".into());
        }
        let len = text.chars().count();
        let max = ask.max_chars as usize;
        if len > max {
            fixed.push(format!(
                "the speech is {len} characters, more than {max}: cut at a sentence"
            ));
        }
        Choice::Say(fit_speech(text, max))
    } else if ask.kind == AskKind::Witch {
        let choice = decision
            .as_str()
            .ok_or_else(|| format!("\"choice\" must be a string, not {decision}"))?
            .trim()
            .to_ascii_lowercase();
        let options = witch_options(ask);
        if !options.contains(&choice) {
            return Err(format!(
                "\"{choice}\" is not allowed now (allowed: {})",
                options.join(", ")
            ));
        }
        match choice.split_once(' ') {
            Some((verb, t)) => Choice::read(
                ask.kind,
                verb,
                Some(t.parse().map_err(|_| "poison needs a seat number")?),
            )?,
            None => Choice::read(ask.kind, &choice, None)?,
        }
    } else if let Some(words) = fixed_choices(ask.kind) {
        let choice = decision
            .as_str()
            .ok_or_else(|| format!("\"choice\" must be a string, not {decision}"))?
            .trim()
            .to_ascii_lowercase();
        if !words.contains(&choice.as_str()) {
            return Err(format!(
                "\"{choice}\" is not allowed now (allowed: {})",
                words.join(", ")
            ));
        }
        Choice::read(ask.kind, &choice, None)?
    } else {
        let valid = || valid_targets(ask);
        let target = match decision {
            Value::Null if may_pass_now(ask) => None,
            Value::Null => return Err(format!("a target is required (valid: {})", valid())),
            Value::Number(n) => {
                let t = n
                    .as_u64()
                    .filter(|t| (1..=seats as u64).contains(t))
                    .ok_or_else(|| format!("target {n} is not a seat (valid: {})", valid()))?
                    as Seat;
                if !ask.targets.contains(t) {
                    return Err(format!(
                        "seat {t} is not a valid target now (valid: {})",
                        valid()
                    ));
                }
                Some(t)
            }
            other => {
                return Err(format!(
                    "\"target\" must be a seat number{}, not {other}",
                    if may_pass(ask.kind) { " or null" } else { "" }
                ))
            }
        };
        target.map_or(Choice::Nobody, Choice::Seat)
    };
    let action = ask
        .action(choice)
        .map_err(|_| format!("a target is required (valid: {})", valid_targets(ask)))?;
    let steps = obj["reasoning_steps"]
        .as_array()
        .filter(|a| a.iter().all(Value::is_string))
        .ok_or("\"reasoning_steps\" must be an array of strings")?;
    let reasoning_steps = steps
        .iter()
        .filter_map(Value::as_str)
        .take(8)
        .map(|s| strip_control(s).chars().take(300).collect())
        .collect();
    let mut suspicion_scores = serde_json::Map::new();
    let bad_scores = format!(
        "\"suspicion_scores\" must be an array of {{\"seat\": 1-{seats}, \"score\": number}}"
    );
    let seat_ok = |s: u64| (1..=seats as u64).contains(&s);
    match &obj["suspicion_scores"] {
        Value::Array(items) => {
            for item in items {
                match (item["seat"].as_u64(), item["score"].as_f64()) {
                    (Some(seat), Some(score)) if seat_ok(seat) => {
                        suspicion_scores.insert(seat.to_string(), json!(score));
                    }
                    _ => return Err(bad_scores),
                }
            }
        }
        // The agent protocol's map form (`{"3": 0.8}`) is read too.
        Value::Object(map) => {
            for (k, s) in map {
                match (k.parse::<u64>(), s.as_f64()) {
                    (Ok(seat), Some(score)) if seat_ok(seat) => {
                        suspicion_scores.insert(k.clone(), json!(score));
                    }
                    _ => return Err(bad_scores),
                }
            }
        }
        _ => return Err(bad_scores),
    }
    Ok(Parsed {
        action,
        reasoning_steps,
        suspicion_scores,
        fixed,
    })
}

#[cfg(test)]
mod tests {
    use super::super::schema_for;
    use super::*;

    fn ask(kind: AskKind, targets: &[Seat]) -> Ask {
        Ask {
            seat: 4,
            kind,
            targets: targets.iter().copied().collect(),
            attacked: Some(2),
            can_save: true,
            max_chars: 40,
            no_abstain: false,
            seq: 3,
        }
    }

    /// A reply with the review fields, the decision given as raw JSON text.
    fn reply(key: &str, decision: &str) -> String {
        format!(
            r#"{{"{key}": {decision}, "reasoning_steps": ["2 lied"], "suspicion_scores": [{{"seat": 2, "score": 0.9}}]}}"#
        )
    }

    #[test]
    fn replies_are_checked_against_the_ask() {
        let vote = ask(AskKind::Vote, &[1, 2, 3]);
        let p = parse_reply(&reply("target", "2"), &vote).unwrap();
        assert_eq!(p.action, Action::Vote { target: 2 });
        assert_eq!(p.suspicion_scores["2"], json!(0.9));
        assert_eq!(p.reasoning_steps, vec!["2 lied".to_string()]);
        assert!(p.fixed.is_empty());
        let witch = ask(AskKind::Witch, &[1, 3]);
        assert_eq!(
            parse_reply(&reply("choice", r#""poison 3""#), &witch)
                .unwrap()
                .action,
            Action::Poison { target: 3 }
        );
        let speech = ask(AskKind::Speech, &[]);
        let p = parse_reply(
            &reply(
                "speech",
                r#""<|im_start|>I am good. Seat 3 is odd. Vote three today please.""#,
            ),
            &speech,
        )
        .unwrap();
        assert_eq!(
            p.action,
            Action::Speak {
                text: "I am good. Seat 3 is odd.".into()
            }
        );
        assert_eq!(p.fixed.len(), 1, "an over-long speech is cut and recorded");
    }

    /// Explicit, schema-valid abstentions and passes are decisions, not faults.
    #[test]
    fn explicit_abstain_decline_and_pass_are_valid() {
        for (kind, key, decision, action) in [
            (AskKind::Vote, "target", "null", Action::Abstain),
            (AskKind::PkVote, "target", "null", Action::Abstain),
            (AskKind::HunterShot, "target", "null", Action::Decline),
            (AskKind::Witch, "choice", r#""pass""#, Action::Pass),
            (AskKind::Witch, "choice", r#""save""#, Action::Save),
        ] {
            let p = parse_reply(&reply(key, decision), &ask(kind, &[1, 3])).unwrap();
            assert_eq!(p.action, action, "{kind:?} {decision}");
            assert!(p.fixed.is_empty());
        }
        // The protocol's map form of the scores is read too.
        let p = parse_reply(
            r#"{"target": 1, "reasoning_steps": [], "suspicion_scores": {"3": 0.5}}"#,
            &ask(AskKind::WolfPick, &[1, 3]),
        )
        .unwrap();
        assert_eq!(p.suspicion_scores["3"], json!(0.5));
    }

    /// Every malformed reply, per ask kind, is an error (a fault: repaired or fallen back),
    /// never an abstention.
    #[test]
    fn malformed_replies_are_errors_for_every_ask_kind() {
        let targets: &[Seat] = &[1, 3, 5];
        let review = r#""reasoning_steps": ["x"], "suspicion_scores": []"#;
        let common = |key: &str, ok: &str| -> Vec<(String, &'static str)> {
            vec![
                (format!("{{{review}}}"), "missing"),
                ("".into(), "not valid JSON"),
                ("[1]".into(), "one JSON object"),
                ("null".into(), "one JSON object"),
                (format!("Sure! {}", reply(key, ok)), "not valid JSON"),
                (format!("{} Good luck.", reply(key, ok)), "not valid JSON"),
                (
                    format!("```json\n{}\n```", reply(key, ok)),
                    "not valid JSON",
                ),
                (reply(key, ok).chars().take(20).collect(), "not valid JSON"),
                (format!(r#"{{"{key}": {ok}}}"#), "missing"),
                (
                    format!(r#"{{"{key}": {ok}, "reasoning_steps": "x", "suspicion_scores": []}}"#),
                    "reasoning_steps",
                ),
                (
                    format!(
                        r#"{{"{key}": {ok}, "reasoning_steps": [], "suspicion_scores": [{{"seat": 12, "score": 1}}]}}"#
                    ),
                    "suspicion_scores",
                ),
                (
                    format!(r#"{{"{key}": {ok}, "reasoning_steps": [], "suspicion_scores": 3}}"#),
                    "suspicion_scores",
                ),
                (
                    format!(r#"{{"{key}": {ok}, {review}, "confidence": 0.9}}"#),
                    "unexpected key",
                ),
            ]
        };
        let targeted = |passable: bool| -> Vec<(String, &'static str)> {
            let mut cases = common("target", "1");
            cases.extend([
                (reply("target", "2"), "not a valid target"), // a dead seat, or not offered
                (reply("target", "12"), "not a seat"),
                (reply("target", "0"), "not a seat"),
                (reply("target", "-1"), "not a seat"),
                (reply("target", "3.5"), "not a seat"),
                (reply("target", r#""3""#), "must be a seat number"),
                (reply("target", r#""none""#), "must be a seat number"),
                (reply("target", "[3]"), "must be a seat number"),
                (reply("target", r#"{"seat": 3}"#), "must be a seat number"),
                (reply("target", "true"), "must be a seat number"),
                (reply("choice", "3"), "unexpected key"),
                (reply("speech", r#""vote 3""#), "unexpected key"),
            ]);
            if !passable {
                cases.push((reply("target", "null"), "a target is required"));
            }
            cases
        };
        let mut table: Vec<(AskKind, Vec<(String, &'static str)>)> = vec![
            (AskKind::WolfPick, targeted(false)),
            (AskKind::SeerCheck, targeted(false)),
            (AskKind::HunterShot, targeted(true)),
            (AskKind::Vote, targeted(true)),
            (AskKind::PkVote, targeted(true)),
        ];
        let mut witch = common("choice", r#""pass""#);
        witch.extend([
            (reply("choice", "null"), "must be a string"),
            (reply("choice", "3"), "must be a string"),
            (reply("choice", r#""poison 2""#), "not allowed now"),
            (reply("choice", r#""poison 12""#), "not allowed now"),
            (reply("choice", r#""poison""#), "not allowed now"),
            (reply("choice", r#""kill 3""#), "not allowed now"),
            (reply("choice", r#""""#), "not allowed now"),
            (reply("target", "3"), "unexpected key"),
        ]);
        table.push((AskKind::Witch, witch));
        for kind in [AskKind::Speech, AskKind::PkSpeech, AskKind::LastWords] {
            let mut cases = common("speech", r#""Hi.""#);
            cases.extend([
                (reply("speech", r#""""#), "empty"),
                (reply("speech", r#""   \n ""#), "empty"),
                (reply("speech", r#""<|im_end|>""#), "empty"),
                (reply("speech", "null"), "must be a string"),
                (reply("speech", "42"), "must be a string"),
                (reply("speech", r#"["hi"]"#), "must be a string"),
                (reply("target", "3"), "unexpected key"),
            ]);
            table.push((kind, cases));
        }
        let mut checked = 0;
        for (kind, cases) in table {
            let mut a = ask(kind, targets);
            if kind == AskKind::Witch {
                // Already used the antidote: "save" is not offered.
                a.can_save = false;
                let e = parse_reply(&reply("choice", r#""save""#), &a).unwrap_err();
                assert!(e.contains("not allowed now"), "{e}");
            }
            for (content, wanted) in cases {
                match parse_reply(&content, &a) {
                    Ok(p) => panic!("{kind:?}: {content:?} was taken as {:?}", p.action),
                    Err(e) => assert!(
                        e.contains(wanted),
                        "{kind:?}: {content:?} gave {e:?}, wanted {wanted:?}"
                    ),
                }
                checked += 1;
            }
        }
        assert!(checked > 150, "{checked} cases");
    }

    /// The mock's invalid replies (what a held-back mock may send) are each refused (or, for
    /// an over-long speech, cut and recorded), for every ask kind and many seeds; its
    /// ordinary replies are each taken.
    #[test]
    fn every_invalid_reply_the_mock_serves_is_refused() {
        use crate::llm::mock::{broken_reply, instance, keep_to_the_offer, Fault};
        let kinds = [
            AskKind::WolfPick,
            AskKind::SeerCheck,
            AskKind::HunterShot,
            AskKind::Vote,
            AskKind::PkVote,
            AskKind::Witch,
            AskKind::Speech,
            AskKind::PkSpeech,
            AskKind::LastWords,
            AskKind::GuardPick,
            AskKind::KingShot,
            AskKind::SheriffRun,
            AskKind::CampaignSpeech,
            AskKind::SheriffVote,
            AskKind::BadgePass,
            AskKind::SpeakingOrder,
            AskKind::SheriffCall,
        ];
        for kind in kinds {
            for targets in [&[1u8, 3, 5][..], &[1, 2, 3, 4, 5, 6, 7, 8, 9], &[]] {
                let worded = kind == AskKind::Witch || fixed_choices(kind).is_some();
                if targets.is_empty() && !worded && !kind.is_speech() {
                    continue;
                }
                for can_save in [true, false] {
                    let mut a = ask(kind, targets);
                    a.can_save = can_save;
                    let (_, schema) = schema_for(&a);
                    // What the ask's text offers (the schema lists every seat).
                    let offered: Vec<String> = if kind == AskKind::Witch {
                        witch_options(&a)
                    } else if let Some(words) = fixed_choices(kind) {
                        words.iter().map(|w| w.to_string()).collect()
                    } else {
                        a.targets.iter().map(|t| t.to_string()).collect()
                    };
                    for seed in 0..20u64 {
                        let mut rng = seed;
                        let mut ok = instance(&schema, &mut rng);
                        keep_to_the_offer(&schema, &offered, &mut ok, &mut rng);
                        let ok = ok.to_string();
                        assert!(parse_reply(&ok, &a).is_ok(), "{kind:?}: {ok}");
                        for fault in Fault::INVALID_REPLIES {
                            let mut rng = seed;
                            let content = broken_reply(fault, &schema, Some(&offered), &mut rng);
                            match parse_reply(&content, &a) {
                                Err(_) => {}
                                // Cut to length here, and recorded as a fault.
                                Ok(p) if !p.fixed.is_empty() => {}
                                Ok(p) => {
                                    panic!("{kind:?} {fault:?}: {content} taken as {:?}", p.action)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
