//! Keeping a session in step with a surface that shows its events at a person's pace.
//!
//! A Discord channel posts AI speeches a reader's gap apart, while the session could play
//! the whole free debate in a second. Left alone, the session runs ahead of the channel:
//! a person presses a button the channel still shows as open, types, and is refused
//! because that part of the game has long gone. A surface that follows a session with
//! [`Runner::subscribe_paced`](super::Runner::subscribe_paced) holds it back instead: the
//! session applies no AI answer and no timeout while that subscriber has not shown every
//! event it was sent ([`Subscription::shown`](super::Subscription::shown)). People's own
//! actions are never held. If the subscriber goes away the session runs freely again.

use std::sync::Arc;
use tokio::sync::watch;

/// The subscriber's side: how many events it has taken, and the count it reports shown.
#[derive(Debug)]
pub struct Feed {
    taken: u64,
    shown: Arc<watch::Sender<u64>>,
}

impl Feed {
    /// One more event handed to the surface.
    pub(super) fn took_event(&mut self) {
        self.taken += 1;
    }

    /// Everything taken so far is on screen.
    pub(super) fn shown(&self) {
        self.mark().set();
    }

    /// A mark of what is taken now, to set later (once a reader has had time for it).
    pub(super) fn mark(&self) -> Shown {
        Shown {
            upto: self.taken,
            tx: Arc::downgrade(&self.shown),
        }
    }
}

/// What a paced surface had taken at one moment; [`Shown::set`] reports it shown. Marks
/// set late or out of order never move the count back; a mark does not keep a finished
/// subscription's gate alive.
#[derive(Debug, Clone)]
pub struct Shown {
    upto: u64,
    tx: std::sync::Weak<watch::Sender<u64>>,
}

impl Shown {
    pub fn set(&self) {
        let Some(tx) = self.tx.upgrade() else {
            return;
        };
        tx.send_if_modified(|shown| {
            let moved = *shown < self.upto;
            if moved {
                *shown = self.upto;
            }
            moved
        });
    }
}

/// The session's side: how many events it sent the paced subscriber, and what it showed.
#[derive(Debug)]
pub struct Gate {
    sent: u64,
    shown: watch::Receiver<u64>,
}

impl Gate {
    /// A gate and its feed; `backlog` events were handed over at subscription.
    pub(super) fn new(backlog: u64) -> (Gate, Feed) {
        let (tx, rx) = watch::channel(0);
        (
            Gate {
                sent: backlog,
                shown: rx,
            },
            Feed {
                taken: 0,
                shown: Arc::new(tx),
            },
        )
    }

    pub(super) fn sent_event(&mut self) {
        self.sent += 1;
    }

    #[cfg(test)]
    fn holds(&self) -> bool {
        self.watch().is_some()
    }

    /// While the gate holds: a receiver that wakes when the surface reports more shown
    /// (or goes away). `None`: nothing is held.
    pub(super) fn watch(&self) -> Option<watch::Receiver<u64>> {
        let mut w = self.shown.clone();
        let shown = *w.borrow_and_update();
        (self.shown.has_changed().is_ok() && shown < self.sent).then_some(w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gate_holds_until_everything_sent_is_shown_and_opens_when_the_surface_goes() {
        let (mut gate, mut feed) = Gate::new(2);
        assert!(gate.holds(), "the backlog is not shown yet");
        feed.took_event();
        feed.took_event();
        assert!(gate.holds(), "taken is not shown");
        feed.shown();
        assert!(!gate.holds());
        gate.sent_event();
        assert!(gate.holds());
        feed.took_event();
        feed.shown();
        assert!(!gate.holds());
        gate.sent_event();
        let early = feed.mark();
        feed.took_event();
        feed.mark().set();
        early.set();
        assert!(
            !gate.holds(),
            "an older mark set late does not move the count back"
        );
        gate.sent_event();
        drop(feed);
        assert!(!gate.holds(), "a surface that went away holds nothing back");
    }
}
