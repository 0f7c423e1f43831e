//! A speech typed in the channel over several messages: the lines kept as `(message id,
//! text)`, in message order and each message once (gateway events are handled
//! concurrently, so lines may arrive out of order, and twice after a reconnect). Every
//! debate table keeps a person's typed speech this way. Pure.

/// Adds message `id`'s text once, keeping message order; false when it was there already.
pub fn add(lines: &mut Vec<(u64, String)>, id: u64, text: &str) -> bool {
    match lines.binary_search_by_key(&id, |(i, _)| *i) {
        Ok(_) => false,
        Err(at) => {
            lines.insert(at, (id, text.to_string()));
            true
        }
    }
}

/// The speech: the lines of messages before `upto` (every line with `None`), in message
/// order.
pub fn text(lines: &[(u64, String)], upto: Option<u64>) -> String {
    lines
        .iter()
        .filter(|(i, _)| upto.is_none_or(|u| *i < u))
        .map(|(_, t)| t.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    #[test]
    fn lines_are_kept_in_message_order_each_once() {
        let mut lines = Vec::new();
        assert!(super::add(&mut lines, 9, "second"));
        assert!(super::add(&mut lines, 4, "first"));
        assert!(!super::add(&mut lines, 9, "second"));
        assert_eq!(super::text(&lines, None), "first\nsecond");
        assert_eq!(super::text(&lines, Some(9)), "first");
    }
}
