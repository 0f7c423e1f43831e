//! The trial's kit: cases, juror cards, prompts, and a model client per role; and what
//! the lines need to tell a trial of a stored setup.

use crate::agents::trial::TrialKit;
use crate::config::Config;
use crate::trial::session::TrialSessionSetup;
use crate::trial::story::TrialView;
use std::sync::Arc;

/// The content directory's cases, jurors and prompts, checked (errors name the file and
/// the field); no models.
pub fn trial_content_kit() -> anyhow::Result<TrialKit> {
    Ok(TrialKit::offline(Some(
        &crate::agents::content::content_dir(),
    ))?)
}

/// The content and each role's model from the environment, said in one line unless
/// `quiet`.
pub fn trial_kit(config: &Config, quiet: bool) -> anyhow::Result<TrialKit> {
    let env = |k: &str| std::env::var(k).ok();
    let kit = TrialKit::from_config(config, &crate::agents::content::content_dir(), &env)?;
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
                    kit.book.opening(&case, &j.id),
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
