//! Bad input at every control of the moderated and social debates and the trial, on the
//! fake Discord (the team debate's is in `bad_inputs.rs`, with the shared checks): each
//! gets a plain answer only the person sees (or in the thread), changes nothing, and the
//! game goes on to its end with nothing posted twice.

use super::bad_inputs::*;
use crate::app::{TestApp, WAIT};
use crate::fake_discord::{FakeDiscord, Msg, APP_ID, DEFAULT_PERMS, MANAGE_MESSAGES};
use crate::fake_players::{press, wait_for_post, wait_for_text};
use serde_json::{json, Value};
use std::collections::HashSet;

async fn open_panel(fake: &FakeDiscord, channel: u64, format: u64, options: Value) -> u64 {
    let mut all = vec![
        json!({"name": "topic", "type": 3, "value": "universal_basic_income"}),
        json!({"name": "format", "type": 4, "value": format}),
    ];
    all.extend(options.as_array().cloned().unwrap_or_default());
    command(fake, ANN, channel, "debate", "start", Value::Array(all)).await
}

async fn lobby_of(fake: &FakeDiscord, i: u64) -> Msg {
    crate::fake_players::lobby_reply(fake, i, ":start").await
}

fn scorecard(fake: &FakeDiscord, channel: u64) -> bool {
    fake.messages(channel)
        .iter()
        .any(|m| m.text().contains("Scorecard"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_moderated_debate_refuses_bad_input_and_old_buttons_after_a_restart() {
    let mut app = TestApp::builder()
        .seed(32)
        .env("AGORA_DEBATE_TIMERS_SPEECH", 20)
        .spawn()
        .await;
    let fake = app.fake.clone();
    let channel = 3502;
    for (options, expect) in [
        (json!([{"name": "pace", "type": 10, "value": -1.0}]), "pace"),
        (
            json!([{"name": "live_scores", "type": 5, "value": true}]),
            "live_scores",
        ),
    ] {
        let i = open_panel(&fake, channel, 1, options).await;
        let why = answer(&fake, i).await;
        assert!(
            why.starts_with("Not started:") && why.contains(expect),
            "{why}"
        );
    }
    let lobby = lobby_of(
        &fake,
        open_panel(
            &fake,
            channel,
            1,
            json!([{"name": "rounds", "type": 4, "value": 1}]),
        )
        .await,
    )
    .await;
    let leave = lobby.find_custom_id(":leave").unwrap();
    assert!(refused_click(&fake, CY, &lobby, &leave)
        .await
        .contains("no seat"));
    let start = lobby.find_custom_id(":start").unwrap();
    assert!(refused_click(&fake, CY, &lobby, &start)
        .await
        .contains("Only the host"));
    press(&fake, ANN, &lobby, ":join").await;
    let join = lobby.find_custom_id(":join").unwrap();
    assert!(refused_click(&fake, ANN, &lobby, &join)
        .await
        .contains("seat already"));
    let i = command(&fake, ANN, channel, "debate", "concede", json!([])).await;
    assert!(answer(&fake, i).await.contains("no conceding"));
    press(&fake, ANN, &lobby, ":start").await;
    wait_for_text(&fake, lobby.id, "The debate has started").await;
    let why = refused_click(&fake, CY, &lobby, &join).await;
    assert!(why.contains("already started"), "{why}");
    let used = HashSet::new();
    fake.wait_until("Ann's call", WAIT, |f| {
        open_call(f, channel, ANN, &used).is_some()
    })
    .await;
    let call = open_call(&fake, channel, ANN, &used).unwrap();
    let done = call.find_custom_id(":done").unwrap();
    let why = refused_click(&fake, CY, &call, &done).await;
    assert!(why.contains("not yours"), "{why}");
    let why = refused_click(&fake, ANN, &call, &done).await;
    assert!(why.starts_with("Nothing typed yet"), "{why}");
    let i = command(&fake, ANN, channel, "debate", "concede", json!([])).await;
    assert!(answer(&fake, i)
        .await
        .contains("no conceding in a moderated debate"));
    let i = command(&fake, CY, channel, "debate", "stop", json!([])).await;
    assert!(answer(&fake, i).await.contains("Only the host"));
    // A restart: the call from before it is refused plainly, the new one takes the speech.
    app.stop_bot().await;
    app.start_bot().await;
    let again = |f: &FakeDiscord| {
        f.messages(channel).into_iter().find(|m| {
            m.id != call.id
                && m.author_id == APP_ID
                && m.content.contains(&format!("<@{ANN}>"))
                && m.find_custom_id(":done").is_some()
        })
    };
    fake.wait_until("Ann's call after the restart", WAIT, |f| again(f).is_some())
        .await;
    // The call from before it lost its button; pressed anyway (an old client), it hands
    // in nothing.
    assert!(fake.message(call.id).unwrap().components.is_empty());
    let why = refused_click(&fake, ANN, &call, &done).await;
    assert!(
        why.contains("closed") || why.contains("Nothing typed"),
        "{why}"
    );
    let call = again(&fake).unwrap();
    let done = call.find_custom_id(":done").unwrap();
    fake.say(CY, channel, "A bystander's aside.").await;
    fake.say(
        ANN,
        channel,
        "A floor for everyone: @here <@&55> ```security``` and freedom.",
    )
    .await;
    fake.wait_until("the word count", WAIT, |f| {
        f.message(call.id)
            .is_some_and(|m| m.text().contains("words typed"))
    })
    .await;
    press(&fake, ANN, &call, ":done").await;
    fake.wait_until("the scorecard", WAIT, |f| scorecard(f, channel))
        .await;
    let all: String = fake
        .messages(channel)
        .iter()
        .map(|m| m.text())
        .collect::<Vec<_>>()
        .join("\n");
    let speech = fake
        .messages(channel)
        .into_iter()
        .map(|m| m.text())
        .find(|t| t.contains("A floor for everyone"))
        .unwrap();
    assert!(!speech.contains("bystander"), "{speech}");
    assert_eq!(all.matches("🔔 Round 1").count(), 1, "{all}");
    let why = refused_click(&fake, ANN, &call, &done).await;
    assert!(why.contains("closed") || why.contains("ended"), "{why}");
    let why = refused_click(&fake, ANN, &lobby, &start).await;
    assert!(why.contains("closed") || why.contains("ended"), "{why}");
    assert_posts_sane(&fake);
    fake.save_transcript("bad_inputs_rounds");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_social_debate_refuses_bad_input() {
    let app = TestApp::builder()
        .seed(33)
        .env("AGORA_DEBATE_TIMERS_SPEECH", 20)
        .spawn()
        .await;
    let fake = app.fake.clone();
    let channel = 3503;
    let i = open_panel(
        &fake,
        channel,
        2,
        json!([{"name": "participants", "type": 4, "value": 2}]),
    )
    .await;
    let why = answer(&fake, i).await;
    assert!(
        why.starts_with("Not started:") && why.contains("3 participants"),
        "{why}"
    );
    let lobby = lobby_of(
        &fake,
        open_panel(
            &fake,
            channel,
            2,
            json!([{"name": "rounds", "type": 4, "value": 1}]),
        )
        .await,
    )
    .await;
    let firmness = lobby.find_custom_id(":firmness").unwrap();
    let i = fake.select(CY, &lobby, &firmness, &["0.9"]).await;
    fake.wait_until("answered", WAIT, |f| f.callback(i).is_some())
        .await;
    assert!(answer(&fake, i).await.contains("Join first"));
    let i = fake.select(ANN, &lobby, &firmness, &["7"]).await;
    fake.wait_until("answered", WAIT, |f| f.callback(i).is_some())
        .await;
    assert!(answer(&fake, i).await.contains("Pick one of the choices"));
    press(&fake, ANN, &lobby, ":for").await;
    press(&fake, BEN, &lobby, ":against").await;
    let i = command(&fake, BEN, channel, "debate", "concede", json!([])).await;
    assert!(answer(&fake, i).await.contains("not started yet"));
    press(&fake, ANN, &lobby, ":start").await;
    wait_for_text(&fake, lobby.id, "The debate has started").await;
    let i = command(&fake, CY, channel, "debate", "concede", json!([])).await;
    assert!(answer(&fake, i).await.contains("not debating here"));
    let i = command(&fake, BEN, channel, "debate", "concede", json!([])).await;
    assert!(answer(&fake, i).await.contains("You gave in"));
    let i = command(&fake, BEN, channel, "debate", "concede", json!([])).await;
    let again = answer(&fake, i).await;
    assert!(again.contains("already"), "{again}");
    let mut used = HashSet::new();
    while !scorecard(&fake, channel) {
        fake.wait_until("Ann's call or the end", WAIT, |f| {
            open_call(f, channel, ANN, &used).is_some() || scorecard(f, channel)
        })
        .await;
        if let Some(call) = open_call(&fake, channel, ANN, &used) {
            let done = call.find_custom_id(":done").unwrap();
            used.insert(done.clone());
            let why = refused_click(&fake, BEN, &call, &done).await;
            assert!(why.contains("not yours"), "{why}");
            fake.say(BEN, channel, "Ben, who gave in, talks anyway.")
                .await;
            fake.say(ANN, channel, "Security and freedom for everyone.")
                .await;
            fake.wait_until("the word count", WAIT, |f| {
                f.message(call.id)
                    .is_some_and(|m| m.text().contains("words typed"))
            })
            .await;
            press(&fake, ANN, &call, ":done").await;
        }
    }
    let all: String = fake
        .messages(channel)
        .iter()
        .filter(|m| m.author_id == APP_ID)
        .map(|m| m.text())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(!all.contains("talks anyway"), "{all}");
    assert_eq!(all.matches("gives in").count(), 1, "{all}");
    // Just after the scorecard the table is still closing: each answer is a clear refusal
    // (Ben already gave in; the debate has ended), then "no debate" once it has closed.
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let i = command(&fake, BEN, channel, "debate", "concede", json!([])).await;
        let why = answer(&fake, i).await;
        if why.contains("no debate") {
            break;
        }
        assert!(why.contains("already") || why.contains("ended"), "{why}");
        assert!(
            tokio::time::Instant::now() < deadline,
            "the table never closed"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_posts_sane(&fake);
    fake.save_transcript("bad_inputs_social");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trial_refuses_bad_input() {
    let app = super::trial::trial_app(34, 0).await;
    let fake = app.fake.clone();
    let channel = 3504;
    let case = |id: &str| json!([{"name": "case", "type": 3, "value": id}]);
    let i = command(&fake, ANN, channel, "trial", "start", case("no_such_case")).await;
    assert!(answer(&fake, i).await.contains("there is no case"));
    let i = command(
        &fake,
        ANN,
        channel,
        "trial",
        "start",
        case("robot_prompt_injection"),
    )
    .await;
    let lobby = lobby_of(&fake, i).await;
    let i = command(
        &fake,
        BEN,
        channel,
        "trial",
        "start",
        case("robot_prompt_injection"),
    )
    .await;
    assert!(answer(&fake, i)
        .await
        .contains("already open in this channel"));
    let start = lobby.find_custom_id(":start").unwrap();
    assert!(refused_click(&fake, ANN, &lobby, &start)
        .await
        .contains("Nobody has joined"));
    press(&fake, ANN, &lobby, ":join").await;
    press(&fake, BEN, &lobby, ":join").await;
    let i = command(
        &fake,
        ANN,
        channel,
        "trial",
        "evidence",
        json!([{"name": "card", "type": 3, "value": "injection_logs"}]),
    )
    .await;
    assert!(answer(&fake, i).await.contains("not started"));
    assert!(refused_click(&fake, BEN, &lobby, &start)
        .await
        .contains("Only the host"));
    let i = command(&fake, BEN, channel, "debate", "concede", json!([])).await;
    assert!(answer(&fake, i).await.contains("nothing to concede"));
    press(&fake, ANN, &lobby, ":start").await;
    fake.wait_until("five juror threads", WAIT, |f| {
        f.threads().iter().filter(|t| t.1 == channel).count() == 5
    })
    .await;
    let join = lobby.find_custom_id(":join").unwrap();
    let why = refused_click(&fake, CY, &lobby, &join).await;
    assert!(why.contains("already started"), "{why}");
    let thread = fake
        .threads()
        .into_iter()
        .find(|t| t.1 == channel)
        .unwrap()
        .0;
    fake.wait_until("the juror's first message", WAIT, |f| {
        f.messages(thread).iter().any(|m| m.author_id == APP_ID)
    })
    .await;
    let evidence = |card: &str| json!([{"name": "card", "type": 3, "value": card}]);
    let i = command(
        &fake,
        ANN,
        channel,
        "trial",
        "evidence",
        evidence("a_forged_card"),
    )
    .await;
    assert!(answer(&fake, i).await.contains("There is no card"));
    let i = command(
        &fake,
        CY,
        channel,
        "trial",
        "evidence",
        evidence("injection_logs"),
    )
    .await;
    assert!(answer(&fake, i).await.contains("Only the trial's players"));
    let i = command(
        &fake,
        ANN,
        channel,
        "trial",
        "evidence",
        evidence("injection_logs"),
    )
    .await;
    assert!(answer(&fake, i).await.contains("Presented"));
    let i = command(
        &fake,
        BEN,
        channel,
        "trial",
        "evidence",
        evidence("injection_logs"),
    )
    .await;
    let why = answer(&fake, i).await;
    assert!(why.contains("already been presented"), "{why}");
    // A message in a juror's thread from someone not in the trial; empty and pinging ones.
    fake.say(CY, thread, "I am not in this trial: acquit!")
        .await;
    fake.say(
        ANN,
        thread,
        "The attack came from outside @everyone <@&9>, a criminal hid it in a parcel label.",
    )
    .await;
    fake.wait_until("the juror's answer", WAIT, |f| {
        f.messages(thread)
            .iter()
            .any(|m| m.author_id == APP_ID && m.text().contains(" → "))
    })
    .await;
    let i = command(&fake, BEN, channel, "trial", "verdict", json!([])).await;
    assert!(answer(&fake, i).await.contains("Only the host"));
    let i = fake
        .slash(
            BEN,
            channel,
            "trial",
            Some("verdict"),
            json!([]),
            DEFAULT_PERMS | MANAGE_MESSAGES,
        )
        .await;
    assert!(answer(&fake, i)
        .await
        .contains("You called for the verdict"));
    let i = command(&fake, ANN, channel, "trial", "verdict", json!([])).await;
    let again = answer(&fake, i).await;
    assert!(
        again.contains("already") || again.contains("ended") || again.contains("no trial"),
        "{again}"
    );
    wait_for_post(&fake, channel, "The verdict:").await;
    let i = command(
        &fake,
        BEN,
        channel,
        "trial",
        "evidence",
        evidence("parcel_label"),
    )
    .await;
    let why = answer(&fake, i).await;
    assert!(
        why.contains("no trial") || why.contains("has ended"),
        "{why}"
    );
    let why = refused_click(&fake, ANN, &lobby, &start).await;
    assert!(why.contains("closed") || why.contains("ended"), "{why}");
    // A new trial in the channel: the old lobby's buttons do not reach its lobby.
    let i = command(
        &fake,
        BEN,
        channel,
        "trial",
        "start",
        case("robot_prompt_injection"),
    )
    .await;
    let second = lobby_of(&fake, i).await;
    let why = refused_click(&fake, CY, &lobby, &join).await;
    assert!(why.contains("earlier game"), "{why}");
    let why = refused_click(&fake, BEN, &lobby, &start).await;
    assert!(why.contains("earlier game"), "{why}");
    let i = command(&fake, CY, channel, "trial", "status", json!([])).await;
    assert!(answer(&fake, i).await.contains("nobody has joined"));
    assert!(!fake.message(second.id).unwrap().text().contains("user4503"));
    command(&fake, BEN, channel, "trial", "stop", json!([])).await;
    fake.wait_until("the second lobby closed", WAIT, |f| {
        posted(f, channel, "lobby is closed") == 1
    })
    .await;
    let answers = fake
        .messages(thread)
        .iter()
        .filter(|m| m.author_id == APP_ID && m.text().contains(" → "))
        .count();
    assert_eq!(answers, 1, "the outsider got no answer");
    assert_eq!(posted(&fake, channel, "The verdict:"), 1);
    assert_posts_sane(&fake);
    fake.save_transcript("bad_inputs_trial");
    app.stop().await;
}
