//! Why an action was refused ([`Refusal`]), told in a table's language
//! (`locales/*/trial.ftl`, `trial-refused-…`, and the rules' plain sentences in
//! `locales/*/refusals.ftl`); in English exactly as its `Display` writes it.

use super::types::Refusal;
use crate::localized::{retell, Localized};
use crate::Lang;

/// The sentences the rules write as a `Wrong` reason, each a message.
const WRONG: [(&str, &[&str]); 6] = [
    ("trial-refused-rested", &[]),
    ("trial-refused-only-players", &[]),
    ("trial-refused-nothing-to-label", &[]),
    ("trial-refused-no-answer-waiting", &[]),
    ("trial-refused-deliberation-turn", &["juror"]),
    ("trial-refused-no-statement", &[]),
];

impl Localized for Refusal {
    /// A `Wrong` reason the files do not know is given as the rules wrote it.
    fn text(&self, lang: Lang) -> String {
        let n = |x: &dyn std::fmt::Display| x.to_string();
        match self {
            Refusal::Over => lang.text("trial-refused-over", &[]),
            Refusal::NoSuchSeat(s) => lang.text("trial-refused-no-seat", &[("seat", &n(s))]),
            Refusal::ArgumentClosed => lang.text("trial-refused-closed", &[]),
            Refusal::NoSuchJuror(j) => lang.text("trial-refused-no-juror", &[("juror", j)]),
            Refusal::NoTurnsLeft(t, j) => {
                lang.text("trial-refused-no-turns", &[("turns", &n(t)), ("juror", j)])
            }
            Refusal::NoSuchCard(c) => lang.text("trial-refused-no-card", &[("card", c)]),
            Refusal::AlreadyPresented(c) => lang.text("trial-refused-presented", &[("card", c)]),
            Refusal::Empty => lang.text("trial-refused-empty", &[]),
            Refusal::Wrong(why) => retell(why, &WRONG, lang, |_, v| v.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::types::RESTED;
    use super::*;

    #[test]
    fn the_rules_sentences_are_told_in_chinese() {
        let wrong = [
            RESTED,
            "only players argue",
            "no message is waiting to be labelled",
            "nothing is waiting for this juror's answer",
            "it is juror_2's turn to speak in deliberation",
            "no deliberation statement is asked now",
        ];
        for why in wrong {
            let r = Refusal::Wrong(why.into());
            assert_eq!(r.text(Lang::En), why);
            let zh = r.text(Lang::ZhCn);
            assert!(zh.chars().any(crate::lang::is_han) && zh != why, "{zh}");
        }
        let turn = Refusal::Wrong("it is juror_2's turn to speak in deliberation".into());
        assert_eq!(turn.text(Lang::ZhCn), "评议中现在轮到juror_2发言");
    }
}
