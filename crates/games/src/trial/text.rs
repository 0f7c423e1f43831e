//! Text as the trial reads and writes it, in either language: words counted as the debate
//! counts them (a Han character is one word, any other run between spaces one), the
//! characters that end a sentence (`.`, `!`, `?`, `;` and `。`, `！`, `？`, `；`), whether a
//! sentence asks (`?` or `？`), and sentences and lists joined as each language writes them
//! (a space between English sentences, none between Chinese ones; `, ` or `、`).

use crate::lang::{is_han, is_wide, Lang};

/// Words in `text`: a Han character one word, any other run between spaces or CJK
/// punctuation one (an English text counts its whitespace-separated tokens).
pub fn words(text: &str) -> usize {
    crate::words::count(text) as usize
}

/// A full stop, question or exclamation mark in either language (`;` and `；` not).
pub fn ends_sentence(c: char) -> bool {
    matches!(c, '.' | '!' | '?' | '。' | '！' | '？')
}

/// Whether `sentence` (trimmed) ends with a question mark, `?` or `？`.
pub fn is_question(sentence: &str) -> bool {
    sentence.ends_with('?') || sentence.ends_with('？')
}

/// Whether `text` asks anything (holds `?` or `？`).
pub fn asks(text: &str) -> bool {
    text.contains(['?', '？'])
}

/// Written without spaces around it: a Han character, CJK punctuation or a full-width form.
fn is_cjk(c: char) -> bool {
    is_han(c) || is_wide(c) || matches!(c as u32, 0x3000..=0x303F)
}

/// `parts` (empty ones left out) joined as sentences are: with a space, except where a
/// Chinese sentence meets another (the character on either side written without spaces).
pub fn join<'a>(parts: impl IntoIterator<Item = &'a str>) -> String {
    let mut out = String::new();
    for part in parts.into_iter().filter(|p| !p.is_empty()) {
        let tight =
            out.chars().next_back().is_some_and(is_cjk) || part.chars().next().is_some_and(is_cjk);
        if !out.is_empty() && !tight {
            out.push(' ');
        }
        out.push_str(part);
    }
    out
}

/// `items` as a list in `lang`: `a, b, c` or `a、b、c`.
pub fn list<S: AsRef<str>>(lang: Lang, items: &[S]) -> String {
    let sep = match lang {
        Lang::En => ", ",
        Lang::ZhCn => "、",
    };
    items
        .iter()
        .map(AsRef::as_ref)
        .collect::<Vec<_>>()
        .join(sep)
}

/// The separator of items that are phrases of their own (a juror's traits): `; ` or `；`.
pub fn phrase_separator(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "; ",
        Lang::ZhCn => "；",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_tokens_in_english_and_characters_in_chinese() {
        assert_eq!(words("The attack came from outside, plainly."), 6);
        assert_eq!(words("这是一场来自外部的攻击。"), 11);
        assert_eq!(words("这个 AI 被黑客劫持了"), 9);
    }

    #[test]
    fn chinese_sentences_join_without_a_space() {
        assert_eq!(join(["Hm.", "", "I'm torn."]), "Hm. I'm torn.");
        assert_eq!(join(["嗯。", "我还拿不准。"]), "嗯。我还拿不准。");
        assert_eq!(join(["直说吧：", "我偏向有罪。"]), "直说吧：我偏向有罪。");
        assert_eq!(list(Lang::ZhCn, &["法律", "安全防护"]), "法律、安全防护");
        assert_eq!(
            list(Lang::En, &["the law", "the safeguards"]),
            "the law, the safeguards"
        );
        assert!(is_question("真的吗？") && is_question("Really?") && !is_question("是。"));
        assert!(asks("你怎么看？我想听听。") && !asks("我想听听。"));
    }
}
