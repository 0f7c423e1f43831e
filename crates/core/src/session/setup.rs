//! Creating, resuming and rebuilding a session, written once for every game. A game
//! describes how it is set up at a table with a [`GameSetup`]: its seats, its AI agents,
//! its deadlines, and how the pure game is built from the setup stored with the session
//! (its config) and the seed. The setup is stored as JSON with the session row, so a
//! restarted process rebuilds the same game; resume picks the setup type by the row's
//! game, [`GameSetup::GAME`].

use super::afk::{self, AfkMode};
use super::{Options, Runner, SessionError};
use crate::agents::Agent;
use crate::games::Game;
use crate::store::{InputSource, NewSeat, NewSession, SessionRow, Store, StoreError, StoredInput};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

/// A game's deadlines: how long each kind of ask waits, by the timer key its
/// [`Pending`](crate::games::Pending) names.
pub trait Deadlines: Debug + Send + Sync {
    fn duration(&self, key: &str) -> Duration;
    /// On resume, a human's open ask gets at least this long from now.
    fn resume_min(&self) -> Duration;
}

/// Where a session is played.
#[derive(Debug, Clone)]
pub struct Place {
    /// `terminal`, `discord`, `sim`.
    pub surface: String,
    /// The community whose leaderboard the result feeds (a guild id, `terminal`).
    pub community: String,
    pub channel: String,
}

/// How a game is set up at a session table; stored (as JSON) as the session's config.
pub trait GameSetup: Serialize + DeserializeOwned + Send + Sync {
    type Game: Game;
    /// What the AI seats of a process can use (a model client and prompts, time limits).
    type Kit: Sync;
    /// The game's name, stored with the session (`werewolf`).
    const GAME: &'static str;

    /// Refuses a setup that cannot be played, saying why.
    fn check(&self) -> Result<(), String>;
    /// Who sits where, seat 1 first, as stored with the session.
    fn seats(&self) -> Vec<NewSeat>;
    /// The game, fresh from its seed.
    fn game(&self, seed: u64) -> Self::Game;
    /// The AI of each seat (`None`: a human), fresh from the seed; `id` is the session's.
    fn agents(
        &self,
        id: &str,
        seed: u64,
        kit: &Self::Kit,
    ) -> Vec<Option<Box<dyn Agent<Self::Game>>>>;
    fn deadlines(&self) -> Arc<dyn Deadlines>;
    /// What the server does with a person's seat after missed actions (see
    /// [`afk`](super::afk)); `None`: the game has no takeovers (its default).
    fn afk(&self) -> Option<AfkMode> {
        None
    }
    /// The AI that would play each person's seat if it were handed over (`None` for an AI's
    /// seat), fresh from the seed: it watches what its seat may see from the start. Empty
    /// for a game without takeovers.
    fn stand_ins(
        &self,
        _id: &str,
        _seed: u64,
        _kit: &Self::Kit,
    ) -> Vec<Option<Box<dyn Agent<Self::Game>>>> {
        Vec::new()
    }

    /// Stores a new session of this setup, ready to start.
    fn create(
        &self,
        store: Store,
        seed: u64,
        place: &Place,
        step_delay: Duration,
        kit: &Self::Kit,
    ) -> impl Future<Output = Result<Runner<Self::Game>, SessionError>> + Send
    where
        Self: Sized,
    {
        let checked = self.check();
        let id = super::new_id();
        let new = NewSession {
            id: id.clone(),
            game: Self::GAME.into(),
            surface: place.surface.clone(),
            community: place.community.clone(),
            channel: place.channel.clone(),
            config: serde_json::to_value(self).expect("a setup serializes"),
            seed,
            status: "running".into(),
            seats: self.seats(),
        };
        let options = Options {
            deadlines: self.deadlines(),
            step_delay,
            afk: self.afk(),
        };
        let game = self.game(seed);
        let agents = self.agents(&id, seed, kit);
        let stand_ins = self.stand_ins(&id, seed, kit);
        async move {
            checked.map_err(|message| {
                SessionError::Store(StoreError::Corrupt {
                    id: "new".into(),
                    message,
                })
            })?;
            Runner::create(store, new, game, agents, stand_ins, options).await
        }
    }
}

/// Reads the setup stored with a session.
pub fn setup_of<S: GameSetup>(row: &SessionRow) -> Result<S, StoreError> {
    let corrupt = |message: String| StoreError::Corrupt {
        id: row.id.clone(),
        message,
    };
    if row.game != S::GAME {
        return Err(corrupt(format!(
            "a {} session read as {}",
            row.game,
            S::GAME
        )));
    }
    serde_json::from_value(row.config.clone())
        .map_err(|e| corrupt(format!("{} setup: {e}", S::GAME)))
}

/// Takes over a stored session and replays it, ready to start again.
pub async fn resume<S: GameSetup>(
    store: Store,
    row: &SessionRow,
    step_delay: Duration,
    kit: &S::Kit,
) -> Result<Runner<S::Game>, SessionError> {
    let setup: S = setup_of(row)?;
    let agents = setup.agents(&row.id, row.seed, kit);
    let stand_ins = setup.stand_ins(&row.id, row.seed, kit);
    let options = Options {
        deadlines: setup.deadlines(),
        step_delay,
        afk: setup.afk(),
    };
    let game = setup.game(row.seed);
    Runner::resume(store, row, game, agents, stand_ins, options).await
}

/// Rebuilds a stored game from its log (the pure rules replayed, no agents): for reviews
/// once a game is over, such as a scorecard's breakdown.
pub async fn rebuild<S: GameSetup>(store: &Store, id: &str) -> Result<S::Game, SessionError> {
    let row = store.session(id).await?;
    let setup: S = setup_of(&row)?;
    let mut game = setup.game(row.seed);
    for input in store.inputs(id).await? {
        apply_stored(&mut game, id, &input)?;
    }
    Ok(game)
}

/// Applies one stored input to `game`: its action, or the rules' default when it has none
/// (a timeout or an abstention).
pub(super) fn apply_stored<T: Game>(
    game: &mut T,
    id: &str,
    input: &StoredInput,
) -> Result<(), SessionError> {
    let fail = |reason: String| SessionError::Replay {
        id: id.to_string(),
        n: input.n,
        reason,
    };
    if input.source == InputSource::Seat {
        // Only an idle-out is the rules' business; who plays a seat is the session's.
        let change = super::seats::change_of(input).map_err(fail)?;
        if change.to == afk::Control::Idle {
            game.idle_out(input.seat);
        }
        return Ok(());
    }
    let result = if input.payload.is_null() {
        game.timeout(input.seat)
    } else {
        let action: T::Action = serde_json::from_value(input.payload.clone())
            .map_err(|e| fail(format!("unreadable action: {e}")))?;
        game.act(input.seat, action)
    };
    result.map_err(|e| fail(e.to_string()))
}
