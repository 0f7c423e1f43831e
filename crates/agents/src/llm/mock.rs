//! An OpenAI-compatible chat server on loopback, for tests and benchmarks: no network, no
//! key. It answers `POST /v1/chat/completions` with a reply that follows the request's JSON
//! schema (a choice from each enum, short text for strings, questions for a `questions`
//! field), after a fixed latency. On
//! demand it serves faults instead: HTTP 500, 429 with `retry-after`, a reply that never
//! comes, or a reply that breaks the schema ([`Fault::INVALID_REPLIES`]: JSON cut off
//! mid-way, a choice outside the enum, the decision missing, of the wrong type, `null`, out
//! of range, plausible but not offered, or wrapped in prose). Every fault served is counted
//! by kind, so tests can check that each one was recorded. Scripted replies, queued with
//! [`MockLlm::script`], are served first, in order.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{json, Value};
use std::collections::{BTreeMap, VecDeque};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A fault the mock can serve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fault {
    /// HTTP 500.
    ServerError,
    /// HTTP 429 with `retry-after: 0`.
    RateLimited,
    /// No answer at all (the client's timeout must end the call).
    Hang,
    /// HTTP 200, but the content is JSON cut off mid-way.
    Truncated,
    /// HTTP 200, schema-shaped, but an enum field holds a value outside the enum.
    InvalidChoice,
    /// HTTP 200, the decision field (`target`, `choice` or `speech`) left out.
    MissingField,
    /// HTTP 200, the decision field of the wrong type (`"3"` for 3, a number for text).
    WrongType,
    /// HTTP 200, the decision `null` where the schema has no `null` (where it has one, the
    /// word `"none"` instead).
    NullChoice,
    /// HTTP 200, a seat that does not exist (12), `poison 12`, or a speech over its length.
    OutOfRange,
    /// HTTP 200, a plausible choice the schema does not offer: a seat not listed (a dead
    /// seat, or a target where none is allowed), a witch option not offered, an empty
    /// speech.
    Unlisted,
    /// HTTP 200, a valid answer wrapped in prose ("Sure! {…} Good luck.").
    ExtraText,
}

impl Fault {
    pub const ALL: [Fault; 11] = [
        Fault::ServerError,
        Fault::RateLimited,
        Fault::Hang,
        Fault::Truncated,
        Fault::InvalidChoice,
        Fault::MissingField,
        Fault::WrongType,
        Fault::NullChoice,
        Fault::OutOfRange,
        Fault::Unlisted,
        Fault::ExtraText,
    ];

    /// Faults that are replies breaking the schema (HTTP 200), which a client records as
    /// `invalid_reply`.
    pub const INVALID_REPLIES: [Fault; 8] = [
        Fault::Truncated,
        Fault::InvalidChoice,
        Fault::MissingField,
        Fault::WrongType,
        Fault::NullChoice,
        Fault::OutOfRange,
        Fault::Unlisted,
        Fault::ExtraText,
    ];

    /// How [`MockLlm::served`] names this fault.
    pub fn label(self) -> &'static str {
        match self {
            Fault::ServerError => "server_error",
            Fault::RateLimited => "rate_limited",
            Fault::Hang => "hang",
            Fault::Truncated => "truncated",
            Fault::InvalidChoice => "invalid_choice",
            Fault::MissingField => "missing_field",
            Fault::WrongType => "wrong_type",
            Fault::NullChoice => "null_choice",
            Fault::OutOfRange => "out_of_range",
            Fault::Unlisted => "unlisted",
            Fault::ExtraText => "extra_text",
        }
    }

    /// The fault named `name` (as [`Fault::label`] names it), or `invalid` for every
    /// invalid reply.
    pub fn parse_list(names: &str) -> Result<Vec<Fault>, String> {
        let mut out = Vec::new();
        for name in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            if name == "invalid" {
                out.extend(Fault::INVALID_REPLIES);
            } else if name == "all" {
                out.extend(Fault::ALL);
            } else {
                let f = Fault::ALL
                    .into_iter()
                    .find(|f| f.label() == name)
                    .ok_or_else(|| {
                        let names: Vec<&str> = Fault::ALL.iter().map(|f| f.label()).collect();
                        format!(
                            "{name:?} is not a fault kind (kinds: {}, invalid, all)",
                            names.join(", ")
                        )
                    })?;
                out.push(f);
            }
        }
        Ok(out)
    }
}

/// One scripted answer.
#[derive(Debug, Clone)]
pub enum Scripted {
    /// This exact content, HTTP 200.
    Content(String),
    Fault(Fault),
}

/// How the mock behaves.
#[derive(Debug, Clone)]
pub struct MockOptions {
    /// Added before every answer.
    pub latency: Duration,
    /// The share of requests (0..=1) answered with a fault drawn from `faults`.
    pub fault_rate: f64,
    pub faults: Vec<Fault>,
    pub seed: u64,
    /// An order-biased judge: in an object keyed by labels (`A`, `B`, …), the first label
    /// presented gets every integer at its maximum and the others at their minimum.
    pub favour_first: bool,
}

impl Default for MockOptions {
    fn default() -> Self {
        MockOptions {
            latency: Duration::ZERO,
            fault_rate: 0.0,
            faults: Fault::ALL.to_vec(),
            seed: 1,
            favour_first: false,
        }
    }
}

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

/// The order bias of [`MockOptions::favour_first`], applied to a reply that follows
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

struct Shared {
    options: MockOptions,
    script: Mutex<VecDeque<Scripted>>,
    requests: AtomicU64,
    served: Mutex<BTreeMap<String, u64>>,
    /// The last request bodies (at most 64), for tests that read prompts.
    bodies: Mutex<VecDeque<Value>>,
}

/// A running mock server; stops when dropped.
pub struct MockLlm {
    addr: SocketAddr,
    shared: Arc<Shared>,
    _stop: tokio::sync::oneshot::Sender<()>,
}

impl MockLlm {
    /// Starts on 127.0.0.1 at a free port, on the current tokio runtime.
    pub async fn start(options: MockOptions) -> std::io::Result<MockLlm> {
        let shared = Arc::new(Shared {
            options,
            script: Mutex::new(VecDeque::new()),
            requests: AtomicU64::new(0),
            served: Mutex::new(BTreeMap::new()),
            bodies: Mutex::new(VecDeque::new()),
        });
        let app = Router::new()
            .route("/v1/chat/completions", post(answer))
            .route("/v1/models", axum::routing::get(models))
            .with_state(shared.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(async move {
            let _ = axum::serve(listener, app)
                .with_graceful_shutdown(async {
                    let _ = stopped.await;
                })
                .await;
        });
        Ok(MockLlm {
            addr,
            shared,
            _stop: stop,
        })
    }

    /// `http://127.0.0.1:PORT/v1`, the base URL a provider is given.
    pub fn base_url(&self) -> String {
        format!("http://{}/v1", self.addr)
    }

    /// Queues replies served before any generated one.
    pub fn script(&self, replies: impl IntoIterator<Item = Scripted>) {
        self.shared
            .script
            .lock()
            .expect("mock lock")
            .extend(replies);
    }

    /// Requests received so far.
    pub fn requests(&self) -> u64 {
        self.shared.requests.load(Ordering::Relaxed)
    }

    /// What was served, by kind (`ok`, `server_error`, …).
    pub fn served(&self) -> BTreeMap<String, u64> {
        self.shared.served.lock().expect("mock lock").clone()
    }

    /// Faults served so far, all kinds together.
    pub fn faults_served(&self) -> u64 {
        self.served()
            .iter()
            .filter(|(k, _)| k.as_str() != "ok")
            .map(|(_, n)| n)
            .sum()
    }

    /// The most recent request bodies, oldest first.
    pub fn recent_requests(&self) -> Vec<Value> {
        self.shared
            .bodies
            .lock()
            .expect("mock lock")
            .iter()
            .cloned()
            .collect()
    }
}

/// The kinds of fault served (as [`MockLlm::served`] names them) that a client's records
/// (fault kind → count, as the review notes name them) do not account for exactly. The
/// mock's other replies follow the schema, so every invalid reply recorded was served as
/// one: the two counts must be equal.
pub fn unrecorded_faults(
    served: &BTreeMap<String, u64>,
    recorded: &BTreeMap<String, u64>,
) -> Vec<String> {
    let get = |m: &BTreeMap<String, u64>, k: &str| m.get(k).copied().unwrap_or(0);
    let mut missing = Vec::new();
    for (served_kind, recorded_kind) in [
        ("server_error", "http_5xx"),
        ("rate_limited", "http_429"),
        ("hang", "timeout"),
    ] {
        if get(recorded, recorded_kind) != get(served, served_kind) {
            missing.push(format!(
                "{served_kind}: served {}, recorded {}",
                get(served, served_kind),
                get(recorded, recorded_kind)
            ));
        }
    }
    let bad_replies: u64 = Fault::INVALID_REPLIES
        .iter()
        .map(|f| get(served, f.label()))
        .sum();
    if get(recorded, "invalid_reply") != bad_replies {
        missing.push(format!(
            "invalid replies: served {bad_replies}, recorded {}",
            get(recorded, "invalid_reply")
        ));
    }
    missing
}

/// A compliant model keeps a speech to the words its turn allows: when the request says
/// "At most N words", a `speech` field is cut to N words (a clean mock never answers
/// over the limit, whatever order its requests came in).
fn keep_to_the_limit(body: &Value, value: &mut Value) {
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

/// A small deterministic generator (splitmix64) for choices and faults.
fn mix(mut x: u64) -> u64 {
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

fn completion(content: &str, body: &Value) -> Value {
    let prompt: usize = body["messages"]
        .as_array()
        .map(|m| {
            m.iter()
                .map(|x| x["content"].as_str().unwrap_or("").len())
                .sum()
        })
        .unwrap_or(0);
    json!({
        "id": "mock",
        "object": "chat.completion",
        "model": body["model"],
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
        "usage": {
            "prompt_tokens": (prompt as u32).div_ceil(4),
            "completion_tokens": super::tokens::estimate(content),
        },
    })
}

async fn answer(State(shared): State<Arc<Shared>>, headers: HeaderMap, body: String) -> Response {
    let n = shared.requests.fetch_add(1, Ordering::Relaxed);
    let opts = &shared.options;
    if !headers.contains_key("authorization") {
        return (StatusCode::UNAUTHORIZED, "missing bearer token").into_response();
    }
    let Ok(body) = serde_json::from_str::<Value>(&body) else {
        return (StatusCode::BAD_REQUEST, "request is not JSON").into_response();
    };
    {
        let mut bodies = shared.bodies.lock().expect("mock lock");
        bodies.push_back(body.clone());
        if bodies.len() > 64 {
            bodies.pop_front();
        }
    }
    let mut rng = mix(opts.seed ^ mix(n));
    let scripted = shared.script.lock().expect("mock lock").pop_front();
    let plan = match scripted {
        Some(s) => s,
        None => {
            let draw = (mix(rng) % 1_000_000) as f64 / 1_000_000.0;
            rng = mix(rng);
            if draw < opts.fault_rate && !opts.faults.is_empty() {
                Scripted::Fault(opts.faults[(rng % opts.faults.len() as u64) as usize])
            } else {
                let schema = &body["response_format"]["json_schema"]["schema"];
                let mut value = if schema.is_object() {
                    instance(schema, &mut rng)
                } else {
                    json!({})
                };
                if opts.favour_first {
                    favour_first(schema, &mut value);
                }
                keep_to_the_limit(&body, &mut value);
                Scripted::Content(value.to_string())
            }
        }
    };
    let label = match &plan {
        Scripted::Content(_) => "ok",
        Scripted::Fault(f) => f.label(),
    };
    *shared
        .served
        .lock()
        .expect("mock lock")
        .entry(label.into())
        .or_default() += 1;
    if !opts.latency.is_zero() {
        tokio::time::sleep(opts.latency).await;
    }
    let schema = &body["response_format"]["json_schema"]["schema"];
    match plan {
        Scripted::Content(content) => Json(completion(&content, &body)).into_response(),
        Scripted::Fault(Fault::ServerError) => {
            (StatusCode::INTERNAL_SERVER_ERROR, "mock: internal error").into_response()
        }
        Scripted::Fault(Fault::RateLimited) => (
            StatusCode::TOO_MANY_REQUESTS,
            [("retry-after", "0")],
            "mock: slow down",
        )
            .into_response(),
        Scripted::Fault(Fault::Hang) => {
            // Longer than any client timeout in tests; the server stops when dropped.
            tokio::time::sleep(Duration::from_secs(3600)).await;
            StatusCode::GATEWAY_TIMEOUT.into_response()
        }
        Scripted::Fault(fault) => {
            let content = broken_reply(fault, schema, &mut rng);
            Json(completion(&content, &body)).into_response()
        }
    }
}

/// `GET /v1/models`: the one model, for a client checking that the server answers.
async fn models(headers: HeaderMap) -> Response {
    if !headers.contains_key("authorization") {
        return (StatusCode::UNAUTHORIZED, "missing bearer token").into_response();
    }
    Json(json!({"object": "list", "data": [{"id": "mock", "object": "model"}]})).into_response()
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
/// [`Fault::INVALID_REPLIES`]; other faults are not replies and give a schema-valid one).
pub fn broken_reply(fault: Fault, schema: &Value, rng: &mut u64) -> String {
    let mut value = instance(schema, rng);
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
    let listed: Vec<Value> = field["enum"].as_array().cloned().unwrap_or_default();
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
