//! Starting a werewolf game at a table: the session is created from the lobby (humans
//! where the seed puts them, AI players in the other seats) and launched
//! ([`crate::game_table::launch`]: subscribed to for the public events and the human
//! seats' own, its driver task started).

use super::lobby::{human_seats_on, Lobby};
use super::render::Names;
use super::table::{RunningData, SeatInfo, WerewolfTable};
use crate::commands::settings::{lang_of_locale, server_lang};
use crate::game_table::{create, launch, new_seed, reopen};
use crate::tables::Seated;
use crate::types::{Bot, Error};
use agora_agents::werewolf::{Strategy, WerewolfKit};
use agora_core::store::PlayerRef;
use agora_core::werewolf::session::{SeatSpec, WerewolfSetup};
use agora_games::werewolf::WolfChat;
use serenity::all::{ComponentInteraction, CreateEmbed, EditInteractionResponse};
use std::sync::Arc;

/// Start was pressed (the click is acknowledged, the table is `Starting`): seats the
/// humans where the seed puts them and AI players in the other seats, creates the
/// session and starts driving it. If the session cannot be created, the lobby is back.
pub(super) async fn start_game(
    bot: &Arc<Bot>,
    table: &Arc<WerewolfTable>,
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
    let seed = new_seed(bot, table.channel);
    // The lobby's language (a lobby stored before lobbies had one: the server's now).
    let lang = match lobby.lang {
        Some(lang) => lang,
        None => server_lang(bot, table.guild(), c.guild_locale.as_deref()).await,
    };
    // The humans sit where the seed puts them; the other seats are AI players.
    let board = lobby.board();
    let n = board.seats as usize;
    let placed = human_seats_on(lobby.seats.len(), seed, n);
    let mut seats = Vec::with_capacity(n);
    let mut infos = Vec::with_capacity(n);
    let mut ai = 0;
    for i in 0..n {
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
                    lang: p.lang,
                });
            }
            None => {
                let spec = match &bot.kits.get::<WerewolfKit>().llm {
                    Some((client, _)) => SeatSpec::llm(&client.provider().model),
                    None => SeatSpec::ai(Strategy::Heuristic),
                };
                let name = bot.ai_names[(ai + lobby.host as usize) % bot.ai_names.len()].clone();
                ai += 1;
                seats.push(spec);
                infos.push(SeatInfo {
                    user: None,
                    name: lang.text("wwd-ai-name", &[("name", &name)]),
                    dm_closed: false,
                    lang: None,
                });
            }
        }
    }
    let timers_pace = timers.pace;
    let setup = WerewolfSetup {
        rules,
        gpp,
        timers,
        seats,
        lang,
        // Kept whole with the session (as `agora play --board` does), so a restart plays
        // the same rules whatever the files say by then.
        board: (board.id != agora_agents::werewolf::boards::DEFAULT).then(|| (*board).clone()),
        afk: Some(
            bot.store
                .community_afk(&table.guild.to_string())
                .await
                .unwrap_or_default(),
        ),
    };
    let runner = match create(bot, &**table, &setup, seed).await {
        Ok(r) => r,
        Err(e) => {
            let own = lang_of_locale(&c.locale).unwrap_or(lang);
            let why = own.text("wwd-could-not-start", &[("why", &e.to_string())]);
            return reopen(bot, &**table, c, lobby, why).await;
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
        lang,
        board_id: lobby.board.clone(),
        graveyard: super::table::Graveyard {
            // The deal the session plays (its seed on its board), kept for the graveyard.
            roles: (lobby.graveyard_roles).then(|| agora_games::werewolf::deal_board(&board, seed)),
            ..Default::default()
        },
        held: Vec::new(),
    };
    let names = Names::new(data.seats.iter().map(|s| s.name.clone()).collect(), lang);
    let mut st = table.state.lock().await;
    launch(bot, table, &mut st, runner, data);
    table.save(bot, &st).await;
    drop(st);
    let seated: Vec<String> = (1..=n as u8).map(|s| names.seat(s)).collect();
    let _ = c
        .edit_response(
            &bot.http,
            EditInteractionResponse::new()
                .embed(
                    CreateEmbed::new()
                        .title(lang.text("wwd-started-title", &[]))
                        .description(format!(
                            "{}\n\n{}",
                            seated.join("\n"),
                            lang.text("wwd-started-help", &[])
                        )),
                )
                .components(vec![]),
        )
        .await;
    Ok(())
}
