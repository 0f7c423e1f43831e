//! The bot's log is checked for serenity's notes about gateway events it dropped: a malformed
//! event and a payload that is not JSON are each seen in the log and fail
//! [`TestApp::assert_clean_log`].

use super::*;
use crate::app::{TestApp, WAIT};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_gateway_event_is_caught_in_the_log() {
    let mut app = TestApp::spawn().await;
    let fake = app.fake.clone();
    app.assert_clean_log();
    // A MESSAGE_CREATE serenity cannot read: its ids are not snowflakes.
    fake.send_event(
        "MESSAGE_CREATE",
        json!({"id": "not a snowflake", "channel_id": [1, 2], "author": 7}),
    )
    .await;
    assert!(
        app.log()
            .wait_count("An unknown event was received", 0, WAIT)
            .await,
        "serenity's note is in the bot's log:\n{}",
        app.log().text()
    );
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| app.assert_clean_log()));
    assert!(caught.is_err(), "assert_clean_log fails on a dropped event");
    // The bot goes on answering.
    a_later_command_is_answered(&fake, 4401, 3040).await;
    app.stop_bot().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_payload_serenity_cannot_read_is_caught_in_the_log() {
    let mut app = TestApp::spawn().await;
    let fake = app.fake.clone();
    // A dispatch without its sequence number is no gateway payload serenity can read.
    assert!(fake.send_frame(json!({"op": 0, "t": "MESSAGE_CREATE", "d": {}})));
    assert!(
        app.log().wait_count("Err deserializing", 0, WAIT).await,
        "serenity's warning is in the bot's log:\n{}",
        app.log().text()
    );
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| app.assert_clean_log()));
    assert!(
        caught.is_err(),
        "assert_clean_log fails on a dropped payload"
    );
    a_later_command_is_answered(&fake, 4402, 3041).await;
    app.stop_bot().await;
}
