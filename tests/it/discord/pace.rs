//! The werewolf table paces its session: AI speeches are read one after another in the
//! channel, and the vote that follows them opens (its clock starts) when it is posted, not
//! while the last speeches are still being shown.

use crate::app::TestApp;
use crate::fake_discord::FakeDiscord;
use crate::fake_players::{click_and_wait, open_lobby, Humans};
use serde_json::json;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

const CHANNEL: u64 = 3301;
const HOST: u64 = 4301;
const GAP_MS: u64 = 700;
const VOTE_S: f64 = 30.0;

fn now_s() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs_f64()
}

/// The `<t:N:R>` a message shows.
fn due_of(text: &str) -> Option<f64> {
    let at = text.find("<t:")? + 3;
    let end = text[at..].find(':')? + at;
    text[at..end].parse().ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vote_posted_after_paced_ai_speeches_gets_its_whole_time() {
    let app = TestApp::builder()
        .seed(11)
        .env("AGORA_DISCORD_AI_SPEECH_MS", GAP_MS)
        .env("AGORA_WEREWOLF_TIMERS_VOTE", VOTE_S)
        .spawn()
        .await;
    let fake = app.fake.clone();
    let lobby = open_lobby(&fake, HOST, CHANNEL, json!([])).await;
    click_and_wait(
        &fake,
        HOST,
        &lobby,
        &lobby.find_custom_id(":start").unwrap(),
    )
    .await;
    // Watch for the first vote board: when it was posted, and the time it gave. Read from
    // the posting call, not the message, which a quick voter may already have edited.
    let watcher = {
        let fake = fake.clone();
        let posted = |f: &FakeDiscord| {
            f.calls().into_iter().find(|c| {
                c.method == "POST"
                    && c.body["content"]
                        .as_str()
                        .is_some_and(|t| t.starts_with("🗳️ **Vote**"))
            })
        };
        tokio::spawn(async move {
            fake.wait_until("a vote comes", Duration::from_secs(60), |f| {
                posted(f).is_some()
            })
            .await;
            let call = posted(&fake).expect("seen above");
            let seen = now_s() - call.at.elapsed().as_secs_f64();
            let board = call.body["content"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            (seen, board, fake.messages(CHANNEL))
        })
    };
    let mut humans = Humans::new(CHANNEL, &[HOST]);
    let play = async { watcher.await.expect("the watcher sees a vote") };
    let ((seen, board, _), _) = tokio::join!(play, async {
        let _ = tokio::time::timeout(Duration::from_secs(40), humans.play_to_the_end(&fake)).await;
    });
    let due = due_of(&board).unwrap_or_else(|| panic!("no deadline on the board: {board}"));
    assert!(
        due - seen >= VOTE_S - 2.5,
        "the vote's clock ran while the last speeches were still being shown: {:.1} s of {VOTE_S} left when it appeared",
        due - seen
    );
    app.stop().await;
}
