//! Tests of the heuristic player: its choices, its fairness between equal seats, and its
//! speeches (every phrasing reads back as exactly what was planned).

use super::phrases::{Phrasebook, Slot, BUILTIN, BUILTIN_ZH};
use super::speech::{render, render_with_claims, Reason, SpeechPlan};
use super::Heuristic;
use crate::games::lang::Lang;
use crate::games::werewolf::{
    claims, Action, Ask, AskKind, Claims, Event, Role, Seat, SeatSet, SpeechKind, EVERY_SEAT,
};
use crate::werewolf::Player;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

pub(super) fn ask(seat: Seat, kind: AskKind, targets: SeatSet) -> Ask {
    Ask {
        seat,
        kind,
        targets,
        attacked: None,
        can_save: false,
        max_chars: 300,
        no_abstain: false,
        seq: 1,
    }
}

pub(super) fn player(seat: Seat, role: Role) -> Heuristic {
    let mut p = Heuristic::new(seat as u64);
    p.observe(&Event::RoleDealt { seat, role });
    if role == Role::Werewolf {
        p.observe(&Event::WolfPack {
            wolves: [1, 2, 3].into_iter().collect(),
        });
    }
    p.observe(&Event::NightFell { night: 1 });
    p
}

pub(super) fn speech(seat: Seat, text: &str) -> Event {
    Event::Speech {
        seat,
        kind: SpeechKind::Day,
        text: text.to_string(),
        claims: claims::read(text),
    }
}

/// Villager `seat` at dawn on day 1, its RNG seeded with `seed`.
pub(super) fn villager_on_day_1(seat: Seat, seed: u64) -> Heuristic {
    let mut p = Heuristic::new(seed);
    p.observe(&Event::RoleDealt {
        seat,
        role: Role::Villager,
    });
    p.observe(&Event::NightFell { night: 1 });
    p.observe(&dawn());
    p
}

pub(super) fn dawn() -> Event {
    Event::Dawn {
        day: 1,
        dead: SeatSet::EMPTY,
    }
}

/// How villager `voter` votes on day 1 after these speeches (seat, text).
fn villager_vote(voter: Seat, speeches: &[(Seat, &str)]) -> Action {
    let mut v = player(voter, Role::Villager);
    v.observe(&dawn());
    for (seat, text) in speeches {
        v.observe(&speech(*seat, text));
    }
    v.decide(&ask(voter, AskKind::Vote, EVERY_SEAT))
}

#[test]
fn wolves_follow_the_first_pick() {
    let mut p = player(2, Role::Werewolf);
    p.observe(&Event::WolfPicked {
        wolf: 1,
        target: Some(6),
        round: 1,
    });
    assert_eq!(
        p.decide(&ask(2, AskKind::WolfPick, EVERY_SEAT)),
        Action::Kill { target: 6 }
    );
}

#[test]
fn wolves_kill_a_claimed_seer_and_spare_the_hunter() {
    let mut p = player(1, Role::Werewolf);
    p.observe(&dawn());
    p.observe(&speech(7, "I am the seer. Checked 2: wolf."));
    p.observe(&speech(9, "I am the hunter."));
    p.observe(&Event::NightFell { night: 2 });
    assert_eq!(
        p.decide(&ask(1, AskKind::WolfPick, EVERY_SEAT)),
        Action::Kill { target: 7 }
    );
}

#[test]
fn witch_saves_on_the_first_night() {
    let mut p = player(8, Role::Witch);
    p.observe(&Event::WitchTold { attacked: Some(4) });
    let mut a = ask(8, AskKind::Witch, EVERY_SEAT.without(8));
    a.attacked = Some(4);
    a.can_save = true;
    assert_eq!(p.decide(&a), Action::Save);
    // With no evidence she keeps her poison.
    a.can_save = false;
    assert_eq!(p.decide(&a), Action::Pass);
}

#[test]
fn seer_who_found_a_wolf_claims_and_reports() {
    let mut p = player(7, Role::Seer);
    p.observe(&Event::SeerResult {
        target: 3,
        wolf: true,
    });
    p.observe(&dawn());
    let Action::Speak { text } = p.decide(&ask(7, AskKind::Speech, SeatSet::EMPTY)) else {
        panic!("a speech is expected");
    };
    let c = claims::read(&text);
    assert_eq!(c.role, Some(Role::Seer), "{text}");
    assert_eq!(c.wolves, SeatSet::only(3), "{text}");
    assert!(c.accuses.contains(3), "{text}");
}

#[test]
fn villagers_follow_the_seer_and_see_through_a_framing() {
    assert_eq!(
        villager_vote(4, &[(7, "I am the seer. Checked 3: wolf. Vote 3.")]),
        Action::Vote { target: 3 }
    );
    // A second seer claim that frames this villager is a fake: vote the faker.
    assert_eq!(
        villager_vote(
            4,
            &[
                (2, "I am the seer. Checked 4: wolf. Vote 4."),
                (
                    7,
                    "I am the seer. Checked 5: good. 2 is a wolf, a fake seer."
                ),
            ]
        ),
        Action::Vote { target: 2 }
    );
}

/// The votes of villager `voter` after `speeches`, over 200 seeds.
pub(super) fn villager_votes(voter: Seat, speeches: &[(Seat, &str)]) -> Vec<Seat> {
    (0..200u64)
        .filter_map(|seed| {
            let mut v = Heuristic::new(seed * 16 + voter as u64);
            v.observe(&Event::RoleDealt {
                seat: voter,
                role: Role::Villager,
            });
            v.observe(&Event::NightFell { night: 1 });
            v.observe(&dawn());
            for (seat, text) in speeches {
                v.observe(&speech(*seat, text));
            }
            match v.decide(&ask(voter, AskKind::Vote, EVERY_SEAT)) {
                Action::Vote { target } => Some(target),
                _ => None,
            }
        })
        .collect()
}

pub(super) fn share(votes: &[Seat], f: impl Fn(Seat) -> bool) -> f64 {
    votes.iter().filter(|&&v| f(v)).count() as f64 / votes.len().max(1) as f64
}

#[test]
fn a_person_s_seer_claim_after_a_wolf_s_is_weighed_and_never_voted_out_on_a_lean() {
    // Seat 2 (a wolf) claims seer first and frames 8; the person in seat 6 then claims
    // seer in their own words. Nothing on day 1 tells the two apart but the order, so
    // villagers split by their own leans, some following the person's report; none votes
    // the person out on the first claim's word.
    for person in [
        "I'm the seer. I checked 3 last night: wolf. Vote 3.",
        "Im the real seer, 2 is lying. 3 wolf",
        "我是预言家，查杀3号",
    ] {
        let named = claims::read(person).wolves;
        assert!(!named.is_empty(), "{person}");
        let speeches = [(2, "I am the seer. Checked 8: wolf. Vote 8."), (6, person)];
        let votes = villager_votes(5, &speeches);
        assert_eq!(share(&votes, |v| v == 6), 0.0, "{person}: {votes:?}");
        let followed = share(&votes, |v| named.contains(v));
        assert!((0.05..0.5).contains(&followed), "{person}: {followed}");
    }
}

#[test]
fn a_late_counter_claim_does_not_win_by_speaking_last() {
    // The person in seat 6 claims first and names 2; wolf 2 counter-claims naming the
    // person, who had no turn to answer: most villagers keep to the first claim, the
    // unsure few lean their own way.
    let fake = "I am the seer. Checked 6: wolf. Vote 6.";
    let speeches = [(6, "I'm the seer. I checked 2: wolf. Vote 2."), (2, fake)];
    let votes = villager_votes(5, &speeches);
    assert!(share(&votes, |v| v == 2) > 0.7, "{votes:?}");
    assert!(share(&votes, |v| v == 6) < 0.25, "{votes:?}");
    // A claimer who has had a turn since being named a wolf by a rival, and answered
    // nothing, loses the benefit of the doubt; one who answered keeps it.
    let first = "I'm the seer. I checked 3: wolf. Vote 3.";
    let answered = [
        (6, first),
        (2, fake),
        (6, "2 is lying. I suspect 2. Vote 3."),
    ];
    let unanswered = [(6, first), (2, fake), (6, "No read yet, I will listen.")];
    assert!(share(&villager_votes(5, &answered), |v| v == 6) < 0.25);
    assert!(share(&villager_votes(5, &unanswered), |v| v == 6) > 0.5);
}

#[test]
fn wolves_do_not_vote_their_pack() {
    let mut p = player(1, Role::Werewolf);
    p.observe(&dawn());
    p.observe(&speech(7, "I am the seer. Checked 2: wolf. Vote 2."));
    let Action::Vote { target } = p.decide(&ask(1, AskKind::Vote, EVERY_SEAT)) else {
        panic!("a vote is expected");
    };
    assert!(![1, 2, 3].contains(&target));
    assert_eq!(target, 7, "wolves push the claimed seer");
    assert_eq!(Claims::default(), claims::read(""));
}

#[test]
fn ties_between_equal_seats_are_drawn_not_given_to_the_lowest() {
    // A villager who knows nothing votes among eight equal seats: across seeds the choice
    // spreads over the seats instead of always falling on the lowest.
    let mut counts = [0u32; 10];
    for seed in 0..400u64 {
        let mut p = villager_on_day_1(9, seed);
        let Action::Vote { target } = p.decide(&ask(9, AskKind::Vote, EVERY_SEAT)) else {
            panic!("a vote is expected");
        };
        counts[target as usize] += 1;
    }
    assert_eq!(counts[9], 0, "never itself");
    for seat in 1..=8 {
        // 50 expected each; 20..80 is far outside chance (p < 1e-6) for a fair draw.
        assert!(
            (20..=80).contains(&counts[seat]),
            "seat {seat} chosen {} times of 400: {counts:?}",
            counts[seat]
        );
    }
    // The wolves' kill with nothing to go on, and the seer's first check, spread too.
    let mut kills = SeatSet::EMPTY;
    let mut checks = SeatSet::EMPTY;
    for seed in 0..60u64 {
        let mut w = Heuristic::new(seed);
        w.observe(&Event::RoleDealt {
            seat: 1,
            role: Role::Werewolf,
        });
        w.observe(&Event::WolfPack {
            wolves: [1, 2, 3].into_iter().collect(),
        });
        w.observe(&Event::NightFell { night: 1 });
        if let Action::Kill { target } = w.decide(&ask(1, AskKind::WolfPick, EVERY_SEAT)) {
            kills.insert(target);
        }
        let mut s = Heuristic::new(seed);
        s.observe(&Event::RoleDealt {
            seat: 1,
            role: Role::Seer,
        });
        s.observe(&Event::NightFell { night: 1 });
        if let Action::Check { target } =
            s.decide(&ask(1, AskKind::SeerCheck, EVERY_SEAT.without(1)))
        {
            checks.insert(target);
        }
    }
    assert_eq!(kills, [4, 5, 6, 7, 8, 9].into_iter().collect());
    assert_eq!(checks, EVERY_SEAT.without(1));
}

#[test]
fn the_same_seed_gives_the_same_speech() {
    let speak = |seed: u64| {
        let mut p = Heuristic::new(seed);
        p.observe(&Event::RoleDealt {
            seat: 4,
            role: Role::Villager,
        });
        p.observe(&Event::NightFell { night: 1 });
        p.observe(&Event::Dawn {
            day: 1,
            dead: SeatSet::only(6),
        });
        p.observe(&speech(2, "I am the seer. Checked 4: wolf. Vote 4."));
        match p.decide(&ask(4, AskKind::Speech, SeatSet::EMPTY)) {
            Action::Speak { text } => text,
            other => panic!("a speech is expected, got {other:?}"),
        }
    };
    assert_eq!(speak(7), speak(7));
    let texts: std::collections::BTreeSet<String> = (0..40).map(speak).collect();
    assert!(texts.len() >= 10, "too little variety: {texts:?}");
    for t in &texts {
        let c = claims::read(t);
        // Accused by a seer claimer who framed it: a defence (now and then "I am a
        // villager"), the faker named, voted.
        assert!(matches!(c.role, None | Some(Role::Villager)), "{t}");
        assert_eq!(c.accuses, SeatSet::only(2), "{t}");
    }
}

/// A spread of plans: every slot used by some plan, seats varied.
fn plans() -> Vec<SpeechPlan> {
    let mut out = Vec::new();
    let reasons = [
        None,
        Some(Reason::Report { by: 7 }),
        Some(Reason::Lean { by: 5 }),
        Some(Reason::NamedBy { by: 6 }),
        Some(Reason::VotedGood { target: 3 }),
        Some(Reason::NamedByDead),
        Some(Reason::Quiet),
        Some(Reason::Table),
        Some(Reason::Confessed),
        Some(Reason::BrokeWord { target: 4 }),
        Some(Reason::Denied { by: 2 }),
        Some(Reason::Doubted),
        Some(Reason::Gut),
    ];
    let roles = [
        None,
        Some(Role::Villager),
        Some(Role::Seer),
        Some(Role::Witch),
        Some(Role::Hunter),
    ];
    let kinds = [SpeechKind::Day, SpeechKind::Pk, SpeechKind::LastWords];
    for i in 0..210usize {
        let seat = |k: usize| (((i + k) % 9) + 1) as Seat;
        let role = roles[i % roles.len()];
        let mut plan = SpeechPlan {
            kind: kinds[i % 3],
            role,
            peaceful_night: i % 4 == 0,
            deaths: match i % 5 {
                0 => SeatSet::EMPTY,
                1 | 2 => SeatSet::only(seat(6)),
                3 => [seat(6), seat(7)].into_iter().collect(),
                _ => [seat(6), seat(7), seat(8)].into_iter().collect(),
            },
            voted_out: (i % 3 != 0).then(|| seat(5)),
            accused_by: match i % 4 {
                0 => SeatSet::EMPTY,
                1 => SeatSet::only(seat(4)),
                _ => [seat(4), seat(5)].into_iter().collect(),
            },
            pk_plea: i % 3 == 1,
            first_day: i % 5 == 1,
            doubt_seers: i % 4 == 3,
            heard_claim: match i % 6 {
                1 => Some((seat(8), Role::Hunter)),
                4 => Some((seat(8), Role::Witch)),
                _ => None,
            },
            reason: reasons[i % reasons.len()],
            vote: (i % 6 != 5).then(|| seat(1)),
            ..SpeechPlan::default()
        };
        if role == Some(Role::Seer) {
            plan.reports = vec![(seat(1), true), (seat(2), false)].into();
            if i % 2 == 0 {
                plan.reports.push((seat(3), i % 4 == 0));
            }
            if i % 3 == 0 {
                plan.fakes = SeatSet::only(seat(4));
            }
        }
        if role == Some(Role::Witch) && i % 2 == 0 {
            plan.saved = Some(seat(2));
        }
        if i % 7 == 0 {
            plan.suspects = SeatSet::only(seat(3));
        }
        out.push(plan);
    }
    out
}

/// Both built-in books, parsed and checked.
fn builtin_books() -> [Phrasebook; 2] {
    [
        Phrasebook::parse("built-in", BUILTIN).expect("the built-in phrasebook is valid"),
        Phrasebook::parse_in("built-in zh-CN", BUILTIN_ZH, Lang::ZhCn)
            .unwrap_or_else(|e| panic!("the Chinese phrasebook is valid: {e}")),
    ]
}

#[test]
fn every_variant_reads_back_as_the_plan_and_fits() {
    for book in builtin_books() {
        every_variant_of_reads_back_as_the_plan_and_fits(&book);
    }
}

fn every_variant_of_reads_back_as_the_plan_and_fits(book: &Phrasebook) {
    for slot in Slot::ALL {
        assert!(!book.variants(slot).is_empty(), "{}", slot.name());
    }
    let plans = plans();
    let mut rendered = 0;
    for k in 0..book.widest() {
        let only = book.only_variant(k);
        for (i, plan) in plans.iter().enumerate() {
            let mut voice = ChaCha8Rng::seed_from_u64(i as u64);
            let (text, meant) = render_with_claims(plan, &only, &mut voice, 300);
            assert!(text.chars().count() <= 300, "{} chars: {text}", text.len());
            assert_eq!(
                claims::read(&text),
                plan.claims(),
                "variant {k}, {plan:?}: {text}"
            );
            // What the speaker hands over with the text is what reading it finds.
            assert_eq!(meant, plan.claims(), "variant {k}, {plan:?}: {text}");
            assert!(!text.is_empty());
            rendered += 1;
        }
    }
    assert!(rendered >= 1000);
    // No claim at all reads as no claim, in every variant.
    let empty = SpeechPlan::default();
    for k in 0..book.widest() {
        let text = render(
            &empty,
            &book.only_variant(k),
            &mut ChaCha8Rng::seed_from_u64(1),
            300,
        );
        assert_eq!(claims::read(&text), Claims::default(), "{text}");
    }
}

#[test]
fn a_bad_phrasebook_is_refused_naming_the_file_and_the_field() {
    let err = |text: &str| {
        Phrasebook::parse("speeches.toml", text)
            .expect_err("must be refused")
            .to_string()
    };
    let with = |slot: &str, variants: &[&str]| {
        let mut table: toml::Table = BUILTIN.parse().expect("built-in parses");
        let list = variants
            .iter()
            .map(|v| toml::Value::String(v.to_string()))
            .collect();
        table.insert(slot.into(), toml::Value::Array(list));
        table.to_string()
    };
    let e = err(&with("vote", &["Vote {who}."]));
    assert!(
        e.contains("speeches.toml") && e.contains("vote[0]") && e.contains("{who}"),
        "{e}"
    );
    let e = err(&with("no_read", &[]));
    assert!(e.contains("no_read") && e.contains("empty"), "{e}");
    let e = err(&with("death_one", &["Seat {seat} died. Vote {seat}."]));
    assert!(e.contains("death_one[0]") && e.contains("misreads"), "{e}");
    let e = err(&with("report_wolf", &["Seat {seat} worries me."]));
    assert!(
        e.contains("report_wolf[0]") && e.contains("misreads"),
        "{e}"
    );
    let e = err(&with("vote", &["Vote {seat}"]));
    assert!(e.contains("vote[0]") && e.contains("sentence"), "{e}");
    let e = err(&with("votes", &["Vote {seat}."]));
    assert!(e.contains("votes") && e.contains("unknown slot"), "{e}");
    let mut table: toml::Table = BUILTIN.parse().expect("built-in parses");
    table.remove("pk_plea");
    let e = err(&table.to_string());
    assert!(e.contains("pk_plea") && e.contains("missing"), "{e}");
    let e = err("opening = [");
    assert!(e.contains("speeches.toml"), "{e}");
}

#[test]
fn a_content_directory_replaces_the_built_in_phrasebook() {
    let dir = std::env::temp_dir().join(format!("agora-speeches-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("werewolf")).expect("temp dir");
    let file = dir.join("werewolf").join("speeches.toml");
    // Absent: the built-in copy.
    let builtin = Phrasebook::load(Some(&dir)).expect("built-in");
    assert_eq!(builtin.variants(Slot::Vote).len(), 5);
    let mut table: toml::Table = BUILTIN.parse().expect("built-in parses");
    table.insert(
        "vote".into(),
        toml::Value::Array(vec![toml::Value::String("Vote out seat {seat}!".into())]),
    );
    std::fs::write(&file, table.to_string()).expect("write");
    let book = Phrasebook::load(Some(&dir)).expect("a valid file");
    assert_eq!(book.variants(Slot::Vote), ["Vote out seat {seat}!"]);
    table.insert("vote".into(), toml::Value::Array(Vec::new()));
    std::fs::write(&file, table.to_string()).expect("write");
    let e = Phrasebook::load(Some(&dir))
        .expect_err("empty list")
        .to_string();
    assert!(
        e.contains(&file.display().to_string()) && e.contains("vote"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_builtin_phrasebooks_read_exactly_on_every_fill() {
    for book in builtin_books() {
        assert!(book.is_exact(), "{:?}", book.lang());
        assert!(book.only_variant(1).is_exact());
    }
}

/// A Chinese table's built-in players speak Chinese: parts joined with no space, seat
/// lists with 号, and no English word in any speech.
#[test]
fn the_chinese_book_speaks_chinese() {
    let [_, zh] = builtin_books();
    for (i, plan) in plans().iter().enumerate() {
        let mut voice = ChaCha8Rng::seed_from_u64(i as u64);
        let (text, _) = render_with_claims(plan, &zh, &mut voice, 300);
        assert!(!text.contains(' '), "{text}");
        assert!(!text.chars().any(|c| c.is_ascii_alphabetic()), "{text}");
    }
    assert_eq!(
        super::phrases::seat_list_in([4, 7, 9].into_iter().collect(), Lang::ZhCn),
        "4号、7号和9号"
    );
}

/// A variant that reads right on the load check's probe seats but not on every fill: the
/// book is still accepted, but its speakers no longer hand claims over (the game reads them).
#[test]
fn a_variant_misread_on_some_fill_makes_the_book_inexact() {
    // "I never checked 4 and 8 as a wolf." claims nothing (the probes list two seats), but
    // with one accuser it reads "checked 4 … wolf" as a wolf report.
    let text = BUILTIN.replace(
        "defence = [\n",
        "defence = [\n    \"I never checked {seats} as a wolf.\",\n",
    );
    assert_ne!(text, BUILTIN);
    let book = Phrasebook::parse("speeches.toml", &text).expect("passes the probe check");
    assert!(!book.is_exact());
    assert_eq!(
        claims::read("I never checked 4 as a wolf.").wolves,
        SeatSet::only(4)
    );
    let mut p = Heuristic::with_phrasebook(3, std::sync::Arc::new(book));
    p.observe(&Event::RoleDealt {
        seat: 3,
        role: Role::Villager,
    });
    p.observe(&Event::NightFell { night: 1 });
    p.observe(&dawn());
    assert!(matches!(
        p.decide(&ask(3, AskKind::Speech, EVERY_SEAT)),
        Action::Speak { .. }
    ));
    assert_eq!(p.meant_claims(), None);
}

#[test]
fn a_speech_hands_over_its_claims_once() {
    let mut p = player(4, Role::Villager);
    p.observe(&dawn());
    let Action::Speak { text } = p.decide(&ask(4, AskKind::Speech, EVERY_SEAT)) else {
        panic!("a speech ask gets a speech");
    };
    assert_eq!(p.meant_claims(), Some(claims::read(&text)));
    assert_eq!(p.meant_claims(), None, "taken once");
    // Any other answer hands over nothing.
    p.decide(&ask(4, AskKind::Speech, EVERY_SEAT));
    p.decide(&ask(4, AskKind::Vote, EVERY_SEAT.without(4)));
    assert_eq!(p.meant_claims(), None);
}

/// Suspicion is remembered within a decision but every event can change it.
#[test]
fn suspicion_follows_every_event() {
    let mut p = player(7, Role::Villager);
    p.observe(&dawn());
    let before = p.suspicion();
    assert_eq!(before, p.suspicion());
    p.observe(&speech(4, "I am the seer. Checked 5: wolf."));
    let after = p.suspicion();
    assert!(after[5] > before[5], "{before:?} -> {after:?}");
    p.observe(&Event::SeerResult {
        target: 2,
        wolf: true,
    });
    assert_eq!(p.suspicion()[2], 1.0);
}

/// What seat `speaker` says on day 1 after these speeches (seat, text).
pub(super) fn day_speech_after(speaker: Seat, role: Role, speeches: &[(Seat, &str)]) -> String {
    let mut p = player(speaker, role);
    p.observe(&dawn());
    for (seat, text) in speeches {
        p.observe(&speech(*seat, text));
    }
    match p.decide(&ask(speaker, AskKind::Speech, EVERY_SEAT)) {
        Action::Speak { text } => text,
        other => panic!("a speech is expected, got {other:?}"),
    }
}

/// A person's hunter claim is answered by the next speakers and makes the claimer safe;
/// two hunter claims leave both in doubt.
#[test]
fn a_hunter_claim_is_answered_and_weighed() {
    let claim = "I'm the hunter. If you vote me out I take a wolf with me.";
    let accused = (2, "I suspect 4, they were too quiet. Vote 4.");
    for seed in 0..20u64 {
        let mut p = villager_on_day_1(7, seed);
        p.observe(&speech(accused.0, accused.1));
        let before = p.suspicion()[4];
        p.observe(&speech(4, claim));
        assert!(p.suspicion()[4] < before, "seed {seed}");
        let Action::Speak { text } = p.decide(&ask(7, AskKind::Speech, EVERY_SEAT)) else {
            panic!("a speech");
        };
        let book = Phrasebook::parse("built-in", BUILTIN).expect("valid");
        assert!(
            book.variants(Slot::HeardHunter)
                .iter()
                .any(|v| text.contains(&v.replace("{seat}", "4"))),
            "seed {seed}: {text}"
        );
        assert!(
            !claims::read(&text).accuses.contains(4),
            "seed {seed}: {text}"
        );
    }
    // The third speaker after the claim no longer repeats it.
    let later = day_speech_after(
        7,
        Role::Villager,
        &[(4, claim), (5, "Nothing yet."), (6, "Nothing yet.")],
    );
    assert!(!later.contains("hunter"), "{later}");
    // A counter-claim: both claimers are in doubt.
    let mut p = player(7, Role::Villager);
    p.observe(&dawn());
    p.observe(&speech(4, claim));
    p.observe(&speech(5, "No, I am the hunter."));
    let s = p.suspicion();
    assert!(s[4] >= 0.6 && s[5] >= 0.6, "{s:?}");
}

/// A seat that says it is a wolf is voted out, and the voters say why.
#[test]
fn a_confession_is_taken_at_its_word() {
    let confession = (5, "Fine, I am a wolf. Do your worst.");
    let votes = villager_votes(7, &[confession]);
    assert!(share(&votes, |s| s == 5) > 0.95, "{votes:?}");
    let text = day_speech_after(7, Role::Villager, &[confession]);
    assert_eq!(claims::read(&text).accuses, SeatSet::only(5), "{text}");
    let book = Phrasebook::parse("built-in", BUILTIN).expect("valid");
    let reasons = book.variants(Slot::ReasonConfessed);
    assert!(
        reasons
            .iter()
            .any(|r| text.contains(&r.replace("{seat}", "5"))),
        "no confession reason in: {text}"
    );
}

/// A believed witch's saved seat is counted good.
#[test]
fn a_witch_claim_clears_the_seat_she_saved() {
    let mut p = player(7, Role::Villager);
    p.observe(&dawn());
    p.observe(&speech(2, "I suspect 3. Vote 3."));
    let before = p.suspicion()[3];
    p.observe(&speech(4, "I am the witch. I saved 3 last night."));
    let s = p.suspicion();
    assert!(s[3] < before && s[3] <= 0.1, "{s:?}");
    assert!(s[4] <= 0.2, "{s:?}");
}
