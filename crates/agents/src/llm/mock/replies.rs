//! The mock's replies: a value that follows a request's schema and keeps to what the ask's
//! text offers and allows (a compliant model), and the broken replies it serves as faults.

use super::Fault;
use serde_json::{json, Value};

/// Sets every integer under `value` to its schema's maximum.
fn maximise(schema: &Value, value: &mut Value) {
    match value {
        Value::Number(_) if schema["type"] == "integer" => {
            if let Some(max) = schema["maximum"].as_i64() {
                *value = json!(max);
            }
        }
        Value::Object(obj) => {
            for (k, v) in obj.iter_mut() {
                maximise(&schema["properties"][k], v);
            }
        }
        _ => {}
    }
}

/// The order bias of [`MockOptions::favour_first`](super::MockOptions::favour_first), applied to a reply that follows
/// `schema`: any object whose keys are all single capital letters has its first key's
/// integers maximised.
pub fn favour_first(schema: &Value, value: &mut Value) {
    let Value::Object(obj) = value else { return };
    let labelled = !obj.is_empty()
        && obj
            .keys()
            .all(|k| k.len() == 1 && k.chars().all(|c| c.is_ascii_uppercase()));
    let first = schema["properties"]
        .as_object()
        .and_then(|p| p.keys().next().cloned());
    for (k, v) in obj.iter_mut() {
        let sub = &schema["properties"][k];
        if labelled && first.as_deref() == Some(k.as_str()) {
            maximise(sub, v);
        } else {
            favour_first(sub, v);
        }
    }
}

/// A compliant model keeps a speech to the words its turn allows: when the request says
/// "At most N words", a `speech` field is cut to N words (a clean mock never answers
/// over the limit, whatever order its requests came in).
pub(super) fn keep_to_the_limit(body: &Value, value: &mut Value) {
    let Some(speech) = value.get("speech").and_then(Value::as_str) else {
        return;
    };
    let asked = body["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|m| m["content"].as_str())
        .rev()
        .find_map(|text| {
            let at = text.find("At most ")? + "At most ".len();
            text[at..].split_whitespace().next()?.parse::<usize>().ok()
        });
    if let Some(limit) = asked.filter(|l| *l > 0) {
        let words: Vec<&str> = speech.split_whitespace().collect();
        if words.len() > limit {
            value["speech"] = Value::String(words[..limit].join(" "));
        }
    }
}

/// The options the ask's text offers, as the texts of their values ("Valid targets: 1, 3,
/// 5." gives `["1", "3", "5"]`, "Valid choices now: save, pass." `["save", "pass"]`, "none"
/// nothing): read from the last message that offers any. A schema lists every option of its
/// kind of ask, the same all game; the ask's text says which are valid now, and a model
/// that follows its prompt picks among those.
pub fn offered_in(body: &Value) -> Option<Vec<String>> {
    body["messages"]
        .as_array()?
        .iter()
        .rev()
        .filter_map(|m| m["content"].as_str())
        .find_map(offered_in_text)
}

/// [`offered_in`] for one text: its last "Valid …: list." line, or at a Chinese table its
/// last "可选…：list。" ("可选目标（座位号）：1, 3。", "现在可选：save, pass。"; "无" nothing).
pub fn offered_in_text(text: &str) -> Option<Vec<String>> {
    let chinese = text.rfind("可选").and_then(|at| {
        let rest = &text[at..];
        let colon = rest.find('：')?;
        if rest[..colon].contains(['\n', '。']) {
            return None;
        }
        let list = &rest[colon + '：'.len_utf8()..];
        let list = &list[..list.find(['。', '\n']).unwrap_or(list.len())];
        Some((at, list))
    });
    if let Some((_, list)) = chinese.filter(|(at, _)| text.rfind("Valid ") < Some(*at)) {
        return Some(
            list.split(',')
                .map(str::trim)
                .filter(|o| !o.is_empty() && *o != "无")
                .map(str::to_string)
                .collect(),
        );
    }
    let at = text.rfind("Valid ")?;
    let rest = &text[at..];
    let colon = rest.find(": ")?;
    if rest[..colon].contains(['\n', '.']) {
        return None;
    }
    let list = &rest[colon + 2..];
    let end = list
        .find(".\n")
        .or_else(|| list.find(". "))
        .or_else(|| list.find('\n'))
        .unwrap_or_else(|| list.trim_end_matches('.').len());
    let list = list[..end].trim().trim_end_matches('.');
    Some(
        list.split(',')
            .map(str::trim)
            .filter(|o| !o.is_empty() && *o != "none")
            .map(str::to_string)
            .collect(),
    )
}

/// A value's text as an offer names it (`3`, `save`); `null` has none.
fn offer_text(v: &Value) -> Option<String> {
    match v {
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) => Some(s.clone()),
        _ => None,
    }
}

/// Each top-level enum field of `value` kept to what `offered` offers (and `null` where the
/// enum has it): a field holding anything else is drawn again among those.
pub fn keep_to_the_offer(schema: &Value, offered: &[String], value: &mut Value, rng: &mut u64) {
    let (Some(props), Some(obj)) = (schema["properties"].as_object(), value.as_object_mut()) else {
        return;
    };
    for (k, field) in props {
        let Some(options) = field["enum"].as_array() else {
            continue;
        };
        let allowed: Vec<&Value> = options
            .iter()
            .filter(|o| o.is_null() || offer_text(o).is_some_and(|t| offered.contains(&t)))
            .collect();
        let fine = obj.get(k).is_some_and(|v| allowed.contains(&v));
        if !fine && !allowed.is_empty() {
            *rng = mix(*rng);
            obj.insert(
                k.clone(),
                allowed[(*rng % allowed.len() as u64) as usize].clone(),
            );
        }
    }
}

/// A small deterministic generator (splitmix64) for choices and faults.
pub(super) fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

const SENTENCES: [&str; 6] = [
    "I listened closely and one story does not add up.",
    "Last night tells us more than the speeches do.",
    "I am on the good side and I will vote with my reads.",
    "Watch who rushes to agree; that is how wolves hide.",
    "The vote record matters more than loud claims.",
    "I would rather hear the quiet seats before we decide.",
];

/// What the mock asks when a reply's `questions` field wants questions.
const QUESTIONS: [&str; 3] = [
    "Where is your evidence for that? Who pays for it? What happens if you are wrong?",
    "Why should anyone believe the trials scale up? What about the cost? Who loses?",
    "How does your plan help the poorest? When would it start? Why not a smaller step?",
];

/// A value that follows `schema`, choosing with `rng`.
pub fn instance(schema: &Value, rng: &mut u64) -> Value {
    let mut next = || {
        *rng = mix(*rng);
        *rng
    };
    if let Some(options) = schema["enum"].as_array() {
        if options.is_empty() {
            return Value::Null;
        }
        return options[(next() % options.len() as u64) as usize].clone();
    }
    if let Some(any) = schema["anyOf"].as_array().or(schema["oneOf"].as_array()) {
        if let Some(first) = any.first() {
            return instance(first, rng);
        }
    }
    let kind = match &schema["type"] {
        Value::String(s) => s.clone(),
        Value::Array(types) => types
            .iter()
            .filter_map(Value::as_str)
            .find(|t| *t != "null")
            .unwrap_or("null")
            .to_string(),
        _ => "object".into(),
    };
    match kind.as_str() {
        "object" => {
            let mut out = serde_json::Map::new();
            if let Some(props) = schema["properties"].as_object() {
                for (k, v) in props {
                    // A debate's cross-examination asks questions.
                    let value = if k == "questions" && v["type"] == "string" {
                        json!(QUESTIONS[(mix(*rng) % QUESTIONS.len() as u64) as usize])
                    } else {
                        instance(v, rng)
                    };
                    out.insert(k.clone(), value);
                }
            }
            Value::Object(out)
        }
        "array" => {
            let min = schema["minItems"].as_u64().unwrap_or(1);
            let max = schema["maxItems"].as_u64().unwrap_or(2).max(min);
            let n = min + next() % (max - min + 1);
            Value::Array((0..n).map(|_| instance(&schema["items"], rng)).collect())
        }
        "string" => {
            let max = schema["maxLength"].as_u64().unwrap_or(200) as usize;
            let mut text = String::new();
            for _ in 0..2 {
                let s = SENTENCES[(next() % SENTENCES.len() as u64) as usize];
                if text.len() + s.len() + 1 > max {
                    break;
                }
                if !text.is_empty() {
                    text.push(' ');
                }
                text.push_str(s);
            }
            if text.is_empty() && max > 0 {
                // Too short for a whole sentence: the start of one.
                text = SENTENCES[0].chars().take(max).collect();
            }
            Value::String(text)
        }
        "integer" => json!(schema["minimum"].as_i64().unwrap_or(1)),
        "number" => json!(((next() % 101) as f64) / 100.0),
        "boolean" => json!(next() % 2 == 0),
        _ => Value::Null,
    }
}

/// The same shape with every top-level enum field set outside its enum; a schema without
/// one gets its first string field (else its first field) as a number instead. Either way the reply breaks the
/// schema while looking like an answer.
fn invalid_choice(schema: &Value, value: &mut Value) {
    let (Some(props), Some(obj)) = (schema["properties"].as_object(), value.as_object_mut()) else {
        *value = json!(97);
        return;
    };
    let mut changed = false;
    for (k, s) in props {
        if s["enum"].is_array() {
            obj.insert(k.clone(), json!(97));
            changed = true;
        }
    }
    if !changed {
        // The first string field, else the first field of any kind (a list of labels).
        if let Some((k, _)) = props
            .iter()
            .find(|(_, s)| s["type"] == "string")
            .or_else(|| props.iter().next())
        {
            obj.insert(k.clone(), json!(97));
        }
    }
}

/// The decision field of a reply schema: the first top-level property with an enum, else
/// the first string property.
fn decision_field(schema: &Value) -> Option<(String, Value)> {
    let props = schema["properties"].as_object()?;
    props
        .iter()
        .find(|(_, s)| s["enum"].is_array())
        .or_else(|| props.iter().find(|(_, s)| s["type"] == "string"))
        .map(|(k, s)| (k.clone(), s.clone()))
}

/// The content of a reply that follows `schema` except in the way `fault` says (one of
/// [`Fault::INVALID_REPLIES`]; other faults are not replies and give a valid one). `offered`
/// is what the ask's text offers ([`offered_in`]), when it says: an unlisted choice is then
/// one the schema lists but the ask does not offer (a dead seat).
pub fn broken_reply(
    fault: Fault,
    schema: &Value,
    offered: Option<&[String]>,
    rng: &mut u64,
) -> String {
    let mut value = instance(schema, rng);
    if let Some(offered) = offered {
        keep_to_the_offer(schema, offered, &mut value, rng);
    }
    // A campaign speech's fault is in its speech, which only counts when the candidate
    // does not withdraw.
    if let Some(withdraw) = value.get_mut("withdraw") {
        *withdraw = Value::Bool(false);
    }
    match fault {
        Fault::ExtraText => return format!("Sure! Here is my answer:\n{value}\nGood luck."),
        Fault::Truncated => {
            let full = value.to_string();
            return full.chars().take(full.chars().count() / 2).collect();
        }
        Fault::InvalidChoice => {
            invalid_choice(schema, &mut value);
            return value.to_string();
        }
        Fault::ServerError | Fault::RateLimited | Fault::Hang => return value.to_string(),
        _ => {}
    }
    let Some((key, field)) = decision_field(schema) else {
        return "{}".into();
    };
    let listed: Vec<Value> = field["enum"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|o| match (offered, offer_text(o)) {
            (Some(offered), Some(text)) => offered.contains(&text),
            _ => true,
        })
        .cloned()
        .collect();
    let is_text = !field["enum"].is_array();
    let takes_strings = listed.iter().any(Value::is_string);
    let obj = value
        .as_object_mut()
        .expect("an object schema gives an object");
    let broken = match fault {
        Fault::MissingField => {
            obj.remove(&key);
            return value.to_string();
        }
        Fault::WrongType if is_text || takes_strings => json!(3),
        Fault::WrongType => json!("3"),
        Fault::NullChoice if listed.contains(&Value::Null) => json!("none"),
        Fault::NullChoice => Value::Null,
        Fault::OutOfRange if is_text => {
            let max = field["maxLength"].as_u64().unwrap_or(200) as usize;
            json!("This speech goes on. ".repeat(max / 10 + 2))
        }
        Fault::OutOfRange if takes_strings => json!("poison 12"),
        Fault::OutOfRange => json!(12),
        Fault::Unlisted if is_text => json!("   "),
        Fault::Unlisted if takes_strings => {
            let offered = |o: &str| listed.contains(&json!(o));
            let option = std::iter::once("save".to_string())
                .chain((1..=9).map(|s| format!("poison {s}")))
                .find(|o| !offered(o))
                .unwrap_or_else(|| "poison 0".into());
            json!(option)
        }
        Fault::Unlisted => {
            let seat = (1..=9u64)
                .find(|s| !listed.contains(&json!(s)))
                .unwrap_or(0);
            json!(seat)
        }
        _ => json!(97),
    };
    obj.insert(key, broken);
    value.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instances_follow_the_schema() {
        let schema = json!({
            "type": "object",
            "properties": {
                "target": {"enum": [2, 5, null]},
                "reasoning_steps": {"type": "array", "items": {"type": "string", "maxLength": 60}, "maxItems": 3},
                "speech": {"type": "string", "maxLength": 120},
            },
        });
        for seed in 0..50u64 {
            let mut rng = seed;
            let v = instance(&schema, &mut rng);
            assert!(
                [json!(2), json!(5), Value::Null].contains(&v["target"]),
                "{v}"
            );
            assert!(v["speech"].as_str().unwrap().len() <= 120);
            for step in v["reasoning_steps"].as_array().unwrap() {
                assert!(step.as_str().unwrap().len() <= 60);
            }
        }
    }
}
