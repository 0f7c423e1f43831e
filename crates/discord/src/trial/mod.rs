//! A trial at a Discord table: the lobby (join, on a side in an adversarial trial; leave;
//! the host starts), one public thread per juror opened by the juror's first message (what
//! a player writes there is said to that juror, who answers there), evidence by
//! `/trial evidence`, the host's `/trial verdict`, deliberation posted in the channel, and
//! the verdict embed with each vote, each stance and how it moved, the epilogue and a
//! chart of the stances. Stances stay hidden until the verdict: the table follows the
//! players' seats, never the moderator's view.
//!
//! - `lobby`: the lobby's stored state, its embed and buttons.
//! - `table`: the table, its stored data and state, the juror threads' inbox.
//! - `command`: `/trial start|evidence|verdict|status|stop`, opening the lobby.
//! - `drive`: the session from the lobby, the juror threads, the task that posts its
//!   notes; `verdict`: the verdict it posts at the end.
//! - `stage`: where the trial stands, for status (pure).

#[cfg(test)]
mod board_tests;
mod command;
mod drive;
pub mod lobby;
mod stage;
mod table;
mod verdict;

pub use table::TrialTable;
use table::{lang_of, RunningData, TrialRunning, TrialState};

use crate::commands::settings::person_lang;
use crate::game::DiscordGame;
use crate::game_table::{self, GameTable};
use crate::send::ephemeral;
use crate::tables::Seated;
use crate::text::{display_name, sanitize, Component};
use crate::types::BoxFuture;
use crate::types::{Bot, Error};
use agora_core::session::{Runner, SessionHandle, Subscription};
use agora_core::store::ChannelRow;
use agora_core::trial::session::TrialSessionSetup;
use agora_games::trial::{Side, Trial};
use agora_games::Lang;
use serenity::all::{ComponentInteraction, CreateInteractionResponse, Message};
use std::sync::Arc;

/// The trial as the bot core knows it: `/trial`, and resume at startup.
pub struct TrialGame;

impl DiscordGame for TrialGame {
    fn commands(&self) -> Vec<poise::Command<Arc<Bot>, Error>> {
        vec![command::trial()]
    }
    fn resume<'a>(
        &'a self,
        bot: &'a Arc<Bot>,
        row: ChannelRow,
    ) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(game_table::resume::<TrialTable>(bot, row))
    }
}

/// Tells the clicker alone the message `id`, in their language (their Discord locale when
/// it is one of ours, else the table's).
async fn answer(bot: &Bot, c: &ComponentInteraction, table: Lang, id: &str) -> Result<(), Error> {
    let text = person_lang(&c.locale, table).text(id, &[]);
    bot.respond(c, ephemeral(text)).await?;
    Ok(())
}

/// A lobby click: join (a side), leave, start.
async fn on_lobby(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    table: &Arc<TrialTable>,
    verb: &str,
) -> Result<(), Error> {
    let user = c.user.id.get();
    let mut st = table.state.lock().await;
    let lang = lang_of(&st);
    let TrialState::Lobby(lobby) = &mut *st else {
        let text = match &*st {
            TrialState::Closed => "dt-lobby-ended",
            _ => "dt-lobby-started",
        };
        return answer(bot, c, lang, text).await;
    };
    if lobby.message.is_some_and(|m| m != c.message.id.get()) {
        return answer(bot, c, lang, "dt-old-lobby").await;
    }
    match verb {
        "join" | "defense" | "prosecution" => {
            let side = if verb == "prosecution" {
                Side::Prosecution
            } else {
                Side::Defense
            };
            if let Err(why) = lobby.join(user, display_name(&c.user), side) {
                return answer(bot, c, lang, why).await;
            }
        }
        "leave" => {
            let before = lobby.seats.len();
            lobby.seats.retain(|j| j.user != user);
            if lobby.seats.len() == before {
                return answer(bot, c, lang, "dt-no-seat").await;
            }
        }
        "start" => {
            if user != lobby.host {
                return answer(bot, c, lang, "dt-host-starts").await;
            }
            if lobby.seats.is_empty() {
                return answer(bot, c, lang, "dt-nobody-joined").await;
            }
            let lobby = lobby.clone();
            *st = TrialState::Starting;
            drop(st);
            bot.respond(c, CreateInteractionResponse::Acknowledge)
                .await?;
            return drive::start(bot, table, c, lobby).await;
        }
        _ => return answer(bot, c, lang, "dt-button-closed").await,
    }
    let (embed, components) = (lobby.embed(), lobby.components(table.channel));
    table.save(bot, &st).await;
    drop(st);
    crate::send::redraw_clicked(bot, c, embed, components).await
}

impl GameTable for TrialTable {
    type Setup = TrialSessionSetup;

    fn closed(channel: u64, guild: u64) -> TrialTable {
        TrialTable::new(channel, guild, TrialState::Closed)
    }

    fn on_click<'a>(
        self: Arc<Self>,
        bot: &'a Arc<Bot>,
        c: &'a ComponentInteraction,
        what: Component,
    ) -> BoxFuture<'a, Result<(), Error>> {
        Box::pin(async move {
            match what {
                Component::Lobby { verb, .. } => on_lobby(bot, c, &self, &verb).await,
                _ => {
                    let lang = lang_of(&*self.state.lock().await);
                    answer(bot, c, lang, "dt-control-closed").await
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
            let thread = m.channel_id.get();
            let user = m.author.id.get();
            let Some((_, _, data)) = self.player(user).await else {
                return Ok(false);
            };
            if data.juror_of_thread(thread).is_none() {
                return Ok(false);
            }
            let text = m.content.trim();
            if text.is_empty() {
                return Ok(true);
            }
            // Into the inbox at once (each message once, by its id), then said in order.
            self.inbox
                .lock()
                .expect("lock")
                .insert(m.id.get(), (thread, user, text.to_string()));
            self.say_inbox(bot).await;
            Ok(true)
        })
    }

    fn drive(self: Arc<Self>, bot: Arc<Bot>, notes: Subscription<Trial>) -> BoxFuture<'static, ()> {
        Box::pin(drive::follow(bot, self, notes))
    }

    fn status(self: Arc<Self>) -> BoxFuture<'static, String> {
        Box::pin(async move {
            let st = self.state.lock().await;
            let lang = lang_of(&st);
            let t = |id: &str, args: &[(&str, &str)]| lang.text(id, args);
            let list = t("dt-list", &[]);
            match &*st {
                TrialState::Lobby(l) => {
                    let joined = match l.seats.len() {
                        0 => t("dt-status-nobody", &[]),
                        1 => t("dt-status-one", &[]),
                        n => t("dt-status-many", &[("n", &n.to_string())]),
                    };
                    let mode = lobby::mode_name(l.mode, lang);
                    format!(
                        "{}\n{}",
                        t("dt-status-lobby", &[("title", &sanitize(&l.title, 200))]),
                        t("dt-status-mode", &[("mode", &mode), ("joined", &joined)])
                    )
                }
                TrialState::Running(TrialRunning {
                    data,
                    stage,
                    closes_at,
                    ..
                }) => {
                    let threads: Vec<String> = data
                        .jurors
                        .iter()
                        .map(|(_, name, t)| {
                            if *t == 0 {
                                sanitize(name, 60)
                            } else {
                                format!("{} <#{t}>", sanitize(name, 60))
                            }
                        })
                        .collect();
                    let players: Vec<String> = data.names.iter().map(|n| sanitize(n, 40)).collect();
                    format!(
                        "{}\n{}\n{}",
                        t(
                            "dt-status-running",
                            &[("stage", &stage.describe(*closes_at, lang))]
                        ),
                        t("dt-status-players", &[("players", &players.join(&list))]),
                        t("dt-status-jurors", &[("jurors", &threads.join(&list))])
                    )
                }
                TrialState::Starting => t("dt-status-starting", &[]),
                TrialState::Closed => t("dt-status-ended", &[]),
            }
        })
    }

    fn subscribe(runner: &mut Runner<Trial>, data: &RunningData) -> Subscription<Trial> {
        // The people's seats, never the moderator's view: stances stay hidden.
        runner.subscribe(game_table::people(&data.users))
    }

    fn running(handle: SessionHandle<Trial>, data: RunningData) -> TrialRunning {
        TrialRunning {
            handle,
            data,
            stage: Default::default(),
            closes_at: None,
        }
    }

    fn threads(data: &RunningData) -> Vec<u64> {
        data.jurors
            .iter()
            .map(|(_, _, thread)| *thread)
            .filter(|t| *t != 0)
            .collect()
    }

    fn resuming<'a>(&'a self, bot: &'a Bot, data: &'a RunningData) -> BoxFuture<'a, ()> {
        // No control from before the restart stays live (a lobby whose close was lost).
        Box::pin(async move {
            crate::restart::close_all(bot, self.channel, &data.session_id, data.lang).await;
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_trial_registers_the_juror_threads_it_opened_and_no_other() {
        let data = RunningData {
            session_id: "s1".into(),
            host: 1,
            case: "c".into(),
            names: vec!["Ann".into()],
            users: vec![Some(1)],
            jurors: vec![
                ("j1".into(), "Juror one".into(), 501),
                // Its thread could not be opened: it speaks in the channel.
                ("j2".into(), "Juror two".into(), 0),
                ("j3".into(), "Juror three".into(), 503),
            ],
            posted: 0,
            deadline_told: false,
            lang: Lang::En,
        };
        assert_eq!(<TrialTable as GameTable>::threads(&data), vec![501, 503]);
    }

    #[test]
    fn a_trials_language_is_stored_with_it_and_older_rows_read_as_english() {
        let stored = json!({"session_id": "s1", "host": 1, "case": "c", "names": [],
            "users": [], "jurors": [], "posted": 0});
        let old: RunningData = serde_json::from_value(stored.clone()).unwrap();
        assert_eq!(old.lang, Lang::En);
        let mut zh = old.clone();
        zh.lang = Lang::ZhCn;
        let back: RunningData = serde_json::from_value(serde_json::to_value(&zh).unwrap()).unwrap();
        assert_eq!(back.lang, Lang::ZhCn);
    }
}
