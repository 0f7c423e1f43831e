//! The moderated debate's AI seats: participants (a side each: odd seats argue for the
//! motion, even seats against) and the moderator. Offline, participants speak from the
//! topic's bank through the team writer (first round an opening, the last a closing, the
//! rounds between summaries) and the moderator scores with the heuristic judge (argument
//! from its logic, rebuttal from its persuasion, strategy from its expression and rule
//! use), both passes alike, every score marked offline. With a model, each pass is one call
//! and the two passes of a round (or of the final) run at once; a pass that fails falls
//! back to the offline pass. Citations are checked by code first when a checker is set.

use super::bridge::{part_of, Bridge};
use super::llm::{answer_with, call, check_speech, merge_notes, Model};
use super::moderated_llm::{check_final, check_round, final_schema, label, round_schema, show};
use super::moderated_offline::{offline_final, offline_round};
use super::offline::Writer;
use super::prompt::{bank_text, stance_in};
use super::sources::{citations, Checked as SourceCheck, SourceChecker};
use super::text::summary;
use super::{seat_seed, DebateKit, Personality, Role, Table, Topic};
use crate::games::debate::moderated::{
    Action, Ask, Event, FinalReview, ModeratedDebate, Review, RoundNotes, RoundScore,
};
use crate::games::debate::team::Side;
use crate::games::lang::Lang;
use crate::games::Seat;
use crate::llm::prompts::fence;
use crate::llm::{Message, Request};
use crate::model::Checked;
use crate::{Agent, Decision};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::json;
use std::sync::Arc;

/// The side a participant argues: odd seats for the motion, even seats against.
pub fn side_of(seat: Seat) -> Side {
    if seat % 2 == 1 {
        Side::Pro
    } else {
        Side::Con
    }
}

/// What a seat of a moderated debate has seen (everything is public).
#[derive(Debug, Clone)]
pub struct Seen {
    pub motion: String,
    pub n: Seat,
    pub rounds: u8,
    pub format: &'static str,
    /// (seat, round, text; empty when skipped).
    pub speeches: Vec<(Seat, u8, String)>,
    pub notes: Vec<RoundNotes>,
    /// The moderator's two passes of each round scored.
    pub reviews: Vec<[Vec<RoundScore>; 2]>,
    pub bridge: Bridge,
    /// The debate's language: the words of the notes and of the prompts' filling.
    pub lang: Lang,
    viewer: Option<Seat>,
}

impl Seen {
    fn new(motion: &str, viewer: Option<Seat>, lang: Lang) -> Seen {
        Seen {
            motion: motion.to_string(),
            n: 2,
            rounds: 3,
            format: "structured",
            speeches: Vec::new(),
            notes: Vec::new(),
            reviews: Vec::new(),
            bridge: Bridge::new(motion, &[Side::Pro, Side::Con], 3, viewer),
            lang,
            viewer,
        }
    }

    fn observe(&mut self, event: &Event) {
        match event {
            Event::Opened {
                motion,
                participants,
                rounds,
                style,
            } => {
                self.motion = motion.clone();
                self.n = *participants;
                self.rounds = *rounds;
                self.format = style.name();
                let sides: Vec<Side> = (1..=*participants).map(side_of).collect();
                self.bridge = Bridge::new(motion, &sides, *rounds, self.viewer);
            }
            Event::Spoke {
                seat,
                round,
                text,
                limit,
                ..
            } => {
                self.bridge.spoke(*seat, *round, text, *limit);
                self.speeches.push((*seat, *round, text.clone()));
            }
            Event::Skipped { seat, round } => self.speeches.push((*seat, *round, String::new())),
            Event::Reviewed { notes, passes, .. } => {
                self.notes.push(notes.clone());
                self.reviews.push(passes.clone());
            }
            _ => {}
        }
    }

    /// The moderator's earlier summaries, names shown by `name`.
    fn earlier(&self, name: &dyn Fn(Seat) -> String) -> String {
        let lang = self.lang;
        if self.notes.is_empty() {
            return lang.text("panel-llm-none-yet", &[]);
        }
        self.notes
            .iter()
            .enumerate()
            .map(|(i, n)| {
                lang.text(
                    "panel-llm-earlier-round",
                    &[
                        ("round", &(i + 1).to_string()),
                        ("summary", &show(&n.summary, name)),
                    ],
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A participant as the prompts name it: "Participant 2", "2号辩手".
fn participant_name(seat: Seat, lang: Lang) -> String {
    lang.text("panel-participant", &[("seat", &seat.to_string())])
}

/// An AI participant.
pub struct Participant {
    seat: Seat,
    topic: Arc<Topic>,
    voice: Arc<Personality>,
    rng: ChaCha8Rng,
    seen: Seen,
    model: Option<Model>,
}

impl Participant {
    pub fn new(
        kit: &DebateKit,
        table: Table<'_>,
        seat: Seat,
        personality: &str,
        seed: u64,
    ) -> Participant {
        let role = if side_of(seat) == Side::Pro {
            Role::Pro
        } else {
            Role::Con
        };
        Participant {
            seat,
            topic: kit.topic_of(table),
            voice: kit
                .personalities
                .get_or_first_in(personality, table.lang)
                .clone(),
            rng: ChaCha8Rng::seed_from_u64(seat_seed(seed, seat)),
            seen: Seen::new(table.motion, Some(seat), table.lang),
            model: table.keyed(kit.model(role)),
        }
    }

    fn offline(&mut self, round: u8, limit: u32) -> String {
        let writer = Writer {
            seat: self.seen.bridge.team_seat(self.seat),
            side: side_of(self.seat),
            topic: &self.topic,
            voice: &self.voice,
            memory: &self.seen.bridge.memory,
            humans: &[],
        };
        let part = part_of(round, self.seen.rounds);
        match part {
            crate::games::debate::team::Part::Opening => writer.opening(&mut self.rng, limit),
            _ => writer.wrap_up(&mut self.rng, part, limit),
        }
    }

    fn request(&self, model: &Model, round: u8, limit: u32) -> Request {
        let side = side_of(self.seat);
        let lang = self.seen.lang;
        let name = |s: Seat| participant_name(s, lang);
        let role = model.prompts.render(
            "moderated_debater",
            &[
                ("seat", &name(self.seat)),
                ("stance", &stance_in(side, lang)),
                ("personality", &self.voice.name),
                ("style", &self.voice.style),
                ("bank", &bank_text(&self.topic, side, false)),
            ],
        );
        let recent = round.saturating_sub(1);
        let mut lines = vec![lang.text(
            "panel-llm-earlier",
            &[("earlier", &self.seen.earlier(&name))],
        )];
        for (seat, r, text) in &self.seen.speeches {
            let shown = if text.is_empty() {
                lang.text("panel-llm-skipped", &[])
            } else if *r >= recent {
                fence(&cut(text, limit + limit / 10))
            } else {
                fence(&summary(text, 40))
            };
            lines.push(lang.text(
                "panel-llm-speech",
                &[
                    ("round", &r.to_string()),
                    ("name", &name(*seat)),
                    ("text", &shown),
                ],
            ));
        }
        let task = lang.text(
            match part_of(round, self.seen.rounds) {
                crate::games::debate::team::Part::Opening => "panel-llm-task-opening",
                crate::games::debate::team::Part::Closing => "panel-llm-task-closing",
                _ => "panel-llm-task-middle",
            },
            &[],
        );
        let turn = model.prompts.render(
            "moderated_turn",
            &[
                ("transcript", &lines.join("\n")),
                ("role", &role),
                ("round", &round.to_string()),
                ("task", &task),
                ("limit", &limit.to_string()),
            ],
        );
        Request {
            messages: vec![
                Message::system(moderated_system(model, &self.seen)),
                Message::user(turn),
            ],
            schema_name: "speech".into(),
            schema: super::llm::speech_schema(),
            shown: Some("speech"),
            optional: &[],
            max_tokens: Some(crate::model::words_tokens(limit)),
            lang,
        }
    }
}

/// The first `n` words of `text` (a Han character is a word).
fn cut(text: &str, n: u32) -> String {
    if text.chars().any(crate::games::lang::is_han) {
        if crate::games::debate::words::count(text) <= n {
            return text.to_string();
        }
        let cut: String = text.chars().take(n as usize).collect();
        return format!("{cut}…");
    }
    let w: Vec<&str> = text.split_whitespace().collect();
    if w.len() as u32 <= n {
        text.to_string()
    } else {
        format!("{} …", w[..n as usize].join(" "))
    }
}

impl Agent<ModeratedDebate> for Participant {
    fn observe(&mut self, event: &Event) {
        self.seen.observe(event);
    }

    fn decide(&mut self, ask: &Ask) -> Decision<Action> {
        let Ask::Speak { round, limit } = *ask else {
            return Decision::Now(Action::Speak { text: "…".into() });
        };
        let text = self.offline(round, limit);
        let fallback = Action::Speak { text };
        let Some(model) = self.model.clone() else {
            return Decision::Now(fallback);
        };
        let request = self.request(&model, round, limit);
        let part = part_of(round, self.seen.rounds);
        let ctx = json!({"seat": self.seat, "round": round});
        Decision::Later(Box::pin(async move {
            let (action, note) = call(
                &model.client,
                request,
                "participant",
                ctx,
                |c| {
                    check_speech(c, part, limit).map(|ch| Checked {
                        value: Action::Speak { text: ch.value },
                        fixed: ch.fixed,
                        review: ch.review,
                    })
                },
                fallback,
            )
            .await;
            answer_with(action, note)
        }))
    }
}

/// The moderator.
pub struct Moderator {
    topic: Arc<Topic>,
    seen: Seen,
    model: Option<Model>,
    sources: Option<Arc<SourceChecker>>,
    /// Every source check so far, in order.
    checks: Vec<SourceCheck>,
}

impl Moderator {
    pub fn new(kit: &DebateKit, table: Table<'_>) -> Moderator {
        Moderator {
            topic: kit.topic_of(table),
            seen: Seen::new(table.motion, None, table.lang),
            model: table.keyed(kit.model(Role::Judge)),
            sources: kit.sources.clone(),
            checks: Vec::new(),
        }
    }

    /// The speeches of `round` (or all, `None`) as the moderator reads them, in `order`,
    /// each under its label.
    fn speeches(&self, round: Option<u8>, order: &[Seat]) -> String {
        let mut out = Vec::new();
        for (i, seat) in order.iter().enumerate() {
            for (s, r, text) in &self.seen.speeches {
                if s != seat || round.is_some_and(|x| x != *r) {
                    continue;
                }
                let shown = if text.is_empty() {
                    self.seen.lang.text("panel-llm-skipped", &[])
                } else {
                    fence(&cut(text, 600))
                };
                out.push(self.seen.lang.text(
                    "panel-llm-labelled",
                    &[
                        ("label", &label(i)),
                        ("round", &r.to_string()),
                        ("text", &shown),
                    ],
                ));
            }
        }
        out.join("\n")
    }

    fn presented(order: &[Seat]) -> String {
        (0..order.len())
            .map(|i| format!("[{}]", label(i)))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn round_request(
        &self,
        model: &Model,
        round: u8,
        order: &[Seat],
        checks: &[SourceCheck],
    ) -> Request {
        let lang = self.seen.lang;
        let role = model
            .prompts
            .render("moderator", &[("format", self.seen.format)]);
        let labels = |seat: Seat| {
            order
                .iter()
                .position(|&s| s == seat)
                .map_or("?".into(), |i| format!("[{}]", label(i)))
        };
        let speaking: Vec<String> = crate::games::debate::moderated::order(round, self.seen.n)
            .into_iter()
            .map(labels)
            .collect();
        let text = model.prompts.render(
            "moderator_round",
            &[
                ("earlier", &self.seen.earlier(&|s| labels(s))),
                ("round", &round.to_string()),
                ("order", &speaking.join(", ")),
                ("presented", &Self::presented(order)),
                ("speeches", &self.speeches(Some(round), order)),
                ("sources", &source_lines(checks, lang)),
                (
                    "grouping",
                    &lang.text(
                        if self.seen.n >= 3 {
                            "panel-llm-grouped"
                        } else {
                            "panel-llm-each"
                        },
                        &[],
                    ),
                ),
            ],
        );
        Request {
            messages: vec![
                Message::system(moderated_system(model, &self.seen)),
                Message::user(format!("{role}\n\n{text}")),
            ],
            schema_name: "round".into(),
            schema: round_schema(order.len()),
            shown: None,
            optional: &[],
            max_tokens: Some(800),
            lang,
        }
    }

    fn final_request(&self, model: &Model, order: &[Seat]) -> Request {
        let lang = self.seen.lang;
        let role = model
            .prompts
            .render("moderator", &[("format", self.seen.format)]);
        let labels = |seat: Seat| {
            order
                .iter()
                .position(|&s| s == seat)
                .map_or("?".into(), |i| format!("[{}]", label(i)))
        };
        let text = model.prompts.render(
            "moderator_final",
            &[
                ("presented", &Self::presented(order)),
                ("transcript", &self.speeches(None, order)),
                ("earlier", &self.seen.earlier(&|s| labels(s))),
                ("sources", &source_lines(&self.checks, lang)),
            ],
        );
        Request {
            messages: vec![
                Message::system(moderated_system(model, &self.seen)),
                Message::user(format!("{role}\n\n{text}")),
            ],
            schema_name: "final".into(),
            schema: final_schema(order.len()),
            shown: None,
            optional: &[],
            max_tokens: Some(800),
            lang,
        }
    }
}

/// The system message of every model role at a moderated debate (participants and the
/// moderator): the motion, how it runs, the format. The same for all of them all debate, so
/// a prompt cache serves it to each in turn; each role's own block comes after.
fn moderated_system(model: &Model, seen: &Seen) -> String {
    model.prompts.render(
        "moderated_table",
        &[
            ("motion", &seen.motion),
            ("rounds", &seen.rounds.to_string()),
            ("format", seen.format),
        ],
    )
}

fn source_lines(checks: &[SourceCheck], lang: Lang) -> String {
    if checks.is_empty() {
        lang.text("panel-llm-no-citation", &[])
    } else {
        checks
            .iter()
            .map(SourceCheck::line)
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Agent<ModeratedDebate> for Moderator {
    fn observe(&mut self, event: &Event) {
        self.seen.observe(event);
    }

    fn decide(&mut self, ask: &Ask) -> Decision<Action> {
        match ask {
            Ask::Review { round, orders } => self.review(*round, orders.clone()),
            Ask::Final { orders } => self.finish(orders.clone()),
            Ask::Speak { .. } => Decision::Now(Action::Speak { text: "…".into() }),
        }
    }
}

impl Moderator {
    fn review(&mut self, round: u8, orders: [Vec<Seat>; 2]) -> Decision<Action> {
        let cited: Vec<_> = self
            .seen
            .speeches
            .iter()
            .filter(|s| s.1 == round)
            .flat_map(|s| citations(&s.2))
            .collect();
        let checker = self.sources.clone().filter(|_| !cited.is_empty());
        if checker.is_none() && self.model.is_none() {
            let (scores, notes) = offline_round(&self.topic, &self.seen, round, &[]);
            return Decision::Now(review_action(round, scores, notes, true));
        }
        // The checks (I/O) and the two passes run in the answer's future; the seat's view
        // is copied in, so the future owns what it reads.
        let me = Moderator {
            topic: self.topic.clone(),
            seen: self.seen.clone(),
            model: self.model.clone(),
            sources: None,
            checks: self.checks.clone(),
        };
        Decision::Later(Box::pin(async move {
            let checks = match checker {
                Some(c) => c.check_all(&cited).await,
                None => Vec::new(),
            };
            let (scores, notes) = offline_round(&me.topic, &me.seen, round, &checks);
            let Some(model) = me.model.clone() else {
                return answer_with(
                    review_action(round, scores, notes, true),
                    json!({"sources": checks.len()}),
                );
            };
            let pass = |order: Vec<Seat>| {
                let request = me.round_request(&model, round, &order, &checks);
                let fallback = (scores.clone(), notes.clone());
                let client = model.client.clone();
                async move {
                    call(
                        &client,
                        request,
                        "moderator",
                        json!({"round": round, "order": order}),
                        |c| check_round(c, &order),
                        fallback,
                    )
                    .await
                }
            };
            let [first, second] = orders;
            let ((a, note_a), (b, note_b)) = tokio::join!(pass(first), pass(second));
            let offline = note_a.get("fallback").is_some() && note_b.get("fallback").is_some();
            let mut notes = a.1;
            if !checks.is_empty() {
                notes.sources = checks
                    .iter()
                    .map(SourceCheck::line)
                    .chain(notes.sources)
                    .take(8)
                    .collect();
            }
            let action = Action::Review(Review {
                round,
                passes: [a.0, b.0],
                notes,
                offline,
            });
            answer_with(action, merge_notes(("pass1", note_a), ("pass2", note_b)))
        }))
    }

    fn finish(&mut self, orders: [Vec<Seat>; 2]) -> Decision<Action> {
        let (rubrics, reasons) = offline_final(&self.seen, &self.checks);
        let summary = self.seen.lang.text("panel-final-summary", &[]);
        let fallback = (rubrics.clone(), reasons.clone(), summary.clone());
        let Some(model) = self.model.clone() else {
            return Decision::Now(Action::Final(FinalReview {
                passes: [rubrics.clone(), rubrics],
                reasons,
                summary,
                offline: true,
            }));
        };
        let [first, second] = orders;
        let requests = [
            self.final_request(&model, &first),
            self.final_request(&model, &second),
        ];
        Decision::Later(Box::pin(async move {
            let [ra, rb] = requests;
            let pa = call(
                &model.client,
                ra,
                "moderator",
                json!({"final": true, "order": first}),
                |c| check_final(c, &first),
                fallback.clone(),
            );
            let pb = call(
                &model.client,
                rb,
                "moderator",
                json!({"final": true, "order": second}),
                |c| check_final(c, &second),
                fallback,
            );
            let ((a, note_a), (b, note_b)) = tokio::join!(pa, pb);
            let offline = note_a.get("fallback").is_some() && note_b.get("fallback").is_some();
            let action = Action::Final(FinalReview {
                passes: [a.0, b.0],
                reasons: a.1,
                summary: a.2,
                offline,
            });
            answer_with(action, merge_notes(("pass1", note_a), ("pass2", note_b)))
        }))
    }
}

fn review_action(round: u8, scores: Vec<RoundScore>, notes: RoundNotes, offline: bool) -> Action {
    Action::Review(Review {
        round,
        passes: [scores.clone(), scores],
        notes,
        offline,
    })
}
