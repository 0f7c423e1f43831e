//! Messages typed by people at a werewolf table: a speaker's speech in the channel, and
//! wolf chat in DMs.

use super::table::{TablePhase, TableState, WerewolfTable};
use crate::text::sanitize;
use crate::types::{Bot, Error};
use agora_core::session::SubmitError;
use agora_games::werewolf::Action;
use serenity::all::{CreateMessage, Message};
use std::sync::Arc;

/// A message in the table's channel: the current speaker's speech; anyone else's is
/// ignored (or deleted, with `[discord] off_turn_messages = "delete"`).
pub(super) async fn speech(
    bot: &Arc<Bot>,
    table: &Arc<WerewolfTable>,
    m: &Message,
) -> Result<(), Error> {
    let user = m.author.id.get();
    let (handle, seat, seq, gen, max, delete) = {
        let st = table.state.lock().await;
        let TableState::Running(r) = &*st else {
            return Ok(());
        };
        let delete =
            bot.config.discord.off_turn_messages == agora_agents::config::OffTurnMessages::Delete;
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
        bot.post_to(
            m.channel_id,
            m.author.id,
            format!(
                "<@{user}>: that speech is {len} characters; at most {max} are allowed. Send a shorter one (your turn is still open)."
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
            bot.post_to(
                m.channel_id,
                m.author.id,
                format!("<@{user}>: not taken: {e}."),
            )
            .await;
        }
    }
    Ok(())
}

/// `wolf_chat = open`: a human wolf's DM at night goes to the other living human wolves
/// of this table. True when the sender is one of them (the DM was taken).
pub(super) async fn wolf_chat(bot: &Arc<Bot>, table: &WerewolfTable, m: &Message) -> bool {
    let user = m.author.id.get();
    let targets = {
        let st = table.state.lock().await;
        let TableState::Running(r) = &*st else {
            return false;
        };
        let Some(seat) = r.data.seat_of(user) else {
            return false;
        };
        if !r.data.wolf_chat_open
            || !matches!(r.phase, TablePhase::Night(_))
            || !r.alive.contains(seat)
        {
            return false;
        }
        let Some(pack) = r.wolves_of(seat) else {
            return false;
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
    true
}
