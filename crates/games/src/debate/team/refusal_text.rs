//! Why an action was refused ([`Refusal`]), told in a table's language
//! (`locales/*/refusals.ftl`, `debate-refused-…`); in English exactly as its `Display`
//! writes it. The rules name seats ("Pro 2"), parts and sides in English inside their
//! reasons: each is read back and named in the table's language.

use super::types::{seat_title, seat_title_in, Part, Refusal, Side, SEATS};
use crate::localized::{retell, Localized};
use crate::Lang;

/// The sentences the rules write as a `Wrong` reason, each a message.
const WRONG: [(&str, &[&str]); 11] = [
    ("debate-refused-no-speech", &["speech"]),
    ("debate-refused-scored", &["speech"]),
    ("debate-refused-review-once", &[]),
    ("debate-refused-ask-first", &[]),
    ("debate-refused-rest-free-only", &[]),
    ("debate-refused-rest-floor-only", &[]),
    ("debate-refused-hand-to-mate", &["who"]),
    ("debate-refused-hand-floor-only", &[]),
    ("debate-refused-judge-only", &[]),
    ("debate-refused-judge-silent", &[]),
    ("debate-refused-judge-idle", &[]),
];

/// Whose turn it is, as [`Refusal::NotYourTurn`] says it.
const EXPECTED: [(&str, &[&str]); 4] = [
    ("debate-refused-cross-examining", &["seat"]),
    ("debate-refused-gives", &["seat", "part"]),
    ("debate-refused-judge-scoring", &[]),
    ("debate-refused-speeches-over", &[]),
];

/// The two seats a cross-examiner may pick, as [`Refusal::BadTarget`] lists them.
const EITHER: [(&str, &[&str]); 1] = [("debate-refused-either", &["a", "b"])];

const PARTS: [Part; 6] = [
    Part::Opening,
    Part::Question,
    Part::Answer,
    Part::Summary,
    Part::Free,
    Part::Closing,
];

/// A seat the rules named in English ("Pro 2", "the judge"), named in `lang`; any other
/// text as it is.
fn seat_named(title: &str, lang: Lang) -> String {
    (1..=SEATS)
        .find(|s| seat_title(*s) == title)
        .map_or_else(|| title.to_string(), |s| seat_title_in(s, lang))
}

/// An argument of one of the rules' sentences, in `lang`: a seat, a part, a side, the two
/// seats a cross-examiner may pick; a number as it is.
fn value(name: &str, english: &str, lang: Lang) -> String {
    match name {
        "seat" | "who" | "target" | "a" | "b" => seat_named(english, lang),
        "part" => PARTS.iter().find(|p| p.title() == english).map_or_else(
            || english.to_string(),
            |p| lang.text(&format!("debate-part-{}", p.name()), &[]),
        ),
        "side" => Side::BOTH
            .iter()
            .find(|s| s.title() == english)
            .map_or_else(|| english.to_string(), |s| s.name_in(lang)),
        "allowed" => retell(english, &EITHER, lang, |n, v| value(n, v, lang)),
        "expected" => retell(english, &EXPECTED, lang, |n, v| value(n, v, lang)),
        _ => english.to_string(),
    }
}

impl Localized for Refusal {
    fn text(&self, lang: Lang) -> String {
        let arg = |name: &str, english: &str| value(name, english, lang);
        match self {
            Refusal::Over => lang.text("debate-refused-over", &[]),
            Refusal::NoSuchSeat(seat) => {
                lang.text("debate-refused-no-seat", &[("seat", &seat.to_string())])
            }
            Refusal::NotYourTurn { who, expected } => lang.text(
                "debate-refused-not-your-turn",
                &[
                    ("who", &arg("who", who)),
                    ("expected", &arg("expected", expected)),
                ],
            ),
            Refusal::Wrong(why) => retell(why, &WRONG, lang, arg),
            Refusal::BadTarget { target, allowed } => lang.text(
                "debate-refused-bad-target",
                &[
                    ("target", &arg("target", target)),
                    ("allowed", &arg("allowed", allowed)),
                ],
            ),
            Refusal::ProOpens => lang.text("debate-refused-pro-opens", &[]),
            Refusal::ClockSpent(side) => lang.text(
                "debate-refused-clock-spent",
                &[("side", &arg("side", side))],
            ),
            Refusal::BadScore { criterion, value } => {
                // The criterion as the judge's schema names it (`rule_compliance`).
                let named = match lang {
                    Lang::En => criterion.to_string(),
                    lang => lang.text(&format!("debate-criterion-{criterion}"), &[]),
                };
                lang.text(
                    "debate-refused-bad-score",
                    &[("criterion", &named), ("value", &value.to_string())],
                )
            }
            Refusal::Empty => lang.text("debate-refused-empty", &[]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One refusal of each kind, every sentence of `check.rs` among them.
    fn every_refusal() -> Vec<Refusal> {
        let wrong = [
            "there is no speech 9 to score",
            "speech 3 is scored already",
            "the final review comes once, after the closing statements",
            "ask your questions and name who answers (`ask`)",
            "a team rests its case only in free debate",
            "only the team with the floor may rest its case",
            "hand the floor to a teammate, not Con 2",
            "only the debater offered the free-debate floor may hand it on",
            "only the judge scores and reviews",
            "the judge does not speak in the debate",
            "the judge has nothing to do now",
        ];
        let mut all: Vec<Refusal> = wrong
            .iter()
            .map(|w| Refusal::Wrong(w.to_string()))
            .collect();
        for expected in [
            "Con 1 is cross-examining",
            "Pro 4 gives the closing statement",
            "the judge is scoring",
            "the speeches are over",
        ] {
            all.push(Refusal::NotYourTurn {
                who: "Pro 2".into(),
                expected: expected.into(),
            });
        }
        all.extend([
            Refusal::Over,
            Refusal::NoSuchSeat(12),
            Refusal::BadTarget {
                target: "Pro 3".into(),
                allowed: "Con 1 or Con 2".into(),
            },
            Refusal::ProOpens,
            Refusal::ClockSpent("Con"),
            Refusal::BadScore {
                criterion: "rule_compliance",
                value: 11,
            },
            Refusal::Empty,
        ]);
        all
    }

    #[test]
    fn in_english_a_refusal_reads_as_it_always_did_and_in_chinese_without_english() {
        for r in every_refusal() {
            assert_eq!(r.text(Lang::En), r.to_string());
            let zh = r.text(Lang::ZhCn);
            let english: Vec<&str> = zh
                .split(|c: char| !c.is_ascii_alphabetic())
                .filter(|w| !w.is_empty())
                .collect();
            assert!(english.is_empty(), "{english:?} in {zh} (from: {r})");
        }
    }

    #[test]
    fn seats_and_parts_are_named_in_chinese() {
        let zh = |r: Refusal| r.text(Lang::ZhCn);
        assert_eq!(
            zh(Refusal::NotYourTurn {
                who: "Pro 2".into(),
                expected: "Con 1 gives the opening statement".into(),
            }),
            "还没轮到正方二辩：反方一辩正在进行立论陈词"
        );
        assert_eq!(
            zh(Refusal::BadTarget {
                target: "Pro 3".into(),
                allowed: "Con 1 or Con 2".into(),
            }),
            "正方三辩不能回答：质询方只能选反方一辩或反方二辩"
        );
        assert_eq!(
            zh(Refusal::Wrong(
                "hand the floor to a teammate, not Con 2".into()
            )),
            "请把发言权交给本队队友，而不是反方二辩"
        );
    }
}
