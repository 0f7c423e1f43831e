//! Werewolf's `/leaderboard werewolf` and `/stats` lines: mean and total GPP, by role.

use crate::commands::stats::tests::{seat, NoPersonas};
use crate::commands::stats::{leaderboard_text, leaderboard_text_in, record_text, record_text_in};
use agora_core::ratings::boards::Ratings;
use agora_core::registry::GameKind;
use agora_core::store::SeatResult;
use agora_games::Lang;

#[test]
fn the_werewolf_board_counts_in_plain_words() {
    let ai = SeatResult {
        name: "heuristic 0.1.0".into(),
        ..seat("ai:heuristic@0.1.0", true, "wolf", 30.0, true)
    };
    let results = vec![ai, seat("discord:1", false, "seer", 5.0, false)];
    let text = leaderboard_text(
        GameKind::Werewolf,
        "g",
        3,
        &results,
        &Ratings::default(),
        &NoPersonas,
    );
    assert!(
        text.contains("Nobody is ranked yet: a player needs 3 finished games."),
        "{text}"
    );
    assert!(
        text.contains("1 more player with fewer than 3 finished games."),
        "{text}"
    );
    assert!(
        text.contains("🤖 AI · built-in player — mean GPP 30.0, 1 seat, 100% wins"),
        "{text}"
    );
    assert!(!text.contains("(s)"), "{text}");
}

#[test]
fn a_werewolf_record_shows_mean_and_total_gpp() {
    let ww = vec![
        seat("discord:1", false, "seer", 12.0, true),
        seat("discord:1", false, "wolf", 0.4000000000000001, false),
    ];
    let text = record_text(GameKind::Werewolf, "g", &ww, &Ratings::default()).unwrap();
    assert!(text.starts_with("**Werewolf**\n"), "{text}");
    assert!(
        text.contains("2 games, 1 win (50%), mean GPP 6.2 (total 12.4)."),
        "{text}"
    );
    assert!(
        text.contains("\n• seer: 1 game, 1 win, mean GPP 12.0"),
        "{text}"
    );
    assert!(
        text.contains("\n• wolf: 1 game, 0 wins, mean GPP 0.4"),
        "{text}"
    );
}

/// A Chinese server's boards: every line in Chinese, numbers and names as they are.
#[test]
fn a_chinese_server_reads_its_boards_in_chinese() {
    let results = vec![
        seat("discord:1", false, "seer", 12.0, true),
        seat("discord:1", false, "werewolf", 0.4, false),
        seat("ai:heuristic@0.1.0", true, "werewolf", 30.0, true),
    ];
    let none = Ratings::default();
    let board = leaderboard_text_in(
        GameKind::Werewolf,
        "g",
        3,
        &results,
        &none,
        &NoPersonas,
        Lang::ZhCn,
    );
    assert!(
        board.contains("还没有人上榜：玩家需要完成 3 局。"),
        "{board}"
    );
    assert!(board.contains("另有 1 位玩家"), "{board}");
    assert!(board.contains("**AI 玩家**"), "{board}");
    assert!(
        board.contains("🤖 AI · 内置玩家 — 平均GPP 30.0，1 局，胜率 100%"),
        "{board}"
    );
    let mine: Vec<_> = results.into_iter().filter(|r| !r.is_ai).collect();
    let record = record_text_in(GameKind::Werewolf, "g", &mine, &none, Lang::ZhCn).unwrap();
    assert!(record.starts_with("**狼人杀**\n"), "{record}");
    assert!(
        record.contains("2 局，1 胜（胜率 50%），平均GPP 6.2（总计 12.4）。"),
        "{record}"
    );
    assert!(record.contains("\n• 预言家：1 局，1 胜"), "{record}");
    assert!(record.contains("\n• 狼人：1 局，0 胜"), "{record}");
    for line in board.lines().chain(record.lines()) {
        assert!(
            line.is_empty() || line.chars().any(agora_games::lang::is_han),
            "{line}"
        );
    }
}
