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
mod typing;

pub use ending::scoreboard;
use typing::{Guard, Step};

use crate::terminal::follow::{out, Flow, Screen, Words};
use crate::terminal::Typed;
use agora_core::session::{Note, SessionHandle, SubmitError};
use agora_core::store::{Outcome, Store};
use agora_core::werewolf::session::WerewolfSetup;
use agora_games::werewolf::{Ask, Event, Fall, Seat, Werewolf};
use agora_games::{Audience, Lang, Localized, Viewer};
use std::collections::BTreeMap;
use std::time::Instant;

/// One printed line for an event, or nothing for what a person need not read.
fn line(event: &Event, audience: Audience, viewer_is_seat: bool, lang: Lang) -> Option<String> {
    match event {
        // The end is told once, by the scoreboard (with the deaths the table was not told).
        Event::Scored { .. } | Event::Died { .. } | Event::GameOver { .. } => return None,
        Event::VoteCast { .. } if !viewer_is_seat => return None,
        _ => {}
    }
    let mut text = event.story_in(lang);
    if let Event::Board { id, .. } = event {
        // A person waits out every night on such a board: told why once, at the start.
        let full = agora_agents::werewolf::boards::find(id).is_ok_and(|b| b.full_nights);
        if full && viewer_is_seat {
            text = format!("{text}\n{}", lang.text("ww-full-nights", &[]));
        }
    }
    Some(match audience {
        Audience::Seats(seats) if viewer_is_seat => {
            let who: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
            let seats = who.join(",");
            format!(
                "   {}",
                lang.text("ww-private", &[("seats", &seats), ("text", &text)])
            )
        }
        _ => text,
    })
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

/// The seat a typed unasked action is for: the one whose ask is open, else the first of
/// the seats at this keyboard.
fn target_seat(open: Option<Seat>, humans: &[Seat]) -> Option<Seat> {
    open.or_else(|| humans.first().copied())
}

/// What a person whose seat falls is told (they may stay to watch).
fn fallen_line(seat: Seat, fall: Fall, lang: Lang) -> String {
    let how = lang.text(fall.key(), &[]);
    lang.text("ww-fallen", &[("seat", &seat.to_string()), ("how", &how)])
}

impl WerewolfScreen {
    /// Says the message `id` to the person, indented as the table's replies are.
    fn say(&self, id: &str, args: &[(&str, &str)]) {
        out(&format!("   {}", self.lang.text(id, args)));
    }

    pub fn new(humans: &[Seat], lang: Lang) -> WerewolfScreen {
        WerewolfScreen {
            lang,
            humans: humans.to_vec(),
            open: BTreeMap::new(),
            prompted: None,
            prompt_at: None,
            guard: Guard::new(lang),
        }
    }
}

impl Screen for WerewolfScreen {
    type Game = Werewolf;
    fn words(&self) -> Words {
        Words::new(self.lang, "game")
    }

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
                out(&typing::prompt(&ask, due, self.lang));
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
                let ask = ask.name_in(self.lang);
                self.say(
                    "ww-term-defaulted",
                    &[("seat", &seat.to_string()), ("ask", &ask)],
                );
                self.open.remove(seat);
            }
            Note::Event { audience, event } => {
                if let Some(l) = line(event, *audience, self.reads_keyboard(), self.lang) {
                    out(&l);
                }
                // A person who dies is told at once, and may stay to watch.
                if let Some((fallen, fall)) = event.fallen() {
                    for s in self.humans.iter().filter(|s| fallen.contains(**s)) {
                        out(&format!("   {}", fallen_line(*s, fall, self.lang)));
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
            Step::ConfirmAbandon => self.say("ww-confirm-abandon", &[]),
            Step::Abandon => return Flow::Abandon,
            Step::TypedAhead(text) => self.say("ww-typed-ahead", &[("text", &text)]),
            Step::NothingToDo => self.say("ww-nothing-to-do", &[]),
            Step::Nothing => {}
            Step::Help(text) => out(&text),
            Step::ConfirmEmptySpeech => self.say("ww-confirm-empty", &[]),
            Step::Refused(e) => {
                self.say("ww-refused", &[("why", &e)]);
                self.prompted = None;
            }
            Step::Explode(target) => {
                // The seat whose ask is open, else the first seat at this keyboard.
                let seat = target_seat(current.map(|(seat, ..)| seat), &self.humans);
                let Some(seat) = seat else {
                    return Flow::Stay;
                };
                let action = agora_games::werewolf::Action::Explode { target };
                match handle.submit(seat, action, None).await {
                    // The day ended with it: the seat's open speech, if any, is gone.
                    Ok(()) => {
                        self.open.remove(&seat);
                    }
                    Err(e) => {
                        self.say("ww-refused", &[("why", &e.text(self.lang))]);
                        self.prompted = None;
                    }
                }
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
                        self.say("ww-too-late", &[]);
                        self.open.remove(&seat);
                    }
                    Err(e) => {
                        self.say("ww-refused", &[("why", &e.text(self.lang))]);
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
