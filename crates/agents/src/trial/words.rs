//! A juror's offline words (`content/trial/replies.toml`): a reaction to what a message
//! did, a line for the stance band the juror is in, and deliberation's openings and
//! responses. Lines are picked by the juror's turn, so a replayed trial says the same.

use crate::config::ConfigError;
use crate::games::trial::Band;
use serde::Deserialize;

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reaction {
    pub strong: Vec<String>,
    pub weak: Vec<String>,
    pub against: Vec<String>,
    pub none: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bands {
    pub strongly_guilty: Vec<String>,
    pub leans_guilty: Vec<String>,
    pub undecided: Vec<String>,
    pub leans_not_guilty: Vec<String>,
    pub strongly_not_guilty: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeliberationWords {
    pub opening: Vec<String>,
    /// A juror's reason citing a card presented: `{card}` its title, `{topic}` the topic
    /// the juror weighs most that the card bears on.
    pub cites: Vec<String>,
    /// A juror's reason when no card bearing on its topics was presented.
    pub uncited: Vec<String>,
    pub moved: Vec<String>,
    pub unmoved: Vec<String>,
}

/// The offline replies.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replies {
    pub reaction: Reaction,
    pub band: Bands,
    pub deliberation: DeliberationWords,
}

/// How a message struck the juror it was said to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Struck {
    /// Moved toward the speaker's side by at least [`STRONG`].
    Strong,
    Weak,
    /// Moved away from the speaker's side.
    Against,
    /// No topic found.
    Nothing,
}

/// The least move a juror reacts to as a strong point.
pub const STRONG: f64 = 8.0;

fn pick(lines: &[String], turn: usize) -> &str {
    lines
        .get(turn % lines.len().max(1))
        .map_or("", String::as_str)
}

impl Replies {
    pub fn parse(file: &str, text: &str) -> Result<Replies, ConfigError> {
        let invalid = |field: &str, message: String| ConfigError::Invalid {
            file: file.to_string(),
            field: field.to_string(),
            message,
        };
        let r: Replies = toml::from_str(text)
            .map_err(|e| invalid("(file)", e.to_string().replace('\n', " ")))?;
        let lists: [(&str, &Vec<String>); 14] = [
            ("reaction.strong", &r.reaction.strong),
            ("reaction.weak", &r.reaction.weak),
            ("reaction.against", &r.reaction.against),
            ("reaction.none", &r.reaction.none),
            ("band.strongly_guilty", &r.band.strongly_guilty),
            ("band.leans_guilty", &r.band.leans_guilty),
            ("band.undecided", &r.band.undecided),
            ("band.leans_not_guilty", &r.band.leans_not_guilty),
            ("band.strongly_not_guilty", &r.band.strongly_not_guilty),
            ("deliberation.opening", &r.deliberation.opening),
            ("deliberation.cites", &r.deliberation.cites),
            ("deliberation.uncited", &r.deliberation.uncited),
            ("deliberation.moved", &r.deliberation.moved),
            ("deliberation.unmoved", &r.deliberation.unmoved),
        ];
        for (field, list) in lists {
            if list.is_empty() || list.iter().any(|l| l.trim().is_empty()) {
                return Err(invalid(field, "needs at least one non-empty line".into()));
            }
        }
        Ok(r)
    }

    pub fn band(&self, band: Band) -> &[String] {
        match band {
            Band::StronglyGuilty => &self.band.strongly_guilty,
            Band::LeansGuilty => &self.band.leans_guilty,
            Band::Undecided => &self.band.undecided,
            Band::LeansNotGuilty => &self.band.leans_not_guilty,
            Band::StronglyNotGuilty => &self.band.strongly_not_guilty,
        }
    }

    /// A reply: the reaction (`topic` the main topic's name), then the band's line.
    pub fn reply(&self, struck: Struck, topic: Option<&str>, band: Band, turn: usize) -> String {
        let lines = match struck {
            Struck::Strong => &self.reaction.strong,
            Struck::Weak => &self.reaction.weak,
            Struck::Against => &self.reaction.against,
            Struck::Nothing => &self.reaction.none,
        };
        let topic = topic.unwrap_or("that");
        let reaction = capitalise(&pick(lines, turn).replace("{topic}", topic));
        format!("{reaction} {}", pick(self.band(band), turn))
    }

    /// A deliberation statement's opening line.
    pub fn opening(&self, turn: usize) -> &str {
        pick(&self.deliberation.opening, turn)
    }

    /// A deliberation reason citing `card` (a title) on `topic`, or, with no card, the
    /// juror's `topic` alone.
    pub fn reason(&self, card: Option<&str>, topic: &str, turn: usize) -> String {
        match card {
            Some(card) => capitalise(
                &pick(&self.deliberation.cites, turn)
                    .replace("{card}", card)
                    .replace("{topic}", topic),
            ),
            None => capitalise(&pick(&self.deliberation.uncited, turn).replace("{topic}", topic)),
        }
    }

    /// A listener's response to `speaker`'s statement.
    pub fn respond(&self, moved: bool, speaker: &str, band: Band, turn: usize) -> String {
        let lines = if moved {
            &self.deliberation.moved
        } else {
            &self.deliberation.unmoved
        };
        format!(
            "{} {}",
            pick(lines, turn).replace("{name}", speaker),
            pick(self.band(band), turn + 1)
        )
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
