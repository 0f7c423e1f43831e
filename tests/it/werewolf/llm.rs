//! Language-model and remote-agent seats, with no network: whole games against the
//! in-process mock LLM (clean and faulty), the HTTP agent protocol against our own agent
//! server, what a remote agent is told (never more than its seat knows), and the CLI.

use agora::agents::werewolf::llm::load_prompts;
use agora::agents::werewolf::WerewolfKit;
use agora::config::Config;
use agora::games::werewolf::{Audience, Event, Role, Werewolf};
use agora::llm::mock::{MockLlm, MockOptions};
use agora::llm::{Client, Provider};
use agora::store::Store;
use agora_core::werewolf::ladder::{self as ladder, LadderOptions, LadderReport};
use agora_core::werewolf::session::WerewolfSetup;
use serde_json::Value;
use std::sync::{Arc, Mutex};
use std::time::Duration;

fn config() -> Config {
    Config::load_from(None, &|_| None).unwrap()
}

fn kit_for(mock: &MockLlm, timeout: Duration) -> WerewolfKit {
    let config = config();
    let mut provider = Provider::fixed("werewolf", &mock.base_url(), "mock-model", &config.llm);
    provider.timeout = timeout;
    provider.max_concurrency = 64;
    WerewolfKit {
        llm: Some((Client::new(provider), Arc::new(load_prompts(None).unwrap()))),
        agent_timeout: Duration::from_secs(5),
    }
}

async fn ladder(kit: &WerewolfKit, opts: LadderOptions) -> (LadderReport, Store) {
    let url = crate::store::sqlite_url("llm");
    let store = crate::store::open(&url).await;
    let report = ladder::run(&config(), &store, kit, &opts).await.unwrap();
    (report, store)
}

fn all_llm(games: u64, seed: u64) -> LadderOptions {
    LadderOptions {
        games,
        seed,
        concurrency: 16,
        remote: vec![],
        llm_seats: Some(vec![]),
        pace: 1.0,
    }
}

#[test]
fn all_llm_games_finish_against_the_mock_with_notes_and_flat_prompts() {
    crate::store::rt().block_on(async {
        let mock = MockLlm::start(MockOptions::default()).await.unwrap();
        let kit = kit_for(&mock, Duration::from_secs(10));
        let (report, store) = ladder(&kit, all_llm(6, 40)).await;
        assert_eq!(report.finished, 6, "{}", report.table());
        assert!(report.llm_calls >= 6 * 20, "{}", report.table());
        assert_eq!(report.fallbacks, 0, "{}", report.table());
        assert!(report.faults.is_empty(), "{:?}", report.faults);
        assert_eq!(report.llm_calls, mock.requests());
        // Every model decision keeps its tokens and its review for after the game.
        let game = &report.per_game[0];
        let inputs = store.inputs(&game.session).await.unwrap();
        let noted: Vec<&Value> = inputs.iter().filter_map(|i| i.note.as_ref()).collect();
        assert!(!noted.is_empty());
        for note in noted {
            assert!(note["tokens"]["prompt"].as_u64().unwrap() > 100, "{note}");
            assert!(note["reasoning_steps"].is_array(), "{note}");
            assert!(note["suspicion_scores"].is_object(), "{note}");
        }
        // Prompts do not grow with the game: day 5+ stays within reach of day 1.
        let day1 = &report.prompt_tokens_day1;
        assert!(day1.calls > 0);
        let later = &report.prompt_tokens_day5_plus;
        if later.calls > 0 {
            assert!(
                later.max <= day1.max * 2,
                "day 5+ max {} vs day 1 max {}",
                later.max,
                day1.max
            );
        }
        // What the model was asked: the valid options as the schema's enums.
        let bodies = mock.recent_requests();
        let last = bodies.last().unwrap();
        assert_eq!(last["response_format"]["type"], "json_schema");
        assert!(last["messages"][0]["content"]
            .as_str()
            .unwrap()
            .contains("Werewolf"));
    });
}

#[test]
fn faulty_replies_fall_back_and_every_fault_is_recorded() {
    crate::store::rt().block_on(async {
        let mock = MockLlm::start(MockOptions {
            fault_rate: 0.3,
            seed: 7,
            ..MockOptions::default()
        })
        .await
        .unwrap();
        let kit = kit_for(&mock, Duration::from_millis(300));
        let (report, _) = ladder(&kit, all_llm(8, 100)).await;
        assert_eq!(report.finished, 8, "{}", report.table());
        let served = mock.served();
        let served_faults = mock.faults_served();
        assert!(served_faults > 20, "{served:?}");
        let unrecorded = agora::llm::mock::unrecorded_faults(&served, &report.faults);
        assert!(
            unrecorded.is_empty(),
            "served {served:?}, recorded {:?}: {unrecorded:?}",
            report.faults
        );
        assert!(
            report.fallbacks > 0 && report.repaired > 0,
            "{}",
            report.table()
        );
        assert_eq!(report.faults.get("timeout"), served.get("hang"));
    });
}

#[test]
fn remote_agents_play_through_our_agent_server_and_learn_only_their_seat() {
    crate::store::rt().block_on(async {
        // A capturing front for our own agent server: every game_state is kept.
        let seen: Arc<Mutex<Vec<Value>>> = Arc::default();
        let seen2 = seen.clone();
        let app = axum::Router::new().route(
            "/act",
            axum::routing::post(move |axum::Json(state): axum::Json<Value>| {
                let seen = seen2.clone();
                async move {
                    seen.lock().unwrap().push(state.clone());
                    let decision = agora::agents::werewolf::agent_server::decide(
                        &WerewolfKit::default(),
                        &state,
                    )
                    .await
                    .unwrap();
                    axum::Json(decision)
                }
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await });
        let url = format!("http://{addr}/act");
        let opts = LadderOptions {
            games: 4,
            seed: 300,
            concurrency: 4,
            remote: (1..=9).map(|s| (s, url.clone())).collect(),
            llm_seats: None,
            pace: 1.0,
        };
        let (report, store) = ladder(&WerewolfKit::default(), opts).await;
        assert_eq!(report.finished, 4, "{}", report.table());
        assert_eq!(report.fallbacks, 0, "{}", report.table());

        // Rebuild each game from its stored inputs and check every state against it.
        let states = seen.lock().unwrap().clone();
        assert!(states.len() > 100);
        for game in &report.per_game {
            let row = store.session(&game.session).await.unwrap();
            let setup: WerewolfSetup = agora::session::setup_of(&row).unwrap();
            let mut rules = setup.rules.clone();
            rules.gpp = setup.gpp.clone();
            let mut g = Werewolf::new(Arc::new(rules), row.seed);
            for input in store.inputs(&game.session).await.unwrap() {
                if input.payload.is_null() {
                    g.timeout(input.seat).unwrap();
                } else {
                    g.act(input.seat, serde_json::from_value(input.payload).unwrap())
                        .unwrap();
                }
            }
            for state in states
                .iter()
                .filter(|s| s["game_id"] == game.session.as_str())
            {
                let seat = state["seat"].as_u64().unwrap() as u8;
                let role = g.role(seat);
                assert_eq!(state["role"], serde_json::json!(role), "its own role only");
                let allowed: Vec<&Event> = g
                    .log()
                    .iter()
                    .filter(|l| l.audience.includes(seat) || l.audience == Audience::Everyone)
                    .map(|l| &l.event)
                    .collect();
                let events: Vec<Event> = serde_json::from_value(state["events"].clone()).unwrap();
                assert!(
                    events.len() <= allowed.len()
                        && events.iter().zip(&allowed).all(|(a, b)| a == *b),
                    "seat {seat} was sent an event it may not see"
                );
                let private = state["private"].as_object().unwrap();
                assert_eq!(private.contains_key("wolves"), role == Role::Werewolf);
                assert_eq!(private.contains_key("checks"), role == Role::Seer);
                assert_eq!(private.contains_key("potions"), role == Role::Witch);
                assert_eq!(state["ask"]["seat"], seat as u64);
            }
        }
    });
}

#[test]
fn a_silent_or_confused_remote_agent_abstains_and_it_is_recorded() {
    crate::store::rt().block_on(async {
        let app = axum::Router::new()
            .route("/garbage", axum::routing::post(|| async { "{not json" }))
            .route(
                "/bad-target",
                axum::routing::post(|| async {
                    axum::Json(serde_json::json!({"vote_target": 42, "skill_target": 42, "natural_speech": 5}))
                }),
            )
            .route(
                "/slow",
                axum::routing::post(|| async {
                    tokio::time::sleep(Duration::from_secs(30)).await;
                    "{}"
                }),
            );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await });
        let kit = WerewolfKit {
            llm: None,
            agent_timeout: Duration::from_millis(200),
        };
        let opts = LadderOptions {
            games: 2,
            seed: 5,
            concurrency: 2,
            remote: vec![
                (1, format!("http://{addr}/garbage")),
                (2, format!("http://{addr}/bad-target")),
                (3, format!("http://{addr}/slow")),
            ],
            llm_seats: None,
            pace: 1.0,
        };
        let (report, _) = ladder(&kit, opts).await;
        assert_eq!(report.finished, 2, "{}", report.table());
        assert!(report.agent_decisions > 0);
        assert_eq!(report.fallbacks, report.agent_decisions, "{}", report.table());
        for kind in ["malformed_json", "invalid_decision", "timeout"] {
            assert!(report.faults.contains_key(kind), "{kind}: {:?}", report.faults);
        }
    });
}

#[test]
fn the_cli_seats_a_model_and_an_agent_server() {
    use std::process::Stdio;
    // The mock lives in this process; the CLI reaches it by LLM_BASE_URL.
    let rt = crate::store::rt();
    let mock = rt.block_on(MockLlm::start(MockOptions::default())).unwrap();
    let base = mock.base_url();
    let out = rt.block_on(async {
        tokio::task::spawn_blocking(move || {
            crate::agora_cli::agora_cmd()
                .args([
                    "sim",
                    "werewolf",
                    "--games",
                    "2",
                    "--seed",
                    "3",
                    "--llm-seats",
                    "1,2,3",
                    "--json",
                ])
                .env("LLM_API_KEY", "test-key")
                .env("LLM_BASE_URL", &base)
                .output()
                .unwrap()
        })
        .await
        .unwrap()
    });
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["finished"], 2);
    assert!(report["llm_calls"].as_u64().unwrap() > 0);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("test-key"));

    // Our agent server as a process, and the ladder seating it.
    let mut server = crate::agora_cli::agora_cmd()
        .args(["agent", "serve", "--listen", "127.0.0.1:0"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(server.stderr.take().unwrap()),
        &mut line,
    )
    .unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .expect("the server says where it listens")
        .to_string();
    let out = crate::agora_cli::agora_cmd()
        .args(["sim", "werewolf", "--games", "2", "--json", "--agent"])
        .arg(format!("4={url}"))
        .arg("--agent")
        .arg(format!("7={url}"))
        .env_remove("LLM_API_KEY")
        .output()
        .unwrap();
    let _ = server.kill();
    let _ = server.wait();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["finished"], 2);
    assert!(report["agent_decisions"].as_u64().unwrap() > 0);
    assert_eq!(report["fallbacks"], 0);
    drop(mock);
}

/// Only invalid replies (every shape the mock can break a reply into): each one served is
/// recorded as an `invalid_reply` fault, exactly, and each decision it touched was repaired
/// or fell back to the heuristic; none became a silent abstention.
#[test]
fn every_invalid_reply_shape_is_recorded_and_repaired_or_fallen_back() {
    use agora::llm::mock::Fault;
    crate::store::rt().block_on(async {
        let mock = MockLlm::start(MockOptions {
            fault_rate: 0.3,
            faults: Fault::INVALID_REPLIES.to_vec(),
            seed: 11,
            ..MockOptions::default()
        })
        .await
        .unwrap();
        // The issue's case first: a vote without its target (scripted for the first calls,
        // whatever they ask: a missing decision field is invalid for every kind).
        mock.script((0..4).map(|_| {
            agora::llm::mock::Scripted::Content(
                r#"{"reasoning_steps": ["hm"], "suspicion_scores": []}"#.into(),
            )
        }));
        let kit = kit_for(&mock, Duration::from_secs(5));
        let (report, store) = ladder(&kit, all_llm(4, 300)).await;
        assert_eq!(report.finished, 4, "{}", report.table());
        let served = mock.served();
        for fault in Fault::INVALID_REPLIES {
            assert!(
                served.get(fault.label()).copied().unwrap_or(0) > 0,
                "{fault:?} never served: {served:?}"
            );
        }
        let bad: u64 = Fault::INVALID_REPLIES
            .iter()
            .map(|f| served.get(f.label()).copied().unwrap_or(0))
            .sum::<u64>()
            + 4;
        assert_eq!(
            report.faults.get("invalid_reply").copied().unwrap_or(0),
            bad,
            "served {served:?}, recorded {:?}",
            report.faults
        );
        // Read every note back: a decision with an invalid reply was repaired or fell back.
        let (mut repaired, mut fell_back) = (0, 0);
        for s in store.sessions().await.unwrap() {
            for input in store.inputs(&s.session.id).await.unwrap() {
                let Some(note) = input.note else { continue };
                let invalid = note["faults"]
                    .as_array()
                    .map(|f| f.iter().filter(|f| f["kind"] == "invalid_reply").count())
                    .unwrap_or(0);
                if invalid == 0 {
                    continue;
                }
                if note["fallback"] == "heuristic" {
                    fell_back += 1;
                } else {
                    assert_eq!(note["repaired"], true, "{note}");
                    repaired += 1;
                }
            }
        }
        assert!(repaired > 0 && fell_back > 0, "{repaired} / {fell_back}");
        assert_eq!(report.repaired, repaired);
        assert_eq!(report.fallbacks, fell_back);
    });
}

/// A remote agent whose decisions leave out their field or say nothing: each is a recorded
/// fault, never an unrecorded abstention.
#[test]
fn a_remote_agent_that_leaves_fields_out_is_faulted_every_time() {
    crate::store::rt().block_on(async {
        let app = axum::Router::new()
            .route(
                "/empty",
                axum::routing::post(|| async { axum::Json(serde_json::json!({})) }),
            )
            .route(
                "/blank",
                axum::routing::post(|| async {
                    axum::Json(serde_json::json!({"natural_speech": "  "}))
                }),
            );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await });
        let kit = WerewolfKit {
            llm: None,
            agent_timeout: Duration::from_secs(5),
        };
        let opts = LadderOptions {
            games: 2,
            seed: 8,
            concurrency: 2,
            remote: vec![
                (5, format!("http://{addr}/empty")),
                (6, format!("http://{addr}/blank")),
            ],
            llm_seats: None,
            pace: 1.0,
        };
        let (report, _) = ladder(&kit, opts).await;
        assert_eq!(report.finished, 2, "{}", report.table());
        assert!(report.agent_decisions > 0);
        assert_eq!(
            report.faults.get("invalid_decision").copied(),
            Some(report.agent_decisions),
            "{}",
            report.table()
        );
        assert_eq!(report.fallbacks, report.agent_decisions);
    });
}

/// The model-decision helper is not werewolf's: a judge-shaped role (an integer score from
/// 1 to 10) is called, checked, repaired once, else falls back, and every fault is noted.
#[test]
fn the_model_decision_helper_serves_any_role() {
    use agora::agents::model::{self, Checked, Fallback};
    use agora::games::Lang;
    use agora::llm::mock::Scripted;
    use agora::llm::{Message, Request};
    crate::store::rt().block_on(async {
        let mock = MockLlm::start(MockOptions::default()).await.unwrap();
        let config = config();
        let client = Client::new(Provider::fixed(
            "judge",
            &mock.base_url(),
            "mock-model",
            &config.llm,
        ));
        let request = |lang| Request {
            messages: vec![Message::user("Score the speech from 1 to 10.")],
            schema_name: "score".into(),
            schema: serde_json::json!({
                "type": "object",
                "properties": {"score": {"type": "integer", "minimum": 1, "maximum": 10}},
                "required": ["score"],
                "additionalProperties": false
            }),
            shown: None,
            optional: &[],
            max_tokens: None,
            lang,
        };
        let check = |content: &str| -> Result<Checked<u8>, String> {
            let v: Value = serde_json::from_str(content).map_err(|e| format!("not JSON: {e}"))?;
            match v["score"].as_u64() {
                Some(s @ 1..=10) => Ok(Checked {
                    value: s as u8,
                    fixed: Vec::new(),
                    review: serde_json::Map::new(),
                }),
                _ => Err(format!("\"score\" must be 1 to 10, not {}", v["score"])),
            }
        };
        let ask_in = |lang, context: serde_json::Map<String, Value>| model::Ask {
            client: &client,
            request: request(lang),
            agent: "judge",
            context,
        };
        let ask = |context| ask_in(Lang::En, context);
        // The request to repair the last reply, as the model was sent it.
        let repair = || {
            let last = mock.recent_requests().pop().unwrap();
            let messages = last["messages"].as_array().unwrap().clone();
            messages.last().unwrap()["content"].as_str().unwrap().to_string()
        };
        let fallback = || Fallback {
            value: 5u8,
            label: "heuristic",
        };
        // Out of range, then valid: repaired.
        mock.script([
            Scripted::Content(r#"{"score": 11}"#.into()),
            Scripted::Content(r#"{"score": 7}"#.into()),
        ]);
        let mut context = serde_json::Map::new();
        context.insert("speech".into(), serde_json::json!(3));
        let (score, note) = model::decide(ask(context), check, fallback()).await;
        assert_eq!(score, 7);
        assert_eq!(note["agent"], "judge");
        assert_eq!(note["calls"], 2);
        assert_eq!(note["speech"], 3);
        assert_eq!(note["repaired"], true);
        assert_eq!(note["faults"][0]["kind"], "invalid_reply");
        assert_eq!(note["faults"][0]["then"], "repair");
        assert_eq!(
            repair(),
            "That reply was not valid: \"score\" must be 1 to 10, not 11. \
             Answer again with one JSON object that follows the schema."
        );
        // At a Chinese table the repair is asked in Chinese (the checker's error as it is).
        mock.script([
            Scripted::Content(r#"{"score": 11}"#.into()),
            Scripted::Content(r#"{"score": 7}"#.into()),
        ]);
        let (score, _) = model::decide(ask_in(Lang::ZhCn, Default::default()), check, fallback()).await;
        assert_eq!(score, 7);
        assert_eq!(
            repair(),
            "这条回复无效：\"score\" must be 1 to 10, not 11。请重新回答：只给出一个符合 schema 的 JSON 对象。"
        );
        // Invalid twice: the fallback, recorded.
        mock.script([
            Scripted::Content("not json".into()),
            Scripted::Content(r#"{"score": 0}"#.into()),
        ]);
        let (score, note) = model::decide(ask(Default::default()), check, fallback()).await;
        assert_eq!(score, 5);
        assert_eq!(note["fallback"], "heuristic");
        assert_eq!(note["faults"].as_array().unwrap().len(), 2);
        assert_eq!(note["faults"][1]["then"], "fallback");
        assert_eq!(mock.requests(), 6);
    });
}

/// A watched table sees each model seat's speech as it is written: drafts that grow, of
/// speech asks only, each speech's last draft the speech as taken; and the model was asked
/// to stream those asks only.
#[test]
fn a_watched_model_speech_is_shown_as_it_is_written() {
    use agora::games::Viewer;
    use agora::session::Note;
    use agora_core::session::GameSetup;
    use agora_core::werewolf::session::SeatSpec;
    use std::collections::BTreeMap;
    crate::store::rt().block_on(async {
        let mock = MockLlm::start(MockOptions {
            chunk_delay: Duration::from_micros(300),
            ..MockOptions::default()
        })
        .await
        .unwrap();
        let kit = kit_for(&mock, Duration::from_secs(10));
        let store = crate::store::open(&crate::store::sqlite_url("drafts")).await;
        let mut setup = crate::store::ai_setup(1.0);
        setup.seats = (0..9).map(|_| SeatSpec::llm("mock-model")).collect();
        let mut runner = setup
            .create(store, 5, &crate::store::place(), Duration::ZERO, &kit)
            .await
            .unwrap();
        let mut view = runner.subscribe(Viewer::Public);
        let session = runner.start();
        let mut drafts: BTreeMap<(u8, u32), Vec<String>> = BTreeMap::new();
        let mut speeches: Vec<(u8, String)> = Vec::new();
        let mut last_draft: Option<(u8, u32)> = None;
        let mut finished_as_drafted = 0;
        loop {
            let note = tokio::time::timeout(Duration::from_secs(60), view.next())
                .await
                .expect("the game goes on")
                .expect("the session runs");
            match &*note {
                Note::Draft {
                    seat,
                    seq,
                    audience,
                    event,
                    text,
                } => {
                    assert_eq!(*audience, Audience::Everyone);
                    let Event::Speech {
                        seat: s, text: t, ..
                    } = event
                    else {
                        panic!("a draft of something not a speech: {event:?}");
                    };
                    assert_eq!((s, t), (seat, text));
                    drafts.entry((*seat, *seq)).or_default().push(text.clone());
                    last_draft = Some((*seat, *seq));
                }
                Note::Event {
                    event: Event::Speech { seat, text, .. },
                    ..
                } => {
                    if let Some(key) = last_draft.take().filter(|k| k.0 == *seat) {
                        if drafts[&key].last() == Some(text) {
                            finished_as_drafted += 1;
                        }
                    }
                    speeches.push((*seat, text.clone()));
                }
                Note::Ended { .. } => break,
                _ => {}
            }
        }
        session.wait().await.unwrap();
        assert!(speeches.len() >= 6, "{speeches:?}");
        assert_eq!(
            drafts.len(),
            speeches.len(),
            "every model speech was drafted"
        );
        for (key, seen) in &drafts {
            assert!(seen.len() >= 3, "{key:?}: {seen:?}");
            assert!(
                seen.windows(2)
                    .all(|w| w[1].starts_with(&w[0]) && w[1] != w[0]),
                "{key:?}: {seen:?}"
            );
        }
        assert!(
            finished_as_drafted * 10 >= speeches.len() * 9,
            "{finished_as_drafted} of {}",
            speeches.len()
        );
        // Only speeches were streamed.
        let bodies = mock.recent_requests();
        assert!(bodies.iter().any(|b| b["stream"] == true));
        for b in &bodies {
            let speech = b["response_format"]["json_schema"]["name"] == "speech";
            assert_eq!(b["stream"] == true, speech, "{}", b["response_format"]);
        }
    });
}
