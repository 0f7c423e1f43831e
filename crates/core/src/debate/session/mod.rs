//! Debates at a session table: who sits where (eight debaters, the judge), and the stored
//! [`DebateSetup`] a session is created from and rebuilt from (the generic [`GameSetup`]).

pub mod panel;

use crate::agents::debate::{self, DebateKit, Personalities, Table};
use crate::agents::Agent;
use crate::config::DebateTimers;
use crate::debate::format::DebateFormat;
use crate::games::debate::team::{seat_name, TeamRules, JUDGE, SEATS};
use crate::games::debate::TeamDebate;
use crate::games::Lang;
use crate::session::{Deadlines, GameSetup};
use crate::store::{NewSeat, PlayerRef};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// The AI in a seat. Whether it asks a model or plays offline is the kit's: a model
/// when one is configured for its role, else the built-in player (its scores and speeches
/// marked offline).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DebateAgent {
    /// A debater with a personality from `content/debate/personalities.toml`.
    Debater {
        personality: String,
    },
    Judge,
}

/// Who sits in a seat, as stored with the session.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DebateSeat {
    pub player_id: String,
    pub name: String,
    pub surface: String,
    /// `None` for a human.
    pub agent: Option<DebateAgent>,
}

impl DebateSeat {
    pub fn human(player: &PlayerRef) -> DebateSeat {
        DebateSeat {
            player_id: player.id.clone(),
            name: player.name.clone(),
            surface: player.surface.clone(),
            agent: None,
        }
    }
    /// An AI debater, its player named after its personality (`ai:debater-logical@…`).
    pub fn debater(personality: &str) -> DebateSeat {
        let p = PlayerRef::ai(&format!("debater-{personality}"), env!("CARGO_PKG_VERSION"));
        DebateSeat {
            player_id: p.id,
            name: p.name,
            surface: p.surface,
            agent: Some(DebateAgent::Debater {
                personality: personality.into(),
            }),
        }
    }
    pub fn judge() -> DebateSeat {
        let p = PlayerRef::ai("judge", env!("CARGO_PKG_VERSION"));
        DebateSeat {
            player_id: p.id,
            name: p.name,
            surface: p.surface,
            agent: Some(DebateAgent::Judge),
        }
    }
    pub fn is_human(&self) -> bool {
        self.agent.is_none()
    }
    pub(crate) fn player_ref(&self) -> PlayerRef {
        PlayerRef {
            id: self.player_id.clone(),
            surface: self.surface.clone(),
            name: self.name.clone(),
            is_ai: self.agent.is_some(),
        }
    }
}

/// Everything a debate session is rebuilt from (with its seed), stored as its config.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DebateSetup {
    pub format: DebateFormat,
    /// The topic's id in `content/debate/topics/` (`None`: a motion typed by the host).
    pub topic: Option<String>,
    pub motion: String,
    pub rules: TeamRules,
    pub timers: DebateTimers,
    /// Nine seats: Pro 1–4, Con 1–4, the judge.
    pub seats: Vec<DebateSeat>,
    /// The language the debate is held in (kept across restarts; stored only when not
    /// English, so older rows read as English).
    #[serde(default, skip_serializing_if = "Lang::is_english")]
    pub lang: Lang,
}

impl DebateSetup {
    /// The seats that a person plays.
    pub fn human_seats(&self) -> Vec<u8> {
        (1..=self.seats.len() as u8)
            .filter(|&s| self.seats[s as usize - 1].is_human())
            .collect()
    }
}

impl Deadlines for DebateTimers {
    fn duration(&self, key: &str) -> Duration {
        DebateTimers::duration(self, key)
    }
    fn resume_min(&self) -> Duration {
        DebateTimers::resume_min(self)
    }
}

impl GameSetup for DebateSetup {
    type Game = TeamDebate;
    type Kit = DebateKit;
    const GAME: &'static str = "debate";

    fn check(&self) -> Result<(), String> {
        if self.format != DebateFormat::Team {
            return Err(format!(
                "a {} debate is played by `agora sim debate --format {}` and `agora scenario` in this build",
                self.format.key(),
                self.format.key()
            ));
        }
        if self.seats.len() != SEATS as usize {
            return Err(format!(
                "a team debate has {SEATS} seats (eight debaters and the judge), not {}",
                self.seats.len()
            ));
        }
        if self.seats[JUDGE as usize - 1].agent != Some(DebateAgent::Judge) {
            return Err("seat 9 is the judge's, always an AI".into());
        }
        for (i, seat) in self.seats[..8].iter().enumerate() {
            if seat.agent == Some(DebateAgent::Judge) {
                return Err(format!("{} is a debater's seat", seat_name(i as u8 + 1)));
            }
        }
        if self.motion.trim().is_empty() {
            return Err("the motion is empty".into());
        }
        Ok(())
    }

    fn seats(&self) -> Vec<NewSeat> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, spec)| NewSeat {
                seat: i as u8 + 1,
                player: spec.player_ref(),
                agent: spec.agent.as_ref().map(|a| match a {
                    DebateAgent::Debater { personality } => format!("debater:{personality}"),
                    DebateAgent::Judge => "judge".into(),
                }),
            })
            .collect()
    }

    fn game(&self, _seed: u64) -> TeamDebate {
        TeamDebate::new(&self.motion, &self.rules)
    }

    fn agents(
        &self,
        id: &str,
        seed: u64,
        kit: &DebateKit,
    ) -> Vec<Option<Box<dyn Agent<TeamDebate>>>> {
        let humans = self.human_seats();
        let table = Table {
            topic: self.topic.as_deref(),
            motion: &self.motion,
            key: Some(id),
            lang: self.lang,
        };
        self.seats
            .iter()
            .enumerate()
            .map(|(i, spec)| {
                let seat = i as u8 + 1;
                spec.agent.as_ref().map(|agent| match agent {
                    DebateAgent::Debater { personality } => {
                        debate::debater(kit, table, seat, personality, &humans, seed)
                    }
                    DebateAgent::Judge => debate::judge(kit, table, seed),
                })
            })
            .collect()
    }

    fn deadlines(&self) -> Arc<dyn Deadlines> {
        Arc::new(self.timers.clone())
    }
}

/// [`shown_names`] in `lang`: in English as it has them (`P1 (logical AI)`), in Chinese
/// `1号（逻辑型AI）` with the personality's Chinese name (from `personalities`, asked for
/// only then).
pub fn shown_names_in<'a>(
    seats: &[DebateSeat],
    personalities: impl FnOnce() -> &'a Personalities,
    lang: Lang,
) -> Vec<String> {
    if lang == Lang::En {
        return shown_names(seats);
    }
    let personalities = personalities();
    seats[..seats.len().saturating_sub(1)]
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let seat = (i + 1).to_string();
            match &s.agent {
                Some(DebateAgent::Debater { personality }) => lang.text(
                    "panel-name-ai",
                    &[
                        ("seat", &seat),
                        (
                            "personality",
                            &personalities.get_or_first_in(personality, lang).name,
                        ),
                    ],
                ),
                _ => lang.text("panel-name-person", &[("seat", &seat), ("name", &s.name)]),
            }
        })
        .collect()
}

/// The participants of a moderated or social debate as its tables show them (the last
/// seat, the moderator or evaluator, left out): `P2 (diplomatic AI)`, `P1 ann`.
pub fn shown_names(seats: &[DebateSeat]) -> Vec<String> {
    seats[..seats.len().saturating_sub(1)]
        .iter()
        .enumerate()
        .map(|(i, s)| match &s.agent {
            Some(DebateAgent::Debater { personality }) => {
                format!("P{} ({} AI)", i + 1, personality.replace('_', "-"))
            }
            _ => format!("P{} {}", i + 1, s.name),
        })
        .collect()
}
