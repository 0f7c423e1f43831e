//! Tests of the terminal debate desk: pass, help, hand-in at the deadline, the floor and
//! its draft, unfinished speeches.

use super::*;

fn typed(text: &str) -> Typed {
    Typed {
        text: text.into(),
        at: Instant::now(),
    }
}

fn desk_with(ask: Ask) -> Desk {
    let mut d = Desk::new(2);
    let before = Instant::now() - std::time::Duration::from_secs(1);
    d.open = Some((5, ask, now_ms() + 60_000, before));
    d
}

#[test]
fn a_speech_is_typed_over_lines_and_ended_by_a_dot() {
    let mut d = desk_with(Ask::Speak {
        part: Part::Answer,
        limit: 5,
        answering: Some(2),
        direction: None,
        may_hand_off: false,
    });
    assert_eq!(
        d.read(&typed("We said")),
        Step::Say("   (2 of 5 words)".into())
    );
    match d.read(&typed("it costs less than you think")) {
        Step::Say(s) => assert!(s.contains("8 of 5") && s.contains("penalised"), "{s}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        d.read(&typed(".")),
        Step::Submit(
            Action::Speak {
                text: "We said\nit costs less than you think".into()
            },
            Some(5)
        )
    );
}

#[test]
fn questions_name_the_answerer_first() {
    let mut d = desk_with(Ask::Question {
        limit: 125,
        targets: [6, 7],
    });
    assert!(matches!(d.read(&typed("con1")), Step::Say(s) if s.contains("con2 or con3")));
    assert!(matches!(d.read(&typed("con3")), Step::Say(s) if s.contains("Con 3 answers")));
    d.read(&typed("Who pays? Who gains? Who loses?"));
    assert_eq!(
        d.read(&typed("")),
        Step::Submit(
            Action::Ask {
                target: 7,
                text: "Who pays? Who gains? Who loses?".into()
            },
            Some(5)
        )
    );
}

#[test]
fn hand_offs_notes_and_the_free_floor() {
    let mut d = desk_with(Ask::Speak {
        part: Part::Free,
        limit: 40,
        answering: None,
        direction: None,
        may_hand_off: true,
    });
    assert_eq!(
        d.read(&typed("hand pro3 Press them on cost")),
        Step::Submit(
            Action::HandOff {
                to: 3,
                direction: "Press them on cost".into()
            },
            Some(5)
        )
    );
    assert_eq!(
        d.read(&typed("note watch the clock")),
        Step::Submit(
            Action::TeamNote {
                text: "watch the clock".into()
            },
            None
        )
    );
    assert!(matches!(d.read(&typed("note ")), Step::Say(s) if s.contains("Not sent")));
    d.close();
    assert!(matches!(d.read(&typed("floor")), Step::Say(s) if s.contains("only in free debate")));
    d.stage = Stage::FreeDebate;
    d.clock = [30, 40];
    // `floor` asks the team (a note the captain honours) and starts the speech at once.
    match d.read(&typed("floor")) {
        Step::Floor(Action::TeamNote { text }, say) => {
            assert_eq!(text, FLOOR_NOTE);
            assert!(
                say.contains("30 words left") && say.contains("called"),
                "{say}"
            );
        }
        other => panic!("{other:?}"),
    }
    d.read(&typed("Cost is a choice."));
    // Finished before the call: kept, and handed in the moment the call comes.
    assert!(matches!(d.read(&typed(".")), Step::Say(s) if s.contains("Ready")));
    let free = Ask::Speak {
        part: Part::Free,
        limit: 25,
        answering: None,
        direction: None,
        may_hand_off: false,
    };
    assert_eq!(
        d.opened(9, free.clone(), now_ms() + 60_000, Instant::now()),
        Some((
            Action::Speak {
                text: "Cost is a choice.".into()
            },
            9
        ))
    );
    d.close();
    assert!(matches!(d.read(&typed("hello")), Step::Say(s) if s.contains("Not your turn")));
    // Unfinished: the call takes the text typed so far as its draft.
    d.read(&typed("floor"));
    d.read(&typed("We pay"));
    assert_eq!(d.opened(11, free, now_ms() + 60_000, Instant::now()), None);
    d.read(&typed("less."));
    assert_eq!(
        d.read(&typed("")),
        Step::Submit(
            Action::Speak {
                text: "We pay\nless.".into()
            },
            Some(11)
        )
    );
}

#[test]
fn pass_gives_up_the_turn_and_a_word_in_a_speech_is_a_word() {
    let ask = Ask::Speak {
        part: Part::Opening,
        limit: 30,
        answering: None,
        direction: None,
        may_hand_off: false,
    };
    let mut d = desk_with(ask.clone());
    assert_eq!(d.read(&typed("pass")), Step::Pass(5));
    assert_eq!(d.read(&typed("PASS")), Step::Pass(5));
    d.read(&typed("We"));
    assert!(matches!(d.read(&typed("pass")), Step::Say(s) if s.contains("2 of 30")));
    // No turn open: nothing to pass.
    let mut idle = Desk::new(2);
    assert!(matches!(idle.read(&typed("pass")), Step::Say(s) if s.contains("Not your turn")));
    assert!(matches!(idle.read(&typed("help")), Step::Say(s) if s == HELP));
    assert!(HELP.contains("`pass`") && HELP.contains("`floor`") && HELP.contains("`note"));
}

#[test]
fn what_was_typed_is_handed_in_at_the_deadline() {
    let mut d = desk_with(Ask::Speak {
        part: Part::Free,
        limit: 40,
        answering: None,
        direction: None,
        may_hand_off: false,
    });
    assert_eq!(d.hand_in(), None, "nothing typed: nothing handed in");
    d.read(&typed("Forty-two words of careful argument"));
    d.read(&typed("without the closing blank line"));
    assert_eq!(
        d.hand_in(),
        Some((
            Action::Speak {
                text: "Forty-two words of careful argument\nwithout the closing blank line".into()
            },
            5
        ))
    );
    assert!(d.draft.is_none());
    // A cross-examiner who typed questions but named nobody: the first they may name.
    let mut q = desk_with(Ask::Question {
        limit: 30,
        targets: [6, 7],
    });
    assert!(matches!(q.read(&typed("Who pays?")), Step::Say(s) if s.contains("name who answers")));
    assert!(matches!(q.read(&typed(".")), Step::Say(s) if s.contains("Name who answers")));
    assert_eq!(
        q.hand_in(),
        Some((
            Action::Ask {
                target: 6,
                text: "Who pays?".into()
            },
            5
        ))
    );
}

#[test]
fn a_speech_left_behind_is_told_with_its_text() {
    let mut d = desk_with(Ask::Speak {
        part: Part::Opening,
        limit: 30,
        answering: None,
        direction: None,
        may_hand_off: false,
    });
    d.read(&typed("A floor"));
    let told = d.draft.as_ref().and_then(Draft::left_behind).unwrap();
    assert!(
        told.contains("unfinished speech (2 words) was not handed in")
            && told.contains("| A floor"),
        "{told}"
    );
}

#[test]
fn lines_typed_before_the_prompt_are_not_taken() {
    let mut d = Desk::new(2);
    let early = Instant::now();
    d.open = Some((
        1,
        Ask::Speak {
            part: Part::Opening,
            limit: 30,
            answering: None,
            direction: None,
            may_hand_off: false,
        },
        now_ms() + 1000,
        early + std::time::Duration::from_millis(5),
    ));
    let line = Typed {
        text: "too early".into(),
        at: early,
    };
    assert!(matches!(d.read(&line), Step::Say(s) if s.contains("typed before")));
    assert!(d.draft.is_none());
}

#[test]
fn the_english_lines_read_as_before_and_a_chinese_desk_speaks_and_reads_chinese() {
    assert_eq!(help_in(Lang::En), HELP);
    assert_eq!(Lang::En.text("desk-floor-note", &[]), FLOOR_NOTE);
    let con2 = parse_seat("con2").unwrap();
    let mut q = Desk::new_in(2, Lang::ZhCn);
    let before = Instant::now() - std::time::Duration::from_secs(1);
    q.open = Some((
        5,
        Ask::Question {
            limit: 30,
            targets: [con2, con2 + 1],
        },
        now_ms() + 60_000,
        before,
    ));
    let prompt = q.prompt().unwrap();
    assert!(
        prompt.contains("正方二辩，请质询") && prompt.contains("反方二辩或反方三辩"),
        "{prompt}"
    );
    assert!(matches!(q.read(&typed("反方二辩")), Step::Say(s) if s.contains("由反方二辩回答")));
    assert!(matches!(q.read(&typed("谁来买单？")), Step::Say(s) if s.contains("（4/30 字）")));
    assert_eq!(
        q.read(&typed(".")),
        Step::Submit(
            Action::Ask {
                target: con2,
                text: "谁来买单？".into()
            },
            Some(5)
        )
    );
    // Commands in Chinese (English ones still read), and every line said is Chinese.
    let mut d = Desk::new_in(2, Lang::ZhCn);
    d.open = Some((
        6,
        Ask::Speak {
            part: Part::Free,
            limit: 40,
            answering: None,
            direction: Some("压他们的成本".into()),
            may_hand_off: true,
        },
        now_ms() + 60_000,
        before,
    ));
    let prompt = d.prompt().unwrap();
    assert!(
        prompt.contains("队长的指示：压他们的成本")
            && prompt.contains("自由辩论发言")
            && prompt.contains("交给 正方一辩 <指示>"),
        "{prompt}"
    );
    assert_eq!(d.read(&typed("跳过")), Step::Pass(6));
    assert_eq!(d.read(&typed("pass")), Step::Pass(6));
    assert!(
        matches!(d.read(&typed("帮助")), Step::Say(s) if s.contains("跳过") && !s.contains("How"))
    );
    assert_eq!(
        d.read(&typed("交给 正方三辩 追问成本")),
        Step::Submit(
            Action::HandOff {
                to: parse_seat("pro3").unwrap(),
                direction: "追问成本".into()
            },
            Some(6)
        )
    );
    assert!(matches!(d.read(&typed("交给 某人")), Step::Say(s) if s.contains("“某人”不是辩位")));
    assert!(
        matches!(d.read(&typed("纸条 我来")), Step::Submit(Action::TeamNote { text }, None) if text == "我来")
    );
    assert!(matches!(d.read(&typed("纸条")), Step::Say(s) if s.contains("请在“纸条”后面写上内容")));
    let mut idle = Desk::new_in(2, Lang::ZhCn);
    assert!(matches!(idle.read(&typed("你好")), Step::Say(s) if s.contains("还没轮到你")));
    assert!(matches!(idle.read(&typed("发言")), Step::Say(s) if s.contains("只有在自由辩论中")));
    d.read(&typed("我方认为"));
    let told = d
        .draft
        .as_ref()
        .and_then(|x| x.left_behind_in(Lang::ZhCn))
        .unwrap();
    assert!(
        told.contains("你未完成的发言（4 字）没有提交") && told.contains("| 我方认为"),
        "{told}"
    );
}
