//! The team debate and the trial on a server set to Chinese (`/settings language:简体中文`),
//! with a person and AI: the lobby, the calls, the speeches, the scorecard, the juror
//! threads and the verdict are in Chinese — every message a person sees holds Han
//! characters — and what one person alone is told follows their Discord locale when it is
//! one of ours (English for an `en-US` player), else the table's language. A topic or case
//! with no Chinese text is refused, naming the ones that have it.

use super::debate::typed_words;
use super::trial::{juror_threads, say_and_wait, trial_app};
use super::{open_call, set_server_chinese, without_han};
use crate::app::{wait_until_async, TestApp, WAIT};
use crate::fake_discord::FakeDiscord;
use crate::fake_players::{
    click_and_wait, post_with, press, start_lobby, told_on_command, told_on_press, wait_for_post,
    wait_for_text,
};
use crate::zh::han;
use serde_json::json;
use std::collections::HashSet;
use std::time::Duration;

const ANN: u64 = 4701;
/// A player whose Discord locale is not one of ours (`fr`): told things in the table's
/// language.
const BEN: u64 = 4702;
/// A player whose Discord locale is `en-US`: told things in English.
const CY: u64 = 4703;

/// Sets the server's language to Chinese, as a manager (Ann) does; Ann's Discord speaks
/// Chinese, Ben's French.
async fn set_chinese(fake: &FakeDiscord, channel: u64) {
    set_server_chinese(fake, ANN, channel).await;
    fake.set_locale(ANN, "zh-CN");
    fake.set_locale(BEN, "fr");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chinese_servers_team_debate_is_in_chinese_to_the_scorecard() {
    let app = TestApp::builder()
        .seed(23)
        .env("AGORA_DEBATE_TIMERS_PACE", 0.25)
        .env("AGORA_DISCORD_AI_SPEECH_MS", 100)
        .spawn()
        .await;
    let fake = app.fake.clone();
    let channel = 3701;
    set_chinese(&fake, channel).await;
    // A topic with no Chinese bank is refused, naming those that have one: in Chinese to
    // Ann, in English to Cy.
    let homework = json!([{"name": "topic", "type": 3, "value": "ban_homework"}]);
    let start = Some("start");
    let refused = told_on_command(&fake, ANN, channel, "debate", start, homework.clone()).await;
    assert!(
        refused.contains("ban_homework")
            && refused.contains("没有中文论据库")
            && refused.contains("universal_basic_income")
            && !refused.contains("zoos"),
        "{refused}"
    );
    let refused = told_on_command(&fake, CY, channel, "debate", start, homework).await;
    assert!(
        refused.starts_with("Not started: the topic ban_homework has no Chinese argument bank"),
        "{refused}"
    );
    let topic = json!([{"name": "topic", "type": 3, "value": "universal_basic_income"}]);
    let lobby = start_lobby(&fake, ANN, channel, "debate", topic, ":seat1").await;
    let shown = lobby.text();
    assert!(
        shown.contains("应当实行全民基本收入") && shown.contains("正方一辩"),
        "{shown}"
    );
    // Ann takes Pro 2 (a cross-examiner); Ben (locale fr) is told in Chinese the seat is
    // taken, Cy (en-US) in English that only the host starts.
    press(&fake, ANN, &lobby, ":seat2").await;
    assert_eq!(
        told_on_press(&fake, BEN, &lobby, ":seat2").await,
        "正方二辩已有人入座。"
    );
    assert!(told_on_press(&fake, CY, &lobby, ":start")
        .await
        .starts_with("Only the host or a moderator"));
    press(&fake, ANN, &lobby, ":start").await;
    wait_for_text(&fake, lobby.id, "辩论开始").await;
    // The calls answered, whether Ben has pressed one of Ann's, how many speeches Ann gave.
    let state = &tokio::sync::Mutex::new((HashSet::<String>::new(), false, 0usize));
    let fake = &fake;
    wait_until_async(
        "the debate finishes",
        Duration::from_secs(300),
        Duration::from_millis(50),
        move || async move {
            if fake
                .messages(channel)
                .iter()
                .any(|m| m.text().contains("队伍总分"))
            {
                return true;
            }
            let mut st = state.lock().await;
            let (done, foreign_click, spoke) = &mut *st;
            let Some((call, done_id)) = open_call(fake, channel, ANN, done) else {
                return false;
            };
            done.insert(done_id.clone());
            assert!(call.content.contains("截止时间"), "{}", call.content);
            if !*foreign_click {
                // Someone else's call: refused in the table's language (Ben's is not ours).
                let said = told_on_press(fake, BEN, &call, ":done").await;
                assert!(said.contains("这不是你的点名"), "{said}");
                *foreign_click = true;
            }
            if let Some(target) = call.find_custom_id(":target") {
                let options = call.select_options(&target);
                assert!(options[0].0.starts_with("反方"), "{options:?}");
                fake.select(ANN, &call, &target, &[options[0].1.as_str()])
                    .await;
                fake.wait_until("the answerer shown", WAIT, |f| {
                    !f.message(call.id)
                        .unwrap()
                        .content
                        .contains("尚未选择回答者")
                })
                .await;
            }
            let before = fake.message(call.id).unwrap().content;
            fake.say(
                ANN,
                channel,
                "全民基本收入给每个人安全感，让人们自由选择工作。",
            )
            .await;
            fake.wait_until("the live word count", WAIT, |f| {
                let m = f.message(call.id).unwrap();
                m.content != before || m.components.is_empty()
            })
            .await;
            let now = fake.message(call.id).unwrap();
            if !now.components.is_empty() {
                // Each Han character counts as a word: 22 of them.
                let typed = typed_words(&now.content);
                assert!(typed >= 22 && typed.is_multiple_of(22), "{}", now.content);
                click_and_wait(fake, ANN, &call, &done_id).await;
                *spoke += 1;
            }
            fake.wait_until("the call closes", WAIT, |f| {
                f.message(call.id).unwrap().components.is_empty()
            })
            .await;
            false
        },
    )
    .await;
    let (_, foreign_click, spoke) = *state.lock().await;
    assert!(spoke >= 2 && foreign_click, "spoke {spoke}");
    wait_for_post(fake, channel, "评委点评").await;
    let card = post_with(fake, channel, "队伍总分").unwrap();
    for part in ["最佳辩手", "立论陈词", "攻辩质询", "扣分"] {
        assert!(card.contains(part), "{part} missing: {card}");
    }
    let all = fake.transcript();
    for english in [
        "Motion:",
        "Time ends",
        "words left",
        "Pro 1",
        "Con 1",
        "Done",
    ] {
        assert!(!all.contains(english), "{english:?} in:\n{all}");
    }
    assert_eq!(without_han(fake, CY), Vec::<String>::new());
    fake.save_transcript("team_debate_chinese");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chinese_servers_trial_is_in_chinese_to_the_verdict() {
    let app = trial_app(3, 1).await;
    let fake = app.fake.clone();
    let channel = 3702;
    set_chinese(&fake, channel).await;
    let trial = |user: u64, sub: &'static str, options: serde_json::Value| {
        let fake = fake.clone();
        async move { told_on_command(&fake, user, channel, "trial", Some(sub), options).await }
    };
    // A case with no Chinese text is refused, naming those that have one.
    let poisoned = json!([{"name": "case", "type": 3, "value": "trading_agent_poisoned_feed"}]);
    let refused = trial(ANN, "start", poisoned.clone()).await;
    assert!(
        refused.contains("没有中文版本") && refused.contains("robot_prompt_injection"),
        "{refused}"
    );
    let refused = trial(CY, "start", poisoned).await;
    assert!(
        refused.starts_with(
            "Not started: the case trading_agent_poisoned_feed has no Chinese version"
        ),
        "{refused}"
    );
    let case = json!([{"name": "case", "type": 3, "value": "robot_prompt_injection"}]);
    let lobby = start_lobby(&fake, ANN, channel, "trial", case, ":join").await;
    assert!(
        lobby.text().contains("机器人与提示词注入案"),
        "{}",
        lobby.text()
    );
    press(&fake, ANN, &lobby, ":join").await;
    assert_eq!(
        told_on_press(&fake, BEN, &lobby, ":start").await,
        "只有房主才能开始庭审。"
    );
    press(&fake, ANN, &lobby, ":start").await;
    let threads = juror_threads(&fake, channel, "在这里写下").await;
    assert!(threads.iter().all(|t| han(&t.1)), "{threads:?}");
    wait_for_post(&fake, channel, "争议焦点").await;
    say_and_wait(
        &fake,
        ANN,
        threads[0].0,
        "这是一次来自外部的攻击：罪犯把注入指令藏在包裹标签里，劫持了机器人。",
    )
    .await;
    let card = json!([{"name": "card", "type": 3, "value": "injection_logs"}]);
    assert_eq!(
        trial(ANN, "evidence", card.clone()).await,
        "已出示：包裹标签上的隐藏文字。"
    );
    let again = trial(ANN, "evidence", card.clone()).await;
    assert!(again.contains("已经出示过了"), "{again}");
    let again = trial(CY, "evidence", card).await;
    assert_eq!(again, "Only the trial's players present evidence.");
    let status = trial(ANN, "status", json!([])).await;
    assert!(status.contains("法庭辩论进行中"), "{status}");
    assert!(trial(ANN, "verdict", json!([]))
        .await
        .contains("你已要求裁决"));
    fake.wait_until("the verdict", Duration::from_secs(120), |f| {
        post_with(f, channel, "🔨 裁决：").is_some()
    })
    .await;
    let verdict = post_with(&fake, channel, "🔨 裁决：").unwrap();
    assert!(verdict.contains("立场"), "{verdict}");
    let all = fake.transcript();
    for english in ["The question", "Evidence", "GUILTY", "Write here", "stance"] {
        assert!(!all.contains(english), "{english:?} in:\n{all}");
    }
    assert_eq!(without_han(&fake, CY), Vec::<String>::new());
    fake.save_transcript("trial_chinese");
    app.stop().await;
}
