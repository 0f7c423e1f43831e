//! The game store against every backend: SQLite always, PostgreSQL when
//! `AGORA_TEST_POSTGRES_URL` is set (`.ci/run` sets it; under `CI=true` it must be).

use agora::agents::werewolf::Strategy;
use agora::agents::werewolf::WerewolfKit;
use agora::config::Config;
use agora::games::werewolf::Werewolf;
use agora::session::{Ended, Session};
use agora::session::{GameSetup, Place};
use agora::store::{
    InputSource, NewSeat, NewSession, Outcome, PlayerRef, SeatOutcome, Store, StoreError,
    StoredInput,
};
use agora_core::werewolf::session::{SeatSpec, WerewolfSetup};
use agora_core::werewolf::sim::{play, Lineup};
use std::time::Duration;

mod afk;
mod community;
mod faults;
pub(crate) use faults::isolated;
mod fence;
mod floor;
mod pace;

/// A fresh SQLite file URL in the temp dir.
pub fn sqlite_url(tag: &str) -> String {
    let dir = std::env::temp_dir().join(format!(
        "agora-test-{}-{}-{}",
        std::process::id(),
        tag,
        agora::session::new_id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    format!("sqlite://{}", dir.join("agora.db").display())
}

fn backends(tag: &str) -> Vec<String> {
    let mut urls = vec![sqlite_url(tag)];
    match std::env::var("AGORA_TEST_POSTGRES_URL") {
        Ok(url) if !url.is_empty() => urls.push(url),
        _ => assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true but AGORA_TEST_POSTGRES_URL is not set: the PostgreSQL store tests must run"
        ),
    }
    urls
}

pub fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

pub async fn open(url: &str) -> Store {
    Store::open(url, Duration::from_secs(20)).await.unwrap()
}

pub fn ai_setup(pace: f64) -> WerewolfSetup {
    let config = Config::load_from(None, &|_| None).unwrap();
    let mut rules = (*config.werewolf.rules).clone();
    let gpp = std::mem::take(&mut rules.gpp);
    let mut timers = config.werewolf.timers.clone();
    timers.pace = pace;
    WerewolfSetup {
        rules,
        gpp,
        timers,
        seats: (0..9).map(|_| SeatSpec::ai(Strategy::Heuristic)).collect(),
        lang: agora_games::Lang::En,
        afk: Default::default(),
        board: None,
    }
}

/// A werewolf session of `setup` and `seed` created in `store` at [`place`], not started
/// (its AI answers at once).
pub async fn created(
    store: &Store,
    setup: &WerewolfSetup,
    seed: u64,
) -> agora::session::Runner<Werewolf> {
    setup
        .create(
            store.clone(),
            seed,
            &place(),
            Duration::ZERO,
            &WerewolfKit::default(),
        )
        .await
        .unwrap()
}

pub fn place() -> Place {
    Place {
        surface: "test".into(),
        community: "test-community".into(),
        channel: "test".into(),
    }
}

fn new_session(id: &str) -> NewSession {
    NewSession {
        id: id.into(),
        game: "werewolf".into(),
        surface: "test".into(),
        community: "c1".into(),
        channel: "ch".into(),
        config: serde_json::json!({"k": 1}),
        seed: u64::MAX - 3,
        status: "running".into(),
        seats: (1..=9)
            .map(|seat| NewSeat {
                seat,
                player: if seat == 1 {
                    PlayerRef::terminal("ann")
                } else {
                    PlayerRef::ai("heuristic", "t")
                },
                agent: (seat != 1).then(|| "heuristic".into()),
            })
            .collect(),
    }
}

fn input(n: u64, seat: u8) -> StoredInput {
    StoredInput {
        n,
        seat,
        ask_seq: n as u32 + 1,
        source: if n.is_multiple_of(2) {
            InputSource::Ai
        } else {
            InputSource::Timeout
        },
        payload: if n.is_multiple_of(2) {
            serde_json::json!({"do": "vote", "target": 3})
        } else {
            serde_json::Value::Null
        },
        at: 1_700_000_000_000 + n as i64,
        note: (n == 2).then(
            || serde_json::json!({"reasoning_steps": ["seat 3 lied"], "tokens": {"prompt": 812}}),
        ),
    }
}

async fn records_round_trip(url: &str) {
    let store = open(url).await;
    // Migrations are idempotent.
    let again = open(url).await;
    let id = agora::session::new_id();
    store.create_session(&new_session(&id)).await.unwrap();
    for n in 0..5 {
        store
            .append_input(&id, &input(n, (n % 9) as u8 + 1))
            .await
            .unwrap();
    }
    // The same position twice is refused: the log is append-only.
    let dup = store.append_input(&id, &input(4, 1)).await.unwrap_err();
    assert!(
        !dup.is_transient(),
        "a duplicate position is not retried: {dup}"
    );
    let back = store.inputs(&id).await.unwrap();
    assert_eq!(
        back,
        (0..5)
            .map(|n| input(n, (n % 9) as u8 + 1))
            .collect::<Vec<_>>()
    );
    store.arm_deadline(&id, 3, 7, 123_456).await.unwrap();
    store.arm_deadline(&id, 3, 7, 999).await.unwrap();
    assert_eq!(store.deadlines(&id).await.unwrap(), vec![(3, 7, 123_456)]);
    let row = store.session(&id).await.unwrap();
    assert_eq!(row.seed, u64::MAX - 3);
    assert_eq!(row.status, "running");
    assert_eq!(row.config, serde_json::json!({"k": 1}));
    assert!(store.unfinished().await.unwrap().iter().any(|r| r.id == id));

    // A second process cannot drive it while the lease holds.
    let other = again.with_owner("elsewhere/1");
    assert!(matches!(
        other.claim(&id).await,
        Err(StoreError::LeaseHeld { .. })
    ));
    assert!(matches!(
        other.append_input(&id, &input(5, 1)).await,
        Err(StoreError::LeaseLost(_))
    ));
    assert_eq!(
        store.inputs(&id).await.unwrap().len(),
        5,
        "nothing stored without the lease"
    );
    store.release(&id).await.unwrap();
    other.claim(&id).await.unwrap();
    assert!(matches!(
        store.renew(&id).await,
        Err(StoreError::LeaseLost(_))
    ));
    other.append_input(&id, &input(5, 1)).await.unwrap();

    let outcome = Outcome {
        winner: "good".into(),
        seats: (1..=9)
            .map(|seat| SeatOutcome {
                seat,
                role: if seat <= 3 { "werewolf" } else { "villager" }.into(),
                score: seat as f64 - 4.0,
                won: seat > 3,
                details: if seat == 1 {
                    serde_json::json!({"gpp": {"vote": -3}})
                } else {
                    serde_json::Value::Null
                },
            })
            .collect(),
        details: serde_json::json!({"days": 3}),
    };
    other.finish(&id, &outcome).await.unwrap();
    let row = store.session(&id).await.unwrap();
    assert_eq!(row.status, "finished");
    assert_eq!(row.winner.as_deref(), Some("good"));
    assert!(!store.unfinished().await.unwrap().iter().any(|r| r.id == id));
    let seats = store.seats(&id).await.unwrap();
    assert_eq!(seats.len(), 9);
    assert_eq!(seats[0].player, "terminal:ann");
    assert_eq!(seats[0].score, Some(-3.0));
    assert_eq!(seats[0].details, serde_json::json!({"gpp": {"vote": -3}}));
    assert_eq!(seats[1].details, serde_json::Value::Null);
    assert_eq!(row.details, serde_json::json!({"days": 3}));
    assert_eq!(seats[8].role.as_deref(), Some("villager"));
    let results = store.results("werewolf", Some("c1")).await.unwrap();
    assert!(results
        .iter()
        .any(|r| r.player == "terminal:ann" && r.score == -3.0 && !r.won));
    assert!(store
        .results("werewolf", Some("nobody-here"))
        .await
        .unwrap()
        .is_empty());
    store.close().await;
    other.close().await;
}

async fn session_matches_the_sequential_driver(url: &str) {
    let store = open(url).await;
    let setup = ai_setup(1.0);
    for seed in [3u64, 77, 1234] {
        let session = created(&store, &setup, seed).await.start();
        let id = session.handle.id().to_string();
        let Ended::Finished(outcome) = session.wait().await.unwrap() else {
            panic!("the AI game finishes")
        };
        let game = play(
            &setup_rules(&setup),
            seed,
            Lineup {
                good: Strategy::Heuristic,
                wolves: Strategy::Heuristic,
            },
        );
        assert_eq!(
            outcome,
            agora::games::Game::outcome(&game).unwrap(),
            "seed {seed}"
        );
        let seats = store.seats(&id).await.unwrap();
        for (s, o) in seats.iter().zip(&outcome.seats) {
            assert_eq!(s.score, Some(o.score));
            assert_eq!(s.details, o.details);
            assert_eq!(s.role.as_deref(), Some(o.role.as_str()));
        }
        let inputs = store.inputs(&id).await.unwrap();
        assert!(inputs.iter().all(|i| i.source == InputSource::Ai));
    }
    store.close().await;
}

fn setup_rules(setup: &WerewolfSetup) -> std::sync::Arc<agora::games::werewolf::Rules> {
    let mut rules = setup.rules.clone();
    rules.gpp = setup.gpp.clone();
    std::sync::Arc::new(rules)
}

/// Crashes a session after `k` stored inputs, resumes it, and returns the final outcome.
pub async fn crash_and_resume(store: &Store, seed: u64, k: usize) -> Outcome {
    let setup = ai_setup(1.0);
    let session: Session<Werewolf> = setup
        .create(
            store.clone(),
            seed,
            &place(),
            Duration::from_millis(2),
            &WerewolfKit::default(),
        )
        .await
        .unwrap()
        .start();
    let id = session.handle.id().to_string();
    let id_ = &id;
    crate::app::wait_until_async(
        "the k-th stored input, or the end",
        Duration::from_secs(60),
        Duration::from_millis(1),
        || async move {
            store.inputs(id_).await.unwrap().len() >= k
                || store.session(id_).await.unwrap().status == "finished"
        },
    )
    .await;
    session.abort();
    let _ = session.wait().await;
    let row = store.session(&id).await.unwrap();
    if row.status == "finished" {
        return Outcome {
            winner: row.winner.unwrap(),
            seats: store
                .seats(&id)
                .await
                .unwrap()
                .into_iter()
                .map(|s| SeatOutcome {
                    seat: s.seat,
                    role: s.role.unwrap(),
                    score: s.score.unwrap(),
                    won: s.won.unwrap(),
                    details: s.details,
                })
                .collect(),
            details: row.details,
        };
    }
    let resumed = agora::session::resume::<WerewolfSetup>(
        store.clone(),
        &row,
        Duration::ZERO,
        &WerewolfKit::default(),
    )
    .await
    .unwrap()
    .start();
    match resumed.wait().await.unwrap() {
        Ended::Finished(o) => o,
        other => panic!("resumed session ended as {other:?}"),
    }
}

async fn resume_after_crash_gives_the_same_result(url: &str) {
    let store = open(url).await;
    for seed in [11u64, 12] {
        let uninterrupted = {
            let s = created(&store, &ai_setup(1.0), seed).await.start();
            match s.wait().await.unwrap() {
                Ended::Finished(o) => o,
                other => panic!("{other:?}"),
            }
        };
        for k in [1usize, 7, 19, 33, 50] {
            let resumed = crash_and_resume(&store, seed, k).await;
            assert_eq!(
                resumed, uninterrupted,
                "seed {seed}, crash after {k} inputs"
            );
        }
    }
    store.close().await;
}

#[test]
fn store_records_sessions_inputs_leases_and_results() {
    for url in backends("records") {
        rt().block_on(records_round_trip(&url));
    }
}

#[test]
fn ai_sessions_equal_the_sequential_driver_on_every_backend() {
    for url in backends("driver") {
        rt().block_on(session_matches_the_sequential_driver(&url));
    }
}

#[test]
fn crash_then_resume_equals_an_uninterrupted_game_on_every_backend() {
    for url in backends("resume") {
        rt().block_on(resume_after_crash_gives_the_same_result(&url));
    }
}

#[test]
fn an_unknown_database_url_is_a_clear_error() {
    let err = rt()
        .block_on(Store::open("mysql://x", Duration::from_secs(5)))
        .unwrap_err();
    assert!(err.to_string().contains("sqlite://"), "{err}");
    let err = rt()
        .block_on(Store::open(
            "postgres://agora:secret@127.0.0.1:1/none",
            Duration::from_secs(5),
        ))
        .unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("unavailable") && !text.contains("secret"),
        "{text}"
    );
}
