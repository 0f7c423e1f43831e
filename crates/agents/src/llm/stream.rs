//! Streamed replies: an OpenAI-compatible server's server-sent events read as they arrive
//! ([`Events`]), and one field of a JSON reply that is still arriving read from what has
//! come so far ([`partial_field`]), so an AI seat's speech can be shown as it is written.
//! What a stream finally gives is the same reply a call without streaming gives.

use super::{usage_of, without_url, Client, Failed, LlmError, Reply, Request};
use jiter::{JsonValue, PartialMode};
use serde_json::{json, Value};
use std::time::Duration;

/// The text so far of the top-level string field `field` of a JSON object that is still
/// arriving; `None` until that field's string has begun. Read with jiter's trailing-strings
/// mode: a string cut inside an escape (`\`, `\u00e`, half a surrogate pair) ends before
/// it, so the text only ever grows and never shows half a character.
pub fn partial_field(content: &str, field: &str) -> Option<String> {
    partial_object(content)?.iter().find_map(|(k, v)| match v {
        JsonValue::Str(s) if k == field => Some(s.to_string()),
        _ => None,
    })
}

/// The JSON object that `content` has begun, as far as it goes (a string cut short ends
/// where it was cut, never inside an escape); `None` before its `{` or when it is no object.
fn partial_object(content: &str) -> Option<jiter::JsonObject<'_>> {
    let start = content.find('{')?;
    let value = JsonValue::parse_with_config(
        &content.as_bytes()[start..],
        false,
        PartialMode::TrailingStrings,
    )
    .ok()?;
    match value {
        JsonValue::Object(object) => Some(object),
        _ => None,
    }
}

/// A JSON object reply cut off by the server's token cap inside its last string (the
/// speech or comment it was writing), closed: every field written whole kept, the cut
/// string ended at its last full sentence (as written when it has none). `None` when the
/// content is whole JSON or not a cut object. The checker then reads it as any reply.
pub fn closed_at_cut(content: &str) -> Option<String> {
    let trimmed = content.trim();
    match serde_json::from_str::<Value>(trimmed) {
        Err(e) if e.is_eof() => {}
        _ => return None,
    }
    let object = partial_object(trimmed)?;
    // Only a cut inside a string: a number or a list cut short cannot be told from a whole one.
    let last = object.len().checked_sub(1)?;
    if !matches!(object.get(last), Some((_, JsonValue::Str(_)))) {
        return None;
    }
    let mut out = serde_json::Map::new();
    for (i, (k, v)) in object.iter().enumerate() {
        let v = match v {
            JsonValue::Str(s) if i == last => json!(sentences(s.trim_end())),
            v => plain(v)?,
        };
        out.insert(k.to_string(), v);
    }
    Some(Value::Object(out).to_string())
}

/// `text` up to its last sentence end (`.`, `!`, `?`, `。`, `！`, `？`), or all of it.
fn sentences(text: &str) -> &str {
    match text.rfind(['.', '!', '?', '。', '！', '？']) {
        Some(at) if at > 0 => &text[..at + text[at..].chars().next().map_or(1, char::len_utf8)],
        _ => text,
    }
}

/// A whole jiter value as serde_json's.
fn plain(v: &JsonValue) -> Option<Value> {
    Some(match v {
        JsonValue::Null => Value::Null,
        JsonValue::Bool(b) => json!(b),
        JsonValue::Int(i) => json!(i),
        JsonValue::Float(f) => json!(f),
        JsonValue::Str(s) => json!(s.as_ref()),
        JsonValue::Array(items) => Value::Array(items.iter().map(plain).collect::<Option<_>>()?),
        JsonValue::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| Some((k.to_string(), plain(v)?)))
                .collect::<Option<_>>()?,
        ),
    })
}

/// One event of a chat-completion stream.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// More of the reply's content.
    Text(String),
    /// The token counts (the last chunk's `usage`, or llama.cpp's `timings`), as the
    /// server sent them.
    Usage(Value),
    /// `data: [DONE]`: the stream is complete.
    Done,
}

/// Server-sent events read from a byte stream that arrives in pieces of any size: feed
/// each piece, take the events whose lines are complete. Comments (`: ping`) and other
/// fields are skipped.
#[derive(Debug, Default)]
pub struct Events {
    pending: Vec<u8>,
}

impl Events {
    /// The events completed by `bytes`. A `data:` payload that is not JSON is an error
    /// naming it.
    pub fn feed(&mut self, bytes: &[u8]) -> Result<Vec<Event>, String> {
        self.pending.extend_from_slice(bytes);
        let mut out = Vec::new();
        while let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=end).collect();
            let line = String::from_utf8_lossy(&line);
            let line = line.trim_end_matches(['\r', '\n']);
            let Some(data) = line.strip_prefix("data:") else {
                continue;
            };
            let data = data.trim_start();
            if data == "[DONE]" {
                out.push(Event::Done);
                continue;
            }
            let chunk: Value = serde_json::from_str(data)
                .map_err(|e| format!("a stream chunk is not JSON ({e}): {data:.80}"))?;
            if let Some(text) = chunk["choices"][0]["delta"]["content"].as_str() {
                if !text.is_empty() {
                    out.push(Event::Text(text.to_string()));
                }
            }
            if chunk["usage"].is_object() || chunk["timings"].is_object() {
                out.push(Event::Usage(chunk));
            }
        }
        Ok(out)
    }
}

impl Client {
    /// [`Client::chat`] with the reply streamed (`"stream": true`, usage on the last
    /// chunk): `on_text` is handed the reply's content so far each time more of it arrives.
    /// The provider's timeout bounds the start of the reply and each wait for more (a server
    /// that goes quiet that long has stalled); a stream that stops before `[DONE]` is a
    /// fault like any unreadable reply. The reply returned is the whole content, as
    /// [`Client::chat`] would have returned it.
    pub async fn chat_streamed(
        &self,
        req: &Request,
        on_text: &mut (dyn FnMut(&str) + Send),
    ) -> Result<Reply, Failed> {
        self.call(req, None, Some(on_text)).await
    }

    /// One streamed call; `limit` bounds its start and each wait for more.
    pub(super) async fn streamed(
        &self,
        req: &Request,
        retried: &mut Vec<u16>,
        limit: Duration,
        on_text: &mut (dyn FnMut(&str) + Send),
    ) -> Result<Reply, LlmError> {
        let mut body = self.body(req);
        body["stream"] = json!(true);
        body["stream_options"] = json!({"include_usage": true});
        if self.provider.server == super::ServerKind::LlamaCpp {
            // Progress while a long prompt is read: the stream is alive before it writes.
            body["return_progress"] = json!(true);
        }
        let sent = std::time::Instant::now();
        let (mut response, attempt) = self.send(body, retried, true, limit).await?;
        let stall = limit;
        let mut first_words = None;
        let mut events = Events::default();
        let mut content = String::new();
        let mut usage = Value::Null;
        loop {
            let piece = match tokio::time::timeout(stall, response.chunk()).await {
                Err(_) => return Err(LlmError::Timeout(stall)),
                Ok(Err(e)) => return Err(LlmError::Transport(without_url(&e))),
                Ok(Ok(None)) => {
                    return Err(LlmError::Protocol(
                        "the stream stopped before its end ([DONE])".into(),
                    ))
                }
                Ok(Ok(Some(piece))) => piece,
            };
            let mut grew = false;
            for event in events.feed(&piece).map_err(LlmError::Protocol)? {
                match event {
                    Event::Text(t) => {
                        content.push_str(&t);
                        first_words.get_or_insert_with(|| sent.elapsed());
                        grew = true;
                    }
                    Event::Usage(u) => usage = u,
                    Event::Done => {
                        if grew {
                            on_text(&content);
                        }
                        return Ok(Reply {
                            usage: usage_of(&usage, req, &content),
                            timings: usage["timings"].clone(),
                            content,
                            attempts: attempt,
                            retried: std::mem::take(retried),
                            first_words,
                            lean: false,
                        });
                    }
                }
            }
            if grew {
                on_text(&content);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Lang;

    #[test]
    fn a_reply_cut_inside_its_last_string_is_closed_at_a_sentence() {
        let judge = r#"{"logic": 7, "flags": ["off_topic"], "comment": "Clear. Then it wand"#;
        let closed: Value = serde_json::from_str(&closed_at_cut(judge).unwrap()).unwrap();
        assert_eq!(
            closed,
            json!({"logic": 7, "flags": ["off_topic"], "comment": "Clear."})
        );
        let speech = "{\"speech\": \"我们赞成。理由是";
        let closed: Value = serde_json::from_str(&closed_at_cut(speech).unwrap()).unwrap();
        assert_eq!(closed, json!({"speech": "我们赞成。"}));
        // No sentence end: kept as written.
        let closed = closed_at_cut(r#"{"speech": "a b c"#).unwrap();
        assert_eq!(closed, r#"{"speech":"a b c"}"#);
        // Whole replies, cuts outside a string and what is not an object are not closed.
        assert_eq!(closed_at_cut(r#"{"speech": "a."}"#), None);
        assert_eq!(closed_at_cut(r#"{"logic": 7, "persuasion": 1"#), None);
        assert_eq!(closed_at_cut(r#"{"flags": ["off_to"#), None);
        assert_eq!(closed_at_cut(r#""just a string"#), None);
        assert_eq!(closed_at_cut("not json"), None);
    }

    #[test]
    fn a_growing_reply_shows_its_speech_without_half_characters() {
        let full = r#"{"speech": "Caf\u00e9 \"noir\" \ud83d\ude00 ok", "reasoning_steps": []}"#;
        let done: Value = serde_json::from_str(full).unwrap();
        let whole = done["speech"].as_str().unwrap();
        let mut last = String::new();
        for cut in 0..=full.len() {
            if !full.is_char_boundary(cut) {
                continue;
            }
            if let Some(seen) = partial_field(&full[..cut], "speech") {
                assert!(whole.starts_with(&seen), "{cut}: {seen:?}");
                assert!(seen.len() >= last.len(), "{cut}: shrank to {seen:?}");
                last = seen;
            }
        }
        assert_eq!(last, whole);
        assert_eq!(partial_field(r#"{"spee"#, "speech"), None);
        assert_eq!(partial_field(r#"{"speech": "#, "speech"), None);
        assert_eq!(
            partial_field(r#"{"speech": ""#, "speech").as_deref(),
            Some("")
        );
    }

    #[test]
    fn events_are_read_whatever_the_pieces() {
        let stream = concat!(
            ": ping\n\n",
            "data: {\"choices\":[{\"delta\":{\"content\":\"{\\\"sp\"}}]}\n\n",
            "data: {\"choices\":[{\"delta\":{\"content\":\"eech\\\": \\\"Hi\\\"}\"}}]}\r\n\r\n",
            "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":3}}\n\n",
            "data: [DONE]\n\n",
        );
        for size in [1, 2, 7, stream.len()] {
            let mut events = Events::default();
            let mut got = Vec::new();
            for piece in stream.as_bytes().chunks(size) {
                got.extend(events.feed(piece).unwrap());
            }
            let text: String = got
                .iter()
                .filter_map(|e| match e {
                    Event::Text(t) => Some(t.as_str()),
                    _ => None,
                })
                .collect();
            assert_eq!(text, r#"{"speech": "Hi"}"#, "pieces of {size}");
            assert!(matches!(got[got.len() - 2], Event::Usage(_)));
            assert_eq!(got.last(), Some(&Event::Done));
        }
        assert!(Events::default().feed(b"data: {oops\n").is_err());
    }

    fn client(mock: &crate::llm::mock::MockLlm, timeout_ms: u64) -> Client {
        let mut p = crate::llm::Provider::fixed(
            "werewolf",
            &mock.base_url(),
            "mock",
            &crate::config::LlmConfig::default(),
        );
        p.timeout = std::time::Duration::from_millis(timeout_ms);
        Client::new(p)
    }

    fn speech_request() -> Request {
        Request {
            messages: vec![
                crate::llm::Message::system("rules"),
                crate::llm::Message::user("Your speech."),
            ],
            schema_name: "speech".into(),
            schema: serde_json::json!({
                "type": "object",
                "properties": {
                    "speech": {"type": "string", "maxLength": 200},
                    "reasoning_steps": {"type": "array", "items": {"type": "string"}, "maxItems": 2},
                },
                "required": ["speech", "reasoning_steps"],
                "additionalProperties": false,
            }),
            shown: None,
            optional: &[],
            max_tokens: None,
            lang: Lang::En,
        }
    }

    /// A streamed call hands over its content as it grows, the speech readable before the
    /// reply is whole, and ends with the same kind of reply a plain call gives.
    #[tokio::test]
    async fn a_streamed_reply_arrives_in_pieces_and_ends_whole() {
        use crate::llm::mock::{MockLlm, MockOptions};
        let mock = MockLlm::start(MockOptions {
            chunk_delay: std::time::Duration::from_millis(1),
            ..MockOptions::default()
        })
        .await
        .unwrap();
        let c = client(&mock, 5000);
        let mut seen: Vec<String> = Vec::new();
        let reply = c
            .chat_streamed(&speech_request(), &mut |text: &str| {
                seen.push(text.to_string())
            })
            .await
            .unwrap();
        assert!(seen.len() > 5, "{seen:?}");
        assert!(seen.windows(2).all(|w| w[1].starts_with(&w[0])), "{seen:?}");
        assert_eq!(seen.last(), Some(&reply.content));
        let whole: Value = serde_json::from_str(&reply.content).unwrap();
        let speech = whole["speech"].as_str().unwrap();
        // The speech was readable in part before the reply was whole.
        let early = seen
            .iter()
            .filter_map(|t| partial_field(t, "speech"))
            .filter(|s| !s.is_empty() && s.len() < speech.len())
            .count();
        assert!(early > 0, "{seen:?}");
        assert!(
            reply.usage.reported && reply.usage.prompt > 0,
            "{:?}",
            reply.usage
        );
        let body = &mock.recent_requests()[0];
        assert_eq!(body["stream"], true);
        assert_eq!(body["stream_options"]["include_usage"], true);
    }

    /// A server that goes quiet in the middle of a stream has stalled: the call fails as a
    /// time-out, and nothing half-written is returned.
    #[tokio::test]
    async fn a_stream_that_goes_quiet_is_a_timeout() {
        use crate::llm::mock::{MockLlm, MockOptions};
        let mock = MockLlm::start(MockOptions {
            chunk_delay: std::time::Duration::from_millis(400),
            ..MockOptions::default()
        })
        .await
        .unwrap();
        let c = client(&mock, 150);
        let failed = c
            .chat_streamed(&speech_request(), &mut |_: &str| {})
            .await
            .unwrap_err();
        assert!(matches!(failed.error, LlmError::Timeout(_)), "{failed:?}");
    }
}
