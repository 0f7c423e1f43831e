//! Clicks on a werewolf table: the lobby's Join / Leave / Start (which starts the game),
//! night controls, the night panel and the vote menu. A click is checked against the
//! table before anything else; a stale, foreign or unknown one gets an ephemeral "that
//! choice has closed" and changes nothing. Night panel presses are rate limited per user
//! (lobby clicks were, by the core); a click that answers the clicker's open ask is not,
//! since the game bounds those (an answered ask closes).

use super::lobby::LobbyError;
use super::private::{panel_answered, panel_view, welcome_dm};
use super::start::start_game;
use super::table::{OpenAsk, TableState, WerewolfTable};
use super::views::{action_for, chosen, lobby_components, lobby_embed, refresh_board};
use crate::commands::settings::lang_of_locale;
use crate::guards::member_manages;
use crate::send::{ephemeral, followup};
use crate::tables::Seated;
use crate::text::{display_name, sanitize};
use crate::types::{Bot, Error};
use agora_core::session::SubmitError;
use agora_games::werewolf::AskKind;
use agora_games::Localized;
use serenity::all::{
    ChannelId, ComponentInteraction, ComponentInteractionDataKind, CreateInteractionResponse,
    CreateInteractionResponseMessage, EditInteractionResponse,
};
use std::sync::Arc;

/// A lobby button (the core checked it comes from the lobby's channel and its rate).
pub(super) async fn on_lobby(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    table: &Arc<WerewolfTable>,
    verb: &str,
) -> Result<(), Error> {
    let user = c.user.id.get();
    let channel = table.channel;
    // What only the clicker sees is in their own language.
    let own = lang_of_locale(&c.locale);
    let lang = match own {
        Some(lang) => lang,
        None => table.lang().await,
    };
    let mut st = table.state.lock().await;
    let TableState::Lobby(lobby) = &mut *st else {
        drop(st);
        bot.respond(c, ephemeral(lang.text("wwd-closed", &[])))
            .await?;
        return Ok(());
    };
    let mut next = lobby.clone();
    let result = match verb {
        "join" => next.join(user, &sanitize(&display_name(&c.user), 40), own),
        "leave" => next.leave(user),
        "start" => next.check_start(user, member_manages(c)),
        _ => Err(LobbyError::BadOption(lang.text("wwd-closed", &[]))),
    };
    if let Err(e) = result {
        drop(st);
        bot.respond(c, ephemeral(e.said(lang))).await?;
        return Ok(());
    }
    // Acknowledge first; the store and DMs come after.
    bot.respond(c, CreateInteractionResponse::Acknowledge)
        .await?;
    if verb == "start" {
        *st = TableState::Starting;
        drop(st);
        return start_game(bot, table, c, next).await;
    }
    let saved = TableState::Lobby(next.clone());
    if let Some(row) = table.row(&saved) {
        bot.store.save_channel(&row).await?;
    }
    *st = saved;
    // Edited under the lock, so two joins at once cannot show an older list last.
    c.edit_response(
        &bot.http,
        EditInteractionResponse::new()
            .embed(lobby_embed(&next, "🤖"))
            .components(lobby_components(channel, next.lang.unwrap_or_default())),
    )
    .await?;
    drop(st);
    if verb == "join" {
        welcome_dm(bot, table, user, Some(c)).await;
    }
    Ok(())
}

/// Checks a click on an ask's control: the table, the clicker's seat, the open ask.
async fn find_ask(
    c: &ComponentInteraction,
    table: &Arc<WerewolfTable>,
    seat: u8,
    seq: u32,
) -> Option<OpenAsk> {
    let st = table.state.lock().await;
    let TableState::Running(r) = &*st else {
        return None;
    };
    if r.data.user(seat) != Some(c.user.id.get()) {
        return None;
    }
    let open = r.open.get(&seat).copied();
    drop(st);
    match open {
        Some(o) if o.seq == seq || seq == 0 => Some(o),
        None if seq == 0 => Some(OpenAsk {
            gen: 0,
            seq: 0,
            ask: agora_games::werewolf::Ask {
                seat,
                kind: AskKind::Speech,
                targets: Default::default(),
                attacked: None,
                can_save: false,
                max_chars: 0,
                no_abstain: false,
                seq: 0,
            },
            due_at: 0,
        }),
        _ => None,
    }
}

/// A night control, the night panel button (`open`, sequence 0), or a speech's.
pub(super) async fn on_ask(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    table: &Arc<WerewolfTable>,
    seat: u8,
    seq: u32,
    verb: &str,
) -> Result<(), Error> {
    // The offers of unasked actions (withdraw, self-explode) carry sequence 0 too.
    if seq == 0 && super::unasked::VERBS.contains(&verb) {
        return super::unasked::on_click(bot, c, table, seat, verb).await;
    }
    // Only the closed-DM button carries sequence 0 (the seat's news, whatever is open).
    let found = if seq == 0 && verb != "open" {
        None
    } else {
        find_ask(c, table, seat, seq).await
    };
    let Some(open) = found else {
        let lang = table.lang_for(c).await;
        bot.respond(c, ephemeral(lang.text("wwd-closed", &[])))
            .await?;
        return Ok(());
    };
    if verb == "open" {
        if !bot.guards.admit_click(&bot.http, c).await? {
            return Ok(());
        }
        // The night panel (closed DMs): the seat's news and open night ask, shown to the
        // clicker only.
        let (text, comps) = {
            let mut st = table.state.lock().await;
            let TableState::Running(r) = &mut *st else {
                drop(st);
                let lang = table.lang_for(c).await;
                bot.respond(c, ephemeral(lang.text("wwd-closed", &[])))
                    .await?;
                return Ok(());
            };
            panel_view(r, seat)
        };
        bot.respond(
            c,
            CreateInteractionResponse::Message(
                CreateInteractionResponseMessage::new()
                    .content(text)
                    .components(comps.0)
                    .ephemeral(true),
            ),
        )
        .await?;
        // Follow-ups need the answer first: only now may later news follow this press.
        panel_answered(bot, table, seat, &c.token, comps.1).await;
        return Ok(());
    }
    answer_click(bot, c, table, seat, open, verb, false).await
}

/// Reads a checked click as the open ask's action: a bad choice is refused at once;
/// otherwise the click is acknowledged, then submitted (stored, then applied), and the
/// clicker is told how it went.
async fn answer_click(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    table: &Arc<WerewolfTable>,
    seat: u8,
    open: OpenAsk,
    verb: &str,
    board: bool,
) -> Result<(), Error> {
    let value = match &c.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    };
    // Ephemeral answers in the clicker's language; a DM's own text in the seat's.
    let lang = table.lang_for(c).await;
    let closed = lang.text("wwd-closed", &[]);
    let action = match action_for(&open.ask, verb, value.as_deref(), lang) {
        Ok(a) => a,
        Err(why) => {
            let said = lang.text("wwd-not-taken", &[("why", &why)]);
            bot.respond(c, ephemeral(said)).await?;
            return Ok(());
        }
    };
    bot.respond(c, CreateInteractionResponse::Acknowledge)
        .await?;
    let seq = open.seq;
    let (handle, names) = {
        let st = table.state.lock().await;
        let TableState::Running(r) = &*st else {
            return followup(bot, c, &closed).await;
        };
        let names = if board {
            r.names.in_lang(lang)
        } else {
            r.names_of(seat)
        };
        (r.handle.clone(), names)
    };
    let what = super::board_asks::chosen(Some(open.ask.kind), &action, &names)
        .unwrap_or_else(|| chosen(&action, &names));
    let done = names.t("wwd-done", &[("what", &what)]);
    match handle.submit(seat, action, Some(seq)).await {
        Ok(()) => {
            {
                let mut st = table.state.lock().await;
                if let TableState::Running(r) = &mut *st {
                    r.answered(seat, open.gen);
                    if board {
                        if let Some(b) = r.board.as_mut() {
                            b.voted.insert(seat);
                        }
                    }
                }
            }
            if board {
                refresh_board(bot, table, ChannelId::new(table.channel)).await;
                followup(bot, c, &done).await
            } else {
                // The news above the controls stays; the ask's line becomes the choice.
                let content = match c.message.content.rsplit_once('\n') {
                    Some((news, _)) if !news.trim().is_empty() => {
                        format!("{}\n{done}", news.trim_end())
                    }
                    _ => done,
                };
                c.edit_response(
                    &bot.http,
                    EditInteractionResponse::new()
                        .content(content)
                        .components(vec![]),
                )
                .await?;
                Ok(())
            }
        }
        Err(SubmitError::Stale) | Err(SubmitError::Closed) => followup(bot, c, &closed).await,
        Err(e) => {
            let said = lang.text("wwd-not-taken", &[("why", &e.text(lang))]);
            followup(bot, c, &said).await
        }
    }
}

/// A vote on the vote message (or a button of the sheriff sign-up, `verb`): any voter of
/// its round.
pub(super) async fn on_board(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    table: &Arc<WerewolfTable>,
    key: u32,
    verb: Option<&str>,
) -> Result<(), Error> {
    let found = {
        let st = table.state.lock().await;
        match &*st {
            TableState::Running(r) => {
                let seat = r.data.seat_of(c.user.id.get());
                let open = seat.and_then(|s| r.open.get(&s).copied().map(|o| (s, o)));
                match (&r.board, open) {
                    (Some(b), Some((s, o)))
                        if b.key == key
                            && b.kind == o.ask.kind
                            && super::sheriff::on_shared_message(o.ask.kind) =>
                    {
                        Some((s, o))
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    };
    let Some((seat, open)) = found else {
        let lang = table.lang_for(c).await;
        bot.respond(c, ephemeral(lang.text("wwd-closed", &[])))
            .await?;
        return Ok(());
    };
    answer_click(bot, c, table, seat, open, verb.unwrap_or("vote"), true).await
}
