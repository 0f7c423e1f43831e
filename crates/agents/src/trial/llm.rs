//! The trial's model calls: their prompts (`content/prompts/trial/`, and for a Chinese table
//! `content/prompts/trial/zh-CN/`, which also ask for Simplified Chinese; placeholders
//! checked at startup), their JSON schemas, and the checks a reply must pass whole before
//! anything in it is used (lengths in words as [`text::words`] counts them: a Han
//! character is one). The labeller returns topics with impacts and quotes (the rules check the
//! quotes); a juror returns words only (`{"reply"}`, `{"statement"}`), which move nothing;
//! an advocate returns its move.

use crate::config::ConfigError;
use crate::games::trial::{text, Impact, Labels, TopicLabel};
use crate::games::Lang;
use crate::llm::prompts::{PromptSet, PromptSpec};
use crate::model::{checked, object, object_schema, text_field, Checked};
use serde_json::{json, Value};
use std::path::Path;

/// The longest quote a label may carry, in characters.
pub const QUOTE_CHARS: usize = 300;
/// The most topics a labeller may list.
pub const MAX_LABELS: usize = 4;
/// A juror's words: at most this many (a reply, a statement).
pub const JUROR_WORDS: u32 = 120;
/// An advocate's message: at most this many words.
pub const ADVOCATE_WORDS: u32 = 120;

macro_rules! prompt {
    ($dir:literal, $name:literal, $($p:literal),*) => {
        PromptSpec {
            name: $name,
            builtin: include_str!(concat!("../../../../content/prompts/", $dir, "/", $name, ".md")),
            placeholders: &[$($p),*],
        }
    };
}

/// Every trial prompt file of `$dir` (under `content/prompts/`) and the placeholders it
/// may use (the same in every language).
macro_rules! specs {
    ($dir:literal) => {
        vec![
            prompt!($dir, "case", "case", "question", "topics"),
            prompt!($dir, "labeller",),
            prompt!($dir, "labeller_turn", "message"),
            prompt!(
                $dir,
                "juror",
                "name",
                "age",
                "occupation",
                "background",
                "personality",
                "style",
                "concerns",
                "reaches",
                "repels",
                "words"
            ),
            prompt!(
                $dir,
                "juror_turn",
                "player",
                "history",
                "band",
                "message",
                "heard"
            ),
            prompt!(
                $dir,
                "deliberate",
                "round",
                "heard",
                "band",
                "others",
                "words"
            ),
            prompt!($dir, "respond", "band", "speaker", "statement"),
            prompt!($dir, "advocate", "side", "verdict", "jurors"),
            prompt!(
                $dir,
                "advocate_turn",
                "transcript",
                "turns",
                "cards",
                "words",
                "valid"
            ),
        ]
    };
}

/// Every trial prompt file in `lang` and the placeholders it may use: its folder under
/// `content/prompts/` and the specs.
pub fn trial_prompt_specs(lang: Lang) -> (&'static str, Vec<PromptSpec>) {
    match lang {
        Lang::En => ("trial", specs!("trial")),
        Lang::ZhCn => ("trial/zh-CN", specs!("trial/zh-CN")),
    }
}

/// The trial prompts of `content_dir` in `lang` (built-in copies for what it lacks),
/// checked.
pub fn load_prompts(content_dir: Option<&Path>, lang: Lang) -> Result<PromptSet, ConfigError> {
    let dir = content_dir.map(|d| d.join("prompts"));
    let (folder, specs) = trial_prompt_specs(lang);
    PromptSet::load(dir.as_deref(), folder, &specs)
}

/// The labeller's schema: topics of the case, in order, with impacts and quotes.
pub fn labels_schema(topics: &[String]) -> Value {
    object_schema(json!({
        "topics": {
            "type": "array",
            "maxItems": MAX_LABELS,
            "items": object_schema(json!({
                "topic": {"enum": topics},
                "impact": {"enum": ["positive", "negative", "neutral"]},
                "quote": {"type": "string", "minLength": 1, "maxLength": QUOTE_CHARS},
            })),
        }
    }))
}

/// A labeller's reply read back whole: every label a known topic with an impact and a
/// quote (whether the quote is in the message is the rules' check, not this one).
pub fn check_labels(content: &str, topics: &[String]) -> Result<Checked<Labels>, String> {
    let obj = object(content, &["topics"])?;
    let list = obj["topics"]
        .as_array()
        .ok_or("\"topics\" must be a list")?;
    if list.len() > MAX_LABELS {
        return Err(format!("at most {MAX_LABELS} topics, not {}", list.len()));
    }
    let mut out = Vec::new();
    for (i, item) in list.iter().enumerate() {
        let t = item
            .as_object()
            .ok_or_else(|| format!("topics[{i}] must be an object"))?;
        if let Some(extra) = t
            .keys()
            .find(|k| !["topic", "impact", "quote"].contains(&k.as_str()))
        {
            return Err(format!("topics[{i}]: unexpected key \"{extra}\""));
        }
        let topic = t["topic"].as_str().unwrap_or_default();
        if !topics.iter().any(|x| x == topic) {
            return Err(format!(
                "topics[{i}]: {:?} is not a topic of the case",
                t["topic"]
            ));
        }
        let impact = t["impact"]
            .as_str()
            .and_then(Impact::parse)
            .ok_or_else(|| format!("topics[{i}]: impact must be positive, negative or neutral"))?;
        let quote = t["quote"]
            .as_str()
            .map(str::trim)
            .filter(|q| !q.is_empty() && q.chars().count() <= QUOTE_CHARS)
            .ok_or_else(|| format!("topics[{i}]: quote must be 1–{QUOTE_CHARS} characters"))?;
        out.push(TopicLabel {
            topic: topic.to_string(),
            impact,
            quote: quote.to_string(),
        });
    }
    Ok(checked(Labels {
        topics: out,
        offline: false,
    }))
}

/// A schema of one text field.
pub fn text_schema(key: &str) -> Value {
    object_schema(json!({ key: {"type": "string", "minLength": 1, "maxLength": 2000} }))
}

/// A juror's words read back: `key`'s text, within `words` and a tenth, giving no number
/// away (a juror never states a stance or a score).
pub fn check_words(content: &str, key: &str, words: u32) -> Result<Checked<String>, String> {
    let obj = object(content, &[key])?;
    let text = text_field(&obj, key)?;
    let n = text::words(&text);
    if n as f64 > words as f64 * 1.1 {
        return Err(format!(
            "{n} words, over the limit of {words}: say it again, shorter"
        ));
    }
    if text.contains(['%', '％']) || text.to_lowercase().contains("stance") || text.contains("立场")
    {
        return Err(
            "a juror never gives a number, a percentage or a stance: say it in character".into(),
        );
    }
    Ok(checked(text))
}

/// An advocate's move.
#[derive(Debug, Clone, PartialEq)]
pub enum Move {
    Say { juror: String, message: String },
    Present { card: String },
    Rest,
}

/// The advocate's schema: a move, the juror or card it names, and the message. It lists
/// every juror and every card of the case, the same all trial (which are still open is in
/// the ask's text and checked by [`check_move`]).
pub fn advocate_schema(jurors: &[String], cards: &[String]) -> Value {
    let mut card_enum: Vec<String> = cards.to_vec();
    card_enum.push(String::new());
    object_schema(json!({
        "move": {"enum": ["say", "present", "rest"]},
        "juror": {"enum": jurors},
        "card": {"enum": card_enum},
        "message": {"type": "string", "maxLength": 1500},
    }))
}

/// An advocate's reply read back: a juror with messages left, a card not yet presented, a
/// message within the limit.
pub fn check_move(
    content: &str,
    open_jurors: &[String],
    cards: &[String],
) -> Result<Checked<Move>, String> {
    let obj = object(content, &["move", "juror", "card", "message"])?;
    match obj["move"].as_str() {
        Some("rest") => Ok(checked(Move::Rest)),
        Some("present") => {
            let card = obj["card"].as_str().unwrap_or_default();
            if !cards.iter().any(|c| c == card) {
                return Err(format!(
                    "{card:?} is not a card left to present ({})",
                    cards.join(", ")
                ));
            }
            Ok(checked(Move::Present { card: card.into() }))
        }
        Some("say") => {
            let juror = obj["juror"].as_str().unwrap_or_default();
            if !open_jurors.iter().any(|j| j == juror) {
                return Err(format!(
                    "{juror:?} is not a juror you may still talk to ({})",
                    open_jurors.join(", ")
                ));
            }
            let message = text_field(&obj, "message")?;
            let n = text::words(&message) as u32;
            if n > ADVOCATE_WORDS + ADVOCATE_WORDS / 10 {
                return Err(format!("the message has {n} words, over {ADVOCATE_WORDS}"));
            }
            Ok(checked(Move::Say {
                juror: juror.into(),
                message,
            }))
        }
        _ => Err("\"move\" must be say, present or rest".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_checked_whole() {
        let topics = vec!["external_attack".to_string(), "legal_precedent".to_string()];
        let ok = json!({"topics": [{"topic": "external_attack", "impact": "positive", "quote": "it was hijacked"}]}).to_string();
        let l = check_labels(&ok, &topics).unwrap().value;
        assert_eq!(l.topics[0].impact, Impact::Positive);
        assert!(!l.offline);
        assert!(check_labels(&ok.replace("external_attack", "made_up"), &topics).is_err());
        assert!(check_labels(&ok.replace("positive", "strong"), &topics).is_err());
        assert!(check_labels(&ok.replace("it was hijacked", ""), &topics).is_err());
        assert!(check_labels("{\"topics\": []}", &topics)
            .unwrap()
            .value
            .topics
            .is_empty());
        assert!(check_labels("Sure! {\"topics\": []}", &topics).is_err());
    }

    #[test]
    fn juror_words_give_no_number_away() {
        assert!(check_words("{\"reply\": \"Go on, then.\"}", "reply", 120).is_ok());
        assert!(check_words("{\"reply\": \"My stance is now 40.\"}", "reply", 120).is_err());
        assert!(check_words("{\"reply\": \"I'm 70% there.\"}", "reply", 120).is_err());
        assert!(check_words("{\"reply\": \"我的立场变了。\"}", "reply", 120).is_err());
        assert!(check_words("{\"reply\": \"我有七成把握。\"}", "reply", 120).is_ok());
        let long = format!("{{\"reply\": \"{}\"}}", "长".repeat(200));
        assert!(
            check_words(&long, "reply", 120).is_err(),
            "a Han character is a word"
        );
        let long = format!("{{\"reply\": \"{}\"}}", "word ".repeat(200));
        assert!(check_words(&long, "reply", 120).is_err());
    }

    #[test]
    fn moves_name_what_is_left() {
        let jurors = vec!["juror_wang".to_string()];
        let cards = vec!["logs".to_string()];
        let say = json!({"move": "say", "juror": "juror_wang", "card": "", "message": "It was an attack."}).to_string();
        assert!(matches!(
            check_move(&say, &jurors, &cards).unwrap().value,
            Move::Say { .. }
        ));
        assert!(check_move(&say, &[], &cards).is_err());
        let present =
            json!({"move": "present", "juror": "juror_wang", "card": "logs", "message": ""})
                .to_string();
        assert_eq!(
            check_move(&present, &jurors, &cards).unwrap().value,
            Move::Present {
                card: "logs".into()
            }
        );
        assert!(check_move(&present, &jurors, &[]).is_err());
    }
}
