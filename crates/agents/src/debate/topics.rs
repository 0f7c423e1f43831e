//! The debate topics: `content/topics/<id>.toml`, one motion each with both sides'
//! framing and argument bank (claims with evidence and keywords, rebuttals answering the
//! other side's claims, cross-examination questions). Loaded and checked at startup, with
//! errors naming the file and the field; built-in copies (listed in [`BUILTIN`]) let the
//! binary run from any directory, and a file in the content directory replaces or adds to
//! them. `content/debate/generic.toml`, in the same format, is the bank for a motion typed
//! by a host (no topic file).
//!
//! A topic's Chinese bank is `content/topics/zh-CN/<id>.toml` (the generic one
//! `content/debate/zh-CN/generic.toml`): the same claim ids, rebuttals answering the same
//! claims, so a scenario or a rating means the same in both; a topic lists the languages
//! it has ([`Topics::langs`]).

use crate::config::ConfigError;
use crate::content::{read, toml_files};
use crate::games::debate::team::Side;
use crate::games::lang::Lang;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::Arc;

macro_rules! builtin_topics {
    ($($id:literal),* $(,)?) => {
        /// The built-in topics, `(id, text)`: every file of `content/topics/` (a test checks
        /// the list against the directory).
        pub const BUILTIN: &[(&str, &str)] = &[
            $(($id, include_str!(concat!("../../../../content/topics/", $id, ".toml")))),*
        ];
    };
}

builtin_topics!(
    "ai_art_copyright",
    "ban_homework",
    "cash_free_society",
    "compulsory_voting",
    "four_day_work_week",
    "nuclear_power",
    "remote_work",
    "self_driving_cars",
    "social_media_age_limit",
    "space_exploration_funding",
    "universal_basic_income",
    "zoos",
);

/// The built-in copy of `content/debate/generic.toml`.
const GENERIC: &str = include_str!("../../../../content/debate/generic.toml");

/// The built-in Chinese banks, `(id, text)`: every file of `content/topics/zh-CN/` (a test
/// checks the list against the directory).
pub const BUILTIN_ZH: &[(&str, &str)] = &[
    (
        "four_day_work_week",
        include_str!("../../../../content/topics/zh-CN/four_day_work_week.toml"),
    ),
    (
        "nuclear_power",
        include_str!("../../../../content/topics/zh-CN/nuclear_power.toml"),
    ),
    (
        "social_media_age_limit",
        include_str!("../../../../content/topics/zh-CN/social_media_age_limit.toml"),
    ),
    (
        "universal_basic_income",
        include_str!("../../../../content/topics/zh-CN/universal_basic_income.toml"),
    ),
];
const GENERIC_ZH: &str = include_str!("../../../../content/debate/zh-CN/generic.toml");

/// Fewest claims, rebuttals and questions a side's bank may have.
pub const MIN_CLAIMS: usize = 4;
pub const MIN_REBUTTALS: usize = 4;
pub const MIN_QUESTIONS: usize = 4;

/// One claim of a side: the sentence, its support, and the words that mark it in a speech.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Claim {
    pub id: String,
    pub claim: String,
    pub evidence: String,
    /// Lower-case words or phrases.
    pub keywords: Vec<String>,
}

/// An answer to one of the other side's claims.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rebuttal {
    /// The id of the other side's claim it answers.
    pub answers: String,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Question {
    pub text: String,
}

/// One side's argument bank.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bank {
    pub framing: String,
    pub claims: Vec<Claim>,
    pub rebuttals: Vec<Rebuttal>,
    pub questions: Vec<Question>,
}

impl Bank {
    pub fn claim(&self, id: &str) -> Option<&Claim> {
        self.claims.iter().find(|c| c.id == id)
    }
    /// The rebuttals answering the other side's claim `id`.
    pub fn rebuttals_of<'a>(&'a self, id: &'a str) -> impl Iterator<Item = &'a Rebuttal> + 'a {
        self.rebuttals.iter().filter(move |r| r.answers == id)
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TopicFile {
    title: String,
    motion: String,
    pro: Bank,
    con: Bank,
}

/// A debate topic.
#[derive(Debug, Clone, PartialEq)]
pub struct Topic {
    /// The file stem.
    pub id: String,
    pub title: String,
    pub motion: String,
    pub pro: Bank,
    pub con: Bank,
    /// The language its texts are in (a file in a `zh-CN/` folder: Chinese).
    pub lang: Lang,
}

impl Topic {
    /// Every text of the topic (the motion, both banks' framing, claims, evidence,
    /// rebuttals and questions): the context that tells a name from a common word.
    pub fn texts(&self) -> Vec<&str> {
        let mut out = vec![self.motion.as_str()];
        for b in [&self.pro, &self.con] {
            out.push(&b.framing);
            for c in &b.claims {
                out.extend([c.claim.as_str(), c.evidence.as_str()]);
            }
            out.extend(b.rebuttals.iter().map(|r| r.text.as_str()));
            out.extend(b.questions.iter().map(|q| q.text.as_str()));
        }
        out
    }

    pub fn side(&self, side: Side) -> &Bank {
        match side {
            Side::Pro => &self.pro,
            Side::Con => &self.con,
        }
    }

    /// Reads and checks one topic file's text; `file` names it in errors.
    pub fn parse(id: &str, file: &str, text: &str) -> Result<Topic, ConfigError> {
        let invalid = |field: String, message: String| ConfigError::Invalid {
            file: file.to_string(),
            field,
            message,
        };
        let raw: TopicFile = toml::from_str(text).map_err(|e| {
            invalid(
                "(file)".into(),
                e.to_string().replace('\n', " ").trim().to_string(),
            )
        })?;
        if !is_id(id) {
            return Err(invalid(
                "(file name)".into(),
                format!("{id:?}: a topic id is lower-case letters, digits and '_'"),
            ));
        }
        for (field, value) in [("title", &raw.title), ("motion", &raw.motion)] {
            if value.trim().is_empty() {
                return Err(invalid(field.into(), "is empty".into()));
            }
        }
        if raw.title.chars().count() > 100 {
            return Err(invalid(
                "title".into(),
                "at most 100 characters (it labels the topic in menus)".into(),
            ));
        }
        let topic = Topic {
            id: id.to_string(),
            title: raw.title.trim().to_string(),
            motion: raw.motion.trim().to_string(),
            lang: Lang::En,
            pro: raw.pro,
            con: raw.con,
        };
        for side in Side::BOTH {
            check_counts(&topic, side).map_err(|(field, message)| invalid(field, message))?;
        }
        for side in Side::BOTH {
            check_bank(&topic, side).map_err(|(field, message)| invalid(field, message))?;
        }
        Ok(topic)
    }
}

fn is_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// Checks one side's bank has enough of everything; the error is `(field, message)`.
fn check_counts(topic: &Topic, side: Side) -> Result<(), (String, String)> {
    let bank = topic.side(side);
    let s = side.name();
    for (what, n, min) in [
        ("claims", bank.claims.len(), MIN_CLAIMS),
        ("rebuttals", bank.rebuttals.len(), MIN_REBUTTALS),
        ("questions", bank.questions.len(), MIN_QUESTIONS),
    ] {
        if n < min {
            return Err((
                format!("{s}.{what}"),
                format!("has {n}, needs at least {min}"),
            ));
        }
    }
    Ok(())
}

/// Checks one side's bank against the rules of the format; the error is `(field, message)`.
fn check_bank(topic: &Topic, side: Side) -> Result<(), (String, String)> {
    let bank = topic.side(side);
    let other = topic.side(side.other());
    let s = side.name();
    if bank.framing.trim().is_empty() {
        return Err((format!("{s}.framing"), "is empty".into()));
    }
    let mut ids = BTreeSet::new();
    for (i, c) in bank.claims.iter().enumerate() {
        let at = format!("{s}.claims[{i}]");
        if !is_id(&c.id) {
            return Err((
                format!("{at}.id"),
                format!("{:?}: lower-case letters, digits and '_'", c.id),
            ));
        }
        if !ids.insert(c.id.as_str()) || other.claim(&c.id).is_some() {
            return Err((
                format!("{at}.id"),
                format!("{:?} is used twice in the file", c.id),
            ));
        }
        for (field, value) in [("claim", &c.claim), ("evidence", &c.evidence)] {
            if value.trim().is_empty() {
                return Err((format!("{at}.{field}"), "is empty".into()));
            }
        }
        if !(2..=6).contains(&c.keywords.len()) {
            return Err((
                format!("{at}.keywords"),
                format!("has {}, needs 2 to 6", c.keywords.len()),
            ));
        }
        for k in &c.keywords {
            if k.trim().is_empty() || k.to_lowercase() != *k {
                return Err((
                    format!("{at}.keywords"),
                    format!("{k:?}: keywords are non-empty and lower-case"),
                ));
            }
        }
    }
    for (i, r) in bank.rebuttals.iter().enumerate() {
        let at = format!("{s}.rebuttals[{i}]");
        if other.claim(&r.answers).is_none() {
            return Err((
                format!("{at}.answers"),
                format!(
                    "{:?} is not a claim of {} (its claims: {})",
                    r.answers,
                    side.other().name(),
                    other
                        .claims
                        .iter()
                        .map(|c| c.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        if r.text.trim().is_empty() {
            return Err((format!("{at}.text"), "is empty".into()));
        }
    }
    for c in &other.claims {
        if bank.rebuttals_of(&c.id).next().is_none() {
            return Err((
                format!("{s}.rebuttals"),
                format!(
                    "no rebuttal answers {}'s claim {:?}",
                    side.other().name(),
                    c.id
                ),
            ));
        }
    }
    for (i, q) in bank.questions.iter().enumerate() {
        if !q.text.trim_end().ends_with(['?', '？']) {
            return Err((
                format!("{s}.questions[{i}].text"),
                "a question ends with '?'".into(),
            ));
        }
    }
    Ok(())
}

/// Every topic, checked, and the generic bank, in each language.
#[derive(Debug, Clone)]
pub struct Topics {
    by_id: BTreeMap<String, Arc<Topic>>,
    /// The Chinese banks, by the id of the English topic they translate.
    zh: BTreeMap<String, Arc<Topic>>,
    generic: Arc<Topic>,
    generic_zh: Arc<Topic>,
}

/// Checks that `zh` (read from `file`) translates `en`: the same claims and rebuttals.
fn check_translation(file: &str, en: &Topic, zh: &Topic) -> Result<(), ConfigError> {
    for side in [Side::Pro, Side::Con] {
        let (a, b) = (en.side(side), zh.side(side));
        let ids = |bank: &Bank| bank.claims.iter().map(|c| c.id.clone()).collect::<Vec<_>>();
        let answers = |bank: &Bank| {
            bank.rebuttals
                .iter()
                .map(|r| r.answers.clone())
                .collect::<Vec<_>>()
        };
        let s = side.name();
        if ids(a) != ids(b) {
            return Err(ConfigError::Invalid {
                file: file.to_string(),
                field: format!("{s}.claims"),
                message: format!(
                    "the claim ids must be the English topic's, in order: {}",
                    ids(a).join(", ")
                ),
            });
        }
        if answers(a) != answers(b) {
            return Err(ConfigError::Invalid {
                file: file.to_string(),
                field: format!("{s}.rebuttals"),
                message: format!(
                    "the rebuttals must answer the English topic's claims, in order: {}",
                    answers(a).join(", ")
                ),
            });
        }
    }
    Ok(())
}

impl Topics {
    /// The built-in topics, then every `topics/*.toml` of `dir` (replacing a built-in copy
    /// of the same id, or adding to them), and the generic bank (`debate/generic.toml`).
    pub fn load(dir: Option<&Path>) -> Result<Topics, ConfigError> {
        let mut by_id = BTreeMap::new();
        for (id, text) in BUILTIN {
            let file = format!("built-in content/topics/{id}.toml");
            by_id.insert(id.to_string(), Arc::new(Topic::parse(id, &file, text)?));
        }
        if let Some(dir) = dir {
            for path in toml_files(&dir.join("topics"))? {
                let id = path
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .unwrap_or_default()
                    .to_string();
                let file = path.display().to_string();
                let text = read(&path)?;
                by_id.insert(id.clone(), Arc::new(Topic::parse(&id, &file, &text)?));
            }
        }
        let mut zh = BTreeMap::new();
        let mut add_zh = |id: &str, file: &str, text: &str| -> Result<(), ConfigError> {
            let mut topic = Topic::parse(id, file, text)?;
            topic.lang = Lang::ZhCn;
            let en = by_id.get(id).ok_or_else(|| ConfigError::Invalid {
                file: file.to_string(),
                field: "(file)".into(),
                message: format!("there is no English topic {id:?} for it to translate"),
            })?;
            check_translation(file, en, &topic)?;
            zh.insert(id.to_string(), Arc::new(topic));
            Ok(())
        };
        for (id, text) in BUILTIN_ZH {
            // A built-in Chinese bank whose English topic a file of one's own replaced
            // (with other claims) no longer translates it: that topic has no Chinese bank.
            let file = format!("built-in content/topics/zh-CN/{id}.toml");
            let en = by_id.get(*id).cloned();
            let parsed = Topic::parse(id, &file, text)?;
            if en.is_some_and(|en| check_translation(&file, &en, &parsed).is_ok()) {
                add_zh(id, &file, text)?;
            }
        }
        if let Some(dir) = dir {
            for path in toml_files(&dir.join("topics").join("zh-CN"))? {
                let id = path
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .unwrap_or_default()
                    .to_string();
                add_zh(&id, &path.display().to_string(), &read(&path)?)?;
            }
        }
        let generic_in = |sub: &[&str], builtin: &str| -> Result<Topic, ConfigError> {
            let mut path = dir.map(|d| d.join("debate"));
            for part in sub {
                path = path.map(|p| p.join(part));
            }
            match path.filter(|p| p.exists()) {
                Some(path) => Topic::parse("generic", &path.display().to_string(), &read(&path)?),
                None => Topic::parse(
                    "generic",
                    &format!("built-in content/debate/{}", sub.join("/")),
                    builtin,
                ),
            }
        };
        let generic = generic_in(&["generic.toml"], GENERIC)?;
        let mut generic_zh = generic_in(&["zh-CN", "generic.toml"], GENERIC_ZH)?;
        generic_zh.lang = Lang::ZhCn;
        let zh_file = dir
            .map(|d| d.join("debate").join("zh-CN").join("generic.toml"))
            .filter(|p| p.exists());
        if let Err(e) =
            check_translation("content/debate/zh-CN/generic.toml", &generic, &generic_zh)
        {
            match zh_file {
                Some(_) => return Err(e),
                // A generic bank of one's own with no Chinese copy serves both.
                None => generic_zh = generic.clone(),
            }
        }
        Ok(Topics {
            by_id,
            zh,
            generic: Arc::new(generic),
            generic_zh: Arc::new(generic_zh),
        })
    }

    /// The built-in topics only.
    pub fn builtin() -> Topics {
        Topics::load(None).expect("the built-in topics are checked by the tests")
    }

    pub fn get(&self, id: &str) -> Option<&Arc<Topic>> {
        self.by_id.get(id)
    }

    /// The topic `id`'s bank in `lang`, when it has one.
    pub fn get_in(&self, id: &str, lang: Lang) -> Option<&Arc<Topic>> {
        match lang {
            Lang::En => self.by_id.get(id),
            Lang::ZhCn => self.zh.get(id),
        }
    }

    /// The languages topic `id` can be debated in (none: no such topic).
    pub fn langs(&self, id: &str) -> Vec<Lang> {
        Lang::ALL
            .into_iter()
            .filter(|&l| self.get_in(id, l).is_some())
            .collect()
    }

    /// The topic ids, sorted.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.by_id.keys().map(String::as_str)
    }

    pub fn len(&self) -> usize {
        self.by_id.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }

    /// Topics whose id, or a word of whose title or motion, starts with `prefix` (any
    /// case; an empty prefix matches all), sorted by id: `(id, title)` for autocomplete.
    pub fn search(&self, prefix: &str) -> Vec<(&str, &str)> {
        let p = prefix.trim().to_lowercase();
        self.by_id
            .values()
            .filter(|t| {
                p.is_empty()
                    || t.id.starts_with(&p)
                    || t.id.split('_').any(|w| w.starts_with(&p))
                    || t.title.to_lowercase().starts_with(&p)
                    || t.title
                        .to_lowercase()
                        .split_whitespace()
                        .chain(t.motion.to_lowercase().split_whitespace())
                        .any(|w| w.starts_with(&p))
            })
            .map(|t| (t.id.as_str(), t.title.as_str()))
            .collect()
    }

    /// The bank for a motion typed by a host: the generic claims, with its motion.
    pub fn generic(&self, motion: &str) -> Arc<Topic> {
        self.generic_in(motion, Lang::En)
    }

    /// [`generic`](Topics::generic) in `lang`.
    pub fn generic_in(&self, motion: &str, lang: Lang) -> Arc<Topic> {
        let mut t = match lang {
            Lang::En => (*self.generic).clone(),
            Lang::ZhCn => (*self.generic_zh).clone(),
        };
        t.motion = motion.to_string();
        t.title = motion.chars().take(100).collect();
        Arc::new(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn repo_content() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../content")
    }

    #[test]
    fn the_builtin_list_is_the_topics_directory() {
        let on_disk: BTreeSet<String> = toml_files(&repo_content().join("topics"))
            .unwrap()
            .iter()
            .map(|p| p.file_stem().unwrap().to_str().unwrap().to_string())
            .collect();
        let listed: BTreeSet<String> = BUILTIN.iter().map(|(id, _)| id.to_string()).collect();
        assert_eq!(
            listed, on_disk,
            "builtin_topics! in src/agents/debate/topics.rs must list every content/topics/*.toml"
        );
        assert!(on_disk.contains("universal_basic_income"));
        assert!(on_disk.len() >= 12, "at least 12 topics: {on_disk:?}");
        let topics = Topics::load(Some(&repo_content())).unwrap();
        assert_eq!(topics.len(), on_disk.len());
        for (id, text) in BUILTIN {
            let from_disk = topics.get(id).unwrap();
            assert_eq!(**from_disk, Topic::parse(id, "x", text).unwrap());
        }
    }

    #[test]
    fn search_finds_by_id_title_and_motion_words() {
        let topics = Topics::builtin();
        assert!(topics
            .search("univ")
            .contains(&("universal_basic_income", "Universal basic income")));
        assert!(topics
            .search("INCOME")
            .iter()
            .any(|(id, _)| *id == "universal_basic_income"));
        assert_eq!(topics.search("").len(), topics.len());
        assert!(topics.search("zzzz").is_empty());
        assert!(topics.get("universal_basic_income").is_some());
        assert!(topics.ids().any(|id| id == "universal_basic_income"));
        let g = topics.generic("This house would ban homework");
        assert_eq!(g.motion, "This house would ban homework");
    }

    fn ubi() -> String {
        BUILTIN
            .iter()
            .find(|(id, _)| *id == "universal_basic_income")
            .unwrap()
            .1
            .to_string()
    }

    #[test]
    fn bad_files_are_refused_naming_the_file_and_the_field() {
        let cases: Vec<(String, &str, &str)> = vec![
            (
                ubi().replace("title = \"Universal basic income\"\n", ""),
                "title",
                "missing field",
            ),
            (
                ubi().replace("answers = \"work_incentive\"", "answers = \"work\""),
                "pro.rebuttals[0].answers",
                "not a claim of con",
            ),
            (
                ubi().replacen("id = \"cost\"", "id = \"poverty_floor\"", 1),
                "pro.claims[0].id",
                "used twice",
            ),
            (
                ubi().replace("keywords = [\"wellbeing\", \"health\", \"stress\", \"security\"]", "keywords = [\"wellbeing\"]"),
                "pro.claims[4].keywords",
                "needs 2 to 6",
            ),
            (
                ubi().replace("framing = \"A universal", "framing = \"\"\nx = \"A universal"),
                "(file)",
                "unknown field",
            ),
            (
                ubi().replace(
                    "text = \"What stops landlords from simply raising rents by the amount of the payment?\"",
                    "text = \"Landlords will raise rents.\"",
                ),
                "con.questions[3].text",
                "ends with '?'",
            ),
        ];
        for (text, field, message) in cases {
            let e = Topic::parse("universal_basic_income", "topics/ubi.toml", &text).unwrap_err();
            let shown = e.to_string();
            assert!(shown.starts_with("topics/ubi.toml: "), "{shown}");
            assert!(shown.contains(field) && shown.contains(message), "{shown}");
        }
        // Too few claims: remove the last two Pro claims.
        let mut short = ubi();
        let start = short.find("[[pro.claims]]\nid = \"simplicity\"").unwrap();
        let end = short[start..].find("[[pro.rebuttals]]").unwrap() + start;
        short.replace_range(start..end, "");
        let e = Topic::parse("ubi", "f.toml", &short)
            .unwrap_err()
            .to_string();
        assert!(e.contains("pro.claims") && e.contains("at least 4"), "{e}");
        let e = Topic::parse("Bad-Id", "f.toml", &ubi())
            .unwrap_err()
            .to_string();
        assert!(e.contains("(file name)"), "{e}");
    }

    #[test]
    fn a_file_in_the_content_dir_adds_or_replaces_and_a_bad_one_is_an_error() {
        let dir = std::env::temp_dir().join(format!("agora-topics-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("topics")).unwrap();
        std::fs::write(
            dir.join("topics/basic_income_two.toml"),
            ubi().replace("title = \"Universal basic income\"", "title = \"Second\""),
        )
        .unwrap();
        let topics = Topics::load(Some(&dir)).unwrap();
        assert_eq!(topics.get("basic_income_two").unwrap().title, "Second");
        assert!(topics.get("universal_basic_income").is_some());
        std::fs::write(dir.join("topics/broken.toml"), "title = 3").unwrap();
        let e = Topics::load(Some(&dir)).unwrap_err().to_string();
        assert!(e.contains("broken.toml"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
