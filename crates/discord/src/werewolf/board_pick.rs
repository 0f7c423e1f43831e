//! Which board a `/werewolf start` plays on: its `board` option (autocompleted over the
//! loaded boards, each shown by its name in the reader's language and its seats) and its
//! `seats` option. With `seats` alone, the board is the preferred one of that many seats:
//! `seed9` for nine, `six` for six, `zh12-guard` for twelve (the plainest standard board of
//! each size), else the first ranked board of that size by id, else any board of it. A
//! board and a seat count that disagree, or an unknown board, are refused and change
//! nothing. Also the board's line as the lobby shows it (name, seats, deck).

use agora_agents::werewolf::boards;
use agora_games::werewolf::{Board, Role};
use agora_games::Lang;
use std::sync::Arc;

/// The board picked for each seat count when only `seats` is given, before any other.
const PREFERRED: [&str; 3] = [boards::DEFAULT, "six", "zh12-guard"];

/// The board of `board` and `seats` (both optional: the default board when neither is
/// given), or why not, in `lang`.
pub fn pick(board: Option<&str>, seats: Option<u8>, lang: Lang) -> Result<Arc<Board>, String> {
    let all = boards::all();
    let of_size = |n: u8| -> Vec<&Arc<Board>> { all.iter().filter(|b| b.seats == n).collect() };
    let ids = |list: &[&Arc<Board>]| -> String {
        let ids: Vec<&str> = list.iter().map(|b| b.id.as_str()).collect();
        ids.join(", ")
    };
    match (board.map(str::trim).filter(|b| !b.is_empty()), seats) {
        (None, None) => Ok(Board::seed9()),
        (Some(id), seats) => {
            let found = boards::find(id).map_err(|_| {
                let every: Vec<&Arc<Board>> = all.iter().collect();
                let boards = ids(&every);
                lang.text("wwb-err-no-board", &[("board", id), ("boards", &boards)])
            })?;
            match seats {
                Some(n) if n != found.seats => Err(lang.text(
                    "wwb-err-mismatch",
                    &[
                        ("name", found.name_in(lang)),
                        ("board_seats", &found.seats.to_string()),
                        ("seats", &n.to_string()),
                        ("boards", &ids(&of_size(n))),
                    ],
                )),
                _ => Ok(found),
            }
        }
        (None, Some(n)) => {
            let fits = of_size(n);
            let preferred = PREFERRED
                .iter()
                .find_map(|id| fits.iter().find(|b| b.id == *id));
            let ranked = fits.iter().find(|b| b.ranked);
            match preferred.or(ranked).or(fits.first()) {
                Some(b) if b.id == boards::DEFAULT => Ok(Board::seed9()),
                Some(b) => Ok(Arc::clone(b)),
                None => {
                    let mut counts: Vec<u8> = all.iter().map(|b| b.seats).collect();
                    counts.sort_unstable();
                    counts.dedup();
                    let counts: Vec<String> = counts.iter().map(u8::to_string).collect();
                    let counts = counts.join(", ");
                    Err(lang.text(
                        "wwb-err-no-seats",
                        &[("seats", &n.to_string()), ("counts", &counts)],
                    ))
                }
            }
        }
    }
}

/// The board a stored lobby or table names (`None`: the default); a board no longer
/// loaded is the default too (its game, once started, keeps its own copy).
pub fn stored(id: Option<&str>) -> Arc<Board> {
    id.and_then(|id| boards::find(id).ok())
        .unwrap_or_else(Board::seed9)
}

/// The boards whose id or name (in `lang`) holds what was typed, shown by name and seats
/// (at most 25, Discord's limit): `(shown, id)`.
pub fn choices(partial: &str, lang: Lang) -> Vec<(String, String)> {
    let typed = partial.trim().to_lowercase();
    boards::all()
        .iter()
        .filter(|b| {
            typed.is_empty()
                || b.id.to_lowercase().contains(&typed)
                || b.name_in(lang).to_lowercase().contains(&typed)
        })
        .take(25)
        .map(|b| {
            let shown = lang.text(
                "wwb-choice",
                &[("name", b.name_in(lang)), ("seats", &b.seats.to_string())],
            );
            (shown.chars().take(100).collect(), b.id.clone())
        })
        .collect()
}

/// The board as the lobby shows it: its name, its seats and its deck (`2 werewolf, …`).
pub fn line(board: &Board, lang: Lang) -> String {
    let mut deck: Vec<(Role, usize)> = Vec::new();
    for role in board.deck() {
        match deck.iter_mut().find(|(r, _)| *r == role) {
            Some((_, n)) => *n += 1,
            None => deck.push((role, 1)),
        }
    }
    let parts: Vec<String> = deck
        .iter()
        .map(|(role, n)| {
            lang.text(
                "wwb-deck-part",
                &[("count", &n.to_string()), ("role", &role.name_in(lang))],
            )
        })
        .collect();
    lang.text(
        "wwb-board-line",
        &[
            ("name", board.name_in(lang)),
            ("seats", &board.seats.to_string()),
            ("deck", &parts.join(&lang.text("wwd-list-sep", &[]))),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_alone_pick_the_plainest_board_of_that_size() {
        let id = |seats| pick(None, Some(seats), Lang::En).map(|b| b.id.clone());
        assert_eq!(id(6).unwrap(), "six");
        assert_eq!(id(9).unwrap(), "seed9");
        assert_eq!(id(12).unwrap(), "zh12-guard");
        assert_eq!(pick(None, None, Lang::En).unwrap().id, "seed9");
        let e = id(7).unwrap_err();
        assert_eq!(e, "no board has 7 seats; the boards have 6, 9, 12 seats");
    }

    #[test]
    fn a_board_and_seats_that_disagree_are_refused() {
        let b = pick(Some("zh12-idiot"), Some(12), Lang::En).unwrap();
        assert_eq!(b.seats, 12);
        let e = pick(Some("six"), Some(12), Lang::En).unwrap_err();
        assert!(
            e.contains("has 6 seats, not 12") && e.contains("zh12-guard"),
            "{e}"
        );
        let e = pick(Some("nine"), None, Lang::ZhCn).unwrap_err();
        assert!(
            e.contains("没有叫“nine”的板子") && e.contains("seed9"),
            "{e}"
        );
    }

    #[test]
    fn choices_show_names_in_the_readers_language_and_lines_show_the_deck() {
        let zh = choices("", Lang::ZhCn);
        assert_eq!(zh.len(), boards::all().len());
        assert!(zh
            .iter()
            .any(|(s, id)| s == "十二人预女猎守（12 人）" && id == "zh12-guard"));
        let en = choices("guard", Lang::En);
        assert!(en.iter().any(|(_, id)| id == "zh12-guard"), "{en:?}");
        let line = line(&pick(Some("six"), None, Lang::En).unwrap(), Lang::En);
        assert!(
            line.contains("**Six seats: seer, witch**, 6 seats"),
            "{line}"
        );
        assert!(line.contains("werewolf ×2"), "{line}");
    }
}
