//! The team debate's rules, step by step.

use super::*;
use crate::Game;

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
            ..TeamRules::default()
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
fn a_missed_pro_opening_in_free_debate_passes_the_floor_to_con() {
    let mut g = debate(0.04);
    while g.stage() != Stage::FreeDebate {
        let open = g.turn().cloned().unwrap();
        g.timeout(open.seat).unwrap();
    }
    let pro = g.turn().cloned().unwrap();
    assert_eq!(side_of(pro.seat), Some(Side::Pro));
    g.timeout(pro.seat).unwrap();
    let con = g.turn().cloned().unwrap();
    assert_eq!(side_of(con.seat), Some(Side::Con));
    g.act(
        con.seat,
        Action::Speak {
            text: "Con speaks once Pro let its turn go".into(),
        },
    )
    .unwrap();
    assert_eq!(g.clock_left()[1], 40 - 8);
}

#[test]
fn a_team_that_rests_gives_up_its_clock_and_the_floor() {
    let mut g = debate(0.04);
    // Not in free debate: refused, nothing changes.
    let first = g.turn().cloned().unwrap();
    let before = g.log().len();
    assert!(matches!(
        g.act(first.seat, Action::Rest),
        Err(Refusal::Wrong(_))
    ));
    assert_eq!(g.log().len(), before);
    while g.stage() != Stage::FreeDebate {
        let open = g.turn().cloned().unwrap();
        g.timeout(open.seat).unwrap();
    }
    // Only the team with the floor rests.
    assert!(matches!(g.act(6, Action::Rest), Err(Refusal::Wrong(_))));
    g.act(
        2,
        Action::Speak {
            text: "Pro speaks first".into(),
        },
    )
    .unwrap();
    assert!(matches!(g.act(3, Action::Rest), Err(Refusal::Wrong(_))));
    g.act(7, Action::Rest).unwrap();
    assert_eq!(g.clock_left(), [40 - 3, 0]);
    assert!(g
        .log()
        .iter()
        .any(|l| l.event == Event::Rested { seat: 7, left: 40 }));
    // Pro alone has time: the floor stays with it until it rests too.
    assert_eq!(side_of(g.turn().unwrap().seat), Some(Side::Pro));
    g.act(2, Action::Rest).unwrap();
    assert_eq!(g.stage(), Stage::Closing);
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
    // Con, alone with time left, lets its turn go: it has nothing more to say, and the
    // free debate ends rather than offering it the floor again.
    let con = g.turn().cloned().unwrap();
    assert_eq!(side_of(con.seat), Some(Side::Con));
    g.timeout(con.seat).unwrap();
    assert_eq!(g.clock_left(), [0, 0]);
    assert_ne!(g.stage(), Stage::FreeDebate);
}

fn score(g: &mut TeamDebate, speech: u32, v: u8, flags: Vec<Flag>) {
    let mut scores = labels(v);
    scores.flags = flags;
    g.act(
        JUDGE,
        Action::Score {
            speech,
            scores,
            comment: "fine".into(),
            offline: false,
        },
    )
    .unwrap();
}

/// Gives the openings and Pro 2's questions to Con 2.
fn to_first_answer(g: &mut TeamDebate) {
    g.act(
        1,
        Action::Speak {
            text: "a b c".into(),
        },
    )
    .unwrap();
    g.act(
        5,
        Action::Speak {
            text: "a b c".into(),
        },
    )
    .unwrap();
    g.act(
        2,
        Action::Ask {
            target: 6,
            text: "Why? How? When?".into(),
        },
    )
    .unwrap();
}

#[test]
fn a_counter_question_costs_two_once_per_answer() {
    let mut g = debate(1.0);
    to_first_answer(&mut g);
    g.act(
        6,
        Action::Speak {
            text: "We answer. Do you?".into(),
        },
    )
    .unwrap();
    assert_eq!(g.penalties().len(), 1);
    assert_eq!(g.penalties()[0].rule, Rule::CounterQuestion);
    for i in 0..3 {
        score(&mut g, i, 5, vec![]);
    }
    // The judge flags it too: still once.
    score(&mut g, 3, 5, vec![Flag::CounterQuestion]);
    assert_eq!(g.penalties().len(), 1);
    assert_eq!(g.running_totals().individual_x100[5], 500 - 200);
}

#[test]
fn the_judges_flags_cost_only_where_the_rules_say() {
    let mut g = debate(1.0);
    to_first_answer(&mut g);
    g.act(
        6,
        Action::Speak {
            text: "A straight answer.".into(),
        },
    )
    .unwrap();
    score(&mut g, 0, 6, vec![Flag::AttackerAnswered, Flag::OffTopic]);
    score(&mut g, 1, 6, vec![Flag::CounterQuestion]);
    score(&mut g, 2, 6, vec![Flag::AttackerAnswered]);
    score(
        &mut g,
        3,
        6,
        vec![Flag::CounterQuestion, Flag::PersonalAttack],
    );
    let charged: Vec<_> = g.penalties().iter().map(|p| (p.charged, p.rule)).collect();
    assert_eq!(
        charged,
        vec![
            (Charged::Seat(2), Rule::AttackerAnswered),
            (Charged::Seat(6), Rule::CounterQuestion)
        ]
    );
    // Without live scores the labels and what follows from them are the moderator's.
    let hidden = g
        .log()
        .iter()
        .filter(|l| matches!(l.event, Event::Scored(_) | Event::Penalised(_)))
        .all(|l| l.audience == Audience::Moderator);
    assert!(hidden);
}

#[test]
fn live_scores_are_public() {
    let mut g = TeamDebate::new(
        "m",
        &TeamRules {
            length_scale: 1.0,
            live_scores: true,
            ..TeamRules::default()
        },
    );
    g.act(1, Action::Speak { text: "a".into() }).unwrap();
    score(&mut g, 0, 6, vec![]);
    assert!(g
        .log()
        .iter()
        .any(|l| matches!(l.event, Event::Scored(_)) && l.audience == Audience::Everyone));
}

#[test]
fn a_skipped_question_skips_its_answer() {
    let mut g = debate(1.0);
    g.act(1, Action::Speak { text: "a".into() }).unwrap();
    g.act(5, Action::Speak { text: "a".into() }).unwrap();
    assert_eq!(g.turn().unwrap().seat, 2);
    g.timeout(2).unwrap();
    // Con 2 cross-examines next.
    let open = g.turn().unwrap();
    assert_eq!(open.seat, 6);
    assert!(matches!(
        open.ask,
        Ask::Question {
            targets: [2, 3],
            ..
        }
    ));
    assert!(g.log().iter().any(|l| l.event
        == Event::Skipped {
            seat: 2,
            part: Part::Question
        }));
}

#[test]
fn a_bad_target_or_an_out_of_turn_speech_changes_nothing() {
    let mut g = debate(1.0);
    g.act(1, Action::Speak { text: "a".into() }).unwrap();
    g.act(5, Action::Speak { text: "a".into() }).unwrap();
    let before = (g.log().len(), g.turn().cloned());
    assert!(matches!(
        g.act(
            2,
            Action::Ask {
                target: 8,
                text: "Why?".into()
            }
        ),
        Err(Refusal::BadTarget { .. })
    ));
    assert!(matches!(
        g.act(3, Action::Speak { text: "me".into() }),
        Err(Refusal::NotYourTurn { .. })
    ));
    assert!(g.act(2, Action::Speak { text: "x".into() }).is_err());
    assert_eq!(
        g.act(
            JUDGE,
            Action::Score {
                speech: 9,
                scores: labels(5),
                comment: String::new(),
                offline: false
            }
        ),
        Err(Refusal::Wrong("there is no speech 9 to score".into()))
    );
    let mut bad = labels(5);
    bad.logic = 11;
    assert!(matches!(
        g.act(
            JUDGE,
            Action::Score {
                speech: 0,
                scores: bad,
                comment: String::new(),
                offline: false
            }
        ),
        Err(Refusal::BadScore {
            criterion: "logic",
            value: 11
        })
    ));
    assert_eq!((g.log().len(), g.turn().cloned()), before);
}

#[test]
fn team_notes_and_hand_offs_stay_with_the_team() {
    let mut g = debate(0.04);
    while g.stage() != Stage::FreeDebate {
        let open = g.turn().cloned().unwrap();
        g.timeout(open.seat).unwrap();
    }
    g.act(
        7,
        Action::TeamNote {
            text: "Press them on cost".into(),
        },
    )
    .unwrap();
    let open = g.turn().cloned().unwrap();
    assert_eq!(open.seat, 1);
    g.act(
        1,
        Action::HandOff {
            to: 3,
            direction: "Rebut the cost point".into(),
        },
    )
    .unwrap();
    let open = g.turn().cloned().unwrap();
    assert_eq!(open.seat, 3);
    assert!(matches!(
        open.ask,
        Ask::Speak {
            may_hand_off: false,
            direction: Some(_),
            ..
        }
    ));
    assert!(g
        .act(
            3,
            Action::HandOff {
                to: 4,
                direction: String::new()
            }
        )
        .is_err());
    let con: SeatSet = Side::Con.seats().into_iter().collect();
    let pro: SeatSet = Side::Pro.seats().into_iter().collect();
    for l in g.log() {
        match &l.event {
            Event::TeamNote { .. } => assert_eq!(l.audience, Audience::Seats(con)),
            Event::HandedOff { .. } => assert_eq!(l.audience, Audience::Seats(pro)),
            _ => {}
        }
    }
}

#[test]
fn a_team_with_a_captain_offers_the_floor_to_the_captain_every_turn() {
    // Pro 1 is a person: Pro 2 captains Pro; Con 5 captains Con.
    let rules = TeamRules {
        length_scale: 0.04,
        ..TeamRules::default()
    }
    .captained_for(&[1]);
    assert_eq!(rules.captains, [Some(2), Some(5)]);
    let mut g = TeamDebate::new("This house would test", &rules);
    while g.stage() != Stage::FreeDebate {
        let open = g.turn().cloned().unwrap();
        g.timeout(open.seat).unwrap();
    }
    let mut offered = Vec::new();
    for _ in 0..6 {
        let Some(open) = g.turn().cloned() else { break };
        if let Ask::Speak {
            may_hand_off: true, ..
        } = open.ask
        {
            offered.push(open.seat);
        }
        g.act(
            open.seat,
            Action::Speak {
                text: "a point".into(),
            },
        )
        .unwrap();
    }
    assert_eq!(offered, [2, 5, 2, 5, 2, 5], "one captain a team");
    // A team of people only has no captain: its floor goes round.
    assert_eq!(
        TeamRules::default().captained_for(&[5, 6, 7, 8]).captains,
        [Some(1), None]
    );
    // Stored rules without captains read back as before.
    let old: TeamRules = serde_json::from_str(r#"{"length_scale":1.0}"#).unwrap();
    assert_eq!(old.captains, [None, None]);
    assert!(!serde_json::to_string(&old).unwrap().contains("captains"));
}

#[test]
fn out_of_turn_in_free_debate_costs_the_team_and_missed_turns_end_it() {
    let mut g = debate(1.0);
    while g.stage() != Stage::FreeDebate {
        let open = g.turn().cloned().unwrap();
        g.timeout(open.seat).unwrap();
    }
    g.act(
        2,
        Action::Speak {
            text: "ours".into(),
        },
    )
    .unwrap();
    // Con's floor; Pro speaks again.
    g.act(
        4,
        Action::Speak {
            text: "again".into(),
        },
    )
    .unwrap();
    let last = g.penalties().last().unwrap();
    assert_eq!(
        (last.charged, last.points, last.rule),
        (Charged::Team(Side::Pro), -3, Rule::SameTeamTwice)
    );
    for _ in 0..18 {
        assert_eq!(g.stage(), Stage::FreeDebate);
        let open = g.turn().cloned().unwrap();
        g.timeout(open.seat).unwrap();
    }
    assert_eq!(g.stage(), Stage::Closing);
    assert_eq!(g.turn().unwrap().seat, 8);
}

#[test]
fn a_draw_is_equal_totals_to_one_decimal_and_best_is_first_in_seat_order() {
    let mut g = debate(1.0);
    play_through(&mut g);
    judge_all(&mut g, 7);
    let t = g.totals().unwrap();
    assert_eq!(t.team_x100[0], t.team_x100[1]);
    assert_eq!(t.winner, Winner::Draw);
    // Pro 2 and Con 2 gave the most speeches (questions, answers, free debate) or tie.
    let max = *t.individual_x100.iter().max().unwrap();
    let first = t.individual_x100.iter().position(|&x| x == max).unwrap() as Seat + 1;
    assert_eq!(t.best, first);
    assert!(g.outcome().is_some());
}

#[test]
fn the_judges_deadline_leaves_a_speech_unjudged() {
    let mut g = debate(1.0);
    g.act(1, Action::Speak { text: "a".into() }).unwrap();
    g.timeout(JUDGE).unwrap();
    assert_eq!(g.scores()[0], None);
    assert!(g.asks().iter().all(|o| o.seat != JUDGE));
}

#[test]
fn a_speech_is_read_after_the_speech_it_follows_and_nothing_else_is() {
    let mut g = debate(1.0);
    let speak = Action::Speak { text: "x".into() };
    assert_eq!(Game::reading_words(&g, &speak), 0, "nothing said yet");
    g.act(
        1,
        Action::Speak {
            text: "one two three four five".into(),
        },
    )
    .unwrap();
    assert_eq!(Game::reading_words(&g, &speak), 5);
    let score = Action::Score {
        speech: 0,
        scores: labels(7),
        comment: String::new(),
        offline: true,
    };
    assert_eq!(
        Game::reading_words(&g, &score),
        0,
        "a judge reads nothing first"
    );
}
