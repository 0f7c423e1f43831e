//! `agora run`, the binary: a missing or rejected token, a whole game with closed DMs, a
//! SIGKILL mid-game and the resume on the next start.

use super::*;
use crate::app::{TestApp, WAIT};
use crate::fake_discord::{FakeDiscord, GUILD_ID};
use crate::fake_players::{
    click_and_wait, ephemeral_reply, open_lobby, press, wait_for_post, Humans,
};
use serde_json::json;
use std::time::Duration;

#[test]
fn agora_run_without_a_token_says_so_in_one_line() {
    let out = crate::agora_cli::agora_cmd()
        .arg("run")
        .env("DISCORD_TOKEN", "")
        .env("DATABASE_URL", temp_db("notoken"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("DISCORD_TOKEN is not set"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}

/// `agora run` (the binary) against the fake, for a bot that never gets ready.
fn agora_run(fake: &FakeDiscord, db: &str) -> std::process::Command {
    let mut cmd = crate::agora_cli::agora_cmd();
    cmd.arg("run")
        .env("DISCORD_TOKEN", "test.token.value")
        .env("DISCORD_PROXY_URL", fake.base_url())
        .env("DISCORD_GUILD_ID", GUILD_ID.to_string())
        .env("DATABASE_URL", db)
        .env("AGORA_DISCORD_COMMAND_COOLDOWN_SECS", "0")
        .env("AGORA_DISCORD_AI_SPEECH_MS", "0")
        .stdout(std::process::Stdio::null());
    cmd
}

/// `agora run` whose errors the test reads when it exits.
fn spawn_agora(fake: &FakeDiscord, db: &str) -> std::process::Child {
    agora_run(fake, db)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("agora run")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rejected_token_is_one_clear_line() {
    let fake = FakeDiscord::start().await;
    fake.fail_next(
        "GET",
        "/users/@me",
        401,
        json!({"message": "401: Unauthorized", "code": 0}),
    );
    let child = spawn_agora(&fake, &temp_db("badtoken"));
    let out = tokio::task::spawn_blocking(move || child.wait_with_output().unwrap())
        .await
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("Discord rejected DISCORD_TOKEN"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn agora_run_with_closed_dms_plays_through_the_channel_button() {
    let (host, shy) = (4011, 4012);
    let app = TestApp::builder()
        .binary()
        .seed(16)
        .closed_dms(&[shy])
        .spawn()
        .await;
    let fake = app.fake.clone();
    let names: Vec<String> = fake
        .registered_commands()
        .iter()
        .map(|c| c["name"].as_str().unwrap_or("").to_string())
        .collect();
    for n in ["werewolf", "leaderboard", "stats"] {
        assert!(names.contains(&n.to_string()), "{names:?}");
    }
    // Each command reaches Discord with its Chinese name and description (from the
    // Fluent files), down to its subcommands, options and choices.
    let werewolf = fake
        .registered_commands()
        .into_iter()
        .find(|c| c["name"] == "werewolf")
        .unwrap();
    assert_eq!(
        werewolf["name_localizations"]["zh-CN"], "狼人杀",
        "{werewolf}"
    );
    let start = &werewolf["options"][0];
    assert_eq!(start["name_localizations"]["zh-CN"], "开始", "{start}");
    let witch = start["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "witch_self_save")
        .unwrap();
    assert_eq!(
        witch["description_localizations"]["zh-CN"],
        "女巫什么时候可以自救？"
    );
    assert_eq!(witch["choices"][1]["name_localizations"]["zh-CN"], "仅首夜");
    let channel = 3002;
    let lobby = open_lobby(
        &fake,
        host,
        channel,
        json!([{"name": "pace", "type": 10, "value": 1.0}]),
    )
    .await;
    let i = press(&fake, shy, &lobby, ":join").await;
    let note = ephemeral_reply(&fake, i).await;
    assert!(note.contains("can't send you DMs"), "{note}");
    press(&fake, host, &lobby, ":start").await;
    // The shy player's role comes through the channel button, to them only.
    fake.wait_until("the fallback button", WAIT, |f| {
        f.messages(channel)
            .iter()
            .any(|m| m.text().starts_with(&format!("🔒 <@{shy}>")))
    })
    .await;
    let button = fake
        .messages(channel)
        .into_iter()
        .find(|m| m.text().starts_with(&format!("🔒 <@{shy}>")))
        .unwrap();
    let id = button.find_custom_id(":open").unwrap();
    // The note on joining names the button actually shown.
    let label = button.button_labels()[0].0.clone();
    assert!(note.contains(&label), "{label:?} is not named in: {note}");
    let i = click_and_wait(&fake, host, &button, &id).await;
    assert!(
        ephemeral_reply(&fake, i)
            .await
            .contains("That choice has closed"),
        "another player cannot open it"
    );
    let i = click_and_wait(&fake, shy, &button, &id).await;
    let private = ephemeral_reply(&fake, i).await;
    assert!(private.contains("You are"), "{private}");
    assert!(fake.dms(shy).is_empty(), "no DM reached the closed inbox");

    let mut humans = Humans::new(channel, &[host, shy]);
    humans.done.insert((button.id, shy));
    // What that press shows or sends later (a night action) the shy player answers there.
    humans.panels.push((shy, i));
    humans.play_to_the_end(&fake).await;
    let s = app.store().await;
    let session = s.sessions().await.unwrap()[0].session.clone();
    assert_eq!(session.status, "finished");
    for x in s.inputs(&session.id).await.unwrap() {
        if x.source == agora::store::InputSource::Timeout {
            eprintln!("timed out: seat {} ask {} at {}", x.seat, x.ask_seq, x.at);
        }
    }
    if std::env::var("AGORA_TEST_TRANSCRIPT").is_ok() {
        let mut last = 0;
        for x in s.inputs(&session.id).await.unwrap() {
            eprintln!(
                "input seat {} seq {} {:?} +{}ms {}",
                x.seat,
                x.ask_seq,
                x.source,
                x.at - last,
                x.payload
            );
            last = x.at;
        }
        for m in fake.all_messages() {
            eprintln!(
                "[{} {}] {} {:?}",
                m.channel_id,
                m.id,
                m.text(),
                m.custom_ids()
            );
        }
    }
    assert_no_human_timeouts(&s).await;
    // SIGTERM: a graceful exit.
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn agora_run_killed_mid_game_resumes_on_the_next_start() {
    let mut app = TestApp::builder().binary().seed(17).spawn().await;
    let fake = app.fake.clone();
    let (channel, host) = (3011, 4101);
    let lobby = open_lobby(&fake, host, channel, json!([])).await;
    press(&fake, host, &lobby, ":start").await;
    let turn = |f: &FakeDiscord| {
        f.dms(host)
            .iter()
            .any(|m| m.custom_ids().iter().any(|id| id.starts_with("ask:")))
            || f.messages(channel)
                .iter()
                .any(|m| m.text().starts_with(&format!("🎤 <@{host}>")))
    };
    fake.wait_until("the human's first turn", Duration::from_secs(60), turn)
        .await;
    // A crash: no chance to detach anything.
    app.kill().await;
    let before = bot_texts(&fake, channel, &[host]);
    let connections = fake.connections();
    app.start_bot().await;
    assert!(fake.connections() > connections, "agora run connects again");
    wait_for_post(&fake, channel, "The bot restarted").await;
    // The restart repeats nothing: no line, no DM from before the crash.
    assert_nothing_repeated(&before, &bot_texts(&fake, channel, &[host]));
    let mut humans = Humans::new(channel, &[host]);
    humans.play_to_the_end(&fake).await;
    let after = bot_texts(&fake, channel, &[host]);
    assert_nothing_repeated(&[], &after);
    let roles = after.iter().filter(|(_, t)| t.contains("You are")).count();
    assert_eq!(roles, 1, "the role is told once");
    let s = app.store().await;
    assert_eq!(s.sessions().await.unwrap()[0].session.status, "finished");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_agora_run_on_one_sqlite_file_is_refused_in_one_line() {
    let app = TestApp::builder().binary().spawn().await;
    let db = app.db_url();
    assert!(db.starts_with("sqlite:"), "{db}");
    let second = spawn_agora(&app.fake, &db);
    let out = tokio::task::spawn_blocking(move || second.wait_with_output().unwrap())
        .await
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("SQLite serves one bot process"), "{err}");
    assert!(err.contains("PostgreSQL"), "{err}");
    // The first bot plays on.
    assert!(!app.fake.registered_commands().is_empty());
    app.stop().await;
}
