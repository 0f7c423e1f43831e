//! A person prosecutes against the built-in advocate at the terminal, as issue 43 played
//! it: the jurors open on the case, a question is answered, the hint is the person's own
//! and from their side, and the advocate lets the person open and keeps to their pace.

use super::terminal::{at_the_keyboard, play_trial, ENGLISH};
use crate::terminal::fresh_db;
use std::time::{Duration, Instant};

#[test]
fn a_prosecutor_is_answered_in_the_cases_terms_and_the_advocate_waits_for_them() {
    let db = fresh_db("trial-person");
    let args = play_trial(
        &[
            "--case",
            "trading_agent_poisoned_feed",
            "--mode",
            "adversarial",
            "--seat",
            "2",
            "--hints",
            "labels",
            "--pace",
            "0.3",
            "--seed",
            "3",
            "--name",
            "ann",
        ],
        &db,
    );
    let ai = "Advocate 1 (AI)";
    let ai_moved =
        |l: &str| l.starts_with(&format!("{ai} →")) || l.starts_with(&format!("** {ai} presents"));
    let mut opened = None::<Instant>;
    let (step, seen) = at_the_keyboard(&args, Some("== The verdict"), |step, line| {
        let ai_moved = ai_moved(line);
        match step {
            0 if line.contains(ENGLISH.prompt) => {
                opened = Some(Instant::now());
                // A person reads the case before typing.
                std::thread::sleep(Duration::from_millis(1500));
                Some("wang: What would it take to convince you?")
            }
            1 if ai_moved => Some("liu: Where do you stand right now?"),
            2 if ai_moved => Some("verdict"),
            _ => None,
        }
    });
    let text = seen.join("\n");
    assert_eq!(step, 3, "{text}");
    assert!(opened.is_some());
    // The advocate's first move comes after the person's first message.
    let first = |p: &dyn Fn(&str) -> bool| seen.iter().position(|l| p(l)).unwrap_or(usize::MAX);
    let person = first(&|l| l.starts_with("ann → Wang:"));
    let advocate = first(&ai_moved);
    assert!(person < advocate && advocate < usize::MAX, "{text}");
    // Openings are the trading case's, not the robot's.
    for robot in ["A family lost someone", "inside the robot"] {
        assert!(
            !text.contains(robot),
            "{robot:?} in the trading case:\n{text}"
        );
    }
    // The question is answered in Wang's terms for the prosecution, with Ann's own hint.
    let wang = seen
        .iter()
        .find(|l| l.starts_with("Wang → ann:"))
        .unwrap_or_else(|| panic!("Wang answers ann:\n{text}"));
    assert!(
        wang.to_lowercase().contains("whether it meant to do it"),
        "{wang}"
    );
    assert!(!wang.contains("doesn't tell me anything"), "{wang}");
    assert!(wang.ends_with(')'), "a hint for ann: {wang}");
    // Replies to the advocate carry no hint for ann (it would be the advocate's side).
    for l in seen.iter().filter(|l| l.contains(&format!("→ {ai}:"))) {
        assert!(!l.ends_with(')'), "another player's hint shown: {l}");
    }
}
