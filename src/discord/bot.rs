//! The bot process: connects (through `DISCORD_PROXY_URL` when set), registers the slash
//! commands, holds the shared bot data (tables by channel, sessions, DM channels,
//! cooldowns), resumes the stored tables, routes events to `commands`, `clicks` and
//! `messages`, and shuts down gracefully (sessions are detached, not ended, and resume on
//! the next start).
//!
//! Every interaction is acknowledged before any database or model work; a stale, foreign
//! or unknown click gets an ephemeral "that choice has closed" and changes nothing.

use super::clicks::on_component;
use super::commands::{leaderboard, stats, werewolf};
use super::lobby::Lobby;
use super::messages::on_message;
use super::render::{self};
use super::table::{Running, RunningData, Table, TableState};
use super::text::Component;
use crate::agents::werewolf::AgentKit;
use crate::config::Config;
use crate::games::werewolf::{Werewolf, SEATS};
use crate::games::Viewer;
use crate::session::werewolf::Setup;
use crate::store::Store;
use anyhow::Context as _;
use serenity::all::{
    ButtonStyle, ChannelId, ComponentInteraction, CreateActionRow, CreateButton, CreateEmbed,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, EditMessage, FullEvent, GatewayIntents, GuildId, Http, HttpBuilder, Interaction,
    MessageId, Permissions, UserId,
};
use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use thiserror::Error;

type Error = anyhow::Error;

/// How the bot connects, from the environment.
#[derive(Clone)]
pub struct BotSettings {
    pub token: String,
    /// Register the commands in this guild only (instant; for development).
    pub guild: Option<u64>,
    /// Send every REST call to this base URL, serenity's rate limiter off.
    pub proxy: Option<String>,
    pub database_url: String,
    /// Deals every new game from this seed (`AGORA_DISCORD_SEED`: reproducible games for
    /// tests and bug reports); normally unset, and each game gets a fresh seed.
    pub seed: Option<u64>,
}

impl std::fmt::Debug for BotSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotSettings")
            .field("token", &"***")
            .field("guild", &self.guild)
            .field("proxy", &self.proxy)
            .finish()
    }
}

/// Why the bot cannot start; one line for the operator.
#[derive(Debug, Error)]
pub enum BotError {
    #[error("DISCORD_TOKEN is not set: put the bot token from the Discord developer portal in .env (see README, \"Running the Discord bot\")")]
    NoToken,
    #[error("DISCORD_TOKEN is malformed (it contains spaces or quotes); copy the token again from the developer portal")]
    BadTokenFormat,
    #[error("Discord rejected DISCORD_TOKEN (401 Unauthorized): reset the token in the developer portal and update .env")]
    Unauthorized,
    #[error("DISCORD_GUILD_ID {0:?} is not a server id (a number)")]
    BadGuild(String),
    #[error("DISCORD_PROXY_URL {0:?} must start with http:// or https://")]
    BadProxy(String),
    #[error("AGORA_DISCORD_SEED {0:?} is not a number")]
    BadSeed(String),
}

impl BotSettings {
    /// Reads `DISCORD_TOKEN`, `DISCORD_GUILD_ID`, `DISCORD_PROXY_URL`.
    pub fn from_env(
        env: &dyn Fn(&str) -> Option<String>,
        database_url: String,
    ) -> Result<BotSettings, BotError> {
        let token = env("DISCORD_TOKEN")
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty())
            .ok_or(BotError::NoToken)?;
        if token.contains(char::is_whitespace) || token.contains('"') || token.contains('\'') {
            return Err(BotError::BadTokenFormat);
        }
        let guild = match env("DISCORD_GUILD_ID").filter(|g| !g.trim().is_empty()) {
            Some(g) => Some(
                g.trim()
                    .parse::<u64>()
                    .ok()
                    .filter(|g| *g > 0)
                    .ok_or(BotError::BadGuild(g))?,
            ),
            None => None,
        };
        let proxy = match env("DISCORD_PROXY_URL").filter(|p| !p.trim().is_empty()) {
            Some(p) if p.starts_with("http://") || p.starts_with("https://") => {
                Some(p.trim().trim_end_matches('/').to_string())
            }
            Some(p) => return Err(BotError::BadProxy(p)),
            None => None,
        };
        let seed = match env("AGORA_DISCORD_SEED").filter(|v| !v.trim().is_empty()) {
            Some(v) => Some(
                v.trim()
                    .parse::<u64>()
                    .map_err(|_| BotError::BadSeed(v.clone()))?,
            ),
            None => None,
        };
        Ok(BotSettings {
            token,
            guild,
            proxy,
            database_url,
            seed,
        })
    }
}

/// The bot's shared state.
pub struct Bot {
    pub http: Arc<Http>,
    pub store: Store,
    pub config: Arc<Config>,
    pub(super) kit: AgentKit,
    pub(super) ai_names: Vec<String>,
    pub(super) tables: Mutex<HashMap<u64, Arc<Table>>>,
    pub(super) sessions: Mutex<HashMap<String, u64>>,
    pub(super) dm_channels: Mutex<HashMap<u64, ChannelId>>,
    /// When each user last used each command.
    pub(super) cooldowns: Mutex<HashMap<(u64, &'static str), Instant>>,
    pub(super) clicks: Mutex<HashMap<u64, Vec<Instant>>>,
    /// The bot's own user (its messages are never speeches).
    pub(super) me: u64,
    pub(super) seed: Option<u64>,
}

/// The Discord error code of a failed call (50007: cannot DM; 10062: unknown
/// interaction; 10008: unknown message), if any.
pub fn api_code(e: &serenity::Error) -> Option<isize> {
    match e {
        serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r)) => {
            Some(r.error.code)
        }
        _ => None,
    }
}

/// Whether a DM failed because the user does not accept DMs from the bot (50007, or any
/// 403): the seat then plays through the channel's button.
pub fn dm_refused(e: &serenity::Error) -> bool {
    api_code(e) == Some(50007) || api_status(e) == Some(403)
}

fn api_status(e: &serenity::Error) -> Option<u16> {
    match e {
        serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r)) => {
            Some(r.status_code.as_u16())
        }
        _ => None,
    }
}

/// Loads the AI players' names (`content/discord/ai-names.txt`, else the built-in copy).
pub fn load_ai_names() -> anyhow::Result<Vec<String>> {
    const BUILT_IN: &str = include_str!("../../content/discord/ai-names.txt");
    let dir = std::env::var_os("AGORA_CONTENT_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::PathBuf::from("content"));
    let path = dir.join("discord/ai-names.txt");
    let (name, text) = match std::fs::read_to_string(&path) {
        Ok(t) => (path.display().to_string(), t),
        Err(_) => ("built-in ai-names.txt".to_string(), BUILT_IN.to_string()),
    };
    let names: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    if names.len() < SEATS {
        anyhow::bail!("{name}: needs at least {SEATS} names, has {}", names.len());
    }
    if let Some(bad) = names
        .iter()
        .find(|n| n.chars().count() > 24 || n.contains('@'))
    {
        anyhow::bail!("{name}: the name {bad:?} is too long (24 characters) or has an @");
    }
    Ok(names)
}

impl Bot {
    /// Posts in a channel; a failure is logged (a 429 waits a moment and tries once more).
    pub async fn post(&self, channel: ChannelId, msg: CreateMessage) -> Option<MessageId> {
        for attempt in 0..2 {
            match channel.send_message(&self.http, msg.clone()).await {
                Ok(m) => return Some(m.id),
                Err(e) if api_status(&e) == Some(429) && attempt == 0 => {
                    tokio::time::sleep(Duration::from_millis(1000)).await;
                }
                Err(e) => {
                    tracing::warn!(channel = channel.get(), "posting failed: {e}");
                    return None;
                }
            }
        }
        None
    }

    pub async fn edit(
        &self,
        channel: ChannelId,
        message: u64,
        edit: EditMessage,
    ) -> Result<(), serenity::Error> {
        channel
            .edit_message(&self.http, MessageId::new(message), edit)
            .await
            .map(|_| ())
            .inspect_err(|e| tracing::warn!("editing failed: {e}"))
    }

    /// DMs a user (the DM channel is opened once and remembered).
    pub async fn dm(&self, user: u64, msg: CreateMessage) -> Result<MessageId, serenity::Error> {
        let known = self.dm_channels.lock().expect("lock").get(&user).copied();
        let channel = match known {
            Some(c) => c,
            None => {
                let c = UserId::new(user).create_dm_channel(&self.http).await?.id;
                self.dm_channels.lock().expect("lock").insert(user, c);
                c
            }
        };
        channel.send_message(&self.http, msg).await.map(|m| m.id)
    }

    pub(super) fn table(&self, channel: u64) -> Option<Arc<Table>> {
        self.tables.lock().expect("lock").get(&channel).cloned()
    }

    pub(super) fn table_of_session(&self, session: &str) -> Option<Arc<Table>> {
        let channel = *self.sessions.lock().expect("lock").get(session)?;
        self.table(channel)
    }

    /// The channel is free again.
    pub async fn forget(&self, channel: u64, session: &str) {
        self.tables.lock().expect("lock").remove(&channel);
        self.sessions.lock().expect("lock").remove(session);
        if let Err(e) = self.store.delete_channel(channel).await {
            tracing::warn!("forgetting channel {channel}: {e}");
        }
    }

    /// A cooldown per user and command; the error says how long to wait.
    pub(super) fn cooldown(&self, user: u64, command: &'static str) -> Result<(), String> {
        let wait = Duration::from_secs_f64(self.config.discord.command_cooldown_secs);
        let mut map = self.cooldowns.lock().expect("lock");
        let now = Instant::now();
        if let Some(last) = map.get(&(user, command)) {
            let since = now.duration_since(*last);
            if since < wait {
                return Err(format!(
                    "Slow down: try again in {:.1} s.",
                    (wait - since).as_secs_f64()
                ));
            }
        }
        map.insert((user, command), now);
        Ok(())
    }

    /// At most `clicks_per_10s` clicks per user in ten seconds.
    pub(super) fn click_allowed(&self, user: u64) -> bool {
        let mut map = self.clicks.lock().expect("lock");
        let now = Instant::now();
        let v = map.entry(user).or_default();
        v.retain(|t| now.duration_since(*t) < Duration::from_secs(10));
        if v.len() >= self.config.discord.clicks_per_10s as usize {
            return false;
        }
        v.push(now);
        true
    }

    pub(super) async fn save(&self, table: &Table, state: &TableState) {
        if let Some(row) = table.row(state) {
            if let Err(e) = self.store.save_channel(&row).await {
                tracing::warn!("storing channel {}: {e}", table.channel);
            }
        }
    }

    /// Every running session's handle (for shutdown).
    async fn handles(&self) -> Vec<crate::session::SessionHandle<Werewolf>> {
        let tables: Vec<Arc<Table>> = self
            .tables
            .lock()
            .expect("lock")
            .values()
            .cloned()
            .collect();
        let mut out = Vec::new();
        for t in tables {
            if let TableState::Running(r) = &*t.state.lock().await {
                out.push(r.handle.clone());
            }
        }
        out
    }

    /// Starts driving a session for a channel: subscribe, start, spawn the driver.
    pub(super) fn launch(
        self: &Arc<Self>,
        table: Arc<Table>,
        mut runner: crate::session::Runner<Werewolf>,
        data: RunningData,
    ) -> Running {
        let humans = data.humans();
        let sub = runner.subscribe(if humans.is_empty() {
            Viewer::Public
        } else {
            Viewer::Seats(humans)
        });
        let session = runner.start();
        self.sessions
            .lock()
            .expect("lock")
            .insert(data.session_id.clone(), table.channel);
        let running = Running::new(session.handle.clone(), data);
        let bot = self.clone();
        tokio::spawn(super::drive::drive(bot, table, sub));
        tokio::spawn(async move {
            if let Err(e) = session.wait().await {
                tracing::error!("session ended with an error: {e}");
            }
        });
        running
    }

    /// Picks up every stored table (at startup).
    async fn resume_all(self: &Arc<Self>) -> anyhow::Result<()> {
        for row in self.store.channels().await? {
            let table = Arc::new(Table {
                channel: row.channel_id,
                guild: row.guild_id,
                state: tokio::sync::Mutex::new(TableState::Closed),
                message: Default::default(),
            });
            match row.state.as_str() {
                "lobby" => {
                    let lobby: Lobby = serde_json::from_value(row.data.clone())
                        .context("a stored lobby is unreadable")?;
                    table
                        .message
                        .store(lobby.message.unwrap_or(0), Ordering::Relaxed);
                    *table.state.lock().await = TableState::Lobby(lobby);
                    self.tables
                        .lock()
                        .expect("lock")
                        .insert(row.channel_id, table);
                }
                _ => {
                    let data: RunningData = serde_json::from_value(row.data.clone())
                        .context("a stored game is unreadable")?;
                    table
                        .message
                        .store(data.status_message.unwrap_or(0), Ordering::Relaxed);
                    let session = self.store.session(&data.session_id).await?;
                    if session.status != "running" {
                        self.store.delete_channel(row.channel_id).await?;
                        continue;
                    }
                    let runner = match crate::session::resume::<Setup>(
                        self.store.clone(),
                        &session,
                        Duration::ZERO,
                        &self.kit,
                    )
                    .await
                    {
                        Ok(r) => r,
                        Err(e) => {
                            tracing::error!("cannot resume session {}: {e}", session.id);
                            continue;
                        }
                    };
                    self.tables
                        .lock()
                        .expect("lock")
                        .insert(row.channel_id, table.clone());
                    let mut st = table.state.lock().await;
                    let running = self.launch(table.clone(), runner, data);
                    *st = TableState::Running(Box::new(running));
                    tracing::info!(channel = row.channel_id, "resumed a game");
                }
            }
        }
        Ok(())
    }
}

pub(super) fn lobby_components(channel: u64) -> Vec<CreateActionRow> {
    let b = |verb: &str, label: &str, style| {
        CreateButton::new(
            Component::Lobby {
                channel,
                verb: verb.into(),
            }
            .id(),
        )
        .label(label)
        .style(style)
    };
    vec![CreateActionRow::Buttons(vec![
        b("join", "Join", ButtonStyle::Success),
        b("leave", "Leave", ButtonStyle::Secondary),
        b("start", "Start", ButtonStyle::Primary),
    ])]
}

pub(super) fn lobby_embed(l: &Lobby, ai: &str) -> CreateEmbed {
    CreateEmbed::new()
        .title("🐺 Werewolf — a table is open")
        .description(render::lobby(l, ai))
}

pub(super) fn ephemeral(text: impl Into<String>) -> CreateInteractionResponse {
    CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .content(text)
            .ephemeral(true),
    )
}

pub(super) const CLOSED: &str = "That choice has closed.";

pub(super) fn member_manages(c: &ComponentInteraction) -> bool {
    c.member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.contains(Permissions::MANAGE_MESSAGES) || p.administrator())
}

pub(super) fn display_name(user: &serenity::all::User) -> String {
    user.global_name
        .clone()
        .unwrap_or_else(|| user.name.clone())
}

// ---------------------------------------------------------------------------------------
// The process

async fn on_event(
    fw: poise::FrameworkContext<'_, Arc<Bot>, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    let bot = fw.user_data;
    match event {
        FullEvent::InteractionCreate {
            interaction: Interaction::Component(c),
        } => {
            if let Err(e) = on_component(bot, c).await {
                tracing::warn!("a click failed: {e}");
                // Tell the clicker once (this fails too if the click was never acknowledged).
                let _ = c
                    .create_followup(
                        &bot.http,
                        CreateInteractionResponseFollowup::new()
                            .content("Something went wrong with that click: check the game's messages and try again if needed.")
                            .ephemeral(true),
                    )
                    .await;
            }
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

async fn on_error(error: poise::FrameworkError<'_, Arc<Bot>, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::warn!("command /{} failed: {error}", ctx.command().qualified_name);
            let _ = ctx
                .send(
                    poise::CreateReply::default()
                        .content(format!(
                            "Something went wrong: {error}. Nothing was changed; try again."
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

/// Runs the bot until `shutdown` completes (SIGTERM, Ctrl-C) or Discord closes on it.
pub async fn run(
    config: Config,
    settings: BotSettings,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let config = Arc::new(config);
    let ai_names = load_ai_names()?;
    let store = crate::commands::open_store(&settings.database_url, &config).await?;
    let kit = crate::commands::agent_kit(&config, false)?;
    let mut builder = HttpBuilder::new(&settings.token);
    if let Some(proxy) = &settings.proxy {
        builder = builder.proxy(proxy.clone()).ratelimiter_disabled(true);
        tracing::info!("REST calls go to {proxy}");
    }
    let http = builder.build();
    // Check the token once before connecting: a rejected token is one clear line.
    match tokio::time::timeout(Duration::from_secs(15), http.get_current_user()).await {
        Ok(Ok(_)) => {}
        Ok(Err(e)) if api_status(&e) == Some(401) => return Err(BotError::Unauthorized.into()),
        Ok(Err(e)) => tracing::warn!("could not check the token first ({e}); connecting anyway"),
        Err(_) => tracing::warn!("checking the token took over 15 s; connecting anyway"),
    }
    let seed = settings.seed;
    let slot: Arc<OnceLock<Arc<Bot>>> = Arc::new(OnceLock::new());
    let setup_slot = slot.clone();
    let guild = settings.guild;
    let options = poise::FrameworkOptions {
        commands: vec![werewolf(), leaderboard(), stats()],
        event_handler: |fw, event| Box::pin(on_event(fw, event)),
        on_error: |e| Box::pin(on_error(e)),
        allowed_mentions: Some(
            serenity::all::CreateAllowedMentions::new()
                .everyone(false)
                .all_roles(false)
                .all_users(false),
        ),
        ..Default::default()
    };
    let framework = poise::Framework::builder()
        .options(options)
        .initialize_owners(false)
        .setup(move |ctx, ready, fw| {
            Box::pin(async move {
                let registered = match guild {
                    Some(g) => {
                        poise::builtins::register_in_guild(
                            ctx,
                            &fw.options().commands,
                            GuildId::new(g),
                        )
                        .await
                    }
                    None => poise::builtins::register_globally(ctx, &fw.options().commands).await,
                };
                if let Err(e) = registered {
                    tracing::error!("registering the slash commands failed: {e}");
                }
                let bot = Arc::new(Bot {
                    http: ctx.http.clone(),
                    store,
                    config,
                    kit,
                    ai_names,
                    tables: Mutex::new(HashMap::new()),
                    sessions: Mutex::new(HashMap::new()),
                    dm_channels: Mutex::new(HashMap::new()),
                    cooldowns: Mutex::new(HashMap::new()),
                    clicks: Mutex::new(HashMap::new()),
                    me: ready.user.id.get(),
                    seed,
                });
                if let Err(e) = bot.resume_all().await {
                    tracing::error!("resuming stored games failed: {e}");
                }
                let _ = setup_slot.set(bot.clone());
                tracing::info!(user = %ready.user.name, "connected; commands registered");
                eprintln!("agora: connected to Discord as {}", ready.user.name);
                Ok(bot)
            })
        })
        .build();
    let intents = GatewayIntents::GUILDS
        | GatewayIntents::GUILD_MESSAGES
        | GatewayIntents::DIRECT_MESSAGES
        | GatewayIntents::MESSAGE_CONTENT;
    let mut client = serenity::all::ClientBuilder::new_with_http(http, intents)
        .framework(framework)
        .await
        .context("building the Discord client")?;
    let shards = client.shard_manager.clone();
    let stopping = tokio::spawn(async move {
        shutdown.await;
        tracing::info!("shutting down: sessions are saved and resume on the next start");
        if let Some(bot) = slot.get() {
            for h in bot.handles().await {
                h.detach().await;
            }
            bot.store.flush().await;
        }
        shards.shutdown_all().await;
    });
    let result = client.start().await;
    stopping.abort();
    match result {
        Ok(()) => Ok(()),
        Err(serenity::Error::Gateway(serenity::all::GatewayError::InvalidAuthentication)) => {
            Err(BotError::Unauthorized.into())
        }
        Err(e) => Err(anyhow::anyhow!("the Discord connection failed: {e}")),
    }
}

/// `Bot` needs `Send + Sync` to be poise's data.
const _: fn() = || {
    fn check<T: Send + Sync>() {}
    check::<Bot>();
};

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |k| {
            vars.iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn settings_come_from_the_environment_with_clear_errors() {
        let db = || "sqlite://x.db".to_string();
        let e = BotSettings::from_env(&env(&[]), db()).unwrap_err();
        assert!(e.to_string().contains("DISCORD_TOKEN is not set"), "{e}");
        let e = BotSettings::from_env(&env(&[("DISCORD_TOKEN", "  ")]), db()).unwrap_err();
        assert!(matches!(e, BotError::NoToken));
        let e = BotSettings::from_env(&env(&[("DISCORD_TOKEN", "a b")]), db()).unwrap_err();
        assert!(matches!(e, BotError::BadTokenFormat));
        let e = BotSettings::from_env(
            &env(&[("DISCORD_TOKEN", "t.o.k"), ("DISCORD_GUILD_ID", "abc")]),
            db(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("DISCORD_GUILD_ID"), "{e}");
        let e = BotSettings::from_env(
            &env(&[("DISCORD_TOKEN", "t.o.k"), ("DISCORD_PROXY_URL", "ftp://x")]),
            db(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("DISCORD_PROXY_URL"), "{e}");
        let s = BotSettings::from_env(
            &env(&[
                ("DISCORD_TOKEN", "secret.token.value"),
                ("DISCORD_GUILD_ID", "42"),
                ("DISCORD_PROXY_URL", "http://127.0.0.1:9/"),
            ]),
            db(),
        )
        .unwrap();
        assert_eq!(s.guild, Some(42));
        assert_eq!(s.proxy.as_deref(), Some("http://127.0.0.1:9"));
        assert!(
            !format!("{s:?}").contains("secret"),
            "the token is never printed"
        );
    }

    #[test]
    fn ai_names_are_valid_content() {
        let names = load_ai_names().unwrap();
        assert!(names.len() >= SEATS);
        assert!(names.iter().all(|n| !n.contains('@')));
    }
}
