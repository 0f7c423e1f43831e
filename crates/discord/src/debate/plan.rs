//! What a debate table does with its session's notes (pure): it takes in every note (the
//! table follows the moderator's view) and says what to post where. The audience of each
//! event decides its destination: everyone's events go to the channel, a team's events
//! to that team's thread only, the moderator's (the judge's scores without live scores)
//! to the table's record, shown on the scorecard at the end. A person's call gets its
//! own message with controls; a call answered or missed is closed.

use super::render;
use super::table::{Desk, OpenCall};
use crate::drafts::draft_line;
use agora_core::session::Note;
use agora_core::session::UNASKED;
use agora_games::debate::team::{side_of, Ask, Event, Side, Stage, TeamDebate, JUDGE};
use agora_games::{Audience, Seat};
use std::sync::Arc;

/// One thing to post or edit, in order.
#[derive(Debug, Clone, PartialEq)]
pub enum Out {
    /// Moderator lines for the channel (consecutive ones go in one message).
    Line(String),
    /// An AI debater's speech: its own message (the one that showed it being written, if
    /// there was one), paced after the one before.
    AiSpeech(Seat, String),
    /// An AI debater's speech as written so far (the seat and its ask): the latest of a
    /// batch, shown by the channel's drafts.
    Draft((Seat, u32), String),
    /// A person's speech: its own message (its `>>>` quote holds their words only).
    Speech(String),
    /// A person's call, with its controls.
    Call { seat: Seat, seq: u32 },
    /// A call posted before a restart: only its timer starts again.
    Timer { seat: Seat, seq: u32 },
    /// A call answered or missed: its message loses its controls and says so.
    CloseCall {
        seat: Seat,
        message: u64,
        text: String,
    },
    /// A line for a team's thread.
    Thread(Side, String),
    /// Free debate has begun: the "Take the floor" button, for any person debating.
    FloorButton,
    /// Free debate is over: the button goes.
    CloseFloor,
    /// The debate ended: the scorecard and the judge's review.
    Scorecard,
    /// The debate was stopped.
    Stopped,
}

/// Where an event with this audience may go: `Some(None)` the channel, `Some(Some(side))`
/// that team's thread, `None` nowhere but the record.
pub fn destination(audience: Audience) -> Option<Option<Side>> {
    match audience {
        Audience::Everyone => Some(None),
        Audience::Seats(seats) => Side::BOTH
            .into_iter()
            .find(|side| !seats.is_empty() && seats.iter().all(|s| side_of(s) == Some(*side)))
            .map(Some),
        Audience::Moderator => None,
    }
}

/// Takes in `notes`: updates the desk and says what to post. Events the channel has
/// already seen (before a restart) update the desk only.
pub fn plan(desk: &mut Desk, notes: &[Arc<Note<TeamDebate>>]) -> Vec<Out> {
    let mut out = Vec::new();
    for note in notes {
        match &**note {
            Note::Event { audience, event } => {
                desk.events += 1;
                let quiet = desk.events <= desk.data.posted;
                record(desk, event);
                if let Some(seat) = closes(event) {
                    if let Some(call) = desk.open.remove(&seat) {
                        desk.data.drafts.remove(&seat);
                        // A closed call is no longer one to keep live after a restart
                        // (its "closed" edit may be what a crash lost).
                        desk.data
                            .called
                            .retain(|(s, q, _)| !(*s == seat && *q == call.seq));
                        if let Some(message) = call.message {
                            let how = match event {
                                Event::Skipped { .. } => "dd-closed-skipped",
                                Event::HandedOff { .. } => "dd-closed-handed",
                                Event::Rested { .. } => "dd-closed-rested",
                                _ => "dd-closed-done",
                            };
                            out.push(Out::CloseCall {
                                seat,
                                message,
                                text: render::closed_call(seat, &desk.data, how),
                            });
                        }
                    }
                }
                if let Event::StageBegins { stage } = event {
                    if *stage > Stage::FreeDebate {
                        // Floors taken unasked close with the free debate.
                        let unasked: Vec<Seat> = desk
                            .open
                            .iter()
                            .filter(|(_, c)| c.seq == UNASKED)
                            .map(|(s, _)| *s)
                            .collect();
                        for seat in unasked {
                            desk.data.drafts.remove(&seat);
                            if let Some(message) = desk.open.remove(&seat).and_then(|c| c.message) {
                                out.push(Out::CloseCall {
                                    seat,
                                    message,
                                    text: render::closed_call(
                                        seat,
                                        &desk.data,
                                        "dd-closed-free-over",
                                    ),
                                });
                            }
                        }
                        if desk.data.floor_message.is_some() {
                            out.push(Out::CloseFloor);
                        }
                    }
                }
                if quiet {
                    continue;
                }
                match destination(*audience) {
                    Some(None) => {
                        if let Some(line) = render::event_line(event, &desk.data) {
                            match event {
                                Event::Spoke(s) if desk.data.user(s.seat).is_none() => {
                                    out.push(Out::AiSpeech(s.seat, line))
                                }
                                Event::Spoke(_) => out.push(Out::Speech(line)),
                                _ => out.push(Out::Line(line)),
                            }
                        }
                    }
                    Some(Some(side)) => {
                        // A person's own note is in the thread already: they typed it there.
                        let typed_there = matches!(event, Event::TeamNote { seat, .. } if desk.data.user(*seat).is_some());
                        if !typed_there {
                            if let Some(line) = render::thread_line(event, &desk.data) {
                                out.push(Out::Thread(side, line));
                            }
                        }
                    }
                    None => {}
                }
                // The button comes under the stage's header.
                if matches!(
                    event,
                    Event::StageBegins {
                        stage: Stage::FreeDebate
                    }
                ) && !desk.data.humans().is_empty()
                {
                    out.push(Out::FloorButton);
                }
            }
            Note::Ask {
                seat,
                seq,
                ask,
                due_at,
            } => {
                if *seat == JUDGE || matches!(ask, Ask::Judge { .. } | Ask::Review) {
                    continue;
                }
                desk.record.turn = Some(*seat);
                if desk.data.user(*seat).is_some() {
                    let called = desk
                        .data
                        .called
                        .iter()
                        .find(|(s, q, _)| s == seat && q == seq)
                        .map(|(_, _, m)| *m);
                    // A call asked again (the floor came back to the seat), or a floor
                    // taken unasked that the moderator now calls: the new call replaces
                    // the old one, and what was typed is kept.
                    let replaced = desk
                        .open
                        .get(seat)
                        .filter(|c| c.seq != *seq)
                        .map(|c| c.message);
                    if let Some(Some(message)) = replaced {
                        out.push(Out::CloseCall {
                            seat: *seat,
                            message,
                            text: render::closed_call(*seat, &desk.data, "dd-closed-again"),
                        });
                    }
                    let draft = desk.data.drafts.entry(*seat).or_default();
                    if draft.seq != *seq {
                        let keep = if replaced.is_some() {
                            std::mem::take(&mut draft.lines)
                        } else {
                            Vec::new()
                        };
                        *draft = super::table::Draft {
                            seq: *seq,
                            lines: keep,
                            target: None,
                        };
                    }
                    desk.open.insert(
                        *seat,
                        OpenCall {
                            seq: *seq,
                            ask: ask.clone(),
                            due_at: *due_at,
                            message: called,
                        },
                    );
                    out.push(match called {
                        None => Out::Call {
                            seat: *seat,
                            seq: *seq,
                        },
                        Some(_) => Out::Timer {
                            seat: *seat,
                            seq: *seq,
                        },
                    });
                } else if desk.events > desk.data.posted {
                    let lang = desk.data.lang;
                    out.push(Out::Line(lang.text(
                        "dd-ask-announce",
                        &[
                            ("seat", &desk.data.title(*seat)),
                            ("ask", &render::ask_line(ask, *seat, false, lang)),
                        ],
                    )));
                }
            }
            Note::Draft {
                seat,
                seq,
                audience: Audience::Everyone,
                event,
                text,
            } if desk.data.user(*seat).is_none() => {
                if let Some(line) = draft_line(text, || render::event_line(event, &desk.data)) {
                    out.retain(|o| !matches!(o, Out::Draft(k, _) if *k == (*seat, *seq)));
                    out.push(Out::Draft((*seat, *seq), line));
                }
            }
            Note::Paused { reason } => out.push(Out::Line(
                (desk.data.lang).text("dd-paused", &[("reason", reason)]),
            )),
            Note::Resumed => out.push(Out::Line(desk.data.lang.text("dd-goes-on", &[]))),
            Note::Ended { .. } => out.push(Out::Scorecard),
            Note::Draft { .. } | Note::Seat { .. } => {}
            Note::Abandoned => out.push(Out::Stopped),
        }
    }
    // A call answered within the same batch is not posted at all.
    out.retain(|o| match o {
        Out::Call { seat, seq } | Out::Timer { seat, seq } => {
            desk.open.get(seat).is_some_and(|c| c.seq == *seq)
        }
        _ => true,
    });
    out
}

/// The seat whose turn an event ends.
fn closes(event: &Event) -> Option<Seat> {
    match event {
        Event::Spoke(s) => Some(s.seat),
        Event::Skipped { seat, .. } | Event::Rested { seat, .. } => Some(*seat),
        Event::HandedOff { from, .. } => Some(*from),
        _ => None,
    }
}

/// Keeps what the status and the scorecard need.
fn record(desk: &mut Desk, event: &Event) {
    let r = &mut desk.record;
    match event {
        Event::StageBegins { stage } => r.stage = Some(*stage),
        Event::Spoke(s) => r.speeches.push(s.clone()),
        Event::Scored(s) => {
            r.scores.retain(|x| x.speech != s.speech);
            r.scores.push(s.clone());
        }
        Event::Penalised(p) => r.penalties.push(p.clone()),
        Event::Clock { left } => r.clock = *left,
        Event::Review { text, offline } => r.review = Some((text.clone(), *offline)),
        Event::Finished {
            winner,
            team_x100,
            best,
        } => r.finished = Some((*winner, *team_x100, *best)),
        Event::Motion { limits, .. } => r.clock = [limits.clock; 2],
        Event::Skipped { .. }
        | Event::Rested { .. }
        | Event::HandedOff { .. }
        | Event::TeamNote { .. } => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::debate::table::{RunningData, SeatInfo};
    use agora_games::debate::team::{Flag, JudgeScores, Part, Scored, Speech};
    use agora_games::SeatSet;

    fn desk() -> Desk {
        Desk::new(RunningData {
            session_id: "s".into(),
            host: 1,
            motion: "m".into(),
            seats: (1..=8)
                .map(|s| SeatInfo {
                    user: (s == 1 || s == 6).then_some(100 + s as u64),
                    name: format!("n{s}"),
                })
                .collect(),
            threads: [Some(11), Some(12)],
            posted: 0,
            called: Vec::new(),
            drafts: Default::default(),
            pace: 1.0,
            live_scores: false,
            floor_message: None,
            lang: agora_games::Lang::En,
        })
    }

    fn ev(audience: Audience, event: Event) -> Arc<Note<TeamDebate>> {
        Arc::new(Note::Event { audience, event })
    }

    fn team(side: Side) -> Audience {
        Audience::Seats(side.seats().into_iter().collect::<SeatSet>())
    }

    fn ask(seat: Seat, seq: u32) -> Arc<Note<TeamDebate>> {
        Arc::new(Note::Ask {
            seat,
            seq,
            ask: Ask::Speak {
                part: Part::Opening,
                limit: 250,
                answering: None,
                direction: None,
                may_hand_off: false,
            },
            due_at: 1_000,
        })
    }

    fn speech(seat: Seat, text: &str) -> Event {
        Event::Spoke(Speech {
            index: 0,
            seat,
            part: Part::Opening,
            text: text.into(),
            words: 1,
            limit: 250,
            target: None,
        })
    }

    #[test]
    fn a_teams_notes_reach_its_thread_only_and_the_judges_scores_wait_for_the_scorecard() {
        let mut d = desk();
        let secret = "our secret plan";
        let notes = vec![
            ev(
                team(Side::Con),
                Event::TeamNote {
                    seat: 7,
                    text: secret.into(),
                },
            ),
            ev(
                team(Side::Pro),
                Event::HandedOff {
                    from: 2,
                    to: 3,
                    direction: "press on cost".into(),
                },
            ),
            ev(
                Audience::Moderator,
                Event::Scored(Scored {
                    speech: 0,
                    seat: 1,
                    scores: JudgeScores {
                        logic: 7,
                        persuasion: 7,
                        expression: 7,
                        teamwork: 7,
                        rule_compliance: 7,
                        flags: vec![Flag::OffTopic],
                    },
                    score_x100: 700,
                    comment: "judge's private note".into(),
                    offline: true,
                }),
            ),
        ];
        let out = plan(&mut d, &notes);
        for o in &out {
            match o {
                Out::Thread(Side::Con, t) => assert!(t.contains(secret)),
                Out::Thread(Side::Pro, t) => {
                    assert!(!t.contains(secret) && t.contains("press on cost"))
                }
                Out::Line(t) | Out::AiSpeech(_, t) => {
                    assert!(!t.contains(secret) && !t.contains("private note"), "{t}")
                }
                other => panic!("unexpected {other:?}"),
            }
        }
        assert_eq!(out.len(), 2);
        assert_eq!(d.record.scores.len(), 1, "kept for the scorecard");
        // A person's own note is not echoed into the thread they typed it in.
        let out = plan(
            &mut d,
            &[ev(
                team(Side::Con),
                Event::TeamNote {
                    seat: 6,
                    text: "x".into(),
                },
            )],
        );
        assert!(out.is_empty(), "{out:?}");
        assert_eq!(
            destination(Audience::Seats([1, 5].into_iter().collect())),
            None
        );
    }

    #[test]
    fn calls_are_posted_once_and_closed_when_answered() {
        let mut d = desk();
        let out = plan(&mut d, &[ask(1, 4)]);
        assert_eq!(out, vec![Out::Call { seat: 1, seq: 4 }]);
        d.open.get_mut(&1).unwrap().message = Some(77);
        d.data.called = vec![(1, 4, 77)];
        let out = plan(&mut d, &[ev(Audience::Everyone, speech(1, "hi"))]);
        assert!(
            d.data.called.is_empty(),
            "an answered call is not kept live after a restart"
        );
        assert!(matches!(
            &out[0],
            Out::CloseCall {
                seat: 1,
                message: 77,
                ..
            }
        ));
        assert!(
            matches!(&out[1], Out::Speech(_)),
            "a person's speech is a message of its own"
        );
        assert!(d.open.is_empty());
        // Answered in the same batch: never posted. An AI seat's call is a line.
        let out = plan(
            &mut d,
            &[ask(6, 5), ev(Audience::Everyone, speech(6, "x")), ask(2, 6)],
        );
        assert!(
            out.iter().all(|o| !matches!(o, Out::Call { .. })),
            "{out:?}"
        );
        assert!(matches!(out.last(), Some(Out::Line(l)) if l.contains("Pro 2")));
        let out = plan(&mut d, &[ev(Audience::Everyone, speech(2, "ai words"))]);
        assert!(matches!(&out[0], Out::AiSpeech(_, t) if t.contains("ai words")));
    }

    #[test]
    fn the_floor_button_comes_under_the_free_debate_header_and_ai_calls_name_the_clock() {
        let mut d = desk();
        let out = plan(
            &mut d,
            &[ev(
                Audience::Everyone,
                Event::StageBegins {
                    stage: Stage::FreeDebate,
                },
            )],
        );
        assert!(
            matches!(&out[0], Out::Line(l) if l.contains("Free debate")),
            "{out:?}"
        );
        assert_eq!(out[1], Out::FloorButton);
        let free = Arc::new(Note::Ask {
            seat: 7,
            seq: 9,
            ask: Ask::Speak {
                part: Part::Free,
                limit: 333,
                answering: None,
                direction: None,
                may_hand_off: false,
            },
            due_at: 1_000,
        });
        let out = plan(&mut d, &[free]);
        assert!(
            matches!(&out[0], Out::Line(l) if l.contains("333 words left on Con's clock")),
            "{out:?}"
        );
    }

    #[test]
    fn a_resumed_table_posts_nothing_twice() {
        let mut d = desk();
        d.data.posted = 2;
        d.data.called = vec![(1, 4, 55)];
        let notes = vec![
            ev(
                Audience::Everyone,
                Event::StageBegins {
                    stage: agora_games::debate::team::Stage::Opening,
                },
            ),
            ask(1, 4),
            ev(Audience::Everyone, speech(5, "old")),
            ev(Audience::Everyone, speech(5, "new")),
        ];
        let out = plan(&mut d, &notes);
        assert_eq!(d.open.get(&1).map(|c| c.message), Some(Some(55)));
        assert_eq!(out.len(), 2, "{out:?}");
        assert_eq!(out[0], Out::Timer { seat: 1, seq: 4 });
        assert!(matches!(&out[1], Out::AiSpeech(_, t) if t.contains("new")));
    }
}
