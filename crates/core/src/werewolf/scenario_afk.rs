//! The AFK part of a werewolf scenario: seats played by people (`"people"`), who may miss
//! their actions (`{"miss": seat}`, `{"timeout": true}`), have their seat taken over by the
//! table's AI after two strikes (or idled out, or nothing, by `"afk"`), take it back
//! (`{"back": seat}`) or leave (`{"leave": seat}`). The strikes and changes of hands are the
//! session's own ([`crate::session::afk`]); a taken-over seat is played by the built-in
//! player of the scenario's seed, which has watched that seat's events (and only those)
//! from the start, and plays as soon as its seat is asked.

use crate::agents::werewolf::{player_in, BuiltIn, Strategy};
use crate::agents::{Agent, Decision};
use crate::games::werewolf::{Seat, Werewolf};
use crate::games::{Game, Lang};
use crate::session::afk::{Afk, AfkMode, Change, Control, SeatRefusal, Why};
use serde::Serialize;
use std::collections::BTreeMap;

/// A change of hands as a scenario's report lists it: after which action it happened.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct Handed {
    pub index: usize,
    pub seat: Seat,
    pub to: Control,
    pub why: Why,
}

/// What the report says of the people's seats (present when the file names `"people"`).
#[derive(Debug, Clone, Default, Serialize, serde::Deserialize)]
pub struct SeatsReport {
    /// Who plays each person's seat at the end: `person`, `ai`, `idle`.
    pub seats: BTreeMap<String, Control>,
    /// Each person's strikes in a row at the end.
    pub strikes: BTreeMap<String, u8>,
    /// Every change of hands, in order.
    pub handed: Vec<Handed>,
    /// The people rated as having left (a takeover or a leave), by seat.
    pub left: Vec<Seat>,
}

/// The people's seats of a scenario, and the AI that would play each.
pub(super) struct People {
    afk: Afk,
    stand_ins: Vec<Option<BuiltIn>>,
    /// How much of the log the stand-ins have been shown.
    cursor: usize,
    handed: Vec<Handed>,
}

impl People {
    pub(super) fn new(game: &Werewolf, people: &[Seat], mode: AfkMode, seed: u64) -> People {
        let n = game.seat_count();
        let person: Vec<bool> = (1..=n as Seat).map(|s| people.contains(&s)).collect();
        let max_chars = game.rules().speech_max_chars;
        let stand_ins = person
            .iter()
            .enumerate()
            .map(|(i, p)| {
                p.then(|| {
                    let player = player_in(Strategy::Heuristic, i as Seat + 1, seed, Lang::En);
                    BuiltIn::new(player, max_chars)
                })
            })
            .collect();
        let mut people = People {
            afk: Afk::new(mode, person, Game::phase(game)),
            stand_ins,
            cursor: 0,
            handed: Vec::new(),
        };
        people.show(game);
        people
    }

    /// Whether a scripted action of `seat` is refused because the AI plays it.
    pub(super) fn refuses(&self, seat: Seat) -> Option<String> {
        (self.afk.is_person(seat) && self.afk.control(seat) != Control::Person)
            .then(|| format!("seat {seat} is played by an AI"))
    }

    pub(super) fn acted(&mut self, seat: Seat) {
        self.afk.acted(seat);
    }

    pub(super) fn missed(&mut self, seat: Seat, forgiven: bool) {
        self.afk.missed(seat, forgiven);
    }

    /// The person of `seat` takes it back (`back`) or leaves it (`!back`).
    pub(super) fn hands(
        &mut self,
        game: &mut Werewolf,
        index: usize,
        seat: Seat,
        back: bool,
    ) -> Result<(), String> {
        let checked = match back {
            true => self.afk.may_take_back(seat),
            false => self.afk.may_leave(seat),
        };
        checked.map_err(|r: SeatRefusal| r.to_string())?;
        let change = match back {
            true => Change {
                seat,
                to: Control::Person,
                why: Why::Back,
            },
            false => Change {
                seat,
                to: Control::Ai,
                why: Why::Leave,
            },
        };
        self.apply(game, index, change);
        Ok(())
    }

    fn apply(&mut self, game: &mut Werewolf, index: usize, change: Change) {
        self.afk.apply(change);
        if change.to == Control::Idle {
            game.idle_out(change.seat);
        }
        self.handed.push(Handed {
            index,
            seat: change.seat,
            to: change.to,
            why: change.why,
        });
    }

    /// Shows the stand-ins what their seats may see of the log so far.
    fn show(&mut self, game: &Werewolf) {
        for logged in &game.log()[self.cursor..] {
            for (i, stand_in) in self.stand_ins.iter_mut().enumerate() {
                if let Some(agent) = stand_in {
                    if logged.audience.includes(i as Seat + 1) {
                        Agent::<Werewolf>::observe(agent, &logged.event);
                    }
                }
            }
        }
        self.cursor = game.log().len();
    }

    /// After a step: the phase's end hands seats over, an owed idle-out happens when the
    /// rules allow it, and the AI plays each seat it holds that is asked, until none is.
    pub(super) fn settle(&mut self, game: &mut Werewolf, index: usize) {
        loop {
            self.show(game);
            if game.is_over() {
                return;
            }
            for change in self.afk.phase_is(Game::phase(game)) {
                self.apply(game, index, change);
            }
            let due = self.afk.idle_due(|seat| game.can_idle_out(seat));
            if let Some(change) = due.into_iter().next() {
                self.apply(game, index, change);
                continue;
            }
            let ai = game
                .pending()
                .into_iter()
                .find(|p| self.afk.is_person(p.seat) && self.afk.control(p.seat) == Control::Ai);
            let Some(p) = ai else { return };
            let agent = self.stand_ins[p.seat as usize - 1]
                .as_mut()
                .expect("a person's seat has a stand-in");
            let played = match Agent::<Werewolf>::decide(agent, &p.ask) {
                Decision::Now(action) => game.act(p.seat, action),
                Decision::Later(_) => Err(crate::games::werewolf::Refusal::GameOver),
            };
            if played.is_err() {
                // The built-in player answered what the rules refuse: the default, as the
                // session takes it.
                let _ = game.timeout(p.seat);
            }
        }
    }

    pub(super) fn report(&self, game: &Werewolf) -> SeatsReport {
        let mut r = SeatsReport {
            handed: self.handed.clone(),
            ..SeatsReport::default()
        };
        for seat in 1..=Game::seat_count(game) {
            if self.afk.is_person(seat) {
                r.seats.insert(seat.to_string(), self.afk.control(seat));
                r.strikes.insert(seat.to_string(), self.afk.strikes(seat));
                if self.afk.left(seat) {
                    r.left.push(seat);
                }
            }
        }
        r
    }
}
