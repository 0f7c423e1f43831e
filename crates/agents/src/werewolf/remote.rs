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
//! `skill_target` equal to the attacked seat saves, another seat poisons, null passes. Only
//! an explicit `null` abstains, declines or passes. A timeout (default 10 s), an HTTP error,
//! malformed JSON or an invalid decision (a missing or mistyped field, a target not listed,
//! an empty speech, a potion not offered) is a fault recorded in the input's note, and the
//! rules' default applies.
//!
//! `game_state.decision.kind` names the decision exactly as `game_state.ask.kind` does:
//! `wolf_pick`, `witch`, `seer_check`, `hunter_shot`, `speech`, `pk_speech`, `last_words`,
//! `vote`, `pk_vote`. (Earlier builds sent display names such as `"wolf pick"` there; agents
//! only ever read these names, so nothing needs to accept the old ones.)

use super::fit_speech;
use super::memory::SeatMemory;
use crate::games::werewolf::{Action, Ask, AskKind, Choice, Event, Seat, Werewolf};
use crate::llm::prompts::strip_control;
use crate::now_ms;
use crate::{Agent, Answer, Decision};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Reads an agent's `decision` for `ask`. The error names what was wrong. Only an explicit
/// `null` abstains, declines or passes; a missing field is an error, like an empty speech.
pub fn decision_to_action(decision: &Value, ask: &Ask) -> Result<Action, String> {
    let Some(obj) = decision.as_object() else {
        return Err("the decision must be a JSON object".into());
    };
    let seat_field = |field: &str| -> Result<Option<Seat>, String> {
        match obj.get(field) {
            None => Err(format!(
                "{field} is missing (valid: {}; null to pass where allowed)",
                ask.targets
            )),
            Some(Value::Null) => Ok(None),
            Some(Value::Number(n)) => {
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
            Some(other) => Err(format!(
                "{field} must be a seat number or null, not {other}"
            )),
        }
    };
    let required = |field: &str| -> Result<Seat, String> {
        seat_field(field)?.ok_or_else(|| {
            format!(
                "{field} is required for a {} (valid: {})",
                ask.kind.name(),
                ask.targets
            )
        })
    };
    let choice = match ask.kind {
        AskKind::Speech | AskKind::PkSpeech | AskKind::LastWords | AskKind::CampaignSpeech => {
            let text = match obj.get("natural_speech") {
                Some(Value::String(t)) => t,
                None => return Err("natural_speech is missing".into()),
                Some(other) => return Err(format!("natural_speech must be a string, not {other}")),
            };
            let text = strip_control(text);
            let text = text.trim();
            if text.is_empty() {
                return Err("natural_speech is empty".into());
            }
            Choice::Say(fit_speech(text, ask.max_chars as usize))
        }
        AskKind::Vote | AskKind::PkVote | AskKind::SheriffVote => {
            seat_field("vote_target")?.map_or(Choice::Nobody, Choice::Seat)
        }
        AskKind::WolfPick | AskKind::SeerCheck => Choice::Seat(required("skill_target")?),
        AskKind::HunterShot
        | AskKind::KingShot
        | AskKind::GuardPick
        | AskKind::BadgePass
        | AskKind::SheriffCall => seat_field("skill_target")?.map_or(Choice::Nobody, Choice::Seat),
        AskKind::SheriffRun => match obj.get("sheriff_run") {
            Some(Value::Bool(true)) => Choice::Run,
            Some(Value::Bool(false)) | None => Choice::Nobody,
            Some(other) => return Err(format!("sheriff_run must be true or false, not {other}")),
        },
        AskKind::SpeakingOrder => match obj.get("speaking_order").and_then(Value::as_str) {
            Some("up") | None => Choice::Order(true),
            Some("down") => Choice::Order(false),
            Some(other) => return Err(format!("speaking_order {other} is not \"up\" or \"down\"")),
        },
        AskKind::Witch => {
            let raw = obj.get("skill_target").and_then(Value::as_u64);
            match obj.get("witch_action") {
                Some(Value::String(a)) if a == "save" && ask.can_save => Choice::Save,
                Some(Value::String(a)) if a == "save" => {
                    return Err("the antidote is not available now".into())
                }
                Some(Value::String(a)) if a == "pass" => Choice::Nobody,
                Some(Value::String(a)) if a == "poison" => {
                    Choice::Poison(required("skill_target")?)
                }
                Some(other) => {
                    return Err(format!(
                        "witch_action {other} is not \"save\", \"poison\" or \"pass\""
                    ))
                }
                None if raw.is_some() && raw == ask.attacked.map(u64::from) && ask.can_save => {
                    Choice::Save
                }
                None => seat_field("skill_target")?.map_or(Choice::Nobody, Choice::Poison),
            }
        }
    };
    ask.action(choice).map_err(|e| e.to_string())
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

impl Agent<Werewolf> for RemoteSeat {
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
            no_abstain: false,
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

    /// Every invalid decision is an error (a recorded fault), never a silent abstention.
    #[test]
    fn invalid_decisions_are_errors_not_abstentions() {
        use AskKind::*;
        let cases = [
            (Vote, json!({}), "vote_target is missing"),
            (PkVote, json!({"skill_target": 1}), "vote_target is missing"),
            (Vote, json!({"vote_target": "3"}), "must be a seat number"),
            (Vote, json!({"vote_target": 5}), "not a valid target"),
            (Vote, json!({"vote_target": 12}), "not a seat"),
            (WolfPick, json!({}), "skill_target is missing"),
            (WolfPick, json!({"skill_target": null}), "required"),
            (
                SeerCheck,
                json!({"vote_target": 1}),
                "skill_target is missing",
            ),
            (HunterShot, json!({}), "skill_target is missing"),
            (
                HunterShot,
                json!({"skill_target": [1]}),
                "must be a seat number",
            ),
            (Speech, json!({}), "natural_speech is missing"),
            (Speech, json!({"natural_speech": ""}), "empty"),
            (
                LastWords,
                json!({"natural_speech": "  <|im_end|> "}),
                "empty",
            ),
            (
                PkSpeech,
                json!({"natural_speech": null}),
                "must be a string",
            ),
            (Witch, json!({}), "skill_target is missing"),
            (
                Witch,
                json!({"witch_action": "poison"}),
                "skill_target is missing",
            ),
            (
                Witch,
                json!({"witch_action": "poison", "skill_target": 7}),
                "not a valid target",
            ),
            (Witch, json!({"witch_action": "heal"}), "is not"),
            (Witch, json!({"witch_action": 1}), "is not"),
        ];
        for (kind, d, wanted) in cases {
            let e = decision_to_action(&d, &ask(kind)).unwrap_err();
            assert!(e.contains(wanted), "{kind:?} {d}: {e}");
        }
        let mut used = ask(Witch);
        used.can_save = false;
        assert!(decision_to_action(&json!({"witch_action": "save"}), &used).is_err());
        // Explicit nulls are decisions.
        assert_eq!(
            decision_to_action(&json!({"skill_target": null}), &ask(HunterShot)),
            Ok(Action::Decline)
        );
        assert_eq!(
            decision_to_action(&json!({"skill_target": null}), &ask(Witch)),
            Ok(Action::Pass)
        );
    }

    #[test]
    fn the_decision_kind_is_named_as_the_ask_kind() {
        use AskKind::*;
        for kind in [
            WolfPick, Witch, SeerCheck, HunterShot, Speech, PkSpeech, LastWords, Vote, PkVote,
        ] {
            let seat = RemoteSeat::new(6, "http://127.0.0.1:9/act", "g", Duration::from_secs(1));
            let state = seat.game_state(&ask(kind));
            assert_eq!(state["decision"]["kind"], state["ask"]["kind"], "{kind:?}");
            assert_eq!(state["decision"]["kind"], json!(kind), "{kind:?}");
        }
    }
}
