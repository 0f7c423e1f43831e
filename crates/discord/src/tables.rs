//! What every game's table does alike, over [`Seated`] (a table's place, its
//! [`TableState`] behind its lock, its message, its session's notes; the stored row and
//! saving it come with it): a link to it, the stop and status commands (a stop by the host
//! or a moderator; a lobby closed, a running session abandoned), closing it when its game
//! ends, detaching it when the bot stops. Opening a lobby, starting a session and picking
//! a stored table up at startup are in [`crate::game_table`]. Nothing here names a game.

use super::commands::settings::command_langs;
use super::guards::ctx_manages;
use super::send::reply_ephemeral as refuse;
use super::types::{Bot, Context, Error};
use agora_core::registry::GameKind;
use agora_core::session::{SessionHandle, Subscription};
use agora_core::store::ChannelRow;
use agora_games::{Game, Lang};
use serde::Serialize;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};

/// The answer to a button of an earlier lobby of the channel.
pub fn old_lobby(lang: Lang) -> String {
    lang.text("table-old-lobby", &[])
}

/// A table of `what` (its game's `WHAT`) in `lang`: the message `table-what-<what>`.
fn what_in(what: &str, lang: Lang) -> String {
    lang.text(&format!("table-what-{what}"), &[])
}

/// Ends the game or lobby in the command's channel (its table checks who may).
pub async fn stop_table(ctx: Context<'_>) -> Result<(), Error> {
    match ctx.data().table(ctx.channel_id().get()) {
        Some(table) => table.stop(ctx).await,
        None => {
            let (_, lang) = command_langs(ctx).await;
            refuse(ctx, lang.text("table-none", &[])).await
        }
    }
}

/// The command's channel's table in a few lines; `open` names the command that opens one.
pub async fn table_status(ctx: Context<'_>, open: &str) -> Result<(), Error> {
    let Some(table) = ctx.data().table(ctx.channel_id().get()) else {
        let (_, lang) = command_langs(ctx).await;
        return refuse(ctx, lang.text("table-none-open", &[("open", open)])).await;
    };
    refuse(ctx, table.status().await).await
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
    type Data: StoredData;
    fn handle(&self) -> &SessionHandle<Self::Game>;
    fn host(&self) -> u64;
    fn data(&self) -> &Self::Data;
    fn session_id(&self) -> &str {
        self.data().session_id()
    }
}

/// The data a running table stores with its channel: its session's id among it.
pub trait StoredData: Serialize + Send {
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
}

/// The game a table plays.
pub type GameOf<T> = <<T as Seated>::Running as Live>::Game;

/// The data a running table stores with its channel.
pub type DataOf<T> = <<T as Seated>::Running as Live>::Data;

/// A game's table as the helpers here see it: its place, its state behind its lock, its
/// message; its stored row and saving it come with it.
pub trait Seated: Send + Sync + Sized + 'static {
    type Lobby: Hosted;
    type Running: Live;
    /// The game stored with the channel's row.
    const KIND: GameKind;
    /// What the table holds, as its answers name it ("game", "debate", "trial").
    const WHAT: &'static str;
    fn channel(&self) -> u64;
    fn guild(&self) -> u64;
    fn state(&self) -> &tokio::sync::Mutex<TableState<Self::Lobby, Self::Running>>;
    /// The lobby's, then the status board's, message (0: none yet).
    fn message(&self) -> &AtomicU64;
    /// The session's notes, kept from its start (or resume) until the table follows them.
    fn notes(&self) -> &std::sync::Mutex<Option<Subscription<GameOf<Self>>>>;

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

    /// Stores the table's row (a failure is logged: the table plays on). False when
    /// another process took the session over: this process must post nothing more for it.
    fn save(
        &self,
        bot: &Bot,
        state: &TableState<Self::Lobby, Self::Running>,
    ) -> impl Future<Output = bool> + Send {
        let row = self.row(state);
        let store = bot.store.clone();
        let channel = self.channel();
        async move {
            match row {
                Some(row) => stored(store.save_channel(&row).await, channel),
                None => true,
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

/// Whether a table's row was stored, or failed in a way that lets the table play on
/// (logged); false when another process took its session over (fenced by the epoch).
pub fn stored(result: Result<(), agora_core::store::StoreError>, channel: u64) -> bool {
    match result {
        Ok(()) => true,
        Err(agora_core::store::StoreError::LeaseLost(id)) => {
            tracing::info!(
                channel,
                "session {id} is driven by another process now; this one stops posting for it"
            );
            false
        }
        Err(e) => {
            tracing::warn!("storing channel {channel}: {e}");
            true
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
    let (table_lang, lang) = command_langs(ctx).await;
    let said = what_in(what, lang);
    let host = match &*state.lock().await {
        TableState::Lobby(l) => Host::Is(l.host()),
        TableState::Running(r) => Host::Is(r.host()),
        TableState::Starting => Host::Starting,
        TableState::Closed => Host::Nobody,
    };
    let host = match host {
        Host::Is(host) => host,
        Host::Nobody => return refuse(ctx, lang.text("table-none-what", &[("what", &said)])).await,
        Host::Starting => {
            return refuse(ctx, lang.text("table-starting", &[("what", &said)])).await
        }
    };
    if user != host && !ctx_manages(ctx) {
        return refuse(ctx, lang.text("table-stop-who", &[("what", &said)])).await;
    }
    // What the channel reads is in the server's language.
    let what = what_in(what, table_lang);
    let who = format!("<@{user}>");
    let posted = |id: &str| table_lang.text(id, &[("what", &what), ("user", &who)]);
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
            ctx.say(posted("table-stopped-abandoned")).await?;
        }
        Some(h) => {
            h.abandon().await;
            ctx.say(posted("table-stopped")).await?;
        }
        None => {
            bot.forget(channel, "").await;
            ctx.say(posted("table-lobby-closed")).await?;
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
