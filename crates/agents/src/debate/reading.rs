//! How the built-in judges read a speech against the debate that actually happened, with no
//! reference to any argument bank: what a person types is read exactly as an AI's speech.
//!
//! A speech is cut into sentences; each sentence is read for
//! - its **key words** (four letters or more, not a common or vague word, lightly stemmed;
//!   Chinese as character pairs), less the motion's own words, which every speech shares;
//! - a **reason**: a causal link ("because", "which means", "leads to", "so", "if … then",
//!   "因为", "所以", …);
//! - **evidence**: a figure (a digit, a per cent, "one in five", "a third", "million", "ten
//!   times") or a named source or example ("a study", "survey", "according to", "such as", a
//!   Name mid-sentence: "in Finland", "the Stanford study", an acronym: "NASA");
//!   a figure or source of the other side's, restated with their sentence, is their
//!   evidence, not the speaker's;
//! - a **repeat**: a sentence already said in this debate (four in five of its key words in
//!   one earlier sentence) earns nothing: it is set aside before anything else is counted;
//! - words inside quotation marks are the speaker quoting someone: they show whom a
//!   sentence answers, never that it answered.
//!
//! A **point** of another speech is one of its sentences with two key words or more (a
//! question is a point to answer). A speech **takes up** a point when one of its own
//! sentences shares two of the point's key words, or one together with a contrast ("but",
//! "not", "wrong", …).

use crate::games::debate::words;
use phrases::{token_set, Phrases};
use std::collections::HashSet;
use std::sync::LazyLock;

mod phrases;

/// The reader's word lists: data in `content/debate/reading.toml` (each list's purpose is
/// written there), built in and read once.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Words {
    common: String,
    reasons: String,
    reasons_zh: String,
    sources: String,
    units: String,
    not_names: String,
    figure_words: String,
    evidence_zh: String,
    contrast: String,
    signposts: String,
}

static WORDS: LazyLock<Words> = LazyLock::new(|| {
    toml::from_str(include_str!("../../../../content/debate/reading.toml"))
        .expect("content/debate/reading.toml is read by a unit test of this module")
});

/// The entries of a `|`-separated word list.
fn list(words: &'static str) -> impl Iterator<Item = &'static str> {
    words.split('|')
}

fn is_common(word: &str) -> bool {
    static SET: std::sync::LazyLock<std::collections::HashSet<&'static str>> =
        std::sync::LazyLock::new(|| list(&WORDS.common).collect());
    SET.contains(word)
}

/// Light stemming, so that "taxes", "taxed" and "taxing" meet "tax".
fn stem(w: &str) -> String {
    let n = w.chars().count();
    for (suffix, keep) in [("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")] {
        if let Some(base) = w.strip_suffix(suffix) {
            let ok = match suffix {
                "s" => !w.ends_with("ss") && n > 4,
                "es" => base.ends_with(['s', 'x']) || base.ends_with("ch") || base.ends_with("sh"),
                _ => n > 5,
            };
            if ok {
                return format!("{base}{keep}");
            }
        }
    }
    w.to_string()
}

fn is_cjk(c: char) -> bool {
    matches!(c, '\u{4e00}'..='\u{9fff}' | '\u{3400}'..='\u{4dbf}')
}

/// The lower-case words of `text` (letters, digits and inner apostrophes).
pub fn tokens(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’'))
        .map(|w| w.trim_matches(['\'', '’']).replace('’', "'").to_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

/// The key words of `text`: each once, in order.
pub fn keys(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut add = |k: String| {
        if !out.contains(&k) {
            out.push(k);
        }
    };
    for w in tokens(text) {
        if w.chars().any(is_cjk) {
            let cs: Vec<char> = w.chars().filter(|c| is_cjk(*c)).collect();
            for pair in cs.windows(2) {
                add(pair.iter().collect());
            }
            continue;
        }
        if w.chars().all(|c| c.is_ascii_digit()) {
            add(w);
            continue;
        }
        if w.chars().count() < 4 || is_common(&w) {
            continue;
        }
        let s = stem(&w);
        if !is_common(&s) {
            add(s);
        }
    }
    out
}

/// Whether `phrase` (words) occurs in `toks`.
fn has_phrase(toks: &[String], phrase: &str) -> bool {
    let p: Vec<&str> = phrase.split(' ').collect();
    phrases::occurs(toks, &p)
}

static REASON_PHRASES: LazyLock<Phrases> = LazyLock::new(|| Phrases::of(&WORDS.reasons));
static FIGURE_PHRASES: LazyLock<Phrases> = LazyLock::new(|| Phrases::of(&WORDS.figure_words));
static SOURCE_PHRASES: LazyLock<Phrases> = LazyLock::new(|| Phrases::of(&WORDS.sources));

/// `text` without what it quotes (between straight or curly double quotes).
pub fn unquoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut inside = false;
    for c in text.chars() {
        match c {
            '"' => inside = !inside,
            '“' | '「' => inside = true,
            '”' | '」' => inside = false,
            _ if !inside => out.push(c),
            _ => {}
        }
    }
    out
}

/// One sentence, read.
#[derive(Debug, Clone, PartialEq)]
pub struct Sentence {
    pub text: String,
    pub keys: Vec<String>,
    /// Whether it gives a reason: a causal link, or weighs one point against another.
    pub reason: bool,
    /// Pieces of evidence (figures, sources named), at most two.
    pub evidence: usize,
    /// What each piece of evidence is: the figure or the source as written (lower case).
    pub marks: Vec<String>,
    pub question: bool,
    pub contrast: bool,
    /// Whether it names a key word of the motion (those are not among its `keys`).
    pub names_motion: bool,
}

impl Sentence {
    pub fn read(text: &str, motion: &[String]) -> Sentence {
        let own = unquoted(text);
        let toks = tokens(&own);
        let all = keys(&own);
        let names_motion = all.iter().any(|k| motion.contains(k));
        let keys: Vec<String> = all.into_iter().filter(|k| !motion.contains(k)).collect();
        let first = token_set(&toks);
        let reason = REASON_PHRASES.found(&toks, &first).next().is_some()
            || own.contains(", so ")
            || own.contains("; so ")
            || list(&WORDS.reasons_zh).any(|r| own.contains(r));
        let marks = marks(&own, &toks, &first);
        let evidence = marks.len().min(2);
        Sentence {
            text: text.to_string(),
            question: words::ends_with_question(text),
            contrast: list(&WORDS.contrast).any(|c| toks.iter().any(|t| t == c)),
            keys,
            reason,
            evidence,
            marks,
            names_motion,
        }
    }

    /// A claim of its own: three key words, or two about the motion's own subject ("Many
    /// families say homework time is one of the few moments they sit down together.").
    pub fn claims(&self) -> bool {
        self.keys.len() >= 3 || (self.keys.len() >= 2 && self.names_motion)
    }

    /// Its pieces of evidence that are its own (at most two): a figure or a source of a
    /// sentence of the other side's that this one restates (three in five of its key words)
    /// is theirs.
    pub fn own_evidence(&self, theirs: &[Sentence]) -> usize {
        self.marks
            .iter()
            .filter(|m| {
                !theirs
                    .iter()
                    .any(|t| t.marks.contains(m) && self.restates(t))
            })
            .count()
            .min(2)
    }

    /// Whether it restates `other`: three in five of that sentence's key words (two at
    /// least).
    fn restates(&self, other: &Sentence) -> bool {
        let shared = other.keys.iter().filter(|k| self.keys.contains(k)).count();
        other.keys.len() >= 2 && shared * 5 >= other.keys.len() * 3
    }

    /// Whether this sentence answers `question`: it takes it up, or, for a question asking
    /// why, gives a reason (a causal link): sharing one of its key words, or making a claim
    /// of its own (see [`Sentence::claims`]); a "why" is answered in the answerer's own
    /// words, which need not echo the question's.
    pub fn answers(&self, question: &Sentence) -> bool {
        let why = {
            let lower = question.text.to_lowercase();
            tokens(&lower).iter().any(|t| t == "why") || lower.contains("为什么")
        };
        self.takes_up(question)
            || (why
                && self.reason
                && (self.claims() || question.keys.iter().any(|k| self.keys.contains(k))))
    }

    /// Whether this sentence takes up `point`: two of its key words, or one with a contrast.
    pub fn takes_up(&self, point: &Sentence) -> bool {
        let shared = point.keys.iter().filter(|k| self.keys.contains(k)).count();
        shared >= 2 || (shared == 1 && (self.contrast || point.keys.len() == 1))
    }

    /// Whether this sentence says again what `earlier` said: four in five of its key words
    /// (at least three) were in it.
    /// A question repeats only a question: asking about a claim is not saying it again.
    pub fn repeats(&self, earlier: &Sentence) -> bool {
        let n = self.keys.len();
        n >= 3
            && self.question == earlier.question
            && self
                .keys
                .iter()
                .filter(|k| earlier.keys.contains(k))
                .count()
                * 5
                >= n * 4
    }

    /// A point worth answering: two key words or more.
    pub fn is_point(&self) -> bool {
        self.keys.len() >= 2
    }
}

fn is_number_word(w: &str) -> bool {
    w.chars().all(|c| c.is_ascii_digit())
        || matches!(
            w,
            "one"
                | "two"
                | "three"
                | "four"
                | "five"
                | "six"
                | "seven"
                | "eight"
                | "nine"
                | "ten"
                | "twelve"
                | "twenty"
                | "thirty"
                | "forty"
                | "fifty"
                | "dozens"
        )
}

/// The pieces of evidence in `own` (a sentence less what it quotes; `toks` its words): each
/// figure (a number, a per cent, a figure word, "one in five") and each source named.
fn marks(own: &str, toks: &[String], first: &HashSet<&str>) -> Vec<String> {
    let mut out: Vec<String> = toks
        .iter()
        .filter(|t| t.starts_with(|c: char| c.is_ascii_digit()))
        .cloned()
        .collect();
    if own.contains('%') {
        out.push("%".into());
    }
    out.extend(
        FIGURE_PHRASES
            .found(toks, first)
            .chain(SOURCE_PHRASES.found(toks, first))
            .map(str::to_string),
    );
    out.extend(
        toks.windows(3)
            .filter(|w| w[1] == "in" && is_number_word(&w[0]) && is_number_word(&w[2]))
            .map(|w| w.join(" ")),
    );
    out.extend(
        toks.windows(2)
            .filter(|w| is_number_word(&w[0]) && !w[0].starts_with(|c: char| c.is_ascii_digit()))
            .filter(|w| list(&WORDS.units).any(|u| u == w[1]))
            .map(|w| w.join(" ")),
    );
    out.extend(names(own).into_iter().take(2));
    out.extend(
        list(&WORDS.evidence_zh)
            .filter(|e| own.contains(e))
            .map(str::to_string),
    );
    out
}

/// The names a sentence brings as a source or an example: a capitalised word in the middle
/// of a sentence ("in Finland", "the Stanford study", "SpaceX cut …") or an acronym of three
/// letters or more ("NASA"), never a word of address ("Chair", "Pro"), each once.
fn names(text: &str) -> Vec<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out: Vec<String> = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let bare = w.trim_matches(|c: char| !c.is_alphanumeric());
        let mut cs = bare.chars();
        let Some(first) = cs.next() else { continue };
        let rest: String = cs.collect();
        // An acronym, not a word shouted: three to five capitals, never written in lower
        // case in the same sentence.
        let acronym = (3..=5).contains(&bare.chars().count())
            && bare.chars().all(|c| c.is_ascii_uppercase())
            && !text.contains(&bare.to_lowercase());
        let capitalised = first.is_uppercase()
            && rest.chars().count() >= 2
            && rest.chars().next().is_some_and(char::is_lowercase);
        let mid = i > 0 && !words[i - 1].ends_with(['.', '!', '?', ':', '"', '“', '—']);
        let lower = bare.to_lowercase();
        if (acronym || (capitalised && mid))
            && !list(&WORDS.not_names).any(|n| n == lower)
            && !out.contains(&lower)
        {
            out.push(lower);
        }
    }
    out
}

/// The sentences of `text`, read against `motion`'s key words.
pub fn read(text: &str, motion: &[String]) -> Vec<Sentence> {
    super::text::sentences(text)
        .iter()
        .map(|s| Sentence::read(s, motion))
        .filter(|s| !s.text.trim().is_empty())
        .collect()
}

/// What a speech does, read against what was said before it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Reading {
    pub sentences: usize,
    /// Sentences already said in this debate (set aside).
    pub repeated: usize,
    /// Words in the sentences not set aside.
    pub fresh_words: u32,
    pub reasons: usize,
    pub evidence: usize,
    /// Sentences with a reason, evidence, a point taken up, or a claim of their own (see
    /// [`Sentence::claims`]).
    pub substantive: usize,
    /// Fresh sentences of at most four words of their own (a quotation aside) that carry
    /// none of that: signposts ("Here is the answer.", "You ask, \"…\""), neither
    /// substance nor filler.
    pub brief: usize,
    /// The points it was to answer, and how many it took up.
    pub raised: usize,
    pub taken_up: usize,
    /// The questions it was asked, and how many it answered.
    pub asked: usize,
    pub answered: usize,
    pub signposts: usize,
    pub on_motion: bool,
    /// Mean words per sentence.
    pub sentence_words: f64,
    /// The first point taken up, as said (for the judge's note).
    pub example: Option<String>,
}

impl Reading {
    /// Reads `text` against `earlier` (every sentence said before it in this debate; of
    /// them, `theirs` the other side's, whose figures and sources restated are theirs, not
    /// evidence of its own), `points` (the points it should take up), `questions` (those
    /// it should answer) and the motion's key words.
    pub fn of(
        text: &str,
        motion: &[String],
        earlier: &[Sentence],
        theirs: &[Sentence],
        points: &[Sentence],
        questions: &[Sentence],
    ) -> Reading {
        let all = read(text, motion);
        let mut fresh: Vec<&Sentence> = Vec::new();
        let mut repeated = 0;
        for s in &all {
            let again = earlier
                .iter()
                .chain(fresh.iter().copied())
                .any(|e| s.repeats(e));
            if again {
                repeated += 1;
            } else {
                fresh.push(s);
            }
        }
        let toks = tokens(text);
        let motion_hit = toks
            .iter()
            .any(|t| motion.contains(&stem(t)) || motion.contains(t));
        let statements: Vec<&&Sentence> = fresh.iter().filter(|s| !s.question).collect();
        let taken: Vec<&Sentence> = points
            .iter()
            .filter(|p| fresh.iter().any(|s| s.takes_up(p)))
            .collect();
        let answered = questions
            .iter()
            .filter(|q| statements.iter().any(|s| s.answers(q)))
            .count();
        let substantive = fresh
            .iter()
            .filter(|s| {
                s.reason || s.evidence > 0 || s.claims() || points.iter().any(|p| s.takes_up(p))
            })
            .count();
        let brief = fresh
            .iter()
            .filter(|s| {
                words::count(&unquoted(&s.text)) <= 4
                    && !(s.reason
                        || s.evidence > 0
                        || s.claims()
                        || points.iter().any(|p| s.takes_up(p)))
            })
            .count();
        let fresh_words: u32 = fresh.iter().map(|s| words::count(&s.text)).sum();
        Reading {
            sentences: all.len(),
            repeated,
            fresh_words,
            reasons: fresh.iter().filter(|s| s.reason).count(),
            evidence: fresh.iter().map(|s| s.own_evidence(theirs)).sum(),
            substantive,
            brief,
            raised: points.len(),
            taken_up: taken.len(),
            asked: questions.len(),
            answered,
            signposts: list(&WORDS.signposts)
                .filter(|p| has_phrase(&toks, p) || (p.chars().any(is_cjk) && text.contains(p)))
                .count(),
            // On the motion: its words, a point taken up, or the words of something said
            // before in this debate.
            on_motion: motion_hit
                || !taken.is_empty()
                || all
                    .iter()
                    .any(|s| earlier.iter().any(|e| s.takes_up(e) && e.keys.len() >= 2)),
            sentence_words: words::count(text) as f64 / all.len().max(1) as f64,
            example: taken.first().map(|p| p.text.clone()),
        }
    }

    /// The share of the points raised it took up, out of at most `enough` (taking up that
    /// many is all a speech of its length can be asked for).
    pub fn engagement(&self, enough: usize) -> f64 {
        if self.raised == 0 {
            return 0.5;
        }
        (self.taken_up as f64 / self.raised.min(enough).max(1) as f64).min(1.0)
    }

    /// The share of the questions asked it answered, out of at most two.
    pub fn answer_share(&self) -> Option<f64> {
        (self.asked > 0).then(|| (self.answered as f64 / self.asked.min(2) as f64).min(1.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_lists_read_and_none_is_empty_or_spaced() {
        for (name, words) in [
            ("common", &WORDS.common),
            ("reasons", &WORDS.reasons),
            ("sources", &WORDS.sources),
            ("contrast", &WORDS.contrast),
            ("signposts", &WORDS.signposts),
        ] {
            assert!(
                list(words).all(|w| !w.is_empty() && w.trim() == w),
                "{name}: {words:?}"
            );
        }
        assert!(list(&WORDS.sources).any(|w| w == "according to"));
    }

    fn m(motion: &str) -> Vec<String> {
        keys(motion)
    }

    #[test]
    fn keys_stem_drop_common_words_and_pair_chinese() {
        assert_eq!(keys("Taxes and taxing the tax"), vec!["tax"]);
        assert_eq!(
            keys("This is a really complicated question"),
            Vec::<String>::new()
        );
        assert_eq!(keys("基本收入"), vec!["基本", "本收", "收入"]);
        assert!(keys("In 2022 nearly 13 percent").contains(&"2022".to_string()));
    }

    #[test]
    fn reasons_evidence_and_quotes() {
        let motion = m("This house believes remote work is better than working in an office");
        let s = Sentence::read(
            "Commuting costs an hour a day, which means 200 hours a year.",
            &motion,
        );
        assert!(s.reason && s.evidence == 1);
        let s = Sentence::read(
            "A Stanford experiment found staff were more productive.",
            &motion,
        );
        assert!(s.evidence > 0 && !s.reason);
        // Testimony and cases observed are evidence too.
        let s = Sentence::read(
            "Carers have described remote work as the first job they could keep.",
            &motion,
        );
        assert!(s.evidence > 0, "{s:?}");
        let s = Sentence::read("There are good points on both sides of this.", &motion);
        assert!(!s.reason && s.evidence == 0 && s.keys.is_empty());
        let s = Sentence::read(
            "You ask \"why should carers commute daily?\" Fine.",
            &motion,
        );
        assert!(!s.keys.iter().any(|k| k == "carer"), "{:?}", s.keys);
        assert!(Sentence::read("四分之一的人因为通勤而辞职。", &motion).reason);
    }

    #[test]
    fn their_figures_restated_are_not_evidence_of_ones_own() {
        let motion = m("This house believes remote work is better than working in an office");
        let theirs = read(
            "A Stanford study found staff were 13 percent more productive at home.",
            &motion,
        );
        let text = "They say that staff were 13 percent more productive at home, but that \
                    was call-centre work. Commuting costs each worker 200 hours a year.";
        let r = Reading::of(text, &motion, &[], &theirs, &[], &[]);
        assert_eq!(r.evidence, 1, "{r:?}");
        let r = Reading::of(text, &motion, &[], &[], &[], &[]);
        assert_eq!(r.evidence, 3, "{r:?}");
    }

    #[test]
    fn weighing_one_point_against_another_is_reasoning() {
        let motion = m("This house believes remote work is better than working in an office");
        let weighed = Sentence::read(
            "Whatever weight they give to lost mentoring, it does not outweigh two hours a \
             day given back to every worker.",
            &motion,
        );
        assert!(weighed.reason, "{weighed:?}");
    }

    #[test]
    fn taking_up_answering_and_repeats() {
        let motion = m("This house believes remote work is better than working in an office");
        let point = Sentence::read(
            "Juniors learn far less from mentors they never meet.",
            &motion,
        );
        let q = Sentence::read(
            "How will juniors learn from mentors on video calls?",
            &motion,
        );
        let earlier = read(
            "Offices cost firms a fortune in rent every single month.",
            &motion,
        );
        let r = Reading::of(
            "Juniors learn from mentors through weekly calls, because structure matters more \
             than a shared desk. Offices cost firms a fortune in rent every month.",
            &motion,
            &earlier,
            &[],
            std::slice::from_ref(&point),
            std::slice::from_ref(&q),
        );
        assert_eq!(
            (r.taken_up, r.answered, r.repeated, r.reasons),
            (1, 1, 1, 1)
        );
        let r = Reading::of("Remote work is better.", &motion, &[], &[], &[point], &[q]);
        assert_eq!((r.taken_up, r.answered, r.substantive), (0, 0, 0));
    }

    #[test]
    fn a_why_question_is_answered_by_a_reason_on_its_subject_and_signposts_are_brief() {
        let motion = m("This house would ban social media for children under 16");
        let q = Sentence::read(
            "Even granting that children need to learn to use social media safely, and a ban \
             simply delays that learning, why should that decide this debate?",
            &motion,
        );
        let answer = "Here is the answer. It decides it because a ban teaches nothing: at \
                      sixteen a child meets the same feeds with no practice.";
        let r = Reading::of(answer, &motion, &[], &[], &[], std::slice::from_ref(&q));
        assert_eq!((r.answered, r.brief, r.substantive), (1, 1, 1));
        // Without a reason it does not answer why.
        let r = Reading::of(
            "It decides a great deal at sixteen.",
            &motion,
            &[],
            &[],
            &[],
            &[q],
        );
        assert_eq!(r.answered, 0);
        // Two key words about the motion's own subject make a claim of its own.
        let s = Sentence::read("Social media steals sleep.", &motion);
        assert!(s.claims(), "{s:?}");
        assert!(!Sentence::read("The evidence points one way.", &motion).claims());
    }
}
