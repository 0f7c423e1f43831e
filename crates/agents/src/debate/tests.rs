//! The offline players driven through whole debates (no session): every speech within its
//! limit at any scale, the same seed the same debate, the sides' fair chances, the
//! captain's picks and the judge's flags.

use super::*;
use crate::games::debate::team::{Flag, Limits, Speech, Stage, TeamRules, Winner, DEBATERS};
use crate::games::debate::words;
use crate::games::Lang;
use crate::Decision;

const PERSONALITIES: [&str; 5] = [
    "logical",
    "emotional",
    "data_driven",
    "aggressive",
    "diplomatic",
];

/// Nine offline agents for a table (`None` for the seats in `humans`).
pub(super) fn agents(
    kit: &DebateKit,
    topic: &str,
    seed: u64,
    humans: &[Seat],
) -> Vec<Option<Box<dyn Agent<TeamDebate>>>> {
    let t = kit.topics.get(topic).unwrap();
    let table = Table {
        topic: Some(topic),
        motion: &t.motion,
        key: None,
        lang: Lang::En,
    };
    (1..=JUDGE)
        .map(|seat| {
            if humans.contains(&seat) {
                None
            } else if seat == JUDGE {
                Some(judge(kit, table, seed))
            } else {
                let p = PERSONALITIES[(seed as usize + seat as usize) % PERSONALITIES.len()];
                Some(debater(kit, table, seat, p, humans, seed))
            }
        })
        .collect()
}

/// Plays a whole debate with offline agents (every seat AI), showing each agent the
/// events its seat may see; returns the game.
pub(super) fn play(kit: &DebateKit, topic: &str, seed: u64, scale: f64) -> TeamDebate {
    let t = kit.topics.get(topic).unwrap();
    let mut game = TeamDebate::new(
        &t.motion,
        &TeamRules {
            length_scale: scale,
            live_scores: false,
            ..TeamRules::default()
        },
    );
    let mut agents = agents(kit, topic, seed, &[]);
    let mut shown = 0;
    for _ in 0..500 {
        let log = game.log();
        for logged in &log[shown..] {
            for (i, a) in agents.iter_mut().enumerate() {
                if logged.audience.includes(i as Seat + 1) {
                    a.as_mut().unwrap().observe(&logged.event);
                }
            }
        }
        shown = log.len();
        let Some(open) = game.asks().into_iter().next() else {
            break;
        };
        let agent = agents[open.seat as usize - 1].as_mut().unwrap();
        match agent.decide(&open.ask) {
            Decision::Now(action) => game
                .act(open.seat, action.clone())
                .unwrap_or_else(|e| panic!("seed {seed}: {action:?} refused: {e}")),
            Decision::Later(answer) => {
                // Only a pass of the free-debate floor (the clock's scrap) comes later.
                let answer = futures_lite(answer);
                assert!(answer.action.is_none(), "{:?}", answer.note);
                assert!(matches!(
                    open.ask,
                    Ask::Speak {
                        part: Part::Free,
                        ..
                    }
                ));
                game.timeout(open.seat).unwrap();
            }
        }
    }
    assert!(game.is_over(), "seed {seed}: the debate did not end");
    game
}

/// Polls a ready future to its end (the offline pass is ready at once).
fn futures_lite<T>(f: std::pin::Pin<Box<dyn std::future::Future<Output = T> + Send>>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(f)
}

fn kit() -> DebateKit {
    DebateKit::default()
}

fn topics(kit: &DebateKit) -> Vec<String> {
    kit.topics.ids().map(str::to_string).collect()
}

/// The universal basic income table, with no session to key its calls by.
fn ubi(motion: &str) -> Table<'_> {
    Table {
        topic: Some("universal_basic_income"),
        motion,
        key: None,
        lang: Lang::En,
    }
}

#[test]
fn every_speech_is_within_its_limit_at_any_scale() {
    let kit = kit();
    for scale in [0.04, 1.0 / 3.0, 1.0] {
        for (n, topic) in topics(&kit).iter().enumerate() {
            for seed in 0..4u64 {
                let game = play(&kit, topic, seed * 7 + n as u64, scale);
                let limits = Limits::scaled(scale);
                assert!(
                    game.penalties().is_empty(),
                    "{topic} {scale} {seed}: {:?}",
                    game.penalties()
                );
                let mut parts = std::collections::BTreeSet::new();
                for s in game.speeches() {
                    assert!(s.words <= s.limit, "{topic} {scale}: {s:?}");
                    assert!(s.words > 0);
                    parts.insert(s.part.name());
                    if s.part == Part::Question {
                        assert!(s.text.contains('?'), "{s:?}");
                    }
                    if s.part == Part::Answer {
                        assert!(!words::ends_with_question(&s.text), "{s:?}");
                    }
                    if s.part == Part::Free && scale >= 1.0 && s.limit >= limits.clock / 4 {
                        // A share of the clock left (a quarter at first), or the team's
                        // last word: all that is left, in whole sentences, or most of it
                        // when the team's fresh material runs out first.
                        assert!(
                            s.words <= s.limit / 2 + 10
                                || s.words + 45 >= s.limit
                                || s.words * 4 >= s.limit * 3,
                            "{s:?}"
                        );
                        assert!(
                            s.words >= limits.clock / 20,
                            "a free speech of substance: {s:?}"
                        );
                    }
                }
                assert_eq!(parts.len(), 6, "every part spoken: {parts:?}");
                // Several turns each in free debate.
                let free = game
                    .speeches()
                    .iter()
                    .filter(|s| s.part == Part::Free)
                    .count();
                assert!(free >= 6, "{topic} {scale}: {free} free speeches");
            }
        }
    }
}

#[test]
fn speeches_read_as_debate_speeches() {
    let kit = kit();
    let game = play(&kit, "universal_basic_income", 3, 1.0);
    let s = game.speeches();
    let opening = &s[0];
    assert!(opening.words >= 120, "{opening:?}");
    let topic = kit.topics.get("universal_basic_income").unwrap();
    assert!(
        !text::claims_in(&topic.pro, &opening.text).is_empty(),
        "the opening makes Pro's claims: {}",
        opening.text
    );
    // Every answer rebuts something of the other side's bank.
    for a in s.iter().filter(|s| s.part == Part::Answer) {
        let side = side_of(a.seat).unwrap();
        let rebuttals = &topic.side(side).rebuttals;
        assert!(
            rebuttals
                .iter()
                .any(|r| text::sentences(&r.text).iter().any(|x| a
                    .text
                    .to_lowercase()
                    .contains(&x.trim_end_matches('.').to_lowercase()))),
            "{}",
            a.text
        );
    }
    // Every closing ends with a statement.
    for c in s.iter().filter(|s| s.part == Part::Closing) {
        assert!(c.text.ends_with('.') || c.text.ends_with('!'), "{}", c.text);
    }
    // No two clashes weighed in one wrap-up in the same form.
    for (topic, seed) in ["ban_homework", "universal_basic_income"]
        .iter()
        .flat_map(|t| (1..5).map(move |seed| (*t, seed)))
    {
        let game = play(&kit, topic, seed, 1.0);
        for w in game
            .speeches()
            .iter()
            .filter(|s| matches!(s.part, Part::Summary | Part::Closing))
        {
            let heads: Vec<String> = text::sentences(&w.text)
                .iter()
                .map(|x| x.split_whitespace().take(4).collect::<Vec<_>>().join(" "))
                .collect();
            for (i, h) in heads.iter().enumerate() {
                assert!(!heads[..i].contains(h), "\"{h}\" twice in: {}", w.text);
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_debate() {
    let kit = kit();
    let a = play(&kit, "universal_basic_income", 11, 1.0 / 3.0);
    let b = play(&kit, "universal_basic_income", 11, 1.0 / 3.0);
    assert_eq!(a.speeches(), b.speeches());
    assert_eq!(a.scores(), b.scores());
    let c = play(&kit, "universal_basic_income", 12, 1.0 / 3.0);
    assert_ne!(a.speeches(), c.speeches(), "another seed, another debate");
}

/// Each side wins 40–60% of offline debates, and the judge's scores vary.
#[test]
fn offline_debates_give_each_side_a_fair_chance() {
    let kit = kit();
    let ids = topics(&kit);
    let mut wins = [0u32; 3];
    let mut distinct = std::collections::BTreeSet::new();
    let n = 200u64;
    // The debates are independent: two threads play the even and the odd seeds.
    let (kit, ids) = (&kit, &ids);
    let half = move |first: u64| {
        let seeds = (first..n).step_by(2).map(|seed| {
            let game = play(kit, &ids[seed as usize % ids.len()], seed, 1.0 / 3.0);
            let scores: Vec<_> = game.scores().iter().flatten().cloned().collect();
            (game.totals().unwrap().winner, scores)
        });
        seeds.collect::<Vec<_>>()
    };
    let halves = std::thread::scope(|s| {
        let odd = s.spawn(move || half(1));
        [half(0), odd.join().unwrap()]
    });
    for (winner, scores) in halves.into_iter().flatten() {
        wins[match winner {
            Winner::Pro => 0,
            Winner::Con => 1,
            Winner::Draw => 2,
        }] += 1;
        for s in scores {
            assert!(s.offline);
            distinct.insert(s.score_x100);
        }
    }
    let share = |w: u32| w as f64 / n as f64;
    eprintln!(
        "offline wins over {n} debates: pro {}, con {}, draw {}",
        wins[0], wins[1], wins[2]
    );
    assert!((0.4..=0.6).contains(&share(wins[0])), "{wins:?}");
    assert!((0.4..=0.6).contains(&share(wins[1])), "{wins:?}");
    assert!(distinct.len() >= 8, "scores vary: {distinct:?}");
}

fn observed(seat: Seat, speeches: &[Speech]) -> Memory {
    let mut m = Memory::new(seat, "This house would introduce a universal basic income");
    m.observe(&Event::Motion {
        motion: m.motion.clone(),
        limits: Limits::FULL,
    });
    for s in speeches {
        m.observe(&Event::Spoke(s.clone()));
    }
    m
}

/// The offline writer of Pro 2, with no person at the table.
fn pro2<'a>(topic: &'a Topic, voice: &'a Personality, memory: &'a Memory) -> Writer<'a> {
    Writer {
        seat: 2,
        side: Side::Pro,
        topic,
        voice,
        memory,
        humans: &[],
    }
}

fn speech(index: u32, seat: Seat, part: Part, text: &str, limit: u32) -> Speech {
    Speech {
        index,
        seat,
        part,
        text: text.into(),
        words: words::count(text),
        limit,
        target: None,
    }
}

#[test]
fn the_captain_picks_the_least_heard_a_person_first_when_tied() {
    let kit = kit();
    let topic = kit.topics.get("universal_basic_income").unwrap().clone();
    let voice = kit.personalities.get("logical").unwrap().clone();
    let spoken = vec![
        speech(
            0,
            2,
            Part::Free,
            "Poverty is real and a floor ends it.",
            1000,
        ),
        speech(1, 5, Part::Free, "The cost is huge: billions in tax.", 1000),
        speech(2, 1, Part::Free, "A floor for everyone matters.", 1000),
    ];
    let memory = observed(2, &spoken);
    let w = pro2(&topic, &voice, &memory);
    // Pro 3 and Pro 4 have not spoken: the lower position, unless Pro 4 is a person.
    assert_eq!(w.captain(&[]).0, 3);
    let (to, direction) = w.captain(&[4]);
    assert_eq!(to, 4);
    assert_eq!(
        direction, "Rebut their point on ‘cost’",
        "Con's last speech was on cost"
    );
    // The offered seat speaks itself when it is the pick, else hands the floor on.
    let mut d = Debater::new(&kit, ubi(&topic.motion), 3, "logical", &[], 1);
    d.memory = observed(3, &spoken);
    let ask = Ask::Speak {
        part: Part::Free,
        limit: 900,
        answering: None,
        direction: None,
        may_hand_off: true,
    };
    assert!(matches!(d.offline(&ask), Some(Action::Speak { .. })));
    d.seat = 2;
    d.memory = observed(2, &spoken);
    assert!(matches!(
        d.offline(&ask),
        Some(Action::HandOff { to: 3, .. })
    ));
    // The handed-to seat follows the direction: it rebuts the claim named.
    d.seat = 3;
    let Some(Action::Speak { text }) = d.offline(&Ask::Speak {
        part: Part::Free,
        limit: 900,
        answering: None,
        direction: Some("Rebut their point on cost".into()),
        may_hand_off: false,
    }) else {
        panic!()
    };
    let cost_rebuttal = &topic.pro.rebuttals_of("cost").next().unwrap().text;
    assert!(text.contains(cost_rebuttal.as_str()), "{text}");
}

#[test]
fn a_person_on_the_team_gets_a_fair_share_of_the_floor_and_the_clock() {
    let kit = kit();
    let topic = kit.topics.get("universal_basic_income").unwrap().clone();
    let voice = kit.personalities.get("logical").unwrap().clone();
    let opening = speech(0, 1, Part::Opening, "We open the case.", 750);
    let humans: &[Seat] = &[2];
    let writer = |memory| Writer {
        seat: 1,
        side: Side::Pro,
        topic: &topic,
        voice: &voice,
        memory,
        humans,
    };
    // Free debate has just opened: the person is not handed the floor at once.
    let before = observed(1, std::slice::from_ref(&opening));
    assert_ne!(writer(&before).captain(humans).0, 2);
    // Once an AI teammate has spoken in free debate, the person (now behind) gets it.
    let after = observed(
        1,
        &[
            opening.clone(),
            speech(1, 3, Part::Free, "A floor for all.", 1000),
        ],
    );
    assert_eq!(writer(&after).captain(humans).0, 2);
    // A quarter of the clock is kept for the person; the AI speakers share the rest.
    let clock = Limits::FULL.clock;
    let w = writer(&before);
    assert_eq!(w.kept_for_people(clock), clock / 4);
    assert!(w.free_target(clock) <= clock - clock / 4);
    // What the person said counts against their share.
    let spoke = observed(
        1,
        &[
            opening.clone(),
            speech(1, 2, Part::Free, &"word ".repeat(100), 1000),
        ],
    );
    assert_eq!(writer(&spoke).kept_for_people(clock - 100), clock / 4 - 100);
    // With nobody at the keyboard the captain is as before: the least heard.
    let nobody = Writer {
        humans: &[],
        ..writer(&before)
    };
    assert_eq!(nobody.captain(&[]).0, 2);
    // A person who asks for the floor in a team note gets it, even at the team's first
    // free speech, until they have spoken.
    let mut asked = before.clone();
    asked.observe(&Event::TeamNote {
        seat: 2,
        text: "Give me the floor, I have their numbers".into(),
    });
    assert_eq!(writer(&asked).captain(humans).0, 2);
    let mut answered = asked.clone();
    answered.observe(&Event::Spoke(speech(1, 2, Part::Free, "Numbers.", 1000)));
    assert_eq!(writer(&answered).floor_asked(), None);
    // A person who let their free-debate turn go is not handed the floor straight back;
    // asking again brings it back.
    let mut passed = after.clone();
    passed.observe(&Event::Skipped {
        seat: 2,
        part: Part::Free,
    });
    assert_ne!(writer(&passed).captain(humans).0, 2);
    let mut again = passed.clone();
    again.observe(&Event::TeamNote {
        seat: 2,
        text: "floor please".into(),
    });
    assert_eq!(writer(&again).captain(humans).0, 2);
    // AI debaters with nothing new left to say leave the floor to the person, even one
    // who has spoken more than they have.
    let bank = &topic.pro;
    let everything: Vec<&str> = std::iter::once(bank.framing.as_str())
        .chain(
            bank.claims
                .iter()
                .flat_map(|c| [c.claim.as_str(), c.evidence.as_str()]),
        )
        .chain(bank.rebuttals.iter().map(|r| r.text.as_str()))
        .collect();
    let spent = observed(
        1,
        &[
            opening.clone(),
            speech(1, 3, Part::Free, &everything.join(" "), 1000),
            speech(2, 2, Part::Free, "A floor for all adults.", 1000),
        ],
    );
    assert_eq!(writer(&spent).captain(humans).0, 2);
}

#[test]
fn an_ai_debater_rests_its_case_when_the_clock_is_a_scrap() {
    let kit = kit();
    let mut d = Debater::new(
        &kit,
        ubi("This house would introduce a universal basic income"),
        5,
        "logical",
        &[],
        1,
    );
    let ask = |limit| Ask::Speak {
        part: Part::Free,
        limit,
        answering: None,
        direction: None,
        may_hand_off: true,
    };
    for limit in [1, 5] {
        assert_eq!(d.offline(&ask(limit)), Some(Action::Rest));
        assert!(matches!(d.decide(&ask(limit)), Decision::Now(Action::Rest)));
    }
    // Enough for a point: it speaks (or hands the floor on), never a bare "Done.".
    match d.offline(&ask(offline::MIN_SPEECH)) {
        Some(Action::Speak { text }) => assert!(text.split_whitespace().count() >= 2, "{text}"),
        Some(Action::HandOff { .. }) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_answer_with_its_own_case_all_said_turns_to_a_point_of_theirs() {
    let kit = kit();
    let topic = kit.topics.get("universal_basic_income").unwrap().clone();
    let voice = kit.personalities.get("aggressive").unwrap().clone();
    // Pro's whole case said already, then Con's case and questions.
    let ours: Vec<&str> = topic
        .pro
        .claims
        .iter()
        .flat_map(|c| [c.claim.as_str(), c.evidence.as_str()])
        .collect();
    let theirs = "Targeted support helps the poorest far more than spreading the same money \
                  across everyone. Injecting cash into every household risks pushing up rents \
                  and prices, eating away the payment's value.";
    let question = "Who pays for a payment to every adult? Why pay the rich at all?";
    let memory = observed(
        2,
        &[
            speech(0, 1, Part::Opening, &ours.join(" "), 2000),
            speech(1, 5, Part::Opening, theirs, 250),
            speech(2, 6, Part::Question, question, 125),
        ],
    );
    let w = pro2(&topic, &voice, &memory);
    let motion = reading::keys(&memory.motion);
    let points = reading::read(theirs, &motion);
    // A debater gives three to five fifths of what it prepared (its form that day), so
    // the point of theirs, among the last it prepared, is often left out; without it, it
    // would never be there.
    let mut took = 0;
    for seed in 0..12 {
        let text = w.answer(&mut ChaCha8Rng::seed_from_u64(seed), 250, Some(question));
        let read = reading::read(&text, &motion);
        took += points.iter().any(|p| read.iter().any(|s| s.takes_up(p))) as usize;
        assert!(!text.ends_with('?'), "{text}");
    }
    assert!(
        took >= 4,
        "a point of theirs taken up in {took} of 12 answers"
    );
}

#[test]
fn the_cross_examiner_names_the_opponent_who_spoke_less() {
    let kit = kit();
    let topic = kit.topics.get("universal_basic_income").unwrap().clone();
    let voice = kit.personalities.get("aggressive").unwrap().clone();
    let memory = observed(2, &[speech(0, 6, Part::Answer, "We answer.", 250)]);
    let w = pro2(&topic, &voice, &memory);
    for seed in 0..10 {
        let (target, text) = w.questions(&mut ChaCha8Rng::seed_from_u64(seed), 125, [6, 7]);
        assert_eq!(target, 7);
        assert_eq!(text.matches('?').count(), 3, "{text}");
        assert!(words::count(&text) <= 125);
    }
    let (_, short) = w.questions(&mut ChaCha8Rng::seed_from_u64(1), 5, [6, 7]);
    assert!(words::count(&short) <= 5 && short.ends_with('?'), "{short}");
}

#[test]
fn the_judge_flags_and_scores_by_its_measures() {
    let kit = kit();
    let topic = kit.topics.get("universal_basic_income").unwrap().clone();
    let q = speech(
        2,
        2,
        Part::Question,
        "If trials in Finland found no drop in work, what evidence shows people would stop working? Who pays? Why?",
        125,
    );
    let good = speech(
        3,
        6,
        Part::Answer,
        "The evidence from Finland is weak: the trials were small and temporary, so they cannot show people would keep working. Unconditional money weakens the incentive to work, and the cost in tax is huge.",
        250,
    );
    let counter = speech(
        3,
        6,
        Part::Answer,
        "Why should we answer that? Who pays for it?",
        250,
    );
    let dodge = speech(
        3,
        6,
        Part::Answer,
        "Rents and landlords matter a great deal to us all here.",
        250,
    );
    let statement = speech(
        2,
        2,
        Part::Question,
        "Basic income ends poverty for everyone.",
        125,
    );
    let over = speech(0, 1, Part::Opening, &"poverty floor ".repeat(40), 30);
    let insult = speech(
        4,
        1,
        Part::Summary,
        "You are liars and the poverty floor stands.",
        500,
    );
    let score = |before: &[Speech], s: &Speech| {
        let mut all = before.to_vec();
        all.push(s.clone());
        heuristic::score(&topic, &observed(JUDGE, &all), s)
    };
    let (g, comment) = score(std::slice::from_ref(&q), &good);
    assert!(g.flags.is_empty(), "{g:?} {comment}");
    assert!(
        // The first question taken up, and "Why?" answered by the reason given.
        comment.contains("answered 2 of") && comment.contains("with a reason"),
        "{comment}"
    );
    let (c, comment) = score(std::slice::from_ref(&q), &counter);
    assert!(c.has(Flag::CounterQuestion), "{c:?}");
    assert!(comment.contains("counter question −4"), "{comment}");
    assert!(c.score_x100() < g.score_x100());
    let (d, _) = score(std::slice::from_ref(&q), &dodge);
    assert!(d.has(Flag::NotDirectAnswer), "{d:?}");
    assert!(d.score_x100() < g.score_x100());
    let (a, _) = score(&[], &statement);
    assert!(a.has(Flag::AttackerAnswered), "{a:?}");
    let (o, comment) = score(&[], &over);
    assert!(
        o.rule_compliance <= 5 && comment.contains("over the limit"),
        "{o:?} {comment}"
    );
    let (i, _) = score(&[], &insult);
    assert!(i.has(Flag::PersonalAttack), "{i:?}");
    let off = speech(
        0,
        1,
        Part::Opening,
        "I had a sandwich for lunch today and it was nice and warm.",
        750,
    );
    assert!(score(&[], &off).0.has(Flag::OffTopic));
}

#[test]
fn the_judge_reviews_the_claims_each_side_pressed() {
    let kit = kit();
    let game = play(&kit, "universal_basic_income", 5, 1.0 / 3.0);
    let review = game
        .log()
        .iter()
        .find_map(|l| match &l.event {
            Event::Review { text, offline } => Some((text.clone(), *offline)),
            _ => None,
        })
        .unwrap();
    assert!(review.1, "offline");
    assert!(
        review.0.contains("Pro's strongest ground") && review.0.contains("Con's strongest ground"),
        "{}",
        review.0
    );
    assert!(game.stage() == Stage::Finished);
    let _ = DEBATERS;
}

#[test]
fn the_kit_checks_topics_and_roles() {
    let kit = kit();
    assert!(kit.check_topic(Some("universal_basic_income")).is_ok());
    let e = kit.check_topic(Some("universal")).unwrap_err();
    assert!(e.contains("universal_basic_income"), "{e}");
    let e = kit.check_topic(None).unwrap_err();
    assert!(e.contains("LLM_API_KEY"), "{e}");
    for role in Role::ALL {
        assert!(kit.is_offline_role(role));
    }
    let env = |k: &str| match k {
        "LLM_API_KEY" => Some("k".to_string()),
        "JUDGE_LLM_MODEL" => Some("judge-model".to_string()),
        "AGORA_CONTENT_DIR" => {
            Some(concat!(env!("CARGO_MANIFEST_DIR"), "/../../content").to_string())
        }
        _ => None,
    };
    let with = DebateKit::from_config(&Config::default(), &env).unwrap();
    assert!(!with.is_offline_role(Role::Pro));
    assert_eq!(with.judge.as_ref().unwrap().provider().model, "judge-model");
    assert!(with.check_topic(None).is_ok());
    let only_judge = |k: &str| match k {
        "JUDGE_LLM_API_KEY" => Some("k".to_string()),
        _ => None,
    };
    let j = DebateKit::from_config(&Config::default(), &only_judge).unwrap();
    assert!(j.is_offline_role(Role::Pro) && !j.is_offline_role(Role::Judge));
    assert!(j.check_topic(None).is_err());
}
