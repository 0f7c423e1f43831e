//! The trial in Simplified Chinese from the command line (`--lang zh-CN`): an all-AI trial
//! watched, replayed with its hidden reasoning and simulated, every line in Chinese; a
//! person arguing in Chinese, leaving, and resuming in Chinese (the language is in the
//! stored setup); a case without a Chinese text refused, naming its languages.

use super::terminal::{at_the_keyboard, play_trial, resume_to_the_verdict, CHINESE};
use crate::terminal::{fresh_db, run, run_fail, sessions};
use crate::zh::han_lines;

/// The share of `text`'s non-empty lines with a Han character, and its lines holding an
/// English word of the trial's own (the table's words, not a name or an id).
fn chinese(text: &str) -> (f64, Vec<&str>) {
    let (lines, chinese) = han_lines(text);
    let share = chinese as f64 / lines.len().max(1) as f64;
    let english = [
        "guilty",
        "GUILTY",
        "jury",
        "Jury",
        "juror",
        "Juror",
        "advocate",
        "Advocate",
        "verdict",
        "evidence",
        "Deliberation",
        "round",
        "question",
        "players",
        "Mode",
        "defense",
        "prosecution",
        "rests",
        "topics",
        "moved",
        "offline",
        "Trial",
        "the ",
        "You ",
    ];
    let leaks = lines
        .into_iter()
        .filter(|l| english.iter().any(|w| l.contains(w)))
        .collect();
    (share, leaks)
}

#[test]
fn an_ai_trial_is_told_replayed_and_simulated_in_chinese() {
    let db = fresh_db("trial-zh-watch");
    let out = run(&play_trial(
        &[
            "--case",
            "robot_prompt_injection",
            "--mode",
            "adversarial",
            "--humans",
            "0",
            "--seed",
            "5",
            "--pace",
            "0",
            "--lang",
            "zh-CN",
        ],
        &db,
    ));
    let (share, leaks) = chinese(&out);
    assert!(share >= 0.9, "{share}:\n{out}");
    assert!(leaks.is_empty(), "English words: {leaks:#?}");
    for want in [
        "== 机器人与提示词注入案 ==",
        "模式：对抗；玩家：律师 1（AI）（辩方）、律师 2（AI）（控方）",
        "陪审团：",
        "  王（退休电气工程师）：“",
        "律师 1（AI）→ ",
        "→ 律师 2（AI）：",
        "-- 评议第 1 轮：",
        "== 裁决：",
        "图表：",
    ] {
        assert!(out.contains(want), "missing {want:?}:\n{out}");
    }
    assert!(
        !out.contains("   ["),
        "the watcher saw a juror's hidden move"
    );
    // The stored trial is told in its language, its moderator's lines too.
    let id = sessions(&db)[0]["id"].as_str().unwrap().to_string();
    let story = run(&["replay", "--session", &id, "--db", &db, "--detail"]);
    let (share, leaks) = chinese(&story);
    assert!(share >= 0.9 && leaks.is_empty(), "{leaks:#?}\n{story}");
    assert!(story.contains("，离线标注：话题 "), "{story}");
    // Simulated in Chinese: the Chinese bank and labeller.
    let sim = run(&["sim", "trial", "--trials", "4", "--lang", "zh-CN", "--json"]);
    let report: serde_json::Value = serde_json::from_str(&sim).unwrap();
    assert_eq!(report["trials"], 4, "{report}");
    assert!(
        report["messages_per_trial"].as_f64().unwrap() > 10.0,
        "{report}"
    );
    // A case with no Chinese text is refused, naming the languages it has.
    let err = run_fail(&[
        "play",
        "trial",
        "--case",
        "trading_agent_poisoned_feed",
        "--lang",
        "zh-CN",
        "--db",
        &db,
    ]);
    assert!(
        err.contains("trading_agent_poisoned_feed")
            && err.contains("no zh-CN version")
            && err.contains("its languages: en"),
        "{err}"
    );
}

#[test]
fn a_person_argues_in_chinese_leaves_and_resumes_in_chinese() {
    let db = fresh_db("trial-zh-person");
    let args = play_trial(&["--seed", "9", "--name", "小明", "--lang", "zh-CN"], &db);
    let (step, seen) = at_the_keyboard(&args, None, |step, line| match step {
        0 if line.contains(CHINESE.prompt) => {
            Some("王：它是被黑客劫持的，有人在包裹标签里藏了注入指令。")
        }
        1 if line.starts_with("王 → 小明：") => Some("出示 包裹标签"),
        2 if line.starts_with("** 小明出示证据：包裹标签上的隐藏文字。") => {
            Some("出示 injection_logs")
        }
        3 if line.contains("未采纳：证据“injection_logs”已经出示过了。") => {
            Some("张三：你好")
        }
        4 if line.contains("没有叫“张三”的陪审员") => Some("退出"),
        _ => None,
    });
    let text = seen.join("\n");
    assert_eq!(step, 5, "{text}");
    assert!(
        text.contains("小明 → 王：它是被黑客劫持的") && text.contains("离开：庭审已保存"),
        "{text}"
    );
    assert_eq!(sessions(&db)[0]["status"], "running");
    let text = resume_to_the_verdict(&db, &CHINESE, "王（退休电气工程师）：还能发言 5 次");
    assert!(text.contains("已恢复；你是小明"), "{text}");
    assert!(text.contains("== 小明提请裁决：法庭辩论结束 =="), "{text}");
    assert!(text.contains("== 裁决："), "{text}");
    let (share, leaks) = chinese(&text);
    assert!(share >= 0.9 && leaks.is_empty(), "{leaks:#?}\n{text}");
    assert_eq!(sessions(&db)[0]["status"], "finished");
}
