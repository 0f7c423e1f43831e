//! The statistics commands, for every game kind: `/leaderboard <game>` (the server's
//! ranking, people and AI players apart) and `/stats` (a player's record in each game
//! they have played here). Both defer at once and read results from the store; what a
//! game ranks by is its [`Board`](crate::stats::Board).

use crate::agents::debate::Personalities;
use crate::games::GameKind;
use crate::stats::names::{amount, count, number, percent, shown_name};
use crate::stats::Board;
use crate::store::SeatResult;
use crate::text::sanitize;
use crate::types::{Context, Error};
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
    let results = bot.store.results(game.name(), Some(&guild)).await?;
    let text = leaderboard_text(
        game,
        &guild,
        bot.config.stats.min_games,
        &results,
        &bot.debate.personalities,
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
    personalities: &Personalities,
) -> String {
    let mut lines = Vec::new();
    let parts = crate::stats::parts(game);
    for part in parts {
        let seats = part.of(results);
        if seats.is_empty() && parts.len() > 1 {
            continue;
        }
        let def = part.board;
        let score = def.score_title();
        let mean = |x: f64| number(x, 1, def.signed());
        let board = crate::stats::people_and_ai_of(def, Some(guild), min_games, &seats);
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
                    sanitize(&shown_name(&p.player, &p.name, personalities), 60),
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
        sections.extend(record_text(game, &guild, &results));
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
fn record_text(game: GameKind, guild: &str, results: &[SeatResult]) -> Option<String> {
    let parts = crate::stats::parts(game);
    let mut lines = Vec::new();
    for part in parts {
        let seats = part.of(results);
        let board = crate::stats::leaderboard_of(part.board, Some(guild), 0, &seats);
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
    use serde_json::json;

    fn seat(player: &str, ai: bool, role: &str, score: f64, won: bool) -> SeatResult {
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
        }
    }

    #[test]
    fn the_debate_board_names_ai_as_shown_and_reads_each_format_apart() {
        let results = vec![
            seat("discord:1", false, "pro1", 20.0, true),
            seat("ai:debater-logical@0.1.0", true, "con1", 18.0, false),
            seat("ai:debater-logical@0.1.0", true, "con2", 18.0, false),
            seat("discord:1", false, "rounds", 34.59088784204802, true),
        ];
        let text = leaderboard_text(
            GameKind::Debate,
            "g",
            1,
            &results,
            &Personalities::builtin(),
        );
        assert!(
            text.contains("🤖 AI · Logical — mean speech score 7.3, 2 seats"),
            "{text}"
        );
        assert!(
            text.contains(
                "**1.** Ann — mean speech score 7.3, 1 game, 100% wins, 1 best-debater award"
            ),
            "{text}"
        );
        assert!(text.contains("__Moderated debates__"), "{text}");
        assert!(text.contains("mean final score (of 100) 34.6"), "{text}");
        assert!(!text.contains("Social"), "no empty format:\n{text}");
        assert!(!text.contains("debater-logical"), "{text}");
        let (_, rounds) = text.split_once("Moderated").unwrap();
        assert!(
            !rounds.contains("speech") && !rounds.contains("award"),
            "{rounds}"
        );
    }

    #[test]
    fn the_werewolf_board_counts_in_plain_words() {
        let ai = SeatResult {
            name: "heuristic 0.1.0".into(),
            ..seat("ai:heuristic@0.1.0", true, "wolf", 30.0, true)
        };
        let results = vec![ai, seat("discord:1", false, "seer", 5.0, false)];
        let text = leaderboard_text(
            GameKind::Werewolf,
            "g",
            3,
            &results,
            &Personalities::builtin(),
        );
        assert!(
            text.contains("Nobody is ranked yet: a player needs 3 finished games."),
            "{text}"
        );
        assert!(
            text.contains("1 more player with fewer than 3 finished games."),
            "{text}"
        );
        assert!(
            text.contains("🤖 AI · built-in player — mean GPP 30.0, 1 seat, 100% wins"),
            "{text}"
        );
        assert!(!text.contains("(s)"), "{text}");
    }

    #[test]
    fn a_record_shows_each_part_with_its_own_numbers() {
        let results = vec![
            seat("discord:1", false, "pro1", 20.0, true),
            seat("discord:1", false, "social", -2.279999999999987, false),
        ];
        let text = record_text(GameKind::Debate, "g", &results).unwrap();
        assert!(text.starts_with("**Debate**\n"), "{text}");
        assert!(
            text.contains(
                "Team debates: 1 game, 1 win (100%), mean speech score 7.3, 1 best-debater award."
            ),
            "{text}"
        );
        assert!(
            text.contains("• pro: 1 game, 1 win, mean speech score 7.3"),
            "{text}"
        );
        assert!(
            text.contains("Social debates: 1 game, 0 wins (0%), mean points -2.3."),
            "{text}"
        );
        assert!(!text.contains("total"), "{text}");
        let ww = vec![
            SeatResult {
                role: "seer".into(),
                ..seat("discord:1", false, "seer", 12.0, true)
            },
            SeatResult {
                role: "wolf".into(),
                ..seat("discord:1", false, "wolf", 0.4000000000000001, false)
            },
        ];
        let text = record_text(GameKind::Werewolf, "g", &ww).unwrap();
        assert!(
            text.contains("2 games, 1 win (50%), mean GPP 6.2 (total 12.4)."),
            "{text}"
        );
        assert!(record_text(GameKind::Trial, "g", &[]).is_none());
    }
}
