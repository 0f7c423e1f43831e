//! Werewolf for nine seats: a pure, deterministic state machine of the rules in
//! `werewolf-rules.md` (no async, no I/O, no clock; a seeded RNG for the deal and ties).
//!
//! The game says what it waits for ([`Werewolf::asks`]), takes a seat's [`Action`] or a
//! passed deadline ([`Werewolf::timeout`]), and logs [`Event`]s, each with its [`Audience`].
//! [`Werewolf::view`] returns only what one seat may know. A refused action changes nothing.
//!
//! - `seat`: seats, roles, sides, seat sets.
//! - `ask`: asks, actions, refusals; `refusal_text`: a refusal in a table's language.
//! - `event`: events, audiences, and their one-line story.
//! - `rules`: the configurable rules and the GPP table.
//! - `night`, `day`: the two halves of a round; `score`: GPP bookkeeping.
//! - `view`: a seat's view of the game.

mod ask;
pub mod claims;
#[cfg(test)]
mod claims_corpus;
mod day;
mod event;
mod game;
mod night;
mod refusal_text;
mod rules;
mod score;
mod seat;
mod view;

pub use ask::{Action, Ask, AskKind, Choice, Refusal, Waiting};
pub use claims::Claims;
pub use event::{
    Audience, Ballot, DeathCause, Event, Fall, Logged, ScoreReason, SpeechKind, VoteRound, Winner,
};
pub use rules::{GppTable, Rules, WitchSelfSave, WolfChat};
pub use seat::{Role, Seat, SeatSet, Side, ALL_SEATS, DECK, EVERY_SEAT, SEATS};
pub use view::{Knowledge, View};

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Where the game is. Asks are derived from it.
#[derive(Debug, Clone)]
enum Stage {
    Night(night::Night),
    /// Day speeches or PK speeches, in `order`.
    Speeches(day::Speeches),
    Vote(day::Vote),
    /// The hunter, just voted out, may shoot.
    HunterDay {
        hunter: Seat,
    },
    LastWords {
        seat: Seat,
    },
    Ended,
}

/// The part of the round a game is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Night,
    Day,
    Ended,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Night => "night",
            Phase::Day => "day",
            Phase::Ended => "ended",
        }
    }
}

/// One werewolf game.
#[derive(Debug, Clone)]
pub struct Werewolf {
    rules: Arc<Rules>,
    roles: [Role; SEATS],
    alive: SeatSet,
    wolves: SeatSet,
    day: u32,
    stage: Stage,
    rng: ChaCha8Rng,
    antidote: bool,
    poison: bool,
    log: Vec<Logged>,
    gpp: [i32; SEATS],
    deaths: Vec<Seat>,
    winner: Option<Winner>,
    last_first_speaker: Option<Seat>,
    asks: Vec<Ask>,
    /// The previous asks' buffer, reused by `refresh_asks`.
    spare_asks: Vec<Ask>,
    next_seq: u32,
}

/// A uniformly random index below `n` (n > 0), from the game's RNG.
pub fn below(rng: &mut impl RngCore, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

/// Deals the nine roles with the seed's RNG (Fisher–Yates over the standard deck).
pub fn deal(seed: u64) -> [Role; SEATS] {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut roles = DECK;
    for i in (1..SEATS).rev() {
        let j = below(&mut rng, i + 1);
        roles.swap(i, j);
    }
    roles
}

/// The nine seats in an order drawn from `seed` on a stream of its own (`stream` keeps
/// this draw apart from the deal's and from other draws): the first K are where K humans
/// sit, so the seed alone decides it and a game replays.
pub fn seat_draw(seed: u64, stream: u64) -> [Seat; SEATS] {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ stream);
    let mut seats = ALL_SEATS;
    for i in (1..SEATS).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        seats.swap(i, j);
    }
    seats
}

impl Werewolf {
    /// The seat eliminated by the vote on day 1 (after a PK revote too), if any: a pure
    /// query on the log (the ladder's seat-fairness figure, a replay record's field).
    pub fn day1_voted_out(&self) -> Option<Seat> {
        let mut day = 0;
        for logged in self.log() {
            match logged.event {
                Event::Dawn { day: d, .. } => day = d,
                Event::Eliminated { seat } if day == 1 => return seat,
                Event::NightFell { night } if night >= 2 => return None,
                _ => {}
            }
        }
        None
    }

    /// A new game with roles dealt by `seed`, which also drives every tie-break.
    pub fn new(rules: Arc<Rules>, seed: u64) -> Werewolf {
        Werewolf::with_roles(rules, deal(seed), seed)
    }

    /// A new game with a fixed deal (`roles[i]` is seat i+1's role).
    pub fn with_roles(rules: Arc<Rules>, roles: [Role; SEATS], seed: u64) -> Werewolf {
        let wolves = ALL_SEATS
            .into_iter()
            .filter(|&s| roles[s as usize - 1] == Role::Werewolf)
            .collect();
        let mut game = Werewolf {
            rules,
            roles,
            alive: EVERY_SEAT,
            wolves,
            day: 0,
            stage: Stage::Ended,
            // A different stream from the deal's, so a fixed deal does not change tie-breaks.
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15),
            antidote: true,
            poison: true,
            log: Vec::with_capacity(256),
            gpp: [0; SEATS],
            deaths: Vec::with_capacity(SEATS),
            winner: None,
            last_first_speaker: None,
            asks: Vec::with_capacity(SEATS),
            spare_asks: Vec::with_capacity(SEATS),
            next_seq: 0,
        };
        for seat in ALL_SEATS {
            let role = game.role(seat);
            game.emit(Audience::seat(seat), Event::RoleDealt { seat, role });
        }
        game.emit(Audience::Seats(wolves), Event::WolfPack { wolves });
        game.begin_night(1);
        game.refresh_asks();
        game
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn role(&self, seat: Seat) -> Role {
        self.roles[seat as usize - 1]
    }
    pub fn roles(&self) -> &[Role; SEATS] {
        &self.roles
    }
    pub fn alive(&self) -> SeatSet {
        self.alive
    }
    pub fn is_alive(&self, seat: Seat) -> bool {
        self.alive.contains(seat)
    }
    /// The current round: night n and day n share the number n.
    pub fn day(&self) -> u32 {
        self.day
    }
    /// Night, day, or over.
    pub fn phase(&self) -> Phase {
        match self.stage {
            Stage::Night(_) => Phase::Night,
            Stage::Ended => Phase::Ended,
            _ => Phase::Day,
        }
    }
    pub fn winner(&self) -> Option<Winner> {
        self.winner
    }
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }
    /// Seats in order of death.
    pub fn deaths(&self) -> &[Seat] {
        &self.deaths
    }
    /// GPP so far; `gpp()[i]` is seat i+1's.
    pub fn gpp(&self) -> &[i32; SEATS] {
        &self.gpp
    }
    /// The whole log: the god view.
    pub fn log(&self) -> &[Logged] {
        &self.log
    }
    /// What the game is waiting for now. At most one ask per seat.
    pub fn asks(&self) -> &[Ask] {
        &self.asks
    }
    pub fn ask_for(&self, seat: Seat) -> Option<&Ask> {
        self.asks.iter().find(|a| a.seat == seat)
    }
    /// Events from log index `from` on that `seat` may see.
    pub fn events_for(&self, seat: Seat, from: usize) -> impl Iterator<Item = &Event> + '_ {
        self.log[from.min(self.log.len())..]
            .iter()
            .filter(move |l| l.audience.includes(seat))
            .map(|l| &l.event)
    }

    fn emit(&mut self, audience: Audience, event: Event) {
        self.log.push(Logged { audience, event });
    }

    fn side(&self, seat: Seat) -> Side {
        self.role(seat).side()
    }

    fn seat_of(&self, role: Role) -> Seat {
        ALL_SEATS
            .into_iter()
            .find(|&s| self.role(s) == role)
            .expect("every deal has exactly one seer, witch and hunter")
    }

    fn waiting(&self) -> Waiting {
        Waiting(self.asks.iter().map(|a| (a.seat, a.kind)).collect())
    }

    /// Applies a seat's action to its pending ask, or refuses it and changes nothing.
    pub fn act(&mut self, seat: Seat, action: Action) -> Result<(), Refusal> {
        self.act_meaning(seat, action, None)
    }

    /// [`act`](Werewolf::act) for a speaker that hands over what its speech claims: the
    /// claims must be exactly what [`claims::read`] finds in the text (a built-in player
    /// whose phrasebook guarantees it), and the text is not read again. `claims` is ignored
    /// for any other action.
    pub fn act_with_claims(
        &mut self,
        seat: Seat,
        action: Action,
        claims: Claims,
    ) -> Result<(), Refusal> {
        self.act_meaning(seat, action, Some(claims))
    }

    fn act_meaning(
        &mut self,
        seat: Seat,
        action: Action,
        meant: Option<Claims>,
    ) -> Result<(), Refusal> {
        let ask = self.pending_for(seat)?;
        self.apply(ask, action, meant)?;
        self.refresh_asks();
        Ok(())
    }

    /// The deadline of `seat`'s pending ask passed: it takes the default (no pick, pass,
    /// no check, decline, no speech, abstain), recorded privately in the log.
    pub fn timeout(&mut self, seat: Seat) -> Result<(), Refusal> {
        let ask = self.pending_for(seat)?;
        self.emit(
            Audience::seat(seat),
            Event::Defaulted {
                seat,
                ask: ask.kind,
            },
        );
        let action = match ask.kind {
            AskKind::WolfPick => {
                self.wolf_pick(seat, None);
                None
            }
            AskKind::Witch => Some(Action::Pass),
            AskKind::SeerCheck => {
                self.seer_no_check();
                None
            }
            AskKind::HunterShot => Some(Action::Decline),
            AskKind::Speech | AskKind::PkSpeech | AskKind::LastWords => {
                self.speech_done();
                None
            }
            AskKind::Vote | AskKind::PkVote => Some(Action::Abstain),
        };
        if let Some(action) = action {
            self.apply(ask, action, None)
                .expect("the default action is always valid for its ask");
        }
        self.refresh_asks();
        Ok(())
    }

    /// Passes the deadline of every ask pending now (asks opened as a result are not
    /// affected).
    pub fn timeout_all(&mut self) {
        let pending: Vec<Ask> = self.asks.clone();
        for ask in pending {
            if self.ask_for(ask.seat).is_some_and(|a| a.seq == ask.seq) {
                // Pending by construction: cannot be refused.
                let _ = self.timeout(ask.seat);
            }
        }
    }

    fn pending_for(&self, seat: Seat) -> Result<Ask, Refusal> {
        if !(1..=SEATS as Seat).contains(&seat) {
            return Err(Refusal::UnknownSeat(seat));
        }
        if self.winner.is_some() {
            return Err(Refusal::GameOver);
        }
        self.ask_for(seat).copied().ok_or(Refusal::NotYourTurn {
            seat,
            waiting: self.waiting(),
        })
    }

    /// Whether `seat` may take `action` now, without changing anything: the check a
    /// session makes before it stores an input.
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), Refusal> {
        let ask = self.pending_for(seat)?;
        self.validate(&ask, action)
    }

    fn validate(&self, ask: &Ask, action: &Action) -> Result<(), Refusal> {
        let check_target = |target: Seat| {
            if ask.targets.contains(target) {
                Ok(())
            } else {
                Err(Refusal::BadTarget {
                    target,
                    kind: ask.kind,
                    allowed: ask.targets,
                })
            }
        };
        match (ask.kind, action) {
            (AskKind::WolfPick, Action::Kill { target })
            | (AskKind::SeerCheck, Action::Check { target })
            | (AskKind::HunterShot, Action::Shoot { target })
            | (AskKind::Vote | AskKind::PkVote, Action::Vote { target }) => check_target(*target),
            (AskKind::Witch, Action::Save) => {
                if ask.can_save {
                    Ok(())
                } else {
                    Err(Refusal::CannotSave(self.why_no_save(ask.seat)))
                }
            }
            (AskKind::Witch, Action::Poison { target }) => {
                if !self.poison {
                    return Err(Refusal::PoisonUsed);
                }
                check_target(*target)
            }
            (AskKind::Witch, Action::Pass)
            | (AskKind::HunterShot, Action::Decline)
            | (AskKind::Vote | AskKind::PkVote, Action::Abstain) => Ok(()),
            (kind, Action::Speak { text }) if kind.is_speech() => {
                let max = self.rules.speech_max_chars;
                // A text of at most `max` bytes has at most `max` characters.
                if text.len() > max && text.chars().count() > max {
                    let len = text.chars().count();
                    Err(Refusal::SpeechTooLong { len, max })
                } else {
                    Ok(())
                }
            }
            (kind, other) => Err(Refusal::WrongAction {
                seat: ask.seat,
                kind,
                got: other.name(),
            }),
        }
    }

    fn apply(&mut self, ask: Ask, action: Action, meant: Option<Claims>) -> Result<(), Refusal> {
        self.validate(&ask, &action)?;
        let seat = ask.seat;
        match (ask.kind, action) {
            (AskKind::WolfPick, Action::Kill { target }) => self.wolf_pick(seat, Some(target)),
            (AskKind::Witch, Action::Save) => self.witch_save(seat),
            (AskKind::Witch, Action::Poison { target }) => self.witch_poison(target),
            (AskKind::Witch, Action::Pass) => self.witch_pass(),
            (AskKind::SeerCheck, Action::Check { target }) => self.seer_check(seat, target),
            (AskKind::HunterShot, Action::Shoot { target }) => {
                self.hunter_shoot(seat, Some(target))
            }
            (AskKind::HunterShot, Action::Decline) => self.hunter_shoot(seat, None),
            (kind, Action::Speak { text }) => self.speak(seat, kind, text, meant),
            (AskKind::Vote | AskKind::PkVote, Action::Vote { target }) => {
                self.cast(seat, Ballot::Vote(target))
            }
            (_, Action::Abstain) => self.cast(seat, Ballot::Abstain),
            (kind, other) => unreachable!("validated: {kind:?} takes {}", other.name()),
        }
        Ok(())
    }

    /// Recomputes the pending asks from the stage, keeping the sequence number of every
    /// ask that stays open.
    fn refresh_asks(&mut self) {
        if self.vote_asks_still_open() {
            return;
        }
        let mut asks = std::mem::take(&mut self.spare_asks);
        asks.clear();
        match &self.stage {
            Stage::Night(n) => self.night_asks(n, &mut asks),
            Stage::Speeches(s) => {
                if let Some(seat) = s.current() {
                    asks.push(self.blank_ask(seat, s.ask_kind()));
                }
            }
            Stage::Vote(v) => {
                let kind = match v.round {
                    VoteRound::Main => AskKind::Vote,
                    VoteRound::Pk => AskKind::PkVote,
                };
                for seat in v.remaining.iter() {
                    let mut ask = self.blank_ask(seat, kind);
                    ask.targets = v.candidates;
                    asks.push(ask);
                }
            }
            Stage::HunterDay { hunter } => {
                let mut ask = self.blank_ask(*hunter, AskKind::HunterShot);
                ask.targets = self.alive.without(*hunter);
                asks.push(ask);
            }
            Stage::LastWords { seat } => asks.push(self.blank_ask(*seat, AskKind::LastWords)),
            Stage::Ended => {}
        }
        // The old asks by seat (a seat has at most one pending ask), so keeping the numbers
        // of the asks that stay open takes one look each.
        let mut open = [None; SEATS + 1];
        for o in self.asks.iter().rev() {
            if let Some(slot) = open.get_mut(o.seat as usize) {
                *slot = Some((o.kind, o.seq));
            }
        }
        for ask in &mut asks {
            let kept = match open.get(ask.seat as usize).copied().flatten() {
                Some((kind, seq)) if kind == ask.kind => Some(seq),
                _ => self
                    .asks
                    .iter()
                    .find(|o| o.seat == ask.seat && o.kind == ask.kind)
                    .map(|o| o.seq),
            };
            ask.seq = kept.unwrap_or_else(|| {
                self.next_seq += 1;
                self.next_seq
            });
        }
        self.spare_asks = std::mem::replace(&mut self.asks, asks);
    }

    /// A vote goes on after a ballot: the asks of the seats still to vote are the ones
    /// already open (same kind, same candidates, same numbers), so the ballot's own ask is
    /// dropped and nothing is rebuilt. False (nothing changed) when the asks must be built.
    fn vote_asks_still_open(&mut self) -> bool {
        let Stage::Vote(v) = &self.stage else {
            return false;
        };
        let kind = match v.round {
            VoteRound::Main => AskKind::Vote,
            VoteRound::Pk => AskKind::PkVote,
        };
        let open: SeatSet = self.asks.iter().map(|a| a.seat).collect();
        let same = !self.asks.is_empty()
            && v.remaining.minus(open).is_empty()
            && self
                .asks
                .iter()
                .all(|a| a.kind == kind && a.targets == v.candidates);
        if same {
            let remaining = v.remaining;
            self.asks.retain(|a| remaining.contains(a.seat));
        }
        same
    }

    fn blank_ask(&self, seat: Seat, kind: AskKind) -> Ask {
        Ask {
            seat,
            kind,
            targets: SeatSet::EMPTY,
            attacked: None,
            can_save: false,
            max_chars: if kind.is_speech() {
                self.rules.speech_max_chars.min(u16::MAX as usize) as u16
            } else {
                0
            },
            seq: 0,
        }
    }

    /// A death: logged with its cause (moderator only), then the win check. Returns true
    /// when the game ended.
    fn kill(&mut self, seat: Seat, cause: DeathCause) -> bool {
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

    fn win_check(&self) -> Option<Winner> {
        let alive_roles = self.alive.iter().map(|s| self.role(s));
        let (mut wolves, mut gods, mut villagers) = (0, 0, 0);
        for role in alive_roles {
            match role {
                Role::Werewolf => wolves += 1,
                Role::Villager => villagers += 1,
                _ => gods += 1,
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

    fn finish(&mut self, winner: Winner) {
        if let Some(side) = winner.side() {
            let points = match side {
                Side::Good => self.rules.gpp.win_good,
                Side::Wolves => self.rules.gpp.win_wolves,
            };
            for seat in ALL_SEATS {
                if self.side(seat) == side {
                    self.score(seat, points, ScoreReason::TeamWin);
                }
            }
        }
        self.winner = Some(winner);
        self.stage = Stage::Ended;
        let roles = self.roles;
        self.emit(Audience::Everyone, Event::GameOver { winner, roles });
    }
}

#[cfg(test)]
mod tests;
