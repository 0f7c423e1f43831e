//! A person away too long idles out (a server's setting for seats that missed their
//! actions): the seat dies with no last words and no shot. It happens at nightfall, before
//! the night's first step, the one moment a seat can leave without undoing anything (no
//! pick, check or potion is half made); the session waits for that moment.

use super::*;

impl Werewolf {
    /// The phase as one number that grows with each phase: night n is 2n-1, day n is 2n.
    pub fn phase_number(&self) -> u32 {
        match self.stage {
            Stage::Night(_) => (2 * self.day).saturating_sub(1),
            _ => 2 * self.day,
        }
    }

    /// Whether `seat` may idle out now: alive, in a game not over, at a night nothing has
    /// happened in yet.
    pub fn can_idle_out(&self, seat: Seat) -> bool {
        let Stage::Night(n) = &self.stage else {
            return false;
        };
        (1..=self.seats).contains(&seat)
            && self.alive.contains(seat)
            && self.winner.is_none()
            && n.untouched(
                self.living(Role::Seer).is_some(),
                self.living(Role::Guard).is_some(),
            )
    }

    /// `seat` idles out: told to everyone, dead (the board's reveal applies; a sheriff's
    /// badge is lost), then the night goes on without it. Does nothing unless
    /// [`can_idle_out`](Werewolf::can_idle_out).
    pub fn idle_out(&mut self, seat: Seat) {
        if !self.can_idle_out(seat) {
            return;
        }
        let role = self.role(seat);
        self.emit(Audience::Everyone, Event::IdledOut { seat });
        if self.kill(seat, DeathCause::IdledOut) {
            self.asks.clear();
            return;
        }
        self.reveal(seat);
        if self.sheriff == Some(seat) {
            self.lose_badge(seat);
        }
        self.night()
            .without(seat, role == Role::Seer, role == Role::Guard);
        self.refresh_asks();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Werewolf {
        use Role::*;
        let roles = [
            Werewolf, Werewolf, Werewolf, Villager, Villager, Villager, Seer, Witch, Hunter,
        ];
        super::Werewolf::with_deal(Arc::new(Rules::default()), Board::seed9(), &roles, 1)
    }

    #[test]
    fn a_wolf_idles_out_at_nightfall_and_the_others_pick() {
        let mut g = game();
        assert!(g.can_idle_out(1));
        let before = g.phase_number();
        g.idle_out(1);
        assert!(!g.is_alive(1));
        assert_eq!(g.phase_number(), before);
        assert!(g.asks().iter().all(|a| a.seat != 1));
        assert!(g
            .asks()
            .iter()
            .any(|a| a.seat == 2 && a.kind == AskKind::WolfPick));
        assert!(g
            .log()
            .iter()
            .any(|l| l.event == Event::IdledOut { seat: 1 } && l.audience == Audience::Everyone));
        // Once a wolf has picked, the night is under way: nobody idles out until the next.
        g.act(2, Action::Kill { target: 4 }).unwrap();
        assert!(!g.can_idle_out(3));
    }

    #[test]
    fn the_hunter_idles_out_without_a_shot_and_the_seer_step_is_skipped() {
        let mut g = game();
        g.idle_out(9);
        g.idle_out(7);
        assert!(!g.is_alive(9) && !g.is_alive(7));
        assert!(g.asks().iter().all(|a| a.seat != 7 && a.seat != 9));
        g.timeout_all();
        g.timeout_all();
        assert!(g.asks().iter().all(|a| a.kind != AskKind::HunterShot));
    }
}
