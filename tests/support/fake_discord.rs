//! An in-process fake Discord for tests and benchmarks: REST under `/api/v10` (axum) and a
//! gateway websocket (tokio-tungstenite), both on 127.0.0.1.
//!
//! The bot under test reaches it through `DISCORD_PROXY_URL` = [`FakeDiscord::base_url`]
//! (serenity's `HttpBuilder::proxy(base)` with the rate limiter off). The payloads follow
//! `tests/support/fake-discord.md` (required fields of serenity 0.12.5 / poise 0.7.1).
//!
//! - REST: every request is recorded as a [`Call`] (`GET /gateway` and `/gateway/bot`
//!   included), then answered from an in-memory store of messages, DM channels, interactions
//!   and registered commands. [`FakeDiscord::fail_next`] answers take precedence. Unknown routes
//!   answer 404 `{"code":0,"message":"fake discord: no route"}`. Besides the routes of the md
//!   file it also answers `GET /channels/{c}/messages[/{m}]`, `POST /channels/{c}/typing` (204)
//!   and `GET` of the registered commands, and opens threads (`POST /channels/{c}/threads`,
//!   ids from [`THREAD_BASE`]) and adds their members (`PUT .../thread-members/{u}`).
//! - Gateway: HELLO, IDENTIFY → READY (no GUILD_CREATE), heartbeat ACKs, RESUME → op 9
//!   `false` so the bot re-identifies (or RESUMED after [`FakeDiscord::allow_resume`]). The
//!   newest connection that got READY (or RESUMED) is "current"; events go to it with an
//!   increasing `"s"` per connection. [`FakeDiscord::drop_gateway`] closes it (code 1000).
//!   Mind serenity 0.12.5 when it re-identifies: its shard restart waits 5 s for a shutdown
//!   report that never comes and logs WARN "Failed to cleanly shutdown shard 0, reached
//!   timeout"; a resume reconnects at once, without warnings.
//! - Interaction responses: a type-4 callback creates the reply message; after a type-5 defer
//!   the first `PATCH @original` or the first follow-up (as on Discord) creates it, with the
//!   defer's ephemeral flag; after type 6/7 on a component, `@original` is the component's
//!   message. Later follow-ups are messages of their own.
//! - Events to the bot: [`FakeDiscord::slash`], [`FakeDiscord::click`],
//!   [`FakeDiscord::select`], [`FakeDiscord::modal_submit`], [`FakeDiscord::say`].
//!   Interaction ids count from 5000, message ids from 7000, DM channels are `90000 + user`,
//!   any channel id below 90000 is a text channel of guild [`GUILD_ID`]. Interaction tokens are
//!   `tok-<id>`.
//! - The servers are tokio tasks of the runtime that called [`FakeDiscord::start`]; they live
//!   as long as it does. Nothing is printed except by panics.
#![allow(dead_code)]

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::State as AxState;
use axum::http::{Method, StatusCode, Uri};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Map, Value};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message as WsMessage;

/// The application id, also the bot user's id.
pub const APP_ID: u64 = 1000;
/// The one guild; every channel id below [`DM_BASE`] belongs to it.
pub const GUILD_ID: u64 = 2000;
/// The "Manage Messages" permission bit.
pub const MANAGE_MESSAGES: u64 = 1 << 13;
/// DM channel of user `u` is `DM_BASE + u`; channel ids from here on are DM channels.
pub const DM_BASE: u64 = 90000;
/// Threads the bot opens get ids from here on (below [`DM_BASE`]: guild channels).
pub const THREAD_BASE: u64 = 80000;
/// Member permissions of clicks and selects: View Channel, Send Messages, Use Application
/// Commands.
pub const DEFAULT_PERMS: u64 = (1 << 10) | (1 << 11) | (1 << 31);
/// `app_permissions` of every interaction.
pub const APP_PERMISSIONS: &str = "2248473465835073";
/// Message flag of ephemeral messages.
pub const EPHEMERAL: u64 = 64;
/// Username of the bot user.
pub const BOT_NAME: &str = "agora";

const TIMESTAMP: &str = "2024-01-01T00:00:00.000000+00:00";
const EDITED_TIMESTAMP: &str = "2024-01-01T00:00:01.000000+00:00";
const JOINED_AT: &str = "2024-01-01T00:00:00+00:00";
const HEARTBEAT_INTERVAL: u64 = 41250;
/// Close code of [`FakeDiscord::drop_gateway`]: a clean close, after which serenity resumes.
const DROP_CLOSE_CODE: u16 = 1000;

/// One REST request the bot made.
#[derive(Clone, Debug)]
pub struct Call {
    pub method: String,
    /// Without the query string, e.g. `/api/v10/channels/3000/messages`.
    pub path: String,
    /// The JSON body; `Value::Null` if empty, `Value::String` if not JSON.
    pub body: Value,
    pub at: Instant,
}

/// A message as the fake stores it (bot messages, interaction replies, human messages).
#[derive(Clone, Debug)]
pub struct Msg {
    pub id: u64,
    pub channel_id: u64,
    pub author_id: u64,
    pub content: String,
    pub embeds: Vec<Value>,
    pub components: Vec<Value>,
    /// 64 = ephemeral.
    pub flags: u64,
    pub edits: u32,
    pub deleted: bool,
    /// The interaction whose response (callback type 4, or 5 then the `@original` edit) or
    /// follow-up created it.
    pub interaction: Option<u64>,
    /// For ephemeral interaction replies: the user who sees it.
    pub ephemeral_for: Option<u64>,
}

impl Msg {
    /// Content and every embed's title, description, field names and values and footer text,
    /// the non-empty ones joined by `'\n'`.
    pub fn text(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        let mut push = |v: Option<&Value>| {
            if let Some(s) = v.and_then(Value::as_str) {
                if !s.is_empty() {
                    parts.push(s.to_string());
                }
            }
        };
        if !self.content.is_empty() {
            push(Some(&Value::String(self.content.clone())));
        }
        for e in &self.embeds {
            push(e.get("title"));
            push(e.get("description"));
            if let Some(fields) = e.get("fields").and_then(Value::as_array) {
                for f in fields {
                    push(f.get("name"));
                    push(f.get("value"));
                }
            }
            push(e.get("footer").and_then(|f| f.get("text")));
        }
        parts.join("\n")
    }

    /// Every component (inside action rows, or top-level if not a row), in order.
    pub fn flat_components(&self) -> Vec<&Value> {
        let mut out = Vec::new();
        for c in &self.components {
            if c.get("type").and_then(Value::as_u64) == Some(1) {
                if let Some(inner) = c.get("components").and_then(Value::as_array) {
                    out.extend(inner.iter());
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    /// Every component custom_id, in order.
    pub fn custom_ids(&self) -> Vec<String> {
        self.flat_components()
            .into_iter()
            .filter_map(|c| {
                c.get("custom_id")
                    .and_then(Value::as_str)
                    .map(str::to_string)
            })
            .collect()
    }

    /// The first custom_id containing `contains`.
    pub fn find_custom_id(&self, contains: &str) -> Option<String> {
        self.custom_ids()
            .into_iter()
            .find(|id| id.contains(contains))
    }

    /// `(label, value)` of the options of the select menu `custom_id`.
    pub fn select_options(&self, custom_id: &str) -> Vec<(String, String)> {
        self.flat_components()
            .into_iter()
            .filter(|c| c.get("custom_id").and_then(Value::as_str) == Some(custom_id))
            .flat_map(|c| {
                c.get("options")
                    .and_then(Value::as_array)
                    .cloned()
                    .unwrap_or_default()
            })
            .map(|o| (str_of(&o, "label"), str_of(&o, "value")))
            .collect()
    }

    /// `(label, custom_id)` of every button (type 2); link buttons have an empty custom_id.
    pub fn button_labels(&self) -> Vec<(String, String)> {
        self.flat_components()
            .into_iter()
            .filter(|c| c.get("type").and_then(Value::as_u64) == Some(2))
            .map(|c| (str_of(c, "label"), str_of(c, "custom_id")))
            .collect()
    }

    /// Whether the message has the ephemeral flag.
    pub fn is_ephemeral(&self) -> bool {
        self.flags & EPHEMERAL != 0
    }
}

fn str_of(v: &Value, key: &str) -> String {
    v.get(key)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string()
}

fn is_dm(channel: u64) -> bool {
    channel >= DM_BASE
}

// ---------------------------------------------------------------------------------------------
// State

struct Fail {
    method: String,
    path_contains: String,
    status: u16,
    body: Value,
}

struct Inter {
    token: String,
    channel: u64,
    user: u64,
    /// The component's message, for clicks and selects.
    message: Option<u64>,
    dispatched: Instant,
    callback: Option<(u8, Value, Duration)>,
    /// What `@original` designates: the type-4 reply, the message created by the first edit
    /// after a type-5 defer, or the component's message after type 6/7.
    original: Option<u64>,
    deferred_flags: Option<u64>,
}

enum Out {
    Frame(Value),
    /// The next dispatch gets `s` = this + 1 (a resumed session goes on from its sequence).
    SetSeq(u64),
    Dispatch(String, Value),
    Close(u16),
}

struct Conn {
    id: u64,
    tx: mpsc::UnboundedSender<Out>,
}

struct State {
    next_interaction: u64,
    next_message: u64,
    next_conn: u64,
    calls: Vec<Call>,
    msgs: Vec<Msg>,
    msg_index: HashMap<u64, usize>,
    /// Positions in `msgs` by channel and by interaction, so that a thousand tables
    /// polling their channel do not each scan every message of every table.
    by_channel: HashMap<u64, Vec<usize>>,
    by_interaction: HashMap<u64, Vec<usize>>,
    closed_dms: HashSet<u64>,
    opened_dms: HashMap<u64, u64>,
    /// Threads made by the bot: id → (parent channel, name, members), in order.
    threads: Vec<(u64, u64, String, Vec<u64>)>,
    fails: Vec<Fail>,
    commands_body: Vec<Value>,
    commands_echo: Vec<Value>,
    command_ids: HashMap<String, u64>,
    inters: HashMap<u64, Inter>,
    tokens: HashMap<String, u64>,
    connections: u32,
    resumes: u32,
    allow_resume: bool,
    current: Option<Conn>,
    gw_url: String,
}

impl State {
    fn create_msg(
        &mut self,
        channel: u64,
        author: u64,
        data: &Value,
        interaction: Option<u64>,
        ephemeral_user: Option<u64>,
    ) -> u64 {
        let id = self.next_message;
        self.next_message += 1;
        let flags = data.get("flags").and_then(Value::as_u64).unwrap_or(0);
        let msg = Msg {
            id,
            channel_id: channel,
            author_id: author,
            content: data
                .get("content")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string(),
            embeds: arr_of(data, "embeds"),
            components: arr_of(data, "components"),
            flags,
            edits: 0,
            deleted: false,
            interaction,
            ephemeral_for: if flags & EPHEMERAL != 0 {
                ephemeral_user
            } else {
                None
            },
        };
        let at = self.msgs.len();
        self.msg_index.insert(id, at);
        self.by_channel.entry(channel).or_default().push(at);
        if let Some(i) = interaction {
            self.by_interaction.entry(i).or_default().push(at);
        }
        self.msgs.push(msg);
        id
    }

    /// The messages of a channel, in creation order.
    fn in_channel(&self, channel: u64) -> impl DoubleEndedIterator<Item = &Msg> {
        self.by_channel
            .get(&channel)
            .into_iter()
            .flatten()
            .map(|&i| &self.msgs[i])
    }

    fn msg(&self, id: u64) -> Option<&Msg> {
        self.msg_index.get(&id).map(|&i| &self.msgs[i])
    }

    fn msg_mut(&mut self, id: u64) -> Option<&mut Msg> {
        match self.msg_index.get(&id) {
            Some(&i) => Some(&mut self.msgs[i]),
            None => None,
        }
    }

    /// Sends an event on the current connection, if any; false if there is none.
    fn try_dispatch(&mut self, t: &str, d: Value) -> bool {
        if let Some(conn) = &self.current {
            if conn.tx.send(Out::Dispatch(t.to_string(), d)).is_ok() {
                return true;
            }
            self.current = None;
        }
        false
    }
}

fn arr_of(v: &Value, key: &str) -> Vec<Value> {
    v.get(key)
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
}

fn apply_edit(msg: &mut Msg, data: &Value) {
    if let Some(c) = data.get("content") {
        msg.content = c.as_str().unwrap_or_default().to_string();
    }
    if data.get("embeds").is_some() {
        msg.embeds = arr_of(data, "embeds");
    }
    if data.get("components").is_some() {
        msg.components = arr_of(data, "components");
    }
    msg.edits += 1;
}

// ---------------------------------------------------------------------------------------------
// JSON builders

fn user_json(id: u64) -> Value {
    if id == APP_ID {
        return bot_user_json();
    }
    json!({"id": id.to_string(), "username": format!("user{id}"), "discriminator": "0",
           "avatar": null, "global_name": null, "bot": false})
}

fn bot_user_json() -> Value {
    json!({"id": APP_ID.to_string(), "username": BOT_NAME, "discriminator": "0",
           "avatar": null, "global_name": null, "bot": true})
}

fn member_json(user: Option<u64>, perms: Option<u64>) -> Value {
    let mut m = json!({"roles": [], "joined_at": JOINED_AT, "deaf": false, "mute": false,
                       "flags": 0});
    if let Some(u) = user {
        m["user"] = user_json(u);
    }
    if let Some(p) = perms {
        m["permissions"] = Value::String(p.to_string());
    }
    m
}

/// The full Message JSON of a stored message (as REST answers it).
pub fn message_json(m: &Msg) -> Value {
    json!({
        "id": m.id.to_string(),
        "channel_id": m.channel_id.to_string(),
        "author": user_json(m.author_id),
        "content": m.content,
        "timestamp": TIMESTAMP,
        "edited_timestamp": if m.edits > 0 { Value::from(EDITED_TIMESTAMP) } else { Value::Null },
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": m.embeds,
        "components": m.components,
        "pinned": false,
        "type": 0,
        "flags": m.flags,
    })
}

/// MESSAGE_CREATE `d`: the Message plus, in a guild channel, `guild_id` and a `member`
/// without `user`.
fn message_create_json(m: &Msg) -> Value {
    let mut d = message_json(m);
    if !is_dm(m.channel_id) {
        d["guild_id"] = Value::String(GUILD_ID.to_string());
        d["member"] = member_json(None, None);
    }
    d
}

fn channel_json(c: u64) -> Value {
    if is_dm(c) {
        json!({"id": c.to_string(), "type": 1, "last_message_id": null,
               "recipients": [user_json(c - DM_BASE)]})
    } else {
        json!({"id": c.to_string(), "type": 0, "guild_id": GUILD_ID.to_string(),
               "name": format!("table-{c}"), "position": 0, "permission_overwrites": [],
               "nsfw": false})
    }
}

fn interaction_json(id: u64, kind: u8, user: u64, channel: u64, perms: u64, data: Value) -> Value {
    let mut d = json!({
        "id": id.to_string(),
        "application_id": APP_ID.to_string(),
        "type": kind,
        "token": format!("tok-{id}"),
        "version": 1,
        "channel_id": channel.to_string(),
        "app_permissions": APP_PERMISSIONS,
        "locale": "en-US",
        "entitlements": [],
        "attachment_size_limit": 10485760,
        "data": data,
    });
    if is_dm(channel) {
        d["user"] = user_json(user);
        d["context"] = json!(1);
    } else {
        d["guild_id"] = Value::String(GUILD_ID.to_string());
        d["guild_locale"] = json!("en-US");
        d["member"] = member_json(Some(user), Some(perms));
        d["context"] = json!(0);
    }
    d
}

fn error_json(code: u64, message: &str) -> Value {
    json!({"code": code, "message": message})
}

// ---------------------------------------------------------------------------------------------
// REST

struct Resp {
    status: u16,
    body: Option<Value>,
    headers: Vec<(String, String)>,
}

fn ok(body: Value) -> Resp {
    Resp {
        status: 200,
        body: Some(body),
        headers: Vec::new(),
    }
}

fn no_content() -> Resp {
    Resp {
        status: 204,
        body: None,
        headers: Vec::new(),
    }
}

fn err(status: u16, code: u64, message: &str) -> Resp {
    Resp {
        status,
        body: Some(error_json(code, message)),
        headers: Vec::new(),
    }
}

fn no_route() -> Resp {
    err(404, 0, "fake discord: no route")
}

fn unknown_message() -> Resp {
    err(404, 10008, "Unknown Message")
}

type Shared = Arc<Mutex<State>>;

fn lock(s: &Shared) -> MutexGuard<'_, State> {
    s.lock().unwrap_or_else(|e| e.into_inner())
}

async fn rest(AxState(shared): AxState<Shared>, method: Method, uri: Uri, body: Bytes) -> Response {
    let body = if body.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(&body)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&body).into_owned()))
    };
    let path = uri.path().to_string();
    let method = method.as_str().to_ascii_uppercase();
    let resp = {
        let mut st = lock(&shared);
        st.calls.push(Call {
            method: method.clone(),
            path: path.clone(),
            body: body.clone(),
            at: Instant::now(),
        });
        let failed = st.fails.iter().position(|f| {
            f.method.eq_ignore_ascii_case(&method) && path.contains(&f.path_contains)
        });
        match failed {
            Some(i) => {
                let f = st.fails.remove(i);
                fail_resp(f)
            }
            None => route(&mut st, &method, &path, &body),
        }
    };
    let mut b = Response::builder()
        .status(StatusCode::from_u16(resp.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR));
    for (k, v) in &resp.headers {
        b = b.header(k.as_str(), v.as_str());
    }
    match resp.body {
        Some(v) => b
            .header("content-type", "application/json")
            .body(Body::from(v.to_string()))
            .expect("fake discord: response"),
        None => b.body(Body::empty()).expect("fake discord: response"),
    }
}

fn fail_resp(f: Fail) -> Resp {
    let mut headers = Vec::new();
    if f.status == 429 {
        let after = f
            .body
            .get("retry_after")
            .and_then(Value::as_f64)
            .unwrap_or(1.0);
        headers.push(("retry-after".to_string(), format!("{after}")));
        headers.push(("x-ratelimit-limit".to_string(), "1".to_string()));
        headers.push(("x-ratelimit-remaining".to_string(), "0".to_string()));
        headers.push(("x-ratelimit-reset-after".to_string(), format!("{after}")));
        headers.push(("x-ratelimit-scope".to_string(), "user".to_string()));
    }
    let body = if f.body.is_null() { None } else { Some(f.body) };
    Resp {
        status: f.status,
        body,
        headers,
    }
}

fn id_of(s: &str) -> Option<u64> {
    s.parse().ok()
}

fn route(st: &mut State, method: &str, path: &str, body: &Value) -> Resp {
    let Some(rest) = path.strip_prefix("/api/v10/") else {
        return no_route();
    };
    let segs: Vec<&str> = rest.trim_end_matches('/').split('/').collect();
    match (method, segs.as_slice()) {
        ("GET", ["gateway"]) => ok(json!({"url": st.gw_url})),
        ("GET", ["gateway", "bot"]) => ok(json!({
            "url": st.gw_url, "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0,
                                     "max_concurrency": 1}})),
        ("GET", ["users", "@me"]) => ok(bot_user_json()),
        ("POST", ["users", "@me", "channels"]) => {
            let user = match body.get("recipient_id") {
                Some(Value::String(s)) => id_of(s),
                Some(Value::Number(n)) => n.as_u64(),
                _ => None,
            };
            let Some(user) = user else {
                return err(400, 50035, "Invalid Form Body");
            };
            let channel = DM_BASE + user;
            st.opened_dms.insert(user, channel);
            ok(
                json!({"id": channel.to_string(), "type": 1, "last_message_id": null,
                      "recipients": [user_json(user)]}),
            )
        }
        ("GET", ["channels", c]) => match id_of(c) {
            Some(c) => ok(channel_json(c)),
            None => no_route(),
        },
        ("POST", ["channels", c, "typing"]) if id_of(c).is_some() => no_content(),
        ("POST", ["channels", c, "threads"]) => {
            let Some(parent) = id_of(c).filter(|c| !is_dm(*c)) else {
                return no_route();
            };
            let id = THREAD_BASE + st.threads.len() as u64;
            let name = body["name"].as_str().unwrap_or("thread").to_string();
            st.threads.push((id, parent, name.clone(), Vec::new()));
            let kind = body["type"].as_u64().unwrap_or(11);
            ok(
                json!({"id": id.to_string(), "type": kind, "guild_id": GUILD_ID.to_string(),
                      "parent_id": parent.to_string(), "name": name, "position": 0,
                      "permission_overwrites": [], "nsfw": false,
                      "thread_metadata": {"archived": false, "auto_archive_duration": 1440,
                          "archive_timestamp": "2024-01-01T00:00:00.000000+00:00",
                          "locked": false, "invitable": false},
                      "member_count": 0, "message_count": 0}),
            )
        }
        ("PUT", ["channels", t, "thread-members", u]) => {
            let (Some(t), Some(u)) = (id_of(t), id_of(u)) else {
                return no_route();
            };
            match st.threads.iter_mut().find(|th| th.0 == t) {
                Some(th) => {
                    if !th.3.contains(&u) {
                        th.3.push(u);
                    }
                    no_content()
                }
                None => err(404, 10003, "Unknown Channel"),
            }
        }
        ("GET", ["channels", c, "messages"]) => {
            let Some(c) = id_of(c) else { return no_route() };
            let list: Vec<Value> = st
                .in_channel(c)
                .rev()
                .filter(|m| !m.deleted)
                .map(message_json)
                .collect();
            ok(Value::Array(list))
        }
        ("POST", ["channels", c, "messages"]) => {
            let Some(c) = id_of(c) else { return no_route() };
            if is_dm(c) && st.closed_dms.contains(&(c - DM_BASE)) {
                return err(403, 50007, "Cannot send messages to this user");
            }
            let id = st.create_msg(c, APP_ID, body, None, None);
            let m = st.msg(id).expect("just created").clone();
            if !is_dm(c) {
                st.try_dispatch("MESSAGE_CREATE", message_create_json(&m));
            }
            ok(message_json(&m))
        }
        (_, ["channels", c, "messages", m]) => {
            let (Some(c), Some(m)) = (id_of(c), id_of(m)) else {
                return no_route();
            };
            let Some(msg) = st.msg_mut(m).filter(|x| x.channel_id == c && !x.deleted) else {
                return unknown_message();
            };
            match method {
                "GET" => ok(message_json(msg)),
                "PATCH" => {
                    apply_edit(msg, body);
                    ok(message_json(msg))
                }
                "DELETE" => {
                    msg.deleted = true;
                    no_content()
                }
                _ => no_route(),
            }
        }
        ("POST", ["interactions", id, token, "callback"]) => {
            let Some(id) = id_of(id) else {
                return no_route();
            };
            callback(st, id, token, body)
        }
        ("POST", ["webhooks", _app, token]) => {
            let Some(&id) = st.tokens.get(*token) else {
                return err(404, 10015, "Unknown Webhook");
            };
            let (channel, user, original, deferred) = {
                let i = &st.inters[&id];
                (i.channel, i.user, i.original, i.deferred_flags)
            };
            // As Discord does: after a type-5 defer, the first follow-up fills the "thinking"
            // message (it becomes @original) and takes the defer's ephemeral flag.
            let mut data = body.clone();
            let first_after_defer = original.is_none() && deferred.is_some();
            if first_after_defer && data.is_object() {
                data["flags"] = json!(deferred.unwrap_or(0));
            }
            let mid = st.create_msg(channel, APP_ID, &data, Some(id), Some(user));
            if first_after_defer {
                st.inters.get_mut(&id).expect("interaction").original = Some(mid);
            }
            ok(message_json(st.msg(mid).expect("just created")))
        }
        (_, ["webhooks", _app, token, "messages", which]) => {
            let Some(&id) = st.tokens.get(*token) else {
                return err(404, 10015, "Unknown Webhook");
            };
            webhook_message(st, method, id, which, body)
        }
        ("PUT", ["applications", _app, "commands"])
        | ("PUT", ["applications", _app, "guilds", _, "commands"]) => {
            let list = match body {
                Value::Array(a) => a.clone(),
                Value::Null => Vec::new(),
                other => vec![other.clone()],
            };
            let mut echo = Vec::new();
            st.command_ids.clear();
            for (i, cmd) in list.iter().enumerate() {
                let cid = 6000 + i as u64;
                let mut c = match cmd {
                    Value::Object(o) => o.clone(),
                    _ => Map::new(),
                };
                c.insert("id".into(), Value::String(cid.to_string()));
                c.insert("application_id".into(), Value::String(APP_ID.to_string()));
                c.insert("version".into(), Value::String("1".into()));
                c.entry("type").or_insert(json!(1));
                c.entry("description").or_insert(json!(""));
                c.entry("default_member_permissions").or_insert(Value::Null);
                if let Some(name) = c.get("name").and_then(Value::as_str) {
                    st.command_ids.insert(name.to_string(), cid);
                }
                echo.push(Value::Object(c));
            }
            st.commands_body = list;
            st.commands_echo = echo.clone();
            ok(Value::Array(echo))
        }
        ("GET", ["applications", _app, "commands"])
        | ("GET", ["applications", _app, "guilds", _, "commands"]) => {
            ok(Value::Array(st.commands_echo.clone()))
        }
        _ => no_route(),
    }
}

fn callback(st: &mut State, id: u64, token: &str, body: &Value) -> Resp {
    let Some(inter) = st.inters.get_mut(&id).filter(|i| i.token == token) else {
        return err(404, 10062, "Unknown interaction");
    };
    if inter.callback.is_some() {
        return err(400, 40060, "Interaction has already been acknowledged.");
    }
    let kind = body.get("type").and_then(Value::as_u64).unwrap_or(0) as u8;
    let data = body.get("data").cloned().unwrap_or(Value::Null);
    inter.callback = Some((kind, data.clone(), inter.dispatched.elapsed()));
    let (channel, user, component_msg) = (inter.channel, inter.user, inter.message);
    match kind {
        4 => {
            let mid = st.create_msg(channel, APP_ID, &data, Some(id), Some(user));
            st.inters.get_mut(&id).expect("interaction").original = Some(mid);
        }
        5 => {
            let flags = data.get("flags").and_then(Value::as_u64).unwrap_or(0);
            st.inters.get_mut(&id).expect("interaction").deferred_flags = Some(flags);
        }
        6 | 7 => {
            st.inters.get_mut(&id).expect("interaction").original = component_msg;
            if kind == 7 {
                if let Some(m) = component_msg.and_then(|m| st.msg_mut(m)) {
                    apply_edit(m, &data);
                }
            }
        }
        _ => {}
    }
    no_content()
}

fn webhook_message(st: &mut State, method: &str, id: u64, which: &str, body: &Value) -> Resp {
    let (channel, user, original, deferred) = {
        let i = &st.inters[&id];
        (i.channel, i.user, i.original, i.deferred_flags)
    };
    let target = if which == "@original" {
        original
    } else {
        match id_of(which) {
            Some(m) => Some(m),
            None => return no_route(),
        }
    };
    let target = target.filter(|&m| st.msg(m).is_some_and(|x| !x.deleted));
    match (method, target) {
        ("GET", Some(m)) => ok(message_json(st.msg(m).expect("checked"))),
        ("PATCH", Some(m)) => {
            let msg = st.msg_mut(m).expect("checked");
            apply_edit(msg, body);
            ok(message_json(msg))
        }
        ("DELETE", Some(m)) => {
            st.msg_mut(m).expect("checked").deleted = true;
            no_content()
        }
        ("PATCH", None) if which == "@original" && original.is_none() && deferred.is_some() => {
            let mut data = body.clone();
            if !data.is_object() {
                data = json!({});
            }
            data["flags"] = json!(deferred.unwrap_or(0));
            let mid = st.create_msg(channel, APP_ID, &data, Some(id), Some(user));
            st.inters.get_mut(&id).expect("interaction").original = Some(mid);
            ok(message_json(st.msg(mid).expect("just created")))
        }
        ("GET" | "PATCH" | "DELETE", None) => unknown_message(),
        _ => no_route(),
    }
}

// ---------------------------------------------------------------------------------------------
// Gateway

async fn gateway_accept(shared: Shared, listener: TcpListener) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        tokio::spawn(gateway_conn(shared.clone(), stream));
    }
}

async fn gateway_conn(shared: Shared, stream: TcpStream) {
    let _ = stream.set_nodelay(true);
    let Ok(ws) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let (mut sink, mut source) = ws.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<Out>();
    let conn_id = {
        let mut st = lock(&shared);
        st.next_conn += 1;
        st.next_conn
    };
    let writer = tokio::spawn(async move {
        let mut seq: u64 = 0;
        while let Some(out) = rx.recv().await {
            let frame = match out {
                Out::Frame(v) => WsMessage::Text(v.to_string()),
                Out::SetSeq(s) => {
                    seq = s;
                    continue;
                }
                Out::Dispatch(t, d) => {
                    seq += 1;
                    WsMessage::Text(json!({"op": 0, "s": seq, "t": t, "d": d}).to_string())
                }
                Out::Close(code) => {
                    let _ = sink
                        .send(WsMessage::Close(Some(CloseFrame {
                            code: CloseCode::from(code),
                            reason: "fake discord: dropped".into(),
                        })))
                        .await;
                    break;
                }
            };
            if sink.send(frame).await.is_err() {
                break;
            }
        }
    });
    let _ = tx.send(Out::Frame(
        json!({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL}}),
    ));
    while let Some(frame) = source.next().await {
        let text = match frame {
            Ok(WsMessage::Text(t)) => t,
            Ok(WsMessage::Binary(b)) => String::from_utf8_lossy(&b).into_owned(),
            Ok(WsMessage::Close(_)) => {
                // Complete the closing handshake: the bot waits for our Close frame.
                let _ = tx.send(Out::Close(1000));
                break;
            }
            Err(_) => break,
            Ok(_) => continue,
        };
        let Ok(v) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        match v.get("op").and_then(Value::as_u64) {
            Some(1) => {
                let _ = tx.send(Out::Frame(json!({"op": 11})));
            }
            Some(2) => {
                let mut st = lock(&shared);
                let ready = json!({
                    "v": 10,
                    "user": bot_user_json(),
                    "guilds": [{"id": GUILD_ID.to_string(), "unavailable": true}],
                    "session_id": format!("sess{conn_id}"),
                    "resume_gateway_url": st.gw_url,
                    "application": {"id": APP_ID.to_string(), "flags": 0},
                });
                if tx.send(Out::Dispatch("READY".into(), ready)).is_ok() {
                    st.connections += 1;
                    st.current = Some(Conn {
                        id: conn_id,
                        tx: tx.clone(),
                    });
                }
            }
            Some(6) => {
                let mut st = lock(&shared);
                if st.allow_resume {
                    let seq = v["d"].get("seq").and_then(Value::as_u64).unwrap_or(0);
                    let _ = tx.send(Out::SetSeq(seq));
                    if tx.send(Out::Dispatch("RESUMED".into(), json!({}))).is_ok() {
                        st.resumes += 1;
                        st.current = Some(Conn {
                            id: conn_id,
                            tx: tx.clone(),
                        });
                    }
                } else {
                    let _ = tx.send(Out::Frame(json!({"op": 9, "d": false})));
                }
            }
            _ => {}
        }
    }
    {
        let mut st = lock(&shared);
        if st.current.as_ref().is_some_and(|c| c.id == conn_id) {
            st.current = None;
        }
    }
    drop(tx);
    // Let a queued Close frame go out, then make sure the writer (and the socket) is gone.
    let mut writer = writer;
    if tokio::time::timeout(Duration::from_millis(500), &mut writer)
        .await
        .is_err()
    {
        writer.abort();
    }
}

// ---------------------------------------------------------------------------------------------
// The handle

/// A running fake Discord; cheap to clone, all clones share the same state.
#[derive(Clone)]
pub struct FakeDiscord {
    shared: Shared,
    rest_port: u16,
}

impl FakeDiscord {
    /// Binds REST and the gateway on 127.0.0.1 (ephemeral ports) and serves them on the
    /// current tokio runtime.
    pub async fn start() -> FakeDiscord {
        let rest_listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("fake discord: bind REST");
        let gw = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("fake discord: bind gateway");
        let rest_port = rest_listener.local_addr().expect("REST addr").port();
        let gw_port = gw.local_addr().expect("gateway addr").port();
        let shared: Shared = Arc::new(Mutex::new(State {
            next_interaction: 5000,
            next_message: 7000,
            next_conn: 0,
            calls: Vec::new(),
            msgs: Vec::new(),
            by_channel: HashMap::new(),
            by_interaction: HashMap::new(),
            msg_index: HashMap::new(),
            closed_dms: HashSet::new(),
            threads: Vec::new(),
            opened_dms: HashMap::new(),
            fails: Vec::new(),
            commands_body: Vec::new(),
            commands_echo: Vec::new(),
            command_ids: HashMap::new(),
            inters: HashMap::new(),
            tokens: HashMap::new(),
            connections: 0,
            resumes: 0,
            allow_resume: false,
            current: None,
            gw_url: format!("ws://127.0.0.1:{gw_port}"),
        }));
        let app = axum::Router::new()
            .fallback(rest)
            .with_state(shared.clone());
        tokio::spawn(async move {
            let _ = axum::serve(rest_listener, app).await;
        });
        tokio::spawn(gateway_accept(shared.clone(), gw));
        FakeDiscord { shared, rest_port }
    }

    fn st(&self) -> MutexGuard<'_, State> {
        lock(&self.shared)
    }

    /// `http://127.0.0.1:PORT`: the REST base, to use as `DISCORD_PROXY_URL`.
    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.rest_port)
    }

    /// `ws://127.0.0.1:PORT`: the gateway URL that `GET /gateway` answers.
    pub fn gateway_url(&self) -> String {
        self.st().gw_url.clone()
    }

    /// From now on, posting a message into this user's DM channel answers 403 50007.
    pub fn close_dms(&self, user: u64) {
        self.st().closed_dms.insert(user);
    }

    /// The next call with this method whose path contains `path_contains` gets this answer
    /// instead (`Value::Null` body = empty). A 429 also gets `retry-after`,
    /// `x-ratelimit-scope: user`, `x-ratelimit-reset-after` (from the body's `retry_after`),
    /// `x-ratelimit-limit` and `x-ratelimit-remaining`. Queued answers are used in order.
    pub fn fail_next(&self, method: &str, path_contains: &str, status: u16, body: Value) {
        self.st().fails.push(Fail {
            method: method.to_string(),
            path_contains: path_contains.to_string(),
            status,
            body,
        });
    }

    /// True once a gateway connection is live (sent READY or RESUMED, not closed since);
    /// false if none within `timeout`.
    pub async fn wait_ready(&self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        loop {
            if self.st().current.is_some() {
                return true;
            }
            if Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Gateway connections that reached READY so far.
    pub fn connections(&self) -> u32 {
        self.st().connections
    }

    /// Gateway connections that resumed (got RESUMED) so far; see [`Self::allow_resume`].
    pub fn resumes(&self) -> u32 {
        self.st().resumes
    }

    /// Whether RESUME (op 6) is accepted: answered with a RESUMED dispatch (sequence going on
    /// from the RESUME's `seq`; events sent while no connection was live are not replayed)
    /// instead of op 9 `false`. Off by default.
    pub fn allow_resume(&self, allow: bool) {
        self.st().allow_resume = allow;
    }

    /// The body of the last `PUT .../commands` (global or guild), one value per command.
    pub fn registered_commands(&self) -> Vec<Value> {
        self.st().commands_body.clone()
    }

    /// Sends a dispatch on the current connection, waiting up to 5 s for one. `interaction`:
    /// its dispatch time is set at the moment of sending.
    async fn dispatch(&self, t: &str, d: Value, interaction: Option<u64>) {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            {
                let mut st = self.st();
                if st.current.is_some() {
                    if let Some(id) = interaction {
                        if let Some(i) = st.inters.get_mut(&id) {
                            i.dispatched = Instant::now();
                        }
                    }
                    if st.try_dispatch(t, d.clone()) {
                        return;
                    }
                }
            }
            if Instant::now() >= deadline {
                panic!(
                    "fake discord: no live gateway connection to send {t} to (waited 5 s; \
                     {} connection(s) reached READY so far)",
                    self.connections()
                );
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Sends any gateway event (`t`, `d`) to the bot on the current connection.
    pub async fn send_event(&self, t: &str, d: Value) {
        self.dispatch(t, d, None).await;
    }

    /// Sends any frame, as it is, on the current connection (e.g. one that is not a valid
    /// gateway payload); false if no connection is live.
    pub fn send_frame(&self, frame: Value) -> bool {
        let st = self.st();
        st.current
            .as_ref()
            .is_some_and(|conn| conn.tx.send(Out::Frame(frame)).is_ok())
    }

    /// Registers a new interaction and returns its id.
    /// The id the next interaction sent will have (to aim a failure at it).
    pub fn next_interaction_id(&self) -> u64 {
        self.st().next_interaction
    }

    fn new_interaction(&self, user: u64, channel: u64, message: Option<u64>) -> u64 {
        let mut st = self.st();
        let id = st.next_interaction;
        st.next_interaction += 1;
        let token = format!("tok-{id}");
        st.tokens.insert(token.clone(), id);
        st.inters.insert(
            id,
            Inter {
                token,
                channel,
                user,
                message,
                dispatched: Instant::now(),
                callback: None,
                original: None,
                deferred_flags: None,
            },
        );
        id
    }

    /// A slash command (`/command sub options…`, or `/command options…` when `sub` is None)
    /// by `user` in `channel` with member permissions `perms`. `options`: JSON array of
    /// `{"name","type","value"}`. Returns the interaction id.
    pub async fn slash(
        &self,
        user: u64,
        channel: u64,
        command: &str,
        sub: Option<&str>,
        options: Value,
        perms: u64,
    ) -> u64 {
        let options = if options.is_null() {
            json!([])
        } else {
            options
        };
        let cmd_id = self.st().command_ids.get(command).copied().unwrap_or(6000);
        let options = match sub {
            Some(sub) => json!([{"name": sub, "type": 1, "options": options}]),
            None => options,
        };
        let data = json!({"id": cmd_id.to_string(), "name": command, "type": 1,
                          "options": options});
        let id = self.new_interaction(user, channel, None);
        let d = interaction_json(id, 2, user, channel, perms, data);
        self.dispatch("INTERACTION_CREATE", d, Some(id)).await;
        id
    }

    /// A button click on `msg` (its current state is looked up by id) with
    /// [`DEFAULT_PERMS`]. Returns the interaction id.
    pub async fn click(&self, user: u64, msg: &Msg, custom_id: &str) -> u64 {
        self.component(user, msg, custom_id, 2, &[], DEFAULT_PERMS)
            .await
    }

    /// A string-select choice on `msg` with [`DEFAULT_PERMS`]. Returns the interaction id.
    pub async fn select(&self, user: u64, msg: &Msg, custom_id: &str, values: &[&str]) -> u64 {
        self.component(user, msg, custom_id, 3, values, DEFAULT_PERMS)
            .await
    }

    /// A component interaction of any `component_type` (2 button, 3 string select, …) with
    /// explicit member permissions. Returns the interaction id.
    pub async fn component(
        &self,
        user: u64,
        msg: &Msg,
        custom_id: &str,
        component_type: u8,
        values: &[&str],
        perms: u64,
    ) -> u64 {
        let current = self.message(msg.id).unwrap_or_else(|| msg.clone());
        let mut data = json!({"custom_id": custom_id, "component_type": component_type});
        if component_type != 2 {
            data["values"] = json!(values);
        }
        let id = self.new_interaction(user, current.channel_id, Some(current.id));
        let mut d = interaction_json(id, 3, user, current.channel_id, perms, data);
        d["message"] = message_json(&current);
        self.dispatch("INTERACTION_CREATE", d, Some(id)).await;
        id
    }

    /// A modal submit (interaction type 5) by `user` in `channel`: `fields` are
    /// `(custom_id, value)` of text inputs, one per action row. Returns the interaction id.
    pub async fn modal_submit(
        &self,
        user: u64,
        channel: u64,
        custom_id: &str,
        fields: &[(&str, &str)],
    ) -> u64 {
        let rows: Vec<Value> = fields
            .iter()
            .map(|(cid, value)| {
                json!({"type": 1, "components": [
                    {"type": 4, "custom_id": cid, "value": value, "style": 1}]})
            })
            .collect();
        let data = json!({"custom_id": custom_id, "components": rows});
        let id = self.new_interaction(user, channel, None);
        let d = interaction_json(id, 5, user, channel, DEFAULT_PERMS, data);
        self.dispatch("INTERACTION_CREATE", d, Some(id)).await;
        id
    }

    /// A human message (MESSAGE_CREATE, author not a bot); in a guild channel with `guild_id`
    /// and `member`. Stored as a [`Msg`] of that channel. Returns the message id.
    pub async fn say(&self, user: u64, channel: u64, content: &str) -> u64 {
        let (id, d) = {
            let mut st = self.st();
            let id = st.create_msg(channel, user, &json!({"content": content}), None, None);
            (id, message_create_json(st.msg(id).expect("just created")))
        };
        self.dispatch("MESSAGE_CREATE", d, None).await;
        id
    }

    /// The threads the bot opened: `(id, parent channel, name, members)`, in order.
    pub fn threads(&self) -> Vec<(u64, u64, String, Vec<u64>)> {
        self.st().threads.clone()
    }

    /// Every REST call so far, in arrival order.
    pub fn calls(&self) -> Vec<Call> {
        self.st().calls.clone()
    }

    /// The number of REST calls so far (cheaper than `calls().len()`).
    pub fn call_count(&self) -> usize {
        self.st().calls.len()
    }

    /// Messages of a channel, in creation order, deleted ones included (flagged).
    pub fn messages(&self, channel: u64) -> Vec<Msg> {
        self.st().in_channel(channel).cloned().collect()
    }

    /// Every stored message, in creation order.
    pub fn all_messages(&self) -> Vec<Msg> {
        self.st().msgs.clone()
    }

    /// The current state of a message.
    pub fn message(&self, id: u64) -> Option<Msg> {
        self.st().msg(id).cloned()
    }

    /// The DM channel the bot opened for this user (`90000 + user`), if it did.
    pub fn dm_channel(&self, user: u64) -> Option<u64> {
        self.st().opened_dms.get(&user).copied()
    }

    /// Messages the bot posted into this user's DM channel.
    pub fn dms(&self, user: u64) -> Vec<Msg> {
        let channel = DM_BASE + user;
        self.st()
            .in_channel(channel)
            .filter(|m| m.author_id == APP_ID)
            .cloned()
            .collect()
    }

    /// Messages created for that interaction (response message and follow-ups), ephemeral
    /// ones included.
    pub fn replies(&self, interaction: u64) -> Vec<Msg> {
        let st = self.st();
        st.by_interaction
            .get(&interaction)
            .into_iter()
            .flatten()
            .map(|&i| st.msgs[i].clone())
            .collect()
    }

    /// The first callback of an interaction: type, data, time from dispatch to arrival.
    pub fn callback(&self, interaction: u64) -> Option<(u8, Value, Duration)> {
        self.st()
            .inters
            .get(&interaction)
            .and_then(|i| i.callback.clone())
    }

    /// Dispatch→callback time of every interaction that got a callback, by interaction id.
    pub fn ack_times(&self) -> Vec<Duration> {
        let st = self.st();
        let mut v: Vec<(u64, Duration)> = st
            .inters
            .iter()
            .filter_map(|(id, i)| i.callback.as_ref().map(|c| (*id, c.2)))
            .collect();
        v.sort_by_key(|(id, _)| *id);
        v.into_iter().map(|(_, d)| d).collect()
    }

    /// Polls `f` every 10 ms until it holds; after `timeout` panics with `what` and the last
    /// 40 calls.
    pub async fn wait_until(
        &self,
        what: &str,
        timeout: Duration,
        f: impl Fn(&FakeDiscord) -> bool,
    ) {
        let deadline = Instant::now() + timeout;
        loop {
            if f(self) {
                return;
            }
            if Instant::now() >= deadline {
                panic!(
                    "fake discord: timed out after {timeout:?} waiting for: {what}\n{}",
                    self.dump_calls(40)
                );
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// The last `n` calls, one a line: method, path, body (at most 300 characters).
    pub fn dump_calls(&self, n: usize) -> String {
        let st = self.st();
        let start = st.calls.len().saturating_sub(n);
        let mut out = format!(
            "last {} of {} REST calls:\n",
            st.calls.len() - start,
            st.calls.len()
        );
        for c in &st.calls[start..] {
            let body = if c.body.is_null() {
                String::new()
            } else {
                c.body.to_string()
            };
            let mut short: String = body.chars().take(300).collect();
            if short.len() < body.len() {
                short.push('…');
            }
            out.push_str(&format!("  {} {} {}\n", c.method, c.path, short));
        }
        out
    }

    /// Closes the current gateway connection (Close 1000); serenity reconnects and tries to
    /// resume (see [`Self::allow_resume`]), and [`Self::wait_ready`] waits for the new
    /// connection.
    pub fn drop_gateway(&self) {
        if let Some(conn) = self.st().current.take() {
            let _ = conn.tx.send(Out::Close(DROP_CLOSE_CODE));
        }
    }
}
