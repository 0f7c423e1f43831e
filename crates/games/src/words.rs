//! The text facts the rules read from a speech (a debate's, a trial's): its word count (a
//! Han character is a word, as the source's 字 limits counted; any other run of characters
//! between spaces is one), its first words as counted so, and whether its last sentence is
//! a question.

use crate::lang::is_han;

/// Words in `text`: each Han character one word (a Chinese speech's 字), every other run
/// of characters between whitespace, CJK punctuation or Han characters one word (so an
/// English text counts its whitespace-separated tokens, and `UBI` inside Chinese counts one).
pub fn count(text: &str) -> u32 {
    starts(text).count() as u32
}

/// The first `n` words of `text`, as [`count`] counts them, with what lies between them
/// (trailing whitespace trimmed); all of `text` when it has no more.
pub fn first(text: &str, n: u32) -> &str {
    match starts(text).nth(n as usize) {
        Some(end) => text[..end].trim_end(),
        None => text,
    }
}

/// Where each word of `text` starts (its byte offset), as [`count`] reads words.
fn starts(text: &str) -> impl Iterator<Item = usize> + '_ {
    let mut in_run = false;
    text.char_indices().filter_map(move |(at, c)| {
        if is_han(c) {
            in_run = false;
            Some(at)
        } else if c.is_whitespace() || is_cjk_punctuation(c) {
            in_run = false;
            None
        } else if !in_run {
            in_run = true;
            Some(at)
        } else {
            None
        }
    })
}

/// CJK and full-width punctuation (`，。、！？：；（）「」` and the like): a separator, not a
/// word. (Curly quotes, dashes and ellipses are left as they are: English uses them inside
/// words, `don’t`.)
fn is_cjk_punctuation(c: char) -> bool {
    matches!(c as u32, 0x3000..=0x303F | 0xFE30..=0xFE4F)
        || matches!(c, '\u{FF01}'..='\u{FF0F}' | '\u{FF1A}'..='\u{FF20}' | '\u{FF3B}'..='\u{FF40}' | '\u{FF5B}'..='\u{FF65}')
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
        assert_eq!(count("don't stop-now, ok?"), 3);
        assert_eq!(count("a — b don’t “quote” wait…what"), 6);
    }

    #[test]
    fn a_han_character_is_a_word() {
        assert_eq!(count("我们赞成。"), 4);
        assert_eq!(count("我们支持UBI计划，理由有三。"), 11);
        assert_eq!(count("「全民基本收入」不是福利！"), 10);
        assert_eq!(count("“全民基本收入”不是福利"), 12);
        assert_eq!(count("芬兰 2017 年的试点"), 7);
    }

    #[test]
    fn the_first_words_are_cut_as_they_are_counted() {
        assert_eq!(first("one two  three four", 2), "one two");
        assert_eq!(first("one two", 5), "one two");
        assert_eq!(first("我们支持UBI计划，理由有三。", 5), "我们支持UBI");
        assert_eq!(first("芬兰 2017 年的试点", 2), "芬兰");
        assert_eq!(count(first("全民基本收入给每个人安全感", 4)), 4);
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
