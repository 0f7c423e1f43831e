//! The `agora` binary end to end: the commands a user types.

use crate::agora_cli::{agora, agora_cmd, agora_env};
use crate::zh::{english_words, han, han_lines};
use serde_json::Value;

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
    let out = agora_cmd()
        .args(["sim", "werewolf", "--games", "1"])
        .env("AGORA_WEREWOLF_WITCH_SELF_SAVE", "sometimes")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("werewolf.witch_self_save"), "{err}");
}

/// The option lines of a `--help` text that have no help text: an option line whose flags
/// are not followed by text, and whose next line does not carry it either.
fn options_without_help(help: &str) -> Vec<String> {
    let lines: Vec<&str> = help.lines().collect();
    let mut missing = Vec::new();
    let mut in_options = false;
    for (i, line) in lines.iter().enumerate() {
        if line.ends_with(':') && !line.starts_with(' ') {
            in_options = *line == "Options:" || *line == "Arguments:";
            continue;
        }
        let spec = line.trim_start();
        if !in_options || !(spec.starts_with('-') || spec.starts_with('[') || spec.starts_with('<'))
        {
            continue;
        }
        let has_text = spec.split("  ").skip(1).any(|t| !t.trim().is_empty());
        let next_is_text = lines.get(i + 1).is_some_and(|n| {
            let t = n.trim_start();
            n.len() - t.len() > line.len() - spec.len() && !t.is_empty() && !t.starts_with('-')
        });
        if !has_text && !next_is_text {
            missing.push(line.to_string());
        }
    }
    missing
}

#[test]
fn every_option_has_help_and_the_model_variables_are_named() {
    let commands: &[&[&str]] = &[
        &[],
        &["sim"],
        &["sim", "werewolf"],
        &["scenario"],
        &["replay"],
        &["play"],
        &["play", "werewolf"],
        &["resume"],
        &["run"],
        &["sessions"],
        &["agent"],
        &["agent", "serve"],
        &["stats"],
        &["stats", "werewolf"],
    ];
    for command in commands {
        let mut args = command.to_vec();
        args.push("--help");
        let (ok, help, err) = agora_env(&args, &[]);
        assert!(ok, "{args:?}: {err}");
        assert!(help.contains("Options:"), "{args:?}:\n{help}");
        let missing = options_without_help(&help);
        assert!(
            missing.is_empty(),
            "{args:?}: options without help: {missing:?}\n{help}"
        );
        if matches!(command.first(), Some(&"sim" | &"play" | &"agent")) {
            for var in [
                "LLM_API_KEY",
                "LLM_BASE_URL",
                "LLM_MODEL",
                "WEREWOLF_LLM_API_KEY",
                "DATABASE_URL",
            ] {
                assert!(help.contains(var), "{args:?} does not name {var}:\n{help}");
            }
        }
    }
    // The checker itself finds an option without help.
    let bare = "Options:\n      --seed <SEED>\n  -h, --help  Print help\n";
    assert_eq!(options_without_help(bare), vec!["      --seed <SEED>"]);
}

#[test]
fn sim_with_a_model_refuses_threads_it_would_not_use() {
    let (ok, out, err) = agora_env(
        &["sim", "werewolf", "--games", "1", "--llm", "--threads", "2"],
        &[],
    );
    assert!(!ok, "printed {out}");
    assert!(err.contains("--threads does not apply"), "{err}");
}

#[test]
fn sim_with_a_model_but_no_key_or_no_server_fails_in_one_line() {
    for flag in [&["--llm"][..], &["--llm-seats", "1,2"]] {
        let mut args = vec!["sim", "werewolf", "--games", "1"];
        args.extend_from_slice(flag);
        let (ok, out, err) = agora_env(&args, &[]);
        assert!(!ok, "{flag:?} without a key must fail; printed {out}");
        assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
        assert!(err.contains("LLM_API_KEY"), "{err}");
        assert!(out.is_empty(), "no report: {out}");

        // Port 1 on loopback: nothing listens there.
        let (ok, out, err) = agora_env(
            &args,
            &[
                ("LLM_API_KEY", "secret-test-key"),
                ("LLM_BASE_URL", "http://127.0.0.1:1/v1"),
            ],
        );
        assert!(!ok, "{flag:?} with no server must fail; printed {out}");
        assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
        assert!(
            err.contains("127.0.0.1:1") && err.contains("does not answer"),
            "{err}"
        );
        assert!(!err.contains("secret-test-key"), "{err}");
        assert!(out.is_empty(), "no report: {out}");
    }
    // A terminal game with a key but no server says so too, instead of waiting on it.
    let db = format!(
        "sqlite://{}",
        std::env::temp_dir()
            .join(format!("agora-cli-noserver-{}.db", std::process::id()))
            .display()
    );
    let (ok, _, err) = agora_env(
        &["play", "werewolf", "--humans", "0", "--db", &db],
        &[
            ("LLM_API_KEY", "secret-test-key"),
            ("LLM_BASE_URL", "http://127.0.0.1:1/v1"),
        ],
    );
    assert!(!ok && err.contains("does not answer"), "{err}");
    // The agent server's model mode says the same.
    let (ok, _, err) = agora_env(&["agent", "serve", "--llm", "--listen", "127.0.0.1:0"], &[]);
    assert!(!ok && err.contains("LLM_API_KEY"), "{err}");
}

#[test]
fn agent_serve_prints_its_url_first_on_stdout() {
    use std::io::{BufRead, BufReader, Read, Write};
    let mut server = agora_cmd()
        .args(["agent", "serve", "--listen", "127.0.0.1:0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line.trim().to_string();
    // The URL answers: a POST without a body is refused by the server, not by the network.
    let addr = url
        .strip_prefix("http://")
        .and_then(|r| r.strip_suffix("/act"))
        .unwrap_or_else(|| panic!("the first line is the URL: {line:?}"));
    let mut conn = std::net::TcpStream::connect(addr).expect("the server listens there");
    write!(
        conn,
        "POST /act HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut reply = String::new();
    conn.read_to_string(&mut reply).unwrap();
    let _ = server.kill();
    let _ = server.wait();
    assert!(reply.starts_with("HTTP/1.1 4"), "{reply}");
}

#[test]
fn a_replayed_file_is_told_by_the_game_it_names_and_untagged_files_by_the_untagged_game() {
    use agora::agents::werewolf::Strategy;
    use agora::registry::dispatch::story_of_file;
    use agora_core::werewolf::replay::write_record;
    use agora_core::werewolf::sim::{play, Lineup};
    use std::sync::Arc;

    let dir = std::env::temp_dir().join(format!("agora-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lineup = Lineup {
        good: Strategy::Heuristic,
        wolves: Strategy::Heuristic,
    };
    let game = play(&Arc::new(Default::default()), 3, lineup);
    let path = write_record(&dir, 3, &game).unwrap();
    let story = story_of_file(&path, None, false).unwrap();
    assert!(story.starts_with("Game 3 (god view)."), "{story}");
    assert!(story_of_file(&path, Some(2), false)
        .unwrap()
        .starts_with("Game 3 as seen by seat 2"));
    // A game that writes no records: the file is read as the untagged game's.
    let trial = dir.join("trial.json");
    std::fs::write(&trial, r#"{"game": "trial"}"#).unwrap();
    let err = story_of_file(&trial, None, false).unwrap_err().to_string();
    assert!(
        err.contains("not a recorded game: missing field `seed`"),
        "{err}"
    );
    // A debate file goes to the debate's replay.
    let debate = dir.join("debate.json");
    std::fs::write(&debate, r#"{"game": "debate", "format": "rounds"}"#).unwrap();
    let err = story_of_file(&debate, None, true).unwrap_err().to_string();
    assert!(err.starts_with("--detail does not apply"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A database for one run of the binary, apart from every other (`name` and the process).
fn temp_db(name: &str) -> String {
    format!(
        "sqlite://{}",
        std::env::temp_dir()
            .join(format!("agora-cli-{name}-{}.db", std::process::id()))
            .display()
    )
}

/// Fails naming the word and its line if a line of `text` shows one of `words` (lower
/// case) as a word of its own, in any case.
fn assert_no_word(text: &str, words: &[&str]) {
    for line in text.lines() {
        if let Some(w) = english_words(line, words).first() {
            panic!("{w:?} in: {line}");
        }
    }
}

/// The bar of a game played in Chinese: at least `share` of the non-empty lines hold Han
/// characters, and none shows an English game word.
fn assert_chinese(out: &str, share: f64) {
    let (lines, chinese) = han_lines(out);
    assert!(
        lines.len() > 10 && chinese as f64 >= share * lines.len() as f64,
        "{chinese} of {} lines Chinese:\n{out}",
        lines.len()
    );
    assert_no_word(
        out,
        &[
            "night", "day", "werewolf", "seer", "witch", "hunter", "villager", "vote", "wins",
        ],
    );
    for line in &lines {
        assert!(
            !line.to_lowercase().contains("voted out"),
            "voted out in: {line}"
        );
    }
}

/// The stored session of `db` replayed in each view: the god view, `seat`'s, the detail.
fn every_view(db: &str, seat: &str) -> Vec<String> {
    replays(db, &[&[], &["--seat", seat], &["--detail"]])
}

/// The stored session of `db` replayed in each of `views` (the options after `--db`).
fn replays(db: &str, views: &[&[&str]]) -> Vec<String> {
    let id = crate::terminal::sessions(db)[0]["id"]
        .as_str()
        .expect("a session id")
        .to_string();
    views
        .iter()
        .map(|view| {
            let mut replay = vec!["replay", "--session", &id, "--db", db];
            replay.extend(*view);
            crate::terminal::run(&replay)
        })
        .collect()
}

/// `agora play debate --format <format> --lang zh-CN` watched, all AI, past the Chinese
/// bar: its database, its standard output and all it wrote (stderr first).
fn debate_in_chinese(format: &str) -> (String, String, String) {
    let db = temp_db(&format!("{format}-zh"));
    let args = [
        "play",
        "debate",
        "--format",
        format,
        "--topic",
        "universal_basic_income",
        "--humans",
        "0",
        "--seed",
        "3",
        "--pace",
        "0",
        "--step-delay",
        "0",
        "--lang",
        "zh-CN",
        "--db",
        &db,
    ];
    let (ok, out, err) = agora_env(&args, &[]);
    assert!(ok, "{err}");
    let all = format!("{err}{out}");
    assert_chinese(&all, 0.9);
    (db, out, all)
}

#[test]
fn a_team_debate_is_held_in_chinese_with_lang_zh_cn() {
    let (db, out, _) = debate_in_chinese("team");
    assert!(
        out.contains("正方一辩（立论陈词") && out.contains("记分卡"),
        "{out}"
    );
    // Replayed, the stored debate is told in Chinese too, every view.
    for story in every_view(&db, "1") {
        assert_chinese(&story, 0.9);
        assert!(
            !story.contains("Debate ") && !story.contains("[Pro"),
            "{story}"
        );
    }
    // The judge read the Chinese speeches: on the motion, with reasons.
    assert!(!out.contains("离题") && out.contains("句给出理由"), "{out}");
    // A topic with no Chinese bank is refused, naming those that have one.
    let (ok, _, err) = agora_env(
        &[
            "play", "debate", "--topic", "zoos", "--humans", "0", "--lang", "zh-CN",
        ],
        &[],
    );
    assert!(!ok && err.contains("universal_basic_income"), "{err}");
}

/// A moderated or social debate in Chinese (`format`): all it wrote, past the Chinese bar
/// and with no English word of these formats left in a line, nor in its replays.
fn panel_debate_in_chinese(format: &str) -> String {
    const WORDS: [&str; 21] = [
        "round",
        "rounds",
        "participant",
        "moderator",
        "evaluator",
        "motion",
        "words",
        "clashes",
        "consensus",
        "sources",
        "scores",
        "result",
        "stance",
        "conviction",
        "argued",
        "against",
        "offline",
        "session",
        "seed",
        "chart",
        "notes",
    ];
    let (db, _, all) = debate_in_chinese(format);
    assert_no_word(&all, &WORDS);
    // Replayed, the stored debate is told in Chinese too, the god view and one seat's
    // (there is no detail view: the story shows every score and note).
    for story in replays(&db, &[&[], &["--seat", "1"]]) {
        assert_chinese(&story, 0.9);
        assert_no_word(&story, &WORDS);
    }
    all
}

#[test]
fn a_moderated_debate_is_held_in_chinese_with_lang_zh_cn() {
    let out = panel_debate_in_chinese("rounds");
    assert!(
        out.contains("主持式辩论") && out.contains("主持人点评第 1 轮") && out.contains("最终评估"),
        "{out}"
    );
    // The offline participants speak from the Chinese bank, and the moderator reads them.
    assert!(
        out.contains("主张“") && !out.contains("没有提出有实质内容的主张"),
        "{out}"
    );
}

#[test]
fn a_social_debate_is_held_in_chinese_with_lang_zh_cn() {
    let out = panel_debate_in_chinese("social");
    assert!(
        out.contains("社交辩论") && out.contains("各方立场") && out.contains("== 结果："),
        "{out}"
    );
}

/// `--lang zh-CN` tells the werewolf story in Simplified Chinese, and a resumed game would
/// keep it (the language is in the stored setup); English stays the default.
#[test]
fn a_werewolf_game_is_told_in_chinese_with_lang_zh_cn() {
    let args = |db: &str| -> Vec<String> {
        [
            "play", "werewolf", "--humans", "0", "--seed", "3", "--pace", "0",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain(["--step-delay", "0", "--db", db].map(String::from))
        .collect()
    };
    let (zh, en) = (temp_db("zh"), temp_db("en"));
    let mut zh_args = args(&zh);
    zh_args.extend(["--lang".into(), "zh-CN".into()]);
    let zh_args: Vec<&str> = zh_args.iter().map(String::as_str).collect();
    let (ok, out, err) = agora_env(&zh_args, &[]);
    assert!(ok, "{err}");
    // Every line is Chinese, the built-in players' speeches too.
    assert_chinese(&format!("{err}{out}"), 1.0);
    assert!(
        out.contains("天黑请闭眼") && out.contains("游戏结束"),
        "{out}"
    );
    // At the terminal the person is the community: its pages follow the game's language.
    let rt = tokio::runtime::Runtime::new().unwrap();
    let lang = rt.block_on(async {
        let store = agora::store::Store::open(&zh, std::time::Duration::from_secs(20))
            .await
            .unwrap();
        store.community_lang("terminal").await.unwrap()
    });
    assert_eq!(lang, Some(agora_games::Lang::ZhCn));
    // Replayed, the stored game is told in its language: god view with the seats' tags and
    // the points, one seat's view, the sealed ballots.
    let stories = every_view(&zh, "4");
    for story in &stories {
        assert_chinese(story, 0.9);
        assert!(
            !story.contains("Game ") && !story.contains("[seat") && !story.contains("GPP:"),
            "{story}"
        );
    }
    let god = &stories[0];
    assert!(
        god.starts_with("第 3 局（上帝视角）。") && god.contains("【仅 ") && god.contains("GPP："),
        "{god}"
    );
    // English by default, the same game.
    let en_args = args(&en);
    let en_args: Vec<&str> = en_args.iter().map(String::as_str).collect();
    let (ok, out, err) = agora_env(&en_args, &[]);
    assert!(ok, "{err}");
    assert!(
        out.contains("── Night 1 falls. Everyone closes their eyes."),
        "{out}"
    );
    assert!(!out.lines().any(han), "{out}");
    let id = &crate::terminal::sessions(&en)[0]["id"];
    let story = crate::terminal::run(&["replay", "--session", id.as_str().unwrap(), "--db", &en]);
    assert!(story.starts_with("Game 3 (god view).\n"), "{story}");
    assert!(
        story.contains(" only] ") && story.contains("\nGPP: 1("),
        "{story}"
    );
    assert!(!story.lines().any(han), "{story}");
    // A language we do not have is refused, naming the ones there are.
    let (ok, _, err) = agora_env(&["play", "werewolf", "--lang", "fr"], &[]);
    assert!(!ok && err.contains("en, zh-CN"), "{err}");
}
