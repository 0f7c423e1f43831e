//! The trial's players: jurors (who label what they hear and answer in character) and
//! advocates (AI players arguing a side), built-in or by a model, and the content they read.
//!
//! - [`content`], [`book`]: cases and juror cards, checked at startup, as one book;
//! - [`words`]: the jurors' offline replies;
//! - [`offline`]: the built-in juror and advocate;
//! - [`pace`]: an AI advocate paced to the people it argues against;
//! - [`llm`], [`seats`]: the model's prompts, schemas and checks, and the juror and
//!   advocate it plays (each call falling back to the built-in answer).
//!
//! A trial is held in its setup's language: its case, juror cards, offline words and
//! prompts are that language's (see [`book`]).

#[cfg(test)]
mod answer_tests;
pub mod book;
pub mod content;
pub mod llm;
pub mod offline;
pub mod pace;
pub mod seats;
#[cfg(test)]
mod tests;
pub mod words;
#[cfg(test)]
mod zh_tests;

pub use book::TrialBook;
pub use content::{Case, JurorCard};
pub use offline::{Offline, OfflineAdvocate, OfflineJuror};
pub use pace::{Paced, Pacing};

use crate::config::{Config, ConfigError};
use crate::games::trial::{Trial, TrialSetup};
use crate::games::{Lang, Seat};
use crate::llm::prompts::PromptSet;
use crate::llm::{Client, Provider, ProviderError};
use crate::Agent;
use seats::{ModelAdvocate, ModelJuror};
use std::path::Path;
use std::sync::Arc;

/// What a process's trial seats use: the content, the prompts (in each language), and the
/// model of each role
/// when one is configured (`JUROR_LLM_*` for jurors and their labeller, `ADVOCATE_LLM_*`
/// for AI players, else `LLM_*`).
#[derive(Clone)]
pub struct TrialKit {
    pub book: Arc<TrialBook>,
    pub prompts: Arc<PromptSet>,
    pub prompts_zh: Arc<PromptSet>,
    pub juror: Option<Client>,
    pub advocate: Option<Client>,
}

impl std::fmt::Debug for TrialKit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let model = |c: &Option<Client>| c.as_ref().map(|c| c.provider().model.clone());
        f.debug_struct("TrialKit")
            .field("cases", &self.book.cases().count())
            .field("juror", &model(&self.juror))
            .field("advocate", &model(&self.advocate))
            .finish()
    }
}

/// Why the trial's models could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum TrialKitError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Provider(#[from] ProviderError),
}

impl TrialKit {
    /// The content of `dir` (built-in copies for what it lacks), checked; no models.
    pub fn offline(dir: Option<&Path>) -> Result<TrialKit, ConfigError> {
        Ok(TrialKit {
            book: Arc::new(TrialBook::load(dir)?),
            prompts: Arc::new(llm::load_prompts(dir, Lang::En)?),
            prompts_zh: Arc::new(llm::load_prompts(dir, Lang::ZhCn)?),
            juror: None,
            advocate: None,
        })
    }

    /// The content directory's content, and each role's model from the environment.
    pub fn from_config(
        config: &Config,
        dir: &Path,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<TrialKit, TrialKitError> {
        let mut kit = TrialKit::offline(Some(dir))?;
        kit.juror = Provider::resolve("juror", &config.llm, env)?.map(Client::new);
        kit.advocate = Provider::resolve("advocate", &config.llm, env)?.map(Client::new);
        Ok(kit)
    }

    /// Whether any seat is a model's.
    pub fn has_models(&self) -> bool {
        self.juror.is_some() || self.advocate.is_some()
    }

    /// The prompts in `lang`.
    pub fn prompts_in(&self, lang: Lang) -> &Arc<PromptSet> {
        match lang {
            Lang::En => &self.prompts,
            Lang::ZhCn => &self.prompts_zh,
        }
    }

    /// The built-in players' words for `case` (in its language).
    pub fn words(&self, case: &Arc<Case>) -> Offline {
        Offline {
            case: case.clone(),
            lexicon: Arc::new(self.book.lexicon(case)),
            replies: self.book.replies_in(case.lang).clone(),
        }
    }

    /// The AI of each seat of `setup` (`humans` are people): advocates for AI players,
    /// then the jurors.
    pub fn agents(
        &self,
        setup: &TrialSetup,
        humans: &[Seat],
        seed: u64,
    ) -> Vec<Option<Box<dyn Agent<Trial>>>> {
        self.paced_agents(setup, humans, seed, None, None)
    }

    /// As [`TrialKit::agents`], each AI advocate paced by `pacing` (to the people it
    /// argues against) when there is one, and the model calls keyed by `table` (the
    /// session's id: see [`Client::for_table`](crate::llm::Client::for_table)).
    pub fn paced_agents(
        &self,
        setup: &TrialSetup,
        humans: &[Seat],
        seed: u64,
        pacing: Option<&Pacing>,
        table: Option<&str>,
    ) -> Vec<Option<Box<dyn Agent<Trial>>>> {
        let keyed = |c: &crate::llm::Client| table.map_or_else(|| c.clone(), |t| c.for_table(t));
        // A stored trial whose case has left the content still runs: its rules are
        // stored whole; the built-in players then have no bank to speak from.
        let lang = setup.lang;
        let case = self
            .book
            .case_in(&setup.case, lang)
            .cloned()
            .unwrap_or_else(|| {
                let mut bare = Case::bare(&setup.case);
                bare.lang = lang;
                Arc::new(bare)
            });
        let words = self.words(&case);
        let prompts = self.prompts_in(lang);
        let mut out: Vec<Option<Box<dyn Agent<Trial>>>> = Vec::new();
        for i in 0..setup.sides.len() {
            let seat = i as Seat + 1;
            let advocate: Option<Box<dyn Agent<Trial>>> =
                match (humans.contains(&seat), &self.advocate) {
                    (true, _) => None,
                    (false, Some(client)) => Some(Box::new(ModelAdvocate::new(
                        words.clone(),
                        setup,
                        seat,
                        seed,
                        keyed(client),
                        prompts.clone(),
                        self.book.jurors_in(lang),
                    ))),
                    (false, None) => Some(Box::new(OfflineAdvocate::new(
                        words.clone(),
                        setup,
                        seat,
                        seed,
                    ))),
                };
            out.push(match (advocate, pacing) {
                (Some(a), Some(p)) => Some(Box::new(Paced::new(a, p.clone(), seat))),
                (a, _) => a,
            });
        }
        for (j, seat) in setup.jurors.iter().enumerate() {
            out.push(match (&self.juror, self.book.juror_in(&seat.id, lang)) {
                (Some(client), Some(card)) => Some(Box::new(ModelJuror::new(
                    words.clone(),
                    setup,
                    j,
                    card.clone(),
                    keyed(client),
                    prompts.clone(),
                ))),
                _ => Some(Box::new(OfflineJuror::new(words.clone(), setup, j))),
            });
        }
        out
    }
}

impl Default for TrialKit {
    /// The built-in content, every seat offline.
    fn default() -> Self {
        TrialKit::offline(None).expect("the built-in trial content is checked by the tests")
    }
}
