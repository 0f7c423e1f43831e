//! How each panel format shows on Discord ([`DiscordPanel`]): its title, what its AI
//! referee does between rounds, how its events are told (the terminal's lines, with the
//! opening, the round starts and a concession reworded for the channel), each
//! participant's side as the setup says, and the progress its events make.

use super::lobby::rounds_in;
use super::progress::Progress;
use agora_core::debate::format::DebateFormat;
use agora_core::debate::session::panel::{ModeratedSetup, SocialSetup};
use agora_core::debate::story::panel::{comma, semi, style_title, Panel};
use agora_core::session::GameSetup;
use agora_games::debate::moderated::ModeratedDebate;
use agora_games::debate::social::SocialDebate;
use agora_games::{Audience, Lang, Seat};

/// A format the panel table plays.
pub trait DiscordPanel: Panel {
    type Setup: GameSetup<Game = Self, Kit = agora_agents::debate::DebateKit>;
    const FORMAT: DebateFormat;
    /// What the AI referee does once a round's speeches are in (its key in
    /// `locales/*/discord-panel.ftl`: "the moderator is scoring the round").
    const REFEREE: &'static str;
    /// Follows one event into the debate's progress.
    fn track(event: &Self::Event, progress: &mut Progress);
    /// The line (or `== title ==` block) an event is told in on Discord, in `lang`.
    fn shown(
        event: &Self::Event,
        audience: Audience,
        names: &[String],
        lang: Lang,
    ) -> Option<String> {
        Self::line_in(event, audience, names, lang)
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
    const REFEREE: &'static str = "dp-referee-moderated";
    fn track(event: &Self::Event, progress: &mut Progress) {
        progress.moderated(event)
    }
    fn speaker(event: &Self::Event) -> Option<Seat> {
        match event {
            agora_games::debate::moderated::Event::Spoke { seat, .. } => Some(*seat),
            _ => None,
        }
    }
    fn shown(
        event: &Self::Event,
        audience: Audience,
        names: &[String],
        lang: Lang,
    ) -> Option<String> {
        use agora_games::debate::moderated::Event as E;
        match event {
            E::Opened {
                motion,
                participants,
                rounds,
                style,
            } => Some(lang.text(
                "dp-mod-opened",
                &[
                    ("style", &style_title(*style, lang).to_lowercase()),
                    ("rounds", &rounds_in(*rounds as u32, lang)),
                    ("participants", &participants.to_string()),
                    ("motion", motion),
                ],
            )),
            E::RoundStarted { round, order } => {
                let order: Vec<String> = order.iter().map(|s| name_of(names, *s)).collect();
                Some(lang.text(
                    "dp-mod-round",
                    &[
                        ("round", &round.to_string()),
                        ("order", &order.join(comma(lang))),
                    ],
                ))
            }
            E::Evaluated { .. } => Self::line_in(event, audience, names, lang).map(|l| {
                l.replacen(
                    " (offline-scored) (of 100, the mean of two passes)",
                    " (of 100, the mean of two passes; offline-scored)",
                    1,
                )
            }),
            _ => Self::line_in(event, audience, names, lang),
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
    const REFEREE: &'static str = "dp-referee-social";
    fn track(event: &Self::Event, progress: &mut Progress) {
        progress.social(event)
    }
    fn speaker(event: &Self::Event) -> Option<Seat> {
        match event {
            agora_games::debate::social::Event::Spoke { seat, .. } => Some(*seat),
            _ => None,
        }
    }
    fn shown(
        event: &Self::Event,
        audience: Audience,
        names: &[String],
        lang: Lang,
    ) -> Option<String> {
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
                        let side = if s.stance < 0.0 {
                            "panel-against"
                        } else {
                            "panel-for"
                        };
                        lang.text(
                            "dp-social-start",
                            &[
                                ("name", &name_of(names, i as Seat + 1)),
                                ("side", &lang.text(side, &[])),
                                ("stance", &format!("{:+.2}", s.stance)),
                                ("conviction", &format!("{:.2}", s.conviction)),
                            ],
                        )
                    })
                    .collect();
                let opened = lang.text(
                    "dp-social-opened",
                    &[
                        ("rounds", &rounds_in(*rounds as u32, lang)),
                        ("motion", motion),
                    ],
                );
                let stands = lang.text("dp-social-where", &[("who", &who.join(semi(lang)))]);
                Some(format!("{opened}\n{stands}"))
            }
            agora_games::debate::social::Event::RoundStarted { round } => {
                Some(lang.text("dp-social-round", &[("round", &round.to_string())]))
            }
            agora_games::debate::social::Event::Surrendered { .. } => {
                let line = Self::line_in(event, audience, names, lang)?;
                let plain = line.trim_start_matches('*').trim_start();
                Some(format!("🏳️ {plain}"))
            }
            _ => Self::line_in(event, audience, names, lang),
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
