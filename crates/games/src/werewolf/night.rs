//! The night: wolves pick one after another, the witch learns the attack and may use her
//! potions, the seer checks (alongside both), then the deaths resolve in order (attack,
//! poison) and a dying hunter may shoot.

use super::*;

#[derive(Debug, Clone)]
pub(super) struct Night {
    /// 1, or 2 after a tie.
    round: u8,
    /// Wolves still to pick this round (ascending seat order).
    to_pick: SeatSet,
    /// Picks per target this round.
    tally: [u8; SEATS + 1],
    wolves_done: bool,
    attacked: Option<Seat>,
    witch_told: bool,
    witch_done: bool,
    saved: bool,
    poisoned: Option<Seat>,
    seer_done: bool,
    /// The dying hunter is deciding whether to shoot.
    hunter_asking: bool,
    /// Seats that died tonight.
    dead: SeatSet,
}

impl Night {
    fn fresh_round(&mut self, wolves: SeatSet) {
        self.to_pick = wolves;
        self.tally = [0; SEATS + 1];
    }
}

impl Werewolf {
    pub(super) fn begin_night(&mut self, n: u32) {
        self.day = n;
        self.emit(Audience::Everyone, Event::NightFell { night: n });
        let seer_alive = self.alive.contains(self.seat_of(Role::Seer));
        let mut night = Night {
            round: 1,
            to_pick: SeatSet::EMPTY,
            tally: [0; SEATS + 1],
            wolves_done: false,
            attacked: None,
            witch_told: false,
            witch_done: false,
            saved: false,
            poisoned: None,
            seer_done: !seer_alive,
            hunter_asking: false,
            dead: SeatSet::EMPTY,
        };
        night.fresh_round(self.alive.intersect(self.wolves));
        self.stage = Stage::Night(night);
        self.advance_night();
    }

    fn night(&mut self) -> &mut Night {
        match &mut self.stage {
            Stage::Night(n) => n,
            _ => unreachable!("night actions are only asked at night"),
        }
    }

    pub(super) fn night_asks(&self, n: &Night, asks: &mut Vec<Ask>) {
        if !n.wolves_done {
            if let Some(wolf) = n.to_pick.first() {
                let mut ask = self.blank_ask(wolf, AskKind::WolfPick);
                ask.targets = self.alive;
                asks.push(ask);
            }
        } else if !n.witch_done {
            let witch = self.seat_of(Role::Witch);
            let mut ask = self.blank_ask(witch, AskKind::Witch);
            ask.attacked = n.attacked;
            ask.can_save = self.can_save(n, witch);
            if self.poison && n.poisoned.is_none() {
                ask.targets = self.alive.without(witch);
            }
            asks.push(ask);
        }
        if !n.seer_done {
            let seer = self.seat_of(Role::Seer);
            let mut ask = self.blank_ask(seer, AskKind::SeerCheck);
            ask.targets = self.alive.without(seer);
            asks.push(ask);
        }
        if n.hunter_asking {
            let hunter = self.seat_of(Role::Hunter);
            let mut ask = self.blank_ask(hunter, AskKind::HunterShot);
            ask.targets = self.alive.without(hunter);
            asks.push(ask);
        }
    }

    fn can_save(&self, n: &Night, witch: Seat) -> bool {
        let Some(attacked) = n.attacked else {
            return false;
        };
        if !self.antidote || n.saved {
            return false;
        }
        attacked != witch
            || match self.rules.witch_self_save {
                WitchSelfSave::Always => true,
                WitchSelfSave::FirstNight => self.day == 1,
                WitchSelfSave::Never => false,
            }
    }

    pub(super) fn why_no_save(&self, witch: Seat) -> &'static str {
        let Stage::Night(n) = &self.stage else {
            return "it is not night";
        };
        if !self.antidote {
            "the antidote is already used"
        } else if n.attacked.is_none() {
            "nobody was attacked tonight"
        } else if n.attacked == Some(witch) {
            match self.rules.witch_self_save {
                WitchSelfSave::FirstNight => "the witch may save herself only on the first night",
                _ => "the witch may not save herself",
            }
        } else {
            "nothing to save"
        }
    }

    /// A wolf's pick; `None` when its deadline passed without one.
    pub(super) fn wolf_pick(&mut self, wolf: Seat, target: Option<Seat>) {
        let n = self.night();
        let round = n.round;
        if let Some(t) = target {
            n.tally[t as usize] += 1;
        }
        n.to_pick.remove(wolf);
        self.emit(
            Audience::Seats(self.wolves),
            Event::WolfPicked {
                wolf,
                target,
                round,
            },
        );
        self.advance_night();
    }

    /// Ends the wolves' round when every wolf has picked: most picks wins; a tie earns a
    /// second round; a second tie is settled by lot.
    fn finish_wolf_round(&mut self) {
        let wolves = self.wolves;
        let living_wolves = self.alive.intersect(wolves);
        let n = self.night();
        let max = *n.tally.iter().max().expect("tally is not empty");
        if max == 0 {
            n.wolves_done = true;
            n.attacked = None;
            self.emit(
                Audience::Seats(wolves),
                Event::WolfAttack {
                    target: None,
                    by_lot: false,
                },
            );
            return;
        }
        let tied: SeatSet = ALL_SEATS
            .into_iter()
            .filter(|&s| n.tally[s as usize] == max)
            .collect();
        let (target, by_lot) = if tied.len() == 1 {
            (tied.first().expect("one seat"), false)
        } else if n.round == 1 {
            n.round = 2;
            n.fresh_round(living_wolves);
            self.emit(Audience::Seats(wolves), Event::WolfTie { tied });
            return;
        } else {
            let i = below(&mut self.rng, tied.len());
            (tied.nth(i).expect("index below len"), true)
        };
        let n = self.night();
        n.wolves_done = true;
        n.attacked = Some(target);
        self.emit(
            Audience::Seats(wolves),
            Event::WolfAttack {
                target: Some(target),
                by_lot,
            },
        );
    }

    pub(super) fn witch_save(&mut self, witch: Seat) {
        self.antidote = false;
        let n = self.night();
        n.saved = true;
        let target = n.attacked.expect("save is only allowed with an attack");
        self.emit(Audience::seat(witch), Event::WitchSaved { target });
        let points = if self.side(target) == Side::Good {
            self.rules.gpp.witch_saves_good
        } else {
            self.rules.gpp.witch_saves_wolf
        };
        self.score(witch, points, ScoreReason::WitchSave);
        self.witch_maybe_done();
        self.advance_night();
    }

    pub(super) fn witch_poison(&mut self, target: Seat) {
        self.poison = false;
        self.night().poisoned = Some(target);
        let witch = self.seat_of(Role::Witch);
        self.emit(Audience::seat(witch), Event::WitchPoisoned { target });
        self.witch_maybe_done();
        self.advance_night();
    }

    pub(super) fn witch_pass(&mut self) {
        self.night().witch_done = true;
        self.advance_night();
    }

    /// The witch's turn ends by itself once no potion is usable tonight.
    fn witch_maybe_done(&mut self) {
        let witch = self.seat_of(Role::Witch);
        let Stage::Night(n) = &self.stage else { return };
        let usable = self.can_save(n, witch) || (self.poison && n.poisoned.is_none());
        if !usable {
            self.night().witch_done = true;
        }
    }

    pub(super) fn seer_check(&mut self, seer: Seat, target: Seat) {
        self.night().seer_done = true;
        let wolf = self.side(target) == Side::Wolves;
        self.emit(Audience::seat(seer), Event::SeerResult { target, wolf });
        let points = if wolf {
            self.rules.gpp.seer_checks_wolf
        } else {
            self.rules.gpp.seer_checks_good
        };
        self.score(seer, points, ScoreReason::SeerCheck);
        self.advance_night();
    }

    pub(super) fn seer_no_check(&mut self) {
        self.night().seer_done = true;
        self.advance_night();
    }

    pub(super) fn hunter_shoot(&mut self, hunter: Seat, target: Option<Seat>) {
        if let Stage::HunterDay { .. } = self.stage {
            self.hunter_shoot_by_day(hunter, target);
            return;
        }
        self.night().hunter_asking = false;
        self.emit(Audience::seat(hunter), Event::HunterShot { hunter, target });
        if let Some(target) = target {
            self.score_shot(hunter, target);
            self.night().dead.insert(target);
            if self.kill(target, DeathCause::Shot) {
                return;
            }
        }
        self.end_night();
    }

    /// Moves the night on as far as it can go without input.
    fn advance_night(&mut self) {
        let Stage::Night(n) = &self.stage else { return };
        if !n.wolves_done {
            if !n.to_pick.is_empty() {
                return;
            }
            self.finish_wolf_round();
            let Stage::Night(n) = &self.stage else { return };
            if !n.wolves_done {
                return; // second round of picks
            }
        }
        let witch = self.seat_of(Role::Witch);
        let n = self.night();
        if !n.witch_told {
            n.witch_told = true;
            let attacked = n.attacked;
            if self.alive.contains(witch) {
                self.emit(Audience::seat(witch), Event::WitchTold { attacked });
                self.witch_maybe_done();
            } else {
                self.night().witch_done = true;
            }
        }
        let n = self.night();
        if n.witch_done && n.seer_done && !n.hunter_asking {
            self.resolve_night();
        }
    }

    /// The attack (unless saved), then the poison; then the hunter learns whether he may
    /// shoot. The win check runs after each death.
    fn resolve_night(&mut self) {
        let hunter = self.seat_of(Role::Hunter);
        let hunter_was_alive = self.alive.contains(hunter);
        let n = self.night();
        let (attacked, saved, poisoned) = (n.attacked, n.saved, n.poisoned);
        let mut hunter_cause = None;
        if let Some(target) = attacked.filter(|_| !saved) {
            self.night().dead.insert(target);
            if target == hunter {
                hunter_cause = Some(DeathCause::Attack);
            }
            if self.kill(target, DeathCause::Attack) {
                return;
            }
        }
        if let Some(target) = poisoned {
            if self.alive.contains(target) {
                let witch = self.seat_of(Role::Witch);
                let points = if self.side(target) == Side::Wolves {
                    self.rules.gpp.witch_poisons_wolf
                } else {
                    self.rules.gpp.witch_poisons_good
                };
                self.score(witch, points, ScoreReason::WitchPoison);
                self.night().dead.insert(target);
                if target == hunter {
                    hunter_cause = Some(DeathCause::Poison);
                }
                if self.kill(target, DeathCause::Poison) {
                    return;
                }
            }
        }
        if hunter_was_alive {
            let may_shoot = match hunter_cause {
                Some(DeathCause::Poison) => self.rules.hunter_shoots_when_poisoned,
                Some(_) => true,
                None => false,
            };
            let dies = hunter_cause.is_some();
            self.emit(
                Audience::seat(hunter),
                Event::HunterStatus { dies, may_shoot },
            );
            if may_shoot && !self.alive.without(hunter).is_empty() {
                self.night().hunter_asking = true;
                return;
            }
        }
        self.end_night();
    }

    /// Survival points, then dawn.
    fn end_night(&mut self) {
        self.survival_points();
        let dead = self.night().dead;
        let day = self.day;
        self.emit(Audience::Everyone, Event::Dawn { day, dead });
        for role in [Role::Seer, Role::Witch] {
            let seat = self.seat_of(role);
            if self.alive.contains(seat) {
                self.score(seat, self.rules.gpp.god_dawn_cost, ScoreReason::GodDawn);
            }
        }
        self.begin_speeches();
    }
}
