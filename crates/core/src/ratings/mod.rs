//! Ratings for every game: one model ([`model`], Weng-Lin from `skillratings`), each game
//! reading its own results as teams with places (its stats' [`GameStats::rated`]), the
//! store keeping every seat's rating before and after ([`crate::store::RatingRow`]), and
//! the boards ranking by the conservative rating μ − 3σ ([`boards`]).
//!
//! The shapes a game's result takes are built here, so that a game only says which of its
//! seats are on which side: [`sides`] (teams that win or lose together), [`free_for_all`]
//! (places by score, ties sharing one), [`against`] (people against a pseudo-player, a
//! trial's case).
//!
//! [`GameStats::rated`]: crate::stats::GameStats::rated

pub mod boards;
pub mod model;

use crate::store::FinishedSeat;
use model::{Member, RatedGame, Team};

fn member(s: &FinishedSeat, key: &str) -> Member {
    Member {
        seat: s.seat,
        player: s.player.clone(),
        key: key.to_string(),
    }
}

/// Whether a seat's person left the game (their seat was taken over by the AI, or they
/// left it): `"left": true` in its details, as the session writes it.
pub fn left(s: &FinishedSeat) -> bool {
    s.details.get("left").and_then(|v| v.as_bool()) == Some(true)
}

/// Teams that win or lose together: each seat's side and rating key from `side_of`
/// (`None`: the seat is not rated). Winners place first; when no side won (a draw), all
/// tie. A person who [`left`] is rated as having left: on their own, placed below every
/// side (a loss whatever their side's result), and out of their side's team.
pub fn sides(
    seats: &[FinishedSeat],
    side_of: impl Fn(&FinishedSeat) -> Option<(String, &'static str)>,
) -> Option<RatedGame> {
    let mut teams: Vec<(String, bool, Vec<Member>)> = Vec::new();
    let mut leavers = Vec::new();
    for s in seats {
        let Some((side, key)) = side_of(s) else {
            continue;
        };
        if left(s) {
            leavers.push(Team {
                members: vec![member(s, key)],
                place: 3,
            });
            continue;
        }
        match teams.iter_mut().find(|t| t.0 == side) {
            Some(t) => {
                t.1 |= s.won;
                t.2.push(member(s, key));
            }
            None => teams.push((side, s.won, vec![member(s, key)])),
        }
    }
    (teams.len() + leavers.len() >= 2).then(|| RatedGame {
        teams: teams
            .into_iter()
            .map(|(_, won, members)| Team {
                members,
                place: if won { 1 } else { 2 },
            })
            .chain(leavers)
            .collect(),
    })
}

/// Every seat on its own, placed by score (highest first; equal scores share a place).
pub fn free_for_all(seats: &[FinishedSeat], key: &'static str) -> Option<RatedGame> {
    (seats.len() >= 2).then(|| RatedGame {
        teams: seats
            .iter()
            .map(|s| Team {
                members: vec![member(s, key)],
                place: 1 + seats.iter().filter(|o| o.score > s.score).count() as u32,
            })
            .collect(),
    })
}

/// People against a pseudo-player (a trial's case, `opponent`, rated under
/// `opponent_key`): seats grouped by side (`side_of`), the winners first, the opponent
/// next, the losers last.
pub fn against(
    seats: &[FinishedSeat],
    key: &'static str,
    side_of: impl Fn(&FinishedSeat) -> String,
    opponent: String,
    opponent_key: &'static str,
) -> Option<RatedGame> {
    let mut teams: Vec<(String, bool, Vec<Member>)> = Vec::new();
    for s in seats {
        let side = side_of(s);
        match teams.iter_mut().find(|t| t.0 == side) {
            Some(t) => {
                t.1 |= s.won;
                t.2.push(member(s, key));
            }
            None => teams.push((side, s.won, vec![member(s, key)])),
        }
    }
    if teams.is_empty() {
        return None;
    }
    let mut out: Vec<Team> = teams
        .into_iter()
        .map(|(_, won, members)| Team {
            members,
            place: if won { 1 } else { 3 },
        })
        .collect();
    out.push(Team {
        members: vec![Member {
            seat: 0,
            player: opponent,
            key: opponent_key.to_string(),
        }],
        place: 2,
    });
    Some(RatedGame { teams: out })
}

/// The rating keys a game's players are rated under, as people read them: werewolf's
/// sides, or the game's one key.
pub fn key_title(key: &str) -> &str {
    match key {
        "village" => "village",
        "wolf" => "wolves",
        "case" => "case",
        other => other,
    }
}

/// A rating key as people read it in `lang`: English as [`key_title`]; another language
/// by its message `stats-key-<key>` (a key without one as stored).
pub fn key_title_in(key: &str, lang: crate::games::Lang) -> String {
    if lang.is_english() {
        return key_title(key).to_string();
    }
    crate::stats::names::known(lang, &format!("stats-key-{key}")).unwrap_or_else(|| key.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(n: u32, score: f64, won: bool, role: &str) -> FinishedSeat {
        FinishedSeat {
            seat: n,
            player: format!("p{n}"),
            name: format!("P{n}"),
            is_ai: false,
            role: role.into(),
            score,
            won,
            details: serde_json::Value::Null,
        }
    }

    #[test]
    fn free_for_all_places_by_score_and_ties_share() {
        let seats = [
            seat(1, 10.0, false, "x"),
            seat(2, 30.0, true, "x"),
            seat(3, 10.0, false, "x"),
        ];
        let g = free_for_all(&seats, "debate").unwrap();
        let places: Vec<u32> = g.teams.iter().map(|t| t.place).collect();
        assert_eq!(places, [2, 1, 2]);
    }

    #[test]
    fn a_person_who_left_is_rated_below_both_sides_whatever_their_side_did() {
        let mut gone = seat(2, 5.0, false, "good");
        gone.details = serde_json::json!({"left": true});
        let seats = [
            seat(1, 5.0, true, "good"),
            gone,
            seat(3, 0.0, false, "wolves"),
        ];
        let g = sides(&seats, |s| Some((s.role.clone(), "village"))).unwrap();
        let placed: Vec<(Vec<u32>, u32)> = g
            .teams
            .iter()
            .map(|t| (t.members.iter().map(|m| m.seat).collect(), t.place))
            .collect();
        assert_eq!(placed, [(vec![1], 1), (vec![3], 2), (vec![2], 3)]);
    }

    #[test]
    fn sides_tie_when_no_one_won_and_against_puts_the_case_between() {
        let seats = [seat(1, 0.0, false, "pro"), seat(2, 0.0, false, "con")];
        let g = sides(&seats, |s| Some((s.role.clone(), "debate"))).unwrap();
        assert!(g.teams.iter().all(|t| t.place == 2));
        let seats = [
            seat(1, 0.0, true, "defense"),
            seat(2, 0.0, false, "prosecution"),
        ];
        let g = against(&seats, "trial", |s| s.role.clone(), "case:x".into(), "case").unwrap();
        let places: Vec<u32> = g.teams.iter().map(|t| t.place).collect();
        assert_eq!(places, [1, 3, 2]);
        assert_eq!(g.teams[2].members[0].player, "case:x");
    }
}
