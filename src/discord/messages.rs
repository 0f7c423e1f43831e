//! Messages typed by people: a speaker's speech in the channel, and wolf chat in DMs.

use super::bot::Bot;
use super::table::{Table, TableState};
use super::text::sanitize;
use crate::config::OffTurnMessages;
use crate::games::werewolf::Action;
use crate::session::SubmitError;
use serenity::all::{CreateMessage, Message};
use std::sync::Arc;

type Error = anyhow::Error;

pub(super) async fn on_message(bot: &Arc<Bot>, m: &Message) -> Result<(), Error> {
    if m.author.bot || m.author.id.get() == bot.me {
        return Ok(());
    }
    let user = m.author.id.get();
    // A game's channel is known by its table (not by the payload's guild id); any other
    // message without a guild is a DM.
    let Some(table) = bot.table(m.channel_id.get()) else {
        if m.guild_id.is_none() {
            return wolf_chat(bot, m).await;
        }
        return Ok(());
    };
    let (handle, seat, seq, gen, max, delete) = {
        let st = table.state.lock().await;
        let TableState::Running(r) = &*st else {
            return Ok(());
        };
        let delete = bot.config.discord.off_turn_messages == OffTurnMessages::Delete;
        match r.speaker {
            Some((seat, seq)) if r.data.user(seat) == Some(user) => (
                r.handle.clone(),
                seat,
                seq,
                r.open.get(&seat).map(|o| o.gen).unwrap_or(0),
                r.open.get(&seat).map(|o| o.ask.max_chars).unwrap_or(300),
                false,
            ),
            _ => {
                drop(st);
                if delete {
                    let _ = m.delete(&bot.http).await;
                }
                return Ok(());
            }
        }
    };
    let _ = delete;
    let text = sanitize(m.content.trim(), 4000);
    if text.is_empty() {
        return Ok(());
    }
    let len = text.chars().count();
    if len > max as usize {
        bot.post(
            m.channel_id,
            CreateMessage::new()
                .content(format!(
                    "<@{user}>: that speech is {len} characters; at most {max} are allowed. Send a shorter one (your turn is still open)."
                ))
                .allowed_mentions(
                    serenity::all::CreateAllowedMentions::new().users([m.author.id]),
                ),
        )
        .await;
        return Ok(());
    }
    match handle.submit(seat, Action::Speak { text }, Some(seq)).await {
        Ok(()) => {
            let mut st = table.state.lock().await;
            if let TableState::Running(r) = &mut *st {
                if r.speaker == Some((seat, seq)) {
                    r.speaker = None;
                }
                r.answered(seat, gen);
            }
        }
        Err(SubmitError::Stale) => {}
        Err(e) => {
            bot.post(
                m.channel_id,
                CreateMessage::new()
                    .content(format!("<@{user}>: not taken: {e}."))
                    .allowed_mentions(
                        serenity::all::CreateAllowedMentions::new().users([m.author.id]),
                    ),
            )
            .await;
        }
    }
    Ok(())
}

/// `wolf_chat = open`: a human wolf's DM at night goes to the other living human wolves.
async fn wolf_chat(bot: &Arc<Bot>, m: &Message) -> Result<(), Error> {
    let user = m.author.id.get();
    let tables: Vec<Arc<Table>> = bot.tables.lock().expect("lock").values().cloned().collect();
    for table in tables {
        let targets = {
            let st = table.state.lock().await;
            let TableState::Running(r) = &*st else {
                continue;
            };
            let Some(seat) = r.data.seat_of(user) else {
                continue;
            };
            if !r.data.wolf_chat_open || !r.phase.starts_with("Night") || !r.alive.contains(seat) {
                continue;
            }
            let Some(pack) = r.wolves_of(seat) else {
                continue;
            };
            let others: Vec<u64> = pack
                .iter()
                .filter(|s| *s != seat && r.alive.contains(*s))
                .filter_map(|s| r.data.user(s))
                .collect();
            (r.names.seat(seat), others)
        };
        let (from, others) = targets;
        let text = format!("🐺 {from}: {}", sanitize(&m.content, 300));
        for u in others {
            let _ = bot.dm(u, CreateMessage::new().content(text.clone())).await;
        }
        return Ok(());
    }
    Ok(())
}
