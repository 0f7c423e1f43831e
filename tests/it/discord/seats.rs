//! Who sits where and who is told what: seats from the seed, the wolves' DM chat, the channel
//! the same whatever a closed-DM player's role, the hunter's news.

use super::*;
use crate::app::{wait_until_async, TestApp, WAIT};
use crate::fake_discord::FakeDiscord;
use crate::fake_players::{open_lobby, press, Humans};
use serde_json::json;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn human_wolves_chat_by_dm_only_when_wolf_chat_is_open() {
    use agora::discord::werewolf::lobby::human_seats;
    use agora::games::werewolf::{deal, Role};
    // A seed that seats the first two players as wolves and the third not.
    let role = |s: u64, k: usize| deal(s)[human_seats(3, s)[k] as usize - 1];
    let seed = (0..100_000u64)
        .find(|s| {
            role(*s, 0) == Role::Werewolf
                && role(*s, 1) == Role::Werewolf
                && role(*s, 2) != Role::Werewolf
        })
        .unwrap();
    let first = human_seats(3, seed)[0];
    let app = TestApp::builder().seed(seed).spawn().await;
    let fake = app.fake.clone();
    // wolf_chat is a choice: 0 = targets only, 1 = open.
    for (channel, base, open) in [(3006u64, 4050u64, true), (3007, 4060, false)] {
        let users = [base + 1, base + 2, base + 3];
        let lobby = open_lobby(
            &fake,
            users[0],
            channel,
            json!([{"name": "wolf_chat", "type": 4, "value": open as i64}]),
        )
        .await;
        for u in &users[1..] {
            press(&fake, *u, &lobby, ":join").await;
        }
        press(&fake, users[0], &lobby, ":start").await;
        fake.wait_until("the wolves are told their pack", WAIT, |f| {
            f.dms(users[1])
                .iter()
                .any(|m| m.text().contains("The wolves are"))
        })
        .await;
        let dm = fake.dm_channel(users[0]).unwrap();
        fake.say(users[0], dm, "Let us take seat 5 tonight @everyone")
            .await;
        let villager_dm = fake.dm_channel(users[2]).unwrap();
        fake.say(users[2], villager_dm, "I am only a villager")
            .await;
        let relayed = |f: &FakeDiscord| {
            f.dms(users[1])
                .iter()
                .any(|m| m.text().contains("Let us take seat 5"))
        };
        if open {
            fake.wait_until("the wolf's words reach the other wolf", WAIT, relayed)
                .await;
            let line = fake
                .dms(users[1])
                .into_iter()
                .find(|m| m.text().contains("Let us take seat 5"))
                .unwrap()
                .text();
            assert!(
                line.contains(&format!("Seat {first}")) && !line.contains("@everyone"),
                "{line}"
            );
        } else {
            // The DMs came before a later command; once that is answered, nothing followed.
            a_later_command_is_answered(&fake, users[0], channel).await;
            assert!(!relayed(&fake), "targets_only: nothing is relayed");
        }
        for u in users {
            assert!(
                !fake
                    .dms(u)
                    .iter()
                    .any(|m| m.text().contains("only a villager")),
                "a villager's DM is never relayed"
            );
        }
        assert!(!fake
            .dms(users[2])
            .iter()
            .any(|m| m.text().contains("Let us take seat 5")));
    }
    app.stop().await;
}

/// Masks what differs between two runs of the same table: the session id and Discord's
/// live timestamps (`<t:UNIX:R>`).
fn normalised(text: &str, session: &str) -> String {
    let mut out = String::new();
    let mut rest = text.replace(session, "SESSION");
    while let Some(i) = rest.find("<t:") {
        out.push_str(&rest[..i]);
        match rest[i..].find('>') {
            Some(j) => {
                out.push_str("<t:…>");
                rest = rest[i + j + 1..].to_string();
            }
            None => {
                rest = rest[i..].to_string();
                break;
            }
        }
    }
    out.push_str(&rest);
    out
}

/// What everyone in the channel sees of the bot's messages (no ephemeral ones), with their
/// buttons and menus, normalised. The status board is left out: it shows who died, which
/// differs between deals.
fn public_transcript(msgs: &[crate::fake_discord::Msg], session: &str) -> Vec<String> {
    msgs.iter()
        .filter(|m| m.author_id == crate::fake_discord::APP_ID && !m.is_ephemeral())
        .filter(|m| !m.text().contains("Werewolf — the table"))
        .map(|m| {
            normalised(
                &format!(
                    "{} | {:?} | {:?}",
                    m.text(),
                    m.custom_ids(),
                    m.button_labels()
                ),
                session,
            )
        })
        .collect()
}

/// One closed-DM player alone with eight AI seats, dealt by `seed`, played until the first
/// dawn: the channel as everyone saw it until then, and the night actions the player took.
async fn closed_dm_first_night(seed: u64) -> (Vec<String>, usize) {
    let app = TestApp::builder().seed(seed).spawn().await;
    let fake = app.fake.clone();
    let (channel, shy) = (3021, 4211);
    fake.close_dms(shy);
    let lobby = open_lobby(&fake, shy, channel, json!([])).await;
    press(&fake, shy, &lobby, ":start").await;
    let mut humans = Humans::new(channel, &[shy]);
    let dawn = |f: &FakeDiscord| {
        f.messages(channel)
            .iter()
            .position(|m| m.text().starts_with("☀️"))
    };
    let (dawn, players, f) = (&dawn, &tokio::sync::Mutex::new(&mut humans), &fake);
    wait_until_async(
        &format!("the first dawn (seed {seed})"),
        Duration::from_secs(60),
        Duration::from_millis(30),
        move || async move {
            if dawn(f).is_some() {
                return true;
            }
            players.lock().await.step(f).await;
            false
        },
    )
    .await;
    let msgs = fake.messages(channel);
    let cut = dawn(&fake).unwrap();
    let session = app.store().await.sessions().await.unwrap()[0]
        .session
        .id
        .clone();
    assert!(fake.dms(shy).is_empty(), "no DM reached the closed inbox");
    app.stop().await;
    (
        public_transcript(&msgs[..cut], &session),
        humans.night_actions,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_channel_is_the_same_whatever_a_closed_dm_players_role() {
    use agora::discord::werewolf::lobby::human_seats;
    use agora::games::werewolf::{deal, Role};
    // Four deals that seat the lone human in the same seat as a villager, a wolf, the
    // seer and the witch.
    let roles = [Role::Villager, Role::Werewolf, Role::Seer, Role::Witch];
    let seat_of = |s: u64| human_seats(1, s)[0];
    let seeds: Vec<u64> = (1..=9u8)
        .find_map(|seat| {
            let seeds: Vec<u64> = roles
                .iter()
                .filter_map(|role| {
                    (0..10_000u64)
                        .find(|s| seat_of(*s) == seat && deal(*s)[seat as usize - 1] == *role)
                })
                .collect();
            (seeds.len() == roles.len()).then_some(seeds)
        })
        .expect("seeds");
    let mut runs = Vec::new();
    for seed in &seeds {
        runs.push(closed_dm_first_night(*seed).await);
    }
    let (villager, _) = &runs[0];
    assert_eq!(
        villager
            .iter()
            .filter(|m| m.starts_with("🔒") && m.contains("My night panel"))
            .count(),
        1,
        "one night panel for the closed-DM player on night 1: {villager:#?}"
    );
    for ((transcript, _), role) in runs.iter().zip(roles) {
        assert_eq!(
            transcript, villager,
            "the channel differs when the closed-DM player is the {role:?}"
        );
    }
    // The roles did differ: the wolf, the seer and the witch acted through their panel.
    let actions: Vec<usize> = runs.iter().map(|(_, n)| *n).collect();
    assert!(
        actions[0] == 0 && actions[1..].iter().all(|n| *n >= 1),
        "night actions by role {roles:?}: {actions:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hunters_news_is_true() {
    use agora::discord::werewolf::lobby::human_seats;
    use agora::games::werewolf::{deal, Event, Role};
    let seed = (0..10_000u64)
        .find(|s| deal(*s)[human_seats(1, *s)[0] as usize - 1] == Role::Hunter)
        .unwrap();
    let app = TestApp::builder().seed(seed).spawn().await;
    let fake = app.fake.clone();
    let (channel, hunter) = (3022, 4221);
    let lobby = open_lobby(&fake, hunter, channel, json!([])).await;
    press(&fake, hunter, &lobby, ":start").await;
    let mut humans = Humans::new(channel, &[hunter]);
    humans.play_to_the_end(&fake).await;
    let s = app.store().await;
    let id = s.sessions().await.unwrap()[0].session.id.clone();
    let game = agora::session::rebuild::<agora_core::werewolf::session::WerewolfSetup>(&s, &id)
        .await
        .unwrap();
    let statuses: Vec<(bool, bool)> = game
        .log()
        .iter()
        .filter_map(|l| match l.event {
            Event::HunterStatus { dies, may_shoot } => Some((dies, may_shoot)),
            _ => None,
        })
        .collect();
    assert!(
        statuses.iter().any(|(dies, _)| !dies),
        "the hunter lived through a night: {statuses:?}"
    );
    let dms = fake
        .dms(hunter)
        .iter()
        .map(|m| m.text())
        .collect::<Vec<_>>()
        .join("\n");
    let told_dies = dms.matches("You die tonight").count();
    let told_poisoned = dms.matches("you may not shoot").count();
    let dies = statuses.iter().filter(|(d, m)| *d && *m).count();
    let poisoned = statuses.iter().filter(|(d, m)| *d && !*m).count();
    assert_eq!(
        (told_dies, told_poisoned),
        (dies, poisoned),
        "the hunter is told only what is true: {statuses:?}\n{dms}"
    );
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn humans_sit_where_the_seed_puts_them() {
    let seed = 77;
    let app = TestApp::builder().seed(seed).spawn().await;
    let fake = app.fake.clone();
    let channel = 3023;
    let users = [4231u64, 4232, 4233];
    let lobby = open_lobby(&fake, users[0], channel, json!([])).await;
    for u in &users[1..] {
        press(&fake, *u, &lobby, ":join").await;
    }
    press(&fake, users[0], &lobby, ":start").await;
    let s = app.store().await;
    let store = &s;
    wait_until_async(
        "the game starts",
        WAIT,
        Duration::from_millis(30),
        || async move { !store.sessions().await.unwrap().is_empty() },
    )
    .await;
    let seats = s.sessions().await.unwrap()[0].seats.clone();
    let placed = agora::discord::werewolf::lobby::human_seats(3, seed);
    assert_ne!(
        placed,
        vec![1, 2, 3],
        "this seed does not seat by joining order"
    );
    for (user, seat) in users.iter().zip(&placed) {
        let stored = seats.iter().find(|x| x.seat == *seat).unwrap();
        assert_eq!(stored.player, format!("discord:{user}"), "seat {seat}");
    }
    let humans = seats
        .iter()
        .filter(|x| x.player.starts_with("discord:"))
        .count();
    assert_eq!(humans, 3);
    app.stop().await;
}
