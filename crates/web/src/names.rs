//! Names on the community page: a person by their stored name, unless they asked to be
//! hidden (`/privacy web:off`), then as "Player" and a short code that stays the same
//! everywhere (and no link or id that would tell who they are; `玩家` and the same code on a
//! Chinese page); an AI player as its game's tables showed it (`AI · Logical`), never by
//! its internal id.

use agora_core::registry::stats::ContentPersonas;
use agora_core::stats::names::{hidden_name_in, shown_name_in};
use agora_games::Lang;
use std::collections::HashSet;

/// How players are named on the page (an AI player in the page's language).
pub struct Names {
    hidden: HashSet<String>,
    personas: ContentPersonas,
    lang: Lang,
}

/// A player as the page shows them.
#[derive(Debug, Clone, PartialEq)]
pub struct Shown {
    pub name: String,
    /// The player's id for links and JSON; `None` for a person who hid their name.
    pub id: Option<String>,
    pub ai: bool,
}

impl Names {
    pub fn new(hidden: HashSet<String>) -> Names {
        Names {
            hidden,
            personas: ContentPersonas::from_env(),
            lang: Lang::En,
        }
    }

    /// The same names, AI players named in `lang`.
    pub fn speaking(self, lang: Lang) -> Names {
        Names { lang, ..self }
    }

    /// Whether `player` hid their name.
    pub fn is_hidden(&self, player: &str) -> bool {
        self.hidden.contains(player)
    }

    /// `player` (stored as `stored`) as the page shows them.
    pub fn shown(&self, player: &str, stored: &str) -> Shown {
        let ai = player.starts_with("ai:");
        if !ai && self.is_hidden(player) {
            return Shown {
                name: hidden_name_in(player, self.lang),
                id: None,
                ai,
            };
        }
        Shown {
            name: shown_name_in(player, stored, &self.personas, self.lang),
            id: Some(player.to_string()),
            ai,
        }
    }

    /// `text` with the stored names of hidden players (`(player, stored name)`) replaced
    /// by their codes: a game's story names its people.
    pub fn scrub(&self, text: &str, seated: &[(String, String)]) -> String {
        let mut out = text.to_string();
        for (player, stored) in seated {
            if self.is_hidden(player) && stored.chars().count() >= 2 {
                out = out.replace(stored.as_str(), &hidden_name_in(player, self.lang));
            }
        }
        out
    }
}

pub use agora_core::stats::names::hidden_name;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hidden_person_is_a_code_and_no_id_everywhere() {
        let names = Names::new(["discord:42".to_string()].into_iter().collect());
        let shown = names.shown("discord:42", "Ana");
        assert!(shown.name.starts_with("Player "), "{shown:?}");
        assert_eq!(shown.name.len(), "Player abcd".len());
        assert_eq!(shown.id, None);
        assert_eq!(names.shown("discord:42", "Ana").name, shown.name);
        assert_eq!(names.shown("discord:7", "Bo").name, "Bo");
        let said = names.scrub("P1 (Ana) opens.", &[("discord:42".into(), "Ana".into())]);
        assert_eq!(said, format!("P1 ({}) opens.", shown.name));
        assert_eq!(
            names.shown("ai:heuristic@0.1.0", "heuristic 0.1.0").name,
            "AI · built-in player"
        );
    }
}
