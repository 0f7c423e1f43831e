//! The debate leaderboard: ranked by mean points (a debater's total: speech scores and
//! penalties), a player's record broken down by side.

use super::Board;
use crate::games::GameKind;
use crate::store::SeatResult;

pub struct DebateBoard;

impl Board for DebateBoard {
    fn kind(&self) -> GameKind {
        GameKind::Debate
    }
    fn score_name(&self) -> &'static str {
        "points"
    }
    fn groups_name(&self) -> &'static str {
        "sides"
    }
    fn group_of<'a>(&self, seat: &'a SeatResult) -> &'a str {
        seat.role.get(..3).unwrap_or(&seat.role)
    }
}
