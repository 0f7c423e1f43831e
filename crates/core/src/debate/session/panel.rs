//! The moderated and social debates at a session table: who sits where (the
//! participants, then the moderator or evaluator, always an AI), and the stored setups a
//! session is created from and rebuilt from. Both are stored as a debate (`game` =
//! `debate`) whose config names its `format`, which [`format_of`] reads back.

use super::{DebateAgent, DebateSeat};
use crate::agents::debate::moderated::{Moderator, Participant};
use crate::agents::debate::social::{Evaluator, Speaker};
use crate::agents::debate::{DebateKit, Table};
use crate::agents::Agent;
use crate::config::DebateTimers;
use crate::debate::format::DebateFormat;
use crate::games::debate::moderated::{ModeratedDebate, ModeratedRules};
use crate::games::debate::social::{SocialDebate, SocialRules, Start};
use crate::games::Lang;
use crate::games::Seat;
use crate::session::{Deadlines, GameSetup};
use crate::store::{NewSeat, SessionRow};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The format of a stored debate session (a config without one is a team debate).
pub fn format_of(row: &SessionRow) -> DebateFormat {
    row.config
        .get("format")
        .cloned()
        .and_then(|f| serde_json::from_value(f).ok())
        .unwrap_or(DebateFormat::Team)
}

/// Checks the seats: participants (never the AI referee) then the referee, always an AI.
fn check_seats(seats: &[DebateSeat], format: DebateFormat, referee: &str) -> Result<(), String> {
    let n = seats.len().saturating_sub(1);
    let (min, max) = (*format.participants().start(), *format.participants().end());
    if !(min as usize..=max as usize).contains(&n) {
        return Err(format!(
            "{min}–{max} participants and the {referee}, not {n}"
        ));
    }
    if seats.last().and_then(|s| s.agent.as_ref()) != Some(&DebateAgent::Judge) {
        return Err(format!("the last seat is the {referee}'s, always an AI"));
    }
    if let Some(i) = seats[..n]
        .iter()
        .position(|s| s.agent == Some(DebateAgent::Judge))
    {
        return Err(format!("seat {} is a participant's", i + 1));
    }
    Ok(())
}

fn new_seats(seats: &[DebateSeat], referee: &str) -> Vec<NewSeat> {
    seats
        .iter()
        .enumerate()
        .map(|(i, spec)| NewSeat {
            seat: i as Seat + 1,
            player: spec.player_ref(),
            agent: spec.agent.as_ref().map(|a| match a {
                DebateAgent::Debater { personality } => format!("debater:{personality}"),
                DebateAgent::Judge => referee.to_string(),
            }),
        })
        .collect()
}

/// A moderated debate's stored setup.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ModeratedSetup {
    pub format: DebateFormat,
    pub topic: Option<String>,
    pub motion: String,
    pub rules: ModeratedRules,
    pub timers: DebateTimers,
    /// The participants, then the moderator.
    pub seats: Vec<DebateSeat>,
    /// The language the debate is held in (kept across restarts; stored only when not
    /// English, so older rows read as English).
    #[serde(default, skip_serializing_if = "Lang::is_english")]
    pub lang: Lang,
}

impl GameSetup for ModeratedSetup {
    type Game = ModeratedDebate;
    type Kit = DebateKit;
    const GAME: &'static str = "debate";

    fn check(&self) -> Result<(), String> {
        if self.format != DebateFormat::Moderated {
            return Err("a moderated debate's setup has format \"rounds\"".into());
        }
        check_seats(&self.seats, DebateFormat::Moderated, "moderator")?;
        ModeratedDebate::check_setup(self.seats.len() - 1, &self.rules)?;
        if self.motion.trim().is_empty() {
            return Err("the motion is empty".into());
        }
        Ok(())
    }
    fn seats(&self) -> Vec<NewSeat> {
        new_seats(&self.seats, "moderator")
    }
    fn game(&self, _seed: u64) -> ModeratedDebate {
        ModeratedDebate::new(&self.motion, self.seats.len() as Seat - 1, &self.rules)
    }
    fn agents(
        &self,
        id: &str,
        seed: u64,
        kit: &DebateKit,
    ) -> Vec<Option<Box<dyn Agent<ModeratedDebate>>>> {
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
                let seat = i as Seat + 1;
                spec.agent
                    .as_ref()
                    .map(|a| -> Box<dyn Agent<ModeratedDebate>> {
                        match a {
                            DebateAgent::Debater { personality } => {
                                Box::new(Participant::new(kit, table, seat, personality, seed))
                            }
                            DebateAgent::Judge => Box::new(Moderator::new(kit, table)),
                        }
                    })
            })
            .collect()
    }
    fn deadlines(&self) -> Arc<dyn Deadlines> {
        Arc::new(self.timers.clone())
    }
}

/// A social debate's stored setup.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SocialSetup {
    pub format: DebateFormat,
    pub topic: Option<String>,
    pub motion: String,
    pub rules: SocialRules,
    pub timers: DebateTimers,
    /// The participants, then the evaluator.
    pub seats: Vec<DebateSeat>,
    /// Each participant's stance and conviction at the start (an AI's from its persona, a
    /// person's from the side and firmness chosen on joining).
    pub starts: Vec<Start>,
    /// The language the debate is held in (kept across restarts; stored only when not
    /// English, so older rows read as English).
    #[serde(default, skip_serializing_if = "Lang::is_english")]
    pub lang: Lang,
}

impl GameSetup for SocialSetup {
    type Game = SocialDebate;
    type Kit = DebateKit;
    const GAME: &'static str = "debate";

    fn check(&self) -> Result<(), String> {
        if self.format != DebateFormat::Social {
            return Err("a social debate's setup has format \"social\"".into());
        }
        check_seats(&self.seats, DebateFormat::Social, "evaluator")?;
        if self.starts.len() + 1 != self.seats.len() {
            return Err(format!(
                "{} starting stances for {} participants",
                self.starts.len(),
                self.seats.len() - 1
            ));
        }
        SocialDebate::check_setup(&self.starts, &self.rules)?;
        if self.motion.trim().is_empty() {
            return Err("the motion is empty".into());
        }
        Ok(())
    }
    fn seats(&self) -> Vec<NewSeat> {
        new_seats(&self.seats, "evaluator")
    }
    fn game(&self, _seed: u64) -> SocialDebate {
        SocialDebate::new(&self.motion, &self.starts, &self.rules)
    }
    fn agents(
        &self,
        id: &str,
        seed: u64,
        kit: &DebateKit,
    ) -> Vec<Option<Box<dyn Agent<SocialDebate>>>> {
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
                let seat = i as Seat + 1;
                spec.agent
                    .as_ref()
                    .map(|a| -> Box<dyn Agent<SocialDebate>> {
                        match a {
                            DebateAgent::Debater { personality } => {
                                let conviction = self.starts.get(i).map_or(0.6, |s| s.conviction);
                                Box::new(Speaker::new(
                                    kit,
                                    table,
                                    seat,
                                    personality,
                                    conviction,
                                    seed,
                                ))
                            }
                            DebateAgent::Judge => Box::new(Evaluator::new(kit, table)),
                        }
                    })
            })
            .collect()
    }
    fn deadlines(&self) -> Arc<dyn Deadlines> {
        Arc::new(self.timers.clone())
    }
}

/// A person's start in a social debate: their side (`for` or `against`) and firmness
/// (0–1): the stance is ±(0.4 + 0.5 × firmness), the conviction the firmness.
pub fn human_start(side: &str, firmness: f64) -> anyhow::Result<Start> {
    let sign = match side.trim().to_ascii_lowercase().as_str() {
        "for" | "pro" => 1.0,
        "against" | "con" => -1.0,
        other => anyhow::bail!("--side {other:?}: for or against"),
    };
    if !(0.0..=1.0).contains(&firmness) {
        anyhow::bail!("--firmness {firmness}: a number from 0 (open) to 1 (immovable)");
    }
    Ok(Start {
        stance: sign * (0.4 + 0.5 * firmness),
        conviction: firmness,
    })
}
