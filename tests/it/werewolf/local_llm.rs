//! A whole game against a real small model served on loopback by `scripts/local-llm`
//! (llama.cpp's `llama-server` with SmolLM2-135M-Instruct). Ignored by default: run the
//! script first, then `cargo test --test it local_llm -- --ignored`.
//! `AGORA_LOCAL_LLM_URL` overrides the server's base URL (default http://127.0.0.1:8080/v1).

use agora::agents::werewolf::llm::load_prompts;
use agora::agents::werewolf::WerewolfKit;
use agora::config::Config;
use agora::llm::{Client, Provider};
use agora_core::werewolf::ladder::{self as ladder, LadderOptions};
use std::sync::Arc;
use std::time::Duration;

#[test]
#[ignore = "needs scripts/local-llm running"]
fn a_whole_game_against_the_local_model() {
    let base = std::env::var("AGORA_LOCAL_LLM_URL")
        .unwrap_or_else(|_| "http://127.0.0.1:8080/v1".to_string());
    let config = Config::load_from(None, &|_| None).unwrap();
    let mut provider = Provider::fixed("werewolf", &base, "smollm2-135m", &config.llm);
    provider.timeout = Duration::from_secs(120);
    provider.max_concurrency = 2;
    provider.max_tokens = 700;
    let kit = WerewolfKit {
        llm: Some((Client::new(provider), Arc::new(load_prompts(None).unwrap()))),
        agent_timeout: Duration::from_secs(10),
    };
    crate::store::rt().block_on(async {
        let store = crate::store::open(&crate::store::sqlite_url("local-llm")).await;
        let opts = LadderOptions {
            games: 1,
            seed: 1,
            concurrency: 1,
            remote: vec![],
            llm_seats: Some(vec![]),
            pace: 100.0,
        };
        let report = ladder::run(&config, &store, &kit, &opts).await.unwrap();
        println!("{}", report.table());
        assert_eq!(report.finished, 1);
        assert!(report.llm_calls > 0);
        // Under schema-constrained decoding the small model's replies parse: most
        // decisions are its own, not the heuristic's.
        assert!(
            report.fallbacks * 2 < report.agent_decisions,
            "{}",
            report.table()
        );
    });
}
