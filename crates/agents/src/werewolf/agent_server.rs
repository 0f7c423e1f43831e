//! Our own werewolf player behind the HTTP agent protocol (`agora agent serve`), so a
//! competitor can run it as a baseline and a ladder can mix it with other agents.
//!
//! `POST /act` takes a `game_state` (as [`super::remote`] sends it) and answers a
//! `decision`. The server keeps no state between requests: it rebuilds the seat's player
//! from the events in the `game_state` (the built-in heuristic; with `--llm`, the language
//! model with the heuristic as fallback). `GET /health` answers `ok`.

use crate::games::werewolf::{Action, Ask, Event, Seat, Werewolf, MAX_SEATS};
use crate::werewolf::llm::LlmSeat;
use crate::werewolf::memory::TableRules;
use crate::werewolf::WerewolfKit;
use crate::werewolf::{fit_speech, player, Strategy};
use crate::{Agent, Decision};
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};
use std::hash::{Hash, Hasher};
use std::net::SocketAddr;
use std::sync::Arc;

/// A running agent server.
pub struct AgentServer {
    pub addr: SocketAddr,
    pub task: tokio::task::JoinHandle<std::io::Result<()>>,
}

/// Binds `listen` and serves until the task is dropped or aborted.
pub async fn start(listen: &str, kit: WerewolfKit) -> std::io::Result<AgentServer> {
    let app = Router::new()
        .route("/act", post(act))
        .route("/health", get(|| async { "ok" }))
        .with_state(Arc::new(kit));
    let listener = tokio::net::TcpListener::bind(listen).await?;
    let addr = listener.local_addr()?;
    let task = tokio::spawn(async move { axum::serve(listener, app).await });
    Ok(AgentServer { addr, task })
}

fn bad(message: String) -> (StatusCode, Json<Value>) {
    (StatusCode::BAD_REQUEST, Json(json!({"error": message})))
}

/// An action as the protocol's `decision`.
pub fn action_to_decision(action: &Action) -> Value {
    match action {
        Action::Speak { text } => json!({"natural_speech": text}),
        Action::Vote { target } => json!({"vote_target": target}),
        Action::Abstain => json!({"vote_target": null}),
        Action::Kill { target } | Action::Check { target } | Action::Shoot { target } => {
            json!({"skill_target": target})
        }
        Action::Decline => json!({"skill_target": null}),
        Action::Save => json!({"witch_action": "save"}),
        Action::Poison { target } => json!({"witch_action": "poison", "skill_target": target}),
        Action::Pass => json!({"witch_action": "pass", "skill_target": null}),
        Action::Guard { target } | Action::Badge { target } | Action::Call { target } => {
            json!({"skill_target": target})
        }
        Action::Tear => json!({"skill_target": null}),
        Action::Run => json!({"sheriff_run": true}),
        Action::Withdraw => json!({"sheriff_run": false}),
        Action::Order { up } => json!({"speaking_order": if *up { "up" } else { "down" }}),
        Action::Explode { target } => json!({"explode": true, "skill_target": target}),
    }
}

async fn act(
    State(kit): State<Arc<WerewolfKit>>,
    Json(state): Json<Value>,
) -> Result<Json<Value>, (StatusCode, Json<Value>)> {
    decide(&kit, &state).await.map(Json).map_err(bad)
}

/// Our player's `decision` for a `game_state`; the error says what is wrong with the state.
pub async fn decide(kit: &WerewolfKit, state: &Value) -> Result<Value, String> {
    let ask: Ask =
        serde_json::from_value(state["ask"].clone()).map_err(|e| format!("game_state.ask: {e}"))?;
    let events: Vec<Event> = serde_json::from_value(state["events"].clone())
        .map_err(|e| format!("game_state.events: {e}"))?;
    let seat = state["seat"]
        .as_u64()
        .filter(|s| (1..=MAX_SEATS as u64).contains(s))
        .ok_or("game_state.seat must be a seat from 1 to 16")? as Seat;
    if ask.seat != seat {
        return Err(format!(
            "game_state.ask is for seat {}, not seat {seat}",
            ask.seat
        ));
    }
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    state["game_id"].to_string().hash(&mut hasher);
    let seed = hasher.finish();
    let (action, note) = match &kit.llm {
        Some((client, prompts)) => {
            let mut seat_player = LlmSeat::new(
                seat,
                player(Strategy::Heuristic, seat, seed),
                client.clone(),
                prompts.clone(),
            );
            if !state["rules"].is_null() {
                let rules: TableRules = serde_json::from_value(state["rules"].clone())
                    .map_err(|e| format!("game_state.rules: {e}"))?;
                seat_player = seat_player.with_table_rules(rules);
            }
            for e in &events {
                <LlmSeat as Agent<Werewolf>>::observe(&mut seat_player, e);
            }
            match seat_player.decide(&ask) {
                Decision::Now(a) => (a, None),
                Decision::Later(f) => {
                    let answer = f.await;
                    (answer.action.unwrap_or(Action::Abstain), answer.note)
                }
            }
        }
        None => {
            let mut p = player(Strategy::Heuristic, seat, seed);
            for e in &events {
                p.observe(e);
            }
            let mut a = p.decide(&ask);
            if let Action::Speak { text } = &mut a {
                *text = fit_speech(text, ask.max_chars as usize);
            }
            (a, None)
        }
    };
    let mut decision = action_to_decision(&action);
    decision["reasoning_steps"] = note
        .as_ref()
        .and_then(|n| n.get("reasoning_steps").cloned())
        .unwrap_or_else(|| json!([]));
    decision["suspicion_scores"] = note
        .as_ref()
        .and_then(|n| n.get("suspicion_scores").cloned())
        .unwrap_or_else(|| json!({}));
    Ok(decision)
}
