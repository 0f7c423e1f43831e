//! The community page and the ratings under load: `AGORA_BENCH_RESULTS` (default 100,000)
//! stored werewolf results (nine a game; 60 people and the built-in AI in one community),
//! each rated as it is stored. Then prints:
//! - the board page over the first 10,000 results and over all of them (the median of
//!   `AGORA_BENCH_REPEAT` requests, default 9, HTML through the page's router);
//! - `agora stats rebuild` of every result (`Store::rebuild_ratings`).
//!
//! Targets: a board page over 10,000 results ≤ 50 ms; the rebuild of 100,000 ≤ 10 s.

use agora::config::Config;
use agora::store::{NewSeat, NewSession, Outcome, PlayerRef, SeatOutcome, Store};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A small deterministic generator (xorshift), so every run stores the same games.
struct Dice(u64);

impl Dice {
    fn next(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

const ROLES: [&str; 9] = [
    "seer", "werewolf", "witch", "werewolf", "villager", "hunter", "werewolf", "villager",
    "villager",
];

/// Stores `games` finished werewolf games, rated as they are stored.
async fn fill(store: &Store, games: u64, dice: &mut Dice, from: u64) -> anyhow::Result<()> {
    let mut pending = Vec::new();
    for g in from..from + games {
        let id = format!("bench-{g:07}");
        let mut people: Vec<u64> = Vec::new();
        let seats: Vec<NewSeat> = (1..=9u8)
            .map(|seat| {
                let player = if dice.next(3) == 0 {
                    PlayerRef::ai("heuristic", "0.1.0")
                } else {
                    let mut p = dice.next(60);
                    while people.contains(&p) {
                        p = (p + 1) % 60;
                    }
                    people.push(p);
                    PlayerRef::terminal(&format!("player{p:02}"))
                };
                NewSeat {
                    seat,
                    agent: player.is_ai.then(|| "heuristic".to_string()),
                    player,
                }
            })
            .collect();
        let good_won = dice.next(2) == 0;
        let outcome = Outcome {
            winner: if good_won { "good" } else { "wolves" }.into(),
            seats: ROLES
                .iter()
                .enumerate()
                .map(|(i, role)| SeatOutcome {
                    seat: i as u8 + 1,
                    role: role.to_string(),
                    score: dice.next(40) as f64 - 5.0,
                    won: (*role == "werewolf") != good_won,
                    details: serde_json::Value::Null,
                })
                .collect(),
            details: serde_json::Value::Null,
        };
        let new = NewSession {
            id: id.clone(),
            game: "werewolf".into(),
            surface: "terminal".into(),
            community: "bench".into(),
            channel: "bench".into(),
            config: serde_json::json!({}),
            seed: g,
            status: "running".into(),
            seats,
        };
        let store = store.clone();
        pending.push(tokio::spawn(async move {
            store.create_session(&new).await?;
            store.finish(&id, &outcome).await
        }));
        if pending.len() >= 256 {
            for p in pending.drain(..) {
                p.await??;
            }
        }
    }
    for p in pending {
        p.await??;
    }
    Ok(())
}

/// The median time of `repeat` requests for the werewolf board's HTML.
async fn board_ms(reader: &Arc<agora_web::data::Reader>, repeat: u64) -> anyhow::Result<f64> {
    let mut times = Vec::new();
    for _ in 0..repeat {
        let started = Instant::now();
        let board = reader
            .board(
                "bench",
                agora::registry::GameKind::Werewolf,
                agora::ratings::boards::Which::Everyone,
                None,
                None,
            )
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        let html = agora_web::html::board(&board).into_string();
        assert!(html.contains("player"));
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    Ok(times[times.len() / 2])
}

fn main() -> anyhow::Result<()> {
    let results = env_or("AGORA_BENCH_RESULTS", 100_000);
    let repeat = env_or("AGORA_BENCH_REPEAT", 9).max(1);
    let games = results.div_ceil(9);
    let dir = std::env::temp_dir().join(format!("agora-bench-community-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let url = format!("sqlite://{}", dir.join("bench.db").display());
    let config = Config::load_from(None, &|_| None)?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(async {
        let rater = Arc::new(agora::registry::RegistryRater::new(&config));
        let store = Store::open(&url, Duration::from_secs(60))
            .await?
            .with_rater(rater.clone());
        let reader = Arc::new(agora_web::data::Reader::new(store.clone(), 5));
        let mut dice = Dice(0x9e37_79b9_7f4a_7c15);
        let first = games.min(10_000u64.div_ceil(9));
        let started = Instant::now();
        fill(&store, first, &mut dice, 0).await?;
        let ms = board_ms(&reader, repeat).await?;
        println!(
            "board page over {} results: {ms:.1} ms (median of {repeat})",
            first * 9
        );
        fill(&store, games - first, &mut dice, first).await?;
        let filled = started.elapsed().as_secs_f64();
        let ms = board_ms(&reader, repeat).await?;
        println!(
            "board page over {} results: {ms:.1} ms (median of {repeat}); storing and rating them took {filled:.1} s",
            games * 9
        );
        let started = Instant::now();
        let rows = store.rebuild_ratings(rater).await?;
        println!(
            "rebuild of {} results: {:.2} s ({rows} rating rows)",
            games * 9,
            started.elapsed().as_secs_f64()
        );
        store.close().await;
        anyhow::Ok(())
    })?;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
