//! What a community sets for its boards: `/season start` (a server manager's: a new
//! season keeps every rating's μ and widens its σ), `/privacy web:<on|off>` (a person's
//! name on the community page, or "Player" and a short code), and the choices the
//! boards' commands offer: a game (the registry's, in order) and a board (people, AI
//! players, everyone).

use crate::types::{Context, Error};
use agora_core::ratings::boards::Which;
use agora_core::registry::GameKind;
use poise::CommandParameterChoice;
use std::borrow::Cow;

fn choice(name: &'static str) -> CommandParameterChoice {
    CommandParameterChoice {
        name: Cow::Borrowed(name),
        localizations: Cow::Borrowed(&[]),
        __non_exhaustive: (),
    }
}

/// A game, as `/leaderboard game:` offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameChoice(pub GameKind);

impl poise::ChoiceParameter for GameChoice {
    fn list() -> Cow<'static, [CommandParameterChoice]> {
        Cow::Owned(GameKind::ALL.iter().map(|k| choice(k.name())).collect())
    }
    fn from_index(index: usize) -> Option<Self> {
        GameKind::ALL.get(index).copied().map(GameChoice)
    }
    fn from_name(name: &str) -> Option<Self> {
        GameKind::parse(name).map(GameChoice)
    }
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn localized_name(&self, _locale: &str) -> Option<&'static str> {
        None
    }
}

/// A board, as `/leaderboard board:` offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardChoice(pub Which);

impl poise::ChoiceParameter for BoardChoice {
    fn list() -> Cow<'static, [CommandParameterChoice]> {
        Cow::Owned(Which::ALL.iter().map(|w| choice(w.name())).collect())
    }
    fn from_index(index: usize) -> Option<Self> {
        Which::ALL.get(index).copied().map(BoardChoice)
    }
    fn from_name(name: &str) -> Option<Self> {
        Which::parse(name).map(BoardChoice)
    }
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn localized_name(&self, _locale: &str) -> Option<&'static str> {
        None
    }
}

/// Seasons of this server's boards.
#[poise::command(slash_command, guild_only, subcommands("start"))]
pub async fn season(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Starts a new season here: ratings keep their μ and widen their σ (managers only).
#[poise::command(
    slash_command,
    guild_only,
    required_permissions = "MANAGE_GUILD",
    default_member_permissions = "MANAGE_GUILD"
)]
async fn start(ctx: Context<'_>) -> Result<(), Error> {
    let bot = ctx.data().clone();
    ctx.defer().await?;
    let guild = ctx
        .guild_id()
        .map(|g| g.get().to_string())
        .unwrap_or_default();
    let by = format!("discord:{}", ctx.author().id.get());
    let (lang, _) = super::settings::command_langs(ctx).await;
    bot.store.start_season(&guild, &by).await?;
    let configured = bot.config.stats.season_starts().unwrap_or_default();
    let starts = bot.store.season_starts(&configured, &guild).await?;
    ctx.send(
        poise::CreateReply::default()
            .content(lang.text("season-started", &[("n", &starts.len().to_string())]))
            .allowed_mentions(serenity::all::CreateAllowedMentions::new()),
    )
    .await?;
    Ok(())
}

/// Whether the community page shows your name (off: "Player" and a short code).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum OnOff {
    #[name = "on"]
    On,
    #[name = "off"]
    Off,
}

/// Your name on the community page: on, or off (shown as "Player" and a short code).
#[poise::command(slash_command)]
pub async fn privacy(
    ctx: Context<'_>,
    #[description = "Your name on the community page"] web: OnOff,
) -> Result<(), Error> {
    let bot = ctx.data().clone();
    let player = format!("discord:{}", ctx.author().id.get());
    bot.store.set_web_hidden(&player, web == OnOff::Off).await?;
    let (_, lang) = super::settings::command_langs(ctx).await;
    let said = match web {
        OnOff::Off => lang.text(
            "privacy-hidden",
            &[("name", &agora_core::stats::names::hidden_name(&player))],
        ),
        OnOff::On => lang.text("privacy-shown", &[]),
    };
    ctx.send(poise::CreateReply::default().content(said).ephemeral(true))
        .await?;
    Ok(())
}
