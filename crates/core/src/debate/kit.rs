//! The debates' kit: topics, personalities, prompts, and a model client per role.

use crate::agents::debate::{DebateKit, Role as DebateRole};
use crate::config::Config;
use crate::games::Lang;

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
    describe_debate_kit_in(kit, Lang::En)
}

/// [`describe_debate_kit`] in `lang`.
pub fn describe_debate_kit_in(kit: &DebateKit, lang: Lang) -> String {
    let roles: Vec<String> = DebateRole::ALL
        .iter()
        .map(|&role| {
            let name = lang.text(
                &format!("debate-role-{}", role.env_name().to_lowercase()),
                &[],
            );
            match kit.client(role) {
                Some(c) => lang.text(
                    "debate-kit-model",
                    &[("role", &name), ("model", &c.provider().model)],
                ),
                None => lang.text("debate-kit-offline", &[("role", &name)]),
            }
        })
        .collect();
    let comma = if lang == Lang::ZhCn { "、" } else { ", " };
    lang.text(
        "debate-kit",
        &[
            ("roles", &roles.join(comma)),
            ("topics", &kit.topics.len().to_string()),
        ],
    )
}
