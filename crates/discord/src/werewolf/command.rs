//! The `/werewolf` commands: `start` opens a lobby in the channel (the one place a
//! werewolf table is made by a command), `stop` and `status` ask the channel's table,
//! whatever game it plays; `leave` (in `afk.rs`) hands the asker's seat to the AI.

use super::afk::leave;
use crate::commands::settings::{command_langs, lang_of_locale, server_lang};
use crate::send::reply_ephemeral as refuse;
use crate::text::{display_name, sanitize};
use crate::types::{Context, Error};
use crate::werewolf::board_pick::{choices, pick};
use crate::werewolf::graveyard::spectate as spectate_in;
use crate::werewolf::lobby::{Lobby, TableOptions};
use crate::werewolf::private::welcome_dm;
use crate::werewolf::table::{TableState, WerewolfTable};
use crate::werewolf::views::{lobby_components, lobby_embed};
use agora_games::werewolf::{WitchSelfSave, WolfChat};
use std::sync::Arc;

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

/// Werewolf: boards of 5 to 16 seats, night actions by DM, AI players in the empty seats.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("start", "stop", "status", "spectate", "leave"),
    subcommand_required
)]
pub async fn werewolf(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Opens a werewolf lobby in this channel.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
pub async fn start(
    ctx: Context<'_>,
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
    #[description = "The board: its seats, roles and rules (default: nine seats, seed9)"]
    #[autocomplete = "boards"]
    board: Option<String>,
    #[description = "How many seats; alone, it picks the standard board of that size"]
    #[min = 5]
    #[max = 16]
    seats: Option<u8>,
    #[description = "The graveyard sees every role, one phase behind (default: off)"]
    graveyard_roles: Option<bool>,
) -> Result<(), Error> {
    let bot = ctx.data().clone();
    let user = ctx.author().id.get();
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
    let channel = ctx.channel_id().get();
    let guild = ctx.guild_id().map(|g| g.get()).unwrap_or(0);
    // The lobby speaks the server's language; what only the host sees, the host's own.
    let table_lang = server_lang(&bot, guild, guild_locale(ctx)).await;
    let own = ctx.locale().and_then(lang_of_locale);
    if let Err(e) = options.validate() {
        let lang = own.unwrap_or(table_lang);
        let said = lang.text("wwd-not-started", &[("why", &e.said(lang))]);
        return refuse(ctx, said).await;
    }
    let board = match pick(board.as_deref(), seats, own.unwrap_or(table_lang)) {
        Ok(b) => b,
        Err(why) => {
            let lang = own.unwrap_or(table_lang);
            return refuse(ctx, lang.text("wwd-not-started", &[("why", &why)])).await;
        }
    };
    let name = sanitize(&display_name(ctx.author()), 40);
    let mut lobby = Lobby::open(user, &name, guild, options);
    lobby.lang = Some(table_lang);
    lobby.board = (board.id != agora_agents::werewolf::boards::DEFAULT).then(|| board.id.clone());
    lobby.graveyard_roles = graveyard_roles.unwrap_or(false);
    lobby.seats[0].lang = own;
    let table = Arc::new(WerewolfTable::new(
        channel,
        guild,
        TableState::Lobby(lobby.clone()),
    ));
    let shown = poise::CreateReply::default()
        .embed(lobby_embed(&lobby, "🤖"))
        .components(lobby_components(channel, table_lang));
    // The host is told about closed DMs before the lobby shows, so nobody can start the
    // game in between (the channel reads the same every time).
    let dm_check = welcome_dm(&bot, &table, user, None);
    crate::game_table::open_lobby(ctx, table.clone(), shown, dm_check).await
}

/// The boards whose id or name holds what was typed, each by its name in the caller's
/// language and its seats.
async fn boards<'a>(
    ctx: Context<'a>,
    partial: &'a str,
) -> serenity::all::CreateAutocompleteResponse {
    let (_, own) = command_langs(ctx).await;
    let choices = choices(partial, own)
        .into_iter()
        .map(|(shown, id)| serenity::all::AutocompleteChoice::new(shown, id))
        .collect();
    serenity::all::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Watch this channel's game from its graveyard thread (not seated, or out of the game).
#[poise::command(slash_command, guild_only)]
pub async fn spectate(ctx: Context<'_>) -> Result<(), Error> {
    let bot = ctx.data().clone();
    let table = bot.table(ctx.channel_id().get());
    let ours = table.and_then(|t| t.into_any().downcast::<WerewolfTable>().ok());
    let own = ctx.locale().and_then(lang_of_locale);
    let Some(table) = ours else {
        let guild = ctx.guild_id().map(|g| g.get()).unwrap_or(0);
        let lang = match own {
            Some(l) => l,
            None => server_lang(&bot, guild, guild_locale(ctx)).await,
        };
        return refuse(ctx, lang.text("wwb-spectate-none", &[])).await;
    };
    let lang = match own {
        Some(l) => l,
        None => table.lang().await,
    };
    // Opening the thread may take longer than Discord's three seconds.
    ctx.defer_ephemeral().await?;
    let said = spectate_in(&bot, &table, ctx.author().id.get(), lang).await;
    refuse(ctx, said).await
}

/// Ends the game or lobby in this channel (the host or a moderator).
#[poise::command(slash_command, guild_only)]
pub async fn stop(ctx: Context<'_>) -> Result<(), Error> {
    crate::tables::stop_table(ctx).await
}

/// Shows the phase, the living seats and whose turn it is.
#[poise::command(slash_command, guild_only)]
pub async fn status(ctx: Context<'_>) -> Result<(), Error> {
    let bot = ctx.data().clone();
    let table = bot.table(ctx.channel_id().get());
    let ours = table
        .clone()
        .and_then(|t| t.into_any().downcast::<WerewolfTable>().ok());
    // A werewolf table answers in the asker's language (else its own); another game's
    // table answers as it does.
    let lang = match (ctx.locale().and_then(lang_of_locale), &ours) {
        (Some(lang), _) => lang,
        (None, Some(t)) => t.lang().await,
        (None, None) => {
            let guild = ctx.guild_id().map(|g| g.get()).unwrap_or(0);
            server_lang(&bot, guild, guild_locale(ctx)).await
        }
    };
    match (ours, table) {
        (Some(t), _) => refuse(ctx, super::status_in(&t, lang).await).await,
        (None, Some(t)) => refuse(ctx, t.status().await).await,
        (None, None) => {
            let said = lang.text("wwd-no-game", &[("open", "/werewolf start")]);
            refuse(ctx, said).await
        }
    }
}

/// The server's preferred locale, as the command's interaction carries it.
fn guild_locale(ctx: Context<'_>) -> Option<&str> {
    match ctx {
        poise::Context::Application(a) => a.interaction.guild_locale.as_deref(),
        poise::Context::Prefix(_) => None,
    }
}
