//! The moderated (`rounds`) and social debates on the fake Discord, people and AI at one
//! table: seats taken from the lobby (a start by someone other than the host refused),
//! speeches typed in the channel with a live word count and handed in with Done, `done` or
//! by the deadline (a `done` with nothing typed is refused, saying why), the moderator's round
//! posts, a concession by command, and the scorecard with its chart attached; lines that
//! arrive out of order or twice, each participant's side at the start, status, answered
//! calls closed, and the options `pace` and `length` honoured (`live_scores` refused).

use super::open_call as call;
use crate::app::{TestApp, WAIT};
use crate::fake_discord::{FakeDiscord, Msg, APP_ID, DEFAULT_PERMS};
use crate::fake_players::{
    click_and_wait, ephemeral_reply, lobby_reply, post_with, press, start_lobby, told_on_command,
    told_on_press, wait_for_post, wait_for_text,
};
use serde_json::json;
use std::collections::HashSet;

const ANN: u64 = 4201;
const BEN: u64 = 4202;

/// What these tests read in the bot's posts, in the table's language.
pub(super) struct Words {
    /// In the scorecard's title.
    card: &'static str,
    /// In a call's live word count.
    typed: &'static str,
}

pub(super) const ENGLISH: Words = Words {
    card: "Scorecard",
    typed: "words typed",
};

pub(super) const CHINESE: Words = Words {
    card: "计分卡",
    typed: "已输入",
};

impl Words {
    /// The scorecard posted in `channel`, once it is.
    pub(super) fn scorecard(&self, fake: &FakeDiscord, channel: u64) -> Option<String> {
        post_with(fake, channel, self.card)
    }
}

/// `/debate start`'s options for a moderated (`format` 1) or social (2) debate on basic
/// income (a topic with a Chinese bank), `extra` (a JSON array) after them.
fn options(
    format: u64,
    rounds: u64,
    participants: u64,
    extra: serde_json::Value,
) -> serde_json::Value {
    let mut options = vec![
        json!({"name": "topic", "type": 3, "value": "universal_basic_income"}),
        json!({"name": "format", "type": 4, "value": format}),
        json!({"name": "rounds", "type": 4, "value": rounds}),
        json!({"name": "participants", "type": 4, "value": participants}),
    ];
    options.extend(extra.as_array().cloned().unwrap_or_default());
    serde_json::Value::Array(options)
}

/// The lobby of a moderated or social debate opened by `host` in `channel`.
pub(super) async fn open_as(
    fake: &FakeDiscord,
    host: u64,
    channel: u64,
    format: u64,
    rounds: u64,
    participants: u64,
) -> Msg {
    let options = options(format, rounds, participants, json!([]));
    start_lobby(fake, host, channel, "debate", options, ":start").await
}

async fn open(
    fake: &FakeDiscord,
    channel: u64,
    format: u64,
    rounds: u64,
    participants: u64,
) -> Msg {
    open_as(fake, ANN, channel, format, rounds, participants).await
}

/// `/debate start` with `extra` options (a JSON array) after the usual ones.
async fn open_with(
    fake: &FakeDiscord,
    channel: u64,
    format: u64,
    rounds: u64,
    participants: u64,
    extra: serde_json::Value,
) -> Msg {
    let i = start_command(fake, channel, format, rounds, participants, extra).await;
    lobby_reply(fake, i, ":start").await
}

/// Types `text` after the call `msg` and hands it in with Done once the call shows it
/// counted (messages and clicks travel separately, as in Discord).
async fn speak(fake: &FakeDiscord, words: &Words, user: u64, msg: &Msg, id: &str, text: &str) {
    fake.say(user, msg.channel_id, text).await;
    fake.wait_until("the word count", WAIT, |f| {
        f.message(msg.id)
            .is_some_and(|m| m.text().contains(words.typed))
    })
    .await;
    click_and_wait(fake, user, msg, id).await;
}

/// `user` says `text` at each of their calls in `channel` not in `used` (each first shown
/// to `check`), until the scorecard is posted.
pub(super) async fn speak_to_the_scorecard(
    fake: &FakeDiscord,
    words: &Words,
    channel: u64,
    user: u64,
    used: &mut HashSet<String>,
    text: &str,
    check: impl Fn(&Msg),
) {
    while words.scorecard(fake, channel).is_none() {
        fake.wait_until("a call or the end", WAIT, |f| {
            call(f, channel, user, used).is_some() || words.scorecard(f, channel).is_some()
        })
        .await;
        if let Some((msg, id)) = call(fake, channel, user, used) {
            used.insert(id.clone());
            check(&msg);
            speak(fake, words, user, &msg, &id, text).await;
        }
    }
}

async fn start_command(
    fake: &FakeDiscord,
    channel: u64,
    format: u64,
    rounds: u64,
    participants: u64,
    extra: serde_json::Value,
) -> u64 {
    fake.slash(
        ANN,
        channel,
        "debate",
        Some("start"),
        options(format, rounds, participants, extra),
        DEFAULT_PERMS,
    )
    .await
}

/// A channel message from `user` with the message id `id`, sent straight to the gateway
/// (so a test picks the order messages arrive in, and can send one twice).
async fn raw_say(fake: &FakeDiscord, user: u64, channel: u64, id: u64, text: &str) {
    fake.send_event(
        "MESSAGE_CREATE",
        json!({"id": id.to_string(), "channel_id": channel.to_string(),
               "author": {"id": user.to_string(), "username": format!("user{user}"),
                          "discriminator": "0", "avatar": null},
               "content": text,
               "timestamp": "2024-01-01T00:00:00.000000+00:00", "edited_timestamp": null,
               "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
               "attachments": [], "embeds": [], "pinned": false, "type": 0}),
    )
    .await;
}

/// `/debate status` in `channel`, as `user` sees it.
pub(super) async fn status(fake: &FakeDiscord, user: u64, channel: u64) -> String {
    told_on_command(fake, user, channel, "debate", Some("status"), json!([])).await
}

/// The `<t:…:R>` time in `text`, in seconds.
fn deadline_in(text: &str) -> i64 {
    let at = text.find("<t:").expect("a time") + 3;
    text[at..]
        .split(':')
        .next()
        .and_then(|t| t.parse().ok())
        .expect("seconds")
}

/// Every message of `channel` as people see it, printed (shown with `--nocapture`).
pub(super) fn print_transcript(fake: &FakeDiscord, channel: u64) {
    for m in fake.messages(channel) {
        let controls = if m.custom_ids().is_empty() {
            ""
        } else {
            " [controls]"
        };
        eprintln!("<{}>{controls} {}\n", m.author_id, m.text());
    }
}

fn scorecard(fake: &FakeDiscord, channel: u64) -> Option<String> {
    ENGLISH.scorecard(fake, channel)
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
    assert!(told_on_press(&fake, BEN, &lobby, ":start")
        .await
        .contains("Only the host"));
    press(&fake, ANN, &lobby, ":start").await;
    wait_for_text(&fake, lobby.id, "The debate has started").await;
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
    print_transcript(&fake, channel);
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
    assert!(told_on_press(&fake, BEN, &lobby, ":against")
        .await
        .contains("seat already"));
    press(&fake, ANN, &lobby, ":start").await;
    wait_for_text(&fake, lobby.id, "The debate has started").await;
    let mut used = HashSet::new();
    fake.wait_until("Ann's call", WAIT, |f| {
        call(f, channel, ANN, &used).is_some()
    })
    .await;
    let (msg, id) = call(&fake, channel, ANN, &used).unwrap();
    used.insert(id.clone());
    speak(
        &fake,
        &ENGLISH,
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
    let (ben_call, ben_id) = call(&fake, channel, BEN, &used).unwrap();
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
        f.replies(i)
            .iter()
            .any(|m| m.text().contains("You gave in"))
    })
    .await;
    // Ben's open call closes: it says so and has no Done button left.
    fake.wait_until("Ben's call closed", WAIT, |f| {
        f.message(ben_call.id).is_some_and(|m| {
            m.text().contains("closed: you gave in") && m.find_custom_id(":done").is_none()
        })
    })
    .await;
    used.insert(ben_id);
    // Ann speaks on until the end; the AI and the evaluator fill the rest.
    let text = "I understand the worry, but the data is clear.";
    speak_to_the_scorecard(&fake, &ENGLISH, channel, ANN, &mut used, text, |_| {}).await;
    let all: String = fake
        .messages(channel)
        .iter()
        .map(|m| m.text())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(all.contains("🏳️ P2 user4202 gives in (conceded)"), "{all}");
    assert!(
        !fake
            .messages(channel)
            .iter()
            .any(|m| m.text().starts_with("**")),
        "no line starts with stray markdown: {all}"
    );
    // Every call of Ann's is closed with its controls gone.
    fake.wait_until("Ann's calls closed", WAIT, |f| {
        f.messages(channel)
            .iter()
            .filter(|m| m.content.starts_with(&format!("🎤 <@{ANN}>")))
            .all(|m| m.find_custom_id(":done").is_none() && m.text().contains("— handed in ("))
    })
    .await;
    print_transcript(&fake, channel);
    let card = scorecard(&fake, channel).unwrap();
    assert!(card.contains("overwhelming"), "{card}");
    assert!(card.contains("gave in"), "{card}");
    assert!(
        all.contains("P2 user4202 (against, stance -0.85, conviction 0.90)"),
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
            .filter(|m| m.author_id == APP_ID && m.content.starts_with(&format!("🎤 <@{ANN}>")))
            .count()
    };
    fake.wait_until("Ann's call after the restart", WAIT, |f| {
        calls(f) == 2 && call(f, channel, ANN, &HashSet::new()).is_some()
    })
    .await;
    // A `done` typed before anything else is not taken, and she is told why.
    fake.say(ANN, channel, "done").await;
    let told = format!(
        "<@{ANN}>, your `done` was not taken. Nothing typed yet: type your speech in the \
         channel, then press Done."
    );
    fake.wait_until("why the `done` was not taken", WAIT, |f| {
        f.messages(channel).iter().any(|m| m.text() == told)
    })
    .await;
    fake.say(ANN, channel, "After the restart: a floor for everyone.")
        .await;
    wait_for_post(&fake, channel, "7 of 133 words typed").await;
    fake.say(ANN, channel, "done").await;
    fake.wait_until("the scorecard", WAIT, |f| scorecard(f, channel).is_some())
        .await;
    let texts: Vec<String> = fake.messages(channel).iter().map(|m| m.text()).collect();
    let all = texts.join("\n");
    assert_eq!(
        texts.iter().filter(|t| t.starts_with("🔔 Round 1")).count(),
        1,
        "{all}"
    );
    assert!(
        all.contains("P1 user4201 (round 1, 7/133 words): After the restart"),
        "{all}"
    );
    assert!(all.contains("The moderator on round 1"), "{all}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lines_arriving_out_of_order_or_twice_are_one_speech_in_message_order() {
    let app = TestApp::builder().seed(8).spawn().await;
    let fake = app.fake.clone();
    let channel = 3204;
    let lobby = open(&fake, channel, 1, 1, 2).await;
    press(&fake, ANN, &lobby, ":join").await;
    assert!(
        status(&fake, ANN, channel)
            .await
            .contains("Moderated debate lobby** — 1 person has joined."),
        "the lobby's status"
    );
    press(&fake, ANN, &lobby, ":start").await;
    // Each participant is told their side in the channel.
    wait_for_text(&fake, lobby.id, "The debate has started").await;
    let started = fake.message(lobby.id).unwrap().text();
    assert!(
        started.contains(&format!("P1 user4201 · <@{ANN}> — **for** the motion")),
        "{started}"
    );
    assert!(started.contains("— **against** the motion"), "{started}");
    let used = HashSet::new();
    fake.wait_until("Ann's call", WAIT, |f| {
        call(f, channel, ANN, &used).is_some()
    })
    .await;
    let (msg, id) = call(&fake, channel, ANN, &used).unwrap();
    let now = status(&fake, BEN, channel).await;
    assert!(
        now.contains("Round 1 of 1: P1 user4201 is speaking (their time runs out <t:"),
        "{now}"
    );
    assert!(!now.contains("moments") && !now.contains("posted"), "{now}");
    // Typed in this order (by message id), arriving last first, the first one twice.
    raw_say(&fake, ANN, channel, 90_003, "Teams that share win.").await;
    raw_say(&fake, ANN, channel, 90_001, "First, a floor for everyone.").await;
    raw_say(&fake, ANN, channel, 90_002, "That is my case.").await;
    raw_say(&fake, ANN, channel, 90_001, "First, a floor for everyone.").await;
    fake.wait_until("the word count", WAIT, |f| {
        f.message(msg.id)
            .is_some_and(|m| m.text().contains("13 of"))
    })
    .await;
    click_and_wait(&fake, ANN, &msg, &id).await;
    fake.wait_until("Ann's speech posted", WAIT, |f| {
        f.messages(channel)
            .iter()
            .any(|m| m.author_id == APP_ID && m.text().contains("Teams that share win."))
    })
    .await;
    let speech = fake
        .messages(channel)
        .into_iter()
        .map(|m| m.text())
        .find(|t| t.contains("Teams that share win.") && t.contains("(round 1"))
        .expect("the speech");
    let at = |s: &str| speech.find(s).expect(s);
    assert!(
        at("First, a floor") < at("That is my case") && at("That is my case") < at("Teams that"),
        "{speech}"
    );
    assert_eq!(speech.matches("First, a floor").count(), 1, "{speech}");
    assert!(speech.contains("13/"), "{speech}");
    // The answered call closes: it says so, and its Done button is gone.
    fake.wait_until("the call closed", WAIT, |f| {
        f.message(msg.id).is_some_and(|m| {
            m.text().contains("handed in (13 words)") && m.find_custom_id(":done").is_none()
        })
    })
    .await;
    fake.wait_until("the scorecard", WAIT, |f| scorecard(f, channel).is_some())
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pace_and_length_are_honoured_and_live_scores_refused_with_the_reason() {
    let app = TestApp::builder()
        .seed(9)
        .env("AGORA_DEBATE_TIMERS_SPEECH", 100)
        .spawn()
        .await;
    let fake = app.fake.clone();
    let channel = 3205;
    for format in [1, 2] {
        let i = start_command(
            &fake,
            channel,
            format,
            1,
            3,
            json!([{"name": "live_scores", "type": 5, "value": true}]),
        )
        .await;
        let why = ephemeral_reply(&fake, i).await;
        assert!(
            why.contains("Not started: live_scores applies to the team debate only"),
            "{why}"
        );
    }
    let i = start_command(
        &fake,
        channel,
        1,
        1,
        2,
        json!([{"name": "pace", "type": 10, "value": 0.0}]),
    )
    .await;
    assert!(ephemeral_reply(&fake, i)
        .await
        .contains("Not started: pace"));
    let lobby = open_with(
        &fake,
        channel,
        1,
        1,
        2,
        json!([
            {"name": "pace", "type": 10, "value": 0.5},
            {"name": "length", "type": 4, "value": 0}
        ]),
    )
    .await;
    assert!(
        lobby.text().contains("full speeches · pace 0.5"),
        "{}",
        lobby.text()
    );
    press(&fake, ANN, &lobby, ":join").await;
    press(&fake, ANN, &lobby, ":start").await;
    let used = HashSet::new();
    fake.wait_until("Ann's call", WAIT, |f| {
        call(f, channel, ANN, &used).is_some()
    })
    .await;
    let (msg, _) = call(&fake, channel, ANN, &used).unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let left = deadline_in(&msg.content) - now;
    assert!(
        (35..=55).contains(&left),
        "a 100 s speech at pace 0.5 closes in about 50 s, not {left} s: {}",
        msg.content
    );
    // Full length: the source's limit, three times the short one (133 words).
    let limit: u32 = msg
        .content
        .split("at most ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the limit");
    assert!(limit > 300, "{}", msg.content);
}

/// A server whose language is Chinese starts a moderated debate on a topic with a Chinese
/// bank in Chinese: the stored setup keeps the language and the topic's Chinese motion.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chinese_server_starts_its_panel_debates_in_chinese() {
    let app = TestApp::builder().seed(5).spawn().await;
    let fake = app.fake.clone();
    let store = app.store().await;
    super::store_server_lang(&store, agora_games::Lang::ZhCn).await;
    let lobby = open(&fake, 3207, 1, 1, 2).await;
    press(&fake, ANN, &lobby, ":start").await;
    let setup = super::stored_setup(&store, "debate").await;
    assert_eq!(setup["lang"], "zh-CN", "{setup}");
    assert_eq!(setup["motion"], "应当实行全民基本收入", "{setup}");
}
