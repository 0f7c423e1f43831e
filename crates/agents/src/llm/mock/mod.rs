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

mod replies;

pub use replies::{
    broken_reply, favour_first, instance, keep_to_the_offer, offered_in, offered_in_text,
};
use replies::{keep_to_the_limit, mix};

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
    /// Prompt-cache slots, as llama.cpp keeps them: each holds the last prompt it read, a
    /// request goes to the slot sharing the longest prefix with it, and the tokens of that
    /// prefix are reported cached (`usage.prompt_tokens_details.cached_tokens` and
    /// `timings.cache_n`). 0: no cache.
    pub cache_slots: usize,
    /// A streamed reply (`"stream": true`) comes a few characters a chunk, this long apart.
    pub chunk_delay: Duration,
    /// A server at a model's pace, as llama.cpp on a small machine: its cache slots are
    /// also the requests it works on at once (the others wait their turn), each reads its
    /// uncached prompt tokens and writes its reply at these speeds, and reports them in
    /// `timings`; `GET /props` gives `total_slots`. `None`: answers at once.
    pub pace: Option<ModelPace>,
}

/// A model's speeds, in tokens a second (see [`MockOptions::pace`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ModelPace {
    pub prompt_per_s: f64,
    pub generated_per_s: f64,
}

impl Default for MockOptions {
    fn default() -> Self {
        MockOptions {
            latency: Duration::ZERO,
            fault_rate: 0.0,
            faults: Fault::ALL.to_vec(),
            seed: 1,
            favour_first: false,
            cache_slots: 1,
            chunk_delay: Duration::ZERO,
            pace: None,
        }
    }
}

struct Shared {
    options: MockOptions,
    script: Mutex<VecDeque<Scripted>>,
    requests: AtomicU64,
    served: Mutex<BTreeMap<String, u64>>,
    /// The last request bodies (at most 1,024: a whole twelve-seat game), for tests that
    /// read prompts.
    bodies: Mutex<VecDeque<Value>>,
    /// The prompt each cache slot read last (see [`MockOptions::cache_slots`]).
    slots: Mutex<Vec<String>>,
    /// The slots at work, when the server keeps a model's pace.
    busy: Arc<tokio::sync::Semaphore>,
    /// When each streamed reply's speech began to leave the server (its first words).
    first_words: Mutex<Vec<std::time::Instant>>,
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
        MockLlm::start_on(0, options).await
    }

    /// Starts on 127.0.0.1 at `port` (0: a free one).
    pub async fn start_on(port: u16, options: MockOptions) -> std::io::Result<MockLlm> {
        let shared = Arc::new(Shared {
            options: options.clone(),
            script: Mutex::new(VecDeque::new()),
            requests: AtomicU64::new(0),
            served: Mutex::new(BTreeMap::new()),
            bodies: Mutex::new(VecDeque::new()),
            slots: Mutex::new(Vec::new()),
            busy: Arc::new(tokio::sync::Semaphore::new(options.cache_slots.max(1))),
            first_words: Mutex::new(Vec::new()),
        });
        let app = Router::new()
            .route("/v1/chat/completions", post(answer))
            .route("/v1/models", axum::routing::get(models))
            .route("/props", axum::routing::get(props))
            .with_state(shared.clone());
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
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

    /// When each streamed reply's speech began to leave the server, in order.
    pub fn first_words(&self) -> Vec<std::time::Instant> {
        self.shared.first_words.lock().expect("mock lock").clone()
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

/// A request's prompt as a server reads it: each message's role and content, in order.
fn prompt_text(body: &Value) -> String {
    let mut text = String::new();
    for m in body["messages"].as_array().into_iter().flatten() {
        text.push_str(m["role"].as_str().unwrap_or(""));
        text.push('\n');
        text.push_str(m["content"].as_str().unwrap_or(""));
        text.push('\n');
    }
    text
}

/// The length in bytes of the longest common prefix of `a` and `b`.
fn common_prefix(a: &str, b: &str) -> usize {
    a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count()
}

impl Shared {
    /// Reads `prompt` into the cache slot that shares the longest prefix with it (else the
    /// first empty one, else the first) and returns the bytes of that prefix.
    fn read_prompt(&self, prompt: &str) -> usize {
        let wanted = self.options.cache_slots;
        if wanted == 0 {
            return 0;
        }
        let mut slots = self.slots.lock().expect("mock lock");
        let best = slots
            .iter()
            .enumerate()
            .map(|(i, s)| (common_prefix(s, prompt), i))
            .max_by_key(|&(n, i)| (n, std::cmp::Reverse(i)));
        match best {
            Some((n, i)) if n > 0 || slots.len() >= wanted => {
                slots[i] = prompt.to_string();
                n
            }
            _ => {
                slots.push(prompt.to_string());
                0
            }
        }
    }
}

fn completion(content: &str, body: &Value, cached_bytes: usize) -> Value {
    let prompt = prompt_text(body).len();
    let prompt_tokens = (prompt as u32).div_ceil(4);
    let cached = ((cached_bytes / 4) as u32).min(prompt_tokens);
    json!({
        "id": "mock",
        "object": "chat.completion",
        "model": body["model"],
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": super::tokens::estimate(content),
            "prompt_tokens_details": {"cached_tokens": cached},
        },
        "timings": {"cache_n": cached, "prompt_n": prompt_tokens - cached},
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
        if bodies.len() > 1024 {
            bodies.pop_front();
        }
    }
    // A server at a model's pace works on as many requests at once as it has slots.
    let slot = match opts.pace {
        Some(_) => shared.busy.clone().acquire_owned().await.ok(),
        None => None,
    };
    let cached = shared.read_prompt(&prompt_text(&body));
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
                if let Some(offered) = offered_in(&body) {
                    keep_to_the_offer(schema, &offered, &mut value, &mut rng);
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
    let streamed = body["stream"] == json!(true);
    let mut delay = opts.chunk_delay;
    if let Some(pace) = opts.pace {
        let whole = completion("", &body, cached);
        let uncached = whole["timings"]["prompt_n"].as_f64().unwrap_or(0.0);
        tokio::time::sleep(Duration::from_secs_f64(uncached / pace.prompt_per_s)).await;
        delay = Duration::from_secs_f64(1.0 / pace.generated_per_s);
    }
    let paced = |mut whole: Value| {
        if let Some(pace) = opts.pace {
            whole["timings"]["prompt_per_second"] = json!(pace.prompt_per_s);
            whole["timings"]["predicted_per_second"] = json!(pace.generated_per_s);
        }
        whole
    };
    match plan {
        Scripted::Content(content) if streamed => stream_of(
            &content,
            paced(completion(&content, &body, cached)),
            delay,
            (slot, shared.clone()),
        ),
        Scripted::Content(content) => {
            let whole = paced(completion(&content, &body, cached));
            if opts.pace.is_some() {
                let n = whole["usage"]["completion_tokens"].as_u64().unwrap_or(0) as u32;
                tokio::time::sleep(delay * n).await;
            }
            drop(slot);
            Json(whole).into_response()
        }
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
            let content = broken_reply(fault, schema, offered_in(&body).as_deref(), &mut rng);
            let whole = paced(completion(&content, &body, cached));
            if streamed {
                stream_of(&content, whole, delay, (slot, shared.clone()))
            } else {
                Json(whole).into_response()
            }
        }
    }
}

/// `content` as a server streams it: server-sent events of a few characters (about a
/// token) each, `delay` apart, then the usage (and llama.cpp's timings) of `whole` in a
/// last chunk, then `[DONE]`. The slot it works in, if any, is held until the end; the
/// moment a speech's first words leave is recorded.
fn stream_of(
    content: &str,
    whole: Value,
    delay: Duration,
    (slot, shared): (Option<tokio::sync::OwnedSemaphorePermit>, Arc<Shared>),
) -> Response {
    use futures::StreamExt;
    let chars: Vec<char> = content.chars().collect();
    let mut so_far = String::new();
    let mut spoke = false;
    let mut events: Vec<(String, bool)> = chars
        .chunks(4)
        .map(|c| {
            let piece: String = c.iter().collect();
            so_far.push_str(&piece);
            let first = !spoke
                && super::stream::partial_field(&so_far, "speech").is_some_and(|s| !s.is_empty());
            spoke |= first;
            let delta = json!({"choices": [{"index": 0, "delta": {"content": piece}}]});
            (format!("data: {delta}\n\n"), first)
        })
        .collect();
    let last = json!({"choices": [], "usage": whole["usage"], "timings": whole["timings"]});
    events.push((format!("data: {last}\n\n"), false));
    events.push(("data: [DONE]\n\n".to_string(), false));
    let body = futures::stream::iter(events).then(move |(e, first)| {
        let shared = shared.clone();
        async move {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            if first {
                shared
                    .first_words
                    .lock()
                    .expect("mock lock")
                    .push(std::time::Instant::now());
            }
            Ok::<_, std::convert::Infallible>(axum::body::Bytes::from(e))
        }
    });
    // The slot is free once the whole reply has gone.
    let body = body.chain(futures::stream::once(async move {
        drop(slot);
        Ok(axum::body::Bytes::new())
    }));
    (
        [("content-type", "text/event-stream")],
        axum::body::Body::from_stream(body),
    )
        .into_response()
}

/// `GET /v1/models`: the one model, for a client checking that the server answers.
async fn models(headers: HeaderMap) -> Response {
    if !headers.contains_key("authorization") {
        return (StatusCode::UNAUTHORIZED, "missing bearer token").into_response();
    }
    Json(json!({"object": "list", "data": [{"id": "mock", "object": "model"}]})).into_response()
}

/// `GET /props`: the server's slots, as llama.cpp reports them.
async fn props(State(shared): State<Arc<Shared>>) -> Response {
    Json(json!({"total_slots": shared.options.cache_slots.max(1)})).into_response()
}
