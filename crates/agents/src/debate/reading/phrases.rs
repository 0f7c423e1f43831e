//! Word lists read fast: each entry split into its words once, and a sentence's tokens as a
//! set, so an entry whose first word the sentence lacks is skipped at once.

use std::collections::HashSet;

/// A `|`-separated word list with each entry split into its words once (reading a debate
/// checks every sentence against these lists, which was most of the offline judge's time).
pub(super) struct Phrases(Vec<(&'static str, Vec<&'static str>)>);

impl Phrases {
    pub(super) fn of(words: &'static str) -> Phrases {
        Phrases(
            words
                .split('|')
                .map(|p| (p, p.split(' ').collect()))
                .collect(),
        )
    }

    /// The entries that occur in `toks` as whole words, in the list's order (what
    /// `has_phrase` finds, entry by entry). `first` holds every token of `toks`: an entry
    /// whose first word is not among them cannot occur.
    pub(super) fn found<'a>(
        &'a self,
        toks: &'a [String],
        first: &'a HashSet<&str>,
    ) -> impl Iterator<Item = &'static str> + 'a {
        self.0
            .iter()
            .filter(move |(_, p)| first.contains(p[0]) && occurs(toks, p))
            .map(|(entry, _)| *entry)
    }
}

/// Whether the words `phrase` occur in `toks`, one after another.
pub(super) fn occurs(toks: &[String], phrase: &[&str]) -> bool {
    toks.windows(phrase.len())
        .any(|w| w.iter().zip(phrase).all(|(a, b)| a == b))
}

/// Every token of `toks`, for [`Phrases::found`].
pub(super) fn token_set(toks: &[String]) -> HashSet<&str> {
    toks.iter().map(String::as_str).collect()
}
