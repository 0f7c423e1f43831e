//! A werewolf table at a model's pace: nine model seats against a llama-like mock server
//! (one slot, a prompt cache by common prefix, prompts read and replies written at fixed
//! speeds, streaming), watched as the terminal watches. The speeds are twenty times those
//! of a small local model (200 prompt tokens/s, 25 written tokens/s) and the timers a
//! twentieth of the game's, so the table's arithmetic is the same, in a twentieth of the
//! time: it finishes, no answer is cut off by its deadline, the prompt cache serves most
//! prompt tokens, and each speech's first words reach the watcher at once.

use agora::agents::werewolf::llm::load_prompts;
use agora::agents::werewolf::WerewolfKit;
use agora::config::Config;
use agora::games::Viewer;
use agora::llm::mock::{MockLlm, MockOptions, ModelPace};
use agora::llm::{Client, Provider, ServerKind};
use agora::session::Note;
use agora::store::InputSource;
use agora_core::session::GameSetup;
use agora_core::werewolf::session::SeatSpec;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How much faster than the bar's server (and its timers shorter) this test runs: 20, or
/// `AGORA_MODEL_PACE_SCALE` (1 plays the game at the bar's own pace, in minutes).
fn scale() -> f64 {
    std::env::var("AGORA_MODEL_PACE_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|s: &f64| *s > 0.0)
        .unwrap_or(20.0)
}

#[test]
fn nine_model_seats_keep_pace_with_a_one_slot_server() {
    let scale = scale();
    crate::store::rt().block_on(async {
        let mock = MockLlm::start(MockOptions {
            cache_slots: 1,
            pace: Some(ModelPace {
                prompt_per_s: 200.0 * scale,
                generated_per_s: 25.0 * scale,
            }),
            ..MockOptions::default()
        })
        .await
        .unwrap();
        let config = Config::load_from(None, &|_| None).unwrap();
        let mut llm = config.llm.clone();
        llm.server = ServerKind::LlamaCpp;
        let provider = Provider::fixed("werewolf", &mock.base_url(), "mock-model", &llm);
        let kit = WerewolfKit {
            llm: Some((Client::new(provider), Arc::new(load_prompts(None).unwrap()))),
            agent_timeout: Duration::from_secs(5),
        };
        let store = crate::store::open(&crate::store::sqlite_url("model-pace")).await;
        let mut setup = crate::store::ai_setup(1.0 / scale);
        setup.seats = (0..9).map(|_| SeatSpec::llm("mock-model")).collect();
        let mut runner = setup
            .create(
                store.clone(),
                8,
                &crate::store::place(),
                Duration::ZERO,
                &kit,
            )
            .await
            .unwrap();
        let mut view = runner.subscribe(Viewer::Public);
        let session = runner.start();
        let id = session.handle.id().to_string();
        let mut drafted: Vec<Instant> = Vec::new();
        let mut last_key = None;
        loop {
            let note = tokio::time::timeout(Duration::from_secs_f64(2400.0 / scale), view.next())
                .await
                .expect("the game goes on")
                .expect("the session runs");
            match &*note {
                Note::Draft {
                    seat, seq, text, ..
                } if !text.is_empty() && last_key != Some((*seat, *seq)) => {
                    last_key = Some((*seat, *seq));
                    drafted.push(Instant::now());
                }
                Note::Ended { .. } => break,
                _ => {}
            }
        }
        session.wait().await.unwrap();
        let inputs = store.inputs(&id).await.unwrap();
        let cut_off = inputs
            .iter()
            .filter(|i| i.source == InputSource::Timeout)
            .count();
        assert_eq!(cut_off, 0, "answers cut off by their deadline");
        let (mut prompt, mut cached, mut fallbacks, mut faults, mut lean) = (0, 0, 0, 0, 0);
        for note in inputs.iter().filter_map(|i| i.note.as_ref()) {
            prompt += note["tokens"]["prompt"].as_u64().unwrap_or(0);
            cached += note["tokens"]["cached"].as_u64().unwrap_or(0);
            fallbacks += note.get("fallback").is_some() as u32;
            faults += note["faults"].as_array().map_or(0, |f| f.len());
            lean += (note["lean"] == true) as u32;
        }
        assert_eq!((fallbacks, faults), (0, 0), "no call failed");
        let share = cached as f64 / prompt as f64;
        assert!(share >= 0.8, "cached share {share:.3}");
        // Each speech's first words reached the watcher at once (a twentieth of the
        // bar's second, with room for a busy test machine).
        let left = mock.first_words();
        assert_eq!(
            left.len(),
            drafted.len(),
            "every speech was streamed and shown"
        );
        let mut lags: Vec<Duration> = left
            .iter()
            .zip(&drafted)
            .map(|(l, d)| d.saturating_duration_since(*l))
            .collect();
        lags.sort();
        let p95 = lags[(lags.len() * 95).div_ceil(100) - 1];
        assert!(
            p95 < Duration::from_secs_f64(5.0 / scale).min(Duration::from_secs(1)),
            "p95 {p95:?} of {lags:?}"
        );
        println!(
            "calls {} cached share {share:.3} lean {lean} speeches {} first-words p95 {p95:?}",
            mock.requests(),
            drafted.len()
        );
    });
}
