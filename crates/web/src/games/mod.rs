//! Each game's part of a finished game's page, picked by the game's kind: which of its
//! story's lines are shown, in which sections (werewolf's reveal after the end, one
//! seat's view), and its chart. A game's file here says only that; the page around it
//! is generic. Adding a game is adding its file and one arm in [`view`].

mod debate;
mod trial;
mod werewolf;

use agora_core::registry::GameKind;
use agora_core::store::FinishedGame;

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

/// What a game brings to its page.
pub trait GameView: Sync {
    /// The sections of its story.
    fn sections(&self, stories: &Stories) -> Vec<Section>;
    /// Whether its story is told in detail (every speech whole): some formats' stories
    /// already are.
    fn detailed(&self, _game: &FinishedGame) -> bool {
        true
    }
    /// Whether the page offers one seat's view (`?seat=N`).
    fn per_seat(&self) -> bool {
        false
    }
    /// Its chart as SVG (from the stored result; `names` by seat order of the result's
    /// seats), if it has one.
    fn chart(&self, _game: &FinishedGame, _names: &[String]) -> Option<String> {
        None
    }
}

/// The game kind's view.
pub fn view(kind: GameKind) -> &'static dyn GameView {
    match kind {
        GameKind::Werewolf => &werewolf::WerewolfView,
        GameKind::Debate => &debate::DebateView,
        GameKind::Trial => &trial::TrialView,
    }
}

/// A story's lines, its first (the heading the terminal prints) left out.
pub(crate) fn body(story: &str) -> impl Iterator<Item = &str> {
    story.lines().skip(1).filter(|l| !l.trim().is_empty())
}

/// Whether a story line was private (tagged with who saw it: `[seat 3 only]`,
/// `[judge's notes]`, `[notes]`).
pub(crate) fn private(line: &str) -> bool {
    line.trim_start().starts_with('[')
}

/// The result in words: the winning seat by its player's name (`names` in the result's
/// seat order), a side or verdict as words (`not_guilty` → "Not guilty."), a draw.
pub fn result(game: &FinishedGame, names: &[String]) -> String {
    let w = game.winner.as_str();
    if let Ok(seat) = w.parse::<u32>() {
        if let Some(i) = game.seats.iter().position(|s| s.seat == seat) {
            return format!("Won by {} (seat {seat}).", names[i]);
        }
    }
    match w {
        "draw" => "A draw.".into(),
        "tie" => "A tie at the top.".into(),
        "good" => "The village won.".into(),
        "wolves" => "The wolves won.".into(),
        "pro" => "The Pro team won.".into(),
        "con" => "The Con team won.".into(),
        other => {
            let words = other.replace('_', " ");
            format!("{}.", agora_core::stats::names::capitalised(&words))
        }
    }
}

/// The lines everyone at the table saw.
pub(crate) fn public(story: &str) -> Vec<String> {
    body(story)
        .filter(|l| !private(l))
        .map(str::to_string)
        .collect()
}

/// `trail` (rows of values, one per step; each row a value per participant) as series
/// named by `names`, each value scaled by `scale`.
pub(crate) fn trail_series(
    trail: &serde_json::Value,
    names: &[String],
    pick: impl Fn(&serde_json::Value) -> Option<f64>,
) -> Vec<crate::svg::Series> {
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
