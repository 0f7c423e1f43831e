//! The terminal debate end to end: `agora play debate --humans 0` watched to its
//! scorecard (then `sessions`, `stats debate`, `replay --session`), and a human debater who
//! leaves at the first prompt, resumes with `agora resume`, and types every speech.

use crate::terminal::{fresh_db, run, sessions, Live};
use serde_json::Value;

#[test]
fn an_all_ai_debate_is_watched_to_its_scorecard() {
    let db = fresh_db("debate-watch");
    let out = run(&[
        "play",
        "debate",
        "--topic",
        "universal_basic_income",
        "--humans",
        "0",
        "--length",
        "0.04",
        "--seed",
        "3",
        "--step-delay",
        "0",
        "--db",
        &db,
    ]);
    for want in [
        "Motion: This house would introduce a universal basic income",
        "== Opening statements ==",
        "== Cross-examination ==",
        "== Free debate ==",
        "== Closing statements ==",
        "== Scorecard",
        "Team totals: Pro ",
        "The judge's review (offline)",
    ] {
        assert!(out.contains(want), "missing {want:?}:\n{out}");
    }
    assert!(
        !out.contains("[team "),
        "a watcher saw a team's thread:\n{out}"
    );
    // The scorecard names AI debaters as people read them, never by internal id.
    assert!(out.contains("AI · "), "{out}");
    assert!(
        !out.contains("debater-"),
        "an internal id on the scorecard:\n{out}"
    );
    let all = sessions(&db);
    assert_eq!(all[0]["status"], "finished", "{out}");
    assert_eq!(all[0]["game"], "debate");
    assert_eq!(all[0]["seats"].as_array().unwrap().len(), 9);
    let id = all[0]["id"].as_str().unwrap().to_string();

    let board: Value =
        serde_json::from_str(&run(&["stats", "debate", "--json", "--db", &db])).unwrap();
    let players = board["players"].as_array().expect("players");
    assert!(!players.is_empty(), "{board}");
    assert!(
        players[0]["mean_speech_score"].as_f64().unwrap() > 0.0,
        "{board}"
    );
    assert!(players[0].get("best_debater_awards").is_some(), "{board}");

    let story = run(&["replay", "--session", &id, "--db", &db]);
    assert!(story.contains("Result: "), "{story}");
    assert!(story.contains("[judge's notes] Judge (offline)"), "{story}");
}

#[test]
fn a_human_debater_leaves_resumes_and_types_every_speech() {
    let db = fresh_db("debate-human");
    let args = [
        "play",
        "debate",
        "--topic",
        "universal_basic_income",
        "--seat",
        "pro2",
        "--length",
        "0.04",
        "--seed",
        "4",
        "--step-delay",
        "0",
        "--name",
        "ann",
        "--db",
        &db,
    ];
    // Leave at the first prompt: the debate stays stored, unfinished.
    let mut live = Live::spawn(&args);
    while let Some(line) = live.next() {
        if line.starts_with(">> Pro 2,") {
            live.type_line("quit");
            break;
        }
    }
    let (ok, seen) = live.wait();
    assert!(ok, "{}", seen.join("\n"));
    assert!(
        seen.iter().any(|l| l.contains("You are Pro 2")),
        "{}",
        seen.join("\n")
    );
    assert_eq!(sessions(&db)[0]["status"], "running");

    let mut live = Live::spawn(&["resume", "--step-delay", "0", "--db", &db]);
    let mut noted = false;
    let mut named_wrong = false;
    while let Some(line) = live.next() {
        if line.contains("resumed; you are Pro 2") && !noted {
            live.type_line("note I take their costs");
            noted = true;
        }
        if line.starts_with(">> Pro 2, cross-examine") {
            if !named_wrong {
                live.type_line("con4");
                named_wrong = true;
            }
            live.type_line("con3");
            live.type_line("Who pays? Who gains?");
            live.type_line("Who loses?");
            live.type_line(".");
        } else if line.starts_with(">> Pro 2, your") {
            live.type_line("A floor for all");
            live.type_line("is affordable.");
            live.type_line("");
        }
        if line.starts_with("== Scorecard") {
            break;
        }
    }
    let (ok, seen) = live.wait();
    let text = seen.join("\n");
    assert!(ok, "{text}");
    for want in [
        "[team Pro] Pro 2 (you): I take their costs",
        "Not taken: name who answers first: con2 or con3.",
        "Con 3 answers.",
        "(4 of 5 words)",
        "(6 of 5 words — over the limit: it will be kept and penalised)",
        "Pro 2 (cross-examination questions, to Con 3, 6 of 5 words, OVER): Who pays? Who gains?\nWho loses?",
        "Penalty: Pro 2 -2, over the word limit.",
        "== Scorecard",
    ] {
        assert!(text.contains(want), "missing {want:?}:\n{text}");
    }
    let all = sessions(&db);
    assert_eq!(all[0]["status"], "finished", "{text}");
    let pro2 = &all[0]["seats"][1];
    assert_eq!(pro2["role"], "pro2", "{pro2}");
}

#[test]
fn typed_text_is_handed_in_at_the_deadline_and_pass_gives_up_a_turn() {
    let db = fresh_db("debate-deadline");
    let mut live = Live::spawn(&[
        "play",
        "debate",
        "--topic",
        "universal_basic_income",
        "--seat",
        "pro1",
        "--length",
        "0.04",
        "--seed",
        "5",
        "--step-delay",
        "0",
        "--pace",
        "0.01",
        "--db",
        &db,
    ]);
    let mut passed = false;
    while let Some(line) = live.next() {
        if line.starts_with(">> Pro 1, your opening") {
            // Typed, never ended with the blank line: the deadline hands it in.
            live.type_line("We open");
            live.type_line("with two lines");
        } else if line.starts_with(">> Pro 1, your") && !passed {
            live.type_line("pass");
            passed = true;
        } else if line.starts_with(">> Pro 1, your") {
            live.type_line("quit");
        }
        if line.starts_with("Leaving:") {
            break;
        }
    }
    let (ok, seen) = live.wait();
    let text = seen.join("\n");
    assert!(ok, "{text}");
    for want in [
        "How to play:",
        "`pass` gives up your turn",
        "Time is nearly up: what you typed (5 words) is handed in.",
        "words): We open\nwith two lines",
        "You pass: the turn goes on without you (no score).",
        "Pro 1 gave no ",
    ] {
        assert!(text.contains(want), "missing {want:?}:\n{text}");
    }
    assert!(
        !text.contains("Time is up: your turn was skipped"),
        "{text}"
    );
}

#[test]
fn options_of_another_format_are_refused() {
    let out = crate::terminal::run_fail(&[
        "play",
        "debate",
        "--topic",
        "zoos",
        "--side",
        "against",
        "--db",
        &fresh_db("debate-foreign"),
    ]);
    assert!(
        out.contains("--side does not apply to a team debate (--side is for social)"),
        "{out}"
    );
    let help = run(&["play", "debate", "--help"]);
    assert!(
        help.contains("universal_basic_income") && help.contains("rounds"),
        "{help}"
    );
    let help = run(&["play", "trial", "--help"]);
    assert!(help.contains("trading_agent_poisoned_feed"), "{help}");
}

#[test]
fn a_pass_is_not_retold_as_a_timeout_after_a_resume() {
    let db = fresh_db("debate-pass-resume");
    let args = [
        "play",
        "debate",
        "--topic",
        "zoos",
        "--seat",
        "pro2",
        "--length",
        "0.04",
        "--seed",
        "5",
        "--step-delay",
        "0",
        "--name",
        "ann",
        "--db",
        &db,
    ];
    // Pass the first turn, leave at the second.
    let mut live = Live::spawn(&args);
    let mut prompts = 0;
    while let Some(line) = live.next() {
        if line.starts_with(">> Pro 2,") {
            prompts += 1;
            live.type_line(if prompts == 1 { "pass" } else { "quit" });
            if prompts == 2 {
                break;
            }
        }
    }
    let (ok, seen) = live.wait();
    assert!(ok, "{}", seen.join("\n"));
    assert!(
        seen.iter().any(|l| l.contains("You pass")),
        "{}",
        seen.join("\n")
    );
    // Told again after the resume: the skipped turn, never "Time is up" for it.
    let mut live = Live::spawn(&["resume", "--step-delay", "0", "--db", &db]);
    while let Some(line) = live.next() {
        if line.starts_with(">> Pro 2,") {
            live.type_line("quit");
            break;
        }
    }
    let (ok, seen) = live.wait();
    let told = seen.join("\n");
    assert!(ok, "{told}");
    assert!(told.contains("Pro 2 gave no"), "{told}");
    assert!(!told.contains("Time is up"), "{told}");
}
