//! Why an action was refused ([`Refusal`]) and who the game waits for ([`Waiting`]), told
//! in a table's language (`locales/*/refusals.ftl`, `ww-refused-…`); in English exactly as
//! their `Display` writes them.

use super::ask::{AskKind, Refusal, Waiting};
use super::seat::SeatSet;
use crate::localized::{reread_any, Localized};
use crate::Lang;

/// Why the witch may not save, as the rules word it (`CannotSave`): each a message.
const NO_SAVE: [(&str, &[&str]); 6] = [
    ("ww-refused-save-not-night", &[]),
    ("ww-refused-save-antidote-used", &[]),
    ("ww-refused-save-nobody-attacked", &[]),
    ("ww-refused-save-self-first-night", &[]),
    ("ww-refused-save-not-self", &[]),
    ("ww-refused-save-nothing", &[]),
];

/// What a seat may answer to `kind`, in `lang` (in English, [`AskKind::allowed`]).
fn allowed(kind: AskKind, lang: Lang) -> String {
    let id = match kind {
        AskKind::WolfPick => "ww-refused-allowed-wolf-pick",
        AskKind::Witch => "ww-refused-allowed-witch",
        AskKind::SeerCheck => "ww-refused-allowed-seer-check",
        AskKind::HunterShot => "ww-refused-allowed-hunter-shot",
        AskKind::Speech | AskKind::PkSpeech | AskKind::LastWords => "ww-refused-allowed-speech",
        AskKind::Vote | AskKind::PkVote | AskKind::SheriffVote => "ww-refused-allowed-vote",
        AskKind::GuardPick => "ww-refused-allowed-guard-pick",
        AskKind::KingShot => "ww-refused-allowed-hunter-shot",
        AskKind::SheriffRun => "ww-refused-allowed-sheriff-run",
        AskKind::CampaignSpeech => "ww-refused-allowed-campaign-speech",
        AskKind::BadgePass => "ww-refused-allowed-badge-pass",
        AskKind::SpeakingOrder => "ww-refused-allowed-speaking-order",
        AskKind::SheriffCall => "ww-refused-allowed-sheriff-call",
    };
    lang.text(id, &[])
}

/// The kind of answer a seat gave (`Choice`'s name: "a seat", "nobody", …), in `lang`.
fn got(name: &str, lang: Lang) -> String {
    let id = match name {
        "a seat" => "ww-refused-got-seat",
        "nobody" => "ww-refused-got-nobody",
        "save" => "ww-refused-got-save",
        "poison" => "ww-refused-got-poison",
        "a speech" => "ww-refused-got-speech",
        "run" => "ww-refused-got-run",
        "withdraw" => "ww-refused-got-withdraw",
        "a speaking order" => "ww-refused-got-order",
        other => return other.to_string(),
    };
    lang.text(id, &[])
}

/// Seats listed in `lang` ("1, 2, 3"; "1、2、3"), `none` when there are none.
fn seats(set: SeatSet, lang: Lang) -> String {
    if set.is_empty() {
        return lang.text("ww-refused-none", &[]);
    }
    let each: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    each.join(&lang.text("ww-refused-list-and", &[]))
}

impl Localized for Waiting {
    fn text(&self, lang: Lang) -> String {
        if self.0.is_empty() {
            return lang.text("ww-refused-waiting-nobody", &[]);
        }
        let each: Vec<String> = (self.0.iter())
            .map(|(seat, kind)| {
                let (seat, kind) = (seat.to_string(), kind.name_in(lang));
                lang.text(
                    "ww-refused-waiting-one",
                    &[("seat", &seat), ("kind", &kind)],
                )
            })
            .collect();
        each.join(&lang.text("ww-refused-list-and", &[]))
    }
}

impl Localized for Refusal {
    fn text(&self, lang: Lang) -> String {
        let n = |x: &dyn std::fmt::Display| x.to_string();
        match self {
            Refusal::UnknownSeat { seat, seats } => lang.text(
                "ww-refused-unknown-seat",
                &[("seat", &n(seat)), ("seats", &seats.to_string())],
            ),
            Refusal::GameOver => lang.text("ww-refused-over", &[]),
            Refusal::NotYourTurn { seat, waiting } => lang.text(
                "ww-refused-not-your-turn",
                &[("seat", &n(seat)), ("waiting", &waiting.text(lang))],
            ),
            Refusal::WrongAction { seat, kind, got: g } => lang.text(
                "ww-refused-wrong-action",
                &[
                    ("seat", &n(seat)),
                    ("kind", &kind.name_in(lang)),
                    ("allowed", &allowed(*kind, lang)),
                    ("got", &got(g, lang)),
                ],
            ),
            Refusal::BadTarget {
                target,
                kind,
                allowed,
            } => lang.text(
                "ww-refused-bad-target",
                &[
                    ("target", &n(target)),
                    ("kind", &kind.name_in(lang)),
                    ("allowed", &seats(*allowed, lang)),
                ],
            ),
            Refusal::CannotSave(why) => {
                let why = match reread_any(why, &NO_SAVE) {
                    Some((id, _)) => lang.text(id, &[]),
                    None => why.to_string(),
                };
                lang.text("ww-refused-cannot-save", &[("why", &why)])
            }
            Refusal::PoisonUsed => lang.text("ww-refused-poison-used", &[]),
            Refusal::SpeechTooLong { len, max } => {
                lang.text("ww-refused-too-long", &[("len", &n(len)), ("max", &n(max))])
            }
            Refusal::GuardRepeat(seat) => {
                lang.text("ww-refused-guard-repeat", &[("seat", &n(seat))])
            }
            Refusal::NoAbstain => lang.text("ww-refused-no-abstain", &[]),
            Refusal::CannotExplode(seat) => {
                lang.text("ww-refused-cannot-explode", &[("seat", &n(seat))])
            }
            Refusal::CannotWithdraw(seat) => {
                lang.text("ww-refused-cannot-withdraw", &[("seat", &n(seat))])
            }
            Refusal::ExplodeTarget(seat) => {
                lang.text("ww-refused-explode-target", &[("seat", &n(seat))])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One refusal of every kind, and every reason the witch may not save.
    fn every_refusal() -> Vec<Refusal> {
        use AskKind::*;
        let mut all = vec![
            Refusal::UnknownSeat { seat: 12, seats: 9 },
            Refusal::GameOver,
            Refusal::NotYourTurn {
                seat: 2,
                waiting: Waiting(vec![(1, WolfPick), (7, SeerCheck)]),
            },
            Refusal::NotYourTurn {
                seat: 2,
                waiting: Waiting(vec![]),
            },
            Refusal::BadTarget {
                target: 7,
                kind: SeerCheck,
                allowed: [1, 2, 3].into_iter().collect(),
            },
            Refusal::BadTarget {
                target: 7,
                kind: Witch,
                allowed: SeatSet::EMPTY,
            },
            Refusal::PoisonUsed,
            Refusal::SpeechTooLong { len: 301, max: 300 },
        ];
        let kinds = [
            WolfPick, Witch, SeerCheck, HunterShot, Speech, PkSpeech, LastWords, Vote, PkVote,
        ];
        for (kind, got) in kinds.into_iter().zip(
            ["a seat", "nobody", "save", "poison", "a speech"]
                .iter()
                .cycle(),
        ) {
            all.push(Refusal::WrongAction { seat: 4, kind, got });
        }
        for why in [
            "it is not night",
            "the antidote is already used",
            "nobody was attacked tonight",
            "the witch may save herself only on the first night",
            "the witch may not save herself",
            "nothing to save",
        ] {
            all.push(Refusal::CannotSave(why));
        }
        all
    }

    #[test]
    fn in_english_a_refusal_reads_as_it_always_did() {
        for r in every_refusal() {
            assert_eq!(r.text(Lang::En), r.to_string());
        }
        let w = Waiting(vec![(1, AskKind::WolfPick), (9, AskKind::HunterShot)]);
        assert_eq!(w.text(Lang::En), w.to_string());
    }

    #[test]
    fn in_chinese_a_refusal_has_no_english_in_it() {
        for r in every_refusal() {
            let zh = r.text(Lang::ZhCn);
            let english: Vec<&str> = zh
                .split(|c: char| !c.is_ascii_alphabetic())
                .filter(|w| !w.is_empty() && *w != "PK")
                .collect();
            assert!(english.is_empty(), "{english:?} in {zh} (from: {r})");
        }
    }

    #[test]
    fn a_refusal_reads_naturally_in_chinese() {
        let zh = |r: Refusal| r.text(Lang::ZhCn);
        assert_eq!(
            zh(Refusal::UnknownSeat { seat: 12, seats: 9 }),
            "没有 12 号座位：座位号为 1 到 9"
        );
        assert_eq!(
            zh(Refusal::SpeechTooLong { len: 301, max: 300 }),
            "发言有 301 字，最多 300 字，请精简"
        );
        assert_eq!(
            zh(Refusal::NotYourTurn {
                seat: 2,
                waiting: Waiting(vec![(1, AskKind::WolfPick), (7, AskKind::SeerCheck)]),
            }),
            "2 号现在无需操作（正在等待：1 号的狼人选刀、7 号的预言家查验）"
        );
        assert_eq!(
            zh(Refusal::BadTarget {
                target: 7,
                kind: AskKind::Vote,
                allowed: [1, 2, 3].into_iter().collect(),
            }),
            "7 号不是投票的有效目标（可选：1、2、3）"
        );
        assert_eq!(
            zh(Refusal::CannotSave("the antidote is already used")),
            "女巫现在不能救人：解药已经用过了"
        );
    }
}
