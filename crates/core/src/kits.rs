//! The players' kits and the store, built from the configuration and the environment:
//! what `agora` commands, the Discord bot and `agora replay` all open before a game (the
//! model clients of each role when a provider is configured, else the built-in players,
//! said in one line unless `quiet`).

use crate::agents::debate::{DebateKit, Role as DebateRole};
use crate::agents::trial::TrialKit;
use crate::agents::werewolf::AgentKit;
use crate::config::Config;
use crate::games::GameKind;
use crate::llm::{Client, Provider};
use crate::session::trial::TrialSessionSetup;
use crate::store::{Store, StoreError};
use crate::story::trial::TrialView;
use std::sync::Arc;
use std::time::Duration;

/// The database to use: `--db`, else `DATABASE_URL`, else `[store] url`.
pub fn database_url(flag: Option<&str>, config: &Config) -> String {
    flag.map(str::to_string)
        .or_else(|| std::env::var("DATABASE_URL").ok().filter(|s| !s.is_empty()))
        .unwrap_or_else(|| config.store.url.clone())
}

/// The AI seats' tools for this process: a model client and prompts when a `WEREWOLF`
/// provider is configured (an API key in the environment), else none, said in one line.
pub fn agent_kit(config: &Config, quiet: bool) -> anyhow::Result<AgentKit> {
    let env = |k: &str| std::env::var(k).ok();
    let mut kit = AgentKit {
        agent_timeout: Duration::from_secs_f64(config.llm.agent_timeout_secs),
        ..AgentKit::default()
    };
    match Provider::resolve(GameKind::Werewolf.name(), &config.llm, &env)? {
        Some(provider) => {
            let dir = std::env::var_os("AGORA_CONTENT_DIR")
                .map(std::path::PathBuf::from)
                .unwrap_or_else(|| std::path::PathBuf::from("content"))
                .join("prompts");
            let prompts = crate::agents::werewolf::llm::load_prompts(Some(&dir))?;
            if !quiet {
                eprintln!(
                    "AI seats: language model {} at {}",
                    provider.model, provider.base_url
                );
            }
            kit.llm = Some((Client::new(provider), Arc::new(prompts)));
        }
        None if !quiet => eprintln!(
            "AI seats: the built-in heuristic players (no LLM API key: set LLM_API_KEY or WEREWOLF_LLM_API_KEY to seat a language model)"
        ),
        None => {}
    }
    Ok(kit)
}

/// The debate AI seats' tools for this process: the topics and personalities (checked),
/// and a model client for each role (`PRO`, `CON`, `JUDGE`) whose provider is configured,
/// said in one line.
pub fn debate_kit(config: &Config, quiet: bool) -> anyhow::Result<DebateKit> {
    let env = |k: &str| std::env::var(k).ok();
    let kit = DebateKit::from_config(config, &env)?;
    if !quiet {
        eprintln!("{}", describe_debate_kit(&kit));
    }
    Ok(kit)
}

/// One line saying which debate roles have a model.
pub fn describe_debate_kit(kit: &DebateKit) -> String {
    let roles: Vec<String> = DebateRole::ALL
        .iter()
        .map(|&role| match kit.client(role) {
            Some(c) => format!("{} {}", role.env_name().to_lowercase(), c.provider().model),
            None => format!("{} offline", role.env_name().to_lowercase()),
        })
        .collect();
    format!(
        "Debate AI: {} ({} topics; set LLM_API_KEY, or PRO_/CON_/JUDGE_LLM_API_KEY, for models)",
        roles.join(", "),
        kit.topics.len()
    )
}

/// The AI seats' tools when a language model is required (`sim --llm`, `agent serve
/// --llm`): an error naming what to set when no key is configured, or naming the server
/// when it cannot be reached (checked once, with a short request), instead of quietly
/// seating the built-in players.
pub async fn model_kit(config: &Config, quiet: bool, flag: &str) -> anyhow::Result<AgentKit> {
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
        eprintln!("AI seats: language model {} at {}", p.model, p.base_url);
    }
    Ok(kit)
}

pub async fn open_store(url: &str, config: &Config) -> Result<Store, StoreError> {
    Store::open(url, Duration::from_secs(config.store.lease_secs as u64)).await
}

/// The content directory's cases, jurors and prompts, checked (errors name the file and
/// the field); no models.
pub fn trial_content_kit() -> anyhow::Result<TrialKit> {
    Ok(TrialKit::offline(Some(
        &crate::agents::debate::topics::content_dir(),
    ))?)
}

/// The content and each role's model from the environment, said in one line unless
/// `quiet`.
pub fn trial_kit(config: &Config, quiet: bool) -> anyhow::Result<TrialKit> {
    let env = |k: &str| std::env::var(k).ok();
    let kit = TrialKit::from_config(config, &crate::agents::debate::topics::content_dir(), &env)?;
    if !quiet {
        let role = |c: &Option<crate::llm::Client>| {
            c.as_ref()
                .map_or_else(|| "offline".to_string(), |c| c.provider().model.clone())
        };
        eprintln!(
            "Trial AI: jurors {}, advocates {} ({} cases; set LLM_API_KEY, or JUROR_/ADVOCATE_LLM_API_KEY, for models)",
            role(&kit.juror),
            role(&kit.advocate),
            kit.book.cases().count()
        );
    }
    Ok(kit)
}

/// What the lines need to tell a trial of this setup (its case, players and jurors).
pub fn trial_view_of(kit: &TrialKit, setup: &TrialSessionSetup) -> anyhow::Result<TrialView> {
    let case = kit
        .book
        .case(&setup.trial.case)
        .ok_or_else(|| anyhow::anyhow!("the case {:?} is not in content/cases/", setup.trial.case))?
        .clone();
    let jurors = setup
        .trial
        .jurors
        .iter()
        .map(|j| {
            let card = kit.book.juror(&j.id);
            (
                j.id.clone(),
                (
                    j.name.clone(),
                    card.map_or_else(String::new, |c| c.occupation.clone()),
                    card.map_or_else(String::new, |c| c.first_message.clone()),
                ),
            )
        })
        .collect();
    let players = setup
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            if p.ai {
                format!("Advocate {} (AI)", i + 1)
            } else {
                p.name.clone()
            }
        })
        .collect();
    Ok(TrialView {
        case: Arc::new((*case).clone()),
        players,
        jurors,
    })
}
