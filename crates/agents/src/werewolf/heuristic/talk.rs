//! What the heuristic player says: it plans a speech (role claim, reports, reactions to
//! the night and the vote, a defence, whom to vote and why) from its memory, and the
//! `speech` module puts the plan into words.
//!
//! Day-1 fairness: with nothing known and nobody named yet today, a good seat names someone
//! only with chance 1 in (seats still to speak, itself included). The first good seat to
//! name someone is then equally likely to be any speaker, so speaking first (seat 1 on
//! day 1) neither makes a seat the table's target nor shields it. Wolves push a random good
//! seat at once, which is fair as it is (roles do not depend on seats).

use super::mind::Mind;
use super::reason::{tune, BASE};
use super::speech::{render_with_claims, Reason, SpeechPlan};
use crate::games::werewolf::{below, Role, Seat, SeatSet, SpeechKind};

impl<const SLOTS: usize> Mind<SLOTS> {
    pub(super) fn day_speech(&mut self, kind: SpeechKind, max_chars: usize) -> String {
        let day = kind == SpeechKind::Day;
        let mut plan = SpeechPlan {
            kind,
            peaceful_night: self.last_night_peaceful && day,
            deaths: if day { self.dawn_dead } else { SeatSet::EMPTY },
            voted_out: self.voted_out.filter(|_| day && self.day >= 2),
            accused_by: self.accused_me,
            first_day: self.day <= 1,
            // "Two seers today" only while both are alive to be weighed.
            doubt_seers: day
                && !self.is_wolf()
                && self.seer_claimed.intersect(self.alive).len() >= 2
                && self.unsure_of_seers(true),
            heard_claim: if day { self.claim_to_answer() } else { None },
            ..SpeechPlan::default()
        };
        if self.is_wolf() {
            self.wolf_speech(kind, &mut plan);
        } else {
            self.good_speech(kind, &mut plan);
        }
        if day && plan.reports.is_empty() && self.holds_back() {
            plan.vote = None;
        }
        plan.reason = plan.vote.and_then(|v| self.reason_for(v, &plan));
        let (text, claims) = render_with_claims(&plan, &self.book, &mut self.voice, max_chars);
        self.meant = self.book.is_exact().then_some(claims);
        text
    }

    /// A plain "I am a villager" only when it answers something: half the time as a
    /// defence when the seat has been accused today, in a PK plea, and now and then in
    /// last words. A villager rarely needs to say it; said every speech, it was half of
    /// everything the table heard.
    fn villager_claim(&mut self, kind: SpeechKind) -> Option<Role> {
        let say = match kind {
            SpeechKind::Day => !self.accused_me.is_empty() && self.chance(50),
            SpeechKind::Pk => true,
            SpeechKind::LastWords => self.chance(40),
            SpeechKind::Campaign => false,
        };
        say.then_some(Role::Villager)
    }

    /// With no evidence and nobody named yet today, a seat stays quiet about whom to vote
    /// unless a 1-in-(speakers left) draw says it names someone now (see the module doc).
    fn holds_back(&mut self) -> bool {
        // Wolves push at once: their target is a good seat drawn at random, and which seats
        // are good does not depend on the speaking order, so their push is fair as it is.
        if self.is_wolf() || self.accused_today.iter().any(|&n| n > 0) {
            return false;
        }
        let s = self.suspicion();
        let others = self.living_others();
        let flat = others.iter().all(|o| (s[o as usize] - BASE).abs() < 1e-4);
        if !flat {
            return false;
        }
        let left = self.alive.minus(self.spoke_today).len();
        !self.one_in(left)
    }

    /// A hunter's or witch's claim by another living seat, made since this seat last
    /// spoke, that it answers: the two speakers after a claim take it up, not the whole
    /// table in turn.
    fn claim_to_answer(&self) -> Option<(Seat, Role)> {
        let since = self.claims[self.me as usize].spoke_at;
        self.role_claimed
            .iter()
            .filter(|&c| c != self.me && self.alive.contains(c))
            .map(|c| (c, &self.claims[c as usize]))
            .find(|(_, cl)| {
                cl.role_at > since
                    && self.speeches - cl.role_at < 2
                    && matches!(cl.role, Some(Role::Hunter | Role::Witch))
            })
            .and_then(|(c, cl)| cl.role.map(|r| (c, r)))
    }

    /// Why this seat wants `target` out, as far as a speech should say.
    fn reason_for(&self, target: Seat, plan: &SpeechPlan) -> Option<Reason> {
        if plan.fakes.contains(target) {
            return None; // the denunciation already says why
        }
        let i = target as usize;
        if self.claims[i].role == Some(Role::Werewolf) {
            return Some(Reason::Confessed);
        }
        // The speaker's own report is said in the speech already.
        if plan.reports.iter().any(|r| r.0 == target && r.1)
            || (!self.is_wolf() && self.checks[i] == Some(true))
        {
            return None;
        }
        if let Some(seer) = self
            .trusted_seer_as(!self.is_wolf())
            .filter(|&t| t != self.me && self.claims[t as usize].wolves.contains(target))
        {
            if !self.is_wolf() && self.unsure_of_seers(true) {
                return Some(Reason::Lean { by: seer });
            }
            return Some(Reason::Report { by: seer });
        }
        // Unsure between two seer claims, the one it trusts less is why it votes this seat.
        if !self.is_wolf() && self.seer_claimed.contains(target) && self.unsure_of_seers(true) {
            return Some(Reason::Doubted);
        }
        // A promise broken is the person's own word against them: said before the votes.
        if let Some(promised) = self.broke[i].filter(|&p| p != self.me) {
            return Some(Reason::BrokeWord { target: promised });
        }
        let s = if self.is_wolf() {
            self.public_suspicion()
        } else {
            self.suspicion()
        };
        let good_victim = self.votes[i]
            .iter()
            .find(|&g| g != target && g != self.me && s[g as usize] <= 0.1);
        if let Some(g) = good_victim {
            return Some(Reason::VotedGood { target: g });
        }
        if self
            .wolf_kills
            .iter()
            .any(|d| self.claims[d as usize].accuses.contains(target))
        {
            return Some(Reason::NamedByDead);
        }
        if self.silent[i] > 0 {
            return Some(Reason::Quiet);
        }
        let accusers = self.accusers_today[i].without(self.me);
        if self.denied_today.contains(target) {
            if let Some(by) = accusers.first() {
                return Some(Reason::Denied { by });
            }
        }
        match accusers.len() {
            0 => {}
            1 => {
                return accusers.first().map(|by| Reason::NamedBy { by });
            }
            _ => return Some(Reason::Table),
        }
        Some(Reason::Gut)
    }

    pub(super) fn good_speech(&mut self, kind: SpeechKind, plan: &mut SpeechPlan) {
        let others = self.living_others();
        if self.role == Role::Seer {
            let found_wolf = self
                .seat_range()
                .any(|s| self.checks[s as usize] == Some(true) && self.alive.contains(s));
            let rival = self.seer_claimers().any(|c| c != self.me);
            if self.claimed_seer || found_wolf || rival || self.day >= 2 || kind != SpeechKind::Day
            {
                self.claimed_seer = true;
                plan.role = Some(Role::Seer);
                plan.reports = self
                    .seat_range()
                    .filter_map(|s| self.checks[s as usize].map(|w| (s, w)))
                    .collect();
                // A rival who has died is not denounced: there is no one left to vote.
                plan.fakes = self
                    .seer_claimers()
                    .filter(|&c| c != self.me && self.alive.contains(c))
                    .collect();
            }
        } else if kind != SpeechKind::Day && matches!(self.role, Role::Witch | Role::Hunter) {
            plan.role = Some(self.role);
        } else {
            plan.role = self.villager_claim(kind);
        }
        if kind == SpeechKind::Pk {
            plan.pk_plea = true;
        }
        plan.vote = self.good_vote(others);
    }

    pub(super) fn wolf_speech(&mut self, kind: SpeechKind, plan: &mut SpeechPlan) {
        let others = self.living_others();
        let first_wolf_to_speak = self
            .pack
            .intersect(self.alive)
            .iter()
            .all(|w| w == self.me || !self.spoke_today.contains(w));
        let real_seer = self.seer_claimers().find(|c| !self.pack.contains(*c));
        let framed_me = real_seer.is_some_and(|c| self.claims[c as usize].wolves.contains(self.me));
        let pack_claimed = self
            .seer_claimers()
            .any(|c| self.pack.contains(c) && c != self.me);
        if kind == SpeechKind::Campaign {
            self.jump_in_campaign();
        }
        if !self.claimed_seer && !pack_claimed && kind == SpeechKind::Day {
            // Claims are weighed on evidence (`Heuristic::seer_credit`): a counter-claim
            // is a gamble that pays when the table cannot tell the two apart.
            let go = if framed_me {
                self.chance(tune::WOLF_FRAMED_COUNTER_CLAIM)
            } else if real_seer.is_some() {
                self.chance(tune::WOLF_COUNTER_CLAIM)
            } else {
                self.day == 1 && first_wolf_to_speak && self.chance(tune::WOLF_FAKE_CLAIM)
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
                // Reporting the real seer as a checked wolf is bold and easily read
                // (`tune::CHECKED_THE_RIVAL`); more often the bluff frames another seat
                // and only doubts her.
                let bold = self.chance(tune::WOLF_FRAMES_THE_SEER);
                let seer = real_seer.filter(|s| self.alive.contains(*s) && bold);
                let victim = seer.or_else(|| {
                    let pool = others.minus(self.pack).minus(framed);
                    let pool = match real_seer {
                        Some(r) if pool.len() > 1 => pool.without(r),
                        _ => pool,
                    };
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
            if let Some(r) = real_seer.filter(|r| self.alive.contains(*r)) {
                plan.fakes = SeatSet::only(r);
            }
            // On a sheriff board the pack votes as one (`campaign`): he asks for its vote.
            let framed = self.fake_reports.iter().rev().filter(|r| r.1);
            plan.vote = framed
                .map(|r| r.0)
                .find(|s| self.alive.contains(*s) && !self.table.sheriff_board)
                .or_else(|| self.wolf_vote(others));
        } else {
            plan.role = self.villager_claim(kind);
            if kind == SpeechKind::Pk {
                plan.pk_plea = true;
            }
            plan.vote = self.wolf_vote(others);
        }
    }
}
