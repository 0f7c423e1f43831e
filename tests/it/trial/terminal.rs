//! The trial at the terminal and from the command line: a person talks to jurors by name,
//! presents evidence (twice refused) and calls the verdict, seeing no stance before it; an
//! all-AI adversarial trial watched, replayed with its hidden reasoning, and on the board;
//! `sim trial --json` and `scenario` on a trial file.

use crate::terminal::{fresh_db, run, sessions, Live};
use serde_json::Value;

/// A trial's words at the terminal in one language: the line that invites a person to
/// type, and what they type to list the jurors and to call the verdict.
pub(super) struct Words {
    pub(super) prompt: &'static str,
    pub(super) jurors: &'static str,
    pub(super) verdict: &'static str,
}

pub(super) const ENGLISH: Words = Words {
    prompt: "Type `<juror>: <message>`",
    jurors: "jurors",
    verdict: "verdict",
};

pub(super) const CHINESE: Words = Words {
    prompt: "输入 `陪审员：你的话`",
    jurors: "陪审团",
    verdict: "裁决",
};

/// `agora play trial` with `options`, no delay between steps, stored in `db`.
pub(super) fn play_trial<'a>(options: &[&'a str], db: &'a str) -> Vec<&'a str> {
    let mut args = vec!["play", "trial"];
    args.extend(options);
    args.extend(["--step-delay", "0", "--db", db]);
    args
}

/// `agora <args>` with a person at the keyboard: every line it prints is shown to
/// `answer` with how many answers were typed so far, and an answer it returns is typed.
/// Reading stops at the end of the output or at a line starting with `stop`, then the
/// program must end well. How many answers were typed, and every line it printed.
pub(super) fn at_the_keyboard(
    args: &[&str],
    stop: Option<&str>,
    mut answer: impl FnMut(usize, &str) -> Option<&'static str>,
) -> (usize, Vec<String>) {
    let mut live = Live::spawn(args);
    let mut typed = 0;
    while let Some(line) = live.next() {
        if stop.is_some_and(|s| line.starts_with(s)) {
            break;
        }
        if let Some(text) = answer(typed, &line) {
            live.type_line(text);
            typed += 1;
        }
    }
    let (ok, seen) = live.wait();
    assert!(ok, "{}", seen.join("\n"));
    (typed, seen)
}

/// `agora resume` of the trial left in `db`, its person listing the jurors when asked to
/// type and calling the verdict once `ready` is shown, in `words`' language: all it
/// printed, once it ended well.
pub(super) fn resume_to_the_verdict(db: &str, words: &Words, ready: &str) -> String {
    let mut live = Live::spawn(&["resume", "--db", db, "--step-delay", "0"]);
    while let Some(line) = live.next() {
        if line.contains(words.prompt) {
            live.type_line(words.jurors);
        }
        if line.contains(ready) {
            live.type_line(words.verdict);
        }
    }
    let (ok, seen) = live.wait();
    let text = seen.join("\n");
    assert!(ok, "{text}");
    text
}

#[test]
fn a_person_argues_at_the_terminal_and_calls_the_verdict() {
    let db = fresh_db("trial-human");
    let args = play_trial(
        &[
            "--case",
            "robot_prompt_injection",
            "--seed",
            "2",
            "--name",
            "ann",
        ],
        &db,
    );
    let (step, seen) = at_the_keyboard(&args, Some("== The verdict"), |step, line| {
        match step {
        0 if line.contains(ENGLISH.prompt) => Some("wang: This was an attack from outside. A criminal hid an injection in a parcel label and hijacked the robot."),
        1 if line.starts_with("Wang → ann:") => Some("evidence injection_logs"),
        2 if line.starts_with("** ann presents evidence") => Some("evidence injection_logs"),
        3 if line.contains("Not taken") => Some("nobody: hello there"),
        4 if line.contains("No juror called") => Some("jurors"),
        5 if line.contains("Wang (Retired Electrical Engineer): 5 messages left") => Some("verdict"),
        _ => None,
    }
    });
    let text = seen.join("\n");
    assert_eq!(step, 6, "{text}");
    for want in [
        "== The robot and the prompt injection ==",
        "ann → Wang: This was an attack from outside.",
        "already been presented",
        "ann calls for the verdict",
        "-- Deliberation, round 1:",
        "Wang: NOT GUILTY (stance +0.0 →",
        "Chart: ",
    ] {
        assert!(text.contains(want), "missing {want:?}:\n{text}");
    }
    let early = (seen.iter())
        .take_while(|l| !l.starts_with("== The verdict"))
        .cloned()
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        !early.contains("stance") && !early.contains("   ["),
        "a stance before the verdict:\n{early}"
    );
    assert_eq!(sessions(&db)[0]["status"], "finished");
}

#[test]
fn an_ai_trial_is_watched_replayed_and_ranked() {
    let db = fresh_db("trial-watch");
    let out = run(&play_trial(
        &[
            "--case",
            "trading_agent_poisoned_feed",
            "--mode",
            "adversarial",
            "--players",
            "2",
            "--humans",
            "0",
            "--seed",
            "5",
        ],
        &db,
    ));
    for want in [
        "== The trading agent and the poisoned news feed ==",
        "Advocate 2 (AI) →",
        "== The verdict:",
    ] {
        assert!(out.contains(want), "missing {want:?}:\n{out}");
    }
    assert!(
        !out.contains("   ["),
        "the watcher saw a juror's hidden move:\n{out}"
    );
    let id = sessions(&db)[0]["id"].as_str().unwrap().to_string();
    let story = run(&["replay", "--session", &id, "--db", &db, "--detail"]);
    assert!(
        story.contains("offline-labelled: topics") && story.contains("moved"),
        "{story}"
    );
    let plain = run(&["replay", "--session", &id, "--db", &db]);
    assert!(!plain.contains("   ["), "{plain}");
    let board: Value =
        serde_json::from_str(&run(&["stats", "trial", "--json", "--db", &db])).unwrap();
    assert!(
        board.to_string().contains("prosecution") && board.to_string().contains("defense"),
        "{board}"
    );
}

#[test]
fn sim_and_scenario_from_the_command_line() {
    for case in ["robot_prompt_injection", "trading_agent_poisoned_feed"] {
        let report: Value = serde_json::from_str(&run(&[
            "sim", "trial", "--case", case, "--trials", "20", "--json",
        ]))
        .unwrap();
        let v = &report["verdicts"];
        assert_eq!(
            v["NOT_GUILTY"].as_u64().unwrap() + v["GUILTY"].as_u64().unwrap(),
            20,
            "{report}"
        );
        assert_eq!(
            report["mean_shift"].as_object().unwrap().len(),
            5,
            "{report}"
        );
        assert_eq!(report["offline_labelled"], true);
    }
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/trial/06-repeats-halve.json");
    let out: Value = serde_json::from_str(&run(&["scenario", file.to_str().unwrap()])).unwrap();
    assert_eq!(
        out["stances"]["x"],
        serde_json::json!([0.0, 20.0, 30.0, 35.0])
    );
    assert_eq!(out["verdict"], "NOT_GUILTY");
}

#[test]
fn a_trial_left_with_quit_resumes_where_it_was() {
    let db = fresh_db("trial-resume");
    let args = play_trial(&["--seed", "9", "--name", "bo"], &db);
    let (step, seen) = at_the_keyboard(&args, None, |step, line| {
        match step {
        0 if line.contains(ENGLISH.prompt) => Some("liu: Halden, the company, dropped the tests to meet a launch date, and the manufacturer put profit over people."),
        1 if line.starts_with("Liu → bo:") => Some("quit"),
        _ => None,
    }
    });
    assert_eq!(step, 2, "{}", seen.join("\n"));
    assert_eq!(sessions(&db)[0]["status"], "running");
    let text = resume_to_the_verdict(
        &db,
        &ENGLISH,
        "Liu (Primary School Teacher): 5 messages left",
    );
    assert!(text.contains("a trial, resumed; you are bo"), "{text}");
    assert!(text.contains("== The verdict:"), "{text}");
    assert_eq!(sessions(&db)[0]["status"], "finished");
}
