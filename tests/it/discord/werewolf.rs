//! Whole games through the bot in this process: three humans and six AI, a restart mid-game
//! (old buttons still work), a lobby that survives a restart.

use super::*;
use crate::app::{TestApp, WAIT};
use crate::fake_discord::{FakeDiscord, DEFAULT_PERMS, GUILD_ID};
use crate::fake_players::{open_lobby, press, told_on_press, wait_for_post, wait_for_text, Humans};
use serde_json::json;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_humans_and_six_ai_play_a_whole_game() {
    let app = TestApp::builder().seed(11).spawn().await;
    let fake = app.fake.clone();
    let channel = 3001;
    let (host, b, c) = (4001, 4002, 4003);
    let lobby = seated_lobby(&fake, channel, &[host, b, c], "3 of 9 seats taken").await;
    // Only the host (or a moderator) starts.
    assert!(told_on_press(&fake, b, &lobby, ":start")
        .await
        .contains("Only the host"));
    press(&fake, host, &lobby, ":start").await;
    wait_for_post(&fake, channel, "Werewolf — the table").await;
    // Each human learns their own role by DM, and nobody else's.
    fake.wait_until("roles by DM", WAIT, |f| {
        [host, b, c]
            .iter()
            .all(|u| f.dms(*u).iter().any(|m| m.text().contains("You are")))
    })
    .await;
    for u in [host, b, c] {
        let roles: Vec<String> = fake
            .dms(u)
            .iter()
            .map(|m| m.text())
            .filter(|t| t.contains("You are"))
            .collect();
        assert_eq!(roles.len(), 1, "one role line for {u}: {roles:?}");
    }
    let status = fake
        .messages(channel)
        .into_iter()
        .find(|m| m.text().contains("Werewolf — the table"))
        .unwrap();
    let ai_seats = status.text().matches("(AI)").count();
    assert_eq!(ai_seats, 6, "six AI seats named as AI: {}", status.text());

    let mut humans = Humans::new(channel, &[host, b, c]);
    humans.play_to_the_end(&fake).await;

    // Hidden information stayed hidden: no role or night news in the channel before the
    // scorecard, and nobody's DMs hold another seat's role.
    let msgs = fake.messages(channel);
    let card = msgs
        .iter()
        .position(|m| m.text().contains("Roles revealed"))
        .unwrap();
    for m in msgs[..card]
        .iter()
        .filter(|m| m.author_id == crate::fake_discord::APP_ID)
    {
        let t = m.text();
        for secret in [
            "You are",
            " picks ",
            "is **a WOLF**",
            "attacked **",
            "The wolves are",
        ] {
            assert!(
                !t.contains(secret),
                "{secret:?} leaked into the channel: {t}"
            );
        }
        assert!(!t.contains("@everyone"), "a mass ping was posted: {t}");
    }
    // Each human's DMs hold only what their role may know.
    for u in [host, b, c] {
        let dms: Vec<String> = fake.dms(u).iter().map(|m| m.text()).collect();
        let all = dms.join("\n");
        let role = ["werewolf", "seer", "witch", "hunter", "villager"]
            .into_iter()
            .find(|r| all.contains(&format!("the **{r}**")))
            .expect("a role line");
        for (mark, owner) in [("🐺", "werewolf"), ("🔮", "seer"), ("🧪", "witch")] {
            if role != owner {
                assert!(
                    !all.contains(mark),
                    "a {role} was sent {owner} news ({mark}):\n{all}"
                );
            }
        }
    }
    let card_text = msgs[card].text();
    assert!(card_text.contains("GPP"), "{card_text}");
    assert_eq!(card_text.matches("Seat ").count(), 9, "{card_text}");
    // The status board was edited, not re-posted.
    let boards = msgs
        .iter()
        .filter(|m| m.text().contains("Werewolf — the table"))
        .count();
    assert_eq!(boards, 1);
    assert!(fake.message(status.id).unwrap().edits > 0);
    let last = fake.message(status.id).unwrap().text();
    assert!(
        last.contains("The game is over"),
        "the board says so: {last}"
    );
    assert!(humans.speeches > 0, "the humans spoke");
    // Deadlines are live Discord timestamps; the vote message calls the humans who have
    // not voted (and may ping exactly them).
    for m in msgs[..card].iter().filter(|m| m.text().starts_with("🎤")) {
        assert!(m.text().contains(":R>"), "{}", m.text());
    }
    let votes: Vec<_> = fake
        .calls()
        .into_iter()
        .filter(|c| {
            c.method == "POST"
                && c.body["content"]
                    .as_str()
                    .is_some_and(|t| t.starts_with("🗳️ **Vote**"))
        })
        .collect();
    assert!(!votes.is_empty(), "a vote message was posted");
    for c in &votes {
        let text = c.body["content"].as_str().unwrap();
        assert!(
            text.contains("Waiting for <@") && text.contains(":R>"),
            "{text}"
        );
        let users = c.body["allowed_mentions"]["users"].as_array().unwrap();
        assert!(!users.is_empty() && users.len() <= 3, "{}", c.body);
    }

    // Stored: the session is finished with every seat's result.
    let s = app.store().await;
    let sessions = s.sessions().await.unwrap();
    assert_eq!(sessions.len(), 1);
    assert_eq!(sessions[0].session.status, "finished");
    assert_eq!(sessions[0].session.surface, "discord");
    assert_eq!(sessions[0].session.community, GUILD_ID.to_string());
    assert!(sessions[0].seats.iter().all(|x| x.score.is_some()));
    assert_no_human_timeouts(&s).await;
    // The channel is free again; the leaderboard and the player's record answer.
    let i = fake
        .slash(
            host,
            channel,
            "leaderboard",
            None,
            super::game_option("werewolf"),
            DEFAULT_PERMS,
        )
        .await;
    fake.wait_until("the leaderboard", WAIT, |f| {
        f.replies(i).iter().any(|m| {
            let t = m.text();
            t.contains("leaderboard")
                && t.contains(" — rating ")
                && t.contains(&format!("https://agora.example/c/{GUILD_ID}/werewolf"))
        })
    })
    .await;
    // Only AI players, and only this season.
    let mut options = super::game_option("werewolf");
    options.as_array_mut().unwrap().extend([
        json!({"name": "board", "type": 4, "value": 1}),
        json!({"name": "season", "type": 4, "value": 0}),
    ]);
    let i = fake
        .slash(host, channel, "leaderboard", None, options, DEFAULT_PERMS)
        .await;
    fake.wait_until("the AI board of season 0", WAIT, |f| {
        f.replies(i).iter().any(|m| {
            let t = m.text();
            t.contains("season 0")
                && t.contains("🤖")
                && !t.contains("**1.**")
                && t.contains("?board=ai&season=0")
        })
    })
    .await;
    let i = fake
        .slash(host, channel, "stats", None, json!([]), DEFAULT_PERMS)
        .await;
    fake.wait_until("the record", WAIT, |f| {
        f.replies(i)
            .iter()
            .any(|m| m.text().contains("1 game") && m.text().contains("rating "))
    })
    .await;
    assert!(
        fake.calls()
            .iter()
            .any(|c| c.body.to_string().contains("ratings.png")),
        "the rating history is attached"
    );
    // A new season is a server manager's to start; a person's name can leave the page.
    let i = fake
        .slash(
            host,
            channel,
            "season",
            Some("start"),
            json!([]),
            DEFAULT_PERMS,
        )
        .await;
    fake.wait_until("a refusal", WAIT, |f| !f.replies(i).is_empty())
        .await;
    assert!(
        !fake
            .replies(i)
            .iter()
            .any(|m| m.text().contains("starts now")),
        "a player without Manage Server started a season"
    );
    const MANAGE_GUILD: u64 = 1 << 5;
    let i = fake
        .slash(
            host,
            channel,
            "season",
            Some("start"),
            json!([]),
            DEFAULT_PERMS | MANAGE_GUILD,
        )
        .await;
    fake.wait_until("a new season", WAIT, |f| {
        f.replies(i)
            .iter()
            .any(|m| m.text().contains("Season 1 starts now"))
    })
    .await;
    let i = fake
        .slash(
            host,
            channel,
            "privacy",
            None,
            json!([{"name": "web", "type": 4, "value": 1}]),
            DEFAULT_PERMS,
        )
        .await;
    let hidden = agora::stats::names::hidden_name(&format!("discord:{host}"));
    fake.wait_until("the name hidden", WAIT, |f| {
        f.replies(i).iter().any(|m| m.text().contains(&hidden))
    })
    .await;
    let store = app.store().await;
    assert!(store
        .web_hidden()
        .await
        .unwrap()
        .contains(&format!("discord:{host}")));

    // A person who dies is told at once, by DM, once.
    let public: Vec<String> = fake
        .messages(channel)
        .iter()
        .flat_map(|m| m.text().lines().map(str::to_string).collect::<Vec<_>>())
        .collect();
    for u in [host, b, c] {
        let name = format!("user{u}");
        let killed = public
            .iter()
            .any(|t| t.contains("Died in the night") && t.contains(&name));
        let voted = public
            .iter()
            .any(|t| t.contains("is voted out") && t.contains(&name));
        let told: Vec<String> = fake
            .dms(u)
            .iter()
            .map(|m| m.text())
            .filter(|t| {
                t.contains("You were killed in the night") || t.contains("You were voted out")
            })
            .collect();
        assert_eq!(told.len(), usize::from(killed || voted), "{name}: {told:?}");
    }
    let counts = census(&fake, channel);
    eprintln!(
        "REST calls for a game with 3 humans and 6 AI: {} in all; {counts:?}; speeches {}, votes {}, night actions {}",
        fake.calls().len(),
        humans.speeches,
        humans.votes,
        humans.night_actions
    );
    fake.save_transcript("werewolf_three_humans");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_game_resumes_and_old_buttons_still_work() {
    let mut app = TestApp::builder().seed(12).spawn().await;
    let fake = app.fake.clone();
    let channel = 3003;
    let host = 4021;
    let lobby = open_lobby(&fake, host, channel, json!([])).await;
    press(&fake, host, &lobby, ":start").await;
    // Wait until the human has something to do: night controls by DM or a speech call.
    let pending = |f: &FakeDiscord| {
        f.dms(host)
            .into_iter()
            .find(|m| m.custom_ids().iter().any(|id| id.starts_with("ask:")))
    };
    let called = |f: &FakeDiscord| {
        f.messages(channel)
            .into_iter()
            .any(|m| m.text().starts_with(&format!("🎤 <@{host}>")))
    };
    fake.wait_until("the human's first turn", Duration::from_secs(60), |f| {
        pending(f).is_some() || called(f)
    })
    .await;
    let old_controls = pending(&fake);
    let calls_before = fake
        .messages(channel)
        .iter()
        .filter(|m| m.text().starts_with(&format!("🎤 <@{host}>")))
        .count();
    app.stop_bot().await;
    let before = bot_texts(&fake, channel, &[host]);
    let s = app.store().await;
    assert_eq!(s.sessions().await.unwrap()[0].session.status, "running");

    app.start_bot().await;
    wait_for_post(&fake, channel, "The bot restarted").await;
    let mut humans = Humans::new(channel, &[host]);
    match old_controls {
        Some(m) => {
            // The controls are not sent again: the old DM's still work.
            humans.done.insert((m.id, host));
            humans.answer_controls(&fake, host, &m).await;
            wait_for_text(&fake, m.id, "Done").await;
            let controls = fake
                .dms(host)
                .iter()
                .filter(|x| x.custom_ids().iter().any(|id| id.starts_with("ask:")))
                .count();
            assert!(controls <= 1, "controls were sent again");
        }
        None => {
            // The call is not posted again: the speaker's next message is still the speech.
            let calls = fake
                .messages(channel)
                .iter()
                .filter(|m| m.text().starts_with(&format!("🎤 <@{host}>")))
                .count();
            assert_eq!(calls, calls_before, "the speech call was posted again");
        }
    }
    assert_nothing_repeated(&before, &bot_texts(&fake, channel, &[host]));
    humans.play_to_the_end(&fake).await;
    let s = app.store().await;
    assert_eq!(s.sessions().await.unwrap()[0].session.status, "finished");
    assert_no_human_timeouts(&s).await;
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_survives_a_restart() {
    let mut app = TestApp::spawn().await;
    let fake = app.fake.clone();
    let (channel, host, guest) = (3010, 4091, 4092);
    let lobby = open_lobby(&fake, host, channel, json!([])).await;
    press(&fake, guest, &lobby, ":join").await;
    app.stop_bot().await;
    app.start_bot().await;
    // The old lobby message's buttons still work: the lobby was stored.
    press(&fake, host, &lobby, ":start").await;
    fake.wait_until("the game starts with both players", WAIT, |f| {
        let t = f.message(lobby.id).unwrap().text();
        t.contains("has started") && t.contains("user4092")
    })
    .await;
    app.stop().await;
}

/// `/settings language:简体中文` (managers only) sets the server's language, and a werewolf
/// table started afterwards keeps it in its stored setup (its AI players speak Chinese).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_set_to_chinese_starts_its_tables_in_chinese() {
    let app = TestApp::builder().seed(5).spawn().await;
    let fake = app.fake.clone();
    let (channel, host) = (3301, 4301);
    // Not a manager: Discord refuses the command, and nothing is stored.
    let i = settings_chinese(&fake, host, channel, DEFAULT_PERMS).await;
    fake.wait_until("a refusal", WAIT, |f| !f.replies(i).is_empty())
        .await;
    let store = app.store().await;
    assert_eq!(
        store.community_lang(&GUILD_ID.to_string()).await.unwrap(),
        None
    );
    set_server_chinese(&fake, host, channel).await;
    assert_eq!(
        store.community_lang(&GUILD_ID.to_string()).await.unwrap(),
        Some(agora_games::Lang::ZhCn)
    );
    let lobby = open_lobby(&fake, host, channel, json!([])).await;
    press(&fake, host, &lobby, ":start").await;
    let setup = stored_setup(&store, "werewolf").await;
    assert_eq!(setup["lang"], "zh-CN", "{setup}");
}
