//! What the bot writes, as plain text: the lobby, the status board, public story lines,
//! a seat's private news, the prompt of an ask and the scorecard. Pure (no Discord types),
//! so it is unit-tested; the shell wraps these strings into messages and embeds.
//!
//! Every function here is given only what its reader may see: public lines get public
//! events, private lines a seat's own events.

use super::lobby::Lobby;
use crate::text::sanitize;
use agora_core::store::Outcome;
use agora_games::werewolf::{
    Ask, AskKind, Ballot, Event, ScoreReason, Seat, SeatSet, SpeechKind, SEATS,
};
use std::fmt::Write;

/// The names shown for the nine seats (a human's Discord name, or an AI's name marked as
/// AI), already made safe to post.
#[derive(Debug, Clone, PartialEq)]
pub struct Names(pub Vec<String>);

impl Names {
    pub fn new(names: Vec<String>) -> Names {
        Names(names.iter().map(|n| sanitize(n, 40)).collect())
    }
    /// `Seat 3 · Alice`.
    pub fn seat(&self, seat: Seat) -> String {
        match self.0.get(seat as usize - 1) {
            Some(n) => format!("Seat {seat} · {n}"),
            None => format!("Seat {seat}"),
        }
    }
    fn list(&self, set: SeatSet) -> String {
        set.iter()
            .map(|s| self.seat(s))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The lobby embed's description.
pub fn lobby(l: &Lobby, ai_label: &str) -> String {
    let mut s = String::new();
    for i in 0..SEATS {
        match l.seats.get(i) {
            Some(p) => {
                let host = if p.user == l.host { " (host)" } else { "" };
                let _ = writeln!(s, "{}. {}{host}", i + 1, sanitize(&p.name, 40));
            }
            None if l.options.ai_fill => {
                let _ = writeln!(s, "{}. — (an AI player if still empty: {ai_label})", i + 1);
            }
            None => {
                let _ = writeln!(s, "{}. — empty", i + 1);
            }
        }
    }
    let _ = write!(
        s,
        "\n{} of {SEATS} seats taken. Press **Join** to sit down; the host presses **Start**.",
        l.seats.len()
    );
    s
}

/// The status board: every seat, alive or dead, and what is happening.
pub fn status(names: &Names, alive: SeatSet, phase: &str) -> String {
    let mut s = format!("**{phase}**\n");
    for seat in 1..=SEATS as Seat {
        let mark = if alive.contains(seat) { "🟢" } else { "💀" };
        let _ = writeln!(s, "{mark} {}", names.seat(seat));
    }
    s
}

/// A public event as the channel reads it; `None` for what needs no message (a human's
/// own speech is already in the channel; sealed ballots are not public).
pub fn public_line(event: &Event, names: &Names, humans: SeatSet) -> Option<String> {
    Some(match event {
        Event::NightFell { night } => {
            format!("🌙 **Night {night} falls.** Everyone closes their eyes; night actions happen in DMs.")
        }
        Event::Dawn { day, dead } => {
            if dead.is_empty() {
                format!("☀️ **Day {day}.** A peaceful night: nobody died.")
            } else {
                format!(
                    "☀️ **Day {day}.** Died in the night: {}.",
                    names.list(*dead)
                )
            }
        }
        Event::Speech {
            seat, kind, text, ..
        } => {
            if humans.contains(*seat) {
                return None;
            }
            let what = match kind {
                SpeechKind::Day => "",
                SpeechKind::Pk => " (PK)",
                SpeechKind::LastWords => " (last words)",
            };
            format!(
                "🗣️ **{}**{what}: {}",
                names.seat(*seat),
                sanitize(text, 400)
            )
        }
        Event::VotesRevealed { ballots, .. } => {
            let mut tally: Vec<(Seat, Vec<Seat>)> = Vec::new();
            let mut abstain = Vec::new();
            for (i, b) in ballots.iter().enumerate() {
                let voter = i as Seat + 1;
                match b {
                    Ballot::Vote(t) => match tally.iter_mut().find(|(s, _)| s == t) {
                        Some((_, v)) => v.push(voter),
                        None => tally.push((*t, vec![voter])),
                    },
                    Ballot::Abstain => abstain.push(voter),
                    Ballot::None => {}
                }
            }
            tally.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then(a.0.cmp(&b.0)));
            let mut s = String::from("🗳️ **The votes:**");
            for (t, v) in &tally {
                let by: Vec<String> = v.iter().map(|s| s.to_string()).collect();
                let _ = write!(
                    s,
                    "\n• {} — {} (from {})",
                    names.seat(*t),
                    v.len(),
                    by.join(", ")
                );
            }
            if !abstain.is_empty() {
                let by: Vec<String> = abstain.iter().map(|s| s.to_string()).collect();
                let _ = write!(s, "\n• abstained: {}", by.join(", "));
            }
            if tally.is_empty() && abstain.is_empty() {
                s.push_str(" nobody voted.");
            }
            s
        }
        Event::PkCalled { tied } => format!(
            "⚖️ A tie between {}: PK speeches, then the others vote again.",
            names.list(*tied)
        ),
        Event::Eliminated { seat } => match seat {
            Some(s) => format!("🪓 **{}** is voted out.", names.seat(*s)),
            None => "Nobody is voted out.".to_string(),
        },
        Event::HunterShot { hunter, target } => match target {
            Some(t) => format!(
                "🏹 The hunter, **{}**, shoots **{}**.",
                names.seat(*hunter),
                names.seat(*t)
            ),
            None => format!(
                "🏹 The hunter, **{}**, does not shoot.",
                names.seat(*hunter)
            ),
        },
        Event::GameOver { .. } => return None,
        // Everything else is private or moderator-only and never reaches the channel;
        // were it public, its plain story is the safe rendering.
        other => other.story(),
    })
}

/// A seat's private news, as its DM reads it.
pub fn private_line(event: &Event, names: &Names) -> Option<String> {
    Some(match event {
        Event::RoleDealt { seat, role } => format!(
            "🎭 You are **{}**, the **{role}**. {}",
            names.seat(*seat),
            role_help(role.name())
        ),
        Event::WolfPack { wolves } => format!("🐺 The wolves are: {}.", names.list(*wolves)),
        Event::WolfPicked {
            wolf,
            target,
            round,
        } => {
            let again = if *round > 1 { " (second round)" } else { "" };
            match target {
                Some(t) => format!(
                    "🐺 {} picks **{}**{again}.",
                    names.seat(*wolf),
                    names.seat(*t)
                ),
                None => format!("🐺 {} made no pick{again}.", names.seat(*wolf)),
            }
        }
        Event::WolfTie { tied } => format!(
            "🐺 The picks tie between {}: pick once more.",
            names.list(*tied)
        ),
        Event::WolfAttack { target, by_lot } => match target {
            Some(t) if *by_lot => {
                format!("🐺 Tied again: the lot falls on **{}**.", names.seat(*t))
            }
            Some(t) => format!("🐺 Tonight the wolves attack **{}**.", names.seat(*t)),
            None => "🐺 The wolves attack nobody tonight.".to_string(),
        },
        Event::WitchTold { attacked } => match attacked {
            Some(s) => format!("🧪 Tonight the wolves attacked **{}**.", names.seat(*s)),
            None => "🧪 Nobody was attacked tonight.".to_string(),
        },
        Event::WitchSaved { target } => format!("🧪 You save {}.", names.seat(*target)),
        Event::WitchPoisoned { target } => format!("🧪 You poison {}.", names.seat(*target)),
        Event::SeerResult { target, wolf } => format!(
            "🔮 {} is **{}**.",
            names.seat(*target),
            if *wolf { "a WOLF" } else { "good" }
        ),
        Event::HunterStatus { dies, may_shoot } => match (dies, may_shoot) {
            (false, _) => return None,
            (true, true) => "🏹 You die tonight; you may shoot.".to_string(),
            (true, false) => "🏹 You were poisoned tonight: you may not shoot.".to_string(),
        },
        Event::VoteCast { ballot, .. } => match ballot {
            Ballot::Vote(t) => format!("🗳️ Your sealed vote: {}.", names.seat(*t)),
            _ => "🗳️ You abstain (sealed).".to_string(),
        },
        Event::Defaulted { ask, .. } => {
            format!(
                "⏰ Time ran out for your {}: the default was taken.",
                ask.name()
            )
        }
        _ => return None,
    })
}

fn role_help(role: &str) -> &'static str {
    match role {
        "werewolf" => {
            "Each night the wolves choose a victim together (in this DM). By day, blend in."
        }
        "seer" => "Each night you check one seat and learn if it is a wolf.",
        "witch" => {
            "You have one antidote (save the attacked seat) and one poison, each once per game."
        }
        "hunter" => "When you die (unless poisoned, per the rules) you may shoot one seat.",
        _ => "Find the wolves by day and vote them out.",
    }
}

/// When an ask closes, as Discord's live relative timestamp (`<t:UNIX:R>` reads "in 25
/// seconds" and counts down on every client); nothing when there is no deadline.
pub fn closes(due_at_ms: i64) -> String {
    if due_at_ms <= 0 {
        return String::new();
    }
    format!("closes <t:{}:R>", (due_at_ms + 999) / 1000)
}

/// The heading of an ask, for the DM (or the night panel) that carries its controls.
pub fn ask_prompt(ask: &Ask, names: &Names, due_at_ms: i64) -> String {
    let what = match ask.kind {
        AskKind::WolfPick => "🐺 **Choose tonight's victim.**".to_string(),
        AskKind::SeerCheck => "🔮 **Choose a seat to check.**".to_string(),
        AskKind::HunterShot => "🏹 **You may shoot one seat, or decline.**".to_string(),
        AskKind::Witch => {
            let attacked = match ask.attacked {
                Some(s) => format!("The wolves attacked **{}**.", names.seat(s)),
                None => "Nobody was attacked.".to_string(),
            };
            let save = if ask.can_save {
                " You may save them."
            } else {
                ""
            };
            let poison = if ask.targets.is_empty() {
                ""
            } else {
                " You may poison a seat."
            };
            format!("🧪 {attacked}{save}{poison} Or pass.")
        }
        AskKind::Speech => "🎤 your speech".to_string(),
        AskKind::PkSpeech => "🎤 your PK speech".to_string(),
        AskKind::LastWords => "🎤 your last words".to_string(),
        AskKind::Vote | AskKind::PkVote => "🗳️ your vote".to_string(),
    };
    match closes(due_at_ms) {
        c if c.is_empty() => what,
        c => format!("{what} ({c})"),
    }
}

/// The channel's call to a human speaker.
pub fn speech_call(ask: &Ask, user: u64, names: &Names, due_at_ms: i64) -> String {
    let what = match ask.kind {
        AskKind::PkSpeech => "your PK speech",
        AskKind::LastWords => "your last words",
        _ => "your turn to speak",
    };
    format!(
        "🎤 <@{user}> ({}): {what}. Type it in this channel: your next message is your speech (at most {} characters{}).",
        names.seat(ask.seat),
        ask.max_chars,
        match closes(due_at_ms) {
            c if c.is_empty() => c,
            c => format!(", {c}"),
        }
    )
}

fn reason(r: ScoreReason) -> &'static str {
    match r {
        ScoreReason::TeamWin => "team win",
        ScoreReason::Survival => "survival",
        ScoreReason::Vote => "votes",
        ScoreReason::SeerCheck => "checks",
        ScoreReason::GodDawn => "alive at dawn",
        ScoreReason::WitchSave => "save",
        ScoreReason::WitchPoison => "poison",
        ScoreReason::HunterShot => "shot",
    }
}

/// The scorecard: a title and one line per seat (role, GPP and its breakdown).
pub fn scorecard(
    outcome: &Outcome,
    names: &Names,
    breakdown: &[Vec<(ScoreReason, i32)>],
) -> (String, String) {
    let title = match outcome.winner.as_str() {
        "good" => "🏆 The village wins!".to_string(),
        "wolves" => "🐺 The wolves win!".to_string(),
        _ => "🤝 A draw: nobody wins.".to_string(),
    };
    let mut s = String::new();
    for o in &outcome.seats {
        let mut parts: Vec<(ScoreReason, i32)> = Vec::new();
        for &(r, p) in breakdown.get(o.seat as usize - 1).into_iter().flatten() {
            match parts.iter_mut().find(|(x, _)| *x == r) {
                Some((_, total)) => *total += p,
                None => parts.push((r, p)),
            }
        }
        let detail: Vec<String> = parts
            .iter()
            .map(|(r, p)| format!("{} {p:+}", reason(*r)))
            .collect();
        let _ = writeln!(
            s,
            "{} {} — **{}** — {} GPP{}",
            if o.won { "✅" } else { "▫️" },
            names.seat(o.seat),
            o.role,
            o.score,
            if detail.is_empty() {
                String::new()
            } else {
                format!(" ({})", detail.join(", "))
            }
        );
    }
    (title, s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_games::werewolf::Role;

    fn names() -> Names {
        Names::new((1..=9).map(|i| format!("p{i}")).collect())
    }

    #[test]
    fn human_speeches_are_not_reposted_and_ai_ones_are_sanitized() {
        let n = names();
        let ev = |seat| Event::Speech {
            seat,
            kind: SpeechKind::Day,
            text: "hi @everyone".into(),
            claims: Default::default(),
        };
        assert_eq!(public_line(&ev(2), &n, SeatSet::only(2)), None);
        let line = public_line(&ev(3), &n, SeatSet::only(2)).unwrap();
        assert!(
            line.contains("Seat 3 · p3") && !line.contains("@everyone"),
            "{line}"
        );
    }

    #[test]
    fn votes_are_tallied_by_target() {
        let mut ballots = [Ballot::None; SEATS];
        ballots[0] = Ballot::Vote(5);
        ballots[1] = Ballot::Vote(5);
        ballots[2] = Ballot::Vote(1);
        ballots[3] = Ballot::Abstain;
        let line = public_line(
            &Event::VotesRevealed {
                round: agora_games::werewolf::VoteRound::Main,
                ballots,
            },
            &names(),
            SeatSet::EMPTY,
        )
        .unwrap();
        assert!(line.contains("Seat 5 · p5 — 2 (from 1, 2)"), "{line}");
        assert!(line.contains("abstained: 4"), "{line}");
    }

    #[test]
    fn private_news_names_the_seat() {
        let l = private_line(
            &Event::RoleDealt {
                seat: 4,
                role: Role::Seer,
            },
            &names(),
        )
        .unwrap();
        assert!(l.contains("Seat 4 · p4") && l.contains("seer"), "{l}");
    }

    #[test]
    fn deadlines_are_live_discord_timestamps() {
        assert_eq!(closes(1_700_000_000_500), "closes <t:1700000001:R>");
        assert_eq!(closes(0), "");
        let ask = Ask {
            seat: 2,
            kind: AskKind::Speech,
            targets: SeatSet::EMPTY,
            attacked: None,
            can_save: false,
            max_chars: 300,
            seq: 4,
        };
        let call = speech_call(&ask, 42, &names(), 1_700_000_000_000);
        assert!(call.contains("<t:1700000000:R>"), "{call}");
        assert!(!call.contains(" s)"), "no fixed seconds: {call}");
    }
}
