//! A person's open call in a panel debate: the speech typed in the channel so far, kept in
//! message order and each message once (gateway events are handled concurrently, so lines
//! may arrive out of order, and twice after a reconnect), its live word count, and what the
//! call's message says once it has closed. Pure: no Discord I/O.

use agora_games::debate::words;
use agora_games::Lang;

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
    /// The table's language, which its message speaks.
    pub lang: Lang,
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
        let lang = self.lang;
        let over = if words > self.limit {
            lang.text("dp-call-over", &[])
        } else {
            String::new()
        };
        Some((
            message,
            lang.text(
                "dp-call-count",
                &[
                    ("words", &words.to_string()),
                    ("limit", &self.limit.to_string()),
                    ("over", &over),
                ],
            ),
        ))
    }
}

/// `n` words in `lang` ("1 word", "12 words").
fn words_in(n: u32, lang: Lang) -> String {
    match n {
        1 => lang.text("dp-words-one", &[]),
        n => lang.text("dp-words", &[("n", &n.to_string())]),
    }
}

/// What a call's message says while it is open.
pub fn open_text(user: u64, round: u8, limit: u32, due_at: i64, lang: Lang) -> String {
    lang.text(
        "dp-call-open",
        &[
            ("user", &user.to_string()),
            ("round", &round.to_string()),
            ("limit", &limit.to_string()),
            ("t", &(due_at / 1000).to_string()),
        ],
    )
}

/// What a call's message says once it has closed (its controls removed).
pub fn closed_text(user: u64, round: u8, how: Closed, lang: Lang) -> String {
    let what = match how {
        Closed::HandedIn(words) => {
            lang.text("dp-call-handed-in", &[("words", &words_in(words, lang))])
        }
        Closed::TimedOut => lang.text("dp-call-timed-out", &[]),
        Closed::Conceded => lang.text("dp-call-conceded", &[]),
        Closed::Ended => lang.text("dp-call-ended", &[]),
    };
    lang.text(
        "dp-call-closed-text",
        &[
            ("user", &user.to_string()),
            ("round", &round.to_string()),
            ("what", &what),
        ],
    )
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
            closed_text(7, 2, Closed::HandedIn(1), Lang::En),
            "🎤 <@7>, your speech for round 2 — handed in (1 word)."
        );
        assert_eq!(
            closed_text(7, 2, Closed::HandedIn(12), Lang::ZhCn),
            "🎤 <@7>，你第 2 轮的发言 — 已提交（12 字）。"
        );
        for how in [Closed::TimedOut, Closed::Conceded, Closed::Ended] {
            let t = closed_text(7, 1, how, Lang::En);
            assert!(t.contains("closed:") && !t.contains("Done"), "{t}");
        }
    }
}
