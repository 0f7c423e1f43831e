//! The parts a built-in player's speech is made of: each slot's key in
//! `content/werewolf/speeches.toml`, the placeholders its variants may use, and the claim
//! every variant of it must read as.

use crate::games::werewolf::{Claims, Role, Seat, SeatSet};

/// One part of a speech.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    Opening,
    OpeningFirstDay,
    TwoSeers,
    HeardHunter,
    HeardWitch,
    ClaimVillager,
    ClaimSeer,
    ClaimWitch,
    ClaimHunter,
    ReportWolf,
    ReportGood,
    FakeSeer,
    Saved,
    PeacefulNight,
    DeathOne,
    DeathsMany,
    VotedOut,
    Defence,
    ReasonReport,
    ReasonLean,
    ReasonVotes,
    ReasonDead,
    ReasonQuiet,
    ReasonNamed,
    ReasonTable,
    ReasonGut,
    ReasonDoubted,
    ReasonConfessed,
    ReasonPromise,
    ReasonDenied,
    Suspect,
    PkPlea,
    LastWords,
    Vote,
    NoRead,
}

impl Slot {
    pub const ALL: [Slot; 35] = [
        Slot::Opening,
        Slot::OpeningFirstDay,
        Slot::TwoSeers,
        Slot::HeardHunter,
        Slot::HeardWitch,
        Slot::ClaimVillager,
        Slot::ClaimSeer,
        Slot::ClaimWitch,
        Slot::ClaimHunter,
        Slot::ReportWolf,
        Slot::ReportGood,
        Slot::FakeSeer,
        Slot::Saved,
        Slot::PeacefulNight,
        Slot::DeathOne,
        Slot::DeathsMany,
        Slot::VotedOut,
        Slot::Defence,
        Slot::ReasonReport,
        Slot::ReasonLean,
        Slot::ReasonVotes,
        Slot::ReasonDead,
        Slot::ReasonQuiet,
        Slot::ReasonNamed,
        Slot::ReasonTable,
        Slot::ReasonGut,
        Slot::ReasonDoubted,
        Slot::ReasonConfessed,
        Slot::ReasonPromise,
        Slot::ReasonDenied,
        Slot::Suspect,
        Slot::PkPlea,
        Slot::LastWords,
        Slot::Vote,
        Slot::NoRead,
    ];

    /// The slot's key in the file.
    pub fn name(self) -> &'static str {
        match self {
            Slot::Opening => "opening",
            Slot::OpeningFirstDay => "opening_first_day",
            Slot::TwoSeers => "two_seers",
            Slot::HeardHunter => "heard_hunter",
            Slot::HeardWitch => "heard_witch",
            Slot::ClaimVillager => "claim_villager",
            Slot::ClaimSeer => "claim_seer",
            Slot::ClaimWitch => "claim_witch",
            Slot::ClaimHunter => "claim_hunter",
            Slot::ReportWolf => "report_wolf",
            Slot::ReportGood => "report_good",
            Slot::FakeSeer => "fake_seer",
            Slot::Saved => "saved",
            Slot::PeacefulNight => "peaceful_night",
            Slot::DeathOne => "death_one",
            Slot::DeathsMany => "deaths_many",
            Slot::VotedOut => "voted_out",
            Slot::Defence => "defence",
            Slot::ReasonReport => "reason_report",
            Slot::ReasonLean => "reason_lean",
            Slot::ReasonVotes => "reason_votes",
            Slot::ReasonDead => "reason_dead",
            Slot::ReasonQuiet => "reason_quiet",
            Slot::ReasonNamed => "reason_named",
            Slot::ReasonTable => "reason_table",
            Slot::ReasonGut => "reason_gut",
            Slot::ReasonDoubted => "reason_doubted",
            Slot::ReasonConfessed => "reason_confessed",
            Slot::ReasonPromise => "reason_promise",
            Slot::ReasonDenied => "reason_denied",
            Slot::Suspect => "suspect",
            Slot::PkPlea => "pk_plea",
            Slot::LastWords => "last_words",
            Slot::Vote => "vote",
            Slot::NoRead => "no_read",
        }
    }

    /// The placeholders a variant of this slot may use.
    pub fn placeholders(self) -> &'static [&'static str] {
        match self {
            Slot::ReportWolf
            | Slot::ReportGood
            | Slot::FakeSeer
            | Slot::Saved
            | Slot::DeathOne
            | Slot::VotedOut
            | Slot::ReasonDead
            | Slot::ReasonQuiet
            | Slot::ReasonTable
            | Slot::ReasonGut
            | Slot::ReasonDoubted
            | Slot::ReasonConfessed
            | Slot::HeardHunter
            | Slot::HeardWitch
            | Slot::Suspect
            | Slot::Vote => &["seat"],
            Slot::ReasonVotes
            | Slot::ReasonReport
            | Slot::ReasonLean
            | Slot::ReasonNamed
            | Slot::ReasonPromise
            | Slot::ReasonDenied => &["seat", "target"],
            Slot::DeathsMany | Slot::Defence => &["seats"],
            _ => &[],
        }
    }

    /// The claims a variant must read as, given the seat its `{seat}` stands for.
    pub fn claims(self, seat: Seat) -> Claims {
        let mut c = Claims::default();
        match self {
            Slot::ClaimVillager => c.role = Some(Role::Villager),
            Slot::ClaimSeer => c.role = Some(Role::Seer),
            Slot::ClaimWitch => c.role = Some(Role::Witch),
            Slot::ClaimHunter => c.role = Some(Role::Hunter),
            Slot::ReportWolf => c.wolves = SeatSet::only(seat),
            Slot::ReportGood => c.good = SeatSet::only(seat),
            Slot::Saved => c.saved = Some(seat),
            Slot::Suspect | Slot::Vote | Slot::FakeSeer => c.accuses = SeatSet::only(seat),
            _ => {}
        }
        c
    }
}
