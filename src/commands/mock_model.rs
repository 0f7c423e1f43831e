//! `agora agent mock-model`: the test suite's stand-in model served on loopback, so model
//! seats (streamed speech, prompt caching, a one-slot server's queue) can be tried on a
//! machine with no model: `LLM_API_KEY=x LLM_BASE_URL=<printed URL> LLM_SERVER=llama_cpp
//! agora play werewolf --humans 0`. Its replies follow each ask's schema and keep to the
//! options its text offers; they are not a model's judgement.

use agora_agents::llm::mock::{MockLlm, MockOptions, ModelPace};

#[derive(clap::Args, Debug)]
pub struct MockModelArgs {
    /// Port on 127.0.0.1 (0: any free one).
    #[arg(long, default_value_t = 8089)]
    pub port: u16,
    /// Requests worked on at once (each with its prompt cache); the others wait.
    #[arg(long, default_value_t = 1)]
    pub slots: usize,
    /// Prompt tokens read a second (uncached ones only); 0: at once.
    #[arg(long, default_value_t = 200.0)]
    pub prompt_tps: f64,
    /// Tokens written a second; 0: at once.
    #[arg(long, default_value_t = 25.0)]
    pub gen_tps: f64,
}

pub async fn serve(args: MockModelArgs) -> anyhow::Result<()> {
    if args.slots == 0 {
        anyhow::bail!("--slots: at least 1");
    }
    if args.prompt_tps < 0.0 || args.gen_tps < 0.0 {
        anyhow::bail!("--prompt-tps and --gen-tps: 0 or more tokens a second");
    }
    let pace = (args.prompt_tps > 0.0 && args.gen_tps > 0.0).then_some(ModelPace {
        prompt_per_s: args.prompt_tps,
        generated_per_s: args.gen_tps,
    });
    let mock = MockLlm::start_on(
        args.port,
        MockOptions {
            cache_slots: args.slots,
            pace,
            ..MockOptions::default()
        },
    )
    .await?;
    println!("{}", mock.base_url());
    eprintln!("Serving a stand-in model until Ctrl-C.");
    tokio::signal::ctrl_c().await?;
    Ok(())
}
