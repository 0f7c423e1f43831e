//! Runs each team-debate scenario (`tests/scenarios/debate/`) through the scenario runner
//! and checks the keys its `expect` gives; the built-in judge's fairness to an original
//! speech.

use crate::scenario_files::same;
use serde_json::Value;
use std::path::Path;

/// A debate scenario: checks the keys its `expect` gives: stage, winner, team, speeches,
/// penalties, best_debater (whole), individual (the seats listed), rejected (the indices).
fn check_debate(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let file: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let expect = file
        .get("expect")
        .and_then(Value::as_object)
        .ok_or("no \"expect\" object")?;
    let kit =
        agora::agents::debate::DebateKit::offline(Some(&agora::agents::content::content_dir()))
            .map_err(|e| e.to_string())?;
    let report = agora_core::debate::scenario::run(&text, &kit).map_err(|e| e.to_string())?;
    let got = serde_json::to_value(&report).map_err(|e| e.to_string())?;
    let mut problems = Vec::new();
    for (key, want) in expect {
        match key.as_str() {
            "stage" | "winner" | "team" | "speeches" | "penalties" | "best_debater" => {
                if !same(&got[key], want) {
                    problems.push(format!("{key}: expected {want}, got {}", got[key]));
                }
            }
            "individual" => {
                for (seat, total) in want.as_object().ok_or("individual must be an object")? {
                    if !same(&got["individual"][seat], total) {
                        problems.push(format!(
                            "individual {seat}: expected {total}, got {}",
                            got["individual"][seat]
                        ));
                    }
                }
            }
            "rejected" => {
                let indices: Vec<Value> = got["rejected"]
                    .as_array()
                    .map(|a| a.iter().map(|r| r["index"].clone()).collect())
                    .unwrap_or_default();
                if Value::Array(indices.clone()) != *want {
                    problems.push(format!(
                        "rejected: expected {want}, got {} ({})",
                        Value::Array(indices),
                        got["rejected"]
                    ));
                }
            }
            other => problems.push(format!("unknown expect key {other}")),
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

#[test]
fn every_debate_scenario_matches_its_expectation() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/debate");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/scenarios/debate exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 24, "only {} debate scenarios", paths.len());
    let failures: Vec<String> = paths
        .iter()
        .filter_map(|p| {
            check_debate(p)
                .err()
                .map(|e| format!("{}: {e}", p.file_name().unwrap().to_string_lossy()))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} debate scenarios failed:\n{}",
        failures.len(),
        paths.len(),
        failures.join("\n")
    );
}

#[test]
fn debate_scenario_points_print_as_decimals_and_unknown_topics_are_named() {
    let kit = agora::agents::debate::DebateKit::default();
    let judge =
        r#"{"logic": 8, "persuasion": 7, "expression": 6, "teamwork": 7, "rule_compliance": 9}"#;
    let text = format!(
        r#"{{"game": "debate", "format": "team", "topic": "universal_basic_income", "config": {{"length_scale": 0.04}},
            "actions": [{{"seat": "pro1", "do": "speak", "text": "We propose a floor.", "judge": {judge}}}]}}"#
    );
    let report = agora_core::debate::scenario::run(&text, &kit).expect("runs");
    let printed = serde_json::to_string(&report).unwrap();
    assert!(
        printed.contains(r#""team":{"pro":7.35,"con":0.0}"#),
        "{printed}"
    );
    assert!(printed.contains(r#""pro1":7.35"#), "{printed}");
    let unknown = text.replace("\"universal_basic_income\"", "\"no_such_topic\"");
    let err = agora_core::debate::scenario::run(&unknown, &kit).unwrap_err();
    assert!(err.to_string().contains("no_such_topic"), "{err}");
    let werewolf_unchanged = agora::registry::dispatch::run_scenario(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/01-wolf-majority.json"),
        )
        .unwrap(),
        &Default::default(),
        &crate::scenario_files::kits(&kit, &Default::default()),
    )
    .expect("a werewolf file without \"game\" still runs");
    assert_eq!(werewolf_unchanged["day"], 1);
}

/// The last speech's score in a debate scenario with no judge labels (the built-in judge
/// marks it).
fn probe_score(path: &Path) -> f64 {
    let text = std::fs::read_to_string(path).unwrap();
    let kit =
        agora::agents::debate::DebateKit::offline(Some(&agora::agents::content::content_dir()))
            .unwrap();
    let report = agora_core::debate::scenario::run(&text, &kit).unwrap();
    let got = serde_json::to_value(&report).unwrap();
    let speeches = got["speeches"].as_array().unwrap();
    speeches.last().unwrap()["score"].as_f64().unwrap()
}

/// `tests/scenarios/judge_probes/<topic>-<slot>-<kind>.json`: one slot spoken three ways —
/// the argument bank recited, an original speech that answers what was said, and a vague
/// one. The built-in judge must mark the original at least as the bank (less 0.25), clearly
/// above the vague (by 1.0), an original answer to the question asked above the bank, and
/// a pointed question (`-question`) or a rebuttal quoting the other side (`-rebuttal`) at
/// least as the bank.
#[test]
fn the_built_in_judge_is_fair_to_an_original_speech() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/judge_probes");
    let mut slots: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let name = e.ok()?.file_name().to_string_lossy().into_owned();
            name.strip_suffix("-original.json").map(str::to_string)
        })
        .collect();
    slots.sort();
    assert!(slots.len() >= 6, "{slots:?}");
    let mut problems = Vec::new();
    for slot in &slots {
        let score = |kind: &str| probe_score(&dir.join(format!("{slot}-{kind}.json")));
        let (bank, original, vague) = (score("bank"), score("original"), score("vague"));
        if original < bank - 0.25 {
            problems.push(format!("{slot}: original {original} below bank {bank}"));
        }
        if original < vague + 1.0 {
            problems.push(format!(
                "{slot}: original {original} not clear of vague {vague}"
            ));
        }
        // A question pressing their claim, a rebuttal quoting them: at least the bank.
        if (slot.ends_with("-question") || slot.ends_with("-rebuttal")) && original < bank {
            problems.push(format!("{slot}: original {original} below bank {bank}"));
        }
        if slot.ends_with("-answer") && original <= bank {
            problems.push(format!(
                "{slot}: answer {original} does not beat bank {bank}"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
