//! The human debater's desk: the open ask, the speech being typed, and what each typed
//! line does (a speech line, `.`, `pass`, `floor`, `hand`, `note`, `help`, `quit`,
//! `abandon`). Pure: the terminal's loop (`mod.rs`) prints and submits what it says.

use super::super::Typed;
use crate::games::debate::team::{
    parse_seat, seat_name, seat_title, side_of, Action, Ask, Part, Side, Stage,
};
use crate::games::Seat;
use crate::store::now_ms;
use std::time::Instant;

/// How to play, shown at the start and by `help`.
pub const HELP: &str = "How to play: when you are called, type your speech over one or more lines and end it with an empty line or a line `.` (what you have typed when the time runs out is handed in). `pass` gives up your turn (no score). A cross-examiner names who answers on a line of its own. In free debate `floor` asks your team for the floor (start typing at once: it goes in when your captain hands it to you); offered the floor, `hand pro3 <direction>` gives it to a teammate. `note <text>` writes to your team at any time. `help` shows this; `quit` leaves (the debate is saved); `abandon`, twice, ends it.";

/// The team note that asks one's captain for the free-debate floor.
pub const FLOOR_NOTE: &str = "I would like the floor: please hand it to me at our next turn.";

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
    /// Ended (with `.`) before its call came: handed in as soon as it does.
    pub finished: bool,
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

    /// The action this draft is handed in as (a cross-examiner who named nobody: the first
    /// they may name, as on Discord).
    fn action(&self) -> Action {
        let text = self.text();
        match self.target {
            Some(target) => Action::Ask {
                target: target.or(self.targets.first().copied()).unwrap_or(0),
                text,
            },
            None => Action::Speak { text },
        }
    }

    /// What became of this draft when the person left: said, with the text, so nothing
    /// typed is lost without a word.
    pub fn left_behind(&self) -> Option<String> {
        if self.lines.is_empty() {
            return None;
        }
        let n = self.words();
        Some(format!(
            "   Your unfinished {} ({n} word{}) was not handed in. It read:\n{}",
            if self.part == Part::Question {
                "questions"
            } else {
                "speech"
            },
            if n == 1 { "" } else { "s" },
            self.lines
                .iter()
                .map(|l| format!("   | {l}"))
                .collect::<Vec<_>>()
                .join("\n")
        ))
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
    /// Give up the open turn (the ask `seq`).
    Pass(u32),
    /// Ask one's team for the free-debate floor (this team note), then say this.
    Floor(Action, String),
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
    /// The person gave up their turn: its skip is theirs, not the clock's.
    pub passed: bool,
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
            passed: false,
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
        let end = "type it over one or more lines and end it with an empty line or a line `.` (or `pass`)";
        Some(match ask {
            Ask::Question { limit, targets } => format!(
                ">> {me}, cross-examine: name who answers ({} or {}) on a line of its own, and type your questions (at most {limit} words; over is kept but penalised). Only ask: a cross-examiner who answers for the other side loses 2 points; {end}. [{secs} s]",
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
                finished: false,
            },
            Ask::Speak { part, limit, .. } => Draft {
                seq,
                part: *part,
                limit: *limit,
                target: None,
                targets: Vec::new(),
                lines: Vec::new(),
                finished: false,
            },
            Ask::Judge { .. } | Ask::Review => return,
        });
    }

    /// The ask was answered or closed: forget it and its draft.
    pub fn close(&mut self) {
        self.open = None;
        self.draft = None;
    }

    /// A new ask of this seat opened: a floor speech typed ahead (after `floor`) becomes
    /// its draft; any other draft is dropped. Returns the action to hand in at once (the
    /// floor speech was finished before the call came).
    pub fn opened(&mut self, seq: u32, ask: Ask, due: i64, at: Instant) -> Option<(Action, u32)> {
        self.passed = false;
        let ahead = self.draft.take().filter(|d| d.seq.is_none());
        self.open = Some((seq, ask.clone(), due, at));
        let Ask::Speak {
            part: Part::Free,
            limit,
            ..
        } = ask
        else {
            return None;
        };
        let mut draft = ahead?;
        draft.seq = Some(seq);
        draft.limit = limit;
        if draft.finished && !draft.lines.is_empty() {
            return Some((draft.action(), seq));
        }
        self.draft = Some(draft);
        None
    }

    /// The draft to hand in now, at the deadline of the open ask (nothing typed: none).
    pub fn hand_in(&mut self) -> Option<(Action, u32)> {
        let (seq, ..) = self.open.as_ref()?;
        let draft = self.draft.as_ref().filter(|d| d.seq == Some(*seq))?;
        if draft.lines.is_empty() {
            return None;
        }
        let action = draft.action();
        let seq = *seq;
        self.draft = None;
        Some((action, seq))
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
        if text.eq_ignore_ascii_case("help") {
            return Step::Say(HELP.into());
        }
        let note = if text.eq_ignore_ascii_case("note") {
            Some("")
        } else {
            text.get(..5)
                .filter(|p| p.eq_ignore_ascii_case("note "))
                .map(|_| text[5..].trim())
        };
        if let Some(note) = note {
            if note.is_empty() {
                return Step::Say("   Not sent: write the note after `note`.".into());
            }
            return Step::Submit(
                Action::TeamNote {
                    text: note.to_string(),
                },
                None,
            );
        }
        let open_seq = self.open.as_ref().map(|(seq, ..)| *seq);
        let nothing_typed = self.draft.as_ref().is_none_or(|d| d.lines.is_empty());
        if text.eq_ignore_ascii_case("pass") && nothing_typed {
            if let Some(seq) = open_seq {
                return Step::Pass(seq);
            }
        }
        if text.eq_ignore_ascii_case("floor") && nothing_typed {
            return self.floor();
        }
        if let Some(draft) = &mut self.draft {
            if draft.target == Some(None) {
                let named = parse_seat(text);
                if named.is_some_and(|s| !draft.targets.contains(&s)) {
                    return Step::Say(format!(
                        "   Not taken: name who answers first: {}.",
                        draft
                            .targets
                            .iter()
                            .map(|s| seat_name(*s))
                            .collect::<Vec<_>>()
                            .join(" or ")
                    ));
                }
                if let Some(t) = named {
                    draft.target = Some(Some(t));
                    return Step::Say(if draft.lines.is_empty() {
                        format!(
                            "   {} answers. Now your questions (at most {} words), then an empty line or `.`:",
                            seat_title(t),
                            draft.limit
                        )
                    } else {
                        format!("   {} answers.", seat_title(t))
                    });
                }
            }
            if text.is_empty() || text == "." {
                if draft.lines.is_empty() {
                    return Step::Say(
                        "   Nothing written yet: type your speech, or `pass` to give up the turn."
                            .into(),
                    );
                }
                if draft.target == Some(None) {
                    return Step::Say(format!(
                        "   Name who answers first, on a line of its own: {}.",
                        draft
                            .targets
                            .iter()
                            .map(|s| seat_name(*s))
                            .collect::<Vec<_>>()
                            .join(" or ")
                    ));
                }
                let Some(seq) = draft.seq else {
                    draft.finished = true;
                    return Step::Say(
                        "   Ready: your speech goes in as soon as your team hands you the floor (type more to add to it).".into(),
                    );
                };
                let draft = self.draft.take().expect("a draft");
                return Step::Submit(draft.action(), Some(seq));
            }
            draft.finished = false;
            draft.lines.push(raw.to_string());
            let words = draft.words();
            let over = if words > draft.limit {
                " — over the limit: it will be kept and penalised"
            } else {
                ""
            };
            let name = if draft.target == Some(None) {
                format!(
                    "; name who answers on a line of its own: {}",
                    draft
                        .targets
                        .iter()
                        .map(|s| seat_name(*s))
                        .collect::<Vec<_>>()
                        .join(" or ")
                )
            } else {
                String::new()
            };
            return Step::Say(format!("   ({words} of {} words{over}{name})", draft.limit));
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
        if text.is_empty() {
            return Step::Nothing;
        }
        Step::Say(
            "   Not your turn: wait (in free debate `floor` asks your team for the floor; `note <text>` writes to your team; `help` lists the commands).".into(),
        )
    }

    /// `floor`: in free debate, with no turn open, ask the team for the floor (a team
    /// note) and start the speech at once.
    fn floor(&mut self) -> Step {
        if self.stage != Stage::FreeDebate {
            return Step::Say("   The floor is asked for only in free debate.".into());
        }
        if let Some((seq, ask, ..)) = self.open.clone() {
            if self.draft.is_none() {
                self.start(Some(seq), &ask);
            }
            return Step::Say("   The floor is yours already: type your speech.".into());
        }
        let left = self.clock[self.side().index()];
        if left == 0 {
            return Step::Say("   Your team's free-debate clock is spent.".into());
        }
        if self.draft.as_ref().is_some_and(|d| d.seq.is_none()) {
            return Step::Say(
                "   You have asked for the floor already: type your speech; it goes in when your team hands you the floor.".into(),
            );
        }
        self.draft = Some(Draft {
            seq: None,
            part: Part::Free,
            limit: left,
            target: None,
            targets: Vec::new(),
            lines: Vec::new(),
            finished: false,
        });
        Step::Floor(
            Action::TeamNote {
                text: FLOOR_NOTE.into(),
            },
            format!(
                "   You ask your team for the floor: your captain hands it to you at your team's next turn, and you are called then. Type your speech now if you like ({left} words left on your team's clock); end it with an empty line or `.`."
            ),
        )
    }
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
        assert!(matches!(d.read(&typed("note ")), Step::Say(s) if s.contains("Not sent")));
        d.close();
        assert!(
            matches!(d.read(&typed("floor")), Step::Say(s) if s.contains("only in free debate"))
        );
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
                    text: "Forty-two words of careful argument\nwithout the closing blank line"
                        .into()
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
        assert!(
            matches!(q.read(&typed("Who pays?")), Step::Say(s) if s.contains("name who answers"))
        );
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
}
