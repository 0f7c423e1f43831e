//! The wolves' play on the sheriff boards, as wolves play the Chinese 12-seat boards:
//!
//! - one wolf, drawn by the first night's kill that every wolf saw (so the pack agrees
//!   without a word), runs for sheriff and jumps as a fake seer (悍跳) with a "check":
//!   a good seat named as a wolf (查杀), or now and then a fellow wolf named as good (金水);
//!   the other wolves stay out of the race and vote him in as a pack;
//! - by day the jumper keeps his story and the pack votes as one; a wolf sheriff calls the
//!   vote on the real seer, else the good seat the table leans against (归票);
//! - a king drawn to jump keeps his card and stays out of the race;
//! - self-explosion when it pays: the white wolf king swallows the badge (吞警徽) and takes
//!   the real seer when she claims in a campaign the pack did not jump; a wolf the trusted
//!   seer has named explodes to end the day before it goes further (the white wolf king
//!   taking the most dangerous god with him);
//! - the night kill aims at the gods (屠边: the wolves win when every god or every villager
//!   is dead), and spares a seat the jumper named a wolf (its death would prove him fake).
//!
//! Nothing here runs on a board without a sheriff: `Table::sheriff_board` is set by the
//! campaign's first event.

use super::mind::Mind;
use crate::games::werewolf::{Action, Role, Seat, SeatSet};

/// Tuning knobs of the sheriff boards' wolves.
pub(super) mod tune {
    /// Chance (drawn from the first night's kill, so the whole pack draws alike) that a
    /// wolf jumps as seer in the campaign; otherwise no wolf runs.
    pub const JUMP: usize = 100;
    /// Chance that the jumper's campaign check is a fellow wolf named good (金水) rather
    /// than a good seat named a wolf (查杀).
    pub const GOLD_TO_PACK: u32 = 30;
    /// Chance, at each campaign speech after the real seer's claim in a campaign the pack
    /// did not jump, that the white wolf king explodes and takes her (the badge is lost).
    pub const SWALLOW: u32 = 40;
}

/// What a seat saw of the campaign and the badge.
#[derive(Debug, Clone, Copy, Default)]
pub struct Table {
    /// The board has a sheriff (known from the campaign's first event on).
    pub sheriff_board: bool,
    /// The campaign speeches are on.
    pub campaign: bool,
    /// The candidates still in the race.
    pub runners: SeatSet,
    /// The wolves who exploded.
    pub exploded: SeatSet,
}

impl Table {
    pub(super) fn runners_known(&mut self, running: SeatSet) {
        self.sheriff_board = true;
        self.campaign = true;
        self.runners = running;
    }
}

impl<const SLOTS: usize> Mind<SLOTS> {
    /// The first night's kill as a number every wolf knows alike.
    fn pack_key(&self) -> usize {
        let pick = self.leader_pick.unwrap_or(0) as usize;
        pick.wrapping_mul(0x9e37_79b9) >> 7
    }

    /// The wolf who jumps as seer in the campaign, if the pack jumps.
    pub(super) fn campaign_jumper(&self) -> Option<Seat> {
        let pack = self.pack;
        if pack.is_empty() || (self.pack_key() % 100) >= tune::JUMP {
            return None;
        }
        pack.nth(self.leader_pick.unwrap_or(0) as usize % pack.len())
    }

    /// A wolf's first campaign speech: he claims seer with one night's check, a good seat
    /// named a wolf or now and then a fellow wolf named good.
    pub(super) fn jump_in_campaign(&mut self) {
        self.claimed_seer = true;
        if !self.fake_reports.is_empty() {
            return;
        }
        let mates = self.pack.without(self.me);
        let gold = !mates.is_empty() && self.chance(tune::GOLD_TO_PACK);
        let report = if gold {
            self.any_of(mates).map(|m| (m, false))
        } else {
            let pool = self
                .living_others()
                .minus(self.pack)
                .minus(self.seer_claimed);
            self.any_of(pool).map(|v| (v, true))
        };
        if let Some(r) = report {
            self.fake_reports.push(r);
        }
    }

    /// A packmate's claim of seer that still stands (he is alive).
    pub(super) fn pack_claimer(&self) -> Option<Seat> {
        self.seer_claimed
            .intersect(self.pack)
            .intersect(self.alive)
            .first()
    }

    /// The real seer as the table sees her: the living seer claimer outside the pack the
    /// table believes most.
    fn real_seer(&self) -> Option<Seat> {
        let theirs = self.seer_claimed.minus(self.pack).intersect(self.alive);
        theirs.iter().max_by_key(|c| self.seer_credit(*c, false))
    }

    /// The most dangerous god to take: the real seer, a claimed witch, the good sheriff,
    /// a claimed hunter last (he would shoot back were he voted later, so he is worth it).
    fn most_dangerous(&self, among: SeatSet) -> Option<Seat> {
        let among = among.minus(self.pack);
        if let Some(s) = self.real_seer().filter(|s| among.contains(*s)) {
            return Some(s);
        }
        let claimed = |role: Role| {
            among
                .iter()
                .find(|s| self.claims[*s as usize].role == Some(role))
        };
        claimed(Role::Witch)
            .or_else(|| self.sheriff.filter(|s| among.contains(*s)))
            .or_else(|| claimed(Role::Hunter))
    }

    /// The wolf king's shot: the most dangerous god, else the seat the table trusts most.
    pub(super) fn king_shot(&self, targets: SeatSet) -> Option<Seat> {
        self.most_dangerous(targets)
    }

    /// An unasked self-explosion, asked before each speech of a board that allows one.
    pub(super) fn explosion(&mut self) -> Option<Action> {
        if !self.is_wolf() || !self.alive.contains(self.me) {
            return None;
        }
        if !self.table.sheriff_board {
            return self.white_wolf_named();
        }
        // The last wolf standing never explodes: that would lose the game.
        if self.pack.intersect(self.alive).len() < 2 {
            return None;
        }
        let king = self.role == Role::WhiteWolfKing;
        if self.table.campaign {
            return self.swallow_badge(king);
        }
        // A wolf the table's trusted seer has named ends the day before it votes him out:
        // the white wolf king takes the most dangerous god with him.
        let named = self.named_by_the_table();
        if king && (named || self.white_wolf_named().is_some()) {
            let target = self.most_dangerous(self.living_others())?;
            return Some(Action::Explode {
                target: Some(target),
            });
        }
        (named && self.spoke_today.is_empty()).then_some(Action::Explode { target: None })
    }

    /// The campaign: the real seer has claimed and no wolf is in the race to contest her:
    /// the white wolf king explodes and takes her, and the badge is gone for the game.
    fn swallow_badge(&mut self, king: bool) -> Option<Action> {
        if !king {
            return None;
        }
        let seer = self
            .seer_claimed
            .minus(self.pack)
            .intersect(self.table.runners)
            .first()?;
        if self.table.runners.meets(self.pack) || !self.chance(tune::SWALLOW) {
            return None;
        }
        Some(Action::Explode { target: Some(seer) })
    }

    /// Whether the seer claim the table believes (and is sure of) names this wolf.
    fn named_by_the_table(&self) -> bool {
        let s = self.public_suspicion();
        s[self.me as usize] >= 0.95 && !self.unsure_of_seers(false)
    }

    /// A white wolf king named a wolf by a living seer claimer explodes and takes her.
    fn white_wolf_named(&self) -> Option<Action> {
        if self.role != Role::WhiteWolfKing {
            return None;
        }
        let me = self.me;
        let seer = self.seer_claimers().find(|c| {
            *c != me && self.alive.contains(*c) && self.claims[*c as usize].wolves.contains(me)
        })?;
        Some(Action::Explode { target: Some(seer) })
    }

    /// What the sheriff boards add to a seat's worth as the night's kill: the good sheriff
    /// (his badge), a seat the jumper named a wolf (its death would prove him fake).
    pub(super) fn kill_bonus(&self, seat: Seat) -> f32 {
        let mut bonus = 0.0;
        if self.sheriff == Some(seat) {
            bonus += 4.0;
        }
        if let Some(j) = self.pack_claimer() {
            if self.claims[j as usize].wolves.contains(seat) {
                bonus -= 8.0;
            }
        }
        bonus
    }
}
