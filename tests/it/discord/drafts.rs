//! A model seat's speech in Discord: posted at its first words, edited as it grows (at
//! most once every 1.25 s, within the channel's budget of posts and edits), and last
//! edited to the speech as stored, with nothing left marked as being written; before its
//! first words the bot shows itself typing.

use super::*;
use crate::app::{wait_until_async, TestApp};
use crate::fake_players::Humans;
use agora::llm::mock::{MockLlm, MockOptions};

/// The writing mark the bot puts at the end of a speech still being written.
const WRITING: &str = "✍️";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_model_speech_is_posted_at_its_first_words_and_edited_as_it_grows() {
    // About 4 s to write a speech: room for a few edits.
    let mock = MockLlm::start(MockOptions {
        chunk_delay: Duration::from_millis(40),
        ..MockOptions::default()
    })
    .await
    .unwrap();
    let app = TestApp::builder()
        .binary()
        .seed(18)
        .env("LLM_API_KEY", "test-key")
        .env("LLM_BASE_URL", mock.base_url())
        .spawn()
        .await;
    let fake = app.fake.clone();
    let (channel, users) = (3031, [4261, 4262, 4263]);
    three_at_the_table(&fake, channel, &users).await;
    let mut humans = Humans::new(channel, &users);
    let drafted = |f: &FakeDiscord| {
        f.messages(channel)
            .into_iter()
            .filter(|m| m.edits > 0 && m.content.starts_with("🗣️"))
            .count()
    };
    let (humans, f) = (&tokio::sync::Mutex::new(&mut humans), &fake);
    wait_until_async(
        "two model speeches shown as they were written",
        Duration::from_secs(90),
        Duration::from_millis(50),
        move || async move {
            if drafted(f) >= 2 {
                return true;
            }
            humans.lock().await.step(f).await;
            false
        },
    )
    .await;
    let messages = fake.messages(channel);
    let shown: Vec<&crate::fake_discord::Msg> = messages
        .iter()
        .filter(|m| m.edits > 0 && m.content.starts_with("🗣️"))
        .collect();
    // Every drafted speech but the one being written now was finished: whole, unmarked.
    let finished: Vec<_> = shown
        .iter()
        .filter(|m| !m.content.ends_with(WRITING))
        .collect();
    assert!(!finished.is_empty(), "{shown:#?}");
    for m in &finished {
        assert!(!m.content.contains(WRITING), "{}", m.content);
    }
    assert!(shown.len() - finished.len() <= 1, "{shown:#?}");
    // The edits of each drafted message: 1.25 s apart at least, but the last (the stored
    // speech) which may follow at once.
    let calls = fake.calls();
    for m in &shown {
        let path = format!("/api/v10/channels/{channel}/messages/{}", m.id);
        let edits: Vec<_> = calls
            .iter()
            .filter(|c| c.method == "PATCH" && c.path == path)
            .map(|c| c.at)
            .collect();
        let drafts = if m.content.ends_with(WRITING) {
            &edits[..]
        } else {
            &edits[..edits.len().saturating_sub(1)]
        };
        for w in drafts.windows(2) {
            assert!(
                w[1] - w[0] >= Duration::from_millis(1200),
                "draft edits {:?} apart",
                w[1] - w[0]
            );
        }
    }
    // Before a speech's first words, the bot shows itself typing (outside the budget).
    let typing = format!("/api/v10/channels/{channel}/typing");
    let first_typing = calls
        .iter()
        .find(|c| c.method == "POST" && c.path == typing)
        .map(|c| c.at)
        .expect("the bot typing while a seat began its speech");
    let first_draft = calls
        .iter()
        .find(|c| {
            c.method == "POST"
                && c.body["content"]
                    .as_str()
                    .is_some_and(|t| t.starts_with("🗣️") && t.ends_with(WRITING))
        })
        .map(|c| c.at)
        .expect("a draft posted");
    assert!(first_typing <= first_draft);
    // Within Discord's five posts or edits per five seconds in the channel.
    let prefix = format!("/api/v10/channels/{channel}/messages");
    let spent: Vec<_> = calls
        .iter()
        .filter(|c| matches!(c.method.as_str(), "POST" | "PATCH") && c.path.starts_with(&prefix))
        .map(|c| c.at)
        .collect();
    for (i, t) in spent.iter().enumerate() {
        let within = spent[i..]
            .iter()
            .take_while(|u| **u - *t < Duration::from_secs(5))
            .count();
        assert!(within <= 5, "{within} posts and edits within 5 s");
    }
    app.stop().await;
}
