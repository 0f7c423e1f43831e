//! What a viewer of a running session receives: the backlog of everything it may see so
//! far (and its open ask), then live notes; a paced subscription holds the session's AI
//! answers and timeouts back until the surface has shown what it took.

use super::handle::{Note, Subscription};
use super::{pace, Runner};
use crate::games::{Game, Viewer};
use std::collections::VecDeque;
use std::sync::Arc;
use tokio::sync::mpsc;

impl<T: Game> Runner<T> {
    /// What `viewer` may see: everything so far (the backlog), then live notes.
    pub fn subscribe(&mut self, viewer: Viewer) -> Subscription<T> {
        self.subscribe_with(viewer, false)
    }

    /// As [`Runner::subscribe`], for a surface that shows events at its own pace: the
    /// session applies no AI answer or timeout until the surface has reported every event
    /// it took as shown ([`Subscription::shown`]), so it never runs ahead of what people
    /// see. One paced subscriber a session (a later one replaces it).
    pub fn subscribe_paced(&mut self, viewer: Viewer) -> Subscription<T> {
        self.subscribe_with(viewer, true)
    }

    fn subscribe_with(&mut self, viewer: Viewer, paced: bool) -> Subscription<T> {
        let mut backlog = VecDeque::new();
        for logged in &self.game.log()[..self.cursor] {
            if logged.audience.shown_to(viewer) {
                backlog.push_back(Arc::new(Note::Event {
                    audience: logged.audience,
                    event: logged.event.clone(),
                }));
            }
        }
        for p in self.game.pending() {
            let note = Note::Ask {
                seat: p.seat,
                seq: p.seq,
                ask: p.ask.clone(),
                due_at: self.deadlines.get(&(p.seat, p.seq)).copied().unwrap_or(0),
            };
            if self.dispatched.contains(&(p.seat, p.seq)) && note.shown_to(viewer) {
                backlog.push_back(Arc::new(note));
            }
        }
        let (tx, rx) = mpsc::unbounded_channel();
        let pace = paced.then(|| {
            let events = backlog
                .iter()
                .filter(|n| matches!(***n, Note::Event { .. }))
                .count();
            let (gate, feed) = pace::Gate::new(events as u64);
            self.gate = Some(gate);
            for s in &mut self.subscribers {
                s.2 = false;
            }
            feed
        });
        self.subscribers.push((viewer, tx, paced));
        Subscription { backlog, rx, pace }
    }
}
