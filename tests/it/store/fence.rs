//! The lease's epoch fences every write of a session: once another claim raised it, the
//! earlier holder can store nothing for the session (an input, a deadline, its result, its
//! channel's table, which a table stores before it posts), whether the claim came from
//! another process or from another task of the same one.

use super::*;
use agora::store::ChannelRow;

fn table_row(id: &str, state: &str) -> ChannelRow {
    ChannelRow {
        channel_id: 4242,
        guild_id: 7,
        game: "werewolf".into(),
        state: state.into(),
        session_id: Some(id.into()),
        data: serde_json::json!({"step": state}),
    }
}

fn outcome() -> Outcome {
    Outcome {
        winner: "good".into(),
        seats: (1..=9)
            .map(|seat| SeatOutcome {
                seat,
                role: "villager".into(),
                score: 0.0,
                won: true,
                details: serde_json::Value::Null,
            })
            .collect(),
        details: serde_json::Value::Null,
    }
}

fn lost<T: std::fmt::Debug>(r: Result<T, StoreError>) -> bool {
    matches!(r, Err(StoreError::LeaseLost(_)))
}

async fn fenced_writes(url: &str) {
    let a = open(url).await;
    let id = agora::session::new_id();
    a.create_session(&new_session(&id)).await.unwrap();
    assert_eq!(a.epoch(&id), Some(1));
    a.append_input(&id, &input(0, 2)).await.unwrap();
    a.save_channel(&table_row(&id, "a")).await.unwrap();

    // Another task of the same process claims it (a resume): same owner, a new epoch.
    let again = open(url).await.with_owner(a.owner().to_string());
    assert_eq!(again.claim(&id).await.unwrap(), 2);
    assert!(lost(a.append_input(&id, &input(1, 2)).await));
    assert!(lost(a.save_channel(&table_row(&id, "stale")).await));
    again.append_input(&id, &input(1, 2)).await.unwrap();

    // Another process takes it once the lease has run out.
    let b = open(url).await.with_owner("elsewhere/2");
    assert!(matches!(
        b.claim(&id).await,
        Err(StoreError::LeaseHeld { .. })
    ));
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(url)
        .await
        .unwrap();
    sqlx::query("UPDATE sessions SET lease_until = 1 WHERE id = $1")
        .bind(&id)
        .execute(&mut conn)
        .await
        .unwrap();
    assert_eq!(b.claim(&id).await.unwrap(), 3);
    assert_eq!(b.session(&id).await.unwrap().lease_epoch, 3);
    for store in [&a, &again] {
        assert!(lost(store.append_input(&id, &input(2, 2)).await));
        assert!(lost(store.arm_deadline(&id, 2, 3, 99).await));
        assert!(lost(store.save_channel(&table_row(&id, "stale")).await));
        assert!(lost(store.set_status(&id, "abandoned").await));
        assert!(lost(store.finish(&id, &outcome()).await));
    }
    assert_eq!(b.inputs(&id).await.unwrap().len(), 2, "nothing stored");
    let tables = b.channels().await.unwrap();
    let row = tables.iter().find(|t| t.channel_id == 4242).unwrap();
    assert_eq!(row.data, serde_json::json!({"step": "a"}), "the table kept");
    // An earlier holder forgetting the channel leaves another session's table alone.
    b.save_channel(&table_row(&id, "b")).await.unwrap();
    a.delete_channel(4242, "another-session").await.unwrap();
    assert!(b
        .channels()
        .await
        .unwrap()
        .iter()
        .any(|t| t.channel_id == 4242));

    b.append_input(&id, &input(2, 2)).await.unwrap();
    b.finish(&id, &outcome()).await.unwrap();
    let row = b.session(&id).await.unwrap();
    assert_eq!(row.status, "finished");
    assert_eq!(row.lease_owner, None);
    b.delete_channel(4242, &id).await.unwrap();
    assert!(!b
        .channels()
        .await
        .unwrap()
        .iter()
        .any(|t| t.channel_id == 4242));
    for s in [a, again, b] {
        s.close().await;
    }
}

#[test]
fn a_process_whose_lease_was_taken_cannot_write() {
    for url in backends("fence") {
        rt().block_on(fenced_writes(&url));
    }
}
