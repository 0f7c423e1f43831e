//! Start-up and shutdown: the bot's settings from the environment ([`BotSettings`], with
//! one clear line per mistake), the AI players' names, building the HTTP client (through
//! `DISCORD_PROXY_URL` when set) and the poise framework (commands, event handler, error
//! handler, cooldowns), registering the slash commands, resuming the stored tables, and the
//! graceful stop: on the shutdown signal every running session is detached (not ended: it
//! resumes on the next start), the store is flushed and the shards close.

use super::cluster::Cluster;
pub use super::cluster::ShardPlan;
use super::commands;
use super::events::{on_error, on_event};
use super::resume::resume_all;
use super::send::api_status;
use super::types::Bot;
use agora_agents::config::Config;
use anyhow::Context as _;
use serenity::all::{GatewayIntents, GuildId, HttpBuilder};
use std::future::Future;
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use thiserror::Error;

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
    /// The community page's address (`AGORA_WEB_URL`), linked from `/leaderboard`.
    pub web_url: Option<String>,
    /// The Discord shards this process runs (`--shards` / `AGORA_SHARDS`; 0-0/1).
    pub shards: ShardPlan,
    /// Where `/healthz` and `/metrics` are served (`AGORA_HTTP_LISTEN`), if anywhere.
    pub http_listen: Option<String>,
}

impl std::fmt::Debug for BotSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotSettings")
            .field("token", &"***")
            .field("guild", &self.guild)
            .field("proxy", &self.proxy)
            .field("shards", &self.shards)
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
    #[error("AGORA_WEB_URL {0:?} must start with http:// or https://")]
    BadWebUrl(String),
    #[error("AGORA_HTTP_LISTEN {0:?} must be HOST:PORT (say 127.0.0.1:9100)")]
    BadListen(String),
    #[error("--shards / AGORA_SHARDS {0:?} must be FIRST-LAST/TOTAL with FIRST ≤ LAST < TOTAL (say 0-2/6: shards 0, 1 and 2 of 6)")]
    BadShards(String),
    #[error("--shards {0}: with SQLite one process runs every shard (0-{1}/{2}); to share the shards among processes, use PostgreSQL")]
    ShardsNeedPostgres(String, u32, u32),
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
        let web_url = match env("AGORA_WEB_URL").filter(|u| !u.trim().is_empty()) {
            Some(u) if u.starts_with("http://") || u.starts_with("https://") => {
                Some(u.trim().trim_end_matches('/').to_string())
            }
            Some(u) => return Err(BotError::BadWebUrl(u)),
            None => None,
        };
        let shards = match env("AGORA_SHARDS").filter(|v| !v.trim().is_empty()) {
            Some(v) => ShardPlan::parse(&v).ok_or(BotError::BadShards(v))?,
            None => ShardPlan::default(),
        };
        if database_url.starts_with("sqlite:") && !shards.is_all() {
            return Err(BotError::ShardsNeedPostgres(
                shards.to_string(),
                shards.total - 1,
                shards.total,
            ));
        }
        let http_listen = match env("AGORA_HTTP_LISTEN").filter(|v| !v.trim().is_empty()) {
            Some(v) if v.trim().parse::<std::net::SocketAddr>().is_ok() => Some(v.trim().into()),
            Some(v) => return Err(BotError::BadListen(v)),
            None => None,
        };
        Ok(BotSettings {
            token,
            guild,
            proxy,
            database_url,
            seed,
            web_url,
            shards,
            http_listen,
        })
    }
}

/// Loads the AI players' names (`content/discord/ai-names.txt`, else the built-in copy).
pub fn load_ai_names() -> anyhow::Result<Vec<String>> {
    const BUILT_IN: &str = include_str!("../../../content/discord/ai-names.txt");
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
    let needed = commands::ai_names_needed();
    if names.len() < needed {
        anyhow::bail!("{name}: needs at least {needed} names, has {}", names.len());
    }
    if let Some(bad) = names
        .iter()
        .find(|n| n.chars().count() > 24 || n.contains('@'))
    {
        anyhow::bail!("{name}: the name {bad:?} is too long (24 characters) or has an @");
    }
    Ok(names)
}

/// Runs the bot until `shutdown` completes (SIGTERM, Ctrl-C) or Discord closes on it.
pub async fn run(
    config: Config,
    settings: BotSettings,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let config = Arc::new(config);
    let ai_names = load_ai_names()?;
    // SQLite serves one process: a second `agora run` on the file is refused here.
    let _run_lock = agora_core::store::RunLock::take(&settings.database_url)?;
    let store = agora_core::registry::open_store(&settings.database_url, &config).await?;
    let store_for_keeper = store.clone();
    let kits = agora_core::registry::dispatch::open_kits(&config, false)?;
    let cluster = Arc::new(Cluster::new(settings.shards));
    let slot: Arc<OnceLock<Arc<Bot>>> = Arc::new(OnceLock::new());
    let manager: Arc<OnceLock<Arc<serenity::all::ShardManager>>> = Arc::new(OnceLock::new());
    let mut builder = HttpBuilder::new(&settings.token);
    if let Some(proxy) = &settings.proxy {
        // A shared proxy keeps Discord's limits for every process: none kept here.
        builder = builder.ratelimiter_disabled(true);
        tracing::info!("REST calls go to {proxy}");
    }
    let mut rest_base = settings.proxy.clone();
    if let Some(listen) = &settings.http_listen {
        super::ops::serve(listen, store.clone(), manager.clone(), slot.clone()).await?;
        // With metrics on, calls to a proxy go through the meter, which counts them.
        // serenity's own limiter sends straight to Discord (it ignores `proxy`), so
        // without a proxy there is nothing to meter.
        if let Some(proxy) = &settings.proxy {
            rest_base = Some(super::rest_meter::start(proxy).await?);
        } else {
            tracing::info!("REST calls are counted in /metrics only through DISCORD_PROXY_URL");
        }
    }
    if let Some(base) = rest_base {
        builder = builder.proxy(base);
    }
    let http = builder.build();
    // Check the token once before connecting: a rejected token is one clear line.
    match tokio::time::timeout(Duration::from_secs(15), http.get_current_user()).await {
        Ok(Ok(_)) => {}
        Ok(Err(e)) if api_status(&e) == Some(401) => return Err(BotError::Unauthorized.into()),
        Ok(Err(e)) => tracing::warn!("could not check the token first ({e}); connecting anyway"),
        Err(_) => tracing::warn!("checking the token took over 15 s; connecting anyway"),
    }
    // The shutdown signal, heard by the wait for a first shard and by the graceful stop.
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        shutdown.await;
        let _ = stop_tx.send(true);
    });
    let Some(first) = cluster.first_shard(&store, stop_rx.clone()).await? else {
        return Ok(());
    };
    let seed = settings.seed;
    let web_url = settings.web_url.clone();
    let setup_cluster = cluster.clone();
    let setup_slot = slot.clone();
    let guild = settings.guild;
    let options = poise::FrameworkOptions {
        commands: commands::all(config.discord.command_cooldown_secs),
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
                let mut bot = Bot::new(
                    ctx.http.clone(),
                    store,
                    config,
                    kits,
                    ai_names,
                    ready.user.id.get(),
                    seed,
                );
                bot.web_url = web_url.clone();
                bot.cluster = setup_cluster.clone();
                let bot = Arc::new(bot);
                if let Err(e) = resume_all(&bot).await {
                    tracing::error!("resuming stored games failed: {e}");
                }
                // Events other processes received for tables driven here.
                tokio::spawn(super::inbox_listener::run(bot.clone()));
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
    let _ = manager.set(shards.clone());
    let keeper = tokio::spawn(super::keeper::keep(
        cluster.clone(),
        store_for_keeper,
        shards.clone(),
        first,
        slot.clone(),
    ));
    let total = cluster.plan.total;
    let mut stop = stop_rx;
    let stopping = tokio::spawn(async move {
        let _ = stop.wait_for(|s| *s).await;
        tracing::info!("shutting down: sessions are saved and resume on the next start");
        keeper.abort();
        if let Some(bot) = slot.get() {
            for table in bot.tables() {
                table.detach().await;
            }
            bot.store.flush().await;
            // Another process may start this one's shards at once.
            if let Err(e) = bot.store.release_shards(total).await {
                tracing::warn!("giving the shards up: {e}");
            }
        }
        shards.shutdown_all().await;
    });
    // serenity's range ends with its last shard included: this starts `first` alone; the
    // keeper starts the others this process holds once it runs.
    tracing::info!(plan = %cluster.plan, shards = ?cluster.held(), "starting the gateway");
    let result = client.start_shard_range(first..first, total).await;
    stopping.abort();
    match result {
        Ok(()) => Ok(()),
        Err(serenity::Error::Gateway(serenity::all::GatewayError::InvalidAuthentication)) => {
            Err(BotError::Unauthorized.into())
        }
        Err(e) => Err(anyhow::anyhow!("the Discord connection failed: {e}")),
    }
}

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
        assert!(names.len() >= commands::ai_names_needed());
        assert!(names.iter().all(|n| !n.contains('@')));
    }
}
