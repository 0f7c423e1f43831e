//! The rating model, pure: Weng-Lin (the OpenSkill model) from the `skillratings` crate,
//! for teams and free-for-all alike. A game is read as teams with places (two teams, a
//! free-for-all of one-seat teams, a player against a case); each member is a player
//! under a rating key (werewolf's `village` and `wolf`, `debate`, `trial`, `case`).
//!
//! What the crate does not decide is decided here, once for every game:
//! - **Team size never decides the prediction.** The crate sums a team's ratings, so six
//!   villagers would always be favoured over three wolves; every team is brought to the
//!   same size by counting each of its members the same number of times (three wolves
//!   count twice against six villagers). Each copy of a member moves alike.
//! - **One player in several seats** (six seats of one AI agent) moves once: by the mean
//!   of what its seats would have moved.
//! - **Uncertainty grows** by `tau` before every game, and by `season_sigma` (up to a new
//!   player's σ) before a player's first game of a new season; μ is kept.

use skillratings::weng_lin::{
    expected_score_multi_team, weng_lin_multi_team, WengLinConfig, WengLinRating,
};
use skillratings::MultiTeamOutcome;
use std::collections::BTreeMap;

/// A new player's rating.
pub const DEFAULT_MU: f64 = 25.0;
/// A new player's uncertainty.
pub const DEFAULT_SIGMA: f64 = 25.0 / 3.0;

/// A rating: μ (the skill the model believes) and σ (how unsure it is).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub mu: f64,
    pub sigma: f64,
}

impl Default for Rating {
    fn default() -> Self {
        Rating {
            mu: DEFAULT_MU,
            sigma: DEFAULT_SIGMA,
        }
    }
}

impl Rating {
    /// The conservative rating boards rank by: μ − 3σ.
    pub fn display(&self) -> f64 {
        self.mu - 3.0 * self.sigma
    }

    /// As JSON: `{"mu", "sigma", "display"}`, each to two decimals.
    pub fn to_json(&self) -> serde_json::Value {
        let r2 = |x: f64| (x * 100.0).round() / 100.0;
        serde_json::json!({
            "mu": r2(self.mu),
            "sigma": r2(self.sigma),
            "display": r2(self.display()),
        })
    }

    fn weng_lin(self) -> WengLinRating {
        WengLinRating {
            rating: self.mu,
            uncertainty: self.sigma,
        }
    }
}

/// One member of a rated game: a seat (0 for one that is not a seat, such as a trial's
/// case), the player, and the rating key it plays under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    pub seat: u32,
    pub player: String,
    pub key: String,
}

/// A team of a rated game and its place: 1 is first; teams of equal place tie.
#[derive(Debug, Clone, PartialEq)]
pub struct Team {
    pub members: Vec<Member>,
    pub place: u32,
}

/// A finished game as the rating model reads it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RatedGame {
    pub teams: Vec<Team>,
}

/// A member's rating as stored before the game: its rating and the season it was last
/// moved in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prior {
    pub rating: Rating,
    pub season: i64,
}

/// A member's rating before and after a game.
#[derive(Debug, Clone, PartialEq)]
pub struct Moved {
    pub member: Member,
    /// As stored before the game (before the uncertainty grew).
    pub before: Rating,
    pub after: Rating,
}

/// The model's settings (`[stats] tau`, `season_sigma`).
#[derive(Debug, Clone, Copy)]
pub struct Model {
    pub tau: f64,
    pub season_sigma: f64,
}

impl Model {
    /// Rates `game`, played in `season`: every member's rating before and after, in the
    /// game's order. `prior` gives a member's stored rating (`None`: a new player).
    pub fn rate(
        &self,
        game: &RatedGame,
        season: i64,
        prior: &dyn Fn(&Member) -> Option<Prior>,
    ) -> Vec<Moved> {
        let mut before: BTreeMap<(&str, &str), (Rating, Rating)> = BTreeMap::new();
        for m in game.teams.iter().flat_map(|t| &t.members) {
            before
                .entry((m.key.as_str(), m.player.as_str()))
                .or_insert_with(|| {
                    let stored = prior(m);
                    let rating = stored.map(|p| p.rating).unwrap_or_default();
                    (rating, self.grown(rating, stored.map(|p| p.season), season))
                });
        }
        let teams: Vec<Vec<WengLinRating>> = game
            .teams
            .iter()
            .map(|t| {
                t.members
                    .iter()
                    .map(|m| before[&(m.key.as_str(), m.player.as_str())].1.weng_lin())
                    .collect()
            })
            .collect();
        let copies = copies(&teams);
        let balanced: Vec<Vec<WengLinRating>> = teams
            .iter()
            .zip(&copies)
            .map(|(t, &k)| t.iter().flat_map(|r| std::iter::repeat_n(*r, k)).collect())
            .collect();
        let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = balanced
            .iter()
            .zip(&game.teams)
            .map(|(t, team)| (t.as_slice(), MultiTeamOutcome::new(team.place as usize)))
            .collect();
        let moved = if ranked.len() < 2 {
            balanced.clone()
        } else {
            weng_lin_multi_team(&ranked, &WengLinConfig::new())
        };
        // Each member's new rating (its first copy), then one move per player: the mean.
        let mut sums: BTreeMap<(&str, &str), (f64, f64, u32)> = BTreeMap::new();
        for ((team, new), &k) in game.teams.iter().zip(&moved).zip(&copies) {
            for (i, m) in team.members.iter().enumerate() {
                let r = new[i * k];
                let s = sums.entry((m.key.as_str(), m.player.as_str())).or_default();
                s.0 += r.rating;
                s.1 += r.uncertainty;
                s.2 += 1;
            }
        }
        game.teams
            .iter()
            .flat_map(|t| &t.members)
            .map(|m| {
                let id = (m.key.as_str(), m.player.as_str());
                let (mu, sigma, n) = sums[&id];
                Moved {
                    member: m.clone(),
                    before: before[&id].0,
                    after: Rating {
                        mu: mu / n as f64,
                        sigma: sigma / n as f64,
                    },
                }
            })
            .collect()
    }

    /// The uncertainty a stored rating plays with: widened at a new season (up to a new
    /// player's), then grown by `tau`.
    fn grown(&self, r: Rating, last_season: Option<i64>, season: i64) -> Rating {
        let mut sigma = r.sigma;
        if last_season.is_some_and(|s| s < season) {
            sigma = (sigma.powi(2) + self.season_sigma.powi(2))
                .sqrt()
                .min(DEFAULT_SIGMA.max(r.sigma));
        }
        Rating {
            mu: r.mu,
            sigma: (sigma.powi(2) + self.tau.powi(2)).sqrt(),
        }
    }

    /// Each team's chance of finishing first, teams balanced in size as when rating.
    pub fn predict(teams: &[Vec<Rating>]) -> Vec<f64> {
        let wl: Vec<Vec<WengLinRating>> = teams
            .iter()
            .map(|t| t.iter().map(|r| r.weng_lin()).collect())
            .collect();
        let copies = copies(&wl);
        let balanced: Vec<Vec<WengLinRating>> = wl
            .iter()
            .zip(&copies)
            .map(|(t, &k)| t.iter().flat_map(|r| std::iter::repeat_n(*r, k)).collect())
            .collect();
        let refs: Vec<&[WengLinRating]> = balanced.iter().map(|t| t.as_slice()).collect();
        expected_score_multi_team(&refs, &WengLinConfig::new())
    }
}

/// How many times each team's members are counted so that every team is the same size
/// (the least common multiple of the sizes; teams of one size count once).
fn copies(teams: &[Vec<WengLinRating>]) -> Vec<usize> {
    fn gcd(a: usize, b: usize) -> usize {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    let lcm = teams
        .iter()
        .map(|t| t.len().max(1))
        .fold(1, |l, n| l / gcd(l, n) * n);
    teams.iter().map(|t| lcm / t.len().max(1)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(seat: u32, player: &str, key: &str) -> Member {
        Member {
            seat,
            player: player.into(),
            key: key.into(),
        }
    }

    fn model() -> Model {
        Model {
            tau: 0.0,
            season_sigma: 25.0 / 6.0,
        }
    }

    fn none(_: &Member) -> Option<Prior> {
        None
    }

    #[test]
    fn the_winners_go_up_and_the_losers_down_and_both_grow_surer() {
        let game = RatedGame {
            teams: vec![
                Team {
                    members: vec![member(1, "a", "debate"), member(2, "b", "debate")],
                    place: 1,
                },
                Team {
                    members: vec![member(3, "c", "debate"), member(4, "d", "debate")],
                    place: 2,
                },
            ],
        };
        let moved = model().rate(&game, 0, &none);
        assert_eq!(moved.len(), 4);
        for m in &moved {
            assert_eq!(m.before, Rating::default());
            assert!(m.after.sigma < DEFAULT_SIGMA, "{m:?}");
            let won = m.member.seat <= 2;
            assert_eq!(m.after.mu > DEFAULT_MU, won, "{m:?}");
        }
    }

    #[test]
    fn team_size_does_not_decide_the_prediction() {
        let six = vec![Rating::default(); 6];
        let three = vec![Rating::default(); 3];
        let p = Model::predict(&[six, three]);
        assert!((p[0] - 0.5).abs() < 1e-9, "{p:?}");
        let stronger = vec![
            Rating {
                mu: 30.0,
                sigma: 3.0
            };
            3
        ];
        let p = Model::predict(&[vec![Rating::default(); 6], stronger]);
        assert!(p[1] > 0.6, "{p:?}");
    }

    #[test]
    fn a_player_in_several_seats_moves_once_and_a_tie_moves_little() {
        let game = RatedGame {
            teams: vec![
                Team {
                    members: vec![member(1, "ai", "village"), member(2, "ai", "village")],
                    place: 1,
                },
                Team {
                    members: vec![member(3, "p", "wolf")],
                    place: 1,
                },
            ],
        };
        let moved = model().rate(&game, 0, &none);
        assert_eq!(moved[0].after, moved[1].after);
        assert!(
            (moved[0].after.mu - DEFAULT_MU).abs() < 1e-9,
            "a tie of equals"
        );
        assert!((moved[2].after.mu - DEFAULT_MU).abs() < 1e-9);
    }

    #[test]
    fn a_new_season_widens_sigma_and_keeps_mu() {
        let sure = Prior {
            rating: Rating {
                mu: 31.0,
                sigma: 2.0,
            },
            season: 0,
        };
        let m = model();
        let same = m.grown(sure.rating, Some(0), 0);
        assert_eq!(same, sure.rating);
        let next = m.grown(sure.rating, Some(0), 1);
        assert_eq!(next.mu, 31.0);
        assert!(next.sigma > 4.0 && next.sigma <= DEFAULT_SIGMA, "{next:?}");
        let tau = Model { tau: 0.5, ..m }.grown(sure.rating, Some(0), 0);
        assert!(tau.sigma > 2.0, "{tau:?}");
    }

    #[test]
    fn the_same_game_rates_the_same_every_time() {
        let game = RatedGame {
            teams: (1..=5)
                .map(|i| Team {
                    members: vec![member(i, &format!("p{i}"), "debate")],
                    place: if i == 3 { 2 } else { i },
                })
                .collect(),
        };
        let prior = |m: &Member| {
            Some(Prior {
                rating: Rating {
                    mu: 20.0 + m.seat as f64,
                    sigma: 5.0,
                },
                season: 0,
            })
        };
        let a = model().rate(&game, 0, &prior);
        let b = model().rate(&game, 0, &prior);
        assert_eq!(a, b);
        assert!(a[0].after.mu > a[4].after.mu);
    }
}
