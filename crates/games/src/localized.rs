//! What a person reads of the rules, in the language they read: the [`Localized`] trait
//! every game's refusal implements (its `Display` is the English, as the rules wrote it),
//! and [`reread`], which reads one of the rules' English sentences back as the Fluent
//! message it is, so that a reason written as a plain string (`Refusal::Wrong("…")`) is
//! told in Chinese too without the rules carrying anything but the English.

use crate::Lang;
use std::fmt;

/// A message the rules give a person: `Display` is its English, [`Localized::text`] the
/// same in any language a table plays in (in English, the `Display` text exactly).
pub trait Localized: fmt::Display {
    fn text(&self, lang: Lang) -> String;
}

/// Marks an argument's place in a message rendered to be read back (characters from the
/// private-use area, which no message and no rule writes).
const MARK: char = '\u{E000}';

/// `english` read back as the message `id` (whose arguments are `args`, in any order): the
/// value of each argument, in the order of `args`, when `english` is that message's English
/// with some values filled in. Each value is the shortest that lets the rest match.
pub fn reread(english: &str, id: &str, args: &[&str]) -> Option<Vec<String>> {
    let marked: Vec<String> = (0..args.len())
        .map(|i| format!("{MARK}{i}{MARK}"))
        .collect();
    let filled: Vec<(&str, &str)> = args
        .iter()
        .zip(&marked)
        .map(|(a, m)| (*a, m.as_str()))
        .collect();
    // A message no file has comes back as its id.
    let template = Some(Lang::En.text(id, &filled)).filter(|t| t != id)?;
    // The template as literal pieces between argument places: `pieces[0] {slots[0]}
    // pieces[1] …`.
    let mut pieces = Vec::new();
    let mut slots = Vec::new();
    let mut parts = template.split(MARK);
    pieces.push(parts.next().unwrap_or(""));
    while let (Some(slot), Some(piece)) = (parts.next(), parts.next()) {
        slots.push(slot.parse::<usize>().ok()?);
        pieces.push(piece);
    }
    let mut rest = english.strip_prefix(pieces[0])?;
    let mut values = vec![String::new(); args.len()];
    for (i, slot) in slots.iter().enumerate() {
        let next = pieces[i + 1];
        let (value, after) = if i + 1 == slots.len() {
            (rest.strip_suffix(next)?, "")
        } else if next.is_empty() {
            return None;
        } else {
            let end = rest.find(next)?;
            (&rest[..end], &rest[end + next.len()..])
        };
        if value.is_empty() {
            return None;
        }
        values[*slot] = value.to_string();
        rest = after;
    }
    rest.is_empty().then_some(values)
}

/// The first of `known` (`(id, argument names)`) that `english` reads back as, with its
/// arguments' values.
pub fn reread_any<'a>(
    english: &str,
    known: &[(&'a str, &'a [&'a str])],
) -> Option<(&'a str, Vec<String>)> {
    known
        .iter()
        .find_map(|(id, args)| reread(english, id, args).map(|values| (*id, values)))
}

/// `english` told in `lang` when it reads back as one of `known`, each argument's value
/// put in `lang` by `value` (given the argument's name and its English value); `english`
/// as it is in English, and in any language when it is none of `known` (a reason the
/// files do not know yet stays readable).
pub fn retell(
    english: &str,
    known: &[(&str, &[&str])],
    lang: Lang,
    value: impl Fn(&str, &str) -> String,
) -> String {
    if lang.is_english() {
        return english.to_string();
    }
    match reread_any(english, known) {
        Some((id, values)) => {
            let args = known
                .iter()
                .find(|(k, _)| *k == id)
                .map_or(&[][..], |(_, a)| *a);
            let told: Vec<String> = args
                .iter()
                .zip(&values)
                .map(|(name, v)| value(name, v))
                .collect();
            let pairs: Vec<(&str, &str)> = args
                .iter()
                .zip(&told)
                .map(|(name, v)| (*name, v.as_str()))
                .collect();
            lang.text(id, &pairs)
        }
        None => english.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_is_read_back_as_its_message() {
        // `trial-refused-no-turns`: "you have used all { $turns } of your messages to { $juror }"
        let english = "you have used all 3 of your messages to Juror Lin";
        let values = reread(english, "trial-refused-no-turns", &["juror", "turns"]).unwrap();
        assert_eq!(values, ["Juror Lin", "3"]);
        assert_eq!(
            reread("the trial is over", "trial-refused-over", &[]),
            Some(vec![])
        );
        assert_eq!(
            reread("the trial is over!", "trial-refused-over", &[]),
            None
        );
        assert_eq!(reread(english, "trial-refused-over", &[]), None);
        assert_eq!(reread(english, "no-such-message", &[]), None);
        // An argument is never empty.
        assert_eq!(
            reread(
                "you have used all  of your messages to x",
                "trial-refused-no-turns",
                &["turns", "juror"]
            ),
            None
        );
    }

    #[test]
    fn a_sentence_is_retold_in_another_language_or_left_as_it_is() {
        let known: &[(&str, &[&str])] = &[
            ("trial-refused-over", &[]),
            ("trial-refused-no-turns", &["turns", "juror"]),
        ];
        let juror = |name: &str, v: &str| match name {
            "juror" => v.to_uppercase(),
            _ => v.to_string(),
        };
        let english = "you have used all 3 of your messages to lin";
        assert_eq!(retell(english, known, Lang::En, juror), english);
        assert_eq!(
            retell(english, known, Lang::ZhCn, juror),
            "你对LIN的 3 次发言机会已经用完"
        );
        assert_eq!(
            retell("something new", known, Lang::ZhCn, juror),
            "something new"
        );
    }
}
