//! An AI speech shown in a channel as it is written, for every game: the message is posted
//! at the speech's first words and edited as it grows; when the speech is taken, the
//! game's driver makes the last edit with the speech as stored ([`Drafts::finish`]).
//!
//! Discord allows about five posts or edits per five seconds in a channel, and the game's
//! own posts and control edits need them more. So a draft is edited at most once every
//! [`EDIT_GAP`], one edit in flight at a time, only while the channel's recent posts and
//! edits leave room ([`Bot::room_to_edit`]); the latest text always wins (drafts that
//! came in between are skipped, never queued).

use crate::send::{chunks, no_pings};
use crate::types::Bot;
use serenity::all::{ChannelId, CreateMessage, EditMessage};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Notify;
use tokio::time::Instant;

/// The least time between two edits of a channel's draft.
pub const EDIT_GAP: Duration = Duration::from_millis(1250);

/// What marks a message as still being written.
pub const WRITING: &str = " ✍️";

/// A draft's key: the seat and the ask it answers.
pub type Key = (u8, u32);

/// The message of the draft being shown.
struct Posted {
    key: Key,
    message: u64,
    text: String,
    edited: Instant,
}

struct Inner {
    bot: Arc<Bot>,
    channel: ChannelId,
    /// The latest text of the draft being written, not yet shown.
    latest: Mutex<Option<(Key, String)>>,
    /// Drafts already finished: late text for them is dropped.
    finished: Mutex<Vec<Key>>,
    /// The message on screen; held across each post or edit (one in flight).
    posted: tokio::sync::Mutex<Option<Posted>>,
    wake: Arc<Notify>,
}

/// A channel's drafts: one speech at a time is shown being written.
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
            latest: Mutex::new(None),
            finished: Mutex::new(Vec::new()),
            posted: tokio::sync::Mutex::new(None),
            wake: Arc::new(Notify::new()),
        });
        tokio::spawn(show(Arc::downgrade(&inner), inner.wake.clone()));
        Drafts { inner }
    }

    /// The speech `key` as written so far (the whole message's text, as the game posts it
    /// when the speech is taken).
    pub fn update(&self, key: Key, text: String) {
        if self.inner.finished.lock().expect("lock").contains(&key) {
            return;
        }
        *self.inner.latest.lock().expect("lock") = Some((key, text));
        self.inner.wake.notify_one();
    }

    /// The speech `key` was taken as `text` (the message as the game posts it): its draft's
    /// message, if one was posted, is edited to it (its first message's worth; the rest
    /// posted after), once any edit in flight is done. False when no draft was on screen:
    /// the caller posts the speech itself.
    pub async fn finish(&self, key: Key, text: &str) -> bool {
        let Some(message) = self.stop(key).await else {
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

    /// Stops the draft `key`; its message, if one was posted.
    async fn stop(&self, key: Key) -> Option<u64> {
        {
            let mut finished = self.inner.finished.lock().expect("lock");
            finished.push(key);
            let n = finished.len();
            if n > 16 {
                finished.drain(..n - 16);
            }
        }
        {
            let mut latest = self.inner.latest.lock().expect("lock");
            if latest.as_ref().is_some_and(|(k, _)| *k == key) {
                *latest = None;
            }
        }
        let mut posted = self.inner.posted.lock().await;
        match posted.take() {
            Some(p) if p.key == key => Some(p.message),
            other => {
                *posted = other;
                None
            }
        }
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

/// Shows the latest text if it may be shown now. `Some(when)`: try again then; `None`:
/// nothing is waiting.
async fn step(i: &Inner) -> Option<Instant> {
    let (key, text) = i.latest.lock().expect("lock").clone()?;
    let mut posted = i.posted.lock().await;
    if i.finished.lock().expect("lock").contains(&key) {
        return None;
    }
    let shown = on_screen(&text);
    match posted.as_mut() {
        Some(p) if p.key == key => {
            if p.text == shown {
                clear_if(i, key, &text);
                return None;
            }
            let now = Instant::now();
            if now < p.edited + EDIT_GAP {
                return Some(p.edited + EDIT_GAP);
            }
            if !i.bot.room_to_edit(i.channel) {
                return Some(now + Duration::from_millis(250));
            }
            let edit = EditMessage::new()
                .content(shown.clone())
                .allowed_mentions(no_pings());
            let _ = i.bot.edit(i.channel, p.message, edit).await;
            p.text = shown;
            p.edited = Instant::now();
            clear_if(i, key, &text);
            Some(p.edited + EDIT_GAP)
        }
        _ => {
            let msg = CreateMessage::new()
                .content(shown.clone())
                .allowed_mentions(no_pings());
            match i.bot.post(i.channel, msg).await {
                Some(m) => {
                    *posted = Some(Posted {
                        key,
                        message: m.get(),
                        text: shown,
                        edited: Instant::now(),
                    });
                    clear_if(i, key, &text);
                    Some(Instant::now() + EDIT_GAP)
                }
                // Not shown: the speech is posted whole when it is taken.
                None => {
                    clear_if(i, key, &text);
                    i.finished.lock().expect("lock").push(key);
                    None
                }
            }
        }
    }
}

/// A draft as its message shows it: the first message's worth of the text, marked as
/// still being written.
fn on_screen(text: &str) -> String {
    let parts = chunks(text);
    let more = if parts.len() > 1 { " …" } else { "" };
    let first = parts.into_iter().next().unwrap_or_default();
    format!("{first}{more}{WRITING}")
}

/// The latest text is on screen: nothing waits, unless more came meanwhile.
fn clear_if(i: &Inner, key: Key, text: &str) {
    let mut latest = i.latest.lock().expect("lock");
    if latest.as_ref().is_some_and(|(k, t)| *k == key && t == text) {
        *latest = None;
    }
}
