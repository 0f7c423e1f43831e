//! The team debate at the terminal: a session played from one debater's seat at the
//! keyboard, or watched.
//!
//! The human sees the moderator's calls, every speech, the clocks, their own team's notes
//! and hand-offs (never the other team's), and the scores when live scores are on. When
//! it is their turn they are told the part, its word limit and the time left, and type the
//! speech over one or more lines, ended by an empty line or a line `.`; the word count
//! against the limit is shown as they go (over the limit is kept and penalised, as the
//! rules say). A cross-examiner first names who answers. In free debate the debater
//! offered the floor may `hand pro3 <direction>` to a teammate, and any debater may type
//! `floor` to take it unasked. `note <text>` writes to one's team at any time. `quit` (or
//! Ctrl-C, handled by the caller) leaves the session stored; `abandon` twice ends it.
//!
//! - `story.rs`: the lines each event is told in, and the scorecard (shared with replay).

pub mod formats;
pub mod story;

use super::{Keyboard, Typed};
use crate::games::debate::team::{
    parse_seat, seat_name, seat_title, side_of, Action, Ask, Event, Part, Side, Stage, TeamDebate,
};
use crate::games::{Seat, Viewer};
use crate::session::{Note, Runner, SessionHandle, SubmitError, Subscription};
use crate::store::{now_ms, Outcome};
use std::io::Write;
use std::time::Instant;

pub use super::Left;

/// What a terminal follows: the public view when it only watches, else what its debater
/// may see. Taken before the session starts, so nothing is missed.
pub struct Views {
    human: Option<Seat>,
    subscription: Subscription<TeamDebate>,
}

impl Views {
    pub fn subscribe(runner: &mut Runner<TeamDebate>, human: Option<Seat>) -> Views {
        let viewer = match human {
            None => Viewer::Public,
            Some(seat) => Viewer::Seat(seat),
        };
        Views {
            human,
            subscription: runner.subscribe(viewer),
        }
    }
}

fn out(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{text}");
    let _ = stdout.flush();
}

/// A speech being typed, line by line.
#[derive(Debug, Clone, PartialEq)]
pub struct Draft {
    /// The ask it answers (`None`: taking the free-debate floor unasked).
    pub seq: Option<u32>,
    pub part: Part,
    pub limit: u32,
    /// A cross-examiner's answerer: `Some(None)` while still to be named.
    pub target: Option<Option<Seat>>,
    pub targets: Vec<Seat>,
    pub lines: Vec<String>,
}

impl Draft {
    pub fn words(&self) -> u32 {
        self.lines
            .iter()
            .map(|l| crate::games::debate::words::count(l))
            .sum()
    }
    fn text(&self) -> String {
        self.lines.join("\n")
    }
}

/// What one typed line does.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    Quit,
    ConfirmAbandon,
    Abandon,
    /// Submit this action (for the ask `seq`, or unasked).
    Submit(Action, Option<u32>),
    /// Print this and go on.
    Say(String),
    Nothing,
}

/// The human debater's state between typed lines.
#[derive(Debug)]
pub struct Desk {
    pub seat: Seat,
    /// The open ask of this seat: (seq, ask, due epoch ms, when its prompt was printed).
    pub open: Option<(u32, Ask, i64, Instant)>,
    pub draft: Option<Draft>,
    pub stage: Stage,
    /// Free-debate clocks left, Pro first.
    pub clock: [u32; 2],
    abandon_asked: bool,
}

impl Desk {
    pub fn new(seat: Seat) -> Desk {
        Desk {
            seat,
            open: None,
            draft: None,
            stage: Stage::Opening,
            clock: [0, 0],
            abandon_asked: false,
        }
    }

    fn side(&self) -> Side {
        side_of(self.seat).expect("a debater's seat")
    }

    /// The prompt for the open ask.
    pub fn prompt(&self) -> Option<String> {
        let (_, ask, due, _) = self.open.as_ref()?;
        let secs = ((due - now_ms()).max(0) + 999) / 1000;
        let me = seat_title(self.seat);
        let end = "type it over one or more lines and end it with an empty line or a line `.`";
        Some(match ask {
            Ask::Question { limit, targets } => format!(
                ">> {me}, cross-examine: first name who answers ({} or {}), then your questions (at least three, at most {limit} words; over is kept but penalised); {end}. [{secs} s]",
                seat_name(targets[0]),
                seat_name(targets[1])
            ),
            Ask::Speak {
                part,
                limit,
                direction,
                may_hand_off,
                ..
            } => {
                let mut p = String::new();
                if let Some(d) = direction {
                    p.push_str(&format!("   Your captain's direction: {d}\n"));
                }
                p.push_str(&format!(
                    ">> {me}, your {}: at most {limit} words (over is kept but penalised); {end}. [{secs} s]",
                    part.title()
                ));
                if *may_hand_off {
                    p.push_str(&format!(
                        "\n   Or type `hand {} <direction>` to give the floor to a teammate.",
                        self.teammate_example()
                    ));
                }
                p
            }
            Ask::Judge { .. } | Ask::Review => return None,
        })
    }

    fn teammate_example(&self) -> String {
        let mate = self
            .side()
            .seats()
            .into_iter()
            .find(|&s| s != self.seat)
            .expect("a team of four");
        seat_name(mate)
    }

    fn start(&mut self, seq: Option<u32>, ask: &Ask) {
        self.draft = Some(match ask {
            Ask::Question { limit, targets } => Draft {
                seq,
                part: Part::Question,
                limit: *limit,
                target: Some(None),
                targets: targets.to_vec(),
                lines: Vec::new(),
            },
            Ask::Speak { part, limit, .. } => Draft {
                seq,
                part: *part,
                limit: *limit,
                target: None,
                targets: Vec::new(),
                lines: Vec::new(),
            },
            Ask::Judge { .. } | Ask::Review => return,
        });
    }

    /// The ask was answered or closed: forget it and its draft.
    pub fn close(&mut self) {
        self.open = None;
        self.draft = None;
    }

    /// Reads one typed line.
    pub fn read(&mut self, typed: &Typed) -> Step {
        let raw = typed.text.trim_end();
        let text = raw.trim();
        if text.eq_ignore_ascii_case("quit") {
            return Step::Quit;
        }
        if text.eq_ignore_ascii_case("abandon") {
            if std::mem::take(&mut self.abandon_asked) {
                return Step::Abandon;
            }
            self.abandon_asked = true;
            return Step::ConfirmAbandon;
        }
        self.abandon_asked = false;
        if let Some(note) = text
            .strip_prefix("note ")
            .or_else(|| text.strip_prefix("NOTE "))
        {
            return Step::Submit(
                Action::TeamNote {
                    text: note.trim().to_string(),
                },
                None,
            );
        }
        if let Some(draft) = &mut self.draft {
            if draft.target == Some(None) {
                return match parse_seat(text).filter(|s| draft.targets.contains(s)) {
                    Some(t) => {
                        draft.target = Some(Some(t));
                        Step::Say(format!(
                            "   {} answers. Now your questions (at most {} words), then an empty line or `.`:",
                            seat_title(t),
                            draft.limit
                        ))
                    }
                    None if text.is_empty() => Step::Nothing,
                    None => Step::Say(format!(
                        "   Not taken: name who answers first: {}.",
                        draft
                            .targets
                            .iter()
                            .map(|s| seat_name(*s))
                            .collect::<Vec<_>>()
                            .join(" or ")
                    )),
                };
            }
            if text.is_empty() || text == "." {
                if draft.lines.is_empty() {
                    return Step::Say(
                        "   Nothing written yet: type your speech, or let the time run out to skip the turn.".into(),
                    );
                }
                let draft = self.draft.take().expect("a draft");
                let text = draft.text();
                let action = match draft.target {
                    Some(Some(target)) => Action::Ask { target, text },
                    _ => Action::Speak { text },
                };
                return Step::Submit(action, draft.seq);
            }
            draft.lines.push(raw.to_string());
            let words = draft.words();
            let over = if words > draft.limit {
                " — over the limit: it will be kept and penalised"
            } else {
                ""
            };
            return Step::Say(format!("   ({words} of {} words{over})", draft.limit));
        }
        if let Some((seq, ask, _, prompt_at)) = self.open.clone() {
            if typed.at < prompt_at {
                return if text.is_empty() {
                    Step::Nothing
                } else {
                    Step::Say(format!(
                        "   Not taken: '{text}' was typed before this prompt; answer it now."
                    ))
                };
            }
            if let Ask::Speak {
                may_hand_off: true, ..
            } = ask
            {
                let lower = text.to_ascii_lowercase();
                if let Some(rest) = lower.strip_prefix("hand ") {
                    let mut parts = rest.trim().splitn(2, ' ');
                    let who = parts.next().unwrap_or("");
                    let offset = text.len() - rest.trim().len() + who.len();
                    let direction = text.get(offset..).unwrap_or("").trim().to_string();
                    return match parse_seat(who) {
                        Some(to) => Step::Submit(Action::HandOff { to, direction }, Some(seq)),
                        None => Step::Say(format!(
                            "   Not taken: '{who}' is not a seat; e.g. hand {} <direction>.",
                            self.teammate_example()
                        )),
                    };
                }
            }
            if text.is_empty() {
                return Step::Nothing;
            }
            self.start(Some(seq), &ask);
            return self.read(typed);
        }
        if text.eq_ignore_ascii_case("floor") {
            if self.stage != Stage::FreeDebate {
                return Step::Say("   The floor is taken unasked only in free debate.".into());
            }
            let limit = self.clock[self.side().index()];
            self.draft = Some(Draft {
                seq: None,
                part: Part::Free,
                limit,
                target: None,
                targets: Vec::new(),
                lines: Vec::new(),
            });
            return Step::Say(format!(
                "   You take the floor: your free-debate speech ({limit} words left on your team's clock); end it with an empty line or `.`:"
            ));
        }
        if text.is_empty() {
            return Step::Nothing;
        }
        Step::Say(
            "   Not your turn: wait (in free debate type `floor` to take it; `note <text>` writes to your team; quit leaves, abandon ends).".into(),
        )
    }
}

/// Follows a debate session at the terminal until it ends: prints what the human seat
/// (or, with none, the public) may see and takes the human's typed speeches.
pub async fn attach(
    handle: &SessionHandle<TeamDebate>,
    views: Views,
    keyboard: &mut Keyboard,
) -> Result<Left, SubmitError> {
    let Views {
        human,
        mut subscription,
    } = views;
    let mut desk = human.map(Desk::new);
    loop {
        tokio::select! {
            note = subscription.next() => {
                let Some(note) = note else {
                    return Ok(Left::Detached);
                };
                match &*note {
                    Note::Event { audience, event } => {
                        if let Some(d) = desk.as_mut() {
                            match event {
                                Event::StageBegins { stage } => d.stage = *stage,
                                Event::Clock { left } => d.clock = *left,
                                Event::Motion { limits, .. } => d.clock = [limits.clock; 2],
                                Event::Skipped { seat, .. } if *seat == d.seat => {
                                    d.close();
                                    out("   Time is up: your turn was skipped.");
                                }
                                _ => {}
                            }
                        }
                        if let Some(l) = story::line(event, *audience, None) {
                            out(&l);
                        }
                    }
                    Note::Ask { seat, seq, ask, due_at } => {
                        if let Some(d) = desk.as_mut().filter(|d| d.seat == *seat) {
                            d.draft = None;
                            d.open = Some((*seq, ask.clone(), *due_at, Instant::now()));
                            if let Some(p) = d.prompt() {
                                out(&p);
                            }
                        }
                    }
                    Note::Paused { reason } => out(&format!("!! The debate is paused: {reason}. Retrying…")),
                    Note::Resumed => out("!! The store is back; the debate goes on."),
                    Note::Ended { outcome } => return Ok(Left::Finished(outcome.clone())),
                    Note::Abandoned => return Ok(Left::Abandoned),
                }
            }
            typed = keyboard.line(), if desk.is_some() => {
                let Some(typed) = typed else {
                    out("Input closed: the session is saved; continue it with `agora resume`.");
                    handle.detach().await;
                    return Ok(Left::Detached);
                };
                let d = desk.as_mut().expect("a human seat");
                match d.read(&typed) {
                    Step::Quit => {
                        out("Leaving: the session is saved; continue it with `agora resume`.");
                        handle.detach().await;
                        return Ok(Left::Detached);
                    }
                    Step::ConfirmAbandon => out(
                        "   Type abandon again to end this debate for good (it cannot be resumed); anything else goes on.",
                    ),
                    Step::Abandon => {
                        handle.abandon().await;
                        return Ok(Left::Abandoned);
                    }
                    Step::Say(s) => out(&s),
                    Step::Nothing => {}
                    Step::Submit(action, seq) => {
                        let aside = action.is_aside();
                        match handle.submit(d.seat, action, seq).await {
                            Ok(()) if aside => {}
                            Ok(()) => d.close(),
                            Err(SubmitError::Stale) => {
                                out("   Too late: that turn has closed.");
                                d.close();
                            }
                            Err(e) => {
                                out(&format!("   Not taken: {e}."));
                                if let Some(p) = d.prompt() {
                                    out(&p);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The outcome line for a session that ended (the scorecard follows from the rebuilt game).
pub fn ended_line(outcome: &Outcome) -> String {
    format!("The debate is over: {}.", outcome.winner)
}

#[cfg(test)]
mod tests {
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
        d.close();
        assert!(
            matches!(d.read(&typed("floor")), Step::Say(s) if s.contains("only in free debate"))
        );
        d.stage = Stage::FreeDebate;
        d.clock = [30, 40];
        assert!(matches!(d.read(&typed("floor")), Step::Say(s) if s.contains("30 words left")));
        d.read(&typed("Cost is a choice."));
        assert_eq!(
            d.read(&typed(".")),
            Step::Submit(
                Action::Speak {
                    text: "Cost is a choice.".into()
                },
                None
            )
        );
        assert!(matches!(d.read(&typed("hello")), Step::Say(s) if s.contains("Not your turn")));
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
}
