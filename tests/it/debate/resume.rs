//! Team debates as stored sessions: a debate killed mid-way resumes from its log and ends
//! exactly as an uninterrupted one (the judge's stored labels are never asked again), and
//! a finished debate rebuilt from its log gives the same result.

use crate::store::{open, place, rt};
use agora::agents::debate::DebateKit;
use agora::config::Config;
use agora::games::debate::team::TeamRules;
use agora::games::debate::TeamDebate;
use agora::games::Game;
use agora::games::Outcome;
use agora::session::{Ended, GameSetup, Session};
use agora::store::Store;
use agora_core::debate::format::DebateFormat;
use agora_core::debate::session::{DebateSeat, DebateSetup};
use std::time::Duration;

fn setup(scale: f64) -> DebateSetup {
    let config = Config::load_from(None, &|_| None).unwrap();
    let personalities = [
        "logical",
        "emotional",
        "data_driven",
        "aggressive",
        "diplomatic",
    ];
    let mut seats: Vec<DebateSeat> = (0..8)
        .map(|i| DebateSeat::debater(personalities[i % personalities.len()]))
        .collect();
    seats.push(DebateSeat::judge());
    DebateSetup {
        format: DebateFormat::Team,
        topic: Some("universal_basic_income".into()),
        motion: "This house would introduce a universal basic income".into(),
        rules: TeamRules {
            length_scale: scale,
            live_scores: false,
            ..TeamRules::default()
        },
        timers: config.debate.timers.clone(),
        seats,
        lang: agora_games::Lang::En,
    }
}

async fn finish(session: Session<TeamDebate>) -> Outcome {
    match session.wait().await.unwrap() {
        Ended::Finished(o) => o,
        other => panic!("the debate ended as {other:?}"),
    }
}

async fn crash_and_resume(store: &Store, seed: u64, k: usize) -> Outcome {
    let kit = DebateKit::default();
    let session = setup(0.2)
        .create(
            store.clone(),
            seed,
            &place(),
            Duration::from_millis(5),
            &kit,
        )
        .await
        .unwrap()
        .start();
    let id = session.handle.id().to_string();
    // Waits for the k-th stored input (the session stores and applies on its own).
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
    assert_ne!(
        row.status, "finished",
        "crash after {k} inputs came too late"
    );
    let resumed = agora::session::resume::<DebateSetup>(store.clone(), &row, Duration::ZERO, &kit)
        .await
        .unwrap()
        .start();
    finish(resumed).await
}

async fn resume_gives_the_same_debate() {
    let dir =
        std::env::temp_dir().join(format!("agora-debate-resume-{}", agora::session::new_id()));
    std::fs::create_dir_all(&dir).unwrap();
    let store = open(&format!("sqlite://{}", dir.join("agora.db").display())).await;
    let kit = DebateKit::default();
    let seed = 7;
    let whole = setup(0.2)
        .create(store.clone(), seed, &place(), Duration::ZERO, &kit)
        .await
        .unwrap()
        .start();
    let id = whole.handle.id().to_string();
    let uninterrupted = finish(whole).await;
    // Rebuilt from the log alone (no agents, no model): the same result.
    let rebuilt = agora::session::rebuild::<DebateSetup>(&store, &id)
        .await
        .unwrap();
    assert_eq!(rebuilt.outcome().as_ref(), Some(&uninterrupted));
    let inputs = store.inputs(&id).await.unwrap().len();
    for k in [1, 5, inputs / 2, inputs - 10] {
        let resumed = crash_and_resume(&store, seed, k).await;
        assert_eq!(resumed, uninterrupted, "crash after {k} of {inputs} inputs");
    }
    store.close().await;
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_debate_killed_mid_way_resumes_to_the_same_result() {
    rt().block_on(resume_gives_the_same_debate());
}
