//! The moderated debate's offline moderator: each round scored by the offline judge's
//! reading (see [`super::heuristic`]), summarised by each participant's main claims in
//! their own words, with clashes only where one side took up a point the other made,
//! consensus only where a participant granted an opponent's point, and a final rubric of
//! thirteen sub-scores, each from its own measure of the whole debate and with its own
//! reason. No measure counts words: a longer speech earns nothing for its length.

use super::forms::claim_of;
use super::heuristic;
use super::moderated::{side_of, Seen};
use super::reading::{keys, read, tokens, Sentence};
use super::sources::{Checked as SourceCheck, Found};
use super::text::{lower_start, summary};
use super::topics::Topic;
use crate::games::debate::moderated::{RoundNotes, RoundScore, Rubric, CATEGORIES, RUBRIC};
use crate::games::lang::Lang;
use crate::games::Seat;

/// Phrases that grant an opponent's point.
const GRANTS: [&str; 8] = [
    "i agree",
    "we agree",
    "granted",
    "fair point",
    "admittedly",
    "it is true that",
    "common ground",
    "i accept",
];

/// The same in Chinese, found as substrings (Chinese has no spaces between words).
const GRANTS_ZH: [&str; 8] = [
    "我同意",
    "我们同意",
    "我承认",
    "诚然",
    "有道理",
    "不可否认",
    "共识",
    "我接受",
];

fn grants(text: &str) -> bool {
    let t = tokens(text).join(" ");
    GRANTS.iter().any(|g| t.contains(g)) || GRANTS_ZH.iter().any(|g| text.contains(g))
}

const INSULTS: [&str; 8] = [
    "idiot", "stupid", "moron", "liar", "fool", "dumb", "pathetic", "clown",
];

const INSULTS_ZH: [&str; 8] = [
    "白痴", "愚蠢", "蠢货", "骗子", "傻瓜", "笨蛋", "可悲", "小丑",
];

/// The main claim in `text`: its sentence of most substance (reasons, evidence, key
/// words), not a question, without a lead-in, cut to about twenty-five words (a Chinese
/// claim is quoted, cut to about forty characters).
fn main_claim(text: &str, motion: &[String], lang: Lang) -> Option<String> {
    let sentences = read(text, motion);
    let best = sentences
        .iter()
        .filter(|s| !s.question && s.keys.len() >= 2 && claim_of(&s.text).is_some())
        .max_by_key(|s| (usize::from(s.reason) + s.evidence) * 10 + s.keys.len())?;
    // What the sentence itself claims: a rejoinder's answer, without lead-ins.
    let body = claim_of(&best.text)
        .unwrap_or(&best.text)
        .trim()
        .to_string();
    if lang != Lang::En {
        let short = cut_han(&body, 40);
        let short = short.trim_end_matches(['。', '！', '；', '，']).to_string();
        return Some(lang.text("panel-note-claim-quoted", &[("claim", &short)]));
    }
    let short = summary(&body, 25);
    let short = short.trim_end_matches(['.', '!']).to_string();
    Some(match lower_start(&short) {
        Some(l) => format!("that {l}"),
        None if body.len() != best.text.trim().len() => format!("that {short}"),
        None => format!("“{short}”"),
    })
}

/// At most `n` characters of `text`, with "…" when cut.
fn cut_han(text: &str, n: usize) -> String {
    if text.chars().count() <= n {
        text.to_string()
    } else {
        let cut: String = text.chars().take(n).collect();
        // Never a comma or a colon before the ellipsis.
        let cut = cut.trim_end_matches(['，', '、', '；', '：', '。', ' ']);
        format!("{cut}…")
    }
}

/// `text` with its first letter in upper case.
fn upper_start(text: &str) -> String {
    let mut cs = text.chars();
    cs.next()
        .map(|c| c.to_uppercase().chain(cs).collect())
        .unwrap_or_default()
}

/// The speeches of `round`: (seat, text), spoken ones only.
fn of_round(seen: &Seen, round: u8) -> Vec<(Seat, &str)> {
    seen.speeches
        .iter()
        .filter(|s| s.1 == round && !s.2.is_empty())
        .map(|s| (s.0, s.2.as_str()))
        .collect()
}

/// A round's scores (0 for a skipped turn), with the judge's note as the reason.
pub fn offline_round(
    topic: &Topic,
    seen: &Seen,
    round: u8,
    checks: &[SourceCheck],
) -> (Vec<RoundScore>, RoundNotes) {
    let lang = seen.lang;
    let mut scores = vec![RoundScore::default(); seen.n as usize];
    let mut reasons = vec![lang.text("panel-note-skipped", &[]); seen.n as usize];
    let memory = &seen.bridge.memory;
    let mine = of_round(seen, round);
    let mut k = memory.speeches.len() - mine.len();
    let motion = keys(&seen.motion);
    let mut lines = Vec::new();
    for (seat, text) in &mine {
        let Some(speech) = memory.speeches.get(k) else {
            continue;
        };
        k += 1;
        let (j, comment) = heuristic::score(topic, memory, speech);
        let i = *seat as usize - 1;
        scores[i] = RoundScore {
            argument: j.logic.min(10),
            rebuttal: j.persuasion.min(10),
            strategy: (j.expression as u32 + j.rule_compliance as u32)
                .div_ceil(2)
                .min(10) as u8,
        };
        reasons[i] = comment;
        let seat_no = seat.to_string();
        match main_claim(text, &motion, lang) {
            Some(c) => {
                let stop = match lang {
                    Lang::En if c.ends_with('…') || c.ends_with('”') => "",
                    Lang::En => ".",
                    Lang::ZhCn => "。",
                };
                let argued = lang.text("panel-note-argued", &[("seat", &seat_no), ("claim", &c)]);
                lines.push(format!("{argued}{stop}"))
            }
            None => lines.push(lang.text("panel-note-no-claim", &[("seat", &seat_no)])),
        }
    }
    let sources = if checks.is_empty() {
        vec![lang.text("panel-note-no-sources", &[])]
    } else {
        checks.iter().map(SourceCheck::line).collect()
    };
    let (clashes, consensus) = meetings(seen, round, &motion);
    let notes = RoundNotes {
        summary: if lines.is_empty() {
            lang.text("panel-note-nobody", &[])
        } else {
            lines.join(if lang == Lang::En { " " } else { "" })
        },
        clashes,
        consensus,
        sources,
        reasons,
    };
    (scores, notes)
}

/// Where the sides met this round: a clash where a participant's sentence took up a point
/// an opponent made (this round or the one before); consensus where that sentence granted
/// it. At most three of each.
fn meetings(seen: &Seen, round: u8, motion: &[String]) -> (Vec<String>, Vec<String>) {
    let lang = seen.lang;
    let mut clashes = Vec::new();
    let mut consensus = Vec::new();
    // Who answered whom already: one clash a pair.
    let mut answered: Vec<(Seat, Seat)> = Vec::new();
    let before: Vec<(Seat, &str)> = of_round(seen, round.saturating_sub(1));
    let now = of_round(seen, round);
    for (i, (seat, text)) in now.iter().enumerate() {
        let side = side_of(*seat);
        let heard: Vec<(Seat, Sentence)> = before
            .iter()
            .chain(now[..i].iter())
            .filter(|(s, _)| side_of(*s) != side)
            .flat_map(|(s, t)| read(t, motion).into_iter().map(move |x| (*s, x)))
            .filter(|(_, x)| x.is_point() && claim_of(&x.text).is_some())
            .collect();
        for sentence in read(text, motion) {
            let Some((by, point)) = heard.iter().find(|(_, p)| sentence.takes_up(p)) else {
                continue;
            };
            // What the point claims (a rejoinder's answer), as its speaker put it.
            let claim = claim_of(&point.text).unwrap_or(&point.text);
            let about = match lang {
                Lang::En => summary(&upper_start(claim), 10),
                Lang::ZhCn => cut_han(claim.trim_end_matches(['。', '！', '？', '；']), 16),
            };
            let args = [
                ("seat", seat.to_string()),
                ("by", by.to_string()),
                ("about", about),
            ];
            let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
            if grants(&sentence.text) {
                if consensus.len() < 3 {
                    consensus.push(lang.text("panel-note-granted", &args));
                }
            } else if clashes.len() < 3 && !answered.contains(&(*seat, *by)) {
                answered.push((*seat, *by));
                clashes.push(lang.text("panel-note-answered", &args));
            }
        }
    }
    (clashes, consensus)
}

/// What one participant did over the whole debate, from the judge's reading.
#[derive(Default)]
struct Record {
    speeches: usize,
    fresh: usize,
    substantive: usize,
    reasons: usize,
    evidence: usize,
    /// Their points taken up, and the speeches that had points to take up.
    engaged: f64,
    answerable: usize,
    counter: usize,
    signposts: usize,
    off_motion: usize,
    flow: f64,
    insults: usize,
    grants: usize,
    texts: Vec<String>,
}

fn record(seen: &Seen, seat: Seat) -> Record {
    let memory = &seen.bridge.memory;
    let motion = keys(&seen.motion);
    let mut r = Record::default();
    let spoken = seen.speeches.iter().filter(|s| !s.2.is_empty());
    for ((p, _, text), speech) in spoken.zip(&memory.speeches) {
        if *p != seat {
            continue;
        }
        let m = heuristic::measure(memory, speech).reading;
        r.speeches += 1;
        r.texts.push(text.clone());
        r.fresh += m.sentences - m.repeated - m.brief;
        r.substantive += m.substantive;
        r.reasons += m.reasons;
        r.evidence += m.evidence;
        if m.raised > 0 {
            r.answerable += 1;
            r.engaged += m.engagement(3);
        }
        r.signposts += m.signposts;
        r.off_motion += usize::from(!m.on_motion);
        r.flow += if (10.0..=26.0).contains(&m.sentence_words) {
            1.0
        } else {
            0.5
        };
        let lower = tokens(text).join(" ");
        r.insults += INSULTS.iter().filter(|i| lower.contains(*i)).count()
            + INSULTS_ZH.iter().filter(|i| text.contains(*i)).count();
        r.grants += usize::from(grants(text) && m.taken_up > 0);
        r.counter += read(text, &motion)
            .iter()
            .filter(|s| s.evidence > 0 && s.contrast)
            .count();
    }
    r
}

fn share(x: f64, of: f64) -> f64 {
    if of <= 0.0 {
        0.0
    } else {
        (x / of).min(1.0)
    }
}

/// The final rubric: each participant's thirteen sub-scores from their whole debate, and
/// per category a reason naming each sub-score and the measure it came from.
pub fn offline_final(seen: &Seen, checks: &[SourceCheck]) -> (Vec<Rubric>, Vec<Vec<String>>) {
    let lang = seen.lang;
    let t = |id: &str, args: &[(&str, &str)]| lang.text(id, args);
    let mut rubrics = Vec::new();
    let mut reasons = Vec::new();
    for seat in 1..=seen.n {
        let r = record(seen, seat);
        if r.speeches == 0 {
            // Nothing said: nothing to score, in every category.
            rubrics.push(Rubric::default());
            reasons.push(
                CATEGORIES
                    .iter()
                    .map(|(_, _, max)| t("panel-rubric-none", &[("max", &max.to_string())]))
                    .collect(),
            );
            continue;
        }
        let n = r.speeches.max(1) as f64;
        let failed = checks
            .iter()
            .filter(|c| {
                c.found == Found::NotFound && r.texts.iter().any(|t| t.contains(&c.citation.url))
            })
            .count();
        let engaged = if r.answerable == 0 {
            0.5
        } else {
            r.engaged / r.answerable as f64
        };
        let on_motion = 1.0 - r.off_motion as f64 / n;
        let precision = share(r.substantive as f64, r.fresh as f64);
        let num = |x: usize| x.to_string();
        let values: [(f64, String); 13] = [
            (
                share(r.evidence as f64, 2.0 * n),
                t(
                    "panel-m-evidence",
                    &[("n", &num(r.evidence)), ("speeches", &num(r.speeches))],
                ),
            ),
            (
                share(r.reasons as f64, 1.5 * n),
                t("panel-m-reasons", &[("n", &num(r.reasons))]),
            ),
            (
                (on_motion + engaged) / 2.0,
                t(
                    "panel-m-on-motion",
                    &[
                        ("on", &num(r.speeches - r.off_motion)),
                        ("speeches", &num(r.speeches)),
                    ],
                ),
            ),
            (
                share(r.substantive as f64, 4.0 * n),
                t(
                    "panel-m-substance",
                    &[
                        ("n", &num(r.substantive)),
                        ("per", &format!("{:.0}", r.substantive as f64 / n)),
                    ],
                ),
            ),
            (
                precision,
                t(
                    "panel-m-precision",
                    &[("n", &num(r.substantive)), ("fresh", &num(r.fresh))],
                ),
            ),
            (
                share(r.counter as f64, n),
                t("panel-m-counter", &[("n", &num(r.counter))]),
            ),
            (
                (precision + share(r.signposts as f64, n)) / 2.0,
                t("panel-m-signposts", &[("n", &num(r.signposts))]),
            ),
            (
                engaged,
                t(
                    "panel-m-engaged",
                    &[("percent", &format!("{:.0}", engaged * 100.0))],
                ),
            ),
            (
                r.flow / n,
                t(
                    if r.flow / n < 0.9 {
                        "panel-m-readable-mostly"
                    } else {
                        "panel-m-readable"
                    },
                    &[],
                ),
            ),
            (
                (share(r.reasons as f64, n) + share(r.evidence as f64, n)) / 2.0,
                t("panel-m-together", &[]),
            ),
            (
                if r.insults > 0 { 0.2 } else { 1.0 },
                if r.insults > 0 {
                    t("panel-m-insults", &[("n", &num(r.insults))])
                } else {
                    t("panel-m-no-insults", &[])
                },
            ),
            (
                if r.grants > 0 { 1.0 } else { 0.6 },
                if r.grants > 0 {
                    t("panel-m-grants", &[("n", &num(r.grants))])
                } else {
                    t("panel-m-no-grants", &[])
                },
            ),
            (
                if failed > 0 {
                    0.3
                } else if r.evidence > 0 {
                    1.0
                } else {
                    0.6
                },
                if failed > 0 {
                    t("panel-m-not-found", &[("n", &num(failed))])
                } else if r.evidence > 0 {
                    t("panel-m-unchallenged", &[])
                } else {
                    t("panel-m-nothing-to-check", &[])
                },
            ),
        ];
        let mut rubric = Rubric::default();
        for (k, spec) in RUBRIC.iter().enumerate() {
            rubric.0[k] = ((values[k].0 * spec.max as f64).round() as u8).min(spec.max);
        }
        reasons.push(
            CATEGORIES
                .iter()
                .enumerate()
                .map(|(c, (_, _, max))| {
                    let parts: Vec<String> = RUBRIC
                        .iter()
                        .enumerate()
                        .filter(|(_, s)| s.category == c)
                        .map(|(k, s)| {
                            t(
                                "panel-rubric-part",
                                &[
                                    ("title", &t(&format!("panel-sub-{}", s.name), &[])),
                                    ("score", &rubric.0[k].to_string()),
                                    ("max", &s.max.to_string()),
                                    ("why", &values[k].1),
                                ],
                            )
                        })
                        .collect();
                    let sep = if lang == Lang::En { "; " } else { "；" };
                    t(
                        "panel-rubric-category",
                        &[
                            ("score", &rubric.category(c).to_string()),
                            ("max", &max.to_string()),
                            ("parts", &parts.join(sep)),
                        ],
                    )
                })
                .collect(),
        );
        rubrics.push(rubric);
    }
    (rubrics, reasons)
}
