//! Bad input at every control of the team debate, the moderated and social debates and the
//! trial, on the fake Discord: another person's controls, a bystander's, a lobby button
//! after the start, buttons after the end or from before a restart, commands with options
//! that do not apply or out of range, a second game in a busy channel, empty forms, typing
//! out of turn, pings, code fences and long speeches. Each gets a plain answer only the
//! person sees (or in the thread), changes nothing, and the game goes on to its end with
//! nothing posted twice.

use crate::app::{wait_until_async, TestApp, WAIT};
use crate::fake_discord::{FakeDiscord, Msg, APP_ID, DEFAULT_PERMS};
use crate::fake_players::{click_and_wait, ephemeral_reply, press, wait_for_text};
use serde_json::{json, Value};
use std::collections::HashSet;
use std::time::Duration;

pub(super) const ANN: u64 = 4501;
pub(super) const BEN: u64 = 4502;
/// Watches, never seated.
pub(super) const CY: u64 = 4503;

/// `/debate|trial SUB options` by `user` in `channel`, with plain member permissions.
pub(super) async fn command(
    fake: &FakeDiscord,
    user: u64,
    channel: u64,
    family: &str,
    sub: &str,
    options: Value,
) -> u64 {
    fake.slash(user, channel, family, Some(sub), options, DEFAULT_PERMS)
        .await
}

/// The ephemeral answer to a command or click, which must read as plain words.
pub(super) async fn answer(fake: &FakeDiscord, i: u64) -> String {
    let text = ephemeral_reply(fake, i).await;
    assert_plain(&text);
    text
}

/// Clicks `custom_id` on `msg` as `user` and returns the ephemeral answer.
pub(super) async fn refused_click(
    fake: &FakeDiscord,
    user: u64,
    msg: &Msg,
    custom_id: &str,
) -> String {
    let i = click_and_wait(fake, user, msg, custom_id).await;
    answer(fake, i).await
}

/// What a person reads carries no machinery: no internal ids, raw errors or jargon.
pub(super) fn assert_plain(text: &str) {
    for bad in [
        "Not taken",
        "seat 1",
        "seq",
        "Error",
        "error:",
        "session",
        "Some(",
        "None",
        "{",
    ] {
        assert!(
            !text.contains(bad),
            "{bad:?} in what a person reads: {text}"
        );
    }
}

/// Every bot message fits Discord's 2,000 characters and pings nobody en masse.
pub(super) fn assert_posts_sane(fake: &FakeDiscord) {
    for m in fake.all_messages() {
        if m.author_id != APP_ID {
            continue;
        }
        assert!(
            m.content.chars().count() <= 2000,
            "a message over 2,000 characters: {}",
            m.content.chars().count()
        );
        let t = m.text();
        assert!(!t.contains("@everyone") && !t.contains("@here"), "{t}");
        assert!(!t.contains("<@&"), "a role ping: {t}");
    }
}

/// A message of `user` with a Done control not yet used.
pub(super) fn open_call(
    fake: &FakeDiscord,
    channel: u64,
    user: u64,
    used: &HashSet<String>,
) -> Option<Msg> {
    fake.messages(channel).into_iter().find(|m| {
        m.author_id == APP_ID
            && m.content.contains(&format!("<@{user}>"))
            && m.find_custom_id(":done")
                .is_some_and(|id| !used.contains(&id))
    })
}

/// The live word count a team-debate call shows ("✍️ 20 / 250 words").
pub(super) fn typed_words(fake: &FakeDiscord, call: &Msg) -> usize {
    let content = fake.message(call.id).unwrap().content;
    content
        .split("✍️ ")
        .nth(1)
        .and_then(|rest| rest.split(" / ").next())
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0)
}

pub(super) fn posted(fake: &FakeDiscord, channel: u64, needle: &str) -> usize {
    fake.messages(channel)
        .iter()
        .filter(|m| m.author_id == APP_ID && m.text().contains(needle))
        .count()
}

async fn open_team_lobby(fake: &FakeDiscord, channel: u64, extra: Value) -> u64 {
    let mut options = vec![json!({"name": "topic", "type": 3, "value": "universal_basic_income"})];
    options.extend(extra.as_array().cloned().unwrap_or_default());
    command(fake, ANN, channel, "debate", "start", Value::Array(options)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_team_debate_refuses_bad_input_at_every_control() {
    let app = TestApp::builder()
        .seed(31)
        .env("AGORA_DEBATE_TIMERS_PACE", 0.25)
        .env("AGORA_DEBATE_TIMERS_SUMMARY", 12)
        .env("AGORA_DISCORD_AI_SPEECH_MS", 60)
        .spawn()
        .await;
    let fake = app.fake.clone();
    let channel = 3501;
    // Options out of range or for another format, an unknown topic: nothing opens.
    for (extra, expect) in [
        (json!([{"name": "pace", "type": 10, "value": 0.0}]), "pace"),
        (json!([{"name": "pace", "type": 10, "value": -2.0}]), "pace"),
        (
            json!([{"name": "pace", "type": 10, "value": 1.0e9}]),
            "pace",
        ),
        (json!([{"name": "rounds", "type": 4, "value": 3}]), "rounds"),
        (
            json!([{"name": "participants", "type": 4, "value": 4}]),
            "participants",
        ),
    ] {
        let i = open_team_lobby(&fake, channel, extra).await;
        let why = answer(&fake, i).await;
        assert!(
            why.starts_with("Not started:") && why.contains(expect),
            "{why}"
        );
    }
    let i = command(
        &fake,
        ANN,
        channel,
        "debate",
        "start",
        json!([{"name": "topic", "type": 3, "value": "no_such_topic"}]),
    )
    .await;
    assert!(answer(&fake, i).await.contains("there is no topic"));
    assert!(
        fake.messages(channel).iter().all(Msg::is_ephemeral),
        "nothing was posted for everyone"
    );

    let i = open_team_lobby(&fake, channel, json!([])).await;
    fake.wait_until("the lobby", WAIT, |f| {
        f.replies(i)
            .iter()
            .any(|m| m.find_custom_id(":seat1").is_some())
    })
    .await;
    let lobby = fake
        .replies(i)
        .into_iter()
        .find(|m| m.find_custom_id(":seat1").is_some())
        .unwrap();
    // A second game in the channel; a bystander's Leave, Start, Cancel, stop; concede.
    let i = open_team_lobby(&fake, channel, json!([])).await;
    assert!(answer(&fake, i)
        .await
        .contains("already open in this channel"));
    let leave = lobby.find_custom_id(":leave").unwrap();
    assert!(refused_click(&fake, CY, &lobby, &leave)
        .await
        .contains("You do not have a seat"));
    let start = lobby.find_custom_id(":start").unwrap();
    assert!(refused_click(&fake, CY, &lobby, &start)
        .await
        .contains("Only the host"));
    let cancel = lobby.find_custom_id(":cancel").unwrap();
    assert!(refused_click(&fake, CY, &lobby, &cancel)
        .await
        .contains("Only the host"));
    let i = command(&fake, CY, channel, "debate", "stop", json!([])).await;
    assert!(answer(&fake, i).await.contains("Only the host"));
    let i = command(&fake, ANN, channel, "debate", "concede", json!([])).await;
    assert!(answer(&fake, i).await.contains("social debates"));

    press(&fake, ANN, &lobby, ":seat2").await;
    press(&fake, BEN, &lobby, ":seat5").await;
    wait_for_text(&fake, lobby.id, "user4502").await;
    // The host presses Start twice; a bystander takes a seat once it started.
    let first = fake.click(ANN, &lobby, &start).await;
    let second = fake.click(ANN, &lobby, &start).await;
    fake.wait_until("both presses answered", WAIT, |f| {
        f.callback(first).is_some() && f.callback(second).is_some()
    })
    .await;
    let refused = [first, second]
        .iter()
        .filter(|i| fake.callback(**i).is_some_and(|c| c.0 == 4))
        .count();
    assert_eq!(refused, 1, "one Start starts it, the other is told");
    for i in [first, second] {
        if fake.callback(i).is_some_and(|c| c.0 == 4) {
            assert!(answer(&fake, i).await.contains("already started"));
        }
    }
    wait_for_text(&fake, lobby.id, "The debate has started").await;
    let seat3 = lobby.find_custom_id(":seat3").unwrap();
    assert!(refused_click(&fake, CY, &lobby, &seat3)
        .await
        .contains("already started"));
    let i = open_team_lobby(&fake, channel, json!([])).await;
    assert!(answer(&fake, i)
        .await
        .contains("already open in this channel"));
    let threads = fake.threads();
    let (pro_thread, con_thread) = (threads[0].0, threads[1].0);
    // Ann writes in Con's thread (a moderator could reach it): not a note of either team.
    fake.say(ANN, con_thread, "Pro's secret: we fold on costs")
        .await;

    // Ben's opening call: everyone else's presses and empty hand-ins are refused.
    let mut used = HashSet::new();
    fake.wait_until("Ben's call", WAIT, |f| {
        open_call(f, channel, BEN, &used).is_some()
    })
    .await;
    let call = open_call(&fake, channel, BEN, &used).unwrap();
    let done = call.find_custom_id(":done").unwrap();
    let write = call.find_custom_id(":write").unwrap();
    for (who, id) in [(ANN, &done), (CY, &done), (ANN, &write)] {
        let why = refused_click(&fake, who, &call, id).await;
        assert!(
            why.contains("not yours") || why.contains("user4502"),
            "{why}"
        );
    }
    let why = refused_click(&fake, BEN, &call, &done).await;
    assert!(why.contains("Nothing written yet"), "{why}");
    // Typed in the channel, then the form opened and sent blank: what was typed is kept.
    fake.say(BEN, channel, "Costs matter: @everyone <@&777> hear this.")
        .await;
    fake.wait_until("the word count", WAIT, |f| typed_words(f, &call) == 6)
        .await;
    let i = click_and_wait(&fake, BEN, &call, &write).await;
    let (kind, body, _) = fake.callback(i).unwrap();
    assert_eq!(kind, 9, "the form opens: {body}");
    let form = body["custom_id"].as_str().unwrap().to_string();
    for blank in ["", "   \n  "] {
        let m = fake
            .modal_submit(BEN, channel, &form, &[("speech", blank)])
            .await;
        let why = answer(&fake, m).await;
        assert!(why.contains("empty") && why.contains("kept"), "{why}");
    }
    // Off-turn lines (a seated person, a bystander) are not part of Ben's speech.
    fake.say(ANN, channel, "Ann speaks out of turn.").await;
    fake.say(CY, channel, "Cy only watches.").await;
    fake.say(
        BEN,
        channel,
        "```rust\nfn main() {}\n```\nAnd *that* is why a basic income costs too much.",
    )
    .await;
    fake.wait_until("the word count", WAIT, |f| typed_words(f, &call) == 21)
        .await;
    used.insert(done.clone());
    press(&fake, BEN, &call, ":done").await;
    fake.wait_until("Ben's speech", WAIT, |f| {
        posted(f, channel, "Costs matter") == 1
    })
    .await;
    let speech = fake
        .messages(channel)
        .into_iter()
        .filter(|m| m.author_id == APP_ID)
        .map(|m| m.text())
        .find(|t| t.contains("Costs matter"))
        .unwrap();
    assert!(
        speech.contains("why a basic income costs too much"),
        "{speech}"
    );
    assert!(
        !speech.contains("out of turn") && !speech.contains("Cy only"),
        "{speech}"
    );
    assert_eq!(
        speech.matches("```").count() % 2,
        0,
        "fences closed: {speech}"
    );
    let why = refused_click(&fake, BEN, &call, &done).await;
    assert!(why.contains("closed"), "{why}");

    // The rest of the debate: Ann cross-examines (Done before picking who answers is
    // refused; Ben cannot pick for her), then everyone answers their calls to the end.
    let rest = tokio::sync::Mutex::new(Rest {
        used,
        ..Rest::default()
    });
    let (rest_ref, fake_ref) = (&rest, &fake);
    wait_until_async(
        "the debate ends",
        Duration::from_secs(120),
        Duration::from_millis(40),
        move || async move {
            let fake = fake_ref;
            if posted(fake, channel, "Team totals") > 0 {
                return true;
            }
            let mut rest = rest_ref.lock().await;
            let Rest {
                used,
                ann_asked,
                long_sent,
                floor_tried,
            } = &mut *rest;
            if !*floor_tried {
                if let Some(board) = fake
                    .messages(channel)
                    .into_iter()
                    .find(|m| m.author_id == APP_ID && m.find_custom_id("board:").is_some())
                {
                    let id = board.find_custom_id("board:").unwrap();
                    let why = refused_click(fake, CY, &board, &id).await;
                    assert!(why.contains("Only the debaters"), "{why}");
                    *floor_tried = true;
                }
            }
            for user in [ANN, BEN] {
                let Some(call) = open_call(fake, channel, user, used) else {
                    continue;
                };
                let done = call.find_custom_id(":done").unwrap();
                used.insert(done.clone());
                if let Some(target) = call.find_custom_id(":target") {
                    if !*ann_asked {
                        *ann_asked = true;
                        fake.say(user, channel, "Who pays for it, and how much?")
                            .await;
                        fake.wait_until("the word count", WAIT, |f| typed_words(f, &call) > 0)
                            .await;
                        let why = refused_click(fake, user, &call, &done).await;
                        assert!(why.contains("Pick who answers"), "{why}");
                        let i = fake.select(BEN, &call, &target, &["6"]).await;
                        fake.wait_until("answered", WAIT, |f| f.callback(i).is_some())
                            .await;
                        assert!(answer(fake, i).await.contains("not yours"));
                        let i = fake.select(user, &call, &target, &["1"]).await;
                        fake.wait_until("answered", WAIT, |f| f.callback(i).is_some())
                            .await;
                        assert!(answer(fake, i).await.contains("Pick one of the two"));
                    }
                    let options = call.select_options(&target);
                    fake.select(user, &call, &target, &[options[0].1.as_str()])
                        .await;
                    fake.wait_until("the answerer shown", WAIT, |f| {
                        f.message(call.id).unwrap().content.contains("answers")
                    })
                    .await;
                }
                let text = if user == BEN && !*long_sent {
                    *long_sent = true;
                    // Over 2,000 characters in all, in three messages.
                    let word = "incomprehensibility";
                    let line = vec![word; 40].join(" ");
                    for _ in 0..2 {
                        fake.say(user, channel, &line).await;
                    }
                    line
                } else {
                    "Security and freedom, for every citizen, is our case here.".to_string()
                };
                fake.say(user, channel, &text).await;
                fake.wait_until("counted, or the call moved on", WAIT, |f| {
                    typed_words(f, &call) >= 9 || f.message(call.id).unwrap().components.is_empty()
                })
                .await;
                if !fake.message(call.id).unwrap().components.is_empty() {
                    let i = click_and_wait(fake, user, &call, &done).await;
                    if let Some((4, body, _)) = fake.callback(i) {
                        assert!(body.to_string().contains("closed"), "{body}");
                    }
                }
                fake.wait_until("the call closes", WAIT, |f| {
                    f.message(call.id).unwrap().components.is_empty()
                })
                .await;
            }
            false
        },
    )
    .await;
    let Rest {
        ann_asked,
        long_sent,
        floor_tried,
        ..
    } = rest.into_inner();
    assert!(ann_asked && long_sent && floor_tried);
    // After the end: old buttons, the commands.
    let why = refused_click(&fake, BEN, &call, &done).await;
    assert!(why.contains("closed") || why.contains("ended"), "{why}");
    let why = refused_click(&fake, ANN, &lobby, &start).await;
    assert!(why.contains("closed") || why.contains("ended"), "{why}");
    let i = command(&fake, ANN, channel, "debate", "concede", json!([])).await;
    assert!(answer(&fake, i).await.contains("no debate"));
    let i = command(&fake, ANN, channel, "debate", "stop", json!([])).await;
    assert!(answer(&fake, i).await.contains("no game"));
    // Nothing leaked from the thread written in by the wrong team.
    for c in [channel, pro_thread, con_thread] {
        assert_eq!(posted(&fake, c, "fold on costs"), 0);
    }
    assert_eq!(posted(&fake, channel, "## 🎙️ Opening statements"), 1);
    assert_eq!(posted(&fake, channel, "Team totals"), 1);
    assert_posts_sane(&fake);
    fake.save_transcript("bad_inputs_team");
    app.stop().await;
}

/// What the rest of the team debate has shown so far: the calls answered, and whether Ann
/// has cross-examined, Ben has sent his long speech and Cy has tried to take the floor.
#[derive(Default)]
struct Rest {
    used: HashSet<String>,
    ann_asked: bool,
    long_sent: bool,
    floor_tried: bool,
}
