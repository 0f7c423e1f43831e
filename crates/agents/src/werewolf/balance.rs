//! Each ranked board's measured balance, as the ladder recorded it in
//! `content/werewolf/balance.toml` (`agora sim werewolf --board all --games 10000 --seed 1
//! --balance content/werewolf/balance.toml` writes it): one table per board id with the
//! good side's win rate, its 95% interval, the draws and the widest seat gap. The web page
//! and the README show these figures; a test replays a small ladder per board against
//! them. The content directory's `werewolf/balance.toml` replaces the built-in file.

use crate::config::ConfigError;
use crate::content::content_dir;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The built-in record.
pub const BUILT_IN: &str = include_str!("../../../../content/werewolf/balance.toml");

/// One board's measured balance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Measured {
    /// Games played and the first game's seed.
    pub games: u64,
    pub seed: u64,
    /// The good side's win rate (0–1) and the half-width of its 95% interval.
    pub good_rate: f64,
    pub good_ci95: f64,
    /// Share of games drawn (0–1).
    pub draw_rate: f64,
    /// The widest gap between a seat's win rate and the seats' mean, in points.
    pub seat_gap_points: f64,
}

/// The record: board id → its figures, in id order.
pub type Record = BTreeMap<String, Measured>;

/// Reads a record's text; `name` is the file's name for errors. Every rate is a share
/// (0–1) and every board id is a board there is.
pub fn parse(name: &str, text: &str) -> Result<Record, ConfigError> {
    let invalid = |field: String, message: String| ConfigError::Invalid {
        file: name.to_string(),
        field,
        message,
    };
    let record: Record =
        toml::from_str(text).map_err(|e| invalid("(file)".into(), e.message().to_string()))?;
    for (id, m) in &record {
        if super::boards::find(id).is_err() {
            return Err(invalid(id.clone(), "is not a board".into()));
        }
        for (field, v) in [
            ("good_rate", m.good_rate),
            ("good_ci95", m.good_ci95),
            ("draw_rate", m.draw_rate),
        ] {
            if !(0.0..=1.0).contains(&v) {
                return Err(invalid(format!("{id}.{field}"), format!("{v} is not 0–1")));
            }
        }
        if m.games == 0 {
            return Err(invalid(format!("{id}.games"), "must be at least 1".into()));
        }
    }
    Ok(record)
}

/// The record as a file's text, with a header saying how it was made.
pub fn render(record: &Record, command: &str) -> String {
    let body = toml::to_string(record).expect("the figures are plain numbers");
    format!(
        "# Each ranked board's balance as the ladder measured it (built-in players on both\n\
         # sides). Written by: {command}\n\n{body}"
    )
}

static INSTALLED: OnceLock<Record> = OnceLock::new();

/// Loads the content directory's record if it has one (else the built-in one) as the one
/// [`recorded`] gives. Called once at startup.
pub fn install_from_env() -> Result<(), ConfigError> {
    let path = content_dir().join("werewolf").join("balance.toml");
    let record = if path.is_file() {
        parse(&path.display().to_string(), &crate::content::read(&path)?)?
    } else {
        parse("content/werewolf/balance.toml", BUILT_IN)?
    };
    let _ = INSTALLED.set(record);
    Ok(())
}

/// The recorded balance of every board measured.
pub fn recorded() -> &'static Record {
    INSTALLED.get_or_init(|| {
        parse("content/werewolf/balance.toml", BUILT_IN).expect("the built-in record is tested")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_record_covers_every_ranked_board_within_bounds() {
        let record = parse("balance.toml", BUILT_IN).unwrap();
        for board in super::super::boards::all().iter().filter(|b| b.ranked) {
            let m = record
                .get(&board.id)
                .unwrap_or_else(|| panic!("{} has no recorded balance", board.id));
            assert!(
                (0.40..=0.60).contains(&m.good_rate),
                "{}: good side {:.1}%",
                board.id,
                100.0 * m.good_rate
            );
            assert!(m.draw_rate <= 0.03, "{}", board.id);
            assert!(m.seat_gap_points <= 5.0, "{}", board.id);
            assert!(m.games >= 10_000, "{}", board.id);
        }
        let again = parse("b.toml", &render(&record, "test")).unwrap();
        assert_eq!(again, record);
    }

    #[test]
    fn a_bad_record_names_the_board_and_the_field() {
        let e = parse("b.toml", "[nine]\ngames = 1\nseed = 1\ngood_rate = 0.5\ngood_ci95 = 0.01\ndraw_rate = 0.0\nseat_gap_points = 1.0\n")
            .unwrap_err();
        assert_eq!(e.to_string(), "b.toml: nine: is not a board");
        let e = parse("b.toml", "[six]\ngames = 1\nseed = 1\ngood_rate = 47.0\ngood_ci95 = 0.01\ndraw_rate = 0.0\nseat_gap_points = 1.0\n")
            .unwrap_err();
        assert!(e.to_string().starts_with("b.toml: six.good_rate:"), "{e}");
    }
}
