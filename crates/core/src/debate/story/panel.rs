//! The moderated and social debates told in lines: each event a line or a
//! block (the moderator's round posts with their scores and source checks; surrenders and
//! the verdict), for one audience. The terminal prints these as the debate goes, the
//! Discord table posts them, and `agora replay` tells a recorded debate with them.

use crate::agents::debate::moderated_llm::show;
use crate::games::debate::moderated::{self, ModeratedDebate, CATEGORIES};
use crate::games::debate::social::{self, SocialDebate};
use crate::games::{Audience, Game, Seat};

/// A participant's shown name (seat 1 first), or "Participant N".
pub fn name_of(names: &[String], seat: Seat) -> String {
    names
        .get(seat as usize - 1)
        .cloned()
        .unwrap_or_else(|| format!("Participant {seat}"))
}

fn list(items: &[String]) -> String {
    if items.is_empty() {
        "—".into()
    } else {
        items.join("; ")
    }
}

/// A moderated or social debate told in lines, whose speech asks a person can answer.
pub trait Panel: Game {
    /// The line (or block) an event is told in, `None` for one not told.
    fn line(event: &Self::Event, audience: Audience, names: &[String]) -> Option<String>;
    /// The round and word limit of a speech ask.
    fn speech(ask: &Self::Ask) -> Option<(u8, u32)>;
    fn speak(text: String) -> Self::Action;
    /// The participant whose turn an event skipped (passed or timed out).
    fn skipped(event: &Self::Event) -> Option<Seat>;
    /// How a speech still being written is told (its word count is not known yet): who,
    /// which round, the text so far.
    fn draft_line(event: &Self::Event, names: &[String]) -> Option<String>;
    /// Giving in, where the format allows it.
    fn concede() -> Option<Self::Action> {
        None
    }
}

/// A speech being written, as [`Panel::draft_line`] tells it.
fn speaking(names: &[String], seat: Seat, round: u8, text: &str) -> String {
    format!("{} (round {round}): {text}", name_of(names, seat))
}

/// A moderator's post about a round, names shown.
pub fn round_post(
    round: u8,
    means: &[f64],
    notes: &moderated::RoundNotes,
    offline: bool,
    names: &[String],
) -> String {
    let named = |t: &str| show(t, |s| name_of(names, s));
    let mut s = format!(
        "== The moderator on round {round}{} ==\n{}\n  Clashes: {}\n  Consensus: {}\n  Sources: {}\n  Scores (of 30, the mean of two passes):",
        if offline { " (offline-scored)" } else { "" },
        named(&notes.summary),
        if notes.clashes.is_empty() {
            "none this round (no one took up a point of the other side)".to_string()
        } else {
            named(&list(&notes.clashes))
        },
        if notes.consensus.is_empty() {
            "none this round".to_string()
        } else {
            named(&list(&notes.consensus))
        },
        named(&list(&notes.sources)),
    );
    for (i, m) in means.iter().enumerate() {
        let reason = notes.reasons.get(i).map(|r| named(r)).unwrap_or_default();
        s.push_str(&format!(
            "\n    {}: {m:.1} — {reason}",
            name_of(names, i as Seat + 1)
        ));
    }
    s
}

impl Panel for ModeratedDebate {
    fn line(event: &moderated::Event, _audience: Audience, names: &[String]) -> Option<String> {
        use moderated::Event as E;
        Some(match event {
            E::Opened {
                motion,
                participants,
                rounds,
                style,
            } => format!(
                "Moderated debate ({}, {rounds} rounds, {participants} participants): {motion}",
                style.title()
            ),
            E::RoundStarted { round, order } => format!(
                "-- Round {round}: {} --",
                order
                    .iter()
                    .map(|&s| name_of(names, s))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            E::Spoke {
                seat,
                round,
                words,
                limit,
                text,
            } => format!(
                "{} (round {round}, {words}/{limit} words): {text}",
                name_of(names, *seat)
            ),
            E::Skipped { seat, round } => format!(
                "{} gave no speech in round {round} (passed, or the time ran out).",
                name_of(names, *seat)
            ),
            E::Reviewed {
                round,
                means,
                notes,
                offline,
                ..
            } => round_post(*round, means, notes, *offline, names),
            E::Evaluated {
                totals,
                reasons,
                summary,
                offline,
            } => {
                let mut s = format!(
                    "== Final evaluation{} (of 100, the mean of two passes) ==\n{}",
                    if *offline { " (offline-scored)" } else { "" },
                    show(summary, |x| name_of(names, x))
                );
                for (i, t) in totals.iter().enumerate() {
                    s.push_str(&format!("\n  {}: {t:.1}", name_of(names, i as Seat + 1)));
                    for (c, (_, title, _)) in CATEGORIES.iter().enumerate() {
                        if let Some(r) = reasons
                            .get(i)
                            .and_then(|r| r.get(c))
                            .filter(|r| !r.is_empty())
                        {
                            s.push_str(&format!(
                                "\n    {title}: {}",
                                show(r, |x| name_of(names, x))
                            ));
                        }
                    }
                }
                s
            }
            E::Finished {
                scores,
                winner,
                victory,
                passes_agree,
            } => {
                let table: Vec<String> = scores
                    .iter()
                    .enumerate()
                    .map(|(i, x)| format!("{} {x:.2}", name_of(names, i as Seat + 1)))
                    .collect();
                format!(
                    "== Result: {} — {}{} ==",
                    table.join(", "),
                    match winner {
                        Some(w) => format!("{} for {}", victory.title(), name_of(names, *w)),
                        None => "a draw".into(),
                    },
                    if *passes_agree {
                        ""
                    } else {
                        " (the two final passes disagreed on who led: never clear)"
                    }
                )
            }
        })
    }
    fn speech(ask: &moderated::Ask) -> Option<(u8, u32)> {
        match ask {
            moderated::Ask::Speak { round, limit } => Some((*round, *limit)),
            _ => None,
        }
    }
    fn speak(text: String) -> moderated::Action {
        moderated::Action::Speak { text }
    }
    fn skipped(event: &moderated::Event) -> Option<Seat> {
        match event {
            moderated::Event::Skipped { seat, .. } => Some(*seat),
            _ => None,
        }
    }
    fn draft_line(event: &moderated::Event, names: &[String]) -> Option<String> {
        match event {
            moderated::Event::Spoke {
                seat, round, text, ..
            } => Some(speaking(names, *seat, *round, text)),
            _ => None,
        }
    }
}

impl Panel for SocialDebate {
    fn line(event: &social::Event, audience: Audience, names: &[String]) -> Option<String> {
        use social::Event as E;
        Some(match event {
            E::Opened {
                motion,
                starts,
                rounds,
            } => {
                let who: Vec<String> = starts
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        format!(
                            "{} (stance {:+.2}, conviction {:.2})",
                            name_of(names, i as Seat + 1),
                            s.stance,
                            s.conviction
                        )
                    })
                    .collect();
                format!(
                    "Social debate ({rounds} rounds): {motion}\n  {}",
                    who.join("; ")
                )
            }
            E::RoundStarted { round } => format!("-- Round {round} --"),
            E::Standing { round, minds } => {
                let who: Vec<String> = minds
                    .iter()
                    .enumerate()
                    .map(|(i, m)| {
                        let name = name_of(names, i as Seat + 1);
                        if m.active {
                            format!(
                                "{name} {} ({:+.2}, conviction {:.2})",
                                if m.stance < 0.0 { "against" } else { "for" },
                                m.stance,
                                m.conviction
                            )
                        } else {
                            format!("{name} has given in")
                        }
                    })
                    .collect();
                format!("Where each stands after round {round}: {}.", who.join("; "))
            }
            E::Breakdown { parts } => {
                let lines: Vec<String> = parts
                    .iter()
                    .enumerate()
                    .map(|(i, p)| {
                        let mut got = vec![
                            format!("holding its side {:.2}", p.held),
                            format!("persuading others {:.2}", p.influence),
                        ];
                        if p.won_over != 0.0 {
                            got.push(format!("winning others over {:+.2}", p.won_over));
                        }
                        got.push(format!("composure under attack {:.2}", p.composure));
                        if p.gave_in != 0.0 {
                            got.push(format!("giving in {:.2}", p.gave_in));
                        }
                        format!(
                            "  {} {:.2}: {}",
                            name_of(names, i as Seat + 1),
                            p.total(),
                            got.join(", ")
                        )
                    })
                    .collect();
                format!("What scored:\n{}", lines.join("\n"))
            }
            E::Spoke {
                seat,
                round,
                words,
                limit,
                text,
            } => format!(
                "{} (round {round}, {words}/{limit} words): {text}",
                name_of(names, *seat)
            ),
            E::Skipped { seat, round } => format!(
                "{} gave no speech in round {round} (passed, or the time ran out).",
                name_of(names, *seat)
            ),
            E::Rated {
                speaker,
                ratings,
                offline,
            } if audience == Audience::Moderator || audience == Audience::Everyone => {
                let r: Vec<String> = ratings
                    .iter()
                    .map(|(t, x)| {
                        format!(
                            "{} p{:.2} a{:.2} e{:.2}",
                            name_of(names, *t),
                            x.persuasion,
                            x.attack,
                            x.evidence
                        )
                    })
                    .collect();
                format!(
                    "   (evaluator{} on {}: {})",
                    if *offline { ", offline" } else { "" },
                    name_of(names, *speaker),
                    r.join("; ")
                )
            }
            E::Rated { .. } => return None,
            E::Surrendered {
                seat,
                why,
                bonus_to,
            } => format!(
                "** {} gives in ({}){}.",
                name_of(names, *seat),
                why.describe(),
                bonus_to.map_or(String::new(), |b| format!(
                    "; {} takes the +20",
                    name_of(names, b)
                ))
            ),
            E::Finished {
                scores,
                winner,
                verdict,
            } => {
                let table: Vec<String> = scores
                    .iter()
                    .enumerate()
                    .map(|(i, x)| format!("{} {x:.2}", name_of(names, i as Seat + 1)))
                    .collect();
                format!(
                    "== Result: {} — {} ==",
                    table.join(", "),
                    match winner {
                        Some(w) => format!("{} for {}", verdict.title(), name_of(names, *w)),
                        None => "a tie at the top".into(),
                    }
                )
            }
        })
    }
    fn speech(ask: &social::Ask) -> Option<(u8, u32)> {
        match ask {
            social::Ask::Speak { round, limit } => Some((*round, *limit)),
            _ => None,
        }
    }
    fn speak(text: String) -> social::Action {
        social::Action::Speak { text }
    }
    fn draft_line(event: &social::Event, names: &[String]) -> Option<String> {
        match event {
            social::Event::Spoke {
                seat, round, text, ..
            } => Some(speaking(names, *seat, *round, text)),
            _ => None,
        }
    }
    fn skipped(event: &social::Event) -> Option<Seat> {
        match event {
            social::Event::Skipped { seat, .. } => Some(*seat),
            _ => None,
        }
    }
    fn concede() -> Option<social::Action> {
        Some(social::Action::Concede)
    }
}

/// A moderated or social debate's chart as PNG (`None` for another game, or should the
/// drawing fail, which is logged).
pub fn chart_png(names: &[String], game: &dyn std::any::Any) -> Option<Vec<u8>> {
    let drawn = if let Some(g) = game.downcast_ref::<SocialDebate>() {
        crate::debate::charts::social(names, g.trail(), &crate::debate::charts::social_marks(g))
    } else if let Some(g) = game.downcast_ref::<ModeratedDebate>() {
        let per_round: Vec<Vec<f64>> = g
            .reviews()
            .iter()
            .map(|r| {
                (0..names.len())
                    .map(|k| r.passes.iter().map(|p| p[k].total()).sum::<u32>() as f64 / 2.0)
                    .collect()
            })
            .collect();
        crate::debate::charts::rounds(names, &per_round)
    } else {
        return None;
    };
    drawn
        .inspect_err(|e| tracing::warn!("the debate's chart: {e}"))
        .ok()
}
