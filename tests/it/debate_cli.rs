//! The `agora` binary on debates: `scenario` on a debate file (and its errors), `replay` of
//! a recorded debate (the god view and one seat's), `sim debate --json`.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn agora(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_agora"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("LLM_API_KEY")
        .output()
        .expect("the agora binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("agora-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn scenario(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/debate")
        .join(name)
}

#[test]
fn scenario_command_runs_a_debate_file() {
    let file = scenario("01-opening-at-and-over-the-limit.json");
    let (ok, out, err) = agora(&["scenario", file.to_str().unwrap()]);
    assert!(ok, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["stage"], "cross_examination");
    assert_eq!(v["winner"], Value::Null);
    assert!(out.contains("\"pro\": 7.35"), "{out}");
    assert_eq!(v["penalties"][1]["team"], "con");
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    assert_eq!(
        keys,
        [
            "stage",
            "winner",
            "team",
            "individual",
            "speeches",
            "penalties",
            "best_debater",
            "rejected"
        ]
    );

    let dir = temp_dir("debate-scn");
    let bad = dir.join("bad.json");
    std::fs::write(
        &bad,
        r#"{"game": "debate", "format": "team", "topic": "no_such_topic", "actions": []}"#,
    )
    .unwrap();
    let (ok, _, err) = agora(&["scenario", bad.to_str().unwrap()]);
    assert!(!ok && err.contains("no_such_topic"), "{err}");
    std::fs::write(
        &bad,
        r#"{"game": "debate", "format": "team", "topic": "universal_basic_income", "config": {"length_scale": 9}}"#,
    )
    .unwrap();
    let (ok, _, err) = agora(&["scenario", bad.to_str().unwrap()]);
    assert!(!ok && err.contains("length_scale"), "{err}");
    std::fs::write(&bad, r#"{"game": "chess"}"#).unwrap();
    let (ok, _, err) = agora(&["scenario", bad.to_str().unwrap()]);
    assert!(!ok && err.contains("chess"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn replay_tells_a_recorded_debate() {
    use agora::replay::debate::{write_record, DebateRecord};
    let text = std::fs::read_to_string(scenario("24-hand-off-and-team-notes.json")).unwrap();
    let (game, _, rules) =
        agora::scenario::debate::play(&text, &agora::agents::debate::DebateKit::default()).unwrap();
    let dir = temp_dir("debate-replay");
    let file = write_record(
        &dir,
        &DebateRecord::of(7, Some("universal_basic_income"), &rules, &game),
    )
    .unwrap();
    let (ok, god, err) = agora(&["replay", file.to_str().unwrap()]);
    assert!(ok, "{err}");
    for want in [
        "Debate 7",
        "== Opening statements ==",
        "== Cross-examination ==",
        "== Free debate ==",
        "== Closing statements ==",
        "Pro 1 (opening statement, 30 of 30 words)",
        "[team Pro] Pro 4 hands the floor to Pro 1",
        "[team Pro] Pro 1: On it.",
        "[judge's notes] Judge: Pro 1's speech #1 scores 7.00",
        "Result: a draw. Pro 56.00, Con 56.00; best debater Pro 1.",
    ] {
        assert!(god.contains(want), "missing {want:?} in:\n{god}");
    }
    // The 40-word free-debate speeches are cut to 30 words; --detail shows them whole.
    assert!(god.contains(" …"), "speeches are shortened:\n{god}");
    let (ok, whole, err) = agora(&["replay", file.to_str().unwrap(), "--detail"]);
    assert!(ok, "{err}");
    assert!(
        !whole.contains(" …") && whole.contains("Free-debate clock"),
        "{whole}"
    );
    // Con 2 sees its own team's lines, never Pro's, and no judge's notes.
    let (ok, con, err) = agora(&["replay", file.to_str().unwrap(), "--seat", "6"]);
    assert!(ok, "{err}");
    assert!(con.contains("as seen by Con 2"), "{con}");
    assert!(
        !con.contains("hands the floor to Pro 1") && !con.contains("On it."),
        "{con}"
    );
    assert!(!con.contains("Judge:"), "{con}");
    assert!(con.contains("Result: a draw."), "{con}");
    let (ok, _, err) = agora(&["replay", file.to_str().unwrap(), "--seat", "12"]);
    assert!(!ok && err.contains("--seat 12"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
