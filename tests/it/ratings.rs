//! Ratings end to end: a store filled by offline AI sessions of all three games (the
//! `agora play … --humans 0` a user runs, and a werewolf game a person plays at the
//! keyboard), every board entry carrying its rating, a
//! rebuild giving the same numbers, and werewolf's six against three predicted by skill,
//! not by team size. The filled store is shared with the community page's tests (`web`).

use agora::ratings::model::{Model, Rating};
use agora::store::{FinishedGame, FinishedSeat, Rater};
use serde_json::Value;
use std::sync::OnceLock;

pub use crate::agora_cli::agora;

/// A SQLite store filled once by offline sessions of every game and format: three
/// werewolf games, a team, a moderated and a social debate, a trial in each mode.
pub fn filled_store() -> &'static str {
    static URL: OnceLock<String> = OnceLock::new();
    URL.get_or_init(|| {
        let path = std::env::temp_dir().join(format!("agora-ratings-{}.db", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let url = format!("sqlite://{}", path.display());
        let runs: Vec<Vec<&str>> = vec![
            vec!["werewolf", "--seed", "1"],
            vec!["werewolf", "--seed", "2"],
            vec!["werewolf", "--seed", "3"],
            vec![
                "debate", "--format", "team", "--topic", "zoos", "--length", "0.2",
            ],
            vec![
                "debate", "--format", "rounds", "--topic", "zoos", "--length", "0.2",
            ],
            vec![
                "debate", "--format", "social", "--topic", "zoos", "--length", "0.2",
            ],
            vec!["trial", "--seed", "4"],
            vec!["trial", "--seed", "5", "--mode", "adversarial"],
        ];
        for run in runs {
            let mut args = vec!["play"];
            args.extend(run.iter().copied());
            args.extend(["--humans", "0", "--step-delay", "0", "--db", &url]);
            let (ok, _, err) = agora(&args);
            assert!(ok, "{args:?}: {err}");
        }
        // A person's game: Ana plays werewolf at the keyboard.
        let mut live = super::terminal::Live::spawn(&[
            "play",
            "werewolf",
            "--humans",
            "1",
            "--seed",
            "6",
            "--step-delay",
            "0",
            "--name",
            "Ana",
            "--db",
            &url,
        ]);
        let seat = live.human_seat();
        super::terminal::play_through(live, seat);
        url
    })
}

fn stats_json(game: &str, url: &str) -> Value {
    let (ok, out, err) = agora(&["stats", game, "--json", "--db", url]);
    assert!(ok, "{err}");
    serde_json::from_str(&out).expect("one JSON board")
}

#[test]
fn every_entry_of_every_board_carries_its_rating() {
    let url = filled_store();
    for game in ["werewolf", "debate", "trial"] {
        let board = stats_json(game, url);
        let players = board["players"].as_array().unwrap();
        assert!(!players.is_empty(), "{game}: {board}");
        for p in players {
            let r = &p["rating"];
            let (mu, sigma, display) = (
                r["mu"].as_f64().unwrap(),
                r["sigma"].as_f64().unwrap(),
                r["display"].as_f64().unwrap(),
            );
            assert!((display - (mu - 3.0 * sigma)).abs() < 0.03, "{game}: {p}");
            assert!(sigma > 0.0 && sigma < 25.0 / 3.0 + 0.01, "{game}: {p}");
            // Today's keys are kept.
            for key in ["rank", "player", "name", "ai", "games", "wins", "win_rate"] {
                assert!(p.get(key).is_some(), "{game}: {key} in {p}");
            }
            if p["ai"] == true {
                assert!(p["rank"].is_null(), "AI players are never ranked: {p}");
            }
        }
        if game == "werewolf" {
            let ai = players.iter().find(|p| p["ai"] == true).unwrap();
            let sides = &ai["ratings"];
            assert!(sides["village"]["games"].as_u64().unwrap() >= 3, "{sides}");
            assert!(sides["wolf"]["games"].as_u64().unwrap() >= 3, "{sides}");
        }
    }
    let (ok, _, err) = agora(&["stats", "chess", "--db", url]);
    assert!(!ok);
    assert!(err.contains("'chess' is not a game"), "{err}");
    let (ok, out, _) = agora(&["stats", "trial", "--board", "people", "--db", url]);
    assert!(ok);
    assert_eq!(out, "Trial leaderboard: no person has played yet.\n");
}

#[test]
fn a_rebuild_gives_the_same_numbers() {
    let url = filled_store();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let history = |url: &str| {
        rt.block_on(async {
            let store = agora::store::Store::open(url, std::time::Duration::from_secs(20))
                .await
                .unwrap();
            let mut all = Vec::new();
            for game in ["werewolf", "debate", "trial"] {
                all.extend(store.rating_history(game, None).await.unwrap());
            }
            store.close().await;
            all
        })
    };
    let before = history(url);
    assert!(before.len() > 30, "{}", before.len());
    assert!(
        before.iter().any(|r| r.key == "case"),
        "the trial's case is rated"
    );
    let (ok, out, err) = agora(&["stats", "rebuild", "--db", url]);
    assert!(ok, "{err}");
    assert!(
        out.starts_with(&format!("Rebuilt {} ratings", before.len())),
        "{out}"
    );
    let after = history(url);
    assert_eq!(before.len(), after.len());
    for (b, a) in before.iter().zip(&after) {
        assert_eq!(b, a, "a rating differs after the rebuild");
        assert_eq!(b.after.mu.to_bits(), a.after.mu.to_bits());
    }
}

/// Nine seats of one werewolf game, as stored.
fn werewolf_game(good_won: bool) -> FinishedGame {
    let roles = [
        "seer", "werewolf", "witch", "werewolf", "villager", "hunter", "werewolf", "villager",
        "villager",
    ];
    FinishedGame {
        id: "g".into(),
        game: "werewolf".into(),
        community: "c".into(),
        winner: if good_won { "good" } else { "wolves" }.into(),
        details: Value::Null,
        finished_at: 0,
        seats: roles
            .iter()
            .enumerate()
            .map(|(i, role)| FinishedSeat {
                seat: i as u32 + 1,
                player: format!("p{i}"),
                name: format!("P{i}"),
                is_ai: false,
                role: role.to_string(),
                score: 0.0,
                won: (*role == "werewolf") != good_won,
                details: Value::Null,
            })
            .collect(),
    }
}

#[test]
fn six_against_three_is_predicted_by_skill_not_team_size() {
    let (ok, out, err) = agora(&[
        "sim", "werewolf", "--games", "20000", "--seed", "11", "--json",
    ]);
    assert!(ok, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    let games = report["games"].as_f64().unwrap();
    let good = report["wins"]["good"].as_f64().unwrap() / games;
    let wolves = report["wins"]["wolves"].as_f64().unwrap() / games;
    let config = agora::config::Config::default();
    let rater = agora::registry::RegistryRater::new(&config);
    let rated = rater
        .rated(&werewolf_game(true))
        .expect("werewolf is rated");
    assert_eq!(rated.teams.len(), 2);
    let sizes: Vec<usize> = rated.teams.iter().map(|t| t.members.len()).collect();
    assert_eq!(sizes, [6, 3]);
    let keys: Vec<&str> = rated
        .teams
        .iter()
        .map(|t| t.members[0].key.as_str())
        .collect();
    assert_eq!(keys, ["village", "wolf"]);
    let teams: Vec<Vec<Rating>> = rated
        .teams
        .iter()
        .map(|t| vec![Rating::default(); t.members.len()])
        .collect();
    let predicted = Model::predict(&teams);
    assert!(
        (predicted[0] - good).abs() <= 0.05,
        "village predicted {:.3}, won {good:.3}",
        predicted[0]
    );
    assert!(
        (predicted[1] - wolves).abs() <= 0.05,
        "wolves predicted {:.3}, won {wolves:.3}",
        predicted[1]
    );
    // And once rated, an even game moves the six and the three by alike amounts.
    let moved = rater.model().rate(&rated, 0, &|_| None);
    let wolf = moved.iter().find(|m| m.member.key == "wolf").unwrap();
    let up = moved[0].after.mu - 25.0;
    let down = 25.0 - wolf.after.mu;
    assert!(up > 0.0 && down > 0.0, "{moved:?}");
    assert!((up - down).abs() < 0.01, "village +{up}, wolves -{down}");
}

/// `agora stats --lang zh-CN`: the headings, parts and columns in Chinese, the names as
/// stored; the JSON the same in every language; `AGORA_LANG` chooses it too.
#[test]
fn stats_boards_read_in_chinese() {
    let url = filled_store();
    for (game, words) in [
        (
            "werewolf",
            &[
                "狼人杀排行榜",
                "名次",
                "玩家",
                "评分",
                "胜率",
                "平均GPP",
                "按角色（局数，平均GPP）",
                "AI 玩家（不参与排名",
            ][..],
        ),
        (
            "debate",
            &[
                "辩论排行榜",
                "团队辩论",
                "主持辩论",
                "社交辩论",
                "最佳辩手次数",
                "平均发言得分",
            ][..],
        ),
        ("trial", &["庭审排行榜", "平均每场偏移", "辩方"][..]),
    ] {
        let (ok, zh, err) = agora(&["stats", game, "--lang", "zh-CN", "--db", url]);
        assert!(ok, "{err}");
        for w in words {
            assert!(zh.contains(w), "{game}: no {w}:\n{zh}");
        }
        for english in ["leaderboard", "rank", "mean ", "win%", "games", "No person"] {
            assert!(!zh.contains(english), "{game}: {english} in\n{zh}");
        }
        assert!(!zh.contains("stats-"), "a message id shown:\n{zh}");
        let (_, en, _) = agora(&["stats", game, "--db", url]);
        assert!(en.contains(" leaderboard: people are ranked"), "{en}");
        let (_, json_zh, _) = agora(&["stats", game, "--json", "--lang", "zh-CN", "--db", url]);
        let (_, json_en, _) = agora(&["stats", game, "--json", "--db", url]);
        assert_eq!(
            json_zh, json_en,
            "{game}: the JSON is the same in every language"
        );
    }
    let (ok, zh, err) = crate::agora_cli::agora_env(
        &["stats", "werewolf", "--db", url],
        &[("AGORA_LANG", "zh-CN")],
    );
    assert!(ok && zh.starts_with("狼人杀排行榜"), "{err}{zh}");
    let (ok, _, err) = agora(&["stats", "werewolf", "--lang", "fr", "--db", url]);
    assert!(!ok && err.contains("en, zh-CN"), "{err}");
}
