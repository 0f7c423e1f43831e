//! Runs each moderated-debate scenario (`tests/scenarios/debate_rounds/`) and each social
//! one (`tests/scenarios/debate_social/`) — and the trial's, for `scenarios_trial` — through `agora scenario`'s runner and checks
//! every key its `expect` gives, numbers to 1e-9 and `rejected` by index.

use super::scenarios::same;
use serde_json::Value;
use std::path::Path;

/// The players' kits of a scenario run: the debate's and the trial's.
pub fn kits(
    kit: &agora::agents::debate::DebateKit,
    trial: &agora::agents::trial::TrialKit,
) -> agora::kits::Kits {
    let mut kits = agora::kits::Kits::default();
    kits.insert(std::sync::Arc::new(kit.clone()));
    kits.insert(std::sync::Arc::new(trial.clone()));
    kits
}

fn check(
    path: &Path,
    kit: &agora::agents::debate::DebateKit,
    trial: &agora::agents::trial::TrialKit,
) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let file: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let expect = file
        .get("expect")
        .and_then(Value::as_object)
        .ok_or("no \"expect\" object")?;
    let got =
        agora::registry::dispatch::run_scenario(&text, &Default::default(), &kits(kit, trial))
            .map_err(|e| e.to_string())?;
    let mut problems = Vec::new();
    for (key, want) in expect {
        let have = if key == "rejected" {
            Value::Array(
                got["rejected"]
                    .as_array()
                    .map(|a| a.iter().map(|r| r["index"].clone()).collect())
                    .unwrap_or_default(),
            )
        } else {
            got[key].clone()
        };
        if !same(&have, want) {
            problems.push(format!("{key}: expected {want}, got {have}"));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} (rejected: {})",
            problems.join("; "),
            got["rejected"]
        ))
    }
}

/// Checks every scenario of `dir` (at least `at_least` of them).
pub(super) fn run_dir(dir: &str, at_least: usize) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("the scenario folder exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    assert!(
        paths.len() >= at_least,
        "only {} scenarios in {}",
        paths.len(),
        dir.display()
    );
    let kit = agora::agents::debate::DebateKit::default();
    let trial = agora::agents::trial::TrialKit::default();
    let failures: Vec<String> = paths
        .iter()
        .filter_map(|p| {
            check(p, &kit, &trial)
                .err()
                .map(|e| format!("{}: {e}", p.file_name().unwrap().to_string_lossy()))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} scenarios failed:\n{}",
        failures.len(),
        paths.len(),
        failures.join("\n")
    );
}

#[test]
fn every_rounds_scenario_matches_its_expectation() {
    run_dir("tests/scenarios/debate_rounds", 15);
}

#[test]
fn every_social_scenario_matches_its_expectation() {
    run_dir("tests/scenarios/debate_social", 15);
}

#[test]
fn setup_errors_name_the_field() {
    let kit = agora::agents::debate::DebateKit::default();
    let kits = kits(&kit, &Default::default());
    let run =
        |text: &str| agora::registry::dispatch::run_scenario(text, &Default::default(), &kits);
    let two = r#"{"game": "debate", "format": "social", "participants": [
        {"name": "ann", "stance": 0.5, "conviction": 0.5},
        {"name": "ben", "stance": -0.5, "conviction": 0.5}]}"#;
    assert!(run(two)
        .unwrap_err()
        .to_string()
        .contains("3–8 participants"));
    let bad = r#"{"game": "debate", "format": "social", "participants": [
        {"name": "ann", "stance": 1.5, "conviction": 0.5},
        {"name": "ben", "stance": -0.5, "conviction": 0.5},
        {"name": "cat", "stance": 0.1, "conviction": 0.5}]}"#;
    let err = run(bad).unwrap_err().to_string();
    assert!(
        err.contains("participants[0]") && err.contains("stance"),
        "{err}"
    );
    let rounds = r#"{"game": "debate", "format": "rounds", "participants": ["ann", "ann"]}"#;
    assert!(run(rounds).unwrap_err().to_string().contains("named twice"));
    let key = r#"{"game": "debate", "format": "rounds", "participants": ["a", "b"], "config": {"turns": 2}}"#;
    assert!(run(key).unwrap_err().to_string().contains("turns"));
}
