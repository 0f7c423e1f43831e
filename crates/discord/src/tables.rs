//! What every game's table does alike, over [`Seated`] (a table's place, its
//! [`TableState`] behind its lock, its message; the stored row and saving it come with
//! it): opening a lobby from a start command (claim the channel, store the lobby before it
//! shows, post it; the channel freed again if that fails), a link to it, the stop command (the host or a moderator; a lobby closed, a
//! running session abandoned), and picking a stored table up at startup (its lobby as it
//! was, or its running session resumed; a session that has ended frees its channel). A
//! game's table calls these with its own types; nothing here names a game.

use super::guards::ctx_manages;
use super::running::RunningTable;
use super::send::reply_ephemeral as refuse;
use super::types::{Bot, Context, Error};
use crate::games::{Game, GameKind};
use crate::session::{GameSetup, Runner, SessionHandle};
use crate::store::ChannelRow;
use anyhow::Context as _;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Opens `table`'s lobby (its state) in the command's channel: refused when a game is
/// already open there; else the lobby's row is stored first, `before` runs (say, a check
/// the host must hear of before anyone can start), `shown` is posted as the answer and
/// its message remembered. When storing or posting fails the channel is free again.
pub async fn open_lobby<T: Seated>(
    ctx: Context<'_>,
    table: Arc<T>,
    shown: poise::CreateReply,
    before: impl Future<Output = ()>,
) -> Result<(), Error> {
    let bot = ctx.data().clone();
    let channel = table.channel();
    if let Err(existing) = bot.claim(table.clone()) {
        return refuse(
            ctx,
            format!(
                "A game is already open in this channel (one per channel): {}",
                existing.link()
            ),
        )
        .await;
    }
    let opened = async {
        ctx.defer().await?;
        let row = table.row(&*table.state().lock().await);
        if let Some(row) = row {
            bot.store.save_channel(&row).await?;
        }
        before.await;
        ctx.send(shown).await.map_err(Error::from)
    }
    .await;
    let reply = match opened {
        Ok(reply) => reply,
        Err(e) => {
            bot.forget(channel, "").await;
            return Err(e);
        }
    };
    if let Ok(m) = reply.message().await {
        let id = m.id.get();
        table.message().store(id, Ordering::Relaxed);
        let mut st = table.state().lock().await;
        if let TableState::Lobby(l) = &mut *st {
            *l.message() = Some(id);
        }
        table.save(&bot, &st).await;
    }
    Ok(())
}

/// A table's state: its lobby, a game being set up, the game running (`R`: its session's
/// handle and the table's data), or closed. Every game's table keeps one, behind its lock.
pub enum TableState<L, R> {
    Lobby(L),
    /// Start was pressed: the session is being created (a second Start is refused).
    Starting,
    Running(R),
    Closed,
}

/// A lobby: who hosts it and its message, stored as it is.
pub trait Hosted: Serialize + Send {
    fn host(&self) -> u64;
    /// The lobby message, once posted.
    fn message(&mut self) -> &mut Option<u64>;
}

/// A running game at a table: its session, who hosts it, and the data stored with the
/// channel (the session's id among it).
pub trait Live: Send {
    type Game: Game;
    type Data: Serialize;
    fn handle(&self) -> &SessionHandle<Self::Game>;
    fn host(&self) -> u64;
    fn data(&self) -> &Self::Data;
    fn session_id(&self) -> &str;
}

impl<T: Live> Live for Box<T> {
    type Game = T::Game;
    type Data = T::Data;
    fn handle(&self) -> &SessionHandle<T::Game> {
        (**self).handle()
    }
    fn host(&self) -> u64 {
        (**self).host()
    }
    fn data(&self) -> &T::Data {
        (**self).data()
    }
    fn session_id(&self) -> &str {
        (**self).session_id()
    }
}

/// A game's table as the helpers here see it: its place, its state behind its lock, its
/// message; its stored row and saving it come with it.
pub trait Seated: RunningTable<Bot> + Sized + 'static {
    type Lobby: Hosted;
    type Running: Live;
    /// The game stored with the channel's row.
    const KIND: GameKind;
    fn guild(&self) -> u64;
    fn state(&self) -> &tokio::sync::Mutex<TableState<Self::Lobby, Self::Running>>;
    /// The lobby's, then the status board's, message (0: none yet).
    fn message(&self) -> &AtomicU64;

    /// The row stored for the table in `state` (a lobby or a running game; none otherwise).
    fn row(&self, state: &TableState<Self::Lobby, Self::Running>) -> Option<ChannelRow> {
        let (name, session_id, data) = match state {
            TableState::Lobby(l) => ("lobby", None, serde_json::to_value(l).ok()?),
            TableState::Running(r) => (
                "running",
                Some(r.session_id().to_string()),
                serde_json::to_value(r.data()).ok()?,
            ),
            TableState::Starting | TableState::Closed => return None,
        };
        Some(ChannelRow {
            channel_id: self.channel(),
            guild_id: self.guild(),
            game: Self::KIND.name().into(),
            state: name.into(),
            session_id,
            data,
        })
    }

    /// Stores the table's row (a failure is logged: the table plays on).
    fn save(
        &self,
        bot: &Bot,
        state: &TableState<Self::Lobby, Self::Running>,
    ) -> impl Future<Output = ()> + Send {
        let row = self.row(state);
        let store = bot.store.clone();
        let channel = self.channel();
        async move {
            if let Some(row) = row {
                if let Err(e) = store.save_channel(&row).await {
                    tracing::warn!("storing channel {channel}: {e}");
                }
            }
        }
    }

    /// A link to the table's message, or its channel while it has none, for "a game is
    /// already open in this channel".
    fn link_to(&self) -> String {
        match self.message().load(Ordering::Relaxed) {
            0 => format!("<#{}>", self.channel()),
            m => format!(
                "https://discord.com/channels/{}/{}/{m}",
                self.guild(),
                self.channel()
            ),
        }
    }
}

impl<L: Hosted, R: Live> TableState<L, R> {
    /// The running session's handle, if a game runs.
    pub fn handle(&self) -> Option<SessionHandle<R::Game>> {
        match self {
            TableState::Running(r) => Some(r.handle().clone()),
            _ => None,
        }
    }
}

/// What a stop command finds: who may stop, as the state says.
enum Host {
    Nobody,
    Starting,
    Is(u64),
}

/// A stop command at a table of `what` ("game", "debate", "trial"): only the host or a
/// moderator (Manage Messages). A lobby is closed; a running session is abandoned (its
/// follower posts the end and frees the channel) unless its task is gone, when it is
/// recorded as abandoned here, the table closed and the channel freed.
pub async fn stop<T: Seated>(ctx: Context<'_>, what: &str, table: &T) -> Result<(), Error> {
    let bot = ctx.data().clone();
    let (channel, state) = (table.channel(), table.state());
    let user = ctx.author().id.get();
    let host = match &*state.lock().await {
        TableState::Lobby(l) => Host::Is(l.host()),
        TableState::Running(r) => Host::Is(r.host()),
        TableState::Starting => Host::Starting,
        TableState::Closed => Host::Nobody,
    };
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
    let handle = {
        let mut st = state.lock().await;
        if matches!(*st, TableState::Lobby(_)) {
            *st = TableState::Closed;
        }
        st.handle()
    };
    match handle {
        Some(h) if h.is_closed() => {
            // Its task is gone (it failed): end it in the store and free the channel.
            let id = h.id().to_string();
            bot.store.set_status(&id, "abandoned").await?;
            *state.lock().await = TableState::Closed;
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

/// The game at `table` has ended: the table closes, and its channel and session are freed.
pub async fn close<T: Seated>(bot: &Bot, table: &T) {
    let session = {
        let mut st = table.state().lock().await;
        let id = match &*st {
            TableState::Running(r) => r.session_id().to_string(),
            _ => String::new(),
        };
        *st = TableState::Closed;
        id
    };
    bot.forget(table.channel(), &session).await;
}

/// The bot is shutting down: a running session is detached (kept in the store, it resumes
/// on the next start), not ended.
pub async fn detach<T: Seated>(table: &T) {
    let handle = table.state().lock().await.handle();
    if let Some(h) = handle {
        h.detach().await;
    }
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

/// Puts a stored lobby back at its table, as it was.
pub async fn resume_lobby<T: Seated>(bot: &Bot, table: Arc<T>, mut lobby: T::Lobby) {
    let message = lobby.message().unwrap_or(0);
    table.message().store(message, Ordering::Relaxed);
    *table.state().lock().await = TableState::Lobby(lobby);
    bot.insert(table);
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
