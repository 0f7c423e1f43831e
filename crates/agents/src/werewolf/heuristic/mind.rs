//! The heuristic player's memory: what its seat was shown, kept as the few facts its
//! reasoning (`reason`) and speeches (`talk`) use. Everything here is derived from the
//! events the seat was shown; nothing reads the game.
//!
//! Fairness: every choice between equals is settled by the seat's seeded RNG. Each answer
//! draws fresh tie-break keys (`tiebreak`), so no seat number wins a tie because it is lower.

use super::phrases::{phrasebook, Phrasebook};
use super::reason::SeerView;
use super::speech::Reports;
use crate::games::werewolf::{
    Action, Ask, AskKind, Ballot, Claims, Event, Role, Seat, SeatSet, SpeechKind, VoteRound,
    EVERY_SEAT, MAX_SEATS, SEATS,
};

/// The built-in player on any board: per-seat arrays indexed by seat number (0 unused),
/// sized for the largest board.
pub type Heuristic = Mind<{ MAX_SEATS + 1 }>;

/// The same player on a nine-seat board, with the seat count known to the compiler (the
/// ladder's default board: its seat loops unroll and its arrays are smaller). It plays
/// exactly as [`Heuristic`] does; [`crate::werewolf::seated`] picks it.
pub type NineSeats = Mind<NINE_SLOTS>;

/// The slots of a nine-seat player (seats 1 to 9 and the unused 0).
const NINE_SLOTS: usize = 10;
use crate::werewolf::Player;
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::cell::Cell;
use std::sync::Arc;

/// What the seat knows about one other seat's public claims.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Claimed {
    pub role: Option<Role>,
    /// Order in which this seat first claimed seer (0 = never).
    pub seer_order: u32,
    pub wolves: SeatSet,
    pub good: SeatSet,
    pub accuses: SeatSet,
    /// The table's speech count when this seat claimed seer, and when it last spoke (has
    /// it had a turn to answer a claim made after its own?).
    pub seer_at: u32,
    pub spoke_at: u32,
    /// The speech count when this seat claimed a role other than villager or seer (a
    /// hunter, a witch, or a confession to being a wolf); 0 = never.
    pub role_at: u32,
    /// The seat a witch claim says she saved.
    pub saved: Option<Seat>,
}

/// The memory and play of a built-in player whose per-seat arrays have `SLOTS` entries
/// (see [`Heuristic`] and [`NineSeats`]).
pub struct Mind<const SLOTS: usize> {
    pub(super) rng: Xoshiro256PlusPlus,
    /// A second stream for choosing phrasings, so the words never change the play.
    pub(super) voice: Xoshiro256PlusPlus,
    pub(super) book: Arc<Phrasebook>,
    /// Random keys that settle ties between equal seats for the current answer.
    pub(super) tiebreak: [u32; SLOTS],
    pub(super) me: Seat,
    /// The table's seats (9 until a board says otherwise).
    pub(super) seats: Seat,
    pub(super) role: Role,
    pub(super) pack: SeatSet,
    pub(super) alive: SeatSet,
    pub(super) day: u32,
    /// Seer: her own checks.
    pub(super) checks: [Option<bool>; SLOTS],
    /// Witch: tonight's attack, and seats she knows the wolves attacked.
    pub(super) attacked: Option<Seat>,
    pub(super) wolf_targets: SeatSet,
    /// Seats the wolves killed at night, as far as this seat can tell: a death alone in its
    /// night (the witch's poison is the other way to die at night, so of two deaths in
    /// one night neither is sure), or one the witch saw attacked; never her own poison.
    pub(super) wolf_kills: SeatSet,
    /// Witch: the seats she poisoned.
    pub(super) poisoned: SeatSet,
    /// Who died in the night before today.
    pub(super) dawn_dead: SeatSet,
    pub(super) claims: [Claimed; SLOTS],
    pub(super) seer_claims: u32,
    /// The seats that claimed seer (those with a `seer_order`).
    pub(super) seer_claimed: SeatSet,
    /// The seats that claimed hunter or witch, or confessed to being a wolf.
    pub(super) role_claimed: SeatSet,
    /// Speeches heard so far, of every kind (1 = the first).
    pub(super) speeches: u32,
    /// This seat's own lean between two seer claims it cannot tell apart: fixed for the
    /// game, so its speech and its vote agree, and different from seat to seat, so an
    /// unsure table splits.
    pub(super) lean: u64,
    /// votes[v] = seats v has voted for, ever.
    pub(super) votes: [SeatSet; SLOTS],
    /// Who the last vote sent out (reaction to yesterday's vote), if anyone.
    pub(super) voted_out: Option<Seat>,
    /// Today's accusations per seat.
    pub(super) accused_today: [u8; SLOTS],
    /// Who accused each seat today.
    pub(super) accusers_today: [SeatSet; SLOTS],
    /// Seats that accused this seat today.
    pub(super) accused_me: SeatSet,
    /// Seats that gave today's day speech so far.
    pub(super) spoke_today: SeatSet,
    /// Day speeches a seat gave with nothing in them ("coasting", a classic wolf tell).
    pub(super) silent: [u8; SLOTS],
    /// Said nothing on day 1 once there was something to answer (a faint tell).
    pub(super) quiet_first_day: [u8; SLOTS],
    /// Today's vote promises ("I will vote 5"), by seat, until that seat's ballot.
    pub(super) pledged: [Option<Seat>; SLOTS],
    /// The seats with a promise open (so a vote with none costs nothing to check).
    pub(super) pledgers: SeatSet,
    /// The last promise each seat broke (it voted otherwise).
    pub(super) broke: [Option<Seat>; SLOTS],
    /// Seats that said today they are not wolves.
    pub(super) denied_today: SeatSet,
    /// What a person's words add to a seat's suspicion, in hundredths: +8 each broken
    /// promise, −1 each of today's accusations once the seat denied it (one figure, so
    /// weighing suspicion adds one number a seat). `denial_adj` is today's part of it.
    pub(super) person_adj: [i16; SLOTS],
    pub(super) denial_adj: [i16; SLOTS],
    /// Wolves: the first pick of this round (the others follow it).
    pub(super) leader_pick: Option<Seat>,
    /// Wolves: the claim this seat made, if it fakes seer.
    pub(super) fake_reports: Reports,
    pub(super) claimed_seer: bool,
    pub(super) last_night_peaceful: bool,
    /// Guard: last night's pick. Everyone: the badge's holder.
    pub(super) guarded: Option<Seat>,
    pub(super) sheriff: Option<Seat>,
    /// Sheriff boards: the campaign and the badge as this seat saw them (`campaign`).
    pub(super) table: super::campaign::Table,
    /// The claims of the speech the last `decide` returned, when the phrasebook makes them
    /// exact (see [`Player::meant_claims`]).
    pub(super) meant: Option<Claims>,
    /// Events observed so far: what the memo below is checked against.
    pub(super) seen: u64,
    /// `suspicion_as(false)` and `suspicion_as(true)`, each with the value of `seen` + 1 it
    /// was weighed at (0: never). They depend only on what `observe` records, so a
    /// decision that weighs them several times computes each once; any event makes them
    /// stale.
    pub(super) suspicion_memo: [Cell<(u64, [f32; SLOTS])>; 2],
    /// The seer view (`Heuristic::trusted_seer_as`), remembered the same way.
    pub(super) seer_memo: [Cell<(u64, SeerView)>; 2],
}

impl<const SLOTS: usize> Mind<SLOTS> {
    /// The table's last seat, known to the compiler to index every per-seat array (so a
    /// loop over the seats carries no bounds checks).
    #[inline]
    pub(super) fn last_seat(&self) -> Seat {
        if SLOTS == NINE_SLOTS {
            9
        } else {
            self.seats.min(SLOTS as Seat - 1)
        }
    }

    /// The table's seats, `1..=last_seat()`, as a half-open range (which a loop walks
    /// with less work than an inclusive one, and unrolls when the seat count is known).
    #[inline]
    pub(super) fn seat_range(&self) -> std::ops::Range<Seat> {
        1..self.last_seat() + 1
    }

    /// A player seeded with `seed`, speaking with the installed phrasebook
    /// (`content/werewolf/speeches.toml`, else the built-in copy).
    pub fn new(seed: u64) -> Self {
        Self::with_phrasebook(seed, phrasebook())
    }

    pub fn with_phrasebook(seed: u64, book: Arc<Phrasebook>) -> Self {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let voice = Xoshiro256PlusPlus::seed_from_u64(rng.next_u64());
        let lean = rng.next_u64();
        Mind {
            rng,
            voice,
            book,
            tiebreak: [0; SLOTS],
            me: 0,
            seats: SEATS as Seat,
            role: Role::Villager,
            pack: SeatSet::EMPTY,
            alive: EVERY_SEAT,
            day: 0,
            checks: [None; SLOTS],
            attacked: None,
            wolf_targets: SeatSet::EMPTY,
            wolf_kills: SeatSet::EMPTY,
            poisoned: SeatSet::EMPTY,
            dawn_dead: SeatSet::EMPTY,
            claims: [Claimed::default(); SLOTS],
            seer_claims: 0,
            seer_claimed: SeatSet::EMPTY,
            role_claimed: SeatSet::EMPTY,
            speeches: 0,
            lean,
            votes: [SeatSet::EMPTY; SLOTS],
            voted_out: None,
            accused_today: [0; SLOTS],
            accusers_today: [SeatSet::EMPTY; SLOTS],
            accused_me: SeatSet::EMPTY,
            spoke_today: SeatSet::EMPTY,
            silent: [0; SLOTS],
            quiet_first_day: [0; SLOTS],
            leader_pick: None,
            pledged: [None; SLOTS],
            pledgers: SeatSet::EMPTY,
            broke: [None; SLOTS],
            denied_today: SeatSet::EMPTY,
            person_adj: [0; SLOTS],
            denial_adj: [0; SLOTS],
            fake_reports: Reports::new(),
            claimed_seer: false,
            last_night_peaceful: false,
            guarded: None,
            sheriff: None,
            table: super::campaign::Table::default(),
            meant: None,
            seen: 0,
            suspicion_memo: [Cell::new((0, [0.0; SLOTS])), Cell::new((0, [0.0; SLOTS]))],
            seer_memo: [
                Cell::new((0, SeerView::default())),
                Cell::new((0, SeerView::default())),
            ],
        }
    }

    /// A speech heard: who spoke when, silence, role claims and reports, accusations.
    /// Kept out of `observe` so the frequent small events stay cheap to deliver.
    #[inline(never)]
    fn heard(&mut self, seat: Seat, claims: &Claims, kind: SpeechKind) {
        let i = seat as usize;
        self.speeches += 1;
        self.claims[i].spoke_at = self.speeches;
        if kind == SpeechKind::Day {
            self.spoke_today.insert(seat);
            // Saying nothing is a tell once there is something to go on (a later
            // day, or the seat itself named); on day 1, after others were named
            // or a seer claimed, a faint one (less than one voice naming a seat);
            // before that nothing: the first speakers have nothing to go on.
            if claims.is_empty() {
                let named = !self.accusers_today[i].is_empty();
                if self.day >= 2 || named {
                    self.silent[i] += 1;
                } else if !self.seer_claimed.is_empty() || self.accused_today.iter().any(|&n| n > 0)
                {
                    self.quiet_first_day[i] = 1;
                }
            }
        }
        let c = &mut self.claims[i];
        // A first role claim stands; a hunter's or witch's claim, or a confession, after
        // "I am a villager" replaces it (the seat changed its story, and it is heard).
        let telling = matches!(
            claims.role,
            Some(Role::Hunter | Role::Witch | Role::Werewolf)
        );
        if claims.role.is_some()
            && (c.role.is_none() || (telling && c.role == Some(Role::Villager)))
        {
            c.role = claims.role;
            if telling {
                c.role_at = self.speeches;
                self.role_claimed.insert(seat);
            }
        }
        if claims.saved.is_some() && c.role == Some(Role::Witch) {
            c.saved = claims.saved;
        }
        if claims.role == Some(Role::Seer) && c.seer_order == 0 {
            self.seer_claims += 1;
            // The sheriff campaign's claims are one round: none of them answers another.
            c.seer_order = match kind {
                SpeechKind::Campaign => 1,
                _ => self.seer_claims,
            };
            c.seer_at = self.speeches;
            self.seer_claimed.insert(seat);
        }
        c.wolves = c.wolves.union(claims.wolves);
        c.good = c.good.union(claims.good);
        c.accuses = c.accuses.union(claims.accuses);
        for a in claims.accuses.iter() {
            self.accused_today[a as usize] += 1;
            self.accusers_today[a as usize].insert(seat);
        }
        if self.denied_today.meets(claims.accuses) {
            // Accusations of a seat that already denied it weigh half (see `person_adj`).
            for a in claims.accuses.intersect(self.denied_today).iter() {
                self.person_adj[a as usize] -= 1;
                self.denial_adj[a as usize] -= 1;
            }
        }
        if claims.accuses.contains(self.me) && seat != self.me {
            self.accused_me.insert(seat);
        }
        if claims.pledge != 0 || claims.denies || claims.retracted != 0 {
            self.heard_a_person(seat, claims);
        }
    }

    /// What people say beside claims: a vote promise (kept until the seat's ballot), a
    /// denial, and a correction that takes back what the seat was heard to say of a seat.
    #[cold]
    fn heard_a_person(&mut self, seat: Seat, claims: &Claims) {
        let i = seat as usize;
        if claims.pledge != 0 {
            self.pledged[i] = Some(claims.pledge);
            self.pledgers.insert(seat);
        }
        if claims.denies && !self.denied_today.contains(seat) {
            self.denied_today.insert(seat);
            let named = i16::from(self.accused_today[i]);
            self.person_adj[i] -= named;
            self.denial_adj[i] -= named;
        }
        for r in SeatSet::only(claims.retracted).iter() {
            let c = &mut self.claims[i];
            c.good.remove(r);
            c.wolves.remove(r);
            c.accuses.remove(r);
            if self.accusers_today[r as usize].contains(seat) {
                self.accusers_today[r as usize].remove(seat);
                self.accused_today[r as usize] -= 1;
                if self.denied_today.contains(r) {
                    self.person_adj[r as usize] += 1;
                    self.denial_adj[r as usize] += 1;
                }
            }
            if r == self.me {
                self.accused_me.remove(seat);
            }
        }
    }

    /// Ballots against today's promises: a seat that promised a vote and cast it
    /// elsewhere (or abstained) while the promised seat could be voted broke its word.
    fn kept_promises(&mut self, ballots: &[Ballot]) {
        for seat in self.pledgers.iter() {
            let Some(p) = self.pledged[seat as usize] else {
                continue;
            };
            let cast = ballots
                .get(seat as usize - 1)
                .copied()
                .unwrap_or(Ballot::None);
            let broke = match cast {
                Ballot::Vote(t) => t != p,
                Ballot::Abstain => true,
                Ballot::None => false,
            };
            if broke && self.alive.contains(p) {
                self.broke[seat as usize] = Some(p);
                self.person_adj[seat as usize] += 8;
            }
            if cast != Ballot::None {
                self.pledged[seat as usize] = None;
                self.pledgers.remove(seat);
            }
        }
    }

    pub(super) fn chance(&mut self, percent: u32) -> bool {
        self.rng.next_u32() % 100 < percent
    }

    /// True with chance 1 in `n` (always when `n` is 0 or 1).
    pub(super) fn one_in(&mut self, n: usize) -> bool {
        n <= 1 || crate::games::werewolf::below(&mut self.rng, n) == 0
    }

    pub(super) fn noise(&mut self) -> f32 {
        (self.rng.next_u32() >> 8) as f32 / (1u32 << 24) as f32
    }

    /// Draws fresh tie-break keys: the next choice between equal seats is a fair draw.
    pub(super) fn shuffle_ties(&mut self) {
        // Two keys from each 64-bit draw, for seats 0..=seats (nine seats: five draws; an
        // even count of seats leaves the last draw's second key unused).
        // (The generator is drawn from a local copy, so its state stays in registers.)
        let keys = (self.last_seat() as usize + 1).min(SLOTS);
        let mut rng = self.rng.clone();
        for pair in self.tiebreak[..keys].chunks_mut(2) {
            let bits = rng.next_u64();
            pair[0] = bits as u32;
            if let Some(second) = pair.get_mut(1) {
                *second = (bits >> 32) as u32;
            }
        }
        self.rng = rng;
    }

    /// A seat of `set` drawn uniformly with the seeded RNG.
    pub(super) fn any_of(&mut self, set: SeatSet) -> Option<Seat> {
        if set.is_empty() {
            return None;
        }
        set.nth(crate::games::werewolf::below(&mut self.rng, set.len()))
    }

    pub(super) fn is_wolf(&self) -> bool {
        self.role.is_wolf()
    }

    pub(super) fn seer_claimers(&self) -> impl Iterator<Item = Seat> + '_ {
        self.seer_claimed.iter()
    }

    pub(super) fn living_others(&self) -> SeatSet {
        self.alive.without(self.me)
    }
}

impl<const SLOTS: usize> Player for Mind<SLOTS> {
    fn observe(&mut self, event: &Event) {
        self.seen += 1;
        match event {
            Event::Board { seats, .. } => {
                debug_assert!(
                    SLOTS != NINE_SLOTS || *seats == 9,
                    "a nine-seat player at a {seats}-seat table"
                );
                self.seats = *seats;
                self.alive = SeatSet::upto(*seats);
            }
            Event::RoleDealt { seat, role } => {
                self.me = *seat;
                self.role = *role;
            }
            Event::WolfPack { wolves } => self.pack = *wolves,
            Event::NightFell { night } => {
                self.day = *night;
                self.leader_pick = None;
                self.attacked = None;
            }
            Event::WolfPicked { target, .. } if self.leader_pick.is_none() => {
                self.leader_pick = *target;
            }
            Event::WolfTie { .. } => self.leader_pick = None,
            Event::WitchTold { attacked } => {
                self.attacked = *attacked;
                if let Some(a) = attacked {
                    self.wolf_targets.insert(*a);
                }
            }
            Event::SeerResult { target, wolf } => self.checks[*target as usize] = Some(*wolf),
            Event::WitchPoisoned { target } => self.poisoned.insert(*target),
            Event::Dawn { dead, .. } => {
                self.alive = self.alive.minus(*dead);
                let theirs = dead.minus(self.poisoned);
                let seen_attacked = theirs.intersect(self.wolf_targets);
                if theirs.len() == 1 {
                    self.wolf_kills = self.wolf_kills.union(theirs);
                }
                self.wolf_kills = self.wolf_kills.union(seen_attacked);
                self.dawn_dead = *dead;
                self.last_night_peaceful = dead.is_empty();
                self.accused_today = [0; SLOTS];
                self.accusers_today = [SeatSet::EMPTY; SLOTS];
                self.accused_me = SeatSet::EMPTY;
                self.spoke_today = SeatSet::EMPTY;
                if !self.denied_today.is_empty() {
                    for (adj, today) in self.person_adj.iter_mut().zip(&mut self.denial_adj) {
                        *adj -= std::mem::take(today);
                    }
                    self.denied_today = SeatSet::EMPTY;
                }
                self.pledged = [None; SLOTS];
                self.pledgers = SeatSet::EMPTY;
            }
            Event::Speech {
                seat, claims, kind, ..
            } => self.heard(*seat, claims, *kind),
            // The sheriff election's ballots elect, they do not accuse: not recorded.
            Event::VotesRevealed { ballots, round, .. }
                if matches!(round, VoteRound::Main | VoteRound::Pk) =>
            {
                for (i, b) in ballots.iter().enumerate() {
                    if let Ballot::Vote(t) = b {
                        self.votes[i + 1].insert(*t);
                    }
                }
                if !self.pledgers.is_empty() && *round == VoteRound::Main {
                    self.kept_promises(ballots);
                }
            }
            Event::Eliminated { seat } => {
                self.voted_out = *seat;
                if let Some(s) = seat {
                    self.alive.remove(*s);
                }
            }
            Event::HunterShot {
                hunter,
                target: Some(t),
            } => {
                self.alive.remove(*t);
                self.claims[*hunter as usize].role = Some(Role::Hunter);
            }
            Event::KingShot {
                target: Some(t), ..
            } => {
                self.alive.remove(*t);
            }
            Event::Taken { target, .. } => self.alive.remove(*target),
            Event::IdiotRevealed { seat } => {
                self.claims[*seat as usize].role = Some(Role::Idiot);
            }
            Event::GuardPicked { target } => self.guarded = *target,
            Event::SheriffRunners { running } => self.table.runners_known(*running),
            Event::Withdrew { seat } => self.table.runners.remove(*seat),
            Event::SheriffElected { seat } => {
                self.sheriff = *seat;
                self.table.campaign = false;
            }
            Event::Exploded { wolf } => {
                self.alive.remove(*wolf);
                self.table.exploded.insert(*wolf);
            }
            Event::IdledOut { seat } => self.alive.remove(*seat),
            Event::BadgePassed { to, .. } => self.sheriff = *to,
            Event::BadgeLost { .. } => self.sheriff = None,
            _ => {}
        }
    }

    fn meant_claims(&mut self) -> Option<Claims> {
        self.meant.take()
    }

    fn volunteer(&mut self) -> Option<Action> {
        self.explosion()
    }

    fn decide(&mut self, ask: &Ask) -> Action {
        self.meant = None;
        self.shuffle_ties();
        match ask.kind {
            AskKind::WolfPick => {
                let target = self
                    .leader_pick
                    .filter(|t| ask.targets.contains(*t))
                    .or_else(|| self.wolf_kill_target(ask.targets));
                match target {
                    Some(target) => Action::Kill { target },
                    None => Action::Pass,
                }
            }
            AskKind::Witch => self.witch(ask),
            AskKind::SeerCheck => match self.seer_check_target(ask.targets) {
                Some(target) => Action::Check { target },
                None => Action::Pass,
            },
            AskKind::HunterShot => self.hunter(ask),
            AskKind::Speech => Action::Speak {
                text: self.day_speech(SpeechKind::Day, ask.max_chars as usize),
            },
            AskKind::PkSpeech => Action::Speak {
                text: self.day_speech(SpeechKind::Pk, ask.max_chars as usize),
            },
            AskKind::LastWords => Action::Speak {
                text: self.day_speech(SpeechKind::LastWords, ask.max_chars as usize),
            },
            AskKind::Vote | AskKind::PkVote => {
                let target = if self.is_wolf() {
                    self.wolf_vote(ask.targets)
                } else {
                    self.good_vote(ask.targets)
                };
                match target {
                    Some(target) => Action::Vote { target },
                    None if ask.no_abstain => match self.any_of(ask.targets.without(self.me)) {
                        Some(target) => Action::Vote { target },
                        None => Action::Abstain,
                    },
                    None => Action::Abstain,
                }
            }
            AskKind::CampaignSpeech => Action::Speak {
                text: self.day_speech(SpeechKind::Campaign, ask.max_chars as usize),
            },
            AskKind::GuardPick
            | AskKind::KingShot
            | AskKind::SheriffRun
            | AskKind::SheriffVote
            | AskKind::BadgePass
            | AskKind::SpeakingOrder
            | AskKind::SheriffCall => self.board_decision(ask),
        }
    }
}
