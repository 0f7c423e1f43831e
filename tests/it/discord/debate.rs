//! A whole team debate on the fake Discord: two people and six AI debaters, every human
//! step typed or clicked as a person would — seats taken from the lobby, speeches typed in
//! the channel and handed in with Done (the call's word count following along), one
//! written in the form, the cross-examiner's answerer picked from the menu, a note in the
//! team's private thread — to the scorecard, the review and the leaderboard.

use crate::app::{TestApp, WAIT};
use crate::fake_discord::{FakeDiscord, Msg, APP_ID, DEFAULT_PERMS};
use crate::fake_players::{click_and_wait, ephemeral_reply, press};
use serde_json::json;
use std::collections::HashSet;
use std::time::Duration;

const ANN: u64 = 4101;
const BEN: u64 = 4102;
const CHANNEL: u64 = 3101;

async fn open_debate_lobby(fake: &FakeDiscord) -> Msg {
    let i = fake
        .slash(
            ANN,
            CHANNEL,
            "debate",
            Some("start"),
            json!([{"name": "topic", "type": 3, "value": "universal_basic_income"}]),
            DEFAULT_PERMS,
        )
        .await;
    fake.wait_until("the debate lobby", WAIT, |f| {
        f.replies(i)
            .iter()
            .any(|m| m.find_custom_id(":seat1").is_some())
    })
    .await;
    fake.replies(i)
        .into_iter()
        .find(|m| m.find_custom_id(":seat1").is_some())
        .expect("lobby")
}

/// The open call of `user` in the channel: a message mentioning them with a Done button.
fn open_call(fake: &FakeDiscord, user: u64, done: &HashSet<String>) -> Option<Msg> {
    fake.messages(CHANNEL).into_iter().find(|m| {
        m.author_id == APP_ID
            && m.content.contains(&format!("<@{user}>"))
            && m.find_custom_id(":done")
                .is_some_and(|id| !done.contains(&id))
    })
}

fn speech(words: usize, tag: &str) -> String {
    let bank = "basic income gives every citizen security and freedom to choose work so we ask";
    let w: Vec<&str> = bank.split_whitespace().collect();
    let mut s: Vec<String> = vec![tag.to_string()];
    s.extend((0..words).map(|i| w[i % w.len()].to_string()));
    s.join(" ")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_and_six_ai_debate_to_the_scorecard() {
    let app = TestApp::builder()
        .seed(21)
        .env("AGORA_DEBATE_TIMERS_PACE", 0.25)
        .env("AGORA_DISCORD_AI_SPEECH_MS", 100)
        .spawn()
        .await;
    let fake = app.fake.clone();
    let lobby = open_debate_lobby(&fake).await;
    assert!(lobby
        .text()
        .contains("This house would introduce a universal basic income"));
    // Ann takes Pro 2 (a cross-examiner), Ben Con 1 (the first Con speech); a taken seat
    // and a start by someone other than the host are refused.
    press(&fake, ANN, &lobby, ":seat2").await;
    press(&fake, BEN, &lobby, ":seat5").await;
    let i = click_and_wait(&fake, BEN, &lobby, &lobby.find_custom_id(":seat2").unwrap()).await;
    assert!(ephemeral_reply(&fake, i).await.contains("Pro 2 is taken"));
    let i = click_and_wait(&fake, BEN, &lobby, &lobby.find_custom_id(":start").unwrap()).await;
    assert!(ephemeral_reply(&fake, i).await.contains("Only the host"));
    fake.wait_until("both seats shown", WAIT, |f| {
        let t = f.message(lobby.id).unwrap().text();
        t.contains("Pro 2** — user4101") && t.contains("Con 1** — user4102")
    })
    .await;
    press(&fake, ANN, &lobby, ":start").await;
    fake.wait_until("the debate starts", WAIT, |f| {
        f.message(lobby.id)
            .unwrap()
            .text()
            .contains("The debate has started")
    })
    .await;
    let started = fake.message(lobby.id).unwrap().text();
    assert_eq!(started.matches("AI ·").count(), 6, "{started}");
    // Each team with a person has a private thread with its people only.
    let threads = fake.threads();
    assert_eq!(threads.len(), 2, "{threads:?}");
    assert_eq!(threads[0].3, vec![ANN]);
    assert_eq!(threads[1].3, vec![BEN]);
    let (pro_thread, con_thread) = (threads[0].0, threads[1].0);
    let secret = "Secret plan: hammer their cost figures in free debate";
    fake.say(BEN, con_thread, secret).await;

    let mut done: HashSet<String> = HashSet::new();
    let mut turns = 0;
    let mut by_form = 0;
    let mut saw_count = false;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(240);
    loop {
        if fake
            .messages(CHANNEL)
            .iter()
            .any(|m| m.text().contains("Team totals"))
        {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the debate did not finish: {}",
            fake.dump_calls(30)
        );
        let mut acted = false;
        for user in [ANN, BEN] {
            let Some(call) = open_call(&fake, user, &done) else {
                continue;
            };
            let done_id = call.find_custom_id(":done").unwrap();
            done.insert(done_id.clone());
            turns += 1;
            acted = true;
            if let Some(target) = call.find_custom_id(":target") {
                let options = call.select_options(&target);
                fake.select(user, &call, &target, &[options[0].1.as_str()])
                    .await;
                fake.wait_until("the answerer shown", WAIT, |f| {
                    f.message(call.id).unwrap().content.contains("answers")
                })
                .await;
            }
            if turns % 3 == 2 {
                // Written in the form.
                let i = click_and_wait(&fake, user, &call, &call.find_custom_id(":write").unwrap())
                    .await;
                let (kind, body, _) = fake.callback(i).unwrap();
                assert_eq!(kind, 9, "a form opens: {body}");
                let form = body["custom_id"].as_str().unwrap().to_string();
                let text = format!("{}? {}?", speech(12, "Why"), speech(6, "and how"));
                let m = fake
                    .modal_submit(user, CHANNEL, &form, &[("speech", &text)])
                    .await;
                assert!(ephemeral_reply(&fake, m)
                    .await
                    .contains("Your speech is in"));
                by_form += 1;
            } else {
                let before = fake.message(call.id).unwrap().edits;
                fake.say(user, CHANNEL, &speech(10, "First,")).await;
                fake.say(user, CHANNEL, &format!("{}.", speech(8, "Second,")))
                    .await;
                fake.wait_until("the live word count", WAIT, |f| {
                    let m = f.message(call.id).unwrap();
                    m.edits > before && m.content.contains("20 / ")
                })
                .await;
                saw_count = true;
                click_and_wait(&fake, user, &call, &done_id).await;
            }
            // The call closes once the speech is in; its old button is refused.
            fake.wait_until("the call closes", WAIT, |f| {
                f.message(call.id).unwrap().components.is_empty()
            })
            .await;
            let i = click_and_wait(&fake, user, &call, &done_id).await;
            assert!(ephemeral_reply(&fake, i).await.contains("closed"));
        }
        if !acted {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    assert!(
        turns >= 3 && by_form >= 1 && saw_count,
        "turns {turns}, forms {by_form}"
    );

    let msgs = fake.messages(CHANNEL);
    let card = msgs
        .iter()
        .find(|m| m.text().contains("Team totals"))
        .unwrap()
        .text();
    for part in [
        "Best debater",
        "Opening statements",
        "Cross-examination",
        "Penalties",
        "offline",
    ] {
        assert!(
            card.contains(part),
            "{part} missing from the scorecard: {card}"
        );
    }
    fake.wait_until("the judge's review", WAIT, |f| {
        f.messages(CHANNEL)
            .iter()
            .any(|m| m.text().contains("The review by the offline judge"))
    })
    .await;
    // The team's note stayed in its thread: never in the channel or the other thread.
    for m in fake
        .messages(CHANNEL)
        .iter()
        .chain(fake.messages(pro_thread).iter())
    {
        assert!(
            !m.text().contains("hammer their cost"),
            "a team note leaked: {}",
            m.text()
        );
        assert!(!m.text().contains("@everyone"), "{}", m.text());
    }
    // The debate is stored as finished, with the people's results.
    let store = app.store().await;
    let results = store.results("debate", None).await.unwrap();
    assert!(results.iter().any(|r| r.player == format!("discord:{ANN}")));
    // The channel is free again; the leaderboard and the record answer.
    let i = fake
        .slash(
            ANN,
            CHANNEL,
            "leaderboard",
            Some("debate"),
            json!([]),
            DEFAULT_PERMS,
        )
        .await;
    fake.wait_until("the debate leaderboard", WAIT, |f| {
        f.replies(i)
            .iter()
            .any(|m| m.text().contains("speech score"))
    })
    .await;
    let i = fake
        .slash(ANN, CHANNEL, "stats", None, json!([]), DEFAULT_PERMS)
        .await;
    fake.wait_until("the record", WAIT, |f| {
        f.replies(i).iter().any(|m| m.text().contains("**Debate**"))
    })
    .await;
    app.stop().await;
}
