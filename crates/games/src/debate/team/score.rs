//! The rule engine's arithmetic: speech scores, individual and team totals, the winner and
//! the best debater. Everything is kept in hundredths of a point, so totals add exactly.

use super::types::{side_of, Charged, Penalty, Scored, Side, Speech, Winner, DEBATERS};
use crate::Seat;
use serde::Serialize;

/// The debate's totals, in hundredths of a point.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Totals {
    /// Per debater (seat 1 first): its speech scores plus its own penalties.
    pub individual_x100: [i32; 8],
    /// Pro, Con: the members' totals plus the team's penalties.
    pub team_x100: [i32; 2],
    pub winner: Winner,
    /// The highest individual total (a tie: the first in seat order).
    pub best: Seat,
}

impl Totals {
    pub fn individual(&self, seat: Seat) -> f64 {
        self.individual_x100[seat as usize - 1] as f64 / 100.0
    }
    pub fn team(&self, side: Side) -> f64 {
        self.team_x100[side.index()] as f64 / 100.0
    }
}

/// Rounds hundredths to tenths, halves away from zero.
fn tenths(x100: i32) -> i32 {
    if x100 >= 0 {
        (x100 + 5) / 10
    } else {
        -((-x100 + 5) / 10)
    }
}

pub fn totals(_speeches: &[Speech], scored: &[Option<Scored>], penalties: &[Penalty]) -> Totals {
    let mut individual = [0i32; 8];
    for s in scored.iter().flatten() {
        individual[s.seat as usize - 1] += s.score_x100;
    }
    let mut team_penalty = [0i32; 2];
    for p in penalties {
        match p.charged {
            Charged::Seat(seat) => individual[seat as usize - 1] += p.points * 100,
            Charged::Team(side) => team_penalty[side.index()] += p.points * 100,
        }
    }
    let mut team = team_penalty;
    for seat in 1..=DEBATERS {
        let side = side_of(seat).expect("a debater");
        team[side.index()] += individual[seat as usize - 1];
    }
    let winner = match tenths(team[0]).cmp(&tenths(team[1])) {
        std::cmp::Ordering::Greater => Winner::Pro,
        std::cmp::Ordering::Less => Winner::Con,
        std::cmp::Ordering::Equal => Winner::Draw,
    };
    let mut best = 1;
    for seat in 2..=DEBATERS {
        if individual[seat as usize - 1] > individual[best as usize - 1] {
            best = seat;
        }
    }
    Totals {
        individual_x100: individual,
        team_x100: team,
        winner,
        best,
    }
}

#[cfg(test)]
mod tests {
    use super::tenths;

    #[test]
    fn tenths_round_half_away_from_zero() {
        assert_eq!(tenths(1234), 123);
        assert_eq!(tenths(1235), 124);
        assert_eq!(tenths(-1235), -124);
        assert_eq!(tenths(-1234), -123);
    }
}
