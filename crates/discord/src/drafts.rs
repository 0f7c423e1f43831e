//! An AI speech shown in a channel as it is written, for every game: the message is posted
//! at the speech's first words and edited as it grows; when the speech is taken, the
//! game's driver makes the last edit with the speech as stored ([`Drafts::finish`]).
//!
//! Before its first words, a seat that has begun writing shows as the bot typing
//! (`POST /channels/{id}/typing`, outside the posts' budget).
//!
//! Discord allows about five posts or edits per five seconds in a channel, and the game's
//! own posts and control edits need them more. So a channel's drafts are edited at most
//! once every [`EDIT_GAP`] between them, one post or edit in flight at a time, only while
//! the channel's recent posts and edits leave room ([`Bot::room_to_edit`]); the latest
//! text always wins (drafts that came in between are skipped, never queued). Speeches
//! written at the same time (two jurors answering) each have their message, by seat.

use crate::send::{chunks, no_pings};
use crate::types::Bot;
use serenity::all::{ChannelId, CreateMessage, EditMessage};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Notify;
use tokio::time::Instant;

/// The least time between two edits of a channel's drafts.
pub const EDIT_GAP: Duration = Duration::from_millis(1250);

/// The least time between two typing signals in a channel (each shows for about ten
/// seconds).
const TYPING_GAP: Duration = Duration::from_secs(8);

/// What marks a message as still being written.
pub const WRITING: &str = " ✍️";

/// What a game's driver hands [`Drafts::update`] for a seat's speech so far (`text`): the
/// message as `render` tells it, or nothing written yet (the seat has begun: the bot is
/// shown typing) when there is no text.
pub fn draft_line(text: &str, render: impl FnOnce() -> Option<String>) -> Option<String> {
    if text.is_empty() {
        Some(String::new())
    } else {
        render()
    }
}

/// A draft's key: the seat and the ask it answers.
pub type Key = (u8, u32);

/// The message showing a seat's draft.
struct Posted {
    key: Key,
    message: u64,
    text: String,
}

/// What is on screen: each seat's draft message, and when the channel's drafts were last
/// posted or edited.
#[derive(Default)]
struct Screen {
    posted: BTreeMap<u8, Posted>,
    last: Option<Instant>,
}

struct Inner {
    bot: Arc<Bot>,
    channel: ChannelId,
    /// Each seat's latest draft text not yet shown.
    latest: Mutex<BTreeMap<u8, (Key, String)>>,
    /// Drafts already finished: late text for them is dropped.
    finished: Mutex<Vec<Key>>,
    /// When the channel was last shown the bot typing.
    typed: Mutex<Option<Instant>>,
    /// Held across each post or edit (one in flight).
    screen: tokio::sync::Mutex<Screen>,
    wake: Arc<Notify>,
}

/// A channel's drafts.
#[derive(Clone)]
pub struct Drafts {
    inner: Arc<Inner>,
}

impl Drafts {
    /// The drafts of `channel`, shown by a task that lives as long as this value's clones.
    pub fn new(bot: Arc<Bot>, channel: u64) -> Drafts {
        let inner = Arc::new(Inner {
            bot,
            channel: ChannelId::new(channel),
            latest: Mutex::new(BTreeMap::new()),
            finished: Mutex::new(Vec::new()),
            typed: Mutex::new(None),
            screen: tokio::sync::Mutex::new(Screen::default()),
            wake: Arc::new(Notify::new()),
        });
        tokio::spawn(show(Arc::downgrade(&inner), inner.wake.clone()));
        Drafts { inner }
    }

    /// The speech `key` as written so far (the whole message's text, as the game posts it
    /// when the speech is taken).
    /// No text yet (the seat has begun): the channel shows the bot typing, which costs
    /// none of its posts or edits.
    pub fn update(&self, key: Key, text: String) {
        if self.inner.finished.lock().expect("lock").contains(&key) {
            return;
        }
        if text.is_empty() {
            self.typing();
            return;
        }
        (self.inner.latest.lock().expect("lock")).insert(key.0, (key, text));
        self.inner.wake.notify_one();
    }

    /// Shows the bot typing in the channel (Discord shows it for about ten seconds, or until
    /// the bot posts): at most once every [`TYPING_GAP`].
    fn typing(&self) {
        let mut last = self.inner.typed.lock().expect("lock");
        if last.is_some_and(|t| t.elapsed() < TYPING_GAP) {
            return;
        }
        *last = Some(Instant::now());
        let (http, channel) = (self.inner.bot.http.clone(), self.inner.channel);
        tokio::spawn(async move {
            let _ = channel.broadcast_typing(&http).await;
        });
    }

    /// `seat`'s speech was taken as `text` (the message as the game posts it): the draft of
    /// it, if one was posted, is edited to it (its first message's worth; the rest posted
    /// after), once any edit in flight is done. False when no draft of the seat was on
    /// screen: the caller posts the speech itself. (A seat writes one speech at a time:
    /// its draft is the speech's.)
    pub async fn finish(&self, seat: u8, text: &str) -> bool {
        let Some(message) = self.stop(seat).await else {
            return false;
        };
        let i = &self.inner;
        let mut parts = chunks(text).into_iter();
        let first = parts.next().unwrap_or_default();
        let edit = EditMessage::new()
            .content(first)
            .allowed_mentions(no_pings());
        let _ = i.bot.edit(i.channel, message, edit).await;
        for rest in parts {
            let msg = CreateMessage::new()
                .content(rest)
                .allowed_mentions(no_pings());
            i.bot.post(i.channel, msg).await;
        }
        true
    }

    /// Stops `seat`'s draft; its message, if one was posted.
    async fn stop(&self, seat: u8) -> Option<u64> {
        let done = |key: Key| {
            let mut finished = self.inner.finished.lock().expect("lock");
            finished.push(key);
            let n = finished.len();
            if n > 32 {
                finished.drain(..n - 32);
            }
        };
        if let Some((key, _)) = self.inner.latest.lock().expect("lock").remove(&seat) {
            done(key);
        }
        let mut screen = self.inner.screen.lock().await;
        let p = screen.posted.remove(&seat)?;
        done(p.key);
        Some(p.message)
    }
}

/// The task that shows a channel's drafts until its [`Drafts`] are dropped.
async fn show(inner: std::sync::Weak<Inner>, wake: Arc<Notify>) {
    loop {
        let woken = wake.notified();
        tokio::pin!(woken);
        woken.as_mut().enable();
        let Some(i) = inner.upgrade() else {
            return;
        };
        let wait = step(&i).await;
        drop(i);
        match wait {
            // Nothing to show: wait for more text (a dropped `Drafts` ends the wait).
            None => {
                tokio::select! {
                    _ = woken => {}
                    _ = tokio::time::sleep(Duration::from_secs(5)) => {}
                }
            }
            Some(until) => tokio::time::sleep_until(until).await,
        }
    }
}

/// Shows one seat's latest text if it may be shown now (a new draft's first words at once,
/// a growing one's after the channel's gap). `Some(when)`: try again then; `None`: nothing
/// is waiting.
async fn step(i: &Inner) -> Option<Instant> {
    let waiting: Vec<(u8, (Key, String))> = (i.latest.lock().expect("lock").iter())
        .map(|(s, v)| (*s, v.clone()))
        .collect();
    if waiting.is_empty() {
        return None;
    }
    let mut screen = i.screen.lock().await;
    // A new speech first (its first words are what people wait for), else a growing one.
    let new = waiting
        .iter()
        .find(|(seat, (key, _))| screen.posted.get(seat).is_none_or(|p| p.key != *key));
    let (seat, (key, text)) = new.unwrap_or(&waiting[0]).clone();
    if i.finished.lock().expect("lock").contains(&key) {
        clear_if(i, key, &text);
        return Some(Instant::now());
    }
    let shown = on_screen(&text);
    let now = Instant::now();
    match screen.posted.get(&seat) {
        Some(p) if p.key == key => {
            if p.text == shown {
                clear_if(i, key, &text);
                return Some(now);
            }
            if let Some(when) = screen.last.map(|l| l + EDIT_GAP).filter(|w| *w > now) {
                return Some(when);
            }
            if !i.bot.room_to_edit(i.channel) {
                return Some(now + Duration::from_millis(250));
            }
            let message = p.message;
            let edit = EditMessage::new()
                .content(shown.clone())
                .allowed_mentions(no_pings());
            let _ = i.bot.edit(i.channel, message, edit).await;
            if let Some(p) = screen.posted.get_mut(&seat) {
                p.text = shown;
            }
        }
        old => {
            // The seat's draft left unfinished (its turn ended without it): no longer
            // marked as being written.
            if let Some(old) = old {
                let cut = old.text.trim_end_matches(WRITING).to_string();
                let edit = EditMessage::new()
                    .content(format!("{cut} …"))
                    .allowed_mentions(no_pings());
                let _ = i.bot.edit(i.channel, old.message, edit).await;
                screen.posted.remove(&seat);
            }
            let msg = CreateMessage::new()
                .content(shown.clone())
                .allowed_mentions(no_pings());
            match i.bot.post(i.channel, msg).await {
                Some(m) => {
                    let p = Posted {
                        key,
                        message: m.get(),
                        text: shown,
                    };
                    screen.posted.insert(seat, p);
                }
                // Not shown: the speech is posted whole when it is taken.
                None => i.finished.lock().expect("lock").push(key),
            }
        }
    }
    screen.last = Some(Instant::now());
    clear_if(i, key, &text);
    Some(Instant::now())
}

/// A draft as its message shows it: the first message's worth of the text, marked as
/// still being written.
fn on_screen(text: &str) -> String {
    let parts = chunks(text);
    let more = if parts.len() > 1 { " …" } else { "" };
    let first = parts.into_iter().next().unwrap_or_default();
    format!("{first}{more}{WRITING}")
}

/// The latest text of the seat is on screen: nothing waits, unless more came meanwhile.
fn clear_if(i: &Inner, key: Key, text: &str) {
    let mut latest = i.latest.lock().expect("lock");
    if latest
        .get(&key.0)
        .is_some_and(|(k, t)| *k == key && t == text)
    {
        latest.remove(&key.0);
    }
}
