//! How surfaces talk to a running session: its [`SessionHandle`] (submit an action,
//! subscribe as a [`Viewer`], stop), the [`Note`]s a subscriber receives, and the errors
//! and endings a session reports.

use super::afk::{Control, SeatRefusal, Why};
use super::refused::Refused;
use crate::agents::Answer;
use crate::games::{Audience, Game, Seat, Viewer};
use crate::store::{Outcome, StoreError};
use std::collections::VecDeque;
use std::sync::atomic::AtomicU32;
use std::sync::Arc;
use thiserror::Error;
use tokio::sync::{mpsc, oneshot};

/// What a subscriber receives.
#[derive(Debug, Clone)]
pub enum Note<T: Game> {
    Event {
        audience: Audience,
        event: T::Event,
    },
    /// An ask opened for `seat` (shown to that seat and the moderator only).
    Ask {
        seat: Seat,
        seq: u32,
        ask: T::Ask,
        /// Epoch milliseconds.
        due_at: i64,
    },
    /// An AI seat's speech as written so far (the open ask `seq` of `seat`): the event it
    /// would log if this were all of it ([`Game::draft`]). Each draft of an ask replaces
    /// the one before; the ask's answer, when taken, is the speech itself (which may differ:
    /// cut to its limit, or the built-in player's if the model failed). The first draft of
    /// a watched ask comes as the seat begins, with no text yet. Never stored.
    Draft {
        seat: Seat,
        seq: u32,
        audience: Audience,
        event: T::Event,
        /// The speech's text so far, as it is in `event`.
        text: String,
    },
    /// Who plays a person's seat changed (shown to everyone: the table is told, no role).
    Seat {
        seat: Seat,
        to: Control,
        why: Why,
    },
    /// The store failed: the session waits and retries.
    Paused {
        reason: String,
    },
    Resumed,
    Ended {
        outcome: Outcome,
    },
    Abandoned,
}

impl<T: Game> Note<T> {
    pub(super) fn shown_to(&self, viewer: Viewer) -> bool {
        match self {
            Note::Event { audience, .. } | Note::Draft { audience, .. } => {
                audience.shown_to(viewer)
            }
            Note::Ask { seat, .. } => viewer.plays(*seat),
            _ => true,
        }
    }
}

/// Why a submitted action was not taken. Nothing changed. `Display` is the English;
/// [`Localized::text`](crate::games::Localized::text) tells it in any language.
#[derive(Debug, Error)]
pub enum SubmitError {
    /// The rules refused it: their reason, for the surface to tell.
    #[error("{0}")]
    Refused(Refused),
    #[error("that choice has closed (it was for an earlier question)")]
    Stale,
    #[error("seat {0} is played by an AI")]
    AiSeat(Seat),
    #[error("there is no seat {0} at this table")]
    NoSuchSeat(Seat),
    #[error("this game has already ended")]
    Closed,
    /// Taking a seat back or leaving it, refused.
    #[error("{0}")]
    Seat(SeatRefusal),
}

/// Why a session stopped before its game ended.
#[derive(Debug, Error)]
pub enum SessionError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("session {id}: the stored input #{n} no longer applies ({reason}); the log is inconsistent with these rules")]
    Replay { id: String, n: u64, reason: String },
    #[error("session {0}: its task failed")]
    Crashed(String),
}

/// How a session's task ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Ended {
    Finished(Outcome),
    Abandoned,
    /// Stopped by request (shutdown): the session stays `running` in the store and can be
    /// resumed.
    Detached,
}

pub(super) enum Msg<T: Game> {
    Submit {
        seat: Seat,
        action: T::Action,
        seq: Option<u32>,
        reply: oneshot::Sender<Result<(), SubmitError>>,
    },
    /// A person gives up their open turn (`seq`): stored and applied as the rules'
    /// default, like a deadline that passed.
    Pass {
        seat: Seat,
        seq: u32,
        reply: oneshot::Sender<Result<(), SubmitError>>,
    },
    Decided {
        seat: Seat,
        seq: u32,
        answer: Answer<T::Action>,
    },
    /// A person takes their seat back from the AI (`Control::Person`) or leaves it to the
    /// AI (`Control::Ai`).
    Hands {
        seat: Seat,
        to: Control,
        reply: oneshot::Sender<Result<(), SubmitError>>,
    },
    /// A surface could not deliver `seat`'s open ask: its miss is forgiven.
    Unreached { seat: Seat },
    Subscribe {
        viewer: Viewer,
        reply: oneshot::Sender<Subscription<T>>,
    },
    Stop {
        abandon: bool,
        reply: oneshot::Sender<()>,
    },
}

/// A viewer's stream of notes: first the backlog (everything it may see so far, and its
/// open ask), then live notes.
pub struct Subscription<T: Game> {
    pub(super) backlog: VecDeque<Arc<Note<T>>>,
    pub(super) rx: mpsc::UnboundedReceiver<Arc<Note<T>>>,
    /// Set for a paced subscription: the session waits for [`Subscription::shown`].
    pub(super) pace: Option<super::pace::Feed>,
}

impl<T: Game> Subscription<T> {
    /// The next note; `None` once the session's task has stopped.
    pub async fn next(&mut self) -> Option<Arc<Note<T>>> {
        let note = match self.backlog.pop_front() {
            Some(note) => Some(note),
            None => self.rx.recv().await,
        };
        self.count(note)
    }

    /// How many notes of the backlog (what happened before subscribing) are still unread.
    pub fn backlog_len(&self) -> usize {
        self.backlog.len()
    }

    /// The next note if one is ready now (to post several at once); never waits.
    pub fn try_next(&mut self) -> Option<Arc<Note<T>>> {
        let note = self.backlog.pop_front().or_else(|| self.rx.try_recv().ok());
        self.count(note)
    }

    /// A paced subscriber says that every note it has taken so far is on screen: the
    /// session may apply its next AI answer or timeout. (No effect on other subscriptions.)
    pub fn shown(&self) {
        if let Some(feed) = &self.pace {
            feed.shown();
        }
    }

    /// A mark of what this paced subscriber has taken now, to report shown later (after a
    /// reader's pause) from another task. `None` for an unpaced subscription.
    pub fn mark(&self) -> Option<super::pace::Shown> {
        self.pace.as_ref().map(|f| f.mark())
    }

    fn count(&mut self, note: Option<Arc<Note<T>>>) -> Option<Arc<Note<T>>> {
        if let (Some(feed), Some(n)) = (&mut self.pace, &note) {
            if matches!(**n, Note::Event { .. }) {
                feed.took_event();
            }
        }
        note
    }
}

/// How surfaces talk to a session. Cheap to clone.
pub struct SessionHandle<T: Game> {
    pub(super) id: Arc<str>,
    pub(super) tx: mpsc::Sender<Msg<T>>,
}

impl<T: Game> Clone for SessionHandle<T> {
    fn clone(&self) -> Self {
        SessionHandle {
            id: self.id.clone(),
            tx: self.tx.clone(),
        }
    }
}

impl<T: Game> SessionHandle<T> {
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Whether the session's task has stopped (it ended, was detached, or failed).
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }

    /// Submits a human seat's action; `seq`, when given, must be the open ask's (a button
    /// carries it, so a stale click is refused). Returns once the action is stored and
    /// applied, or refused with the reason.
    pub async fn submit(
        &self,
        seat: Seat,
        action: T::Action,
        seq: Option<u32>,
    ) -> Result<(), SubmitError> {
        let (reply, rx) = oneshot::channel();
        self.tx
            .send(Msg::Submit {
                seat,
                action,
                seq,
                reply,
            })
            .await
            .map_err(|_| SubmitError::Closed)?;
        rx.await.map_err(|_| SubmitError::Closed)?
    }

    /// A human seat gives up its open ask `seq` at once (a pass): stored, then applied as
    /// the rules' default, as when its time runs out. A stale `seq` is refused.
    pub async fn pass(&self, seat: Seat, seq: u32) -> Result<(), SubmitError> {
        let (reply, rx) = oneshot::channel();
        self.tx
            .send(Msg::Pass { seat, seq, reply })
            .await
            .map_err(|_| SubmitError::Closed)?;
        rx.await.map_err(|_| SubmitError::Closed)?
    }

    /// The person of `seat` takes it back from the AI that took it over (from the phase
    /// after the takeover). Refused with the reason ([`SubmitError::Seat`]) otherwise.
    pub async fn take_back(&self, seat: Seat) -> Result<(), SubmitError> {
        self.hands(seat, Control::Person).await
    }

    /// The person of `seat` leaves the game: the table's AI plays it from now on, for good.
    pub async fn leave(&self, seat: Seat) -> Result<(), SubmitError> {
        self.hands(seat, Control::Ai).await
    }

    async fn hands(&self, seat: Seat, to: Control) -> Result<(), SubmitError> {
        let (reply, rx) = oneshot::channel();
        self.tx
            .send(Msg::Hands { seat, to, reply })
            .await
            .map_err(|_| SubmitError::Closed)?;
        rx.await.map_err(|_| SubmitError::Closed)?
    }

    /// A surface could not deliver `seat`'s open ask (a message that failed to send): when
    /// its deadline passes, the miss is not the person's strike.
    pub async fn unreached(&self, seat: Seat) {
        let _ = self.tx.send(Msg::Unreached { seat }).await;
    }

    pub async fn subscribe(&self, viewer: Viewer) -> Result<Subscription<T>, SubmitError> {
        let (reply, rx) = oneshot::channel();
        self.tx
            .send(Msg::Subscribe { viewer, reply })
            .await
            .map_err(|_| SubmitError::Closed)?;
        rx.await.map_err(|_| SubmitError::Closed)
    }

    /// Ends the session as abandoned (a host's stop).
    pub async fn abandon(&self) {
        self.stop(true).await
    }

    /// Stops driving the session without ending it (shutdown); it can be resumed.
    pub async fn detach(&self) {
        self.stop(false).await
    }

    async fn stop(&self, abandon: bool) {
        let (reply, rx) = oneshot::channel();
        if self.tx.send(Msg::Stop { abandon, reply }).await.is_ok() {
            let _ = rx.await;
        }
    }
}

/// Counters of a session's run, for benchmarks and reports.
#[derive(Debug, Default)]
pub struct RunStats {
    /// Dispatch rounds that handed at least one ask to a slow (`Later`) agent: with every
    /// concurrent ask sent at once, the number of model calls that must run one after
    /// another, the game's critical path in calls.
    pub waves: AtomicU32,
    /// Asks handed to slow agents.
    pub later_asks: AtomicU32,
}

/// A running session: its handle and its task.
pub struct Session<T: Game> {
    pub handle: SessionHandle<T>,
    pub stats: Arc<RunStats>,
    pub(super) task: tokio::task::JoinHandle<Result<Ended, SessionError>>,
}

impl<T: Game> Session<T> {
    /// Stops the task where it is, as a crash would: nothing is released or stored.
    pub fn abort(&self) {
        self.task.abort();
    }

    /// Waits for the session's task to end.
    pub async fn wait(self) -> Result<Ended, SessionError> {
        let id = self.handle.id.to_string();
        match self.task.await {
            Ok(r) => r,
            Err(_) => Err(SessionError::Crashed(id)),
        }
    }
}
