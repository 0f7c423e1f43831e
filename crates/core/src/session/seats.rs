//! Who plays a person's seat, in a running session: the strikes of [`super::afk`] counted
//! from each input (live or replayed), and each change of hands (a takeover by the table's
//! AI, a person taking the seat back, leaving, idling out) stored as an input of its own
//! ([`InputSource::Seat`]) before it is applied, so a resumed session replays it where it
//! happened. The AI that takes a seat over is the seat's stand-in: built with the session,
//! it has been shown every event the seat could see from the start (never more), so it
//! plays on from what the seat knows.

use super::afk::{Change, Control, SeatRefusal, Why};
use super::{Note, Runner, SessionError, SubmitError, UNASKED};
use crate::games::{Game, Seat};
use crate::store::{now_ms, InputSource, Outcome, StoredInput};

/// The change a stored seat input holds.
pub(super) fn change_of(input: &StoredInput) -> Result<Change, String> {
    #[derive(serde::Deserialize)]
    struct Payload {
        to: Control,
        why: Why,
    }
    let p: Payload = serde_json::from_value(input.payload.clone())
        .map_err(|e| format!("unreadable seat change: {e}"))?;
    Ok(Change {
        seat: input.seat,
        to: p.to,
        why: p.why,
    })
}

impl<T: Game> Runner<T> {
    /// Counts a stored input towards its seat's strikes: a person's action or pass ends a
    /// run of misses, a passed deadline is a miss (forgiven when its note says so).
    pub(super) fn count_input(&mut self, input: &StoredInput) {
        let Some(afk) = &mut self.afk else { return };
        match input.source {
            InputSource::Human => afk.acted(input.seat),
            InputSource::Timeout => {
                let forgiven = input
                    .note
                    .as_ref()
                    .is_some_and(|n| n.get("forgiven").is_some());
                afk.missed(input.seat, forgiven)
            }
            _ => {}
        }
    }

    /// After a replayed input: the changes a phase's end owes are expected next in the log
    /// (kept as owed until they are replayed; a crash between the two leaves them owed, and
    /// [`Runner::settle_seats`] stores them).
    pub(super) fn replay_phase(&mut self) {
        if self.game.outcome().is_some() {
            return;
        }
        if let Some(afk) = &mut self.afk {
            let changes = afk.phase_is(self.game.phase());
            self.owed.extend(changes);
        }
    }

    /// Replays a stored seat change.
    pub(super) fn replay_change(&mut self, input: &StoredInput) -> Result<(), SessionError> {
        let change = change_of(input).map_err(|reason| SessionError::Replay {
            id: self.id.to_string(),
            n: input.n,
            reason,
        })?;
        if let Some(i) = self.owed.iter().position(|c| *c == change) {
            self.owed.remove(i);
        }
        self.apply_change(change);
        Ok(())
    }

    /// After a live input: a phase that ended hands over the seats its strikes call for,
    /// and a seat owed an idle-out leaves when the rules allow it; each stored, then applied.
    pub(super) async fn settle_seats(&mut self) -> Result<(), SessionError> {
        if self.game.outcome().is_some() {
            return Ok(());
        }
        let Some(afk) = &mut self.afk else {
            return Ok(());
        };
        let mut changes = std::mem::take(&mut self.owed);
        changes.extend(afk.phase_is(self.game.phase()));
        for change in changes {
            self.commit_change(change).await?;
        }
        while let Some(change) = self.afk.as_ref().and_then(|afk| {
            let game = &self.game;
            afk.idle_due(|seat| game.can_idle_out(seat))
                .into_iter()
                .next()
        }) {
            self.commit_change(change).await?;
            if self.game.outcome().is_some() {
                break;
            }
        }
        Ok(())
    }

    /// A person asks to take their seat back (`to` [`Control::Person`]) or to leave it to
    /// the AI ([`Control::Ai`]).
    pub(super) async fn handle_seat(
        &mut self,
        seat: Seat,
        to: Control,
    ) -> Result<Result<(), SubmitError>, SessionError> {
        if self.game.outcome().is_some() {
            return Ok(Err(SubmitError::Closed));
        }
        let Some(afk) = &self.afk else {
            return Ok(Err(SubmitError::Seat(SeatRefusal::NotAPerson)));
        };
        let (checked, why) = match to {
            Control::Person => (afk.may_take_back(seat), Why::Back),
            _ => (afk.may_leave(seat), Why::Leave),
        };
        if let Err(refusal) = checked {
            return Ok(Err(SubmitError::Seat(refusal)));
        }
        let to = if to == Control::Person {
            Control::Person
        } else {
            Control::Ai
        };
        self.commit_change(Change { seat, to, why }).await?;
        Ok(Ok(()))
    }

    /// Stores a change of hands, then applies it.
    async fn commit_change(&mut self, change: Change) -> Result<(), SessionError> {
        let input = StoredInput {
            n: self.next_n,
            seat: change.seat,
            ask_seq: UNASKED,
            source: InputSource::Seat,
            payload: serde_json::json!({ "to": change.to, "why": change.why }),
            at: now_ms(),
            note: None,
        };
        self.persist(|store, id| {
            let input = input.clone();
            async move { store.append_input(&id, &input).await }
        })
        .await?;
        self.next_n += 1;
        self.apply_change(change);
        Ok(())
    }

    /// Hands the seat over: its stand-in plays it, or the person again (the stand-in goes
    /// back to watching), or it idles out by the rules. Its open ask is asked again of
    /// whoever plays it now; an answer on its way from the other is dropped.
    fn apply_change(&mut self, change: Change) {
        // What led to the change is shown first (the night that fell, then the seat's
        // new hands), live and in a replay alike.
        self.deliver();
        let seat = change.seat;
        let i = seat as usize - 1;
        if let Some(afk) = &mut self.afk {
            afk.apply(change);
        }
        match change.to {
            Control::Ai => {
                if self.agents[i].is_none() {
                    self.agents[i] = self.stand_ins.get_mut(i).and_then(Option::take);
                }
            }
            Control::Person => {
                if let Some(agent) = self.agents[i].take() {
                    if let Some(slot) = self.stand_ins.get_mut(i) {
                        *slot = Some(agent);
                    }
                }
            }
            Control::Idle => self.game.idle_out(seat),
        }
        self.unreached.remove(&seat);
        self.dispatched.retain(|(s, _)| *s != seat);
        self.ready.retain(|p| p.seat != seat);
        self.later.retain(|(s, _, _)| *s != seat);
        self.notify_shown(Note::Seat {
            seat,
            to: change.to,
            why: change.why,
        });
    }

    /// The result as rated: a person whose seat was handed over, or who left, lost
    /// whatever their side did (`"left": true` in the seat's details).
    pub(super) fn with_leavers(&self, mut outcome: Outcome) -> Outcome {
        let Some(afk) = &self.afk else { return outcome };
        for seat in &mut outcome.seats {
            if afk.left(seat.seat) {
                seat.won = false;
                if !seat.details.is_object() {
                    seat.details = serde_json::json!({});
                }
                seat.details["left"] = serde_json::json!(true);
            }
        }
        outcome
    }

    /// Whether an answer from `source` for `seat` comes from whoever plays it now (an AI's
    /// answer that arrives after the person took the seat back is dropped).
    pub(super) fn answer_counts(&self, seat: Seat, source: InputSource) -> bool {
        match source {
            InputSource::Ai | InputSource::Abstain => {
                matches!(self.agents.get(seat as usize - 1), Some(Some(_)))
            }
            _ => true,
        }
    }

    /// Marks a stored timeout as forgiven when the seat's ask never reached its person.
    pub(super) fn forgiveness(
        &mut self,
        seat: Seat,
        source: InputSource,
        note: &mut Option<serde_json::Value>,
    ) {
        match source {
            InputSource::Timeout if self.unreached.remove(&seat) => {
                let mut n = note.take().unwrap_or_else(|| serde_json::json!({}));
                n["forgiven"] = serde_json::json!("unreached");
                *note = Some(n);
            }
            InputSource::Human => {
                self.unreached.remove(&seat);
            }
            _ => {}
        }
    }
}
