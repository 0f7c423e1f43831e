//! Scenario files of any game run through `agora scenario`'s runner (the registry's
//! dispatch), each checked against every key its `expect` gives: numbers to 1e-9,
//! `rejected` by index. Used by the debates' and the trial's scenario tests.

use serde_json::Value;
use std::path::Path;

/// Whether two JSON values agree, numbers compared as numbers (7 and 7.0 agree).
pub(crate) fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            (x.as_f64().unwrap_or(f64::NAN) - y.as_f64().unwrap_or(f64::NAN)).abs() < 1e-9
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

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
pub(crate) fn run_dir(dir: &str, at_least: usize) {
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
