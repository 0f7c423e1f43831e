//! Full AI-vs-AI werewolf games per second, single-threaded, per lineup, with each
//! lineup's balance (the heuristic's strength is its win rate against random players);
//! then the seer-claim probes (`agents::werewolf::probe`): what the built-in table does
//! with a person's plain-words seer claim, a wolf's false one, a quiet seer and a lone
//! accusation. `AGORA_BENCH_GAMES` sets the games per lineup (default 20000; CI runs a
//! smoke size); `AGORA_PROBE_GAMES` the games per probe (default 2000).

use agora::agents::werewolf::probe::{probe, Claim, Outcomes};
use agora::agents::werewolf::Strategy;
use agora::games::werewolf::{Rules, Werewolf, Winner};
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
        let mut good_wins = 0u64;
        for seed in 0..games {
            let game = play(&rules, seed, Lineup { good, wolves });
            days += black_box(game.day()) as u64;
            good_wins += u64::from(game.winner() == Some(Winner::Good));
        }
        let secs = started.elapsed().as_secs_f64();
        println!(
            "{name:<28} {games} games in {secs:.3} s: {:.0} games/s, {:.1} µs/game, {:.2} days/game, good wins {:.1}%",
            games as f64 / secs,
            1e6 * secs / games as f64,
            days as f64 / games as f64,
            100.0 * good_wins as f64 / games as f64
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
    probes(&rules);
}

/// The seer-claim probes, day 1 only: for each scripted speech, how often day 1's vote
/// sent out the seat it named and the speaker, split by when a wolf claimed seer.
fn probes(rules: &Arc<Rules>) {
    let games: u64 = std::env::var("AGORA_PROBE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000);
    let line = |what: &str, o: &Outcomes| {
        println!(
            "  {what:<26} {:>5} speeches: named seat voted out {:>5.1}%, speaker voted out {:>5.1}%",
            o.claims,
            100.0 * o.rate(o.named_voted_out),
            100.0 * o.rate(o.claimer_voted_out)
        );
    };
    for (name, claim) in [
        ("a true seer claim naming the wolf she checked", Claim::True),
        (
            "a wolf's false seer claim framing a good seat",
            Claim::False,
        ),
        ("the seer staying quiet", Claim::Quiet),
        ("a lone accusation with no reason", Claim::Accuse),
    ] {
        let f = probe(rules, claim, games, 1);
        println!("probe: {name} ({games} games)");
        line("every game", &f.all);
        line("a wolf claimed seer before", &f.wolf_claimed_before);
        line("a wolf claimed seer after", &f.wolf_claimed_after);
        line("no wolf claimed seer", &f.no_wolf_claim);
        if claim == Claim::Accuse {
            println!(
                "  other voters followed it {:.1}% of their votes; herd days {:.1}%",
                100.0 * f.other_votes_for_named as f64 / f.other_votes.max(1) as f64,
                100.0 * f.all.rate(f.herd)
            );
        }
    }
}
