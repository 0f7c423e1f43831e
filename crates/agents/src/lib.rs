//! Deciders for AI seats, and the contract they keep with the session layer; with them
//! the configuration ([`config`]: `config/*.toml` defaults overridden by the environment,
//! validated) and the language-model client ([`llm`]: OpenAI-compatible chat, providers
//! per role, prompts, a mock server for tests) they are built from.
//!
//! An [`Agent`] plays one seat of a [`Game`]: it is shown, in order, the events its seat
//! may see, and answers its seat's asks with a [`Decision`] — now (built-in players) or
//! later (a model, an outside agent), as an [`Answer`] with a review note. [`model`] is the
//! one way a decision is asked of a language model (call, validate, repair once, fall
//! back, record), for any game's role: a werewolf seat, a debate judge, a juror.
//!
//! [`content`] is the content directory the players' files are read from (built-in copies
//! replaced or added to).
//!
//! Each game's players are a folder:
//! - `debate`: debaters with personalities, the team captain, the judge.
//! - `werewolf`: the built-in heuristic and random players, model seats, outside agents
//!   over HTTP, and a seat's memory.

pub mod config;
pub mod content;
pub mod debate;
pub mod llm;
pub mod model;
pub mod trial;
pub mod turn;
pub mod werewolf;

use crate::games::Game;
use agora_games as games;
use std::future::Future;
use std::pin::Pin;

/// An AI agent's answer: ready now (built-in players), or later (a model, a remote agent).
pub enum Decision<A> {
    Now(A),
    Later(Pin<Box<dyn Future<Output = Answer<A>> + Send>>),
}

/// What a slow agent finally says: an action, or `None` to abstain (take the rules'
/// default; a remote agent's timeout or malformed reply is an abstention), with a note for
/// the post-game review (reasoning, suspicions, tokens, faults and their fallback), stored
/// with the input and never shown to other seats.
#[derive(Debug, Clone)]
pub struct Answer<A> {
    pub action: Option<A>,
    pub note: Option<serde_json::Value>,
}

/// An AI seat. It is shown, in order, the events its seat may see, and asked its asks in
/// the order they open. It must be deterministic given its seed and that sequence, so
/// that a replayed session reaches the same state.
pub trait Agent<G: Game>: Send {
    fn observe(&mut self, event: &G::Event);
    fn decide(&mut self, ask: &G::Ask) -> Decision<G::Action>;
    /// An action no ask waits for that this seat takes now, if any: asked only of the
    /// seats the game names ([`Game::volunteers`](crate::games::Game::volunteers)), each
    /// time it names them. Answered at once, from what the seat has seen.
    fn volunteer(&mut self) -> Option<G::Action> {
        None
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}
