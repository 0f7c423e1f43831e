//! The trial's whole content as one checked book: every case and juror card (the built-in
//! copies, then the content directory's files replacing or adding to them), the offline
//! labeller's words (`content/trial/labeller.toml`) and the jurors' offline replies
//! (`content/trial/replies.toml`); and what the rules and the offline players are built
//! from it. Each language has its shelf of all these (Chinese: the `zh-CN/` folder beside
//! each English one, every case and card checked against its English one); a case is in
//! the languages that have it ([`TrialBook::langs`]).

use super::content::{
    invalid, Case, JurorCard, BUILTIN_CASES, BUILTIN_CASES_ZH, BUILTIN_JURORS, BUILTIN_JURORS_ZH,
};
use super::words::Replies;
use crate::config::ConfigError;
use crate::content::{read, toml_files};
use crate::games::trial::keywords::{Lexicon, TopicKeys};
use crate::games::trial::{JurorSeat, Side, TrialRules, TrialSetup};
use crate::games::Lang;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

const LABELLER: &str = include_str!("../../../../content/trial/labeller.toml");
const REPLIES: &str = include_str!("../../../../content/trial/replies.toml");
const LABELLER_ZH: &str = include_str!("../../../../content/trial/zh-CN/labeller.toml");
const REPLIES_ZH: &str = include_str!("../../../../content/trial/zh-CN/replies.toml");

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LabellerFile {
    negations: Vec<String>,
    manipulation: Vec<String>,
}

/// One language's content: its cases and juror cards, and the offline words.
#[derive(Debug, Clone)]
struct Shelf {
    cases: BTreeMap<String, Arc<Case>>,
    jurors: BTreeMap<String, Arc<JurorCard>>,
    negations: Vec<String>,
    manipulation: Vec<String>,
    replies: Arc<Replies>,
}

/// Where a language's files are: its built-in copies and its folder under each content
/// folder (`""` for English, `zh-CN` for Chinese).
struct Sources {
    lang: Lang,
    cases: &'static [(&'static str, &'static str)],
    jurors: &'static [(&'static str, &'static str)],
    labeller: &'static str,
    replies: &'static str,
    folder: &'static str,
}

/// A `(file, text)` per id: the built-in copies, then the files of `dir` (by extension).
fn texts(
    builtin: &[(&str, &str)],
    shown: &str,
    dir: Option<PathBuf>,
    ext: &str,
) -> Result<BTreeMap<String, (String, String)>, ConfigError> {
    let mut out: BTreeMap<String, (String, String)> = builtin
        .iter()
        .map(|(id, text)| {
            let file = format!("built-in content/{shown}/{id}.{ext}");
            (id.to_string(), (file, text.to_string()))
        })
        .collect();
    if let Some(dir) = dir {
        let paths = if ext == "toml" {
            toml_files(&dir)?
        } else {
            files(&dir, ext)?
        };
        for path in paths {
            out.insert(stem(&path), (path.display().to_string(), read(&path)?));
        }
    }
    Ok(out)
}

/// What a file read as: a built-in translation (`translating`) of an English file the
/// content directory replaced may no longer match it, and is left out (that case is then
/// tried in English only); a translation in the content directory that does not match is an
/// error, as is any English file that does not read.
fn kept<T>(
    translating: bool,
    file: &str,
    read: Result<T, ConfigError>,
) -> Result<Option<T>, ConfigError> {
    match read {
        Ok(x) => Ok(Some(x)),
        Err(e) if translating && file.starts_with("built-in") => {
            tracing::warn!("{e} (left out: the English file was replaced)");
            Ok(None)
        }
        Err(e) => Err(e),
    }
}

impl Shelf {
    /// One language's shelf from its built-in copies and `dir`'s files; each case and card
    /// checked against the one of the same id on `en`, the English shelf (which must have
    /// it), when this is another language's.
    fn load(src: &Sources, dir: Option<&Path>, en: Option<&Shelf>) -> Result<Shelf, ConfigError> {
        let sub = |top: &str| -> (String, Option<PathBuf>) {
            let shown = match src.folder {
                "" => top.to_string(),
                f => format!("{top}/{f}"),
            };
            (shown.clone(), dir.map(|d| d.join(&shown)))
        };
        let (shown, at) = sub("jurors");
        let mut jurors = BTreeMap::new();
        for (id, (file, text)) in texts(src.jurors, &shown, at, "json")? {
            let card = JurorCard::parse(&id, &file, &text).and_then(|card| {
                if let Some(en) = en {
                    let english = en.jurors.get(&id).ok_or_else(|| {
                        invalid(&file, "id", "there is no English juror card of this id")
                    })?;
                    card.check_translation(&file, english)?;
                }
                Ok(card)
            });
            if let Some(card) = kept(en.is_some(), &file, card)? {
                jurors.insert(id, (file, Arc::new(card)));
            }
        }
        let (shown, at) = sub("cases");
        let mut cases = BTreeMap::new();
        let cards = jurors
            .iter()
            .map(|(id, c)| (id.clone(), c.1.clone()))
            .collect();
        for (id, (file, text)) in texts(src.cases, &shown, at, "toml")? {
            let case = Case::parse(&id, &file, &text, &cards).and_then(|mut case| {
                case.lang = src.lang;
                if let Some(en) = en {
                    let english = en.cases.get(&id).ok_or_else(|| {
                        invalid(&file, "(file name)", "there is no English case of this id")
                    })?;
                    case.check_translation(&file, english)?;
                }
                Ok(case)
            });
            if let Some(case) = kept(en.is_some(), &file, case)? {
                cases.insert(id, (file, Arc::new(case)));
            }
        }
        let (shown, at) = sub("trial");
        let word_file = |name: &str, builtin: &str| -> Result<(String, String), ConfigError> {
            match at.as_ref().map(|d| d.join(name)).filter(|p| p.exists()) {
                Some(path) => Ok((path.display().to_string(), read(&path)?)),
                None => Ok((
                    format!("built-in content/{shown}/{name}"),
                    builtin.to_string(),
                )),
            }
        };
        let labeller = word_file("labeller.toml", src.labeller)?;
        let replies = word_file("replies.toml", src.replies)?;
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
        let mut replies = Replies::parse(&replies.0, &replies.1)?;
        replies.lang = src.lang;
        Ok(Shelf {
            cases: cases.into_iter().map(|(id, c)| (id, c.1)).collect(),
            jurors: jurors.into_iter().map(|(id, c)| (id, c.1)).collect(),
            negations: lab.negations.iter().map(|w| w.to_lowercase()).collect(),
            manipulation: lab
                .manipulation
                .iter()
                .map(|w| crate::games::trial::label::normalise(w))
                .collect(),
            replies: Arc::new(replies),
        })
    }
}

/// Every case and juror, checked, with the offline words, in each language.
#[derive(Debug, Clone)]
pub struct TrialBook {
    en: Shelf,
    zh: Shelf,
}

impl TrialBook {
    /// The built-in cases and jurors, then every `cases/*.toml` and `jurors/*.json` of
    /// `dir` (replacing a built-in copy of the same id, or adding to them), and the offline
    /// words (`trial/labeller.toml`, `trial/replies.toml`); the same for Chinese from each
    /// folder's `zh-CN/`.
    pub fn load(dir: Option<&Path>) -> Result<TrialBook, ConfigError> {
        let en = Shelf::load(
            &Sources {
                lang: Lang::En,
                cases: BUILTIN_CASES,
                jurors: BUILTIN_JURORS,
                labeller: LABELLER,
                replies: REPLIES,
                folder: "",
            },
            dir,
            None,
        )?;
        let zh = Shelf::load(
            &Sources {
                lang: Lang::ZhCn,
                cases: BUILTIN_CASES_ZH,
                jurors: BUILTIN_JURORS_ZH,
                labeller: LABELLER_ZH,
                replies: REPLIES_ZH,
                folder: Lang::ZhCn.locale(),
            },
            dir,
            Some(&en),
        )?;
        Ok(TrialBook { en, zh })
    }

    /// The built-in content only.
    pub fn builtin() -> TrialBook {
        TrialBook::load(None).expect("the built-in trial content is checked by the tests")
    }

    fn shelf(&self, lang: Lang) -> &Shelf {
        match lang {
            Lang::En => &self.en,
            Lang::ZhCn => &self.zh,
        }
    }

    /// The English case `id`.
    pub fn case(&self, id: &str) -> Option<&Arc<Case>> {
        self.en.cases.get(id)
    }
    /// Case `id` in `lang`, when it has that language.
    pub fn case_in(&self, id: &str, lang: Lang) -> Option<&Arc<Case>> {
        self.shelf(lang).cases.get(id)
    }
    /// Case `id` in `lang`, or why not: no such case (naming the cases), or not in that
    /// language (naming its languages).
    pub fn case_for(&self, id: &str, lang: Lang) -> Result<&Arc<Case>, String> {
        if let Some(case) = self.case_in(id, lang) {
            return Ok(case);
        }
        let ids = |l: Lang| {
            self.shelf(l)
                .cases
                .keys()
                .cloned()
                .collect::<Vec<_>>()
                .join(", ")
        };
        if self.case(id).is_none() {
            return Err(format!("{id:?}: not a case (the cases: {})", ids(Lang::En)));
        }
        let langs: Vec<&str> = self.langs(id).into_iter().map(Lang::code).collect();
        Err(format!(
            "{id:?} has no {} version (its languages: {}; the cases in {}: {})",
            lang.code(),
            langs.join(", "),
            lang.code(),
            ids(lang)
        ))
    }
    /// The languages case `id` can be tried in (none: no such case).
    pub fn langs(&self, id: &str) -> Vec<Lang> {
        Lang::ALL
            .into_iter()
            .filter(|&l| self.case_in(id, l).is_some())
            .collect()
    }
    /// The English cases.
    pub fn cases(&self) -> impl Iterator<Item = &Arc<Case>> {
        self.en.cases.values()
    }
    /// The cases in `lang`.
    pub fn cases_in(&self, lang: Lang) -> impl Iterator<Item = &Arc<Case>> {
        self.shelf(lang).cases.values()
    }
    /// The English juror card `id`.
    pub fn juror(&self, id: &str) -> Option<&Arc<JurorCard>> {
        self.en.jurors.get(id)
    }
    /// Juror card `id` in `lang`.
    pub fn juror_in(&self, id: &str, lang: Lang) -> Option<&Arc<JurorCard>> {
        self.shelf(lang).jurors.get(id)
    }
    /// Every English juror card, by id.
    pub fn jurors(&self) -> &BTreeMap<String, Arc<JurorCard>> {
        &self.en.jurors
    }
    /// Every juror card in `lang`, by id.
    pub fn jurors_in(&self, lang: Lang) -> &BTreeMap<String, Arc<JurorCard>> {
        &self.shelf(lang).jurors
    }
    /// The jurors' offline replies in `lang`.
    pub fn replies_in(&self, lang: Lang) -> &Arc<Replies> {
        &self.shelf(lang).replies
    }

    /// What juror `juror` says first in `case`: the case's own line for it, else an
    /// opening from the offline words (in the case's language) naming the case topics the
    /// juror weighs most (never another case's words).
    pub fn opening(&self, case: &Case, juror: &str) -> String {
        if let Some(line) = case.openings.get(juror) {
            return line.clone();
        }
        let shelf = self.shelf(case.lang);
        let mut topics: Vec<(&str, f64)> = shelf
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
        let what_happened = case.lang.text("trial-what-happened", &[]);
        let name = |i: usize| topics.get(i).map_or(what_happened.as_str(), |t| t.0);
        let turn = juror.bytes().map(usize::from).sum();
        shelf.replies.opening_for(name(0), name(1), turn)
    }

    /// The offline labeller for `case`, in its language's words; a case in another language
    /// than English also knows its English keywords (whole words, so they never match inside
    /// Chinese), for a player who writes English at a Chinese table.
    pub fn lexicon(&self, case: &Case) -> Lexicon {
        let english = match case.lang {
            Lang::En => None,
            _ => self.en.cases.get(&case.id),
        };
        Lexicon {
            topics: case
                .topics
                .iter()
                .map(|t| {
                    let mut keywords = t.keywords.clone();
                    if let Some(en) = english.and_then(|c| c.topic(&t.id)) {
                        keywords.extend(en.keywords.iter().cloned());
                    }
                    TopicKeys {
                        id: t.id.clone(),
                        keywords,
                    }
                })
                .collect(),
            negations: self.shelf(case.lang).negations.clone(),
            manipulation: self.shelf(case.lang).manipulation.clone(),
        }
    }

    /// The rules' setup of `case` with its jurors and cards, for players on `sides`, in the
    /// case's language.
    pub fn setup(&self, case: &Case, sides: Vec<Side>, rules: TrialRules) -> TrialSetup {
        let jurors: Vec<JurorSeat> = case
            .jurors
            .iter()
            .filter_map(|j| self.shelf(case.lang).jurors.get(j))
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
            lang: case.lang,
        }
    }

    /// Cases whose id or title word starts with `prefix` (any case), or whose Chinese title
    /// holds it (Chinese has no spaces between words): `(id, title)`, the English title.
    pub fn search(&self, prefix: &str) -> Vec<(&str, &str)> {
        let p = prefix.trim().to_lowercase();
        self.en
            .cases
            .values()
            .filter(|c| {
                let zh = self.zh.cases.get(&c.id);
                p.is_empty()
                    || c.id.split('_').any(|w| w.starts_with(&p))
                    || c.id.starts_with(&p)
                    || c.title
                        .to_lowercase()
                        .split_whitespace()
                        .any(|w| w.starts_with(&p))
                    || zh.is_some_and(|z| z.title.contains(p.as_str()))
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
