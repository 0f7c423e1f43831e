//! Werewolf on any [`Board`] of 5 to 16 seats: a pure, deterministic state machine of the
//! rules in `werewolf-rules.md` and `werewolf-boards.md` (no async, no I/O, no clock; a
//! seeded RNG for the deal and ties). The default board, `seed9`, plays as it always did.
//!
//! The game says what it waits for ([`Werewolf::asks`]), takes a seat's [`Action`] or a
//! passed deadline ([`Werewolf::timeout`]), and logs [`Event`]s, each with its [`Audience`].
//! [`Werewolf::view`] returns only what one seat may know. A refused action changes nothing.
//!
//! - `seat`: seats, roles, sides, seat sets; `board`: boards (deck and switches).
//! - `ask`: asks, actions, refusals; `asks`: the asks open now; `refusal_text`: a refusal
//!   in a table's language.
//! - `event`: events, audiences, and their one-line story.
//! - `rules`: the configurable rules and the GPP table.
//! - `night`, `day`: the two halves of a round; `sheriff`: the election and the badge;
//!   `deaths`: deaths, what follows them (badge, shots, last words), self-explosion and the
//!   win check; `score`: GPP bookkeeping.
//! - `view`: a seat's view of the game.

mod ask;
mod asks;
mod board;
pub mod claims;
#[cfg(test)]
mod claims_corpus;
mod day;
mod deal;
mod deaths;
mod event;
mod game;
mod idle;
mod night;
mod per_seat;
mod refusal_text;
mod rules;
mod score;
mod seat;
mod sheriff;
mod view;

pub use ask::{Action, Ask, AskKind, Choice, Refusal, Waiting};
pub use board::{Abstain, Board, LastWords, NightStep, Reveal, MIN_SEATS, SEED9_ID};
pub use claims::Claims;
use deal::deal_array;
pub use deal::{below, deal, deal_board, seat_draw, seat_draw_n};
pub use event::{
    Audience, Ballot, DeathCause, Event, Fall, Logged, ScoreReason, SpeechKind, VoteRound, Winner,
};
pub use per_seat::PerSeat;
pub use rules::{GppTable, Rules, WitchSelfSave, WolfChat};
pub use seat::{Role, Seat, SeatSet, Side, ALL_SEATS, DECK, EVERY_SEAT, MAX_SEATS, SEATS};
pub use view::{Knowledge, View};

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Where the game is. Asks are derived from it.
#[derive(Debug, Clone)]
enum Stage {
    Night(night::Night),
    /// Day, PK or campaign speeches, in `order`.
    Speeches(day::Speeches),
    Vote(day::Vote),
    /// A shooter (hunter, wolf king) who died by day may shoot.
    ShotDay {
        seat: Seat,
    },
    LastWords {
        seat: Seat,
    },
    /// Day 1 on a sheriff board: who runs.
    Signup(sheriff::Signup),
    /// The dying sheriff passes the badge or tears it.
    Badge {
        seat: Seat,
    },
    /// The sheriff picks the speaking direction.
    Order {
        sheriff: Seat,
    },
    /// The sheriff names a vote target.
    Call {
        sheriff: Seat,
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
    board: Arc<Board>,
    /// How many seats: `roles[..seats]` are dealt.
    seats: u8,
    roles: [Role; MAX_SEATS],
    /// `role_seats[role as usize]`: the first seat dealt that role (a special role is dealt once).
    role_seats: [Option<Seat>; Role::ALL.len()],
    alive: SeatSet,
    wolves: SeatSet,
    day: u32,
    stage: Stage,
    rng: ChaCha8Rng,
    antidote: bool,
    poison: bool,
    log: Vec<Logged>,
    gpp: [i32; MAX_SEATS],
    deaths: Vec<Seat>,
    winner: Option<Winner>,
    last_first_speaker: Option<Seat>,
    /// The seat the guard guarded last night (he may not guard it again tonight).
    last_guarded: Option<Seat>,
    /// The badge's holder.
    sheriff: Option<Seat>,
    /// The badge is gone for the game (torn, swallowed by an explosion, a revealed idiot's).
    badge_gone: bool,
    /// Night 1's dead on a sheriff board, not yet announced (the election comes first).
    unannounced: SeatSet,
    /// Who votes in the sheriff election (the seats that did not run).
    badge_voters: SeatSet,
    /// Revealed idiots: alive, never voting, never voted on again.
    mute: SeatSet,
    /// What must happen before the game moves on (badge, shots, last words), in order.
    tasks: Vec<deaths::Task>,
    /// Where the game goes once `tasks` is empty.
    then: deaths::Then,
    asks: Vec<Ask>,
    /// The previous asks' buffer, reused by `refresh_asks`.
    spare_asks: Vec<Ask>,
    next_seq: u32,
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

    /// A new game on the default board with roles dealt by `seed`, which also drives
    /// every tie-break.
    pub fn new(rules: Arc<Rules>, seed: u64) -> Werewolf {
        Werewolf::with_roles(rules, deal(seed), seed)
    }

    /// A new game on `board` with roles dealt by `seed`.
    pub fn on_board(rules: Arc<Rules>, board: Arc<Board>, seed: u64) -> Werewolf {
        let (roles, seats) = deal_array(&board, seed);
        // A shuffle of the board's deck by construction: nothing to check.
        Werewolf::dealt(rules, board, &roles[..seats], seed)
    }

    /// A new game on the default board with a fixed deal (`roles[i]` is seat i+1's role).
    pub fn with_roles(rules: Arc<Rules>, roles: [Role; SEATS], seed: u64) -> Werewolf {
        Werewolf::with_deal(rules, Board::seed9(), &roles, seed)
    }

    /// A new game on `board` with a fixed deal, which must be a shuffle of the board's deck.
    pub fn with_deal(rules: Arc<Rules>, board: Arc<Board>, deal: &[Role], seed: u64) -> Werewolf {
        let mut dealt = [0u8; Role::ALL.len()];
        for role in deal {
            dealt[*role as usize] += 1;
        }
        assert!(
            Role::ALL
                .iter()
                .all(|&role| usize::from(dealt[role as usize]) == board.count(role)),
            "a deal is a shuffle of its board's deck"
        );
        Werewolf::dealt(rules, board, deal, seed)
    }

    /// [`Werewolf::with_deal`] for a deal known to be a shuffle of the board's deck.
    fn dealt(rules: Arc<Rules>, board: Arc<Board>, deal: &[Role], seed: u64) -> Werewolf {
        let seats = deal.len() as u8;
        let mut roles = [Role::Villager; MAX_SEATS];
        roles[..deal.len()].copy_from_slice(deal);
        let mut role_seats = [None; Role::ALL.len()];
        for (i, role) in deal.iter().enumerate().rev() {
            role_seats[*role as usize] = Some(i as Seat + 1);
        }
        let every = SeatSet::upto(seats);
        let wolves = every
            .iter()
            .filter(|&s| roles[s as usize - 1].is_wolf())
            .collect();
        let mut game = Werewolf {
            rules,
            board,
            seats,
            roles,
            role_seats,
            alive: every,
            wolves,
            day: 0,
            stage: Stage::Ended,
            // A different stream from the deal's, so a fixed deal does not change tie-breaks.
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15),
            antidote: true,
            poison: true,
            log: Vec::with_capacity(256),
            gpp: [0; MAX_SEATS],
            deaths: Vec::with_capacity(MAX_SEATS),
            winner: None,
            last_first_speaker: None,
            last_guarded: None,
            sheriff: None,
            badge_gone: false,
            unannounced: SeatSet::EMPTY,
            badge_voters: SeatSet::EMPTY,
            mute: SeatSet::EMPTY,
            tasks: Vec::new(),
            then: deaths::Then::Night,
            asks: Vec::with_capacity(MAX_SEATS),
            spare_asks: Vec::with_capacity(MAX_SEATS),
            next_seq: 0,
        };
        if game.board.id != board::SEED9_ID {
            let (id, seats) = (game.board.id.clone(), game.seats);
            let names = game.board.name.clone();
            game.emit(Audience::Everyone, Event::Board { id, seats, names });
        }
        for seat in every.iter() {
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
    pub fn board(&self) -> &Arc<Board> {
        &self.board
    }
    /// How many seats this game's board has.
    pub fn seat_count(&self) -> usize {
        self.seats as usize
    }
    /// Every seat of this game.
    pub fn every_seat(&self) -> SeatSet {
        SeatSet::upto(self.seats)
    }
    pub fn role(&self, seat: Seat) -> Role {
        self.roles[seat as usize - 1]
    }
    /// `roles()[i]` is seat i+1's role.
    pub fn roles(&self) -> &[Role] {
        &self.roles[..self.seats as usize]
    }
    /// The living seats as the table knows them (night 1's dead stay in it until the
    /// sheriff election is over and dawn names them).
    pub fn alive(&self) -> SeatSet {
        self.alive.union(self.unannounced)
    }
    /// The badge's holder, if there is one.
    pub fn sheriff(&self) -> Option<Seat> {
        self.sheriff
    }
    /// Revealed idiots: alive, without a vote.
    pub fn mute(&self) -> SeatSet {
        self.mute
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
    pub fn gpp(&self) -> &[i32] {
        &self.gpp[..self.seats as usize]
    }
    /// The whole log: the god view.
    pub fn log(&self) -> &[Logged] {
        &self.log
    }
    /// What the game is waiting for now. At most one ask per seat.
    pub fn asks(&self) -> &[Ask] {
        &self.asks
    }
    /// The wolves a driver asks whether to self-explode before the open ask is handed out:
    /// the living wolves when that ask is a day speech (the campaign's included) on a board
    /// where a wolf may explode, else nobody. The rules still check each explosion.
    pub fn volunteers(&self) -> SeatSet {
        let explosive =
            self.board.self_explode || self.role_seats[Role::WhiteWolfKing as usize].is_some();
        match self.asks.first() {
            Some(ask)
                if explosive && matches!(ask.kind, AskKind::Speech | AskKind::CampaignSpeech) =>
            {
                self.alive.intersect(self.wolves)
            }
            _ => SeatSet::EMPTY,
        }
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

    /// The seat dealt `role` (a special role is dealt at most once), if the board has it.
    fn seat_of(&self, role: Role) -> Option<Seat> {
        self.role_seats[role as usize]
    }

    /// Whether `role` is dealt and its seat alive.
    fn living(&self, role: Role) -> Option<Seat> {
        self.seat_of(role).filter(|&s| self.alive.contains(s))
    }

    fn waiting(&self) -> Waiting {
        Waiting(self.asks.iter().map(|a| (a.seat, a.kind)).collect())
    }

    /// Applies a seat's action to its pending ask, or refuses it and changes nothing.
    /// Two actions are never asked and may come at any moment of their phase: a wolf's
    /// self-explosion and a sheriff candidate's withdrawal.
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
        // Only an explosion or a withdrawal may come unasked; every other action (all but
        // a handful of a game's) goes straight to its ask.
        let unasked = match action {
            Action::Explode { .. } | Action::Withdraw => self.unasked(seat, &action),
            _ => None,
        };
        if let Some(result) = unasked {
            result?;
            match action {
                Action::Explode { target } => self.explode(seat, target),
                _ => self.withdraw(seat),
            }
            self.refresh_asks();
            return Ok(());
        }
        let ask = self.pending_for(seat)?;
        self.apply(ask, action, meant)?;
        self.refresh_asks();
        Ok(())
    }

    /// For an action no ask waits for (explode, or a withdrawal outside the candidate's own
    /// speech), whether it is allowed now; `None` for every other action.
    #[cold]
    fn unasked(&self, seat: Seat, action: &Action) -> Option<Result<(), Refusal>> {
        match action {
            Action::Explode { target } => Some(
                self.pending_seat(seat)
                    .and_then(|_| self.check_explode(seat, *target)),
            ),
            Action::Withdraw
                if self
                    .ask_for(seat)
                    .is_none_or(|a| a.kind != AskKind::CampaignSpeech) =>
            {
                Some(self.pending_seat(seat).and_then(|_| {
                    if self.may_withdraw(seat) {
                        Ok(())
                    } else {
                        Err(Refusal::CannotWithdraw(seat))
                    }
                }))
            }
            _ => None,
        }
    }

    /// The deadline of `seat`'s pending ask passed: it takes the default (no pick, pass,
    /// no check, decline, no speech, abstain, no run, tear, up, no call), recorded
    /// privately in the log.
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
            AskKind::Witch | AskKind::GuardPick | AskKind::SheriffRun | AskKind::SheriffCall => {
                Some(Action::Pass)
            }
            AskKind::SeerCheck => {
                self.seer_no_check();
                None
            }
            AskKind::HunterShot | AskKind::KingShot => Some(Action::Decline),
            AskKind::Speech | AskKind::PkSpeech | AskKind::LastWords | AskKind::CampaignSpeech => {
                self.speech_done();
                None
            }
            AskKind::Vote | AskKind::PkVote | AskKind::SheriffVote => {
                // Even where abstaining is off, a ballot not cast is no ballot.
                self.cast(seat, Ballot::Abstain);
                None
            }
            AskKind::BadgePass => Some(Action::Tear),
            AskKind::SpeakingOrder => Some(Action::Order { up: true }),
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

    /// A seat of this table, in a game not over.
    fn pending_seat(&self, seat: Seat) -> Result<(), Refusal> {
        if !(1..=self.seats).contains(&seat) {
            return Err(Refusal::UnknownSeat {
                seat,
                seats: self.seats,
            });
        }
        if self.winner.is_some() {
            return Err(Refusal::GameOver);
        }
        Ok(())
    }

    fn pending_for(&self, seat: Seat) -> Result<Ask, Refusal> {
        self.pending_seat(seat)?;
        self.ask_for(seat)
            .copied()
            .ok_or_else(|| Refusal::NotYourTurn {
                seat,
                waiting: self.waiting(),
            })
    }

    /// Whether `seat` may take `action` now, without changing anything: the check a
    /// session makes before it stores an input.
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), Refusal> {
        if let Some(result) = self.unasked(seat, action) {
            return result;
        }
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
            | (AskKind::HunterShot | AskKind::KingShot, Action::Shoot { target })
            | (AskKind::BadgePass, Action::Badge { target })
            | (AskKind::SheriffCall, Action::Call { target }) => check_target(*target),
            (kind, Action::Vote { target }) if kind.is_vote() => check_target(*target),
            (AskKind::GuardPick, Action::Guard { target }) => {
                if self.last_guarded == Some(*target) && self.alive.contains(*target) {
                    return Err(Refusal::GuardRepeat(*target));
                }
                check_target(*target)
            }
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
            (kind, Action::Abstain) if kind.is_vote() => {
                if ask.no_abstain {
                    Err(Refusal::NoAbstain)
                } else {
                    Ok(())
                }
            }
            (
                AskKind::Witch | AskKind::GuardPick | AskKind::SheriffRun | AskKind::SheriffCall,
                Action::Pass,
            )
            | (AskKind::HunterShot | AskKind::KingShot, Action::Decline)
            | (AskKind::SheriffRun, Action::Run)
            | (AskKind::CampaignSpeech, Action::Withdraw)
            | (AskKind::BadgePass, Action::Tear)
            | (AskKind::SpeakingOrder, Action::Order { .. }) => Ok(()),
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
            (AskKind::GuardPick, Action::Guard { target }) => self.guard_pick(seat, Some(target)),
            (AskKind::GuardPick, Action::Pass) => self.guard_pick(seat, None),
            (AskKind::HunterShot | AskKind::KingShot, Action::Shoot { target }) => {
                self.shoot(seat, Some(target))
            }
            (AskKind::HunterShot | AskKind::KingShot, Action::Decline) => self.shoot(seat, None),
            (AskKind::CampaignSpeech, Action::Withdraw) => self.withdraw(seat),
            (kind, Action::Speak { text }) => self.speak(seat, kind, text, meant),
            (_, Action::Vote { target }) => self.cast(seat, Ballot::Vote(target)),
            (_, Action::Abstain) => self.cast(seat, Ballot::Abstain),
            (AskKind::SheriffRun, Action::Run) => self.sign_up(seat, true),
            (AskKind::SheriffRun, Action::Pass) => self.sign_up(seat, false),
            (AskKind::BadgePass, Action::Badge { target }) => self.pass_badge(seat, Some(target)),
            (AskKind::BadgePass, Action::Tear) => self.pass_badge(seat, None),
            (AskKind::SpeakingOrder, Action::Order { up }) => self.set_order(seat, up),
            (AskKind::SheriffCall, Action::Call { target }) => self.call(seat, Some(target)),
            (AskKind::SheriffCall, Action::Pass) => self.call(seat, None),
            (kind, other) => unreachable!("validated: {kind:?} takes {}", other.name()),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_boards;
