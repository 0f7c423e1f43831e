//! The `/trial` commands: `start` opens a trial lobby in the channel (its case
//! autocompletes from `content/cases/`), `evidence` presents a card (autocompleted from the
//! channel's case), `verdict` ends the argument (the host or a moderator), `stop` and
//! `status` ask the channel's table, whatever it plays. Opening the lobby, and the trial
//! table's `evidence` and `verdict`, are here.

use super::stage::Stage;
use super::table::{TrialRunning, TrialState, TrialTable};
use crate::guards::ctx_manages;
use crate::send::reply_ephemeral as refuse;
use crate::text::sanitize;
use crate::trial::lobby::TrialLobby;
use crate::types::Bot;
use crate::types::{Context, Error};
use agora_agents::trial::TrialKit;
use agora_core::session::SubmitError;
use agora_games::trial::{Action, Mode};
use agora_games::Seat;
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
        .filter(|(id, title, _)| {
            p.is_empty() || id.starts_with(&p) || title.to_lowercase().contains(&p)
        })
        .take(25)
        .map(|(id, title, text)| {
            // A choice's name holds 100 characters: the title, then as much of what the
            // card says as fits.
            let full = format!("{title} — {text}");
            let name: String = if full.chars().count() > 100 {
                full.chars().take(99).collect::<String>() + "…"
            } else {
                full
            };
            poise::serenity_prelude::AutocompleteChoice::new(name, id)
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
    open_lobby(ctx, lobby).await
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

impl TrialTable {
    /// The case's cards (id, title and what the card says) for `/trial evidence`'s
    /// autocomplete.
    pub async fn cards(&self, bot: &Bot) -> Vec<(String, String, String)> {
        let case = match &*self.state.lock().await {
            TrialState::Running(TrialRunning { data, .. }) => data.case.clone(),
            TrialState::Lobby(l) => l.case.clone(),
            _ => return Vec::new(),
        };
        bot.kits
            .get::<TrialKit>()
            .book
            .case(&case)
            .map(|c| {
                c.evidence
                    .iter()
                    .map(|e| (e.id.clone(), e.title.clone(), e.text.clone()))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// `/trial evidence`: a player presents a card.
    pub async fn evidence(&self, ctx: Context<'_>, card: &str) -> Result<(), Error> {
        if let Some(why) = self.not_under_way().await {
            return refuse(ctx, why).await;
        }
        // Once the argument is closed no card is shown, whichever card was named.
        let stage = match &*self.state.lock().await {
            TrialState::Running(r) => r.stage.clone(),
            _ => Stage::Over,
        };
        match stage {
            Stage::Argument => {}
            Stage::Deliberation(_) => return refuse(
                ctx,
                "The argument is closed: the jury is deliberating, and no more evidence is shown.",
            )
            .await,
            Stage::Over => return refuse(ctx, "The trial has ended.").await,
        }
        let Some((handle, seat, _)) = self.player(ctx.author().id.get()).await else {
            return refuse(ctx, "Only the trial's players present evidence.").await;
        };
        let known = self.cards(ctx.data()).await;
        let Some((id, title, _)) = known
            .iter()
            .find(|(id, title, _)| id == card.trim() || title.eq_ignore_ascii_case(card.trim()))
        else {
            let ids: Vec<&str> = known.iter().map(|c| c.0.as_str()).collect();
            return refuse(
                ctx,
                format!(
                    "There is no card {:?} in this case (cards: {}).",
                    sanitize(card, 40),
                    ids.join(", ")
                ),
            )
            .await;
        };
        match handle
            .submit(seat, Action::Present { card: id.clone() }, None)
            .await
        {
            Ok(()) => refuse(ctx, format!("Presented: {title}.")).await,
            Err(SubmitError::Refused(why)) if why.contains("already been presented") => {
                refuse(
                    ctx,
                    format!(
                        "{} has already been presented: each card is shown once.",
                        sanitize(title, 100)
                    ),
                )
                .await
            }
            Err(e) => refuse(ctx, refusal(e)).await,
        }
    }

    /// `/trial verdict`: the host (or a moderator) ends the argument now.
    pub async fn verdict(&self, ctx: Context<'_>) -> Result<(), Error> {
        let user = ctx.author().id.get();
        // The state's guard ends with this statement: `not_under_way` takes the lock again
        // (held across it, a verdict called after the trial ended waited forever).
        let running = match &*self.state.lock().await {
            TrialState::Running(TrialRunning { handle, data, .. }) => {
                Some((handle.clone(), data.clone()))
            }
            _ => None,
        };
        let Some((handle, data)) = running else {
            let why = self.not_under_way().await;
            return refuse(ctx, why.unwrap_or("There is no trial under way here.")).await;
        };
        if user != data.host && !ctx_manages(ctx) {
            return refuse(
                ctx,
                "Only the host or a moderator (Manage Messages) can call the verdict.",
            )
            .await;
        }
        // The call is a player's: the host's seat, else the first person's.
        let seat = data.seat_of(user).or_else(|| {
            data.users
                .iter()
                .position(Option::is_some)
                .map(|i| i as Seat + 1)
        });
        let Some(seat) = seat else {
            return refuse(ctx, "Nobody plays here to call it.").await;
        };
        match handle.submit(seat, Action::CallVerdict, None).await {
            // The channel is told by the argument's close, which names who called it.
            Ok(()) => refuse(ctx, "You called for the verdict: the jury deliberates now.").await,
            Err(SubmitError::Refused(why)) if why.contains("argument is closed") => {
                refuse(
                    ctx,
                    "The argument is already closed: the jury is deliberating.",
                )
                .await
            }
            Err(e) => refuse(ctx, refusal(e)).await,
        }
    }

    /// Why a player's command does not apply yet, or any more (`None`: under way).
    async fn not_under_way(&self) -> Option<&'static str> {
        match &*self.state.lock().await {
            TrialState::Lobby(_) | TrialState::Starting => {
                Some("The trial has not started yet: the host starts it from the lobby.")
            }
            TrialState::Running(_) => None,
            TrialState::Closed => Some("The trial has ended."),
        }
    }
}

/// Opens a trial lobby from `/trial start` (the command has checked the case).
pub async fn open_lobby(ctx: Context<'_>, lobby: TrialLobby) -> Result<(), Error> {
    let channel = ctx.channel_id().get();
    let state = TrialState::Lobby(lobby.clone());
    let table = Arc::new(TrialTable::new(channel, lobby.guild, state));
    let shown = poise::CreateReply::default()
        .embed(lobby.embed())
        .components(lobby.components(channel));
    crate::game_table::open_lobby(ctx, table, shown, async {}).await
}

/// A refused command's reason as a sentence a person reads.
fn refusal(e: SubmitError) -> String {
    let why = match e {
        SubmitError::Closed => return "The trial has ended.".into(),
        SubmitError::Stale => return "That has closed.".into(),
        e => e.to_string(),
    };
    let mut chars = why.chars();
    let mut out = chars
        .next()
        .map(|f| f.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default();
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}

#[cfg(test)]
mod refusal_tests {
    use super::*;

    #[test]
    fn a_refused_command_reads_as_a_sentence_without_jargon() {
        assert_eq!(refusal(SubmitError::Closed), "The trial has ended.");
        let why = refusal(SubmitError::Refused(
            "the argument is closed: the jury is deliberating".into(),
        ));
        assert_eq!(why, "The argument is closed: the jury is deliberating.");
        assert!(!why.contains("Not taken"));
    }
}
