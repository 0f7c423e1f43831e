//! The moderated and social debates at the terminal: a moderated debate watched to its
//! result and chart (then `replay --session` and `stats debate`), and a social debate where
//! the human speaks once and then concedes; the offline sim of both formats with its
//! figures, records and charts.

use crate::terminal::{fresh_db, run, run_fail, sessions, Live};
use serde_json::Value;

#[test]
fn a_moderated_debate_is_watched_to_its_result_and_chart() {
    let db = fresh_db("rounds-watch");
    let out = run(&[
        "play",
        "debate",
        "--format",
        "rounds",
        "--participants",
        "3",
        "--rounds",
        "3",
        "--topic",
        "nuclear_power",
        "--humans",
        "0",
        "--length",
        "0.1",
        "--seed",
        "3",
        "--step-delay",
        "0",
        "--db",
        &db,
    ]);
    for want in [
        "Moderated debate (Structured, 3 rounds, 3 participants)",
        "-- Round 2: P2 ",
        "== The moderator on round 3 (offline-scored) ==",
        "== Final evaluation",
        "== Result: ",
        "Chart: ",
    ] {
        assert!(out.contains(want), "missing {want:?}:\n{out}");
    }
    let chart = out
        .lines()
        .find_map(|l| l.strip_prefix("Chart: "))
        .unwrap()
        .trim();
    let png = std::fs::read(chart).unwrap();
    assert!(png.starts_with(b"\x89PNG"));
    let all = sessions(&db);
    assert_eq!(all[0]["status"], "finished", "{out}");
    let id = all[0]["id"].as_str().unwrap();
    let story = run(&["replay", "--session", id, "--db", &db]);
    assert!(story.contains("== The moderator on round 1"), "{story}");
    // Its story already tells every score: --detail is refused, not ignored.
    let err = run_fail(&["replay", "--session", id, "--db", &db, "--detail"]);
    assert!(err.contains("--detail does not apply"), "{err}");
    let board: Value =
        serde_json::from_str(&run(&["stats", "debate", "--json", "--db", &db])).unwrap();
    let players = board["players"].as_array().expect("players");
    assert_eq!(players.len(), 3, "{board}");
    assert!(
        board.to_string().contains("\"rounds\""),
        "grouped by format: {board}"
    );
}

#[test]
fn a_person_in_a_social_debate_speaks_then_concedes() {
    let db = fresh_db("social-human");
    let args = [
        "play",
        "debate",
        "--format",
        "social",
        "--topic",
        "remote_work",
        "--seat",
        "2",
        "--side",
        "against",
        "--firmness",
        "0.9",
        "--length",
        "0.1",
        "--seed",
        "8",
        "--step-delay",
        "0",
        "--name",
        "ben",
        "--db",
        &db,
    ];
    let mut live = Live::spawn(&args);
    let mut spoke = false;
    while let Some(line) = live.next() {
        if line.starts_with(">> P2 ben, your speech") {
            if !spoke {
                live.type_line("However, consider the research on isolation:");
                live.type_line("offices build trust.");
                live.type_line("");
                spoke = true;
            } else {
                live.type_line("concede");
                live.type_line("concede");
            }
        }
        if line.starts_with("== Result") {
            break;
        }
    }
    let (ok, seen) = live.wait();
    let text = seen.join("\n");
    assert!(ok, "{text}");
    for want in [
        "P2 ben (stance -0.85, conviction 0.90)",
        "(6 of 25 words)",
        "P2 ben (round 1, 9/25 words): However, consider the research on isolation:",
        "Type concede again to be sure",
        "** P2 ben gives in (conceded)",
        "Overwhelming victory",
    ] {
        assert!(text.contains(want), "missing {want:?}:\n{text}");
    }
    assert!(
        !text.contains("(evaluator"),
        "a participant saw the evaluator's notes:\n{text}"
    );
}

#[test]
fn the_offline_sim_of_each_format_reports_records_and_charts() {
    let dir = std::env::temp_dir().join(format!("agora-sim-formats-{}", std::process::id()));
    let charts = dir.join("charts");
    let record = dir.join("record");
    let rounds: Value = serde_json::from_str(&run(&[
        "sim",
        "debate",
        "--format",
        "rounds",
        "--debates",
        "12",
        "--json",
        "--charts",
        charts.to_str().unwrap(),
    ]))
    .unwrap();
    let n: u64 = ["clear", "narrow", "draw"]
        .iter()
        .map(|k| rounds["verdicts"][k].as_u64().unwrap())
        .sum();
    assert_eq!(n, 12, "{rounds}");
    assert!(rounds["pass_disagreement"].is_number(), "{rounds}");
    assert_eq!(rounds["offline_scored"], true);
    let social: Value = serde_json::from_str(&run(&[
        "sim",
        "debate",
        "--format",
        "social",
        "--debates",
        "12",
        "--participants",
        "4",
        "--json",
        "--record",
        record.to_str().unwrap(),
    ]))
    .unwrap();
    let n: u64 = ["overwhelming", "clear", "narrow"]
        .iter()
        .map(|k| social["verdicts"][k].as_u64().unwrap())
        .sum();
    assert_eq!(n, 12, "{social}");
    assert!(
        social["surrender_rate"]
            .as_f64()
            .is_some_and(|r| (0.0..=1.0).contains(&r)),
        "{social}"
    );
    assert_eq!(std::fs::read_dir(&charts).unwrap().count(), 12);
    let story = run(&[
        "replay",
        record.join("social-1.json").to_str().unwrap(),
        "--seat",
        "1",
    ]);
    assert!(story.contains("as seen by participant 1"), "{story}");
    assert!(!story.contains("[notes]"), "{story}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `agora sessions` and `agora stats debate` as people read them after an AI-only
/// moderated debate: the format by name, the winner by name, scores rounded with their
/// unit, the AI debaters as the table showed them (by personality), apart and unranked,
/// and only the moderated debate's columns.
#[test]
fn sessions_and_stats_read_as_people_read_them() {
    let db = fresh_db("rounds-readable");
    run(&[
        "play",
        "debate",
        "--format",
        "rounds",
        "--participants",
        "2",
        "--rounds",
        "2",
        "--topic",
        "nuclear_power",
        "--humans",
        "0",
        "--length",
        "0.1",
        "--seed",
        "5",
        "--step-delay",
        "0",
        "--db",
        &db,
    ]);
    let list = run(&["sessions", "--db", &db]);
    assert!(list.contains("moderated debate"), "{list}");
    assert!(list.contains(" of 100"), "{list}");
    assert!(
        list.contains("also at the table: the AI moderator"),
        "{list}"
    );
    for raw in ["rounds", "debater-", "@0.", "ai:"] {
        assert!(!list.contains(raw), "{raw:?} in:\n{list}");
    }
    // Every number has at most one decimal.
    for word in list.split_whitespace() {
        if let Some((_, frac)) = word.split_once('.') {
            if word
                .trim_start_matches(['+', '-'])
                .starts_with(|c: char| c.is_ascii_digit())
            {
                assert!(frac.len() <= 1, "{word} in:\n{list}");
            }
        }
    }
    let board = run(&["stats", "debate", "--db", &db]);
    assert!(board.contains("Moderated debates"), "{board}");
    assert!(board.contains("AI players (not ranked"), "{board}");
    assert!(board.contains("AI · "), "{board}");
    assert!(board.contains("mean final score (of 100)"), "{board}");
    for wrong in ["speech score", "awards", "SPEECH_SCORE", "debater-", "+0.0"] {
        assert!(!board.contains(wrong), "{wrong:?} in:\n{board}");
    }
}
