//! Unit tests of the rules beyond the nine-seat board: the guard, the idiot, the wolf
//! king, the white wolf king, self-explosion, the sheriff, and the board switches. Each game
//! is driven ask by ask: a script answers the asks it names and the rest take a plain
//! answer (no kill is left to chance: the wolves always name their target).

use super::*;

fn board(id: &str) -> Arc<Board> {
    let text = match id {
        "six" => include_str!("../../../../content/werewolf/boards/six.toml"),
        "seed9" => include_str!("../../../../content/werewolf/boards/seed9.toml"),
        "zh12-idiot" => include_str!("../../../../content/werewolf/boards/zh12-idiot.toml"),
        "zh12-guard" => include_str!("../../../../content/werewolf/boards/zh12-guard.toml"),
        "zh12-wolfking" => include_str!("../../../../content/werewolf/boards/zh12-wolfking.toml"),
        "zh12-whitewolf" => {
            include_str!("../../../../content/werewolf/boards/zh12-whitewolf.toml")
        }
        _ => panic!("no board {id}"),
    };
    let board: Board = toml::from_str(text).expect("the board parses");
    board.check().expect("the board is valid");
    Arc::new(board)
}

/// Seats 1–4 wolves (seat 4 the king where the board has one), 5 seer, 6 witch,
/// 7 hunter, 8 the guard or idiot, 9–12 villagers.
fn twelve(id: &str) -> Werewolf {
    use Role::*;
    let b = board(id);
    let fourth = [WolfKing, WhiteWolfKing]
        .into_iter()
        .find(|r| b.has(*r))
        .unwrap_or(Werewolf);
    let eighth = if b.has(Guard) { Guard } else { Idiot };
    let deal = [
        Werewolf, Werewolf, Werewolf, fourth, Seer, Witch, Hunter, eighth, Villager, Villager,
        Villager, Villager,
    ];
    super::Werewolf::with_deal(Arc::new(Rules::default()), b, &deal, 3)
}

/// A plain answer: the wolves kill `kill`, nobody runs, speeches say little, everyone
/// abstains, nobody is guarded, shot or saved, the badge goes up.
fn plain(ask: &Ask, kill: Seat) -> Action {
    match ask.kind {
        AskKind::WolfPick => Action::Kill { target: kill },
        AskKind::SeerCheck => Action::Check {
            target: ask.targets.first().unwrap(),
        },
        AskKind::Witch | AskKind::GuardPick | AskKind::SheriffRun | AskKind::SheriffCall => {
            Action::Pass
        }
        AskKind::HunterShot | AskKind::KingShot => Action::Decline,
        k if k.is_speech() => Action::Speak { text: "…".into() },
        k if k.is_vote() => Action::Abstain,
        AskKind::BadgePass => Action::Tear,
        AskKind::SpeakingOrder => Action::Order { up: true },
        k => unreachable!("{k:?}"),
    }
}

/// Answers asks with `script` (falling back on [`plain`] with `kill`) until `until` holds.
fn drive(
    g: &mut Werewolf,
    kill: Seat,
    until: impl Fn(&Werewolf) -> bool,
    mut script: impl FnMut(&Werewolf, &Ask) -> Option<Action>,
) {
    for _ in 0..2000 {
        if until(g) || g.is_over() {
            return;
        }
        let ask = g.asks()[0];
        let action = script(g, &ask).unwrap_or_else(|| plain(&ask, kill));
        g.act(ask.seat, action).unwrap();
    }
    panic!("the game never got there");
}

fn logged(g: &Werewolf, event: &Event) -> bool {
    g.log().iter().any(|l| &l.event == event)
}

fn asked(g: &Werewolf, kind: AskKind) -> bool {
    g.asks().iter().any(|a| a.kind == kind)
}

#[test]
fn the_default_board_deals_as_before() {
    for seed in 0..50 {
        assert_eq!(deal_board(&Board::seed9(), seed), deal(seed).to_vec());
    }
    assert_eq!(
        *board("seed9"),
        *Board::seed9(),
        "the file is the built-in board"
    );
    assert_eq!(seat_draw_n(9, 5, 77), seat_draw(5, 77).to_vec());
}

#[test]
fn every_board_deals_its_deck() {
    for id in [
        "six",
        "zh12-idiot",
        "zh12-guard",
        "zh12-wolfking",
        "zh12-whitewolf",
    ] {
        let b = board(id);
        let g = Werewolf::on_board(Arc::new(Rules::default()), b.clone(), 11);
        assert_eq!(g.seat_count(), b.seats as usize);
        let mut dealt = g.roles().to_vec();
        dealt.sort();
        let mut deck = b.deck();
        deck.sort();
        assert_eq!(dealt, deck, "{id}");
    }
}

#[test]
fn guard_and_witch_on_one_target_the_seat_dies() {
    let mut g = twelve("zh12-guard");
    drive(
        &mut g,
        9,
        |g| g.phase() != Phase::Night,
        |_, a| match a.kind {
            AskKind::GuardPick => Some(Action::Guard { target: 9 }),
            AskKind::Witch if a.can_save => Some(Action::Save),
            _ => None,
        },
    );
    assert!(logged(
        &g,
        &Event::Died {
            seat: 9,
            cause: DeathCause::Attack
        }
    ));
}

#[test]
fn the_guard_alone_or_the_witch_alone_saves() {
    for (guard, save) in [(true, false), (false, true)] {
        let mut g = twelve("zh12-guard");
        drive(
            &mut g,
            9,
            |g| g.phase() != Phase::Night,
            |_, a| match a.kind {
                AskKind::GuardPick if guard => Some(Action::Guard { target: 9 }),
                AskKind::Witch if save && a.can_save => Some(Action::Save),
                _ => None,
            },
        );
        assert!(g.deaths().is_empty(), "guard {guard}, save {save}");
    }
}

#[test]
fn the_guard_may_not_guard_one_seat_two_nights_running() {
    let mut g = twelve("zh12-guard");
    drive(
        &mut g,
        9,
        |g| g.day() == 2 && asked(g, AskKind::GuardPick),
        |_, a| (a.kind == AskKind::GuardPick).then_some(Action::Guard { target: 10 }),
    );
    let ask = *g.ask_for(8).unwrap();
    assert!(!ask.targets.contains(10));
    assert_eq!(
        g.act(8, Action::Guard { target: 10 }),
        Err(Refusal::GuardRepeat(10))
    );
    assert!(
        g.act(8, Action::Guard { target: 8 }).is_ok(),
        "himself is allowed"
    );
}

#[test]
fn a_poisoned_hunter_or_wolf_king_cannot_shoot() {
    for (seat, status) in [
        (
            7,
            Event::HunterStatus {
                dies: true,
                may_shoot: false,
            },
        ),
        (
            4,
            Event::KingStatus {
                dies: true,
                may_shoot: false,
            },
        ),
    ] {
        let mut g = twelve("zh12-wolfking");
        drive(
            &mut g,
            9,
            |g| g.phase() != Phase::Night,
            |_, a| match a.kind {
                AskKind::Witch if !a.targets.is_empty() => Some(Action::Poison { target: seat }),
                _ => None,
            },
        );
        assert!(logged(&g, &status), "seat {seat}");
        assert!(!g
            .log()
            .iter()
            .any(|l| matches!(l.event, Event::HunterShot { .. } | Event::KingShot { .. })));
    }
}

#[test]
fn the_wolf_king_killed_by_the_wolves_shoots_and_the_shot_seat_does_not() {
    let mut g = twelve("zh12-wolfking");
    drive(&mut g, 4, |g| asked(g, AskKind::KingShot), |_, _| None);
    assert!(logged(
        &g,
        &Event::KingStatus {
            dies: true,
            may_shoot: true
        }
    ));
    g.act(4, Action::Shoot { target: 7 }).unwrap();
    // The hunter, shot, is not asked to shoot: no chains.
    assert!(!asked(&g, AskKind::HunterShot));
    assert!(logged(
        &g,
        &Event::Died {
            seat: 7,
            cause: DeathCause::Shot
        }
    ));
}

#[test]
fn a_voted_out_idiot_shows_his_card_and_loses_his_vote() {
    let mut g = twelve("zh12-idiot");
    drive(&mut g, 9, |g| asked(g, AskKind::Vote), |_, _| None);
    drive(
        &mut g,
        9,
        |g| g.phase() == Phase::Night,
        |_, a| a.kind.is_vote().then_some(Action::Vote { target: 8 }),
    );
    assert!(logged(&g, &Event::IdiotRevealed { seat: 8 }));
    assert!(g.is_alive(8) && g.mute().contains(8));
    assert!(!logged(&g, &Event::Eliminated { seat: Some(8) }));
    drive(
        &mut g,
        10,
        |g| g.day() == 2 && asked(g, AskKind::Vote),
        |_, _| None,
    );
    assert!(g.ask_for(8).is_none(), "a revealed idiot does not vote");
    assert!(!g.asks()[0].targets.contains(8), "nor is he voted on");
}

#[test]
fn a_self_explosion_in_the_campaign_loses_the_badge_for_the_game() {
    let mut g = twelve("zh12-whitewolf");
    drive(
        &mut g,
        9,
        |g| asked(g, AskKind::CampaignSpeech),
        |_, a| (a.kind == AskKind::SheriffRun && a.seat <= 6).then_some(Action::Run),
    );
    // Night 1's dead (seat 9) is still alive to the table during the campaign.
    assert!(g.alive().contains(9));
    assert!(!g
        .view(9)
        .events
        .iter()
        .any(|e| matches!(e, Event::Died { .. })));
    assert_eq!(
        g.check(2, &Action::Explode { target: Some(5) }),
        Err(Refusal::ExplodeTarget(5))
    );
    g.act(2, Action::Explode { target: None }).unwrap();
    assert!(logged(&g, &Event::SheriffElected { seat: None }));
    assert!(logged(
        &g,
        &Event::Dawn {
            day: 1,
            dead: SeatSet::only(9)
        }
    ));
    // Night 1's dead has last words on this board, then night falls.
    assert_eq!(g.asks()[0].kind, AskKind::LastWords);
    drive(
        &mut g,
        10,
        |g| g.day() == 2 && g.phase() == Phase::Day,
        |_, _| None,
    );
    assert!(g.sheriff().is_none() && !asked(&g, AskKind::SheriffRun));
}

#[test]
fn the_white_wolf_king_takes_a_seat_and_night_falls() {
    let mut g = twelve("zh12-whitewolf");
    drive(&mut g, 9, |g| asked(g, AskKind::Speech), |_, _| None);
    assert_eq!(
        g.check(4, &Action::Explode { target: Some(4) }),
        Err(Refusal::ExplodeTarget(4))
    );
    g.act(4, Action::Explode { target: Some(5) }).unwrap();
    assert!(logged(&g, &Event::Taken { king: 4, target: 5 }));
    assert!(!g.is_alive(4) && !g.is_alive(5));
    assert_eq!((g.phase(), g.day()), (Phase::Night, 2));
    // A plain wolf may not explode at night.
    assert_eq!(
        g.check(1, &Action::Explode { target: None }),
        Err(Refusal::CannotExplode(1))
    );
}

#[test]
fn on_the_nine_seat_board_nobody_explodes() {
    let mut g = Werewolf::new(Arc::new(Rules::default()), 4);
    drive(
        &mut g,
        1,
        |g| asked(g, AskKind::Speech),
        |g, a| {
            (a.kind == AskKind::WolfPick).then(|| Action::Kill {
                target: (1..=9).find(|s| !g.role(*s).is_wolf()).unwrap(),
            })
        },
    );
    let wolf = (1..=9)
        .find(|s| g.role(*s).is_wolf() && g.is_alive(*s))
        .unwrap();
    assert_eq!(
        g.check(wolf, &Action::Explode { target: None }),
        Err(Refusal::CannotExplode(wolf))
    );
}

/// Elects `sheriff` on night 1's morning on a 12-seat board (everyone else stays off).
fn elect(g: &mut Werewolf, sheriff: Seat) {
    drive(
        g,
        9,
        |g| g.sheriff().is_some() || asked(g, AskKind::SpeakingOrder),
        |_, a| match a.kind {
            AskKind::SheriffRun if a.seat == sheriff || a.seat == 1 => Some(Action::Run),
            AskKind::SheriffVote => Some(Action::Vote { target: sheriff }),
            _ => None,
        },
    );
    assert_eq!(g.sheriff(), Some(sheriff));
}

#[test]
fn the_sheriff_picks_the_order_and_speaks_last() {
    let mut g = twelve("zh12-guard");
    elect(&mut g, 5);
    drive(&mut g, 9, |g| asked(g, AskKind::SpeakingOrder), |_, _| None);
    g.act(5, Action::Order { up: false }).unwrap();
    let mut order = Vec::new();
    drive(
        &mut g,
        9,
        |g| !asked(g, AskKind::Speech),
        |_, a| {
            order.push(a.seat);
            None
        },
    );
    assert_eq!(
        order,
        vec![4, 3, 2, 1, 12, 11, 10, 8, 7, 6, 5],
        "seat 9 died in the night"
    );
    assert_eq!(g.asks()[0].kind, AskKind::SheriffCall);
}

#[test]
fn the_sheriffs_ballot_counts_one_and_a_half() {
    let mut g = twelve("zh12-guard");
    elect(&mut g, 5);
    drive(&mut g, 9, |g| asked(g, AskKind::Vote), |_, _| None);
    // Sheriff and seat 6 on seat 1 (2.5), seats 7 and 8 on seat 2 (2).
    drive(
        &mut g,
        9,
        |g| !asked(g, AskKind::Vote),
        |_, a| match a.seat {
            5 | 6 => Some(Action::Vote { target: 1 }),
            7 | 8 => Some(Action::Vote { target: 2 }),
            _ => None,
        },
    );
    assert!(logged(&g, &Event::Eliminated { seat: Some(1) }));
}

#[test]
fn the_badge_is_passed_or_torn() {
    for pass in [true, false] {
        let mut g = twelve("zh12-guard");
        elect(&mut g, 5);
        drive(&mut g, 5, |g| asked(g, AskKind::BadgePass), |_, _| None);
        assert_eq!(g.day(), 2, "seat 5 killed in night 2");
        let action = if pass {
            Action::Badge { target: 10 }
        } else {
            Action::Tear
        };
        g.act(5, action).unwrap();
        assert_eq!(g.sheriff(), pass.then_some(10));
        assert!(logged(
            &g,
            &Event::BadgePassed {
                from: 5,
                to: pass.then_some(10)
            }
        ));
    }
}

#[test]
fn a_tie_goes_to_pk_twice_then_nobody() {
    let mut g = twelve("zh12-guard");
    drive(&mut g, 9, |g| asked(g, AskKind::SheriffRun), |_, _| None);
    drive(
        &mut g,
        9,
        |g| g.sheriff().is_some() || asked(g, AskKind::SpeakingOrder) || asked(g, AskKind::Speech),
        |_, a| match a.kind {
            AskKind::SheriffRun if a.seat == 1 || a.seat == 2 => Some(Action::Run),
            AskKind::SheriffVote => Some(Action::Vote {
                target: if a.seat % 2 == 0 { 1 } else { 2 },
            }),
            _ => None,
        },
    );
    let pk = g
        .log()
        .iter()
        .filter(|l| matches!(l.event, Event::PkCalled { .. }))
        .count();
    assert_eq!(pk, 1);
    assert!(logged(&g, &Event::SheriffElected { seat: None }));
    assert!(g.sheriff().is_none());
}

#[test]
fn the_first_death_that_meets_a_win_condition_decides() {
    use Role::*;
    // One wolf, one villager left: the attack on the villager lands before the poison on
    // the wolf, so the wolves win though both conditions would hold by dawn.
    let b = Arc::new(Board::custom(&[Werewolf, Villager, Seer, Witch, Villager]).unwrap());
    let mut g = super::Werewolf::with_deal(
        Arc::new(Rules::default()),
        b,
        &[Werewolf, Villager, Seer, Witch, Villager],
        1,
    );
    drive(&mut g, 2, |g| g.day() == 2, |_, _| None);
    drive(
        &mut g,
        5,
        |g| g.is_over(),
        |_, a| match a.kind {
            AskKind::Witch if !a.targets.is_empty() => Some(Action::Poison { target: 1 }),
            _ => None,
        },
    );
    assert_eq!(g.winner(), Some(Winner::Wolves));
    assert!(g.is_alive(1), "the poison never lands");
}

#[test]
fn a_board_without_abstaining_refuses_it_but_a_timeout_still_counts() {
    let mut b = (*board("six")).clone();
    b.abstain = Abstain::Off;
    let mut g = Werewolf::on_board(Arc::new(Rules::default()), Arc::new(b), 2);
    let victim = (1..=6)
        .find(|s| !g.role(*s).is_wolf() && g.role(*s) != Role::Witch)
        .unwrap();
    drive(&mut g, victim, |g| asked(g, AskKind::Vote), |_, _| None);
    let ask = g.asks()[0];
    assert!(ask.no_abstain);
    assert_eq!(g.act(ask.seat, Action::Abstain), Err(Refusal::NoAbstain));
    g.timeout(ask.seat).unwrap();
}

#[test]
fn a_board_that_reveals_roles_shows_the_dead() {
    let mut b = (*board("six")).clone();
    b.reveal = Reveal::Role;
    let mut g = Werewolf::on_board(Arc::new(Rules::default()), Arc::new(b), 2);
    let victim = (1..=6).find(|s| g.role(*s) == Role::Villager).unwrap();
    drive(&mut g, victim, |g| g.phase() == Phase::Day, |_, _| None);
    let role = Some(Role::Villager);
    assert!(logged(
        &g,
        &Event::Revealed {
            seat: victim,
            side: Side::Good,
            role
        }
    ));
}

#[test]
fn every_board_plays_to_the_end() {
    for id in [
        "six",
        "zh12-idiot",
        "zh12-guard",
        "zh12-wolfking",
        "zh12-whitewolf",
    ] {
        for seed in 0..20 {
            let mut g = Werewolf::on_board(Arc::new(Rules::default()), board(id), seed);
            for _ in 0..5000 {
                if g.is_over() {
                    break;
                }
                g.timeout_all();
            }
            assert!(g.is_over(), "{id} seed {seed}");
            let over = g.log().last().unwrap();
            assert!(
                matches!(&over.event, Event::GameOver { roles, .. } if roles.len() == g.seat_count())
            );
        }
    }
}

#[test]
fn an_unknown_seat_is_refused_with_the_tables_seat_count() {
    use crate::localized::Localized;
    use crate::Lang;
    let mut g = twelve("zh12-guard");
    let before = g.log().len();
    let e = g.act(13, Action::Pass).unwrap_err();
    assert_eq!(
        e,
        Refusal::UnknownSeat {
            seat: 13,
            seats: 12
        }
    );
    assert_eq!(
        e.to_string(),
        "there is no seat 13: seats are numbered 1 to 12"
    );
    assert_eq!(e.text(Lang::ZhCn), "没有 13 号座位：座位号为 1 到 12");
    assert_eq!(g.log().len(), before);
}

#[test]
fn the_board_line_names_the_board_in_the_readers_language() {
    let g = twelve("zh12-guard");
    let first = &g.log()[0].event;
    assert!(matches!(first, Event::Board { .. }), "{first:?}");
    assert_eq!(
        first.story_in(crate::Lang::En),
        "Board: 12 seats: seer, witch, hunter, guard."
    );
    assert_eq!(first.story_in(crate::Lang::ZhCn), "板子：十二人预女猎守。");
}
