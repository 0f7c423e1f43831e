//! The heuristic player's reasoning: whom it trusts, how suspicious each seat is, and the
//! night and vote choices that follow. Ties between equally good choices go to the seat's
//! fresh random tie-break keys (`Heuristic::tiebreak`), never to the lower seat.

use super::mind::Mind;
use crate::games::werewolf::{Action, Ask, Role, Seat, SeatSet};

/// Tuning knobs, in one place so balance can be measured and moved.
pub(super) mod tune {
    /// Chance that the first wolf to speak on day 1, before any seer claim, claims seer and
    /// frames a good seat. Claims are weighed on evidence, not on who spoke last; with the
    /// knobs below (and the wolves leaving a contested seer to the vote) the offline
    /// ladder is even (51.0% good over 20,000 games) and no seat is voted out on day 1
    /// more than 0.7 points above the mean.
    pub const WOLF_FAKE_CLAIM: u32 = 25;
    /// Chance that a wolf reported by the real seer counter-claims seer.
    pub const WOLF_FRAMED_COUNTER_CLAIM: u32 = 50;
    /// Chance that a wolf counter-claims a good seat's seer claim that did not name it.
    pub const WOLF_COUNTER_CLAIM: u32 = 32;
    /// Credit a seer claim loses for each claim made before it (a prior, not a verdict:
    /// wolves claim in answer more often than first, so a first claim is more often
    /// real, but within `UNSURE_BAND` each seat still leans its own way).
    pub const EARLIER_CLAIM: i32 = 20;
    /// Credit lost by a claimer who had a turn to answer a rival's accusation and did not.
    pub const UNANSWERED: i32 = 40;
    /// Two claims closer in credit than this are a judgement call: each seat leans its
    /// own way (see `Heuristic::trusted_seer_as`).
    pub const UNSURE_BAND: i32 = 30;
    /// Chance that a counter-claiming wolf reports the real seer as the wolf he "checked"
    /// (else another good seat and only doubts her).
    pub const WOLF_FRAMES_THE_SEER: u32 = 25;
    /// The hunter shoots only when the most suspicious seat is at least this suspicious.
    pub const HUNTER_SURE: f32 = 0.6;
    /// The witch poisons only at this suspicion or above.
    pub const WITCH_SURE: f32 = 0.85;
}

/// The seer claim a seat believes, and whether that is only a lean.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct SeerView {
    pub trusted: Option<Seat>,
    pub unsure: bool,
}

/// Suspicion of a seat nothing is known about.
pub(super) const BASE: f32 = 0.3;

impl<const SLOTS: usize> Mind<SLOTS> {
    /// The seer claim this (good) seat believes, if any.
    pub(super) fn trusted_seer(&self) -> Option<Seat> {
        self.trusted_seer_as(true)
    }

    /// `private: false` reasons as a good seat with no private knowledge would.
    ///
    /// Rival claims are weighed by [`Self::seer_credit`]; when the two most credible are
    /// too close to call, the seat's own lean picks one (the closer, the nearer to a coin),
    /// so an unsure table splits instead of following whoever spoke last.
    pub(super) fn trusted_seer_as(&self, private: bool) -> Option<Seat> {
        self.seer_view(private).trusted
    }

    /// Whether this seat cannot tell the two most credible seer claims apart (it leans,
    /// but would not vote a claimer out on it).
    pub(super) fn unsure_of_seers(&self, private: bool) -> bool {
        self.seer_view(private).unsure
    }

    /// The seer claim believed and whether it is a lean, remembered until the next event
    /// (as `suspicion_as` is: it depends only on what `observe` records).
    fn seer_view(&self, private: bool) -> SeerView {
        if private && self.role == Role::Seer {
            return SeerView {
                trusted: Some(self.me),
                unsure: false,
            };
        }
        if self.seer_claimed.is_empty() {
            return SeerView::default();
        }
        let memo = &self.seer_memo[private as usize];
        let stamp = self.seen + 1;
        let (at, view) = memo.get();
        if at == stamp {
            return view;
        }
        let view = self.weigh_seers(private);
        memo.set((stamp, view));
        view
    }

    fn weigh_seers(&self, private: bool) -> SeerView {
        let [best, second] = self.two_most_credible(private);
        let Some((top, first)) = best else {
            return SeerView::default();
        };
        let Some((next, other)) = second else {
            return SeerView {
                trusted: Some(first),
                unsure: false,
            };
        };
        let gap = top - next;
        if gap >= tune::UNSURE_BAND {
            return SeerView {
                trusted: Some(first),
                unsure: false,
            };
        }
        // Unsure: lean to the more credible with chance 1/2 + gap / (2 × band), drawn
        // from this seat's lean and the pair (the same all game for the same two).
        let pair = u64::from(first.min(other)) * 16 + u64::from(first.max(other));
        let draw = (self.lean ^ pair.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .wrapping_mul(0xff51_afd7_ed55_8ccd)
            >> 33;
        let band = tune::UNSURE_BAND as u64;
        let keep = draw % (2 * band) < band + gap as u64;
        SeerView {
            trusted: Some(if keep { first } else { other }),
            unsure: true,
        }
    }

    /// The two seer claims this seat finds most credible, with their credit.
    fn two_most_credible(&self, private: bool) -> [Option<(i32, Seat)>; 2] {
        let mut best: Option<(i32, Seat)> = None;
        let mut second: Option<(i32, Seat)> = None;
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
            let credit = self.seer_credit(c, private);
            if best.is_none_or(|(b, _)| credit > b) {
                second = best;
                best = Some((credit, c));
            } else if second.is_none_or(|(b, _)| credit > b) {
                second = Some((credit, c));
            }
        }
        [best, second]
    }

    /// How much a seer claim is believed, from the evidence the table has seen (higher:
    /// more likely the real seer). Hard evidence outweighs everything: the wolves killed
    /// her at night, or the witch saw them attack her; she reported as a wolf a seat the
    /// wolves killed, or called one seat both good and a wolf. Softer evidence moves a few
    /// points each: an earlier claim (wolves claim more often in answer than first), a
    /// rival's accusation left unanswered though the claimer had a turn to answer it.
    /// Speaking later decides nothing by itself: an accusation the accused had no turn
    /// left to answer counts for nothing.
    pub(super) fn seer_credit(&self, c: Seat, private: bool) -> i32 {
        let cl = &self.claims[c as usize];
        let mut credit = -(cl.seer_order as i32) * tune::EARLIER_CLAIM;
        if self.wolf_kills.contains(c) {
            credit += 1000; // the wolves killed her: she was real
        }
        if private && self.wolf_targets.contains(c) {
            credit += 1000; // the witch saw the wolves attack her
        }
        if !cl.wolves.intersect(self.wolf_kills).is_empty() {
            credit -= 300;
        }
        if !cl.wolves.intersect(cl.good).is_empty() {
            credit -= 300;
        }
        for r in self.seer_claimed.without(c).iter() {
            let theirs = &self.claims[r as usize];
            let accused = theirs.wolves.contains(c);
            let had_a_turn = cl.spoke_at > theirs.seer_at;
            if accused && had_a_turn && !cl.wolves.contains(r) && !cl.accuses.contains(r) {
                credit -= tune::UNANSWERED;
            }
        }
        credit
    }

    /// How likely each seat is a wolf, from this seat's point of view.
    pub(super) fn suspicion(&self) -> [f32; SLOTS] {
        self.suspicion_as(true)
    }

    /// Suspicion as a good seat with no private knowledge would see it.
    pub(super) fn public_suspicion(&self) -> [f32; SLOTS] {
        self.suspicion_as(false)
    }

    /// Suspicion from this seat's point of view (`private`) or a knowledge-free good
    /// seat's; remembered until the next event (see `Heuristic::suspicion_memo`).
    pub(super) fn suspicion_as(&self, private: bool) -> [f32; SLOTS] {
        let memo = &self.suspicion_memo[private as usize];
        let stamp = self.seen + 1;
        let (at, s) = memo.get();
        if at == stamp {
            return s;
        }
        let s = self.weigh_suspicion(private);
        memo.set((stamp, s));
        s
    }

    fn weigh_suspicion(&self, private: bool) -> [f32; SLOTS] {
        let mut s = [BASE; SLOTS];
        let trusted = self.trusted_seer_as(private);
        let mut known_good = if private {
            SeatSet::only(self.me)
        } else {
            SeatSet::EMPTY
        };
        let i_am_seer = private && self.role == Role::Seer;
        // A rival claim this seat cannot rule out is suspect, not voted out on a lean.
        let unsure = self.unsure_of_seers(private);
        let doubt = if unsure { 0.6 } else { 0.85 };
        for c in self.seer_claimers() {
            if Some(c) != trusted && !(private && c == self.me) {
                s[c as usize] = if i_am_seer { 1.0 } else { doubt };
            }
        }
        if let Some(t) = trusted {
            known_good.insert(t);
            let cl = &self.claims[t as usize];
            for w in cl.wolves.iter() {
                // Unsure of the two claims, a seat does not vote the other claimer out
                // on the word of the one it leans to.
                let sure = if unsure && self.seer_claimed.contains(w) {
                    doubt
                } else {
                    0.95
                };
                s[w as usize] = s[w as usize].max(sure);
            }
            for g in cl.good.iter() {
                s[g as usize] = s[g as usize].min(0.1);
                known_good.insert(g);
            }
        }
        if !self.role_claimed.is_empty() {
            self.weigh_role_claims(&mut s, &mut known_good);
        }
        for seat in self.seat_range().filter(|_| private) {
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
        // The seats a good player would vote for as wolves: at 0.85 or above. The loop below
        // keeps those seats there, except a known-good one under 0.9, which drops to 0.1
        // when its turn comes (and leaves the set then, as it would be read seat by seat).
        let mut high = SeatSet::EMPTY;
        for seat in self.seat_range() {
            if s[seat as usize] >= 0.85 {
                high.insert(seat);
            }
        }
        // How many seats the wolves killed had named each seat (good players' suspicions).
        let mut by_dead = [0u8; SLOTS];
        for d in self.wolf_kills.iter() {
            for a in self.claims[d as usize].accuses.iter() {
                if let Some(n) = by_dead.get_mut(a as usize) {
                    *n += 1;
                }
            }
        }
        for seat in self.seat_range() {
            let i = seat as usize;
            if known_good.contains(seat) && s[i] < 0.9 {
                s[i] = s[i].min(0.1);
                high.remove(seat);
                continue;
            }
            if s[i] >= 0.85 {
                continue;
            }
            // Voting against trusted-good seats is a wolf's habit; voting reported wolves a good one's.
            // In hundredths: +15 a vote against a known-good seat, −10 a vote for a
            // likely wolf, +12 a known-good seat accused, +8 each night victim who named
            // it, +2 each accusation today, +4 each silent day, +1 quiet on day 1, and
            // what a person's words add (`Heuristic::person_adj`: a broken promise, a denial).
            let bad_votes = self.votes[i].intersect(known_good).len() as i32;
            let good_votes = self.votes[i].intersect(high).len() as i32;
            let accuses_good = self.claims[i].accuses.intersect(known_good).len() as i32;
            let hundredths = 15 * bad_votes - 10 * good_votes
                + 12 * accuses_good
                + 8 * i32::from(by_dead[i])
                + 2 * i32::from(self.accused_today[i])
                + 4 * i32::from(self.silent[i])
                + i32::from(self.quiet_first_day[i])
                + i32::from(self.person_adj[i]);
            s[i] = (s[i] + 0.01 * hundredths as f32).clamp(0.02, 0.84);
        }
        if private {
            s[self.me as usize] = if self.is_wolf() { 1.0 } else { 0.0 };
        }
        s[0] = 0.0;
        s
    }

    /// Role claims other than the seer's: a confession is taken at its word; a hunter or a
    /// witch nobody else claims is believed (a false claim is for the real one to answer),
    /// and two claims of the same role leave both in doubt. A believed witch's saved seat
    /// was the wolves' target, so good. A trusted seer's wolf report outweighs the claim.
    fn weigh_role_claims(&self, s: &mut [f32; SLOTS], known_good: &mut SeatSet) {
        for seat in self.role_claimed.iter() {
            let i = seat as usize;
            let cl = &self.claims[i];
            match cl.role {
                Some(Role::Werewolf) => s[i] = s[i].max(0.95),
                Some(role) => {
                    let contested = self
                        .role_claimed
                        .iter()
                        .any(|o| o != seat && self.claims[o as usize].role == Some(role));
                    if contested {
                        s[i] = s[i].max(0.6);
                    } else if s[i] < 0.85 {
                        s[i] = s[i].min(0.15);
                        if let Some(t) = cl.saved.filter(|&t| t != seat) {
                            known_good.insert(t);
                        }
                    }
                }
                None => {}
            }
        }
    }

    /// The most suspicious seat in `among` (ties: more accused today, then this answer's
    /// random tie-break key).
    pub(super) fn most_suspicious(&self, s: &[f32; SLOTS], among: SeatSet) -> Option<(Seat, f32)> {
        among
            .iter()
            .map(|seat| (seat, s[seat as usize]))
            .max_by(|a, b| {
                a.1.total_cmp(&b.1)
                    .then(self.accused_today[a.0 as usize].cmp(&self.accused_today[b.0 as usize]))
                    .then(self.tiebreak[a.0 as usize].cmp(&self.tiebreak[b.0 as usize]))
            })
    }

    /// Who a good seat wants voted out among `targets`.
    pub(super) fn good_vote(&self, targets: SeatSet) -> Option<Seat> {
        let s = self.suspicion();
        let among = targets.without(self.me);
        self.most_suspicious(&s, among).map(|(seat, _)| seat)
    }

    /// The good seat the wolves push: the one the table already leans against, a real seer
    /// claimer first.
    pub(super) fn wolf_vote(&self, targets: SeatSet) -> Option<Seat> {
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

    pub(super) fn wolf_kill_target(&mut self, targets: SeatSet) -> Option<Seat> {
        let candidates = targets.minus(self.pack);
        // While a packmate's seer claim stands against hers, killing the real seer would
        // prove her real (the wolves kill seers): she is left to the vote.
        let contested = self
            .seer_claimers()
            .any(|c| self.pack.contains(c) && self.alive.contains(c));
        let seer_kill = if contested { -3.0 } else { 10.0 };
        let mut best: Option<(f32, Seat)> = None;
        for c in candidates.iter() {
            let cl = self.claims[c as usize];
            let mut score = self.noise();
            match cl.role {
                Some(Role::Seer) => score += seer_kill,
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
            if self.table.sheriff_board {
                score += self.kill_bonus(c);
            }
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, c));
            }
        }
        match best {
            Some((_, s)) => Some(s),
            None => self.any_of(targets),
        }
    }

    pub(super) fn seer_check_target(&mut self, targets: SeatSet) -> Option<Seat> {
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
        match best {
            Some((_, s)) => Some(s),
            None => self.any_of(targets),
        }
    }

    pub(super) fn witch(&mut self, ask: &Ask) -> Action {
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

    pub(super) fn hunter(&mut self, ask: &Ask) -> Action {
        let s = self.suspicion();
        match self.most_suspicious(&s, ask.targets) {
            Some((target, sus)) if sus >= tune::HUNTER_SURE => Action::Shoot { target },
            _ => Action::Decline,
        }
    }
}
