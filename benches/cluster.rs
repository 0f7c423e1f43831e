//! Several `agora run` processes on one PostgreSQL against the in-process fake Discord
//! (`tests/support/fake_discord/`), each running one shard: tables spread over guilds (so
//! over shards and processes), three simulated people each (night actions by DM, which
//! arrive at shard 0 and are handed to the table's driver; speeches and votes in the
//! channel) and AI filling the other seats. Halfway, one process is SIGKILLed: the others
//! start its shard and take its games over; it is started again later (a standby then).
//!
//! `AGORA_BENCH_PROCESSES` (3), `AGORA_BENCH_TABLES` (30), `AGORA_BENCH_GUILDS` (10),
//! `AGORA_BENCH_KILL` (1: kill one process; 0: no kill); the database is
//! `AGORA_BENCH_DB`, else `AGORA_TEST_POSTGRES_URL` (a fresh database is made beside it).
//! Prints one line:
//! `cluster: P processes, T tables, K killed, F finished, D duplicated posts, takeover max
//! S s, ack p99 X ms, REST calls per table-minute R`
//! and exits non-zero unless F = T and D = 0. The processes' logs are kept in a temporary
//! directory, named on failure.

#[path = "../tests/support/fake_discord/mod.rs"]
mod fake_discord;
#[path = "../tests/support/fake_players.rs"]
mod fake_players;

use fake_discord::{FakeDiscord, APP_ID};
use fake_players::{open_lobby, press, Humans};
use serde_json::json;
use std::collections::HashMap;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// A fresh database beside the given PostgreSQL one.
async fn fresh_database(base: &str) -> anyhow::Result<String> {
    sqlx::any::install_default_drivers();
    let name = format!("agora_cluster_bench_{}", std::process::id());
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(base).await?;
    sqlx::query(&format!("DROP DATABASE IF EXISTS {name}"))
        .execute(&mut conn)
        .await?;
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await?;
    let cut = base
        .rfind('/')
        .ok_or_else(|| anyhow::anyhow!("the database URL names no database"))?;
    Ok(format!("{}/{name}", &base[..cut]))
}

/// A free port on loopback (for a process's `/metrics`).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// REST calls by method and route, summed over the `/metrics` of the processes on `ports`
/// (their meters), most first.
async fn rest_by_route(ports: &[u16]) -> Vec<(String, f64)> {
    let mut by: std::collections::HashMap<String, f64> = Default::default();
    for port in ports {
        let Ok(r) = reqwest::get(format!("http://127.0.0.1:{port}/metrics")).await else {
            continue;
        };
        let text = r.text().await.unwrap_or_default();
        for line in text.lines() {
            let Some(labels) = line.strip_prefix("agora_rest_calls_total{") else {
                continue;
            };
            let field = |name: &str| {
                let at = labels.find(&format!("{name}=\""))? + name.len() + 2;
                Some(labels[at..at + labels[at..].find('"')?].to_string())
            };
            let value: f64 = line
                .rsplit(' ')
                .next()
                .and_then(|v| v.parse().ok())
                .unwrap_or(0.0);
            if let (Some(m), Some(r)) = (field("method"), field("route")) {
                *by.entry(format!("{m} {r}")).or_default() += value;
            }
        }
    }
    let mut v: Vec<_> = by.into_iter().collect();
    v.sort_by(|a, b| b.1.total_cmp(&a.1));
    v
}

/// One `agora run` of shard `shard` of `total`, its log in `logs`, its `/metrics` on
/// `port` (so REST calls go through its meter, as in production).
fn spawn(
    fake: &FakeDiscord,
    db: &str,
    (shard, total): (u64, u64),
    logs: &Path,
    run: u32,
    port: u16,
) -> Child {
    let log =
        std::fs::File::create(logs.join(format!("process-{shard}-{run}.log"))).expect("a log file");
    Command::new(env!("CARGO_BIN_EXE_agora"))
        .arg("run")
        .arg("--shards")
        .arg(format!("{shard}-{shard}/{total}"))
        .env("DISCORD_TOKEN", "bench.token.value")
        .env("DISCORD_PROXY_URL", fake.base_url())
        .env("DATABASE_URL", db)
        .env("AGORA_HTTP_LISTEN", format!("127.0.0.1:{port}"))
        .env("AGORA_DISCORD_COMMAND_COOLDOWN_SECS", "0")
        .env("AGORA_DISCORD_CLICKS_PER_10S", "100000")
        .env("AGORA_DISCORD_AI_SPEECH_MS", "0")
        .env("RUST_LOG", "warn,agora_discord::cluster=info")
        .env_remove("LLM_API_KEY")
        .env_remove("WEREWOLF_LLM_API_KEY")
        .env_remove("DISCORD_GUILD_ID")
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .expect("agora run")
}

/// Plays one table to its end: a lobby, two more people, start, then the people's moves.
async fn play(fake: FakeDiscord, channel: u64, users: Vec<u64>) -> bool {
    let lobby = open_lobby(&fake, users[0], channel, json!([])).await;
    for u in &users[1..] {
        press(&fake, *u, &lobby, ":join").await;
    }
    press(&fake, users[0], &lobby, ":start").await;
    let mut humans = Humans::new(channel, &users);
    humans.poll_ms = 200;
    humans.play_to_the_end(&fake).await;
    true
}

/// Bot posts in a table's channel and its people's DMs that repeat a step: a phase line,
/// a role told, a restart notice, shown twice.
fn duplicated(fake: &FakeDiscord, channel: u64, users: &[u64]) -> usize {
    let mut texts: Vec<(u64, String)> = fake
        .messages(channel)
        .into_iter()
        .filter(|m| m.author_id == APP_ID && !m.is_ephemeral())
        .map(|m| (channel, m.text()))
        .collect();
    for u in users {
        texts.extend(fake.dms(*u).into_iter().map(|m| (*u, m.text())));
    }
    let mut seen: HashMap<(u64, String), usize> = HashMap::new();
    for (place, text) in texts {
        let step = text.starts_with("🌙")
            || text.starts_with("☀️")
            || text.contains("You are")
            || text.contains("The bot restarted");
        if step {
            *seen.entry((place, text)).or_default() += 1;
        }
    }
    seen.values().map(|n| n - 1).sum()
}

/// The database's committed transactions and rows written (inserted, updated, deleted)
/// so far, from PostgreSQL's own statistics.
async fn db_counters(db: &str) -> anyhow::Result<(i64, i64)> {
    use sqlx::Row;
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(db).await?;
    let row = sqlx::query(
        "SELECT CAST(xact_commit AS BIGINT), CAST(tup_inserted + tup_updated + tup_deleted AS BIGINT) \
         FROM pg_stat_database WHERE datname = current_database()",
    )
    .fetch_one(&mut conn)
    .await?;
    Ok((row.try_get(0)?, row.try_get(1)?))
}

/// A process's peak resident memory (VmHWM), in MiB.
fn peak_rss_mib(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb / 1024.0)
}

fn main() -> anyhow::Result<()> {
    let processes = env_or("AGORA_BENCH_PROCESSES", 3).max(1);
    let tables = env_or("AGORA_BENCH_TABLES", 30).max(1);
    let guilds = env_or("AGORA_BENCH_GUILDS", 10).max(1);
    let kill = env_or("AGORA_BENCH_KILL", 1) > 0 && processes > 1;
    let base = std::env::var("AGORA_BENCH_DB")
        .or_else(|_| std::env::var("AGORA_TEST_POSTGRES_URL"))
        .map_err(|_| {
            anyhow::anyhow!(
                "the cluster bench needs PostgreSQL: set AGORA_BENCH_DB or AGORA_TEST_POSTGRES_URL"
            )
        })?;
    let logs = std::env::temp_dir().join(format!("agora-cluster-bench-{}", std::process::id()));
    std::fs::create_dir_all(&logs)?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let outcome = rt.block_on(async move {
        let db = fresh_database(&base).await?;
        let fake = FakeDiscord::start().await;
        fake.set_dispatch_wait(Duration::from_secs(120));
        // Guild g sits on shard g % processes: its id is (g + 1) << 22.
        let guild_ids: Vec<u64> = (0..guilds).map(|g| (g + 1) << 22).collect();
        for t in 0..tables {
            fake.place_channel(3000 + t, guild_ids[(t % guilds) as usize]);
        }
        let mut ports: Vec<u16> = (0..processes).map(|_| free_port()).collect();
        let mut children: Vec<Option<Child>> = (0..processes)
            .map(|p| Some(spawn(&fake, &db, (p, processes), &logs, 0, ports[p as usize])))
            .collect();
        let all: Vec<u32> = (0..processes as u32).collect();
        let up = Instant::now();
        while fake.live_shards() != all {
            anyhow::ensure!(up.elapsed() < Duration::from_secs(120), "the shards did not all connect");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let calls_before = fake.calls().len();
        let db_before = db_counters(&db).await?;
        let started = Instant::now();
        let mut games = Vec::new();
        for t in 0..tables {
            let users: Vec<u64> = (0..3).map(|h| 20_000 + t * 10 + h).collect();
            games.push(tokio::spawn(play(fake.clone(), 3000 + t, users)));
        }
        // Halfway: once half the tables have seen their first day, process 1 dies.
        let victim = 1usize.min(processes as usize - 1);
        let mut takeover = Duration::ZERO;
        if kill {
            loop {
                let days = (0..tables)
                    .filter(|t| fake.messages(3000 + t).iter().any(|m| m.text().starts_with("☀️")))
                    .count() as u64;
                if days * 2 >= tables || started.elapsed() > Duration::from_secs(300) {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            let mut child = children[victim].take().expect("running");
            let killed = Instant::now();
            let _ = child.kill();
            let _ = child.wait();
            fake.drop_shard(victim as u32);
            // Its tables: the unfinished ones of the guilds on its shard.
            let theirs: Vec<u64> = (0..tables)
                .filter(|t| {
                    let g = guild_ids[(t % guilds) as usize];
                    (g >> 22) % processes == victim as u64
                })
                .filter(|t| !games[*t as usize].is_finished())
                .map(|t| 3000 + t)
                .collect();
            // Taken over: the shard runs again and each of its games says it goes on.
            loop {
                let notices = theirs
                    .iter()
                    .filter(|c| fake.messages(**c).iter().any(|m| m.text().contains("The bot restarted")))
                    .count();
                let shard_up = fake.live_shards().contains(&(victim as u32));
                if shard_up && notices == theirs.len() {
                    takeover = killed.elapsed();
                    break;
                }
                anyhow::ensure!(
                    killed.elapsed() < Duration::from_secs(120),
                    "no takeover after 120 s ({notices} of {} tables; logs in {})",
                    theirs.len(),
                    logs.display()
                );
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            // Started again later: its shard runs elsewhere now, so it stands by.
            tokio::time::sleep(Duration::from_secs(2)).await;
            ports[victim] = free_port();
            let again = spawn(&fake, &db, (victim as u64, processes), &logs, 1, ports[victim]);
            children[victim] = Some(again);
        }
        for g in games {
            g.await?;
        }
        let wall = started.elapsed();
        let db_after = db_counters(&db).await?;
        // Peak memory of each process running at the end (the restarted one stood by).
        let peaks: Vec<f64> = (children.iter().flatten())
            .filter_map(|c| peak_rss_mib(c.id()))
            .collect();
        let store = agora::store::Store::open(&db, Duration::from_secs(10)).await?;
        let finished = store
            .sessions()
            .await?
            .iter()
            .filter(|s| s.session.status == "finished")
            .count();
        let dup: usize = (0..tables)
            .map(|t| {
                let users: Vec<u64> = (0..3).map(|h| 20_000 + t * 10 + h).collect();
                duplicated(&fake, 3000 + t, &users)
            })
            .sum();
        let mut acks = fake.ack_times();
        acks.sort();
        let rest = fake.calls().len() - calls_before;
        let per_table_minute = rest as f64 / tables as f64 / (wall.as_secs_f64() / 60.0);
        let routes = rest_by_route(&ports).await;
        for child in children.iter_mut().flatten() {
            unsafe {
                libc::kill(child.id() as i32, libc::SIGTERM);
            }
        }
        for child in children.iter_mut().flatten() {
            let _ = child.wait();
        }
        store.close().await;
        println!(
            "cluster: {processes} processes, {tables} tables, {} killed, {finished} finished, {dup} duplicated posts, takeover max {:.1} s, ack p99 {:.0} ms, REST calls per table-minute {:.1}",
            kill as u32,
            takeover.as_secs_f64(),
            percentile(&acks, 0.99).as_secs_f64() * 1e3,
            per_table_minute
        );
        let secs = wall.as_secs_f64();
        println!(
            "  wall {secs:.1} s; {} interactions acknowledged (p50 {:.1} ms, max {:.0} ms); {rest} REST calls ({:.0} a second)",
            acks.len(),
            percentile(&acks, 0.5).as_secs_f64() * 1e3,
            acks.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
            rest as f64 / secs,
        );
        println!(
            "  database: {:.0} commits and {:.0} rows written a second; peak memory per process {} MiB; logs in {}",
            (db_after.0 - db_before.0) as f64 / secs,
            (db_after.1 - db_before.1) as f64 / secs,
            peaks
                .iter()
                .map(|p| format!("{p:.0}"))
                .collect::<Vec<_>>()
                .join(", "),
            logs.display()
        );
        let metered: f64 = routes.iter().map(|r| r.1).sum();
        let top: Vec<String> = (routes.iter().take(6))
            .map(|(r, n)| format!("{r} {:.0}%", n * 100.0 / metered.max(1.0)))
            .collect();
        println!(
            "  REST by route (the meters of the processes running at the end, {metered:.0} calls): {}",
            top.join(", ")
        );
        anyhow::Ok(finished as u64 == tables && dup == 0)
    })?;
    if !outcome {
        anyhow::bail!("some tables did not finish, or a step was posted twice");
    }
    Ok(())
}
