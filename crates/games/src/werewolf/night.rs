//! The night: the guard picks, the wolves pick one after another, the witch learns the
//! attack and may use her potions, the seer checks; the guard's and the seer's steps are
//! asked alongside the wolves' (nothing said that night bears on them). Then the deaths
//! resolve in order (the attack unless exactly one of guard and witch saved its target, then
//! the poison), and a dying hunter or wolf king may shoot.

use super::deaths::Then;
use super::*;

#[derive(Debug, Clone)]
pub(super) struct Night {
    /// 1, or 2 after a tie.
    round: u8,
    /// Wolves still to pick this round (ascending seat order).
    to_pick: SeatSet,
    /// Picks per target this round.
    tally: [u8; MAX_SEATS + 1],
    wolves_done: bool,
    attacked: Option<Seat>,
    witch_told: bool,
    witch_done: bool,
    saved: bool,
    poisoned: Option<Seat>,
    seer_done: bool,
    guard_done: bool,
    guarded: Option<Seat>,
    /// The dying shooters still to be asked, one at a time.
    shooters: SeatSet,
    /// The shooter deciding now.
    shooting: Option<Seat>,
    /// Seats that died tonight.
    pub(super) dead: SeatSet,
}

impl Night {
    fn fresh_round(&mut self, wolves: SeatSet) {
        self.to_pick = wolves;
        self.tally = [0; MAX_SEATS + 1];
    }
}

impl Night {
    /// Whether nothing of the night has happened yet (no pick, check, guard or potion),
    /// given whether its seer and guard are alive: the one moment a seat can leave it
    /// cleanly (see `idle.rs`).
    pub(super) fn untouched(&self, seer_alive: bool, guard_alive: bool) -> bool {
        self.round == 1
            && self.tally.iter().all(|&c| c == 0)
            && !self.wolves_done
            && !self.witch_told
            && self.seer_done != seer_alive
            && self.guard_done != guard_alive
            && self.shooting.is_none()
    }

    /// The night as if `seat` had been dead at nightfall: out of the wolves' picks, and the
    /// seer's or the guard's step done when it was theirs.
    pub(super) fn without(&mut self, seat: Seat, seer: bool, guard: bool) {
        self.to_pick.remove(seat);
        self.seer_done |= seer;
        self.guard_done |= guard;
    }
}

impl Werewolf {
    pub(super) fn begin_night(&mut self, n: u32) {
        self.day = n;
        self.emit(Audience::Everyone, Event::NightFell { night: n });
        let seer_alive = self.living(Role::Seer).is_some();
        let guard_alive = self.living(Role::Guard).is_some();
        let mut night = Night {
            round: 1,
            to_pick: SeatSet::EMPTY,
            tally: [0; MAX_SEATS + 1],
            wolves_done: false,
            attacked: None,
            witch_told: false,
            witch_done: false,
            saved: false,
            poisoned: None,
            seer_done: !seer_alive,
            guard_done: !guard_alive,
            guarded: None,
            shooters: SeatSet::EMPTY,
            shooting: None,
            dead: SeatSet::EMPTY,
        };
        night.fresh_round(self.alive.intersect(self.wolves));
        self.stage = Stage::Night(night);
        self.advance_night();
    }

    pub(super) fn night(&mut self) -> &mut Night {
        match &mut self.stage {
            Stage::Night(n) => n,
            _ => unreachable!("night actions are only asked at night"),
        }
    }

    pub(super) fn night_asks(&self, n: &Night, asks: &mut Vec<Ask>) {
        if !n.guard_done {
            if let Some(guard) = self.living(Role::Guard) {
                let mut ask = self.blank_ask(guard, AskKind::GuardPick);
                ask.targets = self.alive;
                if let Some(last) = self.last_guarded {
                    ask.targets.remove(last);
                }
                asks.push(ask);
            }
        }
        if !n.wolves_done {
            if let Some(wolf) = n.to_pick.first() {
                let mut ask = self.blank_ask(wolf, AskKind::WolfPick);
                ask.targets = self.alive;
                asks.push(ask);
            }
        } else if let Some(witch) = self.seat_of(Role::Witch).filter(|_| !n.witch_done) {
            let mut ask = self.blank_ask(witch, AskKind::Witch);
            ask.attacked = n.attacked;
            ask.can_save = self.can_save(n, witch);
            if self.poison && n.poisoned.is_none() {
                ask.targets = self.alive.without(witch);
            }
            asks.push(ask);
        }
        if let Some(seer) = self.seat_of(Role::Seer).filter(|_| !n.seer_done) {
            let mut ask = self.blank_ask(seer, AskKind::SeerCheck);
            ask.targets = self.alive.without(seer);
            asks.push(ask);
        }
        if let Some(shooter) = n.shooting {
            let kind = if self.role(shooter) == Role::Hunter {
                AskKind::HunterShot
            } else {
                AskKind::KingShot
            };
            let mut ask = self.blank_ask(shooter, kind);
            ask.targets = self.alive.without(shooter);
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
            || match self.witch_self_save() {
                WitchSelfSave::Always => true,
                WitchSelfSave::FirstNight => self.day == 1,
                WitchSelfSave::Never => false,
            }
    }

    fn witch_self_save(&self) -> WitchSelfSave {
        self.board
            .witch_self_save
            .unwrap_or(self.rules.witch_self_save)
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
            match self.witch_self_save() {
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
        // The living wolves only: a dead wolf sits in the graveyard and hears no night.
        self.emit(
            Audience::Seats(self.alive.intersect(self.wolves)),
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
        let living_wolves = self.alive.intersect(self.wolves);
        let wolves = living_wolves;
        let seats = self.seats;
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
        let tied: SeatSet = (1..seats + 1)
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
        let witch = self.seat_of(Role::Witch).expect("the witch poisons");
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
        let Some(witch) = self.seat_of(Role::Witch) else {
            return;
        };
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

    /// The guard's pick; `None` guards nobody.
    pub(super) fn guard_pick(&mut self, guard: Seat, target: Option<Seat>) {
        let n = self.night();
        n.guard_done = true;
        n.guarded = target;
        self.last_guarded = target;
        self.emit(Audience::seat(guard), Event::GuardPicked { target });
        self.advance_night();
    }

    /// Asks the next dying shooter, or ends the night when none is left.
    pub(super) fn next_night_shooter(&mut self) {
        let alive = self.alive;
        let n = self.night();
        n.shooting = None;
        while let Some(seat) = n.shooters.first() {
            n.shooters.remove(seat);
            if !alive.without(seat).is_empty() {
                n.shooting = Some(seat);
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
        let witch = self.living(Role::Witch);
        let n = self.night();
        if !n.witch_told {
            n.witch_told = true;
            let attacked = n.attacked;
            if let Some(witch) = witch {
                self.emit(Audience::seat(witch), Event::WitchTold { attacked });
                self.witch_maybe_done();
            } else {
                self.night().witch_done = true;
            }
        }
        let n = self.night();
        if n.witch_done && n.seer_done && n.guard_done && n.shooting.is_none() {
            self.resolve_night();
        }
    }

    /// The attack (unless exactly one of guard and witch saved its target: 同守同救 dies),
    /// then the poison; then each shooter learns whether he may shoot (hunter, then wolf
    /// king). The win check runs after each death.
    fn resolve_night(&mut self) {
        let hunter = self.living(Role::Hunter);
        let king = self.living(Role::WolfKing);
        let n = self.night();
        let (attacked, saved, poisoned) = (n.attacked, n.saved, n.poisoned);
        let guarded = attacked.is_some() && n.guarded == attacked;
        let mut causes = [None; MAX_SEATS + 1];
        if let Some(target) = attacked.filter(|_| saved == guarded) {
            self.night().dead.insert(target);
            causes[target as usize] = Some(DeathCause::Attack);
            if self.kill(target, DeathCause::Attack) {
                return;
            }
        }
        if let Some(target) = poisoned {
            if self.alive.contains(target) {
                let witch = self.seat_of(Role::Witch).expect("the witch poisoned");
                let points = if self.side(target) == Side::Wolves {
                    self.rules.gpp.witch_poisons_wolf
                } else {
                    self.rules.gpp.witch_poisons_good
                };
                self.score(witch, points, ScoreReason::WitchPoison);
                self.night().dead.insert(target);
                causes[target as usize] = Some(DeathCause::Poison);
                if self.kill(target, DeathCause::Poison) {
                    return;
                }
            }
        }
        let others_alive = |me: Seat, game: &Werewolf| !game.alive.without(me).is_empty();
        let mut shooters = SeatSet::EMPTY;
        for (seat, is_king) in [(hunter, false), (king, true)] {
            let Some(seat) = seat else { continue };
            let cause = causes[seat as usize];
            let dies = cause.is_some();
            let may_shoot = cause.is_some_and(|c| self.may_shoot(seat, c));
            let event = if is_king {
                Event::KingStatus { dies, may_shoot }
            } else {
                Event::HunterStatus { dies, may_shoot }
            };
            self.emit(Audience::seat(seat), event);
            if may_shoot && others_alive(seat, self) {
                shooters.insert(seat);
            }
        }
        if shooters.is_empty() {
            self.end_night();
            return;
        }
        // Asked in the order they were told: the hunter first.
        let first = hunter
            .filter(|h| shooters.contains(*h))
            .or(shooters.first());
        let n = self.night();
        n.shooters = shooters;
        if let Some(first) = first {
            n.shooters.remove(first);
            n.shooting = Some(first);
        }
    }

    /// Survival points, then dawn; on a sheriff board the election comes first on day 1,
    /// night 1's dead taking part as the table does not know of them yet.
    fn end_night(&mut self) {
        self.survival_points();
        self.unannounced = self.night().dead;
        if self.day == 1 && self.board.sheriff && !self.badge_gone {
            self.begin_signup();
            return;
        }
        self.dawn(Then::Speeches);
    }

    /// Dawn names the night's dead; then the seer's and witch's dawn cost, a dead
    /// sheriff's badge, the first night's last words where the board gives them, and
    /// `then`.
    pub(super) fn dawn(&mut self, then: Then) {
        let dead = self.unannounced;
        self.unannounced = SeatSet::EMPTY;
        let day = self.day;
        self.emit(Audience::Everyone, Event::Dawn { day, dead });
        for seat in dead.iter() {
            self.reveal(seat);
        }
        for role in [Role::Seer, Role::Witch] {
            if let Some(seat) = self.living(role) {
                self.score(seat, self.rules.gpp.god_dawn_cost, ScoreReason::GodDawn);
            }
        }
        let words = day == 1 && self.board.last_words == LastWords::VoteAndFirstNight;
        self.tasks.clear();
        for seat in dead.iter() {
            if self.sheriff == Some(seat) {
                self.tasks.push(deaths::Task::Badge(seat));
            }
            if words {
                self.tasks.push(deaths::Task::LastWords(seat));
            }
        }
        self.then = then;
        self.next_task();
    }
}
