//! Speeches of the built-in players: a [`SpeechPlan`] (what to say, decided by `talk`) put into
//! words from the phrasebook (`phrases`). The variant of each part is drawn from the
//! player's own seeded voice, so a game replays word for word; every variant reads back
//! as exactly its claim with [`claims::read`], so the plan's claims are what the others hear.
//!
//! [`claims::read`]: crate::games::werewolf::claims::read

use super::phrases::{Fill, Phrasebook, Slot};
use crate::games::werewolf::{below, Claims, Role, Seat, SeatSet, SpeechKind};
use rand_core::RngCore;
use smallvec::SmallVec;

/// Why the speaker wants a seat voted out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// The wolf result of seat `by`, the seer the speaker trusts.
    Report { by: Seat },
    /// The wolf result of seat `by`, the seer the speaker leans to without being sure.
    Lean { by: Seat },
    /// The seat voted for `target`, a seat known to be good.
    VotedGood { target: Seat },
    /// Players the wolves killed had named the seat.
    NamedByDead,
    /// The seat's speeches say nothing.
    Quiet,
    /// Seat `by` (alone) named the seat today.
    NamedBy { by: Seat },
    /// Two or more others named the seat today.
    Table,
    /// The seat said it is a wolf.
    Confessed,
    /// The seat promised today to vote for `target` and voted otherwise.
    BrokeWord { target: Seat },
    /// Named today by `by`, the seat answered only by denying it is a wolf.
    Denied { by: Seat },
    /// The seat is the seer claimer the speaker, unsure between two, trusts less.
    Doubted,
    /// No evidence.
    Gut,
}

/// Seer checks reported in a speech, in order: (seat, is a wolf). One a night, so a game's
/// fit inline.
pub type Reports = SmallVec<[(Seat, bool); 8]>;

/// What a speech says, before it is put into words.
#[derive(Debug, Clone)]
pub struct SpeechPlan {
    pub kind: SpeechKind,
    pub role: Option<Role>,
    /// Reported checks, in order: (seat, is a wolf).
    pub reports: Reports,
    /// Seats denounced as fake seers (suspected, not reported: a seer reports only what
    /// she checked).
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
    /// The first day (its opening words differ from a later day's).
    pub first_day: bool,
    /// The speaker cannot tell two seer claims apart, and says so.
    pub doubt_seers: bool,
    /// A hunter's or witch's claim made since the speaker last spoke: it answers it.
    pub heard_claim: Option<(Seat, Role)>,
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
            reports: Reports::new(),
            fakes: SeatSet::EMPTY,
            saved: None,
            peaceful_night: false,
            deaths: SeatSet::EMPTY,
            voted_out: None,
            accused_by: SeatSet::EMPTY,
            pk_plea: false,
            first_day: false,
            doubt_seers: false,
            heard_claim: None,
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
            // Nobody says they are a wolf: the speech has no part for it.
            role: self.role.filter(|r| *r != Role::Werewolf),
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
        c.accuses = self.suspects.union(self.fakes);
        if let Some(v) = self.vote {
            c.accuses.insert(v);
        }
        c
    }
}

/// A part said: where its text lies in the speech, its length in characters, and whether
/// it may be left out to keep within the limit.
#[derive(Clone, Copy)]
struct Part {
    essential: bool,
    start: usize,
    end: usize,
    chars: usize,
}

/// The speech being said: parts go straight into one buffer, in speech order, each after a
/// space; [`Speech::finish`] drops flavour parts when they do not all fit.
struct Speech<'a> {
    book: &'a Phrasebook,
    out: String,
    /// Parts said (a speech has a dozen or so: no allocation).
    parts: SmallVec<[Part; 16]>,
}

impl Speech<'_> {
    /// Says a variant of `slot` (drawn from `voice`), trimmed; a blank one says nothing.
    fn say(&mut self, voice: &mut impl RngCore, slot: Slot, fill: Fill, essential: bool) {
        let n = self.book.variants(slot).len();
        let index = below(voice, n);
        let at = self.out.len();
        if at > 0 {
            self.book.push_separator(&mut self.out);
        }
        let start = self.out.len();
        let chars = self.book.fill_trimmed(&mut self.out, slot, index, &fill);
        if chars == 0 {
            self.out.truncate(at);
            return;
        }
        let end = self.out.len();
        self.parts.push(Part {
            essential,
            start,
            end,
            chars,
        });
    }

    /// Keeps every essential part and as many others as fit, in the order they were said
    /// (reactions before reasons). When everything fits, the speech is the buffer as said.
    fn finish(&mut self, max: usize) -> String {
        let (out, parts) = (std::mem::take(&mut self.out), &self.parts);
        let sep = self.book.separator();
        let gap = sep.chars().count();
        let all: usize = parts.iter().map(|p| p.chars + gap).sum();
        if all <= max + gap {
            return out;
        }
        let mut used: usize = parts
            .iter()
            .filter(|p| p.essential)
            .map(|p| p.chars + gap)
            .sum();
        let mut kept = String::with_capacity(out.len());
        for p in parts {
            // A part costs its characters and a separator (the first part's is the `+ gap`).
            let cost = p.chars + gap;
            let keep = p.essential || {
                let fits = used + cost <= max + gap;
                if fits {
                    used += cost;
                }
                fits
            };
            if keep {
                if !kept.is_empty() {
                    kept.push_str(sep);
                }
                kept.push_str(&out[p.start..p.end]);
            }
        }
        kept
    }
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

/// [`render`], with the claims the speech carries ([`SpeechPlan::claims`]): what
/// `claims::read` finds in the text when the book [is exact](Phrasebook::is_exact) and the
/// text is not cut.
pub fn render_with_claims(
    plan: &SpeechPlan,
    book: &Phrasebook,
    voice: &mut impl RngCore,
    max: usize,
) -> (String, Claims) {
    let mut speech = Speech {
        book,
        out: String::with_capacity(max + max / 2),
        parts: SmallVec::new(),
    };
    // Parts are said in speech order (the order of the calls below).
    let mut say =
        |slot: Slot, fill: Fill, essential: bool| speech.say(voice, slot, fill, essential);
    let seat = |s: Seat| Fill {
        seat: s,
        ..Fill::default()
    };
    let day = plan.kind == SpeechKind::Day;
    if day {
        let opening = if plan.first_day {
            Slot::OpeningFirstDay
        } else {
            Slot::Opening
        };
        say(opening, Fill::default(), false);
        match plan.deaths.len() {
            0 => {}
            1 => say(
                Slot::DeathOne,
                seat(plan.deaths.first().unwrap_or(0)),
                false,
            ),
            _ => say(
                Slot::DeathsMany,
                Fill {
                    seats: plan.deaths,
                    ..Fill::default()
                },
                false,
            ),
        }
        if let Some(out) = plan.voted_out {
            say(Slot::VotedOut, seat(out), false);
        }
    }
    match plan.role {
        Some(Role::Villager) => say(Slot::ClaimVillager, Fill::default(), true),
        Some(Role::Seer) => say(Slot::ClaimSeer, Fill::default(), true),
        Some(Role::Witch) => say(Slot::ClaimWitch, Fill::default(), true),
        Some(Role::Hunter) => say(Slot::ClaimHunter, Fill::default(), true),
        // The roles of the larger boards are not claimed aloud by the built-in players.
        Some(_) | None => {}
    }
    for (s, wolf) in &plan.reports {
        let slot = if *wolf {
            Slot::ReportWolf
        } else {
            Slot::ReportGood
        };
        say(slot, seat(*s), true);
    }
    for fake in plan.fakes.iter() {
        say(Slot::FakeSeer, seat(fake), true);
    }
    if let Some(s) = plan.saved {
        say(Slot::Saved, seat(s), true);
    }
    if plan.doubt_seers {
        say(Slot::TwoSeers, Fill::default(), false);
    }
    match plan.heard_claim {
        Some((s, Role::Hunter)) => say(Slot::HeardHunter, seat(s), false),
        Some((s, Role::Witch)) => say(Slot::HeardWitch, seat(s), false),
        _ => {}
    }
    if plan.peaceful_night && plan.reports.is_empty() {
        say(Slot::PeacefulNight, Fill::default(), false);
    }
    if !plan.accused_by.is_empty() && plan.kind != SpeechKind::LastWords {
        say(
            Slot::Defence,
            Fill {
                seats: plan.accused_by,
                ..Fill::default()
            },
            false,
        );
    }
    if plan.pk_plea {
        say(Slot::PkPlea, Fill::default(), true);
    }
    if let (Some(v), Some(reason)) = (plan.vote, plan.reason) {
        let (slot, target) = match reason {
            Reason::Report { by } => (Slot::ReasonReport, by),
            Reason::Lean { by } => (Slot::ReasonLean, by),
            Reason::VotedGood { target } => (Slot::ReasonVotes, target),
            Reason::NamedByDead => (Slot::ReasonDead, 0),
            Reason::Quiet => (Slot::ReasonQuiet, 0),
            Reason::NamedBy { by } => (Slot::ReasonNamed, by),
            Reason::Table => (Slot::ReasonTable, 0),
            Reason::Confessed => (Slot::ReasonConfessed, 0),
            Reason::BrokeWord { target } => (Slot::ReasonPromise, target),
            Reason::Denied { by } => (Slot::ReasonDenied, by),
            Reason::Doubted => (Slot::ReasonDoubted, 0),
            Reason::Gut => (Slot::ReasonGut, 0),
        };
        say(
            slot,
            Fill {
                seat: v,
                target,
                ..Fill::default()
            },
            false,
        );
    }
    for s in plan.suspects.iter() {
        if Some(s) != plan.vote {
            say(Slot::Suspect, seat(s), true);
        }
    }
    if let Some(v) = plan.vote {
        say(Slot::Vote, seat(v), true);
    }
    if plan.kind == SpeechKind::LastWords {
        say(Slot::LastWords, Fill::default(), false);
    }
    let says_something = plan.role.is_some()
        || !plan.reports.is_empty()
        || !plan.fakes.is_empty()
        || plan.saved.is_some()
        || plan.pk_plea
        || !plan.suspects.is_empty()
        || plan.vote.is_some();
    if !says_something && plan.kind != SpeechKind::LastWords {
        say(Slot::NoRead, Fill::default(), true);
    }
    // Every essential part is kept and only essential slots carry claims; a claim variant
    // is never blank (the load check), so the speech claims exactly what the plan says.
    (speech.finish(max), plan.claims())
}
