//! The moderated (`rounds`) and social debates on the fake Discord, people and AI at one
//! table: seats taken from the lobby (a start by someone other than the host refused),
//! speeches typed in the channel with a live word count and handed in with Done, `done` or
//! by the deadline, the moderator's round
//! posts, a concession by command, and the scorecard with its chart attached.

use crate::app::{TestApp, WAIT};
use crate::fake_discord::{FakeDiscord, Msg, APP_ID, DEFAULT_PERMS};
use crate::fake_players::{click_and_wait, ephemeral_reply, press};
use serde_json::json;
use std::collections::HashSet;

const ANN: u64 = 4201;
const BEN: u64 = 4202;

async fn open(
    fake: &FakeDiscord,
    channel: u64,
    format: u64,
    rounds: u64,
    participants: u64,
) -> Msg {
    let i = fake
        .slash(
            ANN,
            channel,
            "debate",
            Some("start"),
            json!([
                {"name": "topic", "type": 3, "value": "universal_basic_income"},
                {"name": "format", "type": 4, "value": format},
                {"name": "rounds", "type": 4, "value": rounds},
                {"name": "participants", "type": 4, "value": participants}
            ]),
            DEFAULT_PERMS,
        )
        .await;
    fake.wait_until("the lobby", WAIT, |f| {
        f.replies(i)
            .iter()
            .any(|m| m.find_custom_id(":start").is_some())
    })
    .await;
    fake.replies(i)
        .into_iter()
        .find(|m| m.find_custom_id(":start").is_some())
        .expect("lobby")
}

/// The open call of `user`: a message mentioning them with a Done button not yet used.
fn call(
    fake: &FakeDiscord,
    channel: u64,
    user: u64,
    used: &HashSet<String>,
) -> Option<(Msg, String)> {
    fake.messages(channel).into_iter().find_map(|m| {
        let id = m.find_custom_id(":done")?;
        (m.author_id == APP_ID && m.content.contains(&format!("<@{user}>")) && !used.contains(&id))
            .then_some((m, id))
    })
}

/// Types `text` after the call `msg` and hands it in with Done once the call shows it
/// counted (messages and clicks travel separately, as in Discord).
async fn speak(fake: &FakeDiscord, user: u64, msg: &Msg, id: &str, text: &str) {
    fake.say(user, msg.channel_id, text).await;
    fake.wait_until("the word count", WAIT, |f| {
        f.message(msg.id)
            .is_some_and(|m| m.text().contains("words typed"))
    })
    .await;
    click_and_wait(fake, user, msg, id).await;
}

fn scorecard(fake: &FakeDiscord, channel: u64) -> Option<String> {
    fake.messages(channel)
        .into_iter()
        .map(|m| m.text())
        .find(|t| t.contains("Scorecard"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_moderated_debate_with_a_person_and_an_ai_to_the_scorecard() {
    let app = TestApp::builder()
        .seed(5)
        .env("AGORA_DEBATE_TIMERS_SPEECH", 8)
        .spawn()
        .await;
    let fake = app.fake.clone();
    let channel = 3201;
    let lobby = open(&fake, channel, 1, 2, 2).await;
    assert!(
        lobby.text().contains("Moderated debate"),
        "{}",
        lobby.text()
    );
    press(&fake, ANN, &lobby, ":join").await;
    let i = click_and_wait(&fake, BEN, &lobby, &lobby.find_custom_id(":start").unwrap()).await;
    assert!(ephemeral_reply(&fake, i).await.contains("Only the host"));
    press(&fake, ANN, &lobby, ":start").await;
    fake.wait_until("the start", WAIT, |f| {
        f.message(lobby.id)
            .unwrap()
            .text()
            .contains("The debate has started")
    })
    .await;
    let mut used = HashSet::new();
    for round in 1..=2 {
        fake.wait_until("Ann's call", WAIT, |f| {
            call(f, channel, ANN, &used).is_some()
        })
        .await;
        let (msg, id) = call(&fake, channel, ANN, &used).unwrap();
        used.insert(id.clone());
        fake.say(
            ANN,
            channel,
            &format!("Round {round}: a basic income gives every citizen security,"),
        )
        .await;
        fake.say(
            ANN,
            channel,
            "and the freedom to train, care and start new work.",
        )
        .await;
        if round == 1 {
            // The call keeps a live word count of what was typed.
            fake.wait_until("the word count", WAIT, |f| {
                f.message(msg.id)
                    .is_some_and(|m| m.text().contains("19 of"))
            })
            .await;
            click_and_wait(&fake, ANN, &msg, &id).await;
        }
        // Round 2: typed but never handed in: it counts when the time runs out.
        fake.wait_until("Ann's speech posted", WAIT, |f| {
            f.messages(channel).iter().any(|m| {
                m.author_id == APP_ID
                    && m.text().contains(&format!("Round {round}: a basic income"))
            })
        })
        .await;
    }
    fake.wait_until("the scorecard", WAIT, |f| scorecard(f, channel).is_some())
        .await;
    let text: Vec<String> = fake.messages(channel).iter().map(|m| m.text()).collect();
    let all = text.join("\n");
    assert!(all.contains("The moderator on round 1"), "{all}");
    assert!(all.contains("The moderator on round 2"), "{all}");
    assert!(all.contains("Final evaluation"), "{all}");
    let card = scorecard(&fake, channel).unwrap();
    assert!(
        card.contains("Verdict") && card.contains("P1 user4201"),
        "{card}"
    );
    assert!(
        card.contains("P2 ("),
        "the AI participant is named by its personality: {card}"
    );
    assert!(
        fake.calls()
            .iter()
            .any(|c| c.body.to_string().contains("chart.png")),
        "the chart is attached to the scorecard"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_social_debate_where_a_person_concedes() {
    let app = TestApp::builder().seed(6).spawn().await;
    let fake = app.fake.clone();
    let channel = 3202;
    let lobby = open(&fake, channel, 2, 2, 3).await;
    assert!(lobby.text().contains("Social debate"), "{}", lobby.text());
    press(&fake, ANN, &lobby, ":for").await;
    press(&fake, BEN, &lobby, ":against").await;
    let firmness = lobby
        .find_custom_id(":firmness")
        .expect("the firmness menu");
    let i = fake.select(BEN, &lobby, &firmness, &["0.9"]).await;
    fake.wait_until("the firmness taken", WAIT, |f| f.callback(i).is_some())
        .await;
    fake.wait_until("Ben immovable", WAIT, |f| {
        f.message(lobby.id)
            .unwrap()
            .text()
            .contains("user4202 (against, immovable)")
    })
    .await;
    let i = click_and_wait(
        &fake,
        BEN,
        &lobby,
        &lobby.find_custom_id(":against").unwrap(),
    )
    .await;
    assert!(ephemeral_reply(&fake, i).await.contains("seat already"));
    press(&fake, ANN, &lobby, ":start").await;
    fake.wait_until("the start", WAIT, |f| {
        f.message(lobby.id)
            .unwrap()
            .text()
            .contains("The debate has started")
    })
    .await;
    let mut used = HashSet::new();
    fake.wait_until("Ann's call", WAIT, |f| {
        call(f, channel, ANN, &used).is_some()
    })
    .await;
    let (msg, id) = call(&fake, channel, ANN, &used).unwrap();
    used.insert(id.clone());
    speak(
        &fake,
        ANN,
        &msg,
        &id,
        "However, consider the research: think about what security does for people.",
    )
    .await;
    fake.wait_until("Ben's call", WAIT, |f| {
        call(f, channel, BEN, &used).is_some()
    })
    .await;
    let i = fake
        .slash(
            BEN,
            channel,
            "debate",
            Some("concede"),
            json!([]),
            DEFAULT_PERMS,
        )
        .await;
    fake.wait_until("the concession", WAIT, |f| {
        f.replies(i).iter().any(|m| m.text().contains("concedes"))
    })
    .await;
    // Ann speaks on until the end; the AI and the evaluator fill the rest.
    loop {
        if scorecard(&fake, channel).is_some() {
            break;
        }
        fake.wait_until("Ann's next call or the end", WAIT, |f| {
            call(f, channel, ANN, &used).is_some() || scorecard(f, channel).is_some()
        })
        .await;
        if let Some((msg, id)) = call(&fake, channel, ANN, &used) {
            used.insert(id.clone());
            speak(
                &fake,
                ANN,
                &msg,
                &id,
                "I understand the worry, but the data is clear.",
            )
            .await;
        }
    }
    let all: String = fake
        .messages(channel)
        .iter()
        .map(|m| m.text())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(all.contains("gives in (conceded)"), "{all}");
    let card = scorecard(&fake, channel).unwrap();
    assert!(card.contains("overwhelming"), "{card}");
    assert!(card.contains("gave in"), "{card}");
    assert!(
        all.contains("P2 user4202 (stance -0.85, conviction 0.90)"),
        "{all}"
    );
    // The evaluator's ratings are its notes: never posted.
    assert!(!all.contains("(evaluator"), "{all}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_debate_resumes_the_table_and_repeats_nothing() {
    let mut app = TestApp::builder().seed(7).spawn().await;
    let fake = app.fake.clone();
    let channel = 3203;
    let lobby = open(&fake, channel, 1, 1, 2).await;
    press(&fake, ANN, &lobby, ":join").await;
    press(&fake, ANN, &lobby, ":start").await;
    let used = HashSet::new();
    fake.wait_until("Ann's call", WAIT, |f| {
        call(f, channel, ANN, &used).is_some()
    })
    .await;
    app.stop_bot().await;
    app.start_bot().await;
    // The resumed session calls Ann again (the same ask); nothing else is posted twice.
    let calls = |f: &FakeDiscord| {
        f.messages(channel)
            .iter()
            .filter(|m| m.author_id == APP_ID && m.find_custom_id(":done").is_some())
            .count()
    };
    fake.wait_until("Ann's call after the restart", WAIT, |f| calls(f) == 2)
        .await;
    fake.say(ANN, channel, "After the restart: a floor for everyone.")
        .await;
    fake.wait_until("the word count", WAIT, |f| {
        f.messages(channel)
            .iter()
            .any(|m| m.text().contains("7 of 133 words typed"))
    })
    .await;
    fake.say(ANN, channel, "done").await;
    fake.wait_until("the scorecard", WAIT, |f| scorecard(f, channel).is_some())
        .await;
    let texts: Vec<String> = fake.messages(channel).iter().map(|m| m.text()).collect();
    let all = texts.join("\n");
    assert_eq!(
        texts.iter().filter(|t| t.starts_with("-- Round 1")).count(),
        1,
        "{all}"
    );
    assert!(
        all.contains("P1 user4201 (round 1, 7/133 words): After the restart"),
        "{all}"
    );
    assert!(all.contains("The moderator on round 1"), "{all}");
}
