//! The `/debate` commands: `start` opens a debate lobby in the channel (the one place a
//! debate table is made by a command; its topic autocompletes from `content/topics/`),
//! `stop` and `status` ask the channel's table, whatever it plays; `concede` is the social
//! debate's (`panel::concede`).

use crate::commands::settings::command_langs;
use crate::debate::lobby::{DebateLobby, DebateOptions, Length};
use crate::debate::table::{DebateTable, TableState};
use crate::debate::views::{lobby_components, lobby_embed};
use crate::send::reply_ephemeral as refuse;
use crate::text::sanitize;
use crate::types::{Context, Error};
use agora_agents::debate::DebateKit;
use agora_core::debate::format::DebateFormat;
use agora_games::Lang;
use std::sync::Arc;

/// The debate formats a table can play.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FormatChoice {
    #[name = "team (four against four, judged speech by speech)"]
    Team,
    #[name = "moderated (scored round by round)"]
    Moderated,
    #[name = "social (minds change; a side can give in)"]
    Social,
}

impl FormatChoice {
    fn format(self) -> DebateFormat {
        match self {
            FormatChoice::Team => DebateFormat::Team,
            FormatChoice::Moderated => DebateFormat::Moderated,
            FormatChoice::Social => DebateFormat::Social,
        }
    }
}

/// Debates: two teams of four (people and AI debaters), an AI judge.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("start", "stop", "status", "concede"),
    subcommand_required
)]
pub async fn debate(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The topics whose id or title starts with what was typed (at most 25, Discord's limit).
/// On a server that plays in another language than English, the topics with a bank in
/// it, each shown by its motion in that language (found by its words too).
async fn topics<'a>(
    ctx: Context<'a>,
    partial: &'a str,
) -> serenity::all::CreateAutocompleteResponse {
    let (lang, _) = command_langs(ctx).await;
    let kit = ctx.data().kits.get::<DebateKit>();
    let found: Vec<(String, String)> = if lang.is_english() {
        kit.topics
            .search(partial)
            .into_iter()
            .map(|(id, title)| (title.to_string(), id.to_string()))
            .collect()
    } else {
        let typed = partial.trim();
        let by_english: Vec<&str> = kit.topics.search(typed).into_iter().map(|t| t.0).collect();
        kit.topics
            .ids()
            .filter_map(|id| kit.topics.get_in(id, lang).map(|t| (id, t)))
            .filter(|(id, t)| {
                by_english.contains(id) || t.motion.contains(typed) || t.title.contains(typed)
            })
            .map(|(id, t)| (t.motion.clone(), id.to_string()))
            .collect()
    };
    let choices = found
        .into_iter()
        .take(25)
        .map(|(shown, id)| {
            poise::serenity_prelude::AutocompleteChoice::new(
                shown.chars().take(100).collect::<String>(),
                id,
            )
        })
        .collect();
    serenity::all::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Opens a debate lobby in this channel.
// A slash command's options are its arguments.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
pub async fn start(
    ctx: Context<'_>,
    #[description = "The motion: a topic from the list, or your own words (needs a language model)"]
    #[autocomplete = "topics"]
    #[max_length = 300]
    topic: String,
    #[description = "The format (default: team)"] format: Option<FormatChoice>,
    #[description = "Speech lengths: full, or short (a third; the default here)"] length: Option<
        Length,
    >,
    #[description = "Scale every timer: 0.5 is twice as fast, 2 twice as slow (default 1)"]
    pace: Option<f64>,
    #[description = "Team debate only: post each speech's score as soon as it is judged (default: off)"]
    live_scores: Option<bool>,
    #[description = "Moderated and social: how many rounds (default 3 and 4)"]
    #[min = 1]
    #[max = 10]
    rounds: Option<u8>,
    #[description = "Moderated and social: participants, people and AI (default 2 and 3; at most 8)"]
    #[min = 2]
    #[max = 8]
    participants: Option<u8>,
) -> Result<(), Error> {
    let bot = ctx.data().clone();
    let format = format.unwrap_or(FormatChoice::Team);
    // Every format plays in the server's language; the asker is answered in theirs.
    let (lang, asker) = command_langs(ctx).await;
    let typed = topic.trim();
    let kit = bot.kits.get::<DebateKit>();
    let known = kit.topics.get(typed).cloned().or_else(|| {
        // A topic's title picked without the autocomplete's id (or its motion, in the
        // table's language).
        kit.topics
            .ids()
            .find(|id| {
                kit.topics
                    .get(id)
                    .is_some_and(|t| t.title.eq_ignore_ascii_case(typed))
                    || kit.topics.get_in(id, lang).is_some_and(|t| {
                        !lang.is_english() && (t.title == typed || t.motion == typed)
                    })
            })
            .and_then(|id| kit.topics.get(id))
            .cloned()
    });
    let in_lang = |id: &str| kit.topics.get_in(id, lang).is_some();
    let (topic_id, motion) = match &known {
        Some(t) => match kit.topics.get_in(&t.id, lang) {
            Some(here) => (Some(t.id.clone()), here.motion.clone()),
            None => {
                let with: Vec<&str> = kit.topics.ids().filter(|id| in_lang(id)).collect();
                let lang_name = asker.text(&format!("dd-lang-{}", lang.code()), &[]);
                let why = asker.text(
                    "dd-topic-not-in-lang",
                    &[
                        ("topic", &t.id),
                        ("lang", &lang_name),
                        ("topics", &with.join(", ")),
                    ],
                );
                return refuse(ctx, why).await;
            }
        },
        None => {
            if let Err(e) = kit.check_topic_in(None, lang) {
                let ids: Vec<&str> = kit.topics.ids().filter(|id| in_lang(id)).collect();
                let why = if asker.is_english() {
                    e
                } else {
                    asker.text("dd-needs-model", &[])
                };
                return refuse(
                    ctx,
                    asker.text(
                        "dd-no-topic",
                        &[
                            ("typed", &format!("{:?}", sanitize(typed, 60))),
                            ("why", &why),
                            ("topics", &ids.join(", ")),
                        ],
                    ),
                )
                .await;
            }
            let words = match lang {
                Lang::En => typed.split_whitespace().count(),
                _ => agora_games::debate::words::count(typed) as usize,
            };
            if words < 3 {
                return refuse(ctx, asker.text("dd-motion-sentence", &[])).await;
            }
            (None, sanitize(typed, 300))
        }
    };
    let format = format.format();
    if let Err(why) = format_options(format, rounds, participants, asker) {
        return refuse(ctx, asker.text("dd-not-started", &[("why", &why)])).await;
    }
    if let Some(default_rounds) = format.default_rounds() {
        if let Err(why) = panel_options(pace, live_scores, asker) {
            return refuse(ctx, asker.text("dd-not-started", &[("why", &why)])).await;
        }
        let lobby = crate::debate::panel::PanelLobby {
            format,
            host: ctx.author().id.get(),
            guild: ctx.guild_id().map(|g| g.get()).unwrap_or(0),
            topic: topic_id,
            motion,
            rounds: rounds.unwrap_or(default_rounds),
            participants: participants.unwrap_or(format.default_participants()),
            seats: Vec::new(),
            message: None,
            pace,
            length,
            lang: Some(lang),
        };
        return crate::debate::panel::open_lobby(ctx, lobby).await;
    }
    let options = DebateOptions {
        topic: topic_id,
        motion,
        length: length
            .unwrap_or_else(|| Length::from_config(&bot.config.debate.settings.discord_length)),
        pace,
        live_scores: live_scores.unwrap_or(bot.config.debate.settings.live_scores),
        lang,
    };
    if let Err(e) = options.validate() {
        let why = e.text(asker);
        return refuse(ctx, asker.text("dd-not-started", &[("why", &why)])).await;
    }
    let channel = ctx.channel_id().get();
    let guild = ctx.guild_id().map(|g| g.get()).unwrap_or(0);
    let lobby = DebateLobby::open(ctx.author().id.get(), guild, options);
    let table = Arc::new(DebateTable::new(
        channel,
        guild,
        TableState::Lobby(lobby.clone()),
    ));
    let shown = poise::CreateReply::default()
        .embed(lobby_embed(&lobby))
        .components(lobby_components(channel, lang));
    crate::game_table::open_lobby(ctx, table, shown, async {}).await
}

/// Checks `rounds` and `participants` against the format: the team debate takes neither
/// (it is always four against four; said in `lang`), the others take them in range (a
/// social debate needs three participants); the reason names the option.
fn format_options(
    format: DebateFormat,
    rounds: Option<u8>,
    participants: Option<u8>,
    lang: Lang,
) -> Result<(), String> {
    if format == DebateFormat::Team {
        let given: Vec<&str> = [
            ("rounds", rounds.is_some()),
            ("participants", participants.is_some()),
        ]
        .iter()
        .filter(|(_, given)| *given)
        .map(|(name, _)| *name)
        .collect();
        if !given.is_empty() {
            let id = if given.len() == 1 {
                "dd-team-option-one"
            } else {
                "dd-team-option-many"
            };
            let options = given.join(&lang.text("dd-and", &[]));
            return Err(lang.text(id, &[("options", &options)]));
        }
        return Ok(());
    }
    if let Some(r) = rounds.filter(|r| !(1..=10).contains(r)) {
        return Err(format!("rounds {r} is not allowed: choose 1 to 10"));
    }
    let (least, most) = (*format.participants().start(), *format.participants().end());
    match participants {
        Some(p) if p < least => Err(format!(
            "a {} needs at least {least} participants (people and AI), not {p}",
            format.title()
        )),
        Some(p) if p > most => Err(format!("participants {p} is not allowed: at most {most}")),
        _ => Ok(()),
    }
}

/// Checks the options a moderated or social debate takes: a pace in range, and no live
/// scores (a team-debate option); the reason names the option.
fn panel_options(pace: Option<f64>, live_scores: Option<bool>, lang: Lang) -> Result<(), String> {
    if let Some(p) = pace {
        agora_agents::config::ranges::LOBBY_PACE
            .check(p)
            .map_err(|m| lang.text("dd-bad-pace", &[("why", &m)]))?;
    }
    if live_scores == Some(true) {
        return Err(lang.text("dd-live-scores-team-only", &[]));
    }
    Ok(())
}

/// Ends the debate or lobby in this channel (the host or a moderator).
#[poise::command(slash_command, guild_only)]
pub async fn stop(ctx: Context<'_>) -> Result<(), Error> {
    crate::tables::stop_table(ctx).await
}

/// Shows the stage, who has the floor and the clocks.
#[poise::command(slash_command, guild_only)]
pub async fn status(ctx: Context<'_>) -> Result<(), Error> {
    crate::tables::table_status(ctx, "/debate start").await
}

/// Gives in, in a social debate (counts as a surrender).
#[poise::command(slash_command, guild_only)]
pub async fn concede(ctx: Context<'_>) -> Result<(), Error> {
    let bot = ctx.data().clone();
    match bot.table(ctx.channel_id().get()) {
        Some(table) => crate::debate::panel::concede(ctx, table.into_any()).await,
        None => refuse(ctx, "There is no debate in this channel.").await,
    }
}

#[cfg(test)]
mod tests {
    use super::panel_options;
    use agora_games::Lang;

    #[test]
    fn rounds_and_participants_only_where_they_apply_and_in_range() {
        use super::format_options;
        use agora_core::debate::format::DebateFormat::*;
        use agora_games::Lang::En;
        assert!(format_options(Team, None, None, En).is_ok());
        let why = format_options(Team, Some(3), None, En).unwrap_err();
        assert!(
            why.starts_with("the rounds option applies to the moderated"),
            "{why}"
        );
        let why = format_options(Team, Some(3), Some(4), En).unwrap_err();
        assert!(
            why.starts_with("the rounds and participants options apply"),
            "{why}"
        );
        assert!(format_options(Moderated, Some(1), Some(2), En).is_ok());
        assert!(format_options(Social, Some(10), Some(3), En).is_ok());
        let why = format_options(Social, None, Some(2), En).unwrap_err();
        assert!(why.contains("at least 3 participants"), "{why}");
        assert!(format_options(Moderated, Some(0), None, En).is_err());
        assert!(format_options(Moderated, None, Some(9), En).is_err());
        assert!(format_options(Moderated, None, Some(1), En).is_err());
    }

    #[test]
    fn a_panel_debate_takes_pace_and_refuses_live_scores_with_the_reason() {
        assert!(panel_options(Some(0.5), Some(false), Lang::En).is_ok());
        assert!(panel_options(None, None, Lang::En).is_ok());
        assert!(panel_options(Some(0.0), None, Lang::En)
            .unwrap_err()
            .starts_with("pace "));
        let why = panel_options(None, Some(true), Lang::En).unwrap_err();
        assert!(
            why.starts_with("live_scores applies to the team debate only"),
            "{why}"
        );
    }
}
