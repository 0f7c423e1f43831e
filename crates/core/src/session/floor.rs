//! The least time a phase lasts at a table with people ([`Game::floor`]): a werewolf night
//! on a board that hides the dead takes its steps' full time even when a role is dead or
//! an AI answers at once, so how soon the night ends tells nobody who is still playing.
//!
//! The game itself is never held back, only what is shown of it: when an input ends a
//! phase before its floor, the events it logged and the asks it opened wait (neither
//! delivered nor handed out) until the floor's time, then go out as they would have. So
//! nothing about a floor is stored, and a replay or a resumed session (which shows its
//! backlog at once) plays exactly the same game.

use super::{Note, Runner};
use crate::games::Game;
use std::time::Duration;

/// The current phase's floor and any hold in force; `N` is what the session tells its
/// surfaces besides the log (a seat changing hands), kept back with a held phase.
#[derive(Debug)]
pub(super) struct Floor<N> {
    /// The phase being timed.
    phase: u32,
    /// When the current phase may end, if it has a floor (epoch ms).
    until: Option<i64>,
    /// A phase ended early: (when it may be shown, how much of the log may be shown).
    hold: Option<(i64, usize)>,
    /// What happened at that phase's end beside the log, told once it is shown.
    notes: Vec<N>,
}

impl<N> Floor<N> {
    pub(super) fn new(phase: u32) -> Floor<N> {
        Floor {
            phase,
            until: None,
            hold: None,
            notes: Vec::new(),
        }
    }

    /// How much of a log of `len` entries may be shown now.
    pub(super) fn shown(&self, len: usize) -> usize {
        self.hold.map_or(len, |(_, cursor)| cursor.min(len))
    }

    /// Whether new asks wait (a phase that ended early is not shown yet).
    pub(super) fn holding(&self) -> bool {
        self.hold.is_some()
    }

    /// When the hold in force ends.
    pub(super) fn due(&self) -> Option<i64> {
        self.hold.map(|(due, _)| due)
    }
}

impl<T: Game> Runner<T> {
    /// Tells `note` now, or, while a phase that ended early is held, once it is shown: a
    /// seat handed over at a night's end is told after that night's dawn, never before it
    /// (which would show when the night really ended).
    pub(super) fn notify_shown(&mut self, note: Note<T>) {
        if self.floor.holding() {
            self.floor.notes.push(note);
        } else {
            self.notify(note);
        }
    }

    /// Tells what a hold kept back, once it is over (after its events were delivered).
    pub(super) fn floor_notes(&mut self) {
        if !self.floor.holding() && !self.floor.notes.is_empty() {
            for note in std::mem::take(&mut self.floor.notes) {
                self.notify(note);
            }
        }
    }

    /// Whether a person sits at the table (only then is a phase's length worth hiding).
    fn people_seated(&self) -> bool {
        self.agents.iter().any(Option::is_none)
    }

    /// The current phase's floor: the sum of its timers, from `start` (epoch ms).
    fn floor_from(&self, start: i64) -> Option<i64> {
        let keys = self.game.floor();
        if keys.is_empty() || !self.people_seated() {
            return None;
        }
        let total: Duration = keys
            .iter()
            .map(|k| self.options.deadlines.duration(k))
            .sum();
        Some(start + total.as_millis() as i64)
    }

    /// Times the phase the session starts (or resumes) in from `now`.
    pub(super) fn floor_start(&mut self, now: i64) {
        self.floor = Floor::new(self.game.phase());
        self.floor.until = self.floor_from(now);
    }

    /// After an input applied at `now` (the log was `before` entries long): a phase it
    /// ended before its floor is held until then; the next phase is timed from when it is
    /// shown.
    pub(super) fn floor_after(&mut self, now: i64, before: usize) {
        let phase = self.game.phase();
        if phase == self.floor.phase {
            return;
        }
        let mut shown_at = now;
        if let Some(until) = self.floor.until.filter(|u| *u > now) {
            if self.game.outcome().is_none() && self.floor.hold.is_none() {
                self.floor.hold = Some((until, before));
                shown_at = until;
            }
        }
        self.floor.phase = phase;
        self.floor.until = self.floor_from(shown_at);
    }

    /// Ends the hold once its time has come (true if it ended).
    pub(super) fn floor_release(&mut self, now: i64) -> bool {
        match self.floor.hold {
            Some((due, _)) if due <= now => {
                self.floor.hold = None;
                true
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hold_shows_the_log_up_to_where_the_phase_ended() {
        let mut f = Floor::<()>::new(1);
        assert_eq!(f.shown(10), 10);
        assert!(!f.holding());
        f.hold = Some((5_000, 7));
        assert_eq!(f.shown(10), 7);
        assert_eq!(f.shown(5), 5);
        assert!(f.holding());
        assert_eq!(f.due(), Some(5_000));
    }
}
