//! `agora sessions` as text: each session's game as people call it (`moderated debate`),
//! who won as people say it (a name, a side, a verdict; never a seat number), and for a
//! finished session each seat's player (an AI as the table showed it), role and score
//! rounded, with its unit. The `--json` output is apart and keeps the stored values.

use super::names::{amount, number, shown_name};
use crate::agents::debate::Personalities;
use crate::games::debate::team::{parse_seat, seat_title};
use crate::store::{SessionSummary, SummarySeat};

/// The games as the sessions list reads them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Werewolf,
    Team,
    Rounds,
    Social,
    Trial,
    Other,
}

fn kind_of(s: &SessionSummary) -> Kind {
    match s.session.game.as_str() {
        "werewolf" => Kind::Werewolf,
        "trial" => Kind::Trial,
        "debate" => match s.session.config.get("format").and_then(|f| f.as_str()) {
            Some("rounds") => Kind::Rounds,
            Some("social") => Kind::Social,
            _ => Kind::Team,
        },
        _ => Kind::Other,
    }
}

fn game_title(kind: Kind, game: &str) -> String {
    match kind {
        Kind::Werewolf => "werewolf".into(),
        Kind::Team => "team debate".into(),
        Kind::Rounds => "moderated debate".into(),
        Kind::Social => "social debate".into(),
        Kind::Trial => "trial".into(),
        Kind::Other => game.into(),
    }
}

/// A seat's player as people read it: the name the session stored for the seat (an AI
/// as the table showed it), else the player id without its surface.
fn player_name(s: &SessionSummary, seat: &SummarySeat, personalities: &Personalities) -> String {
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
    shown_name(&seat.player, stored.unwrap_or(fallback), personalities)
}

/// Who won, as people say it.
fn winner(s: &SessionSummary, kind: Kind, personalities: &Personalities) -> String {
    let Some(w) = s.session.winner.as_deref() else {
        return "-".into();
    };
    let by_seat = |w: &str| -> Option<String> {
        let seat: u8 = w.parse().ok()?;
        let at = s.seats.iter().find(|x| x.seat == seat)?;
        Some(player_name(s, at, personalities))
    };
    match (kind, w) {
        (_, "draw") => "a draw".into(),
        (_, "tie") => "a tie at the top".into(),
        (Kind::Werewolf, "good") => "the good side".into(),
        (Kind::Werewolf, "wolves") => "the wolves".into(),
        (Kind::Team, "pro") => "Pro".into(),
        (Kind::Team, "con") => "Con".into(),
        (Kind::Trial, "not_guilty") => "not guilty (the defense)".into(),
        (Kind::Trial, "guilty") => "guilty (the prosecution)".into(),
        (Kind::Rounds | Kind::Social, w) => by_seat(w).unwrap_or_else(|| w.to_string()),
        (_, w) => w.replace('_', " "),
    }
}

/// One seat with a result: its label, player, role and score with its unit, and how it
/// ended for it.
fn seat_cells(
    s: &SessionSummary,
    kind: Kind,
    seat: &SummarySeat,
    role: &str,
    personalities: &Personalities,
) -> Vec<String> {
    let x = seat.score.unwrap_or(0.0);
    let (label, role, score) = match kind {
        Kind::Werewolf => (
            format!("seat {}", seat.seat),
            role.to_string(),
            format!("{} GPP", amount(x, false)),
        ),
        Kind::Team => (
            parse_seat(role).map_or_else(|| role.to_string(), seat_title),
            String::new(),
            format!("{} points", number(x, 1, false)),
        ),
        Kind::Rounds => (
            format!("P{}", seat.seat),
            String::new(),
            format!("{} of 100", number(x, 1, false)),
        ),
        Kind::Social => (
            format!("P{}", seat.seat),
            String::new(),
            format!("{} points", number(x, 1, false)),
        ),
        Kind::Trial => (
            format!("seat {}", seat.seat),
            role.to_string(),
            format!("shift {}", number(x, 1, true)),
        ),
        Kind::Other => (
            format!("seat {}", seat.seat),
            role.to_string(),
            amount(x, false),
        ),
    };
    let mut end = Vec::new();
    if seat.won == Some(true) {
        end.push("won");
    } else if kind == Kind::Werewolf || kind == Kind::Trial {
        end.push("lost");
    }
    if seat.details.get("surrendered").and_then(|v| v.as_bool()) == Some(true) {
        end.push("gave in");
    }
    vec![
        label,
        player_name(s, seat, personalities),
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

/// The sessions list as text (`agora sessions`).
pub fn render(list: &[SessionSummary], personalities: &Personalities) -> String {
    let mut s = format!(
        "{:<13} {:<17} {:<9} {:<21} {:<10} winner\n",
        "id", "game", "surface", "seed", "status"
    );
    for one in list {
        let kind = kind_of(one);
        let row = &one.session;
        s.push_str(&format!(
            "{:<13} {:<17} {:<9} {:<21} {:<10} {}\n",
            row.id,
            game_title(kind, &row.game),
            row.surface,
            row.seed,
            row.status,
            winner(one, kind, personalities)
        ));
        if row.status != "finished" {
            continue;
        }
        let rows: Vec<Vec<String>> = one
            .seats
            .iter()
            .filter_map(|x| {
                let role = x.role.as_deref()?;
                Some(seat_cells(one, kind, x, role, personalities))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SessionRow;
    use serde_json::{json, Value};

    fn session(game: &str, config: Value, winner: &str, seats: Vec<SummarySeat>) -> SessionSummary {
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
                winner: Some(winner.into()),
                details: Value::Null,
            },
            seats,
        }
    }

    fn seat(n: u8, player: &str, role: Option<&str>, score: f64, won: bool) -> SummarySeat {
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

    #[test]
    fn a_moderated_debate_reads_by_name_with_rounded_scores() {
        let config = json!({"format": "rounds", "seats": [
            {"name": "ann", "player_id": "terminal:ann"},
            {"name": "debater-logical 0.1.0", "player_id": "ai:debater-logical@0.1.0"},
            {"name": "judge 0.1.0", "player_id": "ai:judge@0.1.0"},
        ]});
        let s = session(
            "debate",
            config,
            "1",
            vec![
                seat(1, "terminal:ann", Some("rounds"), 34.59088784204802, true),
                seat(
                    2,
                    "ai:debater-logical@0.1.0",
                    Some("rounds"),
                    -2.279999999999987,
                    false,
                ),
                seat(3, "ai:judge@0.1.0", None, 0.0, false),
            ],
        );
        let text = render(&[s], &Personalities::builtin());
        let first = text.lines().nth(1).unwrap();
        assert!(first.contains("moderated debate"), "{text}");
        assert!(
            first.trim_end().ends_with("ann"),
            "the winner by name:\n{text}"
        );
        assert!(text.contains("P1  ann"), "{text}");
        assert!(text.contains("34.6 of 100  won"), "{text}");
        assert!(text.contains("AI · Logical"), "{text}");
        assert!(text.contains("-2.3 of 100"), "{text}");
        assert!(
            text.contains("also at the table: the AI moderator"),
            "{text}"
        );
        for noise in ["rounds", "4204802", "99999", "debater-logical", "+34"] {
            assert!(!text.contains(noise), "{noise}:\n{text}");
        }
    }

    #[test]
    fn werewolf_trial_and_team_debate_say_who_won_as_people_do() {
        let ww = session(
            "werewolf",
            json!({"seats": [{"name": "ann"}, {"name": "heuristic 0.1.0"}]}),
            "good",
            vec![
                seat(1, "terminal:ann", Some("seer"), 12.0, true),
                seat(2, "ai:heuristic@0.1.0", Some("wolf"), -3.0, false),
            ],
        );
        let trial = session(
            "trial",
            json!({"players": [{"name": "ann"}, {"name": "advocate 0.1.0"}]}),
            "not_guilty",
            vec![
                seat(1, "terminal:ann", Some("defense"), 34.59088784204802, true),
                seat(
                    2,
                    "ai:advocate@0.1.0",
                    Some("prosecution"),
                    -2.279999999999987,
                    false,
                ),
            ],
        );
        let team = session(
            "debate",
            json!({"format": "team"}),
            "con",
            vec![seat(5, "terminal:bob", Some("con1"), 71.25, true)],
        );
        let text = render(&[ww, trial, team], &Personalities::builtin());
        assert!(text.contains("the good side"), "{text}");
        assert!(
            text.contains("seat 1  ann                   seer  12 GPP  won"),
            "{text}"
        );
        assert!(
            text.contains("AI · built-in player  wolf  -3 GPP  lost"),
            "{text}"
        );
        assert!(text.contains("not guilty (the defense)"), "{text}");
        assert!(text.contains("shift +34.6  won"), "{text}");
        assert!(text.contains("shift -2.3  lost"), "{text}");
        assert!(text.contains("AI · Advocate"), "{text}");
        assert!(text.contains("team debate"), "{text}");
        assert!(text.contains("Con 1  bob  71.3 points  won"), "{text}");
    }
}
