//! A seat's days as text for a prompt: game-made lines, with every piece of player text
//! fenced by [`fence`] so that it can neither close its quotes nor start a line of its own.
//!
//! The public record ([`transcript`]) holds only what every seat saw, so it reads the same
//! for every seat and grows by appending: a model server's prompt cache serves it to each
//! seat in turn (see `../shared/design/llm-at-the-table.md`). The latest day is shown in
//! full, in the order things happened (a PK's speeches after the vote that tied); until the
//! next day's first speech the day just gone is shown in full too. The two days before are
//! short summaries of game facts (no player text), and older days one line each: the
//! record is rewritten only when a day's talk begins. The seat's own night notes are
//! private ([`night_notes`]), for the part of the prompt after the record.

use super::fence;
use crate::games::lang::Lang;
use crate::games::werewolf::{Ballot, PerSeat, Seat, SeatSet, SpeechKind, VoteRound};
use std::fmt::Write;

/// One thing that happened by day, in order.
#[derive(Debug, Clone)]
pub(super) enum Entry {
    Speech(Seat, SpeechKind, String),
    Votes(VoteRound, PerSeat<Ballot>, Option<Seat>),
    /// A public happening, game-made (PK called, eliminated, hunter shot).
    Note(String),
}

/// One day of the game as the seat saw it (night n, then day n).
#[derive(Debug, Clone, Default)]
pub(super) struct DayLog {
    pub day: u32,
    /// The seat's own night notes (wolf picks, the witch's news, checks…).
    pub night: Vec<String>,
    /// The night's dead as announced at dawn.
    pub dawn: Option<SeatSet>,
    /// Speeches, votes and notes in the order they came.
    pub entries: Vec<Entry>,
}

impl DayLog {
    pub fn has_speeches(&self) -> bool {
        self.entries.iter().any(|e| matches!(e, Entry::Speech(..)))
    }

    /// Whether every seat saw something of this day (its dawn, a speech, a vote, a note).
    fn is_public(&self) -> bool {
        self.dawn.is_some() || !self.entries.is_empty()
    }

    /// A finished day in a few game-made lines: deaths, who spoke, the votes and outcome.
    /// Claims are in the claims record, so no player text is repeated here; the night
    /// notes are the seat's own, so they are not either.
    pub fn summary(&self, lang: Lang) -> String {
        let mut s = lang.text("mem-summary", &[("day", &self.day.to_string())]);
        let mut sentence = |text: String| {
            s.push_str(&lang.text("mem-summary-sentence", &[("text", &text)]));
        };
        match self.dawn {
            Some(dead) if dead.is_empty() => sentence(lang.text("mem-peaceful", &[])),
            Some(dead) => sentence(lang.text("mem-died", &[("dead", &dead.to_string())])),
            None => {}
        }
        for e in &self.entries {
            match e {
                Entry::Speech(seat, SpeechKind::LastWords, _) => {
                    sentence(lang.text("mem-last-words", &[("seat", &seat.to_string())]));
                }
                Entry::Speech(..) => {}
                Entry::Votes(round, ballots, sheriff) => {
                    sentence(votes_line(*round, ballots, *sheriff, lang))
                }
                Entry::Note(note) => sentence(note.clone()),
            }
        }
        s
    }

    /// Who left the game on a finished day, in one short line (for days further back).
    pub fn outline(&self, lang: Lang) -> String {
        let mut parts = Vec::new();
        if let Some(dead) = self.dawn {
            parts.push(if dead.is_empty() {
                lang.text("mem-outline-peaceful", &[])
            } else {
                lang.text("mem-outline-dead", &[("dead", &dead.to_string())])
            });
        }
        parts.extend(self.entries.iter().filter_map(|e| match e {
            Entry::Note(n) => Some(n.clone()),
            _ => None,
        }));
        lang.text(
            "mem-outline",
            &[
                ("day", &self.day.to_string()),
                ("parts", &parts.join(&lang.text("mem-list-sep", &[]))),
            ],
        )
    }

    /// The whole day as every seat saw it, one line per happening, player text fenced.
    pub fn full(&self, out: &mut String, lang: Lang) {
        let day = self.day.to_string();
        let _ = writeln!(out, "{}", lang.text("mem-full", &[("day", &day)]));
        match self.dawn {
            Some(dead) if dead.is_empty() => {
                let _ = writeln!(out, "- {}", lang.text("mem-dawn-peaceful", &[]));
            }
            Some(dead) => {
                let dead = dead.to_string();
                let _ = writeln!(out, "- {}", lang.text("mem-dawn-dead", &[("dead", &dead)]));
            }
            None => {}
        }
        for e in &self.entries {
            let line = match e {
                Entry::Speech(seat, kind, text) => lang.text(
                    "mem-speech",
                    &[
                        ("seat", &seat.to_string()),
                        ("day", &day),
                        ("kind", &lang.text(speech_label(*kind), &[])),
                        ("text", &fence(text)),
                    ],
                ),
                Entry::Votes(round, ballots, sheriff) => {
                    votes_line(*round, ballots, *sheriff, lang)
                }
                Entry::Note(note) => note.clone(),
            };
            let _ = writeln!(out, "- {line}");
        }
    }
}

/// The public record of `days` (`summaries[i]` is the summary of finished `days[i]`): the
/// latest day in full (and the day before it too while the latest has no speech yet), the
/// two days before those as summaries, older days as one line each. Its size depends on
/// one day's talk, not on the length of the game; every seat's reads the same, and it is
/// rewritten only at a day's first speech (it grows by appending from one to the next).
pub(super) fn transcript(days: &[DayLog], summaries: &[String], lang: Lang) -> String {
    const SUMMARIZED_DAYS: usize = 2;
    let mut out = String::new();
    // A night before its dawn has nothing public yet: the record stays as the day left it.
    let Some(current) = days.iter().rposition(DayLog::is_public) else {
        let _ = writeln!(out, "- {}", lang.text("mem-nothing-yet", &[]));
        return out;
    };
    let first_full = if current > 0 && !days[current].has_speeches() {
        current - 1
    } else {
        current
    };
    let first_summary = first_full.saturating_sub(SUMMARIZED_DAYS);
    if first_summary > 0 {
        let outlines: Vec<String> = days[..first_summary]
            .iter()
            .map(|d| d.outline(lang))
            .collect();
        let outlines = outlines.join(&lang.text("mem-clause-sep", &[]));
        let _ = writeln!(out, "{}", lang.text("mem-earlier", &[("days", &outlines)]));
    }
    for (i, d) in days.iter().enumerate().take(first_full).skip(first_summary) {
        match summaries.get(i) {
            Some(s) => out.push_str(s),
            None => out.push_str(&d.summary(lang)),
        }
        out.push('\n');
    }
    for d in &days[first_full..=current] {
        d.full(&mut out, lang);
    }
    out
}

/// The seat's own notes (wolf picks, the witch's news, checks, a hunter's shot…) of its
/// latest two nights that had any, one sentence a night; "none" when it has none. Older
/// nights' lasting facts (checks, potions) are in the seat's private line.
pub(super) fn night_notes(days: &[DayLog], lang: Lang) -> String {
    let nights: Vec<&DayLog> = days.iter().filter(|d| !d.night.is_empty()).collect();
    let recent = &nights[nights.len().saturating_sub(2)..];
    if recent.is_empty() {
        return lang.text("mem-none", &[]);
    }
    let clause = lang.text("mem-clause-sep", &[]);
    let lines: Vec<String> = recent
        .iter()
        .map(|d| {
            let notes = d.night.join(&clause);
            lang.text(
                "mem-night",
                &[("night", &d.day.to_string()), ("notes", &notes)],
            )
        })
        .collect();
    lines.join(&lang.text("mem-sentence-sep", &[]))
}

/// The message of a speech's kind.
fn speech_label(kind: SpeechKind) -> &'static str {
    match kind {
        SpeechKind::Day => "mem-kind-speech",
        SpeechKind::Pk => "mem-kind-pk",
        SpeechKind::LastWords => "mem-kind-last-words",
        SpeechKind::Campaign => "mem-kind-campaign",
    }
}

/// A round's ballots, `Main vote: 1→2, 3→abstain`.
fn votes_line(round: VoteRound, ballots: &[Ballot], sheriff: Option<Seat>, lang: Lang) -> String {
    let id = match round {
        VoteRound::Main => "mem-votes-main",
        VoteRound::Pk => "mem-votes-pk",
        VoteRound::Sheriff => "mem-votes-sheriff",
        VoteRound::SheriffPk => "mem-votes-sheriff-pk",
    };
    let mut parts = Vec::new();
    for (i, b) in ballots.iter().enumerate() {
        let voter = (i + 1).to_string();
        match b {
            Ballot::Vote(t) => parts.push(lang.text(
                if sheriff == Some(i as Seat + 1) {
                    "ww-ballot-sheriff"
                } else {
                    "mem-ballot"
                },
                &[("voter", &voter), ("target", &t.to_string())],
            )),
            Ballot::Abstain => parts.push(lang.text("mem-ballot-abstain", &[("voter", &voter)])),
            Ballot::None => {}
        }
    }
    let ballots = parts.join(&lang.text("mem-list-sep", &[]));
    lang.text(id, &[("ballots", &ballots)])
}
