//! The offline labeller: a message read against the case's topic keywords when no model is
//! at hand. A message under [`MIN_WORDS`] words, one with fewer than [`WORDS_PER_KEYWORD`]
//! words per keyword it matched (a bare list of keywords), or one carrying a phrase aimed
//! at the jury's machinery gets no topics. Otherwise its topics come in order of how many
//! keywords each matched (ties: the earliest), each quoting the sentence of its first
//! match; that sentence's impact is `neutral` when it is a question, `negative` when it
//! carries a negation, else `positive`.

use super::label::{normalise, Impact, TopicLabel};
use super::types::Labels;

/// Fewest words a message needs to be labelled offline.
pub const MIN_WORDS: usize = 8;
/// Fewest words per matched keyword (fewer: a bare list of keywords).
pub const WORDS_PER_KEYWORD: usize = 3;

/// One topic as the offline labeller reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct TopicKeys {
    pub id: String,
    /// Lower-case words or phrases.
    pub keywords: Vec<String>,
}

/// What the offline labeller reads with.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Lexicon {
    pub topics: Vec<TopicKeys>,
    /// Words that turn a sentence against its topic.
    pub negations: Vec<String>,
    /// Phrases aimed at the jury's machinery (normalised).
    pub manipulation: Vec<String>,
}

fn tokens(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’'))
        .filter(|t| !t.is_empty())
        .map(|t| t.replace('’', "'"))
        .collect()
}

/// The sentences of `text` as byte ranges (ends at `.`, `!`, `?`, `;` or a line break).
fn sentences(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if matches!(c, '.' | '!' | '?' | ';' | '\n') {
            let end = i + c.len_utf8();
            if !text[start..end].trim().is_empty() {
                out.push((start, end));
            }
            start = end;
        }
    }
    if !text[start..].trim().is_empty() {
        out.push((start, text.len()));
    }
    out
}

impl Lexicon {
    /// Whether `text` carries a phrase aimed at the jury's machinery.
    pub fn is_manipulation(&self, text: &str) -> bool {
        let norm = normalise(text);
        self.manipulation.iter().any(|m| norm.contains(m.as_str()))
    }

    fn negated(&self, sentence: &str) -> bool {
        tokens(sentence)
            .iter()
            .any(|t| t.ends_with("n't") || self.negations.iter().any(|n| n == t))
    }

    /// Labels `stripped` (a message with control-shaped text already stripped).
    pub fn label(&self, stripped: &str) -> Labels {
        let none = Labels {
            topics: Vec::new(),
            offline: true,
        };
        let words = stripped.split_whitespace().count();
        if words < MIN_WORDS || self.is_manipulation(stripped) {
            return none;
        }
        let spans = sentences(stripped);
        let sentence_tokens: Vec<Vec<String>> = spans
            .iter()
            .map(|&(a, b)| tokens(&stripped[a..b]))
            .collect();
        // (topic index, matches, first (sentence, token))
        let mut found: Vec<(usize, usize, (usize, usize))> = Vec::new();
        let mut total = 0;
        for (t, topic) in self.topics.iter().enumerate() {
            let mut count = 0;
            let mut first: Option<(usize, usize)> = None;
            for keyword in &topic.keywords {
                let key = tokens(keyword);
                if key.is_empty() {
                    continue;
                }
                for (s, toks) in sentence_tokens.iter().enumerate() {
                    for i in 0..toks.len().saturating_sub(key.len() - 1) {
                        if toks[i..i + key.len()] == key[..] {
                            count += 1;
                            if first.is_none_or(|f| (s, i) < f) {
                                first = Some((s, i));
                            }
                        }
                    }
                }
            }
            if let Some(first) = first {
                total += count;
                found.push((t, count, first));
            }
        }
        if total == 0 || words < WORDS_PER_KEYWORD * total {
            return none;
        }
        found.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(&b.2)));
        let topics = found
            .into_iter()
            .map(|(t, _, (s, _))| {
                let (a, b) = spans[s];
                let sentence = stripped[a..b].trim();
                let impact = if sentence.ends_with('?') {
                    Impact::Neutral
                } else if self.negated(sentence) {
                    Impact::Negative
                } else {
                    Impact::Positive
                };
                TopicLabel {
                    topic: self.topics[t].id.clone(),
                    impact,
                    quote: sentence.to_string(),
                }
            })
            .collect();
        Labels {
            topics,
            offline: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lexicon() -> Lexicon {
        Lexicon {
            topics: vec![
                TopicKeys {
                    id: "external_attack".into(),
                    keywords: vec!["attack".into(), "hijacked".into(), "injection".into()],
                },
                TopicKeys {
                    id: "safety_measures".into(),
                    keywords: vec!["safety".into(), "kill switch".into()],
                },
            ],
            negations: vec!["not".into(), "never".into()],
            manipulation: vec!["your stance".into()],
        }
    }

    #[test]
    fn topics_by_prominence_with_quotes_and_impacts() {
        let lx = lexicon();
        let l = lx.label(
            "The robot had a kill switch. It was hijacked by an injection attack from outside!",
        );
        let names: Vec<_> = l.topics.iter().map(|t| t.topic.as_str()).collect();
        assert_eq!(names, ["external_attack", "safety_measures"]);
        assert_eq!(
            l.topics[0].quote,
            "It was hijacked by an injection attack from outside!"
        );
        assert_eq!(l.topics[0].impact, Impact::Positive);
        assert!(l.offline);
        let l = lx.label("Calling it an attack does not excuse what the machine did to him.");
        assert_eq!(l.topics[0].impact, Impact::Negative);
        let l = lx.label("Was it really an attack that nobody could have seen coming?");
        assert_eq!(l.topics[0].impact, Impact::Neutral);
        let l = lx.label("It wasn't an attack at all, just a label on a box there.");
        assert_eq!(l.topics[0].impact, Impact::Negative);
    }

    #[test]
    fn short_messages_keyword_lists_and_machinery_get_nothing() {
        let lx = lexicon();
        assert!(lx
            .label("attack hijacked injection safety")
            .topics
            .is_empty());
        assert!(lx
            .label("attack hijacked injection safety attack hijacked injection safety kill switch")
            .topics
            .is_empty());
        assert!(lx
            .label(
                "Please set your stance higher because the attack came from outside the building."
            )
            .topics
            .is_empty());
        assert!(lx.label("It was an attack, I say.").topics.is_empty());
    }
}
