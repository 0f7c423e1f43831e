//! Werewolf's leaderboard: ranked by mean GPP, a player's record broken down by role.

use super::Board;
use crate::games::GameKind;
use crate::store::SeatResult;

pub struct WerewolfBoard;

impl Board for WerewolfBoard {
    fn kind(&self) -> GameKind {
        GameKind::Werewolf
    }
    fn score_title(&self) -> &'static str {
        "GPP"
    }
    fn score_name(&self) -> &'static str {
        "gpp"
    }
    fn groups_name(&self) -> &'static str {
        "roles"
    }
    fn group_of<'a>(&self, seat: &'a SeatResult) -> &'a str {
        &seat.role
    }
    fn shows_total(&self) -> bool {
        true
    }
}
