//! Operations: with `AGORA_HTTP_LISTEN=127.0.0.1:9100` the bot serves
//! - `/healthz`: 200 when a gateway shard of this process is connected and the database
//!   answers; 503 otherwise (or while a standby holds no shard). The body says which.
//! - `/metrics`: Prometheus text (the `metrics` crate's Prometheus exporter): tables by
//!   game and state, shards held, interactions and their acknowledgement latency, model
//!   calls, tokens and faults, store writes and their latency, lease renewals and
//!   takeovers, the inbox (handed over, waiting), and REST calls by route and status
//!   with their latency (counted by `rest_meter`).
//!
//! The counters are recorded where things happen (`metrics::counter!` in the store, the
//! model client, the event handlers); gauges of what is are read at each scrape.

use super::types::Bot;
use agora_core::store::Store;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use serenity::all::{ConnectionStage, ShardManager};
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// Latency buckets in seconds (an acknowledgement must come within 3 s).
const BUCKETS: &[f64] = &[
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0,
];

/// The process's Prometheus recorder, installed once (tests start several bots in one
/// process).
fn recorder() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), BUCKETS)
            .expect("buckets are not empty")
            .install_recorder()
            .expect("no other metrics recorder is installed")
    })
}

/// What the endpoints read.
#[derive(Clone)]
struct Ops {
    store: Store,
    /// The gateway's shards, once the gateway starts (a standby has none yet).
    shards: Arc<OnceLock<Arc<ShardManager>>>,
    bot: Arc<OnceLock<Arc<Bot>>>,
}

/// Binds `listen` (one clear error when it cannot) and serves the endpoints for the
/// process's life.
pub async fn serve(
    listen: &str,
    store: Store,
    shards: Arc<OnceLock<Arc<ShardManager>>>,
    bot: Arc<OnceLock<Arc<Bot>>>,
) -> anyhow::Result<()> {
    recorder();
    let listener = tokio::net::TcpListener::bind(listen)
        .await
        .map_err(|e| anyhow::anyhow!("AGORA_HTTP_LISTEN {listen}: cannot listen there: {e}"))?;
    tracing::info!("health and metrics on http://{listen}/healthz and /metrics");
    let app = axum::Router::new()
        .route("/healthz", axum::routing::get(healthz))
        .route("/metrics", axum::routing::get(metrics))
        .with_state(Ops { store, shards, bot });
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!("the health and metrics server stopped: {e}");
        }
    });
    Ok(())
}

/// The shards of this process whose gateway connection is up, and all it runs.
async fn shard_stages(shards: &OnceLock<Arc<ShardManager>>) -> (Vec<u32>, Vec<u32>) {
    let Some(shards) = shards.get() else {
        return (Vec::new(), Vec::new());
    };
    let runners = shards.runners.lock().await;
    let mut up: Vec<u32> = (runners.iter())
        .filter(|(_, r)| r.stage == ConnectionStage::Connected)
        .map(|(id, _)| id.0)
        .collect();
    let mut all: Vec<u32> = runners.keys().map(|id| id.0).collect();
    up.sort_unstable();
    all.sort_unstable();
    (up, all)
}

async fn healthz(State(ops): State<Ops>) -> impl IntoResponse {
    let (up, all) = shard_stages(&ops.shards).await;
    let database = matches!(
        tokio::time::timeout(Duration::from_secs(2), ops.store.ping()).await,
        Ok(Ok(()))
    );
    let gateway = !up.is_empty();
    let body = serde_json::json!({
        "gateway": gateway,
        "database": database,
        "shards_connected": up,
        "shards_running": all,
        "ready": ops.bot.get().is_some(),
    });
    let status = if gateway && database {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, axum::Json(body))
}

async fn metrics(State(ops): State<Ops>) -> impl IntoResponse {
    let handle = recorder();
    handle.run_upkeep();
    let (up, _) = shard_stages(&ops.shards).await;
    metrics::gauge!("agora_shards_connected").set(up.len() as f64);
    if let Some(bot) = ops.bot.get() {
        metrics::gauge!("agora_shards_held").set(bot.cluster.held().len() as f64);
        let mut tables: BTreeMap<(&str, &str), u32> = BTreeMap::new();
        for table in bot.tables() {
            *tables.entry(table.phase().await).or_default() += 1;
        }
        for ((game, state), n) in tables {
            metrics::gauge!("agora_tables", "game" => game, "state" => state).set(n as f64);
        }
        if let Ok(depth) = bot.store.inbox_depth().await {
            metrics::gauge!("agora_inbox_waiting").set(depth as f64);
        }
    }
    (
        [(
            axum::http::header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        handle.render(),
    )
}
