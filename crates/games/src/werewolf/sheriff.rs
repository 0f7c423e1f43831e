//! The sheriff (警长): day 1 on a sheriff board, before dawn names the night's dead, every
//! seat says whether it runs; the candidates speak in seat order and may withdraw (退水)
//! until the vote; the seats that did not run vote; a tie goes to PK speeches and a revote,
//! a second tie leaves the table without a sheriff. The sheriff's ballot counts 1.5, he
//! picks the speaking direction, speaks last and names a vote target; dying, he passes the
//! badge or tears it.

use super::day::Speeches;
use super::deaths::Then;
use super::*;

/// Who still has to say whether they run, and who runs.
#[derive(Debug, Clone)]
pub(super) struct Signup {
    pub(super) remaining: SeatSet,
    running: SeatSet,
}

impl Werewolf {
    /// Every seat the table believes alive is asked whether it runs.
    pub(super) fn begin_signup(&mut self) {
        self.stage = Stage::Signup(Signup {
            remaining: self.alive(),
            running: SeatSet::EMPTY,
        });
    }

    pub(super) fn sign_up(&mut self, seat: Seat, runs: bool) {
        let Stage::Signup(s) = &mut self.stage else {
            unreachable!("sign-ups are only asked in the sign-up")
        };
        s.remaining.remove(seat);
        if runs {
            s.running.insert(seat);
        }
        if !s.remaining.is_empty() {
            return;
        }
        let running = s.running;
        self.emit(Audience::Everyone, Event::SheriffRunners { running });
        self.badge_voters = self.alive().minus(running);
        if running.is_empty() {
            self.elect(None);
        } else {
            let speeches = Speeches::new(SpeechKind::Campaign, running.iter()).with_badge();
            self.stage = Stage::Speeches(speeches);
        }
    }

    /// A candidate may withdraw until the campaign speeches end.
    pub(super) fn may_withdraw(&self, seat: Seat) -> bool {
        matches!(&self.stage, Stage::Speeches(s)
            if s.ask_kind() == AskKind::CampaignSpeech
                && s.speakers().contains(seat)
                && !s.withdrawn().contains(seat))
    }

    /// A candidate withdraws: his turn is skipped if it has not come (or ends if it is now).
    pub(super) fn withdraw(&mut self, seat: Seat) {
        self.emit(Audience::Everyone, Event::Withdrew { seat });
        let Stage::Speeches(s) = &mut self.stage else {
            unreachable!("withdrawing is checked to be in the campaign")
        };
        s.withdraw(seat);
        if s.current() == Some(seat) {
            self.speech_done();
        }
    }

    /// The campaign speeches are over: the candidates who stayed face the vote (one alone
    /// is elected; nobody left, or nobody to vote, leaves the table without a sheriff).
    pub(super) fn campaign_over(&mut self, candidates: SeatSet) {
        let voters = self.badge_voters;
        match candidates.len() {
            0 => self.elect(None),
            1 => self.elect(candidates.first()),
            _ if voters.is_empty() => self.elect(None),
            _ => self.begin_vote(VoteRound::Sheriff, voters, candidates),
        }
    }

    /// The election's outcome; then dawn names the night's dead.
    pub(super) fn elect(&mut self, seat: Option<Seat>) {
        self.sheriff = seat;
        if seat.is_none() {
            self.badge_gone = true;
        }
        self.emit(Audience::Everyone, Event::SheriffElected { seat });
        self.dawn(Then::Speeches);
    }

    /// The dying sheriff passes the badge to a living seat, or tears it.
    pub(super) fn pass_badge(&mut self, from: Seat, to: Option<Seat>) {
        self.sheriff = to;
        if to.is_none() {
            self.badge_gone = true;
        }
        self.emit(Audience::Everyone, Event::BadgePassed { from, to });
        self.next_task();
    }
}
