//! The debate prompts: files in `content/prompts/debate/` (built-in copies compiled in,
//! placeholders checked at startup), and the text that fills them from a seat's
//! [`Memory`]. Prompts stay bounded however the debate goes: earlier stages reach a model as
//! short extractive summaries (a speech's first sentence, at most [`SUMMARY_WORDS`] words),
//! the current stage verbatim (its latest [`VERBATIM_WORDS`] words), and no speech longer
//! than its limit and a tenth. Every
//! debater's text is [`fence`]d: one JSON string with control tags and role markers removed.
//! A team's notes and hand-offs are in a memory only when its seat was shown them, so they
//! reach only that team's prompts.

use super::memory::{Entry, Memory};
use super::topics::Topic;
use crate::config::ConfigError;
use crate::games::debate::team::{seat_title, side_of, Part, Side, Speech, Stage};
use crate::games::lang::Lang;
use crate::llm::prompts::{fence, PromptSet, PromptSpec};
use std::collections::BTreeSet;
use std::path::Path;

/// The longest summary of an earlier speech, in words.
pub const SUMMARY_WORDS: usize = 40;

/// The most words of the current stage a prompt shows verbatim (the latest speeches): all
/// of a stage at the full limits, bar the oldest free-debate speeches when every one runs
/// to its limit.
pub const VERBATIM_WORDS: u32 = 1800;

macro_rules! prompt {
    ($name:literal, $($p:literal),*) => {
        PromptSpec {
            name: $name,
            builtin: include_str!(concat!("../../../../content/prompts/debate/", $name, ".md")),
            placeholders: &[$($p),*],
        }
    };
}

macro_rules! prompt_zh {
    ($name:literal, $($p:literal),*) => {
        PromptSpec {
            name: concat!("zh-CN/", $name),
            builtin: include_str!(concat!("../../../../content/prompts/debate/zh-CN/", $name, ".md")),
            placeholders: &[$($p),*],
        }
    };
}

/// Every debate prompt file and the placeholders it may use: the English ones, then the
/// Chinese ones (`zh-CN/<name>`, from `content/prompts/debate/zh-CN/`, the same
/// placeholders), which a table held in Chinese renders in place of the English ones (see
/// [`Table::keyed`](super::Table::keyed)).
pub fn debate_prompt_specs() -> Vec<PromptSpec> {
    let mut specs = english_specs();
    specs.extend(chinese_specs());
    specs
}

/// The Chinese prompts: one for every English one, the same placeholders.
fn chinese_specs() -> Vec<PromptSpec> {
    vec![
        prompt_zh!("table", "motion"),
        prompt_zh!(
            "debater",
            "seat",
            "side",
            "stance",
            "personality",
            "style",
            "bank"
        ),
        prompt_zh!(
            "debater_turn",
            "transcript",
            "role",
            "team",
            "reply_to",
            "task",
            "limit"
        ),
        prompt_zh!(
            "captain",
            "side",
            "stance",
            "clock",
            "team",
            "notes",
            "transcript",
            "seats"
        ),
        prompt_zh!("judge",),
        prompt_zh!(
            "judge_turn",
            "transcript",
            "role",
            "reply_to",
            "speaker",
            "part",
            "words",
            "limit"
        ),
        prompt_zh!("review", "transcript"),
        prompt_zh!("moderated_table", "motion", "rounds", "format"),
        prompt_zh!(
            "moderated_debater",
            "seat",
            "stance",
            "personality",
            "style",
            "bank"
        ),
        prompt_zh!(
            "moderated_turn",
            "transcript",
            "role",
            "round",
            "task",
            "limit"
        ),
        prompt_zh!("moderator", "format"),
        prompt_zh!(
            "moderator_round",
            "earlier",
            "round",
            "order",
            "presented",
            "speeches",
            "sources",
            "grouping"
        ),
        prompt_zh!(
            "moderator_final",
            "presented",
            "transcript",
            "earlier",
            "sources"
        ),
        prompt_zh!("social_table", "motion"),
        prompt_zh!(
            "social_debater",
            "seat",
            "stance",
            "conviction",
            "personality",
            "style",
            "bank"
        ),
        prompt_zh!(
            "social_turn",
            "transcript",
            "role",
            "active",
            "round",
            "limit"
        ),
        prompt_zh!("evaluator",),
        prompt_zh!(
            "evaluator_turn",
            "transcript",
            "role",
            "speaker",
            "speech",
            "targets"
        ),
    ]
}

/// The English prompts.
fn english_specs() -> Vec<PromptSpec> {
    vec![
        prompt!("table", "motion"),
        prompt!(
            "debater",
            "seat",
            "side",
            "stance",
            "personality",
            "style",
            "bank"
        ),
        prompt!(
            "debater_turn",
            "transcript",
            "role",
            "team",
            "reply_to",
            "task",
            "limit"
        ),
        prompt!(
            "captain",
            "side",
            "stance",
            "clock",
            "team",
            "notes",
            "transcript",
            "seats"
        ),
        prompt!("judge",),
        prompt!(
            "judge_turn",
            "transcript",
            "role",
            "reply_to",
            "speaker",
            "part",
            "words",
            "limit"
        ),
        prompt!("review", "transcript"),
        prompt!("moderated_table", "motion", "rounds", "format"),
        prompt!(
            "moderated_debater",
            "seat",
            "stance",
            "personality",
            "style",
            "bank"
        ),
        prompt!(
            "moderated_turn",
            "transcript",
            "role",
            "round",
            "task",
            "limit"
        ),
        prompt!("moderator", "format"),
        prompt!(
            "moderator_round",
            "earlier",
            "round",
            "order",
            "presented",
            "speeches",
            "sources",
            "grouping"
        ),
        prompt!(
            "moderator_final",
            "presented",
            "transcript",
            "earlier",
            "sources"
        ),
        prompt!("social_table", "motion"),
        prompt!(
            "social_debater",
            "seat",
            "stance",
            "conviction",
            "personality",
            "style",
            "bank"
        ),
        prompt!(
            "social_turn",
            "transcript",
            "role",
            "active",
            "round",
            "limit"
        ),
        prompt!("evaluator",),
        prompt!(
            "evaluator_turn",
            "transcript",
            "role",
            "speaker",
            "speech",
            "targets"
        ),
    ]
}

/// Loads the debate prompts from `content_dir/prompts/debate/` (built-in copies for the
/// files it lacks), checking their placeholders.
pub fn load_prompts(content_dir: Option<&Path>) -> Result<PromptSet, ConfigError> {
    let dir = content_dir.map(|d| d.join("prompts"));
    PromptSet::load(dir.as_deref(), "debate", &debate_prompt_specs())
}

/// "for" or "against".
pub fn stance(side: Side) -> &'static str {
    match side {
        Side::Pro => "for",
        Side::Con => "against",
    }
}

/// [`stance`] in `lang`: "for", "支持".
pub fn stance_in(side: Side, lang: Lang) -> String {
    match lang {
        Lang::En => stance(side).to_string(),
        Lang::ZhCn => lang.text(
            match side {
                Side::Pro => "panel-for",
                Side::Con => "panel-against",
            },
            &[],
        ),
    }
}

/// A side's argument bank as prompt lines: framing, claims with evidence, rebuttals (named
/// by the other side's claim keywords), and the prepared questions when `questions`.
pub fn bank_text(topic: &Topic, side: Side, questions: bool) -> String {
    let bank = topic.side(side);
    let other = topic.side(side.other());
    let lang = topic.lang;
    if lang != Lang::En {
        return bank_text_in(topic, side, questions, lang);
    }
    let mut out = format!("Framing: {}\nClaims:\n", bank.framing);
    for c in &bank.claims {
        out.push_str(&format!("- {} ({})\n", c.claim, c.evidence));
    }
    out.push_str("Rebuttals, by the other side's point:\n");
    for r in &bank.rebuttals {
        let on = other.claim(&r.answers).map_or(String::new(), |c| {
            c.keywords
                .iter()
                .take(2)
                .cloned()
                .collect::<Vec<_>>()
                .join(", ")
        });
        out.push_str(&format!("- On {on}: {}\n", r.text));
    }
    if questions {
        out.push_str("Questions you might ask:\n");
        for q in &bank.questions {
            out.push_str(&format!("- {}\n", q.text));
        }
    }
    out.trim_end().to_string()
}

/// [`bank_text`] with its headings in `lang` (`debate-llm-bank-*` in `panel.ftl`).
fn bank_text_in(topic: &Topic, side: Side, questions: bool, lang: Lang) -> String {
    let bank = topic.side(side);
    let other = topic.side(side.other());
    let t = |id: &str, args: &[(&str, &str)]| lang.text(id, args);
    let mut out = vec![t("debate-llm-bank-framing", &[("framing", &bank.framing)])];
    out.push(t("debate-llm-bank-claims", &[]));
    for c in &bank.claims {
        out.push(t(
            "debate-llm-bank-claim",
            &[("claim", &c.claim), ("evidence", &c.evidence)],
        ));
    }
    out.push(t("debate-llm-bank-rebuttals", &[]));
    for r in &bank.rebuttals {
        let on = other.claim(&r.answers).map_or(String::new(), |c| {
            c.keywords
                .iter()
                .take(2)
                .cloned()
                .collect::<Vec<_>>()
                .join("、")
        });
        out.push(t(
            "debate-llm-bank-rebuttal",
            &[("on", &on), ("text", &r.text)],
        ));
    }
    if questions {
        out.push(t("debate-llm-bank-questions", &[]));
        for q in &bank.questions {
            out.push(format!("- {}", q.text));
        }
    }
    out.join("\n")
}

/// At most `max` words of `text` (an over-long speech is cut in a prompt, and says so).
fn bounded(text: &str, max: u32) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() as u32 <= max {
        text.to_string()
    } else {
        format!(
            "{} … (the rest, {} words over, not shown)",
            words[..max as usize].join(" "),
            words.len() as u32 - max
        )
    }
}

/// The other side's latest speech before speech `before` (all of them when `None`), for
/// `side`'s speaker to answer (or the judge to read an answer against): named when the
/// transcript above shows it whole (`whole`, from [`shown_whole`]), else in full and
/// fenced; a line saying there is none yet.
pub fn reply_to(memory: &Memory, side: Side, before: Option<u32>, whole: &BTreeSet<u32>) -> String {
    let last = memory
        .speeches
        .iter()
        .rev()
        .filter(|s| before.is_none_or(|b| s.index < b))
        .find(|s| side_of(s.seat) == Some(side.other()));
    match last {
        // Shown in full above: named, not shown twice.
        Some(s) if whole.contains(&s.index) => format!(
            "The other side's latest speech is {}'s {} above: answer it.",
            seat_title(s.seat),
            s.part.title()
        ),
        Some(s) => format!(
            "The other side's latest speech, {}'s {}, in full:\n{}",
            seat_title(s.seat),
            s.part.title(),
            fence(&bounded(&s.text, shown_limit(s)))
        ),
        None => "The other side has not spoken yet.".into(),
    }
}

/// The most of a speech a prompt shows: its limit and a tenth.
pub fn shown_limit(s: &Speech) -> u32 {
    s.limit + s.limit.div_ceil(10)
}

fn speech_line(s: &Speech, verbatim: bool) -> String {
    let to = s
        .target
        .map(|t| format!(", to {}", seat_title(t)))
        .unwrap_or_default();
    let text = if verbatim {
        bounded(&s.text, shown_limit(s))
    } else {
        super::text::summary(&s.text, SUMMARY_WORDS)
    };
    format!(
        "- {} ({}, {} words{to}{}): {}",
        seat_title(s.seat),
        s.part.name(),
        s.words,
        if verbatim { "" } else { ", summarized" },
        fence(&text)
    )
}

/// The speeches [`transcript`] shows whole (by index): the stage `full`'s latest, within
/// [`VERBATIM_WORDS`]. The window moves in jumps (when a speech would overfill it, the
/// oldest leave until it is half full), so the record stays the same text from call to
/// call between jumps.
pub fn shown_whole(memory: &Memory, full: Option<Stage>, before: Option<u32>) -> BTreeSet<u32> {
    let shown: Vec<&Speech> = memory
        .speeches
        .iter()
        .filter(|s| before.is_none_or(|b| s.index < b) && Some(s.stage()) == full)
        .collect();
    let mut start = 0;
    let mut used = 0;
    for (i, s) in shown.iter().enumerate() {
        used += s.words.min(shown_limit(s));
        if used > VERBATIM_WORDS {
            while start < i && used > VERBATIM_WORDS / 2 {
                used -= shown[start].words.min(shown_limit(shown[start]));
                start += 1;
            }
        }
    }
    shown[start..].iter().map(|s| s.index).collect()
}

/// The public record, in order, the same for every role at the table (so a prompt cache
/// serves it to each in turn): the stage `full` verbatim (`None`: every stage
/// summarized), the others summarized; only speeches with an index below `before` when
/// given. The verbatim stage shows its latest speeches whole up to [`VERBATIM_WORDS`] in
/// all, older ones of it summarized.
pub fn transcript(memory: &Memory, full: Option<Stage>, before: Option<u32>) -> String {
    let whole = shown_whole(memory, full, before);
    let mut lines = Vec::new();
    for entry in &memory.log {
        match entry {
            Entry::Stage(stage) => {
                if *stage != Stage::Finished {
                    lines.push(format!("({})", stage.title()));
                }
            }
            Entry::Spoke(i) => {
                let s = &memory.speeches[*i];
                if before.is_some_and(|b| s.index >= b) {
                    break;
                }
                lines.push(speech_line(s, whole.contains(&s.index)));
            }
            Entry::Skipped { seat, part } => lines.push(format!(
                "- ({} missed the {})",
                seat_title(*seat),
                part.title()
            )),
            Entry::Rested { seat } => lines.push(format!(
                "- ({} rested their team's case: its clock was given up)",
                seat_title(*seat)
            )),
            // The team's own entries are in its private block ([`team_block`]), after
            // the record every role shares.
            Entry::Note { .. } | Entry::HandOff { .. } => {}
        }
    }
    if lines.is_empty() {
        "(nothing has been said yet)".into()
    } else {
        lines.join("\n")
    }
}

/// The most team notes and hand-offs a private block shows (the latest).
const TEAM_ENTRIES: usize = 8;

/// The seat's team's notes and hand-offs (its latest [`TEAM_ENTRIES`]), each after the
/// speech it followed: the seat's private part of a prompt, after the shared record; empty
/// when the team has none.
pub fn team_block(memory: &Memory) -> String {
    let mut after = "before any speech".to_string();
    let mut lines = Vec::new();
    for entry in &memory.log {
        match entry {
            Entry::Spoke(i) => {
                let s = &memory.speeches[*i];
                after = format!("after {}'s {}", seat_title(s.seat), s.part.title());
            }
            Entry::Note { seat, text } => lines.push(format!(
                "- ({after}) note from {}: {}",
                seat_title(*seat),
                fence(&bounded(text, 200))
            )),
            Entry::HandOff {
                from,
                to,
                direction,
            } => lines.push(format!(
                "- ({after}) {} handed the floor to {}: {}",
                seat_title(*from),
                seat_title(*to),
                fence(&bounded(direction, 60))
            )),
            Entry::Stage(_) | Entry::Skipped { .. } | Entry::Rested { .. } => {}
        }
    }
    if lines.is_empty() {
        return String::new();
    }
    let skip = lines.len().saturating_sub(TEAM_ENTRIES);
    format!(
        "Your team's notes and hand-offs (to your team only, latest last):\n{}",
        lines[skip..].join("\n")
    )
}

/// The words a part asks for, as the task line says it.
pub fn task(part: Part, side: Side) -> String {
    match part {
        Part::Opening => format!(
            "the opening statement for {}: frame the motion for your side and make your main claims with evidence.",
            side.title()
        ),
        Part::Question => "cross-examination. Ask at least three pointed questions, and choose which of the two named opponents answers them. Only ask: do not make statements or answer your own questions.".into(),
        Part::Answer => "answer the questions just put to you (the last speech above). Answer each one directly; never ask a question back.".into(),
        Part::Summary => "the cross-examination summary for your side: what the questions and answers showed, point by point. Do not just repeat your opening.".into(),
        Part::Free => "a free-debate speech: reply to the other side's last speech, then press your side's case.".into(),
        Part::Closing => "the closing statement: the main clash of the debate and why your side won it. No new evidence.".into(),
    }
}
