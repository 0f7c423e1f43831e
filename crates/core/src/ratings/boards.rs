//! The ratings a board shows, from the stored rows: each player's latest rating under
//! each of the game's keys (and the games rated under it), and one rating to rank by —
//! the key's own, or for a game of several keys (werewolf's village and wolf) their
//! combination: the mean μ and the mean uncertainty. A key a player has
//! not played counts as a new player's rating in the combination. (The combination's σ is
//! the root mean square of the keys': a new player is 25 ± 8.33 on every board.)
//!
//! Which board: **people**, **ai** or **everyone** ([`Which`]); AI players never take a
//! person's rank. Which season: the rows of that season only (a player's rating at its
//! end), or every row (the current rating).

use super::model::Rating;
use crate::store::{RatingRow, SeatResult};
use std::collections::{BTreeMap, HashMap};

/// One player's ratings on a board.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerRatings {
    /// What the board ranks by (μ − 3σ of this).
    pub rating: Rating,
    /// Per key: the latest rating and the games rated under it.
    pub keys: BTreeMap<String, (Rating, u64)>,
}

impl PlayerRatings {
    /// As JSON: the board's `rating`, and for a game of several keys each key's
    /// (`{"village": {"mu", "sigma", "display", "games"}, …}`).
    pub fn keys_json(&self) -> serde_json::Value {
        let m: serde_json::Map<String, serde_json::Value> = self
            .keys
            .iter()
            .map(|(k, (r, games))| {
                let mut v = r.to_json();
                v["games"] = (*games).into();
                (k.clone(), v)
            })
            .collect();
        serde_json::Value::Object(m)
    }
}

/// Every player's ratings under a game's keys.
#[derive(Debug, Clone, Default)]
pub struct Ratings {
    keys: Vec<String>,
    by_player: HashMap<String, PlayerRatings>,
}

impl Ratings {
    /// From a game's stored rows in the order applied (`Store::rating_history`), of
    /// `season` only (`None`: all), for players under `keys` (the game's, in order).
    /// Rows from several communities: a player's latest wins.
    pub fn from_rows(keys: &[&str], rows: &[RatingRow], season: Option<i64>) -> Ratings {
        let mut latest: HashMap<&str, BTreeMap<String, (Rating, u64)>> = HashMap::new();
        for r in rows {
            if season.is_some_and(|s| s != r.season) || !keys.contains(&r.key.as_str()) {
                continue;
            }
            let e = latest
                .entry(r.player.as_str())
                .or_default()
                .entry(r.key.clone())
                .or_insert((r.after, 0));
            e.0 = r.after;
            e.1 += 1;
        }
        let by_player = latest
            .into_iter()
            .map(|(player, per_key)| {
                let rating = combined(keys, &per_key);
                (
                    player.to_string(),
                    PlayerRatings {
                        rating,
                        keys: per_key,
                    },
                )
            })
            .collect();
        Ratings {
            keys: keys.iter().map(|k| k.to_string()).collect(),
            by_player,
        }
    }

    /// From each player's latest rating per key (`Store::latest_ratings`: player, key,
    /// rating, games rated), for players under `keys`.
    pub fn from_latest(keys: &[&str], latest: &[(String, String, Rating, u64)]) -> Ratings {
        let mut per: HashMap<String, BTreeMap<String, (Rating, u64)>> = HashMap::new();
        for (player, key, rating, games) in latest {
            if keys.contains(&key.as_str()) {
                per.entry(player.clone())
                    .or_default()
                    .insert(key.clone(), (*rating, *games));
            }
        }
        Ratings {
            keys: keys.iter().map(|k| k.to_string()).collect(),
            by_player: per
                .into_iter()
                .map(|(player, keys_of)| {
                    let rating = combined(keys, &keys_of);
                    (
                        player,
                        PlayerRatings {
                            rating,
                            keys: keys_of,
                        },
                    )
                })
                .collect(),
        }
    }

    /// A player's ratings, if they have any.
    pub fn of(&self, player: &str) -> Option<&PlayerRatings> {
        self.by_player.get(player)
    }

    /// Whether no player has a rating.
    pub fn is_empty(&self) -> bool {
        self.by_player.is_empty()
    }

    /// The keys, in the game's order.
    pub fn keys(&self) -> &[String] {
        &self.keys
    }

    /// Whether the game has several keys (a combined rating).
    pub fn several(&self) -> bool {
        self.keys.len() > 1
    }
}

/// The rating a player of several keys ranks by.
fn combined(keys: &[&str], per_key: &BTreeMap<String, (Rating, u64)>) -> Rating {
    if keys.len() <= 1 {
        return per_key.values().next().map(|v| v.0).unwrap_or_default();
    }
    let ratings: Vec<Rating> = keys
        .iter()
        .map(|k| per_key.get(*k).map(|v| v.0).unwrap_or_default())
        .collect();
    let n = ratings.len() as f64;
    Rating {
        mu: ratings.iter().map(|r| r.mu).sum::<f64>() / n,
        sigma: (ratings.iter().map(|r| r.sigma.powi(2)).sum::<f64>() / n).sqrt(),
    }
}

/// Keeps the results of `season`'s games only (the sessions its rating rows name); every
/// result when `season` is `None`.
pub fn keep_season(results: &mut Vec<SeatResult>, rows: &[RatingRow], season: Option<i64>) {
    if let Some(season) = season {
        let in_season: std::collections::HashSet<&str> = rows
            .iter()
            .filter(|r| r.season == season)
            .map(|r| r.session.as_str())
            .collect();
        results.retain(|r| in_season.contains(r.session.as_str()));
    }
}

/// Which players a board lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Which {
    People,
    Ai,
    #[default]
    Everyone,
}

impl Which {
    pub const ALL: [Which; 3] = [Which::People, Which::Ai, Which::Everyone];

    pub fn name(self) -> &'static str {
        match self {
            Which::People => "people",
            Which::Ai => "ai",
            Which::Everyone => "everyone",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Which::People => "People",
            Which::Ai => "AI players",
            Which::Everyone => "Everyone",
        }
    }

    pub fn parse(s: &str) -> Option<Which> {
        Which::ALL.into_iter().find(|w| w.name() == s)
    }

    /// Whether the board lists a player who is (or is not) an AI.
    pub fn lists(self, ai: bool) -> bool {
        match self {
            Which::People => !ai,
            Which::Ai => ai,
            Which::Everyone => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(seq: i64, player: &str, key: &str, mu: f64, season: i64) -> RatingRow {
        RatingRow {
            seq,
            session: format!("s{seq}"),
            seat: 1,
            community: "c".into(),
            game: "werewolf".into(),
            key: key.into(),
            player: player.into(),
            season,
            before: Rating::default(),
            after: Rating { mu, sigma: 3.0 },
            at: seq,
        }
    }

    #[test]
    fn the_latest_row_counts_and_two_keys_combine() {
        let rows = [
            row(1, "a", "village", 20.0, 0),
            row(2, "a", "village", 28.0, 0),
            row(3, "a", "wolf", 30.0, 1),
        ];
        let r = Ratings::from_rows(&["village", "wolf"], &rows, None);
        let a = r.of("a").unwrap();
        assert_eq!(
            a.keys["village"],
            (
                Rating {
                    mu: 28.0,
                    sigma: 3.0
                },
                2
            )
        );
        assert_eq!(a.rating.mu, 29.0);
        assert!((a.rating.sigma - 3.0).abs() < 1e-12);
        let first = Ratings::from_rows(&["village", "wolf"], &rows, Some(0));
        let a = first.of("a").unwrap();
        assert!(!a.keys.contains_key("wolf"));
        assert_eq!(
            a.rating.mu,
            (28.0 + 25.0) / 2.0,
            "an unplayed side counts as new"
        );
    }
}
