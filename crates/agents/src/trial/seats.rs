//! The trial's seats played by a language model: a juror (a labeller call that sees only
//! the player's stripped message; a reply in character from the juror's card and the band
//! they are in — never the number; a deliberation statement, labelled by the same
//! labeller; a response) and an advocate (its next move). Every call is checked whole,
//! repaired once, and falls back to the built-in player's answer; its note (calls, tokens,
//! faults) is stored with the input. Players' words reach a prompt only fenced. The prompts
//! are the table's language's, and so is every piece of them written here
//! (`locales/*/trial.ftl`).

use super::content::JurorCard;
use super::llm::{
    advocate_schema, check_labels, check_move, check_words, labels_schema, text_schema, Move,
    ADVOCATE_WORDS, JUROR_WORDS,
};
use super::offline::{OfflineAdvocate, OfflineJuror};
use super::Offline;
use crate::games::trial::label::strip;
use crate::games::trial::{text, Action, Ask, Event, Labels, Side, TrialSetup};
use crate::games::{Lang, Seat};
use crate::llm::prompts::{fence, PromptSet};
use crate::llm::{Client, Message, Request};
use crate::model::{answer_with, call, merge_notes};
use crate::{Agent, Decision};
use serde_json::json;
use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

/// The most exchanges of one conversation a juror's prompt shows (the latest).
const HISTORY: usize = 6;
/// The most lines of what happened a prompt shows (the latest).
const HEARD: usize = 16;

fn latest(lines: &VecDeque<String>, none: &str) -> String {
    if lines.is_empty() {
        none.to_string()
    } else {
        lines.iter().cloned().collect::<Vec<_>>().join("\n")
    }
}

fn push(lines: &mut VecDeque<String>, line: String, most: usize) {
    lines.push_back(line);
    while lines.len() > most {
        lines.pop_front();
    }
}

/// The system message of every model role at a trial (labeller, jurors, advocates): the
/// case, the question and its topics. The same text for all of them all trial, so a prompt
/// cache serves it to each in turn; what a role is and knows comes after it.
fn case_system(words: &Offline, prompts: &PromptSet) -> String {
    let case = &words.case;
    let topics: Vec<String> = case
        .topics
        .iter()
        .map(|t| format!("- {}: {}", t.id, t.description))
        .collect();
    prompts.render(
        "case",
        &[
            ("case", &case.text),
            ("question", &case.question),
            ("topics", &topics.join("\n")),
        ],
    )
}

/// One labeller call for `text` (already stripped): the case's topics, the message fenced.
fn label_request(words: &Offline, prompts: &PromptSet, text: &str) -> Request {
    let case = &words.case;
    let role = prompts.render("labeller", &[]);
    let turn = prompts.render("labeller_turn", &[("message", &fence(text))]);
    Request {
        messages: vec![
            Message::system(case_system(words, prompts)),
            Message::user(format!("{role}\n\n{turn}")),
        ],
        schema_name: "labels".into(),
        schema: labels_schema(&case.topics.iter().map(|t| t.id.clone()).collect::<Vec<_>>()),
        shown: None,
        optional: &[],
        max_tokens: None,
        lang: case.lang,
    }
}

/// A juror played by a model.
pub struct ModelJuror {
    offline: OfflineJuror,
    words: Offline,
    client: Client,
    prompts: Arc<PromptSet>,
    card: Arc<JurorCard>,
    id: String,
    names: Vec<String>,
    jurors: Vec<(String, String)>,
    /// This juror's conversations: per player, (message, reply).
    talks: BTreeMap<Seat, VecDeque<String>>,
    heard: VecDeque<String>,
}

impl ModelJuror {
    pub fn new(
        words: Offline,
        setup: &TrialSetup,
        index: usize,
        card: Arc<JurorCard>,
        client: Client,
        prompts: Arc<PromptSet>,
    ) -> ModelJuror {
        ModelJuror {
            offline: OfflineJuror::new(words.clone(), setup, index),
            words,
            client,
            prompts,
            id: setup.jurors[index].id.clone(),
            card,
            names: (1..=setup.sides.len())
                .map(|s| setup.lang.text("trial-player", &[("n", &s.to_string())]))
                .collect(),
            jurors: setup
                .jurors
                .iter()
                .map(|j| (j.id.clone(), j.name.clone()))
                .collect(),
            talks: BTreeMap::new(),
            heard: VecDeque::new(),
        }
    }

    fn lang(&self) -> Lang {
        self.words.case.lang
    }

    fn player(&self, seat: Seat) -> String {
        self.names
            .get(seat as usize - 1)
            .cloned()
            .unwrap_or_else(|| {
                self.lang()
                    .text("trial-player", &[("n", &seat.to_string())])
            })
    }

    fn juror_name(&self, id: &str) -> String {
        self.jurors
            .iter()
            .find(|j| j.0 == id)
            .map_or_else(|| id.to_string(), |j| j.1.clone())
    }

    /// This juror's card as the first part of its user message (the same every call, so
    /// the juror's own calls share it too); where it stands now is in each turn.
    fn persona(&self) -> String {
        let c = &self.card;
        let lang = self.lang();
        let topic = |t: &str| self.words.topic_name(t).to_string();
        let reaches: Vec<String> = c
            .topic_weights
            .iter()
            .filter(|w| *w.1 > 0.0)
            .map(|w| topic(w.0))
            .collect();
        let repels: Vec<String> = c
            .topic_weights
            .iter()
            .filter(|w| *w.1 < 0.0)
            .map(|w| topic(w.0))
            .collect();
        self.prompts.render(
            "juror",
            &[
                ("name", &c.name),
                ("age", &c.age.to_string()),
                ("occupation", &c.occupation),
                ("background", &c.background),
                (
                    "personality",
                    &c.personality.join(text::phrase_separator(lang)),
                ),
                ("style", &c.speaking_style),
                (
                    "concerns",
                    &c.hidden_concerns.join(text::phrase_separator(lang)),
                ),
                ("reaches", &text::list(lang, &reaches)),
                ("repels", &text::list(lang, &repels)),
                ("words", &JUROR_WORDS.to_string()),
            ],
        )
    }

    fn ask_words(
        &self,
        turn: String,
        key: &'static str,
        agent: &'static str,
        fallback: String,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = (String, serde_json::Value)> + Send>>
    {
        let request = Request {
            messages: vec![
                Message::system(case_system(&self.words, &self.prompts)),
                Message::user(format!("{}\n\n{turn}", self.persona())),
            ],
            schema_name: key.into(),
            schema: text_schema(key),
            shown: Some(key),
            optional: &[],
            max_tokens: None,
            lang: self.lang(),
        };
        let client = self.client.clone();
        let ctx = json!({"juror": self.id});
        Box::pin(async move {
            call(
                &client,
                request,
                agent,
                ctx,
                |c| check_words(c, key, JUROR_WORDS),
                fallback,
            )
            .await
        })
    }
}

impl Agent<crate::games::trial::Trial> for ModelJuror {
    fn observe(&mut self, event: &Event) {
        self.offline.observe(event);
        match event {
            Event::Said {
                player,
                juror,
                text,
            } if *juror == self.id => {
                let (who, text) = (self.player(*player), fence(text));
                let args = [("player", who.as_str()), ("text", text.as_str())];
                let line = self.lang().text("trial-prompt-said", &args);
                push(self.talks.entry(*player).or_default(), line, 2 * HISTORY);
                let line = self.lang().text("trial-prompt-to-you", &args);
                push(&mut self.heard, line, HEARD);
            }
            Event::Replied {
                juror,
                player,
                text,
                ..
            } if *juror == self.id => {
                let line = (self.lang()).text("trial-prompt-you", &[("text", &fence(text))]);
                push(self.talks.entry(*player).or_default(), line, 2 * HISTORY);
            }
            Event::Presented { card, .. } => {
                if let Some(e) = self.words.case.evidence.iter().find(|e| e.id == *card) {
                    let line = self.lang().text(
                        "trial-prompt-evidence",
                        &[("title", &e.title), ("text", &e.text)],
                    );
                    push(&mut self.heard, line, HEARD);
                }
            }
            Event::Stated { juror, text, .. } => {
                let line = self.lang().text(
                    "trial-prompt-juror-said",
                    &[("juror", &self.juror_name(juror)), ("text", &fence(text))],
                );
                push(&mut self.heard, line, HEARD);
            }
            _ => {}
        }
    }

    fn decide(&mut self, ask: &Ask) -> Decision<Action> {
        let Decision::Now(fallback) = self.offline.decide(ask) else {
            return Decision::Now(Action::Rest);
        };
        match ask {
            Ask::Label { text, .. } => {
                if self.words.lexicon.is_manipulation(text) {
                    // Aimed at the jury's machinery: no topics, no call.
                    return Decision::Now(Action::Label(Labels::default()));
                }
                let request = label_request(&self.words, &self.prompts, text);
                let topics: Vec<String> = self
                    .words
                    .case
                    .topics
                    .iter()
                    .map(|t| t.id.clone())
                    .collect();
                let client = self.client.clone();
                let ctx = json!({"juror": self.id});
                Decision::Later(Box::pin(async move {
                    let Action::Label(offline) = fallback else {
                        unreachable!("the offline juror labels a label ask")
                    };
                    let (labels, note) = call(
                        &client,
                        request,
                        "labeller",
                        ctx,
                        |c| check_labels(c, &topics),
                        offline,
                    )
                    .await;
                    answer_with(Action::Label(labels), note)
                }))
            }
            Ask::Reply {
                player,
                text,
                band,
                heard,
                ..
            } => {
                let Action::Reply { text: offline } = fallback else {
                    return Decision::Now(fallback);
                };
                let topics: Vec<String> = heard
                    .iter()
                    .map(|t| self.words.topic_name(&t.topic).to_string())
                    .collect();
                let history = self.talks.get(player).cloned().unwrap_or_default();
                // The message just said is the last line of the history: shown apart.
                let mut earlier = history;
                earlier.pop_back();
                let lang = self.lang();
                let turn = self.prompts.render(
                    "juror_turn",
                    &[
                        ("player", &self.player(*player)),
                        (
                            "history",
                            &latest(&earlier, &lang.text("trial-prompt-first", &[])),
                        ),
                        ("band", &band.description_in(lang)),
                        ("message", &fence(text)),
                        (
                            "heard",
                            &if topics.is_empty() {
                                lang.text("trial-prompt-nothing-held", &[])
                            } else {
                                text::list(lang, &topics)
                            },
                        ),
                    ],
                );
                let fut = self.ask_words(turn, "reply", "juror", offline);
                Decision::Later(Box::pin(async move {
                    let (text, note) = fut.await;
                    answer_with(Action::Reply { text }, note)
                }))
            }
            Ask::Deliberate { round, band } => {
                let Action::Statement {
                    text: offline_text,
                    labels: offline_labels,
                } = fallback
                else {
                    return Decision::Now(fallback);
                };
                let others: Vec<String> = self
                    .jurors
                    .iter()
                    .filter(|j| j.0 != self.id)
                    .map(|j| j.1.clone())
                    .collect();
                let lang = self.lang();
                let turn = self.prompts.render(
                    "deliberate",
                    &[
                        ("round", &round.to_string()),
                        (
                            "heard",
                            &latest(&self.heard, &lang.text("trial-prompt-nothing-said", &[])),
                        ),
                        ("band", &band.description_in(lang)),
                        ("others", &text::list(lang, &others)),
                        ("words", &JUROR_WORDS.to_string()),
                    ],
                );
                let fut = self.ask_words(turn, "statement", "juror", offline_text.clone());
                let words = self.words.clone();
                let prompts = self.prompts.clone();
                let client = self.client.clone();
                let ctx = json!({"juror": self.id});
                Decision::Later(Box::pin(async move {
                    let (text, first) = fut.await;
                    let stripped = strip(&text);
                    let fallback = if text == offline_text {
                        offline_labels
                    } else {
                        words.lexicon.label(&stripped)
                    };
                    let topics: Vec<String> =
                        words.case.topics.iter().map(|t| t.id.clone()).collect();
                    let request = label_request(&words, &prompts, &stripped);
                    let (labels, second) = call(
                        &client,
                        request,
                        "labeller",
                        ctx,
                        |c| check_labels(c, &topics),
                        fallback,
                    )
                    .await;
                    answer_with(
                        Action::Statement { text, labels },
                        merge_notes(("statement", first), ("labeller", second)),
                    )
                }))
            }
            Ask::Respond {
                speaker,
                text,
                band,
                ..
            } => {
                let Action::Reply { text: offline } = fallback else {
                    return Decision::Now(fallback);
                };
                let lang = self.lang();
                let name = self
                    .jurors
                    .get((*speaker as usize).saturating_sub(self.names.len() + 1))
                    .map_or_else(|| lang.text("trial-prompt-a-juror", &[]), |j| j.1.clone());
                let turn = self.prompts.render(
                    "respond",
                    &[
                        ("band", &band.description_in(lang)),
                        ("speaker", &name),
                        ("statement", &fence(text)),
                    ],
                );
                let fut = self.ask_words(turn, "reply", "juror", offline);
                Decision::Later(Box::pin(async move {
                    let (text, note) = fut.await;
                    answer_with(Action::Reply { text }, note)
                }))
            }
            Ask::Argue { .. } => Decision::Now(fallback),
        }
    }
}

/// An advocate played by a model.
pub struct ModelAdvocate {
    offline: OfflineAdvocate,
    words: Offline,
    client: Client,
    prompts: Arc<PromptSet>,
    side: Side,
    jurors: Vec<(String, String)>,
    /// Each card of the case: its id, and how the prompt lists it.
    cards: Vec<(String, String)>,
    transcript: VecDeque<String>,
    seat: Seat,
}

impl ModelAdvocate {
    pub fn new(
        words: Offline,
        setup: &TrialSetup,
        seat: Seat,
        seed: u64,
        client: Client,
        prompts: Arc<PromptSet>,
        cards: &BTreeMap<String, Arc<JurorCard>>,
    ) -> ModelAdvocate {
        let jurors = setup
            .jurors
            .iter()
            .map(|j| {
                let about = cards.get(&j.id).map_or_else(String::new, |c| {
                    setup.lang.text(
                        "trial-prompt-about",
                        &[
                            ("name", &c.name),
                            ("age", &c.age.to_string()),
                            ("occupation", &c.occupation),
                            ("background", &c.background),
                        ],
                    )
                });
                (j.id.clone(), about)
            })
            .collect();
        ModelAdvocate {
            offline: OfflineAdvocate::new(words.clone(), setup, seat, seed),
            side: setup.sides[seat as usize - 1],
            cards: words
                .case
                .evidence
                .iter()
                .map(|e| {
                    let args = [
                        ("id", e.id.as_str()),
                        ("title", &e.title),
                        ("text", &e.text),
                    ];
                    (e.id.clone(), setup.lang.text("trial-prompt-card", &args))
                })
                .collect(),
            words,
            client,
            prompts,
            jurors,
            transcript: VecDeque::new(),
            seat,
        }
    }
}

impl Agent<crate::games::trial::Trial> for ModelAdvocate {
    fn observe(&mut self, event: &Event) {
        self.offline.observe(event);
        let lang = self.words.case.lang;
        let line = match event {
            Event::Said {
                player,
                juror,
                text,
            } => {
                let (n, text) = (player.to_string(), fence(text));
                let mut args = vec![("juror", juror.as_str()), ("text", text.as_str())];
                if *player == self.seat {
                    lang.text("trial-prompt-you-to", &args)
                } else {
                    args.push(("n", &n));
                    lang.text("trial-prompt-player-to", &args)
                }
            }
            Event::Replied {
                juror,
                player,
                text,
                hint,
            } => {
                let line = lang.text(
                    "trial-prompt-juror-to",
                    &[
                        ("juror", juror),
                        ("n", &player.to_string()),
                        ("text", &fence(text)),
                    ],
                );
                let hint = hint
                    .as_ref()
                    .map(|h| lang.text("trial-prompt-hint", &[("hint", h)]));
                text::join([line.as_str(), hint.as_deref().unwrap_or_default()])
            }
            Event::Presented { player, card } => lang.text(
                "trial-prompt-presented",
                &[("n", &player.to_string()), ("card", card)],
            ),
            _ => return,
        };
        push(&mut self.transcript, line, 3 * HEARD);
    }

    fn decide(&mut self, ask: &Ask) -> Decision<Action> {
        let Decision::Now(fallback) = self.offline.decide(ask) else {
            return Decision::Now(Action::Rest);
        };
        let Ask::Argue { turns_left, cards } = ask else {
            return Decision::Now(fallback);
        };
        let lang = self.words.case.lang;
        let verdict = lang.text(
            if self.side.wants_not_guilty() {
                "trial-vote-not-guilty"
            } else {
                "trial-vote-guilty"
            },
            &[],
        );
        let side = lang.text(&format!("trial-side-{}", self.side.name()), &[]);
        let jurors: Vec<String> = self
            .jurors
            .iter()
            .map(|(id, about)| format!("- {id}: {about}"))
            .collect();
        let role = self.prompts.render(
            "advocate",
            &[
                ("side", &side),
                ("verdict", &verdict),
                ("jurors", &jurors.join("\n")),
            ],
        );
        let card_lines: Vec<String> = self
            .cards
            .iter()
            .filter(|c| cards.contains(&c.0))
            .map(|c| c.1.clone())
            .collect();
        let turns: Vec<String> = turns_left.iter().map(|(j, n)| format!("{j} {n}")).collect();
        let ids: Vec<String> = self.jurors.iter().map(|j| j.0.clone()).collect();
        let every_card: Vec<String> = self.cards.iter().map(|c| c.0.clone()).collect();
        let open: Vec<String> = turns_left
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(j, _)| j.clone())
            .collect();
        let valid: Vec<&str> = open
            .iter()
            .chain(cards.iter())
            .map(String::as_str)
            .collect();
        let none = lang.text("trial-prompt-none", &[]);
        let turn = self.prompts.render(
            "advocate_turn",
            &[
                (
                    "transcript",
                    &latest(
                        &self.transcript,
                        &lang.text("trial-prompt-nothing-yet", &[]),
                    ),
                ),
                ("turns", &text::list(lang, &turns)),
                (
                    "cards",
                    &if card_lines.is_empty() {
                        none.clone()
                    } else {
                        card_lines.join(text::phrase_separator(lang))
                    },
                ),
                ("words", &ADVOCATE_WORDS.to_string()),
                (
                    "valid",
                    &if valid.is_empty() {
                        none.clone()
                    } else {
                        text::list(lang, &valid)
                    },
                ),
            ],
        );
        let request = Request {
            messages: vec![
                Message::system(case_system(&self.words, &self.prompts)),
                Message::user(format!("{role}\n\n{turn}")),
            ],
            schema_name: "move".into(),
            schema: advocate_schema(&ids, &every_card),
            shown: None,
            optional: &[],
            max_tokens: None,
            lang,
        };
        let cards = cards.clone();
        let client = self.client.clone();
        let ctx = json!({"seat": self.seat});
        let fallback_move = match &fallback {
            Action::Say { juror, text } => Move::Say {
                juror: juror.clone(),
                message: text.clone(),
            },
            Action::Present { card } => Move::Present { card: card.clone() },
            _ => Move::Rest,
        };
        Decision::Later(Box::pin(async move {
            let (m, note) = call(
                &client,
                request,
                "advocate",
                ctx,
                |c| check_move(c, &open, &cards),
                fallback_move,
            )
            .await;
            let action = match m {
                Move::Say { juror, message } => Action::Say {
                    juror,
                    text: message,
                },
                Move::Present { card } => Action::Present { card },
                Move::Rest => Action::Rest,
            };
            answer_with(action, note)
        }))
    }
}
