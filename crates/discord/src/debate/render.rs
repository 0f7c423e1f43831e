//! Every text the bot writes for a team debate (pure): the moderator's lines for the
//! public events, the calls, the team threads' lines, the status and the scorecard's
//! sections. Names come from the table's [`RunningData`]; a person's text is made safe to
//! post here.

use super::table::{Draft, Record, RunningData};
use crate::text::sanitize;
use agora_games::debate::team::{
    seat_title, side_of, Ask, Charged, Event, Limits, Part, Penalty, Scored, Side, Stage, Winner,
};
use agora_games::Seat;

/// Points from hundredths: `7.45`, `-3`.
pub fn points(x100: i32) -> String {
    let s = format!("{:.2}", x100 as f64 / 100.0);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

fn stage_intro(stage: Stage) -> &'static str {
    match stage {
        Stage::Opening => "Each side's first debater sets out its case.",
        Stage::CrossExamination => {
            "Four rounds: each side's second and third debaters question the other side, picking its second or third debater to answer; then each side's first debater sums up, Pro first."
        }
        Stage::FreeDebate => {
            "The floor alternates, Pro first; each team has a clock in words. Any debater may speak."
        }
        Stage::Closing => "Each side's fourth debater closes, Con first.",
        Stage::Finished => "Every speech is in: the judge is scoring and writing the review.",
    }
}

/// The moderator's line for a public event (`None`: nothing to say).
pub fn event_line(event: &Event, data: &RunningData) -> Option<String> {
    Some(match event {
        Event::Motion { motion, limits } => format!(
            "📜 **Motion:** {}\n{}",
            sanitize(motion, 300),
            limits_line(limits)
        ),
        Event::StageBegins { stage } => format!("## 🎙️ {}\n{}", stage.title(), stage_intro(*stage)),
        Event::Spoke(s) => {
            let target = s
                .target
                .map(|t| format!(" → {} answers", data.title(t)))
                .unwrap_or_default();
            let over = if s.over_limit() {
                " — over the limit"
            } else {
                ""
            };
            format!(
                "**{}** — {} ({}/{} words{over}){target}\n>>> {}",
                data.title(s.seat),
                s.part.title(),
                s.words,
                s.limit,
                sanitize(&s.text, 12_000)
            )
        }
        Event::Skipped { seat, part } => format!(
            "⏭️ {} missed the {} (the time ran out).",
            data.title(*seat),
            part.title()
        ),
        Event::Rested { seat, left } => format!(
            "🛑 {} rests {}'s case: {} left on its clock given up.",
            data.title(*seat),
            side_of(*seat).map_or("the team", Side::title),
            if *left == 1 {
                "the 1 word".to_string()
            } else {
                format!("the {left} words")
            }
        ),
        Event::Penalised(p) => format!("⚠️ {}", penalty_line(p, data)),
        Event::Scored(s) => format!("📊 {}", scored_line(s, data)),
        Event::Clock { left } => format!(
            "⏱️ Clocks: Pro {} words · Con {} words left.",
            left[0], left[1]
        ),
        Event::Finished { winner, .. } => match winner {
            Winner::Draw => "🏁 The debate is over: a draw. The scorecard follows.".into(),
            w => format!(
                "🏁 The debate is over: **{}** wins. The scorecard follows.",
                w.side().map(Side::title).unwrap_or("nobody")
            ),
        },
        Event::Review { .. } | Event::HandedOff { .. } | Event::TeamNote { .. } => return None,
    })
}

/// A team thread's line for a team event.
pub fn thread_line(event: &Event, data: &RunningData) -> Option<String> {
    Some(match event {
        Event::HandedOff {
            from,
            to,
            direction,
        } => {
            let direction = if direction.trim().is_empty() {
                String::new()
            } else {
                format!(": “{}”", sanitize(direction, 500))
            };
            format!(
                "🧭 {} hands the floor to {}{direction}",
                data.title(*from),
                data.called(*to)
            )
        }
        Event::TeamNote { seat, text } => {
            format!("📝 {}: {}", data.title(*seat), sanitize(text, 1500))
        }
        _ => return None,
    })
}

pub fn limits_line(l: &Limits) -> String {
    format!(
        "Word limits: opening {} · questions {} · answer {} · summary {} · closing {} · free-debate clock {} a team.",
        l.opening, l.question, l.answer, l.summary, l.closing, l.clock
    )
}

pub fn penalty_line(p: &Penalty, data: &RunningData) -> String {
    let who = match p.charged {
        Charged::Seat(s) => data.title(s),
        Charged::Team(side) => format!("team {}", side.title()),
    };
    format!("{who}: {} ({})", p.points, p.rule.title())
}

pub fn scored_line(s: &Scored, data: &RunningData) -> String {
    let offline = if s.offline { " · offline" } else { "" };
    format!(
        "{}: {} (logic {}, persuasion {}, expression {}, teamwork {}, rules {}){offline}",
        data.title(s.seat),
        points(s.score_x100),
        s.scores.logic,
        s.scores.persuasion,
        s.scores.expression,
        s.scores.teamwork,
        s.scores.rule_compliance
    )
}

/// What an ask of `seat` is for, in a few words, with its limit: `own` says it to the
/// person called ("your opening…"), otherwise to the table ("the opening…").
pub fn ask_line(ask: &Ask, seat: Seat, own: bool) -> String {
    let (whose, clock) = match (own, side_of(seat)) {
        (true, _) => ("your", "your team's clock".to_string()),
        (false, Some(side)) => ("the", format!("{}'s clock", side.title())),
        (false, None) => ("the", "the team's clock".to_string()),
    };
    match ask {
        Ask::Speak {
            part: Part::Free,
            limit,
            ..
        } => format!("a free-debate speech ({} left on {clock})", words(*limit)),
        Ask::Speak { part, limit, .. } => {
            format!("{whose} {} (up to {})", part.title(), words(*limit))
        }
        Ask::Question { limit, targets } => format!(
            "{whose} cross-examination questions (questions only, up to {}), answered by {} or {}",
            words(*limit),
            seat_title(targets[0]),
            seat_title(targets[1])
        ),
        Ask::Judge { .. } | Ask::Review => "the judge's scores".into(),
    }
}

/// The speech form's field label (Discord allows 45 characters).
pub fn form_label(ask: &Ask) -> String {
    let label = match ask {
        Ask::Question { limit, .. } => format!("Your questions (up to {})", words(*limit)),
        Ask::Speak {
            part: Part::Free,
            limit,
            ..
        } => format!("Your speech ({} left)", words(*limit)),
        Ask::Speak { part, limit, .. } => {
            format!("Your {} (up to {})", part.title(), words(*limit))
        }
        Ask::Judge { .. } | Ask::Review => "Scores".into(),
    };
    label.chars().take(45).collect()
}

/// `1 word`, `250 words`.
pub fn words(n: u32) -> String {
    if n == 1 {
        "1 word".into()
    } else {
        format!("{n} words")
    }
}

/// A call for a person: the mention, the part, the limit, the time, what to do.
pub fn call_text(seat: Seat, ask: &Ask, due_at: i64, data: &RunningData, draft: &Draft) -> String {
    let mut s = format!(
        "🎤 {} — {}. Time ends <t:{}:R>.",
        data.called(seat),
        ask_line(ask, seat, true),
        due_at.div_euclid(1000) + 1
    );
    if let Ask::Speak {
        direction: Some(d), ..
    } = ask
    {
        s.push_str(&format!("\nYour captain: “{}”", sanitize(d, 300)));
    }
    let how = match ask {
        Ask::Question { .. } => {
            "Pick who answers, type your questions here (one or more messages), then press **Done**, or press **Write speech**."
        }
        Ask::Speak {
            may_hand_off: true, ..
        } => {
            "Type your speech here (one or more messages) and press **Done**, press **Write speech**, or hand the floor to a teammate."
        }
        _ => {
            "Type your speech here (one or more messages) and press **Done**, or press **Write speech**."
        }
    };
    s.push('\n');
    s.push_str(how);
    s.push_str(&format!("\n{}", progress_line(ask, draft, data)));
    s
}

/// The live word count against the limit (and the answerer picked).
pub fn progress_line(ask: &Ask, draft: &Draft, data: &RunningData) -> String {
    let limit = match ask {
        Ask::Speak { limit, .. } | Ask::Question { limit, .. } => *limit,
        _ => 0,
    };
    let words = draft.words();
    let over = if words > limit {
        " — over the limit: it is kept and penalised"
    } else {
        ""
    };
    let target = match (ask, draft.target) {
        (Ask::Question { .. }, Some(t)) => format!(" · {} answers", data.title(t)),
        (Ask::Question { .. }, None) => " · nobody picked to answer yet".into(),
        _ => String::new(),
    };
    format!("✍️ {words} / {limit} words{over}{target}")
}

/// The line a closed call is left with.
pub fn closed_call(seat: Seat, data: &RunningData, how: &str) -> String {
    format!("🎤 {} — {how}", data.title(seat))
}

/// The scorecard's sections: `(title, lines)` for each stage's speech scores, then the
/// penalties (the embed cuts each to Discord's limits).
pub fn score_sections(record: &Record, data: &RunningData) -> Vec<(String, Vec<String>)> {
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
                format!("{} · {}: **{score}**", data.title(s.seat), s.part.name())
            })
            .collect();
        if !lines.is_empty() {
            sections.push((stage.title().to_string(), lines));
        }
    }
    let penalties: Vec<String> = record
        .penalties
        .iter()
        .map(|p| penalty_line(p, data))
        .collect();
    sections.push((
        "Penalties".into(),
        if penalties.is_empty() {
            vec!["None.".into()]
        } else {
            penalties
        },
    ));
    sections
}

/// Why each speech scored what it did, a line a speech in the order spoken: the score,
/// the five criteria and the judge's note (the scorecard shows the numbers only).
pub fn judge_notes(record: &Record, data: &RunningData) -> String {
    let mut out = String::from("📋 **Why each speech scored what it did**");
    for speech in &record.speeches {
        let Some(s) = record.scores.iter().find(|x| x.speech == speech.index) else {
            continue;
        };
        let note = s
            .comment
            .trim()
            .trim_start_matches("Offline heuristic:")
            .trim_start_matches("Offline judge:")
            .trim();
        let note = if note.is_empty() {
            String::new()
        } else {
            format!(" — {}", sanitize(note, 400))
        };
        out.push_str(&format!(
            "\n**{}** · {}: **{}** (logic {}, persuasion {}, expression {}, teamwork {}, rules {}){note}",
            data.title(speech.seat),
            speech.part.title(),
            points(s.score_x100),
            s.scores.logic,
            s.scores.persuasion,
            s.scores.expression,
            s.scores.teamwork,
            s.scores.rule_compliance,
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
            ask_line(&free, 6, false),
            "a free-debate speech (333 words left on Con's clock)"
        );
        assert_eq!(
            ask_line(&free, 2, true),
            "a free-debate speech (333 words left on your team's clock)"
        );
        assert!(ask_line(&ask, 3, false).starts_with("the cross-examination questions"));
        assert!(!call.contains("at least three"), "{call}");
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
