//! Model seats on a twelve-seat board against the mock LLM: the guard, the sheriff's
//! candidates, the badge and the vote call are the model's own decisions (each with its
//! review note), told the board they play at; a malformed reply is repaired once and then
//! falls back to the built-in player; a stored game records its board.

use agora::agents::werewolf::llm::load_prompts;
use agora::agents::werewolf::{boards, WerewolfKit};
use agora::config::Config;
use agora::games::werewolf::{Event, Role};
use agora::llm::mock::{Fault, MockLlm, MockOptions};
use agora::llm::{Client, Provider};
use agora::store::{Store, StoredInput};
use agora_core::session::GameSetup;
use agora_core::werewolf::session::{SeatSpec, WerewolfSetup};
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;

/// A whole game on `board` with every seat a model seat against `mock`: its id, its
/// stored inputs and the store.
async fn play(mock: &MockLlm, board: &str, seed: u64) -> (String, Vec<StoredInput>, Store) {
    let config = Config::load_from(None, &|_| None).unwrap();
    let mut provider = Provider::fixed("werewolf", &mock.base_url(), "mock-model", &config.llm);
    provider.max_concurrency = 16;
    provider.timeout = Duration::from_secs(10);
    let kit = WerewolfKit {
        llm: Some((Client::new(provider), Arc::new(load_prompts(None).unwrap()))),
        agent_timeout: Duration::from_secs(5),
    };
    let store = crate::store::open(&crate::store::sqlite_url(&format!("board-llm-{seed}"))).await;
    let mut setup = crate::store::ai_setup(1.0);
    setup.board = Some((*boards::find(board).unwrap()).clone());
    setup.seats = (0..12).map(|_| SeatSpec::llm("mock-model")).collect();
    let runner = setup
        .create(
            store.clone(),
            seed,
            &crate::store::place(),
            Duration::ZERO,
            &kit,
        )
        .await
        .unwrap();
    let id = runner.id().to_string();
    runner.start().wait().await.unwrap();
    let inputs = store.inputs(&id).await.unwrap();
    (id, inputs, store)
}

/// The inputs whose action is `what` (`"guard"`, `"run"`, …).
fn doing<'a>(inputs: &'a [StoredInput], what: &str) -> Vec<&'a StoredInput> {
    inputs.iter().filter(|i| i.payload["do"] == what).collect()
}

#[test]
fn a_model_guard_and_model_sheriff_candidates_play_the_twelve_seat_board() {
    crate::store::rt().block_on(async {
        let mock = MockLlm::start(MockOptions::default()).await.unwrap();
        let (id, inputs, store) = play(&mock, "zh12-guard", 21).await;
        let game = agora_core::session::rebuild::<WerewolfSetup>(&store, &id)
            .await
            .unwrap();
        assert!(game.is_over());
        // The guard's picks are the model's (noted, no fallback), never the same seat two
        // nights running.
        let guard = game
            .every_seat()
            .iter()
            .find(|s| game.role(*s) == Role::Guard)
            .unwrap();
        let picks: Vec<&StoredInput> = inputs
            .iter()
            .filter(|i| i.seat == guard && matches!(i.payload["do"].as_str(), Some("guard")))
            .collect();
        assert!(!picks.is_empty(), "the guard never guarded");
        for p in &picks {
            let note = p.note.as_ref().expect("a model's pick has its note");
            assert_eq!(note["agent"], "llm", "{note}");
            assert!(note.get("fallback").is_none(), "{note}");
        }
        let guarded: Vec<Option<u8>> = game
            .log()
            .iter()
            .filter_map(|l| match l.event {
                Event::GuardPicked { target } => Some(target),
                _ => None,
            })
            .collect();
        for pair in guarded.windows(2) {
            assert!(pair[0].is_none() || pair[0] != pair[1], "{guarded:?}");
        }
        // Every seat was asked to run, and the model answered (run or pass), with notes.
        let signups: Vec<&StoredInput> = inputs
            .iter()
            .filter(|i| {
                i.note.is_some() && matches!(i.payload["do"].as_str(), Some("run" | "pass"))
            })
            .collect();
        assert!(signups.len() >= 12, "{} sign-up answers", signups.len());
        let runners = doing(&inputs, "run");
        assert!(!runners.is_empty(), "nobody ran");
        // A candidate spoke (or withdrew) as the model wrote it.
        let campaign = game.log().iter().any(|l| {
            matches!(
                l.event,
                Event::Speech {
                    kind: agora::games::werewolf::SpeechKind::Campaign,
                    ..
                } | Event::Withdrew { .. }
            )
        });
        assert!(campaign, "no campaign speech or withdrawal");
        // What the model was told: the board, and the asks of the sheriff and the guard.
        let bodies = mock.recent_requests();
        let text = |b: &Value| b["messages"].to_string();
        assert!(bodies
            .iter()
            .all(|b| text(b).contains("12 seats: seer, witch, hunter, guard")));
        assert!(bodies
            .iter()
            .any(|b| text(b).contains("Choose one seat to guard tonight")));
        assert!(bodies
            .iter()
            .any(|b| text(b).contains("the sheriff election")));
        // The stored game records its board, for its page and the records.
        let finished = store.finished_game(&id).await.unwrap().unwrap();
        assert_eq!(finished.details["board"], "zh12-guard");
    });
}

#[test]
fn a_malformed_reply_to_a_boards_ask_is_repaired_once_then_falls_back() {
    crate::store::rt().block_on(async {
        let mock = MockLlm::start(MockOptions {
            fault_rate: 1.0,
            faults: vec![Fault::MissingField],
            ..MockOptions::default()
        })
        .await
        .unwrap();
        let (_, inputs, _) = play(&mock, "zh12-guard", 22).await;
        let mut checked = 0;
        for what in ["guard", "run", "order", "call", "badge", "tear"] {
            for input in doing(&inputs, what) {
                let note = input.note.as_ref().expect("a model seat's note");
                assert_eq!(note["fallback"], "heuristic", "{note}");
                let thens: Vec<&str> = note["faults"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter_map(|f| f["then"].as_str())
                    .collect();
                assert_eq!(thens, ["repair", "fallback"], "{note}");
                checked += 1;
            }
        }
        assert!(checked >= 3, "{checked} of the boards' asks fell back");
    });
}
