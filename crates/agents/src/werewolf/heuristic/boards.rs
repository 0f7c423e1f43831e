//! The built-in player's answers to the asks of the larger boards: the guard's pick, the
//! wolf king's shot, running for sheriff and voting for one, the badge, the speaking order
//! and the sheriff's vote call. Everything is weighed with the same suspicion and seer
//! trust as the nine-seat game (`reason`); ties are drawn with the seat's RNG.

use super::mind::Mind;
use crate::games::werewolf::{Action, Ask, AskKind, Role, Seat, SeatSet};

impl<const SLOTS: usize> Mind<SLOTS> {
    pub(super) fn board_decision(&mut self, ask: &Ask) -> Action {
        match ask.kind {
            AskKind::GuardPick => match self.guard_target(ask.targets) {
                Some(target) => Action::Guard { target },
                None => Action::Pass,
            },
            AskKind::KingShot => match self.king_target(ask.targets) {
                Some(target) => Action::Shoot { target },
                None => Action::Decline,
            },
            AskKind::SheriffRun => {
                if self.runs_for_sheriff() {
                    Action::Run
                } else {
                    Action::Pass
                }
            }
            AskKind::SheriffVote => match self.sheriff_choice(ask.targets) {
                Some(target) => Action::Vote { target },
                None => Action::Abstain,
            },
            AskKind::BadgePass => match self.badge_heir(ask.targets) {
                Some(target) => Action::Badge { target },
                None => Action::Tear,
            },
            AskKind::SpeakingOrder => Action::Order {
                up: self.chance(50),
            },
            AskKind::SheriffCall => {
                let target = if self.is_wolf() {
                    self.wolf_vote(ask.targets)
                } else {
                    self.good_vote(ask.targets)
                };
                match target {
                    Some(target) => Action::Call { target },
                    None => Action::Pass,
                }
            }
            other => unreachable!("{other:?} is answered in `decide`"),
        }
    }

    /// The trusted seer when she is known, else himself; never last night's seat (the
    /// rules leave it out of `targets`).
    fn guard_target(&mut self, targets: SeatSet) -> Option<Seat> {
        let seer = self.trusted_seer().filter(|s| targets.contains(*s));
        seer.or_else(|| Some(self.me).filter(|me| targets.contains(*me)))
            .or_else(|| self.any_of(targets))
    }

    /// A wolf king takes the most dangerous god (`campaign`), else the good seat the
    /// table trusts most.
    fn king_target(&mut self, targets: SeatSet) -> Option<Seat> {
        let among = targets.minus(self.pack);
        if let Some(god) = self.king_shot(among) {
            return Some(god);
        }
        let s = self.public_suspicion();
        among
            .iter()
            .min_by(|a, b| {
                s[*a as usize]
                    .total_cmp(&s[*b as usize])
                    .then(self.tiebreak[*a as usize].cmp(&self.tiebreak[*b as usize]))
            })
            .or_else(|| self.any_of(among))
    }

    /// The seer runs (the badge carries her checks); the pack's jumper runs to contest it
    /// (`campaign`), unless he is a king; anyone else rarely.
    fn runs_for_sheriff(&mut self) -> bool {
        match self.role {
            Role::Seer => true,
            // A king keeps his card for his shot or his explosion: drawn to jump, he
            // stays out and the pack has no jumper.
            Role::WolfKing | Role::WhiteWolfKing => false,
            r if r.is_wolf() => self.campaign_jumper() == Some(self.me),
            _ => self.chance(15),
        }
    }

    /// A good seat elects the seer it trusts, else the candidate it suspects least; a wolf
    /// elects a fellow wolf, else the candidate the table suspects most.
    fn sheriff_choice(&mut self, candidates: SeatSet) -> Option<Seat> {
        let among = candidates.without(self.me);
        if among.is_empty() {
            return None;
        }
        if self.is_wolf() {
            let pack = among.intersect(self.pack);
            if !pack.is_empty() {
                return self.any_of(pack);
            }
            return self.wolf_vote(among);
        }
        if let Some(seer) = self.trusted_seer().filter(|s| among.contains(*s)) {
            return Some(seer);
        }
        let s = self.suspicion();
        among.iter().min_by(|a, b| {
            s[*a as usize]
                .total_cmp(&s[*b as usize])
                .then(self.tiebreak[*a as usize].cmp(&self.tiebreak[*b as usize]))
        })
    }

    /// A good sheriff hands the badge to the seat he trusts most; a wolf tears it.
    fn badge_heir(&mut self, targets: SeatSet) -> Option<Seat> {
        if self.is_wolf() {
            return None;
        }
        self.sheriff_choice(targets)
    }
}
