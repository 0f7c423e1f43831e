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
//! - Gateway: HELLO, IDENTIFY (`"shard": [shard, total]`, else `[0, 1]`) → READY (no
//!   GUILD_CREATE), heartbeat ACKs, RESUME → op 9 `false` so the bot re-identifies (or
//!   RESUMED after [`FakeDiscord::allow_resume`]). Each shard's newest connection that got
//!   READY (or RESUMED) is its live one; an event goes to its guild's shard (`(guild_id >>
//!   22) % total`; a DM to shard 0) with an increasing `"s"` per connection; several
//!   connections at once (several bot processes). [`FakeDiscord::drop_gateway`] closes
//!   them all (code 1000), [`FakeDiscord::drop_shard`] one. Channels are in [`GUILD_ID`]
//!   unless [`FakeDiscord::place_channel`] puts them elsewhere.
//! - A channel post with `enforce_nonce` and a nonce the bot used in that channel before
//!   answers the earlier message and posts nothing ([`FakeDiscord::nonce_repeats`]).
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

mod gateway;
mod handle;
mod rest;

pub use handle::FakeDiscord;

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
    /// The live gateway connection of each shard (the newest that got READY or RESUMED).
    shards: HashMap<u32, Conn>,
    /// The shard count the bot identified with (1 until it identifies).
    total: u32,
    /// Each gateway session id's shard (a RESUME names the session, not the shard).
    shard_sessions: HashMap<String, u32>,
    /// Every IDENTIFY's `[shard, total]`, in order.
    identifies: Vec<[u32; 2]>,
    /// Channels of guilds other than [`GUILD_ID`] (see [`FakeDiscord::place_channel`]).
    channel_guilds: HashMap<u64, u64>,
    /// How long an event waits for its shard's connection (see `set_dispatch_wait`).
    dispatch_wait: Duration,
    /// The message each enforced nonce made, by channel.
    nonces: HashMap<(u64, String), u64>,
    /// Posts answered by an earlier message of the same nonce (shown once).
    nonce_repeats: u32,
    /// A shared rate-limit proxy's pace (see `set_global_limit`): the gap between two
    /// calls under the global limit, when the next may go, and since when it applies.
    pace: Option<(Duration, Instant, Instant)>,
    gw_url: String,
    /// Each user's Discord locale, when not `en-US` (see [`FakeDiscord::set_locale`]).
    locales: HashMap<u64, String>,
}

/// Calls Discord exempts from the global rate limit: interaction callbacks and the
/// interaction webhook (follow-ups, `@original`).
pub fn exempt_from_global_limit(path: &str) -> bool {
    path.contains("/interactions/") || path.contains("/webhooks/")
}

/// The shard a guild's events go to, as Discord routes them: `(guild_id >> 22) % total`.
pub fn shard_of(guild: u64, total: u32) -> u32 {
    ((guild >> 22) % total.max(1) as u64) as u32
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

    /// The guild of a channel: none (0) for a DM channel; a thread's is its parent's.
    fn guild_of(&self, channel: u64) -> u64 {
        if is_dm(channel) {
            return 0;
        }
        let channel = (self.threads.iter())
            .find(|t| t.0 == channel)
            .map_or(channel, |t| t.1);
        self.channel_guilds
            .get(&channel)
            .copied()
            .unwrap_or(GUILD_ID)
    }

    /// The shard an event goes to: its guild's, or shard 0 without a guild (a DM).
    fn target_shard(&self, d: &Value) -> u32 {
        match d["guild_id"].as_str().and_then(|g| g.parse::<u64>().ok()) {
            Some(g) => shard_of(g, self.total),
            None => 0,
        }
    }

    /// Whether the shard an event goes to has a live connection.
    fn can_dispatch(&self, d: &Value) -> bool {
        self.shards.contains_key(&self.target_shard(d))
    }

    /// Sends an event on its shard's connection, if live; false if there is none.
    fn try_dispatch(&mut self, t: &str, d: Value) -> bool {
        let shard = self.target_shard(&d);
        if let Some(conn) = self.shards.get(&shard) {
            if conn.tx.send(Out::Dispatch(t.to_string(), d)).is_ok() {
                return true;
            }
            self.shards.remove(&shard);
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
fn message_create_json(m: &Msg, guild: u64) -> Value {
    let mut d = message_json(m);
    if !is_dm(m.channel_id) {
        d["guild_id"] = Value::String(guild.to_string());
        d["member"] = member_json(None, None);
    }
    d
}

fn channel_json(c: u64, guild: u64) -> Value {
    if is_dm(c) {
        json!({"id": c.to_string(), "type": 1, "last_message_id": null,
               "recipients": [user_json(c - DM_BASE)]})
    } else {
        json!({"id": c.to_string(), "type": 0, "guild_id": guild.to_string(),
               "name": format!("table-{c}"), "position": 0, "permission_overwrites": [],
               "nsfw": false})
    }
}

#[allow(clippy::too_many_arguments)]
fn interaction_json(
    id: u64,
    kind: u8,
    user: u64,
    channel: u64,
    guild: u64,
    perms: u64,
    data: Value,
) -> Value {
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
        d["guild_id"] = Value::String(guild.to_string());
        d["guild_locale"] = json!("en-US");
        d["member"] = member_json(Some(user), Some(perms));
        d["context"] = json!(0);
    }
    d
}

fn error_json(code: u64, message: &str) -> Value {
    json!({"code": code, "message": message})
}

type Shared = Arc<Mutex<State>>;

fn lock(s: &Shared) -> MutexGuard<'_, State> {
    s.lock().unwrap_or_else(|e| e.into_inner())
}
