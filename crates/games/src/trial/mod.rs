//! Trial (pure; no I/O): players persuade AI jurors whose hidden stances move only by what
//! a labeller found in what the players said.
//!
//! - [`label`]: control-shaped text stripped from a message, and a labeller's topics kept
//!   only when each carries a quote found in it (the first two surviving are the main ones);
//! - [`jury`]: a juror's stance moved by a message's main topics (repeats halving, at most
//!   25 a message, clamped), by evidence and in deliberation (power, closeness, at most 15),
//!   and the vote;
//! - [`keywords`]: the offline labeller (the case's keywords);
//! - [`text`]: words, sentences and questions in either language, and how each joins them;
//!   `refusal_text`: a refusal in a table's language;
//! - this module: the trial as a state machine. In the argument every player may talk to
//!   any juror (each message waits in that juror's queue to be labelled, then answered),
//!   present evidence or rest; the argument ends when every player has rested, run out of
//!   turns or time, or the host calls the verdict. Then `deliberation_rounds` rounds (the
//!   juror furthest from 0 who has not spoken states a view, the others respond), and the
//!   vote.

mod game;
pub mod jury;
pub mod keywords;
pub mod label;
mod play;
mod refusal_text;
#[cfg(test)]
mod tests;
pub mod text;
pub mod types;

pub use jury::{Juror, DELIBERATION_CAP, MESSAGE_CAP};
pub use label::{Impact, TopicLabel};
pub use types::{
    vague_label, Action, Ask, Band, Card, Event, Hints, JurorSeat, Labels, Mode, Refusal, Side,
    TrialRules, TrialSetup, MAX_JURORS, MAX_PLAYERS, RESTED,
};

use crate::{Audience, Logged, Seat};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// A message waiting at a juror: to be labelled, then answered.
#[derive(Debug, Clone)]
struct Waiting {
    player: Seat,
    /// The message with control-shaped text stripped.
    text: String,
    seq: u32,
    /// `None` until labelled; then the main topics and the move.
    heard: Option<(Vec<TopicLabel>, f64)>,
}

#[derive(Debug, Clone)]
struct Player {
    /// The seq of the player's ask for the whole argument.
    seq: u32,
    done: bool,
    turns: Vec<u32>,
    /// The shift this player's messages and cards produced, toward their side.
    shift: f64,
}

/// Where the trial stands.
#[derive(Debug, Clone, PartialEq)]
pub enum Phase {
    Argument,
    /// Round `round`: `speaker` (a juror index) states a view (`listeners` empty), then the
    /// listeners respond (juror index, ask seq, how far the statement moved them).
    Deliberation {
        round: u8,
        speaker: usize,
        seq: u32,
        statement: Option<String>,
        listeners: Vec<(usize, u32, f64)>,
    },
    Finished,
}

/// A trial.
#[derive(Debug, Clone)]
pub struct Trial {
    setup: TrialSetup,
    jurors: Vec<Juror>,
    initial: Vec<f64>,
    /// Every juror's stance at the start and after each step that moved one.
    trail: Vec<Vec<f64>>,
    players: Vec<Player>,
    queues: Vec<VecDeque<Waiting>>,
    presented: BTreeSet<String>,
    spoken: Vec<usize>,
    phase: Phase,
    seq: u32,
    log: Vec<Logged<Event>>,
}

impl Trial {
    /// A trial of `setup` (checked with [`TrialSetup::check`] first).
    pub fn new(setup: &TrialSetup) -> Trial {
        let jurors: Vec<Juror> = setup
            .jurors
            .iter()
            .map(|j| Juror::new(&j.id, j.stance, j.weights.clone(), j.speaker_power))
            .collect();
        let initial: Vec<f64> = jurors.iter().map(|j| j.stance).collect();
        let players = (0..setup.sides.len())
            .map(|i| Player {
                seq: i as u32 + 1,
                done: false,
                turns: vec![0; jurors.len()],
                shift: 0.0,
            })
            .collect();
        let mut trial = Trial {
            trail: vec![initial.clone()],
            initial,
            queues: vec![VecDeque::new(); jurors.len()],
            jurors,
            players,
            presented: BTreeSet::new(),
            spoken: Vec::new(),
            phase: Phase::Argument,
            seq: setup.sides.len() as u32,
            log: Vec::new(),
            setup: setup.clone(),
        };
        trial.push(
            Audience::Everyone,
            Event::Opened {
                case: setup.case.clone(),
                mode: setup.rules.mode,
                sides: setup.sides.clone(),
                jurors: setup.jurors.iter().map(|j| j.id.clone()).collect(),
            },
        );
        trial
    }

    fn push(&mut self, audience: Audience, event: Event) {
        self.log.push(Logged { audience, event });
    }
    fn next_seq(&mut self) -> u32 {
        self.seq += 1;
        self.seq
    }

    pub fn setup(&self) -> &TrialSetup {
        &self.setup
    }
    pub fn rules(&self) -> &TrialRules {
        &self.setup.rules
    }
    pub fn players(&self) -> Seat {
        self.players.len() as Seat
    }
    /// The seat of juror `index` (0-based).
    pub fn juror_seat(&self, index: usize) -> Seat {
        self.players() + index as Seat + 1
    }
    /// The juror index of `seat`, if it is a juror's.
    pub fn juror_of(&self, seat: Seat) -> Option<usize> {
        (seat > self.players())
            .then(|| (seat - self.players() - 1) as usize)
            .filter(|&i| i < self.jurors.len())
    }
    pub fn juror_index(&self, id: &str) -> Option<usize> {
        self.jurors.iter().position(|j| j.id == id)
    }
    /// The jurors with their stances (the moderator's view: hidden from players).
    pub fn jurors(&self) -> &[Juror] {
        &self.jurors
    }
    pub fn initial(&self) -> &[f64] {
        &self.initial
    }
    pub fn trail(&self) -> &[Vec<f64>] {
        &self.trail
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Finished
    }
    pub fn log(&self) -> &[Logged<Event>] {
        &self.log
    }
    pub fn presented(&self) -> &BTreeSet<String> {
        &self.presented
    }
    /// The shift each player produced toward their side, seat 1 first.
    pub fn shifts(&self) -> Vec<f64> {
        self.players.iter().map(|p| p.shift).collect()
    }
    /// Messages `player` has left with juror `index`.
    pub fn turns_left(&self, player: Seat, index: usize) -> u32 {
        let used = self.players[player as usize - 1].turns[index];
        self.setup.rules.turns_per_juror.saturating_sub(used)
    }
    /// NOT GUILTY as the jurors stand now.
    pub fn not_guilty(&self) -> bool {
        jury::majority_not_guilty(&self.jurors)
    }
    fn known(&self, topic: &str) -> bool {
        self.setup.topics.iter().any(|t| t == topic)
    }
    fn snapshot(&mut self) {
        let now: Vec<f64> = self.jurors.iter().map(|j| j.stance).collect();
        if self.trail.last() != Some(&now) {
            self.trail.push(now);
        }
    }

    /// What the game waits for, players first then jurors in seat order.
    pub fn asks(&self) -> Vec<(Seat, u32, Ask)> {
        let mut out = Vec::new();
        match &self.phase {
            Phase::Argument => {
                for (i, p) in self.players.iter().enumerate() {
                    let seat = i as Seat + 1;
                    if p.done || self.in_flight(seat) {
                        continue;
                    }
                    out.push((seat, p.seq, self.argue_ask(seat)));
                }
            }
            Phase::Deliberation {
                round,
                speaker,
                seq,
                statement,
                listeners,
            } => match statement {
                None => out.push((
                    self.juror_seat(*speaker),
                    *seq,
                    Ask::Deliberate {
                        round: *round,
                        band: Band::of(self.jurors[*speaker].stance),
                    },
                )),
                Some(text) => {
                    for &(j, seq, moved) in listeners {
                        out.push((
                            self.juror_seat(j),
                            seq,
                            Ask::Respond {
                                round: *round,
                                speaker: self.juror_seat(*speaker),
                                text: text.clone(),
                                band: Band::of(self.jurors[j].stance),
                                speaker_band: Band::of(self.jurors[*speaker].stance),
                                moved,
                            },
                        ));
                    }
                }
            },
            Phase::Finished => {}
        }
        for (j, queue) in self.queues.iter().enumerate() {
            let Some(w) = queue.front() else { continue };
            let ask = match &w.heard {
                None => Ask::Label {
                    player: w.player,
                    text: w.text.clone(),
                },
                Some((heard, moved)) => Ask::Reply {
                    player: w.player,
                    text: w.text.clone(),
                    band: Band::of(self.jurors[j].stance),
                    heard: heard.clone(),
                    moved: *moved,
                },
            };
            out.push((self.juror_seat(j), w.seq, ask));
        }
        out
    }

    fn argue_ask(&self, seat: Seat) -> Ask {
        Ask::Argue {
            turns_left: self
                .jurors
                .iter()
                .enumerate()
                .map(|(j, juror)| (juror.id.clone(), self.turns_left(seat, j)))
                .collect::<BTreeMap<_, _>>(),
            cards: self
                .setup
                .cards
                .iter()
                .filter(|c| !self.presented.contains(&c.id))
                .map(|c| c.id.clone())
                .collect(),
        }
    }

    fn in_flight(&self, player: Seat) -> bool {
        self.queues
            .iter()
            .any(|q| q.iter().any(|w| w.player == player))
    }

    fn is_player(&self, seat: Seat) -> bool {
        seat >= 1 && seat <= self.players()
    }
}
