//! The debate leaderboard: win rate, the mean SPEECH score (a seat's judged speech scores
//! over the number judged: penalties are not in it) and best-debater awards; a player's
//! record broken down by side. That is the team debate's; people read each format apart
//! ([`super::parts`]): the moderated debate by its final score (of 100), the social debate
//! by its points, neither with speech scores, awards or sides.

use super::Board;
use crate::games::GameKind;
use crate::store::SeatResult;

pub struct DebateBoard;

/// A team debater's seat (`pro1`…`con4`).
pub fn is_team(seat: &SeatResult) -> bool {
    matches!(seat.role.get(..3), Some("pro" | "con"))
}

/// A moderated debate's participant.
pub fn is_rounds(seat: &SeatResult) -> bool {
    seat.role == "rounds"
}

/// A social debate's participant.
pub fn is_social(seat: &SeatResult) -> bool {
    seat.role == "social"
}

impl Board for DebateBoard {
    fn kind(&self) -> GameKind {
        GameKind::Debate
    }
    fn score_name(&self) -> &'static str {
        "speech_score"
    }
    fn groups_name(&self) -> &'static str {
        "sides"
    }
    /// A team debater's side (`pro2` → `pro`); a moderated or social debate's seat by its
    /// format (`rounds`, `social`).
    fn group_of<'a>(&self, seat: &'a SeatResult) -> &'a str {
        match seat.role.get(..3) {
            Some(side @ ("pro" | "con")) => side,
            _ => &seat.role,
        }
    }
    /// The seat's judged speeches: their scores' sum (`details.speech_total`) and count
    /// (`details.scored`).
    fn score_parts(&self, seat: &SeatResult) -> (f64, u64) {
        (
            seat.details["speech_total"].as_f64().unwrap_or(0.0),
            seat.details["scored"].as_u64().unwrap_or(0),
        )
    }
    fn award_name(&self) -> Option<&'static str> {
        Some("best_debater")
    }
    fn score_title(&self) -> &'static str {
        "speech score"
    }
    fn award_title(&self) -> &'static str {
        "best-debater awards"
    }
    fn award_of(&self, seat: &SeatResult) -> bool {
        seat.details["best"].as_bool().unwrap_or(false)
    }
}

/// The moderated debates as people read them: the final score (of 100) a participant
/// ends with; no speech scores, awards or sides.
pub struct RoundsBoard;

impl Board for RoundsBoard {
    fn kind(&self) -> GameKind {
        GameKind::Debate
    }
    fn score_name(&self) -> &'static str {
        "final_score"
    }
    fn groups_name(&self) -> &'static str {
        "formats"
    }
    fn group_of<'a>(&self, seat: &'a SeatResult) -> &'a str {
        &seat.role
    }
    fn score_title(&self) -> &'static str {
        "final score (of 100)"
    }
    fn groups_title(&self) -> Option<&'static str> {
        None
    }
}

/// The social debates as people read them: the points a participant ends with (stance
/// held, persuasion, surrenders won, less 50 for giving in); no speech scores, awards or
/// sides.
pub struct SocialBoard;

impl Board for SocialBoard {
    fn kind(&self) -> GameKind {
        GameKind::Debate
    }
    fn score_name(&self) -> &'static str {
        "points"
    }
    fn groups_name(&self) -> &'static str {
        "formats"
    }
    fn group_of<'a>(&self, seat: &'a SeatResult) -> &'a str {
        &seat.role
    }
    fn score_title(&self) -> &'static str {
        "points"
    }
    fn groups_title(&self) -> Option<&'static str> {
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::games::GameKind;
    use crate::stats::leaderboard;
    use crate::store::SeatResult;
    use serde_json::json;

    fn seat(
        player: &str,
        role: &str,
        total: f64,
        scored: u64,
        won: bool,
        best: bool,
    ) -> SeatResult {
        SeatResult {
            player: player.into(),
            name: player.into(),
            is_ai: false,
            role: role.into(),
            // The debater's total (penalties in): not what the board's mean reads.
            score: total - 4.0,
            won,
            community: "c".into(),
            details: json!({"speech_total": total, "scored": scored, "best": best}),
        }
    }

    #[test]
    fn mean_speech_score_is_per_judged_speech_and_awards_count() {
        let results = vec![
            seat("a", "pro2", 21.0, 3, true, true),
            seat("a", "con1", 12.0, 2, false, false),
            seat("b", "con4", 8.0, 1, true, false),
        ];
        let board = leaderboard(GameKind::Debate, None, 1, &results);
        let a = board.players.iter().find(|p| p.player == "a").unwrap();
        assert_eq!(a.mean_score, 6.6, "33 points over 5 judged speeches");
        assert_eq!(a.awards, 1);
        assert_eq!(a.win_rate, 0.5);
        assert_eq!(a.groups["pro"].mean_score, 7.0);
        assert_eq!(a.groups["con"].mean_score, 6.0);
        assert_eq!(board.players[0].player, "b", "8.0 a speech ranks first");
        let v = serde_json::to_value(&board).unwrap();
        assert_eq!(v["players"][1]["mean_speech_score"], 6.6);
        assert_eq!(v["players"][1]["best_debater_awards"], 1);
        assert_eq!(v["players"][1]["sides"]["pro"]["games"], 1);
    }
}
