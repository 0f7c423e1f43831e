//! Many stored AI-only werewolf sessions at once in one process: the runtime and the store
//! under load. Instant agents (the built-in players), `pace` 0, no step delay.
//!
//! `AGORA_BENCH_SESSIONS` (default 1000) sessions start together on a fresh SQLite file
//! (or on `AGORA_BENCH_DB`, e.g. a PostgreSQL URL) and run to the end. Prints the total
//! wall time, the inputs persisted per second, and the process's peak resident memory.

use agora::agents::werewolf::Strategy;
use agora::agents::werewolf::WerewolfKit;
use agora::config::Config;
use agora::session::Ended;
use agora::session::{GameSetup, Place};
use agora::store::Store;
use agora_core::werewolf::session::{SeatSpec, WerewolfSetup};
use std::time::{Duration, Instant};

/// Peak resident set size of this process, from /proc (kB), if the kernel says.
fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

fn main() -> anyhow::Result<()> {
    let sessions: u64 = std::env::var("AGORA_BENCH_SESSIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let dir = std::env::temp_dir().join(format!("agora-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let url = std::env::var("AGORA_BENCH_DB")
        .unwrap_or_else(|_| format!("sqlite://{}", dir.join("bench.db").display()));
    let config = Config::load_from(None, &|_| None)?;
    let mut rules = (*config.werewolf.rules).clone();
    let gpp = std::mem::take(&mut rules.gpp);
    let mut timers = config.werewolf.timers.clone();
    timers.pace = 0.0;
    let setup = WerewolfSetup {
        rules,
        gpp,
        timers,
        seats: (0..9).map(|_| SeatSpec::ai(Strategy::Heuristic)).collect(),
        lang: agora_games::Lang::En,
        board: None,
        afk: None,
    };
    let place = Place {
        surface: "bench".into(),
        community: "bench".into(),
        channel: "bench".into(),
    };
    let rss_before = peak_rss_kb();

    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let (wall, inputs, finished) = rt.block_on(async {
        let store = Store::open(&url, Duration::from_secs(60)).await?;
        let inputs_before = store.input_count().await?;
        let started = Instant::now();
        let mut running = Vec::with_capacity(sessions as usize);
        for seed in 0..sessions {
            let runner = setup
                .create(
                    store.clone(),
                    seed,
                    &place,
                    Duration::ZERO,
                    &WerewolfKit::default(),
                )
                .await?;
            running.push(runner.start());
        }
        let mut finished = 0u64;
        for session in running {
            if let Ended::Finished(_) = session.wait().await? {
                finished += 1;
            }
        }
        let wall = started.elapsed();
        let inputs = store.input_count().await? - inputs_before;
        store.close().await;
        anyhow::Ok((wall, inputs, finished))
    })?;
    let _ = std::fs::remove_dir_all(&dir);

    println!(
        "{sessions} AI-only werewolf sessions at once on {} ({} finished)",
        agora::store::redact(&url).split(':').next().unwrap_or("?"),
        finished
    );
    println!("  wall time        {:.2} s", wall.as_secs_f64());
    println!(
        "  inputs persisted {inputs} ({:.0} per second, {:.1} per session)",
        inputs as f64 / wall.as_secs_f64(),
        inputs as f64 / sessions.max(1) as f64
    );
    if let (Some(before), Some(peak)) = (rss_before, peak_rss_kb()) {
        println!(
            "  peak memory      {:.1} MiB (before the sessions: {:.1} MiB)",
            peak as f64 / 1024.0,
            before as f64 / 1024.0
        );
    }
    anyhow::ensure!(
        finished == sessions,
        "only {finished} of {sessions} sessions finished"
    );
    Ok(())
}
