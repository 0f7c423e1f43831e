//! Every text the bot writes for a team debate (pure): the moderator's lines for the
//! public events, the calls, the team threads' lines, the status and the scorecard's
//! sections, in the table's language (`locales/*/discord-debate.ftl`, the stages', parts'
//! and rules' names from `debate.ftl`). Names come from the table's [`RunningData`]; a
//! person's text is made safe to post here.

use super::table::{Draft, Record, RunningData};
use crate::text::sanitize;
use agora_games::debate::team::{
    seat_title_in, side_of, Ask, Charged, Event, Limits, Part, Penalty, Rule, Scored, Stage, Winner,
};
use agora_games::{Lang, Seat};

/// Points from hundredths: `7.45`, `-3`.
pub fn points(x100: i32) -> String {
    let s = format!("{:.2}", x100 as f64 / 100.0);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

/// A stage's title: "Opening statements", "立论陈词".
pub fn stage_title(stage: Stage, lang: Lang) -> String {
    lang.text(&format!("debate-stage-{}", stage.name()), &[])
}

/// A part's title: "opening statement", "立论陈词".
pub fn part_title(part: Part, lang: Lang) -> String {
    lang.text(&format!("debate-part-{}", part.name()), &[])
}

/// A rule's title: "over the word limit", "超出字数上限".
pub fn rule_title(rule: Rule, lang: Lang) -> String {
    lang.text(&format!("debate-rule-{}", rule.name()), &[])
}

fn stage_intro(stage: Stage, lang: Lang) -> String {
    lang.text(&format!("dd-intro-{}", stage.name()), &[])
}

/// The moderator's line for a public event (`None`: nothing to say).
pub fn event_line(event: &Event, data: &RunningData) -> Option<String> {
    let lang = data.lang;
    let t = |id: &str, args: &[(&str, &str)]| lang.text(id, args);
    Some(match event {
        Event::Motion { motion, limits } => format!(
            "{}\n{}",
            t("dd-motion-line", &[("motion", &sanitize(motion, 300))]),
            limits_line(limits, lang)
        ),
        Event::StageBegins { stage } => format!(
            "{}\n{}",
            t("dd-stage-header", &[("stage", &stage_title(*stage, lang))]),
            stage_intro(*stage, lang)
        ),
        Event::Spoke(s) => {
            let target = s
                .target
                .map(|x| t("dd-spoke-target", &[("seat", &data.title(x))]))
                .unwrap_or_default();
            let over = if s.over_limit() {
                t("dd-spoke-over", &[])
            } else {
                String::new()
            };
            let head = t(
                "dd-spoke",
                &[
                    ("seat", &data.title(s.seat)),
                    ("part", &part_title(s.part, lang)),
                    ("words", &s.words.to_string()),
                    ("limit", &s.limit.to_string()),
                    ("over", &over),
                    ("target", &target),
                ],
            );
            format!("{head}\n>>> {}", sanitize(&s.text, 12_000))
        }
        Event::Skipped { seat, part } => t(
            "dd-skipped",
            &[
                ("seat", &data.title(*seat)),
                ("part", &part_title(*part, lang)),
            ],
        ),
        Event::Rested { seat, left } => {
            let side = side_of(*seat).map_or_else(|| t("dd-the-team", &[]), |s| data.side(s));
            let left_words = left.to_string();
            let mut args = vec![("seat", data.title(*seat)), ("side", side)];
            let id = if *left == 1 {
                "dd-rested-one"
            } else {
                args.push(("left", left_words));
                "dd-rested"
            };
            let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
            t(id, &args)
        }
        Event::Penalised(p) => format!("⚠️ {}", penalty_line(p, data)),
        Event::Scored(s) => format!("📊 {}", scored_line(s, data)),
        Event::Clock { left } => t(
            "dd-clock-line",
            &[("pro", &left[0].to_string()), ("con", &left[1].to_string())],
        ),
        Event::Finished { winner, .. } => match winner {
            Winner::Draw => t("dd-over-draw", &[]),
            w => {
                let side = w
                    .side()
                    .map_or_else(|| t("dd-nobody", &[]), |s| data.side(s));
                t("dd-over-win", &[("side", &side)])
            }
        },
        Event::Review { .. } | Event::HandedOff { .. } | Event::TeamNote { .. } => return None,
    })
}

/// A team thread's line for a team event.
pub fn thread_line(event: &Event, data: &RunningData) -> Option<String> {
    let lang = data.lang;
    Some(match event {
        Event::HandedOff {
            from,
            to,
            direction,
        } => {
            let (from, to) = (data.title(*from), data.called(*to));
            if direction.trim().is_empty() {
                lang.text("dd-handed", &[("from", &from), ("to", &to)])
            } else {
                let direction = sanitize(direction, 500);
                lang.text(
                    "dd-handed-with",
                    &[("from", &from), ("to", &to), ("direction", &direction)],
                )
            }
        }
        Event::TeamNote { seat, text } => lang.text(
            "dd-team-note",
            &[
                ("seat", &data.title(*seat)),
                ("text", &sanitize(text, 1500)),
            ],
        ),
        _ => return None,
    })
}

pub fn limits_line(l: &Limits, lang: Lang) -> String {
    lang.text(
        "dd-limits",
        &[
            ("opening", &l.opening.to_string()),
            ("question", &l.question.to_string()),
            ("answer", &l.answer.to_string()),
            ("summary", &l.summary.to_string()),
            ("closing", &l.closing.to_string()),
            ("clock", &l.clock.to_string()),
        ],
    )
}

pub fn penalty_line(p: &Penalty, data: &RunningData) -> String {
    let lang = data.lang;
    let who = match p.charged {
        Charged::Seat(s) => data.title(s),
        Charged::Team(side) => lang.text("debate-team", &[("side", &data.side(side))]),
    };
    lang.text(
        "dd-penalty",
        &[
            ("who", &who),
            ("points", &p.points.to_string()),
            ("rule", &rule_title(p.rule, lang)),
        ],
    )
}

pub fn scored_line(s: &Scored, data: &RunningData) -> String {
    let id = if s.offline {
        "dd-scored-offline"
    } else {
        "dd-scored"
    };
    let c = &s.scores;
    data.lang.text(
        id,
        &[
            ("seat", &data.title(s.seat)),
            ("points", &points(s.score_x100)),
            ("logic", &c.logic.to_string()),
            ("persuasion", &c.persuasion.to_string()),
            ("expression", &c.expression.to_string()),
            ("teamwork", &c.teamwork.to_string()),
            ("rules", &c.rule_compliance.to_string()),
        ],
    )
}

/// What an ask of `seat` is for, in a few words, with its limit: `own` says it to the
/// person called ("your opening…"), otherwise to the table ("the opening…").
pub fn ask_line(ask: &Ask, seat: Seat, own: bool, lang: Lang) -> String {
    let t = |id: &str, args: &[(&str, &str)]| lang.text(id, args);
    let id = |base: &str| {
        if own {
            format!("{base}-own")
        } else {
            base.to_string()
        }
    };
    match ask {
        Ask::Speak {
            part: Part::Free,
            limit,
            ..
        } => {
            let side = side_of(seat).map_or_else(|| t("dd-the-team", &[]), |s| s.name_in(lang));
            t(
                &id("dd-ask-free"),
                &[("words", &words(*limit, lang)), ("side", &side)],
            )
        }
        Ask::Speak { part, limit, .. } => t(
            &id("dd-ask-speak"),
            &[
                ("part", &part_title(*part, lang)),
                ("words", &words(*limit, lang)),
            ],
        ),
        Ask::Question { limit, targets } => t(
            &id("dd-ask-question"),
            &[
                ("words", &words(*limit, lang)),
                ("a", &seat_title_in(targets[0], lang)),
                ("b", &seat_title_in(targets[1], lang)),
            ],
        ),
        Ask::Judge { .. } | Ask::Review => t("dd-ask-judge", &[]),
    }
}

/// The speech form's field label (Discord allows 45 characters).
pub fn form_label(ask: &Ask, lang: Lang) -> String {
    let label = match ask {
        Ask::Question { limit, .. } => {
            lang.text("dd-form-questions", &[("words", &words(*limit, lang))])
        }
        Ask::Speak {
            part: Part::Free,
            limit,
            ..
        } => lang.text("dd-form-free", &[("words", &words(*limit, lang))]),
        Ask::Speak { part, limit, .. } => lang.text(
            "dd-form-speak",
            &[
                ("part", &part_title(*part, lang)),
                ("words", &words(*limit, lang)),
            ],
        ),
        Ask::Judge { .. } | Ask::Review => lang.text("dd-form-scores", &[]),
    };
    label.chars().take(45).collect()
}

/// `1 word`, `250 words` (`250 字`).
pub fn words(n: u32, lang: Lang) -> String {
    if n == 1 {
        lang.text("dd-words-one", &[])
    } else {
        lang.text("dd-words", &[("n", &n.to_string())])
    }
}

/// A call for a person: the mention, the part, the limit, the time, what to do.
pub fn call_text(seat: Seat, ask: &Ask, due_at: i64, data: &RunningData, draft: &Draft) -> String {
    let lang = data.lang;
    let mut s = lang.text(
        "dd-call",
        &[
            ("seat", &data.called(seat)),
            ("ask", &ask_line(ask, seat, true, lang)),
            ("at", &(due_at.div_euclid(1000) + 1).to_string()),
        ],
    );
    if let Ask::Speak {
        direction: Some(d), ..
    } = ask
    {
        s.push('\n');
        s.push_str(&lang.text("dd-call-captain", &[("direction", &sanitize(d, 300))]));
    }
    let how = match ask {
        Ask::Question { .. } => "dd-call-how-question",
        Ask::Speak {
            may_hand_off: true, ..
        } => "dd-call-how-hand",
        _ => "dd-call-how",
    };
    s.push('\n');
    s.push_str(&lang.text(how, &[]));
    s.push_str(&format!("\n{}", progress_line(ask, draft, data)));
    s
}

/// The live word count against the limit (and the answerer picked); words as the
/// debate's rules count them (a Han character is a word).
pub fn progress_line(ask: &Ask, draft: &Draft, data: &RunningData) -> String {
    let lang = data.lang;
    let limit = match ask {
        Ask::Speak { limit, .. } | Ask::Question { limit, .. } => *limit,
        _ => 0,
    };
    let words = draft.words();
    let over = if words > limit {
        lang.text("dd-progress-over", &[])
    } else {
        String::new()
    };
    let target = match (ask, draft.target) {
        (Ask::Question { .. }, Some(t)) => {
            lang.text("dd-progress-target", &[("seat", &data.title(t))])
        }
        (Ask::Question { .. }, None) => lang.text("dd-progress-no-target", &[]),
        _ => String::new(),
    };
    lang.text(
        "dd-progress",
        &[
            ("words", &words.to_string()),
            ("limit", &limit.to_string()),
            ("over", &over),
            ("target", &target),
        ],
    )
}

/// The line a closed call is left with; `how` is a `dd-closed-*` message.
pub fn closed_call(seat: Seat, data: &RunningData, how: &str) -> String {
    let how = data.lang.text(how, &[]);
    data.lang.text(
        "dd-closed-call",
        &[("seat", &data.title(seat)), ("how", &how)],
    )
}

/// The scorecard's sections: `(title, lines)` for each stage's speech scores, then the
/// penalties (the embed cuts each to Discord's limits).
pub fn score_sections(record: &Record, data: &RunningData) -> Vec<(String, Vec<String>)> {
    let lang = data.lang;
    let mut sections: Vec<(String, Vec<String>)> = Vec::new();
    for stage in [
        Stage::Opening,
        Stage::CrossExamination,
        Stage::FreeDebate,
        Stage::Closing,
    ] {
        let lines: Vec<String> = record
            .speeches
            .iter()
            .filter(|s| s.stage() == stage)
            .map(|s| {
                let score = record
                    .scores
                    .iter()
                    .find(|x| x.speech == s.index)
                    .map(|x| points(x.score_x100))
                    .unwrap_or_else(|| "–".into());
                let part = lang.text(&format!("debate-part-short-{}", s.part.name()), &[]);
                lang.text(
                    "dd-card-line",
                    &[
                        ("seat", &data.title(s.seat)),
                        ("part", &part),
                        ("score", &score),
                    ],
                )
            })
            .collect();
        if !lines.is_empty() {
            sections.push((stage_title(stage, lang), lines));
        }
    }
    let penalties: Vec<String> = record
        .penalties
        .iter()
        .map(|p| penalty_line(p, data))
        .collect();
    sections.push((
        lang.text("dd-card-penalties", &[]),
        if penalties.is_empty() {
            vec![lang.text("dd-card-none", &[])]
        } else {
            penalties
        },
    ));
    sections
}

/// The prefixes of an offline judge's note, in either language (the notes say the
/// reasons only).
const OFFLINE_PREFIXES: [&str; 3] = ["Offline heuristic:", "Offline judge:", "离线评委："];

/// Why each speech scored what it did, a line a speech in the order spoken: the score,
/// the five criteria and the judge's note (the scorecard shows the numbers only).
pub fn judge_notes(record: &Record, data: &RunningData) -> String {
    let lang = data.lang;
    let mut out = lang.text("dd-notes-title", &[]);
    for speech in &record.speeches {
        let Some(s) = record.scores.iter().find(|x| x.speech == speech.index) else {
            continue;
        };
        let note = OFFLINE_PREFIXES
            .iter()
            .fold(s.comment.trim(), |n, p| n.trim_start_matches(p))
            .trim();
        let note = if note.is_empty() {
            String::new()
        } else {
            lang.text("dd-notes-note", &[("note", &sanitize(note, 400))])
        };
        let c = &s.scores;
        out.push('\n');
        out.push_str(&lang.text(
            "dd-notes-line",
            &[
                ("seat", &data.title(speech.seat)),
                ("part", &part_title(speech.part, lang)),
                ("points", &points(s.score_x100)),
                ("logic", &c.logic.to_string()),
                ("persuasion", &c.persuasion.to_string()),
                ("expression", &c.expression.to_string()),
                ("teamwork", &c.teamwork.to_string()),
                ("rules", &c.rule_compliance.to_string()),
                ("note", &note),
            ],
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::debate::table::SeatInfo;

    fn data() -> RunningData {
        RunningData {
            session_id: "s".into(),
            host: 1,
            motion: "m".into(),
            seats: (1..=8)
                .map(|s| SeatInfo {
                    user: (s == 2).then_some(42),
                    name: if s == 2 {
                        "Ann".into()
                    } else {
                        "AI · Logical".into()
                    },
                })
                .collect(),
            threads: [None, None],
            posted: 0,
            called: Vec::new(),
            drafts: Default::default(),
            pace: 1.0,
            live_scores: false,
            floor_message: None,
            lang: Lang::En,
        }
    }

    #[test]
    fn names_points_and_calls() {
        let d = data();
        assert_eq!(points(745), "7.45");
        assert_eq!(points(-300), "-3");
        assert_eq!(points(750), "7.5");
        assert_eq!(d.title(2), "Pro 2 · Ann");
        assert_eq!(d.called(2), "Pro 2 · <@42>");
        assert_eq!(d.called(5), "Con 1 · AI · Logical");
        let ask = Ask::Question {
            limit: 40,
            targets: [6, 7],
        };
        let draft = Draft {
            seq: 3,
            lines: vec![(1, "why so? and how".into())],
            target: Some(6),
        };
        let call = call_text(2, &ask, 61_500, &d, &draft);
        assert!(
            call.contains("<@42>") && call.contains("<t:62:R>"),
            "{call}"
        );
        assert!(
            call.contains("4 / 40 words · Con 2 · AI · Logical answers"),
            "{call}"
        );
        let over = Draft {
            lines: vec![(1, "word ".repeat(50))],
            ..draft
        };
        assert!(progress_line(&ask, &over, &d).contains("over the limit"));
        let free = Ask::Speak {
            part: Part::Free,
            limit: 333,
            answering: None,
            direction: None,
            may_hand_off: false,
        };
        assert_eq!(
            ask_line(&free, 6, false, Lang::En),
            "a free-debate speech (333 words left on Con's clock)"
        );
        assert_eq!(
            ask_line(&free, 2, true, Lang::En),
            "a free-debate speech (333 words left on your team's clock)"
        );
        assert!(ask_line(&ask, 3, false, Lang::En).starts_with("the cross-examination questions"));
        assert!(!call.contains("at least three"), "{call}");
    }

    #[test]
    fn a_chinese_table_calls_and_counts_in_chinese() {
        let mut d = data();
        d.lang = Lang::ZhCn;
        let ask = Ask::Question {
            limit: 40,
            targets: [6, 7],
        };
        let draft = Draft {
            seq: 3,
            lines: vec![(1, "为什么？怎么做".into())],
            target: Some(6),
        };
        let call = call_text(2, &ask, 61_500, &d, &draft);
        assert!(
            call.starts_with("🎤 正方二辩 · <@42> — 你的质询提问（只能提问，上限 40 字），由反方二辩或反方三辩回答。截止时间 <t:62:R>。"),
            "{call}"
        );
        // A Han character is a word.
        assert!(
            call.ends_with("✍️ 6 / 40 字 · 由反方二辩 · AI · Logical回答"),
            "{call}"
        );
        assert_eq!(words(1, Lang::ZhCn), "1 字");
    }

    #[test]
    fn the_judges_notes_give_each_speech_its_reasons_in_the_order_spoken() {
        use agora_games::debate::team::{JudgeScores, Scored, Speech};
        let d = data();
        let speech = |index, seat| Speech {
            index,
            seat,
            part: Part::Opening,
            text: "x".into(),
            words: 1,
            limit: 250,
            target: None,
        };
        let scored = |speech, seat, comment: &str| Scored {
            speech,
            seat,
            scores: JudgeScores {
                logic: 7,
                persuasion: 6,
                expression: 8,
                teamwork: 5,
                rule_compliance: 10,
                flags: vec![],
            },
            score_x100: 690,
            comment: comment.into(),
            offline: true,
        };
        let record = Record {
            speeches: vec![speech(0, 1), speech(1, 2)],
            scores: vec![
                scored(1, 2, "Offline heuristic: 20 of 250 words."),
                scored(0, 1, "Clear and @everyone"),
            ],
            ..Default::default()
        };
        let notes = judge_notes(&record, &d);
        let lines: Vec<&str> = notes.lines().collect();
        assert_eq!(lines.len(), 3, "{notes}");
        assert!(lines[1].starts_with("**Pro 1 · AI · Logical**"), "{notes}");
        assert!(
            lines[2].contains("**6.9** (logic 7, persuasion 6"),
            "{notes}"
        );
        assert!(lines[2].ends_with("— 20 of 250 words."), "{notes}");
        assert!(!notes.contains("@everyone"), "{notes}");
    }

    #[test]
    fn a_draft_is_its_messages_in_order_each_once() {
        let mut d = Draft::default();
        d.add(9, "second");
        d.add(4, "first");
        d.add(9, "second");
        assert_eq!(d.text(), "first\nsecond");
        assert_eq!(d.words(), 2);
    }

    #[test]
    fn a_speech_cannot_ping_everyone() {
        let d = data();
        let e = Event::Spoke(agora_games::debate::team::Speech {
            index: 0,
            seat: 2,
            part: Part::Opening,
            text: "hello @everyone <@&5>".into(),
            words: 3,
            limit: 250,
            target: None,
        });
        let line = event_line(&e, &d).unwrap();
        assert!(
            !line.contains("@everyone") && !line.contains("<@&5>"),
            "{line}"
        );
    }
}
