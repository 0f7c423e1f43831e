//! Seats and sets of seats: the nouns every game's rules, views and surfaces share.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat number, from 1. A table has at most [`SeatSet::MAX`] seats.
pub type Seat = u8;

/// The most seats any game's table has (a werewolf board of 16).
pub const MOST_SEATS: Seat = 16;

/// A set of seats as a bit mask (bit n = seat n). Copy, allocation-free, and cheap
/// enough to carry in every ask and audience. Seats outside `1..=MAX` are never members.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(into = "Vec<Seat>", from = "Vec<Seat>")]
pub struct SeatSet(u64);

impl SeatSet {
    /// The highest seat number a set can hold.
    pub const MAX: Seat = 63;
    pub const EMPTY: SeatSet = SeatSet(0);

    /// Seats `1..=n`.
    #[inline]
    pub const fn upto(n: Seat) -> SeatSet {
        let n = if n > SeatSet::MAX { SeatSet::MAX } else { n };
        SeatSet(((1u128 << (n as u32 + 1)) - 2) as u64)
    }
    #[inline]
    pub fn only(seat: Seat) -> SeatSet {
        SeatSet::EMPTY.with(seat)
    }
    #[inline]
    pub fn contains(self, seat: Seat) -> bool {
        (1..=SeatSet::MAX).contains(&seat) && self.0 & (1 << seat) != 0
    }
    /// Adds `seat`; a seat outside `1..=MAX` is ignored.
    #[inline]
    pub fn insert(&mut self, seat: Seat) {
        if (1..=SeatSet::MAX).contains(&seat) {
            self.0 |= 1 << seat;
        }
    }
    #[inline]
    pub fn remove(&mut self, seat: Seat) {
        if (1..=SeatSet::MAX).contains(&seat) {
            self.0 &= !(1 << seat);
        }
    }
    #[inline]
    pub fn with(mut self, seat: Seat) -> SeatSet {
        self.insert(seat);
        self
    }
    #[inline]
    pub fn without(mut self, seat: Seat) -> SeatSet {
        self.remove(seat);
        self
    }
    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// `is_empty` by reference, for serde's `skip_serializing_if`.
    #[inline]
    pub fn is_none_ref(&self) -> bool {
        self.0 == 0
    }
    #[inline]
    pub fn union(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 | other.0)
    }
    #[inline]
    pub fn intersect(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & other.0)
    }
    #[inline]
    pub fn minus(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & !other.0)
    }
    /// Whether the two sets share a seat.
    #[inline]
    pub fn meets(self, other: SeatSet) -> bool {
        self.0 & other.0 != 0
    }
    /// The lowest seat in the set.
    #[inline]
    pub fn first(self) -> Option<Seat> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as Seat)
    }
    /// The n-th seat (0-based) in ascending order.
    #[inline]
    pub fn nth(self, n: usize) -> Option<Seat> {
        self.iter().nth(n)
    }
    #[inline]
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
            s.insert(seat);
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
        let s: SeatSet = [3, 1, 9, 0, 64].into_iter().collect();
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![1, 3, 9]);
        assert_eq!(s.len(), 3);
        assert!(s.contains(9) && !s.contains(2) && !s.contains(0) && !s.contains(10));
        assert_eq!(SeatSet::upto(9).len(), 9);
        assert_eq!(SeatSet::upto(9).first(), Some(1));
        assert_eq!(SeatSet::upto(63).len(), 63);
        assert_eq!(SeatSet::upto(0), SeatSet::EMPTY);
        assert_eq!(s.first(), Some(1));
        assert_eq!(s.nth(2), Some(9));
        assert_eq!(format!("{s}"), "1, 3, 9");
        assert!(s.meets(SeatSet::only(3)) && !s.meets(SeatSet::only(4)));
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json, "[1,3,9]");
        assert_eq!(serde_json::from_str::<SeatSet>(&json).unwrap(), s);
    }
}
