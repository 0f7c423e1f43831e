//! A whole team debate on the fake Discord: two people and six AI debaters, every human
//! step typed or clicked as a person would — seats taken from the lobby, speeches typed in
//! the channel and handed in with Done (the call's word count following along), one
//! written in the form, the cross-examiner's answerer picked from the menu, a note in the
//! team's private thread — to the scorecard, the review and the leaderboard.

use crate::app::{wait_until_async, TestApp, WAIT};
use crate::fake_discord::{FakeDiscord, Msg, APP_ID, DEFAULT_PERMS};
use crate::fake_players::{click_and_wait, ephemeral_reply, press, wait_for_post, wait_for_text};
use serde_json::json;
use std::collections::HashSet;
use std::time::Duration;

const ANN: u64 = 4101;
const BEN: u64 = 4102;
const CHANNEL: u64 = 3101;

async fn open_debate_lobby(fake: &FakeDiscord) -> Msg {
    super::restart::debate_lobby(fake, ANN, CHANNEL).await
}

/// The open call of `user` in the channel: a message mentioning them with a Done button.
fn open_call(fake: &FakeDiscord, user: u64, done: &HashSet<String>) -> Option<Msg> {
    super::open_call(fake, CHANNEL, user, done).map(|(call, _)| call)
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
        .env("AGORA_DEBATE_TIMERS_SUMMARY", 12)
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
    wait_for_text(&fake, lobby.id, "The debate has started").await;
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

    let mut people = Debaters::default();
    people.play_to_the_end(&fake, &[ANN, BEN]).await;
    let (turns, by_form, saw_count) = (people.turns, people.by_form, people.saw_count);
    assert_eq!(people.floors, 1, "Ben took the free-debate floor unasked");
    assert!(
        people.at_deadline >= 1,
        "a speech typed but not handed in counts at its deadline"
    );
    assert!(
        turns >= 3 && by_form >= 1 && saw_count,
        "turns {turns}, forms {by_form}"
    );

    let msgs = fake.messages(CHANNEL);
    // A person's speech is a message of its own: the moderator's next lines never sit
    // inside their quote.
    let theirs: Vec<_> = msgs
        .iter()
        .filter(|m| m.author_id == APP_ID && m.text().contains(">>> First,"))
        .collect();
    assert!(!theirs.is_empty());
    for m in theirs {
        let t = m.text();
        for moderator in ["🎙️", "🎤", "⏱️", "⚠️", "📊", "🏁"] {
            assert!(!t.contains(moderator), "moderator lines in a speech: {t}");
        }
    }
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
    wait_for_post(&fake, CHANNEL, "The review by the offline judge").await;
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
    fake.save_transcript("team_debate_two_people");
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
            None,
            super::game_option("debate"),
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

/// People at the debate: each answers their open call — picks the answerer when asked,
/// types a speech in the channel and presses Done (watching the word count), writes one
/// in the form every third turn, and at a summary types but lets the time run out.
#[derive(Default)]
struct Debaters {
    done: HashSet<String>,
    turns: usize,
    by_form: usize,
    at_deadline: usize,
    saw_count: bool,
    /// Floors taken unasked in free debate (the last person presses Take the floor once).
    floors: usize,
}

impl Debaters {
    async fn play_to_the_end(&mut self, fake: &FakeDiscord, users: &[u64]) {
        let me = &tokio::sync::Mutex::new(self);
        wait_until_async(
            "the debate finishes",
            Duration::from_secs(240),
            Duration::from_millis(50),
            move || async move {
                if fake
                    .messages(CHANNEL)
                    .iter()
                    .any(|m| m.text().contains("Team totals"))
                {
                    return true;
                }
                let mut me = me.lock().await;
                if let Some(&user) = users.last().filter(|_| me.floors == 0) {
                    me.take_the_floor(fake, user).await;
                }
                for &user in users {
                    if let Some(call) = open_call(fake, user, &me.done) {
                        me.answer(fake, user, call).await;
                    }
                }
                false
            },
        )
        .await;
    }

    /// Presses "Take the floor" once free debate is open and `user` has no call; true if
    /// the floor was given (a call of their own answering no ask, sequence 0).
    async fn take_the_floor(&mut self, fake: &FakeDiscord, user: u64) -> bool {
        let Some(button) = fake
            .messages(CHANNEL)
            .into_iter()
            .find(|m| m.author_id == APP_ID && m.find_custom_id("board:").is_some())
        else {
            return false;
        };
        let opened = fake
            .messages(CHANNEL)
            .iter()
            .any(|m| m.author_id == APP_ID && m.content.contains("free-debate speech ("));
        if !opened || open_call(fake, user, &self.done).is_some() {
            return false;
        }
        let i = press(fake, user, &button, "board:").await;
        if fake.callback(i).map(|c| c.0) != Some(6) {
            return false; // refused (a call of theirs came first): fine
        }
        // The floor's own call (sequence 0) — or, when the moderator called the seat just
        // then, that call: either is a free-debate speech of theirs to answer.
        fake.wait_until("the floor's own call", WAIT, |f| {
            open_call(f, user, &self.done).is_some()
        })
        .await;
        let call = open_call(fake, user, &self.done).unwrap();
        assert!(
            call.content.contains("free-debate speech"),
            "{}",
            call.content
        );
        self.floors += 1;
        self.answer(fake, user, call).await;
        true
    }

    async fn answer(&mut self, fake: &FakeDiscord, user: u64, call: Msg) {
        let done_id = call.find_custom_id(":done").unwrap();
        self.done.insert(done_id.clone());
        self.turns += 1;
        if let Some(target) = call.find_custom_id(":target") {
            let options = call.select_options(&target);
            fake.select(user, &call, &target, &[options[0].1.as_str()])
                .await;
            fake.wait_until("the answerer shown", WAIT, |f| {
                f.message(call.id).unwrap().content.contains("answers")
            })
            .await;
        }
        if call.content.contains("summary") {
            // Typed, never handed in: at the deadline it is the speech.
            let typed = speech(9, "Summing up,");
            fake.say(user, CHANNEL, &typed).await;
            fake.wait_until("the speech handed in at its deadline", WAIT, |f| {
                f.messages(CHANNEL)
                    .iter()
                    .any(|m| m.author_id == APP_ID && m.text().contains(&typed))
            })
            .await;
            self.at_deadline += 1;
        } else if self.turns % 3 == 2 {
            // Written in the form.
            let write = call.find_custom_id(":write").unwrap();
            let i = click_and_wait(fake, user, &call, &write).await;
            let (kind, body, _) = fake.callback(i).unwrap();
            if kind == 4 && body.to_string().contains("closed") {
                // The call closed or moved (the floor came back to the seat) just before
                // the click: refused as stale, its controls taken away; a new call, if
                // any, comes next.
                fake.wait_until("the stale call's controls removed", WAIT, |f| {
                    f.message(call.id).unwrap().components.is_empty()
                })
                .await;
                self.turns -= 1;
                return;
            }
            assert_eq!(kind, 9, "a form opens: {body}");
            let form = body["custom_id"].as_str().unwrap().to_string();
            let text = format!("{}? {}?", speech(12, "Why"), speech(6, "and how"));
            let m = fake
                .modal_submit(user, CHANNEL, &form, &[("speech", &text)])
                .await;
            let reply = ephemeral_reply(fake, m).await;
            assert!(
                reply.contains("Your speech is in") || reply.contains("Your call moved"),
                "{reply}"
            );
            self.by_form += 1;
        } else {
            let before = fake.message(call.id).unwrap().edits;
            fake.say(user, CHANNEL, &speech(10, "First,")).await;
            fake.say(user, CHANNEL, &format!("{}.", speech(8, "Second,")))
                .await;
            // The word count follows — unless the call was replaced meanwhile (the floor
            // came back to the seat): the new call carries the text and comes next.
            fake.wait_until("the live word count", WAIT, |f| {
                let m = f.message(call.id).unwrap();
                (m.edits > before && typed_words(&m.content) >= 20) || m.components.is_empty()
            })
            .await;
            if !fake.message(call.id).unwrap().components.is_empty() {
                self.saw_count = true;
                let i = click_and_wait(fake, user, &call, &done_id).await;
                // A call shown open takes the speech: never "Not taken" after typing.
                if let Some((4, body, _)) = fake.callback(i) {
                    let body = body.to_string();
                    assert!(
                        body.contains("closed"),
                        "Done on an open call was refused: {body}"
                    );
                }
            }
        }
        // The call closes once the speech is in; its old button is refused.
        fake.wait_until("the call closes", WAIT, |f| {
            f.message(call.id).unwrap().components.is_empty()
        })
        .await;
        let i = click_and_wait(fake, user, &call, &done_id).await;
        assert!(ephemeral_reply(fake, i).await.contains("closed"));
    }
}

/// The live word count a call shows ("✍️ 20 / 250 words"); 0 when it shows none. A call
/// that replaced an earlier one carries that call's text too, so the count can be higher.
pub(super) fn typed_words(content: &str) -> usize {
    content
        .split("✍️ ")
        .nth(1)
        .and_then(|rest| rest.split(" / ").next())
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_debate_resumes_with_the_typed_speech_and_old_buttons() {
    let mut app = TestApp::builder()
        .seed(22)
        .env("AGORA_DEBATE_TIMERS_PACE", 0.25)
        .env("AGORA_DEBATE_TIMERS_SUMMARY", 12)
        .env("AGORA_DISCORD_AI_SPEECH_MS", 100)
        .spawn()
        .await;
    let fake = app.fake.clone();
    let lobby = open_debate_lobby(&fake).await;
    press(&fake, ANN, &lobby, ":seat1").await;
    press(&fake, ANN, &lobby, ":start").await;
    // Pro 1 opens: Ann's call comes first; she types part of her speech; the bot restarts.
    fake.wait_until("Ann's call", WAIT, |f| {
        open_call(f, ANN, &HashSet::new()).is_some()
    })
    .await;
    let call = open_call(&fake, ANN, &HashSet::new()).unwrap();
    fake.say(ANN, CHANNEL, "Before the restart: security for everyone.")
        .await;
    fake.wait_until("the word count", WAIT, |f| {
        f.message(call.id).unwrap().content.contains("6 / ")
    })
    .await;
    app.stop_bot().await;
    app.start_bot().await;
    wait_for_post(&fake, CHANNEL, "The bot restarted").await;
    let posted = |needle: &str| {
        fake.messages(CHANNEL)
            .iter()
            .filter(|m| m.text().contains(needle))
            .count()
    };
    assert_eq!(
        posted("## 🎙️ Opening statements"),
        1,
        "nothing posted twice"
    );
    fake.say(ANN, CHANNEL, "After it: freedom to choose work.")
        .await;
    fake.wait_until("the word count goes on", WAIT, |f| {
        f.message(call.id).unwrap().content.contains("12 / ")
    })
    .await;
    click_and_wait(&fake, ANN, &call, &call.find_custom_id(":done").unwrap()).await;
    fake.wait_until("the speech from both sides of the restart", WAIT, |f| {
        f.messages(CHANNEL).iter().any(|m| {
            m.author_id == APP_ID
                && m.text().contains("Before the restart")
                && m.text().contains("After it")
        })
    })
    .await;
    let mut people = Debaters::default();
    people.done.insert(call.find_custom_id(":done").unwrap());
    people.play_to_the_end(&fake, &[ANN]).await;
    assert_eq!(posted("## 🎙️ Opening statements"), 1);
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn agora_run_plays_a_team_debate_with_a_person() {
    let app = TestApp::builder()
        .binary()
        .seed(23)
        .env("AGORA_DEBATE_TIMERS_PACE", 0.25)
        .env("AGORA_DEBATE_TIMERS_SUMMARY", 12)
        .env("AGORA_DISCORD_AI_SPEECH_MS", 50)
        .spawn()
        .await;
    let fake = app.fake.clone();
    let lobby = open_debate_lobby(&fake).await;
    press(&fake, BEN, &lobby, ":seat8").await;
    press(&fake, ANN, &lobby, ":start").await;
    let mut people = Debaters::default();
    people.play_to_the_end(&fake, &[BEN]).await;
    assert!(
        people.turns >= 2,
        "Con 4 sums up and closes: {}",
        people.turns
    );
    app.stop().await;
}
