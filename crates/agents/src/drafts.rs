//! Drafts: what an AI seat has written so far of a speech it is still writing, for a table
//! that is watching.
//!
//! Whoever runs a decision and has someone to show its speech to (a session with people
//! following it) runs the decision's future inside [`drafting`], with a [`Sink`] for that
//! one ask. A model call whose request names a shown field ([`Request::shown`]) then
//! streams its reply and hands the sink that field's text each time it grows
//! ([`crate::model::decide`]). Without a sink (the ladder, simulations, replays) nothing is
//! streamed. What the sink is given is for display only: the decision that is stored and
//! applied is the checked reply, as it would have been without streaming.
//!
//! [`Request::shown`]: crate::llm::Request::shown

use std::future::Future;
use std::sync::Arc;

/// Where the text of a speech being written goes: called with the whole text so far (not
/// a delta), already cleaned of control shapes, each time it grows.
pub type Sink = Arc<dyn Fn(&str) + Send + Sync>;

tokio::task_local! {
    static SINK: Sink;
}

/// Runs `future` with `sink` receiving the drafts of the speech it writes.
pub async fn drafting<F: Future>(sink: Sink, future: F) -> F::Output {
    SINK.scope(sink, future).await
}

/// The sink of the decision running now, if anyone is watching it.
pub fn sink() -> Option<Sink> {
    SINK.try_with(Sink::clone).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[tokio::test]
    async fn a_sink_is_seen_only_inside_its_scope() {
        assert!(sink().is_none());
        let seen = Arc::new(Mutex::new(Vec::new()));
        let s = seen.clone();
        let got = drafting(
            Arc::new(move |t: &str| s.lock().unwrap().push(t.to_string())),
            async {
                let sink = sink().expect("inside the scope");
                sink("Hello");
                sink("Hello there");
                7
            },
        )
        .await;
        assert_eq!(got, 7);
        assert_eq!(*seen.lock().unwrap(), ["Hello", "Hello there"]);
        assert!(sink().is_none());
    }
}
