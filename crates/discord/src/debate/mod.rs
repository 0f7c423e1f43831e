//! The team debate at a Discord table: the lobby (seats Pro 1–4 and Con 1–4, AI debaters
//! in the empty ones), each team's private thread, the moderator's calls, people's
//! speeches (typed in the channel with a live word count, or written in a form), and the
//! scorecard. The bot core reaches it through [`DebateGame`] (its `DiscordGame`: the
//! `/debate` commands, resume at startup, a stored moderated or social debate resumed as
//! the panel's) and the `GameTable` trait, implemented here for [`DebateTable`].
//!
//! - [`table`]: a channel's lobby or running debate, and how it is stored.
//! - [`lobby`]: taking seats, leaving, starting; the start options (pure).
//! - `command`: `/debate start|stop|status|concede`.
//! - `start`: the session from the lobby, the team threads (launched by
//!   `game_table::launch`).
//! - `drive`: the task that follows the session; [`plan`]: what each note posts where
//!   (pure: the audience decides, a team's lines reach only its thread).
//! - `clicks`: lobby buttons, a call's controls and form, typed speeches and team notes.
//! - [`views`]: embeds and controls; [`render`]: every text (pure).
//! - [`panel`]: the moderated and social debates' table.

#[cfg(test)]
mod board_tests;
mod clicks;
mod command;
mod drive;
pub mod lobby;
pub mod panel;
pub mod plan;
pub mod render;
mod start;
pub mod table;
pub mod views;

pub use table::DebateTable;

use crate::game::DiscordGame;
use crate::game_table::GameTable;
use crate::text::Component;
use crate::types::BoxFuture;
use crate::types::{Bot, Error};
use agora_core::debate::format::DebateFormat;
use agora_core::debate::session::DebateSetup;
use agora_core::session::{Runner, SessionHandle, Subscription};
use agora_core::store::ChannelRow;
use agora_games::debate::TeamDebate;
use agora_games::Viewer;
use serenity::all::{ComponentInteraction, Message, ModalInteraction};
use std::sync::Arc;
use table::{Running, RunningData, TableState};

/// The debates as the bot core knows them: `/debate`, and resume at startup (a stored
/// moderated or social debate is the panel's).
pub struct DebateGame;

impl DiscordGame for DebateGame {
    fn commands(&self) -> Vec<poise::Command<Arc<Bot>, Error>> {
        vec![command::debate()]
    }
    fn resume<'a>(
        &'a self,
        bot: &'a Arc<Bot>,
        row: ChannelRow,
    ) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(async move {
            let format = row.data["format"].as_str().and_then(DebateFormat::parse);
            match format {
                Some(DebateFormat::Moderated | DebateFormat::Social) => {
                    panel::resume(bot, row).await
                }
                // A team table's stored data has no format.
                Some(DebateFormat::Team) | None => {
                    crate::game_table::resume::<DebateTable>(bot, row).await
                }
            }
        })
    }
}

impl GameTable for DebateTable {
    type Setup = DebateSetup;

    fn closed(channel: u64, guild: u64) -> DebateTable {
        DebateTable::new(channel, guild, TableState::Closed)
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
                } => clicks::on_call(bot, c, &self, seat, seq, &verb).await,
                Component::Board { .. } => clicks::on_floor(bot, c, &self).await,
            }
        })
    }

    fn on_modal<'a>(
        self: Arc<Self>,
        bot: &'a Arc<Bot>,
        m: &'a ModalInteraction,
        what: Component,
    ) -> BoxFuture<'a, Result<bool, Error>> {
        Box::pin(async move {
            match what {
                Component::Ask {
                    seat, seq, verb, ..
                } if verb == "speech" => {
                    clicks::on_speech_form(bot, m, &self, seat, seq).await?;
                    Ok(true)
                }
                _ => Ok(false),
            }
        })
    }

    fn on_message<'a>(
        self: Arc<Self>,
        bot: &'a Arc<Bot>,
        m: &'a Message,
    ) -> BoxFuture<'a, Result<bool, Error>> {
        Box::pin(async move { Ok(clicks::on_message(bot, &self, m).await) })
    }

    fn drive(
        self: Arc<Self>,
        bot: Arc<Bot>,
        notes: Subscription<TeamDebate>,
    ) -> BoxFuture<'static, ()> {
        Box::pin(drive::drive(bot, self, notes))
    }

    fn status(self: Arc<Self>) -> BoxFuture<'static, String> {
        Box::pin(async move {
            let st = self.state.lock().await;
            let lang = table::lang_of(&st);
            let t = |id: &str, args: &[(&str, &str)]| lang.text(id, args);
            match &*st {
                TableState::Lobby(l) => format!(
                    "{}\n{}",
                    t("dd-status-lobby", &[("n", &l.seats.len().to_string())]),
                    t(
                        "dd-status-motion",
                        &[("motion", &crate::text::sanitize(&l.options.motion, 300))]
                    )
                ),
                TableState::Running(r) => {
                    let d = &r.desk;
                    let given = match d.record.speeches.len() {
                        0 => t("dd-status-no-speech", &[]),
                        1 => t("dd-status-one-speech", &[]),
                        n => t("dd-status-speeches", &[("n", &n.to_string())]),
                    };
                    let mut s = format!(
                        "{}\n{}\n{given}",
                        t("dd-status-running", &[("turn", &d.turn())]),
                        t(
                            "dd-status-motion",
                            &[("motion", &crate::text::sanitize(&d.data.motion, 300))]
                        ),
                    );
                    if d.record.stage == Some(agora_games::debate::team::Stage::FreeDebate) {
                        let clock = d.record.clock.map(|c| c.to_string());
                        s.push('\n');
                        s.push_str(&t(
                            "dd-status-clocks",
                            &[("pro", &clock[0]), ("con", &clock[1])],
                        ));
                    }
                    s
                }
                TableState::Starting => t("dd-status-starting", &[]),
                TableState::Closed => t("dd-status-ended", &[]),
            }
        })
    }

    fn subscribe(runner: &mut Runner<TeamDebate>, _data: &RunningData) -> Subscription<TeamDebate> {
        // The table follows every note and routes each by its audience (see `plan`), and
        // paces the session: nothing an AI does is applied before the channel has shown
        // what came before it, so a control people see open is open.
        runner.subscribe_paced(Viewer::Moderator)
    }

    fn running(handle: SessionHandle<TeamDebate>, data: RunningData) -> Box<Running> {
        Box::new(Running::new(handle, data))
    }

    fn threads(data: &RunningData) -> Vec<u64> {
        data.threads.iter().flatten().copied().collect()
    }
}
