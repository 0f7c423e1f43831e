//! Asking a language model for one decision, the same way for every game and role: one
//! structured call; the reply checked by the caller's checker (against the whole schema of
//! the ask); an invalid reply is a recorded fault, repaired once with the error appended;
//! a reply still invalid, or a failed call, is replaced by the caller's fallback. The
//! review note records every call's tokens, every fault with what followed it (`retried`,
//! `repair`, `fallback`, `fixed`), the checker's review fields, and the fallback used.
//! The model labels, the code decides: what comes back is only ever the checked value.
//!
//! Below [`decide`], the pieces every game's model roles share: a reply read as one JSON
//! object with exactly its keys, an object schema, a cleaned text field, one call with
//! the offline answer as its fallback, and two calls' notes merged.

use crate::llm::prompts::strip_control;
use crate::llm::stream::{closed_at_cut, partial_field};
use crate::llm::{status_label, Client, Failed, Message, Reply, Request};
use crate::turn;
use crate::Answer;
use serde_json::{json, Map, Value};
use std::time::Instant;

/// The fault recorded when a reply cut off by its token cap was closed and kept.
const CUT_OFF: &str = "the reply was cut off at its token cap: kept, closed at its last sentence";

/// A reply that passed the checker.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked<T> {
    pub value: T,
    /// What was wrong but repaired by the checker without asking again (a speech over its
    /// limit, cut at a sentence); each one is recorded as a fault.
    pub fixed: Vec<String>,
    /// Fields for the review note (reasoning, suspicions), never read by the rules.
    pub review: Map<String, Value>,
}

/// What the caller falls back on when the model gives no valid answer.
pub struct Fallback<T> {
    pub value: T,
    /// Its name in the note (`heuristic`, `template`).
    pub label: &'static str,
}

/// One decision asked of a model.
pub struct Ask<'a> {
    pub client: &'a Client,
    pub request: Request,
    /// The note's `agent` field (`llm`, `judge`, `juror`).
    pub agent: &'a str,
    /// Fields the caller adds to the note after the call's figures (the day, the speech).
    pub context: Map<String, Value>,
}

/// Asks, checks, repairs once, else falls back. Returns the value and its review note.
pub async fn decide<T>(
    ask: Ask<'_>,
    check: impl Fn(&str) -> Result<Checked<T>, String>,
    fallback: Fallback<T>,
) -> (T, Value) {
    let Ask {
        client,
        mut request,
        agent,
        context,
    } = ask;
    let started = Instant::now();
    let (mut prompt_tokens, mut completion_tokens, mut calls) = (0u32, 0u32, 0u32);
    let mut cached_tokens = 0u32;
    let mut lean = false;
    let mut per_call = Vec::new();
    let mut faults: Vec<Value> = Vec::new();
    let mut checked = None;
    for attempt in 0..2 {
        calls += 1;
        match ask_once(client, &request).await {
            Ok(reply) => {
                prompt_tokens += reply.usage.prompt;
                completion_tokens += reply.usage.completion;
                cached_tokens += reply.usage.cached;
                let u = reply.usage;
                let mut call =
                    json!({"prompt": u.prompt, "completion": u.completion, "cached": u.cached});
                if reply.lean {
                    // Sent without its review to fit the time left.
                    call["lean"] = json!(true);
                    lean = true;
                }
                if let Some(first) = reply.first_words.filter(|_| request.shown.is_some()) {
                    // A speech, streamed: how long after sending its first words came.
                    call["first_ms"] = json!(first.as_millis() as u64);
                }
                per_call.push(call);
                for status in &reply.retried {
                    faults.push(json!({"kind": status_label(*status), "then": "retried"}));
                }
                // A reply cut off by its token cap is read closed at its last sentence.
                let closed = closed_at_cut(&reply.content)
                    .and_then(|closed| check(&with_empty(&closed, &request)).ok())
                    .map(|mut c| {
                        c.fixed.insert(0, CUT_OFF.to_string());
                        c
                    });
                match closed.map_or_else(|| check(&reply.content), Ok) {
                    Ok(c) => {
                        for error in &c.fixed {
                            faults.push(
                                json!({"kind": "invalid_reply", "error": error, "then": "fixed"}),
                            );
                        }
                        checked = Some(c);
                        break;
                    }
                    Err(error) => {
                        let then = if attempt == 0 { "repair" } else { "fallback" };
                        faults.push(json!({"kind": "invalid_reply", "error": error, "then": then}));
                        if attempt == 0 {
                            request.messages.push(Message::assistant(reply.content));
                            let again = request.lang.text("llm-repair", &[("error", &error)]);
                            request.messages.push(Message::user(again));
                        }
                    }
                }
            }
            Err(failed) => {
                for status in &failed.retried {
                    faults.push(json!({"kind": status_label(*status), "then": "retried"}));
                }
                let e = failed.error;
                faults.push(json!({"kind": e.label(), "error": e.to_string()}));
                break;
            }
        }
    }
    let mut note = json!({
        "agent": agent,
        "model": client.provider().model,
        "calls": calls,
        "tokens": {
            "prompt": prompt_tokens,
            "completion": completion_tokens,
            "cached": cached_tokens,
            "per_call": per_call,
        },
        "ms": started.elapsed().as_millis() as u64,
    });
    for (k, v) in context {
        note[k] = v;
    }
    if !faults.is_empty() {
        note["faults"] = json!(faults);
    }
    if lean {
        note["lean"] = json!(true);
    }
    let value = match checked {
        Some(c) => {
            let repaired = calls > 1 || !c.fixed.is_empty();
            for (k, v) in c.review {
                note[k] = v;
            }
            if repaired {
                note["repaired"] = json!(true);
            }
            c.value
        }
        None => {
            note["fallback"] = json!(fallback.label);
            fallback.value
        }
    };
    (value, note)
}

/// One call, fitted to the turn's deadline ([`turn`], [`Client::call`]): streamed when
/// the request names a shown field and the table is watching, each growth of that field's
/// text handed to the watchers (cleaned of control shapes, as the checked reply will be);
/// else a plain call. A reply sent without its optional fields (time was short) is read
/// as if they were there, empty.
async fn ask_once(client: &Client, request: &Request) -> Result<Reply, Failed> {
    let turn = turn::current();
    let mut reply = match (request.shown, turn.drafts) {
        (Some(field), Some(sink)) => {
            let mut shown = String::new();
            let mut on_text = |content: &str| {
                let Some(text) = partial_field(content, field) else {
                    return;
                };
                let text = strip_control(settled(&text));
                let text = text.trim_start();
                if !text.is_empty() && text != shown {
                    shown = text.to_string();
                    sink(&shown);
                }
            };
            client.call(request, turn.due, Some(&mut on_text)).await?
        }
        _ => client.call(request, turn.due, None).await?,
    };
    if reply.lean {
        reply.content = with_empty(&reply.content, request);
    }
    Ok(reply)
}

/// A lean reply with the request's optional fields put back empty (`[]`, `{}`, `""` by
/// their schema's type), so the checker reads it as it reads a whole one. Content that is
/// not a JSON object is left as it is (the checker says what is wrong with it).
fn with_empty(content: &str, request: &Request) -> String {
    let Ok(Value::Object(mut obj)) = serde_json::from_str::<Value>(content.trim()) else {
        return content.to_string();
    };
    for k in request.optional {
        let empty = match request.schema["properties"][*k]["type"].as_str() {
            Some("array") => json!([]),
            Some("object") => json!({}),
            _ => json!(""),
        };
        obj.entry(k.to_string()).or_insert(empty);
    }
    Value::Object(obj).to_string()
}

/// A draft's text without a tag it may still be writing (`<|im_`, `[INS`): what follows
/// the last `<` or `[` that nothing has closed yet waits for the next piece, so a control
/// shape is never shown half-written before [`strip_control`] can see it whole.
fn settled(text: &str) -> &str {
    let open = text.rfind(['<', '[']);
    let close = text.rfind(['>', ']']);
    match (open, close) {
        (Some(o), c) if c.is_none_or(|c| c < o) && text.len() - o <= 24 => &text[..o],
        _ => text,
    }
}

/// The most tokens a reply of at most `words` words may take: about a token and a half a
/// word, and room for the JSON around it (a speech's limit is kept, and penalised when
/// passed, so the reply is not cut off at it).
pub fn words_tokens(words: u32) -> u32 {
    words.saturating_mul(3) / 2 + 96
}

pub fn object_schema(props: Value) -> Value {
    let required: Vec<String> = props
        .as_object()
        .map(|o| o.keys().cloned().collect())
        .unwrap_or_default();
    json!({
        "type": "object",
        "properties": props,
        "required": required,
        "additionalProperties": false,
    })
}

/// The reply as one JSON object with exactly `keys`.
pub fn object(content: &str, keys: &[&str]) -> Result<Map<String, Value>, String> {
    let v: Value =
        serde_json::from_str(content.trim()).map_err(|e| format!("not valid JSON ({e})"))?;
    let Value::Object(obj) = v else {
        return Err("the reply must be one JSON object".into());
    };
    if let Some(extra) = obj.keys().find(|k| !keys.contains(&k.as_str())) {
        return Err(format!(
            "unexpected key \"{extra}\" (the keys are {})",
            keys.join(", ")
        ));
    }
    if let Some(missing) = keys.iter().find(|k| !obj.contains_key(**k)) {
        return Err(format!("the key \"{missing}\" is missing"));
    }
    Ok(obj)
}

pub fn text_field(obj: &Map<String, Value>, key: &str) -> Result<String, String> {
    let v = &obj[key];
    let s = v
        .as_str()
        .ok_or_else(|| format!("\"{key}\" must be a string, not {v}"))?;
    let clean = strip_control(s).trim().to_string();
    if clean.is_empty() {
        return Err(format!("\"{key}\" is empty"));
    }
    Ok(clean)
}

pub fn checked<T>(value: T) -> Checked<T> {
    Checked {
        value,
        fixed: Vec::new(),
        review: Map::new(),
    }
}

/// One call through [`decide`], with `agent` and the context fields in its note.
pub async fn call<T>(
    client: &Client,
    request: Request,
    agent: &str,
    context: Value,
    check: impl Fn(&str) -> Result<Checked<T>, String>,
    fallback: T,
) -> (T, Value) {
    let context = match context {
        Value::Object(m) => m,
        _ => Map::new(),
    };
    let ask = Ask {
        client,
        request,
        agent,
        context,
    };
    decide(
        ask,
        check,
        Fallback {
            value: fallback,
            label: "offline",
        },
    )
    .await
}

/// Two calls' notes as one (a captain's call, then the chosen debater's speech): calls,
/// tokens and faults added up, `fallback` and `repaired` kept if either had them, each
/// note under its own name too.
pub fn merge_notes(first: (&str, Value), second: (&str, Value)) -> Value {
    let (a_name, a) = first;
    let (b_name, b) = second;
    let n = |v: &Value, k: &str| v[k].as_u64().unwrap_or(0);
    let tokens = |v: &Value, k: &str| v["tokens"][k].as_u64().unwrap_or(0);
    let per_call: Vec<Value> = [&a, &b]
        .iter()
        .flat_map(|v| {
            v["tokens"]["per_call"]
                .as_array()
                .cloned()
                .unwrap_or_default()
        })
        .collect();
    let faults: Vec<Value> = [&a, &b]
        .iter()
        .flat_map(|v| v["faults"].as_array().cloned().unwrap_or_default())
        .collect();
    let mut out = json!({
        "agent": format!("{a_name}+{b_name}"),
        "model": a["model"],
        "calls": n(&a, "calls") + n(&b, "calls"),
        "tokens": {
            "prompt": tokens(&a, "prompt") + tokens(&b, "prompt"),
            "completion": tokens(&a, "completion") + tokens(&b, "completion"),
            "per_call": per_call,
        },
        "ms": n(&a, "ms") + n(&b, "ms"),
    });
    if !faults.is_empty() {
        out["faults"] = json!(faults);
    }
    if let Some(f) = a.get("fallback").or(b.get("fallback")) {
        out["fallback"] = f.clone();
    }
    if a["repaired"] == json!(true) || b["repaired"] == json!(true) {
        out["repaired"] = json!(true);
    }
    out[a_name] = a;
    out[b_name] = b;
    out
}

/// Any game's answer with its note.
pub fn answer_with<A>(action: A, note: Value) -> Answer<A> {
    Answer {
        action: Some(action),
        note: Some(note),
    }
}
