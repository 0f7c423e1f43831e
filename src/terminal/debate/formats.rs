//! The moderated (`rounds`) and social debates at the terminal: played from one
//! participant's seat at the keyboard, or watched. Each event is told in a line or a block
//! (the moderator's round posts with their scores and source checks; surrenders and the
//! verdict); when it is the human's turn they type the speech over one or more lines,
//! ended by an empty line or `.`, with the word count shown as they go; what they typed is
//! handed in just before the time runs out, and `pass` gives the turn up. In a social
//! debate `concede` gives in (twice, to be sure). `quit` or Ctrl-C leaves the session
//! stored (saying what became of a speech being typed); `abandon` twice ends it. The story
//! lines are shared with `agora replay`.

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
    /// The participant whose turn an event skipped (passed or timed out).
    fn skipped(event: &Self::Event) -> Option<Seat>;
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
                "{} gave no speech in round {round} (passed, or the time ran out).",
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
    fn skipped(event: &rounds::Event) -> Option<Seat> {
        match event {
            rounds::Event::Skipped { seat, .. } => Some(*seat),
            _ => None,
        }
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
                "{} gave no speech in round {round} (passed, or the time ran out).",
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
    fn skipped(event: &social::Event) -> Option<Seat> {
        match event {
            social::Event::Skipped { seat, .. } => Some(*seat),
            _ => None,
        }
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
