//! `agora run` killed (SIGKILL, at a crash point: `AGORA_DISCORD_CRASH_AFTER`) between two
//! posts of a step, then started again: every open ask of every person is on screen exactly
//! once and answerable, and no stale copy of a control stays live. A werewolf game killed
//! right after "Night 2 falls" (before the night's DMs), right before a wolf's pick DM
//! (marked, never sent) and right after it (before its id is stored: found again when the
//! bot reads its DMs back); a team debate killed right after a person's call is posted
//! (before its id is stored: found again when the channel is read back) and right before
//! it; a moderated debate killed right after a call (posted again, the old copy closed);
//! a closed-DM wolf killed right before its first night panel button; three people killed
//! right after the vote message and right after a speech call; a trial killed right after
//! a juror's answer (sent again with the same nonce, shown once).

use super::*;
use crate::app::{wait_until_async, TestApp, WAIT};
use crate::fake_discord::{FakeDiscord, Msg, APP_ID};
use crate::fake_players::{press, wait_for_post, Humans};
use agora::discord::restart::closed_line;
use agora_games::Lang;
use serde_json::json;
use std::collections::HashMap;
use std::time::Duration;

/// Kill right after Discord accepted the matching post, before the bot learns its id.
const AFTER: &str = "AGORA_DISCORD_CRASH_AFTER";
/// Kill right before the matching post is sent.
const BEFORE: &str = "AGORA_DISCORD_CRASH_BEFORE";

/// The key of a control's ask: `ask:{session}:{seat}:{seq}` or `board:{session}:{key}`
/// (the night panel button, which shows whatever is open, has none).
fn ask_key(id: &str) -> Option<String> {
    let parts: Vec<&str> = id.split(':').collect();
    match parts.as_slice() {
        ["ask", _, _, "0", "open"] => None,
        ["ask", s, seat, seq, _] => Some(format!("ask:{s}:{seat}:{seq}")),
        ["board", s, key] => Some(format!("board:{s}:{key}")),
        _ => None,
    }
}

/// The bot's messages in the channel and the users' DMs that carry controls.
fn live_controls(fake: &FakeDiscord, channel: u64, users: &[u64]) -> Vec<Msg> {
    let mut all = fake.messages(channel);
    for u in users {
        all.extend(fake.dms(*u));
    }
    all.into_iter()
        .filter(|m| m.author_id == APP_ID && !m.is_ephemeral() && !m.components.is_empty())
        .collect()
}

/// No ask's controls are live on two messages.
fn assert_one_live_copy(fake: &FakeDiscord, channel: u64, users: &[u64]) {
    let mut seen: HashMap<String, u64> = HashMap::new();
    for m in live_controls(fake, channel, users) {
        let keys: std::collections::HashSet<String> =
            m.custom_ids().iter().filter_map(|id| ask_key(id)).collect();
        for k in keys {
            if let Some(other) = seen.insert(k.clone(), m.id) {
                panic!(
                    "{k} is live on two messages ({other} and {}): {}",
                    m.id,
                    m.text()
                );
            }
        }
    }
}

/// Waits until the bot has hit its crash point (and is gone), up to `timeout`.
async fn crashed_within(app: &mut TestApp, timeout: Duration) {
    wait_until_async(
        "the crash point",
        timeout,
        Duration::from_millis(20),
        || {
            let crashed = app.crashed();
            async move { crashed }
        },
    )
    .await;
}

/// Plays `humans` until the bot hits its crash point (and is gone); stops stepping once
/// `reached` shows the crash point's post, so nobody clicks a message the bot dies on.
async fn play_until_the_crash(
    app: &mut TestApp,
    humans: &mut Humans,
    reached: impl Fn(&FakeDiscord) -> bool,
) {
    let fake = &app.fake.clone();
    let (reached, humans) = (&reached, &tokio::sync::Mutex::new(humans));
    let bot = &mut *app;
    wait_until_async(
        "the crash point",
        Duration::from_secs(180),
        Duration::from_millis(20),
        move || {
            let crashed = bot.crashed();
            async move {
                if !crashed && !reached(fake) {
                    assert!(
                        !humans.lock().await.step(fake).await,
                        "the game ended before the crash point"
                    );
                }
                crashed
            }
        },
    )
    .await;
    assert!(
        app.log().text().contains("crash point reached"),
        "the bot died at its crash point\n{}",
        app.log().text()
    );
}

/// A seed that deals the lone human a wolf.
pub(super) fn wolf_seed(skip: usize) -> u64 {
    use agora::discord::werewolf::lobby::human_seats;
    use agora::games::werewolf::{deal, Role};
    (0..10_000u64)
        .filter(|s| deal(*s)[human_seats(1, *s)[0] as usize - 1] == Role::Werewolf)
        .nth(skip)
        .expect("a seed")
}

const PICK: &str = "Choose tonight's victim";

/// How many messages the bot has posted (in a channel or by DM) whose text holds `text`.
fn posted(fake: &FakeDiscord, text: &str) -> usize {
    fake.calls()
        .iter()
        .filter(|c| c.method == "POST" && c.path.ends_with("/messages"))
        .filter(|c| c.body["content"].as_str().is_some_and(|t| t.contains(text)))
        .count()
}

/// The wolf's pick DMs so far.
fn picks(fake: &FakeDiscord, user: u64) -> Vec<Msg> {
    fake.dms(user)
        .into_iter()
        .filter(|m| m.text().contains(PICK))
        .collect()
}

/// A werewolf game with one human wolf, killed at `needle` (`when`: [`AFTER`] or
/// [`BEFORE`]); after the restart the wolf is asked to pick on night 2 once (one live
/// copy), picks, and the game ends with no human seat timed out.
async fn werewolf_killed_at(when: &str, needle: &str, channel: u64, host: u64) {
    let mut app = TestApp::builder()
        .binary()
        .seed(wolf_seed(0))
        .env(when, needle)
        .spawn()
        .await;
    let fake = app.fake.clone();
    let lobby = open_lobby(&fake, host, channel, json!([])).await;
    press(&fake, host, &lobby, ":start").await;
    let mut humans = Humans::new(channel, &[host]);
    let plain = needle.split('#').next().unwrap_or(needle).to_string();
    let nth: usize = needle.split('#').nth(1).map_or(1, |n| n.parse().unwrap());
    // Posts are counted as sent (a click edits a DM's text afterwards).
    let reached = |f: &FakeDiscord| when == AFTER && posted(f, &plain) >= nth;
    play_until_the_crash(&mut app, &mut humans, reached).await;
    app.remove_env(when);
    app.start_bot().await;
    wait_for_post(&fake, channel, "The bot restarted").await;
    // Night 2's pick is on screen, live, once.
    fake.wait_until("the wolf's night-2 pick, live", WAIT, |f| {
        picks(f, host).iter().any(|m| !m.components.is_empty())
    })
    .await;
    let live: Vec<Msg> = picks(&fake, host)
        .into_iter()
        .filter(|m| !m.components.is_empty())
        .collect();
    assert_eq!(live.len(), 1, "one live pick: {live:?}");
    // A pick DM sent before the crash (its id never stored) is found when the bot reads
    // its DMs back: it stays the live one, not sent again, and nothing was closed.
    if when == AFTER && needle.contains(PICK) {
        assert_eq!(posted(&fake, PICK), 2, "the night-2 pick is not sent again");
    }
    let closed = picks(&fake, host)
        .iter()
        .filter(|m| m.text().contains(&closed_line(Lang::En)))
        .count();
    assert_eq!(closed, 0, "closed copies");
    assert_one_live_copy(&fake, channel, &[host]);
    humans.play_to_the_end(&fake).await;
    assert_one_live_copy(&fake, channel, &[host]);
    let s = app.store().await;
    assert_eq!(s.sessions().await.unwrap()[0].session.status, "finished");
    assert_no_human_timeouts(&s).await;
    let timed_out = fake
        .dms(host)
        .iter()
        .filter(|m| m.text().contains("Time ran out"))
        .count();
    assert_eq!(timed_out, 0, "the wolf was never timed out");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wolf_killed_at_nightfall_before_its_dms_still_picks_after_the_restart() {
    werewolf_killed_at(AFTER, "Night 2 falls", 3401, 4401).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wolf_killed_with_its_pick_marked_but_not_sent_gets_it_after_the_restart() {
    werewolf_killed_at(BEFORE, &format!("{PICK}#2"), 3403, 4403).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wolf_killed_after_its_pick_dm_before_its_id_is_stored_picks_once() {
    werewolf_killed_at(AFTER, &format!("{PICK}#2"), 3402, 4402).await;
}

pub(super) const BEN: u64 = 4411;

/// A team debate's lobby in `channel`, opened by `host`.
pub(super) async fn debate_lobby(fake: &FakeDiscord, host: u64, channel: u64) -> Msg {
    let topic = json!([{"name": "topic", "type": 3, "value": "universal_basic_income"}]);
    crate::fake_players::start_lobby(fake, host, channel, "debate", topic, ":seat1").await
}

/// BEN's calls (messages with his mention and controls, or closed).
/// Ben types his speech on his live `call` and presses Done once the call counted the
/// words (messages and clicks travel separately); waits until the call closes with the
/// speech in. Returns Done's interaction.
pub(super) async fn speak_then_done(fake: &FakeDiscord, channel: u64, call: &Msg) -> u64 {
    let shown = fake.message(call.id).unwrap().content;
    fake.say(
        BEN,
        channel,
        "Basic income frees people to choose their work.",
    )
    .await;
    fake.wait_until("the live word count", WAIT, |f| {
        f.message(call.id).unwrap().content != shown
    })
    .await;
    let done = call.find_custom_id(":done").unwrap();
    let i = crate::fake_players::click_and_wait(fake, BEN, call, &done).await;
    fake.wait_until("the call closes with the speech in", WAIT, |f| {
        f.message(call.id).unwrap().components.is_empty()
    })
    .await;
    i
}

pub(super) fn calls(fake: &FakeDiscord, channel: u64) -> Vec<Msg> {
    fake.messages(channel)
        .into_iter()
        .filter(|m| {
            m.author_id == APP_ID
                && m.content.starts_with("🎤")
                && m.content.contains(&format!("<@{BEN}>"))
                && m.content.contains("Write speech")
        })
        .collect()
}

/// A team debate with one person (Con 4), killed at `needle` (`when`): after the restart
/// exactly one of their calls is live, and they answer it (Done).
async fn debate_killed_at(when: &str, needle: &str, channel: u64) {
    let mut app = TestApp::builder()
        .binary()
        .seed(23)
        .env("AGORA_DEBATE_TIMERS_PACE", 0.5)
        .env("AGORA_DISCORD_AI_SPEECH_MS", 0)
        .env(when, needle)
        .spawn()
        .await;
    let fake = app.fake.clone();
    let lobby = debate_lobby(&fake, 4410, channel).await;
    press(&fake, BEN, &lobby, ":seat8").await;
    press(&fake, 4410, &lobby, ":start").await;
    crashed_within(&mut app, Duration::from_secs(180)).await;
    let before = calls(&fake, channel).len();
    app.remove_env(when);
    app.start_bot().await;
    wait_for_post(&fake, channel, "The bot restarted").await;
    fake.wait_until("Ben's call, live", WAIT, |f| {
        calls(f, channel).iter().any(|m| !m.components.is_empty())
    })
    .await;
    // Give a stray second copy the time to show, then: one live call.
    super::a_later_command_is_answered(&fake, 4410, channel).await;
    let all = calls(&fake, channel);
    let live: Vec<&Msg> = all.iter().filter(|m| !m.components.is_empty()).collect();
    assert_eq!(live.len(), 1, "one live call: {all:?}");
    for old in all.iter().filter(|m| m.components.is_empty()) {
        assert!(
            old.text().contains(&closed_line(Lang::En)),
            "{}",
            old.text()
        );
    }
    assert!(all.len() <= before + 1, "posted again once at most");
    if when == AFTER {
        // Posted before the crash, its id never stored: found when the channel is read
        // back, and not posted again.
        assert_eq!(all.len(), before, "the call is not posted again: {all:?}");
    }
    assert_one_live_copy(&fake, channel, &[]);
    // The live call answers: typed, then Done.
    let call = live[0].clone();
    let i = speak_then_done(&fake, channel, &call).await;
    assert_eq!(fake.callback(i).map(|c| c.0), Some(6), "Done is taken");
    // The old copy, if any, is refused.
    if let Some(old) = all.iter().find(|m| m.components.is_empty()) {
        let old_done = old.custom_ids();
        assert!(old_done.is_empty(), "the old copy has no controls left");
    }
    assert_one_live_copy(&fake, channel, &[]);
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_debate_killed_after_a_call_is_posted_has_one_live_call() {
    debate_killed_at(AFTER, "press **Write speech**", 3411).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_debate_killed_right_before_a_call_is_posted_has_one_live_call() {
    debate_killed_at(BEFORE, "press **Write speech**", 3412).await;
}

/// A moderated debate (one round, a person and an AI) killed right after the person's call
/// is posted: the call is posted again as the debate resumes, the copy from before the
/// crash closes (saying so in the table's language), and the live one takes the speech.
async fn moderated_killed_after_a_call(ann: u64, channel: u64, lang: Lang) {
    let your_speech = match lang {
        Lang::En => format!("<@{ann}>, your speech"),
        Lang::ZhCn => format!("<@{ann}>，请发表你第"),
    };
    let mut app = TestApp::builder()
        .binary()
        .seed(7)
        .env(AFTER, &your_speech)
        .spawn()
        .await;
    let fake = app.fake.clone();
    if lang == Lang::ZhCn {
        fake.set_guild_locale("zh-CN");
        fake.set_locale(ann, "zh-CN");
    }
    let options = json!([
        {"name": "topic", "type": 3, "value": "universal_basic_income"},
        {"name": "format", "type": 4, "value": 1},
        {"name": "rounds", "type": 4, "value": 1},
        {"name": "participants", "type": 4, "value": 2},
    ]);
    let lobby =
        crate::fake_players::start_lobby(&fake, ann, channel, "debate", options, ":start").await;
    press(&fake, ann, &lobby, ":join").await;
    press(&fake, ann, &lobby, ":start").await;
    crashed_within(&mut app, Duration::from_secs(120)).await;
    app.remove_env(AFTER);
    app.start_bot().await;
    let calls = |f: &FakeDiscord| -> Vec<Msg> {
        f.messages(channel)
            .into_iter()
            .filter(|m| m.author_id == APP_ID && m.content.contains(&your_speech))
            .collect()
    };
    fake.wait_until("the call posted again", WAIT, |f| {
        calls(f).len() == 2 && calls(f).iter().any(|m| !m.components.is_empty())
    })
    .await;
    let all = calls(&fake);
    assert!(all[0].components.is_empty(), "the copy from before closed");
    let closed = all[0].text();
    assert!(closed.ends_with(&closed_line(lang)), "{closed}");
    if lang == Lang::ZhCn {
        assert!(!closed.contains("controls"), "{closed}");
    }
    assert_one_live_copy(&fake, channel, &[]);
    fake.say(ann, channel, "After the crash: a floor for everyone.")
        .await;
    // Once it counted (messages and clicks travel separately, as in Discord), `done`.
    let typed = match lang {
        Lang::En => "words typed",
        Lang::ZhCn => "已输入",
    };
    fake.wait_until("the live call counts the words", WAIT, |f| {
        f.message(all[1].id).unwrap().text().contains(typed)
    })
    .await;
    fake.say(ann, channel, "done").await;
    fake.wait_until("the live call takes the speech", WAIT, |f| {
        f.message(all[1].id).unwrap().components.is_empty()
    })
    .await;
    assert_one_live_copy(&fake, channel, &[]);
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_moderated_debate_killed_after_a_call_has_one_live_call() {
    moderated_killed_after_a_call(4421, 3421, Lang::En).await;
}

/// On a Chinese server the copy from before the crash closes with the line in Chinese.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chinese_moderated_debate_killed_after_a_call_closes_the_old_copy_in_chinese() {
    moderated_killed_after_a_call(4422, 3422, Lang::ZhCn).await;
}

/// A lone player with closed DMs (a wolf), killed right before their night panel button is
/// first posted: after the restart the button is in the channel, and through it they pick
/// every night, never timed out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_dm_wolf_killed_before_its_night_panel_gets_one_after_the_restart() {
    let (channel, shy) = (3431, 4431);
    let mut app = TestApp::builder()
        .binary()
        .seed(wolf_seed(0))
        .closed_dms(&[shy])
        .env(BEFORE, format!("🔒 <@{shy}>, I can't DM you"))
        .spawn()
        .await;
    let fake = app.fake.clone();
    let lobby = open_lobby(&fake, shy, channel, json!([])).await;
    press(&fake, shy, &lobby, ":start").await;
    crashed_within(&mut app, Duration::from_secs(120)).await;
    let panels = |f: &FakeDiscord| {
        f.messages(channel)
            .iter()
            .filter(|m| m.text().starts_with(&format!("🔒 <@{shy}>")))
            .count()
    };
    assert_eq!(panels(&fake), 0, "the crash came before the button");
    app.remove_env(BEFORE);
    app.start_bot().await;
    fake.wait_until("the night panel after the restart", WAIT, |f| {
        panels(f) == 1
    })
    .await;
    let mut humans = Humans::new(channel, &[shy]);
    humans.play_to_the_end(&fake).await;
    assert!(
        humans.night_actions > 0,
        "the wolf picked through the panel"
    );
    let s = app.store().await;
    assert_eq!(s.sessions().await.unwrap()[0].session.status, "finished");
    assert_no_human_timeouts(&s).await;
    app.stop().await;
}

/// A werewolf game with three people killed right after the post holding `needle`
/// (before the bot learns its id): after the restart no control is live twice, and the
/// people play to the end with none of them timed out. `found`: the post is one the bot
/// recognises when it reads the channel back (a speech call), so it is never sent again.
async fn three_killed_after(needle: &str, found: bool, channel: u64, users: &[u64]) {
    let mut app = TestApp::builder()
        .binary()
        .seed(31)
        .env(AFTER, needle)
        .spawn()
        .await;
    let fake = app.fake.clone();
    three_at_the_table(&fake, channel, users).await;
    let mut humans = Humans::new(channel, users);
    let reached = |f: &FakeDiscord| posted(f, needle) >= 1;
    play_until_the_crash(&mut app, &mut humans, reached).await;
    app.remove_env(AFTER);
    app.start_bot().await;
    wait_for_post(&fake, channel, "The bot restarted").await;
    super::a_later_command_is_answered(&fake, users[0], channel).await;
    assert_one_live_copy(&fake, channel, users);
    let first = fake
        .calls()
        .into_iter()
        .find_map(|c| {
            let t = c.body["content"].as_str()?.to_string();
            (c.method == "POST" && t.contains(needle)).then_some(t)
        })
        .unwrap();
    humans.play_to_the_end(&fake).await;
    if found {
        // Not posted again with the restart line (a fast test game's later calls of the
        // same seat may read the same, their deadlines falling in the same second).
        let posts: Vec<String> = (fake.calls().into_iter())
            .filter(|c| {
                c.method == "POST" && c.path == format!("/api/v10/channels/{channel}/messages")
            })
            .filter_map(|c| c.body["content"].as_str().map(str::to_string))
            .collect();
        let notice = posts
            .iter()
            .position(|t| t.contains("The bot restarted"))
            .unwrap();
        assert_ne!(posts.get(notice + 1), Some(&first), "posted twice: {first}");
    }
    assert_one_live_copy(&fake, channel, users);
    let s = app.store().await;
    assert_eq!(s.sessions().await.unwrap()[0].session.status, "finished");
    assert_no_human_timeouts(&s).await;
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_after_the_vote_message_before_its_id_is_stored_one_vote_message_is_live() {
    three_killed_after("🗳️ **Vote**", false, 3441, &[4441, 4442, 4443]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_after_a_speech_call_before_its_id_is_stored_the_speaker_still_speaks() {
    three_killed_after("your turn to speak", true, 3451, &[4451, 4452, 4453]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trial_killed_right_after_a_juror_answers_shows_the_answer_once() {
    use super::trial::{open_and_start, say_and_wait, thread_of, ANN, BEN};
    let mut app = TestApp::builder()
        .binary()
        .seed(4)
        .env(AFTER, "**Chen** → ")
        .env("AGORA_TRIAL_DELIBERATION_ROUNDS", "0")
        .spawn()
        .await;
    let fake = app.fake.clone();
    let channel = 3461;
    let threads = open_and_start(&fake, channel).await;
    let chen = thread_of(&threads, "Chen");
    fake.say(
        ANN,
        chen,
        "The injected text carried an instruction priority flag.",
    )
    .await;
    crashed_within(&mut app, WAIT).await;
    app.remove_env(AFTER);
    app.start_bot().await;
    // Ben's answer comes after anything the restart posted again.
    say_and_wait(
        &fake,
        BEN,
        chen,
        "An override switched the safety filter off.",
    )
    .await;
    let answers: Vec<String> = (fake.messages(chen).into_iter())
        .map(|m| m.text())
        .filter(|t| t.contains(" → "))
        .collect();
    assert_eq!(answers.len(), 2, "one answer each:\n{}", answers.join("\n"));
    assert!(
        fake.nonce_repeats() >= 1,
        "the answer was sent again, shown once"
    );
    app.stop().await;
}
