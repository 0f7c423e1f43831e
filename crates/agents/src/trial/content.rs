//! The trial's content files, read and checked (errors name the file and the field): the
//! cases (`content/cases/<id>.toml`: the case text and question, its topics
//! with descriptions and offline keywords, evidence cards, the jurors seated, epilogues by
//! vote pattern, an argument bank for AI advocates), the jurors' character cards
//! (`content/jurors/<id>.json`, the source's format plus `speaker_power`), and the offline
//! labeller's and jurors' words (`content/trial/`). Built-in copies let the binary run from
//! any directory; files in the content directory replace or add to them.
//!
//! A case's Chinese text is `content/cases/zh-CN/<id>.toml` and a juror's
//! `content/jurors/zh-CN/<id>.json` (the offline words `content/trial/zh-CN/`): only the
//! words people read are Chinese; the ids, numbers and order are the English file's, checked
//! ([`Case::check_translation`], [`JurorCard::check_translation`]), so a stance moves the
//! same in either language.

use crate::config::ConfigError;
use crate::games::trial::{text, Card, JurorSeat, Side, MAX_JURORS};
use crate::games::Lang;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::Arc;

macro_rules! builtin {
    ($(#[$doc:meta])* $name:ident, $dir:literal, $ext:literal, [$($id:literal),* $(,)?]) => {
        /// Built-in copies `(id, text)`: every file of the content folder (a test checks
        /// the list against the directory).
        $(#[$doc])*
        pub const $name: &[(&str, &str)] = &[
            $(($id, include_str!(concat!("../../../../content/", $dir, "/", $id, $ext)))),*
        ];
    };
}

builtin!(
    BUILTIN_CASES,
    "cases",
    ".toml",
    ["robot_prompt_injection", "trading_agent_poisoned_feed"]
);
builtin!(
    BUILTIN_JURORS,
    "jurors",
    ".json",
    [
        "juror_chen",
        "juror_liu",
        "juror_okafor",
        "juror_park",
        "juror_rossi",
        "juror_wang"
    ]
);
builtin!(
    /// The Chinese texts, `content/cases/zh-CN/`.
    BUILTIN_CASES_ZH,
    "cases/zh-CN",
    ".toml",
    ["robot_prompt_injection"]
);
builtin!(
    /// The Chinese texts, `content/jurors/zh-CN/`.
    BUILTIN_JURORS_ZH,
    "jurors/zh-CN",
    ".json",
    [
        "juror_chen",
        "juror_liu",
        "juror_okafor",
        "juror_park",
        "juror_rossi",
        "juror_wang"
    ]
);

/// The source's persuasion thresholds (kept from the card; the rules do not use them).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Thresholds {
    pub easy: f64,
    pub medium: f64,
    pub hard: f64,
}

/// A juror's character card.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JurorCard {
    pub id: String,
    pub name: String,
    pub age: u32,
    pub occupation: String,
    #[serde(default)]
    pub portrait: Option<String>,
    pub background: String,
    pub personality: Vec<String>,
    pub speaking_style: String,
    pub initial_stance: f64,
    pub topic_weights: BTreeMap<String, f64>,
    pub hidden_concerns: Vec<String>,
    pub persuasion_threshold: Thresholds,
    pub first_message: String,
    pub speaker_power: f64,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaseTopic {
    pub id: String,
    /// How a juror names it in a reply ("the attack from outside").
    pub name: String,
    pub description: String,
    pub keywords: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Evidence {
    pub id: String,
    pub title: String,
    pub text: String,
    /// Stance effect per juror id.
    #[serde(default)]
    pub effects: BTreeMap<String, f64>,
    /// Stance effect per topic: each juror moves by Σ its weight × this.
    #[serde(default)]
    pub topics: BTreeMap<String, f64>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Epilogue {
    pub pattern: String,
    pub text: String,
}

/// One argument of the bank AI advocates speak from.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Argument {
    pub side: Side,
    pub topic: String,
    pub text: String,
}

/// The vote patterns an epilogue can be for; the first two are required.
pub const PATTERNS: [&str; 4] = [
    "not_guilty",
    "guilty",
    "unanimous_not_guilty",
    "unanimous_guilty",
];

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseFile {
    title: String,
    question: String,
    text: String,
    jurors: Vec<String>,
    topics: Vec<CaseTopic>,
    #[serde(default)]
    evidence: Vec<Evidence>,
    epilogues: Vec<Epilogue>,
    arguments: Vec<Argument>,
    /// What each seated juror says first, in this case (by juror id). A juror without
    /// one opens from `content/trial/replies.toml` with the case topics it weighs most.
    #[serde(default)]
    openings: BTreeMap<String, String>,
}

/// A case.
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    pub id: String,
    pub title: String,
    pub question: String,
    pub text: String,
    pub jurors: Vec<String>,
    pub topics: Vec<CaseTopic>,
    pub evidence: Vec<Evidence>,
    pub epilogues: Vec<Epilogue>,
    pub arguments: Vec<Argument>,
    /// Each seated juror's first words in this case, by juror id (some may be missing).
    pub openings: BTreeMap<String, String>,
    /// The language its words are in.
    pub lang: Lang,
}

fn is_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

pub(super) fn invalid(
    file: &str,
    field: impl Into<String>,
    message: impl Into<String>,
) -> ConfigError {
    ConfigError::Invalid {
        file: file.to_string(),
        field: field.into(),
        message: message.into(),
    }
}

impl JurorCard {
    pub fn parse(id: &str, file: &str, text: &str) -> Result<JurorCard, ConfigError> {
        let card: JurorCard =
            serde_json::from_str(text).map_err(|e| invalid(file, "(file)", e.to_string()))?;
        if card.id != id {
            return Err(invalid(
                file,
                "id",
                format!("{:?} must match the file name {id:?}", card.id),
            ));
        }
        for (field, value) in [
            ("name", &card.name),
            ("occupation", &card.occupation),
            ("background", &card.background),
            ("speaking_style", &card.speaking_style),
            ("first_message", &card.first_message),
        ] {
            if value.trim().is_empty() {
                return Err(invalid(file, field, "is empty"));
            }
        }
        if card.personality.is_empty() {
            return Err(invalid(file, "personality", "needs at least one trait"));
        }
        if !(-100.0..=100.0).contains(&card.initial_stance) {
            return Err(invalid(file, "initial_stance", "must be in [-100, 100]"));
        }
        if !(card.speaker_power > 0.0 && card.speaker_power <= 3.0) {
            return Err(invalid(
                file,
                "speaker_power",
                "must be above 0 and at most 3",
            ));
        }
        if card.topic_weights.is_empty() {
            return Err(invalid(file, "topic_weights", "needs at least one topic"));
        }
        for (topic, w) in &card.topic_weights {
            if !is_id(topic) {
                return Err(invalid(
                    file,
                    format!("topic_weights.{topic}"),
                    "a topic id is lower-case letters, digits and '_'",
                ));
            }
            if !(-100.0..=100.0).contains(w) {
                return Err(invalid(
                    file,
                    format!("topic_weights.{topic}"),
                    "must be in [-100, 100]",
                ));
            }
        }
        let t = &card.persuasion_threshold;
        if !(0.0 <= t.easy && t.easy <= t.medium && t.medium <= t.hard && t.hard <= 100.0) {
            return Err(invalid(
                file,
                "persuasion_threshold",
                "needs 0 ≤ easy ≤ medium ≤ hard ≤ 100",
            ));
        }
        Ok(card)
    }

    /// Checks that this card (read from `file`) is the English card `en` in another
    /// language: the same age, stance, topic weights, thresholds and speaker power.
    pub fn check_translation(&self, file: &str, en: &JurorCard) -> Result<(), ConfigError> {
        let t = (&self.persuasion_threshold, &en.persuasion_threshold);
        for (field, ok) in [
            ("age", self.age == en.age),
            ("initial_stance", self.initial_stance == en.initial_stance),
            ("topic_weights", self.topic_weights == en.topic_weights),
            ("persuasion_threshold", t.0 == t.1),
            ("speaker_power", self.speaker_power == en.speaker_power),
        ] {
            if !ok {
                return Err(invalid(file, field, "must be the English card's"));
            }
        }
        Ok(())
    }

    /// The juror as the rules seat them.
    pub fn seat(&self) -> JurorSeat {
        JurorSeat {
            id: self.id.clone(),
            name: self.name.clone(),
            stance: self.initial_stance,
            weights: self.topic_weights.clone(),
            speaker_power: self.speaker_power,
        }
    }
}

impl Case {
    /// Reads and checks one case file against the jurors known.
    pub fn parse(
        id: &str,
        file: &str,
        text: &str,
        jurors: &BTreeMap<String, Arc<JurorCard>>,
    ) -> Result<Case, ConfigError> {
        if !is_id(id) {
            return Err(invalid(
                file,
                "(file name)",
                "a case id is lower-case letters, digits and '_'",
            ));
        }
        let raw: CaseFile = toml::from_str(text).map_err(|e| {
            invalid(
                file,
                "(file)",
                e.to_string().replace('\n', " ").trim().to_string(),
            )
        })?;
        for (field, value) in [
            ("title", &raw.title),
            ("question", &raw.question),
            ("text", &raw.text),
        ] {
            if value.trim().is_empty() {
                return Err(invalid(file, field, "is empty"));
            }
        }
        if raw.title.chars().count() > 100 {
            return Err(invalid(
                file,
                "title",
                "at most 100 characters (it labels the case in menus)",
            ));
        }
        let n = raw.jurors.len();
        if n == 0 || n.is_multiple_of(2) || n > MAX_JURORS {
            return Err(invalid(
                file,
                "jurors",
                format!("an odd number from 1 to {MAX_JURORS}, not {n}"),
            ));
        }
        for (i, topic) in raw.topics.iter().enumerate() {
            let at = format!("topics[{i}]");
            if !is_id(&topic.id) || raw.topics[..i].iter().any(|t| t.id == topic.id) {
                return Err(invalid(
                    file,
                    format!("{at}.id"),
                    format!("{:?}: a new lower-case id", topic.id),
                ));
            }
            if topic.description.trim().is_empty() {
                return Err(invalid(file, format!("{at}.description"), "is empty"));
            }
            if topic.name.trim().is_empty() || topic.name.chars().count() > 60 {
                return Err(invalid(file, format!("{at}.name"), "1–60 characters"));
            }
            if topic.keywords.len() < 2
                || topic
                    .keywords
                    .iter()
                    .any(|k| k.trim().is_empty() || k.to_lowercase() != *k)
            {
                return Err(invalid(
                    file,
                    format!("{at}.keywords"),
                    "at least two, non-empty and lower-case",
                ));
            }
        }
        if raw.topics.is_empty() {
            return Err(invalid(file, "topics", "needs at least one topic"));
        }
        let known_topic = |t: &str| raw.topics.iter().any(|x| x.id == t);
        for (i, j) in raw.jurors.iter().enumerate() {
            let Some(card) = jurors.get(j) else {
                return Err(invalid(
                    file,
                    format!("jurors[{i}]"),
                    format!("no juror card {j:?} in content/jurors/"),
                ));
            };
            if raw.jurors[..i].contains(j) {
                return Err(invalid(
                    file,
                    format!("jurors[{i}]"),
                    format!("{j:?} is seated twice"),
                ));
            }
            if let Some(t) = card.topic_weights.keys().find(|t| !known_topic(t)) {
                return Err(invalid(
                    &format!("content/jurors/{j}.json"),
                    format!("topic_weights.{t}"),
                    format!("not a topic of case {id}"),
                ));
            }
        }
        for (i, e) in raw.evidence.iter().enumerate() {
            let at = format!("evidence[{i}]");
            if !is_id(&e.id) || raw.evidence[..i].iter().any(|x| x.id == e.id) {
                return Err(invalid(
                    file,
                    format!("{at}.id"),
                    format!("{:?}: a new lower-case id", e.id),
                ));
            }
            if e.title.trim().is_empty() || e.text.trim().is_empty() {
                return Err(invalid(
                    file,
                    format!("{at}.text"),
                    "a card needs a title and a text",
                ));
            }
            if e.effects.is_empty() && e.topics.is_empty() {
                return Err(invalid(
                    file,
                    format!("{at}.effects"),
                    "a card needs effects per juror or per topic",
                ));
            }
            if let Some(j) = e.effects.keys().find(|j| !jurors.contains_key(*j)) {
                return Err(invalid(
                    file,
                    format!("{at}.effects.{j}"),
                    "no such juror card",
                ));
            }
            if let Some(t) = e.topics.keys().find(|t| !known_topic(t)) {
                return Err(invalid(
                    file,
                    format!("{at}.topics.{t}"),
                    "not a topic of this case",
                ));
            }
            if e.effects
                .values()
                .chain(e.topics.values())
                .any(|v| !v.is_finite() || v.abs() > 100.0)
            {
                return Err(invalid(
                    file,
                    format!("{at}.effects"),
                    "effects are numbers in [-100, 100]",
                ));
            }
        }
        for (i, e) in raw.epilogues.iter().enumerate() {
            if !PATTERNS.contains(&e.pattern.as_str()) {
                return Err(invalid(
                    file,
                    format!("epilogues[{i}].pattern"),
                    format!("{:?}: one of {}", e.pattern, PATTERNS.join(", ")),
                ));
            }
            if e.text.trim().is_empty() {
                return Err(invalid(file, format!("epilogues[{i}].text"), "is empty"));
            }
        }
        for required in &PATTERNS[..2] {
            if !raw.epilogues.iter().any(|e| e.pattern == *required) {
                return Err(invalid(
                    file,
                    "epilogues",
                    format!("needs one for {required}"),
                ));
            }
        }
        for (i, a) in raw.arguments.iter().enumerate() {
            if !known_topic(&a.topic) {
                return Err(invalid(
                    file,
                    format!("arguments[{i}].topic"),
                    format!("{:?} is not a topic of this case", a.topic),
                ));
            }
            if text::words(&a.text) < crate::games::trial::keywords::MIN_WORDS {
                return Err(invalid(
                    file,
                    format!("arguments[{i}].text"),
                    "at least 8 words",
                ));
            }
        }
        for (juror, line) in &raw.openings {
            if !raw.jurors.contains(juror) {
                return Err(invalid(
                    file,
                    format!("openings.{juror}"),
                    "not a juror seated in this case (see `jurors`)",
                ));
            }
            if line.trim().is_empty() || line.chars().count() > 400 {
                return Err(invalid(
                    file,
                    format!("openings.{juror}"),
                    "a juror's opening is 1–400 characters",
                ));
            }
        }
        for side in [Side::Defense, Side::Prosecution] {
            if raw.arguments.iter().filter(|a| a.side == side).count() < 4 {
                return Err(invalid(
                    file,
                    "arguments",
                    format!("needs at least 4 for the {}", side.name()),
                ));
            }
        }
        Ok(Case {
            id: id.to_string(),
            title: raw.title.trim().to_string(),
            question: raw.question.trim().to_string(),
            text: raw.text.trim().to_string(),
            jurors: raw.jurors,
            topics: raw.topics,
            evidence: raw.evidence,
            epilogues: raw.epilogues,
            arguments: raw.arguments,
            openings: raw
                .openings
                .into_iter()
                .map(|(j, l)| (j, l.trim().to_string()))
                .collect(),
            lang: Lang::En,
        })
    }

    /// Checks that this case (read from `file`) is the English case `en` in another
    /// language: the same jurors, topics, cards and their effects, epilogues, arguments
    /// (side and topic, in order) and openings.
    pub fn check_translation(&self, file: &str, en: &Case) -> Result<(), ConfigError> {
        let same = |field: &str, ok: bool, want: String| {
            if ok {
                Ok(())
            } else {
                Err(invalid(
                    file,
                    field,
                    format!("must be the English case's: {want}"),
                ))
            }
        };
        same("jurors", self.jurors == en.jurors, en.jurors.join(", "))?;
        let topics = |c: &Case| c.topics.iter().map(|t| t.id.clone()).collect::<Vec<_>>();
        same("topics", topics(self) == topics(en), topics(en).join(", "))?;
        let ids = |c: &Case| c.evidence.iter().map(|e| e.id.clone()).collect::<Vec<_>>();
        same("evidence", ids(self) == ids(en), ids(en).join(", "))?;
        for (i, (a, b)) in self.evidence.iter().zip(&en.evidence).enumerate() {
            let ok = a.effects == b.effects && a.topics == b.topics;
            same(
                &format!("evidence[{i}].effects"),
                ok,
                "the same effects per juror and per topic".into(),
            )?;
        }
        let patterns = |c: &Case| {
            c.epilogues
                .iter()
                .map(|e| e.pattern.clone())
                .collect::<Vec<_>>()
        };
        same(
            "epilogues",
            patterns(self) == patterns(en),
            patterns(en).join(", "),
        )?;
        let bank = |c: &Case| {
            c.arguments
                .iter()
                .map(|a| format!("{} {}", a.side.name(), a.topic))
                .collect::<Vec<_>>()
        };
        same("arguments", bank(self) == bank(en), bank(en).join(", "))?;
        let openings = |c: &Case| c.openings.keys().cloned().collect::<Vec<_>>();
        same(
            "openings",
            openings(self) == openings(en),
            openings(en).join(", "),
        )
    }

    /// A case with nothing but its id: what a stored trial falls back on when its case
    /// has left the content (the rules are stored whole; the players have no bank).
    pub fn bare(id: &str) -> Case {
        Case {
            id: id.to_string(),
            title: id.to_string(),
            question: String::new(),
            text: String::new(),
            jurors: Vec::new(),
            topics: Vec::new(),
            evidence: Vec::new(),
            epilogues: Vec::new(),
            arguments: Vec::new(),
            openings: BTreeMap::new(),
            lang: Lang::En,
        }
    }

    pub fn topic(&self, id: &str) -> Option<&CaseTopic> {
        self.topics.iter().find(|t| t.id == id)
    }

    /// A card's effect on each of `jurors`: its own per juror, plus Σ weight × its per
    /// topic.
    pub fn card(&self, e: &Evidence, jurors: &[JurorSeat]) -> Card {
        let mut effects = BTreeMap::new();
        for j in jurors {
            let mut effect = e.effects.get(&j.id).copied().unwrap_or(0.0);
            let mut touched = e.effects.contains_key(&j.id);
            for (topic, k) in &e.topics {
                if let Some(w) = j.weights.get(topic) {
                    effect += w * k;
                    touched = true;
                }
            }
            if touched {
                effects.insert(j.id.clone(), effect);
            }
        }
        Card {
            id: e.id.clone(),
            effects,
        }
    }

    /// The epilogue for `not_guilty` votes of `total`.
    pub fn epilogue(&self, not_guilty: usize, total: usize) -> &str {
        let pattern = match (not_guilty * 2 > total, not_guilty) {
            (true, n) if n == total => "unanimous_not_guilty",
            (true, _) => "not_guilty",
            (false, 0) => "unanimous_guilty",
            (false, _) => "guilty",
        };
        let fallback = if not_guilty * 2 > total {
            "not_guilty"
        } else {
            "guilty"
        };
        self.epilogues
            .iter()
            .find(|e| e.pattern == pattern)
            .or_else(|| self.epilogues.iter().find(|e| e.pattern == fallback))
            .map_or("", |e| e.text.as_str())
    }
}
