//! `agora agent serve`: runs our werewolf player behind the HTTP agent protocol
//! (`agents::werewolf::agent_server`) until Ctrl-C.

use agora_agents::werewolf::agent_server::start;
use agora_agents::werewolf::WerewolfKit;

/// `agora agent serve`'s options.
#[derive(Debug, Clone, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on (port 0: any free port).
    #[arg(long, default_value = "127.0.0.1:9000")]
    pub listen: String,
    /// Decide with the language model (needs an API key), else the built-in heuristic.
    #[arg(long)]
    pub llm: bool,
}

/// `agora agent serve`: serves until the task ends or Ctrl-C; prints the URL alone on
/// standard output (for scripts), the explanation on stderr.
pub async fn serve(config: &agora_agents::config::Config, args: ServeArgs) -> anyhow::Result<()> {
    use anyhow::Context;
    let ServeArgs { listen, llm } = args;
    let kit = if llm {
        agora_core::werewolf::kit::model_kit(config, false, "--llm").await?
    } else {
        WerewolfKit::default()
    };
    let server = start(&listen, kit)
        .await
        .with_context(|| format!("cannot listen on {listen}"))?;
    println!("http://{}/act", server.addr);
    eprintln!(
        "Serving the {} werewolf player at http://{}/act (POST game_state, get a decision). Ctrl-C stops.",
        if llm { "language-model" } else { "heuristic" },
        server.addr
    );
    tokio::select! {
        r = server.task => { r??; }
        _ = tokio::signal::ctrl_c() => {}
    }
    Ok(())
}
