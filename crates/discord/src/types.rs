//! The bot's shared data ([`Bot`]: the HTTP client, the store, the config, the table
//! registry), poise's [`Context`] and the [`Error`] every handler returns.
//!
//! The registry maps a channel to its table as a [`RunningTable`] trait object, and a
//! session to its channel; the core routes clicks and messages through it without knowing
//! which game a table plays.
//!
//! [`RunningTable`]: what the bot core asks of a channel's table (a lobby or a running game,
//! of any game), so the core routes clicks, messages and commands to any game through
//! `Arc<dyn RunningTable>` and never names a game's types. It lives here, beside [`Bot`],
//! because each takes the other: the registry holds tables, a table's handlers take the bot.
//!
//! Design: methods return boxed futures (no `async_trait`), taking the table as
//! `self: Arc<Self>` so a handler may keep it (spawn a task, store it). The handlers
//! answer the interaction themselves within Discord's three seconds and then work under
//! the table's own lock, as they did before the trait; a message-passing design (a task
//! per table fed `TableEvent`s) would add a queue and a reply channel to every click
//! without removing any lock.
//!
//! Session notes are typed by the game (`Note<G>`), so the trait does not pass them in:
//! [`RunningTable::follow`] applies the table's own session's notes (its subscription,
//! kept by the table when its session starts or resumes) in the table's own task,
//! planning what to post and posting it through [`super::send`], until the session ends.
//! The core holds the table and routes people's input to it.

use super::cluster::Cluster;
use super::guards::Guards;
use super::text::Component;
use agora_agents::config::Config;
use agora_core::kits::Kits;
use agora_core::store::Store;
use serenity::all::{ChannelId, ComponentInteraction, Http, Message, ModalInteraction};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

/// What every handler returns on failure (logged, and told to the user once).
pub type Error = anyhow::Error;

/// poise's context, with the bot's data.
pub type Context<'a> = poise::Context<'a, Arc<Bot>, Error>;

/// A channel's table in the registry (a lobby or a running game, of any game).
pub type SharedTable = Arc<dyn RunningTable>;

/// The bot's shared state.
pub struct Bot {
    pub http: Arc<Http>,
    pub store: Store,
    pub config: Arc<Config>,
    /// Every game's players' kit (its model clients, content and settings); a game's
    /// table takes its own by type (`bot.kits.get::<K>()`).
    pub kits: Kits,
    /// The names AI players are given (`content/discord/ai-names.txt`).
    pub ai_names: Vec<String>,
    /// Each channel's table (a lobby or a running game).
    tables: Mutex<HashMap<u64, SharedTable>>,
    /// Each running session's channel.
    sessions: Mutex<HashMap<String, u64>>,
    /// Threads a table opened (a debate team's), each with its table's channel: a message
    /// typed in one goes to that table.
    threads: Mutex<HashMap<u64, u64>>,
    /// Each user's DM channel, opened once.
    pub(super) dm_channels: Mutex<HashMap<u64, ChannelId>>,
    /// The click rate limit.
    pub guards: Guards,
    /// The bot's own user (its messages are never speeches).
    pub me: u64,
    /// Deals every new game from this seed (`AGORA_DISCORD_SEED`), if set.
    pub seed: Option<u64>,
    /// The community page's address, linked from `/leaderboard` (`AGORA_WEB_URL`).
    pub web_url: Option<String>,
    /// This process's shards (the guilds whose tables it drives).
    pub cluster: Arc<Cluster>,
    /// Interactions another process acknowledged and handed over, while they are handled
    /// here (`respond` answers them by follow-ups and edits).
    preacked: Mutex<std::collections::HashSet<u64>>,
    /// Channels of this process's shards whose tables another process drives, with the
    /// driver (the cluster keeper's last scan).
    remote: Mutex<HashMap<u64, String>>,
    /// Clicks and forms received and not answered yet: when, and which kind (the
    /// acknowledgement latency of `/metrics`).
    received: Mutex<HashMap<u64, (std::time::Instant, &'static str)>>,
    /// Each channel's posts and edits of the last five seconds: the budget a speech's
    /// draft edits share with the game's own posts and control edits.
    pub(super) sent: Mutex<HashMap<u64, std::collections::VecDeque<std::time::Instant>>>,
}

/// While it lives, an interaction counts as acknowledged already (see [`Bot::preacked`]).
pub struct PreAcked<'a> {
    bot: &'a Bot,
    id: u64,
}

impl Drop for PreAcked<'_> {
    fn drop(&mut self) {
        if let Ok(mut set) = self.bot.preacked.lock() {
            set.remove(&self.id);
        }
    }
}

impl Bot {
    pub(super) fn new(
        http: Arc<Http>,
        store: Store,
        config: Arc<Config>,
        kits: Kits,
        ai_names: Vec<String>,
        me: u64,
        seed: Option<u64>,
    ) -> Bot {
        let guards = Guards::new(config.discord.clicks_per_10s);
        Bot {
            http,
            store,
            config,
            kits,
            ai_names,
            tables: Mutex::new(HashMap::new()),
            sessions: Mutex::new(HashMap::new()),
            threads: Mutex::new(HashMap::new()),
            dm_channels: Mutex::new(HashMap::new()),
            guards,
            me,
            seed,
            web_url: None,
            cluster: Arc::new(Cluster::new(Default::default())),
            preacked: Mutex::new(std::collections::HashSet::new()),
            remote: Mutex::new(HashMap::new()),
            received: Mutex::new(HashMap::new()),
            sent: Mutex::new(HashMap::new()),
        }
    }

    /// The table of a channel, if any.
    pub fn table(&self, channel: u64) -> Option<SharedTable> {
        self.tables.lock().expect("lock").get(&channel).cloned()
    }

    /// The table running a session, if any.
    pub fn table_of_session(&self, session: &str) -> Option<SharedTable> {
        let channel = *self.sessions.lock().expect("lock").get(session)?;
        self.table(channel)
    }

    /// The table whose thread `thread` is, if any.
    pub fn table_of_thread(&self, thread: u64) -> Option<SharedTable> {
        let channel = *self.threads.lock().expect("lock").get(&thread)?;
        self.table(channel)
    }

    /// Messages typed in `thread` go to `channel`'s table from now on.
    pub fn register_thread(&self, thread: u64, channel: u64) {
        self.threads.lock().expect("lock").insert(thread, channel);
    }

    /// Every table (in no particular order).
    pub fn tables(&self) -> Vec<SharedTable> {
        self.tables
            .lock()
            .expect("lock")
            .values()
            .cloned()
            .collect()
    }

    /// Seats `table` in its channel unless the channel already has one (returned).
    pub fn claim(&self, table: SharedTable) -> Result<(), SharedTable> {
        let mut tables = self.tables.lock().expect("lock");
        match tables.get(&table.channel()) {
            Some(existing) => Err(existing.clone()),
            None => {
                tables.insert(table.channel(), table);
                Ok(())
            }
        }
    }

    /// Seats `table` in its channel (a stored table, at startup).
    pub fn insert(&self, table: SharedTable) {
        self.tables
            .lock()
            .expect("lock")
            .insert(table.channel(), table);
    }

    /// Clicks on `session`'s controls go to `channel`'s table from now on.
    pub fn register_session(&self, session: &str, channel: u64) {
        self.sessions
            .lock()
            .expect("lock")
            .insert(session.to_string(), channel);
    }

    /// A click or form arrived now (counted; its acknowledgement is timed by
    /// [`Self::answered`]).
    pub fn received(&self, id: u64, kind: &'static str) {
        metrics::counter!("agora_interactions_total", "kind" => kind).increment(1);
        let mut map = self.received.lock().expect("lock");
        if map.len() >= 10_000 {
            // Answered some other way (or never): an interaction lasts 15 minutes.
            map.retain(|_, (at, _)| at.elapsed() < std::time::Duration::from_secs(900));
        }
        map.insert(id, (std::time::Instant::now(), kind));
    }

    /// An interaction got its first answer (or acknowledgement) now.
    pub fn answered(&self, id: u64) {
        let taken = self.received.lock().expect("lock").remove(&id);
        if let Some((at, kind)) = taken {
            metrics::histogram!("agora_interaction_ack_seconds", "kind" => kind)
                .record(at.elapsed());
        }
    }

    /// Marks a handed-over interaction acknowledged while the returned guard lives.
    pub fn preacked(&self, id: u64) -> PreAcked<'_> {
        self.preacked.lock().expect("lock").insert(id);
        PreAcked { bot: self, id }
    }

    /// Whether an interaction was acknowledged by another process (see [`Self::preacked`]).
    pub fn is_preacked(&self, id: u64) -> bool {
        self.preacked.lock().expect("lock").contains(&id)
    }

    /// The process driving the table at `channel`, when it is another one.
    pub fn remote_table(&self, channel: u64) -> Option<String> {
        self.remote.lock().expect("lock").get(&channel).cloned()
    }

    /// The tables driven elsewhere, as the keeper found them.
    pub fn set_remote_tables(&self, remote: HashMap<u64, String>) {
        *self.remote.lock().expect("lock") = remote;
    }

    /// Drops this process's table at `channel` without touching its stored row (another
    /// process drove its session; it is resumed from the store).
    pub fn drop_local(&self, channel: u64) {
        self.tables.lock().expect("lock").remove(&channel);
        self.sessions
            .lock()
            .expect("lock")
            .retain(|_, c| *c != channel);
        self.threads
            .lock()
            .expect("lock")
            .retain(|_, c| *c != channel);
    }

    /// The channel is free again.
    pub async fn forget(&self, channel: u64, session: &str) {
        // The row goes first: the cluster keeper takes over a stored table that has no
        // table here, and must not find this one between the two.
        if let Err(e) = self.store.delete_channel(channel, session).await {
            tracing::warn!("forgetting channel {channel}: {e}");
        }
        self.tables.lock().expect("lock").remove(&channel);
        self.sessions.lock().expect("lock").remove(session);
        self.threads
            .lock()
            .expect("lock")
            .retain(|_, c| *c != channel);
    }
}

/// `Bot` needs `Send + Sync` to be poise's data.
const _: fn() = || {
    fn check<T: Send + Sync>() {}
    check::<Bot>();
};

/// A boxed, sendable future (what the trait's methods return).
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A channel's table, as the bot core sees it (the registry holds `Arc<dyn RunningTable>`).
pub trait RunningTable: Send + Sync {
    /// The channel it sits in.
    fn channel(&self) -> u64;

    /// A link to the table's message (its lobby, then its status board) or its channel,
    /// for "a game is already open in this channel".
    fn link(&self) -> String;

    /// A click on one of the table's controls (`what`, parsed from the `custom_id`). The
    /// core has checked that a lobby click comes from the lobby's channel and applied the
    /// click rate limit to lobby clicks; the table answers the interaction.
    fn on_click<'a>(
        self: Arc<Self>,
        bot: &'a Arc<Bot>,
        c: &'a ComponentInteraction,
        what: Component,
    ) -> BoxFuture<'a, Result<(), anyhow::Error>>;

    /// A submitted modal (a form the table opened; `what` parsed from its `custom_id`). True
    /// when the table answered it; a table that opens no modals keeps the default, and the
    /// core answers "that choice has closed".
    fn on_modal<'a>(
        self: Arc<Self>,
        _bot: &'a Arc<Bot>,
        _m: &'a ModalInteraction,
        _what: Component,
    ) -> BoxFuture<'a, Result<bool, anyhow::Error>> {
        Box::pin(async { Ok(false) })
    }

    /// A message typed by a person: in the table's channel, or a DM (offered to every
    /// table until one takes it). True when the table took it.
    fn on_message<'a>(
        self: Arc<Self>,
        bot: &'a Arc<Bot>,
        m: &'a Message,
    ) -> BoxFuture<'a, Result<bool, anyhow::Error>>;

    /// Applies the table's session notes (what to post, what to edit) until its session
    /// ends; the table's own task. Does nothing when no session is waiting to be followed.
    fn follow(self: Arc<Self>, bot: Arc<Bot>) -> BoxFuture<'static, ()>;

    /// The table's state in a few lines (the answer to a status command).
    fn status(self: Arc<Self>) -> BoxFuture<'static, String>;

    /// A stop command in the table's channel: the table checks who may stop it, answers,
    /// and ends the game or closes the lobby.
    fn stop<'a>(self: Arc<Self>, ctx: Context<'a>) -> BoxFuture<'a, Result<(), anyhow::Error>>;

    /// The table as `Any`, so a game's own commands (`/trial evidence`) reach its type.
    fn into_any(self: Arc<Self>) -> Arc<dyn std::any::Any + Send + Sync>;

    /// The bot is shutting down: a running session is detached (kept in the store, it
    /// resumes on the next start), not ended.
    fn detach(self: Arc<Self>) -> BoxFuture<'static, ()>;

    /// The table's game and state (`lobby`, `starting`, `running`, `closed`), for the
    /// operator's metrics.
    fn phase(self: Arc<Self>) -> BoxFuture<'static, (&'static str, &'static str)>;
}
