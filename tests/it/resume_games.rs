//! `agora resume` across games: one werewolf game and one team debate, both AI-only and
//! both left unfinished in one database, are resumed by one command (each through its
//! game's part of `resume`), each told as its game tells it, and both finish.

use super::terminal::{fresh_db, run, sessions};
use std::io::{BufRead, BufReader};
use std::process::Stdio;

/// Starts `agora <args>`, waits for its first line (printed once the session is stored),
/// and kills it: the session stays stored, unfinished.
fn started_then_killed(args: &[&str]) -> String {
    let mut child = crate::agora_cli::agora_cmd()
        .env("RUST_LOG", "warn")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("agora starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("its output"))
        .read_line(&mut first)
        .expect("a first line");
    child.kill().expect("killed");
    child.wait().expect("it stops");
    first
}

#[test]
fn one_resume_finishes_a_werewolf_game_and_a_debate() {
    let db = fresh_db("resume-games");
    let werewolf = started_then_killed(&[
        "play",
        "werewolf",
        "--humans",
        "0",
        "--seed",
        "5",
        "--pace",
        "0",
        "--step-delay",
        "60000",
        "--db",
        &db,
    ]);
    assert!(werewolf.starts_with("Werewolf, session "), "{werewolf}");
    let debate = started_then_killed(&[
        "play",
        "debate",
        "--topic",
        "universal_basic_income",
        "--humans",
        "0",
        "--length",
        "0.04",
        "--pace",
        "0",
        "--seed",
        "3",
        "--step-delay",
        "60000",
        "--db",
        &db,
    ]);
    assert!(debate.starts_with("Team debate, session "), "{debate}");
    let all = sessions(&db);
    assert_eq!(all.len(), 2, "{all:?}");
    assert!(all.iter().all(|s| s["status"] == "running"), "{all:?}");
    let id = |game: &str| {
        all.iter()
            .find(|s| s["game"] == game)
            .and_then(|s| s["id"].as_str())
            .expect("a stored session")
            .to_string()
    };
    let (wolf_id, debate_id) = (id("werewolf"), id("debate"));

    let out = run(&["resume", "--step-delay", "0", "--db", &db]);
    let lines: Vec<&str> = out.lines().collect();
    let at = |prefix: &str| {
        lines
            .iter()
            .position(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no line starting {prefix:?}:\n{out}"))
    };
    let wolf_resumed = at(&format!("session {wolf_id} (seed 5): resumed"));
    let debate_resumed = at(&format!("session {debate_id} (seed 3): a debate, resumed"));
    let wolf_done = at(&format!("session {wolf_id}: finished, "));
    let debate_done = at(&format!("session {debate_id}: finished, winner "));
    assert!(lines[wolf_done].ends_with(" win"), "{out}");
    // The games in the order they are listed; the ends once both run.
    assert!(wolf_resumed < debate_resumed, "{out}");
    assert!(
        debate_resumed < wolf_done && wolf_done < debate_done,
        "{out}"
    );
    let all = sessions(&db);
    assert!(all.iter().all(|s| s["status"] == "finished"), "{all:?}");
}

/// Sessions stored by the build before the workspace split (one werewolf game, a team,
/// a moderated and a social debate, a trial: all AI-only, each a few inputs in) resume
/// with this build and finish: the stored setups and inputs are read as they were written.
#[test]
fn sessions_stored_before_the_crates_split_resume_and_finish() {
    let dir = std::env::temp_dir().join(format!("agora-old-db-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("old.db");
    std::fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/sessions-before-crates.db"
        ),
        &file,
    )
    .unwrap();
    let db = format!("sqlite://{}", file.display());
    let before = sessions(&db);
    assert_eq!(before.len(), 5, "{before:?}");
    assert!(
        before.iter().all(|s| s["status"] == "running"),
        "{before:?}"
    );
    let out = run(&["resume", "--step-delay", "0", "--db", &db]);
    for s in &before {
        let id = s["id"].as_str().expect("an id");
        assert!(
            out.lines()
                .any(|l| l.starts_with(&format!("session {id}: finished"))),
            "session {id} ({}) did not finish:\n{out}",
            s["game"]
        );
    }
    let after = sessions(&db);
    assert!(after.iter().all(|s| s["status"] == "finished"), "{after:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
