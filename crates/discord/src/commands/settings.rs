//! `/settings language:<English | 简体中文>` (Manage Server): the language the bot plays in
//! on this server, stored as the community's (the community page and boards follow it
//! too). Without a setting, a server's preferred locale decides ([`server_lang`]). A table
//! keeps the language it started with.

use crate::types::{Bot, Context, Error};
use agora_core::store::AfkMode;
use agora_games::Lang;
use std::sync::Arc;

/// A language, as `/settings language:` offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum LanguageChoice {
    #[name = "English"]
    English,
    #[name = "简体中文"]
    Chinese,
}

impl LanguageChoice {
    fn lang(self) -> Lang {
        match self {
            LanguageChoice::English => Lang::En,
            LanguageChoice::Chinese => Lang::ZhCn,
        }
    }
}

/// What happens to a person who misses two turns in a row, as `/settings afk:` offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum AfkChoice {
    #[name = "an AI takes the seat over"]
    Takeover,
    #[name = "the seat idles out"]
    Idle,
    #[name = "nothing"]
    Nothing,
}

impl AfkChoice {
    fn mode(self) -> AfkMode {
        match self {
            AfkChoice::Takeover => AfkMode::Takeover,
            AfkChoice::Idle => AfkMode::Idle,
            AfkChoice::Nothing => AfkMode::Nothing,
        }
    }
}

/// The language of a Discord locale code ("zh-CN" → Chinese), when it is one of ours.
pub fn lang_of_locale(locale: &str) -> Option<Lang> {
    Lang::of_locale(locale)
}

/// The language of what one person alone sees (an ephemeral reply): their Discord
/// `locale` when it is one of ours, else the table's language.
pub fn person_lang(locale: &str, table: Lang) -> Lang {
    lang_of_locale(locale).unwrap_or(table)
}

/// A command's two languages: the server's (what a table it opens starts in) and the
/// person's (what they alone are told, [`person_lang`]).
pub async fn command_langs(ctx: Context<'_>) -> (Lang, Lang) {
    let guild_locale = match ctx {
        poise::Context::Application(a) => a.interaction.guild_locale.clone(),
        poise::Context::Prefix(_) => None,
    };
    let guild = ctx.guild_id().map(|g| g.get()).unwrap_or_default();
    let table = server_lang(ctx.data(), guild, guild_locale.as_deref()).await;
    (table, person_lang(ctx.locale().unwrap_or_default(), table))
}

/// The language tables start in on `guild`: its `/settings language`, else its preferred
/// locale (`guild_locale`, as an interaction carries it) when it is one of ours, else
/// English. A store that cannot be read is not a reason to refuse a game: English.
pub async fn server_lang(bot: &Arc<Bot>, guild: u64, guild_locale: Option<&str>) -> Lang {
    match bot.store.community_lang(&guild.to_string()).await {
        Ok(Some(lang)) => lang,
        Ok(None) => guild_locale.and_then(lang_of_locale).unwrap_or_default(),
        Err(e) => {
            tracing::warn!(guild, "cannot read the server's language: {e}");
            guild_locale.and_then(lang_of_locale).unwrap_or_default()
        }
    }
}

/// The bot's language on this server (managers only): new tables start in it.
#[poise::command(
    slash_command,
    guild_only,
    required_permissions = "MANAGE_GUILD",
    default_member_permissions = "MANAGE_GUILD"
)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "The language the bot plays in here (none: show it)"] language: Option<
        LanguageChoice,
    >,
    #[description = "What happens to a person who misses two turns in a row"] afk: Option<
        AfkChoice,
    >,
) -> Result<(), Error> {
    let bot = ctx.data().clone();
    let guild = ctx.guild_id().map(|g| g.get()).unwrap_or_default();
    if let Some(choice) = afk {
        let mode = choice.mode();
        bot.store
            .set_community_afk(&guild.to_string(), mode, agora_core::store::now_ms())
            .await?;
        let lang = command_langs(ctx).await.1;
        let what = lang.text(&format!("settings-afk-{}", mode.as_str()), &[]);
        let mut said = lang.text("settings-afk-set", &[("what", &what)]);
        if let Some(choice) = language {
            let lang = choice.lang();
            bot.store
                .set_community_lang(&guild.to_string(), lang, agora_core::store::now_ms())
                .await?;
            said = format!("{}\n{said}", lang.text("settings-language-set", &[]));
        }
        ctx.send(poise::CreateReply::default().content(said).ephemeral(true))
            .await?;
        return Ok(());
    }
    let said = match language {
        Some(choice) => {
            let lang = choice.lang();
            bot.store
                .set_community_lang(&guild.to_string(), lang, agora_core::store::now_ms())
                .await?;
            lang.text("settings-language-set", &[])
        }
        None => {
            let locale = ctx
                .partial_guild()
                .await
                .map(|g| g.preferred_locale.clone());
            let lang = server_lang(&bot, guild, locale.as_deref()).await;
            lang.text("settings-language-is", &[])
        }
    };
    ctx.send(poise::CreateReply::default().content(said).ephemeral(true))
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_locales_map_to_our_languages() {
        assert_eq!(lang_of_locale("zh-CN"), Some(Lang::ZhCn));
        assert_eq!(lang_of_locale("en-US"), Some(Lang::En));
        assert_eq!(lang_of_locale("en-GB"), Some(Lang::En));
        assert_eq!(lang_of_locale("fr"), None);
    }
}
