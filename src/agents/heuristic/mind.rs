//! The heuristic player's memory and reasoning. Everything here is derived from the
//! events the seat was shown; nothing reads the game.

use super::speech::{render, Plan};
use crate::agents::Player;
use crate::games::werewolf::{
    below, Action, Ask, AskKind, Ballot, Event, Role, Seat, SeatSet, SpeechKind, ALL_SEATS,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// Tuning knobs, in one place so balance can be measured and moved.
mod tune {
    /// Chance that the first wolf to speak on day 1 claims seer and frames a good seat.
    pub const WOLF_FAKE_CLAIM: u32 = 45;
    /// Chance that a wolf reported by the real seer counter-claims seer.
    pub const WOLF_COUNTER_CLAIM: u32 = 50;
    /// The hunter shoots only when the most suspicious seat is at least this suspicious.
    pub const HUNTER_SURE: f32 = 0.6;
    /// The witch poisons only at this suspicion or above.
    pub const WITCH_SURE: f32 = 0.85;
}

const BASE: f32 = 0.3;

/// What the seat knows about one other seat's public claims.
#[derive(Debug, Clone, Copy, Default)]
struct Claimed {
    role: Option<Role>,
    /// Order in which this seat first claimed seer (0 = never).
    seer_order: u32,
    wolves: SeatSet,
    good: SeatSet,
    accuses: SeatSet,
}

pub struct Heuristic {
    rng: ChaCha8Rng,
    me: Seat,
    role: Role,
    pack: SeatSet,
    alive: SeatSet,
    day: u32,
    /// Seer: her own checks.
    checks: [Option<bool>; 10],
    /// Witch: tonight's attack, and seats she knows the wolves attacked.
    attacked: Option<Seat>,
    wolf_targets: SeatSet,
    /// Seats that died at night (most likely good).
    night_dead: SeatSet,
    claims: [Claimed; 10],
    seer_claims: u32,
    /// votes[v] = seats v has voted for, ever.
    votes: [SeatSet; 10],
    /// Today's accusations per seat.
    accused_today: [u8; 10],
    /// Day speeches a seat gave with nothing in them ("coasting", a classic wolf tell).
    silent: [u8; 10],
    /// Wolves: the first pick of this round (the others follow it).
    leader_pick: Option<Seat>,
    /// Wolves: the claim this seat made, if it fakes seer.
    fake_reports: Vec<(Seat, bool)>,
    claimed_seer: bool,
    last_night_peaceful: bool,
    flavour: usize,
}

impl Heuristic {
    pub fn new(seed: u64) -> Heuristic {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let flavour = rng.next_u32() as usize;
        Heuristic {
            rng,
            me: 0,
            role: Role::Villager,
            pack: SeatSet::EMPTY,
            alive: SeatSet::ALL,
            day: 0,
            checks: [None; 10],
            attacked: None,
            wolf_targets: SeatSet::EMPTY,
            night_dead: SeatSet::EMPTY,
            claims: [Claimed::default(); 10],
            seer_claims: 0,
            votes: [SeatSet::EMPTY; 10],
            accused_today: [0; 10],
            silent: [0; 10],
            leader_pick: None,
            fake_reports: Vec::new(),
            claimed_seer: false,
            last_night_peaceful: false,
            flavour,
        }
    }

    fn chance(&mut self, percent: u32) -> bool {
        self.rng.next_u32() % 100 < percent
    }

    fn noise(&mut self) -> f32 {
        (self.rng.next_u32() >> 8) as f32 / (1u32 << 24) as f32
    }

    fn is_wolf(&self) -> bool {
        self.role == Role::Werewolf
    }

    fn seer_claimers(&self) -> impl Iterator<Item = Seat> + '_ {
        ALL_SEATS
            .into_iter()
            .filter(|&s| self.claims[s as usize].seer_order > 0)
    }

    /// The seer claim this (good) seat believes, if any.
    fn trusted_seer(&self) -> Option<Seat> {
        self.trusted_seer_as(true)
    }

    /// `private: false` reasons as a good seat with no private knowledge would.
    fn trusted_seer_as(&self, private: bool) -> Option<Seat> {
        if private && self.role == Role::Seer {
            return Some(self.me);
        }
        let mut best: Option<(i32, Seat)> = None;
        for c in self.seer_claimers() {
            let cl = &self.claims[c as usize];
            if private {
                if c == self.me {
                    continue;
                }
                // A claimer who frames this good seat is fake.
                if !self.is_wolf() && cl.wolves.contains(self.me) {
                    continue;
                }
            }
            let mut credit = 100 - cl.seer_order as i32 * 10;
            if self.night_dead.contains(c) {
                credit += 1000; // the wolves killed her: she was real
            }
            if private && self.wolf_targets.contains(c) {
                credit += 1000; // the witch saw the wolves attack her
            }
            // A claimer who reported a seat that died at night as a wolf is likely lying.
            if !cl.wolves.intersect(self.night_dead).is_empty() {
                credit -= 300;
            }
            if best.is_none_or(|(b, _)| credit > b) {
                best = Some((credit, c));
            }
        }
        best.map(|(_, s)| s)
    }

    /// How likely each seat is a wolf, from this seat's point of view.
    fn suspicion(&self) -> [f32; 10] {
        self.suspicion_as(true)
    }

    /// Suspicion as a good seat with no private knowledge would see it.
    fn public_suspicion(&self) -> [f32; 10] {
        self.suspicion_as(false)
    }

    fn suspicion_as(&self, private: bool) -> [f32; 10] {
        let mut s = [BASE; 10];
        let trusted = self.trusted_seer_as(private);
        let mut known_good = if private {
            SeatSet::only(self.me)
        } else {
            SeatSet::EMPTY
        };
        let i_am_seer = private && self.role == Role::Seer;
        for c in self.seer_claimers() {
            if Some(c) != trusted && !(private && c == self.me) {
                s[c as usize] = if i_am_seer { 1.0 } else { 0.85 };
            }
        }
        if let Some(t) = trusted {
            known_good.insert(t);
            let cl = &self.claims[t as usize];
            for w in cl.wolves.iter() {
                s[w as usize] = s[w as usize].max(0.95);
            }
            for g in cl.good.iter() {
                s[g as usize] = s[g as usize].min(0.1);
                known_good.insert(g);
            }
        }
        for seat in ALL_SEATS.into_iter().filter(|_| private) {
            if let Some(wolf) = self.checks[seat as usize] {
                s[seat as usize] = if wolf { 1.0 } else { 0.0 };
                if !wolf {
                    known_good.insert(seat);
                }
            }
        }
        // Night victims are most likely good; so is whoever the witch saw attacked.
        if private {
            known_good = known_good.union(self.wolf_targets);
        }
        for seat in ALL_SEATS {
            let i = seat as usize;
            if known_good.contains(seat) && s[i] < 0.9 {
                s[i] = s[i].min(0.1);
                continue;
            }
            if s[i] >= 0.85 {
                continue;
            }
            // Voting against trusted-good seats is a wolf's habit; voting reported wolves a good one's.
            let bad_votes = self.votes[i].intersect(known_good).len() as f32;
            let good_votes = self.votes[i]
                .iter()
                .filter(|&t| s[t as usize] >= 0.85)
                .count() as f32;
            let accuses_good = self.claims[i].accuses.intersect(known_good).len() as f32;
            // Accused by night victims (good players' suspicions).
            let mut accused_by_dead = 0.0;
            for d in self.night_dead.iter() {
                if self.claims[d as usize].accuses.contains(seat) {
                    accused_by_dead += 1.0;
                }
            }
            s[i] = (s[i] + 0.15 * bad_votes - 0.1 * good_votes
                + 0.12 * accuses_good
                + 0.08 * accused_by_dead
                + 0.02 * self.accused_today[i] as f32
                + 0.04 * self.silent[i] as f32)
                .clamp(0.02, 0.84);
        }
        if private {
            s[self.me as usize] = if self.is_wolf() { 1.0 } else { 0.0 };
        }
        s[0] = 0.0;
        s
    }

    /// The most suspicious seat in `among` (ties: more accused today, then lower seat).
    fn most_suspicious(&self, s: &[f32; 10], among: SeatSet) -> Option<(Seat, f32)> {
        among
            .iter()
            .map(|seat| (seat, s[seat as usize]))
            .max_by(|a, b| {
                a.1.total_cmp(&b.1)
                    .then(self.accused_today[a.0 as usize].cmp(&self.accused_today[b.0 as usize]))
                    .then(b.0.cmp(&a.0))
            })
    }

    /// Who a good seat wants voted out among `targets`.
    fn good_vote(&self, targets: SeatSet) -> Option<Seat> {
        let s = self.suspicion();
        let among = targets.without(self.me);
        self.most_suspicious(&s, among).map(|(seat, _)| seat)
    }

    /// The good seat the wolves push: the one the table already leans against, a real seer
    /// claimer first.
    fn wolf_vote(&self, targets: SeatSet) -> Option<Seat> {
        let among = targets.minus(self.pack);
        if among.is_empty() {
            return None;
        }
        let mut s = self.public_suspicion();
        for c in self.seer_claimers() {
            if !self.pack.contains(c) && among.contains(c) {
                s[c as usize] += 0.5;
            }
        }
        self.most_suspicious(&s, among).map(|(seat, _)| seat)
    }

    fn wolf_kill_target(&mut self, targets: SeatSet) -> Option<Seat> {
        let candidates = targets.minus(self.pack);
        let mut best: Option<(f32, Seat)> = None;
        for c in candidates.iter() {
            let cl = self.claims[c as usize];
            let mut score = self.noise();
            match cl.role {
                Some(Role::Seer) => score += 10.0,
                Some(Role::Witch) => score += 6.0,
                Some(Role::Hunter) => score -= 5.0,
                _ => {}
            }
            for claimer in self.seer_claimers() {
                if !self.pack.contains(claimer) && self.claims[claimer as usize].good.contains(c) {
                    score += 2.0;
                }
            }
            score += 1.5 * self.votes[c as usize].intersect(self.pack).len() as f32;
            score += 1.0 * cl.accuses.intersect(self.pack).len() as f32;
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, c));
            }
        }
        best.map(|(_, s)| s).or_else(|| targets.first())
    }

    fn living_others(&self) -> SeatSet {
        self.alive.without(self.me)
    }

    fn seer_check_target(&mut self, targets: SeatSet) -> Option<Seat> {
        let s = self.suspicion();
        let mut best: Option<(f32, Seat)> = None;
        for t in targets.iter() {
            if self.checks[t as usize].is_some() {
                continue;
            }
            let mut score = s[t as usize] + 0.3 * self.noise();
            if self.claims[t as usize].seer_order > 0 {
                score -= 0.5; // a counter-claimer is a wolf already; check someone else
            }
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, t));
            }
        }
        best.map(|(_, s)| s).or_else(|| targets.first())
    }

    fn witch(&mut self, ask: &Ask) -> Action {
        if ask.can_save {
            if let Some(a) = ask.attacked {
                let trusted = self.trusted_seer();
                if self.day == 1 || a == self.me || Some(a) == trusted {
                    return Action::Save;
                }
            }
        }
        if !ask.targets.is_empty() {
            let s = self.suspicion();
            let among = ask.targets.minus(self.wolf_targets);
            if let Some((seat, sus)) = self.most_suspicious(&s, among) {
                if sus >= tune::WITCH_SURE {
                    return Action::Poison { target: seat };
                }
            }
        }
        Action::Pass
    }

    fn hunter(&mut self, ask: &Ask) -> Action {
        let s = self.suspicion();
        match self.most_suspicious(&s, ask.targets) {
            Some((target, sus)) if sus >= tune::HUNTER_SURE => Action::Shoot { target },
            _ => Action::Decline,
        }
    }

    fn day_speech(&mut self, kind: SpeechKind) -> String {
        let mut plan = Plan {
            peaceful_night: self.last_night_peaceful && kind == SpeechKind::Day,
            ..Plan::default()
        };
        if self.is_wolf() {
            self.wolf_speech(kind, &mut plan);
        } else {
            self.good_speech(kind, &mut plan);
        }
        render(&plan, self.flavour)
    }

    fn good_speech(&mut self, kind: SpeechKind, plan: &mut Plan) {
        let others = self.living_others();
        if self.role == Role::Seer {
            let found_wolf = ALL_SEATS
                .into_iter()
                .any(|s| self.checks[s as usize] == Some(true) && self.alive.contains(s));
            let rival = self.seer_claimers().any(|c| c != self.me);
            if self.claimed_seer || found_wolf || rival || self.day >= 2 || kind != SpeechKind::Day
            {
                self.claimed_seer = true;
                plan.role = Some(Role::Seer);
                plan.reports = ALL_SEATS
                    .into_iter()
                    .filter_map(|s| self.checks[s as usize].map(|w| (s, w)))
                    .collect();
                plan.fakes = self.seer_claimers().filter(|&c| c != self.me).collect();
            }
        } else if kind != SpeechKind::Day && matches!(self.role, Role::Witch | Role::Hunter) {
            plan.role = Some(self.role);
        } else {
            plan.role = Some(Role::Villager);
        }
        if kind == SpeechKind::Pk {
            plan.pk_plea = true;
        }
        plan.vote = self.good_vote(others);
    }

    fn wolf_speech(&mut self, kind: SpeechKind, plan: &mut Plan) {
        let others = self.living_others();
        let first_wolf_to_speak = self
            .pack
            .intersect(self.alive)
            .iter()
            .all(|w| w == self.me || self.claims[w as usize].role.is_none());
        let real_seer = self.seer_claimers().find(|c| !self.pack.contains(*c));
        let framed_me = real_seer.is_some_and(|c| self.claims[c as usize].wolves.contains(self.me));
        let pack_claimed = self
            .seer_claimers()
            .any(|c| self.pack.contains(c) && c != self.me);
        if !self.claimed_seer && !pack_claimed && kind == SpeechKind::Day {
            let go = if framed_me {
                self.chance(tune::WOLF_COUNTER_CLAIM)
            } else {
                self.day == 1
                    && first_wolf_to_speak
                    && real_seer.is_none()
                    && self.chance(tune::WOLF_FAKE_CLAIM)
            };
            if go {
                self.claimed_seer = true;
            }
        }
        if self.claimed_seer {
            plan.role = Some(Role::Seer);
            // Frame a good seat each day: the real seer if she is out, else a random one.
            let framed: SeatSet = self
                .fake_reports
                .iter()
                .filter(|r| r.1)
                .map(|r| r.0)
                .collect();
            if self.fake_reports.len() < self.day as usize {
                let victim = real_seer.filter(|s| self.alive.contains(*s)).or_else(|| {
                    let pool = others.minus(self.pack).minus(framed);
                    let pool = if pool.is_empty() {
                        others.minus(self.pack)
                    } else {
                        pool
                    };
                    pool.nth(below(&mut self.rng, pool.len().max(1)))
                });
                if let Some(v) = victim {
                    self.fake_reports.push((v, true));
                }
            }
            plan.reports = self.fake_reports.clone();
            if let Some(r) = real_seer {
                plan.fakes = SeatSet::only(r);
            }
            plan.vote = self
                .fake_reports
                .iter()
                .rev()
                .map(|r| r.0)
                .find(|s| self.alive.contains(*s))
                .or_else(|| self.wolf_vote(others));
        } else {
            plan.role = Some(Role::Villager);
            if kind == SpeechKind::Pk {
                plan.pk_plea = true;
            }
            plan.vote = self.wolf_vote(others);
        }
    }
}

impl Player for Heuristic {
    fn observe(&mut self, event: &Event) {
        match event {
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
            Event::Dawn { dead, .. } => {
                self.alive = self.alive.minus(*dead);
                self.night_dead = self.night_dead.union(*dead);
                self.last_night_peaceful = dead.is_empty();
                self.accused_today = [0; 10];
            }
            Event::Speech {
                seat, claims, kind, ..
            } => {
                let i = *seat as usize;
                if *kind == SpeechKind::Day && claims.is_empty() {
                    self.silent[i] += 1;
                }
                let c = &mut self.claims[i];
                if claims.role.is_some() && c.role.is_none() {
                    c.role = claims.role;
                }
                if claims.role == Some(Role::Seer) && c.seer_order == 0 {
                    self.seer_claims += 1;
                    c.seer_order = self.seer_claims;
                }
                c.wolves = c.wolves.union(claims.wolves);
                c.good = c.good.union(claims.good);
                c.accuses = c.accuses.union(claims.accuses);
                for a in claims.accuses.iter() {
                    self.accused_today[a as usize] += 1;
                }
            }
            Event::VotesRevealed { ballots, .. } => {
                for (i, b) in ballots.iter().enumerate() {
                    if let Ballot::Vote(t) = b {
                        self.votes[i + 1].insert(*t);
                    }
                }
            }
            Event::Eliminated { seat: Some(s) } => self.alive.remove(*s),
            Event::HunterShot {
                hunter,
                target: Some(t),
            } => {
                self.alive.remove(*t);
                self.claims[*hunter as usize].role = Some(Role::Hunter);
            }
            _ => {}
        }
    }

    fn decide(&mut self, ask: &Ask) -> Action {
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
                text: self.day_speech(SpeechKind::Day),
            },
            AskKind::PkSpeech => Action::Speak {
                text: self.day_speech(SpeechKind::Pk),
            },
            AskKind::LastWords => Action::Speak {
                text: self.day_speech(SpeechKind::LastWords),
            },
            AskKind::Vote | AskKind::PkVote => {
                let target = if self.is_wolf() {
                    self.wolf_vote(ask.targets)
                } else {
                    self.good_vote(ask.targets)
                };
                match target {
                    Some(target) => Action::Vote { target },
                    None => Action::Abstain,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::werewolf::{claims, Claims};

    fn ask(seat: Seat, kind: AskKind, targets: SeatSet) -> Ask {
        Ask {
            seat,
            kind,
            targets,
            attacked: None,
            can_save: false,
            max_chars: 300,
            seq: 1,
        }
    }

    fn player(seat: Seat, role: Role) -> Heuristic {
        let mut p = Heuristic::new(seat as u64);
        p.observe(&Event::RoleDealt { seat, role });
        if role == Role::Werewolf {
            p.observe(&Event::WolfPack {
                wolves: [1, 2, 3].into_iter().collect(),
            });
        }
        p.observe(&Event::NightFell { night: 1 });
        p
    }

    fn speech(seat: Seat, text: &str) -> Event {
        Event::Speech {
            seat,
            kind: SpeechKind::Day,
            text: text.to_string(),
            claims: claims::read(text),
        }
    }

    fn dawn() -> Event {
        Event::Dawn {
            day: 1,
            dead: SeatSet::EMPTY,
        }
    }

    #[test]
    fn wolves_follow_the_first_pick() {
        let mut p = player(2, Role::Werewolf);
        p.observe(&Event::WolfPicked {
            wolf: 1,
            target: Some(6),
            round: 1,
        });
        assert_eq!(
            p.decide(&ask(2, AskKind::WolfPick, SeatSet::ALL)),
            Action::Kill { target: 6 }
        );
    }

    #[test]
    fn wolves_kill_a_claimed_seer_and_spare_the_hunter() {
        let mut p = player(1, Role::Werewolf);
        p.observe(&dawn());
        p.observe(&speech(7, "I am the seer. Checked 2: wolf."));
        p.observe(&speech(9, "I am the hunter."));
        p.observe(&Event::NightFell { night: 2 });
        assert_eq!(
            p.decide(&ask(1, AskKind::WolfPick, SeatSet::ALL)),
            Action::Kill { target: 7 }
        );
    }

    #[test]
    fn witch_saves_on_the_first_night() {
        let mut p = player(8, Role::Witch);
        p.observe(&Event::WitchTold { attacked: Some(4) });
        let mut a = ask(8, AskKind::Witch, SeatSet::ALL.without(8));
        a.attacked = Some(4);
        a.can_save = true;
        assert_eq!(p.decide(&a), Action::Save);
        // With no evidence she keeps her poison.
        a.can_save = false;
        assert_eq!(p.decide(&a), Action::Pass);
    }

    #[test]
    fn seer_who_found_a_wolf_claims_and_reports() {
        let mut p = player(7, Role::Seer);
        p.observe(&Event::SeerResult {
            target: 3,
            wolf: true,
        });
        p.observe(&dawn());
        let Action::Speak { text } = p.decide(&ask(7, AskKind::Speech, SeatSet::EMPTY)) else {
            panic!("a speech is expected");
        };
        let c = claims::read(&text);
        assert_eq!(c.role, Some(Role::Seer), "{text}");
        assert_eq!(c.wolves, SeatSet::only(3), "{text}");
        assert!(c.accuses.contains(3), "{text}");
    }

    #[test]
    fn villagers_follow_the_seer_and_see_through_a_framing() {
        let mut p = player(4, Role::Villager);
        p.observe(&dawn());
        p.observe(&speech(7, "I am the seer. Checked 3: wolf. Vote 3."));
        assert_eq!(
            p.decide(&ask(4, AskKind::Vote, SeatSet::ALL)),
            Action::Vote { target: 3 }
        );
        // A second seer claim that frames this villager is a fake: vote the faker.
        let mut q = player(4, Role::Villager);
        q.observe(&dawn());
        q.observe(&speech(2, "I am the seer. Checked 4: wolf. Vote 4."));
        q.observe(&speech(
            7,
            "I am the seer. Checked 5: good. 2 is a wolf, a fake seer.",
        ));
        assert_eq!(
            q.decide(&ask(4, AskKind::Vote, SeatSet::ALL)),
            Action::Vote { target: 2 }
        );
    }

    #[test]
    fn wolves_do_not_vote_their_pack() {
        let mut p = player(1, Role::Werewolf);
        p.observe(&dawn());
        p.observe(&speech(7, "I am the seer. Checked 2: wolf. Vote 2."));
        let Action::Vote { target } = p.decide(&ask(1, AskKind::Vote, SeatSet::ALL)) else {
            panic!("a vote is expected");
        };
        assert!(![1, 2, 3].contains(&target));
        assert_eq!(target, 7, "wolves push the claimed seer");
        assert_eq!(Claims::default(), claims::read(""));
    }
}
