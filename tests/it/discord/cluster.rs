//! Two `agora run` processes on one PostgreSQL and one (fake) Discord, each running one of
//! two shards: a table's DM clicks arrive at the other process and are handed over; a
//! SIGKILL of the table's driver mid-game, after which the other process starts its shard
//! and takes the game over, and it finishes with nothing posted twice. Needs
//! `AGORA_TEST_POSTGRES_URL` (`.ci/run` sets it; under `CI=true` it must be set).

use super::*;
use crate::app::{TestApp, WAIT};
use crate::fake_discord::FakeDiscord;
use crate::fake_players::Humans;
use std::time::{Duration, Instant};

/// A guild on shard 1 of 2 (`(id >> 22) % 2 == 1`).
const GUILD_ON_SHARD_1: u64 = 1 << 22;

/// A fresh PostgreSQL database beside the test server's, or none (not in CI).
async fn fresh_postgres(tag: &str) -> Option<String> {
    match std::env::var("AGORA_TEST_POSTGRES_URL") {
        Ok(url) if !url.is_empty() => Some(crate::store::isolated(&url, tag).await),
        _ => {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "CI=true but AGORA_TEST_POSTGRES_URL is not set: the cluster tests must run"
            );
            None
        }
    }
}

/// The times a table said it goes on after a restart or takeover.
fn restart_notices(fake: &FakeDiscord, channel: u64) -> usize {
    bot_texts(fake, channel, &[])
        .iter()
        .filter(|(_, t)| t.contains("The bot restarted"))
        .count()
}

/// A free port on loopback.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// GET of an operations endpoint: (status, body).
async fn get(port: u16, path: &str) -> (u16, String) {
    let r = reqwest::get(format!("http://127.0.0.1:{port}{path}"))
        .await
        .unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

/// The value of a Prometheus sample (`name{labels}`, as the exporter writes it).
fn sample(metrics: &str, series: &str) -> f64 {
    metrics
        .lines()
        .find_map(|l| l.strip_prefix(series)?.trim().parse().ok())
        .unwrap_or_else(|| panic!("no {series} in\n{metrics}"))
}

/// Process A runs shard 0 of 2 (DMs come there), process B shard 1 (the table's guild);
/// each serves its health and metrics on the port given.
async fn two_processes(db: &str, seed: u64, ports: [u16; 2]) -> (TestApp, TestApp) {
    two_processes_with(db, seed, ports, &[]).await
}

/// [`two_processes`] with config overrides for both.
async fn two_processes_with(
    db: &str,
    seed: u64,
    ports: [u16; 2],
    env: &[(&str, &str)],
) -> (TestApp, TestApp) {
    let log = "warn,agora_discord::inbox=debug,agora_discord::cluster=info";
    let with = |mut b: crate::app::Builder| {
        for (k, v) in env {
            b = b.env(k, v);
        }
        b
    };
    let a = with(TestApp::builder())
        .binary()
        .seed(seed)
        .database_url(Some(db.to_string()))
        .env("AGORA_SHARDS", "0-0/2")
        .env("AGORA_STORE_LEASE_SECS", "6")
        .env("AGORA_HTTP_LISTEN", format!("127.0.0.1:{}", ports[0]))
        .env("RUST_LOG", log)
        .spawn()
        .await;
    a.fake.set_dispatch_wait(Duration::from_secs(30));
    let b = with(TestApp::builder())
        .binary()
        .seed(seed)
        .fake(a.fake.clone())
        .database_url(Some(db.to_string()))
        .env("AGORA_SHARDS", "1-1/2")
        .env("AGORA_STORE_LEASE_SECS", "6")
        .env("AGORA_HTTP_LISTEN", format!("127.0.0.1:{}", ports[1]))
        .env("RUST_LOG", log)
        .spawn()
        .await;
    a.fake
        .wait_until("both shards connected", WAIT, |f| {
            f.live_shards() == vec![0, 1]
        })
        .await;
    (a, b)
}

fn identified_both(fake: &FakeDiscord) {
    let ids = fake.identifies();
    assert!(ids.contains(&[0, 2]) && ids.contains(&[1, 2]), "{ids:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dm_clicks_reach_the_process_driving_the_table() {
    let Some(db) = fresh_postgres("handover").await else {
        return;
    };
    let ports = [free_port(), free_port()];
    let (a, b) = two_processes(&db, 21, ports).await;
    let fake = a.fake.clone();
    identified_both(&fake);
    let channel = 3201;
    fake.place_channel(channel, GUILD_ON_SHARD_1);
    let users = [4201, 4202, 4203];
    three_at_the_table(&fake, channel, &users).await;
    let mut humans = Humans::new(channel, &users);
    humans.play_to_the_end(&fake).await;
    assert!(humans.night_actions > 0, "the people acted at night by DM");
    // Their DM clicks came on shard 0 (process A), which handed them to B.
    assert!(
        a.log().count("handed a component") >= humans.night_actions,
        "A handed the DM clicks over:\n{}",
        a.log().text()
    );
    assert_eq!(b.log().count("handed a component"), 0, "{}", b.log().text());
    let after = bot_texts(&fake, channel, &users);
    assert_nothing_repeated(&[], &after);
    let store = a.store().await;
    let sessions = store.sessions().await.unwrap();
    assert_eq!(sessions.len(), 1);
    assert_eq!(sessions[0].session.status, "finished");
    assert_eq!(store.inbox_depth().await.unwrap(), 0);

    // Operations: both healthy; A counts what it handed over, B what it took.
    for port in ports {
        let (status, body) = get(port, "/healthz").await;
        assert_eq!(status, 200, "{body}");
        let health: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(health["gateway"], true);
        assert_eq!(health["database"], true);
    }
    let (_, ma) = get(ports[0], "/metrics").await;
    let (_, mb) = get(ports[1], "/metrics").await;
    let handed = sample(&ma, "agora_inbox_handed_total{kind=\"component\"}");
    assert!(handed >= humans.night_actions as f64, "{handed}");
    assert_eq!(
        sample(&mb, "agora_inbox_taken_total{kind=\"component\"}"),
        handed
    );
    assert!(sample(&mb, "agora_interactions_total{kind=\"component\"}") > 0.0);
    assert!(
        sample(
            &mb,
            "agora_interaction_ack_seconds_count{kind=\"component\"}"
        ) > 0.0
    );
    assert!(sample(&mb, "agora_store_writes_total") > 0.0);
    assert!(sample(&mb, "agora_lease_renewals_total{what=\"shard\"}") > 0.0);
    assert_eq!(sample(&mb, "agora_shards_held"), 1.0);
    assert!(
        mb.contains("# TYPE agora_interaction_ack_seconds histogram"),
        "{mb}"
    );

    // A third process whose shards both run elsewhere stands by: not healthy (no gateway).
    let port = free_port();
    let mut standby = crate::agora_cli::agora_cmd()
        .arg("run")
        .env("DISCORD_TOKEN", "test.token.value")
        .env("DISCORD_PROXY_URL", fake.base_url())
        .env("DATABASE_URL", &db)
        .env("AGORA_SHARDS", "0-1/2")
        .env("AGORA_HTTP_LISTEN", format!("127.0.0.1:{port}"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut answer = None;
    for _ in 0..100 {
        if let Ok(r) = reqwest::get(format!("http://127.0.0.1:{port}/healthz")).await {
            answer = Some((r.status().as_u16(), r.text().await.unwrap()));
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let _ = standby.kill();
    let _ = standby.wait();
    let (status, body) = answer.expect("the standby answers /healthz");
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("\"gateway\":false"), "{body}");
    a.stop().await;
    b.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_driver_s_shard_and_game_are_taken_over() {
    let Some(db) = fresh_postgres("takeover").await else {
        return;
    };
    let (a, mut b) = two_processes(&db, 22, [free_port(), free_port()]).await;
    let fake = a.fake.clone();
    let channel = 3202;
    fake.place_channel(channel, GUILD_ON_SHARD_1);
    let users = [4211, 4212, 4213];
    three_at_the_table(&fake, channel, &users).await;
    // Mid-night: the people's night asks are out.
    fake.wait_until("the first night's asks", Duration::from_secs(60), |f| {
        users.iter().any(|u| {
            f.dms(*u)
                .iter()
                .any(|m| m.custom_ids().iter().any(|id| id.starts_with("ask:")))
        })
    })
    .await;
    let before = bot_texts(&fake, channel, &users);
    let takeover = kill_and_take_over(&fake, &mut b, &[channel]).await;
    assert!(takeover <= Duration::from_secs(15), "took {takeover:?}");
    assert!(
        a.log().count("took over a shard") >= 1,
        "{}",
        a.log().text()
    );
    assert_nothing_repeated(&before, &bot_texts(&fake, channel, &users));
    let mut humans = Humans::new(channel, &users);
    humans.play_to_the_end(&fake).await;
    let after = bot_texts(&fake, channel, &users);
    assert_nothing_repeated(&[], &after);
    assert_eq!(
        restart_notices(&fake, channel),
        1,
        "the restart notice is posted once"
    );
    fake.save_transcript("cluster-takeover");
    let store = a.store().await;
    let row = &store.sessions().await.unwrap()[0].session;
    assert_eq!(row.status, "finished");
    assert!(row.lease_epoch >= 2, "the takeover claimed a new epoch");
    a.stop().await;
}

/// Kills B (driving shard 1), and waits until A runs shard 1 and every table in
/// `channels` said once that it goes on.
async fn kill_and_take_over(fake: &FakeDiscord, b: &mut TestApp, channels: &[u64]) -> Duration {
    let killed = Instant::now();
    b.kill().await;
    fake.drop_shard(1);
    fake.wait_until("shard 1 runs again", Duration::from_secs(30), |f| {
        f.live_shards().contains(&1)
    })
    .await;
    for c in channels {
        fake.wait_until("the restart notice", Duration::from_secs(30), |f| {
            f.messages(*c)
                .iter()
                .any(|m| m.text().contains("The bot restarted"))
        })
        .await;
    }
    killed.elapsed()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trial_goes_on_across_a_takeover() {
    use super::trial::{open_and_start, say_and_wait, thread_of, trial, verdict, ANN, BEN};
    let Some(db) = fresh_postgres("trial").await else {
        return;
    };
    let ports = [free_port(), free_port()];
    let env = [("AGORA_TRIAL_DELIBERATION_ROUNDS", "0")];
    let (a, mut b) = two_processes_with(&db, 4, ports, &env).await;
    let fake = a.fake.clone();
    let channel = 3303;
    fake.place_channel(channel, GUILD_ON_SHARD_1);
    let threads = open_and_start(&fake, channel).await;
    let chen = thread_of(&threads, "Chen");
    say_and_wait(&fake, ANN, chen, "A language model reads everything in its context window as instructions, and the injected text carried an instruction priority flag.").await;
    let before = bot_texts(&fake, channel, &[]);
    let took = kill_and_take_over(&fake, &mut b, &[channel]).await;
    assert!(took <= Duration::from_secs(15), "took {took:?}");
    // A message in a juror's thread (on shard 1) reaches the process that took it over.
    say_and_wait(&fake, BEN, chen, "The safety filter flagged the order twice and an override switched it off, so proper safeguards were missing.").await;
    let answers: Vec<String> = (fake.messages(chen).iter())
        .filter(|m| m.text().contains(" → "))
        .map(|m| format!("{}: {}", m.id, m.text()))
        .collect();
    assert_eq!(
        answers.len(),
        2,
        "one answer each, none posted twice:\n{}\n{}\nA: {}",
        answers.join("\n"),
        fake.dump_calls(40),
        a.log().text()
    );
    trial(&fake, ANN, channel, "verdict", json!([])).await;
    fake.wait_until("the verdict", WAIT, |f| verdict(f, channel).is_some())
        .await;
    let after = bot_texts(&fake, channel, &[]);
    assert_nothing_repeated(&before, &after);
    assert_eq!(restart_notices(&fake, channel), 1);
    a.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_team_debate_goes_on_across_a_takeover() {
    use super::restart::{calls, debate_lobby, speak_then_done, BEN};
    use crate::fake_players::press;
    let Some(db) = fresh_postgres("debate").await else {
        return;
    };
    let ports = [free_port(), free_port()];
    let env = [("AGORA_DEBATE_TIMERS_PACE", "0.5")];
    let (a, mut b) = two_processes_with(&db, 23, ports, &env).await;
    let fake = a.fake.clone();
    let channel = 3304;
    fake.place_channel(channel, GUILD_ON_SHARD_1);
    let lobby = debate_lobby(&fake, 4410, channel).await;
    press(&fake, BEN, &lobby, ":seat8").await;
    press(&fake, 4410, &lobby, ":start").await;
    fake.wait_until("Ben's first call", Duration::from_secs(120), |f| {
        calls(f, channel).iter().any(|m| !m.components.is_empty())
    })
    .await;
    let before = bot_texts(&fake, channel, &[]);
    let took = kill_and_take_over(&fake, &mut b, &[channel]).await;
    assert!(took <= Duration::from_secs(15), "took {took:?}");
    assert_nothing_repeated(&before, &bot_texts(&fake, channel, &[]));
    // One live call, answered in the channel (shard 1, now A's): typed, then Done.
    fake.wait_until("Ben's call, live", WAIT, |f| {
        calls(f, channel).iter().any(|m| !m.components.is_empty())
    })
    .await;
    let live: Vec<_> = (calls(&fake, channel).into_iter())
        .filter(|m| !m.components.is_empty())
        .collect();
    assert_eq!(live.len(), 1, "one live call");
    speak_then_done(&fake, channel, &live[0]).await;
    assert_eq!(restart_notices(&fake, channel), 1);
    a.stop().await;
}

/// Every REST call a process's meter counted (`agora_rest_calls_total`, all series).
fn rest_calls_metered(metrics: &str) -> f64 {
    (metrics.lines())
        .filter(|l| l.starts_with("agora_rest_calls_total{"))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn processes_share_one_rate_limited_rest_proxy() {
    let Some(db) = fresh_postgres("proxy").await else {
        return;
    };
    let limit = 10;
    let ports = [free_port(), free_port()];
    let (a, b) = two_processes(&db, 24, ports).await;
    let fake = a.fake.clone();
    // The fake plays the one proxy both processes send their REST calls to.
    fake.set_global_limit(limit);
    let (on_a, on_b) = (3205, 3206);
    fake.place_channel(on_b, GUILD_ON_SHARD_1);
    let (users_a, users_b) = ([4231, 4232, 4233], [4241, 4242, 4243]);
    three_at_the_table(&fake, on_a, &users_a).await;
    three_at_the_table(&fake, on_b, &users_b).await;
    let (mut humans_a, mut humans_b) = (Humans::new(on_a, &users_a), Humans::new(on_b, &users_b));
    tokio::join!(
        humans_a.play_to_the_end(&fake),
        humans_b.play_to_the_end(&fake)
    );
    assert_nothing_repeated(&[], &bot_texts(&fake, on_a, &users_a));
    assert_nothing_repeated(&[], &bot_texts(&fake, on_b, &users_b));
    let sessions = a.store().await.sessions().await.unwrap();
    assert_eq!(sessions.len(), 2);
    assert!(sessions.iter().all(|s| s.session.status == "finished"));
    // Together they stayed under the one limit, and clicks were still answered in time
    // (interaction callbacks are exempt, and each is sent before any post).
    let busiest = fake.busiest_second();
    assert!(
        busiest <= limit as usize + 1,
        "{busiest} calls in one second"
    );
    let acks = fake.ack_times();
    assert!(!acks.is_empty());
    let slowest = acks.iter().max().unwrap();
    assert!(*slowest < Duration::from_secs(3), "an ack took {slowest:?}");

    // Each process's meter counted its calls by route and status: together, every call
    // the proxy saw.
    let started = Instant::now();
    let (ma, mb) = loop {
        let (_, ma) = get(ports[0], "/metrics").await;
        let (_, mb) = get(ports[1], "/metrics").await;
        let metered = rest_calls_metered(&ma) + rest_calls_metered(&mb);
        if metered == fake.call_count() as f64 || started.elapsed() > Duration::from_secs(10) {
            assert_eq!(metered, fake.call_count() as f64, "{ma}\n{mb}");
            break (ma, mb);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    for m in [&ma, &mb] {
        let posts = "agora_rest_calls_total{method=\"POST\",route=\"/channels/{id}/messages\",status=\"200\"}";
        assert!(sample(m, posts) > 0.0, "{m}");
        assert!(
            m.contains("route=\"/interactions/{id}/{token}/callback\""),
            "{m}"
        );
        assert!(m.contains("# TYPE agora_rest_seconds histogram"), "{m}");
        assert!(!m.contains("test.token.value"), "no secret in a label");
    }
    // The proxy's queue shows in the meter's latency.
    let waited = sample(
        &mb,
        "agora_rest_seconds_sum{method=\"POST\",route=\"/channels/{id}/messages\"}",
    );
    assert!(waited > 0.0, "{mb}");
    a.stop().await;
    b.stop().await;
}
