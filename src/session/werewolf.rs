//! Werewolf at a session table: the rules as a [`Table`], the built-in players as
//! [`Agent`]s, and the stored setup a session is rebuilt from.

use super::{Agent, Decision, Options, Pending, Runner, SeatNo, SessionError, Table, Visibility};
use crate::agents::llm::LlmSeat;
use crate::agents::remote::RemoteSeat;
use crate::agents::{fit_speech, player, Player, Strategy};
use crate::config::Timers;
use crate::games::werewolf::{Action, Ask, Audience, Event, Game, GppTable, Refusal, Rules, SEATS};
use crate::llm::prompts::PromptSet;
use crate::llm::Client;
use crate::store::{
    NewSeat, NewSession, Outcome, PlayerRef, SeatOutcome, SessionRow, Store, StoreError,
};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

impl Table for Game {
    type Action = Action;
    type Ask = Ask;
    type Event = Event;
    type Refusal = Refusal;

    fn kind(&self) -> &'static str {
        "werewolf"
    }
    fn seat_count(&self) -> SeatNo {
        SEATS as SeatNo
    }
    fn pending(&self) -> Vec<Pending<Ask>> {
        self.asks()
            .iter()
            .map(|a| Pending {
                seat: a.seat,
                seq: a.seq,
                timer: a.kind.timer_key(),
                ask: *a,
            })
            .collect()
    }
    fn check(&self, seat: SeatNo, action: &Action) -> Result<(), Refusal> {
        Game::check(self, seat, action)
    }
    fn act(&mut self, seat: SeatNo, action: Action) -> Result<(), Refusal> {
        Game::act(self, seat, action)
    }
    fn timeout(&mut self, seat: SeatNo) -> Result<(), Refusal> {
        Game::timeout(self, seat)
    }
    fn log_len(&self) -> usize {
        self.log().len()
    }
    fn logged(&self, index: usize) -> (Visibility, &Event) {
        let logged = &self.log()[index];
        let visibility = match logged.audience {
            Audience::Everyone => Visibility::Public,
            Audience::Seats(seats) => {
                Visibility::Seats(seats.iter().fold(0u64, |m, s| m | (1u64 << s)))
            }
            Audience::Moderator => Visibility::Moderator,
        };
        (visibility, &logged.event)
    }
    fn outcome(&self) -> Option<Outcome> {
        let winner = self.winner()?;
        Some(Outcome {
            winner: winner.name().to_string(),
            seats: self
                .roles()
                .iter()
                .enumerate()
                .map(|(i, role)| SeatOutcome {
                    seat: i as u8 + 1,
                    role: role.name().to_string(),
                    score: self.gpp()[i] as f64,
                    won: winner.side() == Some(role.side()),
                    details: gpp_breakdown(self, i as SeatNo + 1),
                })
                .collect(),
            details: serde_json::Value::Null,
        })
    }
}

/// A seat's GPP by reason (`{"gpp": {"vote": 3, "team_win": 5}}`), from the game's log.
fn gpp_breakdown(game: &Game, seat: SeatNo) -> serde_json::Value {
    let mut by_reason = serde_json::Map::new();
    for logged in game.log() {
        if let Event::Scored {
            seat: s,
            points,
            reason,
        } = &logged.event
        {
            if *s == seat {
                let key = serde_json::to_value(reason)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default();
                let total = by_reason.get(&key).and_then(|v| v.as_i64()).unwrap_or(0);
                by_reason.insert(key, serde_json::json!(total + *points as i64));
            }
        }
    }
    serde_json::json!({ "gpp": by_reason })
}

/// A built-in werewolf player in a session. Over-long speeches are cut to fit.
pub struct BuiltIn {
    player: Box<dyn Player>,
    max_chars: usize,
}

impl Agent<Game> for BuiltIn {
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
pub struct AgentKit {
    pub llm: Option<(Client, Arc<PromptSet>)>,
    pub agent_timeout: Duration,
}

impl Default for AgentKit {
    fn default() -> Self {
        AgentKit {
            llm: None,
            agent_timeout: Duration::from_secs(10),
        }
    }
}

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
pub struct Setup {
    pub rules: Rules,
    pub gpp: GppTable,
    pub timers: Timers,
    /// Nine seats, seat 1 first.
    pub seats: Vec<SeatSpec>,
}

/// Where a session is played.
#[derive(Debug, Clone)]
pub struct Place {
    /// `terminal`, `discord`, `sim`.
    pub surface: String,
    /// The community whose leaderboard the result feeds (a guild id, `terminal`).
    pub community: String,
    pub channel: String,
}

impl Setup {
    fn game(&self, seed: u64) -> Game {
        let mut rules = self.rules.clone();
        rules.gpp = self.gpp.clone();
        Game::new(Arc::new(rules), seed)
    }

    fn agents(&self, id: &str, seed: u64, kit: &AgentKit) -> Vec<Option<Box<dyn Agent<Game>>>> {
        let max_chars = self.rules.speech_max_chars;
        self.seats
            .iter()
            .enumerate()
            .map(|(i, spec)| {
                let seat = i as u8 + 1;
                let builtin = |strategy| {
                    Box::new(BuiltIn {
                        player: player(strategy, seat, seed),
                        max_chars,
                    }) as Box<dyn Agent<Game>>
                };
                spec.agent.as_ref().map(|agent| match agent {
                    AgentSpec::Builtin { strategy } => builtin(*strategy),
                    AgentSpec::Llm => match &kit.llm {
                        Some((client, prompts)) => Box::new(
                            LlmSeat::new(
                                seat,
                                player(Strategy::Heuristic, seat, seed),
                                client.clone(),
                                prompts.clone(),
                            )
                            .with_rules(&self.rules),
                        )
                            as Box<dyn Agent<Game>>,
                        None => builtin(Strategy::Heuristic),
                    },
                    AgentSpec::Remote { url } => Box::new(
                        RemoteSeat::new(seat, url, id, kit.agent_timeout).with_rules(&self.rules),
                    ),
                })
            })
            .collect()
    }

    /// Stores a new session of this setup, ready to start.
    pub async fn create(
        &self,
        store: Store,
        seed: u64,
        place: &Place,
        step_delay: Duration,
        kit: &AgentKit,
    ) -> Result<Runner<Game>, SessionError> {
        if self.seats.len() != SEATS {
            return Err(SessionError::Store(StoreError::Corrupt {
                id: "new".into(),
                message: format!(
                    "a werewolf table has {SEATS} seats, not {}",
                    self.seats.len()
                ),
            }));
        }
        let game = self.game(seed);
        let id = super::new_id();
        let agents = self.agents(&id, seed, kit);
        let new = NewSession {
            id,
            game: "werewolf".into(),
            surface: place.surface.clone(),
            community: place.community.clone(),
            channel: place.channel.clone(),
            config: serde_json::to_value(self).expect("a setup serializes"),
            seed,
            status: "running".into(),
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, spec)| NewSeat {
                    seat: i as u8 + 1,
                    player: spec.player_ref(),
                    agent: spec.agent_label(),
                })
                .collect(),
        };
        let options = Options {
            timers: self.timers.clone(),
            step_delay,
        };
        Runner::create(store, new, game, agents, options).await
    }

    /// Reads the setup stored with a session.
    pub fn from_row(row: &SessionRow) -> Result<Setup, StoreError> {
        serde_json::from_value(row.config.clone()).map_err(|e| StoreError::Corrupt {
            id: row.id.clone(),
            message: format!("werewolf setup: {e}"),
        })
    }
}

/// Takes over a stored werewolf session and replays it, ready to start again.
pub async fn resume(
    store: Store,
    row: &SessionRow,
    step_delay: Duration,
    kit: &AgentKit,
) -> Result<Runner<Game>, SessionError> {
    let setup = Setup::from_row(row)?;
    let game = setup.game(row.seed);
    let agents = setup.agents(&row.id, row.seed, kit);
    let options = Options {
        timers: setup.timers.clone(),
        step_delay,
    };
    Runner::resume(store, row, game, agents, options).await
}

/// Rebuilds a stored werewolf game from its log (the pure rules replayed, no agents): for
/// reviews once a game is over, such as the scorecard's GPP breakdown.
pub async fn rebuild(store: &Store, id: &str) -> Result<Game, SessionError> {
    let row = store.session(id).await?;
    let setup = Setup::from_row(&row)?;
    let mut game = setup.game(row.seed);
    for input in store.inputs(id).await? {
        let fail = |reason: String| SessionError::Replay {
            id: id.to_string(),
            n: input.n,
            reason,
        };
        let result = if input.payload.is_null() {
            game.timeout(input.seat)
        } else {
            let action: Action = serde_json::from_value(input.payload.clone())
                .map_err(|e| fail(format!("unreadable action: {e}")))?;
            game.act(input.seat, action)
        };
        result.map_err(|e| fail(e.to_string()))?;
    }
    Ok(game)
}
