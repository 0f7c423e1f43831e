//! The werewolf boards' part of the pages: each ranked board's recorded balance and the
//! name of the board a finished game was played on.

use crate::data::{r1, BalanceLine};
use crate::lang::PageLang;
use agora_core::registry::GameKind;
use serde_json::Value;

/// The recorded balance of every ranked werewolf board when a community plays werewolf
/// (`games`: the games of its boards), else nothing.
pub(crate) fn balance_for<'a>(
    mut games: impl Iterator<Item = &'a str>,
    lang: PageLang,
) -> Vec<BalanceLine> {
    if games.any(|g| g == GameKind::Werewolf.name()) {
        balance_lines(lang)
    } else {
        Vec::new()
    }
}

/// The recorded balance of every ranked werewolf board, in the boards' order.
fn balance_lines(lang: PageLang) -> Vec<BalanceLine> {
    let record = agora_agents::werewolf::balance::recorded();
    let boards = agora_agents::werewolf::boards::all();
    boards
        .iter()
        .filter(|b| b.ranked)
        .filter_map(|b| {
            let m = record.get(&b.id)?;
            Some(BalanceLine {
                board: b.id.clone(),
                name: b.name_in(lang.lang).to_string(),
                good_percent: r1(100.0 * m.good_rate),
                ci95_points: r1(100.0 * m.good_ci95),
                draw_percent: r1(100.0 * m.draw_rate),
                seat_gap_points: r1(m.seat_gap_points),
                games: m.games,
            })
        })
        .collect()
}

/// The name in `lang` of the board a game's details record (werewolf on any board but the
/// default one), or its id when this build has no board of that id.
pub(crate) fn board_name(details: &Value, lang: agora_games::Lang) -> Option<String> {
    let id = details.get("board")?.as_str()?;
    Some(match agora_agents::werewolf::boards::find(id) {
        Ok(board) => board.name_in(lang).to_string(),
        Err(_) => id.to_string(),
    })
}
