//! Debate players: the debaters (with a personality), the team captain (who takes the
//! free-debate floor) and the judge, each asking a model when one is configured for its
//! role and playing offline otherwise (speeches from the topic's argument bank, a
//! transparent heuristic judge whose every score is marked offline).
//!
//! - `topics.rs`, `personalities.rs`: the content, loaded and checked at startup.
//! - `memory.rs`: what a seat has seen; `text.rs`: words, keywords, fitting a limit.
//! - `forms.rs`: the fixed forms sentences take (links, rejoinders, pressing questions),
//!   and `claim_of`, which reads a sentence's claim back out of them.
//! - `offline.rs`: the offline debater and captain; `heuristic.rs`: the offline judge.
//! - `prompt.rs`: the prompt files and the bounded transcript; `llm.rs`: the model roles
//!   (schemas, checked replies, one repair, the offline answer as the fallback).

pub mod answering;
pub mod bridge;
pub mod forms;
pub mod heuristic;
pub mod indicators;
pub mod llm;
pub mod memory;
pub mod moderated;
pub mod moderated_llm;
pub mod moderated_offline;
pub mod offline;
pub mod personalities;
pub mod pressing;
pub mod prompt;
pub mod reading;
mod seating;
pub mod social;
pub mod sources;
pub mod text;
pub mod topics;

#[cfg(test)]
mod probes;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_llm;
#[cfg(test)]
mod tests_zh;

use crate::config::{Config, ConfigError};
use crate::games::debate::team::{side_of, Action, Ask, Event, Part, Side, JUDGE};
use crate::games::debate::TeamDebate;
use crate::games::{Lang, Seat};
use crate::llm::prompts::PromptSet;
use crate::llm::{Client, Provider, ProviderError};
use crate::{Agent, Answer, Decision};
use llm::{
    answer, call, check_captain, check_judge, check_questions, check_review, check_speech, Model,
    Seated,
};
use memory::Memory;
use offline::Writer;
pub use personalities::{Personalities, Personality};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::json;
use std::path::Path;
use std::sync::Arc;
use thiserror::Error;
pub use topics::{Topic, Topics};

/// A debate role that may have its own model (`PRO_LLM_*`, `CON_LLM_*`, `JUDGE_LLM_*`, each
/// beating `LLM_*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    Pro,
    Con,
    Judge,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Pro, Role::Con, Role::Judge];
    /// The environment prefix of its provider.
    pub fn env_name(self) -> &'static str {
        match self {
            Role::Pro => "PRO",
            Role::Con => "CON",
            Role::Judge => "JUDGE",
        }
    }
    /// The role of a seat: its side's debaters, or the judge.
    pub fn of_seat(seat: Seat) -> Role {
        match side_of(seat) {
            Some(Side::Pro) => Role::Pro,
            Some(Side::Con) => Role::Con,
            None => Role::Judge,
        }
    }
}

/// Why a kit could not be built.
#[derive(Debug, Error)]
pub enum KitError {
    #[error(transparent)]
    Content(#[from] ConfigError),
    #[error(transparent)]
    Provider(#[from] ProviderError),
}

/// What the debate AI seats of a process can use: topics, personalities, prompts, and a
/// model client per role when configured (Pro, Con, the judge).
#[derive(Clone)]
pub struct DebateKit {
    pub topics: Arc<Topics>,
    pub personalities: Arc<Personalities>,
    pub prompts: Arc<PromptSet>,
    pub pro: Option<Client>,
    pub con: Option<Client>,
    pub judge: Option<Client>,
    /// Checks the sources a moderated debate's speeches cite (`None`: checks off).
    pub sources: Option<Arc<sources::SourceChecker>>,
}

impl Default for DebateKit {
    /// The built-in content, every role offline.
    fn default() -> Self {
        DebateKit {
            topics: Arc::new(Topics::builtin()),
            personalities: Arc::new(Personalities::builtin()),
            prompts: Arc::new(
                prompt::load_prompts(None).expect("the built-in prompts are checked by the tests"),
            ),
            pro: None,
            con: None,
            judge: None,
            sources: None,
        }
    }
}

impl DebateKit {
    /// The content of `content_dir` (built-in copies for what it lacks), checked; no models.
    pub fn offline(content_dir: Option<&Path>) -> Result<DebateKit, ConfigError> {
        Ok(DebateKit {
            topics: Arc::new(Topics::load(content_dir)?),
            personalities: Arc::new(Personalities::load(content_dir)?),
            prompts: Arc::new(prompt::load_prompts(content_dir)?),
            pro: None,
            con: None,
            judge: None,
            sources: None,
        })
    }

    /// The content (`AGORA_CONTENT_DIR` from `env`, else `content`) and a model client for
    /// each role whose provider `env` configures.
    pub fn from_config(
        config: &Config,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<DebateKit, KitError> {
        let dir = env("AGORA_CONTENT_DIR")
            .filter(|d| !d.trim().is_empty())
            .map(std::path::PathBuf::from)
            .unwrap_or_else(|| std::path::PathBuf::from("content"));
        let mut kit = DebateKit::offline(Some(&dir))?;
        let s = &config.debate.settings;
        if s.source_checks {
            kit.sources = Some(Arc::new(sources::SourceChecker::new(
                std::time::Duration::from_secs(s.source_timeout_s as u64),
                s.source_max_kb as usize * 1000,
                false,
            )));
        }
        for role in Role::ALL {
            let client = Provider::resolve(role.env_name(), &config.llm, env)?.map(Client::new);
            *kit.client_mut(role) = client;
        }
        Ok(kit)
    }

    fn client_mut(&mut self, role: Role) -> &mut Option<Client> {
        match role {
            Role::Pro => &mut self.pro,
            Role::Con => &mut self.con,
            Role::Judge => &mut self.judge,
        }
    }

    /// The model client of `role`, if one is configured.
    pub fn client(&self, role: Role) -> Option<&Client> {
        match role {
            Role::Pro => self.pro.as_ref(),
            Role::Con => self.con.as_ref(),
            Role::Judge => self.judge.as_ref(),
        }
    }

    /// `role`'s model and the prompts, when a model is configured for it.
    pub fn model(&self, role: Role) -> Option<Model> {
        self.client(role).map(|c| Model {
            client: c.clone(),
            prompts: self.prompts.clone(),
        })
    }

    /// Whether `role` plays offline (no model configured for it).
    pub fn is_offline_role(&self, role: Role) -> bool {
        self.client(role).is_none()
    }

    /// The argument bank of a table: its topic, else the generic bank with its motion.
    pub fn topic_of(&self, table: Table<'_>) -> Arc<Topic> {
        match table
            .topic
            .and_then(|id| self.topics.get_in(id, table.lang))
        {
            Some(t) => t.clone(),
            None => self.topics.generic_in(table.motion, table.lang),
        }
    }
}

/// The debate an AI seat sits at: its topic (an id in `content/topics/`, `None` for a
/// typed motion) and motion.
#[derive(Debug, Clone, Copy)]
pub struct Table<'a> {
    pub topic: Option<&'a str>,
    pub motion: &'a str,
    /// The session's id, when the table is one: its model calls carry it as their prompt
    /// cache key ([`Client::for_table`](crate::llm::Client::for_table)).
    pub key: Option<&'a str>,
    /// The language the debate is held in: its bank, its debaters' words.
    pub lang: Lang,
}

impl Table<'_> {
    /// `model` with its calls keyed by this table (when it has a key).
    pub fn keyed(self, model: Option<Model>) -> Option<Model> {
        model.map(|m| {
            let m = match self.key {
                Some(key) => Model {
                    client: m.client.for_table(key),
                    ..m
                },
                None => m,
            };
            // A table held in another language renders that language's prompts.
            match self.lang {
                Lang::En => m,
                lang => Model {
                    prompts: Arc::new(m.prompts.preferring(&format!("{}/", lang.code()))),
                    ..m
                },
            }
        })
    }
}

/// A seed per seat from the table's seed.
pub(crate) fn seat_seed(seed: u64, seat: Seat) -> u64 {
    seed ^ (seat as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// An AI debater: the offline writer and captain (a model's fallback too).
pub struct Debater {
    seat: Seat,
    side: Side,
    topic: Arc<Topic>,
    voice: Arc<Personality>,
    humans: Vec<Seat>,
    rng: ChaCha8Rng,
    memory: Memory,
    model: Option<Model>,
}

impl Debater {
    pub fn new(
        kit: &DebateKit,
        table: Table<'_>,
        seat: Seat,
        personality: &str,
        humans: &[Seat],
        seed: u64,
    ) -> Debater {
        Debater {
            seat,
            side: side_of(seat).unwrap_or(Side::Pro),
            topic: kit.topic_of(table),
            voice: kit
                .personalities
                .get_or_first_in(personality, table.lang)
                .clone(),
            humans: humans.to_vec(),
            rng: ChaCha8Rng::seed_from_u64(seat_seed(seed, seat)),
            memory: Memory::new(seat, table.motion).with_lang(table.lang),
            model: table.keyed(kit.model(Role::of_seat(seat))),
        }
    }

    /// The offline answer to `ask` (`None`: not a debater's ask). A debater always speaks
    /// when asked; with a scrap of the free-debate clock left, its team rests its case.
    pub fn offline(&mut self, ask: &Ask) -> Option<Action> {
        let w = Writer {
            seat: self.seat,
            side: self.side,
            topic: &self.topic,
            voice: &self.voice,
            memory: &self.memory,
            humans: &self.humans,
        };
        let rng = &mut self.rng;
        Some(match ask {
            Ask::Speak {
                part: Part::Free,
                limit,
                direction,
                may_hand_off,
                ..
            } => {
                if w.is_scrap(*limit) {
                    return Some(Action::Rest);
                }
                if *may_hand_off {
                    let (to, direction) = w.captain(&self.humans);
                    if to != self.seat {
                        return Some(Action::HandOff { to, direction });
                    }
                    w.free_fresh(rng, *limit, Some(&direction))
                        .map_or(Action::Rest, |text| Action::Speak { text })
                } else {
                    w.free_fresh(rng, *limit, direction.as_deref())
                        .map_or(Action::Rest, |text| Action::Speak { text })
                }
            }
            Ask::Speak {
                part: Part::Opening,
                limit,
                ..
            } => Action::Speak {
                text: w.opening(rng, *limit),
            },
            Ask::Speak {
                part: Part::Answer,
                limit,
                answering,
                ..
            } => {
                let question = answering
                    .and_then(|i| self.memory.speech(i))
                    .map(|s| s.text.as_str());
                Action::Speak {
                    text: w.answer(rng, *limit, question),
                }
            }
            Ask::Speak { part, limit, .. } => Action::Speak {
                text: w.wrap_up_with(rng, *part, *limit, true),
            },
            Ask::Question { limit, targets } => {
                let (target, text) = w.questions(rng, *limit, *targets);
                Action::Ask { target, text }
            }
            Ask::Judge { .. } | Ask::Review => return None,
        })
    }
}

/// An abstention with a note saying why (an ask this player cannot answer).
fn abstain(why: &str) -> Decision<Action> {
    let note = serde_json::json!({"agent": "debate", "error": why});
    Decision::Later(Box::pin(async move {
        Answer {
            action: None,
            note: Some(note),
        }
    }))
}

impl Debater {
    /// The model's decision for `ask`, with `fallback` (the offline answer, decided now so
    /// the offline player's state does not depend on the network).
    fn with_model(&mut self, model: Model, ask: &Ask, fallback: Action) -> Decision<Action> {
        let w = Writer {
            seat: self.seat,
            side: self.side,
            topic: &self.topic,
            voice: &self.voice,
            memory: &self.memory,
            humans: &self.humans,
        };
        let seated = Seated {
            seat: self.seat,
            side: self.side,
            topic: &self.topic,
            voice: &self.voice,
            memory: &self.memory,
        };
        let context = |part: Part| json!({"seat": self.seat, "part": part.name()});
        // A clock too short for a point rests the team's case as offline: no model call
        // for a few words.
        if let Ask::Speak {
            part: Part::Free,
            limit,
            ..
        } = ask
        {
            if w.is_scrap(*limit) {
                return Decision::Now(fallback);
            }
        }
        let Model { client, prompts } = model;
        match ask {
            Ask::Speak {
                part: Part::Free,
                limit,
                may_hand_off: true,
                ..
            } => {
                // A person who asked for the floor gets it, with no call.
                if let Some(person) = w.floor_asked() {
                    return Decision::Now(Action::HandOff {
                        to: person,
                        direction: w.direction(),
                    });
                }
                // The captain's call first; then, if it picks this seat, its speech.
                let limit = *limit;
                let (off_to, off_direction) = w.captain(&self.humans);
                let off_text = match &fallback {
                    Action::Speak { text } => text.clone(),
                    _ => w.free(&mut self.rng, limit, Some(&off_direction)),
                };
                let target = w.free_target(limit);
                let request = seated.captain_request(&prompts, &self.humans);
                let (seat, side) = (self.seat, self.side);
                let (topic, voice, memory) =
                    (self.topic.clone(), self.voice.clone(), self.memory.clone());
                let ctx = context(Part::Free);
                Decision::Later(Box::pin(async move {
                    let ((to, direction), captain) = call(
                        &client,
                        request,
                        "captain",
                        ctx.clone(),
                        |c| check_captain(c, side),
                        (off_to, off_direction),
                    )
                    .await;
                    if to != seat {
                        return answer(Some(Action::HandOff { to, direction }), captain);
                    }
                    let seated = Seated {
                        seat,
                        side,
                        topic: &topic,
                        voice: &voice,
                        memory: &memory,
                    };
                    let request =
                        seated.speech_request(&prompts, Part::Free, target, Some(&direction), None);
                    let (text, speech) = call(
                        &client,
                        request,
                        "debater",
                        ctx,
                        |c| check_speech(c, Part::Free, limit),
                        off_text,
                    )
                    .await;
                    answer(
                        Some(Action::Speak { text }),
                        llm::merge_notes(("captain", captain), ("speech", speech)),
                    )
                }))
            }
            Ask::Speak {
                part,
                limit,
                direction,
                ..
            } => {
                let (part, limit) = (*part, *limit);
                let asked = if part == Part::Free {
                    w.free_target(limit)
                } else {
                    limit
                };
                let request =
                    seated.speech_request(&prompts, part, asked, direction.as_deref(), None);
                let off_text = match fallback {
                    Action::Speak { text } => text,
                    other => return Decision::Now(other),
                };
                let ctx = context(part);
                Decision::Later(Box::pin(async move {
                    let (text, note) = call(
                        &client,
                        request,
                        "debater",
                        ctx,
                        |c| check_speech(c, part, limit),
                        off_text,
                    )
                    .await;
                    answer(Some(Action::Speak { text }), note)
                }))
            }
            Ask::Question { limit, targets } => {
                let (limit, targets) = (*limit, *targets);
                let request =
                    seated.speech_request(&prompts, Part::Question, limit, None, Some(targets));
                let off = match fallback {
                    Action::Ask { target, text } => (target, text),
                    other => return Decision::Now(other),
                };
                let ctx = context(Part::Question);
                Decision::Later(Box::pin(async move {
                    let ((target, text), note) = call(
                        &client,
                        request,
                        "debater",
                        ctx,
                        |c| check_questions(c, targets, limit),
                        off,
                    )
                    .await;
                    answer(Some(Action::Ask { target, text }), note)
                }))
            }
            Ask::Judge { .. } | Ask::Review => Decision::Now(fallback),
        }
    }
}

impl Agent<TeamDebate> for Debater {
    fn observe(&mut self, event: &Event) {
        self.memory.observe(event);
    }

    fn decide(&mut self, ask: &Ask) -> Decision<Action> {
        match (self.offline(ask), self.model.clone()) {
            (Some(action), Some(model)) => self.with_model(model, ask, action),
            (Some(action), None) => Decision::Now(action),
            (None, _) => abstain("a debater was asked to judge"),
        }
    }
}

/// The AI judge: the offline heuristic (a model's fallback too).
pub struct Judge {
    topic: Arc<Topic>,
    memory: Memory,
    model: Option<Model>,
}

impl Judge {
    pub fn new(kit: &DebateKit, table: Table<'_>) -> Judge {
        Judge {
            topic: kit.topic_of(table),
            memory: Memory::new(JUDGE, table.motion).with_lang(table.lang),
            model: table.keyed(kit.model(Role::Judge)),
        }
    }

    /// The heuristic's answer to `ask` (`None`: not the judge's ask, or a speech it has
    /// not seen).
    pub fn offline(&self, ask: &Ask) -> Option<Action> {
        match ask {
            Ask::Judge { speech } => {
                let s = self.memory.speech(*speech)?;
                let (scores, comment) = heuristic::score(&self.topic, &self.memory, s);
                Some(Action::Score {
                    speech: *speech,
                    scores,
                    comment,
                    offline: true,
                })
            }
            Ask::Review => Some(Action::Review {
                text: heuristic::review(&self.topic, &self.memory),
                offline: true,
            }),
            _ => None,
        }
    }
}

impl Agent<TeamDebate> for Judge {
    fn observe(&mut self, event: &Event) {
        self.memory.observe(event);
    }

    fn decide(&mut self, ask: &Ask) -> Decision<Action> {
        let Some(fallback) = self.offline(ask) else {
            return abstain("the judge cannot answer this ask");
        };
        let Some(Model { client, prompts }) = self.model.clone() else {
            return Decision::Now(fallback);
        };
        match ask {
            Ask::Judge { speech } => {
                let index = *speech;
                let Some(s) = self.memory.speech(index) else {
                    return Decision::Now(fallback);
                };
                let request = llm::judge_request(&prompts, &self.memory, s);
                let ctx = json!({"speech": index, "seat": s.seat, "part": s.part.name()});
                Decision::Later(Box::pin(async move {
                    let (action, note) = call(
                        &client,
                        request,
                        "judge",
                        ctx,
                        |c| {
                            check_judge(c).map(|ch| crate::model::Checked {
                                value: Action::Score {
                                    speech: index,
                                    scores: ch.value.0,
                                    comment: ch.value.1,
                                    offline: false,
                                },
                                fixed: ch.fixed,
                                review: ch.review,
                            })
                        },
                        fallback,
                    )
                    .await;
                    answer(Some(action), note)
                }))
            }
            Ask::Review => {
                let request = llm::review_request(&prompts, &self.memory);
                Decision::Later(Box::pin(async move {
                    let (action, note) = call(
                        &client,
                        request,
                        "judge",
                        json!({"part": "review"}),
                        |c| {
                            check_review(c).map(|ch| crate::model::Checked {
                                value: Action::Review {
                                    text: ch.value,
                                    offline: false,
                                },
                                fixed: ch.fixed,
                                review: ch.review,
                            })
                        },
                        fallback,
                    )
                    .await;
                    answer(Some(action), note)
                }))
            }
            _ => Decision::Now(fallback),
        }
    }
}

/// The AI debater of `seat`. `humans` are the seats people play (a captain may hand them
/// the floor).
pub fn debater(
    kit: &DebateKit,
    table: Table<'_>,
    seat: Seat,
    personality: &str,
    humans: &[Seat],
    seed: u64,
) -> Box<dyn Agent<TeamDebate>> {
    Box::new(Debater::new(kit, table, seat, personality, humans, seed))
}

/// The judge.
pub fn judge(kit: &DebateKit, table: Table<'_>, seed: u64) -> Box<dyn Agent<TeamDebate>> {
    let _ = seed;
    Box::new(Judge::new(kit, table))
}
