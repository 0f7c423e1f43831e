//! Human players for the fake Discord: they click, choose from menus and type in the
//! channel as people would, until the game's scorecard is posted. Shared by the Discord
//! tests and the Discord benchmark.
#![allow(dead_code)]

use crate::fake_discord::{FakeDiscord, Msg};
use std::collections::HashSet;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(30);

/// The reply to interaction `i` that holds a control whose `custom_id` contains `marker`
/// (a lobby's `:join`, `:seat1` or `:start`), once the bot has posted it.
pub async fn lobby_reply(fake: &FakeDiscord, i: u64, marker: &str) -> Msg {
    let what = format!("a reply with a {marker} control (the lobby)");
    fake.wait_until(&what, Duration::from_secs(120), |f| {
        f.replies(i)
            .iter()
            .any(|m| m.find_custom_id(marker).is_some())
    })
    .await;
    fake.replies(i)
        .into_iter()
        .find(|m| m.find_custom_id(marker).is_some())
        .expect("the lobby")
}

/// Sends `/<game> start` with `options` as `host` in `channel` and returns the lobby: the
/// reply holding a `marker` control.
pub async fn start_lobby(
    fake: &FakeDiscord,
    host: u64,
    channel: u64,
    game: &str,
    options: serde_json::Value,
    marker: &str,
) -> Msg {
    let perms = crate::fake_discord::DEFAULT_PERMS;
    let i = fake
        .slash(host, channel, game, Some("start"), options, perms)
        .await;
    lobby_reply(fake, i, marker).await
}

/// Sends `/werewolf start` as `host` and returns the lobby message.
pub async fn open_lobby(
    fake: &FakeDiscord,
    host: u64,
    channel: u64,
    options: serde_json::Value,
) -> Msg {
    start_lobby(fake, host, channel, "werewolf", options, ":join").await
}

/// Presses the button of `msg` whose custom id contains `fragment` (`:join`, `:start`),
/// once the click is acknowledged.
pub async fn press(fake: &FakeDiscord, user: u64, msg: &Msg, fragment: &str) -> u64 {
    let id = msg
        .find_custom_id(fragment)
        .unwrap_or_else(|| panic!("no {fragment} control on {:?}", msg.custom_ids()));
    click_and_wait(fake, user, msg, &id).await
}

pub async fn click_and_wait(fake: &FakeDiscord, user: u64, msg: &Msg, custom_id: &str) -> u64 {
    let i = fake.click(user, msg, custom_id).await;
    fake.wait_until("the click is acknowledged", WAIT, |f| {
        f.callback(i).is_some()
    })
    .await;
    i
}

/// The ephemeral text answering interaction `i` (its callback message or follow-up).
pub async fn ephemeral_reply(fake: &FakeDiscord, i: u64) -> String {
    fake.wait_until("an ephemeral answer", WAIT, |f| {
        f.replies(i).iter().any(|m| m.is_ephemeral())
    })
    .await;
    fake.replies(i)
        .iter()
        .filter(|m| m.is_ephemeral())
        .map(|m| m.text())
        .collect::<Vec<_>>()
        .join("\n")
}

/// What `user` alone is told on pressing the control of `msg` whose custom id contains
/// `fragment` (a refusal, a confirmation).
pub async fn told_on_press(fake: &FakeDiscord, user: u64, msg: &Msg, fragment: &str) -> String {
    let i = press(fake, user, msg, fragment).await;
    ephemeral_reply(fake, i).await
}

/// What `user` alone is told on sending `/<command> <sub>` with `options` in `channel`.
pub async fn told_on_command(
    fake: &FakeDiscord,
    user: u64,
    channel: u64,
    command: &str,
    sub: Option<&str>,
    options: serde_json::Value,
) -> String {
    let perms = crate::fake_discord::DEFAULT_PERMS;
    let i = fake
        .slash(user, channel, command, sub, options, perms)
        .await;
    ephemeral_reply(fake, i).await
}

/// The text of the first message in `channel` that holds `needle`.
pub fn post_with(fake: &FakeDiscord, channel: u64, needle: &str) -> Option<String> {
    fake.messages(channel)
        .into_iter()
        .map(|m| m.text())
        .find(|t| t.contains(needle))
}

/// [`post_with`], waiting until it is posted.
pub async fn wait_for_post(fake: &FakeDiscord, channel: u64, needle: &str) -> String {
    let what = format!("a message with {needle:?} in {channel}");
    fake.wait_until(&what, WAIT, |f| post_with(f, channel, needle).is_some())
        .await;
    post_with(fake, channel, needle).expect("posted")
}

/// Waits until message `id`, as edited since, shows `needle`.
pub async fn wait_for_text(fake: &FakeDiscord, id: u64, needle: &str) {
    let what = format!("message {id} to show {needle:?}");
    fake.wait_until(&what, WAIT, |f| {
        f.message(id).expect("the message").text().contains(needle)
    })
    .await;
}

/// Plays the human seats as people would: answers DM controls, speaks when called,
/// votes on the vote message, and uses the channel's button when DMs are closed.
pub struct Humans {
    /// Milliseconds between two passes over what the bot has shown.
    pub poll_ms: u64,
    channel: u64,
    users: Vec<u64>,
    pub done: HashSet<(u64, u64)>,
    /// Night panel presses (user, interaction): news and controls may follow them later.
    pub panels: Vec<(u64, u64)>,
    pub speeches: usize,
    pub votes: usize,
    pub night_actions: usize,
    /// What they say when called to speak (`{u}`: the speaker's user id); English by
    /// default.
    pub speech: String,
    /// Who runs for sheriff when a sign-up asks them (the others press "Don't run").
    pub runners: Vec<u64>,
    /// Sheriff sign-up presses: (user, ran).
    pub signups: Vec<(u64, bool)>,
}

impl Humans {
    pub fn new(channel: u64, users: &[u64]) -> Humans {
        Humans {
            poll_ms: 30,
            channel,
            users: users.to_vec(),
            done: HashSet::new(),
            panels: Vec::new(),
            speeches: 0,
            votes: 0,
            night_actions: 0,
            speech: "I am user {u}. I have watched closely; seat 2 worries me. @everyone listen!"
                .into(),
            runners: Vec::new(),
            signups: Vec::new(),
        }
    }

    /// `user` stops answering anything (away from the keyboard) until [`Humans::back`].
    pub fn away(&mut self, user: u64) {
        self.users.retain(|u| *u != user);
    }

    /// `user` answers again.
    pub fn back(&mut self, user: u64) {
        if !self.users.contains(&user) {
            self.users.push(user);
        }
    }

    /// Answers one set of controls (a DM or an ephemeral fallback message).
    pub async fn answer_controls(&mut self, fake: &FakeDiscord, user: u64, m: &Msg) {
        let ids = m.custom_ids();
        let pick = |suffix: &str| ids.iter().find(|id| id.ends_with(suffix)).cloned();
        let i = if let Some(id) = pick(":save") {
            fake.click(user, m, &id).await
        } else if let Some(id) = pick(":pass") {
            fake.click(user, m, &id).await
        } else if let Some(id) = pick(":pick") {
            let options = m.select_options(&id);
            let value = options
                .first()
                .expect("a menu lists valid targets")
                .1
                .clone();
            fake.select(user, m, &id, &[&value]).await
        } else if let Some(id) = pick(":decline") {
            fake.click(user, m, &id).await
        } else if let Some(id) = pick(":up") {
            // The sheriff's speaking order.
            fake.click(user, m, &id).await
        } else {
            return;
        };
        self.night_actions += 1;
        fake.wait_until("a night action is acknowledged", WAIT, |f| {
            f.callback(i).is_some()
        })
        .await;
    }

    /// One pass over what the bot has shown; true once the scorecard is posted.
    pub async fn step(&mut self, fake: &FakeDiscord) -> bool {
        for &u in &self.users.clone() {
            for m in fake.dms(u) {
                if m.custom_ids().iter().any(|id| id.starts_with("ask:"))
                    && self.done.insert((m.id, u))
                {
                    self.answer_controls(fake, u, &m).await;
                }
            }
        }
        for m in fake.messages(self.channel) {
            let text = m.text();
            // The scorecard's footer, at an English or a Chinese table.
            if text.contains("Roles revealed") || text.contains("身份已揭晓") {
                return true;
            }
            for &u in &self.users.clone() {
                let mention = format!("<@{u}>");
                if text.starts_with(&format!("🎤 {mention}")) && self.done.insert((m.id, u)) {
                    self.speeches += 1;
                    let speech = self.speech.replace("{u}", &u.to_string());
                    fake.say(u, self.channel, &speech).await;
                }
                if let Some(id) = m.find_custom_id("board:") {
                    if text
                        .lines()
                        .any(|l| l.starts_with("⏳") && l.ends_with(&format!("· user{u}")))
                        && self.done.insert((m.id, u))
                    {
                        // The sheriff sign-up has buttons; a vote message, a menu.
                        if let Some(run) = m.find_custom_id(":run") {
                            let runs = self.runners.contains(&u);
                            let id = if runs {
                                run
                            } else {
                                m.find_custom_id(":pass").expect("a don't-run button")
                            };
                            self.signups.push((u, runs));
                            fake.click(u, &m, &id).await;
                            continue;
                        }
                        let value = m.select_options(&id).first().expect("targets").1.clone();
                        self.votes += 1;
                        fake.select(u, &m, &id, &[&value]).await;
                    }
                }
                if text.starts_with(&format!("🔒 {mention}")) && self.done.insert((m.id, u)) {
                    let id = m.find_custom_id(":open").expect("the night panel button");
                    let i = click_and_wait(fake, u, &m, &id).await;
                    fake.wait_until("the private view", WAIT, |f| !f.replies(i).is_empty())
                        .await;
                    self.panels.push((u, i));
                }
            }
        }
        // What the night panel showed, or sent after a press (ephemeral follow-ups).
        for (u, i) in self.panels.clone() {
            for r in fake.replies(i) {
                assert!(r.is_ephemeral(), "private news is ephemeral");
                if r.custom_ids().iter().any(|id| id.starts_with("ask:"))
                    && self.done.insert((r.id, u))
                {
                    self.answer_controls(fake, u, &r).await;
                }
            }
        }
        false
    }

    pub async fn play_to_the_end(&mut self, fake: &FakeDiscord) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(240);
        loop {
            if self.step(fake).await {
                return;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "the game did not end in time\n{}",
                fake.dump_calls(60)
            );
            tokio::time::sleep(Duration::from_millis(self.poll_ms)).await;
        }
    }
}
