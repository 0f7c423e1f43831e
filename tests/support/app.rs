//! One test app: the fake Discord (`fake_discord/`), a temporary SQLite database (deleted
//! when the app is dropped) and the bot, in this process or as the `agora run` binary.
//!
//! `TestApp::builder()` sets the options (seed, config overrides, closed DMs, the binary);
//! `spawn()` starts everything and returns once the bot has registered its commands and
//! resumed its stored games (read from the bot's own log, not slept for). The bot's log is
//! captured: for an in-process bot by a tracing subscriber on the bot's own runtime threads
//! (so apps running side by side do not mix their logs), for the binary from its stderr.
//! [`TestApp::assert_clean_log`] fails on serenity's warnings about gateway events it could
//! not read (a dropped event); [`TestApp::stop`] checks it too.

#![allow(dead_code)]

use crate::fake_discord::FakeDiscord;
use agora::config::Config;
use agora::discord::BotSettings;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{oneshot, Notify};

/// How long a test waits for anything the bot should do.
pub const WAIT: Duration = Duration::from_secs(30);

/// What serenity logs when it drops a gateway event it cannot read: a payload that is not a
/// gateway message at all is a warning (`gateway/ws.rs`); an event whose data does not fit
/// its type (`MESSAGE_CREATE` with a field serenity cannot read) becomes an "unknown event",
/// logged at debug level only (`client/dispatch.rs`), and no handler sees it. The fake sends
/// only events serenity knows, so every unknown event is a dropped one.
pub const DROPPED_EVENT_WARNINGS: [&str; 4] = [
    "Err deserializing",
    "Err decompressing",
    "Failed to deserialize",
    "An unknown event was received",
];

/// The line an in-process bot logs once set up (commands registered, games resumed).
const READY_LOG: &str = "connected; commands registered";
/// The line `agora run` prints on stderr at the same moment.
const READY_STDERR: &str = "agora: connected to Discord as";

/// What the bot logs: warnings, agora's info lines (its readiness among them) and serenity's
/// unknown events; `AGORA_TEST_LOG` (a tracing filter) to see more.
fn log_filter() -> String {
    std::env::var("AGORA_TEST_LOG")
        .unwrap_or_else(|_| "warn,agora=info,serenity::client::dispatch=debug".into())
}

/// A bot's captured log: lines of text, with a notification on every write.
#[derive(Clone, Default)]
pub struct Log {
    text: Arc<Mutex<String>>,
    changed: Arc<Notify>,
}

impl Log {
    fn push(&self, s: &str) {
        self.text.lock().unwrap().push_str(s);
        self.changed.notify_waiters();
    }

    /// Everything logged so far.
    pub fn text(&self) -> String {
        self.text.lock().unwrap().clone()
    }

    /// How many lines contain `needle`.
    pub fn count(&self, needle: &str) -> usize {
        self.text
            .lock()
            .unwrap()
            .lines()
            .filter(|l| l.contains(needle))
            .count()
    }

    /// Waits until more than `before` lines contain `needle`; false after `timeout`.
    pub async fn wait_count(&self, needle: &str, before: usize, timeout: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let changed = self.changed.notified();
            if self.count(needle) > before {
                return true;
            }
            if tokio::time::timeout_at(deadline, changed).await.is_err() {
                return self.count(needle) > before;
            }
        }
    }

    /// The lines that are serenity's dropped-event warnings.
    pub fn dropped_events(&self) -> Vec<String> {
        self.text()
            .lines()
            .filter(|l| DROPPED_EVENT_WARNINGS.iter().any(|w| l.contains(w)))
            .map(str::to_string)
            .collect()
    }
}

/// The writer tracing's fmt layer writes the in-process bot's events with.
pub struct LogWriter(Log);

impl Write for LogWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.push(&String::from_utf8_lossy(buf));
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for Log {
    type Writer = LogWriter;
    fn make_writer(&'a self) -> LogWriter {
        LogWriter(self.clone())
    }
}

/// The options of a [`TestApp`].
#[derive(Clone, Default)]
pub struct Builder {
    seed: Option<u64>,
    env: Vec<(String, String)>,
    closed_dms: Vec<u64>,
    binary: bool,
    database_url: Option<String>,
    /// Another app's fake Discord (two bot processes on one Discord).
    fake: Option<FakeDiscord>,
}

impl Builder {
    /// Deals every game from `seed` (`AGORA_DISCORD_SEED`): who sits where, who gets which role.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self
    }

    /// A config override, as the environment variable `key` would set it (for the binary,
    /// also any other variable, such as `LLM_API_KEY`).
    pub fn env(mut self, key: &str, value: impl ToString) -> Self {
        self.env.retain(|(k, _)| k != key);
        self.env.push((key.to_string(), value.to_string()));
        self
    }

    /// `/werewolf` and the other commands' cooldown, in seconds (0 by default).
    pub fn cooldown(self, secs: f64) -> Self {
        self.env("AGORA_DISCORD_COMMAND_COOLDOWN_SECS", secs)
    }

    /// These users do not accept DMs from the bot.
    pub fn closed_dms(mut self, users: &[u64]) -> Self {
        self.closed_dms.extend_from_slice(users);
        self
    }

    /// Runs the `agora run` binary instead of the bot in this process.
    pub fn binary(mut self) -> Self {
        self.binary = true;
        self
    }

    /// Another database than a temporary SQLite file (e.g. PostgreSQL); not deleted.
    pub fn database_url(mut self, url: Option<String>) -> Self {
        self.database_url = url;
        self
    }

    /// Runs on this fake Discord (another app's: a second bot process) instead of a new one.
    pub fn fake(mut self, fake: FakeDiscord) -> Self {
        self.fake = Some(fake);
        self
    }

    /// Starts the fake Discord, the database and the bot; returns once the bot is set up.
    pub async fn spawn(self) -> TestApp {
        let fake = match &self.fake {
            Some(f) => f.clone(),
            None => FakeDiscord::start().await,
        };
        for u in &self.closed_dms {
            fake.close_dms(*u);
        }
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let db_path = std::env::temp_dir().join(format!(
            "agora-test-{}-{n}-{}.db",
            std::process::id(),
            agora::store::now_ms()
        ));
        let mut app = TestApp {
            fake,
            db_path,
            opts: self,
            bot: None,
            log: Log::default(),
        };
        app.start_bot().await;
        app
    }
}

static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

enum Running {
    InProcess {
        stop: oneshot::Sender<()>,
        done: oneshot::Receiver<anyhow::Result<()>>,
    },
    Binary(std::process::Child),
}

/// The fake Discord, a temporary database and the bot; see the module docs.
pub struct TestApp {
    pub fake: FakeDiscord,
    db_path: PathBuf,
    opts: Builder,
    bot: Option<Running>,
    log: Log,
}

impl TestApp {
    pub fn builder() -> Builder {
        Builder::default()
    }

    /// The app with the default options.
    pub async fn spawn() -> TestApp {
        Builder::default().spawn().await
    }

    /// The bot's database.
    pub fn db_url(&self) -> String {
        self.opts
            .database_url
            .clone()
            .unwrap_or_else(|| format!("sqlite://{}", self.db_path.display()))
    }

    /// A new connection to the bot's database.
    pub async fn store(&self) -> agora::store::Store {
        agora::store::Store::open(&self.db_url(), Duration::from_secs(20))
            .await
            .expect("store")
    }

    /// The bot's log so far (all its runs).
    pub fn log(&self) -> &Log {
        &self.log
    }

    /// The config the bot runs with: the built-in one, the test defaults (no cooldown, no
    /// click limit to speak of, AI speeches without a pause) and the builder's overrides.
    fn env_value(&self, key: &str) -> Option<String> {
        if let Some((_, v)) = self.opts.env.iter().find(|(k, _)| k == key) {
            return Some(v.clone());
        }
        match key {
            "AGORA_DISCORD_COMMAND_COOLDOWN_SECS" => Some("0".into()),
            "AGORA_DISCORD_CLICKS_PER_10S" => Some("1000".into()),
            "AGORA_DISCORD_AI_SPEECH_MS" => Some("0".into()),
            _ => None,
        }
    }

    /// Starts the bot (again, after [`Self::stop_bot`] or [`Self::kill`]) on the same fake and
    /// database; returns once it is set up.
    pub async fn start_bot(&mut self) {
        assert!(self.bot.is_none(), "the bot is already running");
        let needle = if self.opts.binary {
            READY_STDERR
        } else {
            READY_LOG
        };
        let before = self.log.count(needle);
        self.bot = Some(if self.opts.binary {
            self.start_binary()
        } else {
            self.start_in_process()
        });
        if !self.log.wait_count(needle, before, WAIT).await {
            panic!(
                "the bot did not get ready within {WAIT:?}\nits log:\n{}\n{}",
                self.log.text(),
                self.fake.dump_calls(40)
            );
        }
    }

    fn start_in_process(&self) -> Running {
        let config = Config::load_from(None, &|k| self.env_value(k)).expect("the test config");
        let settings = BotSettings {
            token: "test.token.value".into(),
            guild: Some(crate::fake_discord::GUILD_ID),
            proxy: Some(self.fake.base_url()),
            database_url: self.db_url(),
            seed: self.opts.seed,
            web_url: Some("https://agora.example".into()),
            shards: self
                .env_value("AGORA_SHARDS")
                .and_then(|s| agora::discord::ShardPlan::parse(&s))
                .unwrap_or_default(),
            http_listen: self.env_value("AGORA_HTTP_LISTEN"),
        };
        let dispatch = tracing::Dispatch::new(
            tracing_subscriber::fmt()
                .with_env_filter(tracing_subscriber::EnvFilter::new(log_filter()))
                .with_ansi(false)
                .with_writer(self.log.clone())
                .finish(),
        );
        let (stop, stopped) = oneshot::channel::<()>();
        let (finished, done) = oneshot::channel();
        // Its own runtime, every thread of which logs to this app's log only.
        std::thread::Builder::new()
            .name("agora-bot".into())
            .spawn(move || {
                let on_threads = dispatch.clone();
                let rt = tokio::runtime::Builder::new_multi_thread()
                    .enable_all()
                    .on_thread_start(move || {
                        std::mem::forget(tracing::dispatcher::set_default(&on_threads));
                    })
                    .build()
                    .expect("the bot's runtime");
                let _log = tracing::dispatcher::set_default(&dispatch);
                let result = rt.block_on(agora::discord::run(config, settings, async {
                    let _ = stopped.await;
                }));
                rt.shutdown_timeout(Duration::from_secs(5));
                let _ = finished.send(result);
            })
            .expect("the bot's thread");
        Running::InProcess { stop, done }
    }

    fn start_binary(&self) -> Running {
        let mut cmd = crate::agora_cli::agora_cmd();
        cmd.arg("run")
            .env("DISCORD_TOKEN", "test.token.value")
            .env("DISCORD_PROXY_URL", self.fake.base_url())
            .env(
                "DISCORD_GUILD_ID",
                crate::fake_discord::GUILD_ID.to_string(),
            )
            .env("DATABASE_URL", self.db_url())
            .env("RUST_LOG", log_filter())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped());
        for k in [
            "AGORA_DISCORD_COMMAND_COOLDOWN_SECS",
            "AGORA_DISCORD_CLICKS_PER_10S",
            "AGORA_DISCORD_AI_SPEECH_MS",
        ] {
            if let Some(v) = self.env_value(k) {
                cmd.env(k, v);
            }
        }
        for (k, v) in &self.opts.env {
            cmd.env(k, v);
        }
        if let Some(seed) = self.opts.seed {
            cmd.env("AGORA_DISCORD_SEED", seed.to_string());
        }
        let mut child = cmd.spawn().expect("agora run");
        // Read its stderr as it comes (a pipe nobody reads could fill).
        let stderr = child.stderr.take().expect("piped stderr");
        let log = self.log.clone();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                log.push(&(line + "\n"));
            }
        });
        Running::Binary(child)
    }

    /// A graceful shutdown (SIGTERM for the binary); panics unless it is clean.
    pub async fn stop_bot(&mut self) {
        match self.bot.take().expect("the bot is running") {
            Running::InProcess { stop, done } => {
                let _ = stop.send(());
                let r = tokio::time::timeout(WAIT, done)
                    .await
                    .expect("the bot stops");
                r.expect("the bot's thread").expect("a clean shutdown");
            }
            Running::Binary(mut child) => {
                unsafe {
                    libc::kill(child.id() as i32, libc::SIGTERM);
                }
                let status = tokio::task::spawn_blocking(move || child.wait().unwrap())
                    .await
                    .unwrap();
                assert!(
                    status.success(),
                    "agora run exits cleanly on SIGTERM: {status:?}\n{}",
                    self.log.text()
                );
            }
        }
    }

    /// SIGKILL for the binary: no shutdown at all.
    pub async fn kill(&mut self) {
        match self.bot.take().expect("the bot is running") {
            Running::Binary(mut child) => {
                child.kill().expect("SIGKILL");
                tokio::task::spawn_blocking(move || child.wait())
                    .await
                    .unwrap()
                    .unwrap();
            }
            Running::InProcess { .. } => panic!("only the binary can be killed"),
        }
    }

    /// Whether the binary has ended by itself (a crash point, `AGORA_DISCORD_CRASH_AFTER`);
    /// once it has, it is forgotten as after [`Self::kill`] and can be started again.
    pub fn crashed(&mut self) -> bool {
        let Some(Running::Binary(child)) = &mut self.bot else {
            panic!("only the binary can crash");
        };
        match child.try_wait().expect("the binary's status") {
            Some(_) => {
                self.bot = None;
                true
            }
            None => false,
        }
    }

    /// Drops a config override or variable for the next start (a crash point, say).
    pub fn remove_env(&mut self, key: &str) {
        self.opts.env.retain(|(k, _)| k != key);
    }

    /// Stops the bot gracefully and checks its log; the database goes when the app is dropped.
    pub async fn stop(mut self) {
        self.stop_bot().await;
        self.assert_clean_log();
    }

    /// Panics if serenity dropped a gateway event it could not read.
    pub fn assert_clean_log(&self) {
        let dropped = self.log.dropped_events();
        assert!(
            dropped.is_empty(),
            "the bot dropped gateway events:\n{}",
            dropped.join("\n")
        );
    }

    /// Waits until `f` holds on the fake Discord (its call log, messages…), up to [`WAIT`].
    pub async fn wait_for(&self, what: &str, f: impl Fn(&FakeDiscord) -> bool) {
        self.fake.wait_until(what, WAIT, f).await;
    }
}

/// Waits until the async condition `f` holds, checking it every `every`; panics with `what`
/// after `timeout` (for state outside the fake, such as the store).
pub async fn wait_until_async<F, Fut>(what: &str, timeout: Duration, every: Duration, mut f: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = Instant::now() + timeout;
    while !f().await {
        assert!(Instant::now() < deadline, "timed out waiting for: {what}");
        tokio::time::sleep(every).await;
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        match self.bot.take() {
            Some(Running::Binary(mut child)) => {
                let _ = child.kill();
                let _ = child.wait();
            }
            // Dropping the sender stops the bot.
            Some(Running::InProcess { .. }) | None => {}
        }
        if self.opts.database_url.is_none() {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                let mut p = self.db_path.clone().into_os_string();
                p.push(suffix);
                let _ = std::fs::remove_file(p);
            }
        }
    }
}
