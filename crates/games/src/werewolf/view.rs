//! A seat's view: everything that one seat may know, and nothing else. Surfaces and
//! agents are handed views, never the [`Werewolf`] itself.

use super::*;
use serde::Serialize;

/// What a seat privately knows, distilled from the events it saw.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Knowledge {
    /// Wolves only: the wolf seats.
    pub wolves: Option<SeatSet>,
    /// Seer only: (seat, is a wolf) for each check, in order.
    pub checks: Vec<(Seat, bool)>,
    /// Witch only: whether the antidote and the poison are still unused.
    pub potions: Option<(bool, bool)>,
}

/// Everything one seat may know.
#[derive(Debug, Clone, Serialize)]
pub struct View<'a> {
    pub seat: Seat,
    pub role: Role,
    pub day: u32,
    pub phase: Phase,
    pub alive: SeatSet,
    /// The badge's holder (left out when there is none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sheriff: Option<Seat>,
    /// How many seats the board has (left out on nine).
    #[serde(skip_serializing_if = "is_nine")]
    pub seats: u8,
    pub winner: Option<Winner>,
    pub knowledge: Knowledge,
    /// What this seat must do now, if anything.
    pub ask: Option<Ask>,
    /// The events this seat saw, in order.
    pub events: Vec<&'a Event>,
}

impl Werewolf {
    /// The view of `seat` (1..=seats). Panics on a seat outside the table: callers hold
    /// seats that came from the game.
    pub fn view(&self, seat: Seat) -> View<'_> {
        assert!(
            (1..=self.seats).contains(&seat),
            "seat {seat} is not at the table"
        );
        let role = self.role(seat);
        let events: Vec<&Event> = self.events_for(seat, 0).collect();
        let mut knowledge = Knowledge::default();
        for e in &events {
            match e {
                Event::WolfPack { wolves } => knowledge.wolves = Some(*wolves),
                Event::SeerResult { target, wolf } => knowledge.checks.push((*target, *wolf)),
                _ => {}
            }
        }
        if role == Role::Witch {
            knowledge.potions = Some((self.antidote, self.poison));
        }
        View {
            seat,
            role,
            day: self.day,
            phase: self.phase(),
            alive: self.alive(),
            sheriff: self.sheriff,
            seats: self.seats,
            winner: self.winner,
            knowledge,
            ask: self.ask_for(seat).copied(),
            events,
        }
    }
}

fn is_nine(n: &u8) -> bool {
    *n as usize == SEATS
}
