//! Werewolf's players' kit: the model client and prompts when a `WEREWOLF` provider is
//! configured, else the built-in players.

use crate::agents::werewolf::WerewolfKit;
use crate::config::Config;
use crate::games::Lang;
use crate::llm::{Client, Provider};
use std::sync::Arc;
use std::time::Duration;

/// The AI seats' tools for this process: a model client and prompts when a `WEREWOLF`
/// provider is configured (an API key in the environment), else none, said in one line.
pub fn agent_kit(config: &Config, quiet: bool) -> anyhow::Result<WerewolfKit> {
    let env = |k: &str| std::env::var(k).ok();
    let mut kit = WerewolfKit {
        agent_timeout: Duration::from_secs_f64(config.llm.agent_timeout_secs),
        ..WerewolfKit::default()
    };
    if let Some(provider) = Provider::resolve("werewolf", &config.llm, &env)? {
        let dir = std::env::var_os("AGORA_CONTENT_DIR")
            .map(std::path::PathBuf::from)
            .unwrap_or_else(|| std::path::PathBuf::from("content"))
            .join("prompts");
        let prompts = crate::agents::werewolf::llm::load_prompts(Some(&dir))?;
        kit.llm = Some((Client::new(provider), Arc::new(prompts)));
    }
    if !quiet {
        eprintln!("{}", kit_line(&kit, Lang::En));
    }
    Ok(kit)
}

/// The one line saying who sits in the AI seats, in `lang`.
pub fn kit_line(kit: &WerewolfKit, lang: Lang) -> String {
    match &kit.llm {
        Some((client, _)) => {
            let p = client.provider();
            lang.text("ww-kit-model", &[("model", &p.model), ("url", &p.base_url)])
        }
        None => lang.text("ww-kit-builtin", &[]),
    }
}

/// The AI seats' tools when a language model is required (`sim --llm`, `agent serve
/// --llm`): an error naming what to set when no key is configured, or naming the server
/// when it cannot be reached (checked once, with a short request), instead of quietly
/// seating the built-in players.
pub async fn model_kit(config: &Config, quiet: bool, flag: &str) -> anyhow::Result<WerewolfKit> {
    let kit = agent_kit(config, true)?;
    let Some((client, _)) = &kit.llm else {
        anyhow::bail!(
            "{flag}: no language model is configured: set LLM_API_KEY (or WEREWOLF_LLM_API_KEY), and LLM_BASE_URL for a local server"
        );
    };
    let p = client.provider();
    client.probe().await.map_err(|e| {
        anyhow::anyhow!(
            "{flag}: the language model's server at {} does not answer: {e}",
            p.base_url
        )
    })?;
    if !quiet {
        eprintln!("{}", kit_line(&kit, Lang::En));
    }
    Ok(kit)
}
