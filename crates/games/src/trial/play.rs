//! The trial's moves: which action a seat may take now ([`Trial::check`]), taking it
//! ([`Trial::act`]) or a passed deadline ([`Trial::timeout`]), and how the trial moves on —
//! a message labelled and answered, a card applied, the argument closed, deliberation
//! round by round, the vote.

use super::types::{vague_label, Action, Event, Hints, Labels, Refusal, Side, RESTED};
use super::{jury, label, Phase, Trial, Waiting};
use crate::{Audience, Seat};

impl Trial {
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
            return Err(Refusal::Wrong(RESTED.into()));
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
                // The hint is told to the player answered, from that player's side.
                let side = self.setup.sides.get(w.player as usize - 1).copied();
                let hint = (self.setup.rules.hints == Hints::Labels).then(|| {
                    vague_label(
                        self.jurors[j].stance,
                        side.unwrap_or(Side::Defense),
                        self.setup.lang,
                    )
                });
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
