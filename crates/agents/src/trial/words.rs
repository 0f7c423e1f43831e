//! A juror's offline words (`content/trial/replies.toml`): a reaction to what a message
//! did, an answer to a question (what would convince the juror, what it makes of a topic
//! asked about, where it stands), a line for the stance band the juror is in, deliberation's
//! openings and responses, and openings for a case that has none of its own. Lines are
//! picked by the juror's turn among those said least so far in the trial (the juror hears
//! every juror's words), and none is said more than [`MAX_REPEATS`] times while another is
//! left, so a replayed trial says the same and a long one does not repeat itself. The
//! Chinese words (`content/trial/zh-CN/replies.toml`) are read the same way: sentences end
//! at `。？！` too, a question holds `？`, and Chinese sentences are joined with no space.

use crate::config::ConfigError;
use crate::games::trial::{text, Band};
use crate::games::Lang;
use serde::Deserialize;

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reaction {
    pub strong: Vec<String>,
    pub weak: Vec<String>,
    pub against: Vec<String>,
    /// No topic found: `{topic}` is the topic the juror weighs most.
    pub none: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bands {
    pub strongly_guilty: Vec<String>,
    pub leans_guilty: Vec<String>,
    pub undecided: Vec<String>,
    pub leans_not_guilty: Vec<String>,
    pub strongly_not_guilty: Vec<String>,
}

/// Answers to a player's question (a message with a `?`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuestionWords {
    /// Words that make a question ask what would convince the juror.
    pub convince_words: Vec<String>,
    /// Words that make a question ask where the juror stands.
    pub stand_words: Vec<String>,
    /// What would convince the juror, for the asker's side: `{topic}` the topic that would
    /// move it furthest that way if argued, `{second}` the next.
    pub convince: Vec<String>,
    /// As `convince`, when the way to move the juror is to argue `{topic}` down.
    pub convince_against: Vec<String>,
    /// Said after a `convince` answer: `{topic}` the topic that would cost the asker most.
    pub warn: Vec<String>,
    /// A question on `{topic}` that tells for the asker with this juror.
    pub about_for: Vec<String>,
    /// A question on `{topic}` that tells against the asker with this juror.
    pub about_against: Vec<String>,
    /// A question on `{topic}` the juror hardly weighs.
    pub about_little: Vec<String>,
    /// Where the juror stands: said before its band's line.
    pub stand: Vec<String>,
    /// Any other question: `{topic}` the topic the juror weighs most.
    pub other: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeliberationWords {
    pub opening: Vec<String>,
    /// A juror's reason citing a card presented: `{card}` its title, `{topic}` the topic
    /// the juror weighs most that the card bears on.
    pub cites: Vec<String>,
    /// A juror's reason when no card bearing on its topics was presented.
    pub uncited: Vec<String>,
    pub moved: Vec<String>,
    pub unmoved: Vec<String>,
    /// Unmoved, and undecided.
    pub unsure: Vec<String>,
    /// Unmoved, but already of the speaker's verdict.
    pub agreed: Vec<String>,
}

/// The offline replies.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replies {
    /// A juror's opening words in a case whose file has none for it: `{topic}` the case's
    /// topic it weighs most, `{second}` the next.
    pub opening: Vec<String>,
    pub reaction: Reaction,
    pub question: QuestionWords,
    pub band: Bands,
    pub deliberation: DeliberationWords,
    /// The language the lines are in (set by the book that loads them).
    #[serde(skip)]
    pub lang: Lang,
}

/// How a message struck the juror it was said to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Struck {
    /// Moved toward the speaker's side by at least [`STRONG`].
    Strong,
    Weak,
    /// Moved away from the speaker's side.
    Against,
    /// No topic found.
    Nothing,
}

/// What a player's question asked, as the juror reads it.
#[derive(Debug, Clone, PartialEq)]
pub enum Question<'a> {
    /// What would convince the juror: the topics that would move it the asker's way
    /// (`for`: argued for it, else argued down), and the one that would cost the asker most.
    Convince {
        topic: &'a str,
        argue_for: bool,
        second: Option<&'a str>,
        worst: Option<&'a str>,
    },
    /// About a topic: whether it tells for the asker (`Some(true)`), against, or hardly.
    About { topic: &'a str, tells: Option<bool> },
    /// Where the juror stands.
    Stand,
    /// Anything else: the topic the juror weighs most.
    Other { topic: &'a str },
}

/// The least move a juror reacts to as a strong point.
pub const STRONG: f64 = 8.0;

/// The most times a juror says one line in a trial while another of its slot is left.
pub const MAX_REPEATS: usize = 3;

/// How often `line` has been said already: for its sentence said most, the number of
/// juror texts heard that hold that sentence (a line that shares a sentence with another
/// repeats it too).
fn said_count(said: &[String], line: &str) -> usize {
    sentences(line)
        .into_iter()
        .map(|s| said.iter().filter(|t| t.contains(s)).count())
        .max()
        .unwrap_or(0)
}

/// The sentences of `text`: each up to a `.`, `?` or `!` (or `。`, `？`, `！`), trimmed.
pub fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if text::ends_sentence(c) {
            let end = i + c.len_utf8();
            let s = text[start..end].trim();
            if !s.is_empty() {
                out.push(s);
            }
            start = end;
        }
    }
    let rest = text[start..].trim();
    if !rest.is_empty() {
        out.push(rest);
    }
    out
}

/// The line of `lines` (each rendered by `render`) said least so far, the first such from
/// `turn` on; with `optional`, none if every line has been said [`MAX_REPEATS`] times.
fn pick_fresh(
    lines: &[String],
    turn: usize,
    said: &[String],
    optional: bool,
    render: impl Fn(&str) -> String,
) -> Option<String> {
    let n = lines.len();
    let mut best: Option<(usize, String)> = None;
    for k in 0..n {
        let line = capitalise(&render(&lines[(turn + k) % n]));
        let count = said_count(said, &line);
        if best.as_ref().is_none_or(|(c, _)| count < *c) {
            best = Some((count, line));
        }
    }
    best.filter(|(c, _)| !optional || *c < MAX_REPEATS)
        .map(|b| b.1)
}

fn join(parts: &[Option<String>]) -> String {
    text::join(parts.iter().flatten().map(String::as_str))
}

impl Replies {
    pub fn parse(file: &str, text: &str) -> Result<Replies, ConfigError> {
        let invalid = |field: &str, message: String| ConfigError::Invalid {
            file: file.to_string(),
            field: field.to_string(),
            message,
        };
        let r: Replies = toml::from_str(text)
            .map_err(|e| invalid("(file)", e.to_string().replace('\n', " ")))?;
        let q = &r.question;
        let lists: [(&str, &Vec<String>); 27] = [
            ("opening", &r.opening),
            ("reaction.strong", &r.reaction.strong),
            ("reaction.weak", &r.reaction.weak),
            ("reaction.against", &r.reaction.against),
            ("reaction.none", &r.reaction.none),
            ("question.convince_words", &q.convince_words),
            ("question.stand_words", &q.stand_words),
            ("question.convince", &q.convince),
            ("question.convince_against", &q.convince_against),
            ("question.warn", &q.warn),
            ("question.about_for", &q.about_for),
            ("question.about_against", &q.about_against),
            ("question.about_little", &q.about_little),
            ("question.stand", &q.stand),
            ("question.other", &q.other),
            ("band.strongly_guilty", &r.band.strongly_guilty),
            ("band.leans_guilty", &r.band.leans_guilty),
            ("band.undecided", &r.band.undecided),
            ("band.leans_not_guilty", &r.band.leans_not_guilty),
            ("band.strongly_not_guilty", &r.band.strongly_not_guilty),
            ("deliberation.opening", &r.deliberation.opening),
            ("deliberation.cites", &r.deliberation.cites),
            ("deliberation.uncited", &r.deliberation.uncited),
            ("deliberation.moved", &r.deliberation.moved),
            ("deliberation.unmoved", &r.deliberation.unmoved),
            ("deliberation.unsure", &r.deliberation.unsure),
            ("deliberation.agreed", &r.deliberation.agreed),
        ];
        for (field, list) in lists {
            if list.is_empty() || list.iter().any(|l| l.trim().is_empty()) {
                return Err(invalid(field, "needs at least one non-empty line".into()));
            }
        }
        // Lines that are said with a topic must name it; lines said without one must not
        // leave a placeholder showing.
        let needs_topic: [(&str, &Vec<String>); 10] = [
            ("opening", &r.opening),
            ("reaction.strong", &r.reaction.strong),
            ("reaction.weak", &r.reaction.weak),
            ("reaction.against", &r.reaction.against),
            ("question.convince", &q.convince),
            ("question.convince_against", &q.convince_against),
            ("question.warn", &q.warn),
            ("question.about_for", &q.about_for),
            ("question.about_against", &q.about_against),
            ("question.about_little", &q.about_little),
        ];
        for (field, list) in needs_topic {
            if let Some(l) = list.iter().find(|l| !l.contains("{topic}")) {
                return Err(invalid(field, format!("{l:?} must name {{topic}}")));
            }
        }
        let bare: [(&str, &Vec<String>); 7] = [
            ("question.stand", &q.stand),
            ("band.strongly_guilty", &r.band.strongly_guilty),
            ("band.leans_guilty", &r.band.leans_guilty),
            ("band.undecided", &r.band.undecided),
            ("band.leans_not_guilty", &r.band.leans_not_guilty),
            ("band.strongly_not_guilty", &r.band.strongly_not_guilty),
            ("deliberation.opening", &r.deliberation.opening),
        ];
        for (field, list) in bare {
            if let Some(l) = list.iter().find(|l| l.contains('{')) {
                return Err(invalid(
                    field,
                    format!("{l:?}: no placeholder is filled here"),
                ));
            }
        }
        for (field, list) in [
            ("question.convince_words", &q.convince_words),
            ("question.stand_words", &q.stand_words),
        ] {
            if list.iter().any(|w| w.to_lowercase() != *w) {
                return Err(invalid(field, "words are lower-case".into()));
            }
        }
        Ok(r)
    }

    pub fn band(&self, band: Band) -> &[String] {
        match band {
            Band::StronglyGuilty => &self.band.strongly_guilty,
            Band::LeansGuilty => &self.band.leans_guilty,
            Band::Undecided => &self.band.undecided,
            Band::LeansNotGuilty => &self.band.leans_not_guilty,
            Band::StronglyNotGuilty => &self.band.strongly_not_guilty,
        }
    }

    /// Whether `said` asks something (a `?` or `？`): a question what would convince the
    /// juror, where it stands, or another (`None`: not a question).
    pub fn asks(&self, said: &str) -> Option<Asked> {
        if !text::asks(said) {
            return None;
        }
        let lower = said.to_lowercase();
        let has = |words: &[String]| words.iter().any(|w| lower.contains(w.as_str()));
        Some(if has(&self.question.convince_words) {
            Asked::Convince
        } else if has(&self.question.stand_words) {
            Asked::Stand
        } else {
            Asked::Other
        })
    }

    /// A reply: the reaction (`topic` the main topic's name; with none, `top` the juror's
    /// weightiest topic) then, with `tell_band`, the band's line unless it is said out.
    #[allow(clippy::too_many_arguments)]
    pub fn reply(
        &self,
        struck: Struck,
        topic: Option<&str>,
        top: &str,
        band: Band,
        tell_band: bool,
        turn: usize,
        said: &[String],
    ) -> String {
        let lines = match struck {
            Struck::Strong => &self.reaction.strong,
            Struck::Weak => &self.reaction.weak,
            Struck::Against => &self.reaction.against,
            Struck::Nothing => &self.reaction.none,
        };
        let topic = topic.unwrap_or(top);
        let reaction = pick_fresh(lines, turn, said, false, |l| l.replace("{topic}", topic));
        let band = tell_band
            .then(|| pick_fresh(self.band(band), turn, said, true, str::to_string))
            .flatten();
        join(&[reaction, band])
    }

    /// The answer to a question (`band` the juror's now, said when asked where it stands
    /// or with `tell_band`).
    pub fn answer(
        &self,
        question: &Question,
        band: Band,
        tell_band: bool,
        turn: usize,
        said: &[String],
    ) -> String {
        let q = &self.question;
        let band_line = |force: bool| {
            (force || tell_band)
                .then(|| pick_fresh(self.band(band), turn, said, !force, str::to_string))
                .flatten()
        };
        match question {
            Question::Convince {
                topic,
                argue_for,
                second,
                worst,
            } => {
                let lines = if *argue_for {
                    &q.convince
                } else {
                    &q.convince_against
                };
                let nothing_else = self.lang.text("trial-nothing-else", &[]);
                let second = second.unwrap_or(nothing_else.as_str());
                let main = pick_fresh(lines, turn, said, false, |l| {
                    l.replace("{topic}", topic).replace("{second}", second)
                });
                let warn = worst.and_then(|w| {
                    pick_fresh(&q.warn, turn, said, true, |l| l.replace("{topic}", w))
                });
                join(&[main, warn])
            }
            Question::About { topic, tells } => {
                let lines = match tells {
                    Some(true) => &q.about_for,
                    Some(false) => &q.about_against,
                    None => &q.about_little,
                };
                let main = pick_fresh(lines, turn, said, false, |l| l.replace("{topic}", topic));
                join(&[main, band_line(false)])
            }
            Question::Stand => {
                let lead = pick_fresh(&q.stand, turn, said, true, str::to_string);
                join(&[lead, band_line(true)])
            }
            Question::Other { topic } => {
                let main = pick_fresh(&q.other, turn, said, false, |l| l.replace("{topic}", topic));
                join(&[main, band_line(false)])
            }
        }
    }

    /// A juror's opening words in a case without its own: `topic` and `second` the case's
    /// topics it weighs most.
    pub fn opening_for(&self, topic: &str, second: &str, turn: usize) -> String {
        pick_fresh(&self.opening, turn, &[], false, |l| {
            l.replace("{topic}", topic).replace("{second}", second)
        })
        .unwrap_or_default()
    }

    /// A deliberation statement's opening line.
    pub fn opening(&self, turn: usize, said: &[String]) -> String {
        pick_fresh(
            &self.deliberation.opening,
            turn,
            said,
            false,
            str::to_string,
        )
        .unwrap_or_default()
    }

    /// A deliberation reason citing `card` (a title) on `topic`, or, with no card, the
    /// juror's `topic` alone.
    pub fn reason(&self, card: Option<&str>, topic: &str, turn: usize, said: &[String]) -> String {
        let render = |l: &str| {
            l.replace("{card}", card.unwrap_or_default())
                .replace("{topic}", topic)
        };
        let lines = match card {
            Some(_) => &self.deliberation.cites,
            None => &self.deliberation.uncited,
        };
        pick_fresh(lines, turn, said, false, render).unwrap_or_default()
    }

    /// A listener's response to `speaker`'s statement, with its band's line unless that
    /// is said out.
    pub fn respond(
        &self,
        heard: Heard,
        speaker: &str,
        band: Band,
        turn: usize,
        said: &[String],
    ) -> String {
        let lines = match heard {
            Heard::Moved => &self.deliberation.moved,
            Heard::Unmoved => &self.deliberation.unmoved,
            Heard::Unsure => &self.deliberation.unsure,
            Heard::Agreed => &self.deliberation.agreed,
        };
        let main = pick_fresh(lines, turn, said, false, |l| l.replace("{name}", speaker));
        let band = pick_fresh(self.band(band), turn + 1, said, true, str::to_string);
        join(&[main, band])
    }
}

/// How a deliberation statement landed with a listener.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heard {
    /// It moved the listener's stance.
    Moved,
    /// It did not, and the listener leans to the other verdict.
    Unmoved,
    /// It did not, and the listener is undecided.
    Unsure,
    /// It did not, but the listener already leans to the speaker's verdict.
    Agreed,
}

/// What kind of question a message is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asked {
    Convince,
    Stand,
    Other,
}

/// `s` with each sentence's first letter a capital (a topic's name may open one); a Chinese
/// sentence, after `。？！`, opens with no space.
fn capitalise(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut start = true;
    let mut prev = ' ';
    for c in s.chars() {
        if start && c.is_alphabetic() {
            out.extend(c.to_uppercase());
            start = false;
        } else {
            if !c.is_whitespace() {
                start = false;
            }
            out.push(c);
        }
        if (c == ' ' && matches!(prev, '.' | '?' | '!')) || matches!(c, '。' | '？' | '！') {
            start = true;
        }
        prev = c;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const REPLIES: &str = include_str!("../../../../content/trial/replies.toml");

    #[test]
    fn a_bad_replies_file_names_the_field() {
        assert!(Replies::parse("replies.toml", REPLIES).is_ok());
        for (from, to, field) in [
            (
                "\"Honestly? Make me see {topic} clearly. After that, {second}.\"",
                "\"Honestly? Make me see it clearly.\"",
                "question.convince",
            ),
            (
                "\"Straight answer:\"",
                "\"Straight {topic}:\"",
                "question.stand",
            ),
            (
                "convince_words = [",
                "convince_words = [\"Convince\", ",
                "question.convince_words",
            ),
        ] {
            assert!(REPLIES.contains(from), "{from}");
            let err = Replies::parse("replies.toml", &REPLIES.replacen(from, to, 1))
                .unwrap_err()
                .to_string();
            assert!(
                err.contains("replies.toml") && err.contains(field),
                "{field}: {err}"
            );
        }
    }

    #[test]
    fn a_topic_opening_a_sentence_gets_its_capital() {
        assert_eq!(
            capitalise("what moves me? whether it meant to do it. the law, too"),
            "What moves me? Whether it meant to do it. The law, too"
        );
        assert_eq!(
            sentences("Hm. On it? Yes! and so"),
            ["Hm.", "On it?", "Yes!", "and so"]
        );
        assert_eq!(
            capitalise("好吧。ai的意图——没错。"),
            "好吧。Ai的意图——没错。"
        );
        assert_eq!(
            sentences("嗯。在外部攻击这一点上？对！还有"),
            ["嗯。", "在外部攻击这一点上？", "对！", "还有"]
        );
    }
}
