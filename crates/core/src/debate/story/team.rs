//! A team debate told in plain lines: one line (or a few) per logged event, and the
//! scorecard at the end, in the debate's language (`locales/*/debate.ftl`). The terminal
//! view prints these as the debate goes; `agora replay` tells a recorded debate with them
//! (speeches shortened).

use crate::games::debate::team::{
    seat_title_in, side_of, Charged, Event, Flag, JudgeScores, Part, Penalty, Rule, Scored, Side,
    Stage, TeamDebate, Winner,
};
use crate::games::lang::{pad_left, pad_to};
use crate::games::{Audience, Lang, Seat};
use std::fmt::Write;

/// Points given in hundredths, as a decimal with two places (735 → "7.35", -400 → "-4.00").
pub fn points(x100: i32) -> String {
    let sign = if x100 < 0 { "-" } else { "" };
    let a = x100.unsigned_abs();
    format!("{sign}{}.{:02}", a / 100, a % 100)
}

/// `text` cut to its first `words` words, with "…" when cut (a Han character is a word).
pub fn shorten(text: &str, words: usize) -> String {
    if text.chars().any(crate::games::lang::is_han) {
        let n = crate::games::debate::words::count(text) as usize;
        if n <= words {
            return text.to_string();
        }
        let cut: String = text.chars().take(words).collect();
        return format!("{cut}…");
    }
    let all: Vec<&str> = text.split_whitespace().collect();
    if all.len() <= words {
        all.join(" ")
    } else {
        format!("{} …", all[..words].join(" "))
    }
}

/// A side's name: "Pro", "正方".
pub fn side_name(side: Side, lang: Lang) -> String {
    side.name_in(lang)
}

/// A seat's name: "Pro 1", "正方一辩", "the judge".
pub fn seat_name(seat: Seat, lang: Lang) -> String {
    seat_title_in(seat, lang)
}

/// A part's name: "opening statement", "立论陈词".
pub fn part_title(part: Part, lang: Lang) -> String {
    lang.text(&format!("debate-part-{}", part.name()), &[])
}

fn rule_title(rule: Rule, lang: Lang) -> String {
    lang.text(&format!("debate-rule-{}", rule.name()), &[])
}

fn flag_name(flag: Flag, lang: Lang) -> String {
    lang.text(&format!("debate-flag-{}", flag.name()), &[])
}

fn charged(p: &Penalty, lang: Lang) -> String {
    match p.charged {
        Charged::Seat(seat) => seat_name(seat, lang),
        Charged::Team(side) => lang.text("debate-team", &[("side", &side_name(side, lang))]),
    }
}

/// The line of a penalty.
pub fn penalty_line(p: &Penalty) -> String {
    penalty_line_in(p, Lang::En)
}

/// [`penalty_line`] in `lang`.
pub fn penalty_line_in(p: &Penalty, lang: Lang) -> String {
    lang.text(
        "debate-penalty",
        &[
            ("who", &charged(p, lang)),
            ("points", &p.points.to_string()),
            ("rule", &rule_title(p.rule, lang)),
        ],
    )
}

/// The five criteria with their scores: "logic 7, persuasion 8, …".
fn criteria(scores: &JudgeScores, lang: Lang) -> String {
    let comma = if lang == Lang::ZhCn { "，" } else { ", " };
    scores
        .criteria()
        .iter()
        .map(|(name, v)| {
            let name = lang.text(&format!("debate-criterion-{name}"), &[]);
            format!("{name} {v}")
        })
        .collect::<Vec<_>>()
        .join(comma)
}

/// Why a speech scored what it did: the five criteria, the judge's flags (as words) and
/// its comment.
pub fn reasons(s: &Scored) -> String {
    reasons_in(s, Lang::En)
}

/// [`reasons`] in `lang`.
pub fn reasons_in(s: &Scored, lang: Lang) -> String {
    let (comma, semi, stop) = match lang {
        Lang::En => (", ", "; ", ". "),
        Lang::ZhCn => ("、", "；", "。"),
    };
    let flags: Vec<String> = s.scores.flags.iter().map(|f| flag_name(*f, lang)).collect();
    let mut line = criteria(&s.scores, lang);
    if !flags.is_empty() {
        line.push_str(semi);
        line.push_str(&lang.text("debate-flagged", &[("flags", &flags.join(comma))]));
    }
    let comment = s.comment.trim();
    if !comment.is_empty() {
        let _ = write!(line, "{stop}{comment}");
    }
    line
}

/// The line of a judged speech.
pub fn scored_line(s: &Scored) -> String {
    scored_line_in(s, Lang::En)
}

/// [`scored_line`] in `lang`.
pub fn scored_line_in(s: &Scored, lang: Lang) -> String {
    lang.text(
        "debate-scored",
        &[
            ("offline", if s.offline { "yes" } else { "no" }),
            ("seat", &seat_name(s.seat, lang)),
            ("n", &(s.speech + 1).to_string()),
            ("points", &points(s.score_x100)),
            ("reasons", &reasons_in(s, lang)),
        ],
    )
}

fn team_tag(audience: Audience, lang: Lang) -> String {
    match audience {
        Audience::Seats(seats) => {
            let side = seats.iter().next().and_then(side_of);
            let side = side.map_or_else(|| "?".to_string(), |s| side_name(s, lang));
            format!("{} ", lang.text("debate-tag-team", &[("side", &side)]))
        }
        Audience::Moderator => format!("{} ", lang.text("debate-tag-judge", &[])),
        Audience::Everyone => String::new(),
    }
}

/// The line(s) of one event; `words`: speeches cut to that many words. Private events are
/// tagged with who saw them (a team, the judge's notes).
pub fn line(event: &Event, audience: Audience, words: Option<usize>) -> Option<String> {
    line_in(event, audience, words, Lang::En)
}

/// [`line`] in `lang`.
pub fn line_in(
    event: &Event,
    audience: Audience,
    words: Option<usize>,
    lang: Lang,
) -> Option<String> {
    let tag = team_tag(audience, lang);
    let seat = |s: Seat| seat_name(s, lang);
    let text = match event {
        Event::Motion { motion, limits } => format!(
            "{}\n{}",
            lang.text("debate-motion", &[("motion", motion)]),
            lang.text(
                "debate-limits",
                &[
                    ("opening", &limits.opening.to_string()),
                    ("question", &limits.question.to_string()),
                    ("answer", &limits.answer.to_string()),
                    ("summary", &limits.summary.to_string()),
                    ("closing", &limits.closing.to_string()),
                    ("clock", &limits.clock.to_string()),
                    ("turns", &limits.free_turns.to_string()),
                ],
            )
        ),
        Event::StageBegins { stage } => match stage {
            Stage::Finished => lang.text("debate-speeches-over", &[]),
            s => lang.text(
                "debate-stage",
                &[(
                    "stage",
                    &lang.text(&format!("debate-stage-{}", s.name()), &[]),
                )],
            ),
        },
        Event::Spoke(s) => {
            let body = match words {
                Some(n) => shorten(&s.text, n),
                None => s.text.clone(),
            };
            let to = s
                .target
                .map(|t| lang.text("debate-spoke-to", &[("seat", &seat(t))]))
                .unwrap_or_default();
            let over = if s.over_limit() {
                lang.text("debate-spoke-over", &[])
            } else {
                String::new()
            };
            lang.text(
                "debate-spoke",
                &[
                    ("seat", &seat(s.seat)),
                    ("part", &part_title(s.part, lang)),
                    ("to", &to),
                    ("words", &s.words.to_string()),
                    ("limit", &s.limit.to_string()),
                    ("over", &over),
                    ("body", &body),
                ],
            )
        }
        Event::Skipped { seat: s, part } => lang.text(
            "debate-skipped",
            &[("seat", &seat(*s)), ("part", &part_title(*part, lang))],
        ),
        Event::Rested { seat: s, left } => lang.text(
            "debate-rested",
            &[
                ("seat", &seat(*s)),
                (
                    "side",
                    &side_of(*s).map_or_else(|| "the team".to_string(), |d| side_name(d, lang)),
                ),
                ("left", &left.to_string()),
            ],
        ),
        Event::HandedOff {
            from,
            to,
            direction,
        } => {
            let (from, to) = (seat(*from), seat(*to));
            if direction.trim().is_empty() {
                lang.text("debate-handed-off", &[("from", &from), ("to", &to)])
            } else {
                lang.text(
                    "debate-handed-off-with",
                    &[
                        ("from", &from),
                        ("to", &to),
                        ("direction", direction.trim()),
                    ],
                )
            }
        }
        Event::TeamNote { seat: s, text } => {
            lang.text("debate-note", &[("seat", &seat(*s)), ("text", text)])
        }
        Event::Penalised(p) => penalty_line_in(p, lang),
        Event::Scored(s) => scored_line_in(s, lang),
        Event::Clock { left } => lang.text(
            "debate-clock",
            &[("pro", &left[0].to_string()), ("con", &left[1].to_string())],
        ),
        Event::Review { text, offline } => lang.text(
            "debate-review",
            &[
                ("offline", if *offline { "yes" } else { "no" }),
                ("text", text),
            ],
        ),
        Event::Finished {
            winner,
            team_x100,
            best,
        } => lang.text(
            "debate-result",
            &[
                (
                    "result",
                    &lang.text(
                        match winner {
                            Winner::Pro => "debate-result-pro",
                            Winner::Con => "debate-result-con",
                            Winner::Draw => "debate-result-draw",
                        },
                        &[],
                    ),
                ),
                ("pro", &points(team_x100[0])),
                ("con", &points(team_x100[1])),
                ("best", &seat(*best)),
            ],
        ),
    };
    Some(format!("{tag}{text}"))
}

/// The scorecard of a finished debate (or the standing of an unfinished one): the winner,
/// the team totals, each debater's total, every speech's score with the judge's reasons,
/// the penalties. (The judge's review is told once, as its event, just before.)
pub fn scorecard(game: &TeamDebate, names: &dyn Fn(Seat) -> String) -> String {
    scorecard_in(game, names, Lang::En)
}

/// [`scorecard`] in `lang`.
pub fn scorecard_in(game: &TeamDebate, names: &dyn Fn(Seat) -> String, lang: Lang) -> String {
    let mut out = String::new();
    let totals = game
        .totals()
        .cloned()
        .unwrap_or_else(|| game.running_totals());
    let t = |id: &str| lang.text(id, &[]);
    let _ = writeln!(
        out,
        "{}",
        lang.text("debate-card-title", &[("motion", game.motion())])
    );
    let _ = writeln!(
        out,
        "{}",
        match game.totals().map(|t| t.winner) {
            Some(Winner::Pro) => t("debate-card-pro"),
            Some(Winner::Con) => t("debate-card-con"),
            Some(Winner::Draw) => t("debate-card-draw"),
            None => t("debate-card-unfinished"),
        }
    );
    let _ = writeln!(
        out,
        "{}",
        lang.text(
            "debate-card-totals",
            &[
                ("pro", &points(totals.team_x100[0])),
                ("con", &points(totals.team_x100[1])),
            ],
        )
    );
    let offline = game.scores().iter().flatten().any(|s| s.offline);
    for side in Side::BOTH {
        for seat in side.seats() {
            let best = game.totals().is_some_and(|t| t.best == seat);
            let _ = writeln!(
                out,
                "  {} {} {}{}",
                pad_to(&seat_name(seat, lang), 6),
                pad_to(&names(seat), 28),
                pad_left(&points(totals.individual_x100[seat as usize - 1]), 7),
                if best {
                    format!("  {}", t("debate-card-best"))
                } else {
                    String::new()
                }
            );
        }
    }
    let _ = writeln!(
        out,
        "{}",
        t(if offline {
            "debate-card-speeches-offline"
        } else {
            "debate-card-speeches"
        })
    );
    for s in game.speeches() {
        let score = game.scores()[s.index as usize].as_ref();
        let _ = writeln!(
            out,
            "  #{:<2} {} {} {:>4} {}  {}",
            s.index + 1,
            pad_to(&t(&format!("debate-part-short-{}", s.part.name())), 8),
            pad_to(&seat_name(s.seat, lang), 6),
            s.words,
            t("debate-card-words"),
            score.map_or_else(
                || t("debate-card-unscored"),
                |x| format!(
                    "{}{}",
                    points(x.score_x100),
                    if x.offline { "*" } else { "" }
                )
            )
        );
        if let Some(x) = score {
            let _ = writeln!(out, "       {}", reasons_in(x, lang));
        }
    }
    if game.penalties().is_empty() {
        let _ = writeln!(out, "{}", t("debate-card-no-penalties"));
    } else {
        let _ = writeln!(out, "{}", t("debate-card-penalties"));
        for p in game.penalties() {
            let _ = writeln!(
                out,
                "  {}",
                lang.text(
                    "debate-card-penalty",
                    &[
                        ("who", &charged(p, lang)),
                        ("points", &p.points.to_string()),
                        ("rule", &rule_title(p.rule, lang)),
                        ("n", &(p.speech + 1).to_string()),
                    ],
                )
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
