//! AI seats' unasked actions: before fresh asks are handed out, the seats the game names
//! are asked whether they act now (a wolf's self-explosion before a day speech).

use super::{Proposal, Runner, UNASKED};
use crate::games::Game;
use crate::store::InputSource;

impl<T: Game> Runner<T> {
    /// Before asks not yet handed out, asks the AI seats the game names whether they take
    /// an unasked action now (a wolf's self-explosion before a day speech), in the game's
    /// order; the first that does (and that the rules would take) is queued as an input
    /// answering no ask, and true is returned. The same questions in the same order on a
    /// resume, so the agents end in the same state.
    pub(super) fn volunteered(&mut self) -> bool {
        let queued = |p: &Proposal<T::Action>| p.seq == UNASKED && p.source == InputSource::Ai;
        if self.ready.iter().any(queued) {
            return true;
        }
        let fresh = self
            .game
            .pending()
            .iter()
            .any(|p| !self.dispatched.contains(&(p.seat, p.seq)));
        if !fresh {
            return false;
        }
        for seat in self.game.volunteers() {
            let Some(Some(agent)) = self.agents.get_mut(seat as usize - 1) else {
                continue;
            };
            let Some(action) = agent.volunteer() else {
                continue;
            };
            if self.game.check(seat, &action).is_ok() {
                self.ready.push_back(Proposal {
                    seat,
                    seq: UNASKED,
                    action: Some(action),
                    source: InputSource::Ai,
                    note: None,
                });
                return true;
            }
        }
        false
    }
}
