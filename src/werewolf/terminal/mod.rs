//! Werewolf at the terminal: a session played at the keyboard, or watched.
//!
//! Human seats are typed at one keyboard (hot seat when there are several): each sees the
//! public story plus its own private events, is told what it must do and which choices are
//! valid, and may retry after a bad entry. With no human seat the public story is shown,
//! and the roles at the end. The session itself runs in [`agora_core::session`] and is stored
//! like any other; this module only prints notes and submits typed actions.
//!
//! Typing is guarded: a line typed before the current prompt appeared is not taken as its
//! answer, an empty speech and `abandon` are each confirmed first, and `quit` (or Ctrl-C)
//! leaves the session stored. [`WerewolfScreen`] is the game's part of the shared
//! [`follow`](crate::terminal::follow) loop. At the end, `ending.rs` tells the
//! deaths the table was not yet told and how the game was won, then the scoreboard once.

mod ending;
#[cfg(test)]
mod follow_tests;

pub use ending::scoreboard;

use crate::terminal::follow::{out, Flow, Screen, Words};
use crate::terminal::Typed;
use agora_core::session::{Note, SessionHandle, SubmitError};
use agora_core::store::{now_ms, Outcome, Store};
use agora_core::werewolf::session::WerewolfSetup;
use agora_games::werewolf::{Action, Ask, AskKind, Choice, Event, Seat, SeatSet, Werewolf};
use agora_games::{Audience, Lang, Viewer};
use std::collections::BTreeMap;
use std::time::Instant;

/// Reads a typed answer to `ask`. The error says what is expected and what is valid.
pub fn parse_answer(ask: &Ask, line: &str) -> Result<Action, String> {
    let text = line.trim();
    let lower = text.to_ascii_lowercase();
    let mut words = lower.split_whitespace();
    let first = words.next().unwrap_or("");
    let number = |w: Option<&str>| -> Result<Seat, String> {
        let w = w.ok_or_else(|| format!("a seat number is missing: {}", expected(ask)))?;
        let n: Seat = w
            .trim_start_matches("seat")
            .parse()
            .map_err(|_| format!("'{w}' is not a seat number: {}", expected(ask)))?;
        if ask.targets.contains(n) {
            Ok(n)
        } else {
            Err(format!("seat {n} is not a valid choice: {}", expected(ask)))
        }
    };
    let bare = first.parse::<Seat>().is_ok();
    let target = if bare {
        number(Some(first))
    } else {
        number(words.next())
    };
    match ask.kind {
        AskKind::Speech | AskKind::PkSpeech | AskKind::LastWords => {
            let body = text
                .strip_prefix("say ")
                .or_else(|| text.strip_prefix("SAY "))
                .unwrap_or(text);
            let len = body.chars().count();
            if len > ask.max_chars as usize {
                return Err(format!(
                    "that is {len} characters; at most {} are allowed, please shorten it",
                    ask.max_chars
                ));
            }
            Ok(Action::Speak {
                text: body.to_string(),
            })
        }
        _ if text.is_empty() => Err(format!("nothing typed: {}", expected(ask))),
        _ => {
            let not_an_answer = || format!("'{text}' is not an answer here: {}", expected(ask));
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
    }
}

fn seats_list(set: SeatSet) -> String {
    set.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the seat may type for `ask`, with the valid targets.
pub fn expected(ask: &Ask) -> String {
    let targets = seats_list(ask.targets);
    match ask.kind {
        AskKind::WolfPick => format!("type kill <seat> (valid: {targets})"),
        AskKind::SeerCheck => format!("type check <seat> (valid: {targets})"),
        AskKind::HunterShot => format!("type shoot <seat> (valid: {targets}) or decline"),
        AskKind::Vote | AskKind::PkVote => {
            format!("type vote <seat> (valid: {targets}) or abstain")
        }
        AskKind::Witch => {
            let mut options = Vec::new();
            if ask.can_save {
                options.push("save".to_string());
            }
            if !ask.targets.is_empty() {
                options.push(format!("poison <seat> (valid: {targets})"));
            }
            options.push("pass".into());
            format!("type {}", options.join(", "))
        }
        AskKind::Speech | AskKind::PkSpeech | AskKind::LastWords => format!(
            "type your speech on one line (at most {} characters)",
            ask.max_chars
        ),
    }
}

fn prompt(ask: &Ask, due_at: i64) -> String {
    let secs = ((due_at - now_ms()).max(0) + 999) / 1000;
    let what = match ask.kind {
        AskKind::WolfPick => "choose tonight's victim".to_string(),
        AskKind::SeerCheck => "choose a seat to check".to_string(),
        AskKind::HunterShot => "you may shoot someone".to_string(),
        AskKind::Witch => match ask.attacked {
            Some(s) => format!("seat {s} was attacked tonight"),
            None => "nobody was attacked tonight".to_string(),
        },
        AskKind::Speech => "your speech".to_string(),
        AskKind::PkSpeech => "your PK speech".to_string(),
        AskKind::LastWords => "your last words".to_string(),
        AskKind::Vote => "your vote".to_string(),
        AskKind::PkVote => "your PK vote".to_string(),
    };
    format!(">> Seat {}, {what}: {} [{secs} s]", ask.seat, expected(ask))
}

/// One printed line for an event, or nothing for what a person need not read.
fn line(event: &Event, audience: Audience, viewer_is_seat: bool, lang: Lang) -> Option<String> {
    match event {
        // The end is told once, by the scoreboard (with the deaths the table was not told).
        Event::Scored { .. } | Event::Died { .. } | Event::GameOver { .. } => return None,
        Event::VoteCast { .. } if !viewer_is_seat => return None,
        _ => {}
    }
    let text = event.story_in(lang);
    Some(match audience {
        Audience::Seats(seats) if viewer_is_seat => {
            let who: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
            format!("   (private to {}) {text}", who.join(","))
        }
        _ => text,
    })
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
}

/// What `help` prints: the answer the open ask expects, if any, and the table's words.
fn help(open: Option<&Ask>) -> String {
    let now = match open {
        Some(ask) => format!("Now: {}.", expected(ask)),
        None => "Nothing is asked of you now: the game tells you when it is your turn.".into(),
    };
    format!(
        "   {now}\n   A speech is typed as it is (start with `say` to say a word the table uses, as in `say help`); seats are numbers (`vote 4`, `check 7`).\n   quit leaves (the game is kept: agora resume picks it up); abandon ends it for good."
    )
}

/// The state between typed lines: what awaits confirmation.
#[derive(Debug, Default)]
pub struct Guard {
    abandon_asked: bool,
    /// The ask (seat, seq) whose empty speech awaits confirmation.
    empty_asked: Option<(Seat, u32)>,
}

impl Guard {
    /// Reads `typed` against the open ask (`open`: seat, seq, ask) whose prompt was
    /// printed at `prompt_at`.
    pub fn read(
        &mut self,
        typed: &Typed,
        open: Option<(Seat, u32, &Ask)>,
        prompt_at: Option<Instant>,
    ) -> Step {
        let text = typed.text.trim();
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
        if text.eq_ignore_ascii_case("help") || text == "?" {
            return Step::Help(help(open.map(|(_, _, ask)| ask)));
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
            let body = text
                .strip_prefix("say ")
                .or_else(|| text.strip_prefix("SAY "))
                .unwrap_or(if text.eq_ignore_ascii_case("say") {
                    ""
                } else {
                    text
                })
                .trim();
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
        match parse_answer(ask, &typed.text) {
            Ok(action) => Step::Submit(action),
            Err(e) => Step::Refused(e),
        }
    }
}
/// Werewolf at the terminal, for [`follow`](crate::terminal::follow::follow): the human seats typed at
/// this keyboard (hot seat when several), or none to watch the public story. Their open
/// asks are prompted one at a time, the lowest seat first.
pub struct WerewolfScreen {
    humans: Vec<Seat>,
    /// Open asks of the human seats, by seat: (seq, ask, due).
    open: BTreeMap<Seat, (u32, Ask, i64)>,
    prompted: Option<(Seat, u32)>,
    /// When the current prompt was printed: lines that arrived before it are not its answer.
    prompt_at: Option<Instant>,
    guard: Guard,
    /// The table's language (the story's lines).
    lang: Lang,
}

impl WerewolfScreen {
    pub fn new(humans: &[Seat], lang: Lang) -> WerewolfScreen {
        WerewolfScreen {
            lang,
            humans: humans.to_vec(),
            open: BTreeMap::new(),
            prompted: None,
            prompt_at: None,
            guard: Guard::default(),
        }
    }
}

impl Screen for WerewolfScreen {
    type Game = Werewolf;
    const WORDS: Words = Words {
        paused: "game",
        store_back: "!! The game store is back; the game goes on.",
        interrupted: "\nInterrupted: the session is saved; continue it with `agora resume`.",
        saved: "session",
        abandoned: "The game was abandoned.",
    };

    /// The public view when it only watches, else what its human seats may see (the public
    /// events and each one's own), as one ordered stream.
    fn viewer(&self) -> Viewer {
        match &self.humans[..] {
            [] => Viewer::Public,
            [seat] => Viewer::Seat(*seat),
            many => Viewer::Seats(many.iter().copied().collect()),
        }
    }

    fn reads_keyboard(&self) -> bool {
        !self.humans.is_empty()
    }

    /// Prompts for the first open ask not yet prompted.
    fn before_wait(&mut self) {
        if let Some((&seat, &(seq, ask, due))) = self.open.iter().next() {
            if self.prompted != Some((seat, seq)) {
                self.prompt_at = Some(Instant::now());
                out(&prompt(&ask, due));
                self.prompted = Some((seat, seq));
            }
        }
    }

    fn draft_line(&self, audience: Audience, event: &Event) -> Option<String> {
        line(event, audience, self.reads_keyboard(), self.lang)
    }

    async fn note(&mut self, _: &SessionHandle<Werewolf>, note: &Note<Werewolf>, _: bool) {
        match note {
            Note::Event {
                event: Event::Defaulted { seat, ask, .. },
                ..
            } => {
                out(&format!(
                    "   (seat {seat}) time is up: the {} takes its default.",
                    ask.name()
                ));
                self.open.remove(seat);
            }
            Note::Event { audience, event } => {
                if let Some(l) = line(event, *audience, self.reads_keyboard(), self.lang) {
                    out(&l);
                }
                // A person who dies is told at once, and may stay to watch.
                if let Some((fallen, fall)) = event.fallen() {
                    for s in self.humans.iter().filter(|s| fallen.contains(**s)) {
                        out(&format!(
                            "   You (seat {s}) were {}: out of the game. Watch to the end, or type quit to leave.",
                            fall.words()
                        ));
                    }
                }
            }
            Note::Ask {
                seat,
                seq,
                ask,
                due_at,
            } => {
                self.open.insert(*seat, (*seq, *ask, *due_at));
                // Asked again with the same number (the witch after a save): prompt again.
                if self.prompted == Some((*seat, *seq)) {
                    self.prompted = None;
                }
            }
            _ => {}
        }
    }

    async fn typed(&mut self, handle: &SessionHandle<Werewolf>, typed: &Typed) -> Flow {
        let current = self
            .open
            .iter()
            .next()
            .map(|(&seat, (seq, ask, _))| (seat, *seq, ask));
        let target = current.map(|(seat, seq, _)| (seat, seq));
        match self.guard.read(typed, current, self.prompt_at) {
            Step::Quit => return Flow::Quit,
            Step::ConfirmAbandon => out(
                "   Type abandon again to end this game for good (it cannot be resumed); anything else goes on.",
            ),
            Step::Abandon => return Flow::Abandon,
            Step::TypedAhead(text) => out(&format!(
                "   Not taken: '{text}' was typed before this prompt; answer it now."
            )),
            Step::NothingToDo => out(
                "   Nothing to do now: wait for your turn (type quit to leave, abandon to end the game).",
            ),
            Step::Nothing => {}
            Step::Help(text) => out(&text),
            Step::ConfirmEmptySpeech => out(
                "   Nothing typed: press Enter again to pass your turn without a word, or type your speech.",
            ),
            Step::Refused(e) => {
                out(&format!("   Not taken: {e}. Try again."));
                self.prompted = None;
            }
            Step::Submit(action) => {
                // An answer is only read for an open ask.
                let Some((seat, seq)) = target else {
                    return Flow::Stay;
                };
                match handle.submit(seat, action, Some(seq)).await {
                    Ok(()) => {
                        self.open.remove(&seat);
                    }
                    Err(SubmitError::Stale) => {
                        out("   Too late: that choice has closed.");
                        self.open.remove(&seat);
                    }
                    Err(e) => {
                        out(&format!("   Not taken: {e}. Try again."));
                        self.prompted = None;
                    }
                }
            }
        }
        Flow::Stay
    }

    /// The scoreboard, once, from the whole log replayed: once the game is over it hides
    /// nothing, and it tells the last night's deaths and how the game was won.
    async fn finished(&self, store: &Store, id: &str, outcome: &Outcome) -> anyhow::Result<()> {
        let seats = store.seats(id).await?;
        let game = match agora_core::session::rebuild::<WerewolfSetup>(store, id).await {
            Ok(game) => Some(game),
            Err(e) => {
                tracing::warn!(session = %id, "cannot replay the log for the ending: {e}");
                None
            }
        };
        print!("{}", scoreboard(outcome, &seats, game.as_ref(), self.lang));
        Ok(())
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
