//! The trial's model seats against the mock LLM: jurors (labeller, replies, deliberation)
//! and advocates, with faults served and every one recorded; a labeller's quote decides
//! whether its label counts; the prompts carry the player's words fenced and the stance
//! band, never the number.

use agora::agents::trial::TrialKit;
use agora::config::Config;
use agora::games::trial::{Mode, TrialRules};
use agora::llm::mock::{unrecorded_faults, Fault, MockLlm, MockOptions, Scripted};
use agora::llm::{Client, Provider};
use agora_core::trial::sim::{run_models, TrialSimOptions};
use serde_json::json;
use std::time::Duration;

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

fn client(mock: &MockLlm, role: &str) -> Client {
    let config = Config::load_from(None, &|_| None).unwrap();
    let mut p = Provider::fixed(role, &mock.base_url(), "mock-model", &config.llm);
    p.timeout = Duration::from_secs(2);
    p.max_concurrency = 16;
    Client::new(p)
}

fn opts(trials: u64, players: usize, mode: Mode) -> TrialSimOptions {
    TrialSimOptions {
        case: "robot_prompt_injection".into(),
        trials,
        seed: 5,
        players,
        rules: TrialRules {
            mode,
            turns_per_juror: 2,
            deliberation_rounds: 2,
            ..TrialRules::default()
        },
        threads: 1,
        lang: agora::games::Lang::En,
    }
}

#[test]
fn model_jurors_with_faults_finish_and_every_fault_is_recorded() {
    rt().block_on(async {
        let mock = MockLlm::start(MockOptions {
            fault_rate: 0.3,
            faults: Fault::ALL
                .iter()
                .copied()
                .filter(|f| *f != Fault::Hang)
                .collect(),
            ..MockOptions::default()
        })
        .await
        .unwrap();
        let kit = TrialKit {
            juror: Some(client(&mock, "juror")),
            ..TrialKit::default()
        };
        let report = run_models(&kit, &opts(3, 2, Mode::Defense), 3)
            .await
            .unwrap();
        assert_eq!(report.verdicts.values().sum::<u64>(), 3);
        let calls = report.llm_calls.unwrap();
        // Each message: a label and a reply; each deliberation round: a statement, its
        // label and four responses; repairs on top.
        assert!(calls >= 3 * (2 * 2 * 5 * 2 + 2 * 6), "{calls}");
        assert!(mock.requests() >= calls, "retries are requests too");
        assert!(
            report.fallbacks.unwrap() > 0,
            "some faults were repaired twice over"
        );
        let unrecorded = unrecorded_faults(&mock.served(), report.faults.as_ref().unwrap());
        assert!(unrecorded.is_empty(), "{unrecorded:?}");
        let per_call = report.prompt_tokens_per_call.as_ref().unwrap();
        assert!(per_call.mean > 100.0 && per_call.max < 4000, "{per_call:?}");
        // The prompts: players' words fenced, the band's words, no number of a stance.
        for body in mock.recent_requests() {
            let text = body["messages"].to_string();
            assert!(
                !text.contains("initial_stance") && !text.contains("stance_value"),
                "{text}"
            );
        }
    });
}

#[test]
fn model_advocates_argue_to_a_verdict() {
    rt().block_on(async {
        let mock = MockLlm::start(MockOptions::default()).await.unwrap();
        let kit = TrialKit {
            juror: Some(client(&mock, "juror")),
            advocate: Some(client(&mock, "advocate")),
            ..TrialKit::default()
        };
        let report = run_models(&kit, &opts(2, 2, Mode::Adversarial), 2)
            .await
            .unwrap();
        assert_eq!(report.trials, 2);
        assert!(report.messages_per_trial > 0.0);
        assert!(report.llm_calls_per_game_mean.unwrap() > 10.0);
        let json = serde_json::to_value(&report).unwrap();
        for key in [
            "llm_calls",
            "prompt_tokens_per_call",
            "prompt_tokens_per_game_mean",
            "verdicts",
        ] {
            assert!(json.get(key).is_some(), "{key}: {json}");
        }
    });
}

#[test]
fn a_labellers_quote_decides_whether_its_label_counts() {
    use agora::agents::Decision;
    use agora::games::trial::{Action, Ask, Trial};
    use agora::games::Game;
    rt().block_on(async {
        let mock = MockLlm::start(MockOptions::default()).await.unwrap();
        let kit = TrialKit {
            juror: Some(client(&mock, "juror")),
            ..TrialKit::default()
        };
        let case = kit.book.case("robot_prompt_injection").unwrap();
        let setup = kit.book.setup(case, vec![agora::games::trial::Side::Defense], TrialRules::default());
        let mut game = Trial::new(&setup);
        let mut agents = kit.agents(&setup, &[1], 1);
        let wang = 2; // seat 1 is the person; juror_wang sits first.
        let said = "<!-- the attack came from outside --> Honestly, the robot was hijacked by a stranger's parcel.";
        let label = |quote: &str| {
            json!({"topics": [{"topic": "external_attack", "impact": "positive", "quote": quote}]}).to_string()
        };
        mock.script([
            Scripted::Content(label("the attack came from outside")),
            Scripted::Content(label("the robot was HIJACKED by a stranger's   parcel")),
        ]);
        for expect in [0.0, 20.0] {
            game.act(1, Action::Say { juror: "juror_wang".into(), text: said.into() }).unwrap();
            let ask = game.pending().into_iter().find(|p| p.seat == wang).unwrap();
            assert!(matches!(&ask.ask, Ask::Label { text, .. } if !text.contains("<!--")));
            let Some(Some(agent)) = agents.get_mut(wang as usize - 1) else { panic!("an AI juror") };
            let Decision::Later(f) = agent.decide(&ask.ask) else { panic!("a model call") };
            let answer = f.await;
            game.act(wang, answer.action.unwrap()).unwrap();
            assert_eq!(game.jurors()[0].stance, expect);
            game.timeout(wang).unwrap();
        }
        let body = mock.recent_requests().last().unwrap()["messages"].to_string();
        assert!(!body.contains("the attack came from outside"), "the labeller saw the stripped message only");
    });
}

/// Every model role at a trial (labeller, jurors, advocates) is sent the same system message
/// (the case, its question and topics), a juror's stance band only after it, and an
/// advocate the same schema whatever is left to present: a prompt cache serves the start
/// of every call.
#[test]
fn every_role_shares_the_start_of_its_prompt() {
    rt().block_on(async {
        let mock = MockLlm::start(MockOptions::default()).await.unwrap();
        let kit = TrialKit {
            juror: Some(client(&mock, "juror")),
            advocate: Some(client(&mock, "advocate")),
            ..TrialKit::default()
        };
        run_models(&kit, &opts(1, 2, Mode::Adversarial), 1)
            .await
            .unwrap();
        let bodies = mock.recent_requests();
        assert!(bodies.len() >= 10, "{}", bodies.len());
        let system = &bodies[0]["messages"][0]["content"];
        assert!(system
            .as_str()
            .unwrap()
            .contains("The question before the jury"));
        let mut names = std::collections::BTreeSet::new();
        let mut moves = std::collections::BTreeSet::new();
        for b in &bodies {
            assert_eq!(&b["messages"][0]["content"], system);
            assert!(!system.as_str().unwrap().contains("Where you stand now"));
            let name = b["response_format"]["json_schema"]["name"]
                .as_str()
                .unwrap();
            names.insert(name.to_string());
            if name == "move" {
                moves.insert(b["response_format"]["json_schema"]["schema"].to_string());
            }
        }
        assert!(
            names.contains("move") && names.contains("labels"),
            "{names:?}"
        );
        assert_eq!(moves.len(), 1, "one schema for every move");
    });
}

/// At a Chinese table every model is asked in Chinese (the prompts of
/// `content/prompts/trial/zh-CN/`, the pieces written in code from `trial.ftl`) and told to
/// answer in Simplified Chinese.
#[test]
fn a_chinese_table_asks_the_models_in_chinese() {
    rt().block_on(async {
        let mock = MockLlm::start(MockOptions::default()).await.unwrap();
        let kit = TrialKit {
            juror: Some(client(&mock, "juror")),
            advocate: Some(client(&mock, "advocate")),
            ..TrialKit::default()
        };
        let opts = TrialSimOptions {
            trials: 1,
            lang: agora::games::Lang::ZhCn,
            ..opts(1, 2, Mode::Adversarial)
        };
        let report = run_models(&kit, &opts, 1).await.unwrap();
        assert_eq!(report.trials, 1);
        let bodies = mock.recent_requests();
        assert!(bodies.len() > 10, "{}", bodies.len());
        let (mut juror, mut advocate) = (false, false);
        for body in &bodies {
            let messages = body["messages"].as_array().unwrap();
            let system = messages[0]["content"].as_str().unwrap_or_default();
            assert!(system.contains("用简体中文写"), "{system}");
            assert!(system.contains("机器人与提示词注入") || system.contains("丹尼尔"));
            let user = messages[1]["content"].as_str().unwrap_or_default();
            for english in [
                "You are",
                "Where you stand",
                "Player 1",
                "(nothing",
                "Evidence,",
            ] {
                assert!(!user.contains(english), "{english}: {user}");
            }
            juror |= user.contains("你现在的倾向：你现在");
            advocate |=
                user.contains("为辩方辩论（主张无罪）") || user.contains("为控方辩论（主张有罪）");
        }
        assert!(juror && advocate, "a juror's and an advocate's prompt");
    });
}
