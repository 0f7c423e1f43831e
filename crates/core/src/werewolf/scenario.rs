//! Werewolf scenarios: a fixed deal of a board's roles, every decision scripted, replayed
//! exactly and summed up as one JSON [`Report`]. The file: `{"board": id (default
//! "seed9"), "roles": [one role name a seat], "config": {rule overrides}, "seed": n,
//! "actions": [...]}` (`"game": "werewolf"` is optional: the files without `"game"` are
//! werewolf's), each action `{"seat": 1, "do": "kill", "target": 4}` or
//! `{"timeout": true}`. The verbs are the terminal's (see the README). With `"people":
//! [seats]` the AFK rules apply to those seats (`"afk"`: `takeover`, `idle`, `nothing`),
//! with the steps `{"miss": seat}`, `{"leave": seat}` and `{"back": seat}`
//! (see `scenario_afk.rs`).

use super::scenario_afk::{People, SeatsReport};
use crate::games::werewolf::{Action, Board, Logged, Role, Rules, Seat, Werewolf};
use crate::scenario::{Rejected, ScenarioError};
use crate::session::afk::AfkMode;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::sync::Arc;

#[derive(Debug, Deserialize)]
struct ScenarioFile {
    #[serde(default)]
    board: Option<String>,
    roles: Vec<String>,
    #[serde(default)]
    config: Map<String, Value>,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    actions: Vec<Value>,
    /// The seats people play (the AFK rules apply to them).
    #[serde(default)]
    people: Vec<Seat>,
    #[serde(default)]
    afk: AfkMode,
}

/// The result printed by `agora scenario`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Report {
    pub winner: Option<String>,
    pub day: u32,
    pub phase: String,
    pub dead: Vec<Seat>,
    pub gpp: BTreeMap<String, i32>,
    pub rejected: Vec<Rejected>,
    pub log: Vec<Logged>,
    /// The people's seats (`seats`, `strikes`, `handed`, `left`), when the file names them.
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub people: Option<SeatsReport>,
}

/// GPP keyed by seat number as a string ("1".."9"), as the JSON outputs print it.
pub fn gpp_by_seat(gpp: &[i32]) -> BTreeMap<String, i32> {
    gpp.iter()
        .enumerate()
        .map(|(i, p)| ((i + 1).to_string(), *p))
        .collect()
}

/// One scripted step.
enum Step {
    Act(Seat, Action),
    Timeout,
    /// The seat's deadline passes (`unreached`: its ask never reached the person).
    Miss(Seat, bool),
    Leave(Seat),
    Back(Seat),
}

/// The seat a step names under `key`, if it has that key.
fn seat_at(obj: &Map<String, Value>, key: &str) -> Option<Result<Seat, String>> {
    let v = obj.get(key)?;
    Some(
        v.as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .ok_or_else(|| format!("\"{key}\" needs a seat number, not {v}")),
    )
}

fn parse_step(v: &Value) -> Result<Step, String> {
    let obj = v.as_object().ok_or(
        "an action must be a JSON object like {\"seat\": 1, \"do\": \"kill\", \"target\": 4}",
    )?;
    if obj.get("timeout").and_then(Value::as_bool) == Some(true) {
        return Ok(Step::Timeout);
    }
    if let Some(seat) = seat_at(obj, "miss") {
        let unreached = obj.get("unreached").and_then(Value::as_bool) == Some(true);
        return Ok(Step::Miss(seat?, unreached));
    }
    if let Some(seat) = seat_at(obj, "leave") {
        return Ok(Step::Leave(seat?));
    }
    if let Some(seat) = seat_at(obj, "back") {
        return Ok(Step::Back(seat?));
    }
    let seat = obj
        .get("seat")
        .and_then(Value::as_u64)
        .ok_or("missing \"seat\" (a number from 1 to 9)")?;
    let seat = u8::try_from(seat).map_err(|_| format!("there is no seat {seat}"))?;
    let what = obj.get("do").and_then(Value::as_str).ok_or(
        "missing \"do\" (kill, save, poison, pass, check, shoot, decline, speak, vote, abstain, guard, run, withdraw, badge, tear, order, call, explode)",
    )?;
    let target = || -> Result<Seat, String> {
        let t = obj
            .get("target")
            .and_then(Value::as_u64)
            .ok_or_else(|| format!("\"{what}\" needs a \"target\" seat"))?;
        u8::try_from(t).map_err(|_| format!("there is no seat {t}"))
    };
    let action = match what {
        "kill" => Action::Kill { target: target()? },
        "save" => Action::Save,
        "poison" => Action::Poison { target: target()? },
        "pass" => Action::Pass,
        "check" => Action::Check { target: target()? },
        "shoot" => Action::Shoot { target: target()? },
        "decline" => Action::Decline,
        "speak" => Action::Speak {
            text: obj
                .get("text")
                .and_then(Value::as_str)
                .ok_or("\"speak\" needs a \"text\"")?
                .to_string(),
        },
        "vote" => Action::Vote { target: target()? },
        "abstain" => Action::Abstain,
        "guard" => Action::Guard { target: target()? },
        "run" => Action::Run,
        "withdraw" => Action::Withdraw,
        "badge" => Action::Badge { target: target()? },
        "tear" => Action::Tear,
        "call" => Action::Call { target: target()? },
        "order" | "up" | "down" => Action::Order {
            up: match (what, obj.get("direction").and_then(Value::as_str)) {
                ("up", _) | ("order", Some("up")) => true,
                ("down", _) | ("order", Some("down")) => false,
                _ => return Err("\"order\" needs a \"direction\": \"up\" or \"down\"".into()),
            },
        },
        "explode" => Action::Explode {
            target: match obj.get("target") {
                None | Some(Value::Null) => None,
                Some(_) => Some(target()?),
            },
        },
        other => return Err(format!(
            "unknown action \"{other}\" (allowed: kill, save, poison, pass, check, shoot, decline, speak, vote, abstain, guard, run, withdraw, badge, tear, order, call, explode)"
        )),
    };
    Ok(Step::Act(seat, action))
}

/// Merges the scenario's `config` object over `base` (unknown keys are an error).
pub fn rules_with(base: &Rules, overrides: &Map<String, Value>) -> Result<Rules, String> {
    let mut merged = serde_json::to_value(base).map_err(|e| e.to_string())?;
    let mut gpp = serde_json::to_value(&base.gpp).map_err(|e| e.to_string())?;
    for (k, v) in overrides {
        if k == "gpp" {
            let Some(rows) = v.as_object() else {
                return Err("gpp must be an object of table rows".into());
            };
            for (row, val) in rows {
                gpp[row] = val.clone();
            }
        } else {
            merged[k] = v.clone();
        }
    }
    let mut rules: Rules = serde_json::from_value(merged).map_err(|e| e.to_string())?;
    rules.gpp = serde_json::from_value(gpp).map_err(|e| format!("gpp: {e}"))?;
    rules.validate()?;
    Ok(rules)
}

/// Runs a scenario given as JSON text over the `base` rules.
pub fn run(text: &str, base: &Rules) -> Result<Report, ScenarioError> {
    let file: ScenarioFile = serde_json::from_str(text)?;
    let board = match &file.board {
        None => Board::seed9(),
        Some(id) => crate::agents::werewolf::boards::find(id)
            .map_err(|e| ScenarioError::Roles(format!("board: {e}")))?,
    };
    let default = board.id == Board::seed9().id;
    let n = board.seats as usize;
    if file.roles.len() != n {
        return Err(ScenarioError::Roles(format!(
            "{} roles given, {n} needed",
            file.roles.len()
        )));
    }
    let mut roles = Vec::with_capacity(n);
    for (i, name) in file.roles.iter().enumerate() {
        let role = Role::parse(name).filter(|r| board.has(*r)).ok_or_else(|| {
            let allowed: Vec<&str> = Role::DEAL_ORDER
                .iter()
                .filter(|r| board.has(**r))
                .map(|r| r.name())
                .collect();
            ScenarioError::Roles(format!(
                "roles[{i}] = \"{name}\": allowed are {}",
                allowed.join(", ")
            ))
        })?;
        roles.push(role);
    }
    let mut sorted = roles.clone();
    sorted.sort();
    let mut deck = board.deck();
    deck.sort();
    if sorted != deck {
        let counts: Vec<String> = board
            .counts
            .iter()
            .map(|(r, c)| format!("{c} {}", r.name()))
            .collect();
        return Err(ScenarioError::Roles(if default {
            "the deal must be 3 werewolf, 3 villager, 1 seer, 1 witch, 1 hunter".into()
        } else {
            format!("the {} deal must be {}", board.id, counts.join(", "))
        }));
    }
    let rules = rules_with(base, &file.config).map_err(ScenarioError::Config)?;
    let mut game = Werewolf::with_deal(Arc::new(rules), board, &roles, file.seed);
    if let Some(bad) = file.people.iter().find(|&&s| s == 0 || s as usize > n) {
        return Err(ScenarioError::Config(format!(
            "people: there is no seat {bad}"
        )));
    }
    let mut people =
        (!file.people.is_empty()).then(|| People::new(&game, &file.people, file.afk, file.seed));
    let mut rejected = Vec::new();
    for (index, raw) in file.actions.iter().enumerate() {
        let result = match parse_step(raw) {
            Err(reason) => Err(reason),
            Ok(_) if game.is_over() => Err("the game is over".to_string()),
            Ok(Step::Timeout) => {
                if let Some(p) = &mut people {
                    for ask in game.asks() {
                        p.missed(ask.seat, false);
                    }
                }
                game.timeout_all();
                Ok(())
            }
            Ok(Step::Miss(seat, unreached)) => match game.ask_for(seat) {
                None => Err(format!("seat {seat} has nothing to miss now")),
                Some(_) => {
                    if let Some(p) = &mut people {
                        p.missed(seat, unreached);
                    }
                    game.timeout(seat).map_err(|e| e.to_string())
                }
            },
            Ok(Step::Leave(seat) | Step::Back(seat)) if people.is_none() => Err(format!(
                "seat {seat} is not a person's: name the people's seats in \"people\""
            )),
            Ok(Step::Leave(seat)) => people
                .as_mut()
                .expect("checked")
                .hands(&mut game, index, seat, false),
            Ok(Step::Back(seat)) => people
                .as_mut()
                .expect("checked")
                .hands(&mut game, index, seat, true),
            Ok(Step::Act(seat, action)) => match people.as_ref().and_then(|p| p.refuses(seat)) {
                Some(reason) => Err(reason),
                None => {
                    let aside = crate::games::Game::is_aside(&game, &action);
                    let done = game.act(seat, action).map_err(|e| e.to_string());
                    if let (Ok(()), Some(p), false) = (&done, &mut people, aside) {
                        p.acted(seat);
                    }
                    done
                }
            },
        };
        if let Err(reason) = result {
            rejected.push(Rejected { index, reason });
        }
        if let Some(p) = &mut people {
            p.settle(&mut game, index);
        }
    }
    Ok(Report {
        winner: game.winner().map(|w| w.name().to_string()),
        day: game.day(),
        phase: game.phase().name().to_string(),
        dead: game.deaths().to_vec(),
        gpp: gpp_by_seat(game.gpp()),
        rejected,
        log: game.log().to_vec(),
        people: people.map(|p| p.report(&game)),
    })
}
