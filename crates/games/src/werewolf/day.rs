//! The day: dawn's speeches in seat order, the sealed vote, PK speeches and revote on a
//! tie, the voted-out hunter's shot, last words, and the `max_days` draw.

use super::*;

#[derive(Debug, Clone)]
pub(super) struct Speeches {
    kind: SpeechKind,
    order: [Seat; SEATS],
    len: u8,
    next: u8,
    /// PK speeches: the tied seats, who are then voted on.
    tied: SeatSet,
}

impl Speeches {
    pub(super) fn current(&self) -> Option<Seat> {
        (self.next < self.len).then(|| self.order[self.next as usize])
    }
    pub(super) fn ask_kind(&self) -> AskKind {
        match self.kind {
            SpeechKind::Pk => AskKind::PkSpeech,
            _ => AskKind::Speech,
        }
    }
}

#[derive(Debug, Clone)]
pub(super) struct Vote {
    pub(super) round: VoteRound,
    pub(super) candidates: SeatSet,
    /// Voters who have not voted yet.
    pub(super) remaining: SeatSet,
    ballots: [Ballot; SEATS],
}

impl Werewolf {
    /// Day speeches: every living seat once, ascending from the first speaker.
    pub(super) fn begin_speeches(&mut self) {
        let first = match (self.rules.rotate_first_speaker, self.last_first_speaker) {
            (true, Some(prev)) => (1..=SEATS as Seat)
                .map(|k| (prev - 1 + k) % SEATS as Seat + 1)
                .find(|&s| self.alive.contains(s)),
            _ => self.alive.first(),
        }
        .expect("the game ends before nobody is alive");
        self.last_first_speaker = Some(first);
        let mut order = [0; SEATS];
        let mut len = 0;
        for k in 0..SEATS as Seat {
            let seat = (first - 1 + k) % SEATS as Seat + 1;
            if self.alive.contains(seat) {
                order[len] = seat;
                len += 1;
            }
        }
        self.stage = Stage::Speeches(Speeches {
            kind: SpeechKind::Day,
            order,
            len: len as u8,
            next: 0,
            tied: SeatSet::EMPTY,
        });
    }

    /// A speech; `meant` is its claims when the speaker handed them over (exactly what
    /// reading the text would find), else the text is read here.
    pub(super) fn speak(&mut self, seat: Seat, kind: AskKind, text: String, meant: Option<Claims>) {
        let kind = SpeechKind::of(kind).unwrap_or(SpeechKind::Day);
        let claims = meant.unwrap_or_else(|| claims::read(&text));
        self.emit(
            Audience::Everyone,
            Event::Speech {
                seat,
                kind,
                text,
                claims,
            },
        );
        self.speech_done();
    }

    /// The current speaker is done (spoke, or the deadline passed in silence).
    pub(super) fn speech_done(&mut self) {
        match &mut self.stage {
            Stage::Speeches(s) => {
                s.next += 1;
                if s.current().is_none() {
                    let (kind, tied) = (s.kind, s.tied);
                    match kind {
                        SpeechKind::Pk => {
                            self.begin_vote(VoteRound::Pk, self.alive.minus(tied), tied)
                        }
                        _ => self.begin_vote(VoteRound::Main, self.alive, self.alive),
                    }
                }
            }
            Stage::LastWords { .. } => self.end_day(),
            _ => unreachable!("speeches are only asked in the speech stages"),
        }
    }

    fn begin_vote(&mut self, round: VoteRound, voters: SeatSet, candidates: SeatSet) {
        self.stage = Stage::Vote(Vote {
            round,
            candidates,
            remaining: voters,
            ballots: [Ballot::None; SEATS],
        });
        if voters.is_empty() {
            self.reveal_votes();
        }
    }

    /// A sealed ballot; the votes are revealed together once all are in.
    pub(super) fn cast(&mut self, voter: Seat, ballot: Ballot) {
        let Stage::Vote(v) = &mut self.stage else {
            unreachable!("ballots are only asked during a vote")
        };
        v.ballots[voter as usize - 1] = ballot;
        v.remaining.remove(voter);
        let round = v.round;
        let done = v.remaining.is_empty();
        self.emit(
            Audience::seat(voter),
            Event::VoteCast {
                voter,
                round,
                ballot,
            },
        );
        if done {
            self.reveal_votes();
        }
    }

    fn reveal_votes(&mut self) {
        let Stage::Vote(v) = &self.stage else {
            unreachable!("revealing outside a vote")
        };
        let (round, ballots) = (v.round, v.ballots);
        self.emit(Audience::Everyone, Event::VotesRevealed { round, ballots });
        let mut tally = [0u8; SEATS + 1];
        for (i, ballot) in ballots.iter().enumerate() {
            if let Ballot::Vote(target) = *ballot {
                tally[target as usize] += 1;
                self.score_vote(i as Seat + 1, target);
            }
        }
        let max = *tally.iter().max().expect("tally is not empty");
        if max == 0 {
            self.emit(Audience::Everyone, Event::Eliminated { seat: None });
            self.end_day();
            return;
        }
        let tied: SeatSet = ALL_SEATS
            .into_iter()
            .filter(|&s| tally[s as usize] == max)
            .collect();
        if tied.len() == 1 {
            self.eliminate(tied.first().expect("one seat"));
        } else if round == VoteRound::Main {
            self.emit(Audience::Everyone, Event::PkCalled { tied });
            let mut order = [0; SEATS];
            for (i, s) in tied.iter().enumerate() {
                order[i] = s;
            }
            self.stage = Stage::Speeches(Speeches {
                kind: SpeechKind::Pk,
                order,
                len: tied.len() as u8,
                next: 0,
                tied,
            });
        } else {
            self.emit(Audience::Everyone, Event::Eliminated { seat: None });
            self.end_day();
        }
    }

    fn eliminate(&mut self, seat: Seat) {
        self.emit(Audience::Everyone, Event::Eliminated { seat: Some(seat) });
        if self.kill(seat, DeathCause::Vote) {
            return;
        }
        self.stage = if self.role(seat) == Role::Hunter && !self.alive.is_empty() {
            Stage::HunterDay { hunter: seat }
        } else {
            Stage::LastWords { seat }
        };
    }

    /// A voted-out hunter's shot is public; declining stays private and he gets last words.
    pub(super) fn hunter_shoot_by_day(&mut self, hunter: Seat, target: Option<Seat>) {
        match target {
            Some(target) => {
                self.emit(
                    Audience::Everyone,
                    Event::HunterShot {
                        hunter,
                        target: Some(target),
                    },
                );
                self.score_shot(hunter, target);
                if self.kill(target, DeathCause::Shot) {
                    return;
                }
                self.end_day();
            }
            None => {
                self.emit(
                    Audience::seat(hunter),
                    Event::HunterShot {
                        hunter,
                        target: None,
                    },
                );
                self.stage = Stage::LastWords { seat: hunter };
            }
        }
    }

    fn end_day(&mut self) {
        if self.day >= self.rules.max_days {
            self.finish(Winner::Draw);
        } else {
            self.begin_night(self.day + 1);
        }
    }
}
