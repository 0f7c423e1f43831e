//! The moderated (`rounds`) and social debates at the terminal: played from one
//! participant's seat at the keyboard, or watched. Each event is told in a line or a block
//! (the moderator's round posts with their scores and source checks; surrenders and the
//! verdict); when it is the human's turn they type the speech over one or more lines,
//! ended by an empty line or `.`, with the word count shown as they go. In a social debate
//! `concede` gives in (twice, to be sure). `quit` leaves the session stored; `abandon`
//! twice ends it. The story lines are shared with `agora replay`.

use super::super::{Keyboard, Left};
use crate::agents::debate::rounds_llm::show;
use crate::games::debate::rounds::{self, RoundsDebate, CATEGORIES};
use crate::games::debate::social::{self, SocialDebate};
use crate::games::{Audience, Game, Seat, Viewer};
use crate::session::{Note, Runner, SessionHandle, SubmitError, Subscription};
use crate::store::now_ms;
use std::io::Write;

fn out(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{text}");
    let _ = stdout.flush();
}

fn name_of(names: &[String], seat: Seat) -> String {
    names
        .get(seat as usize - 1)
        .cloned()
        .unwrap_or_else(|| format!("Participant {seat}"))
}

fn list(items: &[String]) -> String {
    if items.is_empty() {
        "—".into()
    } else {
        items.join("; ")
    }
}

/// A game the terminal can show and take speeches for.
pub trait Panel: Game {
    /// The line (or block) an event is told in, `None` for one not told.
    fn line(event: &Self::Event, audience: Audience, names: &[String]) -> Option<String>;
    /// The round and word limit of a speech ask.
    fn speech(ask: &Self::Ask) -> Option<(u8, u32)>;
    fn speak(text: String) -> Self::Action;
    /// Giving in, where the format allows it.
    fn concede() -> Option<Self::Action> {
        None
    }
}

/// A moderator's post about a round, names shown.
pub fn round_post(
    round: u8,
    means: &[f64],
    notes: &rounds::RoundNotes,
    offline: bool,
    names: &[String],
) -> String {
    let named = |t: &str| show(t, |s| name_of(names, s));
    let mut s = format!(
        "== The moderator on round {round}{} ==\n{}\n  Clashes: {}\n  Consensus: {}\n  Sources: {}\n  Scores (of 30, the mean of two passes):",
        if offline { " (offline-scored)" } else { "" },
        named(&notes.summary),
        named(&list(&notes.clashes)),
        named(&list(&notes.consensus)),
        named(&list(&notes.sources)),
    );
    for (i, m) in means.iter().enumerate() {
        let reason = notes.reasons.get(i).map(|r| named(r)).unwrap_or_default();
        s.push_str(&format!(
            "\n    {}: {m:.1} — {reason}",
            name_of(names, i as Seat + 1)
        ));
    }
    s
}

impl Panel for RoundsDebate {
    fn line(event: &rounds::Event, _audience: Audience, names: &[String]) -> Option<String> {
        use rounds::Event as E;
        Some(match event {
            E::Opened {
                motion,
                participants,
                rounds,
                style,
            } => format!(
                "Moderated debate ({}, {rounds} rounds, {participants} participants): {motion}",
                style.title()
            ),
            E::RoundStarted { round, order } => format!(
                "-- Round {round}: {} --",
                order
                    .iter()
                    .map(|&s| name_of(names, s))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            E::Spoke {
                seat,
                round,
                words,
                limit,
                text,
            } => format!(
                "{} (round {round}, {words}/{limit} words): {text}",
                name_of(names, *seat)
            ),
            E::Skipped { seat, round } => format!(
                "{} missed the turn in round {round}.",
                name_of(names, *seat)
            ),
            E::Reviewed {
                round,
                means,
                notes,
                offline,
                ..
            } => round_post(*round, means, notes, *offline, names),
            E::Evaluated {
                totals,
                reasons,
                summary,
                offline,
            } => {
                let mut s = format!(
                    "== Final evaluation{} (of 100, the mean of two passes) ==\n{}",
                    if *offline { " (offline-scored)" } else { "" },
                    show(summary, |x| name_of(names, x))
                );
                for (i, t) in totals.iter().enumerate() {
                    s.push_str(&format!("\n  {}: {t:.1}", name_of(names, i as Seat + 1)));
                    for (c, (_, title, _)) in CATEGORIES.iter().enumerate() {
                        if let Some(r) = reasons
                            .get(i)
                            .and_then(|r| r.get(c))
                            .filter(|r| !r.is_empty())
                        {
                            s.push_str(&format!(
                                "\n    {title}: {}",
                                show(r, |x| name_of(names, x))
                            ));
                        }
                    }
                }
                s
            }
            E::Finished {
                scores,
                winner,
                victory,
                passes_agree,
            } => {
                let table: Vec<String> = scores
                    .iter()
                    .enumerate()
                    .map(|(i, x)| format!("{} {x:.2}", name_of(names, i as Seat + 1)))
                    .collect();
                format!(
                    "== Result: {} — {}{} ==",
                    table.join(", "),
                    match winner {
                        Some(w) => format!("{} for {}", victory.title(), name_of(names, *w)),
                        None => "a draw".into(),
                    },
                    if *passes_agree {
                        ""
                    } else {
                        " (the two final passes disagreed on who led: never clear)"
                    }
                )
            }
        })
    }
    fn speech(ask: &rounds::Ask) -> Option<(u8, u32)> {
        match ask {
            rounds::Ask::Speak { round, limit } => Some((*round, *limit)),
            _ => None,
        }
    }
    fn speak(text: String) -> rounds::Action {
        rounds::Action::Speak { text }
    }
}

impl Panel for SocialDebate {
    fn line(event: &social::Event, audience: Audience, names: &[String]) -> Option<String> {
        use social::Event as E;
        Some(match event {
            E::Opened {
                motion,
                starts,
                rounds,
            } => {
                let who: Vec<String> = starts
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        format!(
                            "{} (stance {:+.2}, conviction {:.2})",
                            name_of(names, i as Seat + 1),
                            s.stance,
                            s.conviction
                        )
                    })
                    .collect();
                format!(
                    "Social debate ({rounds} rounds): {motion}\n  {}",
                    who.join("; ")
                )
            }
            E::RoundStarted { round } => format!("-- Round {round} --"),
            E::Spoke {
                seat,
                round,
                words,
                limit,
                text,
            } => format!(
                "{} (round {round}, {words}/{limit} words): {text}",
                name_of(names, *seat)
            ),
            E::Skipped { seat, round } => format!(
                "{} missed the turn in round {round}.",
                name_of(names, *seat)
            ),
            E::Rated {
                speaker,
                ratings,
                offline,
            } if audience == Audience::Moderator || audience == Audience::Everyone => {
                let r: Vec<String> = ratings
                    .iter()
                    .map(|(t, x)| {
                        format!(
                            "{} p{:.2} a{:.2} e{:.2}",
                            name_of(names, *t),
                            x.persuasion,
                            x.attack,
                            x.evidence
                        )
                    })
                    .collect();
                format!(
                    "   (evaluator{} on {}: {})",
                    if *offline { ", offline" } else { "" },
                    name_of(names, *speaker),
                    r.join("; ")
                )
            }
            E::Rated { .. } => return None,
            E::Surrendered {
                seat,
                why,
                bonus_to,
            } => format!(
                "** {} gives in ({}){}.",
                name_of(names, *seat),
                why.describe(),
                bonus_to.map_or(String::new(), |b| format!(
                    "; {} takes the +20",
                    name_of(names, b)
                ))
            ),
            E::Finished {
                scores,
                winner,
                verdict,
            } => {
                let table: Vec<String> = scores
                    .iter()
                    .enumerate()
                    .map(|(i, x)| format!("{} {x:.2}", name_of(names, i as Seat + 1)))
                    .collect();
                format!(
                    "== Result: {} — {} ==",
                    table.join(", "),
                    match winner {
                        Some(w) => format!("{} for {}", verdict.title(), name_of(names, *w)),
                        None => "a tie at the top".into(),
                    }
                )
            }
        })
    }
    fn speech(ask: &social::Ask) -> Option<(u8, u32)> {
        match ask {
            social::Ask::Speak { round, limit } => Some((*round, *limit)),
            _ => None,
        }
    }
    fn speak(text: String) -> social::Action {
        social::Action::Speak { text }
    }
    fn concede() -> Option<social::Action> {
        Some(social::Action::Concede)
    }
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
    loop {
        tokio::select! {
            note = subscription.next() => {
                let Some(note) = note else { return Ok(Left::Detached) };
                match &*note {
                    Note::Event { audience, event } => {
                        if let Some(l) = G::line(event, *audience, names) {
                            out(&l);
                        }
                    }
                    Note::Ask { seat, seq, ask, due_at } => {
                        if Some(*seat) == human {
                            if let Some((round, limit)) = G::speech(ask) {
                                open = Some((*seq, round, limit, *due_at));
                                lines.clear();
                                let secs = ((due_at - now_ms()).max(0) + 999) / 1000;
                                out(&format!(">> {}, your speech in round {round}: at most {limit} words; type it over one or more lines and end it with an empty line or `.`. [{secs} s]", name_of(names, *seat)));
                            }
                        }
                    }
                    Note::Paused { reason } => out(&format!("!! The debate is paused: {reason}. Retrying…")),
                    Note::Resumed => out("!! The store is back; the debate goes on."),
                    Note::Ended { outcome } => return Ok(Left::Finished(outcome.clone())),
                    Note::Abandoned => return Ok(Left::Abandoned),
                }
            }
            typed = keyboard.line(), if human.is_some() => {
                let seat = human.expect("a human seat");
                let Some(typed) = typed else {
                    out("Input closed: the session is saved; continue it with `agora resume`.");
                    handle.detach().await;
                    return Ok(Left::Detached);
                };
                let text = typed.text.trim();
                let word = text.to_ascii_lowercase();
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
                            Ok(()) => { out("   You give in."); open = None; }
                            Err(e) => out(&format!("   Not taken: {e}.")),
                        },
                        None => out("   In a moderated debate there is no conceding: speak, or let the time run out."),
                    }
                    continue;
                }
                confirm = None;
                let Some((seq, _, limit, _)) = open else {
                    if !text.is_empty() {
                        out("   Not your turn: wait (quit leaves, abandon ends).");
                    }
                    continue;
                };
                if text.is_empty() || text == "." {
                    if lines.is_empty() {
                        out("   Nothing written yet: type your speech, or let the time run out to skip the turn.");
                        continue;
                    }
                    let speech = std::mem::take(&mut lines).join("\n");
                    match handle.submit(seat, G::speak(speech), Some(seq)).await {
                        Ok(()) => open = None,
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
