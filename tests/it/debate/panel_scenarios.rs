//! Runs each moderated-debate scenario (`tests/scenarios/debate_moderated/`) and each social
//! one (`tests/scenarios/debate_social/`) through `agora scenario`'s runner
//! (`crate::scenario_files`).

use crate::scenario_files::{kits, run_dir};

#[test]
fn every_moderated_scenario_matches_its_expectation() {
    run_dir("tests/scenarios/debate_moderated", 15);
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
