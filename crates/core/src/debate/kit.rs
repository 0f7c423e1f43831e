//! The debates' kit: topics, personalities, prompts, and a model client per role.

use crate::agents::debate::{DebateKit, Role as DebateRole};
use crate::config::Config;

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
