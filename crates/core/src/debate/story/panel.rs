//! The moderated and social debates told in lines: each event a line or a
//! block (the moderator's round posts with their scores and source checks; surrenders and
//! the verdict), for one audience, in the debate's language (`locales/*/panel.ftl`). The
//! terminal prints these as the debate goes, the Discord table posts them, and `agora
//! replay` tells a recorded debate with them.

use crate::agents::debate::moderated_llm::show;
use crate::games::debate::moderated::{self, ModeratedDebate, Style, Victory, CATEGORIES};
use crate::games::debate::social::{self, SocialDebate, Surrender, Verdict};
use crate::games::{Audience, Game, Lang, Seat};

/// A participant's shown name (seat 1 first), or "Participant N".
pub fn name_of(names: &[String], seat: Seat) -> String {
    name_in(names, seat, Lang::En)
}

/// [`name_of`] in `lang`: "Participant N", "N号辩手" when the seat has no name.
pub fn name_in(names: &[String], seat: Seat, lang: Lang) -> String {
    names
        .get(seat as usize - 1)
        .cloned()
        .unwrap_or_else(|| lang.text("panel-participant", &[("seat", &seat.to_string())]))
}

/// How the items of a list are separated: "; " in English, "；" in Chinese.
pub fn semi(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "; ",
        Lang::ZhCn => "；",
    }
}

/// How names in a row are separated: ", " in English, "、" in Chinese.
pub fn comma(lang: Lang) -> &'static str {
    match lang {
        Lang::En => ", ",
        Lang::ZhCn => "、",
    }
}

fn list(items: &[String], lang: Lang) -> String {
    if items.is_empty() {
        lang.text("panel-list-empty", &[])
    } else {
        items.join(semi(lang))
    }
}

/// A moderated debate's style: "Structured", "结构化".
pub fn style_title(style: Style, lang: Lang) -> String {
    lang.text(&format!("panel-style-{}", style.name()), &[])
}

fn victory_title(victory: Victory, lang: Lang) -> String {
    lang.text(&format!("panel-victory-{}", victory.name()), &[])
}

fn verdict_title(verdict: Verdict, lang: Lang) -> String {
    lang.text(&format!("panel-verdict-{}", verdict.name()), &[])
}

/// Why a participant of a social debate gave in.
pub fn surrender_why(why: Surrender, lang: Lang) -> String {
    lang.text(
        match why {
            Surrender::Persuaded => "panel-why-persuaded",
            Surrender::Wavering => "panel-why-wavering",
            Surrender::Worn => "panel-why-worn",
            Surrender::Conceded => "panel-why-conceded",
        },
        &[],
    )
}

/// A final category's title: "Argument quality", "论证质量" (`CATEGORIES`' key).
pub fn category_title(key: &str, lang: Lang) -> String {
    lang.text(&format!("panel-category-{key}"), &[])
}

/// A moderated or social debate told in lines, whose speech asks a person can answer.
pub trait Panel: Game {
    /// The line (or block) an event is told in, `None` for one not told (English).
    fn line(event: &Self::Event, audience: Audience, names: &[String]) -> Option<String> {
        Self::line_in(event, audience, names, Lang::En)
    }
    /// [`line`](Panel::line) in `lang`.
    fn line_in(
        event: &Self::Event,
        audience: Audience,
        names: &[String],
        lang: Lang,
    ) -> Option<String>;
    /// The round and word limit of a speech ask.
    fn speech(ask: &Self::Ask) -> Option<(u8, u32)>;
    fn speak(text: String) -> Self::Action;
    /// The participant whose turn an event skipped (passed or timed out).
    fn skipped(event: &Self::Event) -> Option<Seat>;
    /// How a speech still being written is told (its word count is not known yet): who,
    /// which round, the text so far (English).
    fn draft_line(event: &Self::Event, names: &[String]) -> Option<String> {
        Self::draft_line_in(event, names, Lang::En)
    }
    /// [`draft_line`](Panel::draft_line) in `lang`.
    fn draft_line_in(event: &Self::Event, names: &[String], lang: Lang) -> Option<String>;
    /// Giving in, where the format allows it.
    fn concede() -> Option<Self::Action> {
        None
    }
}

/// A speech being written, as [`Panel::draft_line`] tells it.
fn speaking(names: &[String], seat: Seat, round: u8, text: &str, lang: Lang) -> String {
    lang.text(
        "panel-speaking",
        &[
            ("name", &name_in(names, seat, lang)),
            ("round", &round.to_string()),
            ("text", text),
        ],
    )
}

/// A speech given, with its word count.
fn spoke(
    names: &[String],
    seat: Seat,
    round: u8,
    words: u32,
    limit: u32,
    text: &str,
    lang: Lang,
) -> String {
    lang.text(
        "panel-spoke",
        &[
            ("name", &name_in(names, seat, lang)),
            ("round", &round.to_string()),
            ("words", &words.to_string()),
            ("limit", &limit.to_string()),
            ("text", text),
        ],
    )
}

fn skipped(names: &[String], seat: Seat, round: u8, lang: Lang) -> String {
    lang.text(
        "panel-skipped",
        &[
            ("name", &name_in(names, seat, lang)),
            ("round", &round.to_string()),
        ],
    )
}

/// A moderator's post about a round, names shown (English).
pub fn round_post(
    round: u8,
    means: &[f64],
    notes: &moderated::RoundNotes,
    offline: bool,
    names: &[String],
) -> String {
    round_post_in(round, means, notes, offline, names, Lang::En)
}

/// [`round_post`] in `lang`.
pub fn round_post_in(
    round: u8,
    means: &[f64],
    notes: &moderated::RoundNotes,
    offline: bool,
    names: &[String],
    lang: Lang,
) -> String {
    let named = |t: &str| show(t, |s| name_in(names, s, lang));
    let t = |id: &str, list: &str| lang.text(id, &[("list", list)]);
    let head = if offline {
        "panel-post-head-offline"
    } else {
        "panel-post-head"
    };
    let mut s = format!(
        "{}\n{}\n  {}\n  {}\n  {}\n  {}",
        lang.text(head, &[("round", &round.to_string())]),
        named(&notes.summary),
        t(
            "panel-clashes",
            &if notes.clashes.is_empty() {
                lang.text("panel-clashes-none", &[])
            } else {
                named(&list(&notes.clashes, lang))
            }
        ),
        t(
            "panel-consensus",
            &if notes.consensus.is_empty() {
                lang.text("panel-consensus-none", &[])
            } else {
                named(&list(&notes.consensus, lang))
            }
        ),
        t("panel-sources", &named(&list(&notes.sources, lang))),
        lang.text("panel-scores-head", &[]),
    );
    for (i, m) in means.iter().enumerate() {
        let reason = notes.reasons.get(i).map(|r| named(r)).unwrap_or_default();
        s.push_str("\n    ");
        s.push_str(&lang.text(
            "panel-score",
            &[
                ("name", &name_in(names, i as Seat + 1, lang)),
                ("mean", &format!("{m:.1}")),
                ("reason", &reason),
            ],
        ));
    }
    s
}

/// The scores of every participant in a row: "P1 0.52, P2 0.40".
fn score_row(scores: &[f64], names: &[String], lang: Lang) -> String {
    let sep = match lang {
        Lang::En => ", ",
        Lang::ZhCn => "，",
    };
    scores
        .iter()
        .enumerate()
        .map(|(i, x)| {
            lang.text(
                "panel-result-score",
                &[
                    ("name", &name_in(names, i as Seat + 1, lang)),
                    ("score", &format!("{x:.2}")),
                ],
            )
        })
        .collect::<Vec<_>>()
        .join(sep)
}

/// The result: every score, then the winner with how they won (`won`), or the message
/// `none` when nobody did, then `disagreed` (a note on the scoring, or nothing).
fn result(
    scores: &[f64],
    names: &[String],
    won: Option<(Seat, String)>,
    none: &str,
    disagreed: &str,
    lang: Lang,
) -> String {
    let outcome = match won {
        Some((w, how)) => lang.text(
            "panel-result-win",
            &[("verdict", &how), ("name", &name_in(names, w, lang))],
        ),
        None => lang.text(none, &[]),
    };
    lang.text(
        "panel-result",
        &[
            ("scores", &score_row(scores, names, lang)),
            ("outcome", &outcome),
            ("disagreed", disagreed),
        ],
    )
}

impl Panel for ModeratedDebate {
    fn line_in(
        event: &moderated::Event,
        _audience: Audience,
        names: &[String],
        lang: Lang,
    ) -> Option<String> {
        use moderated::Event as E;
        let name = |s: Seat| name_in(names, s, lang);
        Some(match event {
            E::Opened {
                motion,
                participants,
                rounds,
                style,
            } => lang.text(
                "panel-mod-opened",
                &[
                    ("style", &style_title(*style, lang)),
                    ("rounds", &rounds.to_string()),
                    ("participants", &participants.to_string()),
                    ("motion", motion),
                ],
            ),
            E::RoundStarted { round, order } => lang.text(
                "panel-round-started",
                &[
                    ("round", &round.to_string()),
                    (
                        "order",
                        &order
                            .iter()
                            .map(|&s| name(s))
                            .collect::<Vec<_>>()
                            .join(comma(lang)),
                    ),
                ],
            ),
            E::Spoke {
                seat,
                round,
                words,
                limit,
                text,
            } => spoke(names, *seat, *round, *words, *limit, text, lang),
            E::Skipped { seat, round } => skipped(names, *seat, *round, lang),
            E::Reviewed {
                round,
                means,
                notes,
                offline,
                ..
            } => round_post_in(*round, means, notes, *offline, names, lang),
            E::Evaluated {
                totals,
                reasons,
                summary,
                offline,
            } => {
                let head = if *offline {
                    "panel-final-head-offline"
                } else {
                    "panel-final-head"
                };
                let mut s = format!("{}\n{}", lang.text(head, &[]), show(summary, name));
                for (i, t) in totals.iter().enumerate() {
                    s.push_str("\n  ");
                    s.push_str(&lang.text(
                        "panel-total",
                        &[
                            ("name", &name(i as Seat + 1)),
                            ("total", &format!("{t:.1}")),
                        ],
                    ));
                    for (c, (key, _, _)) in CATEGORIES.iter().enumerate() {
                        if let Some(r) = reasons
                            .get(i)
                            .and_then(|r| r.get(c))
                            .filter(|r| !r.is_empty())
                        {
                            s.push_str("\n    ");
                            s.push_str(&lang.text(
                                "panel-category",
                                &[
                                    ("title", &category_title(key, lang)),
                                    ("reason", &show(r, name)),
                                ],
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
                let won = winner.map(|w| (w, victory_title(*victory, lang)));
                let disagreed = if *passes_agree {
                    String::new()
                } else {
                    lang.text("panel-passes-disagreed", &[])
                };
                result(scores, names, won, "panel-result-draw", &disagreed, lang)
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
    fn draft_line_in(event: &moderated::Event, names: &[String], lang: Lang) -> Option<String> {
        match event {
            moderated::Event::Spoke {
                seat, round, text, ..
            } => Some(speaking(names, *seat, *round, text, lang)),
            _ => None,
        }
    }
}

impl Panel for SocialDebate {
    fn line_in(
        event: &social::Event,
        audience: Audience,
        names: &[String],
        lang: Lang,
    ) -> Option<String> {
        use social::Event as E;
        let name = |s: Seat| name_in(names, s, lang);
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
                        lang.text(
                            "panel-social-start",
                            &[
                                ("name", &name(i as Seat + 1)),
                                ("stance", &format!("{:+.2}", s.stance)),
                                ("conviction", &format!("{:.2}", s.conviction)),
                            ],
                        )
                    })
                    .collect();
                format!(
                    "{}\n  {}",
                    lang.text(
                        "panel-social-opened",
                        &[("rounds", &rounds.to_string()), ("motion", motion)],
                    ),
                    who.join(semi(lang))
                )
            }
            E::RoundStarted { round } => {
                lang.text("panel-social-round", &[("round", &round.to_string())])
            }
            E::Standing { round, minds } => {
                let who: Vec<String> = minds
                    .iter()
                    .enumerate()
                    .map(|(i, m)| {
                        let name = name(i as Seat + 1);
                        if m.active {
                            lang.text(
                                "panel-mind",
                                &[
                                    ("name", &name),
                                    (
                                        "side",
                                        &lang.text(
                                            if m.stance < 0.0 {
                                                "panel-against"
                                            } else {
                                                "panel-for"
                                            },
                                            &[],
                                        ),
                                    ),
                                    ("stance", &format!("{:+.2}", m.stance)),
                                    ("conviction", &format!("{:.2}", m.conviction)),
                                ],
                            )
                        } else {
                            lang.text("panel-mind-gave-in", &[("name", &name)])
                        }
                    })
                    .collect();
                lang.text(
                    "panel-standing",
                    &[
                        ("round", &round.to_string()),
                        ("minds", &who.join(semi(lang))),
                    ],
                )
            }
            E::Breakdown { parts } => {
                let part = |id: &str, x: String| lang.text(id, &[("x", &x)]);
                let lines: Vec<String> = parts
                    .iter()
                    .enumerate()
                    .map(|(i, p)| {
                        let mut got = vec![
                            part("panel-part-held", format!("{:.2}", p.held)),
                            part("panel-part-influence", format!("{:.2}", p.influence)),
                        ];
                        if p.won_over != 0.0 {
                            got.push(part("panel-part-won-over", format!("{:+.2}", p.won_over)));
                        }
                        got.push(part("panel-part-composure", format!("{:.2}", p.composure)));
                        if p.gave_in != 0.0 {
                            got.push(part("panel-part-gave-in", format!("{:.2}", p.gave_in)));
                        }
                        let sep = match lang {
                            Lang::En => ", ",
                            Lang::ZhCn => "，",
                        };
                        format!(
                            "  {}",
                            lang.text(
                                "panel-scored",
                                &[
                                    ("name", &name(i as Seat + 1)),
                                    ("total", &format!("{:.2}", p.total())),
                                    ("parts", &got.join(sep)),
                                ],
                            )
                        )
                    })
                    .collect();
                format!(
                    "{}\n{}",
                    lang.text("panel-scored-head", &[]),
                    lines.join("\n")
                )
            }
            E::Spoke {
                seat,
                round,
                words,
                limit,
                text,
            } => spoke(names, *seat, *round, *words, *limit, text, lang),
            E::Skipped { seat, round } => skipped(names, *seat, *round, lang),
            E::Rated {
                speaker,
                ratings,
                offline,
            } if audience == Audience::Moderator || audience == Audience::Everyone => {
                let r: Vec<String> = ratings
                    .iter()
                    .map(|(t, x)| {
                        lang.text(
                            "panel-rating",
                            &[
                                ("name", &name(*t)),
                                ("p", &format!("{:.2}", x.persuasion)),
                                ("a", &format!("{:.2}", x.attack)),
                                ("e", &format!("{:.2}", x.evidence)),
                            ],
                        )
                    })
                    .collect();
                format!(
                    "   {}",
                    lang.text(
                        if *offline {
                            "panel-rated-offline"
                        } else {
                            "panel-rated"
                        },
                        &[("name", &name(*speaker)), ("ratings", &r.join(semi(lang)))],
                    )
                )
            }
            E::Rated { .. } => return None,
            E::Surrendered {
                seat,
                why,
                bonus_to,
            } => {
                let why = surrender_why(*why, lang);
                match bonus_to {
                    Some(b) => lang.text(
                        "panel-surrendered-bonus",
                        &[("name", &name(*seat)), ("why", &why), ("to", &name(*b))],
                    ),
                    None => lang.text(
                        "panel-surrendered",
                        &[("name", &name(*seat)), ("why", &why)],
                    ),
                }
            }
            E::Finished {
                scores,
                winner,
                verdict,
            } => {
                let won = winner.map(|w| (w, verdict_title(*verdict, lang)));
                result(scores, names, won, "panel-result-tie", "", lang)
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
    fn draft_line_in(event: &social::Event, names: &[String], lang: Lang) -> Option<String> {
        match event {
            social::Event::Spoke {
                seat, round, text, ..
            } => Some(speaking(names, *seat, *round, text, lang)),
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
