//! One way to follow a session at the terminal, for every game: subscribe before the
//! session starts (so nothing is missed), then one loop that tells what the seat (or the
//! public) may see, reads the keyboard, hands in typed text when its time is nearly up,
//! and leaves on `quit`, Ctrl-C or a closed keyboard with the session stored; at the end,
//! the game's own ending (a scoreboard, a scorecard, a chart). What differs between games
//! is a [`Screen`]: how an event or an ask is told, what a typed line does, and the words
//! of the shared lines ([`Words`]).

use super::{Keyboard, Left, Typed};
use agora_core::session::{Ended, Note, Runner, SessionHandle, Subscription};
use agora_core::store::{Outcome, Store};
use agora_games::{Audience, Game, Lang, Viewer};
use std::io::Write;

/// The terminal's last line while a model's speech is shown as it is written.
enum Open {
    /// A speech being written (no line end yet): whose (seat and ask), what its draft line
    /// says before the speech, and the speech as printed so far.
    Drafting {
        key: (u8, u32),
        head: String,
        text: String,
    },
    /// The speech was taken and its draft line finished: `line` is that line whole and
    /// `text` the speech in it. The game's own line for the event, printed next, is not
    /// printed again; only its head, when it says more (a word count).
    Taken { line: String, text: String },
}

static DRAFT: std::sync::Mutex<Option<Open>> = std::sync::Mutex::new(None);

/// How a draft line ends when that reply was not accepted (an invalid reply is asked for
/// again, or the built-in player answers instead): what was shown was not said.
const SET_ASIDE: &str = "(not accepted: not said)";

/// Prints one line at once (the terminal shows it even while a line is being typed). A
/// speech being written on the last line is ended (`…`) before it; the line of a speech
/// just taken after its draft ([`taken`]) is printed as its head only, if that says more.
pub fn out(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let open = DRAFT.lock().map(|mut d| d.take()).unwrap_or(None);
    match open {
        Some(Open::Drafting { .. }) => {
            let _ = writeln!(stdout, "…\n{text}");
        }
        Some(Open::Taken { line, .. }) if line == text => {}
        Some(Open::Taken { text: speech, .. }) if !speech.is_empty() && text.contains(&speech) => {
            let at = text.rfind(&speech).unwrap_or(0);
            let head = text[..at]
                .trim_end()
                .trim_end_matches([':', '"'])
                .trim_end();
            let _ = writeln!(stdout, "   ↳ {}", head.trim_start());
        }
        _ => {
            let _ = writeln!(stdout, "{text}");
        }
    }
    let _ = stdout.flush();
}

/// Shows a speech as written so far (the ask `key` of its seat): `line` is how its event is
/// told, `text` the speech in it. The line is printed up to the end of the text (not
/// what follows it, a closing quote), and each later draft prints only what it adds; the
/// line ends when the speech is taken ([`taken`]).
pub fn draft(key: (u8, u32), line: &str, text: &str) {
    let Some(at) = line.rfind(text).filter(|_| !text.is_empty()) else {
        return;
    };
    let head = &line[..at];
    let mut stdout = std::io::stdout().lock();
    let Ok(mut open) = DRAFT.lock() else {
        return;
    };
    let same = match open.take() {
        Some(Open::Drafting {
            key: k,
            head,
            text: shown,
        }) if k == key => {
            if text.starts_with(&shown) {
                let _ = write!(stdout, "{}", &text[shown.len()..]);
            } else {
                // The reply was not accepted and the seat is writing it again.
                let _ = write!(stdout, "… {SET_ASIDE}\n{head}{text}");
            }
            Some(head)
        }
        Some(Open::Drafting { .. }) => {
            let _ = write!(stdout, "…\n{head}{text}");
            None
        }
        _ => {
            let _ = write!(stdout, "{head}{text}");
            None
        }
    };
    *open = Some(Open::Drafting {
        key,
        head: same.unwrap_or_else(|| head.to_string()),
        text: text.to_string(),
    });
    let _ = stdout.flush();
}

/// An event came whose draft line is `line` (the speech as taken, told as its drafts
/// were): the speech being written on the last line is finished with what it lacks, when
/// it is this one; any other is ended (`…`).
pub fn taken(line: &str) {
    let mut stdout = std::io::stdout().lock();
    let Ok(mut open) = DRAFT.lock() else {
        return;
    };
    let Some(Open::Drafting { head, text, .. }) = open.take() else {
        return;
    };
    let shown = format!("{head}{text}");
    if line.starts_with(&shown) {
        let _ = writeln!(stdout, "{}", &line[shown.len()..]);
        *open = Some(Open::Taken {
            line: line.to_string(),
            text: line[head.len()..].to_string(),
        });
    } else if line.starts_with(&head) {
        // The seat's speech came, but not this draft: its reply was set aside (the
        // built-in player's speech, or one written again, was given instead).
        let _ = writeln!(stdout, "… {SET_ASIDE}");
    } else {
        let _ = writeln!(stdout, "…");
    }
    let _ = stdout.flush();
}

/// The lines every game's terminal says alike, in the table's language: what they name
/// (`kind`: `game`, `debate` or `trial`) picks the words (`locales/*/terminal.ftl`).
#[derive(Debug, Clone, Copy)]
pub struct Words {
    pub lang: Lang,
    pub kind: &'static str,
}

impl Words {
    pub fn new(lang: Lang, kind: &'static str) -> Words {
        Words { lang, kind }
    }

    fn line(&self, id: &str) -> String {
        self.lang.text(id, &[("kind", self.kind)])
    }

    /// "!! The game is paused: …. Retrying…"
    pub fn paused(&self, reason: &str) -> String {
        self.lang
            .text("term-paused", &[("kind", self.kind), ("reason", reason)])
    }
}

/// What a typed line leads to, once the game's table has read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Stay at the table.
    Stay,
    /// Leave; the session stays stored and resumable.
    Quit,
    /// End the session for good (confirmed already).
    Abandon,
}

/// A game at the terminal: what the shared loop asks of it. The loop runs on the command's
/// own task (never spawned), so its futures need not be `Send`.
#[allow(async_fn_in_trait)]
pub trait Screen {
    type Game: Game;
    /// The words of the shared lines.
    fn words(&self) -> Words;
    /// Whose view the terminal follows.
    fn viewer(&self) -> Viewer;
    /// Whether the keyboard is read (a human seat is played here); a watch reads nothing,
    /// so a closed or absent keyboard does not stop it.
    fn reads_keyboard(&self) -> bool;
    /// Called before each wait: e.g. the prompt of an ask not yet prompted.
    fn before_wait(&mut self) {}
    /// How a speech still being written is told, if this terminal tells it as it comes
    /// (the draft's event, as the speech's own event would be told).
    fn draft_line(
        &self,
        _audience: Audience,
        _event: &<Self::Game as Game>::Event,
    ) -> Option<String> {
        None
    }
    /// An event or an ask (`retold`: it happened before this terminal attached, and is told
    /// again from the backlog).
    async fn note(
        &mut self,
        handle: &SessionHandle<Self::Game>,
        note: &Note<Self::Game>,
        retold: bool,
    );
    /// When what was typed for the open ask is to be handed in, if anything is.
    fn hand_in_at(&self) -> Option<tokio::time::Instant> {
        None
    }
    /// That moment has come.
    async fn hand_in(&mut self, _handle: &SessionHandle<Self::Game>) {}
    /// A typed line.
    async fn typed(&mut self, handle: &SessionHandle<Self::Game>, typed: &Typed) -> Flow;
    /// Said before the person leaves (quit, Ctrl-C, the keyboard closed): what became of
    /// a speech being typed.
    fn leaving(&self) {}
    /// The session finished: the game's ending (from the stored log).
    async fn finished(&self, store: &Store, id: &str, outcome: &Outcome) -> anyhow::Result<()>;
}

/// Follows the session until it ends or is left: tells what the table's viewer may see
/// and takes what is typed. Ctrl-C leaves the session stored.
pub async fn attach<T: Screen>(
    handle: &SessionHandle<T::Game>,
    mut subscription: Subscription<T::Game>,
    table: &mut T,
    keyboard: &mut Keyboard,
) -> Left {
    let words = table.words();
    let ctrl_c = tokio::signal::ctrl_c();
    tokio::pin!(ctrl_c);
    // What happened before a resume is told again, without the lines said to the person
    // at the time (a pass and a timeout look alike afterwards).
    let mut backlog = subscription.backlog_len();
    loop {
        table.before_wait();
        let due = table.hand_in_at();
        let reads = table.reads_keyboard();
        tokio::select! {
            _ = &mut ctrl_c => {
                table.leaving();
                out(&format!("\n{}", words.line("term-interrupted")));
                handle.detach().await;
                return Left::Detached;
            }
            note = subscription.next() => {
                let Some(note) = note else {
                    return Left::Detached;
                };
                let retold = backlog > 0;
                backlog = backlog.saturating_sub(1);
                match &*note {
                    Note::Paused { reason } => {
                        out(&words.paused(reason));
                    }
                    Note::Resumed => out(&words.line("term-store-back")),
                    Note::Ended { outcome } => return Left::Finished(outcome.clone()),
                    Note::Draft { seat, seq, audience, event, text } => {
                        if let Some(line) = table.draft_line(*audience, event) {
                            draft((*seat, *seq), &line, text);
                        }
                    }
                    Note::Abandoned => return Left::Abandoned,
                    note => {
                        // A speech shown as it was written is finished by its own event.
                        if let Note::Event { audience, event } = note {
                            if let Some(line) = table.draft_line(*audience, event) {
                                taken(&line);
                            }
                        }
                        table.note(handle, note, retold).await
                    }
                }
            }
            _ = async { tokio::time::sleep_until(due.expect("checked")).await }, if due.is_some() => {
                table.hand_in(handle).await;
            }
            typed = keyboard.line(), if reads => {
                let Some(typed) = typed else {
                    table.leaving();
                    out(&words.line("term-input-closed"));
                    handle.detach().await;
                    return Left::Detached;
                };
                match table.typed(handle, &typed).await {
                    Flow::Stay => {}
                    Flow::Quit => {
                        table.leaving();
                        out(&words.line("term-leaving"));
                        handle.detach().await;
                        return Left::Detached;
                    }
                    Flow::Abandon => {
                        handle.abandon().await;
                        return Left::Abandoned;
                    }
                }
            }
        }
    }
}

/// Follows one session at the terminal from its start until it ends or is left; at the
/// end tells the game's ending, or that it was abandoned.
pub async fn follow<T: Screen>(
    store: &Store,
    mut runner: Runner<T::Game>,
    mut table: T,
    keyboard: &mut Keyboard,
) -> anyhow::Result<()> {
    let subscription = runner.subscribe(table.viewer());
    let session = runner.start();
    let handle = session.handle.clone();
    let left = attach(&handle, subscription, &mut table, keyboard).await;
    let ended = session.wait().await?;
    match (left, ended) {
        (_, Ended::Finished(outcome)) | (Left::Finished(outcome), _) => {
            table.finished(store, handle.id(), &outcome).await?;
        }
        (_, Ended::Abandoned) => println!("{}", table.words().line("term-abandoned")),
        _ => {}
    }
    Ok(())
}
