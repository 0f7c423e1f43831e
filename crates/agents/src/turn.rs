//! What the session tells a decision while it runs: when its answer is due, and, for a
//! speech someone is watching, where to show it as it is written.
//!
//! The session runs each AI decision's future inside [`run`] with its [`Turn`]. A model
//! call reads it ([`crate::model::decide`]): the deadline sizes the call to the time left
//! (a server's queue and speed, see [`crate::llm::pace`]); with a [`Sink`], a request that
//! names a shown field ([`Request::shown`]) is streamed and that field's text handed to the
//! sink each time it grows. Without a turn (the ladder, simulations, replays) calls are
//! plain and take the provider's own limits. What the sink is given is for display only:
//! the decision stored and applied is the checked reply, as it would have been without
//! streaming.
//!
//! [`Request::shown`]: crate::llm::Request::shown

use std::future::Future;
use std::sync::Arc;
use std::time::Instant;

/// Where the text of a speech being written goes: called with the whole text so far (not
/// a delta), already cleaned of control shapes, each time it grows.
pub type Sink = Arc<dyn Fn(&str) + Send + Sync>;

/// One decision's circumstances.
#[derive(Clone, Default)]
pub struct Turn {
    /// When the answer is due (the ask's deadline): later, the rules' default is taken.
    pub due: Option<Instant>,
    /// Who watches the speech being written, if anyone.
    pub drafts: Option<Sink>,
}

tokio::task_local! {
    static TURN: Turn;
}

/// Runs `future` as the decision of `turn`.
pub async fn run<F: Future>(turn: Turn, future: F) -> F::Output {
    TURN.scope(turn, future).await
}

/// The turn of the decision running now (none outside [`run`]).
pub fn current() -> Turn {
    TURN.try_with(Turn::clone).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[tokio::test]
    async fn a_turn_is_seen_only_inside_its_scope() {
        assert!(current().drafts.is_none() && current().due.is_none());
        let seen = Arc::new(Mutex::new(Vec::new()));
        let s = seen.clone();
        let due = Instant::now();
        let turn = Turn {
            due: Some(due),
            drafts: Some(Arc::new(move |t: &str| {
                s.lock().unwrap().push(t.to_string())
            })),
        };
        let got = run(turn, async {
            let turn = current();
            assert_eq!(turn.due, Some(due));
            let sink = turn.drafts.expect("inside the scope");
            sink("Hello");
            sink("Hello there");
            7
        })
        .await;
        assert_eq!(got, 7);
        assert_eq!(*seen.lock().unwrap(), ["Hello", "Hello there"]);
        assert!(current().drafts.is_none());
    }
}
