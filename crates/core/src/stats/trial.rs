//! The trial leaderboard: verdicts won (the win rate) and the mean SHIFT — how far a
//! player's messages and evidence moved the jurors toward their side, per trial; a
//! player's record broken down by side (defense, prosecution).

use super::Board;
use crate::games::GameKind;
use crate::store::SeatResult;

pub struct TrialBoard;

impl Board for TrialBoard {
    fn kind(&self) -> GameKind {
        GameKind::Trial
    }
    fn score_name(&self) -> &'static str {
        "shift"
    }
    fn groups_name(&self) -> &'static str {
        "sides"
    }
    fn group_of<'a>(&self, seat: &'a SeatResult) -> &'a str {
        &seat.role
    }
    fn score_title(&self) -> &'static str {
        "shift per trial"
    }
    fn signed(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::games::GameKind;
    use crate::stats::leaderboard;
    use crate::store::SeatResult;
    use serde_json::json;

    fn seat(player: &str, role: &str, shift: f64, won: bool) -> SeatResult {
        SeatResult {
            player: player.into(),
            name: player.into(),
            is_ai: false,
            role: role.into(),
            score: shift,
            won,
            community: "c".into(),
            details: json!({ "shift": shift }),
        }
    }

    #[test]
    fn verdicts_won_and_mean_shift() {
        let results = vec![
            seat("ann", "defense", 30.0, true),
            seat("ann", "defense", 10.0, false),
            seat("bob", "prosecution", 5.0, true),
        ];
        let board = leaderboard(GameKind::Trial, None, 1, &results);
        let ann = board.players.iter().find(|p| p.player == "ann").unwrap();
        assert_eq!(ann.mean_score, 20.0);
        assert_eq!((ann.games, ann.wins), (2, 1));
        assert_eq!(board.players[0].player, "ann", "ranked by mean shift");
    }
}
