//! The offline judge: a transparent reading of the public speeches (see [`super::reading`]),
//! every score of which is marked offline. It judges the debate that happened, never the
//! argument bank: a person's own words are read exactly as an AI's. For the speech it
//! scores it reads
//!
//! - the points it had to take up: the other side's sentences in the speech it replies to
//!   (an answer, a free-debate speech) or in all they said before (questions, summaries,
//!   closings; the parallel summary or closing excepted); none in the openings, prepared
//!   before anything is said (taking one up there still counts); a point the debate
//!   heard before that speech made it again asks for no new answer;
//! - for an answer, the questions asked and which of them it answered (its own sentence
//!   sharing the question's key words, not the question quoted back);
//! - reasons (causal links, and weighing one point against another: "it does not outweigh
//!   …") and evidence (figures, named sources; the other side's figures restated are
//!   theirs). The openings build each case on evidence; in every later speech
//!   a point met with a reason is as well backed as one met with a figure (the backing
//!   measure is the better of the two);
//! - sentences already said in this debate, which earn nothing;
//! - sentences of no substance (no reason, evidence, point taken up or claim);
//! - enough said (half the limit in fresh sentences; in free debate, where turns are
//!   brisk, a third of a fair quarter of the team's clock; more words earn nothing more),
//!   signposts and readable sentences (8 to 28
//!   words on average; longer ones are harder to follow, less and less up to 48);
//! - flags: `counter_question` (an answer ending with `?`), `attacker_answered` (questions
//!   with no `?`), `not_direct_answer`, `off_topic`, `scripted_summary`, `personal_attack`.
//!
//! The five criteria are fixed sums of those measures, and the note gives every measure
//! the scores came from, then the scores and what each flag cost.

use super::memory::Memory;
use super::reading::{keys, read, Reading, Sentence};
use super::text::{touched_claims, words_of};
use super::topics::Topic;
use crate::games::debate::team::{seat_title_in, side_of, Flag, JudgeScores, Part, Side, Speech};
use crate::games::debate::words;
use crate::games::Lang;

const INSULTS: &[&str] = &[
    "idiot", "idiots", "stupid", "moron", "morons", "liar", "liars", "fool", "fools", "dumb",
    "pathetic", "clown", "clowns", "shut up", "ignorant", "白痴", "蠢货", "傻瓜", "笨蛋", "骗子",
    "闭嘴", "无知", "废物",
];

/// What the judge read in one speech.
#[derive(Debug, Clone, PartialEq)]
pub struct Measures {
    pub words: u32,
    pub limit: u32,
    /// In free debate, the fair share of the team's clock (a quarter), else the limit.
    pub share: u32,
    pub reading: Reading,
    /// Whom the points came from ("the opening it follows", "Con 2's questions", …).
    pub from: String,
    pub flags: Vec<Flag>,
}

/// The claims of `side` that `text` touches (see [`touched_claims`]), by id.
pub fn touched(topic: &Topic, side: Side, text: &str) -> Vec<String> {
    touched_claims(topic.side(side), topic.side(side.other()), text)
        .into_iter()
        .map(|c| c.id.clone())
        .collect()
}

/// Reads speech `speech` against what was said before it in this debate.
pub fn measure(memory: &Memory, speech: &Speech) -> Measures {
    measure_in(memory, speech, Lang::En)
}

/// [`measure`], whom the points came from said in `lang`.
pub fn measure_in(memory: &Memory, speech: &Speech, lang: Lang) -> Measures {
    let side = side_of(speech.seat).unwrap_or(Side::Pro);
    let motion = keys(&memory.motion);
    let before: Vec<&Speech> = memory
        .speeches
        .iter()
        .filter(|s| s.index < speech.index)
        .collect();
    let earlier: Vec<Sentence> = before.iter().flat_map(|s| read(&s.text, &motion)).collect();
    let theirs: Vec<&&Speech> = before
        .iter()
        .filter(|s| side_of(s.seat) == Some(side.other()))
        .collect();
    // The figures and sources the other side brought first: restated, they are theirs. One
    // they quote back from this side (a question granting our evidence) is still ours.
    let mut ours_first: Vec<String> = Vec::new();
    let mut their_sentences: Vec<Sentence> = Vec::new();
    for s in &before {
        for mut sentence in read(&s.text, &motion) {
            if side_of(s.seat) == Some(side) {
                ours_first.extend(sentence.marks.iter().cloned());
            } else {
                sentence.marks.retain(|m| !ours_first.contains(m));
                their_sentences.push(sentence);
            }
        }
    }
    // The speeches it answers: the one it replies to (an answer, a free speech), else all
    // the other side has said (two parallel summaries or closings do not answer each other).
    let replied: Vec<&Speech> = match speech.part {
        Part::Answer | Part::Free => theirs.last().map(|s| **s).into_iter().collect(),
        Part::Opening => Vec::new(),
        part => theirs
            .iter()
            .filter(|s| !(matches!(part, Part::Summary | Part::Closing) && s.part == part))
            .map(|s| **s)
            .collect(),
    };
    let mut points: Vec<Sentence> = Vec::new();
    let mut questions: Vec<Sentence> = Vec::new();
    for s in &replied {
        // A point the debate heard before this speech made it again was there to be taken
        // up then; said again, it asks for no new answer.
        let heard: Vec<Sentence> = before
            .iter()
            .filter(|b| b.index < s.index)
            .flat_map(|b| read(&b.text, &motion))
            .collect();
        for sentence in read(&s.text, &motion) {
            if sentence.question && speech.part == Part::Answer {
                questions.push(sentence);
            } else if sentence.is_point()
                && !points.iter().any(|p| sentence.repeats(p))
                && !heard.iter().any(|h| sentence.repeats(h))
            {
                points.push(sentence);
            }
        }
    }
    let reading = Reading::of(
        &speech.text,
        &motion,
        &earlier,
        &their_sentences,
        &points,
        &questions,
    );
    let from = match (speech.part, replied.as_slice()) {
        (_, []) => String::new(),
        (Part::Answer, [q]) => lang.text(
            "judge-from-questions",
            &[("seat", &seat_title_in(q.seat, lang))],
        ),
        (Part::Free, [s]) => lang.text(
            "judge-from-speech",
            &[("seat", &seat_title_in(s.seat, lang))],
        ),
        _ => lang.text("judge-from-other-side", &[]),
    };
    let text = &speech.text;
    let mut flags = Vec::new();
    if speech.part == Part::Answer && words::ends_with_question(text) {
        flags.push(Flag::CounterQuestion);
    }
    if speech.part == Part::Answer && reading.answer_share().is_some_and(|a| a < 0.34) {
        flags.push(Flag::NotDirectAnswer);
    }
    if speech.part == Part::Question && !text.contains(['?', '？']) {
        flags.push(Flag::AttackerAnswered);
    }
    if !reading.on_motion && speech.words >= 8 {
        flags.push(Flag::OffTopic);
    }
    if speech.part == Part::Summary && reading.raised > 0 && reading.taken_up == 0 {
        flags.push(Flag::ScriptedSummary);
    }
    let lower = words_of(text);
    if INSULTS.iter().any(|i| super::text::mentions(&lower, i)) {
        flags.push(Flag::PersonalAttack);
    }
    let share = match speech.part {
        Part::Free => (memory.limits.clock / 4).clamp(1, speech.limit.max(1)),
        _ => speech.limit.max(1),
    };
    Measures {
        words: speech.words,
        limit: speech.limit,
        share,
        reading,
        from,
        flags,
    }
}

/// How readable sentences of `mean` words are: fully from 8 to 28 words, less and less
/// down to 4 and up to 48 (a long sentence is harder to follow, not wrong).
fn flow(mean: f64) -> f64 {
    if mean < 8.0 {
        ((mean - 4.0) / 4.0).max(0.0)
    } else if mean > 28.0 {
        (1.0 - (mean - 28.0) / 20.0).max(0.0)
    } else {
        1.0
    }
}

fn clamp(x: f64) -> u8 {
    x.round().clamp(1.0, 10.0) as u8
}

/// What each flag costs in rule compliance.
const FLAG_COST: [(Flag, u8); 6] = [
    (Flag::CounterQuestion, 4),
    (Flag::AttackerAnswered, 4),
    (Flag::NotDirectAnswer, 2),
    (Flag::OffTopic, 3),
    (Flag::ScriptedSummary, 1),
    (Flag::PersonalAttack, 4),
];

/// The points a speech of `part` must take up for full marks.
fn enough(part: Part) -> usize {
    match part {
        Part::Summary | Part::Closing => 3,
        _ => 2,
    }
}

/// `n` of a noun ("1 question", "2 questions", "2 个问题"): `what` is the message's kind.
fn plural(n: usize, what: &str, lang: Lang) -> String {
    lang.text(&format!("judge-n-{what}"), &[("n", &n.to_string())])
}

/// The scores following from what the judge read, and the note saying why: every number
/// in it is one the scores were computed from.
pub fn score(topic: &Topic, memory: &Memory, speech: &Speech) -> (JudgeScores, String) {
    let lang = topic.lang;
    let m = measure_in(memory, speech, lang);
    let r = &m.reading;
    // Signposts ("Here is the answer.") are neither substance nor filler.
    let fresh_sentences = (r.sentences - r.repeated - r.brief).max(1) as f64;
    // The first reason (or piece of evidence) counts most; a second adds a little; more
    // add nothing: the judge reads whether points are backed, not how many figures a case
    // has to hand.
    let diminishing = |n: usize| -> f64 { [0.0, 0.75, 1.0][n.min(2)] };
    let mut reasons = diminishing(r.reasons);
    let mut evidence = diminishing(r.evidence);
    if speech.part != Part::Opening {
        // The openings build each case on its evidence. After them a speech answers, and a
        // point met with a reason is as well backed as one met with a figure: a reply is
        // not marked down for arguing rather than quoting statistics.
        evidence = evidence.max(reasons);
    }
    let mut engaged = r.engagement(enough(speech.part));
    if speech.part == Part::Opening {
        engaged = engaged.max(0.5);
    }
    if speech.part == Part::Question {
        // Questions are judged on what they press: a question that takes up a point of
        // theirs and brings something of its own to answer (a consequence, a case, a
        // figure) is as good as a reason or a figure; one that only restates their point
        // in a frame that fits any debate presses nothing.
        let press = r.pressing.min(2) as f64 / 2.0;
        reasons = reasons.max(press);
        evidence = evidence.max(press);
    }
    let answered = r.answer_share().unwrap_or(engaged);
    let substance = r.substantive as f64 / fresh_sentences;
    // Enough said: half the limit in fresh sentences; in free debate, where turns are
    // brisk exchanges, a third of a fair share of the clock. More words earn nothing more.
    let enough = match speech.part {
        Part::Free => m.share as f64 / 3.0,
        _ => m.share as f64 / 2.0,
    };
    let body = (r.fresh_words as f64 / enough.max(1.0)).min(1.0);
    let flow = flow(r.sentence_words);
    let structure = (r.signposts.min(2) as f64 / 2.0 + flow) / 2.0;
    let motion = if r.on_motion { 1.0 } else { 0.0 };
    let logic = 1.0 + 2.5 * reasons + 1.5 * evidence + 2.5 * answered + 1.5 * engaged + substance;
    let persuasion = 1.0 + 1.5 * reasons + 2.5 * evidence + 2.5 * engaged + 1.5 * substance + body;
    let expression = 2.0 + 2.5 * structure + 2.0 * flow + 2.0 * body + 1.5 * substance;
    let teamwork = 2.0 + 3.0 * engaged + 2.0 * substance + 2.0 * motion + body;
    let mut rules = 10i32;
    let mut costs: Vec<String> = Vec::new();
    if speech.over_limit() {
        rules -= 5;
        costs.push(lang.text("judge-cost-over", &[]));
    }
    for (flag, cost) in FLAG_COST {
        if m.flags.contains(&flag) {
            rules -= cost as i32;
            let name = lang.text(&format!("debate-flag-{}", flag.name()), &[]);
            costs.push(format!("{name} −{cost}"));
        }
    }
    let scores = JudgeScores {
        logic: clamp(logic),
        persuasion: clamp(persuasion),
        expression: clamp(expression),
        teamwork: clamp(teamwork),
        rule_compliance: clamp(rules as f64),
        flags: m.flags.clone(),
    };
    (scores.clone(), note(&m, speech, &scores, &costs, lang))
}

/// The judge's note: what it read, then the five scores.
fn note(m: &Measures, speech: &Speech, s: &JudgeScores, costs: &[String], lang: Lang) -> String {
    let r = &m.reading;
    let t = |id: &str, args: &[(&str, &str)]| lang.text(id, args);
    let n = |x: usize| x.to_string();
    let (words, limit, share) = (
        n(m.words as usize),
        n(m.limit as usize),
        n(m.share as usize),
    );
    let mut parts: Vec<String> = Vec::new();
    parts.push(if speech.over_limit() {
        t("judge-words-over", &[("words", &words), ("limit", &limit)])
    } else if m.share < m.limit {
        t(
            "judge-words-share",
            &[("words", &words), ("limit", &limit), ("share", &share)],
        )
    } else {
        t("judge-words", &[("words", &words), ("limit", &limit)])
    });
    if r.asked > 0 {
        parts.push(t(
            "judge-answered",
            &[
                ("answered", &n(r.answered)),
                ("asked", &plural(r.asked, "questions", lang)),
            ],
        ));
    }
    if r.raised > 0 {
        let place = if m.from.is_empty() {
            t("judge-where-raised", &[])
        } else {
            t("judge-where-in", &[("from", &m.from)])
        };
        let mut s = t(
            "judge-took-up",
            &[
                ("taken", &n(r.taken_up)),
                ("raised", &plural(r.raised, "points", lang)),
                ("where", &place),
            ],
        );
        if let Some(e) = &r.example {
            let quote = super::text::summary(e, 8);
            let example = t("judge-example", &[("quote", &quote)]);
            match lang {
                Lang::En => s.push_str(&format!(" {example}")),
                Lang::ZhCn => s.push_str(&example),
            }
        }
        parts.push(s);
    } else if !m.from.is_empty() && r.asked == 0 {
        parts.push(t("judge-no-new-point", &[("from", &m.from)]));
    } else if speech.part != Part::Opening && r.asked == 0 {
        // An answer with questions to answer and no other point to take up says only
        // what it answered.
        parts.push(t("judge-nothing-to-answer", &[]));
    }
    if speech.part == Part::Question {
        parts.push(t(
            "judge-pressing",
            &[("questions", &plural(r.pressing, "questions", lang))],
        ));
    }
    if r.quotes > 0 {
        parts.push(t(
            "judge-quoting",
            &[("sentences", &plural(r.quotes, "sentences", lang))],
        ));
    }
    parts.push(t(
        "judge-reasons",
        &[
            ("sentences", &plural(r.reasons, "sentences", lang)),
            ("pieces", &plural(r.evidence, "pieces", lang)),
        ],
    ));
    let fresh = r.sentences - r.repeated - r.brief;
    if r.repeated > 0 {
        parts.push(t(
            "judge-repeated",
            &[("sentences", &plural(r.repeated, "sentences", lang))],
        ));
    }
    if fresh > r.substantive {
        parts.push(t(
            "judge-hollow",
            &[("n", &n(fresh - r.substantive)), ("fresh", &n(fresh))],
        ));
    }
    if !r.on_motion {
        parts.push(t("judge-off-motion", &[]));
    }
    let (semi, comma, space, stop) = match lang {
        Lang::En => ("; ", ", ", " ", '.'),
        Lang::ZhCn => ("；", "，", "", '。'),
    };
    let mut out = t("judge-note", &[("parts", &parts.join(semi))]);
    if !costs.is_empty() {
        out.push_str(space);
        out.push_str(&t(
            "judge-rule-compliance",
            &[
                ("score", &s.rule_compliance.to_string()),
                ("costs", &costs.join(comma)),
            ],
        ));
    }
    if !out.ends_with(stop) {
        out.push(stop);
    }
    out
}

/// The offline final review: which claims each side pressed most, from the speeches.
pub fn review(topic: &Topic, memory: &Memory) -> String {
    let lang = topic.lang;
    let space = if lang == Lang::En { " " } else { "" };
    let stop = if lang == Lang::En { '.' } else { '。' };
    let mut out = lang.text("judge-review", &[("motion", &memory.motion)]);
    for side in Side::BOTH {
        let bank = topic.side(side);
        let mut counts: Vec<(usize, usize)> = bank
            .claims
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let n = memory
                    .by_side(side)
                    .filter(|s| touched(topic, side, &s.text).contains(&c.id))
                    .count();
                (n, i)
            })
            .filter(|(n, _)| *n > 0)
            .collect();
        counts.sort_by_key(|&(n, i)| (std::cmp::Reverse(n), i));
        let spoke = memory.by_side(side).count().to_string();
        let name = side.name_in(lang);
        let claim_at = |i: usize| {
            let claim = super::forms::Forms::unstopped(&bank.claims[i].claim);
            match lang {
                Lang::En => lower_first(claim, topic),
                Lang::ZhCn => claim.to_string(),
            }
        };
        out.push_str(space);
        match counts.first() {
            None => {
                out.push_str(&lang.text("judge-review-none", &[("side", &name), ("spoke", &spoke)]))
            }
            Some(&(n, i)) => {
                let mut s = lang.text(
                    "judge-review-ground",
                    &[
                        ("side", &name),
                        ("claim", &claim_at(i)),
                        ("n", &n.to_string()),
                        ("spoke", &spoke),
                    ],
                );
                if let Some(&(n2, j)) = counts.get(1) {
                    let claim = claim_at(j);
                    if n2 == n {
                        s.push_str(&lang.text("judge-review-as-often", &[("claim", &claim)]));
                    } else {
                        s.push_str(&lang.text(
                            "judge-review-behind",
                            &[("claim", &claim), ("n", &n2.to_string())],
                        ));
                    }
                }
                s.push(stop);
                out.push_str(&s);
            }
        }
    }
    let skipped = memory
        .log
        .iter()
        .filter(|e| matches!(e, super::memory::Entry::Skipped { .. }))
        .count();
    if skipped > 0 {
        out.push_str(space);
        out.push_str(&lang.text("judge-review-skipped", &[("n", &skipped.to_string())]));
    }
    out
}

/// A claim put after "that": its first word lower-cased when that is a common starter, or
/// a word the topic's own text writes in lower case mid-sentence ("Automation is …" →
/// "automation is …"); a name ("Finland's trial …") keeps its capital.
fn lower_first(s: &str, topic: &Topic) -> String {
    let bare = s.split_whitespace().next().unwrap_or("");
    if bare.len() > 1 && bare.chars().skip(1).any(char::is_uppercase) || bare == "I" {
        return s.to_string();
    }
    if let Some(lowered) = super::text::lower_start(s) {
        return lowered;
    }
    let word = bare.trim_matches(|c: char| !c.is_alphanumeric());
    let lower = word.to_lowercase();
    if lower != word && written_lower(topic, &lower) {
        return super::text::lower_head(s);
    }
    s.to_string()
}

/// Whether the topic's banks write `word` (lower case) as a word of their own text.
fn written_lower(topic: &Topic, word: &str) -> bool {
    Side::BOTH.into_iter().any(|side| {
        let bank = topic.side(side);
        std::iter::once(bank.framing.as_str())
            .chain(
                bank.claims
                    .iter()
                    .flat_map(|c| [c.claim.as_str(), c.evidence.as_str()]),
            )
            .chain(bank.rebuttals.iter().map(|r| r.text.as_str()))
            .any(|text| {
                text.split(|c: char| !c.is_alphanumeric() && c != '\'')
                    .any(|w| w == word)
            })
    })
}

#[cfg(test)]
mod tests {
    use super::{flow, lower_first};
    use crate::debate::Topics;

    #[test]
    fn a_claim_after_that_is_lower_cased_unless_it_opens_on_a_name() {
        let topics = Topics::builtin();
        let ubi = topics.get("universal_basic_income").unwrap();
        let lowered = |s: &str| lower_first(s, ubi);
        assert_eq!(
            lowered("Automation is reshaping work"),
            "automation is reshaping work"
        );
        assert_eq!(lowered("The trials were small"), "the trials were small");
        assert_eq!(
            lowered("Finland's trial paid 2,000 people"),
            "Finland's trial paid 2,000 people"
        );
        assert_eq!(lowered("Switzerland voted"), "Switzerland voted");
        assert_eq!(lowered("OECD studies"), "OECD studies");
    }

    #[test]
    fn readability_falls_off_gently_with_sentence_length() {
        assert_eq!(flow(8.0), 1.0);
        assert_eq!(flow(28.0), 1.0);
        assert!(flow(33.0) > flow(40.0) && flow(40.0) > flow(47.0));
        assert!((flow(38.0) - 0.5).abs() < 1e-9);
        assert_eq!(flow(48.0), 0.0);
        assert_eq!(flow(3.0), 0.0);
        assert!((flow(6.0) - 0.5).abs() < 1e-9);
    }
}
