//! Werewolf at a Discord table: the lobby, the controls (clicks, the night panel, private
//! DMs, typed speeches and wolf chat), what the bot writes, and the driver that applies a
//! running session's notes. The bot core reaches all of it through the
//! [`RunningTable`] trait, implemented here for [`Table`]; only the `/werewolf start`
//! command and resume at startup name this folder.
//!
//! - [`table`]: a channel's lobby or running game and how it is stored.
//! - `start`: starting a game from the lobby, driving it, and [`resume`] at startup.
//! - `drive`: the task that posts a running game's notes; [`plan`]: what to post (pure).
//! - `clicks`: lobby buttons, night controls, the night panel, the vote menu.
//! - `messages`: speeches typed in the channel, wolf chat in DMs.
//! - [`private`]: a seat's private news and controls, by DM or the night panel.
//! - [`views`]: the messages, embeds and controls a table shows.
//! - [`lobby`]: joining, leaving, starting, the start options (pure).
//! - [`render`]: every text the bot writes for werewolf (pure).

mod clicks;
mod drive;
pub mod lobby;
mod messages;
pub mod plan;
pub mod private;
pub mod render;
mod start;
pub mod table;
pub mod views;

pub use start::resume;
pub use table::Table;

use crate::games::werewolf::SEATS;
use crate::running::{BoxFuture, RunningTable};
use crate::tables::{self, Seated};
use crate::text::Component;
use crate::types::{Bot, Context, Error};
use serenity::all::{ComponentInteraction, Message};
use std::sync::Arc;
use table::TableState;

impl RunningTable<Bot> for Table {
    fn into_any(self: Arc<Self>) -> Arc<dyn std::any::Any + Send + Sync> {
        self
    }

    fn channel(&self) -> u64 {
        self.channel
    }

    fn link(&self) -> String {
        self.link_to()
    }

    fn on_click<'a>(
        self: Arc<Self>,
        bot: &'a Arc<Bot>,
        c: &'a ComponentInteraction,
        what: Component,
    ) -> BoxFuture<'a, Result<(), Error>> {
        Box::pin(async move {
            match what {
                Component::Lobby { verb, .. } => clicks::on_lobby(bot, c, &self, &verb).await,
                Component::Ask {
                    seat, seq, verb, ..
                } => clicks::on_ask(bot, c, &self, seat, seq, &verb).await,
                Component::Board { key, .. } => clicks::on_board(bot, c, &self, key).await,
            }
        })
    }

    fn on_message<'a>(
        self: Arc<Self>,
        bot: &'a Arc<Bot>,
        m: &'a Message,
    ) -> BoxFuture<'a, Result<bool, Error>> {
        Box::pin(async move {
            if m.channel_id.get() == self.channel {
                messages::speech(bot, &self, m).await?;
                return Ok(true);
            }
            Ok(messages::wolf_chat(bot, &self, m).await)
        })
    }

    fn follow(self: Arc<Self>, bot: Arc<Bot>) -> BoxFuture<'static, ()> {
        Box::pin(async move {
            let notes = self.notes.lock().expect("lock").take();
            if let Some(notes) = notes {
                drive::drive(bot, self, notes).await;
            }
        })
    }

    fn status(self: Arc<Self>) -> BoxFuture<'static, String> {
        Box::pin(async move {
            match &*self.state.lock().await {
                TableState::Lobby(l) => format!(
                    "**Lobby** — {} of {SEATS} seats taken.\n{}",
                    l.seats.len(),
                    render::lobby(l, "🤖")
                ),
                TableState::Running(r) => format!(
                    "{}\nNow: {}.",
                    render::status(&r.names, r.alive, &r.phase.to_string()),
                    r.turn()
                ),
                TableState::Starting => "The game is starting.".into(),
                TableState::Closed => "The game here has just ended.".into(),
            }
        })
    }

    fn stop<'a>(self: Arc<Self>, ctx: Context<'a>) -> BoxFuture<'a, Result<(), Error>> {
        Box::pin(async move { tables::stop(ctx, "game", &*self).await })
    }

    fn detach(self: Arc<Self>) -> BoxFuture<'static, ()> {
        Box::pin(async move { tables::detach(&*self).await })
    }
}
