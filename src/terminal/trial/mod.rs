//! A trial at the terminal: played from one player's seat, or watched. The case, what is
//! said to each juror and their answers, the evidence, deliberation and the verdict are
//! told line by line (the same lines `agora replay` prints). A player types
//! `<juror>: <message>` (a juror by name or id), `evidence <card>`, `jurors`, `cards`,
//! `rest` (done arguing), `verdict` (end the argument now), `quit` (leave; the trial is
//! saved) or `abandon` (twice: end it).

use super::{Keyboard, Left};
use crate::games::trial::{Action, Ask, Trial};
use crate::games::{Seat, Viewer};
use crate::session::{Note, Runner, SessionHandle, SubmitError, Subscription};
pub use crate::story::trial::TrialView;
use std::collections::BTreeMap;
use std::io::Write;

fn out(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{text}");
    let _ = stdout.flush();
}

/// What a terminal follows, subscribed before the session starts so nothing is missed.
pub struct TrialViews {
    human: Option<Seat>,
    subscription: Subscription<Trial>,
}

impl TrialViews {
    pub fn subscribe(runner: &mut Runner<Trial>, human: Option<Seat>) -> TrialViews {
        TrialViews {
            human,
            subscription: runner.subscribe(human.map_or(Viewer::Public, Viewer::Seat)),
        }
    }
}

const HELP: &str = "   Type `<juror>: <message>` to speak to a juror, `evidence <card>`, `jurors`, `cards`, `rest` (you are done), `verdict` (close the argument now), `quit` or `abandon`.";

/// Follows the session until it ends or is left: prints what the seat (or the public)
/// may see and takes the player's messages.
pub async fn attach(
    handle: &SessionHandle<Trial>,
    views: TrialViews,
    view: &TrialView,
    keyboard: &mut Keyboard,
) -> Result<Left, SubmitError> {
    let TrialViews {
        human,
        mut subscription,
    } = views;
    let mut argue: Option<Ask> = None;
    let mut confirm = false;
    let mut told_help = false;
    loop {
        tokio::select! {
            note = subscription.next() => {
                let Some(note) = note else { return Ok(Left::Detached) };
                match &*note {
                    Note::Event { audience, event } => {
                        if let Some(l) = view.line(event, *audience, false) {
                            out(&l);
                        }
                    }
                    Note::Ask { seat, ask, .. } if Some(*seat) == human => {
                        if !told_help {
                            out(HELP);
                            told_help = true;
                        }
                        argue = Some(ask.clone());
                    }
                    Note::Ask { .. } => {}
                    Note::Paused { reason } => out(&format!("!! The trial is paused: {reason}. Retrying…")),
                    Note::Resumed => out("!! The store is back; the trial goes on."),
                    Note::Ended { outcome } => return Ok(Left::Finished(outcome.clone())),
                    Note::Abandoned => return Ok(Left::Abandoned),
                }
            }
            typed = keyboard.line(), if human.is_some() => {
                let seat = human.expect("a human seat");
                let Some(typed) = typed else {
                    out("Input closed: the trial is saved; continue it with `agora resume`.");
                    handle.detach().await;
                    return Ok(Left::Detached);
                };
                let text = typed.text.trim();
                let word = text.to_ascii_lowercase();
                if word != "abandon" {
                    confirm = false;
                }
                let action = match word.as_str() {
                    "" => continue,
                    "quit" => {
                        out("Leaving: the trial is saved; continue it with `agora resume`.");
                        handle.detach().await;
                        return Ok(Left::Detached);
                    }
                    "abandon" if !confirm => {
                        confirm = true;
                        out("   Type abandon again to be sure; anything else goes on.");
                        continue;
                    }
                    "abandon" => {
                        handle.abandon().await;
                        return Ok(Left::Abandoned);
                    }
                    "help" | "?" => { out(HELP); continue; }
                    "jurors" => {
                        let left = match &argue { Some(Ask::Argue { turns_left, .. }) => turns_left.clone(), _ => BTreeMap::new() };
                        for (id, (name, occupation, _)) in &view.jurors {
                            out(&format!("   {name} ({occupation}){}", left.get(id).map_or(String::new(), |n| format!(": {n} messages left"))));
                        }
                        continue;
                    }
                    "cards" => {
                        let open = match &argue { Some(Ask::Argue { cards, .. }) => cards.clone(), _ => Vec::new() };
                        for e in &view.case.evidence {
                            let state = if open.contains(&e.id) { "" } else { " (presented)" };
                            out(&format!("   {} — {}{state}", e.id, e.title));
                        }
                        continue;
                    }
                    "rest" => Action::Rest,
                    "verdict" => Action::CallVerdict,
                    _ if word.starts_with("evidence ") => match view.find_card(&text[9..]) {
                        Some(card) => Action::Present { card },
                        None => { out("   No such card: type `cards` to see them."); continue; }
                    },
                    _ => match text.split_once(':') {
                        Some((who, said)) => match view.find_juror(who) {
                            Some(juror) => Action::Say { juror, text: said.trim().to_string() },
                            None => { out(&format!("   No juror called {:?}: type `jurors` to see them.", who.trim())); continue; }
                        },
                        None => { out(HELP); continue; }
                    },
                };
                if let Err(e) = handle.submit(seat, action, None).await {
                    out(&format!("   Not taken: {e}."));
                }
            }
        }
    }
}
