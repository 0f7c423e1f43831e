//! The team debate's rules, step by step.

use super::*;

fn labels(v: u8) -> JudgeScores {
    JudgeScores {
        logic: v,
        persuasion: v,
        expression: v,
        teamwork: v,
        rule_compliance: v,
        flags: vec![],
    }
}

fn debate(scale: f64) -> TeamDebate {
    TeamDebate::new(
        "This house would adopt a universal basic income",
        &TeamRules {
            length_scale: scale,
            live_scores: false,
        },
    )
}

/// Scores every unscored speech with `v`.
fn judge_all(g: &mut TeamDebate, v: u8) {
    while let Some(open) = g.asks().into_iter().find(|o| o.seat == JUDGE) {
        match open.ask {
            Ask::Judge { speech } => g
                .act(
                    JUDGE,
                    Action::Score {
                        speech,
                        scores: labels(v),
                        comment: String::new(),
                        offline: true,
                    },
                )
                .unwrap(),
            Ask::Review => g
                .act(
                    JUDGE,
                    Action::Review {
                        text: "A close debate.".into(),
                        offline: true,
                    },
                )
                .unwrap(),
            _ => unreachable!(),
        }
    }
}

/// Plays every turn with a short speech (answers picking the first target).
fn play_through(g: &mut TeamDebate) {
    while let Some(open) = g.turn().cloned() {
        let action = match open.ask {
            Ask::Question { targets, .. } => Action::Ask {
                target: targets[0],
                text: "One? Two? Three?".into(),
            },
            _ => Action::Speak {
                text: "We stand by our case.".into(),
            },
        };
        g.act(open.seat, action).unwrap();
    }
}

#[test]
fn the_order_of_speakers() {
    let mut g = debate(0.04);
    let mut order = Vec::new();
    while let Some(open) = g.turn().cloned() {
        order.push(seat_name(open.seat));
        let action = match open.ask {
            Ask::Question { targets, .. } => Action::Ask {
                target: targets[1],
                text: "Why? How? When?".into(),
            },
            _ => Action::Speak {
                text: "five words in this speech".into(),
            },
        };
        g.act(open.seat, action).unwrap();
    }
    let scripted: Vec<&str> = vec![
        "pro1", "con1", "pro2", "con3", "con2", "pro3", "pro3", "con3", "con3", "pro3", "pro1",
        "con1",
    ];
    assert_eq!(&order[..12], &scripted[..]);
    // Free debate: 40 words a team at 0.04, five words a speech: 8 each, alternating,
    // until both clocks are spent.
    let free: Vec<_> = order[12..order.len() - 2].to_vec();
    assert_eq!(free.len(), 16);
    assert!(free.iter().step_by(2).all(|s| s.starts_with("pro")));
    assert!(free.iter().skip(1).step_by(2).all(|s| s.starts_with("con")));
    assert_eq!(&order[order.len() - 2..], &["con4", "pro4"]);
    assert_eq!(g.stage(), Stage::Finished);
}

#[test]
fn a_whole_debate_is_judged_then_totalled() {
    let mut g = debate(1.0);
    play_through(&mut g);
    assert!(!g.is_over());
    judge_all(&mut g, 7);
    assert!(g.is_over());
    let t = g.totals().unwrap();
    assert_eq!(t.winner, Winner::Draw);
}

#[test]
fn con_cannot_open_free_debate_and_a_spent_clock_is_refused() {
    let mut g = debate(0.04);
    while g.stage() != Stage::FreeDebate {
        let open = g.turn().cloned().unwrap();
        g.timeout(open.seat).unwrap();
    }
    let before = g.log().len();
    assert_eq!(
        g.act(
            6,
            Action::Speak {
                text: "Con first".into()
            }
        ),
        Err(Refusal::ProOpens)
    );
    assert_eq!(g.log().len(), before);
    // Pro 3 (not offered the floor) speaks 45 words: over the 40-word clock.
    let long = vec!["word"; 45].join(" ");
    g.act(3, Action::Speak { text: long }).unwrap();
    assert_eq!(g.clock_left(), [0, 40]);
    let rules: Vec<_> = g
        .penalties()
        .iter()
        .map(|p| (p.charged, p.points, p.rule))
        .collect();
    assert_eq!(
        rules,
        vec![
            (Charged::Seat(3), -2, Rule::OverLimit),
            (Charged::Team(Side::Pro), -3, Rule::OverLimit)
        ]
    );
    assert_eq!(
        g.act(
            2,
            Action::Speak {
                text: "more".into()
            }
        ),
        Err(Refusal::ClockSpent("Pro"))
    );
    // Con speaks on alone, twice in a row, without a penalty.
    g.act(
        5,
        Action::Speak {
            text: "a b c".into(),
        },
    )
    .unwrap();
    g.act(
        6,
        Action::Speak {
            text: "a b c".into(),
        },
    )
    .unwrap();
    assert_eq!(g.penalties().len(), 2);
}
