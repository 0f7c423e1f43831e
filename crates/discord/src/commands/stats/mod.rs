//! The statistics commands, for every game kind: `/leaderboard <game>` (the server's
//! ranking, people and AI players apart) and `/stats` (a player's record in each game
//! they have played here). Both defer at once and read results from the store; what a
//! game ranks by is its [`Board`](crate::stats::Board). The games are the registry's: a
//! `/leaderboard` subcommand each, described by its stats; this file names none (each
//! game's tests of its lines are in the file named after it).

#[cfg(test)]
mod debate;
#[cfg(test)]
mod trial;
#[cfg(test)]
mod werewolf;

use crate::ratings::boards::Ratings;
use crate::registry::GameKind;
use crate::stats::names::{amount, count, number, percent, shown_name, Personas};
use crate::stats::Board;
use crate::store::SeatResult;
use crate::text::sanitize;
use crate::types::{Bot, Context, Error};
use serenity::all::CreateEmbed;
use std::sync::Arc;

/// Leaderboards of this server.
#[poise::command(slash_command, guild_only, rename = "leaderboard")]
async fn leaderboards(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// `/leaderboard <game>`: a subcommand per registered game, in the registry's order,
/// described by the game's statistics.
pub fn leaderboard() -> poise::Command<Arc<Bot>, Error> {
    let mut group = leaderboards();
    group.identifying_name = "leaderboard".into();
    group.subcommand_required = true;
    group.subcommands = agora_core::registry::GAMES
        .iter()
        .map(|g| {
            let game = g.kind();
            let mut c = game_leaderboard();
            c.name = game.name().into();
            c.qualified_name = game.name().into();
            c.identifying_name = format!("lb_{}", game.name()).into();
            c.description = Some(g.stats().leaderboard_help().into());
            c.custom_data = Box::new(game);
            c
        })
        .collect();
    group
}

/// A game's ranking of this server: the game is the subcommand's ([`leaderboard`]).
#[poise::command(slash_command, guild_only)]
async fn game_leaderboard(ctx: Context<'_>) -> Result<(), Error> {
    let game = ctx
        .command()
        .custom_data
        .downcast_ref::<GameKind>()
        .copied()
        .ok_or_else(|| anyhow::anyhow!("/{} names no game", ctx.command().qualified_name))?;
    show_leaderboard(ctx, game).await
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
    let results = bot.store.results(game.name(), Some(&guild)).await?;
    let rows = bot.store.rating_history(game.name(), Some(&guild)).await?;
    let ratings = crate::registry::stats::ratings(game, &rows, None);
    let text = leaderboard_text(
        game,
        &guild,
        bot.config.stats.min_games,
        &results,
        &ratings,
        &bot.kits,
    );
    ctx.send(
        poise::CreateReply::default()
            .embed(
                CreateEmbed::new()
                    .title(format!("🏆 {} leaderboard", game.title()))
                    .description(text),
            )
            .allowed_mentions(serenity::all::CreateAllowedMentions::new()),
    )
    .await?;
    Ok(())
}

/// `count` of an award (`1 best-debater award`, `2 best-debater awards`), after a comma.
fn awards(def: &dyn Board, n: u64) -> String {
    match def.award_name() {
        Some(_) if n > 0 => {
            let many = def.award_title();
            format!(
                ", {}",
                count(n, many.strip_suffix('s').unwrap_or(many), many)
            )
        }
        _ => String::new(),
    }
}

/// The leaderboard's text: per part (a debate format) its ranked people, how many more
/// are not ranked yet, and its AI players apart, each named as the table showed them.
fn leaderboard_text(
    game: GameKind,
    guild: &str,
    min_games: u32,
    results: &[SeatResult],
    ratings: &Ratings,
    personas: &dyn Personas,
) -> String {
    let mut lines = Vec::new();
    let parts = crate::registry::stats::parts(game);
    for part in parts {
        let seats = part.of(results);
        if seats.is_empty() && parts.len() > 1 {
            continue;
        }
        let def = part.board;
        let score = def.score_title();
        let mean = |x: f64| number(x, 1, def.signed());
        let board = crate::stats::people_and_ai_of(def, Some(guild), min_games, &seats, ratings);
        if !part.title.is_empty() {
            if !lines.is_empty() {
                lines.push(String::new());
            }
            lines.push(format!("__{}__", part.title));
        }
        let people = &board.people;
        for p in people.players.iter().filter(|p| p.rank.is_some()).take(15) {
            lines.push(format!(
                "**{}.** {} — mean {score} {}, {}, {} wins{}",
                p.rank.unwrap_or(0),
                sanitize(&p.name, 40),
                mean(p.mean_score),
                count(p.games, "game", "games"),
                percent(p.win_rate),
                awards(def, p.awards)
            ));
        }
        let unranked = people.players.iter().filter(|p| p.rank.is_none()).count() as u64;
        let needs = count(min_games as u64, "finished game", "finished games");
        if people.players.iter().all(|p| p.rank.is_none()) {
            lines.push(format!("Nobody is ranked yet: a player needs {needs}."));
        }
        if unranked > 0 {
            lines.push(format!(
                "{} with fewer than {needs}.",
                count(unranked, "more player", "more players")
            ));
        }
        if !board.ai.is_empty() {
            lines.push("**AI players** (not ranked; each seat played counts as a game):".into());
            for p in board.ai.iter().take(10) {
                lines.push(format!(
                    "🤖 {} — mean {score} {}, {}, {} wins{}",
                    sanitize(&shown_name(&p.player, &p.name, personas), 60),
                    mean(p.mean_score),
                    count(p.games, "seat", "seats"),
                    percent(p.win_rate),
                    awards(def, p.awards)
                ));
            }
        }
    }
    lines.join("\n")
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
        let rows = bot.store.rating_history(game.name(), Some(&guild)).await?;
        let ratings = crate::registry::stats::ratings(game, &rows, None);
        sections.extend(record_text(game, &guild, &results, &ratings));
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

/// One player's record in `game` (their seats), per part (a debate format), each with
/// only the numbers that part has; `None` when they have played none.
fn record_text(
    game: GameKind,
    guild: &str,
    results: &[SeatResult],
    ratings: &Ratings,
) -> Option<String> {
    let parts = crate::registry::stats::parts(game);
    let mut lines = Vec::new();
    for part in parts {
        let seats = part.of(results);
        let board = crate::stats::leaderboard_of(part.board, Some(guild), 0, &seats, ratings);
        let Some(p) = board.players.first() else {
            continue;
        };
        let def = part.board;
        let score = def.score_title();
        let mean = |x: f64| number(x, 1, def.signed());
        let mut s = if part.title.is_empty() {
            String::new()
        } else {
            format!("{}: ", part.title)
        };
        s.push_str(&format!(
            "{}, {} ({}), mean {score} {}",
            count(p.games, "game", "games"),
            count(p.wins, "win", "wins"),
            percent(p.win_rate),
            mean(p.mean_score),
        ));
        if def.shows_total() {
            s.push_str(&format!(" (total {})", amount(p.total_score, false)));
        }
        s.push_str(&awards(def, p.awards));
        s.push('.');
        if def.groups_title().is_some() {
            for (group, r) in &p.groups {
                s.push_str(&format!(
                    "\n• {group}: {}, {}, mean {score} {}",
                    count(r.games, "game", "games"),
                    count(r.wins, "win", "wins"),
                    mean(r.mean_score)
                ));
            }
        }
        lines.push(s);
    }
    if lines.is_empty() {
        return None;
    }
    Some(format!("**{}**\n{}", game.title(), lines.join("\n")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::names::Personas;
    use serde_json::json;

    /// No characters, every registered game's AI players: the boards' tests that need
    /// no kit.
    pub(super) struct NoPersonas;

    impl Personas for NoPersonas {
        fn persona_name(&self, _id: &str) -> Option<String> {
            None
        }
        fn ai_name(&self, agent: &str) -> Option<String> {
            crate::registry::stats::ai_name(agent, self)
        }
    }

    /// A finished seat in guild `g`; an AI seat named as the store names a debater.
    pub(super) fn seat(player: &str, ai: bool, role: &str, score: f64, won: bool) -> SeatResult {
        SeatResult {
            player: player.into(),
            name: if ai {
                "debater-logical 0.1.0".into()
            } else {
                "Ann".into()
            },
            is_ai: ai,
            role: role.into(),
            score,
            won,
            community: "g".into(),
            details: json!({"speech_total": 14.5, "scored": 2, "best": won}),
            ..Default::default()
        }
    }

    /// `/leaderboard` as Discord sees it: byte for byte what it was when each game had a
    /// subcommand written out, and each subcommand knows its game.
    #[test]
    fn the_leaderboard_command_has_a_subcommand_per_game() {
        let command = leaderboard();
        let sub = |name: &str, description: &str| {
            format!(
                r#"{{"type":1,"name":"{name}","description":"{description}","required":false,"choices":[],"options":[],"channel_types":[],"min_value":null,"max_value":null,"min_length":null,"max_length":null,"autocomplete":false}}"#
            )
        };
        let expected = format!(
            r#"{{"name":"leaderboard","name_localizations":{{}},"description":"Leaderboards of this server.","description_localizations":{{}},"options":[{},{},{}],"contexts":[0],"nsfw":false}}"#,
            sub("werewolf", "The werewolf ranking of this server (mean GPP)."),
            sub(
                "debate",
                "The debate ranking of this server (mean speech score, win rate, best-debater awards)."
            ),
            sub(
                "trial",
                "The trial ranking of this server (verdicts won, mean shift toward one's side)."
            ),
        );
        let json = serde_json::to_string(&command.create_as_slash_command().unwrap()).unwrap();
        assert_eq!(json, expected);
        assert!(command.guild_only && command.subcommand_required);
        let games: Vec<GameKind> = command
            .subcommands
            .iter()
            .map(|c| {
                assert!(c.guild_only && c.slash_action.is_some(), "{}", c.name);
                *c.custom_data.downcast_ref::<GameKind>().unwrap()
            })
            .collect();
        assert_eq!(games, GameKind::ALL);
        for (c, game) in command.subcommands.iter().zip(games) {
            assert_eq!(c.name, game.name());
        }
    }

    #[test]
    fn a_player_with_no_games_has_no_record() {
        for game in GameKind::ALL {
            assert!(
                record_text(game, "g", &[], &Ratings::default()).is_none(),
                "{game}"
            );
        }
    }
}
