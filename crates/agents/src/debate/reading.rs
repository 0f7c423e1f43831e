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
//!   Name mid-sentence: "in Finland", "the Stanford study", an acronym: "NASA"; in Chinese
//!   a name before a source head, "芬兰的试点", or an attribution, "根据…", see `zh`);
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
mod zh;

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
    source_heads_zh: String,
    not_name_ends_zh: String,
    name_starts_zh: String,
    according_zh: String,
    hearsay_zh: String,
    contrast: String,
    signposts: String,
    attribution_verbs: String,
    attribution_speakers: String,
    frame: String,
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
    /// The key words of what it quotes between quotation marks (less the motion's).
    pub quoted: Vec<String>,
    /// Whether it reports what someone said ("P2 said …", "They call …", "You ask …").
    pub attributed: bool,
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
        let quoted: Vec<String> = self::keys(text)
            .into_iter()
            .filter(|k| !keys.contains(k) && !motion.contains(k))
            .collect();
        Sentence {
            quoted,
            attributed: attributed(&toks),
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
    /// A question needs only one: asking about a point is taking it up.
    pub fn takes_up(&self, point: &Sentence) -> bool {
        let shared = point.keys.iter().filter(|k| self.keys.contains(k)).count();
        shared >= 2 || (shared == 1 && (self.contrast || self.question || point.keys.len() == 1))
    }

    /// Its key words that none of `points` had (words of a frame that fits any debate,
    /// "evidence", "granting", aside): what it brings of its own.
    pub fn beyond(&self, points: &[Sentence]) -> usize {
        static FRAME: LazyLock<HashSet<String>> =
            LazyLock::new(|| list(&WORDS.frame).map(stem).collect());
        self.keys
            .iter()
            .filter(|k| !FRAME.contains(k.as_str()) && !points.iter().any(|p| p.keys.contains(k)))
            .count()
    }

    /// Whether it is a question pressing one of `points` with something of its own: it
    /// takes a point up and brings two key words, or a figure or a source, that none of
    /// their points had (a consequence, a case, a number the other side must answer; one
    /// word will do when it names whose point it presses: "You say …: how much …?"). A
    /// question that only restates their point inside a frame that fits any debate ("Even
    /// granting that …, why should that decide this debate?") does not.
    pub fn presses(&self, points: &[Sentence]) -> bool {
        if !self.question || !points.iter().any(|p| self.takes_up(p)) {
            return false;
        }
        let needed = if self.attributed { 1 } else { 2 };
        self.beyond(points) >= needed
            || self
                .marks
                .iter()
                .any(|m| !points.iter().any(|p| p.marks.contains(m)))
    }

    /// The points it quotes: between quotation marks (two of a point's key words), or, a
    /// sentence reporting what someone said, those it takes up.
    fn quoted_points<'a>(&self, points: &'a [Sentence]) -> Vec<&'a Sentence> {
        points
            .iter()
            .filter(|p| {
                let shared = p.keys.iter().filter(|k| self.quoted.contains(k)).count();
                shared >= 2.min(p.keys.len()) && shared > 0 || (self.attributed && self.takes_up(p))
            })
            .collect()
    }

    /// Whether it can answer a point just quoted: a statement with a claim, a reason,
    /// evidence or a contrast of its own.
    fn replies(&self) -> bool {
        !self.question && (self.claims() || self.reason || self.evidence > 0 || self.contrast)
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

/// Whether `toks` (a sentence's words) report what someone said: a verb of saying after a
/// speaker ("they say", "Pro claims", "P2 said", "participant 3 argued", "my opponents
/// call"), within the first words of the sentence.
fn attributed(toks: &[String]) -> bool {
    let speaker = |t: &str| {
        list(&WORDS.attribution_speakers).any(|s| s == t)
            || (t.len() >= 2 && t.starts_with('p') && t[1..].chars().all(|c| c.is_ascii_digit()))
            || t.chars().all(|c| c.is_ascii_digit())
    };
    let verb = |t: &str| list(&WORDS.attribution_verbs).any(|v| v == t);
    // "Con said", "Con also said", "they keep saying" aside, a word may stand between.
    let first: Vec<&String> = toks.iter().take(8).collect();
    (0..first.len()).any(|i| {
        speaker(first[i])
            && first[i + 1..]
                .iter()
                .take(2)
                .any(|t| verb(t) || verb(t.trim_end_matches("ing")))
    })
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
    // Chinese runs on without spaces: a figure inside a clause ("2016年", "77%的选民"),
    // and a source is named by its shape ("芬兰的试点", "根据…", see `zh`).
    if own.chars().any(is_cjk) {
        for run in own.split(|c: char| !c.is_ascii_digit()) {
            if !run.is_empty() && !out.iter().any(|m| m == run) {
                out.push(run.to_string());
            }
        }
        out.extend(zh::sources(own));
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
    /// Sentences quoting the other side ("P2 said …") to answer them (set aside, as
    /// signposts: neither substance nor said again).
    pub quotes: usize,
    /// Questions that press a point of the other side's with something of their own (see
    /// [`Sentence::presses`]).
    pub pressing: usize,
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
        // For each fresh sentence, the points it answers through a quotation: its own (in
        // quotation marks, answered in its own words) or the sentence's before it.
        let mut replying: Vec<Vec<&Sentence>> = Vec::new();
        let mut repeated = 0;
        let mut quotes = 0;
        let mut last_quoted: Vec<&Sentence> = Vec::new();
        for s in &all {
            let again = earlier
                .iter()
                .chain(fresh.iter().copied())
                .any(|e| s.repeats(e));
            let quoted = s.quoted_points(points);
            // "P2 said the welfare trap is a myth." quotes the other side: it shows what
            // the next sentence answers, and is not saying their point again.
            if again && s.attributed && theirs.iter().any(|t| s.repeats(t)) {
                quotes += 1;
                last_quoted = quoted;
                continue;
            }
            if again {
                repeated += 1;
                last_quoted.clear();
                continue;
            }
            let mut answers: Vec<&Sentence> = Vec::new();
            if s.replies() {
                answers.extend(last_quoted.iter().copied());
                if !s.keys.is_empty() {
                    answers.extend(quoted.iter().copied());
                }
            }
            fresh.push(s);
            replying.push(answers);
            last_quoted = quoted;
        }
        let toks = tokens(text);
        // In Chinese, two of the motion's character pairs (one alone, such as 应当, says
        // little).
        let motion_pairs = keys(text)
            .iter()
            .filter(|k| k.chars().any(is_cjk) && motion.contains(k))
            .count();
        let motion_hit = toks
            .iter()
            .any(|t| motion.contains(&stem(t)) || motion.contains(t))
            || motion_pairs >= 2;
        let statements: Vec<&&Sentence> = fresh.iter().filter(|s| !s.question).collect();
        let takes = |i: usize, p: &Sentence| fresh[i].takes_up(p) || replying[i].contains(&p);
        let taken: Vec<&Sentence> = points
            .iter()
            .filter(|p| (0..fresh.len()).any(|i| takes(i, p)))
            .collect();
        let answered = questions
            .iter()
            .filter(|q| statements.iter().any(|s| s.answers(q)))
            .count();
        // A reason given without a connective: an answer to a point quoted just before, or
        // a rebuttal of a point ("… but …", "… is no …") on ground of its own (two key
        // words the point did not have).
        let reasoned = |i: usize| {
            let s = fresh[i];
            s.reason
                || (!s.question
                    && s.claims()
                    && (!replying[i].is_empty()
                        || points.iter().any(|p| {
                            s.contrast && s.takes_up(p) && s.beyond(std::slice::from_ref(p)) >= 2
                        })))
        };
        let substantive = (0..fresh.len())
            .filter(|&i| {
                let s = fresh[i];
                s.reason || s.evidence > 0 || s.claims() || points.iter().any(|p| takes(i, p))
            })
            .count();
        let brief = quotes
            + (0..fresh.len())
                .filter(|&i| {
                    let s = fresh[i];
                    words::count(&unquoted(&s.text)) <= 4
                        && !(s.reason
                            || s.evidence > 0
                            || s.claims()
                            || points.iter().any(|p| takes(i, p)))
                })
                .count();
        let pressing = fresh.iter().filter(|s| s.presses(points)).count();
        let fresh_words: u32 = fresh.iter().map(|s| words::count(&s.text)).sum();
        Reading {
            sentences: all.len(),
            repeated,
            fresh_words,
            reasons: (0..fresh.len()).filter(|&i| reasoned(i)).count(),
            quotes,
            pressing,
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
mod tests;
