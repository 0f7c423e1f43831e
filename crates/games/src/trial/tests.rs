use super::*;
use crate::{Lang, Localized, Viewer};

fn weights(pairs: &[(&str, f64)]) -> BTreeMap<String, f64> {
    pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

fn setup(players: usize, rounds: u8) -> TrialSetup {
    TrialSetup {
        case: "t".into(),
        topics: vec!["external_attack".into(), "victim_position".into()],
        jurors: vec![
            JurorSeat {
                id: "a".into(),
                name: "A".into(),
                stance: 0.0,
                weights: weights(&[("external_attack", 20.0), ("victim_position", 5.0)]),
                speaker_power: 1.0,
            },
            JurorSeat {
                id: "b".into(),
                name: "B".into(),
                stance: -60.0,
                weights: weights(&[("external_attack", 10.0), ("victim_position", -15.0)]),
                speaker_power: 1.5,
            },
            JurorSeat {
                id: "c".into(),
                name: "C".into(),
                stance: 30.0,
                weights: weights(&[("external_attack", 18.0)]),
                speaker_power: 1.0,
            },
        ],
        cards: vec![Card {
            id: "logs".into(),
            effects: weights(&[("a", 40.0), ("b", 5.0)]),
        }],
        sides: vec![Side::Defense; players],
        rules: TrialRules {
            deliberation_rounds: rounds,
            turns_per_juror: 2,
            ..TrialRules::default()
        },
        lang: Lang::En,
    }
}

fn attack(quote: &str) -> Labels {
    Labels {
        topics: vec![TopicLabel {
            topic: "external_attack".into(),
            impact: Impact::Positive,
            quote: quote.into(),
        }],
        offline: false,
    }
}

const MSG: &str = "The attack came from outside, plainly.";

#[test]
fn a_message_is_labelled_then_answered_and_the_budget_holds() {
    let mut t = Trial::new(&setup(1, 0));
    assert_eq!(t.asks().len(), 1);
    t.act(
        1,
        Action::Say {
            juror: "a".into(),
            text: MSG.into(),
        },
    )
    .unwrap();
    // The player waits for the answer; the juror is asked to label.
    let asks = t.asks();
    assert_eq!(asks.len(), 1);
    assert!(matches!(asks[0], (2, _, Ask::Label { .. })));
    t.act(2, Action::Label(attack("the attack came from outside")))
        .unwrap();
    assert_eq!(t.jurors()[0].stance, 20.0);
    assert!(matches!(
        t.asks()[0],
        (
            2,
            _,
            Ask::Reply {
                band: Band::LeansNotGuilty,
                ..
            }
        )
    ));
    t.act(2, Action::Reply { text: "Hm.".into() }).unwrap();
    t.act(
        1,
        Action::Say {
            juror: "a".into(),
            text: MSG.into(),
        },
    )
    .unwrap();
    t.act(2, Action::Label(attack("the attack came from outside")))
        .unwrap();
    assert_eq!(t.jurors()[0].stance, 30.0, "a repeat halves");
    t.timeout(2).unwrap();
    let third = Action::Say {
        juror: "a".into(),
        text: MSG.into(),
    };
    assert!(matches!(
        t.check(1, &third),
        Err(Refusal::NoTurnsLeft(2, _))
    ));
    assert!(matches!(
        t.check(
            1,
            &Action::Say {
                juror: "z".into(),
                text: MSG.into()
            }
        ),
        Err(Refusal::NoSuchJuror(_))
    ));
}

#[test]
fn evidence_applies_once_uncapped_and_without_a_turn() {
    let mut t = Trial::new(&setup(1, 0));
    t.act(
        1,
        Action::Present {
            card: "logs".into(),
        },
    )
    .unwrap();
    assert_eq!(t.jurors()[0].stance, 40.0);
    assert_eq!(t.jurors()[1].stance, -55.0);
    assert_eq!(
        t.check(
            1,
            &Action::Present {
                card: "logs".into()
            }
        ),
        Err(Refusal::AlreadyPresented("logs".into()))
    );
    assert_eq!(t.turns_left(1, 0), 2);
}

#[test]
fn deliberation_order_moves_and_verdict() {
    let mut t = Trial::new(&setup(1, 2));
    t.act(1, Action::Rest).unwrap();
    // b (|−60|) speaks first.
    let asks = t.asks();
    assert!(matches!(
        asks[..],
        [(3, _, Ask::Deliberate { round: 1, .. })]
    ));
    assert!(t
        .check(
            2,
            &Action::Statement {
                text: MSG.into(),
                labels: attack("attack")
            }
        )
        .is_err());
    t.act(
        3,
        Action::Statement {
            text: MSG.into(),
            labels: attack("the attack came from outside"),
        },
    )
    .unwrap();
    // a: 20 × 1 × 1.5 × (1 − 60/200) = 21 → 15; c: 18 × 1.5 × (1 − 90/200) = 14.85.
    assert_eq!(t.jurors()[0].stance, 15.0);
    assert!((t.jurors()[2].stance - 44.85).abs() < 1e-9);
    assert_eq!(t.asks().len(), 2);
    t.act(2, Action::Reply { text: "ok".into() }).unwrap();
    t.timeout(4).unwrap();
    // Round 2: c (44.85) is furthest of those not yet heard.
    assert!(matches!(
        t.asks()[..],
        [(4, _, Ask::Deliberate { round: 2, .. })]
    ));
    t.timeout(4).unwrap();
    assert!(t.is_over());
    assert!(t.not_guilty());
    let v = t.log().last().unwrap();
    assert!(matches!(
        &v.event,
        Event::Verdict {
            not_guilty: true,
            ..
        }
    ));
}

#[test]
fn stances_stay_hidden_from_players_until_the_verdict() {
    let mut t = Trial::new(&setup(2, 1));
    t.act(
        1,
        Action::Say {
            juror: "a".into(),
            text: MSG.into(),
        },
    )
    .unwrap();
    t.act(3, Action::Label(attack("the attack came from outside")))
        .unwrap();
    t.act(
        3,
        Action::Reply {
            text: "Go on.".into(),
        },
    )
    .unwrap();
    t.act(
        2,
        Action::Present {
            card: "logs".into(),
        },
    )
    .unwrap();
    for l in t.log() {
        let shown = l.audience.shown_to(Viewer::Seat(1)) || l.audience.shown_to(Viewer::Seat(2));
        let stance_shaped = matches!(
            l.event,
            Event::Heard { .. }
                | Event::Weighed { .. }
                | Event::Deliberated { .. }
                | Event::Verdict { .. }
        );
        assert!(!(shown && stance_shaped), "{:?} shown to a player", l.event);
    }
}

#[test]
fn the_host_call_closes_the_argument_after_pending_answers() {
    let mut t = Trial::new(&setup(2, 0));
    t.act(
        1,
        Action::Say {
            juror: "b".into(),
            text: MSG.into(),
        },
    )
    .unwrap();
    t.act(2, Action::CallVerdict).unwrap();
    assert!(!t.is_over(), "the message in flight is still answered");
    assert_eq!(
        t.check(1, &Action::Rest),
        Err(Refusal::Wrong("you have rested your case".into()))
    );
    t.timeout(4).unwrap();
    t.timeout(4).unwrap();
    assert!(t.is_over());
    assert!(!t.not_guilty());
}

#[test]
fn hints_show_the_vague_label_only_when_asked() {
    for (hints, want) in [
        (Hints::None, None),
        (Hints::Labels, Some("Neutral attitude")),
    ] {
        let mut s = setup(1, 0);
        s.rules.hints = hints;
        let mut t = Trial::new(&s);
        t.act(
            1,
            Action::Say {
                juror: "a".into(),
                text: MSG.into(),
            },
        )
        .unwrap();
        t.act(2, Action::Label(attack("the attack came from outside")))
            .unwrap();
        t.act(2, Action::Reply { text: "Hm.".into() }).unwrap();
        let hint = t.log().iter().find_map(|l| match &l.event {
            Event::Replied { hint, .. } => Some(hint.clone()),
            _ => None,
        });
        assert_eq!(hint, Some(want.map(String::from)));
    }
}

/// The hint is told from the answered player's side: a juror leaning NOT GUILTY agrees
/// with the defence and not with the prosecution (issue 43: a prosecutor was told a
/// defence-leaning juror "Seems to agree with you").
#[test]
fn hint_labels_are_relative_to_the_players_side() {
    let mut s = setup(2, 0);
    s.rules.mode = Mode::Adversarial;
    s.sides = vec![Side::Defense, Side::Prosecution];
    s.rules.hints = Hints::Labels;
    // Juror c leans NOT GUILTY (+30, then +18 from the message, +48 in all).
    s.jurors[2].stance = 70.0;
    let mut t = Trial::new(&s);
    let c = 5;
    for player in [1, 2] {
        t.act(
            player,
            Action::Say {
                juror: "c".into(),
                text: "Nothing in this case is about the weather, I promise you.".into(),
            },
        )
        .unwrap();
        t.act(c, Action::Label(Labels::default())).unwrap();
        t.act(c, Action::Reply { text: "Hm.".into() }).unwrap();
    }
    let hints: Vec<(Seat, Option<String>)> = t
        .log()
        .iter()
        .filter_map(|l| match &l.event {
            Event::Replied { player, hint, .. } => Some((*player, hint.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        hints,
        vec![
            (1, Some("Seems to agree with you".to_string())),
            (2, Some("Doesn't seem to agree with you".to_string())),
        ]
    );
    for (stance, defence, prosecution) in [
        (
            -45.0,
            "Doesn't seem to agree with you",
            "Seems to be considering your viewpoint",
        ),
        (-10.0, "Seems to have some doubts", "Neutral attitude"),
        (
            45.0,
            "Seems to be considering your viewpoint",
            "Doesn't seem to agree with you",
        ),
    ] {
        assert_eq!(vague_label(stance, Side::Defense, Lang::En), defence);
        assert_eq!(
            vague_label(stance, Side::Prosecution, Lang::En),
            prosecution
        );
    }
    assert_eq!(vague_label(70.0, Side::Defense, Lang::ZhCn), "似乎认同你");
}

#[test]
fn refusals_read_in_english_as_displayed_and_in_chinese() {
    for r in [
        Refusal::Over,
        Refusal::NoSuchSeat(9),
        Refusal::ArgumentClosed,
        Refusal::NoSuchJuror("x".into()),
        Refusal::NoTurnsLeft(6, "Wang".into()),
        Refusal::NoSuchCard("logs".into()),
        Refusal::AlreadyPresented("logs".into()),
        Refusal::Empty,
        Refusal::Wrong(RESTED.into()),
        Refusal::Wrong("only jurors answer".into()),
    ] {
        assert_eq!(r.text(Lang::En), r.to_string());
        let zh = r.text(Lang::ZhCn);
        if !matches!(&r, Refusal::Wrong(w) if w != RESTED) {
            assert!(zh.chars().any(crate::lang::is_han), "{zh}");
        }
    }
    assert_eq!(
        Refusal::AlreadyPresented("logs".into()).text(Lang::ZhCn),
        "证据“logs”已经出示过了"
    );
}
