//! The bot process: connects (through `DISCORD_PROXY_URL` when set), registers the slash
//! commands, resumes the stored tables, answers commands, clicks and speeches, and shuts
//! down gracefully (sessions are detached, not ended, and resume on the next start).
//!
//! Every interaction is acknowledged before any database or model work; a stale, foreign
//! or unknown click gets an ephemeral "that choice has closed" and changes nothing.

use super::lobby::{Lobby, LobbyError, TableOptions};
use super::render::{self, Names};
use super::table::{self, Running, RunningData, SeatInfo, Table, TableState};
use super::text::{sanitize, Component};
use crate::agents::Strategy;
use crate::config::Config;
use crate::games::werewolf::{Action, AskKind, Game, WitchSelfSave, WolfChat, SEATS};
use crate::session::werewolf::{self as ww, AgentKit, Place, SeatSpec, Setup};
use crate::session::{SubmitError, Viewer};
use crate::store::{PlayerRef, Store};
use anyhow::Context as _;
use serenity::all::{
    ButtonStyle, ChannelId, ComponentInteraction, ComponentInteractionDataKind, CreateActionRow,
    CreateButton, CreateEmbed, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, EditInteractionResponse, EditMessage,
    FullEvent, GatewayIntents, GuildId, Http, HttpBuilder, Interaction, Message, MessageId,
    Permissions, UserId,
};
use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use thiserror::Error;

type Error = anyhow::Error;
type Ctx<'a> = poise::Context<'a, Arc<Bot>, Error>;

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
    kit: AgentKit,
    ai_names: Vec<String>,
    tables: Mutex<HashMap<u64, Arc<Table>>>,
    sessions: Mutex<HashMap<String, u64>>,
    dm_channels: Mutex<HashMap<u64, ChannelId>>,
    /// When each user last used each command.
    cooldowns: Mutex<HashMap<(u64, &'static str), Instant>>,
    clicks: Mutex<HashMap<u64, Vec<Instant>>>,
    /// The bot's own user (its messages are never speeches).
    me: u64,
    seed: Option<u64>,
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

    fn table(&self, channel: u64) -> Option<Arc<Table>> {
        self.tables.lock().expect("lock").get(&channel).cloned()
    }

    fn table_of_session(&self, session: &str) -> Option<Arc<Table>> {
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
    fn cooldown(&self, user: u64, command: &'static str) -> Result<(), String> {
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
    fn click_allowed(&self, user: u64) -> bool {
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

    async fn save(&self, table: &Table, state: &TableState) {
        if let Some(row) = table.row(state) {
            if let Err(e) = self.store.save_channel(&row).await {
                tracing::warn!("storing channel {}: {e}", table.channel);
            }
        }
    }

    /// Every running session's handle (for shutdown).
    async fn handles(&self) -> Vec<crate::session::SessionHandle<Game>> {
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
    fn launch(
        self: &Arc<Self>,
        table: Arc<Table>,
        mut runner: crate::session::Runner<Game>,
        data: RunningData,
    ) -> Running {
        let humans = data.humans();
        let mask = humans.iter().fold(0u64, |m, s| m | (1u64 << s));
        let sub = runner.subscribe(if mask == 0 {
            Viewer::Public
        } else {
            Viewer::Seats(mask)
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
                    let runner =
                        match ww::resume(self.store.clone(), &session, Duration::ZERO, &self.kit)
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

fn lobby_components(channel: u64) -> Vec<CreateActionRow> {
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

fn lobby_embed(l: &Lobby, ai: &str) -> CreateEmbed {
    CreateEmbed::new()
        .title("🐺 Werewolf — a table is open")
        .description(render::lobby(l, ai))
}

fn ephemeral(text: impl Into<String>) -> CreateInteractionResponse {
    CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .content(text)
            .ephemeral(true),
    )
}

const CLOSED: &str = "That choice has closed.";

fn member_manages(c: &ComponentInteraction) -> bool {
    c.member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.contains(Permissions::MANAGE_MESSAGES) || p.administrator())
}

fn display_name(user: &serenity::all::User) -> String {
    user.global_name
        .clone()
        .unwrap_or_else(|| user.name.clone())
}

// ---------------------------------------------------------------------------------------
// Slash commands

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum WitchSelfSaveChoice {
    #[name = "always"]
    Always,
    #[name = "first night only"]
    FirstNight,
    #[name = "never"]
    Never,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum WolfChatChoice {
    #[name = "targets only (strict)"]
    TargetsOnly,
    #[name = "open (human wolves chat in DMs)"]
    Open,
}

/// Werewolf: nine seats, night actions by DM, AI players in the empty seats.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("start", "stop", "status"),
    subcommand_required
)]
pub async fn werewolf(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

async fn refuse(ctx: Ctx<'_>, text: impl Into<String>) -> Result<(), Error> {
    ctx.send(
        poise::CreateReply::default()
            .content(text.into())
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

fn ctx_manages(ctx: Ctx<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.contains(Permissions::MANAGE_MESSAGES) || p.administrator()),
        _ => false,
    }
}

/// Opens a werewolf lobby in this channel.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
pub async fn start(
    ctx: Ctx<'_>,
    #[description = "Fill the empty seats with AI players (default: on)"] ai_fill: Option<bool>,
    #[description = "Scale every timer: 0.5 is twice as fast, 2 twice as slow (default 1)"]
    pace: Option<f64>,
    #[description = "When may the witch save herself?"] witch_self_save: Option<
        WitchSelfSaveChoice,
    >,
    #[description = "May a poisoned hunter still shoot?"] hunter_shoots_when_poisoned: Option<bool>,
    #[description = "Start each day's speeches after the previous day's first speaker"]
    rotate_first_speaker: Option<bool>,
    #[description = "What human wolves may say to each other at night"] wolf_chat: Option<
        WolfChatChoice,
    >,
    #[description = "The game is a draw at the end of this day (1-30)"] max_days: Option<u32>,
) -> Result<(), Error> {
    let bot = ctx.data().clone();
    let user = ctx.author().id.get();
    if let Err(e) = bot.cooldown(user, "start") {
        return refuse(ctx, e).await;
    }
    let options = TableOptions {
        ai_fill: ai_fill.unwrap_or(true),
        pace,
        witch_self_save: witch_self_save.map(|w| match w {
            WitchSelfSaveChoice::Always => WitchSelfSave::Always,
            WitchSelfSaveChoice::FirstNight => WitchSelfSave::FirstNight,
            WitchSelfSaveChoice::Never => WitchSelfSave::Never,
        }),
        hunter_shoots_when_poisoned,
        rotate_first_speaker,
        wolf_chat: wolf_chat.map(|w| match w {
            WolfChatChoice::TargetsOnly => WolfChat::TargetsOnly,
            WolfChatChoice::Open => WolfChat::Open,
        }),
        max_days,
    };
    if let Err(e) = options.validate() {
        return refuse(ctx, format!("Not started: {e}.")).await;
    }
    let channel = ctx.channel_id().get();
    let guild = ctx.guild_id().map(|g| g.get()).unwrap_or(0);
    let name = sanitize(&display_name(ctx.author()), 40);
    let lobby = Lobby::open(user, &name, guild, options);
    let table = Arc::new(Table {
        channel,
        guild,
        state: tokio::sync::Mutex::new(TableState::Lobby(lobby.clone())),
        message: Default::default(),
    });
    let busy = {
        let mut tables = bot.tables.lock().expect("lock");
        match tables.get(&channel) {
            Some(existing) => Some(existing_link(existing)),
            None => {
                tables.insert(channel, table.clone());
                None
            }
        }
    };
    if let Some(link) = busy {
        return refuse(
            ctx,
            format!("A game is already open in this channel (one per channel): {link}"),
        )
        .await;
    }
    let opened = async {
        ctx.defer().await?;
        if let Some(row) = table.row(&*table.state.lock().await) {
            bot.store.save_channel(&row).await?;
        }
        // The host is told about closed DMs before the lobby shows, so nobody can start
        // the game in between (the channel reads the same every time).
        welcome_dm(&bot, &table, user, None).await;
        ctx.send(
            poise::CreateReply::default()
                .embed(lobby_embed(&lobby, "🤖"))
                .components(lobby_components(channel)),
        )
        .await
        .map_err(Error::from)
    }
    .await;
    let reply = match opened {
        Ok(r) => r,
        Err(e) => {
            bot.forget(channel, "").await;
            return Err(e);
        }
    };
    if let Ok(m) = reply.message().await {
        table.message.store(m.id.get(), Ordering::Relaxed);
        let mut st = table.state.lock().await;
        if let TableState::Lobby(l) = &mut *st {
            l.message = Some(m.id.get());
        }
        bot.save(&table, &st).await;
    }
    Ok(())
}

fn existing_link(t: &Table) -> String {
    match Some(t.message.load(Ordering::Relaxed)).filter(|m| *m != 0) {
        Some(m) => format!(
            "https://discord.com/channels/{}/{}/{}",
            t.guild, t.channel, m
        ),
        None => format!("<#{}>", t.channel),
    }
}

/// DMs a player who joined; if their DMs are closed, marks it and tells them (ephemeral,
/// when there is an interaction to answer) how they will play instead.
async fn welcome_dm(
    bot: &Arc<Bot>,
    table: &Arc<Table>,
    user: u64,
    c: Option<&ComponentInteraction>,
) {
    // Only a player still seated is told so (a quick Leave may have come first).
    let seated = match &*table.state.lock().await {
        TableState::Lobby(l) => l.seat_of(user).is_some(),
        _ => false,
    };
    if !seated {
        return;
    }
    let text = format!(
        "👋 You have a seat at the werewolf table in <#{}>. Your role and your night actions will come here.",
        table.channel
    );
    match bot.dm(user, CreateMessage::new().content(text)).await {
        Ok(_) => {}
        Err(e) if dm_refused(&e) => {
            {
                let mut st = table.state.lock().await;
                if let TableState::Lobby(l) = &mut *st {
                    if let Some(i) = l.seat_of(user) {
                        l.seats[i].dm_closed = true;
                    }
                }
                bot.save(table, &st).await;
            }
            let note = format!(
                "📪 I can't send you DMs (they are closed for this server). You can still play: press the **{}** button I post in the channel for you each night (and when you die); only you will see what it shows. (Or allow DMs from server members and I will use them.)",
                super::private::PANEL_LABEL
            );
            if let Some(c) = c {
                let _ = c
                    .create_followup(
                        &bot.http,
                        CreateInteractionResponseFollowup::new()
                            .content(note)
                            .ephemeral(true),
                    )
                    .await;
            } else {
                bot.post(
                    ChannelId::new(table.channel),
                    CreateMessage::new()
                        .content(format!("<@{user}>: {note}"))
                        .allowed_mentions(
                            serenity::all::CreateAllowedMentions::new().users([UserId::new(user)]),
                        ),
                )
                .await;
            }
        }
        Err(e) => tracing::warn!("welcome DM failed: {e}"),
    }
}

/// Ends the game or lobby in this channel (the host or a moderator).
#[poise::command(slash_command, guild_only)]
pub async fn stop(ctx: Ctx<'_>) -> Result<(), Error> {
    let bot = ctx.data().clone();
    let user = ctx.author().id.get();
    if let Err(e) = bot.cooldown(user, "stop") {
        return refuse(ctx, e).await;
    }
    let channel = ctx.channel_id().get();
    let Some(table) = bot.table(channel) else {
        return refuse(ctx, "There is no game in this channel.").await;
    };
    let manages = ctx_manages(ctx);
    let host = match &*table.state.lock().await {
        TableState::Lobby(l) => l.host,
        TableState::Running(r) => r.data.host,
        TableState::Closed => return refuse(ctx, "There is no game in this channel.").await,
        TableState::Starting => {
            return refuse(ctx, "The game is starting; try again in a moment.").await
        }
    };
    if user != host && !manages {
        return refuse(
            ctx,
            "Only the host or a moderator (Manage Messages) can stop this game.",
        )
        .await;
    }
    ctx.defer().await?;
    let handle = {
        let mut st = table.state.lock().await;
        match &*st {
            TableState::Lobby(_) => {
                *st = TableState::Closed;
                None
            }
            TableState::Running(r) => Some(r.handle.clone()),
            TableState::Closed | TableState::Starting => None,
        }
    };
    match handle {
        Some(h) if h.is_closed() => {
            // Its task is gone (it failed): end it in the store and free the channel.
            let id = h.id().to_string();
            bot.store.set_status(&id, "abandoned").await?;
            *table.state.lock().await = TableState::Closed;
            bot.forget(channel, &id).await;
            ctx.say(format!(
                "🛑 <@{user}> stopped the game (recorded as abandoned)."
            ))
            .await?;
        }
        Some(h) => {
            h.abandon().await;
            ctx.say(format!("🛑 <@{user}> stopped the game.")).await?;
        }
        None => {
            bot.forget(channel, "").await;
            ctx.say("🛑 The lobby is closed.").await?;
        }
    }
    Ok(())
}

/// Shows the phase, the living seats and whose turn it is.
#[poise::command(slash_command, guild_only)]
pub async fn status(ctx: Ctx<'_>) -> Result<(), Error> {
    let bot = ctx.data().clone();
    if let Err(e) = bot.cooldown(ctx.author().id.get(), "status") {
        return refuse(ctx, e).await;
    }
    let Some(table) = bot.table(ctx.channel_id().get()) else {
        return refuse(
            ctx,
            "There is no game in this channel. Open one with /werewolf start.",
        )
        .await;
    };
    let text = match &*table.state.lock().await {
        TableState::Lobby(l) => format!(
            "**Lobby** — {} of {SEATS} seats taken.\n{}",
            l.seats.len(),
            render::lobby(l, "🤖")
        ),
        TableState::Running(r) => format!(
            "{}\nNow: {}.",
            render::status(&r.names, r.alive, &r.phase),
            r.turn()
        ),
        TableState::Starting => "The game is starting.".into(),
        TableState::Closed => "The game here has just ended.".into(),
    };
    refuse(ctx, text).await
}

/// Leaderboards of this server.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("lb_werewolf"),
    subcommand_required
)]
pub async fn leaderboard(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// The werewolf ranking of this server (mean GPP).
#[poise::command(slash_command, guild_only, rename = "werewolf")]
pub async fn lb_werewolf(ctx: Ctx<'_>) -> Result<(), Error> {
    let bot = ctx.data().clone();
    if let Err(e) = bot.cooldown(ctx.author().id.get(), "leaderboard") {
        return refuse(ctx, e).await;
    }
    ctx.defer().await?;
    let guild = ctx
        .guild_id()
        .map(|g| g.get().to_string())
        .unwrap_or_default();
    let results = bot.store.results("werewolf", Some(&guild)).await?;
    let board = crate::stats::people_and_ai(
        "werewolf",
        Some(&guild),
        bot.config.stats.min_games,
        &results,
    );
    let people = &board.people;
    let mut lines = Vec::new();
    for p in people.players.iter().filter(|p| p.rank.is_some()).take(15) {
        lines.push(format!(
            "**{}.** {} — {:.1} GPP mean, {} games, {:.0}% wins",
            p.rank.unwrap_or(0),
            sanitize(&p.name, 40),
            p.mean_gpp,
            p.games,
            p.win_rate * 100.0
        ));
    }
    let unranked = people.players.iter().filter(|p| p.rank.is_none()).count();
    if lines.is_empty() {
        lines.push(format!(
            "Nobody is ranked yet: a player needs {} finished games.",
            people.min_games
        ));
    }
    if unranked > 0 {
        lines.push(format!(
            "\n{unranked} more player(s) with fewer than {} games.",
            people.min_games
        ));
    }
    if !board.ai.is_empty() {
        lines.push("\n**AI players** (not ranked; each seat played counts as a game):".into());
        for p in board.ai.iter().take(10) {
            lines.push(format!(
                "🤖 {} — {:.1} GPP mean, {} seats, {:.0}% wins",
                sanitize(&p.name, 60),
                p.mean_gpp,
                p.games,
                p.win_rate * 100.0
            ));
        }
    }
    ctx.send(
        poise::CreateReply::default()
            .embed(
                CreateEmbed::new()
                    .title("🏆 Werewolf leaderboard")
                    .description(lines.join("\n")),
            )
            .allowed_mentions(serenity::all::CreateAllowedMentions::new()),
    )
    .await?;
    Ok(())
}

/// A player's werewolf record on this server.
#[poise::command(slash_command, guild_only)]
pub async fn stats(
    ctx: Ctx<'_>,
    #[description = "Whose record (default: yours)"] user: Option<serenity::all::User>,
) -> Result<(), Error> {
    let bot = ctx.data().clone();
    if let Err(e) = bot.cooldown(ctx.author().id.get(), "stats") {
        return refuse(ctx, e).await;
    }
    ctx.defer().await?;
    let who = user.as_ref().unwrap_or(ctx.author());
    let guild = ctx
        .guild_id()
        .map(|g| g.get().to_string())
        .unwrap_or_default();
    let id = format!("discord:{}", who.id.get());
    let results: Vec<_> = bot
        .store
        .results("werewolf", Some(&guild))
        .await?
        .into_iter()
        .filter(|r| r.player == id)
        .collect();
    let board = crate::stats::leaderboard("werewolf", Some(&guild), 0, &results);
    let text = match board.players.first() {
        None => format!(
            "<@{}> has no finished werewolf games here yet.",
            who.id.get()
        ),
        Some(p) => {
            let mut s = format!(
                "<@{}>: {} games, {} wins ({:.0}%), mean GPP {:.1} (total {}).",
                who.id.get(),
                p.games,
                p.wins,
                p.win_rate * 100.0,
                p.mean_gpp,
                p.total_gpp
            );
            for (role, r) in &p.roles {
                s.push_str(&format!(
                    "\n• {role}: {} games, {} wins, mean GPP {:.1}",
                    r.games, r.wins, r.mean_gpp
                ));
            }
            s
        }
    };
    ctx.send(
        poise::CreateReply::default()
            .content(text)
            .allowed_mentions(serenity::all::CreateAllowedMentions::new()),
    )
    .await?;
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Clicks

/// Clicks that do work of their own (lobby changes, night panel views) are rate limited
/// per user; a click that answers the clicker's open ask is not, since the game bounds
/// those (an answered ask closes), and a stale or foreign one changes nothing.
async fn on_component(bot: &Arc<Bot>, c: &ComponentInteraction) -> Result<(), Error> {
    match Component::parse(&c.data.custom_id) {
        Some(Component::Lobby { channel, verb }) => {
            if !click_allowed(bot, c).await? {
                return Ok(());
            }
            on_lobby(bot, c, channel, &verb).await
        }
        Some(Component::Ask {
            session,
            seat,
            seq,
            verb,
        }) => on_ask(bot, c, &session, seat, seq, &verb).await,
        Some(Component::Board { session, key }) => on_board(bot, c, &session, key).await,
        None => {
            c.create_response(&bot.http, ephemeral(CLOSED)).await?;
            Ok(())
        }
    }
}

/// Whether this user may click now; if not, they are told to slow down.
async fn click_allowed(bot: &Arc<Bot>, c: &ComponentInteraction) -> Result<bool, Error> {
    if bot.click_allowed(c.user.id.get()) {
        return Ok(true);
    }
    c.create_response(
        &bot.http,
        ephemeral("Slow down: too many clicks. Try again in a few seconds."),
    )
    .await?;
    Ok(false)
}

async fn on_lobby(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    channel: u64,
    verb: &str,
) -> Result<(), Error> {
    let user = c.user.id.get();
    let table = bot.table(channel).filter(|_| c.channel_id.get() == channel);
    let Some(table) = table else {
        c.create_response(&bot.http, ephemeral(CLOSED)).await?;
        return Ok(());
    };
    let mut st = table.state.lock().await;
    let TableState::Lobby(lobby) = &mut *st else {
        drop(st);
        c.create_response(&bot.http, ephemeral(CLOSED)).await?;
        return Ok(());
    };
    let mut next = lobby.clone();
    let result = match verb {
        "join" => next.join(user, &sanitize(&display_name(&c.user), 40)),
        "leave" => next.leave(user),
        "start" => next.check_start(user, member_manages(c)),
        _ => Err(LobbyError::BadOption(CLOSED.into())),
    };
    if let Err(e) = result {
        drop(st);
        let text = e.to_string();
        let mut t = text.chars();
        let mut text = match t.next() {
            Some(f) => f.to_uppercase().collect::<String>() + t.as_str(),
            None => text,
        };
        if !text.ends_with('.') {
            text.push('.');
        }
        c.create_response(&bot.http, ephemeral(text)).await?;
        return Ok(());
    }
    // Acknowledge first; the store and DMs come after.
    c.create_response(&bot.http, CreateInteractionResponse::Acknowledge)
        .await?;
    if verb == "start" {
        *st = TableState::Starting;
        drop(st);
        return start_game(bot, &table, c, next).await;
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
            .components(lobby_components(channel)),
    )
    .await?;
    drop(st);
    if verb == "join" {
        welcome_dm(bot, &table, user, Some(c)).await;
    }
    Ok(())
}

async fn start_game(
    bot: &Arc<Bot>,
    table: &Arc<Table>,
    c: &ComponentInteraction,
    lobby: Lobby,
) -> Result<(), Error> {
    let config = &bot.config;
    let rules_all = lobby.options.rules(&config.werewolf);
    let mut rules = rules_all.clone();
    let gpp = std::mem::take(&mut rules.gpp);
    let mut timers = config.timers.clone();
    if let Some(p) = lobby.options.pace {
        timers.pace = p;
    }
    let seed = bot
        .seed
        .unwrap_or_else(|| crate::store::now_ms() as u64 ^ (table.channel << 7));
    // The humans sit where the seed puts them; the other seats are AI players.
    let placed = super::lobby::human_seats(lobby.seats.len(), seed);
    let mut seats = Vec::with_capacity(SEATS);
    let mut infos = Vec::with_capacity(SEATS);
    let mut ai = 0;
    for i in 0..SEATS {
        let human = placed
            .iter()
            .position(|s| *s as usize == i + 1)
            .and_then(|k| lobby.seats.get(k));
        match human {
            Some(p) => {
                let player = PlayerRef {
                    id: format!("discord:{}", p.user),
                    surface: "discord".into(),
                    name: p.name.clone(),
                    is_ai: false,
                };
                seats.push(SeatSpec::human(&player));
                infos.push(SeatInfo {
                    user: Some(p.user),
                    name: p.name.clone(),
                    dm_closed: p.dm_closed,
                });
            }
            None => {
                let spec = match &bot.kit.llm {
                    Some((client, _)) => SeatSpec::llm(&client.provider().model),
                    None => SeatSpec::ai(Strategy::Heuristic),
                };
                let name = bot.ai_names[(ai + lobby.host as usize) % bot.ai_names.len()].clone();
                ai += 1;
                seats.push(spec);
                infos.push(SeatInfo {
                    user: None,
                    name: format!("🤖 {name} (AI)"),
                    dm_closed: false,
                });
            }
        }
    }
    let timers_pace = timers.pace;
    let setup = Setup {
        rules,
        gpp,
        timers,
        seats,
    };
    let place = Place {
        surface: "discord".into(),
        community: table.guild.to_string(),
        channel: table.channel.to_string(),
    };
    let runner = match setup
        .create(bot.store.clone(), seed, &place, Duration::ZERO, &bot.kit)
        .await
    {
        Ok(r) => r,
        Err(e) => {
            *table.state.lock().await = TableState::Lobby(lobby);
            let _ = c
                .create_followup(
                    &bot.http,
                    CreateInteractionResponseFollowup::new()
                        .content(format!("The game could not start: {e}. Try again."))
                        .ephemeral(true),
                )
                .await;
            return Ok(());
        }
    };
    let data = RunningData {
        session_id: runner.id().to_string(),
        host: lobby.host,
        seats: infos,
        status_message: None,
        wolf_chat_open: rules_all.wolf_chat == WolfChat::Open,
        posted: Some(0),
        asks: Vec::new(),
        board: None,
        pace: timers_pace,
    };
    let names = Names::new(data.seats.iter().map(|s| s.name.clone()).collect());
    let mut st = table.state.lock().await;
    let running = bot.launch(table.clone(), runner, data);
    *st = TableState::Running(Box::new(running));
    bot.save(table, &st).await;
    drop(st);
    let seated: Vec<String> = (1..=SEATS as u8).map(|s| names.seat(s)).collect();
    let _ = c
        .edit_response(
            &bot.http,
            EditInteractionResponse::new()
                .embed(
                    CreateEmbed::new()
                        .title("🐺 Werewolf — the game has started")
                        .description(format!(
                            "{}\n\nRoles and night actions come by DM. By day, the current speaker's next message here is their speech.",
                            seated.join("\n")
                        )),
                )
                .components(vec![]),
        )
        .await;
    Ok(())
}

/// Checks a click on an ask's control: the table, the clicker's seat, the open ask.
async fn find_ask(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    session: &str,
    seat: u8,
    seq: u32,
) -> Option<(Arc<Table>, table::OpenAsk)> {
    let table = bot.table_of_session(session)?;
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
        Some(o) if o.seq == seq || seq == 0 => Some((table, o)),
        None if seq == 0 => Some((
            table,
            table::OpenAsk {
                gen: 0,
                seq: 0,
                ask: crate::games::werewolf::Ask {
                    seat,
                    kind: AskKind::Speech,
                    targets: Default::default(),
                    attacked: None,
                    can_save: false,
                    max_chars: 0,
                    seq: 0,
                },
                due_at: 0,
            },
        )),
        _ => None,
    }
}

async fn on_ask(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    session: &str,
    seat: u8,
    seq: u32,
    verb: &str,
) -> Result<(), Error> {
    // Only the closed-DM button carries sequence 0 (the seat's news, whatever is open).
    let found = if seq == 0 && verb != "open" {
        None
    } else {
        find_ask(bot, c, session, seat, seq).await
    };
    let Some((table, open)) = found else {
        c.create_response(&bot.http, ephemeral(CLOSED)).await?;
        return Ok(());
    };
    if verb == "open" {
        if !click_allowed(bot, c).await? {
            return Ok(());
        }
        // The night panel (closed DMs): the seat's news and open night ask, shown to the
        // clicker only.
        let (text, comps) = {
            let mut st = table.state.lock().await;
            let TableState::Running(r) = &mut *st else {
                drop(st);
                c.create_response(&bot.http, ephemeral(CLOSED)).await?;
                return Ok(());
            };
            super::private::panel_view(r, seat)
        };
        c.create_response(
            &bot.http,
            CreateInteractionResponse::Message(
                CreateInteractionResponseMessage::new()
                    .content(text)
                    .components(comps.0)
                    .ephemeral(true),
            ),
        )
        .await?;
        // Follow-ups need the answer first: only now may later news follow this press.
        super::private::panel_answered(bot, &table, seat, &c.token, comps.1).await;
        return Ok(());
    }
    answer_click(bot, c, &table, seat, open, verb, false).await
}

/// Reads a checked click as the open ask's action: a bad choice is refused at once;
/// otherwise the click is acknowledged, then submitted (stored, then applied), and the
/// clicker is told how it went.
async fn answer_click(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    table: &Arc<Table>,
    seat: u8,
    open: table::OpenAsk,
    verb: &str,
    board: bool,
) -> Result<(), Error> {
    let value = match &c.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    };
    let action = match table::action_for(&open.ask, verb, value.as_deref()) {
        Ok(a) => a,
        Err(e) => {
            c.create_response(&bot.http, ephemeral(format!("Not taken: {e}.")))
                .await?;
            return Ok(());
        }
    };
    c.create_response(&bot.http, CreateInteractionResponse::Acknowledge)
        .await?;
    let seq = open.seq;
    let (handle, names) = {
        let st = table.state.lock().await;
        let TableState::Running(r) = &*st else {
            return followup(bot, c, CLOSED).await;
        };
        (r.handle.clone(), r.names.clone())
    };
    let what = table::chosen(&action, &names);
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
                table::refresh_board(bot, table, ChannelId::new(table.channel)).await;
                followup(bot, c, &format!("✅ Done: {what}.")).await
            } else {
                // The news above the controls stays; the ask's line becomes the choice.
                let done = format!("✅ Done: {what}.");
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
        Err(SubmitError::Stale) | Err(SubmitError::Closed) => followup(bot, c, CLOSED).await,
        Err(e) => followup(bot, c, &format!("Not taken: {e}.")).await,
    }
}

async fn followup(bot: &Arc<Bot>, c: &ComponentInteraction, text: &str) -> Result<(), Error> {
    c.create_followup(
        &bot.http,
        CreateInteractionResponseFollowup::new()
            .content(text)
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

async fn on_board(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    session: &str,
    key: u32,
) -> Result<(), Error> {
    let found = match bot.table_of_session(session) {
        Some(table) => {
            let st = table.state.lock().await;
            match &*st {
                TableState::Running(r) => {
                    let seat = r.data.seat_of(c.user.id.get());
                    let open = seat.and_then(|s| r.open.get(&s).copied().map(|o| (s, o)));
                    match (&r.board, open) {
                        (Some(b), Some((s, o)))
                            if b.key == key
                                && b.kind == o.ask.kind
                                && matches!(o.ask.kind, AskKind::Vote | AskKind::PkVote) =>
                        {
                            Some((table.clone(), s, o))
                        }
                        _ => None,
                    }
                }
                _ => None,
            }
        }
        None => None,
    };
    let Some((table, seat, open)) = found else {
        c.create_response(&bot.http, ephemeral(CLOSED)).await?;
        return Ok(());
    };
    answer_click(bot, c, &table, seat, open, "vote", true).await
}

// ---------------------------------------------------------------------------------------
// Messages: speeches, and wolf chat in DMs

async fn on_message(bot: &Arc<Bot>, m: &Message) -> Result<(), Error> {
    if m.author.bot || m.author.id.get() == bot.me {
        return Ok(());
    }
    let user = m.author.id.get();
    // A game's channel is known by its table (not by the payload's guild id); any other
    // message without a guild is a DM.
    let Some(table) = bot.table(m.channel_id.get()) else {
        if m.guild_id.is_none() {
            return wolf_chat(bot, m).await;
        }
        return Ok(());
    };
    let (handle, seat, seq, gen, max, delete) = {
        let st = table.state.lock().await;
        let TableState::Running(r) = &*st else {
            return Ok(());
        };
        let delete = bot.config.discord.off_turn_messages == "delete";
        match r.speaker {
            Some((seat, seq)) if r.data.user(seat) == Some(user) => (
                r.handle.clone(),
                seat,
                seq,
                r.open.get(&seat).map(|o| o.gen).unwrap_or(0),
                r.open.get(&seat).map(|o| o.ask.max_chars).unwrap_or(300),
                false,
            ),
            _ => {
                drop(st);
                if delete {
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
        bot.post(
            m.channel_id,
            CreateMessage::new()
                .content(format!(
                    "<@{user}>: that speech is {len} characters; at most {max} are allowed. Send a shorter one (your turn is still open)."
                ))
                .allowed_mentions(
                    serenity::all::CreateAllowedMentions::new().users([m.author.id]),
                ),
        )
        .await;
        return Ok(());
    }
    match handle.submit(seat, Action::Speak { text }, Some(seq)).await {
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
            bot.post(
                m.channel_id,
                CreateMessage::new()
                    .content(format!("<@{user}>: not taken: {e}."))
                    .allowed_mentions(
                        serenity::all::CreateAllowedMentions::new().users([m.author.id]),
                    ),
            )
            .await;
        }
    }
    Ok(())
}

/// `wolf_chat = open`: a human wolf's DM at night goes to the other living human wolves.
async fn wolf_chat(bot: &Arc<Bot>, m: &Message) -> Result<(), Error> {
    let user = m.author.id.get();
    let tables: Vec<Arc<Table>> = bot.tables.lock().expect("lock").values().cloned().collect();
    for table in tables {
        let targets = {
            let st = table.state.lock().await;
            let TableState::Running(r) = &*st else {
                continue;
            };
            let Some(seat) = r.data.seat_of(user) else {
                continue;
            };
            if !r.data.wolf_chat_open || !r.phase.starts_with("Night") || !r.alive.contains(seat) {
                continue;
            }
            let Some(pack) = r.wolves_of(seat) else {
                continue;
            };
            let others: Vec<u64> = pack
                .iter()
                .filter(|s| *s != seat && r.alive.contains(*s))
                .filter_map(|s| r.data.user(s))
                .collect();
            (r.names.seat(seat), others)
        };
        let (from, others) = targets;
        let text = format!("🐺 {from}: {}", sanitize(&m.content, 300));
        for u in others {
            let _ = bot.dm(u, CreateMessage::new().content(text.clone())).await;
        }
        return Ok(());
    }
    Ok(())
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
