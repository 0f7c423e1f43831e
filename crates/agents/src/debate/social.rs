//! The social debate's AI seats: speakers (a side from the sign of their stance, a
//! personality's voice) and the evaluator. Offline, speakers talk from the topic's bank
//! through the team writer (a speaker drawn toward the middle concedes a point), and the
//! evaluator is the source's keyword indicators (the debate marked offline-scored). With a
//! model, a speech is one call and each speech's ratings one call, every listener rated
//! `{"persuasion", "attack", "evidence"}` in [0, 1], checked whole; a failed call falls
//! back to the offline answer.

use super::bridge::{part_of, Bridge};
use super::llm::{answer_with, call, check_speech, checked, object, object_schema, Model};
use super::offline::Writer;
use super::prompt::bank_text;
use super::text::summary;
use super::{indicators, seat_seed, DebateKit, Personality, Role, Table, Topic};
use crate::games::debate::social::{Action, Ask, Event, Rating, Ratings, SocialDebate};
use crate::games::debate::team::{Part, Side};
use crate::games::lang::Lang;
use crate::games::Seat;
use crate::llm::prompts::fence;
use crate::llm::{Message, Request};
use crate::model::Checked;
use crate::{Agent, Decision};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::{json, Map, Value};
use std::sync::Arc;

/// The side of a stance: for the motion from 0 up.
pub fn side_of_stance(stance: f64) -> Side {
    if stance >= 0.0 {
        Side::Pro
    } else {
        Side::Con
    }
}

/// Where a stance stands, in words.
pub fn stance_words(stance: f64) -> &'static str {
    match stance {
        s if s >= 0.6 => "strongly for the motion",
        s if s >= 0.2 => "for the motion",
        s if s > -0.2 => "undecided, leaning neither way",
        s if s > -0.6 => "against the motion",
        _ => "strongly against the motion",
    }
}

/// [`stance_words`] in `lang`.
pub fn stance_words_in(stance: f64, lang: Lang) -> String {
    lang.text(
        match stance {
            s if s >= 0.6 => "panel-stance-strongly-for",
            s if s >= 0.2 => "panel-stance-for",
            s if s > -0.2 => "panel-stance-undecided",
            s if s > -0.6 => "panel-stance-against",
            _ => "panel-stance-strongly-against",
        },
        &[],
    )
}

/// How firm a conviction is, in words.
pub fn conviction_words(conviction: f64) -> &'static str {
    match conviction {
        c if c >= 0.75 => "very firm",
        c if c >= 0.5 => "firm",
        c if c >= 0.3 => "open to persuasion",
        _ => "easily swayed",
    }
}

/// [`conviction_words`] in `lang`.
pub fn conviction_words_in(conviction: f64, lang: Lang) -> String {
    lang.text(
        match conviction {
            c if c >= 0.75 => "panel-conviction-very-firm",
            c if c >= 0.5 => "panel-conviction-firm",
            c if c >= 0.3 => "panel-conviction-open",
            _ => "panel-conviction-swayed",
        },
        &[],
    )
}

/// The system message of every model role at a social debate (participants and the
/// evaluator): the motion and how minds change. The same for all of them all debate, so a
/// prompt cache serves it, and the transcript after it, to each in turn.
fn social_system(model: &Model, motion: &str) -> String {
    model.prompts.render("social_table", &[("motion", motion)])
}

/// A participant as the prompts and the evaluator's schema name it: "Participant 2",
/// "2号辩手".
fn name_in(seat: Seat, lang: Lang) -> String {
    lang.text("panel-participant", &[("seat", &seat.to_string())])
}

/// What a seat of a social debate has seen.
#[derive(Debug, Clone)]
struct Seen {
    motion: String,
    stances: Vec<f64>,
    rounds: u8,
    speeches: Vec<(Seat, u8, String)>,
    surrendered: Vec<Seat>,
    bridge: Bridge,
    lang: Lang,
    viewer: Option<Seat>,
}

impl Seen {
    fn new(motion: &str, viewer: Option<Seat>, lang: Lang) -> Seen {
        Seen {
            motion: motion.into(),
            stances: Vec::new(),
            rounds: 4,
            speeches: Vec::new(),
            surrendered: Vec::new(),
            bridge: Bridge::new(motion, &[], 4, viewer),
            lang,
            viewer,
        }
    }

    fn observe(&mut self, event: &Event) {
        match event {
            Event::Opened {
                motion,
                starts,
                rounds,
            } => {
                self.motion = motion.clone();
                self.stances = starts.iter().map(|s| s.stance).collect();
                self.rounds = (*rounds).min(12);
                let sides: Vec<Side> = self.stances.iter().map(|&s| side_of_stance(s)).collect();
                self.bridge = Bridge::new(motion, &sides, self.rounds, self.viewer);
            }
            Event::Spoke {
                seat,
                round,
                text,
                limit,
                ..
            } => {
                self.bridge
                    .spoke(*seat, (*round).min(self.rounds), text, *limit);
                self.speeches.push((*seat, *round, text.clone()));
            }
            Event::Surrendered { seat, .. } => self.surrendered.push(*seat),
            _ => {}
        }
    }

    fn transcript(&self) -> String {
        let lang = self.lang;
        if self.speeches.is_empty() {
            return lang.text("panel-llm-nothing-yet", &[]);
        }
        let latest = self.speeches.last().map_or(1, |s| s.1);
        self.speeches
            .iter()
            .map(|(seat, r, text)| {
                let shown = if *r + 1 >= latest {
                    fence(text)
                } else {
                    fence(&summary(text, 40))
                };
                lang.text(
                    "panel-llm-speech",
                    &[
                        ("round", &r.to_string()),
                        ("name", &name_in(*seat, lang)),
                        ("text", &shown),
                    ],
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// An AI speaker.
pub struct Speaker {
    seat: Seat,
    topic: Arc<Topic>,
    voice: Arc<Personality>,
    rng: ChaCha8Rng,
    seen: Seen,
    kit_model: [Option<Model>; 2],
    /// Its stance and conviction as it was set (the game moves the real ones).
    conviction: f64,
}

impl Speaker {
    pub fn new(
        kit: &DebateKit,
        table: Table<'_>,
        seat: Seat,
        personality: &str,
        conviction: f64,
        seed: u64,
    ) -> Speaker {
        Speaker {
            seat,
            topic: kit.topic_of(table),
            voice: kit
                .personalities
                .get_or_first_in(personality, table.lang)
                .clone(),
            rng: ChaCha8Rng::seed_from_u64(seat_seed(seed, seat)),
            seen: Seen::new(table.motion, Some(seat), table.lang),
            kit_model: [
                table.keyed(kit.model(Role::Pro)),
                table.keyed(kit.model(Role::Con)),
            ],
            conviction,
        }
    }

    fn stance(&self) -> f64 {
        self.seen
            .stances
            .get(self.seat as usize - 1)
            .copied()
            .unwrap_or(0.5)
    }

    /// One line to a listener of the other side who is still debating (the next one
    /// after this seat): a challenge every other round, else an appeal; nothing when none
    /// is left.
    fn address(&mut self, round: u8) -> String {
        use rand_core::RngCore;
        let n = self.seen.stances.len() as Seat;
        let side = side_of_stance(self.stance());
        let listener = (1..n)
            .map(|k| (self.seat - 1 + k) % n + 1)
            .filter(|s| !self.seen.surrendered.contains(s))
            .find(|&s| side_of_stance(self.seen.stances[s as usize - 1]) != side);
        // With nobody left on the other side there is no one to appeal to: an ally is
        // never challenged.
        let Some(listener) = listener else {
            return String::new();
        };
        let mut lines = Vec::new();
        let mut pick = |list: &[String], rng: &mut ChaCha8Rng| {
            if !list.is_empty() {
                let line = &list[(rng.next_u64() % list.len() as u64) as usize];
                lines.push(line.replace("{name}", &name_in(listener, self.seen.lang)));
            }
        };
        // One line a round, so the listener is named once and is never told "I understand
        // your side" and "that point is mistaken" in one breath: a challenge every other
        // round, else an appeal.
        if round.is_multiple_of(2) {
            pick(&self.voice.challenges.clone(), &mut self.rng);
        } else {
            pick(&self.voice.appeals.clone(), &mut self.rng);
        }
        lines.join(if self.seen.lang == Lang::En { " " } else { "" })
    }

    fn offline(&mut self, round: u8, limit: u32) -> String {
        let extra = if round > 1 {
            self.address(round)
        } else {
            String::new()
        };
        let room = crate::games::debate::words::count(&extra);
        let limit = limit.saturating_sub(room).max(1);
        let side = side_of_stance(self.stance());
        let writer = Writer {
            seat: self.seen.bridge.team_seat(self.seat),
            side,
            topic: &self.topic,
            voice: &self.voice,
            memory: &self.seen.bridge.memory,
            humans: &[],
        };
        let part = part_of(round.min(self.seen.rounds), self.seen.rounds);
        let text = match part {
            Part::Opening => writer.opening(&mut self.rng, limit),
            _ => writer.wrap_up_with(&mut self.rng, part, limit, false),
        };
        if extra.is_empty() {
            text
        } else if self.seen.lang == Lang::En {
            format!("{text} {extra}")
        } else {
            format!("{text}{extra}")
        }
    }
}

impl Agent<SocialDebate> for Speaker {
    fn observe(&mut self, event: &Event) {
        self.seen.observe(event);
    }

    fn decide(&mut self, ask: &Ask) -> Decision<Action> {
        let Ask::Speak { round, limit } = *ask else {
            return Decision::Now(Action::Concede);
        };
        let fallback = Action::Speak {
            text: self.offline(round, limit),
        };
        let side = side_of_stance(self.stance());
        let Some(model) = self.kit_model[side.index()].clone() else {
            return Decision::Now(fallback);
        };
        let lang = self.seen.lang;
        let role = model.prompts.render(
            "social_debater",
            &[
                ("seat", &name_in(self.seat, lang)),
                ("stance", &stance_words_in(self.stance(), lang)),
                ("conviction", &conviction_words_in(self.conviction, lang)),
                ("personality", &self.voice.name),
                ("style", &self.voice.style),
                ("bank", &bank_text(&self.topic, side, false)),
            ],
        );
        let active: Vec<String> = (1..=self.seen.stances.len() as Seat)
            .filter(|s| !self.seen.surrendered.contains(s))
            .map(|s| name_in(s, lang))
            .collect();
        let turn = model.prompts.render(
            "social_turn",
            &[
                ("transcript", &self.seen.transcript()),
                ("role", &role),
                (
                    "active",
                    &active.join(if lang == Lang::En { ", " } else { "、" }),
                ),
                ("round", &round.to_string()),
                ("limit", &limit.to_string()),
            ],
        );
        let request = Request {
            messages: vec![
                Message::system(social_system(&model, &self.seen.motion)),
                Message::user(turn),
            ],
            schema_name: "speech".into(),
            schema: super::llm::speech_schema(),
            shown: Some("speech"),
            optional: &[],
            max_tokens: Some(crate::model::words_tokens(limit)),
            lang,
        };
        let ctx = json!({"seat": self.seat, "round": round});
        Decision::Later(Box::pin(async move {
            let (action, note) = call(
                &model.client,
                request,
                "speaker",
                ctx,
                |c| {
                    check_speech(c, Part::Free, limit).map(|ch| Checked {
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

/// The evaluator's schema: one rating object per listener, by name.
pub fn ratings_schema(targets: &[Seat]) -> Value {
    ratings_schema_in(targets, Lang::En)
}

/// [`ratings_schema`] with the listeners named in `lang`.
pub fn ratings_schema_in(targets: &[Seat], lang: Lang) -> Value {
    let name = |s: Seat| name_in(s, lang);
    let unit = json!({"type": "number", "minimum": 0, "maximum": 1});
    let props: Map<String, Value> = targets
        .iter()
        .map(|&t| {
            (
                name(t),
                object_schema(json!({"persuasion": unit, "attack": unit, "evidence": unit})),
            )
        })
        .collect();
    object_schema(json!({"ratings": object_schema(Value::Object(props))}))
}

/// An evaluator's reply read back: a rating in [0, 1] for every listener, seat order.
pub fn check_ratings(
    content: &str,
    targets: &[Seat],
) -> Result<Checked<Vec<(Seat, Rating)>>, String> {
    check_ratings_in(content, targets, Lang::En)
}

/// [`check_ratings`] with the listeners named in `lang`.
pub fn check_ratings_in(
    content: &str,
    targets: &[Seat],
    lang: Lang,
) -> Result<Checked<Vec<(Seat, Rating)>>, String> {
    let name = |s: Seat| name_in(s, lang);
    let obj = object(content, &["ratings"])?;
    let ratings = obj
        .get("ratings")
        .and_then(Value::as_object)
        .ok_or("\"ratings\" must be an object keyed by listener")?;
    if let Some(extra) = ratings
        .keys()
        .find(|k| targets.iter().all(|&t| name(t) != **k))
    {
        return Err(format!("\"{extra}\" is not a listener to rate"));
    }
    let mut out = Vec::new();
    for &t in targets {
        let r = ratings
            .get(&name(t))
            .and_then(Value::as_object)
            .ok_or_else(|| format!("no rating for {}", name(t)))?;
        let value = |k: &str| -> Result<f64, String> {
            r.get(k)
                .and_then(Value::as_f64)
                .filter(|v| (0.0..=1.0).contains(v))
                .ok_or_else(|| format!("{}: \"{k}\" must be a number from 0 to 1", name(t)))
        };
        out.push((
            t,
            Rating {
                persuasion: value("persuasion")?,
                attack: value("attack")?,
                evidence: value("evidence")?,
            },
        ));
    }
    Ok(checked(out))
}

/// The evaluator.
pub struct Evaluator {
    seen: Seen,
    model: Option<Model>,
}

impl Evaluator {
    pub fn new(kit: &DebateKit, table: Table<'_>) -> Evaluator {
        Evaluator {
            seen: Seen::new(table.motion, None, table.lang),
            model: table.keyed(kit.model(Role::Judge)),
        }
    }
}

impl Agent<SocialDebate> for Evaluator {
    fn observe(&mut self, event: &Event) {
        self.seen.observe(event);
    }

    fn decide(&mut self, ask: &Ask) -> Decision<Action> {
        let Ask::Rate { speaker, targets } = ask else {
            return Decision::Now(Action::Concede);
        };
        let text = self
            .seen
            .speeches
            .iter()
            .rev()
            .find(|s| s.0 == *speaker)
            .map(|s| s.2.clone())
            .unwrap_or_default();
        let r = indicators::rate(&text);
        let fallback = Action::Rate(Ratings {
            ratings: targets.iter().map(|&t| (t, r)).collect(),
            offline: true,
        });
        let Some(model) = self.model.clone() else {
            return Decision::Now(fallback);
        };
        let lang = self.seen.lang;
        let name = |s: Seat| name_in(s, lang);
        let role = model.prompts.render("evaluator", &[]);
        let before = {
            let mut s = self.seen.clone();
            s.speeches.pop();
            s.transcript()
        };
        let listeners: Vec<String> = targets.iter().map(|&t| name(t)).collect();
        let turn = model.prompts.render(
            "evaluator_turn",
            &[
                ("transcript", &before),
                ("role", &role),
                ("speaker", &name(*speaker)),
                ("speech", &fence(&text)),
                (
                    "targets",
                    &listeners.join(if lang == Lang::En { ", " } else { "、" }),
                ),
            ],
        );
        let request = Request {
            messages: vec![
                Message::system(social_system(&model, &self.seen.motion)),
                Message::user(turn),
            ],
            schema_name: "ratings".into(),
            schema: ratings_schema_in(targets, lang),
            shown: None,
            optional: &[],
            max_tokens: None,
            lang,
        };
        let targets = targets.clone();
        let ctx = json!({"speaker": speaker});
        Decision::Later(Box::pin(async move {
            let (action, note) = call(
                &model.client,
                request,
                "evaluator",
                ctx,
                |c| {
                    check_ratings_in(c, &targets, lang).map(|ch| Checked {
                        value: Action::Rate(Ratings {
                            ratings: ch.value,
                            offline: false,
                        }),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::debate::social::{Start, Surrender};

    #[test]
    fn a_speaker_addresses_only_an_opponent_still_debating() {
        let kit = DebateKit::default();
        let table = Table {
            topic: Some("universal_basic_income"),
            motion: "This house would introduce a universal basic income",
            key: None,
            lang: crate::games::Lang::En,
        };
        let mut speaker = Speaker::new(&kit, table, 1, "aggressive", 0.8, 7);
        let start = |stance| Start {
            stance,
            conviction: 0.8,
        };
        speaker.observe(&Event::Opened {
            motion: table.motion.into(),
            starts: vec![start(0.6), start(0.5), start(-0.6)],
            rounds: 4,
        });
        assert!(speaker.address(2).contains("Participant 3"));
        speaker.observe(&Event::Surrendered {
            seat: 3,
            why: Surrender::Conceded,
            bonus_to: Some(1),
        });
        // Its only opponent gave in: its ally is not challenged instead.
        for round in 2..6 {
            assert_eq!(speaker.address(round), "", "round {round}");
        }
    }

    #[test]
    fn ratings_are_checked_whole() {
        let ok = json!({"ratings": {"Participant 1": {"persuasion": 0.7, "attack": 0.1, "evidence": 0.5},
            "Participant 3": {"persuasion": 0.0, "attack": 1.0, "evidence": 0.0}}}).to_string();
        let r = check_ratings(&ok, &[1, 3]).unwrap().value;
        assert_eq!(r[0].0, 1);
        assert_eq!(r[1].1.attack, 1.0);
        assert!(check_ratings(&ok, &[1, 2]).is_err());
        assert!(check_ratings(&ok.replace("0.7", "1.7"), &[1, 3]).is_err());
    }
}
