//! The day: speeches (in seat order, or in the direction the sheriff picks, he last), the
//! sheriff's vote call, the sealed vote (the sheriff's ballot counting 1.5), PK speeches
//! and a revote on a tie, then what the exile calls for (an idiot's card, the badge, a shot,
//! last words) and the `max_days` draw. The sheriff election's speeches and votes run
//! through the same stages (`sheriff`).

use super::deaths::{Task, Then};
use super::*;

#[derive(Debug, Clone)]
pub(super) struct Speeches {
    kind: SpeechKind,
    order: [Seat; MAX_SEATS],
    len: u8,
    next: u8,
    /// PK speeches: the tied seats, who are then voted on.
    tied: SeatSet,
    /// The sheriff election's speeches (its campaign, or its PK).
    badge: bool,
    /// Campaign: candidates who withdrew (their turn is skipped).
    withdrawn: SeatSet,
}

impl Speeches {
    pub(super) fn new(kind: SpeechKind, seats: impl IntoIterator<Item = Seat>) -> Speeches {
        let mut order = [0; MAX_SEATS];
        let mut len = 0;
        for seat in seats {
            order[len] = seat;
            len += 1;
        }
        Speeches {
            kind,
            order,
            len: len as u8,
            next: 0,
            tied: SeatSet::EMPTY,
            badge: false,
            withdrawn: SeatSet::EMPTY,
        }
    }

    pub(super) fn current(&self) -> Option<Seat> {
        (self.next < self.len).then(|| self.order[self.next as usize])
    }
    pub(super) fn ask_kind(&self) -> AskKind {
        match self.kind {
            SpeechKind::Pk => AskKind::PkSpeech,
            SpeechKind::Campaign => AskKind::CampaignSpeech,
            _ => AskKind::Speech,
        }
    }
    /// A phase a wolf may self-explode in: day, PK and campaign speeches.
    pub(super) fn explodable(&self) -> bool {
        matches!(
            self.kind,
            SpeechKind::Day | SpeechKind::Pk | SpeechKind::Campaign
        )
    }
    /// The sheriff election is on (campaign or its PK).
    pub(super) fn is_campaign(&self) -> bool {
        self.badge
    }
    pub(super) fn with_badge(mut self) -> Speeches {
        self.badge = true;
        self
    }
    pub(super) fn withdrawn(&self) -> SeatSet {
        self.withdrawn
    }
    pub(super) fn withdraw(&mut self, seat: Seat) {
        self.withdrawn.insert(seat);
    }
    /// Skips the turns of seats that withdrew.
    fn skip_withdrawn(&mut self) {
        while self.current().is_some_and(|s| self.withdrawn.contains(s)) {
            self.next += 1;
        }
    }
    pub(super) fn speakers(&self) -> SeatSet {
        self.order[..self.len as usize].iter().copied().collect()
    }
}

#[derive(Debug, Clone)]
pub(super) struct Vote {
    pub(super) round: VoteRound,
    pub(super) candidates: SeatSet,
    /// Voters who have not voted yet.
    pub(super) remaining: SeatSet,
    ballots: [Ballot; MAX_SEATS],
}

impl Vote {
    pub(super) fn ask_kind(&self) -> AskKind {
        match self.round {
            VoteRound::Main => AskKind::Vote,
            VoteRound::Pk => AskKind::PkVote,
            VoteRound::Sheriff | VoteRound::SheriffPk => AskKind::SheriffVote,
        }
    }
}

impl Werewolf {
    /// The day after dawn: the sheriff picks the speaking direction, or the speeches start
    /// as on a board without one.
    pub(super) fn begin_day(&mut self) {
        match self.sheriff.filter(|s| self.alive.contains(*s)) {
            Some(sheriff) => self.stage = Stage::Order { sheriff },
            None => self.begin_speeches(),
        }
    }

    /// Day speeches: every living seat once, ascending from the first speaker.
    pub(super) fn begin_speeches(&mut self) {
        let n = self.seats;
        let first = match (self.rules.rotate_first_speaker, self.last_first_speaker) {
            (true, Some(prev)) => (1..=n)
                .map(|k| (prev - 1 + k) % n + 1)
                .find(|&s| self.alive.contains(s)),
            _ => self.alive.first(),
        }
        .expect("the game ends before nobody is alive");
        self.last_first_speaker = Some(first);
        let alive = self.alive;
        let order = (0..n)
            .map(|k| (first - 1 + k) % n + 1)
            .filter(|s| alive.contains(*s));
        self.stage = Stage::Speeches(Speeches::new(SpeechKind::Day, order));
    }

    /// The sheriff's direction: from the seat after him (`up`) or before him, round the
    /// table, the sheriff last.
    pub(super) fn set_order(&mut self, sheriff: Seat, up: bool) {
        self.emit(Audience::Everyone, Event::SpeakingOrder { sheriff, up });
        let n = self.seats;
        let alive = self.alive;
        let order = (1..=n)
            .map(|k| {
                if up {
                    (sheriff - 1 + k) % n + 1
                } else {
                    (sheriff - 1 + n * 2 - k) % n + 1
                }
            })
            .filter(|s| alive.contains(*s));
        self.stage = Stage::Speeches(Speeches::new(SpeechKind::Day, order));
    }

    /// A speech; `meant` is its claims when the speaker handed them over (exactly what
    /// reading the text would find), else the text is read here.
    pub(super) fn speak(&mut self, seat: Seat, kind: AskKind, text: String, meant: Option<Claims>) {
        let kind = SpeechKind::of(kind).unwrap_or(SpeechKind::Day);
        let claims = meant.unwrap_or_else(|| claims::read_at(&text, self.seats));
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

    /// The current speaker is done (spoke, withdrew, or the deadline passed in silence).
    pub(super) fn speech_done(&mut self) {
        match &mut self.stage {
            Stage::Speeches(s) => {
                s.next += 1;
                s.skip_withdrawn();
                if s.current().is_some() {
                    return;
                }
                let (kind, tied, badge) = (s.kind, s.tied, s.badge);
                let speakers = s.speakers().minus(s.withdrawn());
                match (kind, badge) {
                    (SpeechKind::Campaign, _) => self.campaign_over(speakers),
                    (SpeechKind::Pk, true) => {
                        let voters = self.badge_voters;
                        self.begin_vote(VoteRound::SheriffPk, voters, tied);
                    }
                    (SpeechKind::Pk, false) => {
                        let voters = self.alive.minus(tied).minus(self.mute);
                        self.begin_vote(VoteRound::Pk, voters, tied);
                    }
                    _ => match self.sheriff.filter(|s| self.alive.contains(*s)) {
                        Some(sheriff) => self.stage = Stage::Call { sheriff },
                        None => self.begin_main_vote(),
                    },
                }
            }
            Stage::LastWords { .. } => self.next_task(),
            _ => unreachable!("speeches are only asked in the speech stages"),
        }
    }

    /// The sheriff's vote call, public; then the vote.
    pub(super) fn call(&mut self, sheriff: Seat, target: Option<Seat>) {
        self.emit(Audience::Everyone, Event::SheriffCalled { sheriff, target });
        self.begin_main_vote();
    }

    fn begin_main_vote(&mut self) {
        let open = self.alive.minus(self.mute);
        self.begin_vote(VoteRound::Main, open, open);
    }

    pub(super) fn begin_vote(&mut self, round: VoteRound, voters: SeatSet, candidates: SeatSet) {
        self.stage = Stage::Vote(Vote {
            round,
            candidates,
            remaining: voters,
            ballots: [Ballot::None; MAX_SEATS],
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

    /// The ballots revealed and counted (in half votes: the sheriff's ballot is 3, any
    /// other 2); the most votes is exiled or elected, a tie goes to PK speeches and a
    /// revote, a second tie (or no vote at all) to nobody.
    fn reveal_votes(&mut self) {
        let Stage::Vote(v) = &self.stage else {
            unreachable!("revealing outside a vote")
        };
        let (round, ballots) = (v.round, v.ballots);
        let ballots = &ballots[..self.seats as usize];
        self.emit(
            Audience::Everyone,
            Event::VotesRevealed {
                round,
                ballots: PerSeat::from_slice(ballots),
                sheriff: self
                    .sheriff
                    .filter(|_| matches!(round, VoteRound::Main | VoteRound::Pk)),
            },
        );
        let badge = matches!(round, VoteRound::Sheriff | VoteRound::SheriffPk);
        let mut tally = [0u16; MAX_SEATS + 1];
        for (i, ballot) in ballots.iter().enumerate() {
            if let Ballot::Vote(target) = *ballot {
                let voter = i as Seat + 1;
                tally[target as usize] += if self.sheriff == Some(voter) { 3 } else { 2 };
                if !badge {
                    self.score_vote(voter, target);
                }
            }
        }
        let max = *tally.iter().max().expect("tally is not empty");
        let tied: SeatSet = if max == 0 {
            SeatSet::EMPTY
        } else {
            (1..self.seats + 1)
                .filter(|&s| tally[s as usize] == max)
                .collect()
        };
        match (tied.len(), badge, round) {
            (1, false, _) => self.eliminate(tied.first().expect("one seat")),
            (1, true, _) => self.elect(tied.first()),
            (0, true, _) | (_, true, VoteRound::SheriffPk) => self.elect(None),
            (0, false, _) | (_, false, VoteRound::Pk) => {
                self.emit(Audience::Everyone, Event::Eliminated { seat: None });
                self.end_day();
            }
            _ => {
                self.emit(Audience::Everyone, Event::PkCalled { tied });
                let mut pk = Speeches::new(SpeechKind::Pk, tied.iter());
                pk.tied = tied;
                if badge {
                    pk = pk.with_badge();
                }
                self.stage = Stage::Speeches(pk);
            }
        }
    }

    /// The vote's exile: an idiot shows his card and stays (without a vote, or the badge);
    /// anyone else dies, then passes the badge, shoots (a hunter or wolf king) and has
    /// last words.
    fn eliminate(&mut self, seat: Seat) {
        if self.role(seat) == Role::Idiot && !self.mute.contains(seat) {
            self.mute.insert(seat);
            self.emit(Audience::Everyone, Event::IdiotRevealed { seat });
            if self.sheriff == Some(seat) {
                self.lose_badge(seat);
            }
            self.end_day();
            return;
        }
        self.emit(Audience::Everyone, Event::Eliminated { seat: Some(seat) });
        if self.kill(seat, DeathCause::Vote) {
            return;
        }
        self.reveal(seat);
        let tasks: &[Task] = if self.may_shoot(seat, DeathCause::Vote) {
            &[Task::Badge(seat), Task::Shot(seat), Task::LastWords(seat)]
        } else {
            &[Task::Badge(seat), Task::LastWords(seat)]
        };
        self.after(tasks, Then::Night);
    }

    pub(super) fn end_day(&mut self) {
        if self.day >= self.rules.max_days {
            self.finish(Winner::Draw);
        } else {
            self.begin_night(self.day + 1);
        }
    }
}
