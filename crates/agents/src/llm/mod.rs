//! Language models: one client for OpenAI-compatible chat APIs, providers per role, token
//! estimates, and (for tests and benchmarks) a mock server on loopback.
//!
//! - [`Provider::resolve`]: `{ROLE}_LLM_*` beats `LLM_*` beats `[llm]` in config. No API key
//!   anywhere means no provider: the caller seats the built-in heuristic players instead.
//! - [`Client::chat`]: one structured call. The reply is constrained by a JSON schema whose
//!   enums list the options of its kind of ask (`json_schema`), or asked for as a JSON object
//!   (`json_object`, for servers without schemas). Per-call timeout; retries with backoff on
//!   429 and 5xx, honouring `retry-after`; a concurrency limit per provider; the table's
//!   `prompt_cache_key` ([`Client::for_table`]) and the tokens its cache served.
//! - [`Client::chat_streamed`] ([`stream`]): the same call with the reply streamed, its
//!   content handed over as it grows.
//! - [`tokens`]: prompt and completion token counts (the server's `usage` when it sends one,
//!   else an estimate).
//! - [`mock`]: an OpenAI-compatible server that answers schema-valid replies, with latency
//!   and faults on demand.

pub mod mock;
pub mod pace;
pub mod prompts;
pub mod stream;
pub mod tokens;

use crate::config::LlmConfig;
use crate::games::Lang;
use serde::Serialize;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use thiserror::Error;
use tokio::sync::Semaphore;

/// How a structured reply is requested (`[llm] response_format`).
pub use crate::config::ResponseFormat as Format;
/// What kind of server a provider is (`[llm] server`).
pub use crate::config::ServerKind;

/// One model endpoint for one role. The API key is never printed (see `Debug`).
#[derive(Clone)]
pub struct Provider {
    pub role: String,
    pub base_url: String,
    pub model: String,
    api_key: String,
    pub format: Format,
    pub server: ServerKind,
    pub timeout: Duration,
    pub max_retries: u32,
    pub max_concurrency: u32,
    pub temperature: f64,
    pub max_tokens: u32,
}

impl std::fmt::Debug for Provider {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Provider")
            .field("role", &self.role)
            .field("base_url", &self.base_url)
            .field("model", &self.model)
            .field("api_key", &"***")
            .finish()
    }
}

/// A provider setting from the environment that cannot be used.
#[derive(Debug, Error)]
#[error("environment variable {var}: {message}")]
pub struct ProviderError {
    pub var: String,
    pub message: String,
}

impl Provider {
    /// The provider for `role` (`WEREWOLF`, `DEBATER`, `JUDGE`, `JUROR`): each setting from
    /// `{ROLE}_LLM_{KEY}`, else `LLM_{KEY}`, else `config`. `Ok(None)` when no API key is
    /// configured for the role.
    pub fn resolve(
        role: &str,
        config: &LlmConfig,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Option<Provider>, ProviderError> {
        let role = role.to_uppercase();
        let get = |key: &str| -> Option<(String, String)> {
            for var in [format!("{role}_LLM_{key}"), format!("LLM_{key}")] {
                if let Some(v) = env(&var).filter(|v| !v.trim().is_empty()) {
                    return Some((var, v.trim().to_string()));
                }
            }
            None
        };
        let Some((_, api_key)) = get("API_KEY") else {
            return Ok(None);
        };
        let base_url = match get("BASE_URL") {
            Some((var, url)) => {
                if !url.starts_with("http://") && !url.starts_with("https://") {
                    return Err(ProviderError {
                        var,
                        message: format!("{url:?} is not an http(s) URL"),
                    });
                }
                url
            }
            None => config.base_url.clone(),
        };
        let model = get("MODEL").map_or_else(|| config.model.clone(), |(_, m)| m);
        let format = match get("RESPONSE_FORMAT") {
            Some((var, f)) => choice(var, &f, "json_schema or json_object")?,
            None => config.response_format,
        };
        let server = match get("SERVER") {
            Some((var, s)) => choice(var, &s, "openai or llama_cpp")?,
            None => config.server,
        };
        Ok(Some(Provider {
            role,
            base_url: base_url.trim_end_matches('/').to_string(),
            model,
            api_key,
            format,
            server,
            timeout: Duration::from_secs_f64(config.timeout_secs),
            max_retries: config.max_retries,
            max_concurrency: config.max_concurrency,
            temperature: config.temperature,
            max_tokens: config.max_tokens,
        }))
    }

    /// A provider for a known endpoint (tests, benchmarks, the local model script).
    pub fn fixed(role: &str, base_url: &str, model: &str, config: &LlmConfig) -> Provider {
        Provider {
            role: role.to_uppercase(),
            base_url: base_url.trim_end_matches('/').to_string(),
            model: model.into(),
            api_key: "none".into(),
            format: config.response_format,
            server: config.server,
            timeout: Duration::from_secs_f64(config.timeout_secs),
            max_retries: config.max_retries,
            max_concurrency: config.max_concurrency,
            temperature: config.temperature,
            max_tokens: config.max_tokens,
        }
    }
}

/// One of a config enum's values (as `config/agora.toml` spells them) from the variable
/// `var`, else an error naming it and the `allowed` values.
fn choice<T: serde::de::DeserializeOwned>(
    var: String,
    value: &str,
    allowed: &str,
) -> Result<T, ProviderError> {
    serde_json::from_value(Value::String(value.to_string())).map_err(|_| ProviderError {
        var,
        message: format!("{value:?} is not allowed: use {allowed}"),
    })
}

/// A chat message.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Message {
    pub role: &'static str,
    pub content: String,
}

impl Message {
    pub fn system(content: impl Into<String>) -> Message {
        Message {
            role: "system",
            content: content.into(),
        }
    }
    pub fn user(content: impl Into<String>) -> Message {
        Message {
            role: "user",
            content: content.into(),
        }
    }
    pub fn assistant(content: impl Into<String>) -> Message {
        Message {
            role: "assistant",
            content: content.into(),
        }
    }
}

/// A structured request: the messages and the schema the reply must follow.
#[derive(Debug, Clone)]
pub struct Request {
    pub messages: Vec<Message>,
    /// Names the schema (`[a-z_]+`).
    pub schema_name: String,
    pub schema: Value,
    /// The reply's top-level text field a watching table is shown as it is written (a
    /// speech): with someone watching ([`crate::drafts`]) the reply is streamed and that
    /// field's text handed over as it grows. `None` for every other kind of ask.
    pub shown: Option<&'static str>,
    /// Properties the reply may be spared when the call would not fit its time otherwise
    /// (a review: reasoning, suspicions): left out of the schema before sending, and the
    /// reply read as if they were empty (see [`pace`]).
    pub optional: &'static [&'static str],
    /// The most tokens the reply may take, when its ask needs other than the provider's
    /// `max_tokens` (a long speech: its word limit and a margin).
    pub max_tokens: Option<u32>,
    /// The language its prompts are written in (the table's): a request to repair an
    /// invalid reply is written in it too.
    pub lang: Lang,
}

/// Tokens one call used.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Usage {
    pub prompt: u32,
    pub completion: u32,
    /// Of the prompt's tokens, those the server's prompt cache served (OpenAI's
    /// `usage.prompt_tokens_details.cached_tokens`, llama.cpp's `timings.cache_n`; 0 when
    /// it reports neither).
    pub cached: u32,
    /// Whether the server reported them (else they are estimates).
    pub reported: bool,
}

/// A reply's content (a JSON text, not yet validated) and its cost.
#[derive(Debug, Clone)]
pub struct Reply {
    pub content: String,
    pub usage: Usage,
    /// HTTP attempts made (1 + retries).
    pub attempts: u32,
    /// The statuses of the attempts that were retried (429, 5xx), in order.
    pub retried: Vec<u16>,
    /// llama.cpp's `timings`, when the server sent them (else null).
    pub timings: Value,
    /// A streamed reply: how long after it was sent its first content came.
    pub first_words: Option<Duration>,
    /// Sent without the request's optional fields, to fit its time ([`pace`]).
    pub lean: bool,
}

/// Why a call gave no usable reply.
#[derive(Debug, Clone, Error, PartialEq)]
pub enum LlmError {
    #[error("the model did not answer within {0:?}")]
    Timeout(Duration),
    #[error("the model's server answered HTTP {0}")]
    Status(u16),
    #[error("could not reach the model's server: {0}")]
    Transport(String),
    #[error("the model's server sent an unreadable response: {0}")]
    Protocol(String),
}

impl LlmError {
    /// A short label for fault records.
    pub fn label(&self) -> &'static str {
        match self {
            LlmError::Timeout(_) => "timeout",
            LlmError::Status(status) => status_label(*status),
            LlmError::Transport(_) => "transport",
            LlmError::Protocol(_) => "protocol",
        }
    }
}

/// A call that gave no usable reply: the last error, and the statuses of the attempts that
/// were retried before it (each one a fault to record).
#[derive(Debug, Clone, Error, PartialEq)]
#[error("{error}")]
pub struct Failed {
    pub error: LlmError,
    pub retried: Vec<u16>,
}

/// The fault label of an HTTP status.
pub fn status_label(status: u16) -> &'static str {
    match status {
        SEND_FAILED => "transport",
        429 => "http_429",
        s if s >= 500 => "http_5xx",
        _ => "http_error",
    }
}

/// The "status" of an attempt whose request could not be sent (a kept-alive connection the
/// server had closed): retried once like a 5xx, recorded as `transport`.
const SEND_FAILED: u16 = 0;

/// The client for one provider. Cheap to clone.
#[derive(Clone)]
pub struct Client {
    http: reqwest::Client,
    provider: Arc<Provider>,
    limit: Arc<Semaphore>,
    /// Sent as `prompt_cache_key`: the table the calls are for (see [`Client::for_table`]).
    cache_key: Option<Arc<str>>,
    /// The server's pace and slots, as learned ([`pace`]).
    pace: Arc<pace::Pace>,
}

/// The longest wait a `retry-after` may impose before we give up on the retry.
const MAX_RETRY_AFTER: Duration = Duration::from_secs(10);

impl Client {
    pub fn new(provider: Provider) -> Client {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            .build()
            .expect("a reqwest client with rustls builds");
        let (limit, pace) = pace::server(&provider);
        Client {
            http,
            limit,
            provider: Arc::new(provider),
            cache_key: None,
            pace,
        }
    }

    /// This client for the calls of one table (same server, same limits): each call names
    /// the table as its `prompt_cache_key`, so a provider that routes by it sends a table's
    /// calls, which share their prefix, to the same cache.
    pub fn for_table(&self, table: &str) -> Client {
        Client {
            cache_key: Some(Arc::from(format!("agora-{table}"))),
            ..self.clone()
        }
    }

    pub fn provider(&self) -> &Provider {
        &self.provider
    }

    fn body(&self, req: &Request) -> Value {
        let p = &self.provider;
        let mut messages = req.messages.clone();
        let response_format = match p.format {
            Format::JsonSchema => json!({
                "type": "json_schema",
                "json_schema": {"name": req.schema_name, "strict": true, "schema": req.schema},
            }),
            Format::JsonObject => {
                // Without server-side schemas the model is told the schema in words.
                if let Some(last) = messages.last_mut() {
                    last.content.push_str(&format!(
                        "\n\nAnswer with one JSON object that follows this JSON schema:\n{}",
                        req.schema
                    ));
                }
                json!({"type": "json_object"})
            }
        };
        let mut body = json!({
            "model": p.model,
            "messages": messages,
            "temperature": p.temperature,
            "max_tokens": req.max_tokens.unwrap_or(p.max_tokens),
            "response_format": response_format,
        });
        if let Some(key) = &self.cache_key {
            body["prompt_cache_key"] = json!(&**key);
        }
        if p.server == ServerKind::LlamaCpp {
            body["cache_prompt"] = json!(true);
        }
        body
    }

    /// Checks once, with a short request (`GET {base_url}/models`), that the provider's
    /// server answers and does not refuse the key. Any other answer (even a 404 from a
    /// server without that route) counts as reachable.
    pub async fn probe(&self) -> Result<(), LlmError> {
        let timeout = self.provider.timeout.min(Duration::from_secs(5));
        let sent = self
            .http
            .get(format!("{}/models", self.provider.base_url))
            .bearer_auth(&self.provider.api_key)
            .timeout(timeout)
            .send()
            .await;
        match sent {
            Ok(r) if matches!(r.status().as_u16(), 401 | 403) => {
                Err(LlmError::Status(r.status().as_u16()))
            }
            Ok(_) => Ok(()),
            Err(e) if e.is_timeout() => Err(LlmError::Timeout(timeout)),
            Err(e) => {
                // The causes too ("connection refused"), not only "error sending request".
                let mut text = without_url(&e);
                let mut source = std::error::Error::source(&e);
                while let Some(cause) = source {
                    text.push_str(&format!(": {cause}"));
                    source = cause.source();
                }
                Err(LlmError::Transport(text))
            }
        }
    }

    /// One structured call, with the provider's timeout, retries and concurrency limit
    /// ([`Client::call`] with no deadline).
    pub async fn chat(&self, req: &Request) -> Result<Reply, Failed> {
        self.call(req, None, None).await
    }

    /// A call's outcome and tokens, for the operator's metrics (`/metrics` of `agora run`).
    fn count(&self, reply: &Result<Reply, Failed>) {
        match reply {
            Ok(r) => {
                metrics::counter!("agora_model_calls_total", "outcome" => "ok").increment(1);
                metrics::counter!("agora_model_tokens_total", "kind" => "prompt")
                    .increment(r.usage.prompt as u64);
                metrics::counter!("agora_model_tokens_total", "kind" => "completion")
                    .increment(r.usage.completion as u64);
                metrics::counter!("agora_model_tokens_total", "kind" => "cached")
                    .increment(r.usage.cached as u64);
            }
            Err(_) => {
                metrics::counter!("agora_model_calls_total", "outcome" => "fault").increment(1)
            }
        }
    }

    /// One call, its whole reply at once, within `limit`.
    async fn attempts(
        &self,
        req: &Request,
        retried: &mut Vec<u16>,
        limit: Duration,
    ) -> Result<Reply, LlmError> {
        let (response, attempt) = self.send(self.body(req), retried, false, limit).await?;
        let text = match response.text().await {
            Ok(t) => t,
            Err(e) if e.is_timeout() => return Err(LlmError::Timeout(limit)),
            Err(e) => return Err(LlmError::Transport(without_url(&e))),
        };
        let parsed: Value = serde_json::from_str(&text)
            .map_err(|e| LlmError::Protocol(format!("not JSON: {e}")))?;
        let content = parsed["choices"][0]["message"]["content"]
            .as_str()
            .ok_or_else(|| LlmError::Protocol("no choices[0].message.content".into()))?
            .to_string();
        Ok(Reply {
            usage: usage_of(&parsed, req, &content),
            content,
            attempts: attempt,
            retried: std::mem::take(retried),
            timings: parsed["timings"].clone(),
            first_words: None,
            lean: false,
        })
    }

    /// POSTs `body` until the server accepts it (retrying 429 and 5xx with backoff, or as
    /// `retry-after` says), and returns the response and the attempts made. A streamed call
    /// (`stream`) has no time limit on the whole response, only on its start: its body is
    /// read with a limit on each wait instead (see [`Client::chat_streamed`]).
    async fn send(
        &self,
        body: Value,
        retried: &mut Vec<u16>,
        stream: bool,
        limit: Duration,
    ) -> Result<(reqwest::Response, u32), LlmError> {
        let url = format!("{}/chat/completions", self.provider.base_url);
        let mut attempt = 0u32;
        loop {
            attempt += 1;
            let post = self
                .http
                .post(&url)
                .bearer_auth(&self.provider.api_key)
                .json(&body);
            let sent = if stream {
                match tokio::time::timeout(limit, post.send()).await {
                    Ok(sent) => sent,
                    Err(_) => return Err(LlmError::Timeout(limit)),
                }
            } else {
                post.timeout(limit).send().await
            };
            let response = match sent {
                Ok(r) => r,
                Err(e) if e.is_timeout() => return Err(LlmError::Timeout(limit)),
                // Sent on a connection the server had closed: nothing was read; once more.
                Err(e) if e.is_request() && !retried.contains(&SEND_FAILED) => {
                    retried.push(SEND_FAILED);
                    continue;
                }
                Err(e) => return Err(LlmError::Transport(without_url(&e))),
            };
            let status = response.status().as_u16();
            if status == 429 || status >= 500 {
                let wait = retry_after(response.headers())
                    .unwrap_or_else(|| Duration::from_millis(250 * (1 << (attempt - 1).min(5))));
                if attempt > self.provider.max_retries || wait > MAX_RETRY_AFTER {
                    return Err(LlmError::Status(status));
                }
                retried.push(status);
                tokio::time::sleep(wait).await;
                continue;
            }
            if !(200..300).contains(&status) {
                return Err(LlmError::Status(status));
            }
            return Ok((response, attempt));
        }
    }
}

/// The tokens a call used, as its server reported them (`usage`, with what its prompt cache
/// served), else estimated from the request and the content.
fn usage_of(reply: &Value, req: &Request, content: &str) -> Usage {
    match (
        reply["usage"]["prompt_tokens"].as_u64(),
        reply["usage"]["completion_tokens"].as_u64(),
    ) {
        (Some(p), Some(c)) => Usage {
            prompt: p as u32,
            completion: c as u32,
            cached: cached_tokens(reply).min(p) as u32,
            reported: true,
        },
        _ => Usage {
            prompt: req
                .messages
                .iter()
                .map(|m| tokens::estimate(&m.content) + 4)
                .sum(),
            completion: tokens::estimate(content),
            cached: 0,
            reported: false,
        },
    }
}

/// The prompt tokens a reply says its server's cache served: OpenAI's
/// `usage.prompt_tokens_details.cached_tokens`, else llama.cpp's `timings.cache_n`.
pub fn cached_tokens(reply: &Value) -> u64 {
    reply["usage"]["prompt_tokens_details"]["cached_tokens"]
        .as_u64()
        .or_else(|| reply["timings"]["cache_n"].as_u64())
        .unwrap_or(0)
}

/// A reqwest error's text without the URL (which may carry a key in a query string).
fn without_url(e: &reqwest::Error) -> String {
    let mut text = e.to_string();
    if let Some(url) = e.url() {
        text = text.replace(url.as_str(), "<provider>");
    }
    text
}

/// `retry-after` in seconds (the HTTP-date form is not used by model APIs).
fn retry_after(headers: &reqwest::header::HeaderMap) -> Option<Duration> {
    let v = headers.get(reqwest::header::RETRY_AFTER)?.to_str().ok()?;
    let secs: f64 = v.trim().parse().ok()?;
    (secs >= 0.0 && secs.is_finite()).then(|| Duration::from_secs_f64(secs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn role_variables_beat_global_ones_which_beat_config() {
        let config = LlmConfig::default();
        let env = |k: &str| match k {
            "LLM_API_KEY" => Some("global-key".to_string()),
            "LLM_MODEL" => Some("global-model".to_string()),
            "WEREWOLF_LLM_MODEL" => Some("wolf-model".to_string()),
            "JUDGE_LLM_BASE_URL" => Some("http://judge.local/v1/".to_string()),
            _ => None,
        };
        let wolf = Provider::resolve("werewolf", &config, &env)
            .unwrap()
            .unwrap();
        assert_eq!(wolf.model, "wolf-model");
        assert_eq!(wolf.base_url, config.base_url);
        let judge = Provider::resolve("judge", &config, &env).unwrap().unwrap();
        assert_eq!(judge.model, "global-model");
        assert_eq!(judge.base_url, "http://judge.local/v1");
        assert!(!format!("{judge:?}").contains("global-key"));
        let none = Provider::resolve("werewolf", &config, &|_| None).unwrap();
        assert!(none.is_none(), "no key, no provider");
        let bad = |k: &str| match k {
            "LLM_API_KEY" => Some("k".to_string()),
            "WEREWOLF_LLM_BASE_URL" => Some("ftp://x".to_string()),
            _ => None,
        };
        let e = Provider::resolve("werewolf", &config, &bad).unwrap_err();
        assert!(e.to_string().contains("WEREWOLF_LLM_BASE_URL"), "{e}");
    }

    #[test]
    fn a_tables_calls_carry_its_cache_key_and_llama_cpp_is_asked_to_cache() {
        let mut config = LlmConfig::default();
        let req = Request {
            messages: vec![Message::system("rules"), Message::user("ask")],
            schema_name: "x".into(),
            schema: json!({"type": "object"}),
            shown: None,
            optional: &[],
            max_tokens: None,
            lang: Lang::En,
        };
        let client = Client::new(Provider::fixed(
            "werewolf",
            "http://127.0.0.1:9/v1",
            "m",
            &config,
        ));
        let plain = client.body(&req);
        assert!(plain.get("prompt_cache_key").is_none() && plain.get("cache_prompt").is_none());
        let keyed = client.for_table("g42").body(&req);
        assert_eq!(keyed["prompt_cache_key"], "agora-g42");
        assert!(
            keyed.get("cache_prompt").is_none(),
            "OpenAI refuses unknown fields"
        );
        config.server = ServerKind::LlamaCpp;
        let llama = Client::new(Provider::fixed(
            "werewolf",
            "http://127.0.0.1:9/v1",
            "m",
            &config,
        ));
        assert_eq!(llama.body(&req)["cache_prompt"], true);
        // Cached tokens as either server reports them.
        let openai = json!({"usage": {"prompt_tokens_details": {"cached_tokens": 1024}}});
        assert_eq!(cached_tokens(&openai), 1024);
        assert_eq!(cached_tokens(&json!({"timings": {"cache_n": 37}})), 37);
        assert_eq!(cached_tokens(&json!({"usage": {}})), 0);
    }
}
