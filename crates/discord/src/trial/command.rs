//! The `/trial` commands: `start` opens a trial lobby in the channel (its case
//! autocompletes from `content/cases/`), `evidence` presents a card (autocompleted from the
//! channel's case), `verdict` ends the argument (the host or a moderator), `stop` and
//! `status` ask the channel's table, whatever it plays. Opening the lobby, and the trial
//! table's `evidence` and `verdict`, are here.

use super::stage::Stage;
use super::table::{lang_of, TrialRunning, TrialState, TrialTable};
use crate::commands::settings::{command_langs, person_lang};
use crate::guards::ctx_manages;
use crate::send::reply_ephemeral as refuse;
use crate::text::sanitize;
use crate::trial::lobby::TrialLobby;
use crate::types::Bot;
use crate::types::{Context, Error};
use agora_agents::trial::TrialKit;
use agora_core::session::SubmitError;
use agora_games::trial::{Action, Mode};
use agora_games::{Lang, Localized, Seat};
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
    let (lang, _) = command_langs(ctx).await;
    let book = &ctx.data().kits.get::<TrialKit>().book;
    let choices = book
        .search(partial)
        .into_iter()
        // On a server in another language than English: its cases, by their titles in it.
        .filter_map(|(id, title)| match lang {
            Lang::En => Some((id, title)),
            _ => book.case_in(id, lang).map(|c| (id, c.title.as_str())),
        })
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
    let (lang, asker) = command_langs(ctx).await;
    let typed = case.trim();
    let book = &bot.kits.get::<TrialKit>().book;
    let found = book
        .case(typed)
        .or_else(|| book.cases().find(|c| c.title.eq_ignore_ascii_case(typed)))
        .or_else(|| book.cases_in(lang).find(|c| c.title == typed))
        .cloned();
    let Some(case) = found else {
        let ids: Vec<&str> = book.cases_in(lang).map(|c| c.id.as_str()).collect();
        let typed = format!("{:?}", sanitize(typed, 60));
        let why = asker.text(
            "dt-no-case",
            &[("typed", &typed), ("cases", &ids.join(", "))],
        );
        return refuse(ctx, why).await;
    };
    let Some(case) = book.case_in(&case.id, lang).cloned() else {
        let ids: Vec<&str> = book.cases_in(lang).map(|c| c.id.as_str()).collect();
        let lang_name = asker.text(&format!("dt-lang-{}", lang.code()), &[]);
        let why = asker.text(
            "dt-case-not-in-lang",
            &[
                ("case", &case.id),
                ("lang", &lang_name),
                ("cases", &ids.join(", ")),
            ],
        );
        return refuse(ctx, why).await;
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
        lang,
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
        None => no_trial(ctx).await,
    }
}

/// Ends the argument now: the jury deliberates and votes (the host or a moderator).
#[poise::command(slash_command, guild_only)]
pub async fn verdict(ctx: Context<'_>) -> Result<(), Error> {
    match table_here(&ctx) {
        Some(t) => t.verdict(ctx).await,
        None => no_trial(ctx).await,
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

/// "There is no trial in this channel.", in the asker's language.
async fn no_trial(ctx: Context<'_>) -> Result<(), Error> {
    let (_, asker) = command_langs(ctx).await;
    refuse(ctx, asker.text("dt-no-trial", &[])).await
}

impl TrialTable {
    /// The case's cards (id, title and what the card says) for `/trial evidence`'s
    /// autocomplete, in the trial's language.
    pub async fn cards(&self, bot: &Bot) -> Vec<(String, String, String)> {
        let (case, lang) = match &*self.state.lock().await {
            TrialState::Running(TrialRunning { data, .. }) => (data.case.clone(), data.lang),
            TrialState::Lobby(l) => (l.case.clone(), l.lang),
            _ => return Vec::new(),
        };
        bot.kits
            .get::<TrialKit>()
            .book
            .case_in(&case, lang)
            .map(|c| {
                c.evidence
                    .iter()
                    .map(|e| (e.id.clone(), e.title.clone(), e.text.clone()))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The language of what the command's person alone is told: theirs, else the table's.
    async fn asker(&self, ctx: Context<'_>) -> Lang {
        let table = lang_of(&*self.state.lock().await);
        person_lang(ctx.locale().unwrap_or_default(), table)
    }

    /// `/trial evidence`: a player presents a card.
    pub async fn evidence(&self, ctx: Context<'_>, card: &str) -> Result<(), Error> {
        let lang = self.asker(ctx).await;
        let t = |id: &str, args: &[(&str, &str)]| lang.text(id, args);
        if let Some(why) = self.not_under_way().await {
            return refuse(ctx, t(why, &[])).await;
        }
        // Once the argument is closed no card is shown, whichever card was named.
        let stage = match &*self.state.lock().await {
            TrialState::Running(r) => r.stage.clone(),
            _ => Stage::Over,
        };
        match stage {
            Stage::Argument => {}
            Stage::Deliberation(_) => return refuse(ctx, t("dt-evidence-closed", &[])).await,
            Stage::Over => return refuse(ctx, t("dt-ended", &[])).await,
        }
        let Some((handle, seat, _)) = self.player(ctx.author().id.get()).await else {
            return refuse(ctx, t("dt-players-only", &[])).await;
        };
        let known = self.cards(ctx.data()).await;
        let Some((id, title, _)) = known
            .iter()
            .find(|(id, title, _)| id == card.trim() || title.eq_ignore_ascii_case(card.trim()))
        else {
            let ids: Vec<&str> = known.iter().map(|c| c.0.as_str()).collect();
            let card = format!("{:?}", sanitize(card, 40));
            let why = t("dt-no-card", &[("card", &card), ("cards", &ids.join(", "))]);
            return refuse(ctx, why).await;
        };
        match handle
            .submit(seat, Action::Present { card: id.clone() }, None)
            .await
        {
            Ok(()) => refuse(ctx, t("dt-presented", &[("title", title)])).await,
            Err(SubmitError::Refused(why))
                if why.to_string().contains("already been presented") =>
            {
                let title = sanitize(title, 100);
                refuse(ctx, t("dt-already-presented", &[("title", &title)])).await
            }
            Err(e) => refuse(ctx, refusal(e, lang)).await,
        }
    }

    /// `/trial verdict`: the host (or a moderator) ends the argument now.
    pub async fn verdict(&self, ctx: Context<'_>) -> Result<(), Error> {
        let user = ctx.author().id.get();
        let lang = self.asker(ctx).await;
        let t = |id: &str| lang.text(id, &[]);
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
            return refuse(ctx, t(why.unwrap_or("dt-no-trial-under-way"))).await;
        };
        if user != data.host && !ctx_manages(ctx) {
            return refuse(ctx, t("dt-verdict-who")).await;
        }
        // The call is a player's: the host's seat, else the first person's.
        let seat = data.seat_of(user).or_else(|| {
            data.users
                .iter()
                .position(Option::is_some)
                .map(|i| i as Seat + 1)
        });
        let Some(seat) = seat else {
            return refuse(ctx, t("dt-verdict-nobody")).await;
        };
        match handle.submit(seat, Action::CallVerdict, None).await {
            // The channel is told by the argument's close, which names who called it.
            Ok(()) => refuse(ctx, t("dt-verdict-called")).await,
            Err(SubmitError::Refused(why)) if why.to_string().contains("argument is closed") => {
                refuse(ctx, t("dt-verdict-already")).await
            }
            Err(e) => refuse(ctx, refusal(e, lang)).await,
        }
    }

    /// Why a player's command does not apply yet, or any more (a message id; `None`:
    /// under way).
    async fn not_under_way(&self) -> Option<&'static str> {
        match &*self.state.lock().await {
            TrialState::Lobby(_) | TrialState::Starting => Some("dt-not-started-yet"),
            TrialState::Running(_) => None,
            TrialState::Closed => Some("dt-ended"),
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
fn refusal(e: SubmitError, lang: Lang) -> String {
    let why = match e {
        SubmitError::Closed => return lang.text("dt-ended", &[]),
        SubmitError::Stale => return lang.text("dt-stale", &[]),
        e => e.text(lang),
    };
    let mut chars = why.chars();
    let out = chars
        .next()
        .map(|f| f.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default();
    if out.ends_with('.') || out.ends_with('。') {
        out
    } else {
        lang.text("dt-refused", &[("why", &out)])
    }
}

#[cfg(test)]
mod refusal_tests {
    use super::*;
    use agora_core::session::Refused;
    use agora_games::trial::Refusal;

    #[test]
    fn a_refused_command_reads_as_a_sentence_without_jargon() {
        assert_eq!(
            refusal(SubmitError::Closed, Lang::En),
            "The trial has ended."
        );
        let why = refusal(
            SubmitError::Refused(Refused::new(Refusal::ArgumentClosed)),
            Lang::En,
        );
        assert_eq!(why, "The argument is closed: the jury is deliberating.");
        assert!(!why.contains("Not taken"));
        let no_card = Refused::new(Refusal::NoSuchCard("x".into()));
        let why = refusal(SubmitError::Refused(no_card), Lang::ZhCn);
        assert_eq!(why, "本案没有证据“x”。");
    }
}
