//! The record a team-debate prompt is filled with, in the table's language
//! (`locales/*/team-ai.ftl`): the public transcript, the line naming the speech to answer,
//! the team's private notes and hand-offs, and the task of a turn. The English is what the
//! golden prompts hold.

use super::{SUMMARY_WORDS, VERBATIM_WORDS};
use crate::debate::memory::{Entry, Memory};
use crate::games::debate::team::{seat_title, seat_title_in, side_of, Part, Side, Speech, Stage};
use crate::games::debate::words;
use crate::games::lang::Lang;
use crate::llm::prompts::fence;
use std::collections::BTreeSet;

/// A seat's name in `lang`: "Pro 2", "正方二辩".
pub fn seat_in(seat: crate::games::Seat, lang: Lang) -> String {
    match lang {
        Lang::En => seat_title(seat),
        lang => seat_title_in(seat, lang),
    }
}

/// A part's title in `lang`: "opening statement", "立论陈词".
pub fn part_in(part: Part, lang: Lang) -> String {
    match lang {
        Lang::En => part.title().to_string(),
        lang => lang.text(&format!("debate-part-{}", part.name()), &[]),
    }
}

/// A part's short name in `lang`, as a transcript line tags a speech: "free", "自由辩".
fn part_tag(part: Part, lang: Lang) -> String {
    match lang {
        Lang::En => part.name().to_string(),
        lang => lang.text(&format!("debate-part-short-{}", part.name()), &[]),
    }
}

/// A stage's title in `lang`: "Free debate", "自由辩论".
fn stage_in(stage: Stage, lang: Lang) -> String {
    match lang {
        Lang::En => stage.title().to_string(),
        lang => lang.text(&format!("debate-stage-{}", stage.name()), &[]),
    }
}

/// At most `max` words of `text`, counted as the rules count them (a Han character is a
/// word): an over-long speech is cut in a prompt, and says so.
fn bounded(text: &str, max: u32, lang: Lang) -> String {
    let count = words::count(text);
    if count <= max {
        text.to_string()
    } else {
        let over = (count - max).to_string();
        let shown: Vec<&str> = words::first(text, max).split_whitespace().collect();
        lang.text(
            "team-ai-cut",
            &[("shown", &shown.join(" ")), ("over", &over)],
        )
    }
}

/// The other side's latest speech before speech `before` (all of them when `None`), for
/// `side`'s speaker to answer (or the judge to read an answer against): named when the
/// transcript above shows it whole (`whole`, from [`shown_whole`]), else in full and
/// fenced; a line saying there is none yet.
pub fn reply_to(memory: &Memory, side: Side, before: Option<u32>, whole: &BTreeSet<u32>) -> String {
    let lang = memory.lang;
    let last = memory
        .speeches
        .iter()
        .rev()
        .filter(|s| before.is_none_or(|b| s.index < b))
        .find(|s| side_of(s.seat) == Some(side.other()));
    let named = |s: &Speech, id: &str| {
        let (seat, part) = (seat_in(s.seat, lang), part_in(s.part, lang));
        lang.text(id, &[("seat", &seat), ("part", &part)])
    };
    match last {
        // Shown in full above: named, not shown twice.
        Some(s) if whole.contains(&s.index) => named(s, "team-ai-reply-named"),
        Some(s) => format!(
            "{}\n{}",
            named(s, "team-ai-reply-full"),
            fence(&bounded(&s.text, shown_limit(s), lang))
        ),
        None => lang.text("team-ai-reply-none", &[]),
    }
}

/// The most of a speech a prompt shows: its limit and a tenth.
pub fn shown_limit(s: &Speech) -> u32 {
    s.limit + s.limit.div_ceil(10)
}

fn speech_line(s: &Speech, verbatim: bool, lang: Lang) -> String {
    let to = s
        .target
        .map(|t| lang.text("team-ai-speech-to", &[("seat", &seat_in(t, lang))]))
        .unwrap_or_default();
    let text = if verbatim {
        bounded(&s.text, shown_limit(s), lang)
    } else {
        crate::debate::text::summary(&s.text, SUMMARY_WORDS)
    };
    let summarized = if verbatim {
        String::new()
    } else {
        lang.text("team-ai-summarized", &[])
    };
    lang.text(
        "team-ai-speech",
        &[
            ("seat", &seat_in(s.seat, lang)),
            ("part", &part_tag(s.part, lang)),
            ("words", &s.words.to_string()),
            ("to", &to),
            ("summarized", &summarized),
            ("text", &fence(&text)),
        ],
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
    let lang = memory.lang;
    let whole = shown_whole(memory, full, before);
    let mut lines = Vec::new();
    for entry in &memory.log {
        match entry {
            Entry::Stage(stage) => {
                if *stage != Stage::Finished {
                    let stage = stage_in(*stage, lang);
                    lines.push(lang.text("team-ai-stage", &[("stage", &stage)]));
                }
            }
            Entry::Spoke(i) => {
                let s = &memory.speeches[*i];
                if before.is_some_and(|b| s.index >= b) {
                    break;
                }
                lines.push(speech_line(s, whole.contains(&s.index), lang));
            }
            Entry::Skipped { seat, part } => lines.push(lang.text(
                "team-ai-missed",
                &[
                    ("seat", &seat_in(*seat, lang)),
                    ("part", &part_in(*part, lang)),
                ],
            )),
            Entry::Rested { seat } => {
                lines.push(lang.text("team-ai-rested", &[("seat", &seat_in(*seat, lang))]))
            }
            // The team's own entries are in its private block ([`team_block`]), after
            // the record every role shares.
            Entry::Note { .. } | Entry::HandOff { .. } => {}
        }
    }
    if lines.is_empty() {
        lang.text("team-ai-nothing-yet", &[])
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
    let lang = memory.lang;
    let mut after = lang.text("team-ai-before-any", &[]);
    let mut lines = Vec::new();
    for entry in &memory.log {
        match entry {
            Entry::Spoke(i) => {
                let s = &memory.speeches[*i];
                let (seat, part) = (seat_in(s.seat, lang), part_in(s.part, lang));
                after = lang.text("team-ai-after", &[("seat", &seat), ("part", &part)]);
            }
            Entry::Note { seat, text } => lines.push(lang.text(
                "team-ai-note",
                &[
                    ("after", &after),
                    ("seat", &seat_in(*seat, lang)),
                    ("text", &fence(&bounded(text, 200, lang))),
                ],
            )),
            Entry::HandOff {
                from,
                to,
                direction,
            } => lines.push(lang.text(
                "team-ai-handed",
                &[
                    ("after", &after),
                    ("from", &seat_in(*from, lang)),
                    ("to", &seat_in(*to, lang)),
                    ("direction", &fence(&bounded(direction, 60, lang))),
                ],
            )),
            Entry::Stage(_) | Entry::Skipped { .. } | Entry::Rested { .. } => {}
        }
    }
    if lines.is_empty() {
        return String::new();
    }
    let skip = lines.len().saturating_sub(TEAM_ENTRIES);
    format!(
        "{}\n{}",
        lang.text("team-ai-team-heading", &[]),
        lines[skip..].join("\n")
    )
}

/// The words a part asks for, as the task line says it, in `lang`.
pub fn task(part: Part, side: Side, lang: Lang) -> String {
    let side = match lang {
        Lang::En => side.title().to_string(),
        lang => side.name_in(lang),
    };
    lang.text(&format!("team-ai-task-{}", part.name()), &[("side", &side)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_speech_is_cut_at_its_word_limit_in_either_language() {
        let english = "one two  three\nfour five";
        assert_eq!(bounded(english, 5, Lang::En), english);
        assert_eq!(
            bounded(english, 3, Lang::En),
            "one two three … (the rest, 2 words over, not shown)"
        );
        // A Chinese speech has no spaces: each Han character is a word.
        let chinese = "全民基本收入给每个人安全感，让人们自由选择工作。";
        assert_eq!(bounded(chinese, 30, Lang::ZhCn), chinese);
        assert_eq!(
            bounded(chinese, 6, Lang::ZhCn),
            "全民基本收入……（其余 16 字超出上限，未显示）"
        );
    }
}
