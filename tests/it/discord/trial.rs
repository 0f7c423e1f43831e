//! A trial on the fake Discord with two people: the lobby, a thread per juror opened by
//! the juror's first message, messages in a thread said to that juror and answered there,
//! evidence by command, the host's verdict (another player's refused), the verdict embed
//! with every stance and the chart, and no stance shown before it; then a restart
//! mid-trial that carries on where it was; `/trial status` says in plain words what is
//! happening.

use crate::app::{TestApp, WAIT};
use crate::fake_discord::{FakeDiscord, APP_ID, DEFAULT_PERMS};
use crate::fake_players::{
    ephemeral_reply, post_with, press, start_lobby, told_on_command, told_on_press, wait_for_post,
};
use serde_json::json;

pub(super) const ANN: u64 = 4301;
pub(super) const BEN: u64 = 4302;

/// The test app for a trial: its seed, and how many rounds the jury deliberates.
pub(super) async fn trial_app(seed: u64, rounds: u32) -> TestApp {
    TestApp::builder()
        .seed(seed)
        .env("AGORA_TRIAL_DELIBERATION_ROUNDS", rounds)
        .spawn()
        .await
}

pub(super) async fn trial(
    fake: &FakeDiscord,
    user: u64,
    channel: u64,
    sub: &str,
    options: serde_json::Value,
) -> u64 {
    fake.slash(user, channel, "trial", Some(sub), options, DEFAULT_PERMS)
        .await
}

/// The five juror threads of the trial started in `channel` (id, name), once each juror
/// has posted its first message (holding `first`: how to speak to it, in the table's
/// language).
pub(super) async fn juror_threads(
    fake: &FakeDiscord,
    channel: u64,
    first: &str,
) -> Vec<(u64, String)> {
    fake.wait_until("five juror threads", WAIT, |f| {
        f.threads().iter().filter(|t| t.1 == channel).count() == 5
    })
    .await;
    let threads: Vec<(u64, String)> = fake
        .threads()
        .into_iter()
        .filter(|t| t.1 == channel)
        .map(|t| (t.0, t.2))
        .collect();
    for (id, name) in &threads {
        fake.wait_until("the juror's first message", WAIT, |f| {
            f.messages(*id)
                .iter()
                .any(|m| m.author_id == APP_ID && m.text().contains(first))
        })
        .await;
        assert!(name.contains("⚖️"), "{name}");
    }
    threads
}

pub(super) async fn open_and_start(fake: &FakeDiscord, channel: u64) -> Vec<(u64, String)> {
    let case = json!([{"name": "case", "type": 3, "value": "robot_prompt_injection"}]);
    let lobby = start_lobby(fake, ANN, channel, "trial", case, ":start").await;
    assert!(
        lobby.text().contains("The robot and the prompt injection"),
        "{}",
        lobby.text()
    );
    press(fake, ANN, &lobby, ":join").await;
    press(fake, BEN, &lobby, ":join").await;
    let lobby_status =
        told_on_command(fake, BEN, channel, "trial", Some("status"), json!([])).await;
    assert!(
        lobby_status.contains("2 people have joined. The host starts it."),
        "{lobby_status}"
    );
    assert!(told_on_press(fake, BEN, &lobby, ":start")
        .await
        .contains("Only the host"));
    press(fake, ANN, &lobby, ":start").await;
    juror_threads(fake, channel, "Write here").await
}

pub(super) fn thread_of(threads: &[(u64, String)], juror: &str) -> u64 {
    threads
        .iter()
        .find(|t| t.1.contains(juror))
        .map(|t| t.0)
        .expect("the juror's thread")
}

/// Says `text` to the juror of `thread` and waits for the answer (the `n`-th from the bot
/// addressed to anyone there).
pub(super) async fn say_and_wait(fake: &FakeDiscord, user: u64, thread: u64, text: &str) {
    let before = fake
        .messages(thread)
        .iter()
        .filter(|m| m.author_id == APP_ID && m.text().contains(" → "))
        .count();
    fake.say(user, thread, text).await;
    fake.wait_until("the juror's answer", WAIT, |f| {
        f.messages(thread)
            .iter()
            .filter(|m| m.author_id == APP_ID && m.text().contains(" → "))
            .count()
            > before
    })
    .await;
}

pub(super) fn verdict(fake: &FakeDiscord, channel: u64) -> Option<String> {
    post_with(fake, channel, "The verdict:")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_persuade_the_jury_to_a_verdict() {
    let app = trial_app(3, 1).await;
    let fake = app.fake.clone();
    let channel = 3301;
    let threads = open_and_start(&fake, channel).await;
    let case = wait_for_post(&fake, channel, "The question").await;
    assert!(
        case.contains("injection_logs") && case.contains("Wang"),
        "{case}"
    );
    let wang = thread_of(&threads, "Wang");
    let liu = thread_of(&threads, "Liu");
    say_and_wait(&fake, ANN, wang, "This was an attack from outside. A criminal hid an injection in a parcel label and hijacked the robot.").await;
    say_and_wait(&fake, BEN, liu, "Halden, the company, dropped the tests to meet a launch date, and the manufacturer put profit over people.").await;
    // A spectator's words in a thread are not said to the juror.
    fake.say(
        4399,
        wang,
        "I am only watching, but the attack came from outside!",
    )
    .await;
    let i = trial(
        &fake,
        BEN,
        channel,
        "evidence",
        json!([{"name": "card", "type": 3, "value": "injection_logs"}]),
    )
    .await;
    assert!(ephemeral_reply(&fake, i).await.contains("Presented"));
    let i = trial(
        &fake,
        ANN,
        channel,
        "evidence",
        json!([{"name": "card", "type": 3, "value": "injection_logs"}]),
    )
    .await;
    assert!(ephemeral_reply(&fake, i)
        .await
        .contains("already been presented"));
    wait_for_post(&fake, channel, "Evidence: The parcel label").await;
    let i = trial(&fake, BEN, channel, "verdict", json!([])).await;
    assert!(ephemeral_reply(&fake, i).await.contains("Only the host"));
    // The status says what is happening, not how many posts were made.
    let i = trial(&fake, BEN, channel, "status", json!([])).await;
    let now = ephemeral_reply(&fake, i).await;
    assert!(
        now.contains("The argument is open: the players talk to the jurors in their threads until it closes <t:")
            && now.contains("Players: user4301, user4302.")
            && !now.contains("posts"),
        "{now}"
    );
    // Nothing posted so far gives a stance away.
    let all = |f: &FakeDiscord| -> String {
        let mut ids: Vec<u64> = threads.iter().map(|t| t.0).collect();
        ids.push(channel);
        ids.iter()
            .flat_map(|c| f.messages(*c))
            .map(|m| m.text())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let before = all(&fake);
    assert!(!before.to_lowercase().contains("stance"), "{before}");
    let wang_answers = fake
        .messages(wang)
        .iter()
        .filter(|m| m.text().contains(" → "))
        .count();
    assert_eq!(wang_answers, 1, "the spectator got no answer");
    let i = trial(&fake, ANN, channel, "verdict", json!([])).await;
    assert!(ephemeral_reply(&fake, i)
        .await
        .contains("You called for the verdict"));
    fake.wait_until("the verdict", WAIT, |f| verdict(f, channel).is_some())
        .await;
    // Every message people see (shown with `--nocapture`).
    let mut places: Vec<u64> = vec![channel];
    places.extend(threads.iter().map(|t| t.0));
    for c in places {
        for m in fake.messages(c) {
            eprintln!("#{c} <{}> {}\n", m.author_id, m.text());
        }
    }
    let v = verdict(&fake, channel).unwrap();
    for name in ["Wang", "Liu", "Chen", "Okafor", "Rossi"] {
        assert!(v.contains(name), "{v}");
    }
    assert!(v.contains("stance") && v.contains("→"), "{v}");
    assert!(
        !v.contains(".0") && !v.contains("+0 "),
        "whole numbers: {v}"
    );
    let text = all(&fake);
    assert!(
        text.contains("The argument is closed")
            && text.contains("user4301 called for the verdict.")
            && text.contains("Deliberation, round 1"),
        "{text}"
    );
    assert!(
        fake.calls()
            .iter()
            .any(|c| c.body.to_string().contains("stances.png")),
        "the chart is attached"
    );
    let i = fake
        .slash(
            ANN,
            channel,
            "leaderboard",
            None,
            super::game_option("trial"),
            DEFAULT_PERMS,
        )
        .await;
    fake.wait_until("the board", WAIT, |f| {
        f.replies(i)
            .iter()
            .any(|m| m.text().contains("Trial leaderboard") && m.text().contains("2 more player"))
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trial_carries_on_after_a_restart() {
    let mut app = trial_app(4, 0).await;
    let fake = app.fake.clone();
    let channel = 3302;
    let threads = open_and_start(&fake, channel).await;
    let chen = thread_of(&threads, "Chen");
    say_and_wait(&fake, ANN, chen, "A language model reads everything in its context window as instructions, and the injected text carried an instruction priority flag.").await;
    app.stop_bot().await;
    app.start_bot().await;
    say_and_wait(&fake, BEN, chen, "The safety filter flagged the order twice and an override switched it off, so proper safeguards were missing.").await;
    let answers = fake
        .messages(chen)
        .iter()
        .filter(|m| m.text().contains(" → "))
        .count();
    assert_eq!(
        answers, 2,
        "one answer each, none posted twice after the restart"
    );
    trial(&fake, ANN, channel, "verdict", json!([])).await;
    fake.wait_until("the verdict", WAIT, |f| verdict(f, channel).is_some())
        .await;
}

/// Issue 43 on the fake Discord: a person prosecutes the trading case against the AI
/// advocate. The juror threads open on the trading case (not the robot's family), a
/// question what would convince a juror is answered in its terms, and the advocate does
/// not post before the person has said anything.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_prosecutor_against_the_ai_advocate_is_answered_and_not_rushed() {
    let app = TestApp::builder()
        .seed(5)
        .env("AGORA_TRIAL_PACE", 0.2)
        .spawn()
        .await;
    let fake = app.fake.clone();
    let channel = 3305;
    let case = json!([
        {"name": "case", "type": 3, "value": "trading_agent_poisoned_feed"},
        {"name": "mode", "type": 4, "value": 1}
    ]);
    let lobby = start_lobby(&fake, ANN, channel, "trial", case, ":start").await;
    press(&fake, ANN, &lobby, ":prosecution").await;
    press(&fake, ANN, &lobby, ":start").await;
    let threads = juror_threads(&fake, channel, "Write here").await;
    let mut openings = Vec::new();
    for (id, _) in &threads {
        openings.extend(fake.messages(*id).into_iter().map(|m| m.text()));
    }
    let openings = openings.join("\n");
    assert!(openings.contains("Forty thousand teachers"), "{openings}");
    for robot in ["A family lost someone", "inside the robot"] {
        assert!(!openings.contains(robot), "{openings}");
    }
    // The advocate's messages in the threads: "**<name>** to <juror>: …", not the person's.
    let advocate_posts = |f: &FakeDiscord| -> usize {
        threads
            .iter()
            .flat_map(|t| f.messages(t.0))
            .filter(|m| {
                let t = m.text();
                m.author_id == APP_ID && t.contains("** to ") && !t.starts_with("**user4301**")
            })
            .count()
    };
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert_eq!(
        advocate_posts(&fake),
        0,
        "the advocate spoke before the person"
    );
    let wang = thread_of(&threads, "Wang");
    say_and_wait(&fake, ANN, wang, "What would it take to convince you?").await;
    let answer = fake
        .messages(wang)
        .into_iter()
        .map(|m| m.text())
        .find(|t| t.contains(" → "))
        .expect("Wang answers");
    assert!(
        answer.to_lowercase().contains("whether it meant to do it")
            && !answer.contains("doesn't tell me anything"),
        "{answer}"
    );
    fake.wait_until("the advocate's move, after the person's", WAIT, |f| {
        advocate_posts(f) > 0
    })
    .await;
}
