//! Leaderboards from stored results: per player (a stable identity per surface), per
//! community. Werewolf ranks by mean GPP among players with enough finished games; ties go
//! to more games, then the player id.

use crate::store::SeatResult;
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct RoleLine {
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
    pub mean_gpp: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerLine {
    /// 1-based rank; `None` for players below the minimum number of games.
    pub rank: Option<u32>,
    pub player: String,
    pub name: String,
    pub ai: bool,
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
    pub mean_gpp: f64,
    pub total_gpp: i64,
    pub roles: BTreeMap<String, RoleLine>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Leaderboard {
    pub game: String,
    pub community: Option<String>,
    pub min_games: u32,
    pub players: Vec<PlayerLine>,
}

fn ratio(a: f64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        ((a / b as f64) * 1000.0).round() / 1000.0
    }
}

/// Builds the leaderboard from finished seats.
pub fn leaderboard(
    game: &str,
    community: Option<&str>,
    min_games: u32,
    results: &[SeatResult],
) -> Leaderboard {
    #[derive(Default)]
    struct Acc {
        name: String,
        ai: bool,
        games: u64,
        wins: u64,
        gpp: f64,
        roles: BTreeMap<String, (u64, u64, f64)>,
    }
    let mut by_player: BTreeMap<&str, Acc> = BTreeMap::new();
    for r in results {
        let acc = by_player.entry(&r.player).or_default();
        acc.name = r.name.clone();
        acc.ai = r.is_ai;
        acc.games += 1;
        acc.wins += r.won as u64;
        acc.gpp += r.score;
        let role = acc.roles.entry(r.role.clone()).or_default();
        role.0 += 1;
        role.1 += r.won as u64;
        role.2 += r.score;
    }
    let mut players: Vec<PlayerLine> = by_player
        .into_iter()
        .map(|(id, a)| PlayerLine {
            rank: None,
            player: id.to_string(),
            name: a.name,
            ai: a.ai,
            games: a.games,
            wins: a.wins,
            win_rate: ratio(a.wins as f64, a.games),
            mean_gpp: ratio(a.gpp, a.games),
            total_gpp: a.gpp.round() as i64,
            roles: a
                .roles
                .into_iter()
                .map(|(role, (games, wins, gpp))| {
                    (
                        role,
                        RoleLine {
                            games,
                            wins,
                            win_rate: ratio(wins as f64, games),
                            mean_gpp: ratio(gpp, games),
                        },
                    )
                })
                .collect(),
        })
        .collect();
    players.sort_by(|a, b| {
        let a_ranked = a.games >= min_games as u64;
        let b_ranked = b.games >= min_games as u64;
        b_ranked
            .cmp(&a_ranked)
            .then(b.mean_gpp.total_cmp(&a.mean_gpp))
            .then(b.games.cmp(&a.games))
            .then(a.player.cmp(&b.player))
    });
    let mut rank = 0;
    for p in &mut players {
        if p.games >= min_games as u64 {
            rank += 1;
            p.rank = Some(rank);
        }
    }
    Leaderboard {
        game: game.to_string(),
        community: community.map(str::to_string),
        min_games,
        players,
    }
}

/// A community's board as people read it: people ranked among themselves only; AI
/// players apart (one line per agent or model, each seat it played counted as a game),
/// never ranked, so six AI seats of one game never make one entry that outranks people.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PeopleBoard {
    pub people: Leaderboard,
    pub ai: Vec<PlayerLine>,
}

/// Splits finished seats into people (ranked after `min_games`) and AI players (listed
/// by mean GPP, unranked).
pub fn people_and_ai(
    game: &str,
    community: Option<&str>,
    min_games: u32,
    results: &[SeatResult],
) -> PeopleBoard {
    let (ai, people): (Vec<SeatResult>, Vec<SeatResult>) =
        results.iter().cloned().partition(|r| r.is_ai);
    let mut ai = leaderboard(game, community, 0, &ai).players;
    for line in &mut ai {
        line.rank = None;
    }
    PeopleBoard {
        people: leaderboard(game, community, min_games, &people),
        ai,
    }
}

/// The leaderboard as a table for the terminal.
pub fn render(board: &Leaderboard) -> String {
    let mut s = format!(
        "{} leaderboard{} (ranked after {} games)\n",
        board.game,
        board
            .community
            .as_deref()
            .map(|c| format!(" of {c}"))
            .unwrap_or_default(),
        board.min_games
    );
    if board.players.is_empty() {
        s.push_str("No finished games yet.\n");
        return s;
    }
    s.push_str(
        "rank  player                        games  win%  mean GPP  roles (games, mean GPP)\n",
    );
    for p in &board.players {
        let rank = p.rank.map_or("-".to_string(), |r| r.to_string());
        let roles: Vec<String> = p
            .roles
            .iter()
            .map(|(r, l)| format!("{r} {} {:+.1}", l.games, l.mean_gpp))
            .collect();
        let name = if p.ai {
            format!("{} (AI)", p.name)
        } else {
            p.name.clone()
        };
        s.push_str(&format!(
            "{rank:>4}  {name:<28} {:>6} {:>5.1} {:>9.2}  {}\n",
            p.games,
            p.win_rate * 100.0,
            p.mean_gpp,
            roles.join(", ")
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(player: &str, role: &str, score: f64, won: bool) -> SeatResult {
        SeatResult {
            player: player.into(),
            name: player.into(),
            is_ai: false,
            role: role.into(),
            score,
            won,
            community: "c".into(),
            details: serde_json::Value::Null,
        }
    }

    #[test]
    fn ranks_by_mean_gpp_after_min_games() {
        let results = vec![
            seat("a", "seer", 10.0, true),
            seat("a", "villager", 2.0, false),
            seat("b", "werewolf", 20.0, true),
            seat("c", "witch", 4.0, true),
            seat("c", "witch", 4.0, true),
        ];
        let board = leaderboard("werewolf", None, 2, &results);
        let order: Vec<(&str, Option<u32>)> = board
            .players
            .iter()
            .map(|p| (p.player.as_str(), p.rank))
            .collect();
        assert_eq!(order, vec![("a", Some(1)), ("c", Some(2)), ("b", None)]);
        assert_eq!(board.players[0].mean_gpp, 6.0);
        assert_eq!(board.players[0].win_rate, 0.5);
        assert_eq!(board.players[0].roles["seer"].games, 1);
        assert!(render(&board).contains("werewolf leaderboard"));
    }

    #[test]
    fn people_are_ranked_apart_from_ai_players() {
        let ai = |score| SeatResult {
            is_ai: true,
            ..seat("ai:heuristic@0.1.0", "villager", score, true)
        };
        // One game: six AI seats of one agent and a human who did worse than them.
        let mut results: Vec<SeatResult> = (0..6).map(|_| ai(30.0)).collect();
        results.push(seat("discord:1", "villager", 5.0, false));
        let model = SeatResult {
            is_ai: true,
            ..seat("ai:llm:some-model", "werewolf", 40.0, true)
        };
        results.push(model);
        let board = people_and_ai("werewolf", Some("c"), 1, &results);
        let ranked: Vec<(&str, Option<u32>)> = board
            .people
            .players
            .iter()
            .map(|p| (p.player.as_str(), p.rank))
            .collect();
        assert_eq!(
            ranked,
            vec![("discord:1", Some(1))],
            "only people are ranked"
        );
        let ai: Vec<(&str, u64, Option<u32>)> = board
            .ai
            .iter()
            .map(|p| (p.player.as_str(), p.games, p.rank))
            .collect();
        assert_eq!(
            ai,
            vec![
                ("ai:llm:some-model", 1, None),
                ("ai:heuristic@0.1.0", 6, None)
            ],
            "one line per agent or model, each seat a game, unranked"
        );
    }
}
