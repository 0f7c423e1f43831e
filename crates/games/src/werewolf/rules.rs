//! The settled options of the werewolf rules and the GPP scoring table.
//!
//! Both are plain data: the defaults here match `config/agora.toml` and
//! `config/werewolf-gpp.toml`; `crate::config` loads and validates those files.

use serde::{Deserialize, Serialize};

/// When may the witch use her antidote on herself?
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WitchSelfSave {
    Always,
    FirstNight,
    Never,
}

/// What human wolves may say to each other at night.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WolfChat {
    /// Strict mode: the wolves only see each other's picks.
    TargetsOnly,
    /// Human wolves may also chat in their private space.
    Open,
}

/// The configurable rules of one game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Rules {
    /// Reaching the end of this day with no winner is a draw.
    pub max_days: u32,
    pub witch_self_save: WitchSelfSave,
    pub hunter_shoots_when_poisoned: bool,
    /// Day n starts from the first living seat after the one that started day n-1.
    pub rotate_first_speaker: bool,
    pub wolf_chat: WolfChat,
    /// Longest speech, PK speech or last words, in characters.
    pub speech_max_chars: usize,
    #[serde(skip)]
    pub gpp: GppTable,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            max_days: 12,
            witch_self_save: WitchSelfSave::Always,
            hunter_shoots_when_poisoned: true,
            rotate_first_speaker: false,
            wolf_chat: WolfChat::TargetsOnly,
            speech_max_chars: 300,
            gpp: GppTable::default(),
        }
    }
}

impl Rules {
    /// Checks the values a TOML file cannot constrain by type; the error names the field.
    pub fn validate(&self) -> Result<(), String> {
        if !(1..=100).contains(&self.max_days) {
            return Err(format!(
                "max_days = {}: must be between 1 and 100",
                self.max_days
            ));
        }
        if !(1..=4000).contains(&self.speech_max_chars) {
            return Err(format!(
                "speech_max_chars = {}: must be between 1 and 4000",
                self.speech_max_chars
            ));
        }
        self.gpp.validate()
    }
}

/// Werewolf Performance Points: every row of the scoring table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GppTable {
    pub win_good: i32,
    pub win_wolves: i32,
    /// Each night n >= 2 at whose end the seat is alive.
    pub survive_night: i32,
    pub survive_night_wolf: i32,
    /// A good seat (not a villager) votes a wolf, indexed by day - 1; later days score 0.
    pub vote_wolf: Vec<i32>,
    /// A villager votes a wolf, indexed by day - 1.
    pub vote_wolf_villager: Vec<i32>,
    /// A good seat (not a villager) votes a good seat.
    pub vote_good: i32,
    pub vote_good_villager: i32,
    /// A wolf votes a wolf.
    pub wolf_votes_wolf: i32,
    /// A wolf votes a good seat.
    pub wolf_votes_good: i32,
    pub seer_checks_wolf: i32,
    pub seer_checks_good: i32,
    /// Seer and witch, for each day whose dawn they see alive.
    pub god_dawn_cost: i32,
    pub witch_saves_good: i32,
    pub witch_poisons_wolf: i32,
    pub witch_saves_wolf: i32,
    pub witch_poisons_good: i32,
    pub hunter_shoots_wolf: i32,
    pub hunter_shoots_good: i32,
}

impl Default for GppTable {
    fn default() -> Self {
        GppTable {
            win_good: 30,
            win_wolves: 35,
            survive_night: 2,
            survive_night_wolf: 3,
            vote_wolf: vec![0, 4, 3, 1],
            vote_wolf_villager: vec![0, 5, 4, 2],
            vote_good: -2,
            vote_good_villager: -1,
            wolf_votes_wolf: -2,
            wolf_votes_good: 0,
            seer_checks_wolf: 2,
            seer_checks_good: 1,
            god_dawn_cost: -1,
            witch_saves_good: 4,
            witch_poisons_wolf: 4,
            witch_saves_wolf: -4,
            witch_poisons_good: -4,
            hunter_shoots_wolf: 8,
            hunter_shoots_good: -10,
        }
    }
}

impl GppTable {
    pub fn validate(&self) -> Result<(), String> {
        for (name, v) in [
            ("vote_wolf", &self.vote_wolf),
            ("vote_wolf_villager", &self.vote_wolf_villager),
        ] {
            if v.len() > 100 {
                return Err(format!("{name}: at most 100 days may be listed"));
            }
        }
        Ok(())
    }

    /// Points for a good seat's vote on a wolf on `day`.
    pub fn vote_wolf_on(&self, day: u32, villager: bool) -> i32 {
        let row = if villager {
            &self.vote_wolf_villager
        } else {
            &self.vote_wolf
        };
        row.get(day as usize - 1).copied().unwrap_or(0)
    }
}
