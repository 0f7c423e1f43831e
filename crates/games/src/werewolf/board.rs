//! Boards: how many seats, which roles are dealt, and the switches that differ between the
//! standard tables (a sheriff, what a death reveals, abstaining, last words, self-explosion,
//! the witch's self-save, a poisoned hunter's shot). Plain data, read from
//! `content/werewolf/boards/<id>.toml` by the agents crate and checked here; the default
//! board (`seed9`) is today's nine seats and plays exactly as it did.

use super::rules::WitchSelfSave;
#[cfg(test)]
use super::seat::DECK;
use super::seat::{Role, Side, MAX_SEATS};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

/// The fewest seats any board may have.
pub const MIN_SEATS: usize = 5;

/// What the table learns of a seat when it dies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reveal {
    /// Its role.
    Role,
    /// Only its side.
    Team,
    /// Nothing (the roles are shown when the game ends).
    #[default]
    None,
}

/// When a seat may abstain from a vote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Abstain {
    #[default]
    Allowed,
    /// Not in day 1's votes.
    NotDay1,
    /// Never (a seat that lets its time run out still casts no ballot).
    Off,
}

/// Who has last words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LastWords {
    /// A seat voted out (the default board).
    #[default]
    Vote,
    /// A seat voted out, and the seats that died on the first night.
    VoteAndFirstNight,
}

/// One step of the night, in the order the moderator calls them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NightStep {
    Guard,
    Wolves,
    Witch,
    Seer,
}

impl NightStep {
    /// The steps in the only order the rules run them (a board lists the ones it has).
    pub const ORDER: [NightStep; 4] = [
        NightStep::Guard,
        NightStep::Wolves,
        NightStep::Witch,
        NightStep::Seer,
    ];

    /// The role whose step this is (the wolves' step belongs to every wolf).
    fn role(self) -> Option<Role> {
        match self {
            NightStep::Guard => Some(Role::Guard),
            NightStep::Wolves => None,
            NightStep::Witch => Some(Role::Witch),
            NightStep::Seer => Some(Role::Seer),
        }
    }
}

/// A board: its deck and its switches. `deck` lists each role's count; [`Board::deck`]
/// lays it out in [`Role::DEAL_ORDER`] before the shuffle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// The file's name without `.toml` (`custom` for a deck put together at the table).
    pub id: String,
    /// The board's name by language (`en` is required): `{ en = "…", zh-CN = "…" }`.
    pub name: BTreeMap<String, String>,
    /// Ranked boards count for ratings and must stay balanced on the ladder.
    #[serde(default)]
    pub ranked: bool,
    pub seats: u8,
    #[serde(rename = "deck")]
    pub counts: BTreeMap<Role, u8>,
    pub night_order: Vec<NightStep>,
    #[serde(default)]
    pub sheriff: bool,
    #[serde(default)]
    pub reveal: Reveal,
    #[serde(default)]
    pub abstain: Abstain,
    #[serde(default)]
    pub last_words: LastWords,
    /// Any wolf may self-explode in a day speech phase.
    #[serde(default)]
    pub self_explode: bool,
    /// At a table with people, every night takes its steps' full time (the wolves', then
    /// the witch's timer) even when a role is dead or an AI answers at once, so how soon a
    /// night ends tells nothing of who is still playing.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub full_nights: bool,
    /// Overrides `[werewolf] witch_self_save` of `config/agora.toml` when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub witch_self_save: Option<WitchSelfSave>,
    /// Overrides `[werewolf] hunter_shoots_when_poisoned` when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hunter_shoots_when_poisoned: Option<bool>,
}

/// The default board's id.
pub const SEED9_ID: &str = "seed9";

/// The default board's file, built in so [`Board::seed9`] needs no I/O.
const SEED9: &str = r#"{"id":"seed9","name":{"en":"Nine seats: seer, witch, hunter","zh-CN":"九人预女猎"},
"ranked":true,"seats":9,"deck":{"werewolf":3,"villager":3,"seer":1,"witch":1,"hunter":1},
"night_order":["wolves","witch","seer"]}"#;

impl Board {
    /// Today's nine-seat board, the default.
    pub fn seed9() -> Arc<Board> {
        static SEED9_BOARD: OnceLock<Arc<Board>> = OnceLock::new();
        SEED9_BOARD
            .get_or_init(|| {
                let board: Board = serde_json::from_str(SEED9).expect("the built-in board parses");
                board.check().expect("the built-in board is valid");
                Arc::new(board)
            })
            .clone()
    }

    /// An unranked board from a deck put together at the table (5–16 seats, any roles the
    /// engine has, each special role at most once); the 12-seat boards' switches apply when
    /// it has a sheriff-sized table (ten seats or more).
    pub fn custom(roles: &[Role]) -> Result<Board, String> {
        let mut counts = BTreeMap::new();
        for role in roles {
            *counts.entry(*role).or_insert(0u8) += 1;
        }
        let big = roles.len() >= 10;
        let night_order = NightStep::ORDER
            .into_iter()
            .filter(|step| step.role().is_none_or(|r| counts.contains_key(&r)))
            .collect();
        let board = Board {
            id: "custom".into(),
            name: BTreeMap::from([
                ("en".into(), "Custom deck".into()),
                ("zh-CN".into(), "自选牌组".into()),
            ]),
            ranked: false,
            seats: roles.len().min(u8::MAX as usize) as u8,
            counts,
            night_order,
            sheriff: big,
            reveal: Reveal::None,
            abstain: Abstain::Allowed,
            last_words: if big {
                LastWords::VoteAndFirstNight
            } else {
                LastWords::Vote
            },
            self_explode: big,
            witch_self_save: big.then_some(WitchSelfSave::FirstNight),
            hunter_shoots_when_poisoned: big.then_some(false),
            // Nothing is revealed on death: a night's length must not tell it either.
            full_nights: true,
        };
        board.check()?;
        Ok(board)
    }

    /// The deck laid out in [`Role::DEAL_ORDER`] (the default board's is [`DECK`]).
    pub fn deck(&self) -> Vec<Role> {
        let (roles, n) = self.laid_out();
        roles[..n].to_vec()
    }

    /// [`deck`](Board::deck) in an array (the roles and how many), as every deal lays it
    /// out before the shuffle: no allocation, one look at the counts.
    pub fn laid_out(&self) -> ([Role; MAX_SEATS], usize) {
        let mut counts = [0u8; Role::ALL.len()];
        for (&role, &count) in &self.counts {
            counts[role as usize] = count;
        }
        let mut roles = [Role::Villager; MAX_SEATS];
        let mut n = 0;
        for role in Role::DEAL_ORDER {
            let count = counts[role as usize] as usize;
            for slot in roles.iter_mut().skip(n).take(count) {
                *slot = role;
            }
            n += count;
        }
        (roles, n.min(MAX_SEATS))
    }

    /// How many seats hold `role`.
    pub fn count(&self, role: Role) -> usize {
        self.counts.get(&role).copied().unwrap_or(0) as usize
    }

    pub fn has(&self, role: Role) -> bool {
        self.count(role) > 0
    }

    /// The board's name in `lang` (its English name where it has none in that language).
    pub fn name_in(&self, lang: crate::Lang) -> &str {
        self.name
            .get(lang.code())
            .or_else(|| self.name.get("en"))
            .map(String::as_str)
            .unwrap_or(&self.id)
    }

    /// Checks what the types cannot; the error starts with the field it is about.
    pub fn check(&self) -> Result<(), String> {
        let seats = self.seats as usize;
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
            return Err(format!(
                "seats = {seats}: must be between {MIN_SEATS} and {MAX_SEATS}"
            ));
        }
        if !self.name.contains_key("en") {
            return Err("name: needs an `en` name".into());
        }
        let dealt: usize = self.counts.values().map(|&c| c as usize).sum();
        if dealt != seats {
            return Err(format!("deck: deals {dealt} roles for {seats} seats"));
        }
        for (role, count) in &self.counts {
            if role.is_unique() && *count > 1 {
                return Err(format!("deck.{}: at most one", role.name()));
            }
        }
        let wolves: usize = self
            .counts
            .iter()
            .filter(|(r, _)| r.side() == Side::Wolves)
            .map(|(_, &c)| c as usize)
            .sum();
        if wolves == 0 || wolves * 2 >= seats {
            return Err(format!(
                "deck: {wolves} wolves at {seats} seats (at least one, fewer than half)"
            ));
        }
        if !self.counts.keys().any(|r| r.is_god()) || !self.has(Role::Villager) {
            return Err("deck: needs at least one villager and one god".into());
        }
        let expected: Vec<NightStep> = NightStep::ORDER
            .into_iter()
            .filter(|step| step.role().is_none_or(|r| self.has(r)))
            .collect();
        if self.night_order != expected {
            let names: Vec<String> = expected
                .iter()
                .map(|s| serde_json::to_string(s).unwrap_or_default())
                .collect();
            return Err(format!(
                "night_order: must be [{}] for this deck (guard, wolves, witch, seer: the steps its roles have)",
                names.join(", ")
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_board_is_todays_deck() {
        let b = Board::seed9();
        assert_eq!(b.deck(), DECK.to_vec());
        assert!(!b.sheriff && !b.self_explode && b.ranked);
        assert_eq!(b.witch_self_save, None);
    }

    #[test]
    fn a_custom_deck_is_checked() {
        use Role::*;
        let ok = Board::custom(&[Werewolf, Seer, Witch, Villager, Villager]).unwrap();
        assert_eq!(
            ok.night_order,
            vec![NightStep::Wolves, NightStep::Witch, NightStep::Seer]
        );
        assert!(!ok.ranked);
        let e = Board::custom(&[Werewolf, Werewolf, Seer, Villager]).unwrap_err();
        assert!(e.starts_with("seats = 4"), "{e}");
        let e = Board::custom(&[Werewolf, Seer, Seer, Villager, Villager]).unwrap_err();
        assert!(e.starts_with("deck.seer"), "{e}");
        let e =
            Board::custom(&[Werewolf, Werewolf, Werewolf, Seer, Villager, Villager]).unwrap_err();
        assert!(e.starts_with("deck: 3 wolves"), "{e}");
    }

    #[test]
    fn a_night_order_must_follow_the_deck() {
        let mut b = (*Board::seed9()).clone();
        b.night_order = vec![NightStep::Seer, NightStep::Wolves, NightStep::Witch];
        let e = b.check().unwrap_err();
        assert!(e.starts_with("night_order"), "{e}");
    }
}
