//! [`GameTable`]: the trait a game's table implements (its controls, its typed messages,
//! its driver, its status, how its session is subscribed to and its running state made),
//! and the one [`RunningTable`] implementation over it, which forwards the core's calls
//! and does what every table does alike (its link, stop, detach, following its notes).
//! Written once here for any seated table: opening a lobby from a start command (claim
//! the channel, store the lobby before it shows, post it; the channel freed again if that
//! fails), [`launch`]ing a session (subscribe, start, register its channel and threads,
//! follow its notes in the table's own task), and [`resume`] at startup (a stored lobby as
//! it was, a running session resumed where it stopped; one that has ended frees its
//! channel). Nothing here names a game.

use super::send::reply_ephemeral as refuse;
use super::tables::{self, DataOf, GameOf, Hosted, Seated, StoredData, TableState};
use super::text::Component;
use super::types::{Bot, Context, Error};
use super::types::{BoxFuture, RunningTable};
use agora_core::session::{GameSetup, Place, Runner, SessionHandle, Subscription};
use agora_core::store::ChannelRow;
use agora_games::{Seat, SeatSet, Viewer};
use anyhow::Context as _;
use serde::de::DeserializeOwned;
use serenity::all::{
    ComponentInteraction, CreateInteractionResponseFollowup, Message, ModalInteraction,
};
use std::future::Future;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

/// A game's table: what differs from game to game. The core reaches it through
/// [`RunningTable`] (implemented once, below, for every `GameTable`).
pub trait GameTable: Seated {
    /// How a stored session of the table's game is resumed (its kit is the bot's, by type).
    type Setup: GameSetup<Game = GameOf<Self>, Kit: Send + Sync + 'static>;

    /// A table in `channel` with nothing at it yet (a stored one is read into it).
    fn closed(channel: u64, guild: u64) -> Self;

    /// A click on one of the table's controls (see [`RunningTable::on_click`]).
    fn on_click<'a>(
        self: Arc<Self>,
        bot: &'a Arc<Bot>,
        c: &'a ComponentInteraction,
        what: Component,
    ) -> BoxFuture<'a, Result<(), Error>>;

    /// A submitted modal (see [`RunningTable::on_modal`]); a table that opens none keeps
    /// the default.
    fn on_modal<'a>(
        self: Arc<Self>,
        _bot: &'a Arc<Bot>,
        _m: &'a ModalInteraction,
        _what: Component,
    ) -> BoxFuture<'a, Result<bool, Error>> {
        Box::pin(async { Ok(false) })
    }

    /// A message typed by a person (see [`RunningTable::on_message`]).
    fn on_message<'a>(
        self: Arc<Self>,
        bot: &'a Arc<Bot>,
        m: &'a Message,
    ) -> BoxFuture<'a, Result<bool, Error>>;

    /// Applies the session's notes until it ends: the table's own task.
    fn drive(
        self: Arc<Self>,
        bot: Arc<Bot>,
        notes: Subscription<GameOf<Self>>,
    ) -> BoxFuture<'static, ()>;

    /// The table's state in a few lines (the answer to a status command).
    fn status(self: Arc<Self>) -> BoxFuture<'static, String>;

    /// The table's subscription to its session (what it sees, paced or not).
    fn subscribe(
        runner: &mut Runner<GameOf<Self>>,
        data: &DataOf<Self>,
    ) -> Subscription<GameOf<Self>>;

    /// The running game at the table, from its session's handle and its data.
    fn running(handle: SessionHandle<GameOf<Self>>, data: DataOf<Self>) -> Self::Running;

    /// The threads the running game has opened (messages typed in them come to the table).
    fn threads(_data: &DataOf<Self>) -> Vec<u64> {
        Vec::new()
    }

    /// A stored running game is about to be resumed at the table (before it is seated).
    fn resuming<'a>(&'a self, _bot: &'a Bot, _data: &'a DataOf<Self>) -> BoxFuture<'a, ()> {
        Box::pin(async {})
    }
}

impl<T: GameTable> RunningTable for T {
    fn channel(&self) -> u64 {
        Seated::channel(self)
    }

    fn link(&self) -> String {
        self.link_to()
    }

    fn on_click<'a>(
        self: Arc<Self>,
        bot: &'a Arc<Bot>,
        c: &'a ComponentInteraction,
        what: Component,
    ) -> BoxFuture<'a, Result<(), Error>> {
        GameTable::on_click(self, bot, c, what)
    }

    fn on_modal<'a>(
        self: Arc<Self>,
        bot: &'a Arc<Bot>,
        m: &'a ModalInteraction,
        what: Component,
    ) -> BoxFuture<'a, Result<bool, Error>> {
        GameTable::on_modal(self, bot, m, what)
    }

    fn on_message<'a>(
        self: Arc<Self>,
        bot: &'a Arc<Bot>,
        m: &'a Message,
    ) -> BoxFuture<'a, Result<bool, Error>> {
        GameTable::on_message(self, bot, m)
    }

    fn follow(self: Arc<Self>, bot: Arc<Bot>) -> BoxFuture<'static, ()> {
        let notes = self.notes().lock().expect("lock").take();
        match notes {
            Some(notes) => self.drive(bot, notes),
            None => Box::pin(async {}),
        }
    }

    fn status(self: Arc<Self>) -> BoxFuture<'static, String> {
        GameTable::status(self)
    }

    fn stop<'a>(self: Arc<Self>, ctx: Context<'a>) -> BoxFuture<'a, Result<(), Error>> {
        Box::pin(async move { tables::stop(ctx, T::WHAT, &*self).await })
    }

    fn into_any(self: Arc<Self>) -> Arc<dyn std::any::Any + Send + Sync> {
        self
    }

    fn detach(self: Arc<Self>) -> BoxFuture<'static, ()> {
        Box::pin(async move { tables::detach(&*self).await })
    }

    fn phase(self: Arc<Self>) -> BoxFuture<'static, (&'static str, &'static str)> {
        Box::pin(async move {
            let state = match &*self.state().lock().await {
                TableState::Lobby(_) => "lobby",
                TableState::Starting => "starting",
                TableState::Running(_) => "running",
                TableState::Closed => "closed",
            };
            (<T as Seated>::KIND.name(), state)
        })
    }
}

/// Starts a session at `table` (its state `st`, locked by the caller): subscribes the
/// table, starts the session, registers its channel (and threads) for clicks and typed
/// messages, sets the table running, and follows the notes in the table's own task.
pub fn launch<T: GameTable>(
    bot: &Arc<Bot>,
    table: &Arc<T>,
    st: &mut TableState<T::Lobby, T::Running>,
    mut runner: Runner<GameOf<T>>,
    data: DataOf<T>,
) {
    let channel = Seated::channel(&**table);
    let sub = T::subscribe(&mut runner, &data);
    let session = runner.start();
    bot.register_session(data.session_id(), channel);
    for thread in T::threads(&data) {
        bot.register_thread(thread, channel);
    }
    *st = TableState::Running(T::running(session.handle.clone(), data));
    *table.notes().lock().expect("lock") = Some(sub);
    tokio::spawn(RunningTable::follow(table.clone(), bot.clone()));
    tokio::spawn(async move {
        if let Err(e) = session.wait().await {
            tracing::error!("{} session ended with an error: {e}", T::KIND.name());
        }
    });
}

/// The seed a new game at `channel` is dealt from: the bot's (`AGORA_DISCORD_SEED`), else
/// a fresh one.
pub fn new_seed(bot: &Bot, channel: u64) -> u64 {
    bot.seed
        .unwrap_or_else(|| agora_core::store::now_ms() as u64 ^ (channel << 7))
}

/// Creates `setup`'s session at `table` (its place: this server and channel) with its
/// game's kit; an error is said as a person reads it.
pub async fn create<T: GameTable>(
    bot: &Bot,
    table: &T,
    setup: &T::Setup,
    seed: u64,
) -> Result<Runner<GameOf<T>>, String> {
    let place = Place {
        surface: "discord".into(),
        community: table.guild().to_string(),
        channel: Seated::channel(table).to_string(),
    };
    let kit = bot.kits.get::<<T::Setup as GameSetup>::Kit>();
    setup
        .create(bot.store.clone(), seed, &place, Duration::ZERO, kit)
        .await
        .map_err(|e| e.to_string())
}

/// Start was pressed but the session could not be made: the lobby is back at the table as
/// it was, and the person who pressed Start is told `why` (ephemeral).
pub async fn reopen<T: Seated>(
    bot: &Bot,
    table: &T,
    c: &ComponentInteraction,
    lobby: T::Lobby,
    why: String,
) -> Result<(), Error> {
    *table.state().lock().await = TableState::Lobby(lobby);
    let _ = c
        .create_followup(
            &bot.http,
            CreateInteractionResponseFollowup::new()
                .content(why)
                .ephemeral(true),
        )
        .await;
    Ok(())
}

/// What the table's subscription sees: the people's seats, or the public when nobody
/// plays (never the moderator's view).
pub fn people(users: &[Option<u64>]) -> Viewer {
    let humans: SeatSet = (1..=users.len() as Seat)
        .filter(|s| users[*s as usize - 1].is_some())
        .collect();
    if humans.is_empty() {
        Viewer::Public
    } else {
        Viewer::Seats(humans)
    }
}

/// Picks up a stored table of `T`'s game (at startup): a lobby as it was, a running game
/// resumed where it stopped (a session that has ended frees its channel; one that cannot
/// be resumed is logged and its row kept for a later start).
pub async fn resume<T: GameTable>(bot: &Arc<Bot>, row: ChannelRow) -> anyhow::Result<()>
where
    T::Lobby: DeserializeOwned,
    DataOf<T>: DeserializeOwned,
{
    let table = Arc::new(T::closed(row.channel_id, row.guild_id));
    let data = match read::<T::Lobby, DataOf<T>>(&row, T::WHAT)? {
        Stored::Lobby(lobby) => {
            resume_lobby(bot, table, lobby).await;
            return Ok(());
        }
        Stored::Running(data) => data,
    };
    let kit = bot.kits.get::<<T::Setup as GameSetup>::Kit>();
    let resumed = resume_session::<T::Setup>(bot, row.channel_id, data.session_id(), kit);
    if let Some(runner) = resumed.await? {
        table.resuming(bot, &data).await;
        bot.insert(table.clone());
        let mut st = table.state().lock().await;
        launch(bot, &table, &mut st, runner, data);
        tracing::info!(channel = row.channel_id, "resumed a {}", T::WHAT);
    }
    Ok(())
}

/// Opens `table`'s lobby (its state) in the command's channel: refused when a game is
/// already open there; else the lobby's row is stored first, `before` runs (say, a check
/// the host must hear of before anyone can start), `shown` is posted as the answer and
/// its message remembered. When storing or posting fails the channel is free again.
pub async fn open_lobby<T: GameTable>(
    ctx: Context<'_>,
    table: Arc<T>,
    shown: poise::CreateReply,
    before: impl Future<Output = ()>,
) -> Result<(), Error> {
    let bot = ctx.data().clone();
    let channel = table.channel();
    if let Err(existing) = bot.claim(table.clone()) {
        let (_, lang) = crate::commands::settings::command_langs(ctx).await;
        let link = existing.link();
        return refuse(ctx, lang.text("table-taken", &[("link", &link)])).await;
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

/// A stored table as its game reads it back.
enum Stored<L, D> {
    /// A lobby, as it was.
    Lobby(L),
    /// A running game's data (its session id among it).
    Running(D),
}

/// Reads a stored table's row: its lobby (state `lobby`) or its running data; an
/// unreadable row is an error naming `what` the table holds.
fn read<L: DeserializeOwned, D: DeserializeOwned>(
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
async fn resume_lobby<T: GameTable>(bot: &Bot, table: Arc<T>, mut lobby: T::Lobby) {
    let message = lobby.message().unwrap_or(0);
    table.message().store(message, Ordering::Relaxed);
    *table.state().lock().await = TableState::Lobby(lobby);
    bot.insert(table);
}

/// Resumes the session `session_id` that `channel`'s stored table runs. `None` when the
/// session has ended (its channel is freed) or cannot be resumed (logged; the row stays
/// for a later start to try again).
async fn resume_session<S: GameSetup>(
    bot: &Bot,
    channel: u64,
    session_id: &str,
    kit: &S::Kit,
) -> anyhow::Result<Option<Runner<S::Game>>> {
    let session = bot.store.session(session_id).await?;
    if session.status != "running" {
        bot.store.delete_channel(channel, session_id).await?;
        return Ok(None);
    }
    match agora_core::session::resume::<S>(bot.store.clone(), &session, Duration::ZERO, kit).await {
        Ok(runner) => Ok(Some(runner)),
        Err(agora_core::session::SessionError::Store(
            agora_core::store::StoreError::LeaseHeld { owner, .. },
        )) => {
            // Another process drives it; the keeper takes it over if that one dies.
            tracing::info!(channel, "session {} is driven by {owner}", session.id);
            Ok(None)
        }
        Err(e) => {
            tracing::error!(channel, "cannot resume session {}: {e}", session.id);
            Ok(None)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_sees_its_peoples_seats_or_the_public_never_the_moderators_view() {
        assert!(matches!(people(&[None, None, None]), Viewer::Public));
        assert!(matches!(people(&[]), Viewer::Public));
        match people(&[None, Some(7), None, Some(9)]) {
            Viewer::Seats(seats) => {
                let seats: Vec<Seat> = seats.iter().collect();
                assert_eq!(seats, vec![2, 4]);
            }
            _ => panic!("people at seats 2 and 4 are followed as their seats"),
        }
    }
}
