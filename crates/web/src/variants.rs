//! The games' variants on the pages (a werewolf board): each ranked variant's recorded
//! balance, and the name of the variant a finished game was played on. Each game says
//! what its variants are through its statistics ([`agora_core::stats::GameStats`]); this
//! module names no game.

use crate::data::{r1, BalanceLine};
use crate::lang::PageLang;
use agora_core::registry::{stats, GameKind};
use serde_json::Value;

/// The recorded balance of every ranked variant of the games a community plays (`games`:
/// the games of its boards, each counted once), in the games' and variants' order.
pub(crate) fn balance_for<'a>(
    games: impl Iterator<Item = &'a str>,
    lang: PageLang,
) -> Vec<BalanceLine> {
    let played: Vec<&str> = games.collect();
    GameKind::ALL
        .into_iter()
        .filter(|k| played.contains(&k.name()))
        .flat_map(|k| stats::of(k).balance(lang.lang))
        .map(|v| BalanceLine {
            board: v.id,
            name: v.name,
            good_percent: r1(100.0 * v.good_rate),
            ci95_points: r1(100.0 * v.good_ci95),
            draw_percent: r1(100.0 * v.draw_rate),
            seat_gap_points: r1(v.seat_gap_points),
            games: v.games,
        })
        .collect()
}

/// The name in `lang` of the variant a finished game of `game` records in its `details`
/// (none on the game's default variant, or for a game played one way).
pub(crate) fn variant_name(game: &str, details: &Value, lang: agora_games::Lang) -> Option<String> {
    stats::of(GameKind::parse(game)?).variant_name(details, lang)
}
