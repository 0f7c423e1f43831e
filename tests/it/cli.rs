//! The `agora` binary end to end: the commands a user types.

use serde_json::Value;
use std::process::Command;

fn agora(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_agora"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the agora binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn sim_json(args: &[&str]) -> Value {
    let mut all = vec!["sim", "werewolf", "--json"];
    all.extend_from_slice(args);
    let (ok, out, err) = agora(&all);
    assert!(ok, "{err}");
    serde_json::from_str(&out).expect("one JSON object")
}

#[test]
fn sim_json_has_the_documented_keys_and_is_thread_independent() {
    let a = sim_json(&["--games", "300", "--seed", "42", "--threads", "1"]);
    let b = sim_json(&["--games", "300", "--seed", "42", "--threads", "2"]);
    assert_eq!(a["games"], 300);
    for key in ["good", "wolves", "draw"] {
        assert!(a["wins"][key].is_u64(), "wins.{key}");
    }
    for role in ["seer", "witch", "hunter", "villager", "werewolf"] {
        for key in ["games", "win_rate", "mean_gpp"] {
            assert!(!a["roles"][role][key].is_null(), "roles.{role}.{key}");
        }
    }
    assert!(a["mean_days"].as_f64().unwrap() >= 1.0);
    assert!(a["games_per_sec"].as_f64().unwrap() > 0.0);
    for key in ["games", "wins", "roles", "mean_days"] {
        assert_eq!(a[key], b[key], "{key} differs between 1 and 2 threads");
    }
    let w = &a["wins"];
    assert_eq!(
        w["good"].as_u64().unwrap() + w["wolves"].as_u64().unwrap() + w["draw"].as_u64().unwrap(),
        300
    );
}

#[test]
fn sim_record_then_replay_god_and_seat_views() {
    let dir = std::env::temp_dir().join(format!("agora-record-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let (ok, _, err) = agora(&[
        "sim", "werewolf", "--games", "3", "--seed", "7", "--record", d,
    ]);
    assert!(ok, "{err}");
    let file = dir.join("game-7.json");
    let (ok, god, err) = agora(&["replay", file.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(
        god.contains("Night 1 falls") && god.contains("Game over"),
        "{god}"
    );
    assert!(
        god.contains("[seats") || god.contains("[seat"),
        "private lines are tagged"
    );

    let record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let roles = record["roles"].as_array().unwrap();
    let villager = roles.iter().position(|r| r == "villager").unwrap() + 1;
    let (ok, view, err) = agora(&[
        "replay",
        file.to_str().unwrap(),
        "--seat",
        &villager.to_string(),
    ]);
    assert!(ok, "{err}");
    assert!(view.contains("villager"));
    assert!(
        !view.contains("Wolf ") && !view.contains("The wolves attack"),
        "{view}"
    );
    assert!(!view.contains("The seer checks"), "{view}");
    let (ok, _, err) = agora(&["replay", file.to_str().unwrap(), "--seat", "12"]);
    assert!(!ok && err.contains("1 to 9"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn scenario_command_prints_one_result() {
    let dir = std::env::temp_dir().join(format!("agora-scn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("s.json");
    std::fs::write(
        &file,
        r#"{"roles": ["werewolf","werewolf","werewolf","villager","villager","villager","seer","witch","hunter"],
            "actions": [{"seat": 1, "do": "kill", "target": 4}, {"seat": 2, "do": "vote", "target": 4},
                        {"seat": 2, "do": "kill", "target": 4}, {"seat": 3, "do": "kill", "target": 4},
                        {"seat": 7, "do": "check", "target": 1}, {"seat": 8, "do": "pass"}, {"seat": 4, "do": "fly"}]}"#,
    )
    .unwrap();
    let (ok, out, err) = agora(&["scenario", file.to_str().unwrap()]);
    assert!(ok, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["dead"], serde_json::json!([4]));
    assert_eq!(v["phase"], "day");
    assert_eq!(v["winner"], Value::Null);
    assert_eq!(v["rejected"][0]["index"], 1);
    assert!(v["rejected"][0]["reason"]
        .as_str()
        .unwrap()
        .contains("kill"));
    assert_eq!(v["rejected"][1]["index"], 6);
    assert!(v["log"].as_array().unwrap().len() > 5);

    std::fs::write(&file, r#"{"roles": ["werewolf"], "actions": []}"#).unwrap();
    let (ok, _, err) = agora(&["scenario", file.to_str().unwrap()]);
    assert!(!ok && err.contains("roles"), "{err}");
    std::fs::write(&file, r#"{"roles": ["werewolf","werewolf","werewolf","villager","villager","villager","seer","witch","hunter"], "config": {"max_dayz": 3}}"#).unwrap();
    let (ok, _, err) = agora(&["scenario", file.to_str().unwrap()]);
    assert!(!ok && err.contains("max_dayz"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_config_names_the_key() {
    let out = Command::new(env!("CARGO_BIN_EXE_agora"))
        .args(["sim", "werewolf", "--games", "1"])
        .env("AGORA_WEREWOLF_WITCH_SELF_SAVE", "sometimes")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("werewolf.witch_self_save"), "{err}");
}
