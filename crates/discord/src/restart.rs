//! After a restart, every open ask is on screen exactly once and no stale control stays
//! live, at every table.
//!
//! A driver stores how far it has posted before posting (a crash in between loses a post
//! rather than repeating one) and a control's message id after posting it. So a crash can
//! lose an open ask's post (it was marked, never posted) or its id (posted, never stored).
//! On resume a table therefore (1) posts again every open ask its stored state does not
//! prove on screen, unless reading its channel back finds it there (a message with that
//! ask's controls, or a call's very text: its id is then stored), and (2) sweeps its
//! channel, and the DMs it sent, with `ReadBack::close`: the bot's own messages carrying
//! controls of its session (the session is in every `custom_id`, see `text::Component`) or
//! of the lobby of its channel that are not the open ones lose their controls and say they
//! have closed, in the table's language (a DM in its reader's). A person clicking an old
//! copy finds it closed; the open ask's one live copy answers.
//!
//! Also the crash points the restart tests use (debug builds only, see `crash_point`).

use super::text::Component;
use super::types::Bot;
use agora_games::Lang;
use serde_json::Value;
use serenity::all::{ChannelId, EditMessage, UserId};
use serenity::http::{LightMethod, Request, Route};

/// What a closed control's message says under its text, in the language of the table (or
/// of the person whose DMs it is in).
pub fn closed_line(lang: Lang) -> String {
    lang.text("restart-closed", &[])
}

/// How many pages of 100 messages a sweep reads back, newest first.
const PAGES: usize = 10;

/// The id of a message (or user) as Discord sends it: a string, or a number.
fn id_of(v: &Value) -> Option<u64> {
    match v {
        Value::String(s) => s.parse().ok(),
        Value::Number(n) => n.as_u64(),
        _ => None,
    }
}

/// The `custom_id`s of a message's controls (buttons and menus in its rows).
fn custom_ids(m: &Value) -> Vec<&str> {
    let rows = m["components"].as_array().map(Vec::as_slice).unwrap_or(&[]);
    rows.iter()
        .flat_map(|row| {
            row["components"]
                .as_array()
                .map(Vec::as_slice)
                .unwrap_or(&[])
        })
        .filter_map(|c| c["custom_id"].as_str())
        .collect()
}

/// The messages among `messages` (REST message objects) that need closing: the bot's own
/// (`me`), carrying a control of `session` or of the lobby of channel `lobby_of`, none of
/// them `live` (given the message's id and the control). With the text each should show
/// (its closing line in `lang`).
pub(crate) fn stale(
    messages: &[Value],
    me: u64,
    session: &str,
    lobby_of: Option<u64>,
    live: &dyn Fn(u64, &Component) -> bool,
    lang: Lang,
) -> Vec<(u64, String)> {
    let closed = closed_line(lang);
    let mut out = Vec::new();
    for m in messages {
        let (Some(id), Some(author)) = (id_of(&m["id"]), id_of(&m["author"]["id"])) else {
            continue;
        };
        if author != me {
            continue;
        }
        let ours: Vec<Component> = custom_ids(m)
            .into_iter()
            .filter_map(Component::parse)
            .filter(|c| match c {
                Component::Ask { session: s, .. } | Component::Board { session: s, .. } => {
                    s == session
                }
                Component::Lobby { channel, .. } => Some(*channel) == lobby_of,
            })
            .collect();
        if ours.is_empty() || ours.iter().any(|c| live(id, c)) {
            continue;
        }
        let text: String = m["content"]
            .as_str()
            .unwrap_or("")
            .chars()
            .take(1800)
            .collect();
        let text = if text.is_empty() {
            closed.clone()
        } else {
            format!("{text}\n{closed}")
        };
        out.push((id, text));
    }
    out
}

/// The latest messages of a channel (up to [`PAGES`] × 100), newest first, as Discord
/// sends them; what cannot be read is logged and skipped.
async fn recent(bot: &Bot, channel: u64) -> Vec<Value> {
    let mut all: Vec<Value> = Vec::new();
    let mut before: Option<u64> = None;
    for _ in 0..PAGES {
        let mut params = vec![("limit", "100".to_string())];
        if let Some(b) = before {
            params.push(("before", b.to_string()));
        }
        let route = Route::ChannelMessages {
            channel_id: ChannelId::new(channel),
        };
        let req = Request::new(route, LightMethod::Get).params(Some(params));
        let page: Vec<Value> = match bot.http.fire(req).await {
            Ok(p) => p,
            Err(e) => {
                tracing::warn!(channel, "reading the channel back after a restart: {e}");
                break;
            }
        };
        let full = page.len() >= 100;
        let page: Vec<Value> = page
            .into_iter()
            .filter(|m| before.is_none_or(|b| id_of(&m["id"]).is_some_and(|i| i < b)))
            .collect();
        let oldest = page.iter().filter_map(|m| id_of(&m["id"])).min();
        all.extend(page);
        match oldest {
            Some(o) if full => before = Some(o),
            _ => break,
        }
    }
    all
}

/// A channel's latest messages, read back after a restart.
pub(crate) struct ReadBack {
    pub channel: u64,
    /// As Discord sends them, newest first.
    pub messages: Vec<Value>,
}

impl ReadBack {
    /// Reads back `channel` (up to [`PAGES`] × 100 messages).
    pub async fn read(bot: &Bot, channel: u64) -> ReadBack {
        ReadBack {
            channel,
            messages: recent(bot, channel).await,
        }
    }

    /// The bot's (`me`) messages here, newest first.
    pub fn own(&self, me: u64, session: &str) -> Vec<Own<'_>> {
        own(&self.messages, me, session)
    }

    /// Whether one of the bot's (`me`) messages here carries the control `custom_id`.
    pub fn has(&self, me: u64, custom_id: &str) -> bool {
        self.messages
            .iter()
            .any(|m| id_of(&m["author"]["id"]) == Some(me) && custom_ids(m).contains(&custom_id))
    }

    /// Closes the bot's messages here with controls of `session` (or of the lobby of
    /// channel `lobby_of`) that are not `live`: their controls go and they say, in `lang`,
    /// they closed. Returns how many were closed.
    pub async fn close(
        &self,
        bot: &Bot,
        session: &str,
        lobby_of: Option<u64>,
        live: &(dyn Fn(u64, &Component) -> bool + Sync),
        lang: Lang,
    ) -> usize {
        let stale = stale(&self.messages, bot.me, session, lobby_of, live, lang);
        let n = stale.len();
        for (id, text) in stale {
            let edit = EditMessage::new().content(text).components(vec![]);
            let _ = bot.edit(ChannelId::new(self.channel), id, edit).await;
        }
        if n > 0 {
            tracing::info!(self.channel, "closed {n} stale controls after a restart");
        }
        n
    }
}

/// One of the bot's messages read back.
#[derive(Debug, PartialEq)]
pub(crate) struct Own<'a> {
    pub id: u64,
    pub text: &'a str,
    /// Its controls of the session's asks, as `(seat, seq)` (the night panel's `open`
    /// aside).
    pub asks: Vec<(u8, u32)>,
}

/// The bot's (`me`) messages among `messages`, in their order, with their controls of
/// `session`'s asks.
pub(crate) fn own<'a>(messages: &'a [Value], me: u64, session: &str) -> Vec<Own<'a>> {
    let mut out = Vec::new();
    for m in messages {
        let (Some(id), Some(author)) = (id_of(&m["id"]), id_of(&m["author"]["id"])) else {
            continue;
        };
        if author != me {
            continue;
        }
        let mut asks: Vec<(u8, u32)> = Vec::new();
        for c in custom_ids(m).into_iter().filter_map(Component::parse) {
            if let Component::Ask {
                session: s,
                seat,
                seq,
                verb,
            } = c
            {
                if s == session && verb != "open" && !asks.contains(&(seat, seq)) {
                    asks.push((seat, seq));
                }
            }
        }
        out.push(Own {
            id,
            text: m["content"].as_str().unwrap_or(""),
            asks,
        });
    }
    out
}

/// Closes the bot's messages in `channel` with controls of `session` (or of the lobby of
/// After a restart, for a table that posts every open ask again as it resumes (its calls'
/// ids are not stored): every control of `session` in `channel`, and of its lobby, closes,
/// saying so in the table's `lang`. Returns how many were closed.
pub(crate) async fn close_all(bot: &Bot, channel: u64, session: &str, lang: Lang) -> usize {
    ReadBack::read(bot, channel)
        .await
        .close(bot, session, Some(channel), &|_, _| false, lang)
        .await
}

/// A user's DM channel with the bot (opened once and remembered).
pub(crate) async fn dm_channel(bot: &Bot, user: u64) -> Result<ChannelId, serenity::Error> {
    let known = bot.dm_channels.lock().expect("lock").get(&user).copied();
    if let Some(c) = known {
        return Ok(c);
    }
    let c = UserId::new(user).create_dm_channel(&bot.http).await?.id;
    bot.dm_channels.lock().expect("lock").insert(user, c);
    Ok(c)
}

/// When a crash point fires: just before a matching message is sent, or just after
/// Discord has accepted it (before the caller learns its id).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Crash {
    Before,
    After,
}

/// A crash point for the restart tests: with `AGORA_DISCORD_CRASH_AFTER=<text>` (or
/// `<text>#<n>`) the process is killed (SIGKILL: nothing is flushed or detached) as soon as
/// Discord has accepted the first (`n`-th) message the bot posts or DMs whose text holds
/// `<text>`, before the caller learns its id; with `AGORA_DISCORD_CRASH_BEFORE`, just
/// before that message is sent. Read once; debug builds only, so a release build never
/// checks it.
#[cfg(debug_assertions)]
pub(crate) fn crash_point(msg: &serenity::all::CreateMessage, when: Crash) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::OnceLock;
    type Point = Option<(String, usize, Crash)>;
    static POINT: OnceLock<Point> = OnceLock::new();
    static SEEN: AtomicUsize = AtomicUsize::new(0);
    let point = POINT.get_or_init(|| {
        let (v, when) = match std::env::var("AGORA_DISCORD_CRASH_AFTER") {
            Ok(v) => (v, Crash::After),
            Err(_) => (
                std::env::var("AGORA_DISCORD_CRASH_BEFORE").ok()?,
                Crash::Before,
            ),
        };
        Some(match v.rsplit_once('#') {
            Some((text, n)) if n.parse::<usize>().is_ok() => {
                (text.to_string(), n.parse().unwrap_or(1), when)
            }
            _ => (v, 1, when),
        })
    });
    let Some((needle, nth, at)) = point else {
        return;
    };
    if *at != when {
        return;
    }
    let content = serde_json::to_value(msg).unwrap_or_default();
    if !content["content"]
        .as_str()
        .unwrap_or("")
        .contains(needle.as_str())
    {
        return;
    }
    if SEEN.fetch_add(1, Ordering::SeqCst) + 1 == *nth {
        eprintln!("agora: crash point reached ({needle})");
        // SAFETY: signalling our own process.
        unsafe {
            libc::kill(libc::getpid(), libc::SIGKILL);
        }
    }
}

/// Release builds have no crash points.
#[cfg(not(debug_assertions))]
#[inline(always)]
pub(crate) fn crash_point(_msg: &serenity::all::CreateMessage, _when: Crash) {}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn msg(id: u64, author: u64, content: &str, ids: &[&str]) -> Value {
        let comps: Vec<Value> = ids
            .iter()
            .map(|c| json!({"type": 2, "style": 1, "label": "x", "custom_id": c}))
            .collect();
        json!({"id": id.to_string(), "author": {"id": author.to_string()}, "content": content,
               "components": [{"type": 1, "components": comps}]})
    }

    #[test]
    fn only_the_bots_own_stale_controls_of_its_session_close() {
        let me = 1000;
        let messages = vec![
            // The open call: live.
            msg(
                10,
                me,
                "🎤 your call",
                &["ask:s1:1:4:done", "ask:s1:1:4:write"],
            ),
            // A copy of it posted before the restart: stale.
            msg(
                9,
                me,
                "🎤 your call",
                &["ask:s1:1:4:done", "ask:s1:1:4:write"],
            ),
            // Another session's controls, and a person's message: not ours to close.
            msg(8, me, "other", &["ask:s2:1:3:done"]),
            msg(7, 4000, "a person", &["ask:s1:1:4:done"]),
            // An old vote message of the session, and the lobby of this channel.
            msg(6, me, "", &["board:s1:12"]),
            msg(5, me, "lobby", &["lobby:3000:join", "lobby:3000:start"]),
            // Another channel's lobby, and a message without controls.
            msg(4, me, "lobby", &["lobby:3001:join"]),
            msg(3, me, "plain", &[]),
        ];
        let live = |id: u64, _: &Component| id == 10;
        let out = stale(&messages, me, "s1", Some(3000), &live, Lang::En);
        let ids: Vec<u64> = out.iter().map(|(i, _)| *i).collect();
        assert_eq!(ids, vec![9, 6, 5]);
        let closed = "⌛ These controls have closed (the bot restarted).";
        assert_eq!(out[0].1, format!("🎤 your call\n{closed}"));
        assert_eq!(out[1].1, closed, "an empty text becomes the line alone");
        // A Chinese table's say so in Chinese.
        let out = stale(&messages, me, "s1", Some(3000), &live, Lang::ZhCn);
        assert_eq!(
            out[0].1,
            format!("🎤 your call\n{}", closed_line(Lang::ZhCn))
        );
        assert!(
            out[1].1.starts_with("⌛ ") && out[1].1.contains("重启"),
            "{}",
            out[1].1
        );
        // Without a lobby to close, the lobby stays as it is.
        let out = stale(&messages, me, "s1", None, &live, Lang::En);
        assert_eq!(out.iter().map(|(i, _)| *i).collect::<Vec<_>>(), vec![9, 6]);
    }

    #[test]
    fn the_bots_own_messages_name_the_asks_they_hold() {
        let messages = vec![
            msg(9, 1, "pick", &["ask:s1:3:7:pick", "ask:s1:3:7:pass"]),
            msg(8, 1, "panel", &["ask:s1:2:0:open"]),
            msg(7, 1, "other game", &["ask:s2:3:7:pick"]),
            msg(6, 4000, "a person", &["ask:s1:3:7:pick"]),
            msg(5, 1, "🎤 call", &[]),
        ];
        let own = |id, text, asks| Own { id, text, asks };
        assert_eq!(
            super::own(&messages, 1, "s1"),
            vec![
                own(9, "pick", vec![(3, 7)]),
                own(8, "panel", vec![]),
                own(7, "other game", vec![]),
                own(5, "🎤 call", vec![]),
            ]
        );
    }

    #[test]
    fn a_control_of_the_bots_own_is_found() {
        let read = ReadBack {
            channel: 3000,
            messages: vec![
                msg(5, 1, "panel", &["ask:s1:2:0:open"]),
                msg(4, 4000, "a person", &["ask:s1:3:0:open"]),
            ],
        };
        assert!(read.has(1, "ask:s1:2:0:open"));
        assert!(!read.has(1, "ask:s1:3:0:open"), "not the bot's");
        assert!(!read.has(1, "ask:s1:4:0:open"));
    }

    #[test]
    fn a_message_with_one_live_control_stays() {
        let m = vec![msg(5, 1, "panel", &["ask:s1:2:0:open"])];
        let live =
            |_: u64, c: &Component| matches!(c, Component::Ask { verb, .. } if verb == "open");
        assert!(stale(&m, 1, "s1", None, &live, Lang::En).is_empty());
        assert_eq!(stale(&m, 1, "s1", None, &|_, _| false, Lang::En).len(), 1);
    }
}
