//! Moderated (`rounds`) and social debates against the in-process mock LLM (a benchmark,
//! not a test): every seat a model, a fixed latency L per call (`AGORA_BENCH_LATENCY_MS`,
//! default 200), debates one at a time (`AGORA_BENCH_DEBATES`, default 2), full speech
//! lengths.
//!
//! The critical path is the answers in sequence (a speech, a round's two moderator passes
//! which run at once, a rating); reported per format: calls and prompt tokens per debate,
//! and wall time against the critical path (waves × L).

use agora::agents::debate::DebateKit;
use agora::config::Config;
use agora::games::debate::moderated::{ModeratedRules, Style};
use agora::games::debate::social::SocialRules;
use agora::llm::mock::{MockLlm, MockOptions};
use agora::llm::{Client, Provider};
use agora_core::debate::sim::panel::{run_models, FormatRules, FormatSimOptions};
use std::time::Duration;

fn env<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() -> anyhow::Result<()> {
    let config = Config::load_from(None, &|_| None)?;
    let latency = Duration::from_millis(env("AGORA_BENCH_LATENCY_MS", 200));
    let debates: u64 = env("AGORA_BENCH_DEBATES", 2);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(async {
        let mock = MockLlm::start(MockOptions {
            latency,
            ..MockOptions::default()
        })
        .await?;
        let client = |role: &str| {
            let mut p = Provider::fixed(role, &mock.base_url(), "mock", &config.llm);
            p.timeout = Duration::from_secs(30);
            p.max_concurrency = 64;
            Some(Client::new(p))
        };
        let kit = DebateKit {
            pro: client("pro"),
            con: client("con"),
            judge: client("judge"),
            ..DebateKit::default()
        };
        let formats = [
            ("rounds, 2 participants, 3 rounds", 2, FormatRules::Moderated(ModeratedRules { rounds: 3, style: Style::Structured, length_scale: 1.0 })),
            ("rounds, 4 participants, 3 rounds", 4, FormatRules::Moderated(ModeratedRules { rounds: 3, style: Style::Structured, length_scale: 1.0 })),
            ("social, 3 participants, 4 rounds", 3, FormatRules::Social(SocialRules { rounds: 4, length_scale: 1.0 })),
        ];
        println!("debate formats on the mock LLM: {} ms a call, {debates} debate(s) each, one at a time", latency.as_millis());
        for (name, participants, rules) in formats {
            let opts = FormatSimOptions {
                rules,
                participants,
                debates,
                seed: 1,
                threads: 1,
                topics: vec!["universal_basic_income".into(), "nuclear_power".into()],
                charts: None,
                record: None,
            };
            let r = run_models(&kit, &opts, 1).await?;
            let m = r.model.as_ref().expect("model figures");
            let path = m.waves_per_debate_mean * latency.as_secs_f64();
            println!(
                "{name}: {:.1} calls/debate ({:.1} on the critical path), prompt tokens {:.0}/debate (per call mean {:.0}, max {}), wall {:.2} s = {:.3} × critical path ({:.2} s); fallbacks {}",
                m.llm_calls_per_debate_mean,
                m.waves_per_debate_mean,
                m.prompt_tokens_per_debate_mean,
                m.prompt_tokens_per_call_mean,
                m.prompt_tokens_per_call_max,
                m.wall_secs_per_debate_mean,
                if path > 0.0 { m.wall_secs_per_debate_mean / path } else { 0.0 },
                path,
                m.fallbacks,
            );
        }
        anyhow::Ok(())
    })
}
