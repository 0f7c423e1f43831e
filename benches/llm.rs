//! Language-model games against the in-process mock LLM (a benchmark, not a test).
//!
//! 1. Critical path: all-LLM games with a fixed latency L per call
//!    (`AGORA_BENCH_LATENCY_MS`, default 200; `AGORA_BENCH_LLM_GAMES`, default 3, played one
//!    at a time). Reports per game the waves (calls that must run one after another), the
//!    calls, the wall time, and wall / (waves × L), which is 1.0 when nothing that could
//!    overlap ran in series. Prompt tokens per call on day 1 and day 5+, and per game, and
//!    the share of prompt tokens the mock's prompt cache served (one slot, llama.cpp's
//!    longest-common-prefix reuse).
//! 2. Faults: `AGORA_BENCH_FAULT_GAMES` (default 1000) all-LLM games with
//!    `AGORA_BENCH_FAULT_RATE` (default 0.3) faulty replies of the kinds in
//!    `AGORA_BENCH_FAULT_KINDS` (default `all`: 500, 429, no answer, and every invalid reply
//!    shape; `invalid` for the invalid replies only; or labels such as `missing_field`), no
//!    latency, a 200 ms call timeout: all must finish, and the faults recorded must equal
//!    the faults served.

use agora::agents::werewolf::llm::load_prompts;
use agora::agents::werewolf::WerewolfKit;
use agora::config::Config;
use agora::llm::mock::{MockLlm, MockOptions};
use agora::llm::{Client, Provider};
use agora::store::Store;
use agora_core::werewolf::ladder::{self as ladder, LadderOptions};
use std::sync::Arc;
use std::time::Duration;

fn env_u64(key: &str, default: u64) -> u64 {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn kit(config: &Config, mock: &MockLlm, timeout: Duration) -> anyhow::Result<WerewolfKit> {
    let mut provider = Provider::fixed("werewolf", &mock.base_url(), "mock", &config.llm);
    provider.timeout = timeout;
    provider.max_concurrency = 256;
    Ok(WerewolfKit {
        llm: Some((Client::new(provider), Arc::new(load_prompts(None)?))),
        agent_timeout: Duration::from_secs(10),
    })
}

fn main() -> anyhow::Result<()> {
    let config = Config::load_from(None, &|_| None)?;
    let latency = Duration::from_millis(env_u64("AGORA_BENCH_LATENCY_MS", 200));
    let games = env_u64("AGORA_BENCH_LLM_GAMES", 3);
    let fault_games = env_u64("AGORA_BENCH_FAULT_GAMES", 1000);
    let dir = std::env::temp_dir().join(format!("agora-bench-llm-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(async {
        let store = Store::open(
            &format!("sqlite://{}", dir.join("llm.db").display()),
            Duration::from_secs(60),
        )
        .await?;

        // 1. The critical path.
        let mock = MockLlm::start(MockOptions {
            latency,
            ..MockOptions::default()
        })
        .await?;
        let kit1 = kit(&config, &mock, Duration::from_secs(20))?;
        println!("all-LLM games, mock latency {} ms, one game at a time:", latency.as_millis());
        let mut ratios = Vec::new();
        let mut total = agora_core::werewolf::ladder::LadderReport::default();
        for g in 0..games {
            let opts = LadderOptions {
                games: 1,
                seed: 1000 + g,
                concurrency: 1,
                remote: vec![],
                llm_seats: Some(vec![]),
                pace: 1.0,
            };
            let r = ladder::run(&config, &store, &kit1, &opts).await?;
            let game = &r.per_game[0];
            let ideal = game.waves as f64 * latency.as_secs_f64();
            let ratio = game.wall_secs / ideal.max(1e-9);
            ratios.push(ratio);
            println!(
                "  seed {}: {} waves, {} asks, {} calls, wall {:.2} s, ideal {:.2} s, ratio {:.3}, prompt tokens {}",
                game.seed, game.waves, game.agent_asks, game.llm_calls, game.wall_secs, ideal, ratio, game.prompt_tokens
            );
            total.prompt_tokens_day1 = merge(&total.prompt_tokens_day1, &r.prompt_tokens_day1);
            total.prompt_tokens_day5_plus =
                merge(&total.prompt_tokens_day5_plus, &r.prompt_tokens_day5_plus);
            total.prompt_tokens_per_call =
                merge(&total.prompt_tokens_per_call, &r.prompt_tokens_per_call);
            total.prompt_tokens += r.prompt_tokens;
            total.cached_tokens += r.cached_tokens;
        }
        let worst = ratios.iter().cloned().fold(0.0, f64::max);
        println!("  worst wall / (waves x L): {worst:.3}");
        println!(
            "  prompt tokens per call: day 1 mean {:.0} max {}; day 5+ mean {:.0} max {} ({} calls); all mean {:.0} max {}",
            total.prompt_tokens_day1.mean,
            total.prompt_tokens_day1.max,
            total.prompt_tokens_day5_plus.mean,
            total.prompt_tokens_day5_plus.max,
            total.prompt_tokens_day5_plus.calls,
            total.prompt_tokens_per_call.mean,
            total.prompt_tokens_per_call.max,
        );
        println!(
            "  prompt cache (one slot): {:.1}% of {} prompt tokens served from it",
            100.0 * total.cached_tokens as f64 / total.prompt_tokens.max(1) as f64,
            total.prompt_tokens
        );
        drop(mock);

        // 2. Faults at scale.
        if fault_games > 0 {
            let kinds = std::env::var("AGORA_BENCH_FAULT_KINDS").unwrap_or_else(|_| "all".into());
            let faults = agora::llm::mock::Fault::parse_list(&kinds)
                .map_err(|e| anyhow::anyhow!("AGORA_BENCH_FAULT_KINDS: {e}"))?;
            let rate = std::env::var("AGORA_BENCH_FAULT_RATE")
                .ok()
                .and_then(|v| v.parse::<f64>().ok())
                .unwrap_or(0.3);
            let mock = MockLlm::start(MockOptions {
                fault_rate: rate,
                faults,
                seed: 99,
                ..MockOptions::default()
            })
            .await?;
            let kit2 = kit(&config, &mock, Duration::from_millis(200))?;
            let opts = LadderOptions {
                games: fault_games,
                seed: 5000,
                concurrency: 64,
                remote: vec![],
                llm_seats: Some(vec![]),
                pace: 1.0,
            };
            let r = ladder::run(&config, &store, &kit2, &opts).await?;
            let served = mock.served();
            let served_faults = mock.faults_served();
            let recorded: u64 = r.faults.values().sum();
            println!(
                "{} all-LLM games with {:.0}% faulty replies ({kinds}): {} finished in {:.1} s",
                fault_games,
                rate * 100.0,
                r.finished,
                r.wall_secs_total
            );
            println!("  served: {served:?}");
            println!(
                "  recorded: {:?} (total {recorded} of {served_faults} served); decisions {}, repaired {}, heuristic fallbacks {}",
                r.faults, r.agent_decisions, r.repaired, r.fallbacks
            );
            println!(
                "  prompt tokens per call (repairs included): day 1 mean {:.0} max {}; day 5+ mean {:.0} max {} ({} calls); per game {:.0}",
                r.prompt_tokens_day1.mean,
                r.prompt_tokens_day1.max,
                r.prompt_tokens_day5_plus.mean,
                r.prompt_tokens_day5_plus.max,
                r.prompt_tokens_day5_plus.calls,
                r.prompt_tokens_per_game_mean
            );
            anyhow::ensure!(r.finished == fault_games, "not every game finished");
            let unrecorded = agora::llm::mock::unrecorded_faults(&served, &r.faults);
            anyhow::ensure!(unrecorded.is_empty(), "faults went unrecorded: {unrecorded:?}");
        }
        store.close().await;
        anyhow::Ok(())
    })?;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

fn merge(
    a: &agora::ladder::TokenFigures,
    b: &agora::ladder::TokenFigures,
) -> agora::ladder::TokenFigures {
    let calls = a.calls + b.calls;
    let total = a.total + b.total;
    agora::ladder::TokenFigures {
        calls,
        total,
        mean: if calls == 0 {
            0.0
        } else {
            total as f64 / calls as f64
        },
        max: a.max.max(b.max),
    }
}
