//! Runs each werewolf scenario (`tests/scenarios/*.json`) through the scenario runner and checks the keys its
//! `expect` object gives: winner, day, phase, dead, gpp (the seats listed), rejected (the
//! indices of refused actions).

use agora::games::werewolf::Rules;
use serde_json::Value;
use std::path::Path;

fn check(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let file: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let expect = file
        .get("expect")
        .and_then(Value::as_object)
        .ok_or("no \"expect\" object")?;
    let outcome =
        agora_core::werewolf::scenario::run(&text, &Rules::default()).map_err(|e| e.to_string())?;
    let got = serde_json::to_value(&outcome).map_err(|e| e.to_string())?;
    let mut problems = Vec::new();
    for (key, want) in expect {
        match key.as_str() {
            // The people's seats (AFK): compared whole.
            "winner" | "day" | "phase" | "dead" | "seats" | "strikes" | "handed" | "left" => {
                if got[key] != *want {
                    problems.push(format!("{key}: expected {want}, got {}", got[key]));
                }
            }
            "gpp" => {
                for (seat, points) in want.as_object().ok_or("gpp must be an object")? {
                    if got["gpp"][seat] != *points {
                        problems.push(format!(
                            "gpp of seat {seat}: expected {points}, got {}",
                            got["gpp"][seat]
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
fn every_scenario_matches_its_expectation() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/scenarios exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 30, "only {} scenarios", paths.len());
    let failures: Vec<String> = paths
        .iter()
        .filter_map(|p| {
            check(p)
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
