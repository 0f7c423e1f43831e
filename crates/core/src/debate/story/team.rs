//! A team debate told in plain lines: one line (or a few) per logged event, and the
//! scorecard at the end. The terminal view prints these as the debate goes; `agora replay`
//! tells a recorded debate with them (speeches shortened).

use crate::games::debate::team::{
    seat_title, side_of, Charged, Event, Penalty, Scored, Side, Stage, TeamDebate, Winner,
};
use crate::games::{Audience, Seat};
use std::fmt::Write;

/// Points given in hundredths, as a decimal with two places (735 → "7.35", -400 → "-4.00").
pub fn points(x100: i32) -> String {
    let sign = if x100 < 0 { "-" } else { "" };
    let a = x100.unsigned_abs();
    format!("{sign}{}.{:02}", a / 100, a % 100)
}

/// `text` cut to its first `words` words, with "…" when cut.
pub fn shorten(text: &str, words: usize) -> String {
    let all: Vec<&str> = text.split_whitespace().collect();
    if all.len() <= words {
        all.join(" ")
    } else {
        format!("{} …", all[..words].join(" "))
    }
}

fn charged(p: &Penalty) -> String {
    match p.charged {
        Charged::Seat(seat) => seat_title(seat),
        Charged::Team(side) => format!("team {}", side.title()),
    }
}

/// The line of a penalty.
pub fn penalty_line(p: &Penalty) -> String {
    format!("Penalty: {} {}, {}.", charged(p), p.points, p.rule.title())
}

/// Why a speech scored what it did: the five criteria, the judge's flags (as words) and
/// its comment.
pub fn reasons(s: &Scored) -> String {
    let criteria: Vec<String> = s
        .scores
        .criteria()
        .iter()
        .map(|(name, v)| format!("{} {v}", name.replace('_', " ")))
        .collect();
    let flags: Vec<String> = s
        .scores
        .flags
        .iter()
        .map(|f| f.name().replace('_', " "))
        .collect();
    let mut line = criteria.join(", ");
    if !flags.is_empty() {
        let _ = write!(line, "; flagged: {}", flags.join(", "));
    }
    let comment = s.comment.trim();
    if !comment.is_empty() {
        let _ = write!(line, ". {comment}");
    }
    line
}

/// The line of a judged speech.
pub fn scored_line(s: &Scored) -> String {
    format!(
        "Judge{}: {}'s speech #{} scores {} ({})",
        if s.offline { " (offline)" } else { "" },
        seat_title(s.seat),
        s.speech + 1,
        points(s.score_x100),
        reasons(s)
    )
}

fn team_tag(audience: Audience) -> String {
    match audience {
        Audience::Seats(seats) => {
            let side = seats.iter().next().and_then(side_of);
            format!("[team {}] ", side.map_or("?", Side::title))
        }
        Audience::Moderator => "[judge's notes] ".into(),
        Audience::Everyone => String::new(),
    }
}

/// The line(s) of one event; `words`: speeches cut to that many words. Private events are
/// tagged with who saw them (a team, the judge's notes).
pub fn line(event: &Event, audience: Audience, words: Option<usize>) -> Option<String> {
    let tag = team_tag(audience);
    let text = match event {
        Event::Motion { motion, limits } => format!(
            "Motion: {motion}\nLimits (words): opening {}, questions {}, answers {}, summaries {}, closings {}; free debate {} a team, at most {} turns.",
            limits.opening, limits.question, limits.answer, limits.summary, limits.closing, limits.clock, limits.free_turns
        ),
        Event::StageBegins { stage } => match stage {
            Stage::Finished => "== The speeches are over: the judge scores and reviews ==".into(),
            s => format!("== {} ==", s.title()),
        },
        Event::Spoke(s) => {
            let body = match words {
                Some(n) => shorten(&s.text, n),
                None => s.text.clone(),
            };
            let to = s
                .target
                .map(|t| format!(", to {}", seat_title(t)))
                .unwrap_or_default();
            let over = if s.over_limit() { ", OVER" } else { "" };
            format!(
                "{} ({}{to}, {} of {} words{over}): {body}",
                seat_title(s.seat),
                s.part.title(),
                s.words,
                s.limit
            )
        }
        Event::Skipped { seat, part } => format!(
            "{} gave no {} (passed, or the time ran out): skipped, no score.",
            seat_title(*seat),
            part.title()
        ),
        Event::Rested { seat, left } => format!(
            "{} rests {}'s case: {} left on its clock given up.",
            seat_title(*seat),
            side_of(*seat).map_or("the team", Side::title),
            if *left == 1 {
                "the 1 word".to_string()
            } else {
                format!("the {left} words")
            }
        ),
        Event::HandedOff { from, to, direction } => {
            let d = if direction.trim().is_empty() {
                String::new()
            } else {
                format!(": \"{}\"", direction.trim())
            };
            format!("{} hands the floor to {}{d}", seat_title(*from), seat_title(*to))
        }
        Event::TeamNote { seat, text } => format!("{}: {text}", seat_title(*seat)),
        Event::Penalised(p) => penalty_line(p),
        Event::Scored(s) => scored_line(s),
        Event::Clock { left } => format!(
            "Free-debate clock: Pro {} words left, Con {}.",
            left[0], left[1]
        ),
        Event::Review { text, offline } => format!(
            "The judge's review{}: {text}",
            if *offline { " (offline)" } else { "" }
        ),
        Event::Finished {
            winner,
            team_x100,
            best,
        } => format!(
            "Result: {}. Pro {}, Con {}; best debater {}.",
            match winner {
                Winner::Pro => "Pro wins",
                Winner::Con => "Con wins",
                Winner::Draw => "a draw",
            },
            points(team_x100[0]),
            points(team_x100[1]),
            seat_title(*best)
        ),
    };
    Some(format!("{tag}{text}"))
}

/// The scorecard of a finished debate (or the standing of an unfinished one): the winner,
/// the team totals, each debater's total, every speech's score with the judge's reasons,
/// the penalties. (The judge's review is told once, as its event, just before.)
pub fn scorecard(game: &TeamDebate, names: &dyn Fn(Seat) -> String) -> String {
    let mut out = String::new();
    let totals = game
        .totals()
        .cloned()
        .unwrap_or_else(|| game.running_totals());
    let _ = writeln!(out, "== Scorecard: {} ==", game.motion());
    match game.totals() {
        Some(t) => {
            let _ = writeln!(
                out,
                "{}",
                match t.winner {
                    Winner::Pro => "Pro wins.".to_string(),
                    Winner::Con => "Con wins.".to_string(),
                    Winner::Draw => "A draw (the team totals are equal to one decimal).".into(),
                }
            );
        }
        None => {
            let _ = writeln!(out, "Unfinished: the totals as they stand.");
        }
    }
    let _ = writeln!(
        out,
        "Team totals: Pro {}, Con {}",
        points(totals.team_x100[0]),
        points(totals.team_x100[1])
    );
    let offline = game.scores().iter().flatten().any(|s| s.offline);
    for side in Side::BOTH {
        for seat in side.seats() {
            let best = game.totals().is_some_and(|t| t.best == seat);
            let _ = writeln!(
                out,
                "  {:<6} {:<28} {:>7}{}",
                seat_title(seat),
                names(seat),
                points(totals.individual_x100[seat as usize - 1]),
                if best { "  best debater" } else { "" }
            );
        }
    }
    let _ = writeln!(
        out,
        "Speeches{}:",
        if offline {
            " (scores marked * are offline: the built-in judge)"
        } else {
            ""
        }
    );
    for s in game.speeches() {
        let score = game.scores()[s.index as usize].as_ref();
        let _ = writeln!(
            out,
            "  #{:<2} {:<8} {:<6} {:>4} words  {}",
            s.index + 1,
            s.part.name(),
            seat_title(s.seat),
            s.words,
            score.map_or("not scored".to_string(), |x| format!(
                "{}{}",
                points(x.score_x100),
                if x.offline { "*" } else { "" }
            ))
        );
        if let Some(x) = score {
            let _ = writeln!(out, "       {}", reasons(x));
        }
    }
    if game.penalties().is_empty() {
        let _ = writeln!(out, "Penalties: none.");
    } else {
        let _ = writeln!(out, "Penalties:");
        for p in game.penalties() {
            let _ = writeln!(
                out,
                "  {} {} ({}, speech #{})",
                charged(p),
                p.points,
                p.rule.title(),
                p.speech + 1
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_print_from_hundredths() {
        assert_eq!(points(735), "7.35");
        assert_eq!(points(-400), "-4.00");
        assert_eq!(points(5), "0.05");
        assert_eq!(points(-5), "-0.05");
        assert_eq!(shorten("a b c d", 2), "a b …");
        assert_eq!(shorten("a  b", 2), "a b");
    }
}
