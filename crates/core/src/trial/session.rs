//! A trial at a session table: the players (people or AI advocates) then one seat per
//! juror (always an AI), and the stored setup a session is created from and rebuilt from.
//! The rules' setup is stored resolved (the jurors' stances and weights, the cards'
//! effects), so a resumed trial is the one that started even if the content changed.

use crate::agents::trial::TrialKit;
use crate::agents::Agent;
use crate::config::TrialConfig;
use crate::games::trial::{Trial, TrialSetup};
use crate::games::Seat;
use crate::session::{Deadlines, GameSetup};
use crate::store::{NewSeat, PlayerRef, SessionRow};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// A player's seat: a person, or an AI advocate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TrialSeat {
    pub player_id: String,
    pub name: String,
    pub surface: String,
    pub ai: bool,
}

impl TrialSeat {
    pub fn human(player: &PlayerRef) -> TrialSeat {
        TrialSeat {
            player_id: player.id.clone(),
            name: player.name.clone(),
            surface: player.surface.clone(),
            ai: false,
        }
    }
    pub fn advocate() -> TrialSeat {
        let p = PlayerRef::ai("advocate", env!("CARGO_PKG_VERSION"));
        TrialSeat {
            player_id: p.id,
            name: p.name,
            surface: p.surface,
            ai: true,
        }
    }
    fn player_ref(&self) -> PlayerRef {
        PlayerRef {
            id: self.player_id.clone(),
            surface: self.surface.clone(),
            name: self.name.clone(),
            is_ai: self.ai,
        }
    }
}

/// Everything a trial session is rebuilt from (with its seed), stored as its config.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TrialSessionSetup {
    pub trial: TrialSetup,
    /// The players, seat 1 first (the jurors' seats follow).
    pub players: Vec<TrialSeat>,
    pub timers: TrialConfig,
}

impl TrialSessionSetup {
    /// The seats people play.
    pub fn human_seats(&self) -> Vec<Seat> {
        (1..=self.players.len() as Seat)
            .filter(|&s| !self.players[s as usize - 1].ai)
            .collect()
    }
}

/// The human seats of a stored trial.
pub fn human_seats(row: &SessionRow) -> anyhow::Result<Vec<Seat>> {
    let setup: TrialSessionSetup = crate::session::setup_of(row)?;
    Ok(setup.human_seats())
}

impl Deadlines for TrialConfig {
    fn duration(&self, key: &str) -> Duration {
        TrialConfig::duration(self, key)
    }
    fn resume_min(&self) -> Duration {
        TrialConfig::resume_min(self)
    }
}

impl GameSetup for TrialSessionSetup {
    type Game = Trial;
    type Kit = TrialKit;
    const GAME: &'static str = "trial";

    fn check(&self) -> Result<(), String> {
        if self.players.len() != self.trial.sides.len() {
            return Err(format!(
                "{} players for {} sides",
                self.players.len(),
                self.trial.sides.len()
            ));
        }
        self.trial.check()
    }
    fn seats(&self) -> Vec<NewSeat> {
        let mut seats: Vec<NewSeat> = self
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| NewSeat {
                seat: i as Seat + 1,
                player: p.player_ref(),
                agent: p.ai.then(|| "advocate".to_string()),
            })
            .collect();
        for (j, juror) in self.trial.jurors.iter().enumerate() {
            seats.push(NewSeat {
                seat: (self.players.len() + j + 1) as Seat,
                player: PlayerRef::ai(&juror.id.replace('_', "-"), env!("CARGO_PKG_VERSION")),
                agent: Some("juror".into()),
            });
        }
        seats
    }
    fn game(&self, _seed: u64) -> Trial {
        Trial::new(&self.trial)
    }
    fn agents(&self, id: &str, seed: u64, kit: &TrialKit) -> Vec<Option<Box<dyn Agent<Trial>>>> {
        // An AI advocate against people is paced to them (not in an all-AI trial).
        let people = self.human_seats();
        let pacing = crate::agents::trial::Pacing::for_trial(
            &self.trial,
            &people,
            self.timers.duration("argument"),
            self.timers.pace,
        );
        kit.paced_agents(&self.trial, &people, seed, pacing.as_ref(), Some(id))
    }
    fn deadlines(&self) -> Arc<dyn Deadlines> {
        Arc::new(self.timers.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::trial::TrialKit;
    use crate::games::trial::{Side, TrialRules};
    use crate::games::Lang;

    /// A trial's language is stored with its setup only when it is not English, so rows
    /// stored before there were languages read as English, and a Chinese trial resumes in
    /// Chinese.
    #[test]
    fn the_language_is_stored_with_the_setup_and_old_rows_read_as_english() {
        let kit = TrialKit::default();
        let setup = |lang: Lang| TrialSessionSetup {
            trial: kit.book.setup(
                kit.book.case_in("robot_prompt_injection", lang).unwrap(),
                vec![Side::Defense],
                TrialRules::default(),
            ),
            players: vec![TrialSeat::advocate()],
            timers: TrialConfig::default(),
        };
        let en = serde_json::to_value(setup(Lang::En)).unwrap();
        assert!(en["trial"].get("lang").is_none(), "{en}");
        let zh = serde_json::to_value(setup(Lang::ZhCn)).unwrap();
        assert_eq!(zh["trial"]["lang"], "zh-CN");
        let back: TrialSessionSetup = serde_json::from_value(zh).unwrap();
        assert_eq!(back.trial.lang, Lang::ZhCn);
        assert_eq!(back.trial.jurors[0].name, "王");
        let old: TrialSessionSetup = serde_json::from_value(en).unwrap();
        assert_eq!(old.trial.lang, Lang::En);
    }
}
