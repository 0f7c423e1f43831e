//! A person's open call in a panel debate: the speech typed in the channel so far, kept in
//! message order and each message once (gateway events are handled concurrently, so lines
//! may arrive out of order, and twice after a reconnect), its live word count, and what the
//! call's message says once it has closed. Pure: no Discord I/O.

use agora_games::debate::words;

/// A person's open call: its ask's sequence number, its round and limit, and what they
/// have typed.
#[derive(Debug, Clone, Default)]
pub struct Call {
    pub seq: u32,
    pub round: u8,
    pub limit: u32,
    /// `(message id, text)`, in message order, each message once.
    pub lines: Vec<(u64, String)>,
    /// The call's own message, once posted.
    pub message: Option<u64>,
    /// When the call's time runs out (ms since the epoch).
    pub due_at: i64,
}

/// How a call closed, as its message says afterwards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closed {
    /// The speech was handed in (Done, `done`, or what was typed when the time ran out).
    HandedIn(u32),
    /// The time ran out with nothing typed: the turn was missed.
    TimedOut,
    /// The person gave in.
    Conceded,
    /// The debate ended or was stopped.
    Ended,
}

impl Call {
    /// Adds message `id`'s text (once; a repeat of a message already taken changes
    /// nothing), keeping message order. False when it was already there.
    pub fn add(&mut self, id: u64, text: &str) -> bool {
        crate::typed::add(&mut self.lines, id, text)
    }

    /// The speech: every line in message order.
    pub fn text(&self) -> String {
        crate::typed::text(&self.lines, None)
    }

    /// The speech as handed in by a `done` typed as message `done`: the lines written
    /// before it (one that arrives late but was written earlier still counts).
    pub fn text_before(&self, done: u64) -> String {
        crate::typed::text(&self.lines, Some(done))
    }

    pub fn words(&self) -> u32 {
        words::count(&self.text())
    }

    /// The call's message and its word-count line, once the message is posted and
    /// something is typed.
    pub fn count(&self) -> Option<(u64, String)> {
        let message = self.message?;
        if self.lines.is_empty() {
            return None;
        }
        let words = self.words();
        Some((
            message,
            format!(
                "✍️ {words} of {} words typed{} — press Done or type `done` to hand it in.",
                self.limit,
                if words > self.limit {
                    " (over the limit)"
                } else {
                    ""
                }
            ),
        ))
    }
}

/// `n` and the noun, in the singular for one.
pub fn plural(n: u32, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// What a call's message says while it is open.
pub fn open_text(user: u64, round: u8, limit: u32, due_at: i64) -> String {
    format!(
        "🎤 <@{user}>, your speech for round {round}: at most {limit} words. Type it here (one or more messages), then press Done or type `done` — <t:{}:R>.",
        due_at / 1000
    )
}

/// What a call's message says once it has closed (its controls removed).
pub fn closed_text(user: u64, round: u8, how: Closed) -> String {
    let what = match how {
        Closed::HandedIn(words) => format!("handed in ({}).", plural(words, "word")),
        Closed::TimedOut => "closed: the time ran out and the turn was missed.".into(),
        Closed::Conceded => "closed: you gave in.".into(),
        Closed::Ended => "closed: the debate has ended.".into(),
    };
    format!("🎤 <@{user}>, your speech for round {round} — {what}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_keep_message_order_each_once() {
        let mut c = Call::default();
        assert!(c.add(30, "Teams that work together win."));
        assert!(c.add(10, "First, a floor for everyone."));
        assert!(c.add(20, "That is my case."));
        assert!(!c.add(10, "First, a floor for everyone."), "a repeat");
        assert_eq!(
            c.text(),
            "First, a floor for everyone.\nThat is my case.\nTeams that work together win."
        );
        assert_eq!(
            c.text_before(25),
            "First, a floor for everyone.\nThat is my case."
        );
    }

    #[test]
    fn the_count_and_the_closed_call_read_plainly() {
        let mut c = Call {
            limit: 10,
            message: Some(5),
            ..Call::default()
        };
        assert_eq!(c.count(), None, "nothing typed yet");
        c.add(1, "Yes");
        let (m, line) = c.count().unwrap();
        assert_eq!(m, 5);
        assert!(line.starts_with("✍️ 1 of 10 words typed —"), "{line}");
        c.add(2, "one two three four five six seven eight nine ten");
        assert!(c
            .count()
            .unwrap()
            .1
            .contains("11 of 10 words typed (over the limit)"));
        assert_eq!(
            closed_text(7, 2, Closed::HandedIn(1)),
            "🎤 <@7>, your speech for round 2 — handed in (1 word)."
        );
        for how in [Closed::TimedOut, Closed::Conceded, Closed::Ended] {
            let t = closed_text(7, 1, how);
            assert!(t.contains("closed:") && !t.contains("Done"), "{t}");
        }
    }
}
