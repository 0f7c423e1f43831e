//! The names of a table's seats as its messages say them (a human's Discord name, or an
//! AI's name marked as AI), in the language of whoever reads them. Pure.

use crate::text::sanitize;
use agora_games::werewolf::{Seat, SeatSet};
use agora_games::Lang;

/// The names shown for the seats (a human's Discord name, or an AI's name marked as
/// AI), already made safe to post, and the language they are said in.
#[derive(Debug, Clone, PartialEq)]
pub struct Names {
    names: Vec<String>,
    /// The language of whoever reads what these names are put in.
    pub lang: Lang,
}

impl Names {
    pub fn new(names: Vec<String>, lang: Lang) -> Names {
        Names {
            names: names.iter().map(|n| sanitize(n, 40)).collect(),
            lang,
        }
    }
    /// The same names, said in `lang` (a person's DMs in their own language).
    pub fn in_lang(&self, lang: Lang) -> Names {
        Names {
            names: self.names.clone(),
            lang,
        }
    }
    /// A message of this language with its arguments.
    pub fn t(&self, id: &str, args: &[(&str, &str)]) -> String {
        self.lang.text(id, args)
    }
    /// `Seat 3 · Alice` (`3号 · Alice`).
    pub fn seat(&self, seat: Seat) -> String {
        let n = seat.to_string();
        match self.names.get(seat as usize - 1) {
            Some(name) => self.t("wwd-seat-named", &[("seat", &n), ("name", name)]),
            None => self.t("wwd-seat", &[("seat", &n)]),
        }
    }
    /// How many seats the table has.
    pub fn len(&self) -> usize {
        self.names.len()
    }
    pub fn list(&self, set: SeatSet) -> String {
        let seats: Vec<String> = set.iter().map(|s| self.seat(s)).collect();
        seats.join(&self.t("wwd-list-sep", &[]))
    }
    /// Bare seat numbers: `1, 2` (`1号、2号`).
    pub(super) fn numbers(&self, seats: &[Seat]) -> String {
        let seats: Vec<String> = (seats.iter())
            .map(|s| self.t("wwd-seat-number", &[("seat", &s.to_string())]))
            .collect();
        seats.join(&self.t("wwd-list-sep", &[]))
    }
}
