//! Reading and writing speech text for the debate players: words and keyword matches
//! (which claims a speech touches), sentences, short extractive summaries, and fitting a
//! speech's parts within a word limit by whole sentences.

use super::forms::is_chinese;
use super::topics::{Bank, Claim};
use crate::games::debate::words;
use crate::games::lang::{is_han, Lang};

/// The lower-case words of `text` (letters and digits; apostrophes kept inside a word).
pub fn words_of(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .map(|w| w.trim_matches('\'').to_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether a text word matches a keyword word: equal, or the keyword word with a short
/// ending (`tax` → `taxes`, `automation` → `automation's`).
fn word_matches(text_word: &str, key_word: &str) -> bool {
    text_word == key_word
        || text_word.strip_suffix('s') == Some(key_word)
        || text_word.strip_suffix("es") == Some(key_word)
        || (key_word.len() >= 4
            && text_word.starts_with(key_word)
            && text_word.len() <= key_word.len() + 3)
}

/// Whether `keyword` (a word or a phrase) occurs in `words`. A Chinese keyword is found
/// inside a word: Chinese runs on without spaces, so a "word" is a clause.
pub fn mentions(words: &[String], keyword: &str) -> bool {
    if is_chinese(keyword) {
        let key = keyword.to_lowercase();
        return words.iter().any(|w| w.contains(&key));
    }
    let key = words_of(keyword);
    if key.is_empty() || key.len() > words.len() {
        return false;
    }
    words
        .windows(key.len())
        .any(|w| w.iter().zip(&key).all(|(t, k)| word_matches(t, k)))
}

/// The keywords of `claim` that `words` mention.
pub fn keywords_hit<'a>(words: &[String], claim: &'a Claim) -> Vec<&'a str> {
    claim
        .keywords
        .iter()
        .filter(|k| mentions(words, k))
        .map(String::as_str)
        .collect()
}

/// The claims of `bank` that `text` touches (one of their keywords), in bank order.
pub fn claims_in<'a>(bank: &'a Bank, text: &str) -> Vec<&'a Claim> {
    let w = words_of(text);
    bank.claims
        .iter()
        .filter(|c| !keywords_hit(&w, c).is_empty())
        .collect()
}

/// Words too common to show that an answer took up a question.
const STOP: &[&str] = &[
    "about", "above", "after", "again", "against", "being", "below", "between", "could", "does",
    "doing", "during", "every", "have", "having", "into", "just", "more", "most", "other", "ought",
    "over", "same", "should", "some", "such", "than", "that", "their", "them", "then", "there",
    "these", "they", "this", "those", "through", "under", "until", "very", "were", "what", "when",
    "where", "which", "while", "with", "would", "your", "yours", "from", "will", "because",
    "really", "your", "side", "explain", "evidence",
];

/// The words of `text` that carry content: five letters or more, not too common; in
/// Chinese, every pair of Han characters side by side; sorted, each once.
pub fn content_words(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in words_of(text) {
        if is_chinese(&w) {
            let han: Vec<char> = w.chars().collect();
            out.extend(
                han.windows(2)
                    .filter(|p| p.iter().all(|c| is_han(*c)))
                    .map(|p| p.iter().collect::<String>()),
            );
        } else if w.len() >= 5 && !STOP.contains(&w.as_str()) {
            out.push(w);
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Whether `said` (a text's content words) states `sentence`: three in five of its content
/// words, in any case and order.
pub fn states(said: &[String], sentence: &str) -> bool {
    let wanted = content_words(sentence);
    let hit = wanted.iter().filter(|w| said.contains(w)).count();
    !wanted.is_empty() && hit * 5 >= wanted.len() * 3
}

/// The claims of `bank` that `text` touches: the claim stated, two of its keywords, or one
/// of `other`'s rebuttals of it stated. One keyword alone is not enough, so that a side
/// whose keywords are common words is not heard in every speech. The judge and the
/// offline debaters read a speech the same way.
pub fn touched_claims<'a>(bank: &'a Bank, other: &Bank, text: &str) -> Vec<&'a Claim> {
    let lower = words_of(text);
    let said = content_words(text);
    bank.claims
        .iter()
        .filter(|c| {
            states(&said, &c.claim)
                || keywords_hit(&lower, c).len() >= 2
                || other.rebuttals_of(&c.id).any(|r| states(&said, &r.text))
        })
        .collect()
}

/// The sentences of `text`, each with its end mark (`.`, `!`, `?`, closing quotes; a
/// Chinese `。`, `！` or `？` ends one with no space after it).
pub fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        // A person types a speech over several lines: a line that ends without a full
        // stop, followed by one opening on a capital, ended a sentence ("… freedom to
        // choose" / "Second, …"); a line wrapped mid-sentence goes on in lower case.
        if c == '\n' {
            let next = chars[i + 1..].iter().find(|c| !c.is_whitespace());
            let open = current.trim();
            if next.is_some_and(|n| n.is_uppercase()) && !open.is_empty() && !open.ends_with(',') {
                out.push(open.to_string());
                current.clear();
                i += 1;
                continue;
            }
        }
        current.push(c);
        if matches!(c, '.' | '!' | '?' | '？' | '。' | '！') {
            while i + 1 < chars.len() && matches!(chars[i + 1], '"' | '\'' | ')' | '”' | '’') {
                i += 1;
                current.push(chars[i]);
            }
            let wide = matches!(c, '。' | '！' | '？');
            if (i + 1 >= chars.len() || chars[i + 1].is_whitespace() || wide)
                && !(c == '.' && i + 1 < chars.len() && abbreviation(&current))
            {
                let s = current.trim().to_string();
                if !s.is_empty() {
                    out.push(s);
                }
                current.clear();
            }
        }
        i += 1;
    }
    let s = current.trim().to_string();
    if !s.is_empty() {
        out.push(s);
    }
    out
}

/// Whether `text` ends with an abbreviation's full stop ("v.", "Dr.", "U.S.", "e.g."),
/// which does not end a sentence.
fn abbreviation(text: &str) -> bool {
    let last = text.split_whitespace().last().unwrap_or("");
    let bare = last.trim_start_matches(['(', '"', '\'', '“']);
    let stem = bare.trim_end_matches('.');
    matches!(
        stem.to_lowercase().as_str(),
        "v" | "vs" | "mr" | "mrs" | "ms" | "dr" | "st" | "prof" | "e.g" | "i.e" | "etc" | "no"
    ) || (stem.contains('.') && stem.chars().all(|c| c.is_uppercase() || c == '.'))
        || (stem.len() == 1 && stem.chars().all(char::is_uppercase))
}

/// A short extractive summary: the first sentence, cut to `max_words` words (an ellipsis
/// marks a cut).
pub fn summary(text: &str, max_words: usize) -> String {
    let first = sentences(text).into_iter().next().unwrap_or_default();
    if is_chinese(&first) {
        // A Han character is a word (as limits count them).
        return if first.chars().count() <= max_words {
            first
        } else {
            format!("{}…", first.chars().take(max_words).collect::<String>())
        };
    }
    let w: Vec<&str> = first.split_whitespace().collect();
    if w.len() <= max_words {
        first
    } else {
        format!("{} …", w[..max_words].join(" "))
    }
}

/// The first `n` words of `text`, ending with `end` (`.` or `?`) instead of any mark (in
/// Chinese, `。` or `？` after the first `n` characters).
pub fn cut_words(text: &str, n: u32, end: char) -> String {
    if is_chinese(text) {
        let mut s: String = text.trim().chars().take(n.max(1) as usize).collect();
        while s.ends_with(|c: char| c.is_ascii_punctuation() || "，。！？；：、".contains(c))
        {
            s.pop();
        }
        s.push(if end == '?' { '？' } else { '。' });
        return s;
    }
    let w: Vec<&str> = text.split_whitespace().take(n.max(1) as usize).collect();
    let mut s = w.join(" ");
    while s.ends_with(|c: char| c.is_ascii_punctuation()) {
        s.pop();
    }
    s.push(end);
    s
}

/// A speech's parts in reading order, each with a priority (0 first): [`Draft::fit`]
/// keeps the most important parts that fit a limit.
#[derive(Debug, Default, Clone)]
pub struct Draft {
    parts: Vec<(u8, String)>,
    /// The speech's language: its stock sentences and how sentences are joined.
    lang: Lang,
}

impl Draft {
    pub fn new() -> Draft {
        Draft::default()
    }

    /// A draft of a speech in `lang`.
    pub fn in_lang(lang: Lang) -> Draft {
        Draft {
            lang,
            ..Draft::default()
        }
    }

    /// Adds `text` at `priority`, one part per sentence, so that a speech is fitted by
    /// whole sentences.
    pub fn push(&mut self, priority: u8, text: impl Into<String>) {
        let text = text.into();
        for s in sentences(&text) {
            if !s.trim().is_empty() {
                self.parts.push((priority, s.trim().to_string()));
            }
        }
    }

    /// Adds `text` at `priority` as one part, kept or left out whole: a question quoted
    /// with the words that introduce the answer.
    pub fn push_whole(&mut self, priority: u8, text: impl Into<String>) {
        let text = text.into();
        if !text.trim().is_empty() {
            self.parts.push((priority, text.trim().to_string()));
        }
    }

    /// Puts every sentence `said` holds (already said in this debate) after all the fresh
    /// ones, to be used only when the fresh ones fall short; drops a sentence said twice in
    /// the draft itself, one of `said`'s that carries nothing (an opener or a closer said
    /// before), and one another part already says in full (a line a rejoinder answered
    /// with).
    pub fn retain_unsaid(&mut self, said: impl Fn(&str) -> bool) {
        let mut seen: Vec<String> = Vec::new();
        let mut kept = Vec::with_capacity(self.parts.len());
        let mut dropped = false;
        // Where the sentence before went: kept (0), set aside (100), or dropped (None).
        let mut before: Option<u8> = Some(0);
        for (p, t) in self.parts.drain(..) {
            let key = t.to_lowercase();
            // A sentence that leans on the one before it ("That is an unworkable line.")
            // goes where that one went.
            if leans(&t) {
                if let Some(put) = before.filter(|_| !seen.contains(&key)) {
                    seen.push(key);
                    kept.push((p.saturating_add(put), t));
                }
                continue;
            }
            // Evidence whose claim was dropped stands alone.
            let t = match unlinked(&t) {
                Some(bare) if dropped => bare,
                _ => t,
            };
            dropped = true;
            before = None;
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            if said(&t) {
                if words::count(&t) >= 12 {
                    kept.push((p.saturating_add(100), t));
                    dropped = false;
                    before = Some(100);
                }
            } else {
                kept.push((p, t));
                dropped = false;
                before = Some(0);
            }
        }
        self.parts = kept;
        let lower: Vec<String> = self.parts.iter().map(|(_, t)| t.to_lowercase()).collect();
        let mut i = 0;
        // A clash stated twice (weighed, then again as a rejoinder with the same answer)
        // is said once.
        let mut answers: Vec<String> = Vec::new();
        self.parts.retain(|(_, t)| {
            if let Some(answer) = super::forms::claim_of(t) {
                let a = answer.trim_end_matches(['.', '!']).to_lowercase();
                if a.len() > 20 && answers.contains(&a) {
                    i += 1;
                    return false;
                }
                answers.push(a);
            }
            // Evidence tied to a claim ("We know this because …") is read without its link:
            // said in full in a rejoinder, it is not said again.
            let bare = unlinked(t).unwrap_or_else(|| t.clone());
            let own = bare.trim_end_matches(['.', '!']).to_lowercase();
            let inside = lower
                .iter()
                .enumerate()
                .any(|(j, other)| j != i && other.len() > own.len() && other.contains(&own));
            i += 1;
            !inside
        });
    }

    /// Whether one of its parts says `clause` (case aside).
    pub fn mentions(&self, clause: &str) -> bool {
        let clause = clause.trim_end_matches(['.', '!', ' ']).to_lowercase();
        self.parts
            .iter()
            .any(|(_, t)| t.to_lowercase().contains(&clause))
    }

    /// Drops the sentences [`Draft::retain_unsaid`] kept only as filler (said before).
    pub fn drop_said(&mut self) {
        self.parts.retain(|(p, _)| *p < 100);
    }

    /// Drops the sentences kept only as filler (see [`Draft::drop_said`]) when the fresh
    /// ones hold at least `min` words and one part `enough` accepts: a speech says
    /// something new rather than read out again what its side already said; only with
    /// nothing new to say does it fall back on what was said.
    pub fn drop_said_if_fresh(&mut self, min: u32, enough: impl Fn(&str) -> bool) {
        let fresh = self.parts.iter().filter(|(p, _)| *p < 100);
        let words: u32 = fresh.clone().map(|(_, t)| words::count(t)).sum();
        if words >= min && fresh.clone().any(|(_, t)| enough(t)) {
            self.drop_said();
        }
    }

    /// The words of all its parts.
    pub fn words(&self) -> u32 {
        self.parts.iter().map(|(_, t)| words::count(t)).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }

    /// As many whole sentences as fit within `limit`, most important first (see
    /// [`Draft::fit`]): a speech that must use a clock uses it up to the last sentence
    /// that fits, never a sentence cut short.
    pub fn fill(&self, limit: u32, end: char) -> String {
        let mut out = self.fit(limit, end);
        // The words left over are closed with one short whole sentence, so that the last
        // word uses most of the clock (no scrap of a turn worth speaking is left) and still
        // ends on a whole sentence; never a pile of closers ("… That is our case. Done.").
        let left = limit.saturating_sub(words::count(&out));
        if left > 16 {
            // Material ran out: what is left is a clock for another speech.
            return out;
        }
        let closings = match self.lang {
            Lang::En => &CLOSINGS,
            Lang::ZhCn => &CLOSINGS_ZH,
        };
        if let Some(closing) = closings
            .iter()
            .find(|c| words::count(c) <= left && !out.contains(*c))
        {
            push_sentence(&mut out, closing);
        }
        out.trim().to_string()
    }

    /// The parts that fit within `limit` words, most important first (a part that does
    /// not fit is skipped and smaller ones still tried), joined in reading order. When not
    /// one sentence fits, a short whole sentence that does (a question when `end` is `?`).
    pub fn fit(&self, limit: u32, end: char) -> String {
        let (keep, used) = self.chosen(limit);
        if used == 0 {
            return short_sentence_in(limit, end, self.lang);
        }
        self.joined(&keep)
    }

    /// Which parts fit within `limit` words, most important first, and their words.
    fn chosen(&self, limit: u32) -> (Vec<bool>, u32) {
        let mut order: Vec<usize> = (0..self.parts.len()).collect();
        order.sort_by_key(|&i| (self.parts[i].0, i));
        let mut keep = vec![false; self.parts.len()];
        let mut used = 0u32;
        for &i in &order {
            let n = words::count(&self.parts[i].1);
            if used + n <= limit {
                keep[i] = true;
                used += n;
            }
        }
        (keep, used)
    }

    /// The kept parts in reading order.
    /// A piece of evidence whose claim is left out stands alone, not "We know this
    /// because …" after an unrelated sentence.
    fn joined(&self, keep: &[bool]) -> String {
        let mut out: Vec<String> = Vec::new();
        for (i, ((_, t), k)) in self.parts.iter().zip(keep).enumerate() {
            if !*k {
                continue;
            }
            let after_its_claim = i > 0 && keep[i - 1];
            out.push(match unlinked(t) {
                Some(bare) if !after_its_claim => bare,
                _ => t.clone(),
            });
        }
        let mut text = String::new();
        for s in &out {
            push_sentence(&mut text, s);
        }
        text
    }
}

/// Appends `sentence` to `text`: after a space, or after nothing between two Chinese
/// sentences (Chinese sets no space after its full stop).
pub fn push_sentence(text: &mut String, sentence: &str) {
    let before = text.trim_end();
    let chinese = before.ends_with(['。', '！', '？', '”']) || is_chinese(sentence.trim());
    let tight = chinese && is_chinese(before);
    if !before.is_empty() && !tight {
        text.push(' ');
    }
    text.push_str(sentence);
}

/// `text` without the link that ties it to the claim before it ("We know this because
/// …"), its first letter a capital; `None` when it has no link.
/// Whether `sentence` leans on the one before it: a short sentence opening "That is",
/// "This is", "It is" ("That is an unworkable line."), which means nothing on its own.
pub fn leans(sentence: &str) -> bool {
    let lower = sentence.trim_start().to_lowercase();
    // A conclusion ("That is why we will win.", "That is our case.") stands on its own.
    let concludes = ["that is why", "that is our", "that is where", "that is how"]
        .iter()
        .any(|h| lower.starts_with(h));
    [
        "that is ",
        "this is ",
        "it is ",
        "that was ",
        "this was ",
        "it was ",
    ]
    .iter()
    .any(|h| lower.starts_with(h))
        && !concludes
        && words::count(sentence) <= 8
}

fn unlinked(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    let f = super::forms::Forms::of(text);
    let link = f
        .links
        .iter()
        .find(|l| lower.starts_with(&format!("{}{}", l.to_lowercase(), f.gap)))?;
    let rest = text[link.len()..].trim_start();
    let mut c = rest.chars();
    let first = c.next()?;
    Some(first.to_uppercase().chain(c).collect())
}

/// Short whole sentences, one of which may close a team's last word, longest first.
const CLOSINGS: [&str; 5] = [
    "Weigh the evidence, and you will find that our case stands.",
    "That is why we will win this debate.",
    "That is where we stand today.",
    "That is our case.",
    "We rest it there.",
];

/// The same in Chinese.
const CLOSINGS_ZH: [&str; 5] = [
    "掂量一下证据，就会发现我方的立论站得住。",
    "这就是我们会赢下这场辩论的原因。",
    "这就是我们今天的立场。",
    "这就是我方的观点。",
    "我方陈述完毕。",
];

/// Whether `text` cites figures (a number: "2,500 workers", "86%"): evidence of its own.
pub fn cites_figures(text: &str) -> bool {
    text.chars().any(|c| c.is_ascii_digit())
}

/// The short whole sentences a statement falls back on (see [`short_sentence`]).
const SHORT_STATEMENTS: [&str; 4] = [
    "We rest our case on that.",
    "We rest our case.",
    "We rest.",
    "Done.",
];

/// The same in Chinese.
const SHORT_STATEMENTS_ZH: [&str; 4] = [
    "我方的立论就建立在这一点上。",
    "我方陈述完毕。",
    "完毕。",
    "完。",
];

/// Whether `text` is only one of the short sentences a speech falls back on when nothing
/// else fits ("We rest our case on that.").
pub fn is_stock(text: &str) -> bool {
    SHORT_STATEMENTS.contains(&text.trim()) || SHORT_STATEMENTS_ZH.contains(&text.trim())
}

/// A whole sentence of at most `limit` words, for a clock or limit too short for any
/// prepared sentence: a question when `end` is `?`.
pub fn short_sentence(limit: u32, end: char) -> String {
    short_sentence_in(limit, end, Lang::En)
}

/// [`short_sentence`] in `lang`.
pub fn short_sentence_in(limit: u32, end: char, lang: Lang) -> String {
    let options: &[&str] = match (end == '?', lang) {
        (true, Lang::En) => &[
            "Can you answer that directly?",
            "Can you answer that?",
            "Why?",
        ],
        (true, Lang::ZhCn) => &["请正面回答这个问题？", "能回答吗？", "为什么？"],
        (false, Lang::En) => &SHORT_STATEMENTS,
        (false, Lang::ZhCn) => &SHORT_STATEMENTS_ZH,
    };
    options
        .iter()
        .find(|o| words::count(o) <= limit.max(1))
        .unwrap_or(&options[options.len() - 1])
        .to_string()
}

mod case;
pub use case::{joined, lower_head, lower_start};

#[cfg(test)]
mod tests;
