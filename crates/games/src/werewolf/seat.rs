//! Seats, roles and sides: the nouns every other werewolf module speaks in.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Number of seats at a werewolf table.
pub const SEATS: usize = 9;

pub use crate::{Seat, SeatSet};

/// Every seat at a werewolf table.
pub const EVERY_SEAT: SeatSet = SeatSet::upto(SEATS as Seat);

/// All seat numbers in order.
pub const ALL_SEATS: [Seat; SEATS] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/// The deal: 3 wolves, 3 villagers, and the three gods.
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Werewolf,
    Villager,
    Seer,
    Witch,
    Hunter,
}

impl Role {
    pub const ALL: [Role; 5] = [
        Role::Seer,
        Role::Witch,
        Role::Hunter,
        Role::Villager,
        Role::Werewolf,
    ];

    pub fn side(self) -> Side {
        match self {
            Role::Werewolf => Side::Wolves,
            _ => Side::Good,
        }
    }

    pub fn is_god(self) -> bool {
        matches!(self, Role::Seer | Role::Witch | Role::Hunter)
    }

    pub fn name(self) -> &'static str {
        match self {
            Role::Werewolf => "werewolf",
            Role::Villager => "villager",
            Role::Seer => "seer",
            Role::Witch => "witch",
            Role::Hunter => "hunter",
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
    }
}
