//! The leaderboards as text for the terminal (`agora stats <game>`), read as people read
//! `/leaderboard`: one table per [`Part`] (a debate format), people ranked among
//! themselves, AI players apart and never ranked, named as the table showed them; only
//! the columns the part has, labelled in plain words, the numbers rounded.

use super::names::{count, number, percent, shown_name, Personas};
use super::{people_and_ai_of, Board, Part, PlayerLine};
use crate::ratings::boards::Ratings;
use crate::store::SeatResult;

/// A game's boards as text: a heading with its `title` (`Werewolf`), then each of its
/// `parts` with seats (all of them for a game of one part).
pub fn render(
    title: &str,
    parts: &[Part],
    community: Option<&str>,
    min_games: u32,
    results: &[SeatResult],
    ratings: &Ratings,
    personas: &dyn Personas,
) -> String {
    let mut s = format!(
        "{} leaderboard{}: people are ranked by rating (μ − 3σ) once they have {}; AI players are listed apart, never ranked.\n",
        title,
        community.map(|c| format!(" of {c}")).unwrap_or_default(),
        count(min_games as u64, "finished game", "finished games"),
    );
    if results.is_empty() {
        s.push_str("No finished games yet.\n");
        return s;
    }
    for part in parts {
        let seats = part.of(results);
        if seats.is_empty() {
            continue;
        }
        s.push('\n');
        s.push_str(&render_part(
            part, community, min_games, &seats, ratings, personas,
        ));
    }
    s
}

/// One part's tables: its people, then its AI players.
pub fn render_part(
    part: &Part,
    community: Option<&str>,
    min_games: u32,
    seats: &[SeatResult],
    ratings: &Ratings,
    personas: &dyn Personas,
) -> String {
    let def = part.board;
    let board = people_and_ai_of(def, community, min_games, seats, ratings);
    let mut s = String::new();
    if !part.title.is_empty() {
        s.push_str(&format!("{}\n", part.title));
    }
    if board.people.players.is_empty() {
        s.push_str("No person has played yet.\n");
    } else {
        let rows: Vec<&PlayerLine> = board.people.players.iter().collect();
        s.push_str(&table(def, &rows, true, personas));
    }
    if !board.ai.is_empty() {
        s.push_str("\nAI players (not ranked; each seat played counts as a game):\n");
        let rows: Vec<&PlayerLine> = board.ai.iter().collect();
        s.push_str(&table(def, &rows, false, personas));
    }
    s
}

/// The score's cell: one decimal, signed for a shift.
fn score(def: &dyn Board, x: f64) -> String {
    number(x, 1, def.signed())
}

/// The lines as an aligned table; `ranked`: with the rank column (`-` below the minimum).
fn table(def: &dyn Board, lines: &[&PlayerLine], ranked: bool, personas: &dyn Personas) -> String {
    let score_title = format!("mean {}", def.score_title());
    let mut header: Vec<String> = Vec::new();
    if ranked {
        header.push("rank".into());
    }
    let rated = lines.iter().any(|p| p.rating.is_some());
    // A game rated by side (werewolf's village and wolf, keys other than the game's name).
    let sides = lines.iter().any(|p| {
        p.rating
            .as_ref()
            .is_some_and(|r| r.keys.keys().any(|k| k != def.game()))
    });
    header.push("player".into());
    if rated {
        header.extend(["rating", "μ ± 2σ"].map(String::from));
    }
    header.extend(["games", "wins", "win%"].map(String::from));
    header.push(score_title.clone());
    if def.award_name().is_some() {
        header.push(def.award_title().into());
    }
    if sides {
        header.push("by side (rating)".into());
    }
    let groups = def.groups_title();
    if let Some(g) = groups {
        header.push(format!("by {} (games, {score_title})", singular(g)));
    }
    let rows: Vec<Vec<String>> = lines
        .iter()
        .map(|p| {
            let mut row = Vec::new();
            if ranked {
                row.push(p.rank.map_or("-".to_string(), |r| r.to_string()));
            }
            row.push(shown_name(&p.player, &p.name, personas));
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
                row.push(side_cells(p));
            }
            if groups.is_some() {
                let by: Vec<String> = p
                    .groups
                    .iter()
                    .map(|(g, l)| format!("{g} {}, {}", l.games, score(def, l.mean_score)))
                    .collect();
                row.push(by.join("; "));
            }
            row
        })
        .collect();
    // Text columns (the player, the breakdown) to the left, numbers to the right.
    let name_at = usize::from(ranked);
    let last = header.len() - 1;
    let sides_at = sides.then(|| header.iter().position(|h| h == "by side (rating)"));
    let left =
        |i: usize| i == name_at || (groups.is_some() && i == last) || sides_at.flatten() == Some(i);
    let widths: Vec<usize> = (0..header.len())
        .map(|i| {
            rows.iter()
                .map(|r| r[i].chars().count())
                .chain([header[i].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[String]| -> String {
        let out: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let pad = widths[i].saturating_sub(c.chars().count());
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
fn side_cells(p: &PlayerLine) -> String {
    let Some(r) = &p.rating else {
        return String::new();
    };
    r.keys
        .iter()
        .map(|(k, (rating, games))| {
            format!(
                "{} {:.1} ({games})",
                crate::ratings::key_title(k),
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
