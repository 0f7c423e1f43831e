//! The `/werewolf` commands: `start` opens a lobby in the channel (the one place a
//! werewolf table is made by a command), `stop` and `status` ask the channel's table,
//! whatever game it plays.

use crate::send::reply_ephemeral as refuse;
use crate::text::{display_name, sanitize};
use crate::types::{Context, Error};
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

/// Werewolf: nine seats, night actions by DM, AI players in the empty seats.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("start", "stop", "status"),
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
    if let Err(e) = options.validate() {
        return refuse(ctx, format!("Not started: {e}.")).await;
    }
    let channel = ctx.channel_id().get();
    let guild = ctx.guild_id().map(|g| g.get()).unwrap_or(0);
    let name = sanitize(&display_name(ctx.author()), 40);
    let lobby = Lobby::open(user, &name, guild, options);
    let table = Arc::new(WerewolfTable::new(
        channel,
        guild,
        TableState::Lobby(lobby.clone()),
    ));
    let shown = poise::CreateReply::default()
        .embed(lobby_embed(&lobby, "🤖"))
        .components(lobby_components(channel));
    // The host is told about closed DMs before the lobby shows, so nobody can start the
    // game in between (the channel reads the same every time).
    let dm_check = welcome_dm(&bot, &table, user, None);
    crate::game_table::open_lobby(ctx, table.clone(), shown, dm_check).await
}

/// Ends the game or lobby in this channel (the host or a moderator).
#[poise::command(slash_command, guild_only)]
pub async fn stop(ctx: Context<'_>) -> Result<(), Error> {
    crate::tables::stop_table(ctx).await
}

/// Shows the phase, the living seats and whose turn it is.
#[poise::command(slash_command, guild_only)]
pub async fn status(ctx: Context<'_>) -> Result<(), Error> {
    crate::tables::table_status(ctx, "/werewolf start").await
}
