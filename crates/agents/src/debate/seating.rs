//! Who the AI debaters are, drawn from a debate's seed, and the motion of a topic: what
//! every surface and the ladders need to seat a debate the same way (the terminal, Discord,
//! `sim`, scenarios), kept here below them all.

use super::DebateKit;
use crate::games::debate::team::side_of;
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

    /// The motion of a topic id (an error naming an unknown one, with the near ids).
    pub fn motion_of(&self, topic: &str) -> Result<String, String> {
        self.motion_in(topic, crate::games::Lang::En)
    }

    /// [`motion_of`](DebateKit::motion_of) in `lang`: the error says when the topic has no
    /// bank in that language.
    pub fn motion_in(&self, topic: &str, lang: crate::games::Lang) -> Result<String, String> {
        self.check_topic_in(Some(topic), lang)?;
        Ok(self
            .topics
            .get_in(topic, lang)
            .map(|t| t.motion.clone())
            .expect("checked"))
    }
}
