//! The moderated (`rounds`) and social debates at the terminal: played from one
//! participant's seat at the keyboard, or watched. Each event is told in a line or a block
//! (the moderator's round posts with their scores and source checks; surrenders and the
//! verdict); when it is the human's turn they type the speech over one or more lines,
//! ended by an empty line or `.`, with the word count shown as they go; what they typed is
//! handed in just before the time runs out, and `pass` gives the turn up. In a social
//! debate `concede` gives in (twice, to be sure). `quit` or Ctrl-C leaves the session
//! stored (saying what became of a speech being typed); `abandon` twice ends it. The story
//! lines are `story::debate::panel`'s.

use super::super::{Keyboard, Left};
use crate::games::{Seat, Viewer};
use crate::session::{Note, Runner, SessionHandle, SubmitError, Subscription};
use crate::store::now_ms;
use crate::story::debate::panel::name_of;
pub use crate::story::debate::panel::Panel;
use std::io::Write;

fn out(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{text}");
    let _ = stdout.flush();
}

/// How to play a moderated or social debate, shown at the start and by `help`.
pub fn help(social: bool) -> String {
    format!(
        "How to play: when you are called, type your speech over one or more lines and end it with an empty line or a line `.` (what you have typed when the time runs out is handed in). `pass` gives up your turn.{} `help` shows this; `quit` leaves (the debate is saved); `abandon`, twice, ends it.",
        if social {
            " `concede`, twice, gives in."
        } else {
            ""
        }
    )
}

/// What a terminal follows, subscribed before the session starts so nothing is missed.
pub struct PanelViews<G: Panel> {
    human: Option<Seat>,
    subscription: Subscription<G>,
}

impl<G: Panel> PanelViews<G> {
    pub fn subscribe(runner: &mut Runner<G>, human: Option<Seat>) -> PanelViews<G> {
        let viewer = human.map_or(Viewer::Public, Viewer::Seat);
        PanelViews {
            human,
            subscription: runner.subscribe(viewer),
        }
    }
}

/// Follows the session until it ends or is left: prints what the seat (or the public)
/// may see and takes the human's speeches.
pub async fn attach<G: Panel>(
    handle: &SessionHandle<G>,
    views: PanelViews<G>,
    names: &[String],
    keyboard: &mut Keyboard,
) -> Result<Left, SubmitError> {
    let PanelViews {
        human,
        mut subscription,
    } = views;
    // The open speech ask: (seq, round, limit, due), and the lines typed for it.
    let mut open: Option<(u32, u8, u32, i64)> = None;
    let mut lines: Vec<String> = Vec::new();
    let mut confirm: Option<&'static str> = None;
    let mut passed = false;
    // When to hand in what was typed for the open ask.
    let mut deadline: Option<tokio::time::Instant> = None;
    let ctrl_c = tokio::signal::ctrl_c();
    tokio::pin!(ctrl_c);
    let social = G::concede().is_some();
    // What happened before a resume is told again, without the lines said to the person
    // at the time (a pass and a timeout look alike afterwards).
    let mut backlog = subscription.backlog_len();
    loop {
        tokio::select! {
            _ = &mut ctrl_c => {
                left_behind(&lines);
                out("\nInterrupted: the debate is saved; continue it with `agora resume`.");
                handle.detach().await;
                return Ok(Left::Detached);
            }
            note = subscription.next() => {
                let Some(note) = note else { return Ok(Left::Detached) };
                let retold = backlog > 0;
                backlog = backlog.saturating_sub(1);
                match &*note {
                    Note::Event { audience, event } => {
                        if let Some(l) = G::line(event, *audience, names) {
                            out(&l);
                        }
                        if let (Some(seat), Some(skipped)) = (human, G::skipped(event)) {
                            if skipped == seat {
                                open = None;
                                deadline = None;
                                lines.clear();
                                if std::mem::take(&mut passed) {
                                    out("   You pass this round.");
                                } else if !retold {
                                    out("   Time is up: your turn was skipped.");
                                }
                            }
                        }
                    }
                    Note::Ask { seat, seq, ask, due_at } => {
                        if Some(*seat) == human {
                            if let Some((round, limit)) = G::speech(ask) {
                                open = Some((*seq, round, limit, *due_at));
                                passed = false;
                                lines.clear();
                                deadline = Some(hand_in_at(*due_at));
                                let secs = ((due_at - now_ms()).max(0) + 999) / 1000;
                                out(&format!(">> {}, your speech in round {round}: at most {limit} words; type it over one or more lines and end it with an empty line or `.` (or `pass`). [{secs} s]", name_of(names, *seat)));
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
                let (Some(seat), Some((seq, ..))) = (human, open) else { continue };
                if lines.is_empty() {
                    continue;
                }
                let speech = std::mem::take(&mut lines).join("\n");
                let words = crate::games::debate::words::count(&speech);
                out(&format!(
                    "   Time is nearly up: what you typed ({words} word{}) is handed in.",
                    if words == 1 { "" } else { "s" }
                ));
                match handle.submit(seat, G::speak(speech), Some(seq)).await {
                    Ok(()) => open = None,
                    Err(SubmitError::Stale) => { out("   Too late: that turn has closed."); open = None; }
                    Err(e) => out(&format!("   Not taken: {e}.")),
                }
            }
            typed = keyboard.line(), if human.is_some() => {
                let seat = human.expect("a human seat");
                let Some(typed) = typed else {
                    left_behind(&lines);
                    out("Input closed: the session is saved; continue it with `agora resume`.");
                    handle.detach().await;
                    return Ok(Left::Detached);
                };
                let text = typed.text.trim();
                let word = text.to_ascii_lowercase();
                if word == "help" {
                    out(&help(social));
                    continue;
                }
                if lines.is_empty() && word == "pass" {
                    match open {
                        Some((seq, ..)) => {
                            passed = true;
                            match handle.pass(seat, seq).await {
                                Ok(()) => {}
                                Err(SubmitError::Stale) => { passed = false; out("   Too late: that turn has closed."); open = None; }
                                Err(e) => { passed = false; out(&format!("   Not taken: {e}.")); }
                            }
                        }
                        None => out("   Not your turn: there is nothing to pass."),
                    }
                    continue;
                }
                if lines.is_empty() && matches!(word.as_str(), "quit" | "abandon" | "concede") {
                    let what: &'static str = match word.as_str() { "quit" => "quit", "abandon" => "abandon", _ => "concede" };
                    if what == "quit" {
                        out("Leaving: the session is saved; continue it with `agora resume`.");
                        handle.detach().await;
                        return Ok(Left::Detached);
                    }
                    if confirm != Some(what) {
                        confirm = Some(what);
                        out(&format!("   Type {what} again to be sure; anything else goes on."));
                        continue;
                    }
                    confirm = None;
                    if what == "abandon" {
                        handle.abandon().await;
                        return Ok(Left::Abandoned);
                    }
                    match G::concede() {
                        Some(action) => match handle.submit(seat, action, None).await {
                            Ok(()) => { out("   You give in."); open = None; deadline = None; }
                            Err(e) => out(&format!("   Not taken: {e}.")),
                        },
                        None => out("   In a moderated debate there is no conceding: speak, or `pass`."),
                    }
                    continue;
                }
                confirm = None;
                let Some((seq, _, limit, _)) = open else {
                    if !text.is_empty() {
                        out("   Not your turn: wait (`help` lists the commands).");
                    }
                    continue;
                };
                if text.is_empty() || text == "." {
                    if lines.is_empty() {
                        out("   Nothing written yet: type your speech, or `pass` to give up the turn.");
                        continue;
                    }
                    let speech = std::mem::take(&mut lines).join("\n");
                    match handle.submit(seat, G::speak(speech), Some(seq)).await {
                        Ok(()) => { open = None; deadline = None; }
                        Err(SubmitError::Stale) => { out("   Too late: that turn has closed."); open = None; }
                        Err(e) => out(&format!("   Not taken: {e}.")),
                    }
                    continue;
                }
                lines.push(typed.text.trim_end().to_string());
                let words: u32 = lines.iter().map(|l| crate::games::debate::words::count(l)).sum();
                let over = if words > limit { " — over the limit" } else { "" };
                out(&format!("   ({words} of {limit} words{over})"));
            }
        }
    }
}

/// Says what became of a speech being typed when the person leaves, with its text.
fn left_behind(lines: &[String]) {
    if lines.is_empty() {
        return;
    }
    let words: u32 = lines
        .iter()
        .map(|l| crate::games::debate::words::count(l))
        .sum();
    out(&format!(
        "   Your unfinished speech ({words} word{}) was not handed in. It read:",
        if words == 1 { "" } else { "s" }
    ));
    for l in lines {
        out(&format!("   | {l}"));
    }
}

/// The moment to hand in what was typed for an ask due at `due` (epoch ms): a tenth of
/// the time before it, between 0.3 and 2 s, at most half the time (as on Discord).
pub fn hand_in_at(due: i64) -> tokio::time::Instant {
    let left = (due - now_ms()).max(0);
    let margin = (left / 10).clamp(300, 2_000).min(left / 2);
    tokio::time::Instant::now() + std::time::Duration::from_millis((left - margin).max(0) as u64)
}
