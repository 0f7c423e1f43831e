//! The moderated debate's model roles: a participant's speech `{"speech"}`, and the
//! moderator's two passes per round and per final evaluation, each pass presenting the
//! participants under labels [A], [B], … in its own order. A pass's reply is one object with
//! the scores keyed by label (so labels follow the order), checked whole; its texts have
//! the labels turned into seat tokens (`[P2]`), which the shells show as names.

use super::llm::{checked, object, object_schema, text_field};
use crate::games::debate::moderated::{RoundNotes, RoundScore, Rubric, CATEGORIES, RUBRIC};
use crate::games::Seat;
use crate::model::Checked;
use serde_json::{json, Map, Value};

const NOTE_CHARS: usize = 600;
const SUMMARY_CHARS: usize = 1500;
const LINES: usize = 5;

/// The label of the `i`-th participant presented: `A`, `B`, ….
pub fn label(i: usize) -> String {
    char::from(b'A' + (i as u8 % 26)).to_string()
}

/// `[A]`, `[B]`, … in `text` as seat tokens (`[P3]`), by the pass's presentation order.
pub fn unlabel(text: &str, order: &[Seat]) -> String {
    let mut out = text.to_string();
    for (i, seat) in order.iter().enumerate() {
        out = out.replace(&format!("[{}]", label(i)), &format!("[P{seat}]"));
    }
    out
}

/// Seat tokens (`[P3]`) shown with `name(seat)`.
pub fn show(text: &str, name: impl Fn(Seat) -> String) -> String {
    let mut out = text.to_string();
    for seat in (1..=crate::games::debate::moderated::MAX_PARTICIPANTS).rev() {
        let token = format!("[P{seat}]");
        if out.contains(&token) {
            out = out.replace(&token, &name(seat));
        }
    }
    out
}

fn lines_schema(max_items: usize) -> Value {
    json!({"type": "array", "items": {"type": "string", "maxLength": NOTE_CHARS}, "maxItems": max_items})
}

/// A round pass's schema: notes, then one score object per label in presentation order.
pub fn round_schema(n: usize) -> Value {
    let mut scores = Map::new();
    for i in 0..n {
        scores.insert(
            label(i),
            object_schema(json!({
                "argument": {"type": "integer", "minimum": 0, "maximum": 10},
                "rebuttal": {"type": "integer", "minimum": 0, "maximum": 10},
                "strategy": {"type": "integer", "minimum": 0, "maximum": 10},
                "reason": {"type": "string", "maxLength": NOTE_CHARS},
            })),
        );
    }
    object_schema(json!({
        "summary": {"type": "string", "minLength": 1, "maxLength": SUMMARY_CHARS},
        "clashes": lines_schema(LINES),
        "consensus": lines_schema(LINES),
        "sources": lines_schema(LINES),
        "scores": object_schema(Value::Object(scores)),
    }))
}

/// The final pass's schema: a summary, then the thirteen sub-scores and five reasons per
/// label.
pub fn final_schema(n: usize) -> Value {
    let mut scores = Map::new();
    for i in 0..n {
        let mut props = Map::new();
        for spec in RUBRIC {
            props.insert(
                spec.name.into(),
                json!({"type": "integer", "minimum": 0, "maximum": spec.max}),
            );
        }
        let reasons: Map<String, Value> = CATEGORIES
            .iter()
            .map(|(key, _, _)| {
                (
                    key.to_string(),
                    json!({"type": "string", "maxLength": NOTE_CHARS}),
                )
            })
            .collect();
        props.insert("reasons".into(), object_schema(Value::Object(reasons)));
        scores.insert(label(i), object_schema(Value::Object(props)));
    }
    object_schema(json!({
        "summary": {"type": "string", "minLength": 1, "maxLength": SUMMARY_CHARS},
        "scores": object_schema(Value::Object(scores)),
    }))
}

fn int(obj: &Map<String, Value>, key: &str, max: u8, who: &str) -> Result<u8, String> {
    match obj.get(key).and_then(Value::as_u64) {
        Some(v) if v <= max as u64 => Ok(v as u8),
        _ => Err(format!(
            "{who}: \"{key}\" must be an integer 0–{max}, not {}",
            obj.get(key).unwrap_or(&Value::Null)
        )),
    }
}

fn lines(obj: &Map<String, Value>, key: &str, order: &[Seat]) -> Result<Vec<String>, String> {
    let list = obj
        .get(key)
        .and_then(Value::as_array)
        .ok_or_else(|| format!("\"{key}\" must be a list of strings"))?;
    Ok(list
        .iter()
        .filter_map(Value::as_str)
        .map(|s| unlabel(&crate::llm::prompts::strip_control(s), order))
        .filter(|s| !s.trim().is_empty())
        .take(LINES)
        .map(|s| s.chars().take(NOTE_CHARS).collect())
        .collect())
}

/// The scores object's entry for each label, in presentation order.
fn by_label(obj: &Map<String, Value>, n: usize) -> Result<Vec<&Map<String, Value>>, String> {
    let scores = obj
        .get("scores")
        .and_then(Value::as_object)
        .ok_or("\"scores\" must be an object keyed by label")?;
    if let Some(extra) = scores.keys().find(|k| (0..n).all(|i| label(i) != **k)) {
        return Err(format!("\"scores\" has an unknown label \"{extra}\""));
    }
    (0..n)
        .map(|i| {
            scores
                .get(&label(i))
                .and_then(Value::as_object)
                .ok_or_else(|| format!("\"scores\" lacks [{}]", label(i)))
        })
        .collect()
}

/// A round pass read back: the scores seat 1 first, and the notes (reasons seat 1 first).
pub fn check_round(
    content: &str,
    order: &[Seat],
) -> Result<Checked<(Vec<RoundScore>, RoundNotes)>, String> {
    let obj = object(
        content,
        &["summary", "clashes", "consensus", "sources", "scores"],
    )?;
    let n = order.len();
    let entries = by_label(&obj, n)?;
    let mut scores = vec![RoundScore::default(); n];
    let mut reasons = vec![String::new(); n];
    for (i, entry) in entries.into_iter().enumerate() {
        let who = format!("[{}]", label(i));
        let seat = order[i] as usize;
        scores[seat - 1] = RoundScore {
            argument: int(entry, "argument", 10, &who)?,
            rebuttal: int(entry, "rebuttal", 10, &who)?,
            strategy: int(entry, "strategy", 10, &who)?,
        };
        reasons[seat - 1] = entry
            .get("reason")
            .and_then(Value::as_str)
            .map(|r| unlabel(&crate::llm::prompts::strip_control(r), order))
            .unwrap_or_default()
            .chars()
            .take(NOTE_CHARS)
            .collect();
    }
    let summary = unlabel(&text_field(&obj, "summary")?, order);
    let notes = RoundNotes {
        summary: summary.chars().take(SUMMARY_CHARS).collect(),
        clashes: lines(&obj, "clashes", order)?,
        consensus: lines(&obj, "consensus", order)?,
        sources: lines(&obj, "sources", order)?,
        reasons,
    };
    Ok(checked((scores, notes)))
}

/// A final pass read back: the rubrics seat 1 first, the reasons (five per participant,
/// seat 1 first) and the summary.
#[allow(clippy::type_complexity)]
pub fn check_final(
    content: &str,
    order: &[Seat],
) -> Result<Checked<(Vec<Rubric>, Vec<Vec<String>>, String)>, String> {
    let obj = object(content, &["summary", "scores"])?;
    let n = order.len();
    let entries = by_label(&obj, n)?;
    let mut rubrics = vec![Rubric::default(); n];
    let mut reasons = vec![Vec::new(); n];
    for (i, entry) in entries.into_iter().enumerate() {
        let who = format!("[{}]", label(i));
        let seat = order[i] as usize;
        let mut r = Rubric::default();
        for (k, spec) in RUBRIC.iter().enumerate() {
            r.0[k] = int(entry, spec.name, spec.max, &who)?;
        }
        rubrics[seat - 1] = r;
        let given = entry.get("reasons").and_then(Value::as_object);
        reasons[seat - 1] = CATEGORIES
            .iter()
            .map(|(key, _, _)| {
                given
                    .and_then(|g| g.get(*key))
                    .and_then(Value::as_str)
                    .map(|s| unlabel(&crate::llm::prompts::strip_control(s), order))
                    .unwrap_or_default()
                    .chars()
                    .take(NOTE_CHARS)
                    .collect()
            })
            .collect();
    }
    let summary: String = unlabel(&text_field(&obj, "summary")?, order)
        .chars()
        .take(SUMMARY_CHARS)
        .collect();
    Ok(checked((rubrics, reasons, summary)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_follow_the_presentation_order() {
        let reply = json!({
            "summary": "[A] pressed costs; [B] answered.",
            "clashes": ["[A] vs [B] on costs"], "consensus": [], "sources": [],
            "scores": {
                "A": {"argument": 9, "rebuttal": 8, "strategy": 7, "reason": "[A] was sharp"},
                "B": {"argument": 3, "rebuttal": 2, "strategy": 1, "reason": "thin"}
            }
        })
        .to_string();
        let c = check_round(&reply, &[2, 1]).unwrap().value;
        assert_eq!(c.0[1].argument, 9, "A is seat 2 in this order");
        assert_eq!(c.0[0].argument, 3);
        assert_eq!(c.1.summary, "[P2] pressed costs; [P1] answered.");
        assert_eq!(c.1.reasons[1], "[P2] was sharp");
        assert_eq!(
            show(&c.1.summary, |s| format!("P#{s}")),
            "P#2 pressed costs; P#1 answered."
        );
        let bad = reply.replace("\"argument\":9", "\"argument\":11");
        assert!(check_round(&bad, &[2, 1]).is_err());
        let missing = json!({"summary": "s", "clashes": [], "consensus": [], "sources": [],
            "scores": {"A": {"argument": 1, "rebuttal": 1, "strategy": 1, "reason": ""}}})
        .to_string();
        assert!(check_round(&missing, &[1, 2]).unwrap_err().contains("[B]"));
    }

    #[test]
    fn final_sub_scores_keep_their_maxima() {
        let entry = |v: u8| {
            let mut m: Map<String, Value> = RUBRIC
                .iter()
                .map(|s| (s.name.to_string(), json!(v.min(s.max))))
                .collect();
            m.insert("reasons".into(), json!({"argument_quality": "a", "rebuttal": "b", "strategy": "c", "rhetoric": "d", "integrity": "e"}));
            Value::Object(m)
        };
        let reply =
            json!({"summary": "close", "scores": {"A": entry(10), "B": entry(4)}}).to_string();
        let c = check_final(&reply, &[1, 2]).unwrap().value;
        assert_eq!(c.0[0].total(), 100);
        assert_eq!(c.1[1][4], "e");
        let over = reply.replacen("\"counter_evidence\":5", "\"counter_evidence\":6", 1);
        assert!(check_final(&over, &[1, 2]).is_err());
    }
}
