//! The contract between a game's pure rules and everything that runs them: the [`Game`]
//! trait (what it waits for, what it takes, what it logged, how it ended). Which games
//! there are is the core's registry's to say.

use super::audience::Logged;
use super::localized::Localized;
use super::seat::Seat;
use super::Outcome;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;

/// One decision a game waits for.
#[derive(Debug, Clone)]
pub struct Pending<A> {
    pub seat: Seat,
    /// The ask's sequence number in the game; a late or repeated answer carries an old one.
    pub seq: u32,
    /// The key of its deadline in the game's timers.
    pub timer: &'static str,
    pub ask: A,
}

/// A game the session layer can run: a pure state machine that says what it waits for,
/// takes actions or passed deadlines, and logs events with their audience.
pub trait Game: Send + 'static {
    type Action: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    type Ask: Clone + Debug + Send + Sync + 'static;
    type Event: Clone + Debug + Send + Sync + 'static;
    /// Why an action was refused: its `Display` in English, [`Localized::text`] in the
    /// language of whoever reads it.
    type Refusal: std::error::Error + Localized + Send + Sync + 'static;

    fn seat_count(&self) -> Seat;
    /// The asks open now, in the rules' order.
    fn pending(&self) -> Vec<Pending<Self::Ask>>;
    /// Whether `seat` may take `action` now; changes nothing.
    fn check(&self, seat: Seat, action: &Self::Action) -> Result<(), Self::Refusal>;
    /// Whether `action` answers no ask (a note to one's team): the session applies it
    /// without closing the seat's open ask.
    fn is_aside(&self, _action: &Self::Action) -> bool {
        false
    }
    /// The words a person at the table reads before `action` is taken: the speech it
    /// follows, when `action` is a speech (0: nothing to read). A watched session waits
    /// longer before an AI's speech after a long one, as a person would.
    fn reading_words(&self, _action: &Self::Action) -> u32 {
        0
    }
    /// What the table is shown of `seat`'s answer to `ask` while it is still being written,
    /// when that answer is a speech: the event the speech would log if `text` were all of
    /// it, with its audience (the game decides who hears a speech; a team's note stays in
    /// the team). `None`: the ask is not a speech, nothing is shown before it is taken.
    fn draft(&self, _seat: Seat, _ask: &Self::Ask, _text: &str) -> Option<Logged<Self::Event>> {
        None
    }
    /// The seats that may take an action no ask waits for before the asks open now are
    /// handed out (a werewolf's self-explosion before a day speech), in the order they are
    /// asked; empty (the default) when there are none.
    fn volunteers(&self) -> Vec<Seat> {
        Vec::new()
    }
    fn act(&mut self, seat: Seat, action: Self::Action) -> Result<(), Self::Refusal>;
    /// `seat`'s deadline passed: the rules' default applies.
    fn timeout(&mut self, seat: Seat) -> Result<(), Self::Refusal>;
    /// The phase the game is in, as a number that changes whenever a new phase begins
    /// (werewolf: each night and each day). Strikes for missed actions are counted by
    /// phase, and a seat handed to an AI can be taken back from the next one. A game with
    /// no phases keeps 0.
    fn phase(&self) -> u32 {
        0
    }
    /// The timers whose sum is the least time the current phase lasts at a table with
    /// people (a werewolf night on a board that hides the dead: its steps' full time), so
    /// how soon it ends tells nothing; empty (the default): a phase ends with its last
    /// answer. The session shows a phase that ended sooner only when that time has passed.
    fn floor(&self) -> &'static [&'static str] {
        &[]
    }
    /// Whether `seat` may idle out now (a person away too long leaves the game by the
    /// rules: see [`Game::idle_out`]). `false` for a game without it, or not at this moment.
    fn can_idle_out(&self, _seat: Seat) -> bool {
        false
    }
    /// `seat` idles out by the rules (werewolf: it dies with no last words and no shot).
    /// Only called after [`Game::can_idle_out`] said yes.
    fn idle_out(&mut self, _seat: Seat) {}
    /// Everything that happened, each event with its audience.
    fn log(&self) -> &[Logged<Self::Event>];
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
}
