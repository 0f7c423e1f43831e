//! Deaths and what follows them: the win check after every death, what a board reveals,
//! and the queue of what a death calls for by day (the badge, a shot, last words), worked
//! through in order before the game moves on. A wolf's self-explosion is here too: it is a
//! death that ends the day.
//!
//! Settled here (and tested): the first death that meets a side's win condition ends the
//! game, deaths being applied one at a time in order (the attack, the poison, the shots),
//! so both sides never win at once; a seat killed by a shot or taken by the white wolf king
//! does not shoot (no chains).

use super::*;

/// One thing a death calls for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Task {
    /// The dying sheriff passes the badge or tears it.
    Badge(Seat),
    /// A dying shooter may shoot (by day, in public).
    Shot(Seat),
    LastWords(Seat),
}

/// Where the game goes once the tasks are done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Then {
    /// The day's speeches (after dawn).
    Speeches,
    /// The day is over: night falls (or the `max_days` draw).
    Night,
}

impl Werewolf {
    /// A death: logged with its cause (moderator only), then the win check. Returns true
    /// when the game ended.
    pub(super) fn kill(&mut self, seat: Seat, cause: DeathCause) -> bool {
        self.alive.remove(seat);
        self.deaths.push(seat);
        self.emit(Audience::Moderator, Event::Died { seat, cause });
        if let Some(winner) = self.win_check() {
            if matches!(self.stage, Stage::Night(_)) {
                // A night that ends the game counts for survival.
                self.survival_points();
            }
            self.finish(winner);
            return true;
        }
        false
    }

    /// Good wins when every wolf is dead; the wolves when every god or every villager is
    /// (屠边). A revealed idiot is still a god.
    fn win_check(&self) -> Option<Winner> {
        let (mut wolves, mut gods, mut villagers) = (0, 0, 0);
        for seat in self.alive.iter() {
            let role = self.role(seat);
            if role.is_wolf() {
                wolves += 1;
            } else if role.is_god() {
                gods += 1;
            } else {
                villagers += 1;
            }
        }
        if wolves == 0 {
            Some(Winner::Good)
        } else if gods == 0 || villagers == 0 {
            Some(Winner::Wolves)
        } else {
            None
        }
    }

    pub(super) fn finish(&mut self, winner: Winner) {
        if let Some(side) = winner.side() {
            let points = match side {
                Side::Good => self.rules.gpp.win_good,
                Side::Wolves => self.rules.gpp.win_wolves,
            };
            for seat in self.every_seat().iter() {
                if self.side(seat) == side {
                    self.score(seat, points, ScoreReason::TeamWin);
                }
            }
        }
        self.winner = Some(winner);
        self.stage = Stage::Ended;
        self.tasks.clear();
        let roles = PerSeat::from_slice(self.roles());
        self.emit(Audience::Everyone, Event::GameOver { winner, roles });
    }

    /// What the board shows of a seat the table has just learnt is dead.
    pub(super) fn reveal(&mut self, seat: Seat) {
        let role = self.role(seat);
        let shown = match self.board.reveal {
            Reveal::None => return,
            Reveal::Team => None,
            Reveal::Role => Some(role),
        };
        self.emit(
            Audience::Everyone,
            Event::Revealed {
                seat,
                side: role.side(),
                role: shown,
            },
        );
    }

    /// Whether a seat dying by `cause` may shoot: the hunter unless poisoned (where the
    /// rules forbid it), the wolf king when voted out or killed by the wolves.
    pub(super) fn may_shoot(&self, seat: Seat, cause: DeathCause) -> bool {
        match (self.role(seat), cause) {
            (Role::Hunter, DeathCause::Poison) => self.hunter_shoots_when_poisoned(),
            (Role::Hunter, DeathCause::Attack | DeathCause::Vote) => true,
            (Role::WolfKing, DeathCause::Attack | DeathCause::Vote) => true,
            _ => false,
        }
    }

    pub(super) fn hunter_shoots_when_poisoned(&self) -> bool {
        self.board
            .hunter_shoots_when_poisoned
            .unwrap_or(self.rules.hunter_shoots_when_poisoned)
    }

    /// Queues `tasks`, then works through them; `then` follows once they are done.
    pub(super) fn after(&mut self, tasks: &[Task], then: Then) {
        self.tasks.clear();
        self.tasks.extend_from_slice(tasks);
        self.then = then;
        self.next_task();
    }

    /// Starts the next task, or moves on when none is left.
    pub(super) fn next_task(&mut self) {
        while !self.tasks.is_empty() {
            let task = self.tasks.remove(0);
            match task {
                Task::Badge(seat) if self.sheriff == Some(seat) => {
                    if self.alive.without(seat).is_empty() {
                        continue;
                    }
                    self.stage = Stage::Badge { seat };
                    return;
                }
                Task::Shot(seat) if !self.alive.without(seat).is_empty() => {
                    self.stage = Stage::ShotDay { seat };
                    return;
                }
                Task::LastWords(seat) => {
                    self.stage = Stage::LastWords { seat };
                    return;
                }
                _ => {}
            }
        }
        match self.then {
            Then::Speeches => self.begin_day(),
            Then::Night => self.end_day(),
        }
    }

    /// A shooter's shot or his declining it, at night or by day. By day the shot is public
    /// and takes his last words; declining stays private.
    pub(super) fn shoot(&mut self, shooter: Seat, target: Option<Seat>) {
        let by_day = matches!(self.stage, Stage::ShotDay { .. });
        let king = self.role(shooter) == Role::WolfKing;
        let event = if king {
            Event::KingShot {
                king: shooter,
                target,
            }
        } else {
            Event::HunterShot {
                hunter: shooter,
                target,
            }
        };
        let audience = if by_day && target.is_some() {
            Audience::Everyone
        } else {
            Audience::seat(shooter)
        };
        self.emit(audience, event);
        if let Some(target) = target {
            if !king {
                self.score_shot(shooter, target);
            }
            if !by_day {
                self.night().dead.insert(target);
            }
            if self.kill(target, DeathCause::Shot) {
                return;
            }
            if by_day {
                self.reveal(target);
                // A shooter who shoots has no last words; the shot sheriff passes his badge.
                self.tasks.retain(|t| *t != Task::LastWords(shooter));
                self.tasks.insert(0, Task::Badge(target));
            }
        }
        if by_day {
            self.next_task();
        } else {
            self.next_night_shooter();
        }
    }

    /// Whether `wolf` may self-explode now, taking `target` (white wolf king only).
    pub(super) fn check_explode(&self, wolf: Seat, target: Option<Seat>) -> Result<(), Refusal> {
        let role = self.role(wolf);
        let allowed = role.is_wolf()
            && self.alive.contains(wolf)
            && (self.board.self_explode || role == Role::WhiteWolfKing)
            && matches!(&self.stage, Stage::Speeches(s) if s.explodable());
        if !allowed {
            return Err(Refusal::CannotExplode(wolf));
        }
        match target {
            Some(t) if role != Role::WhiteWolfKing || t == wolf || !self.alive().contains(t) => {
                Err(Refusal::ExplodeTarget(t))
            }
            _ => Ok(()),
        }
    }

    /// A wolf self-explodes: he dies without last words, a white wolf king takes `target`
    /// with him, the badge of either is gone, and the day ends at once (in the sheriff
    /// campaign the badge is lost for the game and dawn names the night's dead first).
    pub(super) fn explode(&mut self, wolf: Seat, target: Option<Seat>) {
        let campaign = matches!(&self.stage, Stage::Speeches(s) if s.is_campaign());
        self.emit(Audience::Everyone, Event::Exploded { wolf });
        let mut tasks = Vec::new();
        if self.kill(wolf, DeathCause::Exploded) {
            return;
        }
        self.reveal(wolf);
        if self.sheriff == Some(wolf) {
            self.lose_badge(wolf);
        }
        if let Some(target) = target.filter(|t| self.alive.contains(*t)) {
            self.emit(Audience::Everyone, Event::Taken { king: wolf, target });
            if self.kill(target, DeathCause::Taken) {
                return;
            }
            self.reveal(target);
            tasks.push(Task::Badge(target));
        } else if let Some(target) = target {
            // Already dead in the night, not yet announced: dawn names him.
            self.emit(Audience::Everyone, Event::Taken { king: wolf, target });
        }
        if campaign {
            self.badge_gone = true;
            self.emit(Audience::Everyone, Event::SheriffElected { seat: None });
            self.dawn(Then::Night);
        } else {
            self.after(&tasks, Then::Night);
        }
    }

    /// The badge is gone with its holder (a revealed idiot, an exploding sheriff).
    pub(super) fn lose_badge(&mut self, seat: Seat) {
        self.sheriff = None;
        self.badge_gone = true;
        self.emit(Audience::Everyone, Event::BadgeLost { seat });
    }
}
