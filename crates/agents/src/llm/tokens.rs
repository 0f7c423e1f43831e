//! Token estimates for prompts and replies when the server reports no usage.
//!
//! Close to what BPE tokenizers of the GPT-4 family give for English and JSON (about four
//! characters a token, a word's leading space folded in, punctuation apart) and for CJK
//! text (about one token a character). It is for budgets and reports, not billing.

/// The estimated number of tokens in `text`.
pub fn estimate(text: &str) -> u32 {
    let mut tokens = 0u32;
    let mut run = 0u32; // letters or digits in the current word
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            run += 1;
            continue;
        }
        tokens += run.div_ceil(4);
        run = 0;
        if c.is_whitespace() {
            continue;
        }
        // Punctuation, symbols and non-ASCII characters: about one token each.
        tokens += 1;
    }
    tokens + run.div_ceil(4)
}

#[cfg(test)]
mod tests {
    use super::estimate;

    #[test]
    fn estimates_are_in_the_right_range() {
        assert_eq!(estimate(""), 0);
        let english = "The quick brown fox jumps over the lazy dog, and the seer checks seat 5.";
        let n = estimate(english);
        assert!((14..=24).contains(&n), "{n}");
        assert_eq!(estimate("狼人杀"), 3);
        assert!(estimate(r#"{"target": 5, "reasoning_steps": ["a"]}"#) >= 12);
    }
}
