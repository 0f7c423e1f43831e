//! The trial's kit: cases, juror cards, prompts, and a model client per role; and what
//! the lines need to tell a trial of a stored setup (in its language).

use crate::agents::trial::TrialKit;
use crate::config::Config;
use crate::games::Lang;
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
    trial_kit_in(config, quiet, Lang::En)
}

/// [`trial_kit`], its line said in `lang`.
pub fn trial_kit_in(config: &Config, quiet: bool, lang: Lang) -> anyhow::Result<TrialKit> {
    let env = |k: &str| std::env::var(k).ok();
    let kit = TrialKit::from_config(config, &crate::agents::content::content_dir(), &env)?;
    if !quiet {
        eprintln!("{}", kit_line(&kit, lang));
    }
    Ok(kit)
}

/// The one line saying who plays the jurors and the advocates, in `lang`.
pub fn kit_line(kit: &TrialKit, lang: Lang) -> String {
    let role = |c: &Option<crate::llm::Client>| {
        c.as_ref().map_or_else(
            || lang.text("trial-offline", &[]),
            |c| c.provider().model.clone(),
        )
    };
    lang.text(
        "trial-kit",
        &[
            ("jurors", &role(&kit.juror)),
            ("advocates", &role(&kit.advocate)),
            ("cases", &kit.book.cases_in(lang).count().to_string()),
        ],
    )
}

/// What the lines need to tell a trial of this setup (its case, players and jurors, in
/// its language).
pub fn trial_view_of(kit: &TrialKit, setup: &TrialSessionSetup) -> anyhow::Result<TrialView> {
    let lang = setup.trial.lang;
    let case = kit
        .book
        .case_for(&setup.trial.case, lang)
        .map_err(|e| anyhow::anyhow!("{e}"))?
        .clone();
    let jurors = setup
        .trial
        .jurors
        .iter()
        .map(|j| {
            let card = kit.book.juror_in(&j.id, lang);
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
                lang.text("trial-advocate-ai", &[("n", &(i + 1).to_string())])
            } else {
                p.name.clone()
            }
        })
        .collect();
    Ok(TrialView {
        case: Arc::new((*case).clone()),
        players,
        jurors,
        lang,
    })
}
