//! The Discord bot end to end against the in-process fake Discord (REST + gateway on
//! loopback, through `DISCORD_PROXY_URL`): every human step is a click, a menu choice or a
//! message typed in the channel, as a user would do it.
//!
//! - `game`: whole games in this process, restarts.
//! - `afk`: a person who misses two actions: the AI takes the seat, they take it back, leave.
//! - `binary`: `agora run` itself.
//! - `debate`: a whole team debate, two people and six AI.
//! - `chinese`: the team debate and the trial on a server set to Chinese.
//! - `clicks`: refused, limited and tidied clicks, commands and messages.
//! - `seats`: seats, roles and what each player is told.
//! - `forged`: forged speeches.
//! - `log`: the bot's log is checked for dropped gateway events.
//! - `restart`: `agora run` killed between two posts of a step: every open ask on screen
//!   once after the restart, no stale control live.
//! - `trial`: a trial with two people, juror threads, evidence, the verdict; a restart.
//! - `bad_inputs`: bad input at every control of the debates and the trial.
//! - `cluster`: two `agora run` processes on one PostgreSQL: handed-over clicks, a takeover.
//! - `werewolf_boards`: the twelve-seat board with its sheriff and graveyard, six seats,
//!   bad board options.
//! - `werewolf_zh`: werewolf in Chinese: a Chinese server's table, a Chinese speaker at an
//!   English table, a Chinese table across a restart.

mod afk;
mod bad_inputs;
mod bad_inputs_formats;
mod binary;
mod chinese;
mod clicks;
mod cluster;
mod debate;
mod debate_panel;
mod drafts;
mod forged;
mod log;
mod pace;
mod panel_zh;
mod restart;
mod seats;
mod trial;
mod werewolf;
mod werewolf_boards;
mod werewolf_zh;

use crate::app::WAIT;
use crate::fake_discord::{FakeDiscord, Msg, APP_ID, DEFAULT_PERMS, GUILD_ID};
use crate::fake_players::{ephemeral_reply, open_lobby, press, wait_for_text};
use serde_json::json;
use std::collections::{HashMap, HashSet};
use std::time::Duration;

/// A database path for a bot that never gets ready (no [`TestApp`]); the caller removes it.
pub(super) fn temp_db(name: &str) -> String {
    let path = std::env::temp_dir().join(format!(
        "agora-discord-{name}-{}-{}.db",
        std::process::id(),
        agora::store::now_ms()
    ));
    format!("sqlite://{}", path.display())
}

pub(super) async fn store(db: &str) -> agora::store::Store {
    agora::store::Store::open(db, Duration::from_secs(20))
        .await
        .expect("store")
}

/// `/werewolf SUB` with no options, by `user` in `channel`; returns the interaction id.
pub(super) async fn werewolf(fake: &FakeDiscord, user: u64, channel: u64, sub: &str) -> u64 {
    fake.slash(
        user,
        channel,
        "werewolf",
        Some(sub),
        json!([]),
        DEFAULT_PERMS,
    )
    .await
}

/// A later, observable action: `/werewolf status` by `user` in `channel`, answered. What the
/// bot would have done about an earlier event (a retry, a relay) it has done by then.
pub(super) async fn a_later_command_is_answered(fake: &FakeDiscord, user: u64, channel: u64) {
    let i = werewolf(fake, user, channel, "status").await;
    ephemeral_reply(fake, i).await;
}

/// Whether a path is a message post into a DM channel (the fake numbers them from 90000).
pub(super) fn is_dm(path: &str) -> bool {
    path.strip_prefix("/api/v10/channels/")
        .and_then(|r| r.split('/').next())
        .and_then(|id| id.parse::<u64>().ok())
        .is_some_and(|id| id >= crate::fake_discord::DM_BASE)
}

/// REST calls by kind.
pub(super) fn census(fake: &FakeDiscord, channel: u64) -> HashMap<&'static str, usize> {
    let mut c = HashMap::new();
    for call in fake.calls() {
        let p = call.path.as_str();
        let kind = if p.contains("/interactions/") {
            "interaction callbacks"
        } else if p.contains("/webhooks/") {
            "follow-ups and response edits"
        } else if p == format!("/api/v10/channels/{channel}/messages") && call.method == "POST" {
            "channel posts"
        } else if p.starts_with(&format!("/api/v10/channels/{channel}/messages/")) {
            "channel edits"
        } else if is_dm(p) && call.method == "POST" {
            "DMs"
        } else if p.contains("/users/@me/channels") {
            "DM channel opens"
        } else {
            "other"
        };
        *c.entry(kind).or_insert(0) += 1;
    }
    c
}

/// The humans answered everything in time: no input of theirs is a timeout (a seat that
/// timed out was never shown its controls, or its click was lost).
pub(super) async fn assert_no_human_timeouts(s: &agora::store::Store) {
    let summary = s.sessions().await.unwrap()[0].clone();
    // The humans sit where the game's seed put them.
    let humans: Vec<u8> = summary
        .seats
        .iter()
        .filter(|x| x.player.starts_with("discord:"))
        .map(|x| x.seat)
        .collect();
    let session = summary.session.clone();
    let inputs = s.inputs(&session.id).await.unwrap();
    let late: Vec<String> = inputs
        .iter()
        .filter(|x| x.source == agora::store::InputSource::Timeout && humans.contains(&x.seat))
        .map(|x| format!("seat {} ask {} (input #{})", x.seat, x.ask_seq, x.n))
        .collect();
    if !late.is_empty() {
        let game =
            agora::session::rebuild::<agora_core::werewolf::session::WerewolfSetup>(s, &session.id)
                .await
                .unwrap();
        let story: Vec<String> = game.log().iter().map(|l| l.event.story()).collect();
        panic!("human seats timed out: {late:?}\n{}", story.join("\n"));
    }
}

/// The bot's messages a restart must not repeat: channel posts everyone sees and DMs.
pub(super) fn bot_texts(fake: &FakeDiscord, channel: u64, users: &[u64]) -> Vec<(u64, String)> {
    let mut out: Vec<(u64, String)> = fake
        .messages(channel)
        .into_iter()
        .filter(|m| m.author_id == crate::fake_discord::APP_ID && !m.is_ephemeral())
        .map(|m| (m.id, m.text()))
        .collect();
    for u in users {
        out.extend(fake.dms(*u).into_iter().map(|m| (m.id, m.text())));
    }
    out
}

/// Nothing the bot posted before the restart is posted again after it (the restart line
/// and what is new only), and no phase line is ever announced twice.
pub(super) fn assert_nothing_repeated(before: &[(u64, String)], after: &[(u64, String)]) {
    let old: std::collections::HashSet<u64> = before.iter().map(|(id, _)| *id).collect();
    for (id, text) in after.iter().filter(|(id, _)| !old.contains(id)) {
        assert!(
            !before.iter().any(|(_, t)| t == text),
            "message {id} repeats one from before the restart: {text}"
        );
    }
    let mut phases = std::collections::HashSet::new();
    for (_, text) in after {
        if text.starts_with("🌙") || text.starts_with("☀️") {
            assert!(phases.insert(text.clone()), "announced twice: {text}");
        }
    }
}

/// Opens a table with three humans and starts it.
pub(super) async fn three_at_the_table(fake: &FakeDiscord, channel: u64, users: &[u64]) {
    let lobby = open_lobby(fake, users[0], channel, json!([])).await;
    for u in &users[1..] {
        press(fake, *u, &lobby, ":join").await;
    }
    press(fake, users[0], &lobby, ":start").await;
}

/// `/leaderboard`'s `game` option as Discord sends a choice: its index among the
/// registry's games.
pub fn game_option(game: &str) -> serde_json::Value {
    let index = agora::registry::GameKind::ALL
        .iter()
        .position(|k| k.name() == game)
        .expect("a registered game");
    serde_json::json!([{"name": "game", "type": 4, "value": index}])
}

/// The permission to manage the server, which `/settings` asks for.
pub(super) const MANAGE_GUILD: u64 = 1 << 5;

/// `/settings language:简体中文` sent by `user` in `channel` with `perms`: the interaction.
pub(super) async fn settings_chinese(
    fake: &FakeDiscord,
    user: u64,
    channel: u64,
    perms: u64,
) -> u64 {
    let chinese = json!([{"name": "language", "type": 4, "value": 1}]);
    fake.slash(user, channel, "settings", None, chinese, perms)
        .await
}

/// A manager, `user`, sets the server's language to Chinese with `/settings`; returns once
/// the bot has said so in Chinese.
pub(super) async fn set_server_chinese(fake: &FakeDiscord, user: u64, channel: u64) {
    let i = settings_chinese(fake, user, channel, DEFAULT_PERMS | MANAGE_GUILD).await;
    fake.wait_until("the setting said in Chinese", WAIT, |f| {
        f.replies(i).iter().any(|m| m.text().contains("简体中文"))
    })
    .await;
}

/// The server's language stored as `lang`, as `/settings` would store it.
pub(super) async fn store_server_lang(store: &agora::store::Store, lang: agora_games::Lang) {
    store
        .set_community_lang(&GUILD_ID.to_string(), lang, 1)
        .await
        .expect("the server's language stored");
}

/// The stored setup of the first `game` session, once there is one.
pub(super) async fn stored_setup(store: &agora::store::Store, game: &str) -> serde_json::Value {
    for _ in 0..200 {
        let sessions = store.sessions().await.unwrap();
        if let Some(s) = sessions.iter().find(|s| s.session.game == game) {
            return s.session.config.clone();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no {game} session stored");
}

/// The bot's messages a person sees with no Han character in them, but those only
/// `but_for` (an English speaker) sees.
pub(super) fn without_han(fake: &FakeDiscord, but_for: u64) -> Vec<String> {
    fake.all_messages()
        .into_iter()
        .filter(|m| m.author_id == APP_ID && !m.deleted && m.ephemeral_for != Some(but_for))
        .map(|m| m.text())
        .filter(|t| !t.trim().is_empty() && !crate::zh::han(t))
        .collect()
}

/// A debate's open call for `user` in `channel`: a message of the bot mentioning them with
/// a Done button not in `used`, and that button's id.
pub(super) fn open_call(
    fake: &FakeDiscord,
    channel: u64,
    user: u64,
    used: &HashSet<String>,
) -> Option<(Msg, String)> {
    fake.messages(channel).into_iter().find_map(|m| {
        let id = m.find_custom_id(":done")?;
        (m.author_id == APP_ID && m.content.contains(&format!("<@{user}>")) && !used.contains(&id))
            .then_some((m, id))
    })
}

/// A werewolf table opened by `users[0]` in `channel` with the others seated, once the
/// lobby says so (`seated`: "3 of 9 seats taken" in the table's language): the lobby.
pub(super) async fn seated_lobby(
    fake: &FakeDiscord,
    channel: u64,
    users: &[u64],
    seated: &str,
) -> Msg {
    let lobby = open_lobby(fake, users[0], channel, json!([])).await;
    for u in &users[1..] {
        press(fake, *u, &lobby, ":join").await;
    }
    wait_for_text(fake, lobby.id, seated).await;
    lobby
}
