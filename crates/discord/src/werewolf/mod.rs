//! Werewolf at a Discord table: the lobby, the controls (clicks, the night panel, private
//! DMs, typed speeches and wolf chat), what the bot writes, and the driver that applies a
//! running session's notes. The bot core reaches it through `WerewolfGame` (its
//! `DiscordGame`: the `/werewolf` commands, resume at startup) and the `GameTable` trait,
//! implemented here for `WerewolfTable` (the core holds it as a `RunningTable`).
//!
//! - `table`: a channel's lobby or running game and how it is stored.
//! - `command`: `/werewolf start|stop|status|leave`.
//! - `start`: starting a game from the lobby (launched by `game_table::launch`).
//! - `drive`: the task that posts a running game's notes; `plan`: what to post (pure).
//! - `clicks`: lobby buttons, night controls, the night panel, the vote menu.
//! - `messages`: speeches typed in the channel, wolf chat in DMs.
//! - `private`: a seat's private news and controls, by DM or the night panel.
//! - `views`: the messages, embeds and controls a table shows.
//! - [`lobby`]: joining, leaving, starting, the start options (pure).
//! - `render`: every text the bot writes for werewolf (pure); `names`: the seats' names.
//! - `board_pick`: the board of `/werewolf start board: seats:`, its autocomplete, its
//!   line in the lobby.
//! - `sheriff`: the larger boards' channel lines, the sheriff's shared messages (pure).
//! - `board_asks`: the larger boards' DM asks (prompts, controls, choices) and what the
//!   table knows of its human seats (pure).
//! - `unasked`: the withdraw and self-explode offers by DM, and their clicks.
//! - `graveyard`: the private thread of the dead and the spectators, `/werewolf spectate`.
//! - `afk`: reminders, seats taken over by the AI and taken back, `/werewolf leave`.

mod afk;
mod board_asks;
mod board_pick;
#[cfg(test)]
mod board_tests;
mod clicks;
mod command;
mod drive;
mod graveyard;
pub mod lobby;
mod messages;
mod names;
mod plan;
mod private;
mod render;
mod sheriff;
mod start;
mod table;
mod unasked;
mod views;

pub(crate) use table::WerewolfTable;

use crate::game::DiscordGame;
use crate::game_table::GameTable;
use crate::text::Component;
use crate::types::BoxFuture;
use crate::types::{Bot, Error};
use agora_core::session::{Runner, SessionHandle, Subscription};
use agora_core::store::ChannelRow;
use agora_core::werewolf::session::WerewolfSetup;
use agora_games::werewolf::Werewolf;
use agora_games::werewolf::MAX_SEATS;
use agora_games::{Lang, Viewer};
use serenity::all::{ComponentInteraction, Message};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use table::{Running, RunningData, TableState};

/// The table's state in a few lines, in `lang` (the answer to `/werewolf status`).
pub(crate) async fn status_in(table: &WerewolfTable, lang: Lang) -> String {
    match &*table.state.lock().await {
        TableState::Lobby(l) => {
            let taken = l.seats.len().to_string();
            let head = lang.text(
                "wwd-lobby-status",
                &[("taken", &taken), ("seats", &l.seat_count().to_string())],
            );
            format!("{head}\n{}", render::lobby(l, "🤖", lang))
        }
        TableState::Running(r) => {
            let names = r.names.in_lang(lang);
            let now = lang.text("wwd-status-now", &[("turn", &r.turn_in(lang))]);
            let phase = r.phase.said(lang);
            format!("{}\n{now}", render::status(&names, r.alive, &phase))
        }
        TableState::Starting => lang.text("wwd-status-starting", &[]),
        TableState::Closed => lang.text("wwd-status-ended", &[]),
    }
}

/// Werewolf as the bot core knows it: `/werewolf`, resume at startup, and AI names for
/// every seat but one of the largest board.
pub(crate) struct WerewolfGame;

impl DiscordGame for WerewolfGame {
    fn commands(&self) -> Vec<poise::Command<Arc<Bot>, Error>> {
        vec![command::werewolf()]
    }
    fn resume<'a>(
        &'a self,
        bot: &'a Arc<Bot>,
        row: ChannelRow,
    ) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(crate::game_table::resume::<WerewolfTable>(bot, row))
    }
    fn ai_names(&self) -> usize {
        MAX_SEATS - 1
    }
}

impl GameTable for WerewolfTable {
    type Setup = WerewolfSetup;

    fn closed(channel: u64, guild: u64) -> WerewolfTable {
        WerewolfTable::new(channel, guild, TableState::Closed)
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
                Component::Ask { seat, verb, .. } if verb == afk::BACK => {
                    afk::on_back(bot, c, &self, seat).await
                }
                Component::Ask {
                    seat, seq, verb, ..
                } => clicks::on_ask(bot, c, &self, seat, seq, &verb).await,
                Component::Board { key, verb, .. } => {
                    clicks::on_board(bot, c, &self, key, verb.as_deref()).await
                }
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

    fn drive(
        self: Arc<Self>,
        bot: Arc<Bot>,
        notes: Subscription<Werewolf>,
    ) -> BoxFuture<'static, ()> {
        Box::pin(drive::drive(bot, self, notes))
    }

    fn status(self: Arc<Self>) -> BoxFuture<'static, String> {
        Box::pin(async move {
            let lang = self.lang().await;
            status_in(&self, lang).await
        })
    }

    fn subscribe(runner: &mut Runner<Werewolf>, data: &RunningData) -> Subscription<Werewolf> {
        let humans = data.humans();
        // Paced: the session waits for the channel to show what it did (see
        // `drive::on_screen`).
        runner.subscribe_paced(if humans.is_empty() {
            Viewer::Public
        } else {
            Viewer::Seats(humans)
        })
    }

    fn running(handle: SessionHandle<Werewolf>, data: RunningData) -> Box<Running> {
        Box::new(Running::new(handle, data))
    }

    fn resuming<'a>(&'a self, _bot: &'a Bot, data: &'a RunningData) -> BoxFuture<'a, ()> {
        self.message
            .store(data.status_message.unwrap_or(0), Ordering::Relaxed);
        Box::pin(async {})
    }
}
