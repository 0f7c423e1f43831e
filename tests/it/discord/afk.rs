//! AFK seats through the bot: a person who misses two actions in a row is reminded by DM,
//! then their seat is played by an AI (the table is told, no role; their DM carries the
//! take-back button); at the next phase they press it and have the seat back; then they
//! `/werewolf leave`, and the game counts as one they left.

use super::*;
use crate::app::TestApp;
use crate::fake_players::wait_for_post;
use agora::session::afk::{Control, Why};
use agora::store::InputSource;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_missing_two_actions_is_taken_over_takes_the_seat_back_and_leaves() {
    let app = TestApp::builder()
        .seed(11)
        .env("AGORA_WEREWOLF_TIMERS_PACE", 0.03)
        // Once the AI plays the seat every seat is an AI's: paced speeches keep the game
        // going long enough for the take-back press at the next phase (10 s × pace: 0.3 s).
        .env("AGORA_DISCORD_AI_SPEECH_MS", 10_000)
        .spawn()
        .await;
    let fake = app.fake.clone();
    let (channel, host) = (3201, 4201);
    let lobby = open_lobby(&fake, host, channel, json!([])).await;
    press(&fake, host, &lobby, ":start").await;
    wait_for_post(&fake, channel, "Werewolf — the table").await;

    // The host never answers: reminded by DM, then the AI plays the seat.
    let taken = wait_for_post(&fake, channel, "seat is now played by an AI").await;
    assert!(
        !taken.contains("werewolf") && !taken.contains("seer"),
        "{taken}"
    );
    fake.wait_until("the reminders", WAIT, |f| {
        f.dms(host)
            .iter()
            .any(|m| m.text().contains("Half your time"))
            && f.dms(host).iter().any(|m| m.text().contains("nearly up"))
    })
    .await;
    let store = app.store().await;
    let session = store.sessions().await.unwrap()[0].session.id.clone();
    let inputs = store.inputs(&session).await.unwrap();
    let seat = inputs
        .iter()
        .find(|i| i.source == InputSource::Seat)
        .expect("the takeover is stored")
        .seat;
    let missed = inputs
        .iter()
        .take_while(|i| i.source != InputSource::Seat)
        .filter(|i| i.seat == seat && i.source == InputSource::Timeout)
        .count();
    assert!(
        missed >= 2,
        "two missed actions before the takeover ({missed})"
    );

    // The DM with the button; pressed once the next phase has begun, the seat is back.
    fake.wait_until("the take-back DM", WAIT, |f| {
        f.dms(host)
            .iter()
            .any(|m| m.find_custom_id(":back").is_some())
    })
    .await;
    let dm = fake
        .dms(host)
        .into_iter()
        .find(|m| m.find_custom_id(":back").is_some())
        .unwrap();
    assert!(dm.text().contains("next phase"), "{}", dm.text());
    let phases = |f: &FakeDiscord| {
        f.messages(channel)
            .iter()
            .filter(|m| {
                let t = m.text();
                t.contains("Night ") || t.contains("Day ") || t.contains("Dawn")
            })
            .count()
    };
    let before = phases(&fake);
    fake.wait_until("the next phase", WAIT, |f| phases(f) > before)
        .await;
    let i = press(&fake, host, &dm, ":back").await;
    let said = ephemeral_reply(&fake, i).await;
    assert!(said.contains("yours again"), "{said}");
    wait_for_post(&fake, channel, "takes their seat back").await;
    // A second press is stale, and says so.
    let i = press(&fake, host, &dm, ":back").await;
    let said = ephemeral_reply(&fake, i).await;
    assert!(said.contains("not played by an AI"), "{said}");

    // `/werewolf leave`: the AI plays the seat to the end, and the game counts as left.
    let i = werewolf(&fake, host, channel, "leave").await;
    let said = ephemeral_reply(&fake, i).await;
    assert!(said.contains("You left the game"), "{said}");
    wait_for_post(&fake, channel, "left the game; an AI plays their seat").await;
    wait_for_post(&fake, channel, "Roles revealed").await;
    let inputs = store.inputs(&session).await.unwrap();
    let changes: Vec<(Control, Why)> = inputs
        .iter()
        .filter(|i| i.source == InputSource::Seat)
        .map(|i| {
            (
                serde_json::from_value(i.payload["to"].clone()).unwrap(),
                serde_json::from_value(i.payload["why"].clone()).unwrap(),
            )
        })
        .collect();
    assert_eq!(
        changes,
        [
            (Control::Ai, Why::Strikes),
            (Control::Person, Why::Back),
            (Control::Ai, Why::Leave)
        ]
    );
    let seats = store.seats(&session).await.unwrap();
    let mine = seats.iter().find(|s| s.seat == seat).unwrap();
    assert_eq!(mine.won, Some(false));
    assert_eq!(mine.details["left"], true);
    app.stop().await;
}
