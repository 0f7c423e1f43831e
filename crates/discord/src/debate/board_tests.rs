//! The debate's `/leaderboard debate` and `/stats` lines: each format apart, AI debaters
//! by their personality.

use crate::commands::stats::tests::seat;
use crate::commands::stats::{leaderboard_text, record_text};
use agora_agents::debate::Personalities;
use agora_core::ratings::boards::Ratings;
use agora_core::registry::GameKind;

#[test]
fn the_debate_board_names_ai_as_shown_and_reads_each_format_apart() {
    let results = vec![
        seat("discord:1", false, "pro1", 20.0, true),
        seat("ai:debater-logical@0.1.0", true, "con1", 18.0, false),
        seat("ai:debater-logical@0.1.0", true, "con2", 18.0, false),
        seat("discord:1", false, "rounds", 34.59088784204802, true),
    ];
    let text = leaderboard_text(
        GameKind::Debate,
        "g",
        1,
        &results,
        &Ratings::default(),
        &agora_core::registry::stats::EveryGame(&Personalities::builtin()),
    );
    assert!(
        text.contains("🤖 AI · Logical — mean speech score 7.3, 2 seats"),
        "{text}"
    );
    assert!(
        text.contains(
            "**1.** Ann — mean speech score 7.3, 1 game, 100% wins, 1 best-debater award"
        ),
        "{text}"
    );
    assert!(text.contains("__Moderated debates__"), "{text}");
    assert!(text.contains("mean final score (of 100) 34.6"), "{text}");
    assert!(!text.contains("Social"), "no empty format:\n{text}");
    assert!(!text.contains("debater-logical"), "{text}");
    let (_, rounds) = text.split_once("Moderated").unwrap();
    assert!(
        !rounds.contains("speech") && !rounds.contains("award"),
        "{rounds}"
    );
}

#[test]
fn a_debate_record_shows_each_format_with_its_own_numbers() {
    let results = vec![
        seat("discord:1", false, "pro1", 20.0, true),
        seat("discord:1", false, "social", -2.279999999999987, false),
    ];
    let text = record_text(GameKind::Debate, "g", &results, &Ratings::default()).unwrap();
    assert!(text.starts_with("**Debate**\n"), "{text}");
    assert!(
        text.contains(
            "Team debates: 1 game, 1 win (100%), mean speech score 7.3, 1 best-debater award."
        ),
        "{text}"
    );
    assert!(
        text.contains("• pro: 1 game, 1 win, mean speech score 7.3"),
        "{text}"
    );
    assert!(
        text.contains("Social debates: 1 game, 0 wins (0%), mean points -2.3."),
        "{text}"
    );
    assert!(!text.contains("total"), "{text}");
}
