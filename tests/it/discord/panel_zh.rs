//! The moderated and social debates on a server set to Chinese, a person and AI at each
//! table to the scorecard: the lobby, its buttons, the start, the calls, their word counts,
//! the round posts, status and the scorecard — every message the bot shows a person holds
//! Han characters — and what the clicker alone is told is in their language. A typed
//! `done` that could not be taken is refused in Chinese; a motion typed in the
//! participants' own words is argued in Chinese (the Chinese prompts and generic bank), and
//! a lobby stored before lobbies kept their language starts in the server's.

use super::debate_panel::{open_as, print_transcript, speak_to_the_scorecard, status, CHINESE};
use super::{store_server_lang, without_han};
use crate::app::{TestApp, WAIT};
use crate::fake_discord::{FakeDiscord, Msg, GUILD_ID};
use crate::fake_players::{press, start_lobby, told_on_press, wait_for_text};
use serde_json::json;
use std::collections::HashSet;

const ANN: u64 = 4801;
/// A player whose Discord locale is `en-US`: told things in English.
const CY: u64 = 4803;

/// `/debate start` on the basic-income topic (it has a Chinese bank), one round, as ANN:
/// the lobby.
async fn open(fake: &FakeDiscord, channel: u64, format: u64, participants: u64) -> Msg {
    open_as(fake, ANN, channel, format, 1, participants).await
}

/// ANN speaks at every call of hers, each one of round 1, until the scorecard is posted.
async fn play_to_the_end(fake: &FakeDiscord, channel: u64) {
    let text = "全民基本收入让每个人都有安全感，也有重新学习和创业的自由。";
    let round_1 = |msg: &Msg| assert!(msg.text().contains("第 1 轮的发言"), "{}", msg.text());
    let mut used = HashSet::new();
    speak_to_the_scorecard(fake, &CHINESE, channel, ANN, &mut used, text, round_1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chinese_server_plays_a_moderated_and_a_social_debate_in_chinese() {
    let app = TestApp::builder().seed(5).spawn().await;
    let fake = app.fake.clone();
    store_server_lang(&app.store().await, agora_games::Lang::ZhCn).await;
    fake.set_locale(ANN, "zh-CN");
    fake.set_locale(CY, "en-US");

    // A moderated debate: Ann and an AI, one round.
    let channel = 3301;
    let lobby = open(&fake, channel, 1, 2).await;
    assert!(lobby.text().contains("主持式辩论"), "{}", lobby.text());
    press(&fake, ANN, &lobby, ":join").await;
    assert_eq!(
        told_on_press(&fake, CY, &lobby, ":start").await,
        "Only the host can start the debate.",
        "the English speaker is told in English"
    );
    press(&fake, ANN, &lobby, ":start").await;
    wait_for_text(&fake, lobby.id, "辩论开始了").await;
    let now = status(&fake, ANN, channel).await;
    assert!(now.contains("主持式辩论") && now.contains("辩题"), "{now}");
    play_to_the_end(&fake, channel).await;
    print_transcript(&fake, channel);
    let card = CHINESE.scorecard(&fake, channel).unwrap();
    assert!(card.contains("结果：") && card.contains("总评"), "{card}");

    // A social debate: Ann for, two AI, one round.
    let channel = 3302;
    let lobby = open(&fake, channel, 2, 3).await;
    assert!(lobby.text().contains("社交辩论"), "{}", lobby.text());
    press(&fake, ANN, &lobby, ":for").await;
    wait_for_text(&fake, lobby.id, "（支持，坚定）").await;
    assert!(told_on_press(&fake, ANN, &lobby, ":for")
        .await
        .contains("你已经有座位了"));
    press(&fake, ANN, &lobby, ":start").await;
    play_to_the_end(&fake, channel).await;
    print_transcript(&fake, channel);
    let card = CHINESE.scorecard(&fake, channel).unwrap();
    assert!(card.contains("立场") && card.contains("信念"), "{card}");

    let english = without_han(&fake, CY);
    assert!(english.is_empty(), "messages without Chinese: {english:#?}");
}

/// `/debate start` of one round on `topic` (a topic, or a motion typed) as ANN: the lobby.
async fn open_on(
    fake: &FakeDiscord,
    channel: u64,
    topic: &str,
    format: u64,
    participants: u64,
) -> Msg {
    let options = json!([
        {"name": "topic", "type": 3, "value": topic},
        {"name": "format", "type": 4, "value": format},
        {"name": "rounds", "type": 4, "value": 1},
        {"name": "participants", "type": 4, "value": participants},
    ]);
    start_lobby(fake, ANN, channel, "debate", options, ":start").await
}

/// A moderated debate on a Chinese server whose motion is typed in the host's own words
/// (no topic): with models seated, every participant's prompt is the Chinese one and holds
/// the Chinese generic bank, never the English one, and the stored debate is Chinese.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_typed_motion_on_a_chinese_server_is_argued_in_chinese() {
    use agora::llm::mock::{MockLlm, MockOptions};
    use agora_agents::debate::DebateKit;
    use agora_games::Lang;
    let mock = MockLlm::start(MockOptions::default()).await.unwrap();
    let app = TestApp::builder()
        .binary()
        .seed(6)
        .env("LLM_API_KEY", "test-key")
        .env("LLM_BASE_URL", mock.base_url())
        .spawn()
        .await;
    let fake = app.fake.clone();
    fake.set_guild_locale("zh-CN");
    fake.set_locale(ANN, "zh-CN");
    let channel = 3303;
    let motion = "城市应当全面禁止燃油汽车进入市中心";
    let lobby = open_on(&fake, channel, motion, 1, 2).await;
    assert!(lobby.text().contains(motion), "{}", lobby.text());
    press(&fake, ANN, &lobby, ":start").await;
    fake.wait_until("the scorecard", std::time::Duration::from_secs(120), |f| {
        CHINESE.scorecard(f, channel).is_some()
    })
    .await;
    let s = app.store().await;
    let config = &s.sessions().await.unwrap()[0].session.config;
    assert_eq!(config["lang"], "zh-CN", "{config}");
    assert_eq!(config["motion"], motion, "{config}");
    // Every participant's prompt is the Chinese one, with the Chinese generic bank.
    let kit = DebateKit::default();
    let zh = kit.topics.generic_in(motion, Lang::ZhCn);
    let en = kit.topics.generic_in(motion, Lang::En);
    let prompts: Vec<String> = (mock.recent_requests().iter())
        .map(|b| b["messages"].to_string())
        .filter(|t| t.contains("你方准备好的论据"))
        .collect();
    assert!(!prompts.is_empty(), "no participant was asked");
    for p in &prompts {
        let holds = |t: &agora_agents::debate::topics::Topic| {
            t.texts().iter().skip(1).any(|line| p.contains(line))
        };
        assert!(holds(&zh), "no Chinese bank line in: {p}");
        assert!(!holds(&en), "an English bank line in: {p}");
    }
    app.stop().await;
}

/// A moderated debate's lobby stored before lobbies kept their language (its row has
/// none), on a server now set to Chinese: started after a restart, it plays in Chinese;
/// Ann's `done` typed before she has said anything is refused, in Chinese.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_stored_without_a_language_starts_in_the_servers() {
    let mut app = TestApp::builder().seed(9).spawn().await;
    let fake = app.fake.clone();
    fake.set_locale(ANN, "zh-CN");
    let channel = 3304;
    let lobby = open(&fake, channel, 1, 2).await;
    press(&fake, ANN, &lobby, ":join").await;
    app.stop_bot().await;
    // The row as an older build stored it: no language; the server is Chinese now.
    let s = app.store().await;
    let mut row = s.channel(channel).await.unwrap().expect("the lobby's row");
    assert_eq!(row.data["lang"], "en", "{}", row.data);
    row.data.as_object_mut().unwrap().remove("lang");
    s.save_channel(&row).await.unwrap();
    s.set_community_lang(&GUILD_ID.to_string(), agora_games::Lang::ZhCn, 1)
        .await
        .unwrap();
    app.start_bot().await;
    press(&fake, ANN, &lobby, ":start").await;
    wait_for_text(&fake, lobby.id, "辩论开始了").await;
    let called = format!("<@{ANN}>");
    fake.wait_until("Ann's first call", WAIT, |f| {
        f.messages(channel)
            .iter()
            .any(|m| m.text().contains(&called) && m.text().contains("第 1 轮的发言"))
    })
    .await;
    fake.say(ANN, channel, "done").await;
    let told = format!("<@{ANN}>，你输入的 `done` 没有生效。还没有输入内容");
    fake.wait_until("why the `done` was not taken", WAIT, |f| {
        f.messages(channel)
            .iter()
            .any(|m| m.text().starts_with(&told))
    })
    .await;
    play_to_the_end(&fake, channel).await;
    assert!(CHINESE.scorecard(&fake, channel).unwrap().contains("总评"));
    let config = &app.store().await.sessions().await.unwrap()[0]
        .session
        .config;
    assert_eq!(config["lang"], "zh-CN", "{config}");
    app.stop().await;
}
