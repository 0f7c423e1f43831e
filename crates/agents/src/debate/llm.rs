//! The debate roles played by a language model, each decision one call through
//! [`model::decide`] (a JSON schema, the reply checked against all of it, one repair, then
//! the offline player's answer, recorded in the note):
//!
//! - a debater's speech `{"speech"}`, or a cross-examiner's `{"target", "questions"}`: a
//!   reply over its limit by more than a tenth is asked again once (within a tenth it is
//!   kept; the rules penalise what is over); an answer ending in a question is asked again;
//! - the captain's `{"speaker", "direction"}` (`pro2` or `pro_2`), once per free-debate turn
//!   of a model team, then the chosen debater's speech when it is the seat asked;
//! - the judge's labels per speech (five integers 1–10, the six flags, one sentence), and
//!   the final review `{"review"}`.

use super::memory::Memory;
use super::prompt::{self, bank_text, part_in, seat_in, stance_in, transcript};
use super::topics::Topic;
use super::Personality;
use crate::games::debate::team::{
    parse_seat, seat_name, side_of, Action, Flag, JudgeScores, Part, Side, Speech,
};
use crate::games::debate::words;
use crate::games::{Lang, Seat};
use crate::llm::prompts::{fence, strip_control, PromptSet};
use crate::llm::{Client, Message, Request};
use crate::model::Checked;
pub use crate::model::{
    answer_with, call, checked, merge_notes, object, object_schema, text_field,
};
use crate::Answer;
use serde_json::{json, Value};
use std::sync::Arc;

/// A model client and the prompts, for one role.
#[derive(Clone)]
pub struct Model {
    pub client: Client,
    pub prompts: Arc<PromptSet>,
}

/// The longest judge's comment and captain's direction kept, in characters.
const COMMENT_CHARS: usize = 400;
const DIRECTION_CHARS: usize = 200;
const REVIEW_CHARS: usize = 3000;

/// The most tokens a judge's labels or review may take: room for its quotes.
const REVIEW_TOKENS: u32 = 800;

pub fn speech_schema() -> Value {
    object_schema(json!({"speech": {"type": "string", "minLength": 1}}))
}

/// Every debater's seat name, `pro1` … `con4`: the enum of a schema that names a seat, the
/// same for every ask of its kind (which seats are valid now is in the ask's text and
/// checked in code), so a provider's prompt cache can serve the schema with the prompt.
fn every_seat() -> Vec<String> {
    Side::Pro
        .seats()
        .into_iter()
        .chain(Side::Con.seats())
        .map(seat_name)
        .collect()
}

pub fn questions_schema() -> Value {
    object_schema(json!({
        "target": {"enum": every_seat()},
        "questions": {"type": "string", "minLength": 1},
    }))
}

pub fn captain_schema() -> Value {
    object_schema(json!({
        "speaker": {"enum": every_seat()},
        "direction": {"type": "string", "maxLength": DIRECTION_CHARS},
    }))
}

/// The system message of every team-debate role at a table (debaters, captains, the judge,
/// the review): the motion, how the debate runs and how it is scored. The same text for
/// all, so a prompt cache serves it, and the transcript after it, to each role in turn.
pub fn table_system(prompts: &PromptSet, motion: &str) -> String {
    prompts.render("table", &[("motion", motion)])
}

pub fn judge_schema() -> Value {
    let criterion = json!({"type": "integer", "minimum": 1, "maximum": 10});
    let flags: Vec<&str> = Flag::ALL.iter().map(|f| f.name()).collect();
    object_schema(json!({
        "logic": criterion,
        "persuasion": criterion,
        "expression": criterion,
        "teamwork": criterion,
        "rule_compliance": criterion,
        "flags": {"type": "array", "items": {"enum": flags}, "maxItems": 6},
        "comment": {"type": "string", "maxLength": COMMENT_CHARS},
    }))
}

pub fn review_schema() -> Value {
    object_schema(json!({"review": {"type": "string", "minLength": 1, "maxLength": REVIEW_CHARS}}))
}

/// A speech of at most `limit` words: over by more than a tenth is an error (asked again);
/// within a tenth it is kept as written.
pub(super) fn within(text: &str, limit: u32, what: &str) -> Result<(), String> {
    let n = words::count(text);
    if n as f64 > limit as f64 * 1.1 {
        return Err(format!(
            "the {what} has {n} words, far over the limit of {limit}: write it again within {limit} words"
        ));
    }
    Ok(())
}

/// Reads a speech reply for `part` within `limit` words.
pub fn check_speech(content: &str, part: Part, limit: u32) -> Result<Checked<String>, String> {
    let obj = object(content, &["speech"])?;
    let text = text_field(&obj, "speech")?;
    within(&text, limit, "speech")?;
    if part == Part::Answer && words::ends_with_question(&text) {
        return Err(
            "an answer must not end with a question (a counter-question is penalised): answer directly"
                .into(),
        );
    }
    Ok(checked(text))
}

/// Reads a cross-examiner's reply: one of `targets` and questions within `limit` words.
pub fn check_questions(
    content: &str,
    targets: [Seat; 2],
    limit: u32,
) -> Result<Checked<(Seat, String)>, String> {
    let obj = object(content, &["target", "questions"])?;
    let allowed = format!("{} or {}", seat_name(targets[0]), seat_name(targets[1]));
    let target = obj["target"]
        .as_str()
        .and_then(parse_seat)
        .ok_or_else(|| format!("\"target\" must be {allowed}, not {}", obj["target"]))?;
    if !targets.contains(&target) {
        return Err(format!(
            "{} cannot answer now: \"target\" must be {allowed}",
            seat_name(target)
        ));
    }
    let text = text_field(&obj, "questions")?;
    within(&text, limit, "questions")?;
    if !text.contains(['?', '？']) {
        return Err("ask questions (each ending with '?'), not statements".into());
    }
    Ok(checked((target, text)))
}

/// Reads the captain's reply: a debater of `side` (`pro2`, `pro_2`, `Pro 2`) and a
/// direction (cut to its length).
pub fn check_captain(content: &str, side: Side) -> Result<Checked<(Seat, String)>, String> {
    let obj = object(content, &["speaker", "direction"])?;
    let seats: Vec<String> = side.seats().into_iter().map(seat_name).collect();
    let speaker = obj["speaker"]
        .as_str()
        .and_then(parse_seat)
        .filter(|s| side_of(*s) == Some(side))
        .ok_or_else(|| {
            format!(
                "\"speaker\" must be one of {}, not {}",
                seats.join(", "),
                obj["speaker"]
            )
        })?;
    let direction = obj["direction"]
        .as_str()
        .ok_or_else(|| format!("\"direction\" must be a string, not {}", obj["direction"]))?;
    let direction: String = strip_control(direction)
        .trim()
        .chars()
        .take(DIRECTION_CHARS)
        .collect();
    Ok(checked((speaker, direction)))
}

/// Reads the judge's labels: five integers 1–10, known flags, a one-sentence comment.
pub fn check_judge(content: &str) -> Result<Checked<(JudgeScores, String)>, String> {
    let obj = object(
        content,
        &[
            "logic",
            "persuasion",
            "expression",
            "teamwork",
            "rule_compliance",
            "flags",
            "comment",
        ],
    )?;
    let mut values = [0u8; 5];
    for (i, key) in [
        "logic",
        "persuasion",
        "expression",
        "teamwork",
        "rule_compliance",
    ]
    .iter()
    .enumerate()
    {
        let v = &obj[*key];
        values[i] = v
            .as_u64()
            .filter(|n| (1..=10).contains(n))
            .ok_or_else(|| format!("\"{key}\" must be an integer from 1 to 10, not {v}"))?
            as u8;
    }
    let names: Vec<&str> = Flag::ALL.iter().map(|f| f.name()).collect();
    let bad_flags = || format!("\"flags\" must be a list of {}", names.join(", "));
    let mut flags = Vec::new();
    for f in obj["flags"].as_array().ok_or_else(bad_flags)? {
        let flag = f
            .as_str()
            .and_then(Flag::parse)
            .ok_or_else(|| format!("{f} is not a flag (the flags are {})", names.join(", ")))?;
        if !flags.contains(&flag) {
            flags.push(flag);
        }
    }
    let comment = text_field(&obj, "comment")?;
    if comment.chars().count() > COMMENT_CHARS {
        return Err(format!(
            "the comment must be one sentence (at most {COMMENT_CHARS} characters)"
        ));
    }
    let [logic, persuasion, expression, teamwork, rule_compliance] = values;
    Ok(checked((
        JudgeScores {
            logic,
            persuasion,
            expression,
            teamwork,
            rule_compliance,
            flags,
        },
        comment,
    )))
}

pub fn check_review(content: &str) -> Result<Checked<String>, String> {
    let obj = object(content, &["review"])?;
    let text = text_field(&obj, "review")?;
    if text.chars().count() > REVIEW_CHARS {
        return Err(format!(
            "the review is too long: at most {REVIEW_CHARS} characters"
        ));
    }
    Ok(checked(text))
}

/// What a debater's request is built from.
pub struct Seated<'a> {
    pub seat: Seat,
    pub side: Side,
    pub topic: &'a Topic,
    pub voice: &'a Personality,
    pub memory: &'a Memory,
}

impl Seated<'_> {
    /// This debater's own block, after the shared transcript: seat, side, personality and
    /// its side's prepared arguments.
    fn role(&self, prompts: &PromptSet, questions: bool) -> String {
        let lang = self.memory.lang;
        prompts.render(
            "debater",
            &[
                ("seat", &seat_in(self.seat, lang)),
                ("side", &side_in(self.side, lang)),
                ("stance", &stance_in(self.side, lang)),
                ("personality", &self.voice.name),
                ("style", &self.voice.style),
                ("bank", &bank_text(self.topic, self.side, questions)),
            ],
        )
    }

    /// The request for a speech of `part` (`limit` words asked for; a direction from the
    /// captain, questions to answer are in the transcript).
    pub fn speech_request(
        &self,
        prompts: &PromptSet,
        part: Part,
        limit: u32,
        direction: Option<&str>,
        targets: Option<[Seat; 2]>,
    ) -> Request {
        let lang = self.memory.lang;
        let mut task = vec![prompt::task(part, self.side, lang)];
        if let Some(d) = direction.filter(|d| !d.trim().is_empty()) {
            task.push(lang.text("team-ai-task-direction", &[("direction", &fence(d))]));
        }
        if part == Part::Free {
            let left = self.memory.clock[self.side.index()].to_string();
            task.push(lang.text("team-ai-task-clock", &[("left", &left)]));
        }
        if let Some([a, b]) = targets {
            task.push(lang.text(
                "team-ai-task-targets",
                &[
                    ("a", &seat_in(a, lang)),
                    ("b", &seat_in(b, lang)),
                    ("a_name", &seat_name(a)),
                    ("b_name", &seat_name(b)),
                ],
            ));
        }
        // English sentences part with a space; Chinese ones run on.
        let task = task.join(if lang == Lang::En { " " } else { "" });
        let stage = Some(self.memory.stage);
        let whole = prompt::shown_whole(self.memory, stage, None);
        let turn = prompts.render(
            "debater_turn",
            &[
                ("transcript", &transcript(self.memory, stage, None)),
                ("role", &self.role(prompts, targets.is_some())),
                ("team", &private_lines(self.memory)),
                (
                    "reply_to",
                    &prompt::reply_to(self.memory, self.side, None, &whole),
                ),
                ("task", &task),
                ("limit", &limit.to_string()),
            ],
        );
        let (name, schema) = match targets {
            Some(_) => ("questions", questions_schema()),
            None => ("speech", speech_schema()),
        };
        Request {
            messages: vec![
                Message::system(table_system(prompts, &self.memory.motion)),
                Message::user(turn),
            ],
            schema_name: name.into(),
            schema,
            shown: Some(name),
            optional: &[],
            max_tokens: Some(crate::model::words_tokens(limit)),
            lang,
        }
    }

    /// The captain's request: who of the team speaks now, and the direction.
    pub fn captain_request(&self, prompts: &PromptSet, humans: &[Seat]) -> Request {
        let lang = self.memory.lang;
        let team: Vec<String> = self
            .side
            .seats()
            .into_iter()
            .map(|s| {
                let person = if humans.contains(&s) {
                    lang.text("team-ai-a-person", &[])
                } else {
                    String::new()
                };
                lang.text(
                    "team-ai-member",
                    &[
                        ("name", &seat_name(s)),
                        ("title", &seat_in(s, lang)),
                        ("person", &person),
                        ("free", &self.memory.count(s, Some(Part::Free)).to_string()),
                        ("all", &self.memory.count(s, None).to_string()),
                    ],
                )
            })
            .collect();
        let seats: Vec<String> = self.side.seats().into_iter().map(seat_name).collect();
        let text = prompts.render(
            "captain",
            &[
                ("side", &side_in(self.side, lang)),
                ("stance", &stance_in(self.side, lang)),
                ("clock", &self.memory.clock[self.side.index()].to_string()),
                ("team", &team.join("\n")),
                ("notes", &private_lines(self.memory)),
                (
                    "transcript",
                    &transcript(self.memory, Some(self.memory.stage), None),
                ),
                ("seats", &seats.join(", ")),
            ],
        );
        Request {
            messages: vec![
                Message::system(table_system(prompts, &self.memory.motion)),
                Message::user(text),
            ],
            schema_name: "captain".into(),
            schema: captain_schema(),
            shown: None,
            optional: &[],
            max_tokens: None,
            lang,
        }
    }
}

/// The team's notes and hand-offs as lines of a prompt between blank lines (a blank line
/// alone when there are none).
fn private_lines(memory: &Memory) -> String {
    match prompt::team_block(memory) {
        b if b.is_empty() => String::new(),
        b => format!("\n{b}\n"),
    }
}

/// The judge's request for `speech`: the shared record up to and with the speech (as the
/// next speaker reads it, so a prompt cache serves both), then what to score.
pub fn judge_request(prompts: &PromptSet, memory: &Memory, speech: &Speech) -> Request {
    let (stage, upto) = (Some(speech.stage()), Some(speech.index + 1));
    let whole = prompt::shown_whole(memory, stage, upto);
    let turn = prompts.render(
        "judge_turn",
        &[
            ("transcript", &transcript(memory, stage, upto)),
            ("role", &prompts.render("judge", &[])),
            (
                "reply_to",
                &prompt::reply_to(
                    memory,
                    side_of(speech.seat).unwrap_or(Side::Pro),
                    Some(speech.index),
                    &whole,
                ),
            ),
            ("speaker", &seat_in(speech.seat, memory.lang)),
            ("part", &part_in(speech.part, memory.lang)),
            ("words", &speech.words.to_string()),
            ("limit", &speech.limit.to_string()),
        ],
    );
    Request {
        messages: vec![
            Message::system(table_system(prompts, &memory.motion)),
            Message::user(turn),
        ],
        schema_name: "judge".into(),
        schema: judge_schema(),
        shown: None,
        optional: &[],
        max_tokens: Some(REVIEW_TOKENS),
        lang: memory.lang,
    }
}

/// The final review's request: every speech summarized.
pub fn review_request(prompts: &PromptSet, memory: &Memory) -> Request {
    let text = prompts.render("review", &[("transcript", &transcript(memory, None, None))]);
    Request {
        messages: vec![
            Message::system(table_system(prompts, &memory.motion)),
            Message::user(text),
        ],
        schema_name: "review".into(),
        schema: review_schema(),
        shown: None,
        optional: &[],
        max_tokens: Some(REVIEW_TOKENS),
        lang: memory.lang,
    }
}

/// A side's name in `lang`: "Pro", "正方".
fn side_in(side: Side, lang: Lang) -> String {
    match lang {
        Lang::En => side.title().to_string(),
        lang => side.name_in(lang),
    }
}

/// An answer with its note.
pub fn answer(action: Option<Action>, note: Value) -> Answer<Action> {
    Answer {
        action,
        note: Some(note),
    }
}
