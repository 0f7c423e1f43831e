//! GPP bookkeeping: every award is a logged [`Event::Scored`] (moderator only), so a
//! seat's total can always be explained line by line.

use super::*;

impl Werewolf {
    pub(super) fn score(&mut self, seat: Seat, points: i32, reason: ScoreReason) {
        if points == 0 {
            return;
        }
        self.gpp[seat as usize - 1] += points;
        self.emit(
            Audience::Moderator,
            Event::Scored {
                seat,
                points,
                reason,
            },
        );
    }

    /// Each night n >= 2 at whose end a seat is alive.
    pub(super) fn survival_points(&mut self) {
        if self.day < 2 {
            return;
        }
        for seat in self.alive.iter() {
            let points = if self.side(seat) == Side::Wolves {
                self.rules.gpp.survive_night_wolf
            } else {
                self.rules.gpp.survive_night
            };
            self.score(seat, points, ScoreReason::Survival);
        }
    }

    /// Every vote cast counts, PK revotes included.
    pub(super) fn score_vote(&mut self, voter: Seat, target: Seat) {
        let g = &self.rules.gpp;
        let role = self.role(voter);
        let points = match (role.is_wolf(), role == Role::Villager, self.side(target)) {
            (true, _, Side::Wolves) => g.wolf_votes_wolf,
            (true, _, Side::Good) => g.wolf_votes_good,
            (_, true, Side::Wolves) => g.vote_wolf_on(self.day, true),
            (_, true, Side::Good) => g.vote_good_villager,
            (_, _, Side::Wolves) => g.vote_wolf_on(self.day, false),
            (_, _, Side::Good) => g.vote_good,
        };
        self.score(voter, points, ScoreReason::Vote);
    }

    pub(super) fn score_shot(&mut self, hunter: Seat, target: Seat) {
        let points = if self.side(target) == Side::Wolves {
            self.rules.gpp.hunter_shoots_wolf
        } else {
            self.rules.gpp.hunter_shoots_good
        };
        self.score(hunter, points, ScoreReason::HunterShot);
    }
}
