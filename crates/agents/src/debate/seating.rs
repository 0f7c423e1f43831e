//! Who the AI debaters are, drawn from a debate's seed, and the motion of a topic: what
//! every surface and the ladders need to seat a debate the same way (the terminal, Discord,
//! `sim`, scenarios), kept here below them all.

use super::DebateKit;
use crate::games::debate::team::side_of;
use crate::games::Lang;
use crate::games::Seat;

impl DebateKit {
    /// The personality of the AI debater in team-debate `seat`, from the debate's seed: the
    /// kit's personalities in turn, each team's four different when there are four or
    /// more, the same seed always the same.
    pub fn team_personality(&self, seed: u64, seat: Seat) -> String {
        let ids: Vec<&str> = self.personalities.ids().collect();
        let n = ids.len().max(1);
        let start = (seed % n as u64) as usize;
        let position = (seat as usize - 1) % 4;
        let offset = if side_of(seat).is_some_and(|s| s.index() == 1) {
            2
        } else {
            0
        };
        ids.get((start + position + offset) % n)
            .map_or_else(|| "logical".to_string(), |s| s.to_string())
    }

    /// The personality of participant `seat` of a moderated or social debate: the kit's
    /// personalities in turn from a seeded start.
    pub fn panel_personality(&self, seed: u64, seat: Seat) -> String {
        let ids: Vec<&str> = self.personalities.ids().collect();
        let n = ids.len().max(1) as u64;
        ids.get(((seed + seat as u64) % n) as usize)
            .map_or_else(|| "logical".to_string(), |s| s.to_string())
    }

    /// Whether a debate may be started on `topic`: a known topic id, or a typed motion
    /// (`None`) when both sides' debaters have a model. The error says why not.
    pub fn check_topic(&self, topic: Option<&str>) -> Result<(), String> {
        self.check_topic_in(topic, Lang::En)
    }

    /// [`check_topic`](DebateKit::check_topic) for a debate in `lang`: the topic must have
    /// a bank in that language.
    pub fn check_topic_in(&self, topic: Option<&str>, lang: Lang) -> Result<(), String> {
        match topic {
            Some(id) if self.topics.get_in(id, lang).is_some() => Ok(()),
            Some(id) if self.topics.get(id).is_some() => {
                let with: Vec<&str> = self
                    .topics
                    .ids()
                    .filter(|t| self.topics.get_in(t, lang).is_some())
                    .collect();
                Err(format!(
                    "the topic {id:?} has no {} argument bank (its languages: {}; topics in {}: {})",
                    lang.code(),
                    self.topics
                        .langs(id)
                        .iter()
                        .map(|l| l.code())
                        .collect::<Vec<_>>()
                        .join(", "),
                    lang.code(),
                    with.join(", ")
                ))
            }
            Some(id) => {
                let near: Vec<&str> = self
                    .topics
                    .search(id.get(..3.min(id.len())).unwrap_or(""))
                    .into_iter()
                    .map(|(id, _)| id)
                    .take(5)
                    .collect();
                Err(format!(
                    "there is no topic {id:?}{}",
                    if near.is_empty() {
                        format!(
                            " (topics: {})",
                            self.topics.ids().collect::<Vec<_>>().join(", ")
                        )
                    } else {
                        format!(" (did you mean {}?)", near.join(", "))
                    }
                ))
            }
            None if self.pro.is_some() && self.con.is_some() => Ok(()),
            None => Err(
                "a motion of your own needs a language model for the debaters (set LLM_API_KEY); offline, pick one of the topics"
                    .into(),
            ),
        }
    }

    /// The motion of a topic id (an error naming an unknown one, with the near ids).
    pub fn motion_of(&self, topic: &str) -> Result<String, String> {
        self.motion_in(topic, Lang::En)
    }

    /// [`motion_of`](DebateKit::motion_of) in `lang`: the error says when the topic has no
    /// bank in that language.
    pub fn motion_in(&self, topic: &str, lang: Lang) -> Result<String, String> {
        self.check_topic_in(Some(topic), lang)?;
        Ok(self
            .topics
            .get_in(topic, lang)
            .map(|t| t.motion.clone())
            .expect("checked"))
    }
}
