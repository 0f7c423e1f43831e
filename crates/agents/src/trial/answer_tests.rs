//! Jurors who answer (issue 43): a whole offline trial against a person repeats no line
//! more than three times; a question what would convince a juror is answered in that
//! juror's terms for the asker's side; openings come from the case; a paced advocate
//! waits for the person.

use super::*;
use crate::games::trial::{Action, Ask, Band, Event, Mode, Side, TrialRules};
use crate::games::{Game, Seat};
use crate::Decision;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// What a person says in these trials: arguments, off-topic remarks and questions, the
/// ones the issue quotes among them.
pub(super) const PERSON: &[&str] = &[
    "What would it take to convince you?",
    "The attack came from outside: a criminal hid an injection in the label and hijacked it.",
    "I had a long day and the coffee here is terrible, honestly.",
    "Where do you stand right now?",
    "The developers shipped it without the tests their own engineers asked for.",
    "Do you think the safeguards were enough?",
    "Lovely weather we are having for a trial like this one, is it not",
    "It has no intent and no mind of its own; it did not choose anything at all.",
    "Why should anyone care?",
    "The company switched off the limits to make more profit, and nobody stopped it.",
    "What would make you vote my way?",
    "I think you are all very patient people and I thank you for it.",
];

/// Plays `case` to the verdict: seat 1 a person saying [`PERSON`] round the jurors (then
/// resting), every other seat the built-in players. Returns the trial.
fn play(case: &str, mode: Mode, seed: u64) -> Trial {
    play_in(case, mode, seed, crate::games::Lang::En, PERSON)
}

/// [`play`] in `lang`, the person saying `person`.
pub(super) fn play_in(
    case: &str,
    mode: Mode,
    seed: u64,
    lang: crate::games::Lang,
    person: &[&str],
) -> Trial {
    let kit = TrialKit::default();
    let case = kit.book.case_in(case, lang).unwrap();
    let sides = match mode {
        Mode::Defense => vec![Side::Defense],
        Mode::Adversarial => vec![Side::Prosecution, Side::Defense],
    };
    let setup = kit.book.setup(
        case,
        sides,
        TrialRules {
            mode,
            turns_per_juror: 6,
            deliberation_rounds: 2,
            ..TrialRules::default()
        },
    );
    let mut agents = kit.agents(&setup, &[1], seed);
    let mut t = Trial::new(&setup);
    let (mut cursor, mut said) = (0, 0);
    for _ in 0..10_000 {
        let log = t.log();
        for l in &log[cursor..] {
            for (i, a) in agents.iter_mut().enumerate() {
                if let Some(a) = a {
                    if l.audience.includes(i as Seat + 1) {
                        a.observe(&l.event);
                    }
                }
            }
        }
        cursor = log.len();
        if t.is_over() {
            return t;
        }
        let Some(p) = t.pending().into_iter().next() else {
            panic!("nothing asked and not over");
        };
        let action = if p.seat == 1 {
            match &p.ask {
                Ask::Argue { turns_left, .. } => {
                    let open: Vec<&String> = turns_left
                        .iter()
                        .filter(|(_, &n)| n > 0)
                        .map(|(j, _)| j)
                        .collect();
                    if open.is_empty() {
                        Action::Rest
                    } else {
                        said += 1;
                        Action::Say {
                            juror: open[said % open.len()].clone(),
                            text: person[said % person.len()].to_string(),
                        }
                    }
                }
                _ => unreachable!("a person only argues"),
            }
        } else {
            match agents[p.seat as usize - 1].as_mut().unwrap().decide(&p.ask) {
                Decision::Now(a) => a,
                Decision::Later(_) => panic!("the built-in players answer at once"),
            }
        };
        if t.act(p.seat, action).is_err() {
            t.timeout(p.seat).unwrap();
        }
    }
    panic!("the trial did not end");
}

/// Every sentence the jurors said (answers, statements, responses), counted.
pub(super) fn sentences(t: &Trial) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for l in t.log() {
        let text = match &l.event {
            Event::Replied { text, .. }
            | Event::Responded { text, .. }
            | Event::Stated { text, .. } => text,
            _ => continue,
        };
        for s in words::sentences(text) {
            *out.entry(s.to_string()).or_insert(0) += 1;
        }
    }
    out
}

#[test]
fn no_juror_line_is_said_more_than_three_times_in_a_trial() {
    for case in ["robot_prompt_injection", "trading_agent_poisoned_feed"] {
        for (mode, seed) in [
            (Mode::Defense, 1),
            (Mode::Adversarial, 2),
            (Mode::Adversarial, 7),
        ] {
            let t = play(case, mode, seed);
            let counts = sentences(&t);
            let said: usize = counts.values().sum();
            assert!(said > 60, "{case}: only {said} sentences");
            let over: Vec<_> = counts.iter().filter(|(_, &n)| n > 3).collect();
            assert!(over.is_empty(), "{case} {mode:?} seed {seed}: {over:?}");
            assert!(
                !counts.contains_key("I can see it both ways right now.")
                    || counts["I can see it both ways right now."] <= 3
            );
        }
    }
}

/// The reply of juror `id` of `case` to `text` from a player of `side`.
fn reply(case: &str, id: &str, side: Side, text: &str) -> String {
    let kit = TrialKit::default();
    let case = kit.book.case(case).unwrap();
    let mode = if side == Side::Defense {
        Mode::Defense
    } else {
        Mode::Adversarial
    };
    let sides = if side == Side::Defense {
        vec![Side::Defense]
    } else {
        vec![Side::Prosecution, Side::Defense]
    };
    let setup = kit.book.setup(
        case,
        sides,
        TrialRules {
            mode,
            ..TrialRules::default()
        },
    );
    let j = setup.jurors.iter().position(|j| j.id == id).unwrap();
    let mut juror = OfflineJuror::new(kit.words(case), &setup, j);
    let words = kit.words(case);
    let labels = words.label(text);
    // As the rules move a juror: its weight × the impact, over the two main topics.
    let moved = labels
        .topics
        .iter()
        .take(2)
        .map(|t| setup.jurors[j].weights.get(&t.topic).unwrap_or(&0.0) * t.impact.factor())
        .sum();
    let Decision::Now(Action::Reply { text }) = juror.decide(&Ask::Reply {
        player: 1,
        text: text.to_string(),
        band: Band::Undecided,
        heard: labels.topics,
        moved,
    }) else {
        panic!("a juror replies");
    };
    text
}

#[test]
fn what_would_convince_a_juror_is_answered_in_its_terms_for_the_askers_side() {
    let ask = "What would it take to convince you?";
    // Wang weighs the attack from outside most (+20): that is what the defence must show.
    let defence = reply("robot_prompt_injection", "juror_wang", Side::Defense, ask);
    assert!(defence.contains("the attack from outside"), "{defence}");
    assert!(!defence.contains("doesn't tell me anything"), "{defence}");
    // For the prosecution, the way to Wang is whether it meant it (−10), or the attack
    // argued down: its answer names what moves it toward GUILTY, not the defence's topic
    // as a thing to show.
    let prosecution = reply(
        "robot_prompt_injection",
        "juror_wang",
        Side::Prosecution,
        ask,
    );
    assert!(
        prosecution.contains("whether it meant to do it"),
        "{prosecution}"
    );
    assert_ne!(defence, prosecution);
    // Liu, in the trading case, answers in that case's terms: Quillon's part (+15) for the
    // defence, and warns off the pensioners (−15).
    let liu = reply(
        "trading_agent_poisoned_feed",
        "juror_liu",
        Side::Defense,
        "Honestly, what would make you vote not guilty?",
    );
    assert!(liu.contains("Quillon's part"), "{liu}");
    assert!(
        liu.contains("the pensioners who lost their savings"),
        "{liu}"
    );
    // Where it stands is answered from its band, a question on a topic about that topic.
    let stand = reply(
        "robot_prompt_injection",
        "juror_chen",
        Side::Defense,
        "Where do you stand?",
    );
    let bands = TrialKit::default()
        .book
        .replies_in(crate::games::Lang::En)
        .band
        .undecided
        .clone();
    assert!(bands.iter().any(|b| stand.contains(b.as_str())), "{stand}");
    let about = reply(
        "robot_prompt_injection",
        "juror_okafor",
        Side::Defense,
        "Were the safeguards in this robot enough to stop it, do you think?",
    );
    assert!(about.contains("safeguards"), "{about}");
}

#[test]
fn openings_come_from_the_case() {
    let kit = TrialKit::default();
    for case in kit.book.cases() {
        for j in &case.jurors {
            let opening = kit.book.opening(case, j);
            assert!(!opening.trim().is_empty(), "{} {j}", case.id);
            if case.id == "trading_agent_poisoned_feed" {
                for other in ["lost someone", "robot", "grieving", "harm"] {
                    assert!(!opening.contains(other), "{j}: {opening}");
                }
            }
        }
    }
    // A case file without openings: each juror opens on the case's topics it weighs most.
    let mut case = (**kit.book.case("trading_agent_poisoned_feed").unwrap()).clone();
    case.openings.clear();
    let liu = kit.book.opening(&case, "juror_liu");
    assert!(
        liu.contains("Quillon's part") || liu.contains("the pensioners who lost their savings"),
        "{liu}"
    );
}

#[test]
fn a_bad_opening_names_its_file_and_field() {
    let dir = std::env::temp_dir().join(format!("agora-openings-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("cases")).unwrap();
    let text = content::BUILTIN_CASES
        .iter()
        .find(|c| c.0 == "trading_agent_poisoned_feed")
        .unwrap()
        .1
        .replace("juror_park = \"Hey!", "juror_okafor = \"Hey!");
    std::fs::write(dir.join("cases/trading_agent_poisoned_feed.toml"), text).unwrap();
    let err = TrialBook::load(Some(&dir)).unwrap_err().to_string();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        err.contains("trading_agent_poisoned_feed.toml") && err.contains("openings.juror_okafor"),
        "{err}"
    );
}

/// An advocate that says one thing, at once.
struct Says;
impl crate::Agent<Trial> for Says {
    fn observe(&mut self, _: &Event) {}
    fn decide(&mut self, _: &Ask) -> Decision<Action> {
        Decision::Now(Action::Say {
            juror: "juror_wang".into(),
            text: "It was an attack from outside.".into(),
        })
    }
}

fn argue() -> Ask {
    Ask::Argue {
        turns_left: BTreeMap::from([("juror_wang".to_string(), 6)]),
        cards: vec![],
    }
}

#[tokio::test]
async fn a_paced_advocate_waits_for_the_persons_turn_then_writes() {
    let pacing = Pacing {
        people: vec![1],
        patience: Duration::from_secs(20),
        base: Duration::from_millis(100),
        per_word: Duration::ZERO,
        most: Duration::from_millis(100),
    };
    let mut paced = Paced::new(Box::new(Says), pacing.clone(), 2);
    let Decision::Later(f) = paced.decide(&argue()) else {
        panic!("a paced advocate answers later");
    };
    let start = Instant::now();
    let task = tokio::spawn(f);
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert!(!task.is_finished(), "it moved before the person had a turn");
    paced.observe(&Event::Said {
        player: 1,
        juror: "juror_wang".into(),
        text: "The attack came from outside.".into(),
    });
    let answer = tokio::time::timeout(Duration::from_secs(5), task)
        .await
        .unwrap()
        .unwrap();
    assert!(matches!(answer.action, Some(Action::Say { .. })));
    assert!(
        start.elapsed() >= Duration::from_millis(500),
        "{:?}",
        start.elapsed()
    );
    // Its next move waits for the person's next one: its own move counts.
    paced.observe(&Event::Said {
        player: 2,
        juror: "juror_wang".into(),
        text: "It was an attack from outside.".into(),
    });
    let Decision::Later(f) = paced.decide(&argue()) else {
        panic!("later");
    };
    let task = tokio::spawn(f);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!task.is_finished(), "it took two moves to the person's one");
    paced.observe(&Event::Rested { player: 1 });
    assert!(tokio::time::timeout(Duration::from_secs(5), task)
        .await
        .is_ok());

    // A person who does not move is waited for only as long as the patience.
    let mut paced = Paced::new(
        Box::new(Says),
        Pacing {
            patience: Duration::from_millis(300),
            ..pacing
        },
        2,
    );
    let Decision::Later(f) = paced.decide(&argue()) else {
        panic!("later");
    };
    let start = Instant::now();
    let answer = tokio::time::timeout(Duration::from_secs(5), f)
        .await
        .unwrap();
    assert!(answer.action.is_some());
    assert!(start.elapsed() >= Duration::from_millis(400));
}

#[test]
fn a_reaction_names_the_topic_that_moved_the_juror_that_way() {
    // Rossi weighs the law +20 and whether it meant it −12: a prosecutor arguing both
    // loses Rossi on the law, and is told so (not "on whether it meant to do it").
    let text = "Meridian decided on its own to sell everything; it chose to trade recklessly and the law must hold it liable.";
    let rossi = reply(
        "trading_agent_poisoned_feed",
        "juror_rossi",
        Side::Prosecution,
        text,
    );
    assert!(rossi.contains("the law"), "{rossi}");
    assert!(!rossi.contains("whether it meant to do it"), "{rossi}");
    // The same words from the defence please Rossi, on the law.
    let rossi = reply(
        "trading_agent_poisoned_feed",
        "juror_rossi",
        Side::Defense,
        text,
    );
    assert!(rossi.to_lowercase().contains("the law"), "{rossi}");
}

/// Juror `id`'s response to a deliberation statement by the juror after it, from `band`
/// to a speaker in `speaker_band`, unmoved by it.
fn respond(band: Band, speaker_band: Band) -> String {
    let kit = TrialKit::default();
    let case = kit.book.case("trading_agent_poisoned_feed").unwrap();
    let setup = kit
        .book
        .setup(case, vec![Side::Defense], TrialRules::default());
    let mut juror = OfflineJuror::new(kit.words(case), &setup, 0);
    let Decision::Now(Action::Reply { text }) = juror.decide(&Ask::Respond {
        round: 1,
        speaker: 3,
        text: "Let me say what decides it for me.".into(),
        band,
        speaker_band,
        moved: 0.0,
    }) else {
        panic!("a juror responds");
    };
    text
}

#[test]
fn an_unmoved_juror_of_the_speakers_verdict_agrees_and_an_undecided_one_does_not_differ() {
    let kit = TrialKit::default();
    let words = kit.words(kit.book.case("trading_agent_poisoned_feed").unwrap());
    let d = &words.replies.deliberation;
    let opens = |text: &str, lines: &[String]| {
        lines.iter().any(|l| {
            let head = l.split("{name}").next().unwrap_or_default();
            text.starts_with(head)
        })
    };
    let same = respond(Band::StronglyNotGuilty, Band::LeansNotGuilty);
    assert!(opens(&same, &d.agreed), "{same}");
    let other = respond(Band::LeansGuilty, Band::StronglyNotGuilty);
    assert!(opens(&other, &d.unmoved), "{other}");
    let middle = respond(Band::Undecided, Band::StronglyGuilty);
    assert!(opens(&middle, &d.unsure), "{middle}");
    // An undecided speaker is agreed with by nobody.
    let none = respond(Band::LeansGuilty, Band::Undecided);
    assert!(opens(&none, &d.unmoved), "{none}");
}
