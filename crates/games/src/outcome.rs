//! A finished game's result, for any game: who won, and per seat its role, score, win
//! and the game's own details. Scores are decimal (a debate judge's 7.5); a game whose
//! scores are whole numbers (werewolf's GPP) shows them as before, without a `.0`.

use serde::{Serialize, Serializer};

/// A finished game's result.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Outcome {
    /// The winning side or seat, in the game's own words (`good`, `wolves`, …).
    pub winner: String,
    pub seats: Vec<SeatOutcome>,
    /// Whatever else the game keeps about the whole game (JSON); `null` for nothing.
    #[serde(skip_serializing_if = "serde_json::Value::is_null")]
    pub details: serde_json::Value,
}

/// One seat's result.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeatOutcome {
    pub seat: u8,
    pub role: String,
    #[serde(serialize_with = "whole_as_integer")]
    pub score: f64,
    pub won: bool,
    /// The game's details for this seat (werewolf: its GPP line by line); `null` for
    /// nothing.
    #[serde(skip_serializing_if = "serde_json::Value::is_null")]
    pub details: serde_json::Value,
}

/// Writes a whole score as an integer (`3`, not `3.0`), any other as a decimal.
pub fn whole_as_integer<S: Serializer>(score: &f64, s: S) -> Result<S::Ok, S::Error> {
    if score.fract() == 0.0 && score.abs() < 9.0e15 {
        s.serialize_i64(*score as i64)
    } else {
        s.serialize_f64(*score)
    }
}

/// [`whole_as_integer`] for a score that may be missing.
pub fn whole_as_integer_opt<S: Serializer>(score: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    match score {
        Some(score) => whole_as_integer(score, s),
        None => s.serialize_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_scores_read_as_integers_and_others_as_decimals() {
        let seat = |score| SeatOutcome {
            seat: 1,
            role: "judge".into(),
            score,
            won: true,
            details: serde_json::Value::Null,
        };
        assert_eq!(
            serde_json::to_string(&seat(-3.0)).unwrap(),
            r#"{"seat":1,"role":"judge","score":-3,"won":true}"#
        );
        let half = serde_json::to_value(seat(7.5)).unwrap();
        assert_eq!(half["score"], serde_json::json!(7.5));
        let detailed = SeatOutcome {
            details: serde_json::json!({"gpp": [1, 2]}),
            ..seat(3.0)
        };
        assert_eq!(
            serde_json::to_value(detailed).unwrap()["details"]["gpp"][1],
            2
        );
    }
}
