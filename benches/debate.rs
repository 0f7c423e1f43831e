//! Team debates against the in-process mock LLM (a benchmark, not a test): every seat a
//! model (Pro, Con, the judge), a fixed latency L per call (`AGORA_BENCH_LATENCY_MS`,
//! default 200), full limits (`AGORA_BENCH_LENGTH_SCALE`, default 1), debates played one
//! at a time (`AGORA_BENCH_DEBATES`, default 2).
//!
//! The critical path is the debaters' and captains' calls, which must run one after
//! another; the judge scores speech k while speech k+1 is written, so its calls are off the
//! path. Reports per debate the calls (on the path, the judge's), wall time and
//! wall / (path calls × L), and prompt tokens per call (mean and max) and per debate.

use agora::agents::debate::DebateKit;
use agora::config::Config;
use agora::games::debate::team::TeamRules;
use agora::llm::mock::{MockLlm, MockOptions};
use agora::llm::{Client, Provider};
use agora::store::Store;
use agora_core::debate::format::DebateFormat;
use agora_core::debate::sim::{run_sessions, DebateSimOptions};
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
    let scale: f64 = env("AGORA_BENCH_LENGTH_SCALE", 1.0);
    let dir = std::env::temp_dir().join(format!("agora-bench-debate-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let result = rt.block_on(async {
        let store = Store::open(
            &format!("sqlite://{}", dir.join("debate.db").display()),
            Duration::from_secs(60),
        )
        .await?;
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
        let opts = DebateSimOptions {
            format: DebateFormat::Team,
            debates,
            seed: 1,
            threads: 1,
            topics: vec!["universal_basic_income".into()],
            rules: TeamRules {
                length_scale: scale,
                live_scores: false,
                ..TeamRules::default()
            }
            .captained_for(&[]),
            record: None,
        };
        let report = run_sessions(&config, &store, &kit, &opts, 1).await?;
        let model = report.model.as_ref().expect("sessions report model figures");
        println!(
            "team debates against the mock LLM: latency {} ms, length scale {scale}, one at a time",
            latency.as_millis()
        );
        let mut ratios = Vec::new();
        for d in &model.per_debate {
            let path = d.waves as f64 * latency.as_secs_f64();
            let ratio = d.wall_secs / path.max(f64::EPSILON);
            ratios.push(ratio);
            println!(
                "  seed {}: {} calls ({} on the critical path, {} the judge's), {} prompt tokens; wall {:.2} s = {:.3} × the critical path ({:.2} s)",
                d.seed, d.llm_calls, d.waves, d.judge_calls, d.prompt_tokens, d.wall_secs, ratio, path
            );
        }
        println!(
            "  prompt tokens per call: mean {:.0}, max {}; per debate: mean {:.0}; calls per debate: mean {:.1} (AI_debate: 54-70)",
            model.prompt_tokens_per_call.mean,
            model.prompt_tokens_per_call.max,
            model.prompt_tokens_per_debate_mean,
            model.llm_calls_per_debate_mean
        );
        println!(
            "  repaired {}, fallbacks {}; worst wall / critical path {:.3}",
            model.repaired,
            model.fallbacks,
            ratios.iter().cloned().fold(0.0, f64::max)
        );
        store.close().await;
        anyhow::Ok(())
    });
    let _ = std::fs::remove_dir_all(&dir);
    result
}
