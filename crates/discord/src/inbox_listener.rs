//! The driver's half of the inbox (see `inbox.rs`): this process takes the events other
//! processes handed to its tables and handles each as if it had come to it, through
//! `events` (its interaction is already acknowledged).

use super::events;
use super::inbox::{Kind, TOKEN_LIFE};
use super::types::{Bot, Error};
use agora_core::store::InboxItem;
use serenity::all::{ComponentInteraction, Message, ModalInteraction};
use std::sync::Arc;

/// Takes this process's inbox and handles each event, whenever it is told (PostgreSQL's
/// NOTIFY, or a reconnect of its listening connection) and every beat. Runs for the
/// bot's life.
pub(super) async fn run(bot: Arc<Bot>) {
    let wake = match bot.store.listen_inbox().await {
        Ok(w) => w,
        Err(e) => {
            tracing::warn!("cannot listen for the inbox ({e}); reading it every beat");
            None
        }
    };
    let beat = super::cluster::beat(&bot.store);
    loop {
        match &wake {
            Some(w) => {
                let _ = tokio::time::timeout(beat, w.notified()).await;
            }
            None => tokio::time::sleep(beat).await,
        }
        let items = match bot.store.take_inbox().await {
            Ok(items) => items,
            Err(e) => {
                tracing::warn!("reading the inbox: {e}");
                continue;
            }
        };
        for item in items {
            metrics::counter!("agora_inbox_taken_total", "kind" => item.kind.clone()).increment(1);
            if let Err(e) = handle(&bot, &item).await {
                tracing::warn!(
                    id = item.id,
                    "an event handed over from another process failed: {e}"
                );
            }
        }
    }
}

/// Handles one handed-over event as the receiving process would have, had it driven the
/// table (its interaction is already acknowledged).
async fn handle(bot: &Arc<Bot>, item: &InboxItem) -> Result<(), Error> {
    let kind = Kind::parse(&item.kind)
        .ok_or_else(|| anyhow::anyhow!("an inbox row of kind {:?}", item.kind))?;
    let age = agora_core::store::now_ms() - item.received_at;
    if kind != Kind::Message && age > TOKEN_LIFE.as_millis() as i64 {
        tracing::info!(
            id = item.id,
            "an event waited too long to be answered; dropped"
        );
        return Ok(());
    }
    match kind {
        Kind::Component => {
            let c: ComponentInteraction = serde_json::from_value(item.payload.clone())?;
            let _acked = bot.preacked(c.id.get());
            events::click(bot, &c).await;
        }
        Kind::Modal => {
            let m: ModalInteraction = serde_json::from_value(item.payload.clone())?;
            let _acked = bot.preacked(m.id.get());
            events::on_modal(bot, &m).await?;
        }
        Kind::Message => {
            let m: Message = serde_json::from_value(item.payload.clone())?;
            events::on_message_here(bot, &m).await?;
        }
    }
    Ok(())
}
