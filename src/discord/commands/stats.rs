//! The statistics commands: `/leaderboard werewolf` (the server's ranking, people and AI
//! players apart) and `/stats` (a player's record). Both defer at once and read results
//! from the store.

use crate::discord::text::sanitize;
use crate::discord::types::{Context, Error};
use serenity::all::CreateEmbed;

/// Leaderboards of this server.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("lb_werewolf"),
    subcommand_required
)]
pub async fn leaderboard(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The werewolf ranking of this server (mean GPP).
#[poise::command(slash_command, guild_only, rename = "werewolf")]
pub async fn lb_werewolf(ctx: Context<'_>) -> Result<(), Error> {
    let bot = ctx.data().clone();
    ctx.defer().await?;
    let guild = ctx
        .guild_id()
        .map(|g| g.get().to_string())
        .unwrap_or_default();
    let results = bot.store.results("werewolf", Some(&guild)).await?;
    let board = crate::stats::people_and_ai(
        "werewolf",
        Some(&guild),
        bot.config.stats.min_games,
        &results,
    );
    let people = &board.people;
    let mut lines = Vec::new();
    for p in people.players.iter().filter(|p| p.rank.is_some()).take(15) {
        lines.push(format!(
            "**{}.** {} — {:.1} GPP mean, {} games, {:.0}% wins",
            p.rank.unwrap_or(0),
            sanitize(&p.name, 40),
            p.mean_gpp,
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
                "🤖 {} — {:.1} GPP mean, {} seats, {:.0}% wins",
                sanitize(&p.name, 60),
                p.mean_gpp,
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
    ctx: Context<'_>,
    #[description = "Whose record (default: yours)"] user: Option<serenity::all::User>,
) -> Result<(), Error> {
    let bot = ctx.data().clone();
    ctx.defer().await?;
    let who = user.as_ref().unwrap_or(ctx.author());
    let guild = ctx
        .guild_id()
        .map(|g| g.get().to_string())
        .unwrap_or_default();
    let id = format!("discord:{}", who.id.get());
    let results: Vec<_> = bot
        .store
        .results("werewolf", Some(&guild))
        .await?
        .into_iter()
        .filter(|r| r.player == id)
        .collect();
    let board = crate::stats::leaderboard("werewolf", Some(&guild), 0, &results);
    let text = match board.players.first() {
        None => format!(
            "<@{}> has no finished werewolf games here yet.",
            who.id.get()
        ),
        Some(p) => {
            let mut s = format!(
                "<@{}>: {} games, {} wins ({:.0}%), mean GPP {:.1} (total {}).",
                who.id.get(),
                p.games,
                p.wins,
                p.win_rate * 100.0,
                p.mean_gpp,
                p.total_gpp
            );
            for (role, r) in &p.roles {
                s.push_str(&format!(
                    "\n• {role}: {} games, {} wins, mean GPP {:.1}",
                    r.games, r.wins, r.mean_gpp
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
