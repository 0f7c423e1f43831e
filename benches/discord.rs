//! The Discord bot under load: many werewolf games at once in one bot process (the shared
//! test app, `tests/support/app.rs`), against the
//! in-process fake Discord (`tests/support/fake_discord/`) through `DISCORD_PROXY_URL`.
//!
//! `AGORA_BENCH_DISCORD_SESSIONS` (default 100) channels each open a lobby, seat
//! `AGORA_BENCH_DISCORD_HUMANS` humans (default 1; the rest are AI) and play to the end, all
//! at once; the humans click and type as people would. Prints the time from each
//! interaction's dispatch to its acknowledgement (p50, p99, max), the REST calls per game
//! by kind, the wall time, the peak memory and the memory per table.

#[path = "../tests/support/cli.rs"]
mod agora_cli;
#[path = "../tests/support/app.rs"]
mod app;
#[path = "../tests/support/fake_discord/mod.rs"]
mod fake_discord;
#[path = "../tests/support/fake_players.rs"]
mod fake_players;

use app::TestApp;
use fake_discord::FakeDiscord;
use fake_players::{open_lobby, press, Humans};
use serde_json::json;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Whether a path is a message post into a DM channel (the fake numbers them from 90000).
fn is_dm(path: &str) -> bool {
    path.strip_prefix("/api/v10/channels/")
        .and_then(|r| r.split('/').next())
        .and_then(|id| id.parse::<u64>().ok())
        .is_some_and(|id| id >= fake_discord::DM_BASE)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

async fn play(fake: FakeDiscord, channel: u64, users: Vec<u64>) -> (usize, usize, usize) {
    let host = users[0];
    let lobby = open_lobby(&fake, host, channel, json!([])).await;
    for u in &users[1..] {
        press(&fake, *u, &lobby, ":join").await;
    }
    press(&fake, host, &lobby, ":start").await;
    let mut humans = Humans::new(channel, &users);
    humans.poll_ms = 100;
    humans.play_to_the_end(&fake).await;
    (humans.speeches, humans.votes, humans.night_actions)
}

fn main() -> anyhow::Result<()> {
    let sessions = env_or("AGORA_BENCH_DISCORD_SESSIONS", 100);
    let per_table = env_or("AGORA_BENCH_DISCORD_HUMANS", 1).clamp(1, 9);
    // The bot's log keeps its warnings and its readiness only: a thousand tables' info
    // lines would count as the bot's memory.
    if std::env::var_os("AGORA_TEST_LOG").is_none() {
        std::env::set_var("AGORA_TEST_LOG", "warn,agora_discord::startup=info");
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(async move {
        // The same test app as the tests (the bot on its own runtime, a temporary SQLite
        // database unless AGORA_BENCH_DB names one), without a click limit to speak of.
        let app = TestApp::builder()
            .env("AGORA_DISCORD_CLICKS_PER_10S", 100_000)
            .database_url(std::env::var("AGORA_BENCH_DB").ok())
            .spawn()
            .await;
        let fake = app.fake.clone();
        let calls_before = fake.calls().len();
        let started = Instant::now();
        let mut games = Vec::new();
        for k in 0..sessions {
            let channel = 10_000 + k;
            let users: Vec<u64> = (0..per_table).map(|h| 20_000 + k * 10 + h).collect();
            games.push(tokio::spawn(play(fake.clone(), channel, users)));
        }
        let (mut speeches, mut votes, mut nights) = (0, 0, 0);
        for g in games {
            let (s, v, n) = g.await?;
            speeches += s;
            votes += v;
            nights += n;
        }
        let wall = started.elapsed();
        let mut acks = fake.ack_times();
        acks.sort();
        let calls = fake.calls();
        let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
        for c in &calls[calls_before..] {
            let p = c.path.as_str();
            let kind = if p.contains("/interactions/") {
                "interaction callbacks"
            } else if p.contains("/webhooks/") {
                "follow-ups and response edits"
            } else if p.contains("/users/@me/channels") {
                "DM channel opens"
            } else if is_dm(p) && c.method == "POST" {
                "DMs"
            } else if c.method == "POST" {
                "channel posts"
            } else if c.method == "PATCH" {
                "channel edits"
            } else {
                "other"
            };
            *kinds.entry(kind).or_insert(0) += 1;
        }
        let total = calls.len() - calls_before;
        println!(
            "discord: {sessions} games at once, {per_table} human(s) and {} AI each: wall {:.2} s",
            9 - per_table,
            wall.as_secs_f64()
        );
        println!(
            "  interactions acknowledged: {} — p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            acks.len(),
            percentile(&acks, 0.5).as_secs_f64() * 1e3,
            percentile(&acks, 0.99).as_secs_f64() * 1e3,
            acks.last().copied().unwrap_or_default().as_secs_f64() * 1e3
        );
        println!(
            "  REST calls: {total} in all, {:.1} per game",
            total as f64 / sessions as f64
        );
        for (k, n) in &kinds {
            println!("    {k}: {:.1} per game", *n as f64 / sessions as f64);
        }
        println!(
            "  human moves per game: {:.1} speeches, {:.1} votes, {:.1} night actions",
            speeches as f64 / sessions as f64,
            votes as f64 / sessions as f64,
            nights as f64 / sessions as f64
        );
        if let Some(kb) = peak_rss_kb() {
            println!(
                "  peak RSS {:.1} MiB (bot, fake Discord and players in one process)",
                kb as f64 / 1024.0
            );
            println!(
                "  memory per table: {:.0} KiB (peak RSS / games)",
                kb as f64 / sessions as f64
            );
        }
        // DMs per night by the human's role: every DM after the welcome, over the game's
        // nights (a player who died early gets fewer: the figure is per night of the game).
        let store = app.store().await;
        let mut by_role: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
        for summary in store.sessions().await? {
            let channel: u64 = summary.session.channel.parse().unwrap_or(0);
            let nights = fake
                .messages(channel)
                .iter()
                .filter(|m| m.text().starts_with("🌙 **Night"))
                .count();
            for seat in &summary.seats {
                let Some(user) = seat
                    .player
                    .strip_prefix("discord:")
                    .and_then(|u| u.parse::<u64>().ok())
                else {
                    continue;
                };
                let dms = fake
                    .dms(user)
                    .iter()
                    .filter(|m| !m.text().contains("You have a seat"))
                    .count();
                let e = by_role
                    .entry(seat.role.clone().unwrap_or_default())
                    .or_default();
                e.0 += dms;
                e.1 += nights;
                e.2 += 1;
            }
        }
        println!("  DMs per night by the human's role:");
        for (role, (dms, nights, seats)) in &by_role {
            println!(
                "    {role}: {:.2} ({seats} seats, {nights} nights)",
                *dms as f64 / (*nights).max(1) as f64
            );
        }
        app.stop().await;
        anyhow::Ok(())
    })?;
    Ok(())
}
