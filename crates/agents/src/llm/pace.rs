//! A model server's pace, learned from its replies, and what it means for one call.
//!
//! - **Speeds**: llama.cpp's `timings` (`prompt_per_second`, `predicted_per_second`) when a
//!   reply carries them; else, on a streamed call, the time to its first words (the
//!   uncached prompt read) and the time of the rest (the reply written).
//! - **Slots**: a llama.cpp server's `GET /props` `total_slots` caps the calls sent at once
//!   (else the provider's `max_concurrency` does), for every role's client of that server
//!   together ([`server`]). The others wait here, first asked first
//!   sent, which is the order the table needs its answers; a call's time limit starts
//!   when it is sent, not while it waits.
//! - **Fitting a call to its deadline** ([`Client::call`]): the time a call needs is its
//!   uncached prompt (what it does not share with the last prompt sent) at the prompt
//!   speed, plus the reply tokens its kind of ask took before at the writing speed. When
//!   that does not fit its share of the time left before the ask is due (shared with the
//!   calls waiting behind it for a slot), the request is sent without
//!   its optional fields ([`Request::optional`]: the review), so it is answered in time
//!   rather than timed out after. A call that needs longer than the provider's timeout is
//!   given that long (twice the estimate), so a slow server is not cut off mid-reply. A
//!   llama.cpp server's calls are all streamed (with `return_progress`): a call is cut off
//!   only when no byte comes within its limit.

use super::{Client, Failed, LlmError, Provider, Reply, Request};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// What one provider's server has shown of its pace (shared by a client's clones).
#[derive(Default)]
pub(super) struct Pace {
    learned: Mutex<Learned>,
    slots: tokio::sync::OnceCell<()>,
    /// Calls waiting for a slot now.
    waiting: std::sync::atomic::AtomicUsize,
}

#[derive(Default)]
struct Learned {
    prompt_per_s: Option<f64>,
    generated_per_s: Option<f64>,
    /// Reply tokens by kind of ask (schema name; `+lean` without its optional fields).
    reply_tokens: HashMap<String, f64>,
    /// The last prompt sent: a server's cache holds it.
    last_prompt: String,
}

/// The slots and pace of each llama.cpp server in use, by base URL: every role's client
/// of one server (debaters and the judge) shares them, so their calls queue for its slots
/// together instead of waiting inside the server with their time running.
static SERVERS: std::sync::LazyLock<Mutex<HashMap<String, Shared>>> =
    std::sync::LazyLock::new(Default::default);

type Shared = (std::sync::Weak<Semaphore>, std::sync::Weak<Pace>);

/// The slots and pace for a new client of `provider`: a llama.cpp server's shared with
/// its other clients, any other provider's its own.
pub(super) fn server(provider: &Provider) -> (Arc<Semaphore>, Arc<Pace>) {
    let fresh = || {
        (
            Arc::new(Semaphore::new(provider.max_concurrency as usize)),
            Arc::new(Pace::default()),
        )
    };
    if provider.server != super::ServerKind::LlamaCpp {
        return fresh();
    }
    let mut servers = SERVERS.lock().expect("servers lock");
    servers.retain(|_, (l, p)| l.strong_count() > 0 && p.strong_count() > 0);
    if let Some((l, p)) = servers.get(&provider.base_url) {
        if let (Some(l), Some(p)) = (l.upgrade(), p.upgrade()) {
            return (l, p);
        }
    }
    let (l, p) = fresh();
    servers.insert(
        provider.base_url.clone(),
        (Arc::downgrade(&l), Arc::downgrade(&p)),
    );
    (l, p)
}

/// How much a new figure moves a learned one.
const WEIGHT: f64 = 0.3;

fn blend(old: Option<f64>, new: f64) -> Option<f64> {
    if !new.is_finite() || new <= 0.0 {
        return old;
    }
    Some(match old {
        Some(o) => o + WEIGHT * (new - o),
        None => new,
    })
}

/// A request's prompt as a server reads it (roles and contents in order).
fn prompt_of(req: &Request) -> String {
    let mut text = String::new();
    for m in &req.messages {
        text.push_str(m.role);
        text.push('\n');
        text.push_str(&m.content);
        text.push('\n');
    }
    text
}

fn kind_of(req: &Request, lean: bool) -> String {
    if lean {
        format!("{}+lean", req.schema_name)
    } else {
        req.schema_name.clone()
    }
}

/// `req` without its optional fields.
fn lean(req: &Request) -> Request {
    let mut r = req.clone();
    if let Some(props) = r.schema["properties"].as_object_mut() {
        for k in req.optional {
            props.remove(*k);
        }
    }
    if let Some(required) = r.schema["required"].as_array_mut() {
        required.retain(|k| !k.as_str().is_some_and(|k| req.optional.contains(&k)));
    }
    r.optional = &[];
    r
}

impl Pace {
    /// The speeds learned so far (prompt, generation), once both are known.
    pub(super) fn speeds(&self) -> Option<(f64, f64)> {
        let l = self.learned.lock().expect("pace lock");
        Some((l.prompt_per_s?, l.generated_per_s?))
    }

    /// The prompt tokens of `prompt` a server must read: what it does not share with the
    /// last prompt sent (about four bytes a token).
    fn uncached(&self, prompt: &str) -> f64 {
        let l = self.learned.lock().expect("pace lock");
        let shared = (l.last_prompt.bytes())
            .zip(prompt.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        ((prompt.len() - shared) as f64 / 4.0).max(1.0)
    }

    /// The time `req` needs once sent (its `uncached` prompt tokens read, its reply
    /// written; `lean`: without its optional fields), if the speeds are known.
    fn needs(&self, req: &Request, lean: bool, uncached: f64, max_tokens: u32) -> Option<Duration> {
        let (prompt_speed, gen_speed) = self.speeds()?;
        let reply = {
            let l = self.learned.lock().expect("pace lock");
            l.reply_tokens.get(&kind_of(req, lean)).copied()
        };
        let reply = reply.unwrap_or(if lean { 24.0 } else { max_tokens as f64 / 2.0 });
        Some(Duration::from_secs_f64(
            uncached / prompt_speed + reply / gen_speed,
        ))
    }

    fn learn(&self, req: &Request, lean: bool, reply: &Reply, uncached: f64, took: Duration) {
        let mut l = self.learned.lock().expect("pace lock");
        let timings = &reply.timings;
        let told = (
            timings["prompt_per_second"].as_f64(),
            timings["predicted_per_second"].as_f64(),
        );
        match (told, reply.first_words) {
            ((Some(p), Some(g)), _) => {
                l.prompt_per_s = blend(l.prompt_per_s, p);
                l.generated_per_s = blend(l.generated_per_s, g);
            }
            ((None, None), Some(first)) if reply.usage.completion > 4 => {
                let read = reply.usage.prompt.saturating_sub(reply.usage.cached) as f64;
                let read = if reply.usage.reported { read } else { uncached };
                l.prompt_per_s = blend(l.prompt_per_s, read / first.as_secs_f64().max(0.001));
                let writing = took.saturating_sub(first).as_secs_f64().max(0.001);
                l.generated_per_s =
                    blend(l.generated_per_s, reply.usage.completion as f64 / writing);
            }
            _ => {}
        }
        let kind = kind_of(req, lean);
        let old = l.reply_tokens.get(&kind).copied();
        if let Some(n) = blend(old, reply.usage.completion as f64) {
            l.reply_tokens.insert(kind, n);
        }
    }
}

impl Client {
    /// One call, fitted to the time left before `due` (see the module's notes), streamed
    /// when `on_text` is given (it is handed the reply's content so far as it grows). The
    /// reply says whether the optional fields were left out (`lean`).
    pub async fn call(
        &self,
        req: &Request,
        due: Option<Instant>,
        on_text: Option<&mut (dyn FnMut(&str) + Send)>,
    ) -> Result<Reply, Failed> {
        self.learn_slots().await;
        let mut retried = Vec::new();
        let reply = async {
            use std::sync::atomic::Ordering::Relaxed;
            self.pace.waiting.fetch_add(1, Relaxed);
            let permit = self.limit.acquire().await;
            self.pace.waiting.fetch_sub(1, Relaxed);
            let _permit = permit.map_err(|_| LlmError::Transport("the client is closed".into()))?;
            if due.is_some_and(|due| due <= Instant::now()) {
                // Its answer was due before a slot was free: the table has moved on, and
                // the slot goes to a call that is still wanted.
                return Err(LlmError::Timeout(Duration::ZERO));
            }
            let p = &self.provider;
            let max_tokens = req.max_tokens.unwrap_or(p.max_tokens);
            // The prompt is read once: a lean request has the same messages.
            let prompt = prompt_of(req);
            let uncached = self.pace.uncached(&prompt);
            let full = self.pace.needs(req, false, uncached, max_tokens);
            // The time left is shared with the calls waiting behind this one (a vote's
            // seats all answer by the same deadline).
            let behind = self.pace.waiting.load(Relaxed) as u32;
            let short = due.and_then(|due| {
                let left = due.saturating_duration_since(Instant::now()) / (behind + 1);
                full.map(|needs| needs.mul_f64(1.25) + Duration::from_millis(500) > left)
            });
            let is_lean = short == Some(true) && !req.optional.is_empty();
            let sent = match is_lean {
                true => std::borrow::Cow::Owned(lean(req)),
                false => std::borrow::Cow::Borrowed(req),
            };
            let needs = match is_lean {
                true => self.pace.needs(req, true, uncached, max_tokens),
                false => full,
            };
            let limit = needs.map_or(p.timeout, |n| p.timeout.max(n * 2));
            let started = Instant::now();
            // A llama.cpp server's calls are all streamed: its progress while it reads a
            // long prompt shows it alive, and only a stall (no byte within the limit) is
            // a time-out, not a slow but steady reply.
            let result = match on_text {
                Some(f) => self.streamed(&sent, &mut retried, limit, f).await,
                None if p.server == super::ServerKind::LlamaCpp => {
                    self.streamed(&sent, &mut retried, limit, &mut |_: &str| {})
                        .await
                }
                None => self.attempts(&sent, &mut retried, limit).await,
            };
            self.pace.learned.lock().expect("pace lock").last_prompt = prompt;
            let mut reply = result?;
            self.pace
                .learn(req, is_lean, &reply, uncached, started.elapsed());
            reply.lean = is_lean;
            Ok(reply)
        }
        .await
        .map_err(|error| Failed { error, retried });
        self.count(&reply);
        reply
    }

    /// Once per provider, a llama.cpp server's slots (`GET /props` `total_slots`) cap the
    /// calls sent to it at once.
    async fn learn_slots(&self) {
        if self.provider.server != super::ServerKind::LlamaCpp {
            return;
        }
        self.pace
            .slots
            .get_or_init(|| async {
                let root = self.provider.base_url.trim_end_matches("/v1");
                let props = self
                    .http
                    .get(format!("{root}/props"))
                    .timeout(Duration::from_secs(5))
                    .send()
                    .await;
                let slots = match props {
                    Ok(r) => r.json::<Value>().await.ok(),
                    Err(_) => None,
                }
                .and_then(|v| v["total_slots"].as_u64())
                .filter(|n| *n > 0);
                let max = self.provider.max_concurrency as u64;
                if let Some(n) = slots.filter(|n| *n < max) {
                    self.limit.forget_permits((max - n) as usize);
                    tracing::info!(role = %self.provider.role, slots = n, "the model's server works on {n} calls at once");
                }
            })
            .await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Lang;
    use crate::llm::Message;
    use serde_json::json;

    fn vote() -> Request {
        Request {
            messages: vec![Message::system("rules"), Message::user("Your vote.")],
            schema_name: "target".into(),
            schema: json!({
                "type": "object",
                "properties": {
                    "reasoning_steps": {"type": "array", "items": {"type": "string"}},
                    "target": {"enum": [1, 2, 3]},
                },
                "required": ["reasoning_steps", "target"],
                "additionalProperties": false,
            }),
            shown: None,
            optional: &["reasoning_steps"],
            max_tokens: None,
            lang: Lang::En,
        }
    }

    #[test]
    fn a_lean_request_leaves_its_optional_fields_out() {
        let l = lean(&vote());
        assert_eq!(l.schema["required"], json!(["target"]));
        assert!(l.schema["properties"]["reasoning_steps"].is_null());
        assert_eq!(l.messages, vote().messages);
    }

    #[test]
    fn what_a_call_needs_comes_from_the_speeds_learned() {
        let pace = Pace::default();
        assert_eq!(
            pace.needs(&vote(), false, pace.uncached(&prompt_of(&vote())), 400),
            None,
            "nothing learned yet"
        );
        let reply = Reply {
            content: "{}".into(),
            usage: crate::llm::Usage {
                prompt: 100,
                completion: 50,
                cached: 0,
                reported: true,
            },
            attempts: 1,
            retried: vec![],
            timings: json!({"prompt_per_second": 200.0, "predicted_per_second": 25.0}),
            first_words: None,
            lean: false,
        };
        pace.learn(&vote(), false, &reply, 100.0, Duration::from_secs(3));
        let needs = pace
            .needs(&vote(), false, pace.uncached(&prompt_of(&vote())), 400)
            .unwrap();
        // The whole prompt (nothing sent before): ~10 tokens at 200/s, 50 at 25/s.
        assert!(
            needs > Duration::from_millis(2000) && needs < Duration::from_millis(2200),
            "{needs:?}"
        );
        pace.learned.lock().unwrap().last_prompt = prompt_of(&vote());
        let again = pace
            .needs(&vote(), false, pace.uncached(&prompt_of(&vote())), 400)
            .unwrap();
        assert!(again < needs, "a prompt read before is cheaper");
        let lean_needs = pace
            .needs(&vote(), true, pace.uncached(&prompt_of(&vote())), 400)
            .unwrap();
        assert!(lean_needs < again, "{lean_needs:?} vs {again:?}");
    }
}
