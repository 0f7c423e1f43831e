//! The leaderboards as text for the terminal (`agora stats <game>`), read as people read
//! `/leaderboard`: one table per [`Part`] (a debate format), people ranked among
//! themselves, AI players apart and never ranked, named as the table showed them; only
//! the columns the part has, labelled in plain words in the reader's language (`--lang`:
//! the messages `stats-…` of `locales/`), the numbers rounded, the columns aligned as a
//! terminal shows them (a Chinese character takes two).

use super::names::{number, percent, shown_name_in, word_in, Personas};
use super::{people_and_ai_of, Board, Part, PlayerLine};
use crate::games::Lang;
use crate::ratings::boards::Ratings;
use crate::store::SeatResult;

/// A game's boards as text, in English: [`render_in`].
pub fn render(
    title: &str,
    parts: &[Part],
    community: Option<&str>,
    min_games: u32,
    results: &[SeatResult],
    ratings: &Ratings,
    personas: &dyn Personas,
) -> String {
    let at = Place {
        community,
        min_games,
        lang: Lang::En,
    };
    render_in(title, parts, at, results, ratings, personas)
}

/// Where a board is read: its community (`None`: everywhere), the games a person plays
/// before being ranked, and the reader's language.
#[derive(Debug, Clone, Copy)]
pub struct Place<'a> {
    pub community: Option<&'a str>,
    pub min_games: u32,
    pub lang: Lang,
}

/// `n` finished games in `lang` (`1 finished game`, `3 局`).
pub fn finished_games(n: u32, lang: Lang) -> String {
    let id = if n == 1 {
        "stats-finished-games-one"
    } else {
        "stats-finished-games"
    };
    lang.text(id, &[("n", &n.to_string())])
}

/// A game's boards as text: a heading with its `title` (`Werewolf`, in the reader's
/// language), then each of its `parts` with seats (all of them for a game of one part).
pub fn render_in(
    title: &str,
    parts: &[Part],
    at: Place<'_>,
    results: &[SeatResult],
    ratings: &Ratings,
    personas: &dyn Personas,
) -> String {
    let lang = at.lang;
    let games = finished_games(at.min_games, lang);
    let mut s = match at.community {
        Some(c) => lang.text(
            "stats-board-heading-of",
            &[("title", title), ("community", c), ("games", &games)],
        ),
        None => lang.text(
            "stats-board-heading",
            &[("title", title), ("games", &games)],
        ),
    };
    s.push('\n');
    if results.is_empty() {
        s.push_str(&lang.text("stats-no-finished-games", &[]));
        s.push('\n');
        return s;
    }
    for part in parts {
        let seats = part.of(results);
        if seats.is_empty() {
            continue;
        }
        s.push('\n');
        s.push_str(&render_part_in(part, at, &seats, ratings, personas));
    }
    s
}

/// One part's tables, in English: [`render_part_in`].
pub fn render_part(
    part: &Part,
    community: Option<&str>,
    min_games: u32,
    seats: &[SeatResult],
    ratings: &Ratings,
    personas: &dyn Personas,
) -> String {
    let at = Place {
        community,
        min_games,
        lang: Lang::En,
    };
    render_part_in(part, at, seats, ratings, personas)
}

/// One part's tables: its people, then its AI players.
pub fn render_part_in(
    part: &Part,
    at: Place<'_>,
    seats: &[SeatResult],
    ratings: &Ratings,
    personas: &dyn Personas,
) -> String {
    let def = part.board;
    let lang = at.lang;
    let board = people_and_ai_of(def, at.community, at.min_games, seats, ratings);
    let mut s = String::new();
    if !part.title.is_empty() {
        s.push_str(&format!("{}\n", part.title_in(lang)));
    }
    if board.people.players.is_empty() {
        s.push_str(&lang.text("stats-no-person", &[]));
        s.push('\n');
    } else {
        let rows: Vec<&PlayerLine> = board.people.players.iter().collect();
        s.push_str(&table(def, &rows, true, personas, lang));
    }
    if !board.ai.is_empty() {
        s.push('\n');
        s.push_str(&lang.text("stats-ai-apart", &[]));
        s.push('\n');
        let rows: Vec<&PlayerLine> = board.ai.iter().collect();
        s.push_str(&table(def, &rows, false, personas, lang));
    }
    s
}

/// Columns `text` takes at a terminal: two for a wide (East Asian) character.
pub fn columns(text: &str) -> usize {
    text.chars()
        .map(|c| {
            let wide = matches!(c as u32,
                0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF
                | 0x4E00..=0x9FFF | 0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF
                | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x20000..=0x3FFFD);
            1 + usize::from(wide)
        })
        .sum()
}

/// The score's cell: one decimal, signed for a shift.
fn score(def: &dyn Board, x: f64) -> String {
    number(x, 1, def.signed())
}

/// The lines as an aligned table; `ranked`: with the rank column (`-` below the minimum).
fn table(
    def: &dyn Board,
    lines: &[&PlayerLine],
    ranked: bool,
    personas: &dyn Personas,
    lang: Lang,
) -> String {
    let score_title = lang.text("stats-col-mean", &[("score", &def.score_title_in(lang))]);
    let col = |id: &str| lang.text(id, &[]);
    let mut header: Vec<String> = Vec::new();
    if ranked {
        header.push(col("stats-col-rank"));
    }
    let rated = lines.iter().any(|p| p.rating.is_some());
    // A game rated by side (werewolf's village and wolf, keys other than the game's name).
    let sides = lines.iter().any(|p| {
        p.rating
            .as_ref()
            .is_some_and(|r| r.keys.keys().any(|k| k != def.game()))
    });
    header.push(col("stats-col-player"));
    if rated {
        header.extend([col("stats-col-rating"), "μ ± 2σ".to_string()]);
    }
    header.extend(["stats-col-games", "stats-col-wins", "stats-col-win-rate"].map(col));
    header.push(score_title.clone());
    if def.award_name().is_some() {
        header.push(def.award_title_in(lang));
    }
    let sides_at = sides.then(|| {
        header.push(col("stats-col-by-side"));
        header.len() - 1
    });
    let groups = def.groups_title_in(lang);
    if let Some(g) = &groups {
        header.push(lang.text(
            "stats-col-by-group",
            &[("group", singular(g)), ("mean", &score_title)],
        ));
    }
    let rows: Vec<Vec<String>> = lines
        .iter()
        .map(|p| {
            let mut row = Vec::new();
            if ranked {
                row.push(p.rank.map_or("-".to_string(), |r| r.to_string()));
            }
            row.push(shown_name_in(&p.player, &p.name, personas, lang));
            if rated {
                let (display, spread) = rating_cells(p);
                row.push(display);
                row.push(spread);
            }
            row.push(p.games.to_string());
            row.push(p.wins.to_string());
            row.push(percent(p.win_rate));
            row.push(score(def, p.mean_score));
            if def.award_name().is_some() {
                row.push(p.awards.to_string());
            }
            if sides {
                row.push(side_cells(p, lang));
            }
            if groups.is_some() {
                let by: Vec<String> = p
                    .groups
                    .iter()
                    .map(|(g, l)| {
                        format!(
                            "{} {}, {}",
                            word_in(g, lang),
                            l.games,
                            score(def, l.mean_score)
                        )
                    })
                    .collect();
                row.push(by.join("; "));
            }
            row
        })
        .collect();
    // Text columns (the player, the breakdown) to the left, numbers to the right.
    let name_at = usize::from(ranked);
    let last = header.len() - 1;
    let left = |i: usize| i == name_at || (groups.is_some() && i == last) || sides_at == Some(i);
    let widths: Vec<usize> = (0..header.len())
        .map(|i| {
            rows.iter()
                .map(|r| columns(&r[i]))
                .chain([columns(&header[i])])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[String]| -> String {
        let out: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let pad = widths[i].saturating_sub(columns(c));
                if i == last && left(i) {
                    c.clone()
                } else if left(i) {
                    format!("{c}{}", " ".repeat(pad))
                } else {
                    format!("{}{c}", " ".repeat(pad))
                }
            })
            .collect();
        format!("{}\n", out.join("  ").trim_end())
    };
    let mut s = line(&header);
    for row in &rows {
        s.push_str(&line(row));
    }
    s
}

/// A line's rating cells: μ − 3σ, and μ ± 2σ (`-` without a rating).
fn rating_cells(p: &PlayerLine) -> (String, String) {
    match &p.rating {
        Some(r) => (
            format!("{:.1}", r.rating.display()),
            format!("{:.1} ± {:.1}", r.rating.mu, 2.0 * r.rating.sigma),
        ),
        None => ("-".into(), "-".into()),
    }
}

/// A line's ratings per side (`village 12.3 (4), wolves 8.1 (2)`): μ − 3σ and games.
fn side_cells(p: &PlayerLine, lang: Lang) -> String {
    let Some(r) = &p.rating else {
        return String::new();
    };
    r.keys
        .iter()
        .map(|(k, (rating, games))| {
            format!(
                "{} {:.1} ({games})",
                crate::ratings::key_title_in(k, lang),
                rating.display()
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `roles` → `role`, `sides` → `side`.
fn singular(word: &str) -> &str {
    word.strip_suffix('s').unwrap_or(word)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::ratings::boards::Ratings;
    use crate::stats::names::tests::NoPersonas;
    use serde_json::json;

    /// A finished seat; an AI seat named as the store names a debater.
    pub fn seat(player: &str, ai: bool, role: &str, score: f64, won: bool) -> SeatResult {
        SeatResult {
            player: player.into(),
            name: if ai {
                "debater-logical 0.1.0".into()
            } else {
                player.trim_start_matches("terminal:").into()
            },
            is_ai: ai,
            role: role.into(),
            score,
            won,
            community: "terminal".into(),
            details: json!({"speech_total": 14.5, "scored": 2, "best": won}),
            ..Default::default()
        }
    }

    #[test]
    fn an_empty_board_says_so_under_its_title() {
        let text = render(
            "Chess",
            &[],
            Some("c"),
            1,
            &[],
            &Ratings::default(),
            &NoPersonas,
        );
        assert_eq!(
            text,
            "Chess leaderboard of c: people are ranked by rating (μ − 3σ) once they have 1 finished game; AI players are listed apart, never ranked.\nNo finished games yet.\n"
        );
    }
}
