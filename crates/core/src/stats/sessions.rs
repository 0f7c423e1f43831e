//! `agora sessions` as text: each session's game as people call it (`moderated debate`),
//! who won as people say it (a name, a side, a verdict; never a seat number), and for a
//! finished session each seat's player (an AI as the table showed it), role and score
//! rounded, with its unit. The `--json` output is apart and keeps the stored values.

use super::names::{amount, shown_name, Personas};
use crate::store::{SessionSummary, SummarySeat};

/// How `agora sessions` tells a stored session of one game (each game's is in its stats
/// file, with its [`super::GameStats`]). The defaults suit a game of numbered seats with
/// roles and plain scores, and tell a game this build does not know.
pub trait SessionLines: Sync {
    /// The game as people call it (`moderated debate`); the default: its stored name.
    fn session_title(&self, s: &SessionSummary) -> String {
        s.session.game.clone()
    }
    /// Who won as people say it (a name, a side, a verdict; never a seat number), from
    /// the stored `winner` (a draw and a tie are said alike for every game); `None`: as
    /// stored, an underscore read as a space.
    fn winner_said(
        &self,
        _s: &SessionSummary,
        _winner: &str,
        _personas: &dyn Personas,
    ) -> Option<String> {
        None
    }
    /// A seat with a result (`role`): its label, its role as shown (empty: none) and its
    /// score with its unit; the default: `seat 3`, the role, the score rounded.
    fn seat_said(&self, _s: &SessionSummary, seat: &SummarySeat, role: &str) -> SeatSaid {
        SeatSaid::numbered(seat, role, amount(seat.score.unwrap_or(0.0), false))
    }
    /// Whether a seat that did not win is said to have lost (the game has losers).
    fn says_lost(&self, _s: &SessionSummary) -> bool {
        false
    }
}

/// A seat as the sessions list shows it, before its player and how it ended.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatSaid {
    /// `seat 3`, `Con 1`, `P2`.
    pub label: String,
    /// Its role as shown; empty when the game shows none.
    pub role: String,
    /// Its score with its unit (`12 GPP`).
    pub score: String,
}

impl SeatSaid {
    /// A numbered seat (`seat 3`) with its role and `score`.
    pub fn numbered(seat: &SummarySeat, role: &str, score: String) -> SeatSaid {
        SeatSaid {
            label: format!("seat {}", seat.seat),
            role: role.to_string(),
            score,
        }
    }
}

/// A game this build does not know: told by the defaults.
struct Unknown;

impl SessionLines for Unknown {}

/// A seat's player as people read it: the name the session stored for the seat (an AI
/// as the table showed it), else the player id without its surface.
fn player_name(s: &SessionSummary, seat: &SummarySeat, personas: &dyn Personas) -> String {
    let config = &s.session.config;
    let stored = config
        .get("seats")
        .or_else(|| config.get("players"))
        .and_then(|seats| seats.get(seat.seat as usize - 1))
        .and_then(|spec| spec.get("name"))
        .and_then(|n| n.as_str());
    let fallback = seat
        .player
        .split_once(':')
        .map_or(seat.player.as_str(), |(_, rest)| rest);
    shown_name(&seat.player, stored.unwrap_or(fallback), personas)
}

/// The player at the seat numbered `seat` (a stored winner `2`) as people read it.
pub fn seat_player(s: &SessionSummary, seat: &str, personas: &dyn Personas) -> Option<String> {
    let seat: u8 = seat.parse().ok()?;
    let at = s.seats.iter().find(|x| x.seat == seat)?;
    Some(player_name(s, at, personas))
}

/// Who won, as people say it.
fn winner(s: &SessionSummary, lines: &dyn SessionLines, personas: &dyn Personas) -> String {
    let Some(w) = s.session.winner.as_deref() else {
        return "-".into();
    };
    match w {
        "draw" => "a draw".into(),
        "tie" => "a tie at the top".into(),
        w => lines
            .winner_said(s, w, personas)
            .unwrap_or_else(|| w.replace('_', " ")),
    }
}

/// One seat with a result: its label, player, role and score with its unit, and how it
/// ended for it.
fn seat_cells(
    s: &SessionSummary,
    lines: &dyn SessionLines,
    seat: &SummarySeat,
    role: &str,
    personas: &dyn Personas,
) -> Vec<String> {
    let SeatSaid { label, role, score } = lines.seat_said(s, seat, role);
    let mut end = Vec::new();
    if seat.won == Some(true) {
        end.push("won");
    } else if lines.says_lost(s) {
        end.push("lost");
    }
    if seat.details.get("surrendered").and_then(|v| v.as_bool()) == Some(true) {
        end.push("gave in");
    }
    vec![
        label,
        player_name(s, seat, personas),
        role,
        score,
        end.join(", "),
    ]
}

/// The seats outside the result (a judge, a moderator, the jurors), by what they were.
fn others(s: &SessionSummary) -> Option<String> {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for seat in s.seats.iter().filter(|x| x.role.is_none()) {
        let what = seat.agent.as_deref().unwrap_or("player").to_string();
        match counts.iter_mut().find(|(w, _)| *w == what) {
            Some((_, n)) => *n += 1,
            None => counts.push((what, 1)),
        }
    }
    if counts.is_empty() {
        return None;
    }
    let said: Vec<String> = counts
        .into_iter()
        .map(|(what, n)| match n {
            1 => format!("the AI {what}"),
            n => format!("{n} AI {what}s"),
        })
        .collect();
    Some(format!("also at the table: {}", said.join(", ")))
}

/// A game's lines by its stored name (`werewolf`); `None`: a game this build does not know.
pub type LinesOf<'a> = &'a dyn Fn(&str) -> Option<&'static dyn SessionLines>;

/// The sessions list as text (`agora sessions`), each session told by its game's lines
/// (`lines_of` its stored game; a game this build does not know, by the defaults).
pub fn render(list: &[SessionSummary], personas: &dyn Personas, lines_of: LinesOf) -> String {
    let mut s = format!(
        "{:<13} {:<17} {:<9} {:<21} {:<10} winner\n",
        "id", "game", "surface", "seed", "status"
    );
    for one in list {
        let lines = lines_of(&one.session.game).unwrap_or(&Unknown);
        let row = &one.session;
        s.push_str(&format!(
            "{:<13} {:<17} {:<9} {:<21} {:<10} {}\n",
            row.id,
            lines.session_title(one),
            row.surface,
            row.seed,
            row.status,
            winner(one, lines, personas)
        ));
        if row.status != "finished" {
            continue;
        }
        let rows: Vec<Vec<String>> = one
            .seats
            .iter()
            .filter_map(|x| {
                let role = x.role.as_deref()?;
                Some(seat_cells(one, lines, x, role, personas))
            })
            .collect();
        let widths: Vec<usize> = (0..5)
            .map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
            .collect();
        for r in &rows {
            let cells: Vec<String> = r
                .iter()
                .enumerate()
                .filter(|(i, _)| widths[*i] > 0)
                .map(|(i, c)| {
                    let pad = " ".repeat(widths[i].saturating_sub(c.chars().count()));
                    // The score to the right; the rest to the left.
                    if i == 3 {
                        format!("{pad}{c}")
                    } else {
                        format!("{c}{pad}")
                    }
                })
                .collect();
            s.push_str(&format!("    {}\n", cells.join("  ").trim_end()));
        }
        if let Some(line) = others(one) {
            s.push_str(&format!("    {line}\n"));
        }
    }
    s
}

/// Stored sessions for the games' tests of their lines.
#[cfg(test)]
pub(crate) mod testing {
    use crate::store::{SessionRow, SessionSummary, SummarySeat};
    use serde_json::{json, Value};

    pub fn session(
        game: &str,
        config: Value,
        winner: &str,
        seats: Vec<SummarySeat>,
    ) -> SessionSummary {
        SessionSummary {
            session: SessionRow {
                id: "s1".into(),
                game: game.into(),
                surface: "terminal".into(),
                community: "terminal".into(),
                channel: "terminal".into(),
                config,
                seed: 42,
                status: "finished".into(),
                created_at: 0,
                lease_owner: None,
                lease_until: 0,
                lease_epoch: 0,
                winner: Some(winner.into()),
                details: Value::Null,
            },
            seats,
        }
    }

    /// Seat `n`; a seat without a `role` is outside the result (an AI moderator).
    pub fn seat(n: u8, player: &str, role: Option<&str>, score: f64, won: bool) -> SummarySeat {
        SummarySeat {
            seat: n,
            player: player.into(),
            agent: player.starts_with("ai:").then(|| "moderator".into()),
            role: role.map(str::to_string),
            score: role.map(|_| score),
            won: role.map(|_| won),
            details: json!({}),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{seat, session};
    use super::*;
    use crate::stats::names::tests::NoPersonas;
    use serde_json::json;

    #[test]
    fn a_game_this_build_does_not_know_is_told_plainly() {
        let s = session(
            "chess",
            json!({"seats": [{"name": "ann"}]}),
            "white_side",
            vec![
                seat(1, "terminal:ann", Some("white"), 2.0000000001, true),
                seat(2, "terminal:bob", Some("black"), 0.25, false),
                seat(3, "ai:judge@0.1.0", None, 0.0, false),
            ],
        );
        let text = render(&[s], &NoPersonas, &|_| None);
        let first = text.lines().nth(1).unwrap();
        assert!(first.starts_with(&format!("{:<14}chess ", "s1")), "{text}");
        assert!(first.trim_end().ends_with("white side"), "{text}");
        assert!(
            text.contains("    seat 1  ann  white    2  won\n"),
            "{text}"
        );
        assert!(text.contains("    seat 2  bob  black  0.3\n"), "{text}");
        assert!(
            text.contains("    also at the table: the AI moderator\n"),
            "{text}"
        );
    }
}
