//! Werewolf in Simplified Chinese through the bot: a Chinese server's table reads in
//! Chinese end to end (the lobby, the channel, every DM and every answer only a person
//! sees); a person whose Discord speaks Chinese reads their own messages in Chinese at an
//! English table, whose channel stays English; a Chinese table keeps its language across
//! a restart.

use super::*;
use crate::app::{TestApp, WAIT};
use crate::fake_discord::{Msg, APP_ID};
use crate::fake_players::{
    ephemeral_reply, open_lobby, press, told_on_press, wait_for_post, Humans,
};
use crate::zh::english_words;
use agora_games::lang::is_han;
use serde_json::json;
use std::time::Duration;

/// English words of the game a Chinese reader must not meet.
const ENGLISH: [&str; 11] = [
    "night", "day", "werewolf", "seer", "witch", "hunter", "villager", "vote", "voted", "wins",
    "seat",
];

/// Why `m` does not read as Chinese, if it does not: no Han character, or an English game
/// word (whole words, any case; a command as it is typed, `/leaderboard game:werewolf`,
/// aside).
fn not_chinese(m: &Msg) -> Option<String> {
    let text = m.text();
    let words = english_words(&text.replace("game:werewolf", ""), &ENGLISH);
    if !text.chars().any(is_han) || !words.is_empty() {
        return Some(format!("{words:?} in message {}: {text}", m.id));
    }
    None
}

/// The bot's messages in `channel` (posts and answers only one person sees).
fn bot_messages(fake: &FakeDiscord, channel: u64) -> Vec<Msg> {
    (fake.messages(channel).into_iter())
        .filter(|m| m.author_id == APP_ID && !m.deleted)
        .collect()
}

const CHINESE_SPEECH: &str = "我是{u}，我一直在认真听，2号的发言让我很担心，大家注意！";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chinese_servers_table_reads_in_chinese_to_its_people() {
    let app = TestApp::builder().seed(21).spawn().await;
    let fake = app.fake.clone();
    fake.set_guild_locale("zh-CN");
    let channel = 3401;
    let (host, b, c) = (4401, 4402, 4403);
    for u in [host, b, c] {
        fake.set_locale(u, "zh-CN");
    }
    let lobby = seated_lobby(&fake, channel, &[host, b, c], "已入座 3/9 人").await;
    assert!(lobby.text().contains("狼人杀"), "{}", lobby.text());
    let labels: Vec<String> = lobby.button_labels().into_iter().map(|l| l.0).collect();
    assert_eq!(labels, ["加入", "离开", "开始"], "{labels:?}");
    // A refusal only the clicker sees, and the status, in Chinese.
    let refused = told_on_press(&fake, b, &lobby, ":start").await;
    assert!(refused.contains("只有房主"), "{refused}");
    let i = werewolf(&fake, c, channel, "status").await;
    let status = ephemeral_reply(&fake, i).await;
    assert!(status.contains("**大厅**"), "{status}");
    press(&fake, host, &lobby, ":start").await;
    fake.wait_until("roles by DM", WAIT, |f| {
        [host, b, c]
            .iter()
            .all(|u| f.dms(*u).iter().any(|m| m.text().contains("🎭 你是")))
    })
    .await;
    let i = werewolf(&fake, c, channel, "status").await;
    let status = ephemeral_reply(&fake, i).await;
    assert!(status.contains("现在："), "{status}");

    let mut humans = Humans::new(channel, &[host, b, c]);
    humans.speech = CHINESE_SPEECH.into();
    humans.play_to_the_end(&fake).await;
    println!("{}", fake.transcript());
    fake.save_transcript("werewolf_zh");

    let msgs = bot_messages(&fake, channel);
    assert!(msgs.len() > 20, "{}", msgs.len());
    let wrong: Vec<String> = msgs.iter().filter_map(not_chinese).collect();
    assert!(
        wrong.is_empty(),
        "not Chinese in the channel:\n{}",
        wrong.join("\n")
    );
    let card = msgs.last().unwrap().text();
    assert!(
        card.contains("身份已揭晓") && card.contains("GPP"),
        "{card}"
    );
    assert_eq!(card.matches("号 · ").count(), 9, "{card}");
    for u in [host, b, c] {
        let dms = fake.dms(u);
        assert!(dms.len() >= 2, "{u}: {} DMs", dms.len());
        let wrong: Vec<String> = dms.iter().filter_map(not_chinese).collect();
        assert!(
            wrong.is_empty(),
            "not Chinese in {u}'s DMs:\n{}",
            wrong.join("\n")
        );
        for m in &dms {
            for (label, _) in m.button_labels() {
                assert!(label.chars().any(is_han), "a button: {label}");
            }
        }
    }
    // The status board was edited to the end, in Chinese.
    let board = msgs
        .iter()
        .find(|m| m.text().contains("狼人杀 — 本桌"))
        .expect("the status board");
    assert!(board.text().contains("游戏结束"), "{}", board.text());
    // The stored table knows its language.
    let s = app.store().await;
    assert_eq!(
        s.sessions().await.unwrap()[0].session.config["lang"],
        "zh-CN"
    );
    assert_no_human_timeouts(&s).await;
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chinese_speaker_at_an_english_table_reads_their_own_messages_in_chinese() {
    let app = TestApp::builder().seed(22).spawn().await;
    let fake = app.fake.clone();
    let channel = 3402;
    let (host, guest) = (4411, 4412);
    fake.set_locale(guest, "zh-CN");
    let lobby = open_lobby(&fake, host, channel, json!([])).await;
    assert!(lobby.text().contains("Werewolf — a table is open"));
    press(&fake, guest, &lobby, ":join").await;
    let welcome = fake.dms(guest);
    assert!(
        welcome.iter().any(|m| m.text().starts_with("👋 你已在")),
        "{welcome:?}"
    );
    // Refusals only the guest sees are in Chinese; the host's stay English.
    assert!(told_on_press(&fake, guest, &lobby, ":start")
        .await
        .contains("只有房主"));
    assert_eq!(
        told_on_press(&fake, host, &lobby, ":join").await,
        "You already have a seat at this table."
    );
    press(&fake, host, &lobby, ":start").await;
    let mut humans = Humans::new(channel, &[host, guest]);
    humans.play_to_the_end(&fake).await;

    // The channel is English: no Chinese in anything everyone sees.
    for m in bot_messages(&fake, channel)
        .iter()
        .filter(|m| !m.is_ephemeral())
    {
        let t = m.text();
        assert!(!t.chars().any(is_han), "Chinese in the channel: {t}");
    }
    // The guest's DMs are Chinese, the host's English.
    let wrong: Vec<String> = fake.dms(guest).iter().filter_map(not_chinese).collect();
    assert!(wrong.is_empty(), "not Chinese:\n{}", wrong.join("\n"));
    for m in fake.dms(host) {
        assert!(!m.text().chars().any(is_han), "{}", m.text());
    }
    assert!(fake
        .dms(host)
        .iter()
        .any(|m| m.text().contains("🎭 You are")));
    // Their answers to the vote message too.
    for m in bot_messages(&fake, channel)
        .iter()
        .filter(|m| m.ephemeral_for == Some(guest))
    {
        assert!(not_chinese(m).is_none(), "{}", m.text());
    }
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chinese_table_keeps_its_language_across_a_restart() {
    let mut app = TestApp::builder().seed(12).spawn().await;
    let fake = app.fake.clone();
    fake.set_guild_locale("zh-CN");
    let (channel, host) = (3403, 4421);
    fake.set_locale(host, "zh-CN");
    let lobby = open_lobby(&fake, host, channel, json!([])).await;
    press(&fake, host, &lobby, ":start").await;
    fake.wait_until("the first night", Duration::from_secs(60), |f| {
        f.messages(channel)
            .iter()
            .any(|m| m.text().contains("天黑请闭眼"))
    })
    .await;
    app.stop_bot().await;
    app.start_bot().await;
    wait_for_post(&fake, channel, "机器人已重启").await;
    let mut humans = Humans::new(channel, &[host]);
    humans.speech = CHINESE_SPEECH.into();
    humans.play_to_the_end(&fake).await;
    let wrong: Vec<String> = (bot_messages(&fake, channel).iter())
        .chain(fake.dms(host).iter())
        .filter_map(not_chinese)
        .collect();
    assert!(wrong.is_empty(), "not Chinese:\n{}", wrong.join("\n"));
    app.stop().await;
}

/// The rules' own refusal reaches a person at a Chinese table in Chinese: a wolf's night
/// menu answered with a seat it did not offer (a forged choice) is not taken, and the wolf
/// alone is told why, seat and ask named in Chinese; the pick stays open and is taken.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_choice_the_rules_refuse_is_told_in_chinese_at_a_chinese_table() {
    let app = TestApp::builder()
        .seed(super::restart::wolf_seed(0))
        .spawn()
        .await;
    let fake = app.fake.clone();
    fake.set_guild_locale("zh-CN");
    let (channel, host) = (3404, 4431);
    fake.set_locale(host, "zh-CN");
    let lobby = open_lobby(&fake, host, channel, json!([])).await;
    press(&fake, host, &lobby, ":start").await;
    let menu = |f: &FakeDiscord| {
        (f.dms(host).into_iter()).find(|m| m.custom_ids().iter().any(|id| id.ends_with(":pick")))
    };
    fake.wait_until("the wolf's pick by DM", WAIT, |f| menu(f).is_some())
        .await;
    let pick = menu(&fake).unwrap();
    let id = pick.find_custom_id(":pick").unwrap();
    let offered: Vec<String> = pick.select_options(&id).into_iter().map(|o| o.1).collect();
    let other = (1..=12u8)
        .map(|s| s.to_string())
        .find(|s| !offered.contains(s))
        .unwrap();
    let i = fake.select(host, &pick, &id, &[other.as_str()]).await;
    let said = ephemeral_reply(&fake, i).await;
    assert!(
        said.starts_with("未采纳：") && said.contains(&format!("{other} 号不是狼人选刀的有效目标")),
        "{said}"
    );
    assert!(english_words(&said, &ENGLISH).is_empty(), "{said}");
    // Nothing was taken: the pick is still open, and an offered seat is taken.
    let i = fake.select(host, &pick, &id, &[offered[0].as_str()]).await;
    fake.wait_until("the pick taken", WAIT, |f| {
        f.callback(i).is_some()
            && (f.dms(host).iter()).any(|m| m.id == pick.id && m.components.is_empty())
    })
    .await;
    app.stop().await;
}
