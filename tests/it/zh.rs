//! Reading a test's output for Simplified Chinese: whether a text holds Han characters, how
//! many of its lines do, and which English words of a game it still shows. Shared by the
//! Chinese tests of the command line, the terminal and Discord.

/// Whether `text` holds a Han character (the CJK Unified Ideographs block).
pub(crate) fn han(text: &str) -> bool {
    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

/// `text`'s non-empty lines and how many of them hold a Han character.
pub(crate) fn han_lines(text: &str) -> (Vec<&str>, usize) {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let chinese = lines.iter().filter(|l| han(l)).count();
    (lines, chinese)
}

/// The words of `text`, lower-cased and split at every character that is not an ASCII
/// letter, that are among `words` (given in lower case).
pub(crate) fn english_words(text: &str, words: &[&str]) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| words.contains(w))
        .map(String::from)
        .collect()
}
