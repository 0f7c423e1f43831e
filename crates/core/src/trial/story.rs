//! A trial told in lines: the case, what is said to each juror and their answers, the
//! evidence, deliberation and the verdict, for one audience. The terminal prints these as
//! the trial goes and `agora replay` tells a stored trial with them; the verdict's chart.

use crate::agents::trial::Case;
use crate::games::trial::{Event, Trial};
use crate::games::{Audience, Seat, Viewer};
use std::collections::BTreeMap;
use std::sync::Arc;

/// What the lines need: the case, the players' and jurors' names.
#[derive(Debug, Clone)]
pub struct TrialView {
    pub case: Arc<Case>,
    /// The players, seat 1 first.
    pub players: Vec<String>,
    /// Juror id → (name, occupation, first message).
    pub jurors: BTreeMap<String, (String, String, String)>,
}

fn vote(not_guilty: bool) -> &'static str {
    if not_guilty {
        "NOT GUILTY"
    } else {
        "GUILTY"
    }
}

impl TrialView {
    pub fn player(&self, seat: Seat) -> String {
        self.players
            .get(seat as usize - 1)
            .cloned()
            .unwrap_or_else(|| format!("Player {seat}"))
    }
    pub fn juror(&self, id: &str) -> String {
        self.jurors
            .get(id)
            .map_or_else(|| id.to_string(), |j| j.0.clone())
    }
    fn card(&self, id: &str) -> (String, String) {
        self.case.evidence.iter().find(|e| e.id == id).map_or_else(
            || (id.to_string(), String::new()),
            |e| (e.title.clone(), e.text.clone()),
        )
    }
    /// The juror a typed name means: an id, a name, or the start of one (any case).
    pub fn find_juror(&self, typed: &str) -> Option<String> {
        let t = typed.trim().to_lowercase();
        if t.is_empty() {
            return None;
        }
        let exact = self
            .jurors
            .iter()
            .find(|(id, j)| **id == t || j.0.to_lowercase() == t);
        if let Some((id, _)) = exact {
            return Some(id.clone());
        }
        let starts: Vec<&String> = self
            .jurors
            .iter()
            .filter(|(id, j)| j.0.to_lowercase().starts_with(&t) || id.starts_with(&t))
            .map(|(id, _)| id)
            .collect();
        (starts.len() == 1).then(|| starts[0].clone())
    }
    /// The card a typed id or title word means.
    pub fn find_card(&self, typed: &str) -> Option<String> {
        let t = typed.trim().to_lowercase();
        self.case
            .evidence
            .iter()
            .find(|e| e.id == t || e.title.to_lowercase() == t)
            .or_else(|| {
                let m: Vec<_> = self
                    .case
                    .evidence
                    .iter()
                    .filter(|e| e.id.starts_with(&t) || e.title.to_lowercase().contains(&t))
                    .collect();
                (m.len() == 1).then(|| m[0])
            })
            .map(|e| e.id.clone())
    }

    /// The line (or block) an event is told in; the moderator's events (stances, labels)
    /// only with `detail`.
    pub fn line(&self, event: &Event, audience: Audience, detail: bool) -> Option<String> {
        if audience == Audience::Moderator && !detail {
            return None;
        }
        Some(match event {
            Event::Opened {
                mode,
                sides,
                jurors,
                ..
            } => {
                let mut s = format!(
                    "== {} ==\n{}\n\nThe question: {}\nMode: {}; players: {}\nThe jury:",
                    self.case.title,
                    self.case.text,
                    self.case.question,
                    mode.name(),
                    sides
                        .iter()
                        .enumerate()
                        .map(|(i, side)| format!(
                            "{} ({})",
                            self.player(i as Seat + 1),
                            side.name()
                        ))
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                for id in jurors {
                    if let Some((name, occupation, first)) = self.jurors.get(id) {
                        s.push_str(&format!("\n  {name}, {occupation}: “{first}”"));
                    }
                }
                s
            }
            Event::Said {
                player,
                juror,
                text,
            } => {
                format!("{} → {}: {text}", self.player(*player), self.juror(juror))
            }
            Event::Heard {
                juror,
                main,
                dropped,
                offline,
                moved,
                stance,
                ..
            } => format!(
                "   [{}{}: topics {}{}; moved {moved:+.2} → {stance:.2}]",
                self.juror(juror),
                if *offline { ", offline-labelled" } else { "" },
                if main.is_empty() {
                    "none".to_string()
                } else {
                    main.iter()
                        .map(|t| format!("{} ({:?})", t.topic, t.impact))
                        .collect::<Vec<_>>()
                        .join(", ")
                },
                if dropped.is_empty() {
                    String::new()
                } else {
                    format!("; dropped {}", dropped.join(", "))
                },
            ),
            Event::Replied {
                juror,
                player,
                text,
                hint,
            } => format!(
                "{} → {}: {text}{}",
                self.juror(juror),
                self.player(*player),
                hint.as_ref().map_or(String::new(), |h| format!("  ({h})"))
            ),
            Event::Presented { player, card } => {
                let (title, text) = self.card(card);
                format!(
                    "** {} presents evidence: {title}. {text}",
                    self.player(*player)
                )
            }
            Event::Weighed { card, moves, .. } => format!(
                "   [{card}: {}]",
                moves
                    .iter()
                    .map(|(j, m)| format!("{} {m:+.2}", self.juror(j)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Event::Rested { player } => format!("{} rests.", self.player(*player)),
            Event::ArgumentClosed { called_by } => match called_by {
                Some(p) => format!(
                    "== {} calls for the verdict: the argument is closed ==",
                    self.player(*p)
                ),
                None => "== The argument is closed ==".into(),
            },
            Event::DeliberationRound { round, speaker } => {
                format!(
                    "-- Deliberation, round {round}: {} speaks --",
                    self.juror(speaker)
                )
            }
            Event::Stated { juror, text, .. } => format!("{}: {text}", self.juror(juror)),
            Event::Deliberated { moves, .. } => format!(
                "   [{}]",
                moves
                    .iter()
                    .map(|(j, m)| format!("{} {m:+.2}", self.juror(j)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Event::Responded { juror, text, .. } => format!("  {}: {text}", self.juror(juror)),
            Event::Verdict {
                votes,
                not_guilty,
                initial,
                finals,
            } => {
                let n = votes.iter().filter(|v| v.1).count();
                let mut s = format!(
                    "== The verdict: {} ({n} of {} for NOT GUILTY) ==",
                    vote(*not_guilty),
                    votes.len()
                );
                for (i, (id, v)) in votes.iter().enumerate() {
                    let (a, b) = (
                        initial.get(i).copied().unwrap_or(0.0),
                        finals.get(i).copied().unwrap_or(0.0),
                    );
                    s.push_str(&format!(
                        "\n  {}: {} (stance {a:+.1} → {b:+.1}, moved {:+.1})",
                        self.juror(id),
                        vote(*v),
                        b - a
                    ));
                }
                let epilogue = self.case.epilogue(n, votes.len());
                if !epilogue.is_empty() {
                    s.push_str(&format!("\n\n{epilogue}"));
                }
                s
            }
        })
    }
}

impl TrialView {
    /// A stored trial told from its log: what `seat` saw, or everything public (with
    /// `detail`, the labels and stances too).
    pub fn story(
        &self,
        log: &[crate::games::Logged<Event>],
        seat: Option<Seat>,
        detail: bool,
    ) -> String {
        let viewer = match seat {
            Some(s) => Viewer::Seat(s),
            None if detail => Viewer::Moderator,
            None => Viewer::Public,
        };
        let mut s = String::new();
        for l in log {
            if l.audience.shown_to(viewer) {
                if let Some(line) = self.line(&l.event, l.audience, true) {
                    s.push_str(&line);
                    s.push('\n');
                }
            }
        }
        s
    }
}

/// A finished trial's chart of every juror's stance over the session, as PNG (`None`
/// should the drawing fail, which is logged).
pub fn chart_png(view: &TrialView, game: &Trial) -> Option<Vec<u8>> {
    let names: Vec<String> = game.jurors().iter().map(|j| view.juror(&j.id)).collect();
    crate::trial::charts::stances(&names, game.trail())
        .inspect_err(|e| tracing::warn!("the trial's chart: {e}"))
        .ok()
}
