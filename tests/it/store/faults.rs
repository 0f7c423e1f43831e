//! The store failing or changing under a session: a broken store pauses it, an earlier
//! database upgrades, a taken lease stops it.

use super::*;

/// A database of its own for a test that breaks it: a fresh SQLite file, or a new
/// PostgreSQL database beside the given one.
pub(crate) async fn isolated(url: &str, tag: &str) -> String {
    if url.starts_with("sqlite:") {
        return sqlite_url(tag);
    }
    sqlx::any::install_default_drivers();
    let name = format!("agora_{tag}_{}", agora::session::new_id());
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(url)
        .await
        .unwrap();
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await
        .unwrap();
    let base = &url[..url.rfind('/').expect("a postgres URL names its database")];
    format!("{base}/{name}")
}

async fn raw(url: &str, sql: &str) -> i64 {
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(url)
        .await
        .unwrap();
    if sql.starts_with("SELECT") {
        use sqlx::Row;
        sqlx::query(sql)
            .fetch_one(&mut conn)
            .await
            .unwrap()
            .get::<i64, _>(0)
    } else {
        sqlx::query(sql).execute(&mut conn).await.unwrap();
        0
    }
}

/// Any valid answer to an ask.
fn some_answer(ask: &agora::games::werewolf::Ask) -> agora::games::werewolf::Action {
    use agora::games::werewolf::{Action, AskKind};
    let first = ask.targets.iter().next();
    match ask.kind {
        AskKind::WolfPick => Action::Kill {
            target: first.unwrap(),
        },
        AskKind::SeerCheck => Action::Check {
            target: first.unwrap(),
        },
        AskKind::Witch => Action::Pass,
        AskKind::HunterShot => Action::Decline,
        AskKind::Vote | AskKind::PkVote | AskKind::SheriffVote => Action::Abstain,
        AskKind::Speech | AskKind::PkSpeech | AskKind::LastWords | AskKind::CampaignSpeech => {
            Action::Speak {
                text: "I have nothing to hide.".into(),
            }
        }
        AskKind::GuardPick | AskKind::SheriffRun | AskKind::SheriffCall => Action::Pass,
        AskKind::KingShot => Action::Decline,
        AskKind::BadgePass => Action::Tear,
        AskKind::SpeakingOrder => Action::Order { up: true },
    }
}

async fn a_broken_store_pauses_the_session(url: &str) {
    use agora::games::Viewer;
    use agora::session::Note;
    let url = isolated(url, "pause").await;
    let store = open(&url).await;
    let mut setup = ai_setup(1.0);
    setup.seats[0] = SeatSpec::human(&PlayerRef::terminal("pat"));
    let mut runner = setup
        .create(
            store.clone(),
            17,
            &place(),
            Duration::ZERO,
            &WerewolfKit::default(),
        )
        .await
        .unwrap();
    let mut view = runner.subscribe(Viewer::Seat(1));
    let session = runner.start();
    let id = session.handle.id().to_string();
    let (seq, ask) = loop {
        let note = tokio::time::timeout(Duration::from_secs(20), view.next())
            .await
            .expect("seat 1 is asked something")
            .expect("the session runs");
        if let Note::Ask {
            seat: 1, seq, ask, ..
        } = &*note
        {
            break (*seq, *ask);
        }
    };
    raw(&url, "ALTER TABLE inputs RENAME TO inputs_away").await;
    let handle = session.handle.clone();
    let submit = tokio::spawn(async move { handle.submit(1, some_answer(&ask), Some(seq)).await });
    let paused = loop {
        let note = tokio::time::timeout(Duration::from_secs(20), view.next())
            .await
            .expect("the pause is announced")
            .unwrap();
        match &*note {
            Note::Paused { reason } => break reason.clone(),
            Note::Event { .. } => panic!("an event was applied while the store was down"),
            _ => {}
        }
    };
    assert!(paused.contains("game store"), "{paused}");
    let count = format!("SELECT COUNT(*) FROM inputs_away WHERE session_id = '{id}'");
    let stored = raw(&url, &count).await;
    assert!(
        tokio::time::timeout(Duration::from_millis(600), view.next())
            .await
            .is_err(),
        "nothing happens while the store is down"
    );
    assert!(
        !submit.is_finished(),
        "the action was taken while it could not be stored"
    );
    assert_eq!(raw(&url, &count).await, stored);

    raw(&url, "ALTER TABLE inputs_away RENAME TO inputs").await;
    tokio::time::timeout(Duration::from_secs(30), submit)
        .await
        .expect("the session carries on once the store is back")
        .unwrap()
        .expect("the action is taken");
    let inputs = store.inputs(&id).await.unwrap();
    assert!(
        inputs
            .iter()
            .any(|i| i.seat == 1 && i.source == InputSource::Human),
        "the human's input is stored"
    );
    let mut resumed = false;
    while let Ok(Some(note)) = tokio::time::timeout(Duration::from_secs(5), view.next()).await {
        if matches!(&*note, Note::Resumed) {
            resumed = true;
            break;
        }
    }
    assert!(resumed, "subscribers are told the game goes on");

    // A wrong seat, a stale number and an AI's seat are refused and change nothing.
    assert!(session
        .handle
        .submit(10, some_answer(&ask), None)
        .await
        .is_err());
    assert!(session
        .handle
        .submit(1, some_answer(&ask), Some(seq))
        .await
        .is_err());
    assert!(session
        .handle
        .submit(2, some_answer(&ask), None)
        .await
        .is_err());
    let human_inputs = |inputs: Vec<StoredInput>| {
        inputs
            .iter()
            .filter(|i| i.source == InputSource::Human)
            .count()
    };
    assert_eq!(human_inputs(store.inputs(&id).await.unwrap()), 1);

    session.handle.abandon().await;
    assert_eq!(session.wait().await.unwrap(), Ended::Abandoned);
    assert_eq!(store.session(&id).await.unwrap().status, "abandoned");
    store.close().await;
}

#[test]
fn a_broken_store_pauses_the_session_and_applies_nothing_unstored() {
    for url in backends("pause") {
        rt().block_on(a_broken_store_pauses_the_session(&url));
    }
}

/// Runs a migration file the way the earlier runner did: one statement per `;` at a line's
/// end.
async fn run_old_file(url: &str, sql: &str) {
    let mut statement = String::new();
    for line in sql.lines() {
        if line.trim().starts_with("--") {
            continue;
        }
        statement.push_str(line);
        statement.push('\n');
        if line.trim_end().ends_with(';') {
            raw(url, statement.trim().trim_end_matches(';')).await;
            statement.clear();
        }
    }
}

/// A database made by the build before sqlx's migrator (versions 1 to 3 in its own
/// `schema_migrations`, whole-number scores) upgrades in place and keeps its rows.
async fn an_earlier_database_upgrades(url: &str) {
    sqlx::any::install_default_drivers();
    let url = isolated(url, "upgrade").await;
    if url.starts_with("sqlite:") {
        // Create the file.
        let path = url.trim_start_matches("sqlite://");
        std::fs::File::create(path).unwrap();
    }
    raw(
        &url,
        "CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
    )
    .await;
    for (version, name, sql) in [
        (
            1,
            "sessions",
            include_str!("../../../migrations/0001_sessions.sql"),
        ),
        (
            2,
            "input_notes",
            include_str!("../../../migrations/0002_input_notes.sql"),
        ),
        (
            3,
            "discord_tables",
            include_str!("../../../migrations/0003_discord_tables.sql"),
        ),
    ] {
        run_old_file(&url, sql).await;
        raw(
            &url,
            &format!("INSERT INTO schema_migrations (version, name, applied_at) VALUES ({version}, '{name}', 0)"),
        )
        .await;
    }
    for sql in [
        "INSERT INTO players (id, surface, name, is_ai, created_at) VALUES ('terminal:old', 'terminal', 'old', 0, 0)",
        "INSERT INTO sessions (id, game, surface, community, channel, config, seed, status, created_at, updated_at, lease_owner, lease_until, winner, finished_at) \
         VALUES ('oldgame', 'werewolf', 'terminal', 'c9', 'ch', '{}', 5, 'finished', 1, 2, NULL, 0, 'wolves', 2)",
        "INSERT INTO session_seats (session_id, seat, player_id, agent, role, score, won) VALUES ('oldgame', 1, 'terminal:old', NULL, 'seer', -4, 0)",
        "INSERT INTO discord_tables (channel_id, guild_id, state, session_id, data, updated_at) VALUES (77, 1, 'running', 'oldgame', '{\"k\":1}', 0)",
    ] {
        raw(&url, sql).await;
    }

    let store = open(&url).await;
    let seats = store.seats("oldgame").await.unwrap();
    assert_eq!(seats.len(), 1);
    assert_eq!(seats[0].score, Some(-4.0), "the score is kept");
    assert_eq!(seats[0].role.as_deref(), Some("seer"));
    assert_eq!(seats[0].details, serde_json::Value::Null);
    let row = store.session("oldgame").await.unwrap();
    assert_eq!(row.winner.as_deref(), Some("wolves"));
    assert_eq!(row.details, serde_json::Value::Null);
    let results = store.results("werewolf", Some("c9")).await.unwrap();
    assert_eq!(results.len(), 1);
    assert_eq!(results[0].score, -4.0);
    let channels = store.channels().await.unwrap();
    assert_eq!(channels.len(), 1);
    assert_eq!(channels[0].game, "werewolf");
    assert_eq!(channels[0].data, serde_json::json!({"k": 1}));
    // The new column holds decimals.
    let id = agora::session::new_id();
    store.create_session(&new_session(&id)).await.unwrap();
    let outcome = Outcome {
        winner: "good".into(),
        seats: vec![SeatOutcome {
            seat: 1,
            role: "judge".into(),
            score: 7.5,
            won: true,
            details: serde_json::Value::Null,
        }],
        details: serde_json::Value::Null,
    };
    store.finish(&id, &outcome).await.unwrap();
    assert_eq!(store.seats(&id).await.unwrap()[0].score, Some(7.5));
    store.close().await;
    // The migrator took the versions over; opening again changes nothing.
    assert_eq!(raw(&url, "SELECT COUNT(*) FROM _sqlx_migrations").await, 8);
    let again = open(&url).await;
    assert_eq!(again.seats("oldgame").await.unwrap()[0].score, Some(-4.0));
    again.close().await;
}

#[test]
fn a_database_at_the_previous_schema_upgrades_and_keeps_its_rows() {
    for url in backends("upgrade") {
        rt().block_on(an_earlier_database_upgrades(&url));
    }
}

/// A running session whose lease another process took stops (the keeper finds out on its
/// next beat), storing nothing more.
async fn a_taken_lease_stops_the_session(url: &str) {
    let url = isolated(url, "lease").await;
    let store = Store::open(&url, Duration::from_secs(2)).await.unwrap();
    let mut setup = ai_setup(1.0);
    setup.seats[0] = SeatSpec::human(&PlayerRef::terminal("lee"));
    let mut runner = setup
        .create(
            store.clone(),
            17,
            &place(),
            Duration::ZERO,
            &WerewolfKit::default(),
        )
        .await
        .unwrap();
    let mut view = runner.subscribe(agora::games::Viewer::Seat(1));
    let session = runner.start();
    let id = session.handle.id().to_string();
    // Wait until the game waits on the human: from then on nothing is appended, and only
    // the keeper can notice.
    loop {
        let note = tokio::time::timeout(Duration::from_secs(20), view.next())
            .await
            .expect("seat 1 is asked something")
            .expect("the session runs");
        if matches!(&*note, agora::session::Note::Ask { seat: 1, .. }) {
            break;
        }
    }
    raw(
        &url,
        &format!("UPDATE sessions SET lease_owner = 'elsewhere/1' WHERE id = '{id}'"),
    )
    .await;
    let ended = tokio::time::timeout(Duration::from_secs(20), session.wait())
        .await
        .expect("the session stops within a few beats");
    assert!(
        matches!(
            ended,
            Err(agora::session::SessionError::Store(StoreError::LeaseLost(
                _
            )))
        ),
        "{ended:?}"
    );
    assert_eq!(
        store.session(&id).await.unwrap().lease_owner.as_deref(),
        Some("elsewhere/1")
    );
    store.close().await;
}

#[test]
fn a_session_whose_lease_was_taken_stops() {
    for url in backends("lease") {
        rt().block_on(a_taken_lease_stops_the_session(&url));
    }
}
