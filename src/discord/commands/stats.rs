//! The statistics commands, for every game kind: `/leaderboard <game>` (the server's
//! ranking, people and AI players apart) and `/stats` (a player's record in each game
//! they have played here). Both defer at once and read results from the store; what a
//! game ranks by is its [`Board`](crate::stats::Board).

use crate::discord::text::sanitize;
use crate::discord::types::{Context, Error};
use crate::games::GameKind;
use serenity::all::CreateEmbed;

/// Leaderboards of this server.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("lb_werewolf", "lb_debate", "lb_trial"),
    subcommand_required
)]
pub async fn leaderboard(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The werewolf ranking of this server (mean GPP).
#[poise::command(slash_command, guild_only, rename = "werewolf")]
pub async fn lb_werewolf(ctx: Context<'_>) -> Result<(), Error> {
    show_leaderboard(ctx, GameKind::Werewolf).await
}

/// The debate ranking of this server (mean speech score, win rate, best-debater awards).
#[poise::command(slash_command, guild_only, rename = "debate")]
pub async fn lb_debate(ctx: Context<'_>) -> Result<(), Error> {
    show_leaderboard(ctx, GameKind::Debate).await
}

/// The trial ranking of this server (verdicts won, mean shift toward one's side).
#[poise::command(slash_command, guild_only, rename = "trial")]
pub async fn lb_trial(ctx: Context<'_>) -> Result<(), Error> {
    show_leaderboard(ctx, GameKind::Trial).await
}

fn guild_of(ctx: &Context<'_>) -> String {
    ctx.guild_id()
        .map(|g| g.get().to_string())
        .unwrap_or_default()
}

/// Posts `game`'s ranking of this server.
async fn show_leaderboard(ctx: Context<'_>, game: GameKind) -> Result<(), Error> {
    let bot = ctx.data().clone();
    ctx.defer().await?;
    let guild = guild_of(&ctx);
    let def = crate::stats::board(game);
    let score = def.score_title();
    let awards = |n: u64| match def.award_name() {
        Some(_) if n > 0 => format!(", {n} {}", def.award_title()),
        _ => String::new(),
    };
    let results = bot.store.results(game.name(), Some(&guild)).await?;
    let board =
        crate::stats::people_and_ai(game, Some(&guild), bot.config.stats.min_games, &results);
    let people = &board.people;
    let mut lines = Vec::new();
    for p in people.players.iter().filter(|p| p.rank.is_some()).take(15) {
        lines.push(format!(
            "**{}.** {} — {:.1} mean {score}, {} games, {:.0}% wins{}",
            p.rank.unwrap_or(0),
            sanitize(&p.name, 40),
            p.mean_score,
            p.games,
            p.win_rate * 100.0,
            awards(p.awards)
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
                "🤖 {} — {:.1} mean {score}, {} seats, {:.0}% wins{}",
                sanitize(&p.name, 60),
                p.mean_score,
                p.games,
                p.win_rate * 100.0,
                awards(p.awards)
            ));
        }
    }
    ctx.send(
        poise::CreateReply::default()
            .embed(
                CreateEmbed::new()
                    .title(format!("🏆 {} leaderboard", game.title()))
                    .description(lines.join("\n")),
            )
            .allowed_mentions(serenity::all::CreateAllowedMentions::new()),
    )
    .await?;
    Ok(())
}

/// A player's record on this server, game by game.
#[poise::command(slash_command, guild_only)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose record (default: yours)"] user: Option<serenity::all::User>,
) -> Result<(), Error> {
    let bot = ctx.data().clone();
    ctx.defer().await?;
    let who = user.as_ref().unwrap_or(ctx.author());
    let guild = guild_of(&ctx);
    let id = format!("discord:{}", who.id.get());
    let mut sections = Vec::new();
    for game in GameKind::ALL {
        let results: Vec<_> = bot
            .store
            .results(game.name(), Some(&guild))
            .await?
            .into_iter()
            .filter(|r| r.player == id)
            .collect();
        let board = crate::stats::leaderboard(game, Some(&guild), 0, &results);
        let Some(p) = board.players.first() else {
            continue;
        };
        let def = crate::stats::board(game);
        let score = def.score_title();
        let mut s = format!(
            "**{}**: {} games, {} wins ({:.0}%), mean {score} {:.1} (total {}).",
            game.title(),
            p.games,
            p.wins,
            p.win_rate * 100.0,
            p.mean_score,
            p.total_score
        );
        if def.award_name().is_some() && p.awards > 0 {
            s.push_str(&format!(" {} {}.", p.awards, def.award_title()));
        }
        for (group, r) in &p.groups {
            s.push_str(&format!(
                "\n• {group}: {} games, {} wins, mean {score} {:.1}",
                r.games, r.wins, r.mean_score
            ));
        }
        sections.push(s);
    }
    let text = if sections.is_empty() {
        format!("<@{}> has no finished games here yet.", who.id.get())
    } else {
        format!("<@{}>\n{}", who.id.get(), sections.join("\n"))
    };
    ctx.send(
        poise::CreateReply::default()
            .content(text)
            .allowed_mentions(serenity::all::CreateAllowedMentions::new()),
    )
    .await?;
    Ok(())
}
