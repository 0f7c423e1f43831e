//! Ratings as the boards' commands say them: a line's rating (`rating 7.9 (25.6 ± 11.7)`,
//! werewolf's sides after it), and a player's rating history as a PNG chart for `/stats`.

use agora_core::ratings::{key_title, key_title_in};
use agora_core::registry::GameKind;
use agora_core::stats::PlayerLine;
use agora_core::store::RatingRow;
use agora_games::Lang;
use std::collections::BTreeMap;

/// `rating 7.9 (25.6 ± 11.7)`, with each side's for a game rated by side (keys other than
/// the game's name: `rating 0.2 (25.0 ± 16.6; village 1.3, wolves -0.9)`); empty without a
/// rating.
pub(super) fn rating_said(p: &PlayerLine, game: GameKind, lang: Lang) -> String {
    let Some(r) = &p.rating else {
        return String::new();
    };
    let mut inner = format!("{:.1} ± {:.1}", r.rating.mu, 2.0 * r.rating.sigma);
    if r.keys.keys().any(|k| k != game.name()) {
        let sides: Vec<String> = r
            .keys
            .iter()
            .map(|(k, (rating, _))| format!("{} {:.1}", key_title_in(k, lang), rating.display()))
            .collect();
        inner.push_str(&lang.text("rating-sides", &[("sides", &sides.join(", "))]));
    }
    let value = format!("{:.1}", r.rating.display());
    lang.text("rating-said", &[("value", &value), ("inner", &inner)])
}

/// [`rating_said`] followed by a comma, to lead a line; empty without a rating.
pub(super) fn lead(p: &PlayerLine, game: GameKind, lang: Lang) -> String {
    let said = rating_said(p, game, lang);
    if said.is_empty() {
        said
    } else {
        lang.text("rating-lead", &[("said", &said)])
    }
}

/// `player`'s ratings here over their games, one line per game and side (μ − 3σ before
/// the first game and after each); `None` without a rated game.
pub(super) fn history_chart(rows: &[RatingRow], player: &str, guild: &str) -> Option<Vec<u8>> {
    let mut by: BTreeMap<(String, String), Vec<&RatingRow>> = BTreeMap::new();
    for r in rows
        .iter()
        .filter(|r| r.player == player && r.community == guild)
    {
        by.entry((r.game.clone(), r.key.clone()))
            .or_default()
            .push(r);
    }
    if by.is_empty() {
        return None;
    }
    let series: Vec<(String, Vec<f64>)> = by
        .into_iter()
        .map(|((game, key), rs)| {
            let title = GameKind::parse(&game).map_or(game.clone(), |k| k.title().to_string());
            let name = if key == game {
                title
            } else {
                format!("{title} · {}", key_title(&key))
            };
            let values = std::iter::once(rs[0].before.display())
                .chain(rs.iter().map(|r| r.after.display()))
                .collect();
            (name, values)
        })
        .collect();
    agora_core::charts::ratings::history(&series).ok()
}
