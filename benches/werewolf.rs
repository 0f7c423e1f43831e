//! Full AI-vs-AI werewolf games per second, single-threaded, per lineup.
//! `AGORA_BENCH_GAMES` sets the games per lineup (default 20000; CI runs a smoke size).

use agora::agents::werewolf::Strategy;
use agora::games::werewolf::{Rules, Werewolf};
use agora_core::werewolf::sim::{play, Lineup};
use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;

fn main() {
    let games: u64 = std::env::var("AGORA_BENCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000);
    let rules = Arc::new(Rules::default());
    let lineups = [
        (
            "heuristic vs heuristic",
            Strategy::Heuristic,
            Strategy::Heuristic,
        ),
        (
            "heuristic vs random wolves",
            Strategy::Heuristic,
            Strategy::Random,
        ),
        (
            "random good vs heuristic",
            Strategy::Random,
            Strategy::Heuristic,
        ),
    ];
    for (name, good, wolves) in lineups {
        let started = Instant::now();
        let mut days = 0u64;
        for seed in 0..games {
            let game = play(&rules, seed, Lineup { good, wolves });
            days += black_box(game.day()) as u64;
        }
        let secs = started.elapsed().as_secs_f64();
        println!(
            "{name:<28} {games} games in {secs:.3} s: {:.0} games/s, {:.1} µs/game, {:.2} days/game",
            games as f64 / secs,
            1e6 * secs / games as f64,
            days as f64 / games as f64
        );
    }
    // The rules engine alone: every ask times out until the max_days draw.
    let started = Instant::now();
    for seed in 0..games {
        let mut game = Werewolf::new(rules.clone(), seed);
        while !game.is_over() {
            game.timeout_all();
        }
        black_box(game.log().len());
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{:<28} {games} games in {secs:.3} s: {:.0} games/s (12 days each)",
        "engine only (all timeouts)",
        games as f64 / secs
    );
}
