//! Writing to the store from a running session: every write retried until it lands (a
//! transient failure pauses the session and tells its subscribers; a lost lease stops it),
//! and the deadlines of the asks now waited on stored so a restart re-arms them.

use super::{Note, Runner, SessionError, RETRY_MAX, RETRY_MIN};
use crate::games::{Game, Seat};
use crate::store::{Store, StoreError};
use std::future::Future;

impl<T: Game> Runner<T> {
    /// Runs a store operation until it succeeds: a transient failure pauses the session
    /// (subscribers are told) and retries with backoff; a lost lease stops it.
    pub(super) async fn persist<F, Fut>(&mut self, op: F) -> Result<(), SessionError>
    where
        F: Fn(Store, String) -> Fut,
        Fut: Future<Output = Result<(), StoreError>>,
    {
        let mut wait = RETRY_MIN;
        loop {
            match op(self.store.clone(), self.id.to_string()).await {
                Ok(()) => {
                    if self.paused {
                        self.paused = false;
                        tracing::info!(session = %self.id, "store reachable again; session resumed");
                        self.notify(Note::Resumed);
                    }
                    return Ok(());
                }
                Err(e) if e.is_transient() => {
                    if !self.paused {
                        self.paused = true;
                        tracing::warn!(session = %self.id, error = %e, "store unavailable; session paused, retrying");
                        self.notify(Note::Paused {
                            reason: e.to_string(),
                        });
                    }
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(RETRY_MAX);
                }
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// Stores the deadlines of the asks now waited on, so a restart re-arms them (all of
    /// this step's in one write).
    pub(super) async fn store_deadlines(&mut self) -> Result<(), SessionError> {
        let new: Vec<(Seat, u32, i64)> = self
            .game
            .pending()
            .iter()
            .map(|p| (p.seat, p.seq))
            .filter(|key| !self.stored_deadlines.contains(key))
            .filter_map(|key| self.deadlines.get(&key).map(|&due| (key.0, key.1, due)))
            .collect();
        if new.is_empty() {
            return Ok(());
        }
        self.persist(|store, id| {
            let new = new.clone();
            async move { store.arm_deadlines(&id, &new).await }
        })
        .await?;
        self.stored_deadlines
            .extend(new.iter().map(|&(seat, seq, _)| (seat, seq)));
        Ok(())
    }
}
