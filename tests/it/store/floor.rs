//! Full nights: on a board whose deaths show nothing (`six`), a night at a table with a
//! person lasts its steps' full time (the wolves' and the witch's timers) even when every
//! night action is an AI's, answered at once; the same night without `full_nights`, or with
//! no person seated, ends with its last answer. The game is the same either way.

use super::{ai_setup, created, open, rt, sqlite_url};
use agora::agents::werewolf::boards;
use agora::games::werewolf::{Board, Event, Role, Werewolf};
use agora::games::Viewer;
use agora::session::{GameSetup, Note, Subscription};
use agora::store::{PlayerRef, Store};
use agora_core::werewolf::session::{SeatSpec, WerewolfSetup};
use std::time::{Duration, Instant};

/// The wolves' and the witch's timers, in seconds: the floor is their sum.
const STEP_S: u32 = 1;

/// `six` (with `full_nights` as given; seat 1 a person's when `person`), the night's
/// timers `step_s` seconds each.
fn six(full_nights: bool, person: bool, step_s: u32) -> WerewolfSetup {
    let mut board: Board = (*boards::find("six").unwrap()).clone();
    board.full_nights = full_nights;
    let mut setup = ai_setup(1.0);
    setup.seats.truncate(6);
    if person {
        setup.seats[0] = SeatSpec::human(&PlayerRef::terminal("ann"));
    }
    setup.board = Some(board);
    setup.timers.wolves = step_s;
    setup.timers.witch = step_s;
    setup.timers.seer = step_s;
    setup
}

/// The first seed that deals seat 1 a villager: no night action of its own, so every
/// answer of the night is an AI's.
fn villager_seed(setup: &WerewolfSetup) -> u64 {
    (1..)
        .find(|s| setup.game(*s).role(1) == Role::Villager)
        .unwrap()
}

/// Plays night 1 on `six` (with `full_nights` as given; seat 1 a person's when `person`) and
/// returns how long it was shown to last, the events up to its dawn, and seat 1's role.
async fn night_one(
    store: &Store,
    full_nights: bool,
    person: bool,
) -> (Duration, Vec<String>, Role) {
    let setup = six(full_nights, person, STEP_S);
    let seed = villager_seed(&setup);
    let mut runner = created(store, &setup, seed).await;
    let mut sub: Subscription<Werewolf> = runner.subscribe(Viewer::Seat(1));
    let session = runner.start();
    let (mut fell, mut events, mut role) = (None, Vec::new(), None);
    let length = loop {
        let note = tokio::time::timeout(Duration::from_secs(30), sub.next())
            .await
            .expect("the session goes on")
            .expect("the game does not end in its first night");
        let Note::Event { event, .. } = &*note else {
            continue;
        };
        events.push(event.story());
        match event {
            Event::RoleDealt { seat: 1, role: r } => role = Some(*r),
            Event::NightFell { night: 1 } => fell = Some(Instant::now()),
            Event::Dawn { day: 1, .. } => {
                break fell.expect("night fell first").elapsed();
            }
            _ => {}
        }
    };
    session.handle.abandon().await;
    let _ = session.wait().await;
    (length, events, role.unwrap_or(Role::Villager))
}

#[test]
fn a_full_night_at_a_table_with_a_person_takes_its_steps_full_time() {
    rt().block_on(async {
        let store = open(&sqlite_url("floor")).await;
        let floor = Duration::from_secs(2 * STEP_S as u64);
        let (full, full_events, role) = night_one(&store, true, true).await;
        assert_eq!(role, Role::Villager);
        assert!(
            full >= floor - Duration::from_millis(100),
            "the night lasted its steps' full time: {full:?}"
        );
        let (fast, fast_events, _) = night_one(&store, false, true).await;
        assert!(
            fast < floor / 2,
            "without full nights the night ends with its last answer: {fast:?}"
        );
        let (alone, _, _) = night_one(&store, true, false).await;
        assert!(
            alone < floor / 2,
            "with nobody at the table there is nothing to hide: {alone:?}"
        );
        assert_eq!(full_events, fast_events, "the same night either way");
        store.close().await;
    });
}

/// A seat that changes hands while a night that ended early is held is told after that
/// night's dawn, never during the hold (which would show when the night really ended).
#[test]
fn a_seat_left_during_a_held_night_is_told_after_its_dawn() {
    rt().block_on(async {
        let store = open(&sqlite_url("floor-leave")).await;
        // A long floor (the wolves' and the witch's 3 s each) the AI's answers end well
        // before.
        let mut setup = six(true, true, 3);
        setup.afk = Some(Default::default());
        let seed = villager_seed(&setup);
        let seer = (1..=6u8)
            .find(|s| setup.game(seed).role(*s) == Role::Seer)
            .unwrap();
        let mut runner = created(&store, &setup, seed).await;
        let id = runner.id().to_string();
        let mut sub: Subscription<Werewolf> = runner.subscribe(Viewer::Seat(1));
        let session = runner.start();
        // The seer answers last at night: once her check is stored the night is over
        // (the runner applies it before it reads the next message), and it is held.
        let started = Instant::now();
        while !(store.inputs(&id).await.unwrap().iter()).any(|i| i.seat == seer) {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "the seer checks"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        session.handle.leave(1).await.expect("a person may leave");
        let mut dawn = false;
        loop {
            let note = tokio::time::timeout(Duration::from_secs(30), sub.next())
                .await
                .expect("the session goes on")
                .expect("the game goes on past its first night");
            match &*note {
                Note::Event {
                    event: Event::Dawn { day: 1, .. },
                    ..
                } => dawn = true,
                Note::Seat { seat: 1, .. } => {
                    assert!(
                        dawn,
                        "the seat's change is told after the held night's dawn"
                    );
                    break;
                }
                _ => {}
            }
        }
        session.handle.abandon().await;
        let _ = session.wait().await;
        store.close().await;
    });
}
