//! The debate's model roles against the in-process mock LLM: a whole team debate with every
//! role on the mock (the notes counting every call), and the faults one decision can meet —
//! malformed JSON repaired, malformed twice falling back to the offline player with the
//! note saying so, a score out of range repaired, a speech far over its limit asked again —
//! and the captain's pick of who speaks.

use crate::store::{open, place, rt};
use agora::agents::debate::{debater, judge, DebateKit, Table};
use agora::agents::{Agent, Decision};
use agora::config::Config;
use agora::games::debate::team::{Action, Ask, Part, TeamRules, JUDGE};
use agora::games::debate::{words, TeamDebate};
use agora::games::{Outcome, Seat};
use agora::llm::mock::{MockLlm, MockOptions, Scripted};
use agora::llm::{Client, Provider};
use agora::session::{Ended, GameSetup};
use agora_core::debate::format::DebateFormat;
use agora_core::debate::session::{DebateSeat, DebateSetup};
use serde_json::{json, Value};
use std::time::Duration;

const MOTION: &str = "This house would introduce a universal basic income";

fn config() -> Config {
    Config::load_from(None, &|_| None).unwrap()
}

/// The built-in content with every role on the mock.
fn kit_for(mock: &MockLlm) -> DebateKit {
    let config = config();
    let client = |role: &str| {
        let mut p = Provider::fixed(role, &mock.base_url(), "mock-model", &config.llm);
        p.timeout = Duration::from_secs(10);
        p.max_concurrency = 16;
        Some(Client::new(p))
    };
    DebateKit {
        pro: client("pro"),
        con: client("con"),
        judge: client("judge"),
        ..DebateKit::default()
    }
}

fn table() -> Table<'static> {
    Table {
        topic: Some("universal_basic_income"),
        motion: MOTION,
        key: None,
        lang: agora_games::Lang::En,
    }
}

fn setup(scale: f64) -> DebateSetup {
    let p = [
        "logical",
        "emotional",
        "data_driven",
        "aggressive",
        "diplomatic",
    ];
    let mut seats: Vec<DebateSeat> = (0..8).map(|i| DebateSeat::debater(p[i % 5])).collect();
    seats.push(DebateSeat::judge());
    DebateSetup {
        format: DebateFormat::Team,
        topic: Some("universal_basic_income".into()),
        motion: MOTION.into(),
        rules: TeamRules {
            length_scale: scale,
            live_scores: false,
            ..TeamRules::default()
        },
        timers: config().debate.timers.clone(),
        seats,
        lang: agora_games::Lang::En,
    }
}

#[test]
fn a_whole_debate_on_the_mock_uses_the_models_and_records_every_call() {
    rt().block_on(async {
        let mock = MockLlm::start(MockOptions::default()).await.unwrap();
        let kit = kit_for(&mock);
        let dir =
            std::env::temp_dir().join(format!("agora-debate-llm-{}", agora::session::new_id()));
        std::fs::create_dir_all(&dir).unwrap();
        let store = open(&format!("sqlite://{}", dir.join("agora.db").display())).await;
        let session = setup(0.2)
            .create(store.clone(), 3, &place(), Duration::ZERO, &kit)
            .await
            .unwrap()
            .start();
        let id = session.handle.id().to_string();
        let outcome: Outcome = match session.wait().await.unwrap() {
            Ended::Finished(o) => o,
            other => panic!("the debate ended as {other:?}"),
        };
        assert_eq!(
            outcome.details["offline"],
            json!(false),
            "{}",
            outcome.details
        );
        let inputs = store.inputs(&id).await.unwrap();
        let mut calls = 0;
        let mut captains = 0;
        let mut max_prompt = 0;
        for input in &inputs {
            let Some(note) = &input.note else { continue };
            calls += note["calls"].as_u64().unwrap_or(0);
            assert!(
                note.get("fallback").is_none(),
                "no fallback on a clean mock: {note}"
            );
            if note["agent"].as_str().unwrap_or("").starts_with("captain") {
                captains += 1;
            }
            for c in note["tokens"]["per_call"].as_array().into_iter().flatten() {
                max_prompt = max_prompt.max(c["prompt"].as_u64().unwrap());
            }
        }
        assert_eq!(calls, mock.requests(), "every call is in a note");
        assert!(captains >= 4, "{captains} captain calls");
        assert!(max_prompt > 200 && max_prompt < 6000, "{max_prompt}");
        // Every speech was scored by the model, none offline.
        let game = agora::session::rebuild::<DebateSetup>(&store, &id)
            .await
            .unwrap();
        assert!(game.scores().iter().flatten().all(|s| !s.offline));
        assert!(game.scores().iter().flatten().count() >= 15);
        store.close().await;
        let _ = std::fs::remove_dir_all(dir);
    });
}

/// A game advanced with plain speeches until `until` says stop; returns it.
fn advance(until: impl Fn(&TeamDebate) -> bool) -> TeamDebate {
    let mut game = TeamDebate::new(MOTION, &TeamRules::default());
    while !until(&game) {
        let open = game.turn().cloned().expect("a turn is open");
        let action = match open.ask {
            Ask::Question { targets, .. } => Action::Ask {
                target: targets[0],
                text: "What does a basic income cost? Who pays the tax?".into(),
            },
            _ => Action::Speak {
                text: "A basic income puts a floor under poverty, and the cost is affordable."
                    .into(),
            },
        };
        game.act(open.seat, action).unwrap();
    }
    game
}

fn shown(agent: &mut dyn Agent<TeamDebate>, game: &TeamDebate, seat: Seat) {
    for l in game.log() {
        if l.audience.includes(seat) {
            agent.observe(&l.event);
        }
    }
}

async fn decide(agent: &mut dyn Agent<TeamDebate>, ask: &Ask) -> (Action, Value) {
    match agent.decide(ask) {
        Decision::Later(f) => {
            let a = f.await;
            (a.action.expect("an action"), a.note.expect("a note"))
        }
        Decision::Now(_) => panic!("a model seat answers later"),
    }
}

const GOOD_SCORE: &str = r#"{"logic": 7, "persuasion": 6, "expression": 8, "teamwork": 5, "rule_compliance": 9, "flags": [], "comment": "Clear, with evidence."}"#;

async fn judge_first_speech(mock: &MockLlm) -> (Action, Value) {
    let kit = kit_for(mock);
    let game = advance(|g| !g.speeches().is_empty());
    let mut j = judge(&kit, table(), 1);
    shown(j.as_mut(), &game, JUDGE);
    decide(j.as_mut(), &Ask::Judge { speech: 0 }).await
}

fn faults(note: &Value) -> Vec<String> {
    note["faults"]
        .as_array()
        .map(|f| {
            f.iter()
                .map(|x| {
                    format!(
                        "{}:{}",
                        x["kind"].as_str().unwrap(),
                        x["then"].as_str().unwrap_or("")
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn the_judge_repairs_a_malformed_reply_and_falls_back_after_two() {
    rt().block_on(async {
        let mock = MockLlm::start(MockOptions::default()).await.unwrap();
        // Malformed JSON, then a valid reply: repaired.
        mock.script([
            Scripted::Content("{\"logic\": 7, \"persua".into()),
            Scripted::Content(GOOD_SCORE.into()),
        ]);
        let (action, note) = judge_first_speech(&mock).await;
        match action {
            Action::Score {
                speech,
                scores,
                comment,
                offline,
            } => {
                assert_eq!((speech, scores.logic, offline), (0, 7, false));
                assert_eq!(comment, "Clear, with evidence.");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(note["repaired"], json!(true), "{note}");
        assert_eq!(note["calls"], json!(2));
        assert_eq!(faults(&note), vec!["invalid_reply:repair"]);
        // The repair prompt carried the error.
        let last = mock.recent_requests().pop().unwrap();
        let msgs = last["messages"].as_array().unwrap();
        assert!(msgs.last().unwrap()["content"]
            .as_str()
            .unwrap()
            .contains("not valid"));
        // Malformed twice: the offline heuristic's score, marked offline, and the note says so.
        mock.script([
            Scripted::Content("not json".into()),
            Scripted::Content("{\"logic\": 7}".into()),
        ]);
        let (action, note) = judge_first_speech(&mock).await;
        match action {
            Action::Score {
                offline, comment, ..
            } => {
                assert!(offline);
                assert!(comment.starts_with("Offline judge"), "{comment}");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(note["fallback"], json!("offline"), "{note}");
        assert_eq!(
            faults(&note),
            vec!["invalid_reply:repair", "invalid_reply:fallback"]
        );
        // A score out of range is repaired.
        mock.script([
            Scripted::Content(GOOD_SCORE.replace("\"logic\": 7", "\"logic\": 12")),
            Scripted::Content(GOOD_SCORE.into()),
        ]);
        let (action, note) = judge_first_speech(&mock).await;
        assert!(matches!(action, Action::Score { offline: false, .. }));
        assert_eq!(note["repaired"], json!(true));
        let error = note["faults"][0]["error"].as_str().unwrap();
        assert!(
            error.contains("logic") && error.contains("1 to 10"),
            "{error}"
        );
    });
}

#[test]
fn a_debater_asked_again_when_far_over_its_limit_else_offline() {
    rt().block_on(async {
        let mock = MockLlm::start(MockOptions::default()).await.unwrap();
        let kit = kit_for(&mock);
        let game = TeamDebate::new(MOTION, &TeamRules::default());
        let limit = game.limits().opening;
        let over = format!(
            r#"{{"speech": "{}"}}"#,
            "We are right. ".repeat(limit as usize)
        );
        let fine = r#"{"speech": "A basic income puts a floor under everyone."}"#;
        let ask = game.turn().unwrap().ask.clone();
        // Far over, then within: the second is taken.
        mock.script([
            Scripted::Content(over.clone()),
            Scripted::Content(fine.into()),
        ]);
        let mut d = debater(&kit, table(), 1, "logical", &[], 9);
        shown(d.as_mut(), &game, 1);
        let (action, note) = decide(d.as_mut(), &ask).await;
        assert_eq!(
            action,
            Action::Speak {
                text: "A basic income puts a floor under everyone.".into()
            }
        );
        assert_eq!(note["repaired"], json!(true));
        assert!(note["faults"][0]["error"]
            .as_str()
            .unwrap()
            .contains("over the limit"));
        // Far over twice: the offline speech, within the limit.
        mock.script([Scripted::Content(over.clone()), Scripted::Content(over)]);
        let mut d = debater(&kit, table(), 1, "logical", &[], 9);
        shown(d.as_mut(), &game, 1);
        let (action, note) = decide(d.as_mut(), &ask).await;
        let Action::Speak { text } = action else {
            panic!()
        };
        assert!(
            words::count(&text) <= limit && words::count(&text) > 50,
            "{text}"
        );
        assert_eq!(note["fallback"], json!("offline"));
        // An answer ending with a question is asked again.
        let game = advance(|g| {
            matches!(
                g.turn().map(|t| &t.ask),
                Some(Ask::Speak {
                    part: Part::Answer,
                    ..
                })
            )
        });
        let open = game.turn().unwrap().clone();
        mock.script([
            Scripted::Content(r#"{"speech": "Why do you ask?"}"#.into()),
            Scripted::Content(r#"{"speech": "The cost is covered by tax."}"#.into()),
        ]);
        let mut d = debater(&kit, table(), open.seat, "diplomatic", &[], 9);
        shown(d.as_mut(), &game, open.seat);
        let (action, note) = decide(d.as_mut(), &open.ask).await;
        assert_eq!(
            action,
            Action::Speak {
                text: "The cost is covered by tax.".into()
            }
        );
        assert!(note["faults"][0]["error"]
            .as_str()
            .unwrap()
            .contains("question"));
    });
}

#[test]
fn the_captain_picks_who_speaks_and_hands_the_floor_on() {
    rt().block_on(async {
        let mock = MockLlm::start(MockOptions::default()).await.unwrap();
        let kit = kit_for(&mock);
        let game = advance(|g| {
            matches!(
                g.turn().map(|t| &t.ask),
                Some(Ask::Speak {
                    part: Part::Free,
                    may_hand_off: true,
                    ..
                })
            )
        });
        let open = game.turn().unwrap().clone();
        assert_eq!(open.seat, 4, "Pro 4 has not spoken");
        // The captain picks Pro 2 (written pro_2): the floor is handed on.
        mock.script([Scripted::Content(
            r#"{"speaker": "pro_2", "direction": "Rebut their point on cost."}"#.into(),
        )]);
        let mut d = debater(&kit, table(), 4, "aggressive", &[], 2);
        shown(d.as_mut(), &game, 4);
        let (action, note) = decide(d.as_mut(), &open.ask).await;
        assert_eq!(
            action,
            Action::HandOff {
                to: 2,
                direction: "Rebut their point on cost.".into()
            }
        );
        assert_eq!(note["agent"], json!("captain"));
        // The captain picks the seat asked: it speaks, following the direction (two calls,
        // one note).
        mock.script([
            Scripted::Content(
                r#"{"speaker": "pro4", "direction": "Press the poverty floor."}"#.into(),
            ),
            Scripted::Content(
                r#"{"speech": "The poverty floor is the heart of our case."}"#.into(),
            ),
        ]);
        let mut d = debater(&kit, table(), 4, "aggressive", &[], 2);
        shown(d.as_mut(), &game, 4);
        let (action, note) = decide(d.as_mut(), &open.ask).await;
        assert_eq!(
            action,
            Action::Speak {
                text: "The poverty floor is the heart of our case.".into()
            }
        );
        assert_eq!(note["calls"], json!(2), "{note}");
        assert_eq!(note["agent"], json!("captain+speech"));
        let last = mock.recent_requests().pop().unwrap();
        let prompt = last["messages"].to_string();
        assert!(
            prompt.contains("Press the poverty floor."),
            "the direction reaches the speaker"
        );
        // A captain naming the other team twice falls back on the offline pick.
        mock.script([
            Scripted::Content(r#"{"speaker": "con2", "direction": "x"}"#.into()),
            Scripted::Content(r#"{"speaker": "judge", "direction": "x"}"#.into()),
        ]);
        let mut d = debater(&kit, table(), 4, "aggressive", &[], 2);
        shown(d.as_mut(), &game, 4);
        let (action, note) = decide(d.as_mut(), &open.ask).await;
        assert!(matches!(
            action,
            Action::Speak { .. } | Action::HandOff { .. }
        ));
        assert_eq!(note["fallback"], json!("offline"), "{note}");
    });
}
