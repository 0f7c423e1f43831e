//! Why an action was refused ([`Refusal`]), told in a table's language
//! (`locales/*/refusals.ftl`, `panel-refused-…`); in English exactly as its `Display`
//! writes it.

use super::types::Refusal;
use crate::localized::{retell, Localized};
use crate::Lang;

/// The sentences the rules write as a `Wrong` reason, each a message.
const WRONG: [(&str, &[&str]); 8] = [
    ("panel-refused-evaluator-silent", &[]),
    ("panel-refused-surrendered", &["seat"]),
    ("panel-refused-evaluator-only", &[]),
    ("panel-refused-not-rated", &["seat"]),
    ("panel-refused-rated-twice", &["seat"]),
    ("panel-refused-rating", &["seat", "name", "value"]),
    ("panel-refused-nothing-to-rate", &[]),
    ("panel-refused-nothing-open", &["seat"]),
];

/// Whose turn it is, as [`Refusal::NotYourTurn`] says it.
const TURN: [(&str, &[&str]); 2] = [
    ("panel-refused-speaks-now", &["seat"]),
    ("panel-refused-evaluator-rating", &[]),
];

/// A rating's part (`persuasion`, `attack`, `evidence`) in `lang`.
fn value(name: &str, english: &str, lang: Lang) -> String {
    let key = format!("panel-refused-rating-{english}");
    match name {
        "name" => lang.try_text(&key).unwrap_or_else(|| english.to_string()),
        _ => english.to_string(),
    }
}

impl Localized for Refusal {
    fn text(&self, lang: Lang) -> String {
        let arg = |name: &str, english: &str| value(name, english, lang);
        match self {
            Refusal::Over => lang.text("panel-refused-over", &[]),
            Refusal::NoSuchSeat(seat) => {
                lang.text("panel-refused-no-seat", &[("seat", &seat.to_string())])
            }
            Refusal::NotYourTurn(why) => {
                let why = retell(why, &TURN, lang, arg);
                lang.text("panel-refused-not-your-turn", &[("why", &why)])
            }
            Refusal::Wrong(why) => retell(why, &WRONG, lang, arg),
            Refusal::Empty => lang.text("panel-refused-empty", &[]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_english_a_refusal_reads_as_it_always_did_and_in_chinese_without_english() {
        let mut all: Vec<Refusal> = [
            "the evaluator does not debate",
            "seat 2 has already surrendered",
            "only the evaluator rates",
            "seat 3 cannot be rated for this speech (only the other participants are)",
            "seat 3 is rated twice",
            "seat 3: attack must be between 0 and 1, not 1.5",
            "there is no speech to rate",
            "seat 4 has nothing open",
        ]
        .iter()
        .map(|w| Refusal::Wrong(w.to_string()))
        .collect();
        all.extend([
            Refusal::Over,
            Refusal::NoSuchSeat(7),
            Refusal::NotYourTurn("seat 2 speaks now".into()),
            Refusal::NotYourTurn("the evaluator is rating the last speech".into()),
            Refusal::Empty,
        ]);
        for r in all {
            assert_eq!(r.text(Lang::En), r.to_string());
            let zh = r.text(Lang::ZhCn);
            assert!(
                !zh.chars().any(|c| c.is_ascii_alphabetic()),
                "{zh} (from: {r})"
            );
        }
        assert_eq!(
            Refusal::Wrong("seat 2 has already surrendered".into()).text(Lang::ZhCn),
            "2号辩手已经认输"
        );
    }
}
