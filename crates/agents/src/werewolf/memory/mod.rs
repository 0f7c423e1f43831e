//! A seat's memory of the game, built only from the events that seat was shown: what an
//! outside agent is sent (`game_state`) and what a language model is prompted with.
//!
//! Nothing here reads the [`Werewolf`](crate::games::werewolf::Werewolf): a memory cannot hold more
//! than its seat saw. Prompts stay small as games grow: the latest day is kept verbatim,
//! each finished day becomes a short summary written once when the next night falls, and
//! what every seat claimed is kept in a bounded [`ClaimsRecord`].
//!
//! Player text reaches a prompt only through [`fence`]: one line, a JSON string literal.
//! Every game-made line is written in the memory's [`Lang`] (`locales/*/memory.ftl`): a
//! model seat at a Chinese table reads its record in Chinese. An outside agent's memory
//! stays English, the protocol's language (the `what` of `game_state`'s events).

mod record;
mod transcript;

pub use record::{ClaimsRecord, SpeakerRecord};

use crate::games::lang::Lang;
use crate::games::werewolf::{
    Ask, AskKind, Ballot, Event, Role, Rules, Seat, SeatSet, WitchSelfSave, SEATS,
};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use transcript::{DayLog, Entry};

pub use crate::llm::prompts::fence;

/// The rules a seat is told (the few options that change what a player may rely on).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRules {
    pub max_days: u32,
    pub hunter_shoots_when_poisoned: bool,
    pub witch_self_save: WitchSelfSave,
}

impl From<&Rules> for TableRules {
    fn from(r: &Rules) -> Self {
        TableRules {
            max_days: r.max_days,
            hunter_shoots_when_poisoned: r.hunter_shoots_when_poisoned,
            witch_self_save: r.witch_self_save,
        }
    }
}

impl Default for TableRules {
    fn default() -> Self {
        TableRules::from(&Rules::default())
    }
}

/// What one seat knows.
#[derive(Debug, Clone)]
pub struct SeatMemory {
    pub seat: Seat,
    pub role: Option<Role>,
    pub wolves: Option<SeatSet>,
    /// Seer: (seat, is a wolf) per check.
    pub checks: Vec<(Seat, bool)>,
    /// Witch: potions still unused.
    pub antidote: bool,
    pub poison: bool,
    /// Hunter: set only once he dies (the night he dies, or when voted out): whether he may
    /// shoot now.
    pub may_shoot: Option<bool>,
    pub alive: SeatSet,
    /// How many seats the table has (the nine-seat board's unless a `Board` event says).
    pub seats: u8,
    /// The sheriff, on a board that has one, while there is one.
    pub sheriff: Option<Seat>,
    /// Revealed idiots: alive, without a vote.
    pub mute: SeatSet,
    pub day: u32,
    /// Between nightfall and dawn.
    at_night: bool,
    /// The options of this game's rules that the seat is told.
    pub rules: TableRules,
    days: Vec<DayLog>,
    /// `summaries[i]` is the summary of `days[i]`, written once that day is over.
    summaries: Vec<String>,
    /// What every seat has claimed, as this seat heard it.
    pub claims: ClaimsRecord,
    /// The default actions this seat took (its own record).
    pub defaults: u32,
    /// Every event the seat was shown, in order (sent to outside agents as is).
    events: Vec<Event>,
    /// The language its game-made lines are written in.
    lang: Lang,
}

fn seat_list(set: SeatSet) -> Vec<Seat> {
    set.iter().collect()
}

impl SeatMemory {
    pub fn new(seat: Seat) -> SeatMemory {
        SeatMemory {
            seat,
            role: None,
            wolves: None,
            checks: Vec::new(),
            antidote: true,
            poison: true,
            may_shoot: None,
            alive: (1..=SEATS as Seat).collect(),
            seats: SEATS as u8,
            sheriff: None,
            mute: SeatSet::EMPTY,
            day: 0,
            at_night: false,
            rules: TableRules::default(),
            days: Vec::new(),
            summaries: Vec::new(),
            claims: ClaimsRecord::default(),
            defaults: 0,
            events: Vec::new(),
            lang: Lang::En,
        }
    }

    /// The same memory writing its lines in `lang` (set before the first event: lines
    /// already written stay as they are).
    pub fn with_lang(mut self, lang: Lang) -> SeatMemory {
        self.lang = lang;
        self
    }

    /// The language its lines are written in.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The game-made text `id` in the memory's language.
    fn t(&self, id: &str, args: &[(&str, &str)]) -> String {
        self.lang.text(id, args)
    }

    fn today(&mut self) -> &mut DayLog {
        if self.days.is_empty() {
            self.days.push(DayLog {
                day: self.day.max(1),
                ..DayLog::default()
            });
        }
        self.days.last_mut().expect("just ensured")
    }

    /// Takes in one event the seat was shown.
    pub fn observe(&mut self, event: &Event) {
        self.events.push(event.clone());
        match event {
            Event::RoleDealt { seat, role } if *seat == self.seat => self.role = Some(*role),
            Event::RoleDealt { .. } => {}
            Event::WolfPack { wolves } => self.wolves = Some(*wolves),
            Event::NightFell { night } => {
                // The finished day is summarized once, here, and reused by every prompt.
                while self.summaries.len() < self.days.len() {
                    let i = self.summaries.len();
                    let summary = self.days[i].summary(self.lang);
                    self.summaries.push(summary);
                }
                self.day = *night;
                self.at_night = true;
                self.days.push(DayLog {
                    day: *night,
                    ..DayLog::default()
                });
            }
            Event::WolfPicked {
                wolf,
                target,
                round,
            } => {
                let (wolf, round) = (wolf.to_string(), round.to_string());
                let line = match target {
                    Some(t) => self.t(
                        "mem-wolf-picked",
                        &[
                            ("wolf", &wolf),
                            ("target", &t.to_string()),
                            ("round", &round),
                        ],
                    ),
                    None => self.t("mem-wolf-no-pick", &[("wolf", &wolf), ("round", &round)]),
                };
                self.today().night.push(line);
            }
            Event::WolfTie { tied } => {
                let line = self.t("mem-wolf-tie", &[("tied", &tied.to_string())]);
                self.today().night.push(line);
            }
            Event::WolfAttack { target, .. } => {
                let line = match target {
                    Some(t) => self.t("mem-wolf-attack", &[("target", &t.to_string())]),
                    None => self.t("mem-wolf-attack-none", &[]),
                };
                self.today().night.push(line);
            }
            Event::WitchTold { attacked } => {
                let line = match attacked {
                    Some(t) => self.t("mem-witch-told", &[("target", &t.to_string())]),
                    None => self.t("mem-witch-told-none", &[]),
                };
                self.today().night.push(line);
            }
            Event::WitchSaved { target } => {
                self.antidote = false;
                let line = self.t("mem-witch-saved", &[("target", &target.to_string())]);
                self.today().night.push(line);
            }
            Event::WitchPoisoned { target } => {
                self.poison = false;
                let line = self.t("mem-witch-poisoned", &[("target", &target.to_string())]);
                self.today().night.push(line);
            }
            Event::SeerResult { target, wolf } => {
                self.checks.push((*target, *wolf));
                let id = if *wolf {
                    "mem-seer-wolf"
                } else {
                    "mem-seer-good"
                };
                let line = self.t(id, &[("target", &target.to_string())]);
                self.today().night.push(line);
            }
            Event::HunterStatus { dies, may_shoot } => {
                self.may_shoot = dies.then_some(*may_shoot);
            }
            Event::Died { seat, .. } => self.alive.remove(*seat),
            Event::Dawn { day, dead } => {
                self.day = *day;
                self.at_night = false;
                for s in dead.iter() {
                    self.alive.remove(s);
                }
                self.today().dawn = Some(*dead);
            }
            Event::Speech {
                seat,
                kind,
                text,
                claims,
            } => {
                let day = self.day.max(1);
                self.claims.add(*seat, day, claims);
                let entry = Entry::Speech(*seat, *kind, text.clone());
                self.today().entries.push(entry);
            }
            Event::VoteCast { .. } => {}
            Event::VotesRevealed {
                round,
                ballots,
                sheriff,
            } => {
                let entry = Entry::Votes(*round, *ballots, *sheriff);
                self.today().entries.push(entry);
            }
            Event::PkCalled { tied } => {
                let id = if tied.len() > 2 {
                    "mem-pk-among"
                } else {
                    "mem-pk-between"
                };
                let line = self.t(id, &[("tied", &tied.to_string())]);
                self.today().entries.push(Entry::Note(line));
            }
            Event::Eliminated { seat } => {
                let line = match seat {
                    Some(s) => {
                        self.alive.remove(*s);
                        let shooter = matches!(self.role, Some(Role::Hunter | Role::WolfKing));
                        if *s == self.seat && shooter {
                            // Voted out: a hunter may always shoot (poison is a night death).
                            self.may_shoot = Some(true);
                        }
                        self.t("mem-voted-out", &[("seat", &s.to_string())])
                    }
                    None => self.t("mem-voted-out-none", &[]),
                };
                self.today().entries.push(Entry::Note(line));
            }
            Event::HunterShot { hunter, target } if self.at_night || target.is_none() => {
                // A shot at night is the hunter's own news until dawn names the dead, and
                // a shot declined is never told: both are the hunter's private notes.
                let line = match target {
                    Some(t) => self.t("mem-you-shot", &[("target", &t.to_string())]),
                    None => self.t("mem-you-held", &[]),
                };
                if *hunter == self.seat {
                    self.today().night.push(line);
                }
            }
            Event::HunterShot { hunter, target } => {
                let hunter = hunter.to_string();
                let line = match target {
                    Some(t) => {
                        self.alive.remove(*t);
                        let target = t.to_string();
                        self.t(
                            "mem-hunter-shot",
                            &[("hunter", &hunter), ("target", &target)],
                        )
                    }
                    None => self.t("mem-hunter-held", &[("hunter", &hunter)]),
                };
                self.today().entries.push(Entry::Note(line));
            }
            Event::Defaulted { .. } => self.defaults += 1,
            Event::Scored { .. } | Event::GameOver { .. } => {}
            Event::Board { seats, .. } => {
                self.seats = *seats;
                self.alive = SeatSet::upto(*seats);
            }
            // The larger boards' news, told as the story tells it: private notes at night,
            // the table's record by day.
            Event::GuardPicked { .. } | Event::KingStatus { .. } => {
                if let Event::KingStatus { dies, may_shoot } = event {
                    self.may_shoot = dies.then_some(*may_shoot);
                }
                let line = event.story_in(self.lang);
                self.today().night.push(line);
            }
            Event::KingShot { target, .. } if self.at_night || target.is_none() => {
                let line = event.story_in(self.lang);
                self.today().night.push(line);
            }
            other => {
                match other {
                    Event::KingShot {
                        target: Some(t), ..
                    }
                    | Event::Taken { target: t, .. } => self.alive.remove(*t),
                    Event::Exploded { wolf } | Event::IdledOut { seat: wolf } => {
                        self.alive.remove(*wolf);
                        if self.sheriff == Some(*wolf) {
                            self.sheriff = None;
                        }
                    }
                    Event::SheriffElected { seat } => self.sheriff = *seat,
                    Event::BadgePassed { to, .. } => self.sheriff = *to,
                    Event::BadgeLost { .. } => self.sheriff = None,
                    Event::IdiotRevealed { seat } => self.mute.insert(*seat),
                    _ => {}
                }
                let line = other.story_in(self.lang);
                self.today().entries.push(Entry::Note(line));
            }
        }
    }

    /// The public record of the game so far (see [`transcript`](transcript::transcript)):
    /// game-made lines, player text only fenced, the same for every seat.
    pub fn transcript(&self) -> String {
        transcript::transcript(&self.days, &self.summaries, self.lang)
    }

    /// The seat's own notes of its latest nights (see
    /// [`night_notes`](transcript::night_notes)).
    pub fn night_notes(&self) -> String {
        transcript::night_notes(&self.days, self.lang)
    }

    /// The claims record as game-made lines (or "none yet"), every seat named by its number:
    /// the same for every seat, so it belongs to the shared part of a prompt.
    pub fn claims_lines(&self) -> String {
        let lines = self.claims.lines_in(0, self.lang);
        if lines.is_empty() {
            format!("- {}", self.t("mem-claims-none", &[]))
        } else {
            lines
        }
    }

    /// The seat's private knowledge in one line.
    pub fn private_line(&self) -> String {
        let seat = |s: Seat| s.to_string();
        let mut parts = Vec::new();
        if let Some(role) = self.role {
            parts.push(self.t(
                "mem-you-are",
                &[
                    ("seat", &seat(self.seat)),
                    ("role", &role.name_in(self.lang)),
                ],
            ));
        }
        if let Some(w) = self.wolves {
            parts.push(self.t("mem-wolves", &[("wolves", &w.to_string())]));
        }
        if !self.checks.is_empty() {
            let checks: Vec<String> = self
                .checks
                .iter()
                .map(|(s, w)| {
                    let id = if *w {
                        "mem-check-wolf"
                    } else {
                        "mem-check-good"
                    };
                    self.t(id, &[("seat", &seat(*s))])
                })
                .collect();
            let sep = self.t("mem-list-sep", &[]);
            parts.push(self.t("mem-checks", &[("checks", &checks.join(&sep))]));
        }
        if self.role == Some(Role::Witch) {
            let state = |unused: bool| self.t(if unused { "mem-unused" } else { "mem-used" }, &[]);
            parts.push(self.t(
                "mem-potions",
                &[
                    ("antidote", &state(self.antidote)),
                    ("poison", &state(self.poison)),
                ],
            ));
        }
        match self.may_shoot {
            Some(true) => parts.push(self.t("mem-may-shoot", &[])),
            Some(false) => parts.push(self.t("mem-may-not-shoot", &[])),
            None if self.role == Some(Role::Hunter) => parts.push(self.t("mem-hunter-alive", &[])),
            None => {}
        }
        match self.sheriff {
            Some(s) if s == self.seat => parts.push(self.t("ww-llmb-you-sheriff", &[])),
            Some(s) => parts.push(self.t("ww-llmb-sheriff-is", &[("seat", &seat(s))])),
            None => {}
        }
        if self.mute.contains(self.seat) {
            parts.push(self.t("ww-llmb-you-mute", &[]));
        }
        parts.push(self.t("mem-alive", &[("alive", &self.alive.to_string())]));
        parts.join(&self.t("mem-part-sep", &[]))
    }

    /// The `game_state` sent to an outside agent for `ask` (see werewolf-rules.md, "AI agent
    /// protocol"): only what this seat knows. Player text appears only as JSON string values
    /// of its own (`text` of a speech, and the events as they are); every other string is
    /// game-made.
    pub fn game_state(&self, game_id: &str, ask: &Ask, deadline_ms: i64) -> Value {
        let mut private = serde_json::Map::new();
        if let Some(w) = self.wolves {
            private.insert("wolves".into(), json!(seat_list(w)));
        }
        if self.role == Some(Role::Seer) {
            private.insert(
                "checks".into(),
                json!(self
                    .checks
                    .iter()
                    .map(|(s, w)| json!({"seat": s, "wolf": w}))
                    .collect::<Vec<_>>()),
            );
        }
        if self.role == Some(Role::Witch) {
            private.insert(
                "potions".into(),
                json!({"antidote": self.antidote, "poison": self.poison}),
            );
            if ask.kind == AskKind::Witch {
                private.insert("attacked_tonight".into(), json!(ask.attacked));
                private.insert("can_save".into(), json!(ask.can_save));
            }
        }
        if let Some(may) = self.may_shoot {
            private.insert("may_shoot".into(), json!(may));
        }
        let days: Vec<Value> = self
            .days
            .iter()
            .map(|d| {
                let timeline: Vec<Value> = d
                    .entries
                    .iter()
                    .map(|e| match e {
                        Entry::Speech(seat, kind, text) => json!({
                            "type": "speech", "seat": seat, "kind": kind, "text": text,
                        }),
                        Entry::Votes(round, ballots, _) => json!({
                            "type": "votes",
                            "round": round,
                            "ballots": ballots.iter().enumerate().filter_map(|(i, b)| match b {
                                Ballot::Vote(t) => Some(json!({"voter": i + 1, "target": t})),
                                Ballot::Abstain => Some(json!({"voter": i + 1, "target": null})),
                                Ballot::None => None,
                            }).collect::<Vec<_>>(),
                        }),
                        Entry::Note(note) => json!({"type": "event", "what": note}),
                    })
                    .collect();
                json!({
                    "day": d.day,
                    "night_private": d.night,
                    "dawn_dead": d.dawn.map(seat_list),
                    "timeline": timeline,
                })
            })
            .collect();
        json!({
            "game_id": game_id,
            "day": self.day,
            "phase": phase_of(ask.kind),
            "seat": self.seat,
            "role": self.role,
            "rules": self.rules,
            "private": private,
            "log": days,
            "claims": self.claims.to_json(),
            "alive": seat_list(self.alive),
            "decision": {
                "kind": ask.kind,
                "valid_targets": seat_list(ask.targets),
                "can_save": ask.kind == AskKind::Witch && ask.can_save,
                "max_chars": ask.max_chars,
                "ask_seq": ask.seq,
            },
            "ask": ask,
            "events": self.events,
            "deadline_ms": deadline_ms,
        })
    }
}

/// `night` or `day` for an ask.
pub fn phase_of(kind: AskKind) -> &'static str {
    match kind {
        AskKind::WolfPick | AskKind::Witch | AskKind::SeerCheck => "night",
        _ => "day",
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_zh;
