//! The social debate's formulas, each branch against numbers worked by hand, and its
//! turn order.

use super::*;

fn rate(p: f64, a: f64) -> Rating {
    Rating {
        persuasion: p,
        attack: a,
        evidence: 0.0,
    }
}

#[test]
fn persuasion_moves_to_the_middle_and_weakens_conviction() {
    let mut m = Mind::new(0.8, 0.7);
    assert_eq!(m.rated(2, rate(0.7, 0.0)), None);
    // 0.8 · (1 − 0.7·0.3·0.3) = 0.7496; 0.7 · 0.85 = 0.595
    assert!((m.stance - 0.7496).abs() < 1e-12);
    assert!((m.conviction - 0.595).abs() < 1e-12);
    // At the threshold nothing moves, yet the value is recorded.
    let mut m = Mind::new(0.8, 0.7);
    m.rated(2, rate(0.6, 0.3));
    assert_eq!((m.stance, m.conviction), (0.8, 0.7));
    assert_eq!(m.persuasion.len(), 1);
    assert_eq!(m.mean_attack(), 0.3);
}

#[test]
fn attack_polarises_and_strengthens_conviction() {
    let mut m = Mind::new(-0.5, 0.25);
    m.rated(2, rate(0.0, 0.6));
    // effect = 0.6 − 0.2 = 0.4; −0.5 · 1.08 = −0.54; 0.25 · 1.1 = 0.275
    assert!((m.stance + 0.54).abs() < 1e-12);
    assert!((m.conviction - 0.275).abs() < 1e-12);
    // A strong conviction absorbs the attack but still firms up.
    let mut m = Mind::new(0.9, 0.95);
    m.rated(2, rate(0.0, 0.5));
    assert_eq!(m.stance, 0.9);
    assert_eq!(m.conviction, 1.0);
}

#[test]
fn each_surrender_condition_and_its_bonus() {
    let mut m = Mind::new(0.9, 0.45);
    assert_eq!(m.rated(3, rate(0.9, 0.0)), Some(Surrender::Persuaded));
    assert_eq!(m.bonus_to, Some(3));
    let mut m = Mind::new(0.15, 0.55);
    assert_eq!(m.rated(2, rate(0.65, 0.0)), Some(Surrender::Wavering));
    let mut m = Mind::new(0.9, 0.9);
    assert_eq!(m.rated(2, rate(0.55, 0.0)), None);
    assert_eq!(m.rated(3, rate(0.6, 0.0)), None);
    assert_eq!(m.rated(2, rate(0.51, 0.0)), Some(Surrender::Worn));
    // 2 gave 1.06 over the last three, 3 gave 0.6.
    assert_eq!(m.bonus_to, Some(2));
}

#[test]
fn a_tie_for_main_persuader_goes_to_the_latest() {
    let mut m = Mind::new(0.9, 0.9);
    m.rated(2, rate(0.3, 0.0));
    m.rated(3, rate(0.3, 0.0));
    assert_eq!(m.main_persuader(), Some(3));
}

#[test]
fn turns_skip_the_surrendered_and_the_debate_ends_with_one_left() {
    let starts = [0.8, -0.6, 0.1].map(|s| Start {
        stance: s,
        conviction: 0.5,
    });
    let rules = SocialRules {
        rounds: 3,
        length_scale: 1.0,
    };
    let mut g = SocialDebate::new("m", &starts, &rules);
    g.act(1, Action::Speak { text: "a".into() }).unwrap();
    assert!(g.act(2, Action::Speak { text: "b".into() }).is_err());
    let ratings = Ratings {
        ratings: vec![(3, rate(0.0, 0.0)), (2, rate(0.0, 0.0))],
        offline: false,
    };
    g.act(4, Action::Rate(ratings)).unwrap();
    g.act(2, Action::Concede).unwrap();
    assert_eq!(g.ask().unwrap().0, 3);
    g.act(3, Action::Concede).unwrap();
    assert!(g.is_over());
    assert_eq!(g.verdict(), (Some(1), Verdict::Overwhelming));
}

#[test]
fn stances_are_shown_between_rounds_and_the_result_comes_with_its_breakdown() {
    let starts = [0.8, -0.6, 0.3].map(|s| Start {
        stance: s,
        conviction: 0.6,
    });
    let rules = SocialRules {
        rounds: 2,
        length_scale: 1.0,
    };
    let mut g = SocialDebate::new("m", &starts, &rules);
    let everyone = |s: Seat| (1..=3).filter(|&t| t != s).collect::<Vec<Seat>>();
    while !g.is_over() {
        let (seat, ask) = g.ask().unwrap();
        let action = match ask {
            Ask::Speak { .. } => Action::Speak { text: "a".into() },
            Ask::Rate { speaker, .. } => Action::Rate(Ratings {
                ratings: everyone(speaker)
                    .into_iter()
                    .map(|t| (t, rate(0.7, 0.4)))
                    .collect(),
                offline: false,
            }),
        };
        g.act(seat, action).unwrap();
    }
    let events: Vec<&Event> = g.log().iter().map(|l| &l.event).collect();
    // After round 1 (before round 2 starts) and at the end.
    let standing: Vec<usize> = (0..events.len())
        .filter(|&i| matches!(events[i], Event::Standing { .. }))
        .collect();
    assert_eq!(standing.len(), 2, "{events:?}");
    assert!(matches!(
        events[standing[0] + 1],
        Event::RoundStarted { round: 2 }
    ));
    let Event::Standing { minds, .. } = events[standing[0]] else {
        unreachable!()
    };
    assert_eq!(minds.len(), 3);
    let n = events.len();
    let (Event::Breakdown { parts }, Event::Finished { scores, .. }) =
        (events[n - 2], events[n - 1])
    else {
        panic!("{events:?}")
    };
    for (p, s) in parts.iter().zip(scores) {
        assert!((p.total() - s).abs() < 1e-9, "{p:?} {s}");
        assert!(p.influence > 0.0 && p.held >= 0.0);
    }
}
