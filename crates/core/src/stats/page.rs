//! What each game brings to a finished game's page on the community page ([`PageLines`]):
//! which of its story's lines are shown in which sections (werewolf's reveal after the
//! end, one seat's view), whether its story is told in detail, its chart's data and its
//! winners in words. Each game's is in its stats file; the page around it (`agora-web`)
//! is generic and picks a game's through the registry. Every word a game puts on the page
//! is said in the page's language (`Lang`; the messages `stats-…` of `locales/`).

use crate::games::Lang;
use crate::store::FinishedGame;

/// A titled run of a story's lines.
#[derive(Debug, Clone, PartialEq)]
pub struct Section {
    pub title: String,
    /// A line under the title saying what the section holds.
    pub note: String,
    pub lines: Vec<String>,
}

/// A stored game's story: the whole (every line, each private one tagged with who saw
/// it: `[seat 3 only] …`), and, when one seat's view was asked for, what it saw.
pub struct Stories {
    pub whole: String,
    pub seat: Option<(u8, String)>,
}

/// One line of a chart: its name and a value per step (`None`: no point there).
pub type Series = (String, Vec<Option<f64>>);

/// A chart's data: drawn by the page (as SVG).
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    pub title: String,
    /// What the steps are (`round`, `step`), in the page's language.
    pub x_desc: String,
    /// The y axis (widened to hold every value).
    pub y: std::ops::Range<f64>,
    pub series: Vec<Series>,
}

/// A game's part of its finished games' pages, in the page's language `lang`.
pub trait PageLines: Sync {
    /// The sections of its story (their titles and notes in `lang`; the lines as told).
    fn sections(&self, stories: &Stories, lang: Lang) -> Vec<Section>;
    /// Whether its story is told in detail (every speech whole): some formats' stories
    /// already are.
    fn detailed(&self, _game: &FinishedGame) -> bool {
        true
    }
    /// Whether the page offers one seat's view (`?seat=N`).
    fn per_seat(&self) -> bool {
        false
    }
    /// Its chart (from the stored result; `names` in the order of the result's seats),
    /// titled in `lang`.
    fn chart(&self, _game: &FinishedGame, _names: &[String], _lang: Lang) -> Option<Chart> {
        None
    }
    /// A winning side or verdict in words (`good` → "The village won."); `None`: the
    /// stored word, capitalised.
    fn winner_words(&self, _winner: &str, _lang: Lang) -> Option<String> {
        None
    }
}

/// A story's lines, its first (the heading the terminal prints) left out.
pub fn body(story: &str) -> impl Iterator<Item = &str> {
    story.lines().skip(1).filter(|l| !l.trim().is_empty())
}

/// Whether a story line was private (tagged with who saw it: `[seat 3 only]`,
/// `[judge's notes]`, `[notes]`).
pub fn private(line: &str) -> bool {
    line.trim_start().starts_with('[')
}

/// The lines everyone at the table saw.
pub fn public(story: &str) -> Vec<String> {
    body(story)
        .filter(|l| !private(l))
        .map(str::to_string)
        .collect()
}

/// `trail` (rows of values, one per step; each row a value per participant) as series
/// named by `names`, each value read by `pick`.
pub fn trail_series(
    trail: &serde_json::Value,
    names: &[String],
    pick: impl Fn(&serde_json::Value) -> Option<f64>,
) -> Vec<Series> {
    let rows: Vec<&Vec<serde_json::Value>> = trail
        .as_array()
        .map(|r| r.iter().filter_map(|row| row.as_array()).collect())
        .unwrap_or_default();
    names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            (
                name.clone(),
                rows.iter().map(|row| row.get(i).and_then(&pick)).collect(),
            )
        })
        .collect()
}

/// The result in words, in `lang`: the winning seat by its player's name (`names` in the
/// result's seat order), a draw, else the game's words for its winner (an unknown word
/// as stored, capitalised: `odd_end` → "Odd end.").
pub fn result(lines: &dyn PageLines, game: &FinishedGame, names: &[String], lang: Lang) -> String {
    let w = game.winner.as_str();
    if let Ok(seat) = w.parse::<u32>() {
        if let Some(i) = game.seats.iter().position(|s| s.seat == seat) {
            let seat = seat.to_string();
            return lang.text("stats-won-by", &[("name", &names[i]), ("seat", &seat)]);
        }
    }
    match w {
        "draw" => lang.text("stats-draw", &[]),
        "tie" => lang.text("stats-tie", &[]),
        other => lines
            .winner_words(other, lang)
            .unwrap_or_else(|| format!("{}.", super::names::capitalised(&other.replace('_', " ")))),
    }
}
