//! AFK seats in a running session: a person who misses two actions in a row has the seat
//! taken over by the table's AI (a stored seat input), cannot take it back in the same
//! phase, can at the next; a crash after that resumes by replaying the takeover and the
//! take-back; a person who leaves is rated as having left.

use super::{ai_setup, open, place, rt, sqlite_url};
use agora::agents::werewolf::WerewolfKit;
use agora::games::werewolf::{Event, Werewolf};
use agora::games::{Game, Viewer};
use agora::session::afk::{Control, SeatRefusal, Why};
use agora::session::{Ended, GameSetup, Note, SubmitError, Subscription};
use agora::store::{InputSource, PlayerRef, Store};
use agora_core::werewolf::session::{SeatSpec, WerewolfSetup};
use std::time::Duration;

/// Nine seats, seat 1 a person's; deadlines short (the paced subscription holds them).
fn setup() -> WerewolfSetup {
    let mut s = ai_setup(0.001);
    s.seats[0] = SeatSpec::human(&PlayerRef::terminal("ann"));
    s.afk = Some(Default::default());
    s
}

/// Takes notes, each event shown at once, until `stop` says so (`true`: stop, and show
/// nothing more: the session's AI answers and timeouts wait).
async fn until(
    sub: &mut Subscription<Werewolf>,
    mut stop: impl FnMut(&Note<Werewolf>) -> bool,
) -> bool {
    loop {
        let Some(note) = tokio::time::timeout(Duration::from_secs(30), sub.next())
            .await
            .expect("the session goes on")
        else {
            return false;
        };
        if stop(&note) {
            return true;
        }
        sub.shown();
    }
}

fn seat_inputs(inputs: &[agora::store::StoredInput]) -> Vec<(Control, Why)> {
    inputs
        .iter()
        .filter(|i| i.source == InputSource::Seat && i.seat == 1)
        .map(|i| {
            (
                serde_json::from_value(i.payload["to"].clone()).unwrap(),
                serde_json::from_value(i.payload["why"].clone()).unwrap(),
            )
        })
        .collect()
}

async fn taken_over_then_taken_back(store: Store) {
    let mut runner = setup()
        .create(
            store.clone(),
            5,
            &place(),
            Duration::ZERO,
            &WerewolfKit::default(),
        )
        .await
        .unwrap();
    let mut sub = runner.subscribe_paced(Viewer::Seat(1));
    let session = runner.start();
    let id = session.handle.id().to_string();
    let handle = session.handle.clone();

    // Seat 1 never acts: after two missed actions the AI plays it.
    let taken = until(&mut sub, |n| {
        matches!(
            n,
            Note::Seat {
                seat: 1,
                to: Control::Ai,
                why: Why::Strikes
            }
        )
    })
    .await;
    assert!(taken, "the seat was taken over before the game ended");
    let inputs = store.inputs(&id).await.unwrap();
    let before: Vec<_> = inputs
        .iter()
        .take_while(|i| i.source != InputSource::Seat)
        .filter(|i| i.seat == 1)
        .collect();
    assert!(
        before
            .iter()
            .filter(|i| i.source == InputSource::Timeout)
            .count()
            >= 2,
        "two missed actions came first: {before:?}"
    );
    assert!(before.iter().all(|i| i.source == InputSource::Timeout));
    // The person cannot act for the seat, nor take it back in the phase it was taken in.
    assert!(matches!(
        handle.take_back(1).await,
        Err(SubmitError::Seat(SeatRefusal::TooSoon))
    ));

    // The next phase begins (a night falls or a day dawns): the seat can be taken back.
    let next = until(&mut sub, |n| {
        matches!(
            n,
            Note::Event {
                event: Event::NightFell { .. } | Event::Dawn { .. },
                ..
            }
        )
    })
    .await;
    assert!(next, "a next phase began before the game ended");
    handle.take_back(1).await.unwrap();
    assert!(matches!(
        handle.take_back(1).await,
        Err(SubmitError::Seat(SeatRefusal::NotTakenOver))
    ));
    let inputs = store.inputs(&id).await.unwrap();
    assert_eq!(
        seat_inputs(&inputs),
        vec![(Control::Ai, Why::Strikes), (Control::Person, Why::Back)]
    );

    // A crash now: the resumed session replays the takeover and the take-back, and the
    // seat is the person's again; they leave, and the AI plays the game out.
    session.abort();
    let _ = session.wait().await;
    let row = store.session(&id).await.unwrap();
    let resumed = agora::session::resume::<WerewolfSetup>(
        store.clone(),
        &row,
        Duration::ZERO,
        &WerewolfKit::default(),
    )
    .await
    .unwrap()
    .start();
    resumed.handle.leave(1).await.unwrap();
    assert!(matches!(
        resumed.handle.take_back(1).await,
        Err(SubmitError::Seat(SeatRefusal::Left))
    ));
    let outcome = match resumed.wait().await.unwrap() {
        Ended::Finished(o) => o,
        other => panic!("the resumed session ended as {other:?}"),
    };
    let seat1 = &outcome.seats[0];
    assert!(
        !seat1.won,
        "a person whose seat was taken over is rated as having left"
    );
    assert_eq!(seat1.details["left"], true);
    assert!(outcome.seats[1..]
        .iter()
        .all(|s| s.details.get("left").is_none()));
    let inputs = store.inputs(&id).await.unwrap();
    assert_eq!(
        seat_inputs(&inputs),
        vec![
            (Control::Ai, Why::Strikes),
            (Control::Person, Why::Back),
            (Control::Ai, Why::Leave)
        ]
    );
    // The log rebuilds the same game, seat changes and all.
    let game = agora::session::rebuild::<WerewolfSetup>(&store, &id)
        .await
        .unwrap();
    assert_eq!(game.outcome().unwrap().winner, outcome.winner);
    store.close().await;
}

#[test]
fn a_person_missing_two_actions_is_taken_over_and_takes_the_seat_back() {
    rt().block_on(async {
        let store = open(&sqlite_url("afk")).await;
        taken_over_then_taken_back(store).await
    });
}

/// With the `nothing` setting, a person who never acts keeps the seat to the end, every
/// action taking its default; with `idle`, the seat dies at the next nightfall.
#[test]
fn the_server_setting_decides_what_missing_actions_do() {
    use agora::session::afk::AfkMode;
    rt().block_on(async {
        let store = open(&sqlite_url("afk-modes")).await;
        for mode in [AfkMode::Nothing, AfkMode::Idle] {
            let mut s = setup();
            s.afk = Some(mode);
            let session = s
                .create(
                    store.clone(),
                    7,
                    &place(),
                    Duration::ZERO,
                    &WerewolfKit::default(),
                )
                .await
                .unwrap()
                .start();
            let id = session.handle.id().to_string();
            let Ended::Finished(outcome) = session.wait().await.unwrap() else {
                panic!("not finished")
            };
            let inputs = store.inputs(&id).await.unwrap();
            let changes = seat_inputs(&inputs);
            let game = agora::session::rebuild::<WerewolfSetup>(&store, &id)
                .await
                .unwrap();
            let idled = game
                .log()
                .iter()
                .any(|l| l.event == Event::IdledOut { seat: 1 });
            match mode {
                AfkMode::Nothing => {
                    assert!(changes.is_empty(), "{changes:?}");
                    assert!(!idled);
                    assert!(outcome.seats[0].details.get("left").is_none());
                }
                _ => {
                    assert_eq!(changes, vec![(Control::Idle, Why::Strikes)]);
                    assert!(idled, "the seat idled out by the rules");
                    assert_eq!(outcome.seats[0].details["left"], true);
                }
            }
        }
        store.close().await;
    });
}
