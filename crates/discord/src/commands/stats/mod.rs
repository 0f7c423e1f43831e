//! The statistics commands, for every game kind: `/leaderboard game:<game> [board]
//! [season]` (the server's ranking by rating, people and AI players apart) and `/stats` (a player's record in each game
//! they have played here). Both defer at once and read results from the store; what a
//! game ranks by is its [`Board`](agora_core::stats::Board). The games are the registry's: a
//! `/leaderboard` subcommand each, described by its stats; this file names none (each
//! game's tests of its lines are in its own folder: `werewolf/board_tests.rs`, …).

mod rating;

use super::community::{BoardChoice, GameChoice};
use crate::text::sanitize;
use crate::types::{Context, Error};
use agora_core::ratings::boards::Ratings;
use agora_core::ratings::boards::Which;
use agora_core::registry::GameKind;
use agora_core::stats::names::{amount, count, number, percent, shown_name_in, Personas};
use agora_core::stats::{Board, PlayerLine};
use agora_core::store::SeatResult;
use agora_games::Lang;
use serenity::all::CreateEmbed;

/// A game's board here: people ranked by rating (μ − 3σ), AI players apart.
///
/// The full board is linked on the community page when `AGORA_WEB_URL` is set.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which game"] game: GameChoice,
    #[description = "Whose board: people, ai or everyone (default)"] board: Option<BoardChoice>,
    #[description = "One season (0 is the one before the first start; default: all)"]
    #[min = 0]
    season: Option<i64>,
) -> Result<(), Error> {
    let bot = ctx.data().clone();
    ctx.defer().await?;
    let game = game.0;
    let which = board.map_or(Which::Everyone, |b| b.0);
    let guild = guild_of(&ctx);
    let (lang, _) = super::settings::command_langs(ctx).await;
    let mut results = bot.store.results(game.name(), Some(&guild)).await?;
    let rows = bot.store.rating_history(game.name(), Some(&guild)).await?;
    agora_core::ratings::boards::keep_season(&mut results, &rows, season);
    results.retain(|r| which.lists(r.is_ai));
    let ratings = agora_core::registry::stats::ratings(game, &rows, season);
    let mut text = leaderboard_text_in(
        game,
        &guild,
        bot.config.stats.min_games,
        &results,
        &ratings,
        &bot.kits,
        lang,
    );
    if results.is_empty() {
        text = lang.text(
            match which {
                Which::Ai => "board-none-ai",
                Which::People => "board-none-people",
                Which::Everyone => "board-none",
            },
            &[],
        );
    }
    if let Some(link) = web_link(bot.web_url.as_deref(), &guild, game, which, season) {
        text.push_str("\n\n");
        text.push_str(&lang.text("board-full", &[("link", &link)]));
    }
    let name = game.title_in(lang);
    let title = match season {
        Some(s) => lang.text(
            "board-title-season",
            &[("game", &name), ("season", &s.to_string())],
        ),
        None => lang.text("board-title", &[("game", &name)]),
    };
    ctx.send(
        poise::CreateReply::default()
            .embed(
                CreateEmbed::new()
                    .title(title)
                    .description(within_embed(&text)),
            )
            .allowed_mentions(serenity::all::CreateAllowedMentions::new()),
    )
    .await?;
    Ok(())
}

/// The board's address on the community page, when `AGORA_WEB_URL` is set.
fn web_link(
    base: Option<&str>,
    guild: &str,
    game: GameKind,
    which: Which,
    season: Option<i64>,
) -> Option<String> {
    let base = base?;
    let mut link = format!("{base}/c/{guild}/{}", game.name());
    let mut query = Vec::new();
    if which != Which::Everyone {
        query.push(format!("board={}", which.name()));
    }
    if let Some(s) = season {
        query.push(format!("season={s}"));
    }
    if !query.is_empty() {
        link.push('?');
        link.push_str(&query.join("&"));
    }
    Some(link)
}

/// `text` within an embed's 4,096 characters (cut at a line, with an ellipsis).
fn within_embed(text: &str) -> String {
    const MAX: usize = 4000;
    if text.chars().count() <= MAX {
        return text.to_string();
    }
    let mut out = String::new();
    for line in text.lines() {
        if out.chars().count() + line.chars().count() + 2 > MAX {
            break;
        }
        out.push_str(line);
        out.push('\n');
    }
    out.push('…');
    out
}

fn guild_of(ctx: &Context<'_>) -> String {
    ctx.guild_id()
        .map(|g| g.get().to_string())
        .unwrap_or_default()
}

/// `count` of an award (`1 best-debater award`, `2 best-debater awards`), after a comma.
fn awards(def: &dyn Board, n: u64, lang: Lang) -> String {
    match def.award_name() {
        Some(_) if n > 0 && lang.is_english() => {
            let many = def.award_title();
            format!(
                ", {}",
                count(n, many.strip_suffix('s').unwrap_or(many), many)
            )
        }
        Some(_) if n > 0 => lang.text(
            "board-awards",
            &[("n", &n.to_string()), ("award", &def.award_title_in(lang))],
        ),
        _ => String::new(),
    }
}

/// `n` things in `lang` by the messages `id` and `id-one` (`1 game`, `3 games`, `3 局`).
fn counted(lang: Lang, id: &str, n: u64) -> String {
    let id = if n == 1 {
        format!("{id}-one")
    } else {
        id.to_string()
    };
    lang.text(&id, &[("n", &n.to_string())])
}

/// The leaderboard's text in English ([`leaderboard_text_in`]).
#[cfg(test)]
pub(crate) fn leaderboard_text(
    game: GameKind,
    guild: &str,
    min_games: u32,
    results: &[SeatResult],
    ratings: &Ratings,
    personas: &dyn Personas,
) -> String {
    leaderboard_text_in(game, guild, min_games, results, ratings, personas, Lang::En)
}

/// The leaderboard's text: per part (a debate format) its ranked people, how many more
/// are not ranked yet, and its AI players apart, each named as the table showed them.
pub(crate) fn leaderboard_text_in(
    game: GameKind,
    guild: &str,
    min_games: u32,
    results: &[SeatResult],
    ratings: &Ratings,
    personas: &dyn Personas,
    lang: Lang,
) -> String {
    let mut lines = Vec::new();
    if !ratings.is_empty() {
        lines.push(lang.text("board-ranked-by", &[]));
    }
    let parts = agora_core::registry::stats::parts(game);
    for part in parts {
        let seats = part.of(results);
        if seats.is_empty() && parts.len() > 1 {
            continue;
        }
        let def = part.board;
        let score = def.score_title_in(lang);
        let mean = |x: f64| number(x, 1, def.signed());
        let board =
            agora_core::stats::people_and_ai_of(def, Some(guild), min_games, &seats, ratings);
        if !part.title.is_empty() {
            if !lines.is_empty() {
                lines.push(String::new());
            }
            lines.push(format!("__{}__", part.title_in(lang)));
        }
        // A ranked person's line and an AI player's: `played` counts games or seats.
        let line = |id: &str, p: &PlayerLine, name: &str, played: &str| {
            lang.text(
                id,
                &[
                    ("rank", &p.rank.unwrap_or(0).to_string()),
                    ("name", name),
                    ("lead", &rating::lead(p, game, lang)),
                    ("score", &score),
                    ("mean", &mean(p.mean_score)),
                    ("played", &counted(lang, played, p.games)),
                    ("rate", &percent(p.win_rate)),
                    ("awards", &awards(def, p.awards, lang)),
                ],
            )
        };
        let people = &board.people;
        for p in people.players.iter().filter(|p| p.rank.is_some()).take(15) {
            lines.push(line(
                "board-person",
                p,
                &sanitize(&p.name, 40),
                "board-games",
            ));
        }
        let unranked = people.players.iter().filter(|p| p.rank.is_none()).count() as u64;
        let needs = agora_core::stats::text::finished_games(min_games, lang);
        if people.players.iter().all(|p| p.rank.is_none()) {
            lines.push(lang.text("board-nobody-ranked", &[("needs", &needs)]));
        }
        if unranked > 0 {
            let id = if unranked == 1 {
                "board-unranked-one"
            } else {
                "board-unranked"
            };
            lines.push(lang.text(id, &[("n", &unranked.to_string()), ("needs", &needs)]));
        }
        if !board.ai.is_empty() {
            lines.push(lang.text("board-ai-heading", &[]));
            for p in board.ai.iter().take(10) {
                let name = sanitize(&shown_name_in(&p.player, &p.name, personas, lang), 60);
                lines.push(line("board-ai", p, &name, "board-seats"));
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
    let (lang, _) = super::settings::command_langs(ctx).await;
    let id = format!("discord:{}", who.id.get());
    // The player's own rating rows, read once: their ratings and the chart's history.
    let rows = bot.store.player_ratings(&id).await?;
    let mut sections = Vec::new();
    for game in GameKind::ALL {
        let results: Vec<_> = bot
            .store
            .results(game.name(), Some(&guild))
            .await?
            .into_iter()
            .filter(|r| r.player == id)
            .collect();
        let here: Vec<_> = rows
            .iter()
            .filter(|r| r.game == game.name() && r.community == guild)
            .cloned()
            .collect();
        let ratings = agora_core::registry::stats::ratings(game, &here, None);
        sections.extend(record_text_in(game, &guild, &results, &ratings, lang));
    }
    let text = if sections.is_empty() {
        let who = format!("<@{}>", who.id.get());
        lang.text("record-none", &[("who", &who)])
    } else {
        format!("<@{}>\n{}", who.id.get(), sections.join("\n"))
    };
    let mut reply = poise::CreateReply::default()
        .content(text)
        .allowed_mentions(serenity::all::CreateAllowedMentions::new());
    if let Some(png) = rating::history_chart(&rows, &id, &guild) {
        reply = reply.attachment(serenity::all::CreateAttachment::bytes(png, "ratings.png"));
    }
    ctx.send(reply).await?;
    Ok(())
}

/// One player's record in English ([`record_text_in`]).
#[cfg(test)]
pub(crate) fn record_text(
    game: GameKind,
    guild: &str,
    results: &[SeatResult],
    ratings: &Ratings,
) -> Option<String> {
    record_text_in(game, guild, results, ratings, Lang::En)
}

/// One player's record in `game` (their seats), per part (a debate format), each with
/// only the numbers that part has; `None` when they have played none.
pub(crate) fn record_text_in(
    game: GameKind,
    guild: &str,
    results: &[SeatResult],
    ratings: &Ratings,
    lang: Lang,
) -> Option<String> {
    let parts = agora_core::registry::stats::parts(game);
    let mut lines = Vec::new();
    for part in parts {
        let seats = part.of(results);
        let board = agora_core::stats::leaderboard_of(part.board, Some(guild), 0, &seats, ratings);
        let Some(p) = board.players.first() else {
            continue;
        };
        let def = part.board;
        let score = def.score_title_in(lang);
        let mean = |x: f64| number(x, 1, def.signed());
        let mut s = lang.text(
            "record-line",
            &[
                ("games", &counted(lang, "board-games", p.games)),
                ("wins", &counted(lang, "record-wins", p.wins)),
                ("rate", &percent(p.win_rate)),
                ("score", &score),
                ("mean", &mean(p.mean_score)),
            ],
        );
        if def.shows_total() {
            let total = amount(p.total_score, false);
            s.push_str(&lang.text("record-total", &[("total", &total)]));
        }
        s.push_str(&awards(def, p.awards, lang));
        let rated = rating::rating_said(p, game, lang);
        if !rated.is_empty() {
            s.push_str(&lang.text("record-rated", &[("rating", &rated)]));
        }
        s.push_str(&lang.text("record-end", &[]));
        if !part.title.is_empty() {
            s = lang.text(
                "record-part",
                &[("part", &part.title_in(lang)), ("line", &s)],
            );
        }
        if def.groups_title().is_some() {
            for (group, r) in &p.groups {
                s.push('\n');
                s.push_str(&lang.text(
                    "record-group",
                    &[
                        ("group", &agora_core::stats::names::word_in(group, lang)),
                        ("games", &counted(lang, "board-games", r.games)),
                        ("wins", &counted(lang, "record-wins", r.wins)),
                        ("score", &score),
                        ("mean", &mean(r.mean_score)),
                    ],
                ));
            }
        }
        lines.push(s);
    }
    if lines.is_empty() {
        return None;
    }
    Some(format!("**{}**\n{}", game.title_in(lang), lines.join("\n")))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use agora_core::stats::names::Personas;
    use serde_json::json;

    /// No characters, every registered game's AI players: the boards' tests that need
    /// no kit.
    pub(crate) struct NoPersonas;

    impl Personas for NoPersonas {
        fn persona_name(&self, _id: &str) -> Option<String> {
            None
        }
        fn ai_name(&self, agent: &str) -> Option<String> {
            agora_core::registry::stats::ai_name(agent, self)
        }
    }

    /// A finished seat in guild `g`; an AI seat named as the store names a debater.
    pub(crate) fn seat(player: &str, ai: bool, role: &str, score: f64, won: bool) -> SeatResult {
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

    /// `/leaderboard` as Discord sees it: a `game` option offering the registry's games in
    /// order, then the optional board and season.
    #[test]
    fn the_leaderboard_command_offers_every_game_and_board() {
        let command = leaderboard();
        assert!(command.guild_only);
        let json = serde_json::to_value(command.create_as_slash_command().unwrap()).unwrap();
        let options = json["options"].as_array().unwrap();
        let names: Vec<&str> = options
            .iter()
            .map(|o| o["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["game", "board", "season"]);
        assert_eq!(options[0]["required"], true);
        let games: Vec<&str> = options[0]["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap())
            .collect();
        let registered: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(games, registered);
        let boards: Vec<&str> = options[1]["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap())
            .collect();
        assert_eq!(boards, ["people", "ai", "everyone"]);
        assert_eq!(options[2]["min_value"].as_f64(), Some(0.0));
        assert!(json["description"].as_str().unwrap().len() <= 100);
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
