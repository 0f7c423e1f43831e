//! A paced subscriber holds its session back: no AI answer is applied until the surface
//! says what it took is on screen, and a surface that goes away holds nothing back.

use super::{ai_setup, open, place, rt, sqlite_url};
use agora::agents::werewolf::WerewolfKit;
use agora::games::Viewer;
use agora::session::{Ended, GameSetup, Note};
use std::time::Duration;

#[test]
fn a_paced_surface_holds_the_session_until_it_has_shown_what_it_took() {
    rt().block_on(async {
        let store = open(&sqlite_url("pace")).await;
        let mut runner = ai_setup(1.0)
            .create(
                store.clone(),
                5,
                &place(),
                Duration::ZERO,
                &WerewolfKit::default(),
            )
            .await
            .unwrap();
        let mut sub = runner.subscribe_paced(Viewer::Moderator);
        let session = runner.start();
        let id = session.handle.id().to_string();
        let mut events = 0;
        let mut ended = false;
        for step in 0..5 {
            // Everything the session did so far arrives, then nothing more: it waits.
            let first = tokio::time::timeout(Duration::from_secs(10), sub.next())
                .await
                .expect("the session posts")
                .expect("still running");
            let mut batch = vec![first];
            tokio::time::sleep(Duration::from_millis(150)).await;
            while let Some(n) = sub.try_next() {
                batch.push(n);
            }
            events += batch
                .iter()
                .filter(|n| matches!(***n, Note::Event { .. }))
                .count();
            ended |= batch.iter().any(|n| matches!(**n, Note::Ended { .. }));
            let stored = store.inputs(&id).await.unwrap().len();
            tokio::time::sleep(Duration::from_millis(200)).await;
            assert_eq!(
                store.inputs(&id).await.unwrap().len(),
                stored,
                "step {step}: an input was applied before the surface showed the last"
            );
            assert!(sub.try_next().is_none(), "step {step}: it went on unasked");
            sub.shown();
        }
        assert!(events > 0 && !ended, "a few steps of a nine-AI game");
        // The surface goes away: the game runs to its end by itself.
        drop(sub);
        let Ended::Finished(_) = tokio::time::timeout(Duration::from_secs(60), session.wait())
            .await
            .expect("the game finishes once nothing holds it")
            .unwrap()
        else {
            panic!("the game ends")
        };
        store.close().await;
    });
}
