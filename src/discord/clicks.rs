//! Button and menu clicks: the lobby's Join / Leave / Start (which starts the game),
//! night controls, the night panel and the vote menu. A click is checked against the
//! table before anything else; a stale, foreign or unknown one gets an ephemeral "that
//! choice has closed" and changes nothing.

use super::bot::{
    display_name, ephemeral, lobby_components, lobby_embed, member_manages, Bot, CLOSED,
};
use super::commands::welcome_dm;
use super::lobby::{Lobby, LobbyError};
use super::render::Names;
use super::table::{self, RunningData, SeatInfo, Table, TableState};
use super::text::{sanitize, Component};
use crate::agents::Strategy;
use crate::games::werewolf::{AskKind, WolfChat, SEATS};
use crate::session::werewolf::{Place, SeatSpec, Setup};
use crate::session::SubmitError;
use crate::store::PlayerRef;
use serenity::all::{
    ChannelId, ComponentInteraction, ComponentInteractionDataKind, CreateEmbed,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    EditInteractionResponse,
};
use std::sync::Arc;
use std::time::Duration;

type Error = anyhow::Error;

/// Clicks that do work of their own (lobby changes, night panel views) are rate limited
/// per user; a click that answers the clicker's open ask is not, since the game bounds
/// those (an answered ask closes), and a stale or foreign one changes nothing.
pub(super) async fn on_component(bot: &Arc<Bot>, c: &ComponentInteraction) -> Result<(), Error> {
    match Component::parse(&c.data.custom_id) {
        Some(Component::Lobby { channel, verb }) => {
            if !click_allowed(bot, c).await? {
                return Ok(());
            }
            on_lobby(bot, c, channel, &verb).await
        }
        Some(Component::Ask {
            session,
            seat,
            seq,
            verb,
        }) => on_ask(bot, c, &session, seat, seq, &verb).await,
        Some(Component::Board { session, key }) => on_board(bot, c, &session, key).await,
        None => {
            c.create_response(&bot.http, ephemeral(CLOSED)).await?;
            Ok(())
        }
    }
}

/// Whether this user may click now; if not, they are told to slow down.
async fn click_allowed(bot: &Arc<Bot>, c: &ComponentInteraction) -> Result<bool, Error> {
    if bot.click_allowed(c.user.id.get()) {
        return Ok(true);
    }
    c.create_response(
        &bot.http,
        ephemeral("Slow down: too many clicks. Try again in a few seconds."),
    )
    .await?;
    Ok(false)
}

async fn on_lobby(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    channel: u64,
    verb: &str,
) -> Result<(), Error> {
    let user = c.user.id.get();
    let table = bot.table(channel).filter(|_| c.channel_id.get() == channel);
    let Some(table) = table else {
        c.create_response(&bot.http, ephemeral(CLOSED)).await?;
        return Ok(());
    };
    let mut st = table.state.lock().await;
    let TableState::Lobby(lobby) = &mut *st else {
        drop(st);
        c.create_response(&bot.http, ephemeral(CLOSED)).await?;
        return Ok(());
    };
    let mut next = lobby.clone();
    let result = match verb {
        "join" => next.join(user, &sanitize(&display_name(&c.user), 40)),
        "leave" => next.leave(user),
        "start" => next.check_start(user, member_manages(c)),
        _ => Err(LobbyError::BadOption(CLOSED.into())),
    };
    if let Err(e) = result {
        drop(st);
        let text = e.to_string();
        let mut t = text.chars();
        let mut text = match t.next() {
            Some(f) => f.to_uppercase().collect::<String>() + t.as_str(),
            None => text,
        };
        if !text.ends_with('.') {
            text.push('.');
        }
        c.create_response(&bot.http, ephemeral(text)).await?;
        return Ok(());
    }
    // Acknowledge first; the store and DMs come after.
    c.create_response(&bot.http, CreateInteractionResponse::Acknowledge)
        .await?;
    if verb == "start" {
        *st = TableState::Starting;
        drop(st);
        return start_game(bot, &table, c, next).await;
    }
    let saved = TableState::Lobby(next.clone());
    if let Some(row) = table.row(&saved) {
        bot.store.save_channel(&row).await?;
    }
    *st = saved;
    // Edited under the lock, so two joins at once cannot show an older list last.
    c.edit_response(
        &bot.http,
        EditInteractionResponse::new()
            .embed(lobby_embed(&next, "🤖"))
            .components(lobby_components(channel)),
    )
    .await?;
    drop(st);
    if verb == "join" {
        welcome_dm(bot, &table, user, Some(c)).await;
    }
    Ok(())
}

async fn start_game(
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
    let placed = super::lobby::human_seats(lobby.seats.len(), seed);
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
        board: None,
        pace: timers_pace,
    };
    let names = Names::new(data.seats.iter().map(|s| s.name.clone()).collect());
    let mut st = table.state.lock().await;
    let running = bot.launch(table.clone(), runner, data);
    *st = TableState::Running(Box::new(running));
    bot.save(table, &st).await;
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

/// Checks a click on an ask's control: the table, the clicker's seat, the open ask.
async fn find_ask(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    session: &str,
    seat: u8,
    seq: u32,
) -> Option<(Arc<Table>, table::OpenAsk)> {
    let table = bot.table_of_session(session)?;
    let st = table.state.lock().await;
    let TableState::Running(r) = &*st else {
        return None;
    };
    if r.data.user(seat) != Some(c.user.id.get()) {
        return None;
    }
    let open = r.open.get(&seat).copied();
    drop(st);
    match open {
        Some(o) if o.seq == seq || seq == 0 => Some((table, o)),
        None if seq == 0 => Some((
            table,
            table::OpenAsk {
                gen: 0,
                seq: 0,
                ask: crate::games::werewolf::Ask {
                    seat,
                    kind: AskKind::Speech,
                    targets: Default::default(),
                    attacked: None,
                    can_save: false,
                    max_chars: 0,
                    seq: 0,
                },
                due_at: 0,
            },
        )),
        _ => None,
    }
}

async fn on_ask(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    session: &str,
    seat: u8,
    seq: u32,
    verb: &str,
) -> Result<(), Error> {
    // Only the closed-DM button carries sequence 0 (the seat's news, whatever is open).
    let found = if seq == 0 && verb != "open" {
        None
    } else {
        find_ask(bot, c, session, seat, seq).await
    };
    let Some((table, open)) = found else {
        c.create_response(&bot.http, ephemeral(CLOSED)).await?;
        return Ok(());
    };
    if verb == "open" {
        if !click_allowed(bot, c).await? {
            return Ok(());
        }
        // The night panel (closed DMs): the seat's news and open night ask, shown to the
        // clicker only.
        let (text, comps) = {
            let mut st = table.state.lock().await;
            let TableState::Running(r) = &mut *st else {
                drop(st);
                c.create_response(&bot.http, ephemeral(CLOSED)).await?;
                return Ok(());
            };
            super::private::panel_view(r, seat)
        };
        c.create_response(
            &bot.http,
            CreateInteractionResponse::Message(
                CreateInteractionResponseMessage::new()
                    .content(text)
                    .components(comps.0)
                    .ephemeral(true),
            ),
        )
        .await?;
        // Follow-ups need the answer first: only now may later news follow this press.
        super::private::panel_answered(bot, &table, seat, &c.token, comps.1).await;
        return Ok(());
    }
    answer_click(bot, c, &table, seat, open, verb, false).await
}

/// Reads a checked click as the open ask's action: a bad choice is refused at once;
/// otherwise the click is acknowledged, then submitted (stored, then applied), and the
/// clicker is told how it went.
async fn answer_click(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    table: &Arc<Table>,
    seat: u8,
    open: table::OpenAsk,
    verb: &str,
    board: bool,
) -> Result<(), Error> {
    let value = match &c.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    };
    let action = match table::action_for(&open.ask, verb, value.as_deref()) {
        Ok(a) => a,
        Err(e) => {
            c.create_response(&bot.http, ephemeral(format!("Not taken: {e}.")))
                .await?;
            return Ok(());
        }
    };
    c.create_response(&bot.http, CreateInteractionResponse::Acknowledge)
        .await?;
    let seq = open.seq;
    let (handle, names) = {
        let st = table.state.lock().await;
        let TableState::Running(r) = &*st else {
            return followup(bot, c, CLOSED).await;
        };
        (r.handle.clone(), r.names.clone())
    };
    let what = table::chosen(&action, &names);
    match handle.submit(seat, action, Some(seq)).await {
        Ok(()) => {
            {
                let mut st = table.state.lock().await;
                if let TableState::Running(r) = &mut *st {
                    r.answered(seat, open.gen);
                    if board {
                        if let Some(b) = r.board.as_mut() {
                            b.voted.insert(seat);
                        }
                    }
                }
            }
            if board {
                table::refresh_board(bot, table, ChannelId::new(table.channel)).await;
                followup(bot, c, &format!("✅ Done: {what}.")).await
            } else {
                // The news above the controls stays; the ask's line becomes the choice.
                let done = format!("✅ Done: {what}.");
                let content = match c.message.content.rsplit_once('\n') {
                    Some((news, _)) if !news.trim().is_empty() => {
                        format!("{}\n{done}", news.trim_end())
                    }
                    _ => done,
                };
                c.edit_response(
                    &bot.http,
                    EditInteractionResponse::new()
                        .content(content)
                        .components(vec![]),
                )
                .await?;
                Ok(())
            }
        }
        Err(SubmitError::Stale) | Err(SubmitError::Closed) => followup(bot, c, CLOSED).await,
        Err(e) => followup(bot, c, &format!("Not taken: {e}.")).await,
    }
}

async fn followup(bot: &Arc<Bot>, c: &ComponentInteraction, text: &str) -> Result<(), Error> {
    c.create_followup(
        &bot.http,
        CreateInteractionResponseFollowup::new()
            .content(text)
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

async fn on_board(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    session: &str,
    key: u32,
) -> Result<(), Error> {
    let found = match bot.table_of_session(session) {
        Some(table) => {
            let st = table.state.lock().await;
            match &*st {
                TableState::Running(r) => {
                    let seat = r.data.seat_of(c.user.id.get());
                    let open = seat.and_then(|s| r.open.get(&s).copied().map(|o| (s, o)));
                    match (&r.board, open) {
                        (Some(b), Some((s, o)))
                            if b.key == key
                                && b.kind == o.ask.kind
                                && matches!(o.ask.kind, AskKind::Vote | AskKind::PkVote) =>
                        {
                            Some((table.clone(), s, o))
                        }
                        _ => None,
                    }
                }
                _ => None,
            }
        }
        None => None,
    };
    let Some((table, seat, open)) = found else {
        c.create_response(&bot.http, ephemeral(CLOSED)).await?;
        return Ok(());
    };
    answer_click(bot, c, &table, seat, open, "vote", true).await
}
