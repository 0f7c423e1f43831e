//! Outside AI agents over HTTP (the competition protocol; see werewolf-rules.md, "AI agent
//! protocol").
//!
//! For each decision the seat POSTs its `game_state` (built from its own
//! [`SeatMemory`]: what the seat knows and nothing more) and reads a `decision`:
//!
//! ```json
//! {"natural_speech": "...", "vote_target": 5, "skill_target": 1, "witch_action": "save",
//!  "reasoning_steps": ["..."], "suspicion_scores": {"3": 0.8}}
//! ```
//!
//! Speeches use `natural_speech`; votes `vote_target` (null: abstain); the wolves' pick,
//! the seer's check and the hunter's shot `skill_target` (null: decline). The witch uses
//! `witch_action` (`save`, `poison` with `skill_target`, or `pass`); without it a
//! `skill_target` equal to the attacked seat saves, another seat poisons, null passes. A
//! timeout (default 10 s), an HTTP error, malformed JSON or an invalid target is an
//! abstention: the rules' default applies, and the fault is recorded in the input's note.

use super::fit_speech;
use super::memory::SeatMemory;
use crate::games::werewolf::{Action, Ask, AskKind, Event, Game, Seat};
use crate::llm::prompts::strip_control;
use crate::session::{Agent, Answer, Decision};
use crate::store::now_ms;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Reads an agent's `decision` for `ask`. The error names what was wrong.
pub fn decision_to_action(decision: &Value, ask: &Ask) -> Result<Action, String> {
    if !decision.is_object() {
        return Err("the decision must be a JSON object".into());
    }
    let seat_field = |field: &str| -> Result<Option<Seat>, String> {
        match &decision[field] {
            Value::Null => Ok(None),
            Value::Number(n) => {
                let t = n
                    .as_u64()
                    .filter(|t| (1..=9).contains(t))
                    .ok_or_else(|| format!("{field} {n} is not a seat"))?
                    as Seat;
                if ask.targets.contains(t) {
                    Ok(Some(t))
                } else {
                    Err(format!(
                        "{field} {t} is not a valid target (valid: {})",
                        ask.targets
                    ))
                }
            }
            other => Err(format!(
                "{field} must be a seat number or null, not {other}"
            )),
        }
    };
    Ok(match ask.kind {
        AskKind::Speech | AskKind::PkSpeech | AskKind::LastWords => {
            let text = decision["natural_speech"]
                .as_str()
                .ok_or("natural_speech must be a string")?;
            Action::Speak {
                text: fit_speech(strip_control(text).trim(), ask.max_chars as usize),
            }
        }
        AskKind::Vote | AskKind::PkVote => match seat_field("vote_target")? {
            Some(t) => Action::Vote { target: t },
            None => Action::Abstain,
        },
        AskKind::WolfPick => Action::Kill {
            target: seat_field("skill_target")?.ok_or("skill_target is required")?,
        },
        AskKind::SeerCheck => Action::Check {
            target: seat_field("skill_target")?.ok_or("skill_target is required")?,
        },
        AskKind::HunterShot => match seat_field("skill_target")? {
            Some(t) => Action::Shoot { target: t },
            None => Action::Decline,
        },
        AskKind::Witch => {
            let raw = decision["skill_target"].as_u64().map(|t| t as Seat);
            match decision["witch_action"].as_str() {
                Some("save") => Action::Save,
                Some("pass") => Action::Pass,
                Some("poison") => Action::Poison {
                    target: seat_field("skill_target")?.ok_or("poison needs skill_target")?,
                },
                Some(other) => {
                    return Err(format!(
                        "witch_action {other:?} is not save, poison or pass"
                    ))
                }
                None if raw.is_some() && raw == ask.attacked && ask.can_save => Action::Save,
                None => match seat_field("skill_target")? {
                    Some(t) => Action::Poison { target: t },
                    None => Action::Pass,
                },
            }
        }
    })
}

/// A seat played by an HTTP endpoint.
pub struct RemoteSeat {
    memory: SeatMemory,
    url: String,
    game_id: String,
    http: reqwest::Client,
    timeout: Duration,
}

impl RemoteSeat {
    pub fn new(seat: Seat, url: &str, game_id: &str, timeout: Duration) -> RemoteSeat {
        RemoteSeat {
            memory: SeatMemory::new(seat),
            url: url.to_string(),
            game_id: game_id.to_string(),
            http: reqwest::Client::new(),
            timeout,
        }
    }

    /// This game's rules options, sent in every `game_state` (default: the default rules).
    pub fn with_rules(mut self, rules: &crate::games::werewolf::Rules) -> RemoteSeat {
        self.memory.rules = rules.into();
        self
    }

    /// The `game_state` this seat would send for `ask` now.
    pub fn game_state(&self, ask: &Ask) -> Value {
        self.memory.game_state(
            &self.game_id,
            ask,
            now_ms() + self.timeout.as_millis() as i64,
        )
    }
}

/// POSTs `state` and reads the decision, within `timeout`.
async fn call(
    http: &reqwest::Client,
    url: &str,
    state: &Value,
    timeout: Duration,
) -> Result<Value, (String, String)> {
    let fault = |e: reqwest::Error| {
        if e.is_timeout() {
            (
                "timeout".to_string(),
                format!("no answer within {timeout:?}"),
            )
        } else {
            ("transport".to_string(), e.without_url().to_string())
        }
    };
    let response = http
        .post(url)
        .json(state)
        .timeout(timeout)
        .send()
        .await
        .map_err(fault)?;
    let status = response.status();
    if !status.is_success() {
        return Err(("http_error".into(), format!("HTTP {}", status.as_u16())));
    }
    let text = response.text().await.map_err(fault)?;
    serde_json::from_str(&text).map_err(|e| ("malformed_json".into(), e.to_string()))
}

impl Agent<Game> for RemoteSeat {
    fn observe(&mut self, event: &Event) {
        self.memory.observe(event);
    }

    fn decide(&mut self, ask: &Ask) -> Decision<Action> {
        let state = self.game_state(ask);
        let day = self.memory.day.max(1);
        let (http, url, timeout, ask) = (self.http.clone(), self.url.clone(), self.timeout, *ask);
        Decision::Later(Box::pin(async move {
            let started = Instant::now();
            let mut note = json!({"agent": "remote", "day": day});
            let action = match call(&http, &url, &state, timeout).await {
                Ok(decision) => {
                    if let Some(steps) = decision.get("reasoning_steps") {
                        note["reasoning_steps"] = steps.clone();
                    }
                    if let Some(scores) = decision.get("suspicion_scores") {
                        note["suspicion_scores"] = scores.clone();
                    }
                    match decision_to_action(&decision, &ask) {
                        Ok(a) => Some(a),
                        Err(error) => {
                            note["faults"] = json!([{"kind": "invalid_decision", "error": error}]);
                            None
                        }
                    }
                }
                Err((kind, error)) => {
                    note["faults"] = json!([{"kind": kind, "error": error}]);
                    None
                }
            };
            if action.is_none() {
                note["fallback"] = json!("abstain");
            }
            note["ms"] = json!(started.elapsed().as_millis() as u64);
            Answer {
                action,
                note: Some(note),
            }
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(kind: AskKind) -> Ask {
        Ask {
            seat: 6,
            kind,
            targets: [1, 2, 3].into_iter().collect(),
            attacked: Some(2),
            can_save: true,
            max_chars: 30,
            seq: 9,
        }
    }

    #[test]
    fn decisions_map_to_actions_or_say_why_not() {
        let d = json!({"vote_target": 3});
        assert_eq!(
            decision_to_action(&d, &ask(AskKind::Vote)),
            Ok(Action::Vote { target: 3 })
        );
        let d = json!({"vote_target": null});
        assert_eq!(
            decision_to_action(&d, &ask(AskKind::PkVote)),
            Ok(Action::Abstain)
        );
        let d = json!({"skill_target": 7});
        assert!(decision_to_action(&d, &ask(AskKind::SeerCheck))
            .unwrap_err()
            .contains("not a valid target"));
        let d = json!({"skill_target": 2});
        assert_eq!(
            decision_to_action(&d, &ask(AskKind::Witch)),
            Ok(Action::Save)
        );
        let d = json!({"skill_target": 3});
        assert_eq!(
            decision_to_action(&d, &ask(AskKind::Witch)),
            Ok(Action::Poison { target: 3 })
        );
        let d = json!({"witch_action": "pass", "skill_target": 3});
        assert_eq!(
            decision_to_action(&d, &ask(AskKind::Witch)),
            Ok(Action::Pass)
        );
        let d = json!({"natural_speech": "Seat 3 is a wolf. Trust me on this one, friends."});
        assert_eq!(
            decision_to_action(&d, &ask(AskKind::Speech)),
            Ok(Action::Speak {
                text: "Seat 3 is a wolf.".into()
            })
        );
        assert!(decision_to_action(&json!([1]), &ask(AskKind::Vote)).is_err());
    }
}
