//! The trial's players: jurors (who label what they hear and answer in character) and
//! advocates (AI players arguing a side), built-in or by a model, and the content they read.
//!
//! - [`content`]: cases and juror cards, checked at startup;
//! - [`words`]: the jurors' offline replies;
//! - [`offline`]: the built-in juror and advocate.

pub mod content;
pub mod offline;
#[cfg(test)]
mod tests;
pub mod words;

pub use content::{Case, JurorCard, TrialBook};
pub use offline::{Offline, OfflineAdvocate, OfflineJuror};

use crate::agents::Agent;
use crate::games::trial::{Trial, TrialSetup};
use crate::games::Seat;
use std::sync::Arc;

/// What a process's trial seats use: the content, and (later) a model.
#[derive(Debug, Clone)]
pub struct TrialKit {
    pub book: Arc<TrialBook>,
}

impl TrialKit {
    pub fn offline(dir: Option<&std::path::Path>) -> Result<TrialKit, crate::config::ConfigError> {
        Ok(TrialKit {
            book: Arc::new(TrialBook::load(dir)?),
        })
    }

    /// The built-in players' words for `case`.
    pub fn words(&self, case: &Arc<Case>) -> Offline {
        Offline {
            case: case.clone(),
            lexicon: Arc::new(self.book.lexicon(case)),
            replies: self.book.replies.clone(),
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
        let Some(case) = self.book.case(&setup.case) else {
            return Vec::new();
        };
        let words = self.words(case);
        let mut out: Vec<Option<Box<dyn Agent<Trial>>>> = Vec::new();
        for i in 0..setup.sides.len() {
            let seat = i as Seat + 1;
            out.push(if humans.contains(&seat) {
                None
            } else {
                Some(Box::new(OfflineAdvocate::new(
                    words.clone(),
                    setup,
                    seat,
                    seed,
                )))
            });
        }
        for j in 0..setup.jurors.len() {
            out.push(Some(Box::new(OfflineJuror::new(words.clone(), setup, j))));
        }
        out
    }
}

impl Default for TrialKit {
    fn default() -> Self {
        TrialKit {
            book: Arc::new(TrialBook::builtin()),
        }
    }
}
