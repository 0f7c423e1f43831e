//! The claims record: a compact, bounded account of who claimed what about whom, and when,
//! built from the claims the game read in every speech a seat heard (its own included, so a
//! wolf remembers its own fake claim). Every prompt gets it as game-made lines, and outside
//! agents get it in `game_state`; no player text is copied into it, only seats, roles and days.

use crate::games::lang::Lang;
use crate::games::werewolf::{Claims, Role, Seat, MAX_SEATS};
use serde::Serialize;
use std::fmt::Write;

/// Role claims kept per speaker: the first, then the latest changes.
const MAX_ROLES: usize = 3;
/// Seer-style reports kept per speaker (the oldest are dropped first).
const MAX_REPORTS: usize = 8;
/// Witch reports kept per speaker, each kind.
const MAX_WITCH: usize = 2;
/// Accusations (vote suggestions, suspicions) kept per speaker, latest first to go last.
const MAX_ACCUSED: usize = 4;

/// A seat reported as wolf or good by a speaker on a day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Report {
    pub seat: Seat,
    pub wolf: bool,
    pub day: u32,
}

/// A seat named by a speaker on a day (role claimed, seat saved, seat accused…).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Dated<T> {
    pub what: T,
    pub day: u32,
}

/// What one seat has claimed so far.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct SpeakerRecord {
    /// Role claims, in order; a repeated claim of the same role is not kept again.
    pub roles: Vec<Dated<Role>>,
    pub reports: Vec<Report>,
    pub saved: Vec<Dated<Seat>>,
    pub poisoned: Vec<Dated<Seat>>,
    /// Seats the speaker accused or asked to vote out (each seat once, with its latest day).
    pub accused: Vec<Dated<Seat>>,
    /// Votes the speaker promised (the latest kept).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pledged: Vec<Dated<Seat>>,
    /// Seats the speaker said it never reported or accused; what it had said of them is
    /// taken out of the record.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub retracted: Vec<Dated<Seat>>,
    /// Days on which the speaker said it is not a wolf.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub denied_wolf: Vec<u32>,
}

impl SpeakerRecord {
    fn is_empty(&self) -> bool {
        self.roles.is_empty()
            && self.reports.is_empty()
            && self.saved.is_empty()
            && self.poisoned.is_empty()
            && self.accused.is_empty()
            && self.pledged.is_empty()
            && self.retracted.is_empty()
            && self.denied_wolf.is_empty()
    }
}

/// The claims of every seat, as one seat heard them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClaimsRecord {
    speakers: [SpeakerRecord; MAX_SEATS],
}

fn push_bounded<T>(list: &mut Vec<T>, item: T, max: usize) {
    if list.len() >= max {
        list.remove(0);
    }
    list.push(item);
}

impl ClaimsRecord {
    /// Adds what `seat` claimed on `day`.
    pub fn add(&mut self, seat: Seat, day: u32, claims: &Claims) {
        let Some(r) = self.speakers.get_mut(seat as usize - 1) else {
            return;
        };
        if let Some(role) = claims.role {
            if r.roles.last().map(|d| d.what) != Some(role) {
                if r.roles.len() >= MAX_ROLES {
                    // Keep the first claim and the latest changes.
                    r.roles.remove(1);
                }
                r.roles.push(Dated { what: role, day });
            }
        }
        for (set, wolf) in [(claims.wolves, true), (claims.good, false)] {
            for s in set.iter() {
                if !r.reports.iter().any(|x| x.seat == s && x.wolf == wolf) {
                    push_bounded(&mut r.reports, Report { seat: s, wolf, day }, MAX_REPORTS);
                }
            }
        }
        for (list, seat) in [
            (&mut r.saved, claims.saved),
            (&mut r.poisoned, claims.poisoned),
        ] {
            if let Some(s) = seat {
                if !list.iter().any(|x| x.what == s) {
                    push_bounded(list, Dated { what: s, day }, MAX_WITCH);
                }
            }
        }
        for s in claims.accuses.iter() {
            r.accused.retain(|x| x.what != s);
            push_bounded(&mut r.accused, Dated { what: s, day }, MAX_ACCUSED);
        }
        if let Some(s) = Some(claims.pledge).filter(|&s| s != 0) {
            r.pledged.retain(|x| x.day != day);
            push_bounded(&mut r.pledged, Dated { what: s, day }, MAX_WITCH);
        }
        if let Some(s) = Some(claims.retracted).filter(|&s| s != 0) {
            r.reports.retain(|x| x.seat != s);
            r.accused.retain(|x| x.what != s);
            r.retracted.retain(|x| x.what != s);
            push_bounded(&mut r.retracted, Dated { what: s, day }, MAX_ACCUSED);
        }
        if claims.denies && r.denied_wolf.last() != Some(&day) {
            push_bounded(&mut r.denied_wolf, day, MAX_WITCH);
        }
    }

    /// Seat `seat`'s record.
    pub fn speaker(&self, seat: Seat) -> Option<&SpeakerRecord> {
        self.speakers.get((seat as usize).checked_sub(1)?)
    }

    /// One game-made line per seat that claimed anything, e.g. `Seat 3 claimed seer (day 1);
    /// reported 5 wolf (day 1), 2 good (day 2); accused 5 (day 1).` The reader's own seat is
    /// named "You (seat N)". Empty when nobody has claimed anything.
    pub fn lines(&self, me: Seat) -> String {
        self.lines_in(me, Lang::En)
    }

    /// [`lines`](Self::lines) in `lang`.
    pub fn lines_in(&self, me: Seat, lang: Lang) -> String {
        let t = |id: &str, args: &[(&str, &str)]| lang.text(id, args);
        let list = t("mem-list-sep", &[]);
        // A role or a seat (`key`: `what` or `seat`) and the day it was said.
        let dated = |id: &str, key: &str, what: &str, day: u32| {
            t(id, &[(key, what), ("day", &day.to_string())])
        };
        let mut out = String::new();
        for (i, r) in self.speakers.iter().enumerate() {
            if r.is_empty() {
                continue;
            }
            let seat = i + 1;
            let mut parts: Vec<String> = Vec::new();
            if !r.roles.is_empty() {
                let roles: Vec<String> = r
                    .roles
                    .iter()
                    .map(|d| dated("mem-dated", "what", &d.what.name_in(lang), d.day))
                    .collect();
                let roles = roles.join(&t("mem-then", &[]));
                parts.push(t("mem-claimed", &[("roles", &roles)]));
            }
            if !r.reports.is_empty() {
                let reports: Vec<String> = r
                    .reports
                    .iter()
                    .map(|x| {
                        let id = if x.wolf {
                            "mem-report-wolf"
                        } else {
                            "mem-report-good"
                        };
                        dated(id, "seat", &x.seat.to_string(), x.day)
                    })
                    .collect();
                parts.push(t("mem-reported", &[("reports", &reports.join(&list))]));
            }
            for (id, seats) in [
                ("mem-said-saved", &r.saved),
                ("mem-said-poisoned", &r.poisoned),
                ("mem-accused", &r.accused),
                ("mem-pledged", &r.pledged),
                ("mem-retracted", &r.retracted),
            ] {
                if !seats.is_empty() {
                    let seats: Vec<String> = seats
                        .iter()
                        .map(|d| dated("mem-dated-seat", "seat", &d.what.to_string(), d.day))
                        .collect();
                    parts.push(t(id, &[("seats", &seats.join(&list))]));
                }
            }
            if !r.denied_wolf.is_empty() {
                let days: Vec<String> = r
                    .denied_wolf
                    .iter()
                    .map(|d| t("mem-day", &[("day", &d.to_string())]))
                    .collect();
                parts.push(t("mem-denied", &[("days", &days.join(&list))]));
            }
            let who = if seat == me as usize {
                t("mem-who-you", &[("seat", &seat.to_string())])
            } else {
                t("mem-who-seat", &[("seat", &seat.to_string())])
            };
            let parts = parts.join(&t("mem-clause-sep", &[]));
            let line = t("mem-claims-line", &[("who", &who), ("parts", &parts)]);
            let _ = writeln!(out, "- {line}");
        }
        out.truncate(out.trim_end().len());
        out
    }

    /// The record as JSON for `game_state`: `{"3": {"roles": [...], ...}}`, speakers only.
    pub fn to_json(&self) -> serde_json::Value {
        let mut map = serde_json::Map::new();
        for (i, r) in self.speakers.iter().enumerate() {
            if !r.is_empty() {
                map.insert(
                    (i + 1).to_string(),
                    serde_json::to_value(r).unwrap_or_default(),
                );
            }
        }
        serde_json::Value::Object(map)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::werewolf::claims::read;

    #[test]
    fn the_record_keeps_who_said_what_and_when_deduped_and_bounded() {
        let mut r = ClaimsRecord::default();
        r.add(3, 1, &read("I am the seer. Checked 5: wolf. Vote 5."));
        r.add(
            3,
            2,
            &read("I am the seer. Checked 5: wolf. Checked 2: good. Vote 5."),
        );
        r.add(
            6,
            2,
            &read("I'm the witch, saved 4 last night. I suspect 3."),
        );
        r.add(4, 2, &read("nothing to say"));
        let lines = r.lines(6);
        assert_eq!(
            lines,
            "- Seat 3 claimed seer (day 1); reported 5 wolf (day 1), 2 good (day 2); accused 5 (day 2).\n\
             - You (seat 6) claimed witch (day 2); said they saved 4 (day 2); accused 3 (day 2)."
        );
        // A change of claim is kept; the record stays bounded however much is said.
        r.add(3, 3, &read("Fine, I am the hunter."));
        for day in 4..40 {
            let text = format!("I am the villager. 1 is good. Vote {}.", day % 9 + 1);
            r.add(3, day, &read(&text));
            r.add(3, day, &read("I am the seer"));
        }
        let s = r.speaker(3).unwrap();
        assert_eq!(s.roles.len(), MAX_ROLES);
        assert_eq!(
            s.roles[0],
            Dated {
                what: Role::Seer,
                day: 1
            }
        );
        assert!(s.reports.len() <= MAX_REPORTS && s.accused.len() <= MAX_ACCUSED);
        assert!(r.lines(1).len() < 600, "{}", r.lines(1));
        assert!(ClaimsRecord::default().lines(1).is_empty());
    }

    #[test]
    fn a_promise_a_denial_and_a_correction_are_recorded() {
        let mut r = ClaimsRecord::default();
        r.add(3, 1, &read("4 is good. I suspect 6."));
        r.add(
            3,
            1,
            &read("I never said 4 was good. I am not a wolf. I will vote 6."),
        );
        assert_eq!(
            r.lines(1),
            "- Seat 3 accused 6 (day 1); promised to vote 6 (day 1); said they never \
             reported or accused 4 (day 1); denied being a wolf (day 1)."
        );
        // The outside agents' JSON keeps its old keys when none of these was said.
        let mut plain = ClaimsRecord::default();
        plain.add(2, 1, &read("Vote 5."));
        assert_eq!(
            plain.to_json().to_string(),
            r#"{"2":{"roles":[],"reports":[],"saved":[],"poisoned":[],"accused":[{"what":5,"day":1}]}}"#
        );
    }
}
