//! What every game's table does alike: opening a lobby from a start command (claim the
//! channel, store the lobby before it shows, post it; the channel freed again if that
//! fails), a link to it, the stop command (the host or a moderator; a lobby closed, a
//! running session abandoned), and picking a stored table up at startup (its lobby as it
//! was, or its running session resumed; a session that has ended frees its channel). A
//! game's table calls these with its own types; nothing here names a game.

use super::guards::ctx_manages;
use super::running::RunningTable;
use super::send::reply_ephemeral as refuse;
use super::types::{Bot, Context, Error};
use crate::games::Game;
use crate::session::{GameSetup, Runner, SessionHandle};
use crate::store::ChannelRow;
use anyhow::Context as _;
use serde::de::DeserializeOwned;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

/// A link to a table's message (`0`: none yet, then its channel), for "a game is already
/// open in this channel".
pub fn link(guild: u64, channel: u64, message: u64) -> String {
    match message {
        0 => format!("<#{channel}>"),
        m => format!("https://discord.com/channels/{guild}/{channel}/{m}"),
    }
}

/// Opens a lobby in the command's channel for `table`: refused when a game is already
/// open there; else the lobby's `row` is stored first, `before` runs (say, a check the
/// host must hear of before anyone can start), and `lobby` is posted as the answer.
/// Returns the lobby message's id (`None` when refused, or when Discord did not return
/// the message); when storing or posting fails the channel is free again.
pub async fn open_lobby<T, F>(
    ctx: Context<'_>,
    table: Arc<T>,
    row: Option<ChannelRow>,
    lobby: poise::CreateReply,
    before: F,
) -> Result<Option<u64>, Error>
where
    T: RunningTable<Bot> + 'static,
    F: Future<Output = ()>,
{
    let bot = ctx.data().clone();
    let channel = table.channel();
    if let Err(existing) = bot.claim(table) {
        refuse(
            ctx,
            format!(
                "A game is already open in this channel (one per channel): {}",
                existing.link()
            ),
        )
        .await?;
        return Ok(None);
    }
    let opened = async {
        ctx.defer().await?;
        if let Some(row) = row {
            bot.store.save_channel(&row).await?;
        }
        before.await;
        ctx.send(lobby).await.map_err(Error::from)
    }
    .await;
    match opened {
        Ok(reply) => Ok(reply.message().await.ok().map(|m| m.id.get())),
        Err(e) => {
            bot.forget(channel, "").await;
            Err(e)
        }
    }
}

/// Who may stop a table, as its state says.
pub enum Host {
    /// Nothing runs here.
    Nobody,
    /// A game is being set up: stopping waits for it.
    Starting,
    /// The host of the lobby or the running game.
    Is(u64),
}

/// A stop command at a table of `what` ("game", "debate", "trial"): only the host or a
/// moderator (Manage Messages). `take` closes a lobby (and answers `None`) or answers the
/// running session's handle, under the table's lock; a running session is abandoned (its
/// follower posts the end and frees the channel) unless its task is gone, when it is
/// recorded as abandoned here, `close` closes the table and the channel is freed.
pub async fn stop<G: Game>(
    ctx: Context<'_>,
    what: &str,
    channel: u64,
    host: Host,
    take: impl AsyncFnOnce() -> Option<SessionHandle<G>>,
    close: impl AsyncFnOnce(),
) -> Result<(), Error> {
    let bot = ctx.data().clone();
    let user = ctx.author().id.get();
    let host = match host {
        Host::Is(host) => host,
        Host::Nobody => return refuse(ctx, format!("There is no {what} in this channel.")).await,
        Host::Starting => {
            return refuse(
                ctx,
                format!("The {what} is starting; try again in a moment."),
            )
            .await
        }
    };
    if user != host && !ctx_manages(ctx) {
        return refuse(
            ctx,
            format!("Only the host or a moderator (Manage Messages) can stop this {what}."),
        )
        .await;
    }
    ctx.defer().await?;
    match take().await {
        Some(h) if h.is_closed() => {
            // Its task is gone (it failed): end it in the store and free the channel.
            let id = h.id().to_string();
            bot.store.set_status(&id, "abandoned").await?;
            close().await;
            bot.forget(channel, &id).await;
            ctx.say(format!(
                "🛑 <@{user}> stopped the {what} (recorded as abandoned)."
            ))
            .await?;
        }
        Some(h) => {
            h.abandon().await;
            ctx.say(format!("🛑 <@{user}> stopped the {what}.")).await?;
        }
        None => {
            bot.forget(channel, "").await;
            ctx.say(format!("🛑 The {what} lobby is closed.")).await?;
        }
    }
    Ok(())
}

/// A stored table as its game reads it back.
pub enum Stored<L, D> {
    /// A lobby, as it was.
    Lobby(L),
    /// A running game's data (its session id among it).
    Running(D),
}

/// Reads a stored table's row: its lobby (state `lobby`) or its running data; an
/// unreadable row is an error naming `what` the table holds.
pub fn read<L: DeserializeOwned, D: DeserializeOwned>(
    row: &ChannelRow,
    what: &str,
) -> anyhow::Result<Stored<L, D>> {
    if row.state == "lobby" {
        let lobby = serde_json::from_value(row.data.clone())
            .with_context(|| format!("a stored {what} lobby is unreadable"))?;
        return Ok(Stored::Lobby(lobby));
    }
    let data = serde_json::from_value(row.data.clone())
        .with_context(|| format!("a stored {what} is unreadable"))?;
    Ok(Stored::Running(data))
}

/// Resumes the session `session_id` that `channel`'s stored table runs. `None` when the
/// session has ended (its channel is freed) or cannot be resumed (logged; the row stays
/// for a later start to try again).
pub async fn resume_session<S: GameSetup>(
    bot: &Bot,
    channel: u64,
    session_id: &str,
    kit: &S::Kit,
) -> anyhow::Result<Option<Runner<S::Game>>> {
    let session = bot.store.session(session_id).await?;
    if session.status != "running" {
        bot.store.delete_channel(channel).await?;
        return Ok(None);
    }
    match crate::session::resume::<S>(bot.store.clone(), &session, Duration::ZERO, kit).await {
        Ok(runner) => Ok(Some(runner)),
        Err(e) => {
            tracing::error!(channel, "cannot resume session {}: {e}", session.id);
            Ok(None)
        }
    }
}
