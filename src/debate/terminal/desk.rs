//! The human debater's desk: the open ask, the speech being typed, and what each typed
//! line does (a speech line, `.`, `pass`, `floor`, `hand`, `note`, `help`, `quit`,
//! `abandon`). Pure: the terminal's loop (`mod.rs`) prints and submits what it says. Every
//! line it says is in the debate's language (`locales/*/desk.ftl`); at a Chinese table the
//! Chinese words are read as well (跳过, 发言, 交给 正方三辩 …, 纸条 …, 帮助, 退出, 终止,
//! and seats named 正方三辩 as well as pro3).

use crate::terminal::Typed;
use agora_core::store::now_ms;
use agora_games::debate::team::{
    parse_seat, seat_name, seat_title_in, side_of, Action, Ask, Part, Side, Stage,
};
use agora_games::{Lang, Seat};
use std::time::Instant;

/// How to play in English, as it read before it moved to `desk.ftl` (the tests hold the
/// Fluent text to it).
#[cfg(test)]
pub const HELP: &str = "How to play: when you are called, type your speech over one or more lines and end it with an empty line or a line `.` (what you have typed when the time runs out is handed in). `pass` gives up your turn (no score). A cross-examiner names who answers on a line of its own. In free debate `floor` asks your team for the floor (start typing at once: it goes in when your captain hands it to you); offered the floor, `hand pro3 <direction>` gives it to a teammate. `note <text>` writes to your team at any time. `help` shows this; `quit` leaves (the debate is saved); `abandon`, twice, ends it.";

/// The team note that asks one's captain for the free-debate floor, in English (as
/// [`HELP`], the tests hold `desk.ftl` to it).
#[cfg(test)]
pub const FLOOR_NOTE: &str = "I would like the floor: please hand it to me at our next turn.";

/// How to play in `lang`, shown at the start and by `help`.
pub fn help_in(lang: Lang) -> String {
    lang.text("desk-help", &[])
}

/// A seat as the person types it: `con2` in English, `反方二辩` in Chinese.
fn typed_seat(seat: Seat, lang: Lang) -> String {
    match lang {
        Lang::En => seat_name(seat),
        Lang::ZhCn => seat_title_in(seat, lang),
    }
}

/// Reads a seat as typed: `pro3` (any case, see [`parse_seat`]) or its title in `lang`
/// (`正方三辩`).
fn read_seat(text: &str, lang: Lang) -> Option<Seat> {
    parse_seat(text).or_else(|| {
        let t = text.trim();
        (lang != Lang::En)
            .then(|| (1..=8).find(|&s| seat_title_in(s, lang) == t))
            .flatten()
    })
}

/// A typed command word in either language (English in any case), or `None`.
fn command(text: &str) -> Option<&'static str> {
    match text.to_ascii_lowercase().as_str() {
        "quit" | "退出" => Some("quit"),
        "abandon" | "终止" => Some("abandon"),
        "help" | "帮助" => Some("help"),
        "pass" | "跳过" => Some("pass"),
        "floor" | "发言" => Some("floor"),
        "note" | "纸条" => Some("note"),
        _ => None,
    }
}

/// A line that starts with a command word and a space (`note …`, `纸条 …`, `hand …`,
/// `交给 …`): the rest, trimmed at its start.
fn after<'a>(text: &'a str, words: &[&str]) -> Option<&'a str> {
    words.iter().find_map(|w| {
        text.get(..w.len())
            .filter(|p| p.eq_ignore_ascii_case(w))
            .and_then(|_| text[w.len()..].strip_prefix([' ', '\u{3000}']))
    })
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
        self.left_behind_in(Lang::En)
    }

    /// [`left_behind`](Draft::left_behind) in `lang`.
    pub fn left_behind_in(&self, lang: Lang) -> Option<String> {
        if self.lines.is_empty() {
            return None;
        }
        let n = self.words();
        let what = lang.text(
            if self.part == Part::Question {
                "desk-what-questions"
            } else {
                "desk-what-speech"
            },
            &[],
        );
        Some(format!(
            "   {}\n{}",
            lang.text("desk-unfinished", &[("what", &what), ("n", &n.to_string())]),
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
    /// The debate's language: what the desk says, and the words it reads besides English.
    pub lang: Lang,
}

impl Desk {
    #[cfg(test)]
    pub fn new(seat: Seat) -> Desk {
        Desk::new_in(seat, Lang::En)
    }

    /// A desk at a debate held in `lang`.
    pub fn new_in(seat: Seat, lang: Lang) -> Desk {
        Desk {
            lang,
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

    /// A line of `locales/*/desk.ftl` in the desk's language.
    fn t(&self, id: &str, args: &[(&str, &str)]) -> String {
        self.lang.text(id, args)
    }

    /// A line of `desk.ftl`, indented as the desk's answers are.
    fn say(&self, id: &str, args: &[(&str, &str)]) -> Step {
        Step::Say(format!("   {}", self.t(id, args)))
    }

    /// The prompt for the open ask.
    pub fn prompt(&self) -> Option<String> {
        let (_, ask, due, _) = self.open.as_ref()?;
        let secs = (((due - now_ms()).max(0) + 999) / 1000).to_string();
        let lang = self.lang;
        let me = seat_title_in(self.seat, lang);
        let end = self.t("desk-end", &[]);
        Some(match ask {
            Ask::Question { limit, targets } => self.t(
                "desk-ask-question",
                &[
                    ("me", &me),
                    ("a", &typed_seat(targets[0], lang)),
                    ("b", &typed_seat(targets[1], lang)),
                    ("limit", &limit.to_string()),
                    ("end", &end),
                    ("secs", &secs),
                ],
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
                    p.push_str(&format!(
                        "   {}\n",
                        self.t("desk-direction", &[("direction", d)])
                    ));
                }
                let part = match lang {
                    Lang::En => part.title().to_string(),
                    _ => self.t(&format!("debate-part-{}", part.name()), &[]),
                };
                p.push_str(&self.t(
                    "desk-ask-speak",
                    &[
                        ("me", &me),
                        ("part", &part),
                        ("limit", &limit.to_string()),
                        ("end", &end),
                        ("secs", &secs),
                    ],
                ));
                if *may_hand_off {
                    p.push_str(&format!(
                        "\n   {}",
                        self.t("desk-or-hand", &[("mate", &self.teammate_example())])
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
        typed_seat(mate, self.lang)
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
        let word = command(text);
        if word == Some("quit") {
            return Step::Quit;
        }
        if word == Some("abandon") {
            if std::mem::take(&mut self.abandon_asked) {
                return Step::Abandon;
            }
            self.abandon_asked = true;
            return Step::ConfirmAbandon;
        }
        self.abandon_asked = false;
        if word == Some("help") {
            return Step::Say(help_in(self.lang));
        }
        let note = if word == Some("note") {
            Some("")
        } else {
            after(text, &["note", "纸条"]).map(str::trim)
        };
        if let Some(note) = note {
            if note.is_empty() {
                return self.say("desk-note-empty", &[]);
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
        if word == Some("pass") && nothing_typed {
            if let Some(seq) = open_seq {
                return Step::Pass(seq);
            }
        }
        if word == Some("floor") && nothing_typed {
            return self.floor();
        }
        let lang = self.lang;
        if let Some(draft) = &mut self.draft {
            let t = |id: &str, args: &[(&str, &str)]| format!("   {}", lang.text(id, args));
            if draft.target == Some(None) {
                let named = read_seat(text, lang);
                if named.is_some_and(|s| !draft.targets.contains(&s)) {
                    return Step::Say(t(
                        "desk-name-first",
                        &[("who", &either(&draft.targets, lang))],
                    ));
                }
                if let Some(s) = named {
                    draft.target = Some(Some(s));
                    let seat = seat_title_in(s, lang);
                    return Step::Say(if draft.lines.is_empty() {
                        t(
                            "desk-answers-now",
                            &[("seat", &seat), ("limit", &draft.limit.to_string())],
                        )
                    } else {
                        t("desk-answers", &[("seat", &seat)])
                    });
                }
            }
            if text.is_empty() || text == "." {
                if draft.lines.is_empty() {
                    return Step::Say(t("desk-nothing-written", &[]));
                }
                if draft.target == Some(None) {
                    return Step::Say(t(
                        "desk-name-on-a-line",
                        &[("who", &either(&draft.targets, lang))],
                    ));
                }
                let Some(seq) = draft.seq else {
                    draft.finished = true;
                    return Step::Say(t("desk-ready", &[]));
                };
                let draft = self.draft.take().expect("a draft");
                return Step::Submit(draft.action(), Some(seq));
            }
            draft.finished = false;
            draft.lines.push(raw.to_string());
            let words = draft.words();
            let over = if words > draft.limit {
                lang.text("desk-count-over", &[])
            } else {
                String::new()
            };
            let name = if draft.target == Some(None) {
                lang.text("desk-count-name", &[("who", &either(&draft.targets, lang))])
            } else {
                String::new()
            };
            return Step::Say(t(
                "desk-count",
                &[
                    ("words", &words.to_string()),
                    ("limit", &draft.limit.to_string()),
                    ("over", &over),
                    ("name", &name),
                ],
            ));
        }
        if let Some((seq, ask, _, prompt_at)) = self.open.clone() {
            if typed.at < prompt_at {
                return if text.is_empty() {
                    Step::Nothing
                } else {
                    self.say("desk-typed-before", &[("text", text)])
                };
            }
            if let Ask::Speak {
                may_hand_off: true, ..
            } = ask
            {
                if let Some(rest) = after(text, &["hand", "交给"]) {
                    let rest = rest.trim_start();
                    let (who, direction) = rest.split_once([' ', '\u{3000}']).unwrap_or((rest, ""));
                    let direction = direction.trim().to_string();
                    return match read_seat(who, self.lang) {
                        Some(to) => Step::Submit(Action::HandOff { to, direction }, Some(seq)),
                        None => self.say(
                            "desk-not-a-seat",
                            &[("who", who), ("mate", &self.teammate_example())],
                        ),
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
        self.say("desk-not-your-turn", &[])
    }

    /// `floor`: in free debate, with no turn open, ask the team for the floor (a team
    /// note) and start the speech at once.
    fn floor(&mut self) -> Step {
        if self.stage != Stage::FreeDebate {
            return self.say("desk-floor-only-free", &[]);
        }
        if let Some((seq, ask, ..)) = self.open.clone() {
            if self.draft.is_none() {
                self.start(Some(seq), &ask);
            }
            return self.say("desk-floor-yours", &[]);
        }
        let left = self.clock[self.side().index()];
        if left == 0 {
            return self.say("desk-clock-spent", &[]);
        }
        if self.draft.as_ref().is_some_and(|d| d.seq.is_none()) {
            return self.say("desk-floor-asked", &[]);
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
                text: self.t("desk-floor-note", &[]),
            },
            format!(
                "   {}",
                self.t("desk-floor-ask", &[("left", &left.to_string())])
            ),
        )
    }
}

/// `con2 or con3` (`反方二辩或反方三辩`): the seats a cross-examiner may name.
fn either(targets: &[Seat], lang: Lang) -> String {
    targets
        .iter()
        .map(|s| typed_seat(*s, lang))
        .collect::<Vec<_>>()
        .join(&lang.text("desk-or", &[]))
}

#[cfg(test)]
#[path = "desk_tests.rs"]
mod tests;
