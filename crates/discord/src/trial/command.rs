//! The `/trial` commands: `start` opens a trial lobby in the channel (its case
//! autocompletes from `content/cases/`), `evidence` presents a card (autocompleted from the
//! channel's case), `verdict` ends the argument (the host or a moderator), `stop` and
//! `status` ask the channel's table, whatever it plays.

use crate::agents::trial::TrialKit;
use crate::games::trial::Mode;
use crate::send::reply_ephemeral as refuse;
use crate::text::sanitize;
use crate::trial::lobby::TrialLobby;
use crate::trial::TrialTable;
use crate::types::{Context, Error};
use std::sync::Arc;

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ModeChoice {
    #[name = "defense (everyone argues NOT GUILTY)"]
    Defense,
    #[name = "adversarial (defense against prosecution)"]
    Adversarial,
}

/// Trials: persuade AI jurors whose minds are hidden; they deliberate and vote.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("start", "evidence", "verdict", "status", "stop"),
    subcommand_required
)]
pub async fn trial(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The channel's trial table, if a trial is open here.
fn table_here(ctx: &Context<'_>) -> Option<Arc<TrialTable>> {
    ctx.data()
        .table(ctx.channel_id().get())
        .and_then(|t| t.into_any().downcast::<TrialTable>().ok())
}

async fn cases<'a>(
    ctx: Context<'a>,
    partial: &'a str,
) -> serenity::all::CreateAutocompleteResponse {
    let choices = ctx
        .data()
        .kits
        .get::<TrialKit>()
        .book
        .search(partial)
        .into_iter()
        .take(25)
        .map(|(id, title)| {
            poise::serenity_prelude::AutocompleteChoice::new(
                title.chars().take(100).collect::<String>(),
                id.to_string(),
            )
        })
        .collect();
    serenity::all::CreateAutocompleteResponse::new().set_choices(choices)
}

async fn cards<'a>(
    ctx: Context<'a>,
    partial: &'a str,
) -> serenity::all::CreateAutocompleteResponse {
    let p = partial.trim().to_lowercase();
    let found = match table_here(&ctx) {
        Some(t) => t.cards(ctx.data()).await,
        None => Vec::new(),
    };
    let choices = found
        .into_iter()
        .filter(|(id, title)| {
            p.is_empty() || id.starts_with(&p) || title.to_lowercase().contains(&p)
        })
        .take(25)
        .map(|(id, title)| {
            poise::serenity_prelude::AutocompleteChoice::new(
                title.chars().take(100).collect::<String>(),
                id,
            )
        })
        .collect();
    serenity::all::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Opens a trial lobby in this channel.
#[poise::command(slash_command, guild_only)]
pub async fn start(
    ctx: Context<'_>,
    #[description = "The case"]
    #[autocomplete = "cases"]
    #[max_length = 100]
    case: String,
    #[description = "defense (default: everyone argues NOT GUILTY) or adversarial"] mode: Option<
        ModeChoice,
    >,
) -> Result<(), Error> {
    let bot = ctx.data().clone();
    let typed = case.trim();
    let book = &bot.kits.get::<TrialKit>().book;
    let found = book
        .case(typed)
        .or_else(|| book.cases().find(|c| c.title.eq_ignore_ascii_case(typed)))
        .cloned();
    let Some(case) = found else {
        let ids: Vec<&str> = book.cases().map(|c| c.id.as_str()).collect();
        return refuse(
            ctx,
            format!(
                "Not started: there is no case {:?}. Cases: {}.",
                sanitize(typed, 60),
                ids.join(", ")
            ),
        )
        .await;
    };
    let lobby = TrialLobby {
        host: ctx.author().id.get(),
        guild: ctx.guild_id().map(|g| g.get()).unwrap_or(0),
        case: case.id.clone(),
        title: case.title.clone(),
        mode: match mode {
            Some(ModeChoice::Adversarial) => Mode::Adversarial,
            _ => Mode::Defense,
        },
        seats: Vec::new(),
        message: None,
    };
    crate::trial::open_lobby(ctx, lobby).await
}

/// Presents an evidence card to the jury (once per card).
#[poise::command(slash_command, guild_only)]
pub async fn evidence(
    ctx: Context<'_>,
    #[description = "The card"]
    #[autocomplete = "cards"]
    #[max_length = 100]
    card: String,
) -> Result<(), Error> {
    match table_here(&ctx) {
        Some(t) => t.evidence(ctx, &card).await,
        None => refuse(ctx, "There is no trial in this channel.").await,
    }
}

/// Ends the argument now: the jury deliberates and votes (the host or a moderator).
#[poise::command(slash_command, guild_only)]
pub async fn verdict(ctx: Context<'_>) -> Result<(), Error> {
    match table_here(&ctx) {
        Some(t) => t.verdict(ctx).await,
        None => refuse(ctx, "There is no trial in this channel.").await,
    }
}

/// Shows the trial: who plays, the jurors' threads.
#[poise::command(slash_command, guild_only)]
pub async fn status(ctx: Context<'_>) -> Result<(), Error> {
    crate::tables::table_status(ctx, "/trial start").await
}

/// Ends the trial or lobby in this channel (the host or a moderator).
#[poise::command(slash_command, guild_only)]
pub async fn stop(ctx: Context<'_>) -> Result<(), Error> {
    crate::tables::stop_table(ctx).await
}
