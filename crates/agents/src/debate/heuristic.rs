//! The offline judge: a transparent heuristic over the public speeches, every score of
//! which is marked offline. It measures, for the speech it scores:
//!
//! - limit use: words against the limit (in free debate, against a quarter of the team's
//!   clock); near it scores better, over it worse;
//! - claims made: the speaker's side's claims it makes (the claim in its own words, three
//!   in five of them, or two of the claim's keywords); not counted for questions, which are
//!   judged on what they press;
//! - claims addressed: of the other side's claims made in the speech replied to (an answer,
//!   a free-debate speech) or in all its speeches before (questions, summaries, closings),
//!   those this speech touches (neutral in the openings, prepared before anything is said);
//! - questions answered (an answer): the questions' content words the answer takes up;
//! - evidence: the facts of its side's bank it cites;
//! - sentence length (readable: 12–24 words);
//! - flags: `counter_question` (an answer ending with `?`), `attacker_answered` (questions
//!   with no `?`), `not_direct_answer`, `off_topic`, `scripted_summary`, `personal_attack`.
//!
//! The five criteria are fixed sums of those measures (continuous where the measure is:
//! the share of the claims raised that it addressed, not whether one was), and the comment
//! names them.

use super::memory::Memory;
use super::text::{content_words, keywords_hit, states, touched_claims, words_of};
use super::topics::Topic;
use crate::games::debate::team::{side_of, Flag, JudgeScores, Part, Side, Speech};
use crate::games::debate::words;

const INSULTS: &[&str] = &[
    "idiot", "idiots", "stupid", "moron", "morons", "liar", "liars", "fool", "fools", "dumb",
    "pathetic", "clown", "clowns", "shut up", "ignorant",
];

/// What the heuristic measured in one speech.
#[derive(Debug, Clone, PartialEq)]
pub struct Measures {
    pub words: u32,
    /// The words it is measured against.
    pub target: u32,
    pub over_limit: bool,
    pub own_claims: usize,
    /// Their claims made before this speech, and how many of them it touches.
    pub raised: usize,
    pub addressed: usize,
    /// An answer: the share of the questions' content words it takes up.
    pub answered: Option<f64>,
    /// Mean words per sentence.
    pub sentence_words: f64,
    /// Its side's evidence (the bank's facts) it cites: three in five of the fact's
    /// content words.
    pub evidence: usize,
    pub flags: Vec<Flag>,
}

/// The claims of `side` that `text` touches (see [`touched_claims`]), by id.
pub fn touched(topic: &Topic, side: Side, text: &str) -> Vec<String> {
    touched_claims(topic.side(side), topic.side(side.other()), text)
        .into_iter()
        .map(|c| c.id.clone())
        .collect()
}

/// The claims of both sides `text` touches, as `(side, id)`.
fn touched_both(topic: &Topic, text: &str) -> Vec<(Side, String)> {
    Side::BOTH
        .into_iter()
        .flat_map(|side| {
            touched(topic, side, text)
                .into_iter()
                .map(move |id| (side, id))
        })
        .collect()
}

/// Measures speech `speech` against what was said before it.
pub fn measure(topic: &Topic, memory: &Memory, speech: &Speech) -> Measures {
    let side = side_of(speech.seat).unwrap_or(Side::Pro);
    let text = &speech.text;
    let words = speech.words;
    let target = match speech.part {
        Part::Free => (memory.limits.clock / 4).clamp(1, speech.limit.max(1)),
        _ => speech.limit.max(1),
    };
    // A claim of its own is made in so many words: the claim itself (three in five of its
    // content words, in any case and order), or two of its keywords.
    let lower = words_of(text);
    let said = content_words(text);
    let own_claims = topic
        .side(side)
        .claims
        .iter()
        .filter(|c| states(&said, &c.claim) || keywords_hit(&lower, c).len() >= 2)
        .count();
    let mut before: Vec<&Speech> = memory
        .speeches
        .iter()
        .filter(|s| s.index < speech.index && side_of(s.seat) == Some(side.other()))
        // The two summaries (and the two closings) are parallel: the second is measured
        // against what the first was, not also against the first's own list.
        .filter(|s| {
            !(matches!(speech.part, Part::Summary | Part::Closing) && s.part == speech.part)
        })
        .collect();
    if matches!(speech.part, Part::Answer | Part::Free) {
        // A reply answers the speech it replies to.
        before = before.split_off(before.len().saturating_sub(1));
    }
    let mut raised_ids: Vec<String> = Vec::new();
    for s in &before {
        for id in touched(topic, side.other(), &s.text) {
            if !raised_ids.contains(&id) {
                raised_ids.push(id);
            }
        }
    }
    let theirs_touched = touched(topic, side.other(), text);
    let mut addressed = raised_ids
        .iter()
        .filter(|id| theirs_touched.contains(id))
        .count();
    if speech.part == Part::Answer {
        // An answer also takes up the claims of its own side the questions pressed.
        if let Some(q) = before.first() {
            let mine = touched(topic, side, text);
            for id in touched(topic, side, &q.text) {
                raised_ids.push(id.clone());
                if mine.contains(&id) {
                    addressed += 1;
                }
            }
        }
    }
    let answered = (speech.part == Part::Answer).then(|| {
        let question = memory
            .speeches
            .iter()
            .rev()
            .find(|s| s.index < speech.index && s.part == Part::Question);
        match question {
            Some(q) => {
                let asked = content_words(&q.text);
                let said = content_words(text);
                let overlap = if asked.is_empty() {
                    1.0
                } else {
                    let hit = asked.iter().filter(|w| said.contains(w)).count();
                    // A third of the questions' words taken up is a full answer.
                    (hit as f64 * 3.0 / asked.len() as f64).min(1.0)
                };
                // The claims the questions were about, taken up by the answer.
                let about = touched_both(topic, &q.text);
                let answer_about = touched_both(topic, text);
                let claims = if about.is_empty() {
                    0.0
                } else {
                    about.iter().filter(|c| answer_about.contains(c)).count() as f64
                        / about.len() as f64
                };
                overlap.max(claims)
            }
            None => 1.0,
        }
    });
    let evidence = topic
        .side(side)
        .claims
        .iter()
        .filter(|c| states(&said, &c.evidence))
        .count();
    let sentences = super::text::sentences(text).len().max(1);
    let sentence_words = words as f64 / sentences as f64;
    let mut flags = Vec::new();
    if speech.part == Part::Answer && words::ends_with_question(text) {
        flags.push(Flag::CounterQuestion);
    }
    if speech.part == Part::Answer && answered.is_some_and(|a| a < 0.34) {
        flags.push(Flag::NotDirectAnswer);
    }
    if speech.part == Part::Question && !text.contains(['?', '？']) {
        flags.push(Flag::AttackerAnswered);
    }
    let motion_words = content_words(&memory.motion);
    let on_motion = content_words(text).iter().any(|w| motion_words.contains(w));
    if own_claims == 0 && theirs_touched.is_empty() && !on_motion && words >= 8 {
        flags.push(Flag::OffTopic);
    }
    if speech.part == Part::Summary && !raised_ids.is_empty() && addressed == 0 {
        flags.push(Flag::ScriptedSummary);
    }
    if INSULTS.iter().any(|i| super::text::mentions(&lower, i)) {
        flags.push(Flag::PersonalAttack);
    }
    Measures {
        words,
        target,
        over_limit: speech.over_limit(),
        own_claims,
        raised: raised_ids.len(),
        addressed,
        answered,
        sentence_words,
        evidence,
        flags,
    }
}

fn clamp(x: f64) -> u8 {
    x.round().clamp(1.0, 10.0) as u8
}

/// The scores following from the measures, and a sentence saying why.
pub fn score(topic: &Topic, memory: &Memory, speech: &Speech) -> (JudgeScores, String) {
    let m = measure(topic, memory, speech);
    let ratio = m.words as f64 / m.target as f64;
    // Limit use: 2 to 10 rising to the target, 2 over the limit.
    let use_pts = if m.over_limit {
        2.0
    } else {
        2.0 + 8.0 * ratio.min(1.0)
    };
    // Claims made: a reply needs one or two, a statement two to four. Questions are judged
    // on what they press, not on claims of their own.
    let claims = match speech.part {
        Part::Question => 1.5,
        Part::Answer | Part::Free => m.own_claims.min(2) as f64 * 1.5,
        _ => m.own_claims.min(4) as f64 * 0.75,
    };
    // The share of the claims raised that it addressed (neutral in the openings and when
    // nothing was raised).
    let addressed = if speech.part == Part::Opening || m.raised == 0 {
        0.5
    } else {
        m.addressed as f64 / m.raised as f64
    }
    .min(1.0);
    let answered = m.answered.unwrap_or(0.5 + 0.5 * addressed);
    // Evidence: the facts of its side's bank it cites (up to two count).
    let evidence = m.evidence.min(2) as f64;
    let has = |f: Flag| m.flags.contains(&f);
    let questions = speech.part == Part::Question;
    let logic = 2.0 + 1.2 * claims + 2.0 * addressed + 1.5 * answered + 0.5 * evidence;
    let persuasion = 1.5 + claims + 2.5 * addressed + 0.25 * use_pts + 0.75 * evidence;
    // Sentences of a readable length: 12–24 words best, 8–32 fair.
    let flow = if (12.0..=24.0).contains(&m.sentence_words) {
        1.0
    } else if (8.0..=32.0).contains(&m.sentence_words) {
        0.5
    } else {
        0.0
    };
    let expression = 0.6 * use_pts + 2.5 * flow + 1.0;
    let teamwork = 2.5 + claims + 2.5 * addressed + if questions { 1.0 } else { 0.0 };
    let mut rules = 10.0;
    if m.over_limit {
        rules -= 5.0;
    }
    for (flag, cost) in [
        (Flag::CounterQuestion, 4.0),
        (Flag::AttackerAnswered, 4.0),
        (Flag::NotDirectAnswer, 2.0),
        (Flag::OffTopic, 3.0),
        (Flag::ScriptedSummary, 1.0),
        (Flag::PersonalAttack, 4.0),
    ] {
        if has(flag) {
            rules -= cost;
        }
    }
    let scores = JudgeScores {
        logic: clamp(logic),
        persuasion: clamp(persuasion),
        expression: clamp(expression),
        teamwork: clamp(teamwork),
        rule_compliance: clamp(rules),
        flags: m.flags.clone(),
    };
    let mut why = format!(
        "Offline heuristic: {} of {} words{}, {} of its side's claims made",
        m.words,
        m.target,
        if m.over_limit {
            " (over the limit)"
        } else {
            ""
        },
        m.own_claims,
    );
    if m.raised > 0 && speech.part != Part::Opening {
        why.push_str(&if m.raised == 1 {
            format!(
                ", the one claim the other side made {}",
                if m.addressed > 0 {
                    "addressed"
                } else {
                    "not addressed"
                }
            )
        } else {
            format!(
                ", {} of the {} claims the other side made addressed",
                m.addressed, m.raised
            )
        });
    }
    if let Some(a) = m.answered {
        why.push_str(&format!(
            ", the questions {}",
            if a >= 0.99 {
                "answered"
            } else if a >= 0.34 {
                "partly answered"
            } else {
                "not directly answered"
            }
        ));
    }
    if !m.flags.is_empty() {
        let names: Vec<String> = m.flags.iter().map(|f| f.name().replace('_', " ")).collect();
        why.push_str(&format!("; flagged {}", names.join(", ")));
    }
    why.push('.');
    (scores, why)
}

/// The offline final review: which claims each side pressed most, from the speeches.
pub fn review(topic: &Topic, memory: &Memory) -> String {
    let mut out = format!(
        "Offline review of the debate on \"{}\", from the arguments each side made.",
        memory.motion
    );
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
        let spoke = memory.by_side(side).count();
        match counts.first() {
            None => out.push_str(&format!(
                " {} gave {spoke} speech{} without pressing a clear claim.",
                side.title(),
                if spoke == 1 { "" } else { "es" }
            )),
            Some(&(n, i)) => {
                let mut s = format!(
                    " {}'s strongest ground was that {} (made in {n} of its {spoke} speeches)",
                    side.title(),
                    lower_first(bank.claims[i].claim.trim_end_matches('.'))
                );
                if let Some(&(n2, j)) = counts.get(1) {
                    let claim = lower_first(bank.claims[j].claim.trim_end_matches('.'));
                    if n2 == n {
                        s.push_str(&format!(", and, as often, that {claim}"));
                    } else {
                        s.push_str(&format!(
                            ", with the point that {claim} close behind (made in {n2})"
                        ));
                    }
                }
                s.push('.');
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
        out.push_str(&format!(
            " {skipped} turn{} passed or missed.",
            if skipped == 1 { " was" } else { "s were" }
        ));
    }
    out
}

fn lower_first(s: &str) -> String {
    let bare = s.split_whitespace().next().unwrap_or("");
    if bare.len() > 1 && bare.chars().skip(1).any(char::is_uppercase) || bare == "I" {
        return s.to_string();
    }
    let joined = super::text::joined("", s);
    joined.trim_start().to_string()
}
