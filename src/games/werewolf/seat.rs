//! Seats, roles and sides: the nouns every other werewolf module speaks in.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Number of seats at a werewolf table.
pub const SEATS: usize = 9;

/// A seat number, 1..=9.
pub type Seat = u8;

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
}

/// A set of seats as a bit mask (bit n = seat n). Copy, allocation-free, and cheap
/// enough to carry in every ask and audience.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(into = "Vec<Seat>", from = "Vec<Seat>")]
pub struct SeatSet(u16);

impl SeatSet {
    pub const EMPTY: SeatSet = SeatSet(0);
    pub const ALL: SeatSet = SeatSet(0b11_1111_1110);

    pub fn only(seat: Seat) -> SeatSet {
        SeatSet(1 << seat)
    }
    pub fn contains(self, seat: Seat) -> bool {
        (1..=SEATS as Seat).contains(&seat) && self.0 & (1 << seat) != 0
    }
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat;
    }
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat);
    }
    pub fn with(mut self, seat: Seat) -> SeatSet {
        self.insert(seat);
        self
    }
    pub fn without(mut self, seat: Seat) -> SeatSet {
        self.remove(seat);
        self
    }
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// `is_empty` by reference, for serde's `skip_serializing_if`.
    pub fn is_none_ref(&self) -> bool {
        self.0 == 0
    }
    pub fn union(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 | other.0)
    }
    pub fn intersect(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & other.0)
    }
    pub fn minus(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & !other.0)
    }
    /// The lowest seat in the set.
    pub fn first(self) -> Option<Seat> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as Seat)
    }
    /// The n-th seat (0-based) in ascending order.
    pub fn nth(self, n: usize) -> Option<Seat> {
        self.iter().nth(n)
    }
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let s = bits.trailing_zeros() as Seat;
                bits &= bits - 1;
                Some(s)
            }
        })
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut s = SeatSet::EMPTY;
        for seat in iter {
            if (1..=SEATS as Seat).contains(&seat) {
                s.insert(seat);
            }
        }
        s
    }
}

impl From<Vec<Seat>> for SeatSet {
    fn from(v: Vec<Seat>) -> Self {
        v.into_iter().collect()
    }
}

impl From<SeatSet> for Vec<Seat> {
    fn from(s: SeatSet) -> Self {
        s.iter().collect()
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        for (i, s) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_set_basics() {
        let s: SeatSet = [3, 1, 9].into_iter().collect();
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![1, 3, 9]);
        assert_eq!(s.len(), 3);
        assert!(s.contains(9) && !s.contains(2) && !s.contains(0) && !s.contains(10));
        assert_eq!(SeatSet::ALL.len(), 9);
        assert_eq!(s.first(), Some(1));
        assert_eq!(s.nth(2), Some(9));
        assert_eq!(format!("{s}"), "1, 3, 9");
    }
}
