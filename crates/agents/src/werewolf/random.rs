//! Uniformly random legal players: each answer is drawn uniformly from the moves the ask
//! allows (for the witch: pass, save, or poison; then a uniform target). They say nothing.

use super::Player;
use crate::games::werewolf::{below, Action, Ask, AskKind, Event, SeatSet};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    fn pick(&mut self, set: SeatSet) -> Option<u8> {
        if set.is_empty() {
            return None;
        }
        set.nth(self.below(set.len()))
    }

    fn below(&mut self, n: usize) -> usize {
        below(&mut self.rng, n)
    }
}

impl Player for RandomPlayer {
    fn observe(&mut self, _event: &Event) {}

    fn decide(&mut self, ask: &Ask) -> Action {
        match ask.kind {
            AskKind::WolfPick => match self.pick(ask.targets) {
                Some(target) => Action::Kill { target },
                None => Action::Pass,
            },
            AskKind::Witch => {
                let mut moves = vec![0];
                if ask.can_save {
                    moves.push(1);
                }
                if !ask.targets.is_empty() {
                    moves.push(2);
                }
                match moves[self.below(moves.len())] {
                    1 => Action::Save,
                    2 => Action::Poison {
                        target: self.pick(ask.targets).expect("targets not empty"),
                    },
                    _ => Action::Pass,
                }
            }
            AskKind::SeerCheck => match self.pick(ask.targets) {
                Some(target) => Action::Check { target },
                None => Action::Pass,
            },
            AskKind::HunterShot | AskKind::KingShot => {
                if self.below(2) == 0 {
                    Action::Decline
                } else {
                    match self.pick(ask.targets) {
                        Some(target) => Action::Shoot { target },
                        None => Action::Decline,
                    }
                }
            }
            AskKind::Speech | AskKind::PkSpeech | AskKind::LastWords | AskKind::CampaignSpeech => {
                Action::Speak {
                    text: String::new(),
                }
            }
            AskKind::Vote | AskKind::PkVote | AskKind::SheriffVote => {
                let n = ask.targets.len() + usize::from(!ask.no_abstain);
                match (self.below(n.max(1)), ask.no_abstain) {
                    (0, false) => Action::Abstain,
                    (i, no_abstain) => match ask.targets.nth(i - usize::from(!no_abstain)) {
                        Some(target) => Action::Vote { target },
                        None => Action::Abstain,
                    },
                }
            }
            AskKind::GuardPick => match self.pick(ask.targets) {
                Some(target) => Action::Guard { target },
                None => Action::Pass,
            },
            AskKind::SheriffRun => {
                if self.below(2) == 0 {
                    Action::Run
                } else {
                    Action::Pass
                }
            }
            AskKind::BadgePass => match self.pick(ask.targets) {
                Some(target) => Action::Badge { target },
                None => Action::Tear,
            },
            AskKind::SpeakingOrder => Action::Order {
                up: self.below(2) == 0,
            },
            AskKind::SheriffCall => match self.pick(ask.targets) {
                Some(target) => Action::Call { target },
                None => Action::Pass,
            },
        }
    }
}
