//! The moderated and social debates on a server set to Chinese, a person and AI at each
//! table to the scorecard: the lobby, its buttons, the start, the calls, their word counts,
//! the round posts, status and the scorecard — every message the bot shows a person holds
//! Han characters — and what the clicker alone is told is in their language.

use super::debate_panel::{open_as, print_transcript, speak_to_the_scorecard, status, CHINESE};
use super::{store_server_lang, without_han};
use crate::app::TestApp;
use crate::fake_discord::{FakeDiscord, Msg};
use crate::fake_players::{press, told_on_press, wait_for_text};
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
