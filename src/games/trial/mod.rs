//! Trial (pure; no I/O): players persuade AI jurors whose hidden stances move only by what
//! a labeller found in what the players said.
//!
//! - [`label`]: control-shaped text stripped from a message, and a labeller's topics kept
//!   only when each carries a quote found in it (the first two surviving are the main ones);
//! - [`jury`]: a juror's stance moved by a message's main topics (repeats halving, at most
//!   25 a message, clamped), by evidence and in deliberation (power, closeness, at most 15),
//!   and the vote;
//! - [`keywords`]: the offline labeller (the case's keywords);
//! - this module: the trial as a state machine. In the argument every player may talk to
//!   any juror (each message waits in that juror's queue to be labelled, then answered),
//!   present evidence or rest; the argument ends when every player has rested, run out of
//!   turns or time, or the host calls the verdict. Then `deliberation_rounds` rounds (the
//!   juror furthest from 0 who has not spoken states a view, the others respond), and the
//!   vote.

pub mod jury;
pub mod keywords;
pub mod label;
mod table;
#[cfg(test)]
mod tests;
pub mod types;

pub use jury::{Juror, DELIBERATION_CAP, MESSAGE_CAP};
pub use label::{Impact, TopicLabel};
pub use types::{
    vague_label, Action, Ask, Band, Card, Event, Hints, JurorSeat, Labels, Mode, Refusal, Side,
    TrialRules, TrialSetup, MAX_JURORS, MAX_PLAYERS,
};

use crate::games::{Audience, Logged, Seat};
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

    /// Whether `seat` may take `action` now; changes nothing.
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), Refusal> {
        if self.is_over() {
            return Err(Refusal::Over);
        }
        if seat == 0 || seat as usize > self.players.len() + self.jurors.len() {
            return Err(Refusal::NoSuchSeat(seat));
        }
        match action {
            Action::Say { juror, text } => {
                self.check_player(seat)?;
                let j = self
                    .juror_index(juror)
                    .ok_or_else(|| Refusal::NoSuchJuror(juror.clone()))?;
                if text.trim().is_empty() {
                    return Err(Refusal::Empty);
                }
                if self.turns_left(seat, j) == 0 {
                    return Err(Refusal::NoTurnsLeft(
                        self.setup.rules.turns_per_juror,
                        self.setup.jurors[j].name.clone(),
                    ));
                }
                Ok(())
            }
            Action::Present { card } => {
                self.check_player(seat)?;
                if !self.setup.cards.iter().any(|c| &c.id == card) {
                    return Err(Refusal::NoSuchCard(card.clone()));
                }
                if self.presented.contains(card) {
                    return Err(Refusal::AlreadyPresented(card.clone()));
                }
                Ok(())
            }
            Action::Rest => self.check_player(seat),
            // The host's call, from any player's seat, rested or not.
            Action::CallVerdict if !self.is_player(seat) => {
                Err(Refusal::Wrong("only players argue".into()))
            }
            Action::CallVerdict if self.phase != Phase::Argument => Err(Refusal::ArgumentClosed),
            Action::CallVerdict => Ok(()),
            Action::Label(_) => {
                let j = self.juror_asked(seat)?;
                match self.queues[j].front() {
                    Some(w) if w.heard.is_none() => Ok(()),
                    _ => Err(Refusal::Wrong(
                        "no message is waiting to be labelled".into(),
                    )),
                }
            }
            Action::Reply { .. } => {
                let j = self.juror_asked(seat)?;
                if matches!(self.queues[j].front(), Some(w) if w.heard.is_some()) {
                    return Ok(());
                }
                match &self.phase {
                    Phase::Deliberation {
                        statement: Some(_),
                        listeners,
                        ..
                    } if listeners.iter().any(|l| l.0 == j) => Ok(()),
                    _ => Err(Refusal::Wrong(
                        "nothing is waiting for this juror's answer".into(),
                    )),
                }
            }
            Action::Statement { .. } => {
                let j = self.juror_asked(seat)?;
                match &self.phase {
                    Phase::Deliberation {
                        speaker,
                        statement: None,
                        ..
                    } if *speaker == j => Ok(()),
                    Phase::Deliberation {
                        speaker,
                        statement: None,
                        ..
                    } => Err(Refusal::Wrong(format!(
                        "it is {}'s turn to speak in deliberation",
                        self.jurors[*speaker].id
                    ))),
                    _ => Err(Refusal::Wrong(
                        "no deliberation statement is asked now".into(),
                    )),
                }
            }
        }
    }

    fn check_player(&self, seat: Seat) -> Result<(), Refusal> {
        if !self.is_player(seat) {
            return Err(Refusal::Wrong("only players argue".into()));
        }
        if self.phase != Phase::Argument {
            return Err(Refusal::ArgumentClosed);
        }
        if self.players[seat as usize - 1].done {
            return Err(Refusal::Wrong("you have rested your case".into()));
        }
        Ok(())
    }

    fn juror_asked(&self, seat: Seat) -> Result<usize, Refusal> {
        self.juror_of(seat)
            .ok_or_else(|| Refusal::Wrong("only jurors answer".into()))
    }

    /// Takes `action` from `seat` (checked first; a refusal changes nothing).
    pub fn act(&mut self, seat: Seat, action: Action) -> Result<(), Refusal> {
        self.check(seat, &action)?;
        match action {
            Action::Say { juror, text } => self.say(seat, &juror, &text),
            Action::Present { card } => self.present(seat, &card),
            Action::Rest => {
                self.players[seat as usize - 1].done = true;
                self.push(Audience::Everyone, Event::Rested { player: seat });
            }
            Action::CallVerdict => {
                for p in &mut self.players {
                    p.done = true;
                }
                self.push(
                    Audience::Everyone,
                    Event::ArgumentClosed {
                        called_by: Some(seat),
                    },
                );
            }
            Action::Label(labels) => {
                let j = self.juror_of(seat).unwrap_or_default();
                self.label(j, labels);
            }
            Action::Reply { text } => {
                let j = self.juror_of(seat).unwrap_or_default();
                self.reply(j, Some(text));
            }
            Action::Statement { text, labels } => self.statement(Some((text, labels))),
        }
        self.advance();
        Ok(())
    }

    /// `seat`'s deadline passed: a player's argument ends; a juror's label finds nothing,
    /// its answer is silence; a deliberation statement not made skips the round.
    pub fn timeout(&mut self, seat: Seat) -> Result<(), Refusal> {
        if self.is_over() {
            return Err(Refusal::Over);
        }
        if self.is_player(seat) {
            if self.phase != Phase::Argument || self.players[seat as usize - 1].done {
                return Err(Refusal::Wrong("nothing is asked of this player".into()));
            }
            self.players[seat as usize - 1].done = true;
            self.push(Audience::Everyone, Event::Rested { player: seat });
        } else {
            let j = self.juror_asked(seat)?;
            match self.queues[j].front() {
                Some(w) if w.heard.is_none() => self.label(j, Labels::default()),
                Some(_) => self.reply(j, None),
                None => match &self.phase {
                    Phase::Deliberation {
                        speaker,
                        statement: None,
                        ..
                    } if *speaker == j => self.statement(None),
                    Phase::Deliberation {
                        statement: Some(_),
                        listeners,
                        ..
                    } if listeners.iter().any(|l| l.0 == j) => self.reply(j, None),
                    _ => return Err(Refusal::Wrong("nothing is asked of this juror".into())),
                },
            }
        }
        self.advance();
        Ok(())
    }

    fn say(&mut self, seat: Seat, juror: &str, text: &str) {
        let j = self.juror_index(juror).unwrap_or_default();
        self.players[seat as usize - 1].turns[j] += 1;
        let seq = self.next_seq();
        self.queues[j].push_back(Waiting {
            player: seat,
            text: label::strip(text),
            seq,
            heard: None,
        });
        self.push(
            Audience::Everyone,
            Event::Said {
                player: seat,
                juror: juror.to_string(),
                text: text.to_string(),
            },
        );
    }

    fn present(&mut self, seat: Seat, card: &str) {
        let effects = self
            .setup
            .cards
            .iter()
            .find(|c| c.id == card)
            .map(|c| c.effects.clone())
            .unwrap_or_default();
        self.presented.insert(card.to_string());
        let mut moves = Vec::new();
        for juror in &mut self.jurors {
            if let Some(&effect) = effects.get(&juror.id) {
                moves.push((juror.id.clone(), juror.apply(effect)));
            }
        }
        let toward: f64 = moves.iter().map(|m| m.1).sum();
        self.credit(seat, toward);
        self.push(
            Audience::Everyone,
            Event::Presented {
                player: seat,
                card: card.to_string(),
            },
        );
        let stances = self.jurors.iter().map(|j| j.stance).collect();
        self.push(
            Audience::Moderator,
            Event::Weighed {
                card: card.to_string(),
                moves,
                stances,
            },
        );
        self.snapshot();
    }

    /// Adds a move to the player's shift, signed toward their side.
    fn credit(&mut self, seat: Seat, moved: f64) {
        let side = self.setup.sides[seat as usize - 1];
        let sign = if side.wants_not_guilty() { 1.0 } else { -1.0 };
        self.players[seat as usize - 1].shift += sign * moved;
    }

    fn label(&mut self, j: usize, labels: Labels) {
        let Some(w) = self.queues[j].front().cloned() else {
            return;
        };
        let (main, dropped) = label::main_topics(&labels.topics, &w.text, |t| self.known(t));
        let moved = self.jurors[j].hear(&main);
        self.credit(w.player, moved);
        let seq = self.next_seq();
        if let Some(front) = self.queues[j].front_mut() {
            front.heard = Some((main.clone(), moved));
            front.seq = seq;
        }
        self.push(
            Audience::Moderator,
            Event::Heard {
                player: w.player,
                juror: self.jurors[j].id.clone(),
                main,
                dropped: dropped.iter().map(|d| format!("{d:?}")).collect(),
                offline: labels.offline,
                moved,
                stance: self.jurors[j].stance,
            },
        );
        self.snapshot();
    }

    /// Juror `j` answers (or stays silent, `None`): the message at its queue's head, else
    /// the deliberation statement.
    fn reply(&mut self, j: usize, text: Option<String>) {
        let id = self.jurors[j].id.clone();
        if matches!(self.queues[j].front(), Some(w) if w.heard.is_some()) {
            let Some(w) = self.queues[j].pop_front() else {
                return;
            };
            if let Some(text) = text {
                let hint = (self.setup.rules.hints == Hints::Labels)
                    .then(|| vague_label(self.jurors[j].stance).to_string());
                self.push(
                    Audience::Everyone,
                    Event::Replied {
                        juror: id,
                        player: w.player,
                        text,
                        hint,
                    },
                );
            }
            return;
        }
        if let Phase::Deliberation {
            round, listeners, ..
        } = &mut self.phase
        {
            let round = *round;
            listeners.retain(|l| l.0 != j);
            if let Some(text) = text {
                self.push(
                    Audience::Everyone,
                    Event::Responded {
                        round,
                        juror: id,
                        text,
                    },
                );
            }
        }
    }

    fn statement(&mut self, said: Option<(String, Labels)>) {
        let Phase::Deliberation { round, speaker, .. } = self.phase.clone() else {
            return;
        };
        let Some((text, labels)) = said else {
            // Nothing said: the round passes without a statement.
            self.phase = Phase::Deliberation {
                round,
                speaker,
                seq: 0,
                statement: Some(String::new()),
                listeners: Vec::new(),
            };
            return;
        };
        let stripped = label::strip(&text);
        let (main, dropped) = label::main_topics(&labels.topics, &stripped, |t| self.known(t));
        let moves = jury::deliberation(&self.jurors, speaker, &main);
        let mut applied = Vec::new();
        for &(i, delta) in &moves {
            let moved = self.jurors[i].apply(delta);
            applied.push((i, moved));
        }
        self.push(
            Audience::Everyone,
            Event::Stated {
                round,
                juror: self.jurors[speaker].id.clone(),
                text: text.clone(),
            },
        );
        let stances = self.jurors.iter().map(|j| j.stance).collect();
        self.push(
            Audience::Moderator,
            Event::Deliberated {
                round,
                speaker: self.jurors[speaker].id.clone(),
                main,
                dropped: dropped.iter().map(|d| format!("{d:?}")).collect(),
                offline: labels.offline,
                moves: applied
                    .iter()
                    .map(|&(i, m)| (self.jurors[i].id.clone(), m))
                    .collect(),
                stances,
            },
        );
        self.snapshot();
        let mut listeners = Vec::new();
        for (i, moved) in applied {
            let seq = self.next_seq();
            listeners.push((i, seq, moved));
        }
        self.phase = Phase::Deliberation {
            round,
            speaker,
            seq: 0,
            statement: Some(stripped),
            listeners,
        };
    }

    /// Moves on when nothing is left to wait for: the argument closes, deliberation goes to
    /// its next round, the vote is taken.
    fn advance(&mut self) {
        loop {
            match &self.phase {
                Phase::Argument => {
                    for i in 0..self.players.len() {
                        let seat = i as Seat + 1;
                        let spent = (0..self.jurors.len()).all(|j| self.turns_left(seat, j) == 0)
                            && self
                                .setup
                                .cards
                                .iter()
                                .all(|c| self.presented.contains(&c.id));
                        if spent && !self.players[i].done && !self.in_flight(seat) {
                            self.players[i].done = true;
                            self.push(Audience::Everyone, Event::Rested { player: seat });
                        }
                    }
                    let idle = self.queues.iter().all(|q| q.is_empty());
                    if !(idle && self.players.iter().all(|p| p.done)) {
                        return;
                    }
                    if !self
                        .log
                        .iter()
                        .any(|l| matches!(l.event, Event::ArgumentClosed { .. }))
                    {
                        self.push(
                            Audience::Everyone,
                            Event::ArgumentClosed { called_by: None },
                        );
                    }
                    self.next_round(1);
                }
                Phase::Deliberation {
                    round,
                    statement: Some(_),
                    listeners,
                    ..
                } if listeners.is_empty() => {
                    let next = round + 1;
                    self.next_round(next);
                }
                _ => return,
            }
        }
    }

    fn next_round(&mut self, round: u8) {
        let speaker = jury::next_speaker(&self.jurors, &self.spoken);
        match speaker {
            Some(s) if round <= self.setup.rules.deliberation_rounds => {
                self.spoken.push(s);
                let seq = self.next_seq();
                self.phase = Phase::Deliberation {
                    round,
                    speaker: s,
                    seq,
                    statement: None,
                    listeners: Vec::new(),
                };
                self.push(
                    Audience::Everyone,
                    Event::DeliberationRound {
                        round,
                        speaker: self.jurors[s].id.clone(),
                    },
                );
            }
            _ => self.settle(),
        }
    }

    /// Ends the argument now, as if every player had rested (a scenario's first
    /// deliberation statement); deliberation, or the vote, follows.
    pub fn close_argument(&mut self) {
        if self.phase != Phase::Argument {
            return;
        }
        for p in &mut self.players {
            p.done = true;
        }
        self.push(
            Audience::Everyone,
            Event::ArgumentClosed { called_by: None },
        );
        self.advance();
    }

    /// The vote, now: every juror votes NOT GUILTY when their stance is above 0, and the
    /// majority decides. Ends the trial whatever was still waiting.
    pub fn settle(&mut self) {
        if self.is_over() {
            return;
        }
        for q in &mut self.queues {
            q.clear();
        }
        let votes = self
            .jurors
            .iter()
            .map(|j| (j.id.clone(), j.not_guilty()))
            .collect();
        let finals = self.jurors.iter().map(|j| j.stance).collect();
        self.push(
            Audience::Everyone,
            Event::Verdict {
                votes,
                not_guilty: self.not_guilty(),
                initial: self.initial.clone(),
                finals,
            },
        );
        self.phase = Phase::Finished;
    }
}
