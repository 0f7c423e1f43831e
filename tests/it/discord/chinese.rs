//! The team debate and the trial on a server set to Chinese (`/settings language:简体中文`),
//! with a person and AI: the lobby, the calls, the speeches, the scorecard, the juror
//! threads and the verdict are in Chinese — every message a person sees holds Han
//! characters — and what one person alone is told follows their Discord locale when it is
//! one of ours (English for an `en-US` player), else the table's language. A topic or case
//! with no Chinese text is refused, naming the ones that have it.

use crate::app::{wait_until_async, TestApp, WAIT};
use crate::fake_discord::{FakeDiscord, Msg, APP_ID, DEFAULT_PERMS};
use crate::fake_players::{click_and_wait, ephemeral_reply, press, start_lobby};
use serde_json::json;
use std::collections::HashSet;
use std::time::Duration;

const ANN: u64 = 4701;
/// A player whose Discord locale is not one of ours (`fr`): told things in the table's
/// language.
const BEN: u64 = 4702;
/// A player whose Discord locale is `en-US`: told things in English.
const CY: u64 = 4703;

/// Whether `text` holds a Han character.
fn han(text: &str) -> bool {
    text.chars().any(|c| ('\u{4E00}'..='\u{9FFF}').contains(&c))
}

/// Sets the server's language to Chinese, as a manager does.
async fn set_chinese(fake: &FakeDiscord, channel: u64) {
    const MANAGE_GUILD: u64 = 1 << 5;
    let chinese = json!([{"name": "language", "type": 4, "value": 1}]);
    let i = fake
        .slash(
            ANN,
            channel,
            "settings",
            None,
            chinese,
            DEFAULT_PERMS | MANAGE_GUILD,
        )
        .await;
    fake.wait_until("the setting said in Chinese", WAIT, |f| {
        f.replies(i).iter().any(|m| m.text().contains("简体中文"))
    })
    .await;
    fake.set_locale(ANN, "zh-CN");
    fake.set_locale(BEN, "fr");
}

/// The bot's messages a person sees with no Han character in them, but those only CY (an
/// English speaker) sees.
fn not_chinese(fake: &FakeDiscord) -> Vec<String> {
    fake.all_messages()
        .into_iter()
        .filter(|m| m.author_id == APP_ID && !m.deleted && m.ephemeral_for != Some(CY))
        .map(|m| m.text())
        .filter(|t| !t.trim().is_empty() && !han(t))
        .collect()
}

/// The live word count a call shows ("✍️ 22 / 83 字"); 0 when it shows none.
fn typed_words(content: &str) -> usize {
    content
        .split("✍️ ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// ANN's open call in `channel`: a message mentioning her with a Done button not pressed.
fn open_call(fake: &FakeDiscord, channel: u64, done: &HashSet<String>) -> Option<Msg> {
    fake.messages(channel).into_iter().find(|m| {
        m.author_id == APP_ID
            && m.content.contains(&format!("<@{ANN}>"))
            && m.find_custom_id(":done")
                .is_some_and(|id| !done.contains(&id))
    })
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
    let i = fake
        .slash(
            ANN,
            channel,
            "debate",
            Some("start"),
            homework.clone(),
            DEFAULT_PERMS,
        )
        .await;
    let refused = ephemeral_reply(&fake, i).await;
    assert!(
        refused.contains("ban_homework")
            && refused.contains("没有中文论据库")
            && refused.contains("universal_basic_income")
            && !refused.contains("zoos"),
        "{refused}"
    );
    let i = fake
        .slash(
            CY,
            channel,
            "debate",
            Some("start"),
            homework,
            DEFAULT_PERMS,
        )
        .await;
    let refused = ephemeral_reply(&fake, i).await;
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
    let i = click_and_wait(&fake, BEN, &lobby, &lobby.find_custom_id(":seat2").unwrap()).await;
    assert_eq!(ephemeral_reply(&fake, i).await, "正方二辩已有人入座。");
    let i = click_and_wait(&fake, CY, &lobby, &lobby.find_custom_id(":start").unwrap()).await;
    assert!(ephemeral_reply(&fake, i)
        .await
        .starts_with("Only the host or a moderator"));
    press(&fake, ANN, &lobby, ":start").await;
    fake.wait_until("the debate starts", WAIT, |f| {
        f.message(lobby.id).unwrap().text().contains("辩论开始")
    })
    .await;
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
            let Some(call) = open_call(fake, channel, done) else {
                return false;
            };
            let done_id = call.find_custom_id(":done").unwrap();
            done.insert(done_id.clone());
            assert!(call.content.contains("截止时间"), "{}", call.content);
            if !*foreign_click {
                // Someone else's call: refused in the table's language (Ben's is not ours).
                let i = click_and_wait(fake, BEN, &call, &done_id).await;
                let said = ephemeral_reply(fake, i).await;
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
    fake.wait_until("the judge's review", WAIT, |f| {
        f.messages(channel)
            .iter()
            .any(|m| m.text().contains("评委点评"))
    })
    .await;
    let card = fake
        .messages(channel)
        .into_iter()
        .map(|m| m.text())
        .find(|t| t.contains("队伍总分"))
        .unwrap();
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
    assert_eq!(not_chinese(fake), Vec::<String>::new());
    fake.save_transcript("team_debate_chinese");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chinese_servers_trial_is_in_chinese_to_the_verdict() {
    let app = TestApp::builder()
        .seed(3)
        .env("AGORA_TRIAL_DELIBERATION_ROUNDS", 1)
        .spawn()
        .await;
    let fake = app.fake.clone();
    let channel = 3702;
    set_chinese(&fake, channel).await;
    let trial = |user: u64, sub: &'static str, options: serde_json::Value| {
        let fake = fake.clone();
        async move {
            let i = fake
                .slash(user, channel, "trial", Some(sub), options, DEFAULT_PERMS)
                .await;
            ephemeral_reply(&fake, i).await
        }
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
    let i = click_and_wait(&fake, BEN, &lobby, &lobby.find_custom_id(":start").unwrap()).await;
    assert_eq!(ephemeral_reply(&fake, i).await, "只有房主才能开始庭审。");
    press(&fake, ANN, &lobby, ":start").await;
    fake.wait_until("five juror threads", WAIT, |f| {
        f.threads().iter().filter(|t| t.1 == channel).count() == 5
    })
    .await;
    let threads: Vec<(u64, String)> = fake
        .threads()
        .into_iter()
        .filter(|t| t.1 == channel)
        .map(|t| (t.0, t.2))
        .collect();
    assert!(threads.iter().all(|t| han(&t.1)), "{threads:?}");
    let first = threads[0].0;
    fake.wait_until("the juror's first message", WAIT, |f| {
        f.messages(first)
            .iter()
            .any(|m| m.author_id == APP_ID && m.text().contains("在这里写下"))
    })
    .await;
    fake.wait_until("the case", WAIT, |f| {
        f.messages(channel)
            .iter()
            .any(|m| m.text().contains("争议焦点"))
    })
    .await;
    fake.say(
        ANN,
        first,
        "这是一次来自外部的攻击：罪犯把注入指令藏在包裹标签里，劫持了机器人。",
    )
    .await;
    fake.wait_until("the juror's answer", WAIT, |f| {
        f.messages(first)
            .iter()
            .any(|m| m.author_id == APP_ID && m.text().contains(" → "))
    })
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
        f.messages(channel)
            .iter()
            .any(|m| m.text().contains("🔨 裁决："))
    })
    .await;
    let verdict = fake
        .messages(channel)
        .into_iter()
        .map(|m| m.text())
        .find(|t| t.contains("🔨 裁决："))
        .unwrap();
    assert!(verdict.contains("立场"), "{verdict}");
    let all = fake.transcript();
    for english in ["The question", "Evidence", "GUILTY", "Write here", "stance"] {
        assert!(!all.contains(english), "{english:?} in:\n{all}");
    }
    assert_eq!(not_chinese(&fake), Vec::<String>::new());
    fake.save_transcript("trial_chinese");
    app.stop().await;
}
