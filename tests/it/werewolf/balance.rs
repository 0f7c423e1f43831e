//! Balance shown and kept: every ranked board has a recorded balance
//! (`content/werewolf/balance.toml`, written by `agora sim werewolf --board all --balance`)
//! with the good side winning 40–60%, draws at most 3% and every seat within 5 points,
//! and a small ladder on each board today agrees with its record.

use agora::agents::werewolf::{balance, boards, Strategy};
use agora::games::werewolf::Rules;
use agora_core::werewolf::sim::{measure, Lineup, SimOptions};
use std::sync::Arc;

#[test]
fn every_ranked_board_is_recorded_balanced_and_a_small_ladder_agrees() {
    let rules = Arc::new(Rules::default());
    let record = balance::recorded();
    let ranked: Vec<_> = boards::all().iter().filter(|b| b.ranked).collect();
    assert!(ranked.len() >= 6, "the built-in ranked boards are loaded");
    for board in ranked {
        let m = record
            .get(&board.id)
            .unwrap_or_else(|| panic!("{} has no recorded balance", board.id));
        assert!(
            (0.40..=0.60).contains(&m.good_rate) && m.draw_rate <= 0.03,
            "{}: recorded good side {:.1}%, draws {:.1}%",
            board.id,
            100.0 * m.good_rate,
            100.0 * m.draw_rate
        );
        assert!(m.seat_gap_points <= 5.0, "{}: {:?}", board.id, m);
        // The first games of the recorded ladder (same seed): within four standard errors
        // of the small ladder, plus the record's own interval, of the recorded rate.
        let games = 100;
        let opts = SimOptions {
            games,
            seed: m.seed,
            threads: 2,
            lineup: Lineup {
                good: Strategy::Heuristic,
                wolves: Strategy::Heuristic,
            },
            record: None,
            board: board.clone(),
        };
        let (report, figures) = measure(&rules, &opts).expect("the ladder runs");
        assert_eq!(report.games, games);
        let se = (m.good_rate * (1.0 - m.good_rate) / games as f64).sqrt();
        let off = (figures.good_rate - m.good_rate).abs();
        assert!(
            off <= 4.0 * se + m.good_ci95,
            "{}: {games} games give the good side {:.1}%, the record {:.1}% ± {:.1}",
            board.id,
            100.0 * figures.good_rate,
            100.0 * m.good_rate,
            100.0 * m.good_ci95
        );
    }
}
