//! The team debate at the terminal: a session played from one debater's seat at the
//! keyboard, or watched.
//!
//! The human sees the moderator's calls, every speech, the clocks, their own team's notes
//! and hand-offs (never the other team's), and the scores when live scores are on. When
//! it is their turn they are told the part, its word limit and the time left, and type the
//! speech over one or more lines, ended by an empty line or a line `.`; the word count
//! against the limit is shown as they go (over the limit is kept and penalised, as the
//! rules say), and what they typed is handed in just before the time runs out (as on
//! Discord). `pass` gives the turn up. A cross-examiner names who answers (before or after
//! the questions). In free debate the debater offered the floor may `hand pro3
//! <direction>` to a teammate, and any debater may type `floor` to ask their team for it
//! (a team note their captain honours at the team's next turn; the speech may be typed at
//! once and goes in with that call). `note <text>` writes to one's team at any time and
//! shows at once. `quit` or Ctrl-C leaves the session stored (saying what became of a
//! speech being typed); `abandon` twice ends it. [`HELP`] is shown at the start.
//!
//! - `desk.rs`: the open ask, the speech being typed, and what each typed line does.
//! - `story`: the lines each event is told in, and the scorecard (`crate::story::debate::team`, shared with replay).

mod desk;
pub mod formats;
pub use crate::story::debate::team as story;

pub use desk::{Desk, Draft, Step, FLOOR_NOTE, HELP};

use super::Keyboard;
use crate::games::debate::team::{seat_title, side_of, Action, Event, Side, Stage, TeamDebate};
use crate::games::{Seat, Viewer};
use crate::session::{Note, Runner, SessionHandle, SubmitError, Subscription};
use crate::store::Outcome;
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

/// What the terminal says when the person leaves (quit, Ctrl-C, input closed): the
/// reason, and what became of a speech they were typing.
fn leaving(desk: Option<&Desk>, why: &str) {
    if let Some(text) = desk
        .and_then(|d| d.draft.as_ref())
        .and_then(Draft::left_behind)
    {
        out(&text);
    }
    out(why);
}

/// Submits `action` for the human seat and says how it went.
async fn submit(
    handle: &SessionHandle<TeamDebate>,
    d: &mut Desk,
    action: Action,
    seq: Option<u32>,
) {
    let aside = action.is_aside();
    let note = match &action {
        Action::TeamNote { text } => Some(text.clone()),
        _ => None,
    };
    match handle.submit(d.seat, action, seq).await {
        Ok(()) if aside => {
            if let Some(text) = note {
                out(&format!(
                    "[team {}] {} (you): {text}",
                    side_of(d.seat).map_or("?", Side::title),
                    seat_title(d.seat)
                ));
            }
        }
        Ok(()) => d.close(),
        Err(SubmitError::Stale) => {
            if let Some(text) = d.draft.as_ref().and_then(Draft::left_behind) {
                out(&text);
            }
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

/// Follows a debate session at the terminal until it ends: prints what the human seat
/// (or, with none, the public) may see and takes the human's typed speeches. Ctrl-C
/// leaves the session stored, saying what became of a speech being typed.
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
    // When to hand in what was typed for the open ask.
    let mut deadline: Option<tokio::time::Instant> = None;
    let ctrl_c = tokio::signal::ctrl_c();
    tokio::pin!(ctrl_c);
    // What happened before a resume is told again, without the lines said to the person
    // at the time (a pass and a timeout look alike afterwards).
    let mut backlog = subscription.backlog_len();
    loop {
        tokio::select! {
            _ = &mut ctrl_c => {
                leaving(desk.as_ref(), "\nInterrupted: the debate is saved; continue it with `agora resume`.");
                handle.detach().await;
                return Ok(Left::Detached);
            }
            note = subscription.next() => {
                let Some(note) = note else {
                    return Ok(Left::Detached);
                };
                let retold = backlog > 0;
                backlog = backlog.saturating_sub(1);
                match &*note {
                    Note::Event { audience, event } => {
                        if let Some(d) = desk.as_mut() {
                            match event {
                                Event::StageBegins { stage } => {
                                    d.stage = *stage;
                                    let floor_draft = d.draft.as_ref().filter(|x| x.seq.is_none()).cloned();
                                    if let Some(draft) = floor_draft.filter(|_| *stage != Stage::FreeDebate) {
                                        d.draft = None;
                                        if let Some(text) = draft.left_behind() {
                                            out("   Free debate is over before your team handed you the floor.");
                                            out(&text);
                                        }
                                    }
                                }
                                Event::Clock { left } => d.clock = *left,
                                Event::Motion { limits, .. } => d.clock = [limits.clock; 2],
                                Event::Skipped { seat, .. } if *seat == d.seat => {
                                    d.close();
                                    deadline = None;
                                    if std::mem::take(&mut d.passed) {
                                        out("   You pass: the turn goes on without you (no score).");
                                    } else if !retold {
                                        out("   Time is up: your turn was skipped.");
                                    }
                                }
                                // One's own note was shown when it was sent.
                                Event::TeamNote { seat, .. } if *seat == d.seat => continue,
                                _ => {}
                            }
                        }
                        if let Some(l) = story::line(event, *audience, None) {
                            out(&l);
                        }
                    }
                    Note::Ask { seat, seq, ask, due_at } => {
                        if let Some(d) = desk.as_mut().filter(|d| d.seat == *seat) {
                            let ready = d.opened(*seq, ask.clone(), *due_at, Instant::now());
                            if let Some(p) = d.prompt() {
                                out(&p);
                                deadline = Some(formats::hand_in_at(*due_at));
                            }
                            match ready {
                                Some((action, seq)) => {
                                    out("   Your floor speech goes in.");
                                    submit(handle, d, action, Some(seq)).await;
                                }
                                None => {
                                    if let Some(draft) = d.draft.as_ref().filter(|x| !x.lines.is_empty()) {
                                        out(&format!(
                                            "   Your floor speech so far ({} of {} words) is kept: go on, and end it with an empty line or `.`.",
                                            draft.words(),
                                            draft.limit
                                        ));
                                    }
                                }
                            }
                        }
                    }
                    Note::Paused { reason } => out(&format!("!! The debate is paused: {reason}. Retrying…")),
                    Note::Resumed => out("!! The store is back; the debate goes on."),
                    Note::Ended { outcome } => return Ok(Left::Finished(outcome.clone())),
                    Note::Abandoned => return Ok(Left::Abandoned),
                }
            }
            _ = async { tokio::time::sleep_until(deadline.expect("checked")).await }, if deadline.is_some() => {
                deadline = None;
                let d = desk.as_mut().expect("a human seat");
                if let Some((action, seq)) = d.hand_in() {
                    let words = match &action {
                        Action::Speak { text } | Action::Ask { text, .. } => crate::games::debate::words::count(text),
                        _ => 0,
                    };
                    out(&format!(
                        "   Time is nearly up: what you typed ({words} word{}) is handed in.",
                        if words == 1 { "" } else { "s" }
                    ));
                    submit(handle, d, action, Some(seq)).await;
                }
            }
            typed = keyboard.line(), if desk.is_some() => {
                let Some(typed) = typed else {
                    leaving(desk.as_ref(), "Input closed: the session is saved; continue it with `agora resume`.");
                    handle.detach().await;
                    return Ok(Left::Detached);
                };
                let d = desk.as_mut().expect("a human seat");
                match d.read(&typed) {
                    Step::Quit => {
                        leaving(Some(d), "Leaving: the session is saved; continue it with `agora resume`.");
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
                    Step::Pass(seq) => {
                        d.passed = true;
                        match handle.pass(d.seat, seq).await {
                            Ok(()) => {}
                            Err(SubmitError::Stale) => {
                                d.passed = false;
                                out("   Too late: that turn has closed.");
                                d.close();
                            }
                            Err(e) => {
                                d.passed = false;
                                out(&format!("   Not taken: {e}."));
                            }
                        }
                    }
                    Step::Floor(note, say) => {
                        submit(handle, d, note, None).await;
                        out(&say);
                    }
                    Step::Submit(action, seq) => submit(handle, d, action, seq).await,
                }
            }
        }
    }
}

/// The outcome line for a session that ended (the scorecard follows from the rebuilt game).
pub fn ended_line(outcome: &Outcome) -> String {
    format!("The debate is over: {}.", outcome.winner)
}
