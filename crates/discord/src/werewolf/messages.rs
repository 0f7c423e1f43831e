//! Messages typed by people at a werewolf table: a speaker's speech in the channel, and
//! wolf chat in DMs.

use super::table::{TablePhase, TableState, WerewolfTable};
use crate::text::sanitize;
use crate::types::{Bot, Error};
use agora_core::session::SubmitError;
use agora_games::werewolf::{Action, AskKind};
use agora_games::Localized;
use serenity::all::{CreateMessage, Message};
use std::sync::Arc;

/// A message in the table's channel: the current speaker's speech; a dead player's is
/// deleted; anyone else's is ignored (or deleted, with `[discord] off_turn_messages =
/// "delete"`).
pub(super) async fn speech(
    bot: &Arc<Bot>,
    table: &Arc<WerewolfTable>,
    m: &Message,
) -> Result<(), Error> {
    let user = m.author.id.get();
    let (handle, seat, seq, gen, max, delete, lang, kind) = {
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
                // Said in the channel: the table's language.
                r.data.lang,
                r.open.get(&seat).map(|o| o.ask.kind),
            ),
            _ => {
                drop(st);
                // A dead person is pointed to the graveyard (once) and what they typed is
                // taken down (when the bot may delete messages): the living must not read
                // the dead. The table never hears them either way.
                let dead = super::graveyard::hush(bot, table, user).await;
                if delete || dead {
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
        let (user, len, max) = (user.to_string(), len.to_string(), max.to_string());
        let said = lang.text(
            "wwd-too-long",
            &[("user", &user), ("len", &len), ("max", &max)],
        );
        bot.post_to(m.channel_id, m.author.id, said).await;
        return Ok(());
    }
    // A candidate may withdraw (退水) by typing it as their campaign speech.
    let withdraw = kind == Some(AskKind::CampaignSpeech)
        && matches!(text.trim().to_lowercase().as_str(), "withdraw" | "退水");
    let action = if withdraw {
        Action::Withdraw
    } else {
        Action::Speak { text }
    };
    match handle.submit(seat, action, Some(seq)).await {
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
            let (user, why) = (user.to_string(), e.text(lang));
            let said = lang.text("wwd-speech-refused", &[("user", &user), ("why", &why)]);
            bot.post_to(m.channel_id, m.author.id, said).await;
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
        // Each wolf reads the line in their own language.
        let text = sanitize(&m.content, 300);
        let others: Vec<(u64, String)> = pack
            .iter()
            .filter(|s| *s != seat && r.alive.contains(*s))
            .filter_map(|s| {
                let names = r.names_of(s);
                let from = names.seat(seat);
                let line = names.t("wwd-wolf-chat", &[("from", &from), ("text", &text)]);
                r.data.user(s).map(|u| (u, line))
            })
            .collect();
        others
    };
    for (u, text) in targets {
        let _ = bot.dm(u, CreateMessage::new().content(text)).await;
    }
    true
}
