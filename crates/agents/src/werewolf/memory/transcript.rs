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
use crate::games::werewolf::{Ballot, Seat, SeatSet, SpeechKind, VoteRound, SEATS};
use std::fmt::Write;

/// One thing that happened by day, in order.
#[derive(Debug, Clone)]
pub(super) enum Entry {
    Speech(Seat, SpeechKind, String),
    Votes(VoteRound, [Ballot; SEATS]),
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
    pub fn summary(&self) -> String {
        let mut s = format!("Day {}:", self.day);
        match self.dawn {
            Some(dead) if dead.is_empty() => s.push_str(" Peaceful night."),
            Some(dead) => {
                let _ = write!(s, " Died in the night: {dead}.");
            }
            None => {}
        }
        for e in &self.entries {
            match e {
                Entry::Speech(seat, SpeechKind::LastWords, _) => {
                    let _ = write!(s, " {seat} gave last words.");
                }
                Entry::Speech(..) => {}
                Entry::Votes(round, ballots) => {
                    let _ = write!(
                        s,
                        " {} vote: {}.",
                        round_name(*round),
                        ballots_line(ballots)
                    );
                }
                Entry::Note(note) => {
                    let _ = write!(s, " {note}.");
                }
            }
        }
        s
    }

    /// Who left the game on a finished day, in one short line (for days further back).
    pub fn outline(&self) -> String {
        let mut parts = Vec::new();
        if let Some(dead) = self.dawn {
            parts.push(if dead.is_empty() {
                "peaceful night".to_string()
            } else {
                format!("died at night {dead}")
            });
        }
        parts.extend(self.entries.iter().filter_map(|e| match e {
            Entry::Note(n) => Some(n.clone()),
            _ => None,
        }));
        format!("day {}: {}", self.day, parts.join(", "))
    }

    /// The whole day as every seat saw it, one line per happening, player text fenced.
    pub fn full(&self, out: &mut String) {
        let _ = writeln!(out, "Day {}, in full:", self.day);
        match self.dawn {
            Some(dead) if dead.is_empty() => out.push_str("- Dawn: a peaceful night.\n"),
            Some(dead) => {
                let _ = writeln!(out, "- Dawn: died in the night: {dead}.");
            }
            None => {}
        }
        for e in &self.entries {
            match e {
                Entry::Speech(seat, kind, text) => {
                    let _ = writeln!(
                        out,
                        "- Seat {seat} (day {} {}): {}",
                        self.day,
                        speech_label(*kind),
                        fence(text)
                    );
                }
                Entry::Votes(round, ballots) => {
                    let _ = writeln!(
                        out,
                        "- {} vote: {}",
                        round_name(*round),
                        ballots_line(ballots)
                    );
                }
                Entry::Note(note) => {
                    let _ = writeln!(out, "- {note}");
                }
            }
        }
    }
}

/// The public record of `days` (`summaries[i]` is the summary of finished `days[i]`): the
/// latest day in full (and the day before it too while the latest has no speech yet), the
/// two days before those as summaries, older days as one line each. Its size depends on
/// one day's talk, not on the length of the game; every seat's reads the same, and it is
/// rewritten only at a day's first speech (it grows by appending from one to the next).
pub(super) fn transcript(days: &[DayLog], summaries: &[String]) -> String {
    const SUMMARIZED_DAYS: usize = 2;
    let mut out = String::new();
    // A night before its dawn has nothing public yet: the record stays as the day left it.
    let Some(current) = days.iter().rposition(DayLog::is_public) else {
        out.push_str("- nothing yet: night 1 has just fallen\n");
        return out;
    };
    let first_full = if current > 0 && !days[current].has_speeches() {
        current - 1
    } else {
        current
    };
    let first_summary = first_full.saturating_sub(SUMMARIZED_DAYS);
    if first_summary > 0 {
        let outlines: Vec<String> = days[..first_summary].iter().map(DayLog::outline).collect();
        let _ = writeln!(out, "Earlier: {}.", outlines.join("; "));
    }
    for (i, d) in days.iter().enumerate().take(first_full).skip(first_summary) {
        match summaries.get(i) {
            Some(s) => out.push_str(s),
            None => out.push_str(&d.summary()),
        }
        out.push('\n');
    }
    for d in &days[first_full..=current] {
        d.full(&mut out);
    }
    out
}

/// The seat's own notes (wolf picks, the witch's news, checks, a hunter's shot…) of its
/// latest two nights that had any, one sentence a night; "none" when it has none. Older
/// nights' lasting facts (checks, potions) are in the seat's private line.
pub(super) fn night_notes(days: &[DayLog]) -> String {
    let nights: Vec<&DayLog> = days.iter().filter(|d| !d.night.is_empty()).collect();
    let recent = &nights[nights.len().saturating_sub(2)..];
    if recent.is_empty() {
        return "none".into();
    }
    let lines: Vec<String> = recent
        .iter()
        .map(|d| format!("night {}: {}", d.day, d.night.join("; ")))
        .collect();
    lines.join(". ")
}

fn speech_label(kind: SpeechKind) -> &'static str {
    match kind {
        SpeechKind::Day => "speech",
        SpeechKind::Pk => "PK speech",
        SpeechKind::LastWords => "last words",
    }
}

pub(super) fn round_name(round: VoteRound) -> &'static str {
    match round {
        VoteRound::Main => "Main",
        VoteRound::Pk => "PK",
    }
}

pub(super) fn ballots_line(ballots: &[Ballot; SEATS]) -> String {
    let mut parts = Vec::new();
    for (i, b) in ballots.iter().enumerate() {
        match b {
            Ballot::Vote(t) => parts.push(format!("{}→{t}", i + 1)),
            Ballot::Abstain => parts.push(format!("{}→abstain", i + 1)),
            Ballot::None => {}
        }
    }
    parts.join(", ")
}
