//! Seats, roles and sides: the nouns every other werewolf module speaks in.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Number of seats on the default board (`seed9`).
pub const SEATS: usize = 9;

/// The most seats any board may have.
pub const MAX_SEATS: usize = crate::MOST_SEATS as usize;

pub use crate::{Seat, SeatSet};

/// Every seat of the default board.
pub const EVERY_SEAT: SeatSet = SeatSet::upto(SEATS as Seat);

/// The default board's seat numbers in order.
pub const ALL_SEATS: [Seat; SEATS] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/// The default board's deal: 3 wolves, 3 villagers, and the three gods.
pub const DECK: [Role; SEATS] = [
    Role::Werewolf,
    Role::Werewolf,
    Role::Werewolf,
    Role::Villager,
    Role::Villager,
    Role::Villager,
    Role::Seer,
    Role::Witch,
    Role::Hunter,
];

#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord,
)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Werewolf,
    #[default]
    Villager,
    Seer,
    Witch,
    Hunter,
    /// Guards one seat a night from the wolves' kill (守卫).
    Guard,
    /// Voted out, shows his card and lives on without a vote (白痴).
    Idiot,
    /// A wolf who shoots when voted out or killed by the wolves (狼王).
    WolfKing,
    /// A wolf who may self-explode by day and take one seat with him (白狼王).
    WhiteWolfKing,
}

impl Role {
    /// Every role: the default board's five first (as pages list them), then the others.
    pub const ALL: [Role; 9] = [
        Role::Seer,
        Role::Witch,
        Role::Hunter,
        Role::Villager,
        Role::Werewolf,
        Role::Guard,
        Role::Idiot,
        Role::WolfKing,
        Role::WhiteWolfKing,
    ];

    /// The order a board's deck is laid out before the shuffle (the default board's deck
    /// is [`DECK`] in this order, so its deals stay what they were).
    pub const DEAL_ORDER: [Role; 9] = [
        Role::Werewolf,
        Role::WolfKing,
        Role::WhiteWolfKing,
        Role::Villager,
        Role::Seer,
        Role::Witch,
        Role::Hunter,
        Role::Guard,
        Role::Idiot,
    ];

    pub fn side(self) -> Side {
        match self {
            Role::Werewolf | Role::WolfKing | Role::WhiteWolfKing => Side::Wolves,
            _ => Side::Good,
        }
    }

    pub fn is_wolf(self) -> bool {
        self.side() == Side::Wolves
    }

    /// The special good roles (神): the wolves win when all of them are dead. A revealed
    /// idiot still counts.
    pub fn is_god(self) -> bool {
        matches!(
            self,
            Role::Seer | Role::Witch | Role::Hunter | Role::Guard | Role::Idiot
        )
    }

    /// Roles a deck holds at most one of (everything but wolves and villagers).
    pub fn is_unique(self) -> bool {
        !matches!(self, Role::Werewolf | Role::Villager)
    }

    pub fn name(self) -> &'static str {
        match self {
            Role::Werewolf => "werewolf",
            Role::Villager => "villager",
            Role::Seer => "seer",
            Role::Witch => "witch",
            Role::Hunter => "hunter",
            Role::Guard => "guard",
            Role::Idiot => "idiot",
            Role::WolfKing => "wolf_king",
            Role::WhiteWolfKing => "white_wolf_king",
        }
    }

    /// Its name in `lang` (the Fluent message `ww-role-<name>`).
    pub fn name_in(self, lang: crate::Lang) -> String {
        lang.text(&format!("ww-role-{}", self.name()), &[])
    }

    pub fn parse(s: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.name() == s)
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Good,
    Wolves,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Good => "good",
            Side::Wolves => "wolves",
        }
    }

    /// Its name in `lang` (the Fluent message `ww-side-<name>`).
    pub fn name_in(self, lang: crate::Lang) -> String {
        lang.text(&format!("ww-side-{}", self.name()), &[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_and_the_deck() {
        assert_eq!(EVERY_SEAT.len(), SEATS);
        assert_eq!(EVERY_SEAT.iter().collect::<Vec<_>>(), ALL_SEATS.to_vec());
        assert_eq!(DECK.iter().filter(|r| r.side() == Side::Wolves).count(), 3);
        let mut laid = DECK.to_vec();
        laid.sort_by_key(|r| Role::DEAL_ORDER.iter().position(|o| o == r));
        assert_eq!(laid, DECK.to_vec(), "DECK is in deal order");
        for role in Role::ALL {
            assert_eq!(Role::parse(role.name()), Some(role));
        }
    }
}
