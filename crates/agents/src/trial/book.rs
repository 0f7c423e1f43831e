//! The trial's whole content as one checked book: every case and juror card (the built-in
//! copies, then the content directory's files replacing or adding to them), the offline
//! labeller's words (`content/trial/labeller.toml`) and the jurors' offline replies
//! (`content/trial/replies.toml`); and what the rules and the offline players are built
//! from it.

use super::content::{invalid, Case, JurorCard, BUILTIN_CASES, BUILTIN_JURORS};
use super::words::Replies;
use crate::config::ConfigError;
use crate::content::{read, toml_files};
use crate::games::trial::keywords::{Lexicon, TopicKeys};
use crate::games::trial::{JurorSeat, Side, TrialRules, TrialSetup};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

const LABELLER: &str = include_str!("../../../../content/trial/labeller.toml");
const REPLIES: &str = include_str!("../../../../content/trial/replies.toml");

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LabellerFile {
    negations: Vec<String>,
    manipulation: Vec<String>,
}

/// Every case and juror, checked, with the offline words.
#[derive(Debug, Clone)]
pub struct TrialBook {
    cases: BTreeMap<String, Arc<Case>>,
    jurors: BTreeMap<String, Arc<JurorCard>>,
    negations: Vec<String>,
    manipulation: Vec<String>,
    pub replies: Arc<Replies>,
}

impl TrialBook {
    /// The built-in cases and jurors, then every `cases/*.toml` and `jurors/*.json` of
    /// `dir` (replacing a built-in copy of the same id, or adding to them), and the offline
    /// words (`trial/labeller.toml`, `trial/replies.toml`).
    pub fn load(dir: Option<&Path>) -> Result<TrialBook, ConfigError> {
        let mut juror_texts: BTreeMap<String, (String, String)> = BUILTIN_JURORS
            .iter()
            .map(|(id, text)| {
                (
                    id.to_string(),
                    (
                        format!("built-in content/jurors/{id}.json"),
                        text.to_string(),
                    ),
                )
            })
            .collect();
        let mut case_texts: BTreeMap<String, (String, String)> = BUILTIN_CASES
            .iter()
            .map(|(id, text)| {
                (
                    id.to_string(),
                    (
                        format!("built-in content/cases/{id}.toml"),
                        text.to_string(),
                    ),
                )
            })
            .collect();
        let mut labeller = (
            "built-in content/trial/labeller.toml".to_string(),
            LABELLER.to_string(),
        );
        let mut replies = (
            "built-in content/trial/replies.toml".to_string(),
            REPLIES.to_string(),
        );
        if let Some(dir) = dir {
            for path in files(&dir.join("jurors"), "json")? {
                juror_texts.insert(stem(&path), (path.display().to_string(), read(&path)?));
            }
            for path in toml_files(&dir.join("cases"))? {
                case_texts.insert(stem(&path), (path.display().to_string(), read(&path)?));
            }
            for (name, slot) in [
                ("labeller.toml", &mut labeller),
                ("replies.toml", &mut replies),
            ] {
                let path = dir.join("trial").join(name);
                if path.exists() {
                    *slot = (path.display().to_string(), read(&path)?);
                }
            }
        }
        let mut jurors = BTreeMap::new();
        for (id, (file, text)) in &juror_texts {
            jurors.insert(id.clone(), Arc::new(JurorCard::parse(id, file, text)?));
        }
        let mut cases = BTreeMap::new();
        for (id, (file, text)) in &case_texts {
            cases.insert(id.clone(), Arc::new(Case::parse(id, file, text, &jurors)?));
        }
        let lab: LabellerFile = toml::from_str(&labeller.1)
            .map_err(|e| invalid(&labeller.0, "(file)", e.to_string().replace('\n', " ")))?;
        if lab
            .negations
            .iter()
            .chain(&lab.manipulation)
            .any(|w| w.trim().is_empty())
        {
            return Err(invalid(
                &labeller.0,
                "negations",
                "words and phrases are non-empty",
            ));
        }
        let replies = Replies::parse(&replies.0, &replies.1)?;
        Ok(TrialBook {
            cases,
            jurors,
            negations: lab.negations.iter().map(|w| w.to_lowercase()).collect(),
            manipulation: lab
                .manipulation
                .iter()
                .map(|w| crate::games::trial::label::normalise(w))
                .collect(),
            replies: Arc::new(replies),
        })
    }

    /// The built-in content only.
    pub fn builtin() -> TrialBook {
        TrialBook::load(None).expect("the built-in trial content is checked by the tests")
    }

    pub fn case(&self, id: &str) -> Option<&Arc<Case>> {
        self.cases.get(id)
    }
    pub fn cases(&self) -> impl Iterator<Item = &Arc<Case>> {
        self.cases.values()
    }
    pub fn juror(&self, id: &str) -> Option<&Arc<JurorCard>> {
        self.jurors.get(id)
    }
    /// Every juror card, by id.
    pub fn jurors(&self) -> &BTreeMap<String, Arc<JurorCard>> {
        &self.jurors
    }

    /// What juror `juror` says first in `case`: the case's own line for it, else an
    /// opening from the offline words naming the case topics the juror weighs most (never
    /// another case's words).
    pub fn opening(&self, case: &Case, juror: &str) -> String {
        if let Some(line) = case.openings.get(juror) {
            return line.clone();
        }
        let mut topics: Vec<(&str, f64)> = self
            .jurors
            .get(juror)
            .map(|c| {
                c.topic_weights
                    .iter()
                    .filter_map(|(t, w)| case.topic(t).map(|t| (t.name.as_str(), *w)))
                    .collect()
            })
            .unwrap_or_default();
        topics.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()).then(a.0.cmp(b.0)));
        let name = |i: usize| topics.get(i).map_or("what happened", |t| t.0);
        let turn = juror.bytes().map(usize::from).sum();
        self.replies.opening_for(name(0), name(1), turn)
    }

    /// The offline labeller for `case`.
    pub fn lexicon(&self, case: &Case) -> Lexicon {
        Lexicon {
            topics: case
                .topics
                .iter()
                .map(|t| TopicKeys {
                    id: t.id.clone(),
                    keywords: t.keywords.clone(),
                })
                .collect(),
            negations: self.negations.clone(),
            manipulation: self.manipulation.clone(),
        }
    }

    /// The rules' setup of `case` with its jurors and cards, for players on `sides`.
    pub fn setup(&self, case: &Case, sides: Vec<Side>, rules: TrialRules) -> TrialSetup {
        let jurors: Vec<JurorSeat> = case
            .jurors
            .iter()
            .filter_map(|j| self.jurors.get(j))
            .map(|c| c.seat())
            .collect();
        TrialSetup {
            case: case.id.clone(),
            topics: case.topics.iter().map(|t| t.id.clone()).collect(),
            cards: case
                .evidence
                .iter()
                .map(|e| case.card(e, &jurors))
                .collect(),
            jurors,
            sides,
            rules,
        }
    }

    /// Cases whose id or title word starts with `prefix` (any case): `(id, title)`.
    pub fn search(&self, prefix: &str) -> Vec<(&str, &str)> {
        let p = prefix.trim().to_lowercase();
        self.cases
            .values()
            .filter(|c| {
                p.is_empty()
                    || c.id.split('_').any(|w| w.starts_with(&p))
                    || c.id.starts_with(&p)
                    || c.title
                        .to_lowercase()
                        .split_whitespace()
                        .any(|w| w.starts_with(&p))
            })
            .map(|c| (c.id.as_str(), c.title.as_str()))
            .collect()
    }
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default()
        .to_string()
}

fn files(dir: &Path, ext: &str) -> Result<Vec<PathBuf>, ConfigError> {
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let entries = std::fs::read_dir(dir).map_err(|e| ConfigError::Read {
        file: dir.display().to_string(),
        message: e.to_string(),
    })?;
    let mut out: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    out.sort();
    Ok(out)
}
