//! A session's mailbox: what surfaces send a running session (a person's action or pass,
//! a subscription, a stop) and the AI answers that arrive from their own tasks, each taken
//! in turn by the session's task.

use super::handle::Msg;
use super::{Ended, Note, Proposal, Refused, Runner, SessionError, SubmitError, UNASKED};
use crate::games::{Game, Seat};
use crate::store::InputSource;

impl<T: Game> Runner<T> {
    /// Takes one message from the mailbox; `Some` once the session stops.
    pub(super) async fn on_msg(&mut self, msg: Msg<T>) -> Result<Option<Ended>, SessionError> {
        match msg {
            Msg::Submit {
                seat,
                action,
                seq,
                reply,
            } => {
                let result = self.handle_submit(seat, action, seq).await?;
                let _ = reply.send(result);
            }
            Msg::Pass { seat, seq, reply } => {
                let result = self.handle_pass(seat, seq).await?;
                let _ = reply.send(result);
            }
            Msg::Decided { seat, seq, answer } => {
                let source = if answer.action.is_some() {
                    InputSource::Ai
                } else {
                    InputSource::Abstain
                };
                self.ready.push_back(Proposal {
                    seat,
                    seq,
                    action: answer.action,
                    source,
                    note: answer.note,
                });
            }
            Msg::Hands { seat, to, reply } => {
                let result = self.handle_seat(seat, to).await?;
                let _ = reply.send(result);
            }
            Msg::Unreached { seat } => {
                self.unreached.insert(seat);
            }
            Msg::Subscribe { viewer, reply } => {
                let sub = self.subscribe(viewer);
                let _ = reply.send(sub);
            }
            Msg::Stop { abandon, reply } => {
                if abandon {
                    self.persist(
                        |store, id| async move { store.set_status(&id, "abandoned").await },
                    )
                    .await?;
                    self.notify(Note::Abandoned);
                } else {
                    let _ = self.store.release(&self.id).await;
                }
                let _ = reply.send(());
                return Ok(Some(if abandon {
                    Ended::Abandoned
                } else {
                    Ended::Detached
                }));
            }
        }
        Ok(None)
    }

    async fn handle_submit(
        &mut self,
        seat: Seat,
        action: T::Action,
        seq: Option<u32>,
    ) -> Result<Result<(), SubmitError>, SessionError> {
        if seat == 0 || seat > self.game.seat_count() {
            return Ok(Err(SubmitError::NoSuchSeat(seat)));
        }
        if self.agents[seat as usize - 1].is_some() {
            return Ok(Err(SubmitError::AiSeat(seat)));
        }
        // A note to one's team answers no ask; the seat's open ask stays as it was.
        let aside = self.game.is_aside(&action);
        let open = match aside {
            true => None,
            false => self.game.pending().into_iter().find(|p| p.seat == seat),
        };
        if let (Some(wanted), Some(open)) = (seq, &open) {
            if wanted != open.seq {
                return Ok(Err(SubmitError::Stale));
            }
        }
        if seq.is_some() && open.is_none() && !aside {
            return Ok(Err(SubmitError::Stale));
        }
        if let Err(refusal) = self.game.check(seat, &action) {
            return Ok(Err(SubmitError::Refused(Refused::new(refusal))));
        }
        // An action the rules take from a seat they did not ask (an aside, or a debater
        // taking the free-debate floor) is stored as answering no ask.
        self.commit(Proposal {
            seat,
            seq: open.map_or(UNASKED, |o| o.seq),
            action: Some(action),
            source: InputSource::Human,
            note: None,
        })
        .await?;
        Ok(Ok(()))
    }

    /// A person's pass: their open ask `seq` ends as its deadline would end it (stored as
    /// the person's input with no action).
    async fn handle_pass(
        &mut self,
        seat: Seat,
        seq: u32,
    ) -> Result<Result<(), SubmitError>, SessionError> {
        if seat == 0 || seat > self.game.seat_count() {
            return Ok(Err(SubmitError::NoSuchSeat(seat)));
        }
        if self.agents[seat as usize - 1].is_some() {
            return Ok(Err(SubmitError::AiSeat(seat)));
        }
        if !self.is_open(seat, seq) {
            return Ok(Err(SubmitError::Stale));
        }
        self.commit(Proposal {
            seat,
            seq,
            action: None,
            source: InputSource::Human,
            note: Some(serde_json::json!({"pass": true})),
        })
        .await?;
        Ok(Ok(()))
    }
}
