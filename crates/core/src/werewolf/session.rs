//! Werewolf at a session table: who sits where, and the stored [`WerewolfSetup`] a session is
//! created from and rebuilt from (the generic [`GameSetup`]).

use crate::agents::werewolf::llm::LlmSeat;
use crate::agents::werewolf::remote::RemoteSeat;
use crate::agents::werewolf::{player_in, AgentSpec, BuiltIn, Strategy, WerewolfKit};
use crate::agents::Agent;
use crate::config::Timers;
use crate::games::werewolf::{Board, GppTable, Rules, Werewolf};
use crate::games::Lang;
use crate::session::afk::AfkMode;
use crate::session::{Deadlines, GameSetup};
use crate::store::{NewSeat, PlayerRef};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// Who sits in a seat, as stored with the session.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SeatSpec {
    pub player_id: String,
    pub name: String,
    pub surface: String,
    /// The AI playing the seat; `None` for a human.
    pub agent: Option<AgentSpec>,
}

impl SeatSpec {
    pub fn human(player: &PlayerRef) -> SeatSpec {
        SeatSpec {
            player_id: player.id.clone(),
            name: player.name.clone(),
            surface: player.surface.clone(),
            agent: None,
        }
    }
    fn with_agent(p: PlayerRef, agent: AgentSpec) -> SeatSpec {
        SeatSpec {
            player_id: p.id,
            name: p.name,
            surface: p.surface,
            agent: Some(agent),
        }
    }
    pub fn ai(strategy: Strategy) -> SeatSpec {
        let name = match strategy {
            Strategy::Heuristic => "heuristic",
            Strategy::Random => "random",
        };
        SeatSpec::with_agent(
            PlayerRef::ai(name, env!("CARGO_PKG_VERSION")),
            AgentSpec::Builtin { strategy },
        )
    }
    /// A language-model seat, named after its model.
    pub fn llm(model: &str) -> SeatSpec {
        SeatSpec::with_agent(
            PlayerRef::ai(&format!("llm:{model}"), env!("CARGO_PKG_VERSION")),
            AgentSpec::Llm,
        )
    }
    /// An outside agent at `url`.
    pub fn remote(url: &str) -> SeatSpec {
        SeatSpec::with_agent(
            PlayerRef::ai(&format!("remote:{url}"), "http"),
            AgentSpec::Remote { url: url.into() },
        )
    }
    /// A short label for the store's `agent` column.
    fn agent_label(&self) -> Option<String> {
        self.agent.as_ref().map(|a| match a {
            AgentSpec::Builtin { strategy } => format!("{strategy:?}").to_lowercase(),
            AgentSpec::Llm => "llm".into(),
            AgentSpec::Remote { .. } => "remote".into(),
        })
    }
    fn player_ref(&self) -> PlayerRef {
        PlayerRef {
            id: self.player_id.clone(),
            surface: self.surface.clone(),
            name: self.name.clone(),
            is_ai: self.agent.is_some(),
        }
    }
}

/// Everything a werewolf session is rebuilt from (with its seed), stored as its config.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct WerewolfSetup {
    pub rules: Rules,
    pub gpp: GppTable,
    pub timers: Timers,
    /// The board's seats, seat 1 first.
    pub seats: Vec<SeatSpec>,
    /// The board, kept whole with the session so a restart plays the same rules whatever
    /// the files say by then; `None` (and older rows) is the default nine-seat board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<Board>,
    /// The language the table is played in (kept across restarts; stored only when not
    /// English, so older rows read as English).
    #[serde(default, skip_serializing_if = "is_english")]
    pub lang: Lang,
    /// What the server does with a person's seat after two missed actions in a row (a
    /// Discord server's setting when the table started); `None` (the terminal, ladders, older
    /// rows): nothing, a person's seat is always theirs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub afk: Option<AfkMode>,
}

impl WerewolfSetup {
    /// The board this table is played on.
    pub fn board(&self) -> Arc<Board> {
        match &self.board {
            Some(b) => Arc::new(b.clone()),
            None => Board::seed9(),
        }
    }
}

fn is_english(lang: &Lang) -> bool {
    *lang == Lang::En
}

impl Deadlines for Timers {
    fn duration(&self, key: &str) -> Duration {
        Timers::duration(self, key)
    }
    fn resume_min(&self) -> Duration {
        Timers::resume_min(self)
    }
}

impl GameSetup for WerewolfSetup {
    type Game = Werewolf;
    type Kit = WerewolfKit;
    const GAME: &'static str = "werewolf";

    fn check(&self) -> Result<(), String> {
        let board = self.board();
        board.check()?;
        if self.seats.len() != board.seats as usize {
            return Err(format!(
                "the {} board has {} seats, not {}",
                board.id,
                board.seats,
                self.seats.len()
            ));
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
                agent: spec.agent_label(),
            })
            .collect()
    }

    fn game(&self, seed: u64) -> Werewolf {
        let mut rules = self.rules.clone();
        rules.gpp = self.gpp.clone();
        Werewolf::on_board(Arc::new(rules), self.board(), seed)
    }

    fn agents(
        &self,
        id: &str,
        seed: u64,
        kit: &WerewolfKit,
    ) -> Vec<Option<Box<dyn Agent<Werewolf>>>> {
        let max_chars = self.rules.speech_max_chars;
        self.seats
            .iter()
            .enumerate()
            .map(|(i, spec)| {
                let seat = i as u8 + 1;
                let builtin = |strategy| {
                    Box::new(BuiltIn::new(
                        player_in(strategy, seat, seed, self.lang),
                        max_chars,
                    )) as Box<dyn Agent<Werewolf>>
                };
                spec.agent.as_ref().map(|agent| match agent {
                    AgentSpec::Builtin { strategy } => builtin(*strategy),
                    AgentSpec::Llm => match &kit.llm {
                        Some((client, prompts)) => Box::new(
                            LlmSeat::new(
                                seat,
                                player_in(Strategy::Heuristic, seat, seed, self.lang),
                                client.for_table(id),
                                prompts.clone(),
                            )
                            .with_rules(&self.rules)
                            .with_lang(self.lang)
                            .with_board(self.board()),
                        )
                            as Box<dyn Agent<Werewolf>>,
                        None => builtin(Strategy::Heuristic),
                    },
                    AgentSpec::Remote { url } => Box::new(
                        RemoteSeat::new(seat, url, id, kit.agent_timeout).with_rules(&self.rules),
                    ),
                })
            })
            .collect()
    }

    fn deadlines(&self) -> Arc<dyn Deadlines> {
        Arc::new(self.timers.clone())
    }

    fn afk(&self) -> Option<AfkMode> {
        self.afk
    }

    /// A person's seat is taken over by the built-in player, in the table's language, which
    /// has watched the seat's own events from the start.
    fn stand_ins(
        &self,
        _id: &str,
        seed: u64,
        _kit: &WerewolfKit,
    ) -> Vec<Option<Box<dyn Agent<Werewolf>>>> {
        let max_chars = self.rules.speech_max_chars;
        self.seats
            .iter()
            .enumerate()
            .map(|(i, spec)| {
                let seat = i as u8 + 1;
                spec.agent.is_none().then(|| {
                    let player = player_in(Strategy::Heuristic, seat, seed, self.lang);
                    Box::new(BuiltIn::new(player, max_chars)) as Box<dyn Agent<Werewolf>>
                })
            })
            .collect()
    }
}
