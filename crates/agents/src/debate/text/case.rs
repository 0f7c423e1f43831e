//! An English sentence set after a connector or inside another: which first words are
//! lower-cased ("Moreover, the …") and which keep their capital (a name, an acronym). A
//! Chinese sentence has no capitals and is joined as it is.

use crate::debate::forms::is_chinese;

/// Sentence starters that are lower-cased after a connector; any other first word (a name,
/// an acronym) keeps its capital.
const COMMON_STARTERS: &[&str] = &[
    "a",
    "an",
    "the",
    "this",
    "that",
    "these",
    "those",
    "it",
    "its",
    "they",
    "their",
    "we",
    "our",
    "you",
    "your",
    "he",
    "she",
    "there",
    "here",
    "because",
    "since",
    "if",
    "when",
    "while",
    "although",
    "even",
    "every",
    "each",
    "all",
    "most",
    "many",
    "some",
    "any",
    "no",
    "none",
    "one",
    "two",
    "three",
    "more",
    "less",
    "fewer",
    "much",
    "far",
    "without",
    "with",
    "by",
    "for",
    "from",
    "in",
    "on",
    "at",
    "to",
    "under",
    "over",
    "after",
    "before",
    "once",
    "only",
    "so",
    "yet",
    "but",
    "and",
    "or",
    "nor",
    "not",
    "what",
    "which",
    "who",
    "how",
    "why",
    "where",
    "whatever",
    "people",
    "children",
    "students",
    "workers",
    "families",
    "governments",
    "public",
    "private",
    "local",
    "national",
    "young",
    "older",
    "new",
    "real",
    "higher",
    "lower",
    "better",
    "simple",
    "strong",
    "unconditional",
    "targeted",
];

/// `text` after a connector ("Moreover,"): its first word lower-cased when it is a common
/// starter, a gerund or an adverb (names and acronyms keep their capitals).
pub fn joined(connector: &str, text: &str) -> String {
    if is_chinese(text) {
        return format!("{connector}{}", text.trim());
    }
    match lower_start(text) {
        Some(lowered) => format!("{connector} {lowered}").trim_start().to_string(),
        // A name or a noun we cannot safely lower-case: the sentence stands alone rather
        // than read "With respect, Security improves …".
        None if named_start(text) => format!("{connector} {text}").trim_start().to_string(),
        None => text.to_string(),
    }
}

/// `text` with its first word lower-cased, when that word is a common sentence starter (an
/// article, a pronoun, a preposition, a word in -ing or -ly); `None` otherwise.
pub fn lower_start(text: &str) -> Option<String> {
    let first = text.split_whitespace().next().unwrap_or("");
    let bare = first.trim_matches(|c: char| !c.is_alphanumeric());
    let lower = bare.to_lowercase();
    let inner_caps = bare.chars().skip(1).any(|c| c.is_uppercase());
    let common = COMMON_STARTERS.contains(&lower.as_str())
        || (lower.len() > 4 && (lower.ends_with("ing") || lower.ends_with("ly")));
    if !common || inner_caps || bare == "I" {
        return None;
    }
    Some(lower_head(text))
}

/// `text` with its first character lower-cased.
pub fn lower_head(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars
        .next()
        .map(|c| c.to_lowercase().collect())
        .unwrap_or_default();
    format!("{head}{}", chars.as_str())
}

/// Whether `text` opens with a name that keeps its capital after a connector: an acronym,
/// a possessive ("Finland's"), "I", or a word with a digit.
fn named_start(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or("");
    let bare = first.trim_matches(|c: char| !c.is_alphanumeric());
    bare == "I"
        || bare.chars().skip(1).any(char::is_uppercase)
        || first.ends_with("'s")
        || first.ends_with("’s")
        || bare.chars().any(|c| c.is_ascii_digit())
}
