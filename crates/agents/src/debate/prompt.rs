//! The debate prompts: files in `content/prompts/debate/` (built-in copies compiled in,
//! placeholders checked at startup), and the text that fills them from a seat's
//! [`Memory`](super::memory::Memory) (`prompt/record.rs`, in the table's language). Prompts stay bounded however the debate goes: earlier stages reach a model as
//! short extractive summaries (a speech's first sentence, at most [`SUMMARY_WORDS`] words),
//! the current stage verbatim (its latest [`VERBATIM_WORDS`] words), and no speech longer
//! than its limit and a tenth. Every
//! debater's text is [`fence`](crate::llm::prompts::fence)d: one JSON string with control tags and role markers removed.
//! A team's notes and hand-offs are in a memory only when its seat was shown them, so they
//! reach only that team's prompts.

use super::topics::Topic;
use crate::config::ConfigError;
use crate::games::debate::team::Side;
use crate::games::lang::Lang;
use crate::llm::prompts::{PromptSet, PromptSpec};
use std::path::Path;

mod record;
pub use record::{
    part_in, reply_to, seat_in, shown_limit, shown_whole, task, team_block, transcript,
};

/// The longest summary of an earlier speech, in words.
pub const SUMMARY_WORDS: usize = 40;

/// The most words of the current stage a prompt shows verbatim (the latest speeches): all
/// of a stage at the full limits, bar the oldest free-debate speeches when every one runs
/// to its limit.
pub const VERBATIM_WORDS: u32 = 1800;

/// One prompt file of `content/prompts/debate/<folder>`: `""` for the English ones,
/// `"zh-CN/"` for the Chinese ones (named `zh-CN/<name>`).
macro_rules! prompt {
    ($folder:literal, $name:literal, $($p:literal),*) => {
        PromptSpec {
            name: concat!($folder, $name),
            builtin: include_str!(concat!(
                "../../../../content/prompts/debate/",
                $folder,
                $name,
                ".md"
            )),
            placeholders: &[$($p),*],
        }
    };
}

/// Every debate prompt in `folder` with the placeholders it may use, listed once for
/// every language.
macro_rules! prompts_in {
    ($folder:literal) => {
        [
            prompt!($folder, "table", "motion"),
            prompt!(
                $folder,
                "debater",
                "seat",
                "side",
                "stance",
                "personality",
                "style",
                "bank"
            ),
            prompt!(
                $folder,
                "debater_turn",
                "transcript",
                "role",
                "team",
                "reply_to",
                "task",
                "limit"
            ),
            prompt!(
                $folder,
                "captain",
                "side",
                "stance",
                "clock",
                "team",
                "notes",
                "transcript",
                "seats"
            ),
            prompt!($folder, "judge",),
            prompt!(
                $folder,
                "judge_turn",
                "transcript",
                "role",
                "reply_to",
                "speaker",
                "part",
                "words",
                "limit"
            ),
            prompt!($folder, "review", "transcript"),
            prompt!($folder, "moderated_table", "motion", "rounds", "format"),
            prompt!(
                $folder,
                "moderated_debater",
                "seat",
                "stance",
                "personality",
                "style",
                "bank"
            ),
            prompt!(
                $folder,
                "moderated_turn",
                "transcript",
                "role",
                "round",
                "task",
                "limit"
            ),
            prompt!($folder, "moderator", "format"),
            prompt!(
                $folder,
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
                $folder,
                "moderator_final",
                "presented",
                "transcript",
                "earlier",
                "sources"
            ),
            prompt!($folder, "social_table", "motion"),
            prompt!(
                $folder,
                "social_debater",
                "seat",
                "stance",
                "conviction",
                "personality",
                "style",
                "bank"
            ),
            prompt!(
                $folder,
                "social_turn",
                "transcript",
                "role",
                "active",
                "round",
                "limit"
            ),
            prompt!($folder, "evaluator",),
            prompt!(
                $folder,
                "evaluator_turn",
                "transcript",
                "role",
                "speaker",
                "speech",
                "targets"
            ),
        ]
    };
}

/// Every debate prompt file and the placeholders it may use: the English ones, then the
/// Chinese ones (`zh-CN/<name>`, from `content/prompts/debate/zh-CN/`, the same
/// placeholders), which a table held in Chinese renders in place of the English ones (see
/// [`Table::keyed`](super::Table::keyed)).
pub fn debate_prompt_specs() -> Vec<PromptSpec> {
    let mut specs = Vec::from(prompts_in!(""));
    specs.extend(prompts_in!("zh-CN/"));
    specs
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
