//! The slash commands: `/werewolf start|stop|status`, `/leaderboard werewolf` and
//! `/stats`. Each is answered (or deferred) at once; a refusal changes nothing.

use super::bot::{display_name, dm_refused, lobby_components, lobby_embed, Bot};
use super::lobby::{Lobby, TableOptions};
use super::render;
use super::table::{Table, TableState};
use super::text::sanitize;
use crate::games::werewolf::{WitchSelfSave, WolfChat, SEATS};
use crate::games::GameKind;
use serenity::all::{
    ChannelId, ComponentInteraction, CreateEmbed, CreateInteractionResponseFollowup, CreateMessage,
    Permissions, UserId,
};
use std::sync::atomic::Ordering;
use std::sync::Arc;

type Error = anyhow::Error;
type Ctx<'a> = poise::Context<'a, Arc<Bot>, Error>;

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum WitchSelfSaveChoice {
    #[name = "always"]
    Always,
    #[name = "first night only"]
    FirstNight,
    #[name = "never"]
    Never,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum WolfChatChoice {
    #[name = "targets only (strict)"]
    TargetsOnly,
    #[name = "open (human wolves chat in DMs)"]
    Open,
}

/// Werewolf: nine seats, night actions by DM, AI players in the empty seats.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("start", "stop", "status"),
    subcommand_required
)]
pub async fn werewolf(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

async fn refuse(ctx: Ctx<'_>, text: impl Into<String>) -> Result<(), Error> {
    ctx.send(
        poise::CreateReply::default()
            .content(text.into())
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

fn ctx_manages(ctx: Ctx<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.contains(Permissions::MANAGE_MESSAGES) || p.administrator()),
        _ => false,
    }
}

/// Opens a werewolf lobby in this channel.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
pub async fn start(
    ctx: Ctx<'_>,
    #[description = "Fill the empty seats with AI players (default: on)"] ai_fill: Option<bool>,
    #[description = "Scale every timer: 0.5 is twice as fast, 2 twice as slow (default 1)"]
    pace: Option<f64>,
    #[description = "When may the witch save herself?"] witch_self_save: Option<
        WitchSelfSaveChoice,
    >,
    #[description = "May a poisoned hunter still shoot?"] hunter_shoots_when_poisoned: Option<bool>,
    #[description = "Start each day's speeches after the previous day's first speaker"]
    rotate_first_speaker: Option<bool>,
    #[description = "What human wolves may say to each other at night"] wolf_chat: Option<
        WolfChatChoice,
    >,
    #[description = "The game is a draw at the end of this day (1-30)"] max_days: Option<u32>,
) -> Result<(), Error> {
    let bot = ctx.data().clone();
    let user = ctx.author().id.get();
    if let Err(e) = bot.cooldown(user, "start") {
        return refuse(ctx, e).await;
    }
    let options = TableOptions {
        ai_fill: ai_fill.unwrap_or(true),
        pace,
        witch_self_save: witch_self_save.map(|w| match w {
            WitchSelfSaveChoice::Always => WitchSelfSave::Always,
            WitchSelfSaveChoice::FirstNight => WitchSelfSave::FirstNight,
            WitchSelfSaveChoice::Never => WitchSelfSave::Never,
        }),
        hunter_shoots_when_poisoned,
        rotate_first_speaker,
        wolf_chat: wolf_chat.map(|w| match w {
            WolfChatChoice::TargetsOnly => WolfChat::TargetsOnly,
            WolfChatChoice::Open => WolfChat::Open,
        }),
        max_days,
    };
    if let Err(e) = options.validate() {
        return refuse(ctx, format!("Not started: {e}.")).await;
    }
    let channel = ctx.channel_id().get();
    let guild = ctx.guild_id().map(|g| g.get()).unwrap_or(0);
    let name = sanitize(&display_name(ctx.author()), 40);
    let lobby = Lobby::open(user, &name, guild, options);
    let table = Arc::new(Table {
        channel,
        guild,
        state: tokio::sync::Mutex::new(TableState::Lobby(lobby.clone())),
        message: Default::default(),
    });
    let busy = {
        let mut tables = bot.tables.lock().expect("lock");
        match tables.get(&channel) {
            Some(existing) => Some(existing_link(existing)),
            None => {
                tables.insert(channel, table.clone());
                None
            }
        }
    };
    if let Some(link) = busy {
        return refuse(
            ctx,
            format!("A game is already open in this channel (one per channel): {link}"),
        )
        .await;
    }
    let opened = async {
        ctx.defer().await?;
        if let Some(row) = table.row(&*table.state.lock().await) {
            bot.store.save_channel(&row).await?;
        }
        // The host is told about closed DMs before the lobby shows, so nobody can start
        // the game in between (the channel reads the same every time).
        welcome_dm(&bot, &table, user, None).await;
        ctx.send(
            poise::CreateReply::default()
                .embed(lobby_embed(&lobby, "🤖"))
                .components(lobby_components(channel)),
        )
        .await
        .map_err(Error::from)
    }
    .await;
    let reply = match opened {
        Ok(r) => r,
        Err(e) => {
            bot.forget(channel, "").await;
            return Err(e);
        }
    };
    if let Ok(m) = reply.message().await {
        table.message.store(m.id.get(), Ordering::Relaxed);
        let mut st = table.state.lock().await;
        if let TableState::Lobby(l) = &mut *st {
            l.message = Some(m.id.get());
        }
        bot.save(&table, &st).await;
    }
    Ok(())
}

fn existing_link(t: &Table) -> String {
    match Some(t.message.load(Ordering::Relaxed)).filter(|m| *m != 0) {
        Some(m) => format!(
            "https://discord.com/channels/{}/{}/{}",
            t.guild, t.channel, m
        ),
        None => format!("<#{}>", t.channel),
    }
}

/// DMs a player who joined; if their DMs are closed, marks it and tells them (ephemeral,
/// when there is an interaction to answer) how they will play instead.
pub(super) async fn welcome_dm(
    bot: &Arc<Bot>,
    table: &Arc<Table>,
    user: u64,
    c: Option<&ComponentInteraction>,
) {
    // Only a player still seated is told so (a quick Leave may have come first).
    let seated = match &*table.state.lock().await {
        TableState::Lobby(l) => l.seat_of(user).is_some(),
        _ => false,
    };
    if !seated {
        return;
    }
    let text = format!(
        "👋 You have a seat at the werewolf table in <#{}>. Your role and your night actions will come here.",
        table.channel
    );
    match bot.dm(user, CreateMessage::new().content(text)).await {
        Ok(_) => {}
        Err(e) if dm_refused(&e) => {
            {
                let mut st = table.state.lock().await;
                if let TableState::Lobby(l) = &mut *st {
                    if let Some(i) = l.seat_of(user) {
                        l.seats[i].dm_closed = true;
                    }
                }
                bot.save(table, &st).await;
            }
            let note = format!(
                "📪 I can't send you DMs (they are closed for this server). You can still play: press the **{}** button I post in the channel for you each night (and when you die); only you will see what it shows. (Or allow DMs from server members and I will use them.)",
                super::private::PANEL_LABEL
            );
            if let Some(c) = c {
                let _ = c
                    .create_followup(
                        &bot.http,
                        CreateInteractionResponseFollowup::new()
                            .content(note)
                            .ephemeral(true),
                    )
                    .await;
            } else {
                bot.post(
                    ChannelId::new(table.channel),
                    CreateMessage::new()
                        .content(format!("<@{user}>: {note}"))
                        .allowed_mentions(
                            serenity::all::CreateAllowedMentions::new().users([UserId::new(user)]),
                        ),
                )
                .await;
            }
        }
        Err(e) => tracing::warn!("welcome DM failed: {e}"),
    }
}

/// Ends the game or lobby in this channel (the host or a moderator).
#[poise::command(slash_command, guild_only)]
pub async fn stop(ctx: Ctx<'_>) -> Result<(), Error> {
    let bot = ctx.data().clone();
    let user = ctx.author().id.get();
    if let Err(e) = bot.cooldown(user, "stop") {
        return refuse(ctx, e).await;
    }
    let channel = ctx.channel_id().get();
    let Some(table) = bot.table(channel) else {
        return refuse(ctx, "There is no game in this channel.").await;
    };
    let manages = ctx_manages(ctx);
    let host = match &*table.state.lock().await {
        TableState::Lobby(l) => l.host,
        TableState::Running(r) => r.data.host,
        TableState::Closed => return refuse(ctx, "There is no game in this channel.").await,
        TableState::Starting => {
            return refuse(ctx, "The game is starting; try again in a moment.").await
        }
    };
    if user != host && !manages {
        return refuse(
            ctx,
            "Only the host or a moderator (Manage Messages) can stop this game.",
        )
        .await;
    }
    ctx.defer().await?;
    let handle = {
        let mut st = table.state.lock().await;
        match &*st {
            TableState::Lobby(_) => {
                *st = TableState::Closed;
                None
            }
            TableState::Running(r) => Some(r.handle.clone()),
            TableState::Closed | TableState::Starting => None,
        }
    };
    match handle {
        Some(h) if h.is_closed() => {
            // Its task is gone (it failed): end it in the store and free the channel.
            let id = h.id().to_string();
            bot.store.set_status(&id, "abandoned").await?;
            *table.state.lock().await = TableState::Closed;
            bot.forget(channel, &id).await;
            ctx.say(format!(
                "🛑 <@{user}> stopped the game (recorded as abandoned)."
            ))
            .await?;
        }
        Some(h) => {
            h.abandon().await;
            ctx.say(format!("🛑 <@{user}> stopped the game.")).await?;
        }
        None => {
            bot.forget(channel, "").await;
            ctx.say("🛑 The lobby is closed.").await?;
        }
    }
    Ok(())
}

/// Shows the phase, the living seats and whose turn it is.
#[poise::command(slash_command, guild_only)]
pub async fn status(ctx: Ctx<'_>) -> Result<(), Error> {
    let bot = ctx.data().clone();
    if let Err(e) = bot.cooldown(ctx.author().id.get(), "status") {
        return refuse(ctx, e).await;
    }
    let Some(table) = bot.table(ctx.channel_id().get()) else {
        return refuse(
            ctx,
            "There is no game in this channel. Open one with /werewolf start.",
        )
        .await;
    };
    let text = match &*table.state.lock().await {
        TableState::Lobby(l) => format!(
            "**Lobby** — {} of {SEATS} seats taken.\n{}",
            l.seats.len(),
            render::lobby(l, "🤖")
        ),
        TableState::Running(r) => format!(
            "{}\nNow: {}.",
            render::status(&r.names, r.alive, &r.phase),
            r.turn()
        ),
        TableState::Starting => "The game is starting.".into(),
        TableState::Closed => "The game here has just ended.".into(),
    };
    refuse(ctx, text).await
}

/// Leaderboards of this server.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("lb_werewolf"),
    subcommand_required
)]
pub async fn leaderboard(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// The werewolf ranking of this server (mean GPP).
#[poise::command(slash_command, guild_only, rename = "werewolf")]
pub async fn lb_werewolf(ctx: Ctx<'_>) -> Result<(), Error> {
    let bot = ctx.data().clone();
    if let Err(e) = bot.cooldown(ctx.author().id.get(), "leaderboard") {
        return refuse(ctx, e).await;
    }
    ctx.defer().await?;
    let guild = ctx
        .guild_id()
        .map(|g| g.get().to_string())
        .unwrap_or_default();
    let game = GameKind::Werewolf;
    let score = crate::stats::board(game).score_name().to_uppercase();
    let results = bot.store.results(game.name(), Some(&guild)).await?;
    let board =
        crate::stats::people_and_ai(game, Some(&guild), bot.config.stats.min_games, &results);
    let people = &board.people;
    let mut lines = Vec::new();
    for p in people.players.iter().filter(|p| p.rank.is_some()).take(15) {
        lines.push(format!(
            "**{}.** {} — {:.1} {score} mean, {} games, {:.0}% wins",
            p.rank.unwrap_or(0),
            sanitize(&p.name, 40),
            p.mean_score,
            p.games,
            p.win_rate * 100.0
        ));
    }
    let unranked = people.players.iter().filter(|p| p.rank.is_none()).count();
    if lines.is_empty() {
        lines.push(format!(
            "Nobody is ranked yet: a player needs {} finished games.",
            people.min_games
        ));
    }
    if unranked > 0 {
        lines.push(format!(
            "\n{unranked} more player(s) with fewer than {} games.",
            people.min_games
        ));
    }
    if !board.ai.is_empty() {
        lines.push("\n**AI players** (not ranked; each seat played counts as a game):".into());
        for p in board.ai.iter().take(10) {
            lines.push(format!(
                "🤖 {} — {:.1} {score} mean, {} seats, {:.0}% wins",
                sanitize(&p.name, 60),
                p.mean_score,
                p.games,
                p.win_rate * 100.0
            ));
        }
    }
    ctx.send(
        poise::CreateReply::default()
            .embed(
                CreateEmbed::new()
                    .title("🏆 Werewolf leaderboard")
                    .description(lines.join("\n")),
            )
            .allowed_mentions(serenity::all::CreateAllowedMentions::new()),
    )
    .await?;
    Ok(())
}

/// A player's werewolf record on this server.
#[poise::command(slash_command, guild_only)]
pub async fn stats(
    ctx: Ctx<'_>,
    #[description = "Whose record (default: yours)"] user: Option<serenity::all::User>,
) -> Result<(), Error> {
    let bot = ctx.data().clone();
    if let Err(e) = bot.cooldown(ctx.author().id.get(), "stats") {
        return refuse(ctx, e).await;
    }
    ctx.defer().await?;
    let who = user.as_ref().unwrap_or(ctx.author());
    let guild = ctx
        .guild_id()
        .map(|g| g.get().to_string())
        .unwrap_or_default();
    let id = format!("discord:{}", who.id.get());
    let game = GameKind::Werewolf;
    let def = crate::stats::board(game);
    let score = def.score_name().to_uppercase();
    let results: Vec<_> = bot
        .store
        .results(game.name(), Some(&guild))
        .await?
        .into_iter()
        .filter(|r| r.player == id)
        .collect();
    let board = crate::stats::leaderboard(game, Some(&guild), 0, &results);
    let text = match board.players.first() {
        None => format!("<@{}> has no finished {game} games here yet.", who.id.get()),
        Some(p) => {
            let mut s = format!(
                "<@{}>: {} games, {} wins ({:.0}%), mean {score} {:.1} (total {}).",
                who.id.get(),
                p.games,
                p.wins,
                p.win_rate * 100.0,
                p.mean_score,
                p.total_score
            );
            for (group, r) in &p.groups {
                s.push_str(&format!(
                    "\n• {group}: {} games, {} wins, mean {score} {:.1}",
                    r.games, r.wins, r.mean_score
                ));
            }
            s
        }
    };
    ctx.send(
        poise::CreateReply::default()
            .content(text)
            .allowed_mentions(serenity::all::CreateAllowedMentions::new()),
    )
    .await?;
    Ok(())
}
