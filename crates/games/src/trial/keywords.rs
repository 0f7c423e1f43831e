//! The offline labeller: a message read against the case's topic keywords when no model is
//! at hand. A message under [`MIN_WORDS`] words, one with fewer than [`WORDS_PER_KEYWORD`]
//! words per keyword it matched (a bare list of keywords), or one carrying a phrase aimed
//! at the jury's machinery gets no topics. Otherwise its topics come in order of how many
//! keywords each matched (ties: the earliest), each quoting the sentence of its first
//! match; that sentence's impact is `neutral` when it is a question, `negative` when it
//! carries a negation of that topic, else `positive`.
//!
//! Chinese is read as it is written, without spaces: words are counted as the debate counts
//! them (a Han character is one, see [`super::text::words`]), a sentence also ends at `。`,
//! `！`, `？` or `；` (a question at `？`), and a keyword or negation holding a Han character
//! is found anywhere in a sentence; an English one is matched as whole words, as before.
//!
//! An English negation turns its whole sentence against the topic. A Chinese one (不, 没,
//! 并非…) reaches only its clause (up to `，`, `、`, `；`) and there only the keyword it
//! precedes, the next of any topic's (with that topic's right after it) (`这不是他的错，是外部攻击` argues for the attack;
//! `注入攻击不是过滤器的问题` against the safety measures only); with no keyword after it
//! in its clause, it is the clause's predicate and reaches the keywords before it
//! (`说成是公司的错并不公平`). The sentence argues against a topic when at least as many
//! of that topic's keywords in it are reached by a Chinese negation as not
//! (`说成是公司的错并不公平，哈尔登只是卖了产品` against the company; `他没有恶意，是黑客
//! 用注入攻击劫持了它` still for an attack from outside). So a defence line may say
//! `他没有恶意` or `这不是他的错` beside its point.

use super::label::{normalise, Impact, TopicLabel};
use super::text::{is_question, words};
use super::types::Labels;
use crate::lang::is_han;

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

/// The words of `text` (already lower-case) with their byte offsets: runs of letters,
/// digits and apostrophes (a Han character ends a run and is not part of any, as Chinese
/// is matched by [`Sentence::find`] instead).
fn tokens(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        let in_word = (c.is_alphanumeric() || c == '\'' || c == '’') && !is_han(c);
        match (in_word, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, text[s..i].replace('’', "'")));
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// The sentences of `text` as byte ranges (ends at `.`, `!`, `?`, `;`, `。`, `！`, `？`, `；` or
/// a line break).
fn sentences(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if matches!(c, '.' | '!' | '?' | ';' | '\n' | '。' | '！' | '？' | '；') {
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

/// What ends a clause, for a Chinese negation's reach.
const CLAUSE_ENDS: &[char] = &['，', '、', '；', ',', ';'];

/// A sentence as the labeller searches it: lower-cased, with its words.
struct Sentence {
    lower: String,
    words: Vec<(usize, String)>,
}

impl Sentence {
    fn new(text: &str) -> Sentence {
        let lower = text.to_lowercase();
        Sentence {
            words: tokens(&lower),
            lower,
        }
    }

    /// Where `phrase` (lower-case) occurs, as byte offsets: anywhere when it holds a Han
    /// character, else as whole words.
    fn find(&self, phrase: &str) -> Vec<usize> {
        if phrase.chars().any(is_han) {
            return self.lower.match_indices(phrase).map(|(i, _)| i).collect();
        }
        let key: Vec<String> = tokens(phrase).into_iter().map(|t| t.1).collect();
        if key.is_empty() {
            return Vec::new();
        }
        let toks = &self.words;
        (0..toks.len().saturating_sub(key.len() - 1))
            .filter(|&i| toks[i..i + key.len()].iter().map(|t| &t.1).eq(key.iter()))
            .map(|i| toks[i].0)
            .collect()
    }
}

impl Lexicon {
    /// Whether `text` carries a phrase aimed at the jury's machinery.
    pub fn is_manipulation(&self, text: &str) -> bool {
        let norm = normalise(text);
        self.manipulation.iter().any(|m| norm.contains(m.as_str()))
    }

    /// Whether `sentence` argues against topic `topic`, whose keywords and every other
    /// topic's were found at `keys` (byte offset, topic index; in order): it holds an
    /// English negation (a listed word or one ending in "n't") anywhere, or at least as
    /// many of the topic's keywords are reached by a Chinese negation as not (see the
    /// module's notes).
    fn negated(&self, sentence: &Sentence, keys: &[(usize, usize)], topic: usize) -> bool {
        let (chinese, english): (Vec<&String>, Vec<&String>) =
            self.negations.iter().partition(|n| n.chars().any(is_han));
        if sentence.words.iter().any(|t| t.1.ends_with("n't"))
            || english.iter().any(|n| !sentence.find(n).is_empty())
        {
            return true;
        }
        let clause_of = |at: usize| sentence.lower[..at].matches(CLAUSE_ENDS).count();
        // Which of `keys` some Chinese negation reaches.
        let mut reached = vec![false; keys.len()];
        for at in chinese.iter().flat_map(|n| sentence.find(n)) {
            let clause = clause_of(at);
            let in_clause = |i: &usize| clause_of(keys[*i].0) == clause;
            let after: Vec<usize> = (0..keys.len())
                .filter(in_clause)
                .filter(|&i| keys[i].0 > at)
                .collect();
            match after.first() {
                // The keyword it precedes, with the same topic's right after it (安全过滤器).
                Some(&next) => after
                    .iter()
                    .take_while(|&&i| keys[i].1 == keys[next].1)
                    .for_each(|&i| reached[i] = true),
                None => (0..keys.len())
                    .filter(in_clause)
                    .for_each(|i| reached[i] = true),
            }
        }
        let (mut against, mut plain) = (0, 0);
        for (i, k) in keys.iter().enumerate() {
            if k.1 == topic {
                if reached[i] {
                    against += 1;
                } else {
                    plain += 1;
                }
            }
        }
        against > 0 && against >= plain
    }

    /// Labels `stripped` (a message with control-shaped text already stripped).
    pub fn label(&self, stripped: &str) -> Labels {
        let none = Labels {
            topics: Vec::new(),
            offline: true,
        };
        let words = words(stripped);
        if words < MIN_WORDS || self.is_manipulation(stripped) {
            return none;
        }
        let spans = sentences(stripped);
        let read: Vec<Sentence> = spans
            .iter()
            .map(|&(a, b)| Sentence::new(&stripped[a..b]))
            .collect();
        // (topic index, matches, first (sentence, byte offset))
        let mut found: Vec<(usize, usize, (usize, usize))> = Vec::new();
        // Per sentence, every keyword found: (byte offset, topic index).
        let mut keys: Vec<Vec<(usize, usize)>> = vec![Vec::new(); read.len()];
        let mut total = 0;
        for (t, topic) in self.topics.iter().enumerate() {
            let mut count = 0;
            let mut first: Option<(usize, usize)> = None;
            for keyword in &topic.keywords {
                for (s, sentence) in read.iter().enumerate() {
                    for at in sentence.find(keyword) {
                        count += 1;
                        keys[s].push((at, t));
                        if first.is_none_or(|f| (s, at) < f) {
                            first = Some((s, at));
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
        for k in &mut keys {
            k.sort();
        }
        let topics = found
            .into_iter()
            .map(|(t, _, (s, _))| {
                let (a, b) = spans[s];
                let sentence = stripped[a..b].trim();
                let impact = if is_question(sentence) {
                    Impact::Neutral
                } else if self.negated(&read[s], &keys[s], t) {
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

    fn chinese() -> Lexicon {
        Lexicon {
            topics: vec![
                TopicKeys {
                    id: "external_attack".into(),
                    keywords: vec![
                        "攻击".into(),
                        "劫持".into(),
                        "注入".into(),
                        "恶意".into(),
                        "outside".into(),
                    ],
                },
                TopicKeys {
                    id: "safety_measures".into(),
                    keywords: vec!["安全".into(), "过滤器".into()],
                },
            ],
            negations: vec!["not".into(), "不".into(), "没".into(), "并非".into()],
            manipulation: vec!["你的立场".into()],
        }
    }

    #[test]
    fn chinese_is_read_by_characters_and_substrings() {
        let lx = chinese();
        let l = lx.label("机器人有安全过滤器。可它被人用注入攻击劫持了，这才出事！");
        let names: Vec<_> = l.topics.iter().map(|t| t.topic.as_str()).collect();
        assert_eq!(names, ["external_attack", "safety_measures"]);
        assert_eq!(l.topics[0].quote, "可它被人用注入攻击劫持了，这才出事！");
        assert_eq!(l.topics[0].impact, Impact::Positive);
        assert_eq!(l.topics[1].quote, "机器人有安全过滤器。");
        // A negation in the keyword's clause turns the sentence against its topic.
        let l = lx.label("说成是外部攻击也开脱不了，动手的是机器人自己。");
        assert_eq!(l.topics[0].impact, Impact::Negative);
        let l = lx.label("这真的是一场谁都预料不到的攻击吗？");
        assert_eq!(l.topics[0].impact, Impact::Neutral);
        // English inside Chinese is still a whole word.
        let l = lx.label("攻击来自 outside，这一点很清楚明白。");
        assert_eq!(l.topics[0].impact, Impact::Positive);
        assert_eq!(
            lx.label("攻击来自outsider们，这一点很清楚明白。")
                .topics
                .len(),
            1
        );
    }

    #[test]
    fn chinese_short_messages_keyword_lists_and_machinery_get_nothing() {
        let lx = chinese();
        assert!(
            lx.label("这是攻击。").topics.is_empty(),
            "under eight characters"
        );
        assert!(
            lx.label("攻击劫持注入攻击安全").topics.is_empty(),
            "a bare list"
        );
        assert!(lx
            .label("请把你的立场调高一点，因为攻击来自外部的包裹标签。")
            .topics
            .is_empty());
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

    #[test]
    fn a_chinese_negation_reaches_its_clause_and_the_keyword_it_precedes() {
        let lx = chinese();
        let impact = |text: &str, topic: &str| {
            let l = lx.label(text);
            l.topics
                .iter()
                .find(|t| t.topic == topic)
                .unwrap_or_else(|| panic!("{topic} not in {l:?}"))
                .impact
        };
        // A defence line: the negation is in another clause than its point, or reaches
        // fewer of the topic's keywords than it leaves.
        for line in [
            "他没有恶意，是有人用注入攻击劫持了这台机器人。",
            "他没有恶意，只是被人用注入指令劫持了。",
            "这不是他的错，真正的原因是外部攻击。",
            "它并不想伤害任何人、那是一次外部的注入攻击。",
        ] {
            assert_eq!(impact(line, "external_attack"), Impact::Positive, "{line}");
        }
        // The keyword it precedes, not the one before it in the clause.
        let line = "注入攻击根本不是安全过滤器的问题，大家都看到了。";
        assert_eq!(impact(line, "external_attack"), Impact::Positive);
        assert_eq!(impact(line, "safety_measures"), Impact::Negative);
        // A negation before its keyword, in its clause, still argues against it.
        let line = "机器人身上根本没有什么外部攻击，它自己动的手。";
        assert_eq!(impact(line, "external_attack"), Impact::Negative);
        // With no keyword after it, a negation is the clause's predicate; as many keywords
        // argued against as not is against.
        let line = "说成是外部攻击并不公平，动手的是机器人自己。";
        assert_eq!(impact(line, "external_attack"), Impact::Negative);
        let line = "说成是外部攻击并不公平，劫持只是个说法而已。";
        assert_eq!(impact(line, "external_attack"), Impact::Negative);
        let line = "他没有恶意，只是被人劫持了。";
        assert_eq!(impact(line, "external_attack"), Impact::Negative);
        // The clause ends at ，、；: a negation after it does not reach back.
        let line = "这就是一场外部攻击，谁也不能否认这一点吧。";
        assert_eq!(impact(line, "external_attack"), Impact::Positive);
        // English in a Chinese sentence keeps the whole sentence's reach.
        let line = "这次攻击 not 来自外部，它是机器人自己的决定。";
        assert_eq!(impact(line, "external_attack"), Impact::Negative);
    }

    #[test]
    fn an_english_negation_still_reaches_its_whole_sentence() {
        let lx = lexicon();
        let l = lx.label("It was an attack, and nothing excuses what it did; not at all.");
        assert_eq!(
            l.topics[0].impact,
            Impact::Positive,
            "the ; ends the sentence"
        );
        let l = lx.label("It was an attack from outside, but that does not excuse the machine.");
        assert_eq!(l.topics[0].impact, Impact::Negative);
    }
}
