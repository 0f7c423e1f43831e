//! The `agora` binary on debates: `scenario` on a debate file (and its errors), `replay` of
//! a recorded debate (the god view and one seat's), `sim debate --json`.

use crate::agora_cli::agora;
use serde_json::Value;
use std::path::{Path, PathBuf};

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
    use agora_core::debate::replay::{write_record, DebateRecord};
    let text = std::fs::read_to_string(scenario("24-hand-off-and-team-notes.json")).unwrap();
    let (game, _, rules) =
        agora_core::debate::scenario::play(&text, &agora::agents::debate::DebateKit::default())
            .unwrap();
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

fn sim_debate(args: &[&str]) -> Value {
    let mut all = vec![
        "sim", "debate", "--format", "team", "--json", "--length", "0.04",
    ];
    all.extend_from_slice(args);
    let (ok, out, err) = agora(&all);
    assert!(ok, "{err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

#[test]
fn sim_debate_json_has_the_documented_keys_and_is_thread_independent() {
    let dir = temp_dir("debate-sim");
    let one = sim_debate(&["--debates", "6", "--seed", "11", "--threads", "1"]);
    let two = sim_debate(&[
        "--debates",
        "6",
        "--seed",
        "11",
        "--threads",
        "2",
        "--record",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(one["debates"], 6);
    let wins = &one["wins"];
    assert_eq!(
        wins["pro"].as_u64().unwrap()
            + wins["con"].as_u64().unwrap()
            + wins["draw"].as_u64().unwrap(),
        6,
        "{one}"
    );
    for stage in ["opening", "cross_examination", "free_debate", "closing"] {
        let mean = one["mean_speech_score"][stage].as_f64().unwrap();
        assert!((1.0..=10.0).contains(&mean), "{stage}: {one}");
    }
    for rule in [
        "over_limit",
        "counter_question",
        "attacker_answered",
        "same_team_twice",
    ] {
        assert!(one["penalties"][rule].is_u64(), "{rule}: {one}");
    }
    assert!(one["mean_speeches"].as_f64().unwrap() >= 12.0, "{one}");
    assert!(one["mean_words"].as_f64().unwrap() > 0.0, "{one}");
    for key in [
        "wins",
        "mean_speech_score",
        "penalties",
        "mean_speeches",
        "mean_words",
    ] {
        assert_eq!(one[key], two[key], "{key} differs by thread count");
    }
    assert!(one.get("llm_calls").is_none(), "offline: no model figures");
    // One record per debate, each told by replay.
    let records: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
    assert_eq!(records.len(), 6);
    let file = dir.join("debate-11.json");
    let (ok, story, err) = agora(&["replay", file.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(
        story.contains("Debate 11") && story.contains("Result: "),
        "{story}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn sim_debate_llm_without_a_model_says_what_to_set() {
    let (ok, _, err) = agora(&["sim", "debate", "--debates", "1", "--llm", "--json"]);
    assert!(!ok && err.contains("LLM_API_KEY"), "{err}");
}

/// The `--llm` path runs each debate as a stored session; with the offline kit it must
/// reach the same kind of result, with the model figures present (no calls).
#[test]
fn sim_debate_sessions_report_model_figures() {
    use agora::agents::debate::DebateKit;
    use agora::games::debate::team::TeamRules;
    use agora_core::debate::format::DebateFormat;
    use agora_core::debate::sim::{run_sessions, DebateSimOptions};
    let config = agora::config::Config::load_from(None, &|_| None).unwrap();
    let opts = DebateSimOptions {
        format: DebateFormat::Team,
        debates: 3,
        seed: 5,
        threads: 1,
        topics: vec!["universal_basic_income".into()],
        rules: TeamRules {
            length_scale: 0.04,
            live_scores: false,
            ..TeamRules::default()
        },
        record: None,
    };
    let url = crate::store::sqlite_url("debate-sessions");
    let report = crate::store::rt().block_on(async {
        let store = crate::store::open(&url).await;
        run_sessions(&config, &store, &DebateKit::default(), &opts, 2)
            .await
            .unwrap()
    });
    let v = serde_json::to_value(&report).unwrap();
    let wins = &v["wins"];
    assert_eq!(
        wins["pro"].as_u64().unwrap()
            + wins["con"].as_u64().unwrap()
            + wins["draw"].as_u64().unwrap(),
        3,
        "{v}"
    );
    assert_eq!(v["llm_calls"], 0, "{v}");
    for key in [
        "repaired",
        "fallbacks",
        "prompt_tokens_per_call",
        "per_debate",
    ] {
        assert!(v.get(key).is_some(), "{key}: {v}");
    }
    assert_eq!(v["per_debate"].as_array().unwrap().len(), 3);
    assert!(
        v["per_debate"][0]["wall_secs"].is_f64() && v["per_debate"][0]["waves"].is_u64(),
        "{v}"
    );
    assert!(
        v["prompt_tokens_per_call"].get("mean").is_some()
            && v["prompt_tokens_per_call"].get("max").is_some()
    );
    // The offline sim drives the players as a session does: the same debates.
    let offline =
        serde_json::to_value(agora_core::debate::sim::run(&DebateKit::default(), &opts).unwrap())
            .unwrap();
    for key in [
        "wins",
        "mean_speech_score",
        "penalties",
        "mean_speeches",
        "mean_words",
    ] {
        assert_eq!(offline[key], v[key], "{key}");
    }
}
