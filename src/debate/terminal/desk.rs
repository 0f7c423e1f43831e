//! The human debater's desk: the open ask, the speech being typed, and what each typed
//! line does (a speech line, `.`, `pass`, `floor`, `hand`, `note`, `help`, `quit`,
//! `abandon`). Pure: the terminal's loop (`mod.rs`) prints and submits what it says.

use crate::terminal::Typed;
use agora_core::store::now_ms;
use agora_games::debate::team::{
    parse_seat, seat_name, seat_title, side_of, Action, Ask, Part, Side, Stage,
};
use agora_games::Seat;
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
            .map(|l| agora_games::debate::words::count(l))
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
                        either(&draft.targets)
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
                        either(&draft.targets)
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

/// `con2 or con3`: the seats a cross-examiner may name.
fn either(targets: &[Seat]) -> String {
    targets
        .iter()
        .map(|s| seat_name(*s))
        .collect::<Vec<_>>()
        .join(" or ")
}

#[cfg(test)]
#[path = "desk_tests.rs"]
mod tests;
