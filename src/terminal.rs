//! The terminal surface: a werewolf session played at the keyboard, or watched.
//!
//! Human seats are typed at one keyboard (hot seat when there are several): each sees the
//! public story plus its own private events, is told what it must do and which choices are
//! valid, and may retry after a bad entry. With no human seat the public story is shown,
//! and the roles at the end. The session itself runs in [`crate::session`] and is stored
//! like any other; this module only prints notes and submits typed actions.

use crate::games::werewolf::{Action, Ask, AskKind, Event, Game, Seat, SeatSet};
use crate::session::{
    Note, Runner, SeatNo, SessionHandle, SubmitError, Subscription, Viewer, Visibility,
};
use crate::store::{now_ms, Outcome, SummarySeat};
use std::collections::BTreeMap;
use std::io::Write;
use tokio::sync::mpsc;

/// Lines typed at the keyboard, read on a thread of their own. `None` at end of input.
pub struct Keyboard {
    rx: mpsc::UnboundedReceiver<String>,
}

impl Keyboard {
    /// A keyboard that never types (watch mode).
    pub fn none() -> Keyboard {
        let (_, rx) = mpsc::unbounded_channel();
        Keyboard { rx }
    }

    /// Starts reading standard input. Open it once per process: the reader thread keeps
    /// standard input to itself.
    pub fn open() -> Keyboard {
        let (tx, rx) = mpsc::unbounded_channel();
        std::thread::spawn(move || {
            let stdin = std::io::stdin();
            let mut line = String::new();
            loop {
                line.clear();
                match stdin.read_line(&mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if tx
                            .send(line.trim_end_matches(['\r', '\n']).to_string())
                            .is_err()
                        {
                            break;
                        }
                    }
                }
            }
        });
        Keyboard { rx }
    }
    async fn line(&mut self) -> Option<String> {
        self.rx.recv().await
    }
}

/// How an attached terminal left the session.
#[derive(Debug, Clone, PartialEq)]
pub enum Left {
    Finished(Outcome),
    Abandoned,
    /// The keyboard closed or the player typed `quit`: the session stays stored, resumable.
    Detached,
}

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
        AskKind::WolfPick if bare || first == "kill" => Ok(Action::Kill { target: target? }),
        AskKind::SeerCheck if bare || first == "check" => Ok(Action::Check { target: target? }),
        AskKind::HunterShot if bare || first == "shoot" => Ok(Action::Shoot { target: target? }),
        AskKind::HunterShot if first == "decline" || first == "pass" => Ok(Action::Decline),
        AskKind::Vote | AskKind::PkVote if bare || first == "vote" => {
            Ok(Action::Vote { target: target? })
        }
        AskKind::Vote | AskKind::PkVote if first == "abstain" || first == "pass" => {
            Ok(Action::Abstain)
        }
        AskKind::Witch if first == "save" => Ok(Action::Save),
        AskKind::Witch if first == "poison" => Ok(Action::Poison { target: target? }),
        AskKind::Witch if first == "pass" => Ok(Action::Pass),
        _ if text.is_empty() => Err(format!("nothing typed: {}", expected(ask))),
        _ => Err(format!("'{text}' is not an answer here: {}", expected(ask))),
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
fn line(event: &Event, visibility: Visibility, viewer_is_seat: bool) -> Option<String> {
    match event {
        Event::Scored { .. } | Event::Died { .. } => return None,
        Event::VoteCast { .. } if !viewer_is_seat => return None,
        _ => {}
    }
    let text = event.story();
    Some(match visibility {
        Visibility::Seats(mask) if viewer_is_seat => {
            let who: Vec<String> = (1..=9u8)
                .filter(|s| mask & (1 << s) != 0)
                .map(|s| s.to_string())
                .collect();
            format!("   (private to {}) {text}", who.join(","))
        }
        _ => text,
    })
}

fn out(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{text}");
    let _ = stdout.flush();
}

/// What a terminal follows, as one ordered stream: the public view when it only watches,
/// else what its human seats may see (the public events and each one's own). Taken before
/// the session starts, so nothing is missed however fast the AI seats play.
pub struct Views {
    humans: Vec<SeatNo>,
    subscription: Subscription<Game>,
}

impl Views {
    pub fn subscribe(runner: &mut Runner<Game>, humans: &[SeatNo]) -> Views {
        let viewer = match humans {
            [] => Viewer::Public,
            [seat] => Viewer::Seat(*seat),
            many => Viewer::Seats(many.iter().fold(0, |mask, s| mask | (1u64 << s))),
        };
        Views {
            humans: humans.to_vec(),
            subscription: runner.subscribe(viewer),
        }
    }
}

/// Follows a session at the terminal until it ends: prints what the human seats (or, with
/// none, the public) may see and takes the humans' typed answers.
pub async fn attach(
    handle: &SessionHandle<Game>,
    views: Views,
    keyboard: &mut Keyboard,
) -> Result<Left, SubmitError> {
    let Views {
        humans,
        mut subscription,
    } = views;
    // Open asks of the human seats, by seat: (seq, ask, due).
    let mut open: BTreeMap<SeatNo, (u32, Ask, i64)> = BTreeMap::new();
    let mut prompted: Option<(SeatNo, u32)> = None;
    // Watch mode reads nothing: a closed or absent keyboard must not stop the watch.
    let keyboard_open = !humans.is_empty();
    loop {
        // Prompt for the first open ask not yet prompted.
        if let Some((&seat, &(seq, ask, due))) = open.iter().next() {
            if prompted != Some((seat, seq)) {
                out(&prompt(&ask, due));
                prompted = Some((seat, seq));
            }
        }
        tokio::select! {
            note = subscription.next() => {
                let Some(note) = note else {
                    return Ok(Left::Detached);
                };
                match &*note {
                    Note::Event { event: Event::Defaulted { seat, ask, .. }, .. } => {
                        out(&format!("   (seat {seat}) time is up: the {} takes its default.", ask.name()));
                        open.remove(seat);
                    }
                    Note::Event { visibility, event } => {
                        if let Some(l) = line(event, *visibility, keyboard_open) {
                            out(&l);
                        }
                    }
                    Note::Ask { seat, seq, ask, due_at } => {
                        open.insert(*seat, (*seq, *ask, *due_at));
                        // Asked again with the same number (the witch after a save): prompt again.
                        if prompted == Some((*seat, *seq)) {
                            prompted = None;
                        }
                    }
                    Note::Paused { reason } => out(&format!("!! The game is paused: {reason}. Retrying…")),
                    Note::Resumed => out("!! The game store is back; the game goes on."),
                    Note::Ended { outcome } => return Ok(Left::Finished(outcome.clone())),
                    Note::Abandoned => return Ok(Left::Abandoned),
                }
            }
            typed = keyboard.line(), if keyboard_open => {
                let Some(typed) = typed else {
                    out("Input closed: the session is saved; continue it with `agora resume`.");
                    handle.detach().await;
                    return Ok(Left::Detached);
                };
                let trimmed = typed.trim();
                if trimmed.eq_ignore_ascii_case("quit") {
                    out("Leaving: the session is saved; continue it with `agora resume`.");
                    handle.detach().await;
                    return Ok(Left::Detached);
                }
                if trimmed.eq_ignore_ascii_case("abandon") {
                    handle.abandon().await;
                    return Ok(Left::Abandoned);
                }
                let Some((&seat, &(seq, ask, _))) = open.iter().next() else {
                    if !trimmed.is_empty() {
                        out("   Nothing to do now: wait for your turn (type quit to leave, abandon to end the game).");
                    }
                    continue;
                };
                match parse_answer(&ask, &typed) {
                    Err(e) => {
                        out(&format!("   Not taken: {e}. Try again."));
                        prompted = None;
                    }
                    Ok(action) => match handle.submit(seat, action, Some(seq)).await {
                        Ok(()) => {
                            open.remove(&seat);
                        }
                        Err(SubmitError::Stale) => {
                            out("   Too late: that choice has closed.");
                            open.remove(&seat);
                        }
                        Err(e) => {
                            out(&format!("   Not taken: {e}. Try again."));
                            prompted = None;
                        }
                    },
                }
            }
        }
    }
}

/// The final scoreboard: winner, then each seat's player, role and GPP.
pub fn scoreboard(outcome: &Outcome, seats: &[SummarySeat]) -> String {
    let mut s = format!(
        "\n== Game over: {}.\n",
        match outcome.winner.as_str() {
            "good" => "the good side wins",
            "wolves" => "the wolves win",
            _ => "a draw, nobody wins",
        }
    );
    s.push_str("seat  role      GPP  result  player\n");
    for o in &outcome.seats {
        let player = seats
            .iter()
            .find(|x| x.seat == o.seat)
            .map(|x| x.player.as_str())
            .unwrap_or("?");
        s.push_str(&format!(
            "{:>4}  {:<8} {:>4}  {:<6}  {player}\n",
            o.seat,
            o.role,
            o.score,
            if o.won { "won" } else { "lost" }
        ));
    }
    s
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
}
