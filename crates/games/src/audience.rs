//! Who may know what: every logged event carries its [`Audience`], and every surface and
//! prompt builder reads a game through a [`Viewer`], so hidden information (roles, night
//! actions, stances, judges' notes) cannot leak by mistake.

use super::seat::{Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// Who may see an event. The moderator (god view) sees everything.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    Everyone,
    Seats(SeatSet),
    Moderator,
}

impl Audience {
    #[inline]
    pub fn seat(seat: Seat) -> Audience {
        Audience::Seats(SeatSet::only(seat))
    }
    /// Whether `seat` may see it.
    #[inline]
    pub fn includes(self, seat: Seat) -> bool {
        match self {
            Audience::Everyone => true,
            Audience::Seats(s) => s.contains(seat),
            Audience::Moderator => false,
        }
    }
    /// Whether `viewer` may see it.
    #[inline]
    pub fn shown_to(self, viewer: Viewer) -> bool {
        match (viewer, self) {
            (Viewer::Moderator, _) | (_, Audience::Everyone) => true,
            (Viewer::Seat(s), Audience::Seats(seats)) => seats.contains(s),
            (Viewer::Seats(mine), Audience::Seats(seats)) => mine.meets(seats),
            _ => false,
        }
    }
}

/// Who is watching a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    /// What everyone at the table sees.
    Public,
    /// What one seat may know: the public events and its own.
    Seat(Seat),
    /// What any of these seats may know: a hot-seat terminal.
    Seats(SeatSet),
    /// Everything (the god view, for moderators and reviews).
    Moderator,
}

impl Viewer {
    /// Whether this viewer plays `seat` (sees its asks).
    #[inline]
    pub fn plays(self, seat: Seat) -> bool {
        match self {
            Viewer::Moderator => true,
            Viewer::Seat(s) => s == seat,
            Viewer::Seats(seats) => seats.contains(seat),
            Viewer::Public => false,
        }
    }
}

/// An event and who may see it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Logged<E> {
    pub audience: Audience,
    #[serde(flatten)]
    pub event: E,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn audiences_and_viewers() {
        let wolves: SeatSet = [2, 5].into_iter().collect();
        let a = Audience::Seats(wolves);
        assert!(a.includes(2) && !a.includes(3));
        assert!(a.shown_to(Viewer::Seat(5)) && !a.shown_to(Viewer::Seat(1)));
        assert!(a.shown_to(Viewer::Seats([1, 5].into_iter().collect())));
        assert!(!a.shown_to(Viewer::Seats(SeatSet::only(1))));
        assert!(a.shown_to(Viewer::Moderator) && !a.shown_to(Viewer::Public));
        assert!(Audience::Everyone.shown_to(Viewer::Public));
        assert!(!Audience::Moderator.shown_to(Viewer::Seat(1)));
        assert!(!Audience::Moderator.includes(1));
        assert!(Viewer::Seats(wolves).plays(5) && !Viewer::Public.plays(5));
    }
}
