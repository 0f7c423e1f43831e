//! Unit tests of single rules; whole games are covered by the scenarios in `tests/`.

use super::*;

fn standard() -> [Role; SEATS] {
    use Role::*;
    [
        Werewolf, Werewolf, Werewolf, Villager, Villager, Villager, Seer, Witch, Hunter,
    ]
}

fn game() -> Werewolf {
    Werewolf::with_roles(Arc::new(Rules::default()), standard(), 7)
}

fn kill(g: &mut Werewolf, seat: Seat, target: Seat) {
    g.act(seat, Action::Kill { target }).unwrap();
}

#[test]
fn deal_is_a_permutation_of_the_deck() {
    for seed in 0..50 {
        let mut roles = deal(seed);
        roles.sort();
        let mut deck = DECK;
        deck.sort();
        assert_eq!(roles, deck);
    }
    assert_ne!(deal(1), deal(2));
}

#[test]
fn night_one_asks_first_wolf_and_seer() {
    let g = game();
    let asks: Vec<(Seat, AskKind)> = g.asks().iter().map(|a| (a.seat, a.kind)).collect();
    assert_eq!(asks, vec![(1, AskKind::WolfPick), (7, AskKind::SeerCheck)]);
    assert_eq!(g.phase(), Phase::Night);
    assert_eq!(g.day(), 1);
}

#[test]
fn refusal_changes_nothing() {
    let mut g = game();
    let before = g.log().len();
    let asks = g.asks().to_vec();
    assert!(matches!(
        g.act(2, Action::Kill { target: 4 }),
        Err(Refusal::NotYourTurn { .. })
    ));
    assert!(matches!(
        g.act(7, Action::Check { target: 7 }),
        Err(Refusal::BadTarget { .. })
    ));
    assert!(matches!(
        g.act(1, Action::Vote { target: 4 }),
        Err(Refusal::WrongAction { .. })
    ));
    assert!(matches!(
        g.act(12, Action::Pass),
        Err(Refusal::UnknownSeat { seat: 12, seats: 9 })
    ));
    assert_eq!(g.log().len(), before);
    assert_eq!(g.asks(), &asks[..]);
}

#[test]
fn wolf_majority_and_witch_told() {
    let mut g = game();
    kill(&mut g, 1, 4);
    kill(&mut g, 2, 5);
    kill(&mut g, 3, 4);
    let witch = g.ask_for(8).copied().unwrap();
    assert_eq!(witch.attacked, Some(4));
    assert!(witch.can_save);
    assert_eq!(witch.targets, EVERY_SEAT.without(8));
}

#[test]
fn wolf_tie_twice_goes_to_lot() {
    let mut g = game();
    kill(&mut g, 1, 4);
    kill(&mut g, 2, 5);
    kill(&mut g, 3, 6);
    assert!(g
        .log()
        .iter()
        .any(|l| matches!(l.event, Event::WolfTie { .. })));
    kill(&mut g, 1, 4);
    kill(&mut g, 2, 5);
    g.timeout(3).unwrap();
    let attacked = g.ask_for(8).unwrap().attacked.unwrap();
    assert!(attacked == 4 || attacked == 5);
}

#[test]
fn witch_both_potions_end_her_turn() {
    let mut g = game();
    for w in 1..=3 {
        kill(&mut g, w, 4);
    }
    g.act(8, Action::Poison { target: 1 }).unwrap();
    assert!(g.ask_for(8).is_some());
    g.act(8, Action::Save).unwrap();
    assert!(g.ask_for(8).is_none());
    g.act(7, Action::Check { target: 2 }).unwrap();
    assert_eq!(g.deaths(), &[1]);
    assert_eq!(g.phase(), Phase::Day);
    // witch: save good +4, poison wolf +4, dawn -1
    assert_eq!(g.gpp()[7], 7);
    // seer: checked a wolf +2, dawn -1
    assert_eq!(g.gpp()[6], 1);
}

#[test]
fn speech_over_limit_is_refused() {
    let mut g = game();
    for w in 1..=3 {
        g.timeout(w).unwrap();
    }
    g.timeout_all();
    assert_eq!(g.phase(), Phase::Day);
    let long: String = "狼".repeat(301);
    assert!(matches!(
        g.act(1, Action::Speak { text: long }),
        Err(Refusal::SpeechTooLong { len: 301, .. })
    ));
    g.act(
        1,
        Action::Speak {
            text: "狼".repeat(300),
        },
    )
    .unwrap();
}

#[test]
fn handed_over_claims_are_not_read_again() {
    let mut g = game();
    for w in 1..=3 {
        g.timeout(w).unwrap();
    }
    g.timeout_all();
    assert_eq!(g.phase(), Phase::Day);
    let speaker = |g: &Werewolf| {
        g.asks()
            .iter()
            .find(|a| a.kind == AskKind::Speech)
            .expect("a speech is asked")
            .seat
    };
    let last_claims = |g: &Werewolf| {
        g.log()
            .iter()
            .rev()
            .find_map(|l| match &l.event {
                Event::Speech { claims, .. } => Some(*claims),
                _ => None,
            })
            .expect("a speech was made")
    };
    // Read by the game.
    let s = speaker(&g);
    g.act(
        s,
        Action::Speak {
            text: "Vote 5.".into(),
        },
    )
    .unwrap();
    assert_eq!(last_claims(&g).accuses, SeatSet::only(5));
    // Handed over: the event carries them as given.
    let meant = Claims {
        accuses: SeatSet::only(6),
        ..Claims::default()
    };
    let s = speaker(&g);
    g.act_with_claims(
        s,
        Action::Speak {
            text: "Vote 6.".into(),
        },
        meant,
    )
    .unwrap();
    assert_eq!(last_claims(&g), meant);
    // A refused speech changes nothing.
    let s = speaker(&g);
    assert!(g
        .act_with_claims(
            s,
            Action::Speak {
                text: "x".repeat(301)
            },
            meant
        )
        .is_err());
    assert_eq!(speaker(&g), s);
}

#[test]
fn views_hide_roles() {
    let g = game();
    let v = g.view(4);
    assert_eq!(v.role, Role::Villager);
    assert!(v.knowledge.wolves.is_none());
    for e in &v.events {
        if let Event::RoleDealt { seat, .. } = e {
            assert_eq!(*seat, 4);
        }
        assert!(!matches!(e, Event::WolfPack { .. }));
    }
    let w = g.view(2);
    assert_eq!(w.knowledge.wolves, Some([1, 2, 3].into_iter().collect()));
}

#[test]
fn stale_ask_seq_changes_for_new_asks_only() {
    let mut g = game();
    let seer_seq = g.ask_for(7).unwrap().seq;
    let wolf_seq = g.ask_for(1).unwrap().seq;
    kill(&mut g, 1, 4);
    assert_eq!(g.ask_for(7).unwrap().seq, seer_seq);
    assert_ne!(g.ask_for(2).unwrap().seq, wolf_seq);
}

#[test]
fn choices_become_actions_in_one_place() {
    let ask = |kind| Ask {
        seat: 1,
        kind,
        targets: EVERY_SEAT,
        attacked: None,
        can_save: true,
        max_chars: 300,
        no_abstain: false,
        seq: 0,
    };
    let read = |kind, verb: &str, t: Option<Seat>| {
        Choice::read(kind, verb, t).and_then(|c| ask(kind).action(c).map_err(|e| e.to_string()))
    };
    assert_eq!(
        read(AskKind::WolfPick, "kill", Some(3)),
        Ok(Action::Kill { target: 3 })
    );
    assert_eq!(
        read(AskKind::WolfPick, "pick", Some(3)),
        Ok(Action::Kill { target: 3 })
    );
    assert_eq!(
        read(AskKind::SeerCheck, "check", Some(4)),
        Ok(Action::Check { target: 4 })
    );
    assert_eq!(
        read(AskKind::HunterShot, "shoot", Some(5)),
        Ok(Action::Shoot { target: 5 })
    );
    assert_eq!(
        read(AskKind::HunterShot, "decline", None),
        Ok(Action::Decline)
    );
    assert_eq!(read(AskKind::HunterShot, "pass", None), Ok(Action::Decline));
    assert_eq!(
        read(AskKind::Vote, "vote", Some(2)),
        Ok(Action::Vote { target: 2 })
    );
    assert_eq!(read(AskKind::PkVote, "abstain", None), Ok(Action::Abstain));
    assert_eq!(read(AskKind::Witch, "save", None), Ok(Action::Save));
    assert_eq!(
        read(AskKind::Witch, "poison", Some(6)),
        Ok(Action::Poison { target: 6 })
    );
    assert_eq!(read(AskKind::Witch, "pass", None), Ok(Action::Pass));
    // The wrong word for the ask, or a word without its seat, is no answer.
    assert!(read(AskKind::SeerCheck, "kill", Some(3)).is_err());
    assert!(read(AskKind::WolfPick, "abstain", None).is_err());
    assert!(read(AskKind::WolfPick, "kill", None).is_err());
    assert!(read(AskKind::Witch, "vote", Some(2)).is_err());
    assert_eq!(
        ask(AskKind::Speech).action(Choice::Say("hi".into())),
        Ok(Action::Speak { text: "hi".into() })
    );
    assert!(ask(AskKind::Vote).action(Choice::Say("hi".into())).is_err());
    assert!(ask(AskKind::Speech).action(Choice::Nobody).is_err());
}

/// A person who leaves the game is told how: at dawn, by the vote, or by the hunter's shot.
#[test]
fn fallen_says_who_left_the_game_and_how() {
    let dawn = Event::Dawn {
        day: 2,
        dead: [3, 6].into_iter().collect(),
    };
    assert_eq!(
        dawn.fallen(),
        Some(([3, 6].into_iter().collect(), Fall::Night))
    );
    let peaceful = Event::Dawn {
        day: 2,
        dead: SeatSet::EMPTY,
    };
    assert_eq!(peaceful.fallen(), None);
    assert_eq!(
        Event::Eliminated { seat: Some(4) }.fallen(),
        Some((SeatSet::only(4), Fall::VotedOut))
    );
    assert_eq!(Event::Eliminated { seat: None }.fallen(), None);
    let shot = Event::HunterShot {
        hunter: 4,
        target: Some(7),
    };
    assert_eq!(shot.fallen(), Some((SeatSet::only(7), Fall::Shot)));
    assert_eq!(Fall::Shot.words(), "shot by the hunter");
    let declined = Event::HunterShot {
        hunter: 4,
        target: None,
    };
    assert_eq!(declined.fallen(), None);
}
