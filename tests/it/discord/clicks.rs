//! Clicks, commands and messages the bot must refuse, limit or tidy: stale, foreign and unknown
//! clicks, cooldowns, click rate limits, Discord's errors, off-turn messages.

use super::*;
use crate::app::{wait_until_async, TestApp, WAIT};
use crate::fake_discord::{FakeDiscord, DEFAULT_PERMS, MANAGE_MESSAGES};
use crate::fake_players::{
    click_and_wait, ephemeral_reply, open_lobby, press, wait_for_post, Humans,
};
use serde_json::json;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stale_foreign_and_unknown_clicks_change_nothing() {
    let app = TestApp::builder().seed(13).spawn().await;
    let fake = app.fake.clone();
    let channel = 3004;
    let (host, guest, stranger, moderator) = (4031, 4032, 4039, 4038);
    let lobby = open_lobby(&fake, host, channel, json!([])).await;
    // One table per channel: a second start links to the first.
    let i = werewolf(&fake, guest, channel, "start").await;
    let again = ephemeral_reply(&fake, i).await;
    assert!(
        again.contains("already open") && again.contains("discord.com/channels"),
        "{again}"
    );
    // A bad option is refused and names the option.
    let i = fake
        .slash(
            guest,
            3999,
            "werewolf",
            Some("start"),
            json!([{"name": "pace", "type": 10, "value": 0.0}]),
            DEFAULT_PERMS,
        )
        .await;
    assert!(ephemeral_reply(&fake, i).await.contains("pace"));
    press(&fake, guest, &lobby, ":join").await;
    let i = press(&fake, guest, &lobby, ":join").await;
    assert!(ephemeral_reply(&fake, i)
        .await
        .contains("already have a seat"));
    press(&fake, host, &lobby, ":start").await;
    // The lobby's buttons are gone; a click on the old Join is closed.
    let i = press(&fake, stranger, &lobby, ":join").await;
    assert!(ephemeral_reply(&fake, i).await.contains("has closed"));
    // Unknown custom ids are refused.
    let i = click_and_wait(&fake, stranger, &lobby, "something:else").await;
    assert!(ephemeral_reply(&fake, i).await.contains("has closed"));

    // Wait for a human's turn: a DM control, the vote, or a speech call.
    let speech_call = |f: &FakeDiscord| {
        f.messages(channel).into_iter().find_map(|m| {
            [host, guest]
                .into_iter()
                .find(|u| m.text().starts_with(&format!("🎤 <@{u}>")))
        })
    };
    fake.wait_until("a human's turn", Duration::from_secs(60), |f| {
        [host, guest].iter().any(|u| {
            f.dms(*u)
                .iter()
                .any(|m| m.custom_ids().iter().any(|id| id.starts_with("ask:")))
        }) || f
            .messages(channel)
            .iter()
            .any(|m| m.find_custom_id("board:").is_some())
            || speech_call(f).is_some()
    })
    .await;
    let s = app.store().await;
    let id = s.sessions().await.unwrap()[0].session.id.clone();
    let human_inputs = |s: agora::store::Store, id: String| async move {
        s.inputs(&id)
            .await
            .unwrap()
            .into_iter()
            .filter(|x| x.source == agora::store::InputSource::Human)
            .count()
    };
    let dm = [host, guest].iter().find_map(|u| {
        fake.dms(*u)
            .into_iter()
            .find(|m| m.custom_ids().iter().any(|id| id.starts_with("ask:")))
            .map(|m| (*u, m))
    });
    if let Some((owner, m)) = dm {
        // A stranger's choice on someone's night control is refused.
        let cid = m.custom_ids()[0].clone();
        let i = fake.select(stranger, &m, &cid, &["1"]).await;
        assert!(ephemeral_reply(&fake, i).await.contains("has closed"));
        // A forged id with another sequence number is stale.
        let parts: Vec<&str> = cid.split(':').collect();
        let forged = format!("ask:{}:{}:999:pick", parts[1], parts[2]);
        let i = fake.select(owner, &m, &forged, &["1"]).await;
        assert!(ephemeral_reply(&fake, i).await.contains("has closed"));
        let forged = format!("ask:{}:{}:0:pick", parts[1], parts[2]);
        let i = fake.select(owner, &m, &forged, &["1"]).await;
        assert!(ephemeral_reply(&fake, i).await.contains("has closed"));
    }
    if let Some(m) = fake
        .messages(channel)
        .into_iter()
        .find(|m| m.find_custom_id("board:").is_some())
    {
        let cid = m.find_custom_id("board:").unwrap();
        let i = fake.select(stranger, &m, &cid, &["1"]).await;
        assert!(ephemeral_reply(&fake, i).await.contains("has closed"));
    }
    if let Some(speaker) = speech_call(&fake) {
        // Someone else's message is not a speech; the speaker's is.
        // (Checked once the bot has answered the speaker's later, too-long message.)
        fake.say(stranger, channel, "I am not playing but here is my opinion")
            .await;
        let long = "x".repeat(301);
        fake.say(speaker, channel, &long).await;
        wait_for_post(&fake, channel, "at most 300 are allowed").await;
        assert_eq!(human_inputs(s.clone(), id.clone()).await, 0);
        fake.say(speaker, channel, "A short speech.").await;
        wait_until_async(
            "the speech is stored",
            WAIT,
            Duration::from_millis(50),
            || {
                let inputs = human_inputs(s.clone(), id.clone());
                async move { inputs.await > 0 }
            },
        )
        .await;
    } else {
        // The refused clicks were answered above: anything stored would be stored by now.
        assert_eq!(
            human_inputs(s.clone(), id.clone()).await,
            0,
            "no refused click was stored"
        );
    }
    // Stop: a guest without Manage Messages is refused; a moderator may stop it.
    let i = werewolf(&fake, guest, channel, "stop").await;
    assert!(ephemeral_reply(&fake, i).await.contains("Only the host"));
    let i = werewolf(&fake, host, channel, "status").await;
    let status = ephemeral_reply(&fake, i).await;
    assert!(status.contains("Now:"), "{status}");
    fake.slash(
        moderator,
        channel,
        "werewolf",
        Some("stop"),
        json!([]),
        DEFAULT_PERMS | MANAGE_MESSAGES,
    )
    .await;
    wait_for_post(&fake, channel, "recorded as abandoned").await;
    assert_eq!(s.sessions().await.unwrap()[0].session.status, "abandoned");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_have_a_cooldown() {
    let app = TestApp::builder().cooldown(5.0).spawn().await;
    let fake = app.fake.clone();
    let first = werewolf(&fake, 4041, 3005, "status").await;
    assert!(ephemeral_reply(&fake, first).await.contains("no game"));
    let second = werewolf(&fake, 4041, 3005, "status").await;
    assert!(ephemeral_reply(&fake, second).await.contains("Slow down"));
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_clicks_are_rate_limited_and_answers_to_open_asks_are_not() {
    let app = TestApp::builder()
        .seed(7)
        .env("AGORA_DISCORD_CLICKS_PER_10S", 2)
        .spawn()
        .await;
    let fake = app.fake.clone();
    let (channel, host, guest) = (3031, 4301, 4302);
    let lobby = open_lobby(&fake, host, channel, json!([])).await;
    // Two lobby clicks in ten seconds are taken; the third is asked to slow down.
    let mut slowed = Vec::new();
    for verb in [":join", ":leave", ":join"] {
        let i = press(&fake, guest, &lobby, verb).await;
        fake.wait_until("the click is answered", WAIT, |f| f.callback(i).is_some())
            .await;
        let body = fake
            .callback(i)
            .map(|c| c.1.to_string())
            .unwrap_or_default();
        slowed.push(body.contains("Slow down"));
    }
    assert_eq!(slowed, [false, false, true]);
    // Players answering every ask of a whole game as fast as they can are never slowed.
    let before = fake.calls().len();
    let (channel, users) = (3032, [4303, 4304, 4305]);
    three_at_the_table(&fake, channel, &users).await;
    let mut humans = Humans::new(channel, &users);
    humans.play_to_the_end(&fake).await;
    assert!(
        humans.votes + humans.night_actions > 3 * 2,
        "some player answered more often than the limit"
    );
    for c in fake.calls().into_iter().skip(before) {
        assert!(
            !c.body.to_string().contains("Slow down"),
            "an answer was rate limited: {}",
            c.body
        );
    }
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limits_and_unknown_interactions_are_not_retried_in_a_loop() {
    let app = TestApp::builder().seed(14).spawn().await;
    let fake = app.fake.clone();
    let channel = 3008;
    let host = 4071;
    // An expired interaction (10062): the click is dropped, with one attempt only.
    let lobby = open_lobby(&fake, host, channel, json!([])).await;
    // Aimed at the click's own callback: a late answer to the start command must not take it.
    let next = fake.next_interaction_id();
    fake.fail_next(
        "POST",
        &format!("/interactions/{next}/"),
        404,
        json!({"code": 10062, "message": "Unknown interaction"}),
    );
    let i = fake
        .click(4072, &lobby, &lobby.find_custom_id(":join").unwrap())
        .await;
    assert_eq!(i, next);
    a_later_command_is_answered(&fake, host, channel).await;
    let attempts = fake
        .calls()
        .iter()
        .filter(|c| c.path.contains(&format!("/interactions/{i}/")))
        .count();
    assert_eq!(attempts, 1, "an unknown interaction is not retried");
    assert!(
        !fake.message(lobby.id).unwrap().text().contains("user4072"),
        "nothing changed for a click that was never acknowledged"
    );
    // A 429 on a channel post: waited out and tried once more, not in a loop.
    let posts = |f: &FakeDiscord| {
        f.calls()
            .iter()
            .filter(|c| {
                c.method == "POST" && c.path == format!("/api/v10/channels/{channel}/messages")
            })
            .count()
    };
    fake.fail_next(
        "POST",
        &format!("/channels/{channel}/messages"),
        429,
        json!({"message": "You are being rate limited.", "retry_after": 0.05, "global": false}),
    );
    let before = posts(&fake);
    press(&fake, host, &lobby, ":start").await;
    wait_for_post(&fake, channel, "Night 1 falls").await;
    assert!(posts(&fake) > before + 1);
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn off_turn_messages_can_be_deleted() {
    // The host is a wolf (so alive at dawn): it picks at night, then speaks on day 1.
    let seed = (0..100_000u64)
        .find(|s| {
            let seat = agora::discord::werewolf::lobby::human_seats(1, *s)[0];
            agora::games::werewolf::deal(*s)[seat as usize - 1]
                == agora::games::werewolf::Role::Werewolf
        })
        .unwrap();
    let app = TestApp::builder()
        .seed(seed)
        .env("AGORA_DISCORD_OFF_TURN_MESSAGES", "delete")
        .spawn()
        .await;
    let fake = app.fake.clone();
    let (channel, host, stranger) = (3009, 4081, 4082);
    let lobby = open_lobby(&fake, host, channel, json!([])).await;
    press(&fake, host, &lobby, ":start").await;
    let mut humans = Humans::new(channel, &[host]);
    let called = |f: &FakeDiscord| {
        f.messages(channel)
            .iter()
            .any(|m| m.text().starts_with(&format!("🎤 <@{host}>")))
    };
    let (called, humans, f) = (&called, &tokio::sync::Mutex::new(&mut humans), &fake);
    wait_until_async(
        "the host's turn to speak",
        WAIT,
        Duration::from_millis(30),
        move || async move {
            if called(f) {
                return true;
            }
            let mut humans = humans.lock().await;
            for m in f.dms(host) {
                if m.custom_ids().iter().any(|id| id.starts_with("ask:"))
                    && humans.done.insert((m.id, host))
                {
                    humans.answer_controls(f, host, &m).await;
                }
            }
            false
        },
    )
    .await;
    let noise = fake.say(stranger, channel, "hello from the audience").await;
    fake.wait_until("the off-turn message is deleted", WAIT, |f| {
        f.message(noise).unwrap().deleted
    })
    .await;
    // The speaker's message counts even from a gateway that leaves out `guild_id`: the
    // channel is known by its table.
    let speech = 99_001u64;
    fake.send_event(
        "MESSAGE_CREATE",
        json!({"id": speech.to_string(), "channel_id": channel.to_string(),
               "author": {"id": host.to_string(), "username": format!("user{host}"),
                          "discriminator": "0", "avatar": null},
               "content": "I speak in my turn.",
               "timestamp": "2024-01-01T00:00:00.000000+00:00", "edited_timestamp": null,
               "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
               "attachments": [], "embeds": [], "pinned": false, "type": 0}),
    )
    .await;
    let s = app.store().await;
    let id = s.sessions().await.unwrap()[0].session.id.clone();
    let (s, id) = (&s, &id);
    wait_until_async(
        "the speech is stored",
        WAIT,
        Duration::from_millis(50),
        || async move {
            s.inputs(id).await.unwrap().iter().any(|x| {
                x.source == agora::store::InputSource::Human
                    && x.payload["text"] == "I speak in my turn."
            })
        },
    )
    .await;
    let deleted = fake
        .calls()
        .iter()
        .any(|c| c.method == "DELETE" && c.path.ends_with(&format!("/{speech}")));
    assert!(!deleted, "the speaker's message is not deleted");
    app.stop().await;
}
