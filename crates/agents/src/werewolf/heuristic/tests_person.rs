//! Tests of how the heuristic player takes a person's words beside role claims: a vote
//! promise it checks against the ballot, a denial that answers an accusation, and a
//! correction of what the table heard.

use super::phrases::{Phrasebook, Slot, BUILTIN};
use super::tests::{ask, dawn, player, speech, villager_on_day_1};
use super::Heuristic;
use crate::games::werewolf::{
    claims, Action, AskKind, Ballot, Event, PerSeat, Role, Seat, SeatSet, VoteRound, EVERY_SEAT,
    SEATS,
};
use crate::werewolf::Player;

fn ballots(votes: &[(Seat, Seat)]) -> PerSeat<Ballot> {
    PerSeat::votes(SEATS, votes)
}

/// Whether `text` holds one of `slot`'s variants filled with `seat` and `target`.
fn says(text: &str, slot: Slot, seat: Seat, target: Seat) -> bool {
    let book = Phrasebook::parse("built-in", BUILTIN).expect("valid");
    book.variants(slot).iter().any(|v| {
        text.contains(
            &v.replace("{seat}", &seat.to_string())
                .replace("{target}", &target.to_string()),
        )
    })
}

fn speak(p: &mut Heuristic) -> String {
    match p.decide(&ask(7, AskKind::Speech, EVERY_SEAT)) {
        Action::Speak { text } => text,
        other => panic!("a speech is expected, got {other:?}"),
    }
}

/// A seat that promised a vote and cast it elsewhere is more suspect the next day, and
/// an AI that votes it out says why; a promise kept costs nothing.
#[test]
fn a_broken_vote_promise_is_remembered_and_said() {
    let promise = (3, "I will vote 5 today, 5 was too quiet.");
    let play = |kept: bool, seed: u64| {
        let mut p = villager_on_day_1(7, seed);
        p.observe(&speech(promise.0, promise.1));
        let cast = if kept { 5 } else { 8 };
        p.observe(&Event::VotesRevealed {
            round: VoteRound::Main,
            ballots: ballots(&[(3, cast), (7, 5), (5, 3)]),
            sheriff: None,
        });
        p.observe(&Event::Eliminated { seat: None });
        p.observe(&Event::NightFell { night: 2 });
        p.observe(&Event::Dawn {
            day: 2,
            dead: SeatSet::EMPTY,
        });
        p
    };
    let mut named = 0;
    for seed in 0..20 {
        let kept = play(true, seed).suspicion()[3];
        let mut broke = play(false, seed);
        assert!(
            broke.suspicion()[3] > kept,
            "{kept} vs {:?}",
            broke.suspicion()
        );
        // The promise was checked against the main vote's ballot, once.
        assert_eq!(broke.pledgers, SeatSet::EMPTY);
        let text = speak(&mut broke);
        if claims::read(&text).accuses.contains(3) {
            named += 1;
            assert!(
                says(&text, Slot::ReasonPromise, 3, 5),
                "seed {seed}: {text}"
            );
        }
    }
    assert!(named > 0, "nobody named the seat that broke its word");
}

/// A seat named today that answers by denying it is less suspect than one that says
/// nothing to it; an AI that still votes it out says the denial did not answer.
#[test]
fn a_denial_answers_an_accusation() {
    let accusation = (2, "I suspect 4. Vote 4.");
    let mut quiet = player(7, Role::Villager);
    let mut answered = player(7, Role::Villager);
    for p in [&mut quiet, &mut answered] {
        p.observe(&dawn());
        p.observe(&speech(accusation.0, accusation.1));
    }
    quiet.observe(&speech(4, "Let us hear the others first."));
    answered.observe(&speech(4, "I am not a wolf. Seat 2 is rushing this."));
    assert!(answered.suspicion()[4] < quiet.suspicion()[4]);
    let mut named = 0;
    for seed in 0..20 {
        let mut p = villager_on_day_1(7, seed);
        p.observe(&speech(accusation.0, accusation.1));
        p.observe(&speech(4, "I'm innocent."));
        let text = speak(&mut p);
        if claims::read(&text).accuses.contains(4) {
            named += 1;
            assert!(says(&text, Slot::ReasonDenied, 4, 2), "seed {seed}: {text}");
        }
    }
    assert!(named > 0, "nobody followed the accusation");
}

/// "I never accused 6" takes back what the table heard: the seat's record and today's
/// accusations follow the correction.
#[test]
fn a_correction_takes_back_what_was_heard() {
    let mut p = player(7, Role::Villager);
    p.observe(&dawn());
    p.observe(&speech(3, "I suspect 6. Vote 6."));
    let accused = p.suspicion()[6];
    p.observe(&speech(3, "I never accused 6, I said 5 was quiet."));
    assert!(p.suspicion()[6] < accused);
    assert!(!p.claims[3].accuses.contains(6));
    assert_eq!(p.accused_today[6], 0);
}

/// A seer claim by seat 6 naming seat 2, heard by `p` on day 1, then night 2's dawn with
/// `dead`.
fn claim_then_dawn(p: &mut Heuristic, dead: &[Seat]) {
    p.observe(&speech(6, "I am the seer. I checked seat 2: wolf. Vote 2."));
    p.observe(&Event::NightFell { night: 2 });
    p.observe(&Event::Dawn {
        day: 2,
        dead: dead.iter().copied().collect(),
    });
}

#[test]
fn only_a_death_alone_in_its_night_is_taken_for_the_wolves_kill() {
    // Alone in its night: the wolves killed the claimer, so she was real.
    let mut alone = villager_on_day_1(4, 1);
    claim_then_dawn(&mut alone, &[6]);
    assert!(alone.seer_credit(6, true) >= 900);
    assert!(alone.wolf_kills.contains(6));
    // Two deaths in one night: one was the witch's poison, and either could be it.
    let mut two = villager_on_day_1(4, 1);
    claim_then_dawn(&mut two, &[6, 7]);
    assert!(two.seer_credit(6, true) < 900);
    assert!(two.wolf_kills.is_empty());
}

#[test]
fn the_witch_never_takes_her_own_poison_for_the_wolves_kill() {
    let mut witch = player(3, Role::Witch);
    witch.observe(&dawn());
    witch.observe(&Event::WitchTold { attacked: Some(7) });
    witch.observe(&Event::WitchPoisoned { target: 6 });
    claim_then_dawn(&mut witch, &[6, 7]);
    // She saw the wolves attack 7; 6 was her poison, not their kill.
    assert_eq!(witch.wolf_kills, SeatSet::only(7));
    assert!(witch.seer_credit(6, true) < 900);
    // Alone in the night, her poison victim is still not the wolves'.
    let mut alone = player(3, Role::Witch);
    alone.observe(&dawn());
    alone.observe(&Event::WitchPoisoned { target: 6 });
    claim_then_dawn(&mut alone, &[6]);
    assert!(alone.wolf_kills.is_empty());
}

#[test]
fn an_unsure_seat_naming_a_seer_claimer_says_which_claim_it_trusts_less() {
    let mut named = 0;
    for seed in 1..40 {
        let mut v = villager_on_day_1(8, seed);
        v.observe(&speech(2, "I am the seer. I checked seat 7: good."));
        v.observe(&speech(6, "I am the seer. I checked seat 2: wolf. Vote 2."));
        let Action::Speak { text } = v.decide(&ask(8, AskKind::Speech, SeatSet::EMPTY)) else {
            panic!("a speech");
        };
        let votes = v.meant_claims().expect("its claims").accuses;
        // Leaning to seat 2 (whose report named nobody), a vote for seat 6 has no report
        // behind it: the reason is the doubt, not a hunch. (Leaning to 6, a vote for 2
        // gives 6's report as the lean.)
        if votes.contains(6) {
            named += 1;
            assert!(says(&text, Slot::ReasonDoubted, 6, 0), "{text}");
            assert!(!says(&text, Slot::ReasonGut, 6, 0), "{text}");
        }
    }
    assert!(named > 5, "{named} speeches named a claimer");
}
