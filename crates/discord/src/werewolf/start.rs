//! Starting, driving and resuming a werewolf game at a table: the session is created from
//! the lobby (or resumed from the store at startup), subscribed to for the public events
//! and the human seats' own, and its driver task started; the registry learns which
//! channel the session's controls belong to.

use super::lobby::{human_seats, Lobby};
use super::render::Names;
use super::table::{Running, RunningData, SeatInfo, Table, TableState};
use crate::agents::werewolf::Strategy;
use crate::games::werewolf::{Werewolf, WolfChat, SEATS};
use crate::games::Viewer;
use crate::running::RunningTable;
use crate::session::werewolf::{SeatSpec, Setup};
use crate::session::{GameSetup, Place, Runner};
use crate::store::{ChannelRow, PlayerRef};
use crate::tables::{self, Seated, Stored};
use crate::types::{Bot, Error};
use serenity::all::{
    ComponentInteraction, CreateEmbed, CreateInteractionResponseFollowup, EditInteractionResponse,
};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

/// Start was pressed (the click is acknowledged, the table is `Starting`): seats the
/// humans where the seed puts them and AI players in the other seats, creates the
/// session and starts driving it. If the session cannot be created, the lobby is back.
pub(super) async fn start_game(
    bot: &Arc<Bot>,
    table: &Arc<Table>,
    c: &ComponentInteraction,
    lobby: Lobby,
) -> Result<(), Error> {
    let config = &bot.config;
    let rules_all = lobby.options.rules(&config.werewolf.rules);
    let mut rules = rules_all.clone();
    let gpp = std::mem::take(&mut rules.gpp);
    let mut timers = config.werewolf.timers.clone();
    if let Some(p) = lobby.options.pace {
        timers.pace = p;
    }
    let seed = bot
        .seed
        .unwrap_or_else(|| crate::store::now_ms() as u64 ^ (table.channel << 7));
    // The humans sit where the seed puts them; the other seats are AI players.
    let placed = human_seats(lobby.seats.len(), seed);
    let mut seats = Vec::with_capacity(SEATS);
    let mut infos = Vec::with_capacity(SEATS);
    let mut ai = 0;
    for i in 0..SEATS {
        let human = placed
            .iter()
            .position(|s| *s as usize == i + 1)
            .and_then(|k| lobby.seats.get(k));
        match human {
            Some(p) => {
                let player = PlayerRef {
                    id: format!("discord:{}", p.user),
                    surface: "discord".into(),
                    name: p.name.clone(),
                    is_ai: false,
                };
                seats.push(SeatSpec::human(&player));
                infos.push(SeatInfo {
                    user: Some(p.user),
                    name: p.name.clone(),
                    dm_closed: p.dm_closed,
                });
            }
            None => {
                let spec = match &bot.kit.llm {
                    Some((client, _)) => SeatSpec::llm(&client.provider().model),
                    None => SeatSpec::ai(Strategy::Heuristic),
                };
                let name = bot.ai_names[(ai + lobby.host as usize) % bot.ai_names.len()].clone();
                ai += 1;
                seats.push(spec);
                infos.push(SeatInfo {
                    user: None,
                    name: format!("🤖 {name} (AI)"),
                    dm_closed: false,
                });
            }
        }
    }
    let timers_pace = timers.pace;
    let setup = Setup {
        rules,
        gpp,
        timers,
        seats,
    };
    let place = Place {
        surface: "discord".into(),
        community: table.guild.to_string(),
        channel: table.channel.to_string(),
    };
    let runner = match setup
        .create(bot.store.clone(), seed, &place, Duration::ZERO, &bot.kit)
        .await
    {
        Ok(r) => r,
        Err(e) => {
            *table.state.lock().await = TableState::Lobby(lobby);
            let _ = c
                .create_followup(
                    &bot.http,
                    CreateInteractionResponseFollowup::new()
                        .content(format!("The game could not start: {e}. Try again."))
                        .ephemeral(true),
                )
                .await;
            return Ok(());
        }
    };
    let data = RunningData {
        session_id: runner.id().to_string(),
        host: lobby.host,
        seats: infos,
        status_message: None,
        wolf_chat_open: rules_all.wolf_chat == WolfChat::Open,
        posted: Some(0),
        asks: Vec::new(),
        shown: Vec::new(),
        board: None,
        pace: timers_pace,
    };
    let names = Names::new(data.seats.iter().map(|s| s.name.clone()).collect());
    let mut st = table.state.lock().await;
    let running = launch(bot, table.clone(), runner, data);
    *st = TableState::Running(Box::new(running));
    table.save(bot, &st).await;
    drop(st);
    let seated: Vec<String> = (1..=SEATS as u8).map(|s| names.seat(s)).collect();
    let _ = c
        .edit_response(
            &bot.http,
            EditInteractionResponse::new()
                .embed(
                    CreateEmbed::new()
                        .title("🐺 Werewolf — the game has started")
                        .description(format!(
                            "{}\n\nRoles and night actions come by DM. By day, the current speaker's next message here is their speech.",
                            seated.join("\n")
                        )),
                )
                .components(vec![]),
        )
        .await;
    Ok(())
}

/// Starts driving a session for a channel: subscribe, start, spawn the driver.
pub(super) fn launch(
    bot: &Arc<Bot>,
    table: Arc<Table>,
    mut runner: Runner<Werewolf>,
    data: RunningData,
) -> Running {
    let humans = data.humans();
    // Paced: the session waits for the channel to show what it did (see `drive::on_screen`).
    let sub = runner.subscribe_paced(if humans.is_empty() {
        Viewer::Public
    } else {
        Viewer::Seats(humans)
    });
    let session = runner.start();
    bot.register_session(&data.session_id, table.channel);
    let running = Running::new(session.handle.clone(), data);
    *table.notes.lock().expect("lock") = Some(sub);
    tokio::spawn(table.follow(bot.clone()));
    tokio::spawn(async move {
        if let Err(e) = session.wait().await {
            tracing::error!("session ended with an error: {e}");
        }
    });
    running
}

/// Picks up a stored werewolf table (at startup): a lobby as it was, a running game
/// resumed where it stopped (a session that has ended frees its channel).
pub async fn resume(bot: &Arc<Bot>, row: ChannelRow) -> anyhow::Result<()> {
    let table = Arc::new(Table::new(row.channel_id, row.guild_id, TableState::Closed));
    let data = match tables::read::<Lobby, RunningData>(&row, "game")? {
        Stored::Lobby(lobby) => {
            tables::resume_lobby(bot, table, lobby).await;
            return Ok(());
        }
        Stored::Running(data) => data,
    };
    table
        .message
        .store(data.status_message.unwrap_or(0), Ordering::Relaxed);
    let resumed = tables::resume_session::<Setup>(bot, row.channel_id, &data.session_id, &bot.kit);
    if let Some(runner) = resumed.await? {
        bot.insert(table.clone());
        let mut st = table.state.lock().await;
        let running = launch(bot, table.clone(), runner, data);
        *st = TableState::Running(Box::new(running));
        tracing::info!(channel = row.channel_id, "resumed a game");
    }
    Ok(())
}
