//! The free debate: each team's clock in words, whose floor it is, and who is offered it.
//! Pro opens; the floor alternates, staying with a team while the other's clock is spent;
//! it ends when both clocks are spent or after the turn limit (missed turns count, so a
//! silent table still ends), or when a team lets its turn go with the other's clock spent.

use super::plan::Limits;
use super::types::{side_of, Part, Refusal, Side, Speech};
use crate::Seat;

#[derive(Debug, Clone)]
pub struct Free {
    /// Words left on each clock, Pro first.
    pub left: [u32; 2],
    /// The team whose turn it is.
    pub floor: Side,
    /// Turns taken: speeches and missed turns.
    pub turns: u32,
    /// Speeches given in free debate.
    pub speeches: u32,
}

impl Free {
    pub fn new(limits: &Limits) -> Free {
        Free {
            left: [limits.clock; 2],
            floor: Side::Pro,
            turns: 0,
            speeches: 0,
        }
    }

    /// Whether `seat` may take the floor now (any debater of a team with time left; Pro
    /// opens — and a Pro opening turn that went by unspoken passes the floor to Con).
    pub fn check_speaker(&self, seat: Seat) -> Result<(), Refusal> {
        let side = side_of(seat).ok_or(Refusal::NoSuchSeat(seat))?;
        if self.turns == 0 && side == Side::Con {
            return Err(Refusal::ProOpens);
        }
        if self.left[side.index()] == 0 {
            return Err(Refusal::ClockSpent(side.title()));
        }
        Ok(())
    }

    /// `side` spoke `words`: its clock runs down, the floor passes.
    pub fn spoke(&mut self, side: Side, words: u32) {
        let left = &mut self.left[side.index()];
        *left = left.saturating_sub(words);
        self.turns += 1;
        self.speeches += 1;
        self.pass_from(side);
    }

    /// `side` missed its turn (passed, or its time ran out): the floor passes. With the
    /// other team's clock spent, a team that lets its turn go has nothing more to say: its
    /// clock is given up and the free debate ends (rather than offering it the floor again
    /// until the turn limit).
    pub fn missed(&mut self, side: Side) {
        self.turns += 1;
        if self.left[side.other().index()] == 0 {
            self.left[side.index()] = 0;
        }
        self.pass_from(side);
    }

    /// `side` rests its case: its clock is given up (the words left are returned) and the
    /// floor passes.
    pub fn rest(&mut self, side: Side) -> u32 {
        let left = std::mem::take(&mut self.left[side.index()]);
        self.turns += 1;
        self.pass_from(side);
        left
    }

    fn pass_from(&mut self, side: Side) {
        self.floor = if self.left[side.other().index()] > 0 {
            side.other()
        } else {
            side
        };
    }

    pub fn is_over(&self, limits: &Limits) -> bool {
        self.left == [0, 0] || self.turns >= limits.free_turns
    }

    /// Who is offered `side`'s floor: its debater with the fewest free-debate speeches,
    /// then the fewest speeches in all, then the lowest position.
    pub fn designated(&self, side: Side, speeches: &[Speech]) -> Seat {
        let count = |seat: Seat, free_only: bool| {
            speeches
                .iter()
                .filter(|s| s.seat == seat && (!free_only || s.part == Part::Free))
                .count()
        };
        side.seats()
            .into_iter()
            .min_by_key(|&seat| (count(seat, true), count(seat, false), seat))
            .expect("a team has four seats")
    }
}
