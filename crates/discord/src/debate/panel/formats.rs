//! How each panel format shows on Discord ([`DiscordPanel`]): its title, what its AI
//! referee does between rounds, how its events are told (the terminal's lines, with the
//! opening, the round starts and a concession reworded for the channel), each
//! participant's side as the setup says, and the progress its events make.

use super::call;
use super::progress::Progress;
use agora_core::debate::format::DebateFormat;
use agora_core::debate::session::panel::{ModeratedSetup, SocialSetup};
use agora_core::debate::story::panel::Panel;
use agora_core::session::GameSetup;
use agora_games::debate::moderated::ModeratedDebate;
use agora_games::debate::social::SocialDebate;
use agora_games::{Audience, Seat};

/// A format the panel table plays.
pub trait DiscordPanel: Panel {
    type Setup: GameSetup<Game = Self, Kit = agora_agents::debate::DebateKit>;
    const FORMAT: DebateFormat;
    /// The format's name as a heading: "Moderated debate".
    const TITLE: &'static str;
    /// What the AI referee does once a round's speeches are in.
    const REFEREE: &'static str;
    /// Follows one event into the debate's progress.
    fn track(event: &Self::Event, progress: &mut Progress);
    /// The line (or `== title ==` block) an event is told in on Discord.
    fn shown(event: &Self::Event, audience: Audience, names: &[String]) -> Option<String> {
        Self::line(event, audience, names)
    }
    /// Each participant's side as the setup (JSON) says, seat 1 first: "for" or "against".
    fn sides(setup: &serde_json::Value, participants: usize) -> Vec<&'static str>;
    /// Whose speech an event is, if it is one (the message that showed it being written
    /// becomes it).
    fn speaker(event: &Self::Event) -> Option<Seat>;
}

impl DiscordPanel for ModeratedDebate {
    type Setup = ModeratedSetup;
    const FORMAT: DebateFormat = DebateFormat::Moderated;
    const TITLE: &'static str = "Moderated debate";
    const REFEREE: &'static str = "the moderator is scoring the round";
    fn track(event: &Self::Event, progress: &mut Progress) {
        progress.moderated(event)
    }
    fn speaker(event: &Self::Event) -> Option<Seat> {
        match event {
            agora_games::debate::moderated::Event::Spoke { seat, .. } => Some(*seat),
            _ => None,
        }
    }
    fn shown(event: &Self::Event, audience: Audience, names: &[String]) -> Option<String> {
        use agora_games::debate::moderated::Event as E;
        match event {
            E::Opened {
                motion,
                participants,
                rounds,
                style,
            } => Some(format!(
                "🎙️ Moderated debate ({}, {}, {participants} participants): {motion}",
                style.title().to_lowercase(),
                call::plural(*rounds as u32, "round"),
            )),
            E::RoundStarted { round, order } => Some(format!(
                "🔔 Round {round} — speaking order: {}.",
                order
                    .iter()
                    .map(|s| name_of(names, *s))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            E::Evaluated { .. } => Self::line(event, audience, names).map(|l| {
                l.replacen(
                    " (offline-scored) (of 100, the mean of two passes)",
                    " (of 100, the mean of two passes; offline-scored)",
                    1,
                )
            }),
            _ => Self::line(event, audience, names),
        }
    }
    fn sides(_setup: &serde_json::Value, participants: usize) -> Vec<&'static str> {
        (1..=participants as Seat)
            .map(|s| match agora_agents::debate::moderated::side_of(s) {
                agora_games::debate::team::Side::Pro => "for",
                agora_games::debate::team::Side::Con => "against",
            })
            .collect()
    }
}

impl DiscordPanel for SocialDebate {
    type Setup = SocialSetup;
    const FORMAT: DebateFormat = DebateFormat::Social;
    const TITLE: &'static str = "Social debate";
    const REFEREE: &'static str = "the evaluator is weighing the speeches";
    fn track(event: &Self::Event, progress: &mut Progress) {
        progress.social(event)
    }
    fn speaker(event: &Self::Event) -> Option<Seat> {
        match event {
            agora_games::debate::social::Event::Spoke { seat, .. } => Some(*seat),
            _ => None,
        }
    }
    fn shown(event: &Self::Event, audience: Audience, names: &[String]) -> Option<String> {
        match event {
            agora_games::debate::social::Event::Opened {
                motion,
                starts,
                rounds,
            } => {
                let who: Vec<String> = starts
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        format!(
                            "{} ({}, stance {:+.2}, conviction {:.2})",
                            name_of(names, i as Seat + 1),
                            if s.stance < 0.0 { "against" } else { "for" },
                            s.stance,
                            s.conviction
                        )
                    })
                    .collect();
                Some(format!(
                    "🎙️ Social debate ({}): {motion}\nWhere each stands: {}.",
                    call::plural(*rounds as u32, "round"),
                    who.join("; ")
                ))
            }
            agora_games::debate::social::Event::RoundStarted { round } => {
                Some(format!("🔔 Round {round}."))
            }
            agora_games::debate::social::Event::Surrendered { .. } => {
                let line = Self::line(event, audience, names)?;
                let plain = line.trim_start_matches('*').trim_start();
                Some(format!("🏳️ {plain}"))
            }
            _ => Self::line(event, audience, names),
        }
    }
    fn sides(setup: &serde_json::Value, participants: usize) -> Vec<&'static str> {
        (0..participants)
            .map(|i| {
                if setup["starts"][i]["stance"].as_f64().unwrap_or(0.0) < 0.0 {
                    "against"
                } else {
                    "for"
                }
            })
            .collect()
    }
}

/// Seat `seat`'s shown name.
fn name_of(names: &[String], seat: Seat) -> String {
    names
        .get(seat as usize - 1)
        .cloned()
        .unwrap_or_else(|| format!("P{seat}"))
}
