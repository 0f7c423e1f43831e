//! Seats of a moderated or social debate read as team-debate seats, so the offline writer
//! and the heuristic judge serve every format: each participant gets a side (Pro or Con)
//! and a team seat on it, and a team [`Memory`] is fed from the participants' speeches
//! (the first round as openings, the last as closings, the rounds between as summaries).

use super::memory::Memory;
use crate::games::debate::team::{Event, Part, Side, Speech, Stage, JUDGE};
use crate::games::Seat;

/// One participant's place on the team-debate board.
#[derive(Debug, Clone)]
pub struct Bridge {
    pub memory: Memory,
    /// The team seat of each participant, participant 1 first.
    seats: Vec<Seat>,
    sides: Vec<Side>,
    rounds: u8,
    next: u32,
}

/// The part a speech of `round` (of `rounds`) is read as.
pub fn part_of(round: u8, rounds: u8) -> Part {
    if round <= 1 {
        Part::Opening
    } else if round >= rounds {
        Part::Closing
    } else {
        Part::Summary
    }
}

impl Bridge {
    /// A board for `sides` (participant 1 first), seen by participant `viewer` (`None`:
    /// the moderator or evaluator).
    pub fn new(motion: &str, sides: &[Side], rounds: u8, viewer: Option<Seat>) -> Bridge {
        let mut used = [0u8; 2];
        let seats: Vec<Seat> = sides
            .iter()
            .map(|&side| {
                let position = used[side.index()] % 4 + 1;
                used[side.index()] += 1;
                side.seat(position)
            })
            .collect();
        let own = viewer
            .and_then(|p| seats.get(p as usize - 1).copied())
            .unwrap_or(JUDGE);
        Bridge {
            memory: Memory::new(own, motion),
            seats,
            sides: sides.to_vec(),
            rounds,
            next: 0,
        }
    }

    /// The side of participant `p`.
    pub fn side(&self, p: Seat) -> Side {
        self.sides.get(p as usize - 1).copied().unwrap_or(Side::Pro)
    }

    /// The team seat participant `p` is read as.
    pub fn team_seat(&self, p: Seat) -> Seat {
        self.seats.get(p as usize - 1).copied().unwrap_or(1)
    }

    /// Participant `p`'s speech in `round`, as the team memory keeps it; returns it.
    pub fn spoke(&mut self, p: Seat, round: u8, text: &str, limit: u32) -> Speech {
        let part = part_of(round, self.rounds);
        let stage: Stage = part.stage();
        if self.memory.stage != stage || self.memory.log.is_empty() {
            self.memory.observe(&Event::StageBegins { stage });
        }
        let speech = Speech {
            index: self.next,
            seat: self.team_seat(p),
            part,
            text: text.to_string(),
            words: crate::games::debate::words::count(text),
            limit,
            target: None,
        };
        self.next += 1;
        self.memory.observe(&Event::Spoke(speech.clone()));
        speech
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_take_team_seats_in_turn() {
        let b = Bridge::new(
            "m",
            &[Side::Pro, Side::Con, Side::Pro, Side::Con, Side::Pro],
            3,
            Some(3),
        );
        assert_eq!(
            (1..=5).map(|p| b.team_seat(p)).collect::<Vec<_>>(),
            vec![1, 5, 2, 6, 3]
        );
        assert_eq!(b.memory.seat, 2);
        assert_eq!(part_of(1, 3), Part::Opening);
        assert_eq!(part_of(2, 3), Part::Summary);
        assert_eq!(part_of(3, 3), Part::Closing);
        assert_eq!(part_of(1, 1), Part::Opening);
    }
}
