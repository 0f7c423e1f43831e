//! The built-in player on the twelve-seat boards: the guard's pick, the kings' shots and
//! explosions, the pack's sheriff votes and the badge. Each test shows one seat the events
//! a real table would, then reads its answer.

use super::tests::{ask, dawn, speech};
use super::Heuristic;
use crate::games::werewolf::{claims, Action, AskKind, Event, Role, Seat, SeatSet, SpeechKind};
use crate::werewolf::Player;

/// Seat `seat` of a twelve-seat table dealt `role` (wolves: seats 1 to 4), night 1.
fn seated(seat: Seat, role: Role) -> Heuristic {
    let mut p = Heuristic::new(seat as u64 + 100);
    p.observe(&Event::Board {
        id: "zh12-guard".into(),
        seats: 12,
        names: Default::default(),
    });
    p.observe(&Event::RoleDealt { seat, role });
    if role.is_wolf() {
        p.observe(&Event::WolfPack {
            wolves: [1, 2, 3, 4].into_iter().collect(),
        });
    }
    p.observe(&Event::NightFell { night: 1 });
    p
}

fn every_seat() -> SeatSet {
    SeatSet::upto(12)
}

fn campaign_speech(seat: Seat, text: &str) -> Event {
    Event::Speech {
        seat,
        kind: SpeechKind::Campaign,
        text: text.to_string(),
        claims: claims::read_at(text, 12),
    }
}

#[test]
fn the_guard_guards_the_trusted_seer_else_himself_never_the_same_seat_twice() {
    let mut g = seated(9, Role::Guard);
    // Night 1: nothing known, he guards himself.
    let first = g.decide(&ask(9, AskKind::GuardPick, every_seat()));
    assert_eq!(first, Action::Guard { target: 9 });
    g.observe(&Event::GuardPicked { target: Some(9) });
    g.observe(&dawn());
    g.observe(&speech(6, "I am the seer. I checked 1 and 1 is a wolf."));
    // Night 2: the seer the table trusts; the rules leave out last night's seat.
    g.observe(&Event::NightFell { night: 2 });
    let second = g.decide(&ask(9, AskKind::GuardPick, every_seat().without(9)));
    assert_eq!(second, Action::Guard { target: 6 });
    // Were the seer out of reach, never last night's seat.
    let third = g.decide(&ask(9, AskKind::GuardPick, SeatSet::only(5).with(7)));
    assert!(
        matches!(third, Action::Guard { target: 5 | 7 }),
        "{third:?}"
    );
}

#[test]
fn the_wolf_king_shoots_the_seer_who_named_him_not_a_packmate() {
    let mut k = seated(1, Role::WolfKing);
    k.observe(&dawn());
    k.observe(&speech(6, "I am the seer. I checked 1 and 1 is a wolf."));
    k.observe(&speech(8, "I am a villager. 1 is a wolf."));
    let shot = k.decide(&ask(1, AskKind::KingShot, every_seat().without(1)));
    assert_eq!(shot, Action::Shoot { target: 6 });
    // With only wolves and a villager to pick from, never a wolf.
    let shot = k.decide(&ask(1, AskKind::KingShot, [2, 3, 8].into_iter().collect()));
    assert_eq!(shot, Action::Shoot { target: 8 });
}

#[test]
fn a_white_wolf_king_named_by_a_seer_explodes_and_takes_her() {
    let mut w = seated(2, Role::WhiteWolfKing);
    w.observe(&Event::SheriffRunners {
        running: SeatSet::only(6),
    });
    w.observe(&Event::SheriffElected { seat: Some(6) });
    w.observe(&dawn());
    assert_eq!(w.volunteer(), None, "nobody has named him yet");
    w.observe(&speech(6, "I am the seer. I checked 2 and 2 is a wolf."));
    assert_eq!(
        w.volunteer(),
        Some(Action::Explode { target: Some(6) }),
        "named, he takes the seer with him"
    );
    // A plain wolf named by the seer explodes only before the day's first speech.
    let mut v = seated(3, Role::Werewolf);
    v.observe(&Event::SheriffRunners {
        running: SeatSet::only(6),
    });
    v.observe(&Event::SheriffElected { seat: Some(6) });
    v.observe(&dawn());
    assert_eq!(v.volunteer(), None);
}

#[test]
fn the_pack_votes_its_jumper_in_and_the_village_its_trusted_seer() {
    // A wolf elects a packmate in the race.
    let mut w = seated(2, Role::Werewolf);
    w.observe(&dawn());
    w.observe(&campaign_speech(
        3,
        "I am the seer. I checked 9 and 9 is a wolf.",
    ));
    w.observe(&campaign_speech(
        6,
        "I am the seer. I checked 7 and 7 is good.",
    ));
    let vote = w.decide(&ask(2, AskKind::SheriffVote, SeatSet::only(3).with(6)));
    assert_eq!(vote, Action::Vote { target: 3 });
    // The seat the jumper falsely named knows he lies, and elects the other claimer.
    let mut named = seated(9, Role::Villager);
    named.observe(&dawn());
    named.observe(&campaign_speech(
        3,
        "I am the seer. I checked 9 and 9 is a wolf.",
    ));
    named.observe(&campaign_speech(
        6,
        "I am the seer. I checked 7 and 7 is good.",
    ));
    let vote = named.decide(&ask(9, AskKind::SheriffVote, SeatSet::only(3).with(6)));
    assert_eq!(vote, Action::Vote { target: 6 });
}

#[test]
fn a_dying_wolf_sheriff_tears_the_badge_and_a_good_one_passes_it_to_the_trusted_seer() {
    let mut w = seated(4, Role::Werewolf);
    w.observe(&dawn());
    let badge = w.decide(&ask(4, AskKind::BadgePass, every_seat().without(4)));
    assert_eq!(badge, Action::Tear);
    let mut v = seated(10, Role::Villager);
    v.observe(&dawn());
    v.observe(&speech(6, "I am the seer. I checked 1 and 1 is a wolf."));
    let badge = v.decide(&ask(10, AskKind::BadgePass, every_seat().without(10)));
    assert_eq!(badge, Action::Badge { target: 6 });
}

#[test]
fn built_in_players_finish_games_at_every_table_size_up_to_sixteen() {
    use crate::games::werewolf::{Board, Rules};
    use crate::werewolf::lineup::{play_on, Lineup};
    use crate::werewolf::Strategy;
    use std::sync::Arc;
    let rules = Arc::new(Rules::default());
    let lineup = Lineup {
        good: Strategy::Heuristic,
        wolves: Strategy::Heuristic,
    };
    for seats in [5usize, 7, 10, 13, 16] {
        let wolves = (seats - 1) / 3;
        let mut deck = vec![Role::Werewolf; wolves];
        deck.extend([Role::Seer, Role::Witch]);
        deck.resize(seats, Role::Villager);
        let board = Arc::new(Board::custom(&deck).expect("a valid deck"));
        for seed in 0..5 {
            let game = play_on(&rules, &board, seed, lineup);
            assert!(game.is_over(), "{seats} seats, seed {seed}");
            assert_eq!(game.seat_count(), seats);
        }
    }
}
