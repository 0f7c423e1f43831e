//! Event routing: each gateway event goes to the table it concerns. A click is routed by
//! its `custom_id` (a lobby's by its channel, a session's controls by the session), a
//! message typed in a table's channel to that table, a DM to the tables in turn; the
//! bot's own messages and other bots' are ignored. Command errors and cooldown hits are
//! answered here too.
//!
//! A stale, foreign or unknown click gets an ephemeral "that choice has closed" and
//! changes nothing.

use super::guards::cooldown_text;
use super::inbox::{self, Kind};
use super::send::{closed, ephemeral, Answer};
use super::text::Component;
use super::types::{Bot, Error};
use agora_games::Lang;
use serenity::all::{
    ComponentInteraction, CreateInteractionResponseFollowup, FullEvent, Interaction, Message,
    ModalInteraction,
};
use std::sync::Arc;

/// poise's event handler: clicks and messages.
pub(super) async fn on_event(
    fw: poise::FrameworkContext<'_, Arc<Bot>, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    let bot = fw.user_data;
    match event {
        FullEvent::InteractionCreate {
            interaction: Interaction::Component(c),
        } => {
            bot.received(c.id.get(), "component");
            click(bot, c).await;
        }
        FullEvent::InteractionCreate {
            interaction: Interaction::Modal(m),
        } => {
            bot.received(m.id.get(), "modal");
            if let Err(e) = on_modal(bot, m).await {
                tracing::warn!("a form failed: {e}");
                let _ = m
                    .create_followup(
                        &bot.http,
                        CreateInteractionResponseFollowup::new()
                            .content(m.person().text("table-form-failed", &[]))
                            .ephemeral(true),
                    )
                    .await;
            }
        }
        FullEvent::InteractionCreate {
            interaction: Interaction::Command(_),
        } => {
            metrics::counter!("agora_interactions_total", "kind" => "command").increment(1);
        }
        FullEvent::Message { new_message } => {
            if let Err(e) = on_message(bot, new_message).await {
                tracing::warn!("a message failed: {e}");
            }
        }
        _ => {}
    }
    Ok(())
}

/// Handles a click (here, or handed over by another process); a failure is logged and the
/// clicker told once (which fails too if the click was never acknowledged).
pub(super) async fn click(bot: &Arc<Bot>, c: &ComponentInteraction) {
    if let Err(e) = on_component(bot, c).await {
        tracing::warn!("a click failed: {e}");
        let _ = c
            .create_followup(
                &bot.http,
                CreateInteractionResponseFollowup::new()
                    .content(c.person().text("table-click-failed", &[]))
                    .ephemeral(true),
            )
            .await;
    }
}

/// A click goes to its table. Lobby clicks are rate limited here; a click answering the
/// clicker's open ask is not (the game bounds those: an answered ask closes). A click on
/// the controls of a session another process drives is handed to it.
pub(super) async fn on_component(bot: &Arc<Bot>, c: &ComponentInteraction) -> Result<(), Error> {
    let Some(what) = Component::parse(&c.data.custom_id) else {
        bot.respond(c, ephemeral(closed(c.person()))).await?;
        return Ok(());
    };
    let table = match &what {
        Component::Lobby { channel, .. } => {
            if !bot.guards.admit_click(&bot.http, c).await? {
                return Ok(());
            }
            bot.table(*channel)
                .filter(|_| c.channel_id.get() == *channel)
        }
        Component::Ask { session, .. } | Component::Board { session, .. } => {
            bot.table_of_session(session)
        }
    };
    match table {
        Some(table) => table.on_click(bot, c, what).await,
        None => {
            if let Component::Ask { session, .. } | Component::Board { session, .. } = &what {
                if !bot.is_preacked(c.id.get()) {
                    let payload = serde_json::to_value(c)?;
                    let (id, token) = (c.id.get(), c.token.as_str());
                    if inbox::forward_interaction(bot, Kind::Component, id, token, payload, session)
                        .await?
                    {
                        return Ok(());
                    }
                }
            }
            let text = match what {
                Component::Lobby { .. } => c.person().text("table-lobby-ended", &[]),
                _ => closed(c.person()),
            };
            bot.respond(c, ephemeral(text)).await?;
            Ok(())
        }
    }
}

/// A submitted form goes to the table of the session its `custom_id` names (a form is
/// only ever opened for a session's ask), here or in the process that drives it.
pub(super) async fn on_modal(bot: &Arc<Bot>, m: &ModalInteraction) -> Result<(), Error> {
    let what = Component::parse(&m.data.custom_id);
    let session = match &what {
        Some(Component::Ask { session, .. } | Component::Board { session, .. }) => {
            Some(session.clone())
        }
        _ => None,
    };
    let table = session
        .as_deref()
        .and_then(|s| bot.table_of_session(s))
        .zip(what);
    if let Some((table, what)) = table {
        if table.on_modal(bot, m, what).await? {
            return Ok(());
        }
    } else if let Some(session) = session.filter(|_| !bot.is_preacked(m.id.get())) {
        let payload = serde_json::to_value(m)?;
        let (id, token) = (m.id.get(), m.token.as_str());
        if inbox::forward_interaction(bot, Kind::Modal, id, token, payload, &session).await? {
            return Ok(());
        }
    }
    bot.respond(m, ephemeral(closed(m.person()))).await?;
    Ok(())
}

/// A message typed in a table's channel (or a thread the table opened) goes to that
/// table; a DM to the tables in turn until one takes it. A game's channel is known by its
/// table (not by the payload's guild id); any other message without a guild is a DM. One
/// that no table here takes goes to the process driving its table, if any.
async fn on_message(bot: &Arc<Bot>, m: &Message) -> Result<(), Error> {
    if !on_message_here(bot, m).await? && !m.author.bot && m.author.id.get() != bot.me {
        inbox::forward_message(bot, m).await?;
    }
    Ok(())
}

/// A message offered to this process's tables; true when one took it.
pub(super) async fn on_message_here(bot: &Arc<Bot>, m: &Message) -> Result<bool, Error> {
    if m.author.bot || m.author.id.get() == bot.me {
        return Ok(true);
    }
    let channel = m.channel_id.get();
    if let Some(table) = bot.table(channel).or_else(|| bot.table_of_thread(channel)) {
        table.on_message(bot, m).await?;
        return Ok(true);
    }
    if m.guild_id.is_none() {
        for table in bot.tables() {
            if table.on_message(bot, m).await? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// poise's error handler: a failed command is told once; a cooldown hit says how long to
/// wait.
pub(super) async fn on_error(error: poise::FrameworkError<'_, Arc<Bot>, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::warn!("command /{} failed: {error}", ctx.command().qualified_name);
            let lang = Lang::of_locale(ctx.locale().unwrap_or_default()).unwrap_or_default();
            let error = error.to_string();
            let _ = ctx
                .send(
                    poise::CreateReply::default()
                        .content(lang.text("table-command-failed", &[("error", &error)]))
                        .ephemeral(true),
                )
                .await;
        }
        poise::FrameworkError::CooldownHit {
            remaining_cooldown,
            ctx,
            ..
        } => {
            let _ = ctx
                .send(
                    poise::CreateReply::default()
                        .content(cooldown_text(
                            remaining_cooldown,
                            Lang::of_locale(ctx.locale().unwrap_or_default()).unwrap_or_default(),
                        ))
                        .ephemeral(true),
                )
                .await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!("error while handling an error: {e}");
            }
        }
    }
}
