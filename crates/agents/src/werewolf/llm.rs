//! Language-model werewolf players.
//!
//! A model seat sees only its own [`SeatMemory`] (built from the events its seat was shown),
//! so its prompt cannot hold what the seat may not know. Prompts come from
//! `content/prompts/werewolf/` and stay the same size however long the game runs: earlier
//! days are summaries written once, today is verbatim. Each decision is one structured call
//! whose JSON schema lists the valid options; the reply is checked against that whole
//! schema (`reply.rs`): an invalid one is a fault, repaired once with the error appended, and
//! otherwise replaced by the built-in heuristic's decision (an over-long speech is cut at a
//! sentence instead, and recorded). Only an explicit, schema-valid `null` or `pass` abstains.
//! Every call's tokens, every fault (with `then`: `repair`, `fallback` or `fixed`) and its
//! fallback, and the model's `reasoning_steps` and `suspicion_scores` go into the input's
//! review note.

use super::memory::{SeatMemory, TableRules};
use super::{fit_speech, Player};
use crate::config::ConfigError;
use crate::games::lang::Lang;
use crate::games::werewolf::{
    Action, Ask, AskKind, Board, Event, Rules, Seat, SeatSet, Werewolf, WitchSelfSave, SEATS,
};
use crate::llm::prompts::{PromptSet, PromptSpec};
use crate::llm::{Client, Message, Request};
use crate::model::{self, Checked, Fallback};
use crate::{Agent, Answer, Decision};
use serde_json::{json, Value};
use std::path::Path;
use std::sync::Arc;

mod reply;
mod table;

pub use reply::{parse_reply, parse_reply_at, Parsed};

/// One prompt file of `content/prompts/werewolf/<folder>`: `""` for the English ones,
/// `"zh-CN/"` for the Chinese ones (named `zh-CN/<name>`).
macro_rules! prompt {
    ($folder:literal, $name:literal, $($p:literal),*) => {
        PromptSpec {
            name: concat!($folder, $name),
            builtin: include_str!(concat!(
                "../../../../content/prompts/werewolf/",
                $folder,
                $name,
                ".md"
            )),
            placeholders: &[$($p),*],
        }
    };
}

/// Every werewolf prompt in `folder` with the placeholders it may use, listed once for
/// every language.
macro_rules! prompts_in {
    ($folder:literal) => {
        [
            prompt!(
                $folder,
                "rules",
                "max_days",
                "hunter_rule",
                "witch_self_save"
            ),
            prompt!($folder, "role_werewolf",),
            prompt!($folder, "role_seer",),
            prompt!($folder, "role_witch",),
            prompt!($folder, "role_hunter",),
            prompt!($folder, "role_villager",),
            prompt!($folder, "role_guard",),
            prompt!($folder, "role_idiot",),
            prompt!($folder, "role_wolf_king",),
            prompt!($folder, "role_white_wolf_king",),
            prompt!(
                $folder,
                "rules_board",
                "board",
                "seats",
                "deck",
                "night",
                "table",
                "win",
                "max_days"
            ),
            prompt!($folder, "public", "transcript", "claims"),
            prompt!($folder, "private", "private", "night"),
            prompt!($folder, "decide_wolf_pick", "day", "targets"),
            prompt!($folder, "decide_seer_check", "day", "targets"),
            prompt!($folder, "decide_witch", "day", "attacked", "options"),
            prompt!($folder, "decide_hunter_shot", "day", "targets"),
            prompt!($folder, "decide_speech", "day", "max_chars"),
            prompt!($folder, "decide_pk_speech", "day", "max_chars"),
            prompt!($folder, "decide_last_words", "day", "max_chars"),
            prompt!($folder, "decide_vote", "day", "targets"),
            prompt!($folder, "decide_pk_vote", "day", "targets"),
            prompt!($folder, "decide_guard_pick", "day", "targets"),
            prompt!($folder, "decide_king_shot", "day", "targets"),
            prompt!($folder, "decide_sheriff_run", "day"),
            prompt!($folder, "decide_campaign_speech", "day", "max_chars"),
            prompt!($folder, "decide_sheriff_vote", "day", "targets"),
            prompt!($folder, "decide_badge_pass", "day", "targets"),
            prompt!($folder, "decide_speaking_order", "day"),
            prompt!($folder, "decide_sheriff_call", "day", "targets"),
        ]
    };
}

/// Every werewolf prompt file and the placeholders it may use: the Chinese ones
/// (`zh-CN/<name>`, from `content/prompts/werewolf/zh-CN/`), which a table played in
/// Chinese renders, then the English ones.
pub fn werewolf_prompt_specs() -> Vec<PromptSpec> {
    let mut specs = Vec::from(prompts_in!("zh-CN/"));
    specs.extend(prompts_in!(""));
    specs
}

/// Loads the werewolf prompts from `content_dir` (`content/prompts` by default).
pub fn load_prompts(content_dir: Option<&Path>) -> Result<PromptSet, ConfigError> {
    PromptSet::load(content_dir, "werewolf", &werewolf_prompt_specs())
}

fn decide_name(kind: AskKind) -> &'static str {
    match kind {
        AskKind::WolfPick => "decide_wolf_pick",
        AskKind::SeerCheck => "decide_seer_check",
        AskKind::Witch => "decide_witch",
        AskKind::HunterShot => "decide_hunter_shot",
        AskKind::Speech => "decide_speech",
        AskKind::PkSpeech => "decide_pk_speech",
        AskKind::LastWords => "decide_last_words",
        AskKind::Vote => "decide_vote",
        AskKind::PkVote => "decide_pk_vote",
        AskKind::GuardPick => "decide_guard_pick",
        AskKind::KingShot => "decide_king_shot",
        AskKind::SheriffRun => "decide_sheriff_run",
        AskKind::CampaignSpeech => "decide_campaign_speech",
        AskKind::SheriffVote => "decide_sheriff_vote",
        AskKind::BadgePass => "decide_badge_pass",
        AskKind::SpeakingOrder => "decide_speaking_order",
        AskKind::SheriffCall => "decide_sheriff_call",
    }
}

fn seats_text(set: SeatSet, lang: Lang) -> String {
    if set.is_empty() {
        lang.text("mem-none", &[])
    } else {
        set.to_string()
    }
}

/// The witch's choices now, each one complete ("save", "poison 4", "pass"), so that the
/// schema's enum alone rules out every invalid answer.
fn witch_options(ask: &Ask) -> Vec<String> {
    let mut o = Vec::new();
    if ask.can_save {
        o.push("save".to_string());
    }
    for t in ask.targets.iter() {
        o.push(format!("poison {t}"));
    }
    o.push("pass".into());
    o
}

/// When a dead hunter may shoot, as the rules text says it.
fn hunter_rule(rules: &TableRules, lang: Lang) -> String {
    lang.text(
        if rules.hunter_shoots_when_poisoned {
            "ww-llm-hunter-poisoned-too"
        } else {
            "ww-llm-hunter-not-poisoned"
        },
        &[],
    )
}

/// Whether the witch may save herself, as the rules text says it.
fn witch_self_save(rules: &TableRules, lang: Lang) -> String {
    lang.text(
        match rules.witch_self_save {
            WitchSelfSave::Always => "ww-llm-self-save-always",
            WitchSelfSave::FirstNight => "ww-llm-self-save-first-night",
            WitchSelfSave::Never => "ww-llm-self-save-never",
        },
        &[],
    )
}

/// Whether `null` (abstain, decline, nobody, tear the badge) is a valid target for this
/// kind (the schema's; a vote the board forbids abstaining from refuses it in the check).
fn may_pass(kind: AskKind) -> bool {
    matches!(
        kind,
        AskKind::HunterShot
            | AskKind::Vote
            | AskKind::PkVote
            | AskKind::KingShot
            | AskKind::SheriffVote
            | AskKind::GuardPick
            | AskKind::BadgePass
            | AskKind::SheriffCall
    )
}

/// Whether `null` is a valid target for this ask now.
fn may_pass_now(ask: &Ask) -> bool {
    may_pass(ask.kind) && !(ask.kind.is_vote() && ask.no_abstain)
}

/// The asks answered by a word from a fixed list (`choice`), and that list, each word the
/// verb [`Choice::read`](crate::games::werewolf::Choice::read) takes.
fn fixed_choices(kind: AskKind) -> Option<&'static [&'static str]> {
    match kind {
        AskKind::SheriffRun => Some(&["run", "pass"]),
        AskKind::SpeakingOrder => Some(&["up", "down"]),
        _ => None,
    }
}

/// Every witch choice the schema offers ("save", "poison 1" … "poison N" for a table of
/// `seats`, "pass"); which of them are valid now is said in the ask's text and checked in
/// code.
fn every_witch_option(seats: usize) -> Vec<String> {
    let mut o = vec!["save".to_string()];
    o.extend((1..=seats).map(|t| format!("poison {t}")));
    o.push("pass".into());
    o
}

/// The JSON schema of a reply to `ask`: one schema per kind of ask, the same all game (the
/// legal targets are in the ask's text and checked by [`parse_reply`]), so a provider that
/// counts the schema as part of the prompt's prefix can serve it from its cache. Models
/// write the properties in schema order: a speech comes first, so it can be shown as it
/// arrives, with the review (`reasoning_steps`, `suspicion_scores`) after it; any other
/// decision comes after the review, which reasons its way to it.
pub fn schema_for(ask: &Ask) -> (String, Value) {
    schema_at(ask, SEATS)
}

/// [`schema_for`] at a table of `seats` (the seats its enums list). A campaign speech may
/// be withdrawn instead (`withdraw`, first, so the speech is only written when given); the
/// sheriff's sign-up and his speaking direction are a word (`choice`).
pub fn schema_at(ask: &Ask, seats: usize) -> (String, Value) {
    let seat_numbers = || (1..=seats as u8).collect::<Vec<u8>>();
    let review = |props: &mut serde_json::Map<String, Value>| {
        props.insert(
            "reasoning_steps".into(),
            json!({"type": "array", "items": {"type": "string", "maxLength": 100}, "maxItems": 3}),
        );
        props.insert(
            "suspicion_scores".into(),
            json!({"type": "array", "maxItems": 4, "items": {
                "type": "object",
                "properties": {
                    "seat": {"enum": seat_numbers()},
                    "score": {"type": "number"},
                },
                "required": ["seat", "score"],
                "additionalProperties": false,
            }}),
        );
    };
    let mut props = serde_json::Map::new();
    let name;
    if ask.kind.is_speech() {
        name = "speech";
        if ask.kind == AskKind::CampaignSpeech {
            props.insert("withdraw".into(), json!({"type": "boolean"}));
        }
        props.insert(
            "speech".into(),
            json!({"type": "string", "maxLength": ask.max_chars}),
        );
        review(&mut props);
    } else {
        review(&mut props);
        if ask.kind == AskKind::Witch {
            name = "witch";
            props.insert("choice".into(), json!({"enum": every_witch_option(seats)}));
        } else if let Some(words) = fixed_choices(ask.kind) {
            name = "choice";
            props.insert("choice".into(), json!({ "enum": words }));
        } else {
            name = "target";
            let mut targets: Vec<Value> = seat_numbers().into_iter().map(|s| json!(s)).collect();
            if may_pass(ask.kind) {
                targets.push(Value::Null);
            }
            props.insert("target".into(), json!({"enum": targets}));
        }
    }
    let required: Vec<&String> = props.keys().collect();
    let schema = json!({
        "type": "object",
        "properties": props,
        "required": required,
        "additionalProperties": false,
    });
    (name.to_string(), schema)
}

/// The review fields of every werewolf reply: left out when time is short (see
/// [`Request::optional`]).
const REVIEW: &[&str] = &["reasoning_steps", "suspicion_scores"];

/// A seat played by a language model, with the heuristic player as its fallback.
pub struct LlmSeat {
    seat: Seat,
    memory: SeatMemory,
    fallback: Box<dyn Player>,
    client: Client,
    prompts: Arc<PromptSet>,
    /// The table's language: which prompts it renders.
    lang: Lang,
    /// The board the table plays (told in the system message).
    board: Arc<Board>,
}

impl LlmSeat {
    pub fn new(
        seat: Seat,
        fallback: Box<dyn Player>,
        client: Client,
        prompts: Arc<PromptSet>,
    ) -> LlmSeat {
        LlmSeat {
            seat,
            memory: SeatMemory::new(seat),
            fallback,
            client,
            prompts,
            lang: Lang::En,
            board: Board::seed9(),
        }
    }

    /// A seat at a table played on `board` (set before the game's first event; a seat
    /// not told learns the board from the game's `Board` event, by its id).
    pub fn with_board(mut self, board: Arc<Board>) -> LlmSeat {
        self.board = board;
        self
    }

    /// A seat at a table played in `lang`: its prompts and its memory's lines in that
    /// language (set before the game's first event).
    pub fn with_lang(mut self, lang: Lang) -> LlmSeat {
        self.lang = lang;
        self.memory = self.memory.with_lang(lang);
        self
    }

    /// Renders prompt `name` in the table's language.
    fn render(&self, name: &str, vars: &[(&str, &str)]) -> String {
        match self.lang {
            Lang::En => self.prompts.render(name, vars),
            Lang::ZhCn => self.prompts.render(&format!("zh-CN/{name}"), vars),
        }
    }

    /// This game's rules options, for the rules text (default: the default rules).
    pub fn with_rules(mut self, rules: &Rules) -> LlmSeat {
        self.memory.rules = TableRules::from(rules);
        self
    }

    /// The same, from the `rules` an outside agent was sent.
    pub fn with_table_rules(mut self, rules: TableRules) -> LlmSeat {
        self.memory.rules = rules;
        self
    }

    /// The request for `ask`, built from this seat's memory only. Player text is in it only
    /// fenced (see [`fence`](super::memory::fence)); every other line is the game's own.
    ///
    /// Laid out for prompt caches, shared part first: the system message is the rules and
    /// every role's guide (the same for every seat all game); the user message opens with
    /// the public record (the same for every seat, appended to as the day goes) and the
    /// claims record (the same for every seat), then the seat's private block (its seat and
    /// role, what it knows, its night notes) and last the ask. The schema is the same for
    /// every ask of a kind ([`schema_for`]).
    pub fn request(&self, ask: &Ask) -> Request {
        let m = &self.memory;
        let lang = self.lang;
        let system = self.system_text();
        let public = self.render(
            "public",
            &[
                ("transcript", &m.transcript()),
                ("claims", &m.claims_lines()),
            ],
        );
        let private = self.render(
            "private",
            &[("private", &m.private_line()), ("night", &m.night_notes())],
        );
        let day = m.day.max(1).to_string();
        let attacked = match ask.attacked {
            Some(s) => lang.text("ww-llm-attacked", &[("seat", &s.to_string())]),
            None => lang.text("ww-llm-not-attacked", &[]),
        };
        let mut decide = self.render(
            decide_name(ask.kind),
            &[
                ("day", &day),
                ("targets", &seats_text(ask.targets, lang)),
                ("max_chars", &ask.max_chars.to_string()),
                ("attacked", &attacked),
                ("options", &witch_options(ask).join(", ")),
            ],
        );
        if ask.kind.is_vote() && ask.no_abstain {
            decide = format!(
                "{}\n{}",
                decide.trim_end(),
                lang.text("ww-llmb-no-abstain-now", &[])
            );
        }
        let (schema_name, schema) = schema_at(ask, m.seats as usize);
        Request {
            messages: vec![
                Message::system(system),
                Message::user(format!("{public}\n\n{private}\n\n{decide}")),
            ],
            schema_name,
            schema,
            shown: ask.kind.is_speech().then_some("speech"),
            optional: REVIEW,
            max_tokens: None,
            lang,
        }
    }
}

/// Asks the model, repairs once, else falls back; returns the action and its review note.
pub async fn ask_model(
    client: &Client,
    request: Request,
    ask: &Ask,
    fallback: Action,
    day: u32,
    seats: usize,
) -> Answer<Action> {
    let mut context = serde_json::Map::new();
    context.insert("day".into(), json!(day));
    let check = |content: &str| {
        parse_reply_at(content, ask, seats).map(|p| {
            let mut review = serde_json::Map::new();
            review.insert("reasoning_steps".into(), json!(p.reasoning_steps));
            review.insert("suspicion_scores".into(), Value::Object(p.suspicion_scores));
            Checked {
                value: p.action,
                fixed: p.fixed,
                review,
            }
        })
    };
    let call = model::Ask {
        client,
        request,
        agent: "llm",
        context,
    };
    let fallback = Fallback {
        value: fallback,
        label: "heuristic",
    };
    let (action, note) = model::decide(call, check, fallback).await;
    Answer {
        action: Some(action),
        note: Some(note),
    }
}

impl Agent<Werewolf> for LlmSeat {
    fn observe(&mut self, event: &Event) {
        if let Event::Board { id, .. } = event {
            if *id != self.board.id {
                if let Ok(board) = super::boards::find(id) {
                    self.board = board;
                }
            }
        }
        self.memory.observe(event);
        self.fallback.observe(event);
    }

    fn decide(&mut self, ask: &Ask) -> Decision<Action> {
        debug_assert_eq!(ask.seat, self.seat);
        // The fallback is decided now, whatever the model does, so the heuristic's state
        // does not depend on the network.
        let mut fallback = self.fallback.decide(ask);
        if let Action::Speak { text } = &mut fallback {
            *text = fit_speech(text, ask.max_chars as usize);
        }
        let request = self.request(ask);
        let client = self.client.clone();
        let ask = *ask;
        let day = self.memory.day.max(1);
        let seats = self.memory.seats as usize;
        Decision::Later(Box::pin(async move {
            ask_model(&client, request, &ask, fallback, day, seats).await
        }))
    }

    /// A wolf's self-explosion is never asked: the seat's built-in player decides whether
    /// and whom a white wolf king takes (a model call before every speech would cost more
    /// than the rare explosion is worth).
    fn volunteer(&mut self) -> Option<Action> {
        self.fallback.volunteer()
    }
}

#[cfg(test)]
mod golden;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_boards;
