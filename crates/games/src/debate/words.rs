//! The text facts a debate's rules read from a speech: its word count (whitespace-separated
//! tokens) and whether its last sentence is a question.

/// Words in `text`: whitespace-separated tokens.
pub fn count(text: &str) -> u32 {
    text.split_whitespace().count() as u32
}

/// Whether the last sentence of `text` ends with a question mark (closing quotes, brackets
/// and trailing spaces ignored; the full-width `？` counts too).
pub fn ends_with_question(text: &str) -> bool {
    let trimmed = text.trim_end_matches(|c: char| {
        c.is_whitespace() || matches!(c, '"' | '\'' | ')' | ']' | '»' | '”' | '’' | '*' | '_')
    });
    trimmed.ends_with('?') || trimmed.ends_with('？')
}

/// `max(1, round(limit × scale))`: a word limit shortened or lengthened by `length_scale`.
pub fn scaled(limit: u32, scale: f64) -> u32 {
    ((limit as f64 * scale).round() as u32).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_whitespace_tokens() {
        assert_eq!(count(""), 0);
        assert_eq!(count("  one\ttwo\nthree  "), 3);
        assert_eq!(count("a — b"), 3);
    }

    #[test]
    fn questions_at_the_end() {
        assert!(ends_with_question("Is that so?"));
        assert!(ends_with_question("You said \"why?\"  "));
        assert!(ends_with_question("Really？"));
        assert!(!ends_with_question("Why? Because."));
        assert!(!ends_with_question(""));
    }

    #[test]
    fn scaling_rounds_and_keeps_one() {
        assert_eq!(scaled(750, 1.0), 750);
        assert_eq!(scaled(750, 1.0 / 3.0), 250);
        assert_eq!(scaled(125, 0.04), 5);
        assert_eq!(scaled(250, 0.04), 10);
        assert_eq!(scaled(10, 0.01), 1);
        assert_eq!(scaled(1000, 0.04), 40);
    }
}
