//! Sessions: one tokio task per table, between the pure rules and the surfaces.
//!
//! A session owns a game (any [`Game`]: werewolf, the debates, the trial), its seats
//! (human, or an AI [`Agent`]) and the deadline of every pending ask. It is driven by a
//! mailbox: surfaces [`SessionHandle::submit`] a seat's action and
//! [`SessionHandle::subscribe`] to what a [`Viewer`] (one seat, the public, the moderator)
//! may see. AI seats are asked as soon as their asks open, all at once where the rules
//! open several asks together; an expired deadline becomes the game's default action.
//!
//! Every input (human action, AI decision, timeout) is validated, then stored in the
//! session's append-only log, and only then applied. A restarted process rebuilds the
//! session by replaying the log ([`Runner::resume`]): the AI agents are shown the same
//! events and asked the same questions in the same order, so they end in the same state,
//! and the game carries on exactly as it would have. While the store is unreachable the
//! session pauses and retries; nothing is applied that was not stored.
//!
//! A refused submission comes back as a [`SubmitError`] whose rules' reason ([`Refused`])
//! the surface tells in its reader's language.

pub mod afk;
mod floor;
mod handle;
mod mailbox;
mod pace;
mod persist;
mod refused;
mod seats;
mod setup;
mod subscribe;
mod volunteer;

pub use handle::{
    Ended, Note, RunStats, Session, SessionError, SessionHandle, SubmitError, Subscription,
};
pub use pace::Shown;
pub use refused::Refused;
pub use setup::{rebuild, resume, setup_of, Deadlines, GameSetup, Place};

use crate::agents::turn::{self, Turn};
use crate::agents::{Agent, Answer, Decision};
use crate::games::{Game, Seat, Viewer};
use crate::store::{now_ms, InputSource, NewSession, SessionRow, Store, StoredInput};
use handle::Msg;
use setup::apply_stored;
use std::collections::{HashMap, HashSet, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// Session-wide settings that are not part of the game's rules.
#[derive(Debug, Clone)]
pub struct Options {
    /// Each ask's deadline, by its timer key, and the least a human gets on resume.
    pub deadlines: Arc<dyn Deadlines>,
    /// A pause before each AI or timeout input is applied (watch mode), so people can follow.
    pub step_delay: Duration,
    /// What happens to a person's seat after missed actions ([`afk`]); `None`: nothing
    /// (the game has no stand-ins).
    pub afk: Option<afk::AfkMode>,
}

struct Proposal<A> {
    seat: Seat,
    seq: u32,
    action: Option<A>,
    source: InputSource,
    note: Option<serde_json::Value>,
}

/// A viewer, its channel, and whether it paces the session.
type Subscriber<T> = (Viewer, mpsc::UnboundedSender<Arc<Note<T>>>, bool);

type Later<A> = (Seat, u32, Pin<Box<dyn Future<Output = Answer<A>> + Send>>);

/// A speech still being written: the open ask it answers and its text so far.
struct Draft {
    seat: Seat,
    seq: u32,
    text: String,
}

/// The session task's state.
pub struct Runner<T: Game> {
    id: Arc<str>,
    game: T,
    agents: Vec<Option<Box<dyn Agent<T>>>>,
    store: Store,
    options: Options,
    cursor: usize,
    next_n: u64,
    /// The AI that would play each person's seat if it were handed over: shown everything
    /// that seat may see, asked nothing until then (see [`seats`]).
    stand_ins: Vec<Option<Box<dyn Agent<T>>>>,
    /// Who plays each person's seat, and their strikes.
    afk: Option<afk::Afk>,
    /// Seat changes a replayed phase's end called for, not yet found in the log.
    owed: Vec<afk::Change>,
    /// Seats whose open ask a surface could not deliver: their miss is forgiven.
    unreached: HashSet<Seat>,
    /// Asks already handed to their agent (or armed for a human).
    dispatched: HashSet<(Seat, u32)>,
    deadlines: HashMap<(Seat, u32), i64>,
    stored_deadlines: HashSet<(Seat, u32)>,
    ready: VecDeque<Proposal<T::Action>>,
    later: Vec<Later<T::Action>>,
    /// Each subscriber, and whether it is the paced one (see [`pace`]).
    subscribers: Vec<Subscriber<T>>,
    /// Holds AI answers and timeouts back while the paced subscriber catches up.
    gate: Option<pace::Gate>,
    paused: bool,
    /// The least time the current phase lasts at a table with people (see [`floor`]).
    floor: floor::Floor<Note<T>>,
    stats: Arc<RunStats>,
    /// Where the drafts of AI speeches come in (see [`crate::agents::turn`]): each speech
    /// ask handed to an AI while someone subscribes gets a sink that sends here.
    drafts: (
        mpsc::UnboundedSender<Draft>,
        Option<mpsc::UnboundedReceiver<Draft>>,
    ),
}

/// The ask sequence number of an input that answers no ask (games number asks from 1).
pub const UNASKED: u32 = 0;

const RETRY_MIN: Duration = Duration::from_millis(200);
const RETRY_MAX: Duration = Duration::from_secs(15);
/// How long an idle session (no deadline armed) sleeps before looking again.
const IDLE: Duration = Duration::from_secs(3600);

impl<T: Game> Runner<T> {
    fn new(
        id: &str,
        game: T,
        agents: Vec<Option<Box<dyn Agent<T>>>>,
        mut stand_ins: Vec<Option<Box<dyn Agent<T>>>>,
        store: Store,
        options: Options,
    ) -> Self {
        stand_ins.resize_with(agents.len(), || None);
        for (agent, stand_in) in agents.iter().zip(stand_ins.iter_mut()) {
            if agent.is_some() {
                *stand_in = None;
            }
        }
        let person: Vec<bool> = stand_ins.iter().map(Option::is_some).collect();
        let afk = options
            .afk
            .filter(|_| person.iter().any(|p| *p))
            .map(|mode| afk::Afk::new(mode, person, game.phase()));
        let floor = floor::Floor::new(game.phase());
        Runner {
            floor,
            stand_ins,
            afk,
            owed: Vec::new(),
            unreached: HashSet::new(),
            id: id.into(),
            game,
            agents,
            store,
            options,
            cursor: 0,
            next_n: 0,
            dispatched: HashSet::new(),
            deadlines: HashMap::new(),
            stored_deadlines: HashSet::new(),
            ready: VecDeque::new(),
            later: Vec::new(),
            subscribers: Vec::new(),
            gate: None,
            paused: false,
            stats: Arc::new(RunStats::default()),
            drafts: {
                let (tx, rx) = mpsc::unbounded_channel();
                (tx, Some(rx))
            },
        }
    }

    /// Stores a new session, ready to [`Runner::start`]. `agents[i]` plays seat i+1
    /// (`None`: a human); `stand_ins[i]` would play a human's seat i+1 if it were handed
    /// over (none: it never is).
    pub async fn create(
        store: Store,
        new: NewSession,
        game: T,
        agents: Vec<Option<Box<dyn Agent<T>>>>,
        stand_ins: Vec<Option<Box<dyn Agent<T>>>>,
        options: Options,
    ) -> Result<Runner<T>, SessionError> {
        store.create_session(&new).await?;
        Ok(Runner::new(
            &new.id, game, agents, stand_ins, store, options,
        ))
    }

    /// Takes over a stored session (its lease) and replays its log, ready to
    /// [`Runner::start`]. `game` and `agents` must be built fresh from the stored config
    /// and seed.
    pub async fn resume(
        store: Store,
        row: &SessionRow,
        game: T,
        agents: Vec<Option<Box<dyn Agent<T>>>>,
        stand_ins: Vec<Option<Box<dyn Agent<T>>>>,
        options: Options,
    ) -> Result<Runner<T>, SessionError> {
        // An old task of this process may still have an append on its way: let it land
        // (or fail) before the log is read.
        store.flush().await;
        store.claim(&row.id).await?;
        if row.status == "lobby" {
            store.set_status(&row.id, "running").await?;
        }
        let inputs = store.inputs(&row.id).await?;
        let deadlines = store.deadlines(&row.id).await?;
        let mut runner = Runner::new(&row.id, game, agents, stand_ins, store, options);
        // A human was away while the process was down: their open ask gets a fair minimum
        // from now (`resume_min`), not `[0 s]` and the default at once.
        let human_min = now_ms() + runner.options.deadlines.resume_min().as_millis() as i64;
        for (seat, seq, due) in deadlines {
            let human = !matches!(runner.agents.get(seat as usize - 1), Some(Some(_)));
            let due = if human { due.max(human_min) } else { due };
            runner.deadlines.insert((seat, seq), due);
            runner.stored_deadlines.insert((seat, seq));
        }
        for input in &inputs {
            runner.replay(input)?;
        }
        // Everything the log led to is known before anyone subscribes, so a surface sees a
        // resumed game as its backlog (even one with no input stored yet) and can tell a
        // resume from a fresh start.
        runner.deliver();
        Ok(runner)
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    /// Starts the session's task. Subscribe first (with [`Runner::subscribe`]) to see
    /// everything from the start: a fast AI game may be over before a later subscription
    /// arrives.
    pub fn start(self) -> Session<T> {
        let (tx, rx) = mpsc::channel(64);
        let handle = SessionHandle {
            id: self.id.clone(),
            tx: tx.clone(),
        };
        let stats = self.stats.clone();
        let task = tokio::spawn(self.run(rx, tx));
        Session {
            handle,
            stats,
            task,
        }
    }

    /// Applies one stored input during a resume, asking the agents exactly what the
    /// original run asked them before it.
    fn replay(&mut self, input: &StoredInput) -> Result<(), SessionError> {
        if input.n != self.next_n {
            return Err(SessionError::Replay {
                id: self.id.to_string(),
                n: input.n,
                reason: format!("expected input #{}", self.next_n),
            });
        }
        if input.source == InputSource::Seat {
            // Stored right after the input it follows, before anyone was asked again.
            self.replay_change(input)?;
            self.next_n += 1;
            return Ok(());
        }
        self.deliver();
        self.dispatch(now_ms());
        apply_stored(&mut self.game, &self.id, input)?;
        self.next_n += 1;
        self.count_input(input);
        self.replay_phase();
        // An ask can stay open after an input with the same sequence number (the witch
        // may save, then still poison): it is asked again, as in the original run.
        self.dispatched.remove(&(input.seat, input.ask_seq));
        self.ready
            .retain(|p| !(p.seat == input.seat && p.seq == input.ask_seq));
        self.later
            .retain(|(seat, seq, _)| !(*seat == input.seat && *seq == input.ask_seq));
        Ok(())
    }

    fn notify(&mut self, note: Note<T>) {
        let note = Arc::new(note);
        let event = matches!(*note, Note::Event { .. });
        let gate = &mut self.gate;
        self.subscribers.retain(|(viewer, tx, paced)| {
            if note.shown_to(*viewer) {
                let sent = tx.send(note.clone()).is_ok();
                if sent && event && *paced {
                    if let Some(gate) = gate.as_mut() {
                        gate.sent_event();
                    }
                }
                sent
            } else {
                !tx.is_closed()
            }
        });
    }

    /// Shows new log entries to the agents that may see them and to subscribers.
    fn deliver(&mut self) {
        let end = self.floor.shown(self.game.log().len());
        for i in self.cursor..end {
            let logged = &self.game.log()[i];
            let audience = logged.audience;
            let seats = self.agents.len();
            let watching = self.agents.iter_mut().chain(self.stand_ins.iter_mut());
            for (index, agent) in watching.enumerate() {
                if let Some(agent) = agent {
                    if audience.includes((index % seats) as Seat + 1) {
                        agent.observe(&logged.event);
                    }
                }
            }
            if !self.subscribers.is_empty() {
                let event = logged.event.clone();
                self.notify(Note::Event { audience, event });
            }
        }
        self.cursor = end;
        self.floor_notes();
    }

    /// Hands newly opened asks to their agents (all at once) and arms their deadlines.
    fn dispatch(&mut self, now: i64) {
        if self.floor.holding() {
            // The phase that ended early is not shown yet: neither are its asks.
            return;
        }
        if self.volunteered() {
            // Taken before the asks open now are handed out (they may close with it).
            return;
        }
        let later_before = self.later.len();
        for pending in self.game.pending() {
            let key = (pending.seat, pending.seq);
            if !self.dispatched.insert(key) {
                continue;
            }
            let due = *self.deadlines.entry(key).or_insert_with(|| {
                now + self.options.deadlines.duration(pending.timer).as_millis() as i64
            });
            if !self.subscribers.is_empty() {
                self.notify(Note::Ask {
                    seat: pending.seat,
                    seq: pending.seq,
                    ask: pending.ask.clone(),
                    due_at: due,
                });
            }
            let Some(Some(agent)) = self.agents.get_mut(pending.seat as usize - 1) else {
                continue;
            };
            match agent.decide(&pending.ask) {
                Decision::Now(action) => self.ready.push_back(Proposal {
                    seat: pending.seat,
                    seq: pending.seq,
                    action: Some(action),
                    source: InputSource::Ai,
                    note: None,
                }),
                Decision::Later(future) => {
                    // The decision knows when it is due; a speech someone is watching is
                    // shown as it is written.
                    let left = Duration::from_millis((due - now_ms()).max(0) as u64);
                    let watched = !self.subscribers.is_empty()
                        && self.game.draft(pending.seat, &pending.ask, "").is_some();
                    let drafts = watched.then(|| {
                        let (seat, seq, tx) = (pending.seat, pending.seq, self.drafts.0.clone());
                        let sink: turn::Sink = Arc::new(move |text: &str| {
                            let text = text.to_string();
                            let _ = tx.send(Draft { seat, seq, text });
                        });
                        sink
                    });
                    let turn = Turn {
                        due: Some(std::time::Instant::now() + left),
                        drafts,
                    };
                    let future = Box::pin(turn::run(turn, future));
                    self.later.push((pending.seat, pending.seq, future));
                    if watched {
                        // Shown at once as being written (nothing yet), until its first words.
                        let text = String::new();
                        self.on_draft(Draft {
                            seat: pending.seat,
                            seq: pending.seq,
                            text,
                        });
                    }
                }
            }
        }
        let new_later = self.later.len() - later_before;
        if new_later > 0 {
            self.stats.waves.fetch_add(1, Ordering::Relaxed);
            self.stats
                .later_asks
                .fetch_add(new_later as u32, Ordering::Relaxed);
        }
    }

    /// A watched session's reading time before an AI's speech: what a person takes to read
    /// the speech it follows, an eighth of the step delay a word (100 ms at the terminal's
    /// 800 ms), at most 25 step delays. Nothing for other inputs (a judge's scores, a vote).
    fn reading_time(&self, p: &Proposal<T::Action>) -> Duration {
        match (&p.source, &p.action) {
            (InputSource::Ai, Some(action)) => {
                let words = self.game.reading_words(action).min(25 * 8);
                self.options.step_delay * words / 8
            }
            _ => Duration::ZERO,
        }
    }

    /// Shows a draft to whoever may hear the speech, while its ask is still open.
    fn on_draft(&mut self, d: Draft) {
        let Some(p) = self
            .game
            .pending()
            .into_iter()
            .find(|p| p.seat == d.seat && p.seq == d.seq)
        else {
            return;
        };
        if let Some(logged) = self.game.draft(d.seat, &p.ask, &d.text) {
            self.notify(Note::Draft {
                seat: d.seat,
                seq: d.seq,
                audience: logged.audience,
                event: logged.event,
                text: d.text,
            });
        }
    }

    fn is_open(&self, seat: Seat, seq: u32) -> bool {
        self.game
            .pending()
            .iter()
            .any(|p| p.seat == seat && p.seq == seq)
    }

    /// Validates, stores, then applies one input. A refused AI answer becomes an abstention
    /// (the rules' default, as a timeout would give).
    async fn commit(&mut self, mut p: Proposal<T::Action>) -> Result<(), SessionError> {
        if p.seq != UNASKED && !self.is_open(p.seat, p.seq) {
            return Ok(());
        }
        if !self.answer_counts(p.seat, p.source) {
            return Ok(());
        }
        self.forgiveness(p.seat, p.source, &mut p.note);
        if let Some(action) = &p.action {
            if let Err(refusal) = self.game.check(p.seat, action) {
                if p.seq == UNASKED && p.source == InputSource::Ai {
                    // An AI's unasked action the game no longer takes answers nothing.
                    tracing::debug!(session = %self.id, seat = p.seat, %refusal, "AI's unasked action refused; dropped");
                    return Ok(());
                }
                tracing::debug!(session = %self.id, seat = p.seat, %refusal, "AI answer refused; default taken");
                let mut note = p.note.take().unwrap_or_else(|| serde_json::json!({}));
                note["refused"] = serde_json::json!(refusal.to_string());
                note["fallback"] = serde_json::json!("default");
                p.note = Some(note);
                p.action = None;
                p.source = InputSource::Abstain;
            }
        }
        let payload = match &p.action {
            Some(a) => serde_json::to_value(a).unwrap_or(serde_json::Value::Null),
            None => serde_json::Value::Null,
        };
        let input = StoredInput {
            n: self.next_n,
            seat: p.seat,
            ask_seq: p.seq,
            source: p.source,
            payload,
            at: now_ms(),
            note: p.note,
        };
        self.persist(|store, id| {
            let input = input.clone();
            async move { store.append_input(&id, &input).await }
        })
        .await?;
        self.next_n += 1;
        // If the ask stays open (the witch saved and may still poison), ask it again.
        self.dispatched.remove(&(p.seat, p.seq));
        let before = self.game.log().len();
        let applied = match p.action {
            Some(action) => self.game.act(p.seat, action),
            None => self.game.timeout(p.seat),
        };
        if let Err(e) = applied {
            // Checked just above; the rules are deterministic, so this cannot happen.
            tracing::error!(session = %self.id, seat = p.seat, error = %e, "a checked input was refused");
        }
        self.floor_after(now_ms(), before);
        self.count_input(&input);
        self.settle_seats().await
    }

    fn next_deadline(&self) -> Option<i64> {
        self.game
            .pending()
            .iter()
            .filter_map(|p| self.deadlines.get(&(p.seat, p.seq)).copied())
            .min()
    }

    async fn run(
        mut self,
        mut rx: mpsc::Receiver<Msg<T>>,
        tx: mpsc::Sender<Msg<T>>,
    ) -> Result<Ended, SessionError> {
        // This process's keeper renews the lease with every other session's; the session
        // hears when another process took it.
        let mut lease = self.store.hold(&self.id);
        let mut drafts = self.drafts.1.take().expect("a session runs once");
        // What a resumed log's last phase end still owes.
        self.settle_seats().await?;
        self.floor_start(now_ms());
        loop {
            self.deliver();
            if let Some(outcome) = self.game.outcome() {
                let outcome = self.with_leavers(outcome);
                let stored = outcome.clone();
                self.persist(|store, id| {
                    let o = stored.clone();
                    async move { store.finish(&id, &o).await }
                })
                .await?;
                self.notify(Note::Ended {
                    outcome: outcome.clone(),
                });
                return Ok(Ended::Finished(outcome));
            }
            self.dispatch(now_ms());
            for (seat, seq, future) in self.later.drain(..) {
                let tx = tx.clone();
                tokio::spawn(async move {
                    let answer = future.await;
                    let _ = tx.send(Msg::Decided { seat, seq, answer }).await;
                });
            }
            // A paced surface that has not shown everything yet holds back AI answers and
            // timeouts (people's actions come through the mailbox and are never held).
            let mut held = self.gate.as_ref().and_then(|g| g.watch());
            if held.is_none() && !self.ready.is_empty() {
                // People first: what waits in the mailbox (a speech, a team note, a pass)
                // is taken before the next AI answer, so a run of AI turns never keeps a
                // person waiting.
                let mut took = false;
                while let Ok(msg) = rx.try_recv() {
                    took = true;
                    if let Some(ended) = self.on_msg(msg).await? {
                        return Ok(ended);
                    }
                }
                if took {
                    continue;
                }
                let p = self.ready.pop_front().expect("checked");
                if !self.options.step_delay.is_zero() && self.is_open(p.seat, p.seq) {
                    let pause = tokio::time::sleep(self.options.step_delay + self.reading_time(&p));
                    tokio::pin!(pause);
                    let mut spoke = None;
                    while spoke.is_none() {
                        tokio::select! {
                            biased;
                            msg = rx.recv() => spoke = Some(msg.expect("the runner holds a sender")),
                            // Another AI's speech goes on being written meanwhile.
                            Some(d) = drafts.recv() => self.on_draft(d),
                            _ = &mut pause => break,
                        }
                    }
                    if let Some(msg) = spoke {
                        // A person spoke during the pause: theirs first, this one after.
                        self.ready.push_front(p);
                        if let Some(ended) = self.on_msg(msg).await? {
                            return Ok(ended);
                        }
                        continue;
                    }
                }
                self.commit(p).await?;
                continue;
            }
            self.store_deadlines().await?;
            let due = [self.next_deadline(), self.floor.due()]
                .into_iter()
                .flatten()
                .min();
            let sleep_for = due
                .map(|d| Duration::from_millis((d - now_ms()).max(0) as u64))
                .unwrap_or(IDLE);
            tokio::select! {
                biased;
                // Shown more (or the surface went away): look again.
                _ = async { held.as_mut().expect("checked").changed().await }, if held.is_some() => {}
                Some(d) = drafts.recv() => self.on_draft(d),
                msg = rx.recv() => {
                    if let Some(ended) = self.on_msg(msg.expect("the runner holds a sender")).await? {
                        return Ok(ended);
                    }
                }
                _ = tokio::time::sleep(sleep_for), if held.is_none() => {
                    let now = now_ms();
                    if self.floor_release(now) {
                        continue;
                    }
                    for p in self.game.pending() {
                        if self.deadlines.get(&(p.seat, p.seq)).is_some_and(|&d| d <= now) {
                            self.ready.push_back(Proposal { seat: p.seat, seq: p.seq, action: None, source: InputSource::Timeout, note: None });
                        }
                    }
                }
                lost = lease.lost() => return Err(lost.into()),
            }
        }
    }
}

/// A fresh session id: 12 hex digits.
pub fn new_id() -> String {
    use std::hash::{BuildHasher, Hasher};
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(now_ms() as u64);
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    h.write_u32(std::process::id());
    format!("{:012x}", h.finish() & 0xffff_ffff_ffff)
}
