//! The moderated debate's rules: turn order and rotation, the two-pass arithmetic, the
//! victory types and what is refused.

use super::*;

fn flat(v: u8, n: usize) -> Vec<RoundScore> {
    vec![RoundScore::from_values([v, v, v]); n]
}

#[test]
fn rotation_starts_round_r_with_seat_r_from_three_participants() {
    assert_eq!(order(1, 3), vec![1, 2, 3]);
    assert_eq!(order(2, 3), vec![2, 3, 1]);
    assert_eq!(order(3, 3), vec![3, 1, 2]);
    assert_eq!(order(4, 3), vec![1, 2, 3]);
    assert_eq!(order(2, 2), vec![1, 2]);
}

#[test]
fn a_round_is_spoken_scored_then_the_next_opens() {
    let rules = ModeratedRules {
        rounds: 2,
        ..ModeratedRules::default()
    };
    let mut g = ModeratedDebate::new("m", 3, &rules);
    assert_eq!(g.ask().unwrap().0, 1);
    assert!(g.act(2, Action::Speak { text: "x".into() }).is_err());
    g.act(1, Action::Speak { text: "a".into() }).unwrap();
    g.timeout(2).unwrap();
    g.act(3, Action::Speak { text: "c".into() }).unwrap();
    let Some((4, Ask::Review { round: 1, orders })) = g.ask() else {
        panic!("the moderator scores round 1: {:?}", g.ask())
    };
    assert_eq!(orders, [vec![1, 2, 3], vec![3, 2, 1]]);
    let review = |round, passes| {
        Action::Review(Review {
            round,
            passes,
            notes: RoundNotes::default(),
            offline: false,
        })
    };
    // Out of range, short, or by a participant: refused, nothing changes.
    let mut bad = flat(5, 3);
    bad[1].rebuttal = 11;
    assert!(g.act(4, review(1, [bad, flat(5, 3)])).is_err());
    assert!(g.act(4, review(1, [flat(5, 2), flat(5, 3)])).is_err());
    assert!(g.act(1, review(1, [flat(5, 3), flat(5, 3)])).is_err());
    assert_eq!(g.reviews().len(), 0);
    g.act(4, review(1, [flat(5, 3), flat(6, 3)])).unwrap();
    assert_eq!(g.speaker(), Some(2));
}

#[test]
fn final_score_weighs_rounds_a_quarter_and_the_rubric_three_quarters() {
    // Rounds: 24/30 and 18/30 each pass; rubric 80 and 60 both passes.
    let pass = vec![
        RoundScore::from_values([8, 8, 8]),
        RoundScore::from_values([6, 6, 6]),
    ];
    let rounds = vec![[pass.clone(), pass]];
    let rubric = |t: u8| {
        let mut r = Rubric([0; 13]);
        let mut left = t;
        for (k, spec) in RUBRIC.iter().enumerate() {
            let v = left.min(spec.max);
            r.0[k] = v;
            left -= v;
        }
        r
    };
    let passes = [vec![rubric(80), rubric(60)], vec![rubric(80), rubric(60)]];
    let s = standing(&rounds, Some(&passes), 2);
    assert!((s.scores[0] - (80.0 * 0.25 + 60.0)).abs() < 1e-9);
    assert!((s.scores[1] - (60.0 * 0.25 + 45.0)).abs() < 1e-9);
    assert_eq!(s.victory, Victory::Clear);
    assert_eq!(s.winner, Some(1));
    // An order-biased pair of passes: the first presented gets 10 more; it cancels.
    let biased = [vec![rubric(70), rubric(60)], vec![rubric(60), rubric(70)]];
    let s = standing(&rounds, Some(&biased), 2);
    assert!(!s.passes_agree);
    assert_eq!(s.evaluations, vec![65.0, 65.0]);
    // The round part alone gives 5 points (20 vs 15): narrow, never clear.
    assert_eq!(s.victory, Victory::Narrow);
}
