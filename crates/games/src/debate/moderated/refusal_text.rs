//! Why an action was refused ([`Refusal`]), told in a table's language
//! (`locales/*/refusals.ftl`, `panel-refused-…`); in English exactly as its `Display`
//! writes it.

use super::types::Refusal;
use crate::localized::{retell, Localized};
use crate::Lang;

/// The sentences the rules write as a `Wrong` reason, each a message.
const WRONG: [(&str, &[&str]); 8] = [
    ("panel-refused-other-round", &["round", "other"]),
    ("panel-refused-scores-all", &["n", "given"]),
    ("panel-refused-evaluates-all", &["n", "given"]),
    ("panel-refused-round-running", &["round"]),
    ("panel-refused-final-due", &[]),
    ("panel-refused-final-later", &[]),
    ("panel-refused-moderator-only", &[]),
    ("panel-refused-nothing-open", &["seat"]),
];

/// Whose turn it is, as [`Refusal::NotYourTurn`] says it.
const TURN: [(&str, &[&str]); 3] = [
    ("panel-refused-speaks-now", &["seat"]),
    ("panel-refused-round-scoring", &["round"]),
    ("panel-refused-speaking-over", &[]),
];

impl Localized for Refusal {
    fn text(&self, lang: Lang) -> String {
        let arg = |_: &str, english: &str| english.to_string();
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
            Refusal::BadScore {
                criterion,
                value,
                max,
            } => {
                // The criterion as the moderator's schema names it (`counter_evidence`).
                let named = match lang {
                    Lang::En => criterion.to_string(),
                    lang => lang
                        .try_text(&format!("panel-refused-criterion-{criterion}"))
                        .or_else(|| lang.try_text(&format!("panel-sub-{criterion}")))
                        .unwrap_or_else(|| criterion.to_string()),
                };
                lang.text(
                    "panel-refused-bad-score",
                    &[
                        ("criterion", &named),
                        ("value", &value.to_string()),
                        ("max", &max.to_string()),
                    ],
                )
            }
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
            "the moderator scores round 2, not round 3",
            "each pass scores all 3 participants, not 2",
            "each pass evaluates all 3 participants, not 4",
            "round 2 is still being spoken: the moderator scores it when it ends",
            "every round is scored: the final evaluation is due",
            "the final evaluation comes after the last round is scored",
            "only the moderator scores",
            "seat 1 has nothing open",
        ]
        .iter()
        .map(|w| Refusal::Wrong(w.to_string()))
        .collect();
        all.extend([
            Refusal::Over,
            Refusal::NoSuchSeat(7),
            Refusal::NotYourTurn("seat 2 speaks now".into()),
            Refusal::NotYourTurn("round 1 is being scored by the moderator".into()),
            Refusal::NotYourTurn(
                "the speaking is over; the moderator gives the final evaluation".into(),
            ),
            Refusal::Empty,
        ]);
        for criterion in ["argument", "rebuttal", "strategy", "counter_evidence"] {
            all.push(Refusal::BadScore {
                criterion,
                value: 11,
                max: 10,
            });
        }
        for r in all {
            assert_eq!(r.text(Lang::En), r.to_string());
            let zh = r.text(Lang::ZhCn);
            assert!(
                !zh.chars().any(|c| c.is_ascii_alphabetic()),
                "{zh} (from: {r})"
            );
        }
        assert_eq!(
            Refusal::NotYourTurn("seat 2 speaks now".into()).text(Lang::ZhCn),
            "还没轮到你：现在是2号辩手发言"
        );
    }
}
