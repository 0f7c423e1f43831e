//! An OpenAI-compatible chat server on loopback, for tests and benchmarks: no network, no
//! key. It answers `POST /v1/chat/completions` with a reply that follows the request's JSON
//! schema (a choice from each enum, short text for strings), after a fixed latency. On
//! demand it serves faults instead: HTTP 500, 429 with `retry-after`, a reply that never
//! comes, JSON cut off mid-way, or a choice outside the schema's enum. Scripted replies,
//! queued with [`MockLlm::script`], are served first, in order.

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
}

impl Fault {
    pub const ALL: [Fault; 5] = [
        Fault::ServerError,
        Fault::RateLimited,
        Fault::Hang,
        Fault::Truncated,
        Fault::InvalidChoice,
    ];
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
}

impl Default for MockOptions {
    fn default() -> Self {
        MockOptions {
            latency: Duration::ZERO,
            fault_rate: 0.0,
            faults: Fault::ALL.to_vec(),
            seed: 1,
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
/// (fault kind → count, as the review notes name them) do not account for. A model reply
/// can also be wrong on its own (a `poison` without a target), so records may hold more
/// invalid replies than were served; never fewer.
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
    let bad_replies = get(served, "truncated") + get(served, "invalid_choice");
    if get(recorded, "invalid_reply") < bad_replies {
        missing.push(format!(
            "truncated + invalid_choice: served {bad_replies}, recorded {}",
            get(recorded, "invalid_reply")
        ));
    }
    missing
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
                    out.insert(k.clone(), instance(v, rng));
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
            Value::String(text)
        }
        "integer" => json!(schema["minimum"].as_i64().unwrap_or(1)),
        "number" => json!(((next() % 101) as f64) / 100.0),
        "boolean" => json!(next() % 2 == 0),
        _ => Value::Null,
    }
}

/// The same shape with every top-level enum field set outside its enum; a schema without
/// one gets its first string field as a number instead. Either way the reply breaks the
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
        if let Some((k, _)) = props.iter().find(|(_, s)| s["type"] == "string") {
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
                let value = if schema.is_object() {
                    instance(schema, &mut rng)
                } else {
                    json!({})
                };
                Scripted::Content(value.to_string())
            }
        }
    };
    let label = match &plan {
        Scripted::Content(_) => "ok",
        Scripted::Fault(Fault::ServerError) => "server_error",
        Scripted::Fault(Fault::RateLimited) => "rate_limited",
        Scripted::Fault(Fault::Hang) => "hang",
        Scripted::Fault(Fault::Truncated) => "truncated",
        Scripted::Fault(Fault::InvalidChoice) => "invalid_choice",
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
        Scripted::Fault(Fault::Truncated) => {
            let full = instance(schema, &mut rng).to_string();
            let cut: String = full.chars().take(full.chars().count() / 2).collect();
            Json(completion(&cut, &body)).into_response()
        }
        Scripted::Fault(Fault::InvalidChoice) => {
            let mut value = instance(schema, &mut rng);
            invalid_choice(schema, &mut value);
            Json(completion(&value.to_string(), &body)).into_response()
        }
    }
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
