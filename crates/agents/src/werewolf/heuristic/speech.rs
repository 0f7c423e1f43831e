//! Speeches of the built-in players: a [`SpeechPlan`] (what to say, decided by `talk`) put into
//! words from the phrasebook (`phrases`). The variant of each part is drawn from the
//! player's own seeded voice, so a game replays word for word; every variant reads back
//! as exactly its claim with [`claims::read`], so the plan's claims are what the others hear.
//!
//! [`claims::read`]: crate::games::werewolf::claims::read

use super::phrases::{Fill, Phrasebook, Slot};
use crate::games::werewolf::{below, Claims, Role, Seat, SeatSet, SpeechKind};
use rand_core::RngCore;

/// Why the speaker wants a seat voted out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// A seer's wolf result (its own, or the one it trusts).
    Report,
    /// The seat voted for `target`, a seat known to be good.
    VotedGood { target: Seat },
    /// Players the wolves killed had named the seat.
    NamedByDead,
    /// The seat's speeches say nothing.
    Quiet,
    /// Others named the seat today.
    Table,
    /// No evidence.
    Gut,
}

/// What a speech says, before it is put into words.
#[derive(Debug, Clone)]
pub struct SpeechPlan {
    pub kind: SpeechKind,
    pub role: Option<Role>,
    /// Reported checks, in order: (seat, is a wolf).
    pub reports: Vec<(Seat, bool)>,
    /// Seats denounced as fake seers.
    pub fakes: SeatSet,
    pub saved: Option<Seat>,
    pub peaceful_night: bool,
    /// Last night's deaths (a day speech reacts to them).
    pub deaths: SeatSet,
    /// The seat yesterday's vote sent out.
    pub voted_out: Option<Seat>,
    /// Seats that accused the speaker today (a defence answers them).
    pub accused_by: SeatSet,
    pub pk_plea: bool,
    /// Why `vote`.
    pub reason: Option<Reason>,
    pub suspects: SeatSet,
    pub vote: Option<Seat>,
}

impl Default for SpeechPlan {
    fn default() -> SpeechPlan {
        SpeechPlan {
            kind: SpeechKind::Day,
            role: None,
            reports: Vec::new(),
            fakes: SeatSet::EMPTY,
            saved: None,
            peaceful_night: false,
            deaths: SeatSet::EMPTY,
            voted_out: None,
            accused_by: SeatSet::EMPTY,
            pk_plea: false,
            reason: None,
            suspects: SeatSet::EMPTY,
            vote: None,
        }
    }
}

impl SpeechPlan {
    /// The claims the rendered speech carries (what `claims::read` must find in it).
    pub fn claims(&self) -> Claims {
        let mut c = Claims {
            role: self.role,
            saved: self.saved,
            ..Claims::default()
        };
        for (seat, wolf) in &self.reports {
            if *wolf {
                c.wolves.insert(*seat);
            } else {
                c.good.insert(*seat);
            }
        }
        c.wolves = c.wolves.union(self.fakes);
        c.accuses = self.suspects;
        if let Some(v) = self.vote {
            c.accuses.insert(v);
        }
        c
    }
}

/// Where a part goes in the speech, whether it may be left out to keep within the limit,
/// and where its text lies in the speech's shared buffer.
#[derive(Clone, Copy)]
struct Part {
    order: u8,
    essential: bool,
    start: usize,
    end: usize,
    /// Its length in characters.
    chars: usize,
}

/// Puts `plan` into words within `max` characters: the claims always, flavour (opening,
/// reactions, defence, reasons, last words) as room allows. `voice` picks the variants.
pub fn render(
    plan: &SpeechPlan,
    book: &Phrasebook,
    voice: &mut impl RngCore,
    max: usize,
) -> String {
    render_with_claims(plan, book, voice, max).0
}

/// [`render`], with the claims of the parts said: what `claims::read` finds in the text
/// when the book [is exact](Phrasebook::is_exact) and the text is not cut.
pub fn render_with_claims(
    plan: &SpeechPlan,
    book: &Phrasebook,
    voice: &mut impl RngCore,
    max: usize,
) -> (String, Claims) {
    let mut claims = Claims::default();
    // Every part is filled into one buffer; a part is a range of it.
    let mut buf = String::with_capacity(4 * max.min(1024));
    let mut parts: Vec<Part> = Vec::with_capacity(16);
    let mut say = |slot: Slot, fill: Fill, order: u8, essential: bool| {
        let n = book.variants(slot).len();
        let at = buf.len();
        book.fill_into(&mut buf, slot, below(voice, n), &fill);
        let text = &buf[at..];
        let trimmed = text.trim();
        if trimmed.is_empty() {
            buf.truncate(at);
        } else {
            // Only essential parts carry claims (a flavour slot reads as none), and
            // essential parts are always kept, so every part's claim is in the speech.
            let c = slot.claims(fill.seat);
            claims.role = c.role.or(claims.role);
            claims.wolves = claims.wolves.union(c.wolves);
            claims.good = claims.good.union(c.good);
            claims.accuses = claims.accuses.union(c.accuses);
            claims.saved = c.saved.or(claims.saved);
            claims.poisoned = c.poisoned.or(claims.poisoned);
            let start = at + (trimmed.as_ptr() as usize - text.as_ptr() as usize);
            let end = start + trimmed.len();
            let chars = if trimmed.is_ascii() {
                trimmed.len()
            } else {
                trimmed.chars().count()
            };
            parts.push(Part {
                order,
                essential,
                start,
                end,
                chars,
            });
        }
    };
    let seat = |s: Seat| Fill {
        seat: s,
        ..Fill::default()
    };
    let day = plan.kind == SpeechKind::Day;
    if day {
        say(Slot::Opening, Fill::default(), 0, false);
        match plan.deaths.len() {
            0 => {}
            1 => say(
                Slot::DeathOne,
                seat(plan.deaths.first().unwrap_or(0)),
                1,
                false,
            ),
            _ => say(
                Slot::DeathsMany,
                Fill {
                    seats: plan.deaths,
                    ..Fill::default()
                },
                1,
                false,
            ),
        }
        if let Some(out) = plan.voted_out {
            say(Slot::VotedOut, seat(out), 2, false);
        }
    }
    match plan.role {
        Some(Role::Villager) => say(Slot::ClaimVillager, Fill::default(), 3, true),
        Some(Role::Seer) => say(Slot::ClaimSeer, Fill::default(), 3, true),
        Some(Role::Witch) => say(Slot::ClaimWitch, Fill::default(), 3, true),
        Some(Role::Hunter) => say(Slot::ClaimHunter, Fill::default(), 3, true),
        Some(Role::Werewolf) | None => {}
    }
    for (s, wolf) in &plan.reports {
        let slot = if *wolf {
            Slot::ReportWolf
        } else {
            Slot::ReportGood
        };
        say(slot, seat(*s), 4, true);
    }
    for fake in plan.fakes.iter() {
        say(Slot::FakeSeer, seat(fake), 5, true);
    }
    if let Some(s) = plan.saved {
        say(Slot::Saved, seat(s), 6, true);
    }
    if plan.peaceful_night && plan.reports.is_empty() {
        say(Slot::PeacefulNight, Fill::default(), 7, false);
    }
    if !plan.accused_by.is_empty() && plan.kind != SpeechKind::LastWords {
        say(
            Slot::Defence,
            Fill {
                seats: plan.accused_by,
                ..Fill::default()
            },
            8,
            false,
        );
    }
    if plan.pk_plea {
        say(Slot::PkPlea, Fill::default(), 9, true);
    }
    if let (Some(v), Some(reason)) = (plan.vote, plan.reason) {
        let (slot, target) = match reason {
            Reason::Report => (Slot::ReasonReport, 0),
            Reason::VotedGood { target } => (Slot::ReasonVotes, target),
            Reason::NamedByDead => (Slot::ReasonDead, 0),
            Reason::Quiet => (Slot::ReasonQuiet, 0),
            Reason::Table => (Slot::ReasonTable, 0),
            Reason::Gut => (Slot::ReasonGut, 0),
        };
        say(
            slot,
            Fill {
                seat: v,
                target,
                ..Fill::default()
            },
            10,
            false,
        );
    }
    for s in plan.suspects.iter() {
        if Some(s) != plan.vote {
            say(Slot::Suspect, seat(s), 11, true);
        }
    }
    if let Some(v) = plan.vote {
        say(Slot::Vote, seat(v), 12, true);
    }
    if plan.kind == SpeechKind::LastWords {
        say(Slot::LastWords, Fill::default(), 13, false);
    }
    let says_something = plan.role.is_some()
        || !plan.reports.is_empty()
        || !plan.fakes.is_empty()
        || plan.saved.is_some()
        || plan.pk_plea
        || !plan.suspects.is_empty()
        || plan.vote.is_some();
    if !says_something && plan.kind != SpeechKind::LastWords {
        say(Slot::NoRead, Fill::default(), 12, true);
    }
    (assemble(&buf, parts, max), claims)
}

/// Keeps every essential part and as many others as fit (in the order they were planned:
/// reactions before reasons), then joins them in speech order.
fn assemble(buf: &str, mut parts: Vec<Part>, max: usize) -> String {
    let mut used: usize = parts
        .iter()
        .filter(|p| p.essential)
        .map(|p| p.chars + 1)
        .sum();
    parts.retain(|p| {
        if p.essential {
            return true;
        }
        let len = p.chars + 1;
        let fits = used + len <= max + 1;
        if fits {
            used += len;
        }
        fits
    });
    // Stable: parts of the same order keep the order they were said in.
    parts.sort_by_key(|p| p.order);
    let mut out = String::with_capacity(parts.iter().map(|p| p.end - p.start + 1).sum());
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&buf[p.start..p.end]);
    }
    out
}
