//! The trial's `/leaderboard trial` and `/stats` lines: verdicts won and the signed mean
//! shift, by side.

use crate::commands::stats::tests::{seat, NoPersonas};
use crate::commands::stats::{leaderboard_text, record_text};
use agora_core::ratings::boards::Ratings;
use agora_core::registry::GameKind;
use agora_core::store::SeatResult;

#[test]
fn the_trial_board_signs_its_shifts() {
    let ai = SeatResult {
        name: "advocate 0.1.0".into(),
        ..seat(
            "ai:advocate@0.1.0",
            true,
            "prosecution",
            -2.279999999999987,
            false,
        )
    };
    let results = vec![
        ai,
        seat("discord:1", false, "defense", 34.59088784204802, true),
    ];
    let text = leaderboard_text(
        GameKind::Trial,
        "g",
        1,
        &results,
        &Ratings::default(),
        &NoPersonas,
    );
    assert!(
        text.contains("**1.** Ann — mean shift per trial +34.6, 1 game, 100% wins"),
        "{text}"
    );
    assert!(
        text.contains("🤖 AI · Advocate — mean shift per trial -2.3, 1 seat, 0% wins"),
        "{text}"
    );
    assert!(!text.contains("award"), "{text}");
}

#[test]
fn a_trial_record_is_by_side() {
    let results = vec![seat("discord:1", false, "defense", 34.59088784204802, true)];
    let text = record_text(GameKind::Trial, "g", &results, &Ratings::default()).unwrap();
    assert_eq!(
        text,
        "**Trial**\n1 game, 1 win (100%), mean shift per trial +34.6.\n• defense: 1 game, 1 win, mean shift per trial +34.6"
    );
}
