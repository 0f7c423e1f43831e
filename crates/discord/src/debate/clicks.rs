//! What people do at a debate table: lobby buttons (take a seat, leave, start, cancel),
//! a call's controls (the answerer's menu, the hand-off menu, Done, Write speech and its
//! form), messages typed in the channel while their call is open (the speech, with a live
//! word count) and in their team's thread (notes to the team). Every control is checked
//! against the table first — the clicker's seat, the call still open with that sequence
//! number — and a stale, foreign or unknown one gets an ephemeral answer and changes
//! nothing. A refused speech says why and changes nothing.

use super::drive::refresh_call;
use super::lobby::LobbyError;
use super::start::start_debate;
use super::table::{lang_of, DebateTable, Draft, OpenCall, TableState};
use super::views::{lobby_components, lobby_embed, speech_modal, SPEECH_FIELD};
use crate::commands::settings::person_lang;
use crate::guards::member_manages;
use crate::send::ephemeral;
use crate::tables::Seated;
use crate::text::{display_name, sanitize, sentence};
use crate::types::{Bot, Error};
use agora_core::session::{SubmitError, UNASKED};
use agora_games::debate::team::{side_of, Action, Ask, Part, Side, Stage};
use agora_games::{Lang, Localized, Seat};
use serenity::all::{
    ActionRowComponent, ComponentInteraction, ComponentInteractionDataKind,
    CreateInteractionResponse, CreateInteractionResponseMessage, EditInteractionResponse, Message,
    ModalInteraction,
};
use std::sync::Arc;

/// A lobby button (the core checked it comes from the lobby's channel and its rate).
pub(super) async fn on_lobby(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    table: &Arc<DebateTable>,
    verb: &str,
) -> Result<(), Error> {
    let user = c.user.id.get();
    let mut st = table.state.lock().await;
    let lang = person_lang(&c.locale, lang_of(&st));
    let TableState::Lobby(lobby) = &mut *st else {
        let text = lang.text(lobby_closed(&st), &[]);
        drop(st);
        bot.respond(c, ephemeral(text)).await?;
        return Ok(());
    };
    if lobby.message.is_some_and(|m| m != c.message.id.get()) {
        // A button of an earlier lobby in this channel.
        drop(st);
        bot.respond(c, ephemeral(lang.text("dd-old-lobby", &[])))
            .await?;
        return Ok(());
    }
    let table_lang = lobby.options.lang;
    let mut next = lobby.clone();
    let manages = member_manages(c);
    let result = match verb {
        "leave" => next.leave(user),
        "start" => next.check_start(user, manages),
        "cancel" => next.check_start(user, manages),
        v => match v.strip_prefix("seat").and_then(|s| s.parse::<Seat>().ok()) {
            Some(seat) => next.take(user, &sanitize(&display_name(&c.user), 40), seat),
            None => Err(LobbyError::BadOption(lang.text("dd-choice-closed", &[]))),
        },
    };
    if let Err(e) = result {
        drop(st);
        let text = match e {
            LobbyError::NotHost if verb == "cancel" => lang.text("dd-lobby-not-host-cancel", &[]),
            e => e.text(lang),
        };
        bot.respond(c, ephemeral(text)).await?;
        return Ok(());
    }
    match verb {
        "start" => {
            bot.respond(c, CreateInteractionResponse::Acknowledge)
                .await?;
            *st = TableState::Starting;
            drop(st);
            start_debate(bot, table, c, next).await
        }
        "cancel" => {
            *st = TableState::Closed;
            drop(st);
            bot.respond(
                c,
                CreateInteractionResponse::UpdateMessage(
                    CreateInteractionResponseMessage::new()
                        .content(table_lang.text("dd-lobby-cancelled", &[]))
                        .embeds(vec![])
                        .components(vec![]),
                ),
            )
            .await?;
            bot.forget(table.channel, "").await;
            Ok(())
        }
        _ => {
            bot.respond(c, CreateInteractionResponse::Acknowledge)
                .await?;
            let saved = TableState::Lobby(next.clone());
            if let Some(row) = table.row(&saved) {
                bot.store.save_channel(&row).await?;
            }
            *st = saved;
            // Edited under the lock, so two clicks at once cannot show an older list last.
            c.edit_response(
                &bot.http,
                EditInteractionResponse::new()
                    .embed(lobby_embed(&next))
                    .components(lobby_components(table.channel, table_lang)),
            )
            .await?;
            Ok(())
        }
    }
}

/// What a lobby button says once the lobby is gone (a message id): the debate started,
/// or ended.
fn lobby_closed(st: &TableState) -> &'static str {
    match st {
        TableState::Lobby(_) => CLOSED,
        TableState::Starting | TableState::Running(_) => "dd-lobby-started",
        TableState::Closed => "dd-lobby-ended",
    }
}

/// "That choice has closed." (a message id).
const CLOSED: &str = "dd-choice-closed";

/// The clicker's open call, if the control is theirs and still open; else what to tell
/// them (another person's call, or one that has closed: a message id).
async fn open_call(
    table: &DebateTable,
    user: u64,
    seat: Seat,
    seq: u32,
) -> Result<OpenCall, &'static str> {
    let st = table.state.lock().await;
    let TableState::Running(r) = &*st else {
        return Err(CLOSED);
    };
    if r.desk.data.user(seat) != Some(user) {
        return Err(NOT_YOURS);
    }
    r.desk
        .open
        .get(&seat)
        .filter(|o| o.seq == seq)
        .cloned()
        .ok_or(CLOSED)
}

/// The answer to a press on someone else's call (a message id).
const NOT_YOURS: &str = "dd-not-yours";

/// The action the seat's draft makes, or why it cannot be handed in yet (in `lang`).
async fn draft_action(
    table: &DebateTable,
    seat: Seat,
    ask: &Ask,
    lang: Lang,
) -> Result<Action, String> {
    let st = table.state.lock().await;
    let TableState::Running(r) = &*st else {
        return Err(lang.text(CLOSED, &[]));
    };
    let draft = r.desk.data.drafts.get(&seat).cloned().unwrap_or_default();
    if draft.text().trim().is_empty() {
        return Err(lang.text("dd-nothing-written", &[]));
    }
    Ok(match ask {
        Ask::Question { targets, .. } => match draft.target.filter(|t| targets.contains(t)) {
            Some(target) => Action::Ask {
                target,
                text: draft.text(),
            },
            None => return Err(lang.text("dd-pick-first", &[])),
        },
        _ => Action::Speak { text: draft.text() },
    })
}

/// Submits a seat's action for its call; the error is the text to show (in `lang`).
async fn submit(
    table: &DebateTable,
    seat: Seat,
    seq: u32,
    action: Action,
    lang: Lang,
) -> Result<(), String> {
    let handle = match &*table.state.lock().await {
        TableState::Running(r) => r.handle.clone(),
        _ => return Err(lang.text(CLOSED, &[])),
    };
    // A floor taken unasked answers no ask.
    let seq = Some(seq).filter(|s| *s != UNASKED);
    handle.submit(seat, action, seq).await.map_err(|e| match e {
        SubmitError::Stale => lang.text(CLOSED, &[]),
        SubmitError::Closed => lang.text("dd-debate-ended", &[]),
        e => lang.text("dd-refused", &[("why", &sentence(&e.text(lang), lang))]),
    })
}

/// A control of a person's call.
pub(super) async fn on_call(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    table: &Arc<DebateTable>,
    seat: Seat,
    seq: u32,
    verb: &str,
) -> Result<(), Error> {
    let lang = person_lang(&c.locale, lang_of(&*table.state.lock().await));
    let t = |id: &str| lang.text(id, &[]);
    let open = match open_call(table, c.user.id.get(), seat, seq).await {
        Ok(open) => open,
        Err(why) => {
            bot.respond(c, ephemeral(t(why))).await?;
            return Ok(());
        }
    };
    let picked = match &c.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => {
            values.first().and_then(|v| v.parse::<Seat>().ok())
        }
        _ => None,
    };
    match verb {
        "target" => {
            let Ask::Question { targets, .. } = open.ask else {
                bot.respond(c, ephemeral(t(CLOSED))).await?;
                return Ok(());
            };
            let Some(picked) = picked.filter(|t| targets.contains(t)) else {
                bot.respond(c, ephemeral(t("dd-pick-one-of-two"))).await?;
                return Ok(());
            };
            bot.respond(c, CreateInteractionResponse::Acknowledge)
                .await?;
            {
                let mut st = table.state.lock().await;
                if let TableState::Running(r) = &mut *st {
                    if let Some(d) = r.desk.data.drafts.get_mut(&seat).filter(|d| d.seq == seq) {
                        d.target = Some(picked);
                    }
                    table.save(bot, &st).await;
                }
            }
            refresh_call(bot, table, seat).await;
        }
        "hand" => {
            let Some(to) = picked.filter(|t| side_of(*t) == side_of(seat) && *t != seat) else {
                bot.respond(c, ephemeral(t("dd-pick-a-teammate"))).await?;
                return Ok(());
            };
            let action = Action::HandOff {
                to,
                direction: String::new(),
            };
            match submit(table, seat, seq, action, lang).await {
                Ok(()) => {
                    bot.respond(c, CreateInteractionResponse::Acknowledge)
                        .await?
                }
                Err(e) => bot.respond(c, ephemeral(e)).await?,
            }
        }
        "done" => {
            let result = match draft_action(table, seat, &open.ask, lang).await {
                Ok(action) => submit(table, seat, seq, action, lang).await,
                Err(e) => Err(e),
            };
            match result {
                Ok(()) => {
                    bot.respond(c, CreateInteractionResponse::Acknowledge)
                        .await?
                }
                Err(e) => bot.respond(c, ephemeral(e)).await?,
            }
        }
        "write" => {
            let draft = match &*table.state.lock().await {
                TableState::Running(r) => r.desk.data.drafts.get(&seat).cloned(),
                _ => None,
            }
            .unwrap_or_default();
            let session = match &*table.state.lock().await {
                TableState::Running(r) => r.desk.data.session_id.clone(),
                _ => String::new(),
            };
            bot.respond(
                c,
                CreateInteractionResponse::Modal(speech_modal(
                    &session, seat, seq, &open.ask, &draft, lang,
                )),
            )
            .await?;
        }
        _ => bot.respond(c, ephemeral(t(CLOSED))).await?,
    }
    Ok(())
}

/// "Take the floor" in free debate: a call of the presser's own (answering no ask), with
/// their team's clock as its limit and the free-debate time to write it.
pub(super) async fn on_floor(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    table: &Arc<DebateTable>,
) -> Result<(), Error> {
    let user = c.user.id.get();
    let refusal = {
        let mut st = table.state.lock().await;
        let lang = person_lang(&c.locale, lang_of(&st));
        let t = |id: &str| lang.text(id, &[]);
        match &mut *st {
            TableState::Running(r) => {
                let desk = &mut r.desk;
                match desk.data.seat_of(user) {
                    None => Some(t("dd-floor-not-debater")),
                    Some(_) if desk.record.stage != Some(Stage::FreeDebate) => Some(t(CLOSED)),
                    Some(seat) if desk.open.contains_key(&seat) => Some(t("dd-floor-call-open")),
                    Some(seat) => {
                        let side = side_of(seat).expect("a debater");
                        let left = desk.record.clock[side.index()];
                        let opened = desk.record.speeches.iter().any(|s| s.part == Part::Free);
                        if side == Side::Con && !opened {
                            Some(t("dd-floor-pro-first"))
                        } else if left == 0 {
                            let side = side.name_in(lang);
                            Some(lang.text("dd-floor-spent", &[("side", &side)]))
                        } else {
                            let timers = &bot.config.debate.timers;
                            let due_at = agora_core::store::now_ms()
                                + (timers.free as f64 * desk.data.pace * 1000.0) as i64;
                            desk.open.insert(
                                seat,
                                OpenCall {
                                    seq: UNASKED,
                                    ask: Ask::Speak {
                                        part: Part::Free,
                                        limit: left,
                                        answering: None,
                                        direction: None,
                                        may_hand_off: false,
                                    },
                                    due_at,
                                    message: None,
                                },
                            );
                            desk.data.drafts.insert(seat, Draft::default());
                            None
                        }
                    }
                }
            }
            _ => Some(t(CLOSED)),
        }
    };
    if let Some(text) = refusal {
        bot.respond(c, ephemeral(text)).await?;
        return Ok(());
    }
    bot.respond(c, CreateInteractionResponse::Acknowledge)
        .await?;
    let seat = match &*table.state.lock().await {
        TableState::Running(r) => r.desk.data.seat_of(user),
        _ => None,
    };
    if let Some(seat) = seat {
        super::drive::call(bot, table, seat, UNASKED).await;
    }
    Ok(())
}

/// The speech form: its text becomes the draft and is handed in.
pub(super) async fn on_speech_form(
    bot: &Arc<Bot>,
    m: &ModalInteraction,
    table: &Arc<DebateTable>,
    seat: Seat,
    seq: u32,
) -> Result<(), Error> {
    let text = m
        .data
        .components
        .iter()
        .flat_map(|row| row.components.iter())
        .find_map(|c| match c {
            ActionRowComponent::InputText(t) if t.custom_id == SPEECH_FIELD => t.value.clone(),
            _ => None,
        })
        .unwrap_or_default();
    let lang = person_lang(&m.locale, lang_of(&*table.state.lock().await));
    let t = |id: &str| lang.text(id, &[]);
    let open = open_call(table, m.user.id.get(), seat, seq).await;
    if open.as_ref().err() == Some(&NOT_YOURS) {
        bot.respond(m, ephemeral(t(NOT_YOURS))).await?;
        return Ok(());
    }
    if text.trim().is_empty() {
        // A blank form hands in nothing and keeps what was typed.
        let answer = if open.is_ok() {
            "dd-form-empty"
        } else {
            CLOSED
        };
        bot.respond(m, ephemeral(t(answer))).await?;
        return Ok(());
    }
    let Ok(open) = open else {
        // The call was asked again while the form was open (the floor came back to the
        // seat): the text goes to the new call, to be handed in there.
        let moved = {
            let mut st = table.state.lock().await;
            let mut moved = false;
            if let TableState::Running(r) = &mut *st {
                if r.desk.data.user(seat) == Some(m.user.id.get()) {
                    if let Some(call) = r.desk.open.get(&seat) {
                        let now = call.seq;
                        if let Some(d) = r.desk.data.drafts.get_mut(&seat).filter(|d| d.seq == now)
                        {
                            d.lines = vec![(0, text)];
                            moved = true;
                        }
                    }
                }
                if moved {
                    table.save(bot, &st).await;
                }
            }
            moved
        };
        let answer = if moved { "dd-form-moved" } else { CLOSED };
        bot.respond(m, ephemeral(t(answer))).await?;
        if moved {
            refresh_call(bot, table, seat).await;
        }
        return Ok(());
    };
    {
        let mut st = table.state.lock().await;
        if let TableState::Running(r) = &mut *st {
            if let Some(d) = r.desk.data.drafts.get_mut(&seat).filter(|d| d.seq == seq) {
                d.lines = vec![(0, text)];
            }
            table.save(bot, &st).await;
        }
    }
    let result = match draft_action(table, seat, &open.ask, lang).await {
        Ok(action) => submit(table, seat, seq, action, lang).await,
        Err(e) => Err(e),
    };
    match result {
        Ok(()) => bot.respond(m, ephemeral(t("dd-speech-in"))).await?,
        Err(e) => {
            bot.respond(m, ephemeral(e)).await?;
            // The call shows the form's words against the limit.
            refresh_call(bot, table, seat).await;
        }
    }
    Ok(())
}

/// A message typed by a person: in the channel while their call is open, a line of their
/// speech; in their team's thread, a note to the team. True when the table took it.
pub(super) async fn on_message(bot: &Arc<Bot>, table: &Arc<DebateTable>, m: &Message) -> bool {
    let user = m.author.id.get();
    let here = m.channel_id.get();
    let (handle, seat, in_thread) = {
        let mut st = table.state.lock().await;
        let TableState::Running(r) = &mut *st else {
            return here == table.channel;
        };
        let Some(seat) = r.desk.data.seat_of(user) else {
            return here == table.channel;
        };
        if here == table.channel {
            let Some(open) = r.desk.open.get(&seat) else {
                return true;
            };
            let seq = open.seq;
            match r.desk.data.drafts.get_mut(&seat).filter(|d| d.seq == seq) {
                Some(d) if !m.content.trim().is_empty() => d.add(m.id.get(), &m.content),
                _ => return true,
            }
            table.save(bot, &st).await;
            (None, seat, false)
        } else {
            match r.desk.data.side_of_thread(here) {
                Some(side) if side_of(seat) == Some(side) => (Some(r.handle.clone()), seat, true),
                _ => return false,
            }
        }
    };
    if !in_thread {
        refresh_call(bot, table, seat).await;
        return true;
    }
    if let Some(handle) = handle {
        let action = Action::TeamNote {
            text: m.content.clone(),
        };
        if let Err(e) = handle.submit(seat, action, None).await {
            tracing::info!("a team note was not taken: {e}");
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lobby_button_after_the_start_or_the_end_says_which() {
        let said = |st| Lang::En.text(lobby_closed(&st), &[]);
        assert!(said(TableState::Starting).contains("already started"));
        assert!(said(TableState::Closed).contains("ended"));
    }
}
