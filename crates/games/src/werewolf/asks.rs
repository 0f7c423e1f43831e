//! What the game waits for, recomputed from the stage after every change: one ask per
//! seat at most, each keeping its sequence number while it stays open (a surface carries
//! it in buttons, so a stale click is refused).

use super::*;

impl Werewolf {
    /// Recomputes the pending asks from the stage, keeping the sequence number of every
    /// ask that stays open.
    pub(super) fn refresh_asks(&mut self) {
        if self.vote_asks_still_open() {
            return;
        }
        let mut asks = std::mem::take(&mut self.spare_asks);
        asks.clear();
        match &self.stage {
            Stage::Night(n) => self.night_asks(n, &mut asks),
            Stage::Speeches(s) => {
                if let Some(seat) = s.current() {
                    asks.push(self.blank_ask(seat, s.ask_kind()));
                }
            }
            Stage::Vote(v) => {
                let kind = v.ask_kind();
                let no_abstain = self.no_abstain(v.round);
                for seat in v.remaining.iter() {
                    let mut ask = self.blank_ask(seat, kind);
                    ask.targets = v.candidates;
                    ask.no_abstain = no_abstain;
                    asks.push(ask);
                }
            }
            Stage::ShotDay { seat } => {
                let kind = if self.role(*seat) == Role::Hunter {
                    AskKind::HunterShot
                } else {
                    AskKind::KingShot
                };
                let mut ask = self.blank_ask(*seat, kind);
                ask.targets = self.alive.without(*seat);
                asks.push(ask);
            }
            Stage::LastWords { seat } => asks.push(self.blank_ask(*seat, AskKind::LastWords)),
            Stage::Signup(s) => {
                for seat in s.remaining.iter() {
                    asks.push(self.blank_ask(seat, AskKind::SheriffRun));
                }
            }
            Stage::Badge { seat } => {
                let mut ask = self.blank_ask(*seat, AskKind::BadgePass);
                ask.targets = self.alive.without(*seat);
                asks.push(ask);
            }
            Stage::Order { sheriff } => asks.push(self.blank_ask(*sheriff, AskKind::SpeakingOrder)),
            Stage::Call { sheriff } => {
                let mut ask = self.blank_ask(*sheriff, AskKind::SheriffCall);
                ask.targets = self.alive.minus(self.mute);
                asks.push(ask);
            }
            Stage::Ended => {}
        }
        self.number(&mut asks);
        self.spare_asks = std::mem::replace(&mut self.asks, asks);
    }

    /// Gives each new ask the number of the open ask it continues (same seat, same kind),
    /// else the next number.
    fn number(&mut self, asks: &mut [Ask]) {
        // The usual case (a speech, a night's step): one ask at most before and after.
        if self.asks.len() <= 1 && asks.len() <= 1 {
            if let Some(ask) = asks.first_mut() {
                let kept = (self.asks.first())
                    .filter(|o| o.seat == ask.seat && o.kind == ask.kind)
                    .map(|o| o.seq);
                ask.seq = kept.unwrap_or_else(|| {
                    self.next_seq += 1;
                    self.next_seq
                });
            }
            return;
        }
        // The old asks by seat (a seat has at most one pending ask), so keeping the numbers
        // of the asks that stay open takes one look each.
        let mut open = [None; MAX_SEATS + 1];
        for o in self.asks.iter().rev() {
            if let Some(slot) = open.get_mut(o.seat as usize) {
                *slot = Some((o.kind, o.seq));
            }
        }
        for ask in asks {
            let kept = match open.get(ask.seat as usize).copied().flatten() {
                Some((kind, seq)) if kind == ask.kind => Some(seq),
                _ => self
                    .asks
                    .iter()
                    .find(|o| o.seat == ask.seat && o.kind == ask.kind)
                    .map(|o| o.seq),
            };
            ask.seq = kept.unwrap_or_else(|| {
                self.next_seq += 1;
                self.next_seq
            });
        }
    }

    /// A vote goes on after a ballot: the asks of the seats still to vote are the ones
    /// already open (same kind, same candidates, same numbers), so the ballot's own ask is
    /// dropped and nothing is rebuilt. False (nothing changed) when the asks must be built.
    fn vote_asks_still_open(&mut self) -> bool {
        let Stage::Vote(v) = &self.stage else {
            return false;
        };
        let kind = v.ask_kind();
        let open: SeatSet = self.asks.iter().map(|a| a.seat).collect();
        let same = !self.asks.is_empty()
            && v.remaining.minus(open).is_empty()
            && self
                .asks
                .iter()
                .all(|a| a.kind == kind && a.targets == v.candidates);
        if same {
            let remaining = v.remaining;
            self.asks.retain(|a| remaining.contains(a.seat));
        }
        same
    }

    /// Whether this board forbids abstaining in a vote of `round` today.
    fn no_abstain(&self, round: VoteRound) -> bool {
        match self.board.abstain {
            Abstain::Allowed => false,
            Abstain::Off => true,
            Abstain::NotDay1 => self.day == 1 && matches!(round, VoteRound::Main | VoteRound::Pk),
        }
    }

    pub(super) fn blank_ask(&self, seat: Seat, kind: AskKind) -> Ask {
        Ask {
            seat,
            kind,
            targets: SeatSet::EMPTY,
            attacked: None,
            can_save: false,
            max_chars: if kind.is_speech() {
                self.rules.speech_max_chars.min(u16::MAX as usize) as u16
            } else {
                0
            },
            no_abstain: false,
            seq: 0,
        }
    }
}
