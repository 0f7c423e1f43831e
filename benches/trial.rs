//! Trials against the in-process mock LLM (a benchmark, not a test): the jurors (their
//! labeller, replies, deliberation) models, a fixed latency L per call
//! (`AGORA_BENCH_LATENCY_MS`, default 200), trials one at a time (`AGORA_BENCH_TRIALS`,
//! default 2), the source's case with the default budgets. The advocates argue from the
//! case's bank, so every trial uses its whole budget (the mock's random moves would rest at
//! once); a model advocate adds one call per move.
//!
//! Reported per line-up: calls and prompt tokens per trial (mean and largest per call),
//! and wall time per trial against calls × L (the sim answers one ask at a time, so every
//! call is on the path).

use agora::agents::trial::TrialKit;
use agora::config::Config;
use agora::games::trial::{Mode, TrialRules};
use agora::llm::mock::{MockLlm, MockOptions};
use agora::llm::{Client, Provider};
use agora_core::trial::sim::{run_models, TrialSimOptions};
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
    let trials: u64 = env("AGORA_BENCH_TRIALS", 2);
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
        let kit = TrialKit {
            juror: client("juror"),
            ..TrialKit::default()
        };
        println!(
            "trials on the mock LLM: {} ms a call, {trials} trial(s) each, one at a time",
            latency.as_millis()
        );
        for (name, players, mode) in [
            ("defense, 1 player", 1, Mode::Defense),
            ("adversarial, 2 players", 2, Mode::Adversarial),
        ] {
            let opts = TrialSimOptions {
                case: "robot_prompt_injection".into(),
                trials,
                seed: 1,
                players,
                rules: TrialRules {
                    mode,
                    ..TrialRules::default()
                },
                threads: 1,
                lang: agora::games::Lang::En,
            };
            let r = run_models(&kit, &opts, 1).await?;
            let calls = r.llm_calls_per_game_mean.unwrap_or(0.0);
            let per_call = r.prompt_tokens_per_call.clone().unwrap_or_default();
            let wall = r.wall_secs_per_game_mean.unwrap_or(0.0);
            let path = calls * latency.as_secs_f64();
            println!(
                "{name}: {calls:.0} calls a trial ({:.0} messages, {:.1} deliberation rounds), prompt tokens {:.0} a trial, per call mean {:.0} max {}; wall {wall:.2} s = {:.3} × calls × L ({path:.2} s); repaired {}, fallbacks {}; verdicts {:?}",
                r.messages_per_trial,
                r.deliberation_rounds_per_trial,
                r.prompt_tokens_per_game_mean.unwrap_or(0.0),
                per_call.mean,
                per_call.max,
                if path > 0.0 { wall / path } else { 0.0 },
                r.repaired.unwrap_or(0),
                r.fallbacks.unwrap_or(0),
                r.verdicts,
            );
        }
        Ok(())
    })
}
