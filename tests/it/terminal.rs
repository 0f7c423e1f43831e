//! The terminal game end to end: `agora play werewolf`, killed and resumed, typed at by a
//! scripted player, then `agora sessions` and `agora stats`.

use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

fn bin() -> Command {
    let mut cmd = crate::agora_cli::agora_cmd();
    cmd.env("RUST_LOG", "warn");
    cmd
}

pub(crate) fn fresh_db(tag: &str) -> String {
    super::store::sqlite_url(tag)
}

pub(crate) fn run(args: &[&str]) -> String {
    let out = bin().args(args).output().expect("agora runs");
    assert!(
        out.status.success(),
        "agora {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A command that must fail: its standard error.
pub(crate) fn run_fail(args: &[&str]) -> String {
    let out = bin().args(args).output().expect("agora runs");
    assert!(!out.status.success(), "agora {args:?} succeeded");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

pub(crate) fn sessions(db: &str) -> Vec<Value> {
    let out = run(&["sessions", "--json", "--db", db]);
    serde_json::from_str::<Value>(&out)
        .expect("sessions --json prints JSON")
        .as_array()
        .expect("an array")
        .clone()
}

/// The stored result of the only session in `db`: everything but its id.
fn only_result(db: &str) -> Value {
    let all = sessions(db);
    assert_eq!(all.len(), 1, "{all:?}");
    let mut s = all[0].clone();
    s.as_object_mut().unwrap().remove("id");
    s
}

/// A running `agora` whose standard output is read line by line on a thread.
pub(crate) struct Live {
    child: Child,
    lines: mpsc::Receiver<String>,
    stdin: Option<ChildStdin>,
    seen: Vec<String>,
}

impl Live {
    pub(crate) fn spawn(args: &[&str]) -> Live {
        let mut cmd = bin();
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        Live::from_command(cmd)
    }

    fn from_command(mut cmd: Command) -> Live {
        let mut child = cmd.spawn().expect("agora starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Live {
            child,
            lines,
            stdin,
            seen: Vec::new(),
        }
    }

    /// The next line, or `None` at the end of output. Panics after 60 s of silence.
    pub(crate) fn next(&mut self) -> Option<String> {
        match self.lines.recv_timeout(Duration::from_secs(60)) {
            Ok(line) => {
                self.seen.push(line.clone());
                Some(line)
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => None,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                panic!("no output for 60 s; so far:\n{}", self.seen.join("\n"))
            }
        }
    }

    /// Reads up to the line naming the human's seat (drawn from the seed) and returns it.
    pub(crate) fn human_seat(&mut self) -> u8 {
        while let Some(line) = self.next() {
            if let Some(rest) = line.split("You play seat ").nth(1) {
                let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
                return digits.parse().expect("a seat number");
            }
        }
        panic!("no seat named:\n{}", self.seen.join("\n"));
    }

    pub(crate) fn type_line(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{text}").unwrap();
        stdin.flush().unwrap();
    }

    pub(crate) fn wait(mut self) -> (bool, Vec<String>) {
        drop(self.stdin.take());
        while self.next().is_some() {}
        let ok = self.child.wait().unwrap().success();
        (ok, self.seen)
    }
}

/// A valid answer to a prompt line (`>> Seat N, …: type … (valid: …) …`).
fn answer(prompt: &str) -> String {
    let first_valid = prompt
        .split("(valid: ")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .unwrap_or("");
    if prompt.contains("type your speech") {
        "say I am a plain villager; watch seat 3 closely.".into()
    } else if prompt.contains("type kill") {
        format!("kill {first_valid}")
    } else if prompt.contains("type check") {
        format!("check {first_valid}")
    } else if prompt.contains("type shoot") {
        "decline".into()
    } else if prompt.contains("type vote") {
        format!("vote {first_valid}")
    } else {
        "pass".into()
    }
}

/// Plays the human seats of a live terminal game to its end: the first prompt gets a wrong
/// entry first (it must be refused with a reason, and asked again).
pub(crate) fn play_through(mut live: Live, human: u8) -> Vec<String> {
    let mut wrong_sent = false;
    let mut refused = false;
    while let Some(line) = live.next() {
        if line.starts_with("   Not taken:") {
            refused = true;
            assert!(line.contains("Try again"), "{line}");
        }
        if let Some(private) = line.trim_start().strip_prefix("(private to ") {
            let seats = private.split(')').next().unwrap();
            assert!(
                seats.split(',').any(|s| s == human.to_string()),
                "seat {human} was shown another seat's secret: {line}"
            );
        }
        if line.starts_with(">> Seat ") {
            assert!(
                line.starts_with(&format!(">> Seat {human},")),
                "asked for a seat that is not ours: {line}"
            );
            if !wrong_sent && (line.contains("type vote") || line.contains("type kill")) {
                live.type_line("vote 42");
                wrong_sent = true;
            } else {
                let a = answer(&line);
                live.type_line(&a);
            }
        }
        if line.starts_with("== Game over") {
            break;
        }
    }
    let (ok, seen) = live.wait();
    assert!(ok, "the game exits cleanly:\n{}", seen.join("\n"));
    if wrong_sent {
        assert!(refused, "a wrong entry was taken:\n{}", seen.join("\n"));
    }
    seen
}

#[test]
fn a_human_plays_a_whole_game_at_the_keyboard() {
    let db = fresh_db("human");
    let live = Live::spawn(&[
        "play",
        "werewolf",
        "--humans",
        "1",
        "--seed",
        "5",
        "--step-delay",
        "0",
        "--name",
        "ann",
        "--db",
        &db,
    ]);
    let mut live = live;
    let human = live.human_seat();
    let seen = play_through(live, human);
    let text = seen.join("\n");
    assert!(
        text.contains(&format!("*** You are seat {human}. ***")),
        "{text}"
    );
    assert!(
        text.contains(&format!("(private to {human}) Seat {human} is the")),
        "{text}"
    );
    // The result is told once, with how it was won.
    assert_eq!(text.matches("Game over").count(), 1, "{text}");
    assert!(text.contains("\nDecided "), "{text}");
    let board = text.split("== Game over").nth(1).expect("a scoreboard");
    for seat in 1..=9 {
        assert!(
            board
                .lines()
                .any(|l| l.trim_start().starts_with(&format!("{seat} "))),
            "seat {seat} missing from the scoreboard:\n{board}"
        );
    }

    let all = sessions(&db);
    assert_eq!(all[0]["status"], "finished");
    assert_eq!(all[0]["game"], "werewolf");
    assert_eq!(all[0]["seed"], 5);
    let seats = all[0]["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 9);
    let mine = &seats[human as usize - 1];
    assert_eq!(mine["player"], "terminal:ann");
    for seat in seats {
        assert!(seat["role"].is_string() && seat["gpp"].is_i64(), "{seat}");
    }

    let stats: Value = serde_json::from_str(&run(&[
        "stats",
        "werewolf",
        "--json",
        "--community",
        "terminal",
        "--db",
        &db,
    ]))
    .unwrap();
    let ann = stats["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["player"] == "terminal:ann")
        .expect("ann is on the leaderboard");
    assert_eq!(ann["games"], 1);
    assert_eq!(
        ann["rank"],
        Value::Null,
        "one game is below the ranking minimum"
    );
    assert_eq!(
        ann["mean_gpp"].as_f64().unwrap(),
        mine["gpp"].as_f64().unwrap()
    );
}

#[test]
fn quit_then_resume_reconnects_the_keyboard() {
    let db = fresh_db("quit");
    let args = [
        "play",
        "werewolf",
        "--humans",
        "1",
        "--seed",
        "9",
        "--step-delay",
        "0",
        "--db",
        &db,
    ];
    let mut live = Live::spawn(&args);
    let human = live.human_seat();
    while let Some(line) = live.next() {
        if line.starts_with(&format!(">> Seat {human},")) {
            live.type_line("quit");
            break;
        }
    }
    let (ok, seen) = live.wait();
    assert!(ok, "{}", seen.join("\n"));
    assert!(seen.iter().any(|l| l.contains("agora resume")), "{seen:?}");
    assert_eq!(sessions(&db)[0]["status"], "running");

    let live = Live::spawn(&["resume", "--step-delay", "0", "--db", &db]);
    let seen = play_through(live, human);
    assert!(
        seen.iter()
            .any(|l| l.contains(&format!("resumed; you play seat {human}"))),
        "{seen:?}"
    );
    assert_eq!(sessions(&db)[0]["status"], "finished");
}

/// Starts a watched AI game, kills it with SIGKILL after `after` (counted from the moment
/// the session is stored), resumes it (killing the resumer too, at `again` if given), and
/// returns the stored result and whether the kill found the game unfinished.
fn killed_and_resumed(seed: &str, after: Duration, again: Option<Duration>) -> (Value, bool) {
    let db = fresh_db("kill");
    let args = [
        "play",
        "werewolf",
        "--humans",
        "0",
        "--seed",
        seed,
        "--step-delay",
        "20",
        "--db",
        &db,
    ];
    let kill_after = |mut live: Live, after: Duration| {
        // The first line is printed once the session is stored.
        live.next().expect("the session starts");
        std::thread::sleep(after);
        let _ = live.child.kill();
        live.wait();
    };
    kill_after(Live::spawn(&args), after);
    let interrupted = sessions(&db)[0]["status"] == "running";
    let resume = ["resume", "--step-delay", "20", "--db", &db];
    if let Some(again) = again {
        let status = sessions(&db)[0]["status"].clone();
        if status == "running" {
            kill_after(Live::spawn(&resume), again);
        }
    }
    let out = run(&["resume", "--step-delay", "0", "--db", &db]);
    let result = only_result(&db);
    assert_eq!(result["status"], "finished", "{out}");
    (result, interrupted)
}

#[test]
fn sigkill_then_resume_gives_the_uninterrupted_result() {
    for seed in ["21", "3"] {
        let db = fresh_db("whole");
        run(&[
            "play",
            "werewolf",
            "--humans",
            "0",
            "--seed",
            seed,
            "--step-delay",
            "0",
            "--db",
            &db,
        ]);
        let whole = only_result(&db);
        assert_eq!(whole["status"], "finished");
        assert!(whole["winner"].is_string());
        let mut interrupted = 0;
        for ms in [0u64, 60, 150, 300, 450, 650, 900] {
            let (got, cut) = killed_and_resumed(seed, Duration::from_millis(ms), None);
            assert_eq!(got, whole, "seed {seed}, killed after {ms} ms");
            interrupted += cut as usize;
        }
        assert!(
            interrupted >= 4,
            "only {interrupted} kills hit a running game"
        );
        let (got, _) = killed_and_resumed(
            seed,
            Duration::from_millis(200),
            Some(Duration::from_millis(250)),
        );
        assert_eq!(got, whole, "seed {seed}, killed twice");
    }
}

/// A human game with `env` set, started and read up to the human's first prompt.
fn at_first_prompt(
    db: &str,
    seed: &str,
    extra: &[&str],
    env: &[(&str, &str)],
) -> (Live, u8, String) {
    let mut args = vec![
        "play",
        "werewolf",
        "--humans",
        "1",
        "--seed",
        seed,
        "--step-delay",
        "0",
        "--db",
        db,
    ];
    args.extend_from_slice(extra);
    let mut cmd = bin();
    cmd.args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut live = Live::from_command(cmd);
    let human = live.human_seat();
    while let Some(line) = live.next() {
        if line.starts_with(&format!(">> Seat {human},")) {
            return (live, human, line);
        }
    }
    panic!("no prompt:\n{}", live.seen.join("\n"));
}

#[test]
fn ctrl_c_leaves_the_game_saved_and_resumable_and_exits_0() {
    let db = fresh_db("ctrlc");
    let (live, _, _) = at_first_prompt(&db, "9", &[], &[]);
    // SAFETY: a plain signal to our own child process.
    let sent = unsafe { libc::kill(live.child.id() as libc::pid_t, libc::SIGINT) };
    assert_eq!(sent, 0);
    let (ok, seen) = live.wait();
    assert!(ok, "Ctrl-C exits 0:\n{}", seen.join("\n"));
    assert!(
        seen.iter().any(|l| l.contains("agora resume")),
        "says how to resume:\n{}",
        seen.join("\n")
    );
    assert_eq!(sessions(&db)[0]["status"], "running");
}

#[test]
fn typed_ahead_lines_are_not_answers_and_abandon_is_confirmed() {
    let db = fresh_db("guard");
    let (mut live, human, prompt) = at_first_prompt(&db, "9", &[], &[]);
    // The answer and, in the same breath, a line the next prompt must not take.
    let a = answer(&prompt);
    live.type_line(&format!("{a}\nthis line was typed ahead"));
    let mut refused_early = false;
    while let Some(line) = live.next() {
        assert!(
            !line.contains("typed ahead\""),
            "a line typed ahead was taken: {line}"
        );
        if line.contains("'this line was typed ahead' was typed before this prompt")
            || (line.contains("Nothing to do now") && !refused_early)
        {
            refused_early = true;
        }
        if line.starts_with(&format!(">> Seat {human},")) && refused_early {
            break;
        }
    }
    assert!(refused_early, "{}", live.seen.join("\n"));
    live.type_line("abandon");
    let mut asked = false;
    while let Some(line) = live.next() {
        if line.contains("Type abandon again") {
            asked = true;
            assert_eq!(sessions(&db)[0]["status"], "running", "not abandoned yet");
            live.type_line("abandon");
        }
        if line.contains("The game was abandoned") {
            break;
        }
    }
    let (ok, seen) = live.wait();
    assert!(ok && asked, "{}", seen.join("\n"));
    assert_eq!(sessions(&db)[0]["status"], "abandoned");
}

/// The seconds a prompt line gives (`… [N s]`).
fn prompt_secs(prompt: &str) -> u64 {
    prompt
        .rsplit('[')
        .next()
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no seconds in {prompt:?}"))
}

#[test]
fn a_resumed_human_gets_a_fair_minimum_not_an_expired_deadline() {
    let db = fresh_db("resume-min");
    // Timers at 1% (a speech 1.2 s, a vote 0.3 s); after a resume at least 3000 s × 1%.
    let env = [("AGORA_TIMERS_RESUME_MIN_S", "3000")];
    let (mut live, human, prompt) = at_first_prompt(&db, "9", &["--pace", "0.01"], &env);
    let prompted = Instant::now();
    live.type_line("quit");
    let (ok, seen) = live.wait();
    assert!(ok, "{}", seen.join("\n"));
    assert_eq!(sessions(&db)[0]["status"], "running");
    assert!(prompt_secs(&prompt) <= 2, "{prompt}");
    // Let the stored deadline pass while no process runs the game.
    std::thread::sleep(Duration::from_millis(1500).saturating_sub(prompted.elapsed()));
    let mut cmd = bin();
    cmd.args(["resume", "--step-delay", "0", "--db", &db])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut live = Live::from_command(cmd);
    let mut first = None;
    while let Some(line) = live.next() {
        assert!(!line.contains("time is up"), "{}", live.seen.join("\n"));
        if line.starts_with(&format!(">> Seat {human},")) {
            first = Some(line);
            live.type_line("quit");
            break;
        }
    }
    let first = first.expect("the human is asked again");
    assert!(prompt_secs(&first) >= 20, "{first}");
    let (ok, seen) = live.wait();
    assert!(ok, "{}", seen.join("\n"));
}

/// English words of the game a Chinese reader must not meet.
const ENGLISH_GAME_WORDS: [&str; 10] = [
    "night", "day", "werewolf", "seer", "witch", "hunter", "villager", "vote", "seat", "save",
];

/// A Chinese table's answer to its human witch's prompt line (`>> N 号，…`): `救` while no
/// save was refused yet (the second night's is, the antidote spent), else a plain answer.
fn chinese_answer(prompt: &str, save: bool) -> String {
    let first_valid = prompt
        .split("可选：")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .unwrap_or("");
    if prompt.contains("被狼人袭击") || prompt.contains("无人被袭击") {
        if save { "救" } else { "过" }.into()
    } else if prompt.contains("发言") && !prompt.contains("投") {
        "我是好人，请大家相信我。".into()
    } else if prompt.contains("不开枪") {
        "不开枪".into()
    } else if prompt.contains("输入 投") {
        format!("投 {first_valid}")
    } else {
        "过".into()
    }
}

/// At a Chinese table a typed answer the rules refuse (the witch's `救` once the antidote is
/// spent) is answered in Chinese, with no English word of the game, and asked again.
#[test]
fn a_refused_answer_at_a_chinese_table_is_told_in_chinese() {
    use agora::games::werewolf::{deal, seat_draw, Role};
    // The human seat `agora play werewolf --humans 1` draws (`human_seats` in
    // `src/werewolf/commands`), dealt the witch.
    let witch_seeds = (0..10_000u64).filter(|s| {
        let human = seat_draw(*s, 0x6875_6d61_6e73_6561)[0];
        deal(*s)[human as usize - 1] == Role::Witch
    });
    // A seed whose witch lives to a second night (most do).
    for seed in witch_seeds.take(6) {
        let db = fresh_db(&format!("zh-refused-{seed}"));
        let seed = seed.to_string();
        let mut live = Live::spawn(&[
            "play",
            "werewolf",
            "--humans",
            "1",
            "--seed",
            &seed,
            "--step-delay",
            "0",
            "--lang",
            "zh-CN",
            "--db",
            &db,
        ]);
        let mut human = None;
        let mut refused = None;
        while let Some(line) = live.next() {
            if let Some(rest) = line.split("*** 你是 ").nth(1) {
                human = rest.split(' ').next().map(str::to_string);
            }
            if line.trim_start().starts_with("未采纳：") && line.contains("女巫") {
                refused = Some(line.clone());
            }
            match &human {
                Some(h) if line.starts_with(&format!(">> {h} 号，")) => {
                    live.type_line(&chinese_answer(&line, refused.is_none()));
                }
                _ => {}
            }
            if line.starts_with("== 游戏结束") {
                break;
            }
        }
        let (ok, seen) = live.wait();
        assert!(ok, "{}", seen.join("\n"));
        let Some(refused) = refused else { continue };
        assert!(
            refused.contains("未采纳：女巫现在不能救人：") && refused.ends_with("请重试。"),
            "{refused}"
        );
        let english: Vec<&str> = refused
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| ENGLISH_GAME_WORDS.contains(&w.to_ascii_lowercase().as_str()))
            .collect();
        assert!(english.is_empty(), "{english:?} in: {refused}");
        return;
    }
    panic!("no witch of the first seeds lived to a second night");
}
