//! AFK seats, pure: who plays each person's seat (the person, the table's AI, or nobody once
//! it idled out), and the strikes of people who miss their actions. A session keeps one
//! ([`super::seats`] stores each change as an input); a scenario keeps one too, so a file
//! can script a person missing actions, the takeover, taking the seat back and leaving.
//!
//! The rules, counted by the game's phase ([`Game::phase`](crate::games::Game::phase)): a
//! missed action (its deadline passed) is a strike; a person's action or pass ends the run
//! of strikes. A miss is forgiven when the ask never reached the person (the surface says
//! so) or when [`MANY`] or more people's seats missed an action in the same phase (then the
//! fault is ours: a Discord outage). An AI's seat never has strikes. When a phase ends, a person's seat with [`STRIKES`]
//! strikes in a row is handed over as the server's [`AfkMode`] says: to the AI (from the
//! next phase's start; the person can take it back from the phase after), idled out (by the
//! rules, at the first moment they allow), or left alone. Leaving hands the seat to the AI
//! for good. A person whose seat was handed over or who left is rated as having left.

use crate::games::Seat;
pub use crate::store::AfkMode;
use serde::{Deserialize, Serialize};

/// Strikes in a row that hand a person's seat over.
pub const STRIKES: u8 = 2;
/// People's seats missing an action in one phase that make it our fault: no strike for
/// anyone.
pub const MANY: usize = 4;

/// Who plays a person's seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Control {
    Person,
    Ai,
    /// Idled out: out of the game by the rules.
    Idle,
}

/// Why a seat changed hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Why {
    /// [`STRIKES`] missed actions in a row.
    Strikes,
    /// The person left (`/werewolf leave`).
    Leave,
    /// The person took the seat back.
    Back,
}

/// A change of who plays a seat: stored as an input of its own, so a resumed session
/// replays it where it happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    pub seat: Seat,
    pub to: Control,
    pub why: Why,
}

/// Why a person cannot take a seat back (or leave) now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatRefusal {
    /// The seat is not an AI's by a takeover (the person plays it, or it idled out).
    NotTakenOver,
    /// Taken over in this phase: from the next one.
    TooSoon,
    /// The person left the game: the seat stays the AI's.
    Left,
    /// Not a person's seat, or not at this table.
    NotAPerson,
}

impl std::fmt::Display for SeatRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SeatRefusal::NotTakenOver => "your seat is not played by an AI now",
            SeatRefusal::TooSoon => "you can take your seat back from the next phase",
            SeatRefusal::Left => "you left this game: your seat stays with the AI",
            SeatRefusal::NotAPerson => "that seat is not yours to take back or leave",
        })
    }
}

#[derive(Debug, Clone, Copy)]
enum Step {
    Acted(Seat),
    Missed(Seat, bool),
}

/// Every person's seat: who plays it, its strikes, and this phase's actions and misses.
#[derive(Debug, Clone)]
pub struct Afk {
    mode: AfkMode,
    person: Vec<bool>,
    control: Vec<Control>,
    /// The reason of the seat's last change, and the phase it happened in.
    last: Vec<Option<(Why, u32)>>,
    streak: Vec<u8>,
    /// Seats owed an idle-out (waiting for the rules' moment).
    owed_idle: Vec<bool>,
    phase: u32,
    steps: Vec<Step>,
}

impl Afk {
    /// `person[i]`: whether seat i+1 is a person's; the game starts in `phase`.
    pub fn new(mode: AfkMode, person: Vec<bool>, phase: u32) -> Afk {
        let n = person.len();
        Afk {
            mode,
            person,
            control: vec![Control::Person; n],
            last: vec![None; n],
            streak: vec![0; n],
            owed_idle: vec![false; n],
            phase,
            steps: Vec::new(),
        }
    }

    pub fn mode(&self) -> AfkMode {
        self.mode
    }

    fn index(&self, seat: Seat) -> Option<usize> {
        (seat as usize)
            .checked_sub(1)
            .filter(|&i| i < self.person.len())
    }

    /// Whether a person sits in `seat` (whoever plays it now).
    pub fn is_person(&self, seat: Seat) -> bool {
        self.index(seat).is_some_and(|i| self.person[i])
    }

    /// Who plays `seat` now (an AI's own seat: [`Control::Ai`]).
    pub fn control(&self, seat: Seat) -> Control {
        match self.index(seat) {
            Some(i) if self.person[i] => self.control[i],
            _ => Control::Ai,
        }
    }

    /// `seat`'s strikes in a row so far (this phase's misses count once it ends).
    pub fn strikes(&self, seat: Seat) -> u8 {
        self.index(seat).map_or(0, |i| self.streak[i])
    }

    /// Whether the person of `seat` is rated as having left: the seat was handed over, or
    /// they left.
    pub fn left(&self, seat: Seat) -> bool {
        self.index(seat)
            .is_some_and(|i| self.person[i] && self.last[i].is_some())
    }

    /// The person played an action or passed: the run of strikes ends.
    pub fn acted(&mut self, seat: Seat) {
        if self.control(seat) == Control::Person && self.is_person(seat) {
            self.steps.push(Step::Acted(seat));
        }
    }

    /// `seat`'s deadline passed; `forgiven` when the ask never reached the person. Only a
    /// seat its person plays counts (towards its strikes and [`MANY`]).
    pub fn missed(&mut self, seat: Seat, forgiven: bool) {
        if self.control(seat) == Control::Person && self.is_person(seat) {
            self.steps.push(Step::Missed(seat, forgiven));
        }
    }

    /// The game is in `phase` now: when it is a new one, the last one's strikes count, and
    /// the seats they hand over are returned (each to be stored, then [`Afk::apply`]ed).
    pub fn phase_is(&mut self, phase: u32) -> Vec<Change> {
        if phase == self.phase {
            return Vec::new();
        }
        self.phase = phase;
        let steps = std::mem::take(&mut self.steps);
        let mut missing: Vec<Seat> = steps
            .iter()
            .filter_map(|s| match s {
                Step::Missed(seat, _) => Some(*seat),
                Step::Acted(_) => None,
            })
            .collect();
        missing.sort_unstable();
        missing.dedup();
        let ours = missing.len() >= MANY;
        for step in steps {
            match step {
                Step::Acted(seat) => {
                    if let Some(i) = self.index(seat) {
                        self.streak[i] = 0;
                        self.owed_idle[i] = false;
                    }
                }
                Step::Missed(seat, forgiven) => {
                    let Some(i) = self.index(seat) else { continue };
                    if self.control[i] == Control::Person && !forgiven && !ours {
                        self.streak[i] = self.streak[i].saturating_add(1);
                    }
                }
            }
        }
        let mut changes = Vec::new();
        for i in 0..self.person.len() {
            if !self.person[i] || self.control[i] != Control::Person || self.streak[i] < STRIKES {
                continue;
            }
            let seat = i as Seat + 1;
            match self.mode {
                AfkMode::Takeover => {
                    self.streak[i] = 0;
                    changes.push(Change {
                        seat,
                        to: Control::Ai,
                        why: Why::Strikes,
                    });
                }
                AfkMode::Idle => {
                    self.streak[i] = 0;
                    self.owed_idle[i] = true;
                }
                AfkMode::Nothing => {}
            }
        }
        changes
    }

    /// The idle-outs owed now, for the seats the rules let go at this moment (`may`).
    pub fn idle_due(&self, may: impl Fn(Seat) -> bool) -> Vec<Change> {
        (0..self.person.len())
            .filter(|&i| self.owed_idle[i] && self.control[i] == Control::Person)
            .map(|i| i as Seat + 1)
            .filter(|&seat| may(seat))
            .map(|seat| Change {
                seat,
                to: Control::Idle,
                why: Why::Strikes,
            })
            .collect()
    }

    /// Whether the person of `seat` may take it back now.
    pub fn may_take_back(&self, seat: Seat) -> Result<(), SeatRefusal> {
        let i = self
            .index(seat)
            .filter(|&i| self.person[i])
            .ok_or(SeatRefusal::NotAPerson)?;
        match (self.control[i], self.last[i]) {
            (Control::Ai, Some((Why::Leave, _))) => Err(SeatRefusal::Left),
            (Control::Ai, Some((_, since))) if since >= self.phase => Err(SeatRefusal::TooSoon),
            (Control::Ai, Some(_)) => Ok(()),
            _ => Err(SeatRefusal::NotTakenOver),
        }
    }

    /// Whether the person of `seat` may leave it to the AI now (not once it idled out or
    /// they already left).
    pub fn may_leave(&self, seat: Seat) -> Result<(), SeatRefusal> {
        let i = self
            .index(seat)
            .filter(|&i| self.person[i])
            .ok_or(SeatRefusal::NotAPerson)?;
        match (self.control[i], self.last[i]) {
            (Control::Idle, _) => Err(SeatRefusal::NotTakenOver),
            (_, Some((Why::Leave, _))) => Err(SeatRefusal::Left),
            _ => Ok(()),
        }
    }

    /// Takes a stored change into account.
    pub fn apply(&mut self, change: Change) {
        let Some(i) = self.index(change.seat) else {
            return;
        };
        self.control[i] = change.to;
        self.streak[i] = 0;
        self.owed_idle[i] = false;
        // A seat taken back keeps its record: the game counts as left all the same.
        if change.why != Why::Back {
            self.last[i] = Some((change.why, self.phase));
        } else if let Some((_, since)) = self.last[i] {
            self.last[i] = Some((Why::Back, since));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn afk(mode: AfkMode) -> Afk {
        Afk::new(mode, vec![true, true, false, true, true, true], 1)
    }

    #[test]
    fn two_misses_in_a_row_hand_the_seat_to_the_ai_from_the_next_phase() {
        let mut a = afk(AfkMode::Takeover);
        a.missed(1, false);
        assert!(a.phase_is(2).is_empty());
        assert_eq!(a.strikes(1), 1);
        a.missed(1, false);
        let changes = a.phase_is(3);
        assert_eq!(
            changes,
            vec![Change {
                seat: 1,
                to: Control::Ai,
                why: Why::Strikes
            }]
        );
        a.apply(changes[0]);
        assert_eq!(a.control(1), Control::Ai);
        assert_eq!(a.may_take_back(1), Err(SeatRefusal::TooSoon));
        a.phase_is(4);
        assert_eq!(a.may_take_back(1), Ok(()));
        a.apply(Change {
            seat: 1,
            to: Control::Person,
            why: Why::Back,
        });
        assert_eq!(a.control(1), Control::Person);
        assert!(a.left(1), "a game with a takeover counts as left");
        assert_eq!(a.may_take_back(1), Err(SeatRefusal::NotTakenOver));
    }

    #[test]
    fn an_action_between_two_misses_ends_the_run() {
        let mut a = afk(AfkMode::Takeover);
        a.missed(2, false);
        a.acted(2);
        a.phase_is(2);
        a.missed(2, false);
        assert!(a.phase_is(3).is_empty());
        assert_eq!(a.strikes(2), 1);
        assert!(!a.left(2));
    }

    #[test]
    fn misses_that_are_our_fault_are_forgiven() {
        let mut a = afk(AfkMode::Takeover);
        // The ask never reached seat 1.
        a.missed(1, true);
        a.phase_is(2);
        assert_eq!(a.strikes(1), 0);
        // Four people's seats missed in one phase: nobody is struck.
        for seat in [1, 2, 4, 5] {
            a.missed(seat, false);
        }
        a.phase_is(3);
        assert_eq!((a.strikes(1), a.strikes(2), a.strikes(4)), (0, 0, 0));
        // Three is not many, and an AI's seat (3) does not count.
        for seat in [1, 2, 3, 4] {
            a.missed(seat, false);
        }
        a.phase_is(4);
        assert_eq!(a.strikes(1), 1);
    }

    #[test]
    fn idle_and_nothing_modes() {
        let mut a = afk(AfkMode::Idle);
        a.missed(4, false);
        a.missed(4, false);
        assert!(a.phase_is(2).is_empty());
        assert!(a.idle_due(|_| false).is_empty());
        let due = a.idle_due(|_| true);
        assert_eq!(due.len(), 1);
        assert_eq!(due[0].to, Control::Idle);
        a.apply(due[0]);
        assert!(a.idle_due(|_| true).is_empty());
        assert_eq!(a.may_leave(4), Err(SeatRefusal::NotTakenOver));

        let mut a = afk(AfkMode::Nothing);
        a.missed(4, false);
        a.missed(4, false);
        assert!(a.phase_is(2).is_empty());
        assert!(a.idle_due(|_| true).is_empty());
        assert_eq!(a.control(4), Control::Person);
    }

    #[test]
    fn a_person_who_leaves_cannot_take_the_seat_back() {
        let mut a = afk(AfkMode::Takeover);
        assert_eq!(a.may_leave(3), Err(SeatRefusal::NotAPerson));
        a.apply(Change {
            seat: 5,
            to: Control::Ai,
            why: Why::Leave,
        });
        a.phase_is(5);
        assert_eq!(a.may_take_back(5), Err(SeatRefusal::Left));
        assert_eq!(a.may_leave(5), Err(SeatRefusal::Left));
        assert!(a.left(5));
    }
}
