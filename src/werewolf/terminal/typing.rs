//! What a person types at a werewolf table, read in either language, and what the table
//! says back in its own: the answer to the open ask (`vote 4` or `投 4`, `poison 3` or
//! `毒3号`, a speech as typed), `quit` / `退出`, `abandon` / `结束对局`, `help` / `帮助`;
//! the prompt, what is expected and why an entry was not taken (`locales/*/werewolf.ftl`).
//!
//! Typing is guarded ([`Guard`]): a line typed before the current prompt appeared is not
//! taken as its answer, and an empty speech and `abandon` are each confirmed first.

use crate::terminal::Typed;
use agora_core::store::now_ms;
use agora_games::lang::fold_wide;
use agora_games::werewolf::{Action, Ask, AskKind, Choice, Seat, SeatSet};
use agora_games::Lang;
use std::time::Instant;

/// Chinese command words and the English verb each stands for (a word that starts a
/// longer one comes after it).
const CHINESE_VERBS: [(&str, &str); 29] = [
    ("自爆", "explode"),
    ("撕警徽", "tear"),
    ("撕", "tear"),
    ("移交", "badge"),
    ("警徽", "badge"),
    ("归票", "call"),
    ("上警", "run"),
    ("守护", "guard"),
    ("守", "guard"),
    ("不上警", "pass"),
    ("投票给", "vote"),
    ("投票", "vote"),
    ("投给", "vote"),
    ("投", "vote"),
    ("弃票", "abstain"),
    ("刀", "kill"),
    ("杀", "kill"),
    ("查验", "check"),
    ("验", "check"),
    ("查", "check"),
    ("不开枪", "decline"),
    ("开枪", "shoot"),
    ("带走", "shoot"),
    ("枪", "shoot"),
    ("放弃", "decline"),
    ("救", "save"),
    ("毒", "poison"),
    ("跳过", "pass"),
    ("过", "pass"),
];

/// An answer typed in Chinese as the English words it means (`投 7号` → `vote 7`, `7号` →
/// `7`, full-width digits folded); anything else as typed.
fn as_english_command(text: &str) -> String {
    let folded: String = text.chars().map(fold_wide).collect();
    let folded = folded.trim();
    let seat = |rest: &str| -> String {
        rest.trim_start_matches([' ', '给', '了'])
            .trim_end_matches(['号', ' ', '.', '。'])
            .trim()
            .to_string()
    };
    for (word, verb) in CHINESE_VERBS {
        if let Some(rest) = folded.strip_prefix(word) {
            let rest = seat(rest);
            return if rest.is_empty() {
                verb.to_string()
            } else {
                format!("{verb} {rest}")
            };
        }
    }
    if folded.ends_with('号') {
        return seat(folded);
    }
    folded.to_string()
}

/// A self-explosion typed (`explode`, `explode 4`, `自爆`, `自爆 4号`): `None` when the
/// line is not one; else the seat a white wolf king takes (or none), or why the seat is not
/// read. Whether the rules take it now is theirs to say.
pub fn read_explode(text: &str, lang: Lang) -> Option<Result<Option<Seat>, String>> {
    let lower = as_english_command(text).to_ascii_lowercase();
    let mut words = lower.split_whitespace();
    if words.next() != Some("explode") {
        return None;
    }
    Some(match words.next() {
        None => Ok(None),
        Some(w) => w.trim_start_matches("seat").parse().map(Some).map_err(|_| {
            lang.text(
                "ww-err-not-seat",
                &[
                    ("word", w),
                    ("expected", &lang.text("ww-type-explode", &[])),
                ],
            )
        }),
    })
}

/// A speech's words without a leading `say` / `说` (which lets a person say a word the
/// table would read as a command); `None` when the line is not prefixed.
fn unprefixed(text: &str) -> Option<&str> {
    if text.eq_ignore_ascii_case("say") || text == "说" {
        return Some("");
    }
    ["say ", "SAY ", "说 ", "说：", "说:", "说\u{3000}"]
        .iter()
        .find_map(|p| text.strip_prefix(p))
}

/// Reads a typed answer to `ask`. The error says what is expected and what is valid.
#[cfg(test)]
pub fn parse_answer(ask: &Ask, line: &str) -> Result<Action, String> {
    parse_answer_in(ask, line, Lang::En)
}

/// [`parse_answer`], its errors in `lang` (the words of both languages are read).
pub fn parse_answer_in(ask: &Ask, line: &str, lang: Lang) -> Result<Action, String> {
    let text = line.trim();
    let expected = || expected_in(ask, lang);
    if ask.kind == AskKind::CampaignSpeech && matches!(text, "withdraw" | "退水") {
        return Ok(Action::Withdraw);
    }
    if ask.kind.is_speech() {
        let body = unprefixed(text).unwrap_or(text);
        let len = body.chars().count();
        if len > ask.max_chars as usize {
            return Err(lang.text(
                "ww-err-too-long",
                &[
                    ("len", &len.to_string()),
                    ("max", &ask.max_chars.to_string()),
                ],
            ));
        }
        return Ok(Action::Speak {
            text: body.to_string(),
        });
    }
    if text.is_empty() {
        return Err(lang.text("ww-err-nothing", &[("expected", &expected())]));
    }
    let lower = as_english_command(text).to_ascii_lowercase();
    let mut words = lower.split_whitespace();
    let first = words.next().unwrap_or("");
    let number = |w: Option<&str>| -> Result<Seat, String> {
        let w = w.ok_or_else(|| lang.text("ww-err-no-seat", &[("expected", &expected())]))?;
        let n: Seat = w
            .trim_start_matches("seat")
            .parse()
            .map_err(|_| lang.text("ww-err-not-seat", &[("word", w), ("expected", &expected())]))?;
        if ask.targets.contains(n) {
            Ok(n)
        } else {
            Err(lang.text(
                "ww-err-invalid-seat",
                &[("seat", &n.to_string()), ("expected", &expected())],
            ))
        }
    };
    let bare = first.parse::<Seat>().is_ok();
    let target = if bare {
        number(Some(first))
    } else {
        number(words.next())
    };
    let not_an_answer = || {
        lang.text(
            "ww-err-not-answer",
            &[("text", text), ("expected", &expected())],
        )
    };
    let choice = if bare {
        Choice::Seat(target?)
    } else {
        match Choice::read(ask.kind, first, target.clone().ok()) {
            Ok(choice) => choice,
            // The right word with a missing or wrong seat: say what is wrong with it.
            Err(_) if Choice::read(ask.kind, first, Some(1)).is_ok() => {
                return Err(target.expect_err("a seat was missing"))
            }
            Err(_) => return Err(not_an_answer()),
        }
    };
    ask.action(choice).map_err(|_| not_an_answer())
}

fn seats_list(set: SeatSet) -> String {
    set.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the seat may type for `ask`, with the valid targets, in `lang`.
pub fn expected_in(ask: &Ask, lang: Lang) -> String {
    let targets = seats_list(ask.targets);
    let with_targets = |id: &str| lang.text(id, &[("targets", &targets)]);
    match ask.kind {
        AskKind::WolfPick => with_targets("ww-type-kill"),
        AskKind::SeerCheck => with_targets("ww-type-check"),
        AskKind::HunterShot => with_targets("ww-type-shoot"),
        AskKind::Vote | AskKind::PkVote => with_targets("ww-type-vote"),
        AskKind::Witch => {
            let mut options = Vec::new();
            if ask.can_save {
                options.push(lang.text("ww-type-save", &[]));
            }
            if !ask.targets.is_empty() {
                options.push(with_targets("ww-type-poison"));
            }
            options.push(lang.text("ww-type-pass", &[]));
            let or = match lang {
                Lang::En => ", ",
                Lang::ZhCn => "、",
            };
            lang.text("ww-type-witch", &[("options", &options.join(or))])
        }
        AskKind::Speech | AskKind::PkSpeech | AskKind::LastWords => {
            lang.text("ww-type-speech", &[("max", &ask.max_chars.to_string())])
        }
        // The larger boards' asks: the verbs the rules take, and the seats.
        other => lang.text(
            "ww-type-other",
            &[("allowed", other.allowed()), ("targets", &targets)],
        ),
    }
}

/// The line that asks a seat for `ask`, with the seconds left.
pub fn prompt(ask: &Ask, due_at: i64, lang: Lang) -> String {
    let secs = ((due_at - now_ms()).max(0) + 999) / 1000;
    let what = match ask.kind {
        AskKind::WolfPick => lang.text("ww-prompt-wolf", &[]),
        AskKind::SeerCheck => lang.text("ww-prompt-seer", &[]),
        AskKind::HunterShot => lang.text("ww-prompt-hunter", &[]),
        AskKind::Witch => match ask.attacked {
            Some(s) => lang.text("ww-prompt-attacked", &[("seat", &s.to_string())]),
            None => lang.text("ww-prompt-no-attack", &[]),
        },
        AskKind::Speech => lang.text("ww-prompt-speech", &[]),
        AskKind::PkSpeech => lang.text("ww-prompt-pk-speech", &[]),
        AskKind::LastWords => lang.text("ww-prompt-last-words", &[]),
        AskKind::Vote => lang.text("ww-prompt-vote", &[]),
        AskKind::PkVote => lang.text("ww-prompt-pk-vote", &[]),
        other => lang.text("ww-prompt-other", &[("ask", &other.name_in(lang))]),
    };
    lang.text(
        "ww-prompt",
        &[
            ("seat", &ask.seat.to_string()),
            ("what", &what),
            ("expected", &expected_in(ask, lang)),
            ("secs", &secs.to_string()),
        ],
    )
}

/// What one typed line means, given the open ask and what was asked to be confirmed.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// Leave; the session stays stored and resumable.
    Quit,
    /// `abandon` once: ask to confirm.
    ConfirmAbandon,
    /// `abandon` twice in a row: end the game for good.
    Abandon,
    /// Typed before the current prompt appeared: not taken (the text, for the message).
    TypedAhead(String),
    /// Nothing is asked of the human seats now.
    NothingToDo,
    /// An empty speech: ask to confirm the pass.
    ConfirmEmptySpeech,
    /// An answer to submit for the open ask.
    Submit(Action),
    /// Not an answer: the reason and what is expected.
    Refused(String),
    /// A blank line with nothing to answer or confirm.
    Nothing,
    /// `help`: what can be typed now (never taken as a speech; `say help` is).
    Help(String),
    /// `explode [N]`: a self-explosion, answering no ask (the white wolf king's target).
    Explode(Option<Seat>),
}

/// What `help` prints: the answer the open ask expects, if any, and the table's words.
fn help(open: Option<&Ask>, lang: Lang) -> String {
    let now = match open {
        Some(ask) => lang.text("ww-help-now", &[("expected", &expected_in(ask, lang))]),
        None => lang.text("ww-help-nothing", &[]),
    };
    format!(
        "   {now}\n   {}\n   {}",
        lang.text("ww-help-speech", &[]),
        lang.text("ww-help-leave", &[])
    )
}

/// The state between typed lines: what awaits confirmation.
#[derive(Debug, Default)]
pub struct Guard {
    /// The table's language: what its answers and refusals say.
    lang: Lang,
    abandon_asked: bool,
    /// The ask (seat, seq) whose empty speech awaits confirmation.
    empty_asked: Option<(Seat, u32)>,
}

impl Guard {
    pub fn new(lang: Lang) -> Guard {
        Guard {
            lang,
            ..Guard::default()
        }
    }

    /// Reads `typed` against the open ask (`open`: seat, seq, ask) whose prompt was
    /// printed at `prompt_at`.
    pub fn read(
        &mut self,
        typed: &Typed,
        open: Option<(Seat, u32, &Ask)>,
        prompt_at: Option<Instant>,
    ) -> Step {
        let text = typed.text.trim();
        if text.eq_ignore_ascii_case("quit") || text == "退出" {
            return Step::Quit;
        }
        if text.eq_ignore_ascii_case("abandon") || text == "结束对局" {
            if std::mem::take(&mut self.abandon_asked) {
                return Step::Abandon;
            }
            self.abandon_asked = true;
            return Step::ConfirmAbandon;
        }
        self.abandon_asked = false;
        if text.eq_ignore_ascii_case("help") || ["?", "？", "帮助"].contains(&text) {
            return Step::Help(help(open.map(|(_, _, ask)| ask), self.lang));
        }
        // Answers no ask: taken whatever is open (or nothing), when the rules allow it.
        match read_explode(text, self.lang) {
            Some(Ok(target)) => return Step::Explode(target),
            Some(Err(e)) => return Step::Refused(e),
            None => {}
        }
        let Some((seat, seq, ask)) = open else {
            return if text.is_empty() {
                Step::Nothing
            } else {
                Step::NothingToDo
            };
        };
        if prompt_at.is_some_and(|p| typed.at < p) {
            return if text.is_empty() {
                Step::Nothing
            } else {
                Step::TypedAhead(text.to_string())
            };
        }
        if ask.kind.is_speech() {
            let body = unprefixed(text).unwrap_or(text).trim();
            if body.is_empty() {
                if self.empty_asked.take() == Some((seat, seq)) {
                    return Step::Submit(Action::Speak {
                        text: String::new(),
                    });
                }
                self.empty_asked = Some((seat, seq));
                return Step::ConfirmEmptySpeech;
            }
        }
        self.empty_asked = None;
        match parse_answer_in(ask, &typed.text, self.lang) {
            Ok(action) => Step::Submit(action),
            Err(e) => Step::Refused(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(kind: AskKind, targets: &[Seat]) -> Ask {
        Ask {
            seat: 2,
            kind,
            targets: targets.iter().copied().collect(),
            attacked: Some(3),
            can_save: true,
            max_chars: 20,
            no_abstain: false,
            seq: 7,
        }
    }

    #[test]
    fn answers_are_read_and_checked() {
        let vote = ask(AskKind::Vote, &[1, 3, 4]);
        assert_eq!(
            parse_answer(&vote, "vote 3"),
            Ok(Action::Vote { target: 3 })
        );
        assert_eq!(parse_answer(&vote, " 4 "), Ok(Action::Vote { target: 4 }));
        assert_eq!(parse_answer(&vote, "abstain"), Ok(Action::Abstain));
        let e = parse_answer(&vote, "vote 2").unwrap_err();
        assert!(
            e.contains("seat 2 is not a valid choice") && e.contains("1 3 4"),
            "{e}"
        );
        assert!(parse_answer(&vote, "vote x")
            .unwrap_err()
            .contains("not a seat number"));
        let witch = ask(AskKind::Witch, &[1, 3]);
        assert_eq!(parse_answer(&witch, "save"), Ok(Action::Save));
        assert_eq!(
            parse_answer(&witch, "poison 1"),
            Ok(Action::Poison { target: 1 })
        );
        assert!(parse_answer(&witch, "kill 1").is_err());
        let speech = ask(AskKind::Speech, &[]);
        assert_eq!(
            parse_answer(&speech, "say I am good"),
            Ok(Action::Speak {
                text: "I am good".into()
            })
        );
        assert!(parse_answer(&speech, "this speech is far too long")
            .unwrap_err()
            .contains("at most 20"));
    }

    /// A self-explosion is read whatever is open, or with nothing open; a bad seat is
    /// refused with what may be typed.
    #[test]
    fn an_explosion_is_typed_without_an_ask() {
        assert_eq!(read_explode("explode", Lang::En), Some(Ok(None)));
        assert_eq!(read_explode("Explode 4", Lang::En), Some(Ok(Some(4))));
        assert_eq!(read_explode("自爆 4号", Lang::ZhCn), Some(Ok(Some(4))));
        assert_eq!(read_explode("自爆", Lang::ZhCn), Some(Ok(None)));
        assert_eq!(read_explode("vote 4", Lang::En), None);
        let e = read_explode("explode x", Lang::En).unwrap().unwrap_err();
        assert!(
            e.contains("'x' is not a seat number") && e.contains("explode <seat>"),
            "{e}"
        );
        let typed = |text: &str| Typed {
            text: text.into(),
            at: Instant::now(),
        };
        let mut guard = Guard::new(Lang::En);
        assert_eq!(
            guard.read(&typed("explode 3"), None, None),
            Step::Explode(Some(3))
        );
        let speech = ask(AskKind::Speech, &[]);
        assert_eq!(
            guard.read(&typed("explode"), Some((2, 7, &speech)), None),
            Step::Explode(None)
        );
        // The word itself, said.
        assert_eq!(
            guard.read(&typed("say explode"), Some((2, 7, &speech)), None),
            Step::Submit(Action::Speak {
                text: "explode".into()
            })
        );
    }

    /// Answers typed in Chinese are read as their English words, at any table; a Chinese
    /// table's refusals are in Chinese.
    #[test]
    fn chinese_commands_are_read() {
        let vote = ask(AskKind::Vote, &[1, 3, 4]);
        for typed in ["投 3", "投3号", "投票给 3 号", "３号", "vote 3"] {
            assert_eq!(
                parse_answer_in(&vote, typed, Lang::ZhCn),
                Ok(Action::Vote { target: 3 }),
                "{typed}"
            );
        }
        assert_eq!(parse_answer(&vote, "弃票"), Ok(Action::Abstain));
        let e = parse_answer_in(&vote, "投 2", Lang::ZhCn).unwrap_err();
        assert!(e.contains("2 号不可选") && e.contains("1 3 4"), "{e}");
        let witch = ask(AskKind::Witch, &[1, 3]);
        assert_eq!(parse_answer(&witch, "救"), Ok(Action::Save));
        assert_eq!(
            parse_answer(&witch, "毒1号"),
            Ok(Action::Poison { target: 1 })
        );
        assert_eq!(parse_answer(&witch, "过"), Ok(Action::Pass));
        assert!(expected_in(&witch, Lang::ZhCn).starts_with("输入 救、毒"));
        let wolf = ask(AskKind::WolfPick, &[1, 3]);
        assert_eq!(parse_answer(&wolf, "刀 1"), Ok(Action::Kill { target: 1 }));
        let speech = ask(AskKind::Speech, &[]);
        assert_eq!(
            parse_answer(&speech, "说 投3号"),
            Ok(Action::Speak {
                text: "投3号".into()
            })
        );
        // A Chinese speech is taken as typed, commands words and all.
        assert_eq!(
            parse_answer(&speech, "投3号吧"),
            Ok(Action::Speak {
                text: "投3号吧".into()
            })
        );
        let mut g = Guard::new(Lang::ZhCn);
        let now = Instant::now();
        assert_eq!(g.read(&typed("退出", now), None, None), Step::Quit);
        let Step::Help(text) = g.read(&typed("帮助", now), Some((2, 7, &vote)), None) else {
            panic!("help is answered");
        };
        assert!(text.contains("现在：输入 投"), "{text}");
        assert_eq!(
            g.read(&typed("结束对局", now), None, None),
            Step::ConfirmAbandon
        );
    }

    fn typed(text: &str, at: Instant) -> Typed {
        Typed {
            text: text.into(),
            at,
        }
    }

    #[test]
    fn lines_typed_before_the_prompt_are_not_its_answer() {
        let vote = ask(AskKind::Vote, &[1, 3]);
        let early = Instant::now();
        let prompt_at = early + std::time::Duration::from_millis(5);
        let late = prompt_at + std::time::Duration::from_millis(5);
        let mut g = Guard::default();
        assert_eq!(
            g.read(
                &typed("vote 3", early),
                Some((2, 7, &vote)),
                Some(prompt_at)
            ),
            Step::TypedAhead("vote 3".into())
        );
        assert_eq!(
            g.read(&typed("vote 3", late), Some((2, 7, &vote)), Some(prompt_at)),
            Step::Submit(Action::Vote { target: 3 })
        );
        assert_eq!(
            g.read(&typed("", early), Some((2, 7, &vote)), Some(prompt_at)),
            Step::Nothing
        );
        // quit is honoured whenever it was typed.
        assert_eq!(
            g.read(&typed("quit", early), Some((2, 7, &vote)), Some(prompt_at)),
            Step::Quit
        );
        assert_eq!(
            g.read(&typed("vote 3", late), None, None),
            Step::NothingToDo
        );
        assert_eq!(g.read(&typed("  ", late), None, None), Step::Nothing);
    }

    #[test]
    fn help_says_what_to_type_and_is_never_a_speech() {
        let now = Instant::now();
        let speech = ask(AskKind::Speech, &[]);
        let mut g = Guard::default();
        let Step::Help(text) = g.read(&typed("help", now), Some((2, 7, &speech)), None) else {
            panic!("help is answered");
        };
        assert!(text.contains("Now: ") && text.contains("quit"), "{text}");
        assert!(
            matches!(g.read(&typed("HELP", now), None, None), Step::Help(t) if t.contains("Nothing is asked"))
        );
        assert_eq!(
            g.read(&typed("say help", now), Some((2, 7, &speech)), None),
            Step::Submit(Action::Speak {
                text: "help".into()
            })
        );
    }

    #[test]
    fn abandon_and_an_empty_speech_are_confirmed_first() {
        let now = Instant::now();
        let speech = ask(AskKind::Speech, &[]);
        let mut g = Guard::default();
        assert_eq!(
            g.read(&typed("abandon", now), None, None),
            Step::ConfirmAbandon
        );
        // Anything else in between cancels.
        assert_eq!(g.read(&typed("hello", now), None, None), Step::NothingToDo);
        assert_eq!(
            g.read(&typed("ABANDON", now), None, None),
            Step::ConfirmAbandon
        );
        assert_eq!(g.read(&typed("abandon", now), None, None), Step::Abandon);

        let open = Some((2, 7, &speech));
        assert_eq!(
            g.read(&typed("", now), open, None),
            Step::ConfirmEmptySpeech
        );
        assert_eq!(
            g.read(&typed("  ", now), open, None),
            Step::Submit(Action::Speak {
                text: String::new()
            })
        );
        // A speech typed after the question is taken; the next empty line asks again.
        assert_eq!(
            g.read(&typed("say", now), open, None),
            Step::ConfirmEmptySpeech
        );
        assert_eq!(
            g.read(&typed("say hi all", now), open, None),
            Step::Submit(Action::Speak {
                text: "hi all".into()
            })
        );
        assert_eq!(
            g.read(&typed("", now), open, None),
            Step::ConfirmEmptySpeech
        );
        // A confirmation for another ask does not carry over.
        let other = Some((2, 8, &speech));
        assert_eq!(
            g.read(&typed("", now), other, None),
            Step::ConfirmEmptySpeech
        );
        // An empty line for a vote is refused with what is expected, not taken as abstain.
        let vote = ask(AskKind::Vote, &[1, 3]);
        match g.read(&typed("", now), Some((2, 9, &vote)), None) {
            Step::Refused(e) => assert!(e.contains("nothing typed"), "{e}"),
            other => panic!("{other:?}"),
        }
    }
}
