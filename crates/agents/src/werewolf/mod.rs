//! Werewolf's AI players. A [`Player`] is shown only the events its seat may see (the
//! caller filters them with [`Werewolf::events_for`](crate::games::werewolf::Werewolf::events_for))
//! and answers the asks addressed to it.
//!
//! - `heuristic`: the built-in offline players: no network, play like people who know
//!   the game (seer claims and reports, witch saves early and poisons on evidence, wolves
//!   coordinate and may fake-claim, villagers weigh claims and vote records).
//! - `random`: uniformly random legal players, the yardstick for the heuristic's strength.
//! - `probe`: games where one seat makes a scripted seer claim as a person would type it,
//!   and how often the built-in village follows a true claim or catches a false one.
//! - `memory`: a seat's memory built from what it was shown: prompts and `game_state`.
//! - `llm`: language-model players (with the heuristic as fallback).
//! - `remote`: outside agents over HTTP (the competition protocol).

pub mod agent_server;
pub mod balance;
pub mod boards;
pub mod heuristic;
pub mod lineup;
pub mod llm;
pub mod memory;
pub mod probe;
pub mod random;
pub mod remote;

use crate::games::lang::Lang;
use crate::games::werewolf::{Action, Ask, Claims, Event, Werewolf};
use crate::llm::prompts::PromptSet;
use crate::llm::Client;
use crate::{Agent, Decision};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// An AI seat in a werewolf game.
pub trait Player: Send {
    /// An event this seat may see, in order.
    fn observe(&mut self, event: &Event);
    /// The answer to this seat's ask. An answer the game refuses is replaced by the ask's
    /// default (as a timeout would be) by the caller.
    fn decide(&mut self, ask: &Ask) -> Action;
    /// The claims of the speech the last [`decide`](Player::decide) returned, when the
    /// player knows them exactly: `claims::read` of its text would find just these. The
    /// ladder hands them to the game with the text so the speech is not read again
    /// ([`Werewolf::act_with_claims`]); `None` (the default) has the game read the text.
    fn meant_claims(&mut self) -> Option<Claims> {
        None
    }
    /// An action no ask waits for that this seat takes now, if any (a wolf's
    /// self-explosion during the day's speeches); asked only where the board allows one.
    fn volunteer(&mut self) -> Option<Action> {
        None
    }
}

/// Which kind of AI plays a side.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Strategy {
    Heuristic,
    Random,
}

/// A player of the given strategy for `seat`, seeded from the game's seed.
pub fn player(strategy: Strategy, seat: u8, seed: u64) -> Box<dyn Player> {
    player_in(strategy, seat, seed, Lang::En)
}

/// [`player`] at a table played in `lang`: a built-in player speaks from that language's
/// phrasebook (the same choices, so the same game for the same seed).
pub fn player_in(strategy: Strategy, seat: u8, seed: u64, lang: Lang) -> Box<dyn Player> {
    seated(strategy, seat, seed, lang, None)
}

/// [`player_in`] at a table of `seats` seats, when it is known: on nine seats the built-in
/// player is the nine-seat build of the same player ([`heuristic::NineSeats`]: the same
/// play, faster), on any other board or when unknown the one for every board.
pub fn seated(
    strategy: Strategy,
    seat: u8,
    seed: u64,
    lang: Lang,
    seats: Option<u8>,
) -> Box<dyn Player> {
    let seed = seat_seed(seed, seat);
    let book = || heuristic::phrasebook_in(lang);
    match (strategy, seats) {
        (Strategy::Heuristic, Some(9)) => {
            Box::new(heuristic::NineSeats::with_phrasebook(seed, book()))
        }
        (Strategy::Heuristic, _) => Box::new(heuristic::Heuristic::with_phrasebook(seed, book())),
        (Strategy::Random, _) => Box::new(random::RandomPlayer::new(seed)),
    }
}

/// The seed of the AI player in `seat` of a game seeded `seed` (each seat its own stream).
pub(crate) fn seat_seed(seed: u64, seat: u8) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add((seat as u64).wrapping_mul(0xD1B5_4A32_D192_ED03))
}

/// A boxed player plays as the player inside (a table of players of different kinds).
impl<P: Player + ?Sized> Player for Box<P> {
    fn observe(&mut self, event: &Event) {
        (**self).observe(event);
    }
    fn decide(&mut self, ask: &Ask) -> Action {
        (**self).decide(ask)
    }
    fn meant_claims(&mut self) -> Option<Claims> {
        (**self).meant_claims()
    }
    fn volunteer(&mut self) -> Option<Action> {
        (**self).volunteer()
    }
}

/// Cuts an AI's speech at the last sentence that fits in `max` characters (a human's
/// over-long speech is refused instead).
pub fn fit_speech(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let cut: String = text.chars().take(max).collect();
    match cut.rfind(['.', '!', '?', '。', '！', '？']) {
        Some(i) => cut[..i + cut[i..].chars().next().map_or(1, char::len_utf8)].to_string(),
        None => cut,
    }
}

/// A built-in werewolf player in a session. Over-long speeches are cut to fit.
pub struct BuiltIn {
    player: Box<dyn Player>,
    max_chars: usize,
}

impl BuiltIn {
    pub fn new(player: Box<dyn Player>, max_chars: usize) -> BuiltIn {
        BuiltIn { player, max_chars }
    }
}

impl Agent<Werewolf> for BuiltIn {
    fn observe(&mut self, event: &Event) {
        self.player.observe(event);
    }
    fn decide(&mut self, ask: &Ask) -> Decision<Action> {
        let mut action = self.player.decide(ask);
        if let Action::Speak { text } = &mut action {
            if text.chars().count() > self.max_chars {
                *text = fit_speech(text, self.max_chars);
            }
        }
        Decision::Now(action)
    }
    fn volunteer(&mut self) -> Option<Action> {
        self.player.volunteer()
    }
}

/// The AI in a seat, as stored with the session.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AgentSpec {
    /// A built-in player (no network).
    Builtin { strategy: Strategy },
    /// A language model (the `WEREWOLF` provider); the heuristic when none is configured.
    Llm,
    /// An outside agent behind the HTTP protocol.
    Remote { url: String },
}

/// What the AI seats of a process can use: the model client and prompts (when a provider
/// is configured), and the time an outside agent gets per decision.
#[derive(Clone)]
pub struct WerewolfKit {
    pub llm: Option<(Client, Arc<PromptSet>)>,
    pub agent_timeout: Duration,
}

impl Default for WerewolfKit {
    fn default() -> Self {
        WerewolfKit {
            llm: None,
            agent_timeout: Duration::from_secs(10),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_speech_cuts_at_a_sentence() {
        assert_eq!(fit_speech("Short.", 300), "Short.");
        assert_eq!(fit_speech("One. Two three four.", 10), "One.");
        assert_eq!(fit_speech("no stop at all here", 5), "no st");
        assert_eq!(fit_speech("狼。狼狼狼", 3), "狼。");
    }
}
