//! The moderated and social debates on the mock LLM: fair judging against a judge that
//! favours whoever it sees first (the verdict never follows the order), the model figures
//! of a run, the social evaluator's ratings applied, and the moderator reading source
//! checks done by code against a loopback page.

use agora::agents::debate::moderated::Moderator;
use agora::agents::debate::sources::SourceChecker;
use agora::agents::debate::{DebateKit, Table};
use agora::agents::{Agent, Decision};
use agora::config::Config;
use agora::games::debate::moderated::{Action, Ask, ModeratedDebate, ModeratedRules, Style};
use agora::games::debate::social::SocialRules;
use agora::llm::mock::{MockLlm, MockOptions};
use agora::llm::{Client, Provider};
use agora_core::debate::sim::panel::{run_models, FormatRules, FormatSimOptions};
use std::sync::Arc;
use std::time::Duration;

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

fn kit_for(mock: &MockLlm) -> DebateKit {
    let config = Config::load_from(None, &|_| None).unwrap();
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

fn opts(rules: FormatRules, participants: u8, debates: u64) -> FormatSimOptions {
    FormatSimOptions {
        rules,
        participants,
        debates,
        seed: 7,
        threads: 1,
        topics: vec!["universal_basic_income".into(), "nuclear_power".into()],
        charts: None,
        record: None,
    }
}

#[test]
fn an_order_biased_judge_never_decides_between_equal_debaters() {
    rt().block_on(async {
        let mock = MockLlm::start(MockOptions {
            favour_first: true,
            ..MockOptions::default()
        })
        .await
        .unwrap();
        let kit = kit_for(&mock);
        for participants in [2, 3] {
            let rules = FormatRules::Moderated(ModeratedRules {
                rounds: 2,
                style: Style::Structured,
                length_scale: 0.2,
            });
            let report = run_models(&kit, &opts(rules, participants, 3), 3)
                .await
                .unwrap();
            let json = serde_json::to_value(&report).unwrap();
            assert_eq!(json["verdicts"]["clear"], 0, "{json}");
            // Two participants: the bias cancels exactly. Three: the first presented in
            // each pass differ, so the passes disagree and the result is never clear.
            if participants == 2 {
                assert_eq!(json["verdicts"]["draw"], 3, "the bias cancels: {json}");
            }
            assert_eq!(json["pass_disagreement"], 1.0, "{json}");
            assert_eq!(json["offline_scored"], false, "{json}");
            // Two moderator passes per round and for the final, at once; one call per speech.
            let calls = participants as f64 * 2.0 + 2.0 * 2.0 + 2.0;
            assert_eq!(json["llm_calls_per_debate_mean"], calls, "{json}");
            let waves = participants as f64 * 2.0 + 2.0 + 1.0;
            assert_eq!(json["waves_per_debate_mean"], waves, "{json}");
        }
        // The same judge without the bias's cancelling (one pass) would have named the
        // first presented: the mock really is biased.
        let body = mock.recent_requests();
        assert!(body
            .iter()
            .any(|b| b["response_format"]["json_schema"]["name"] == "round"));
    });
}

#[test]
fn a_social_debate_on_the_mock_is_rated_by_the_model() {
    rt().block_on(async {
        let mock = MockLlm::start(MockOptions::default()).await.unwrap();
        let kit = kit_for(&mock);
        let rules = FormatRules::Social(SocialRules {
            rounds: 2,
            length_scale: 0.2,
        });
        let report = run_models(&kit, &opts(rules, 3, 2), 2).await.unwrap();
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["debates"], 2);
        assert_eq!(json["offline_scored"], false, "{json}");
        assert_eq!(json["fallbacks"], 0, "{json}");
        let n: u64 = ["overwhelming", "clear", "narrow"]
            .iter()
            .map(|k| json["verdicts"][k].as_u64().unwrap())
            .sum();
        assert_eq!(n, 2, "{json}");
        // Every call is one wave: speech, then its rating.
        assert_eq!(
            json["llm_calls_per_debate_mean"],
            json["waves_per_debate_mean"]
        );
        assert!(
            json["prompt_tokens_per_call_max"].as_u64().unwrap() > 100,
            "{json}"
        );
    });
}

#[test]
fn the_moderator_reads_source_checks_done_by_code() {
    rt().block_on(async {
        use axum::routing::get;
        let app = axum::Router::new().route(
            "/study.html",
            get(|| async {
                axum::response::Html("<p>In the pilot, participants\n reported <b>less stress</b> and better health.</p>")
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await });
        let kit = DebateKit {
            sources: Some(Arc::new(SourceChecker::new(Duration::from_secs(5), 100_000, true))),
            ..DebateKit::default()
        };
        let table = Table {
            topic: Some("universal_basic_income"),
            motion: "This house would introduce a universal basic income",
            key: None,
            lang: agora_games::Lang::En,
        };
        let rules = ModeratedRules {
            rounds: 1,
            ..ModeratedRules::default()
        };
        let mut game = ModeratedDebate::new(table.motion, 2, &rules);
        let mut moderator = Moderator::new(&kit, table);
        let cited = format!(
            "The pilot found that \"participants reported less stress\" (http://{addr}/study.html), and \"everyone got rich overnight\" (http://{addr}/study.html#made-up)."
        );
        game.act(1, Action::Speak { text: cited }).unwrap();
        game.act(2, Action::Speak { text: "A basic income costs too much.".into() })
            .unwrap();
        for l in game.log() {
            moderator.observe(&l.event);
        }
        let Some((3, ask @ Ask::Review { .. })) = game.ask() else {
            panic!("the moderator's turn");
        };
        let Decision::Later(answer) = moderator.decide(&ask) else {
            panic!("citations are checked before scoring");
        };
        let answer = answer.await;
        let Some(Action::Review(review)) = answer.action else {
            panic!("a review");
        };
        let sources = review.notes.sources.join("\n");
        assert!(sources.contains("participants reported less stress\": verified"), "{sources}");
        assert!(sources.contains("everyone got rich overnight\": not found"), "{sources}");
        assert!(review.offline);
        game.act(3, Action::Review(review)).unwrap();
    });
}

/// Every model role at a moderated or a social debate (participants and the moderator or
/// evaluator) is sent the same system message, the table's: a prompt cache serves the start
/// of every call to each role in turn.
#[test]
fn every_role_at_a_panel_debate_shares_the_start_of_its_prompt() {
    rt().block_on(async {
        for rules in [
            FormatRules::Moderated(ModeratedRules {
                rounds: 2,
                style: Style::Structured,
                length_scale: 0.2,
            }),
            FormatRules::Social(SocialRules {
                rounds: 2,
                length_scale: 0.2,
            }),
        ] {
            let mock = MockLlm::start(MockOptions::default()).await.unwrap();
            let kit = kit_for(&mock);
            run_models(&kit, &opts(rules.clone(), 3, 1), 1)
                .await
                .unwrap();
            let bodies = mock.recent_requests();
            assert!(bodies.len() >= 6, "{}", bodies.len());
            let system = &bodies[0]["messages"][0]["content"];
            let mut schemas = std::collections::BTreeSet::new();
            for b in &bodies {
                assert_eq!(&b["messages"][0]["content"], system, "{rules:?}");
                schemas.insert(b["response_format"]["json_schema"]["name"].to_string());
            }
            assert!(
                schemas.len() >= 2,
                "the speakers and the judging role: {schemas:?}"
            );
        }
    });
}

/// Plays `game` to its end with `agents` (seat 1 first), every event shown to every agent,
/// every answer awaited (a model call on the mock).
async fn play_out<G: agora::games::Game>(
    game: &mut G,
    agents: &mut [Box<dyn Agent<G>>],
    ask: impl Fn(&G) -> Option<(agora::games::Seat, G::Ask)>,
) {
    let mut seen = 0;
    for _ in 0..200 {
        for l in &game.log()[seen..] {
            for a in agents.iter_mut() {
                a.observe(&l.event);
            }
        }
        seen = game.log().len();
        let Some((seat, ask)) = ask(game) else {
            return;
        };
        let action = match agents[seat as usize - 1].decide(&ask) {
            Decision::Now(a) => a,
            Decision::Later(f) => f.await.action.expect("an answer"),
        };
        game.act(seat, action).expect("a valid action");
    }
}

/// At a table held in Chinese every model role is sent the Chinese prompts
/// (`content/prompts/debate/zh-CN/`), with the same schemas: the moderated debate's
/// participants and moderator, the social debate's speakers and evaluator, and the team
/// debate's roles (one keyed model, one prompt set).
#[test]
fn a_chinese_table_sends_the_chinese_prompts() {
    use agora::agents::debate::moderated::Participant;
    use agora::agents::debate::social::{Evaluator, Speaker};
    use agora::games::debate::social::{SocialDebate, Start};
    use agora_games::Lang;
    rt().block_on(async {
        let mock = MockLlm::start(MockOptions::default()).await.unwrap();
        let kit = kit_for(&mock);
        let zh = Table {
            topic: Some("universal_basic_income"),
            motion: "应当实行全民基本收入",
            key: None,
            lang: Lang::ZhCn,
        };
        let rules = ModeratedRules {
            rounds: 1,
            length_scale: 0.2,
            ..ModeratedRules::default()
        };
        let mut game = ModeratedDebate::new(zh.motion, 2, &rules);
        let mut agents: Vec<Box<dyn Agent<ModeratedDebate>>> = vec![
            Box::new(Participant::new(&kit, zh, 1, "logical", 1)),
            Box::new(Participant::new(&kit, zh, 2, "emotional", 1)),
            Box::new(Moderator::new(&kit, zh)),
        ];
        play_out(&mut game, &mut agents, ModeratedDebate::ask).await;
        assert!(game.is_over());
        let moderated = mock.recent_requests();
        let social_rules = SocialRules {
            rounds: 1,
            length_scale: 0.2,
        };
        let starts = [0.6, -0.6, 0.3].map(|stance| Start {
            stance,
            conviction: 0.6,
        });
        let mut game = SocialDebate::new(zh.motion, &starts, &social_rules);
        let mut agents: Vec<Box<dyn Agent<SocialDebate>>> = vec![
            Box::new(Speaker::new(&kit, zh, 1, "logical", 0.6, 1)),
            Box::new(Speaker::new(&kit, zh, 2, "emotional", 0.6, 1)),
            Box::new(Speaker::new(&kit, zh, 3, "data_driven", 0.6, 1)),
            Box::new(Evaluator::new(&kit, zh)),
        ];
        play_out(&mut game, &mut agents, SocialDebate::ask).await;
        assert!(game.is_over());
        let all = mock.recent_requests();
        let social = &all[moderated.len()..];
        let text = |b: &serde_json::Value, i: usize| b["messages"][i]["content"].to_string();
        let schemas = |bodies: &[serde_json::Value]| {
            bodies
                .iter()
                .map(|b| b["response_format"]["json_schema"]["name"].to_string())
                .collect::<std::collections::BTreeSet<_>>()
        };
        assert!(moderated.len() >= 6, "{}", moderated.len());
        for b in &moderated {
            assert!(text(b, 0).contains("主持式辩论"), "{}", text(b, 0));
            assert!(!text(b, 0).contains("A moderated debate"), "{}", text(b, 0));
        }
        assert!(moderated
            .iter()
            .any(|b| text(b, 1).contains("你是中立的主持人")));
        assert!(moderated.iter().any(|b| text(b, 1).contains("立论框架")));
        assert_eq!(
            schemas(&moderated),
            ["\"final\"", "\"round\"", "\"speech\""]
                .map(String::from)
                .into()
        );
        assert!(social.len() >= 6, "{}", social.len());
        for b in social {
            assert!(text(b, 0).contains("观点可以改变"), "{}", text(b, 0));
        }
        assert!(social
            .iter()
            .any(|b| text(b, 1).contains("你是评估员") && text(b, 1).contains("1号辩手")));
        assert_eq!(
            schemas(social),
            ["\"ratings\"", "\"speech\""].map(String::from).into()
        );
        // The team debate's roles: the same keyed model renders the Chinese table prompt,
        // an English table the English one.
        let role = agora::agents::debate::Role::Judge;
        let model = zh.keyed(kit.model(role)).unwrap();
        assert!(model
            .prompts
            .render("table", &[("motion", "x")])
            .contains("正式团队辩论"));
        assert!(model.prompts.render("judge", &[]).contains("你是评委"));
        let en = Table {
            lang: Lang::En,
            ..zh
        };
        let model = en.keyed(kit.model(role)).unwrap();
        assert!(model
            .prompts
            .render("table", &[("motion", "x")])
            .contains("A formal team debate"));
    });
}
