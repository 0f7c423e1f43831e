//! Events for a table another bot process drives. The process that receives one (a DM
//! click arrives on shard 0; a message in a channel whose table moved) acknowledges it
//! within Discord's three seconds, stores it in the store's inbox addressed to the table's
//! driver, and goes on; the driver takes it (`inbox_listener::run`) and handles it as if it had come
//! to it, answering through the interaction's token (valid 15 minutes; see
//! `Bot::respond`: the first answer becomes a follow-up or an edit of the message) or in
//! the channel.
//!
//! This file is the forwarding half (what `events` calls); `inbox_listener.rs` is the
//! driver's half, which hands what it takes back to `events`.

use super::types::{Bot, Error};
use serenity::all::Message;
use std::sync::Arc;
use std::time::Duration;

/// An interaction token lasts 15 minutes; one older than this is not answered any more.
pub(super) const TOKEN_LIFE: Duration = Duration::from_secs(14 * 60);

/// What an inbox row holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Component,
    Modal,
    Message,
}

impl Kind {
    fn as_str(self) -> &'static str {
        match self {
            Kind::Component => "component",
            Kind::Modal => "modal",
            Kind::Message => "message",
        }
    }

    pub(super) fn parse(s: &str) -> Option<Kind> {
        Some(match s {
            "component" => Kind::Component,
            "modal" => Kind::Modal,
            "message" => Kind::Message,
            _ => return None,
        })
    }
}

/// A click or form for `session`, which this process does not drive: when another process
/// drives it, the click is acknowledged and handed to that process (true); false when
/// nobody runs the session (it ended): the caller answers as for a closed control.
pub(super) async fn forward_interaction(
    bot: &Arc<Bot>,
    kind: Kind,
    id: u64,
    token: &str,
    payload: serde_json::Value,
    session: &str,
) -> Result<bool, Error> {
    let me = bot.store.owner().to_string();
    let Some((owner, channel)) = bot.store.session_driver(session).await? else {
        return Ok(false);
    };
    if owner.as_deref() == Some(me.as_str()) {
        // Ours by the store, yet not here: a table being picked up; nothing to hand over.
        return Ok(false);
    }
    // Acknowledge first (three seconds), then store: the driver answers by the token. A
    // session without a holder is being taken over; the taker gets the event.
    bot.ack(id, token).await?;
    let owner = owner.unwrap_or_default();
    bot.store
        .post_inbox(&owner, channel, kind.as_str(), &id.to_string(), &payload)
        .await?;
    metrics::counter!("agora_inbox_handed_total", "kind" => kind.as_str()).increment(1);
    tracing::debug!(
        session,
        owner,
        "handed a {} to the process driving it",
        kind.as_str()
    );
    Ok(true)
}

/// A message no table here took: in a channel whose table another process drives, or a
/// DM from a person seated at tables driven elsewhere. Handed to each driver; true when
/// it went anywhere.
pub(super) async fn forward_message(bot: &Arc<Bot>, m: &Message) -> Result<bool, Error> {
    let payload = serde_json::to_value(m)?;
    let id = format!("m{}", m.id.get());
    let targets: Vec<(String, u64)> = if m.guild_id.is_some() {
        match bot.remote_table(m.channel_id.get()) {
            Some(owner) => vec![(owner, m.channel_id.get())],
            None => return Ok(false),
        }
    } else {
        let mut t = bot
            .store
            .seated_elsewhere(&format!("discord:{}", m.author.id.get()))
            .await?;
        t.sort();
        t.dedup_by(|a, b| a.0 == b.0);
        t
    };
    metrics::counter!("agora_inbox_handed_total", "kind" => "message")
        .increment(targets.len() as u64);
    for (n, (owner, channel)) in targets.iter().enumerate() {
        let id = if n == 0 {
            id.clone()
        } else {
            format!("{id}-{n}")
        };
        bot.store
            .post_inbox(owner, *channel, Kind::Message.as_str(), &id, &payload)
            .await?;
    }
    Ok(!targets.is_empty())
}
