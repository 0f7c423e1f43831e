//! [`RunningTable`]: what the bot core asks of a channel's table (a lobby or a running game,
//! of any game), so the core routes clicks, messages and commands to any game through
//! `Arc<dyn RunningTable<Bot>>` and never names a game's types.
//!
//! Design: methods return boxed futures (no `async_trait`), taking the table as
//! `self: Arc<Self>` so a handler may keep it (spawn a task, store it). The handlers
//! answer the interaction themselves within Discord's three seconds and then work under
//! the table's own lock, as they did before the trait; a message-passing design (a task
//! per table fed `TableEvent`s) would add a queue and a reply channel to every click
//! without removing any lock.
//!
//! Session notes are typed by the game (`Note<G>`), so the trait does not pass them in:
//! [`RunningTable::follow`] applies the table's own session's notes (its subscription,
//! kept by the table when its session starts or resumes) in the table's own task,
//! planning what to post and posting it through [`super::send`], until the session ends.
//! The core holds the table and routes people's input to it.

use super::text::Component;
use serenity::all::{ComponentInteraction, Message, ModalInteraction};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// A boxed, sendable future (what the trait's methods return).
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A channel's table, as the bot core sees it. `B` is the bot's shared data
/// (`types::Bot`: the registry holds `Arc<dyn RunningTable<Bot>>`); it is a parameter
/// only so that this file and `types.rs` do not import each other.
pub trait RunningTable<B>: Send + Sync {
    /// The channel it sits in.
    fn channel(&self) -> u64;

    /// A link to the table's message (its lobby, then its status board) or its channel,
    /// for "a game is already open in this channel".
    fn link(&self) -> String;

    /// A click on one of the table's controls (`what`, parsed from the `custom_id`). The
    /// core has checked that a lobby click comes from the lobby's channel and applied the
    /// click rate limit to lobby clicks; the table answers the interaction.
    fn on_click<'a>(
        self: Arc<Self>,
        bot: &'a Arc<B>,
        c: &'a ComponentInteraction,
        what: Component,
    ) -> BoxFuture<'a, Result<(), anyhow::Error>>;

    /// A submitted modal (a form the table opened; `what` parsed from its `custom_id`). True
    /// when the table answered it; a table that opens no modals keeps the default, and the
    /// core answers "that choice has closed".
    fn on_modal<'a>(
        self: Arc<Self>,
        _bot: &'a Arc<B>,
        _m: &'a ModalInteraction,
        _what: Component,
    ) -> BoxFuture<'a, Result<bool, anyhow::Error>> {
        Box::pin(async { Ok(false) })
    }

    /// A message typed by a person: in the table's channel, or a DM (offered to every
    /// table until one takes it). True when the table took it.
    fn on_message<'a>(
        self: Arc<Self>,
        bot: &'a Arc<B>,
        m: &'a Message,
    ) -> BoxFuture<'a, Result<bool, anyhow::Error>>;

    /// Applies the table's session notes (what to post, what to edit) until its session
    /// ends; the table's own task. Does nothing when no session is waiting to be followed.
    fn follow(self: Arc<Self>, bot: Arc<B>) -> BoxFuture<'static, ()>;

    /// The table's state in a few lines (the answer to a status command).
    fn status(self: Arc<Self>) -> BoxFuture<'static, String>;

    /// A stop command in the table's channel: the table checks who may stop it, answers,
    /// and ends the game or closes the lobby.
    fn stop<'a>(
        self: Arc<Self>,
        ctx: poise::Context<'a, Arc<B>, anyhow::Error>,
    ) -> BoxFuture<'a, Result<(), anyhow::Error>>;

    /// The table as `Any`, so a game's own commands (`/trial evidence`) reach its type.
    fn into_any(self: Arc<Self>) -> Arc<dyn std::any::Any + Send + Sync>;

    /// The bot is shutting down: a running session is detached (kept in the store, it
    /// resumes on the next start), not ended.
    fn detach(self: Arc<Self>) -> BoxFuture<'static, ()>;

    /// The table's game and state (`lobby`, `starting`, `running`, `closed`), for the
    /// operator's metrics.
    fn phase(self: Arc<Self>) -> BoxFuture<'static, (&'static str, &'static str)>;
}
