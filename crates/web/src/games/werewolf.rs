//! Werewolf's page: the game as the table saw it (the public lines), or as one seat saw
//! it (`?seat=N`: its own private lines and the public ones, nothing of another seat's),
//! then, after the end, the reveal: every role and every night action.

use super::{body, public, GameView, Section, Stories};

pub struct WerewolfView;

impl GameView for WerewolfView {
    fn sections(&self, stories: &Stories) -> Vec<Section> {
        let first = match &stories.seat {
            Some((seat, story)) => Section {
                title: format!("As seat {seat} saw it"),
                note: format!(
                    "Only what seat {seat} was shown during the game: the table's lines and its own private ones."
                ),
                lines: body(story).map(str::to_string).collect(),
            },
            None => Section {
                title: "The game as the table saw it".into(),
                note: "The speeches, votes and deaths everyone saw.".into(),
                lines: public(&stories.whole),
            },
        };
        let reveal = Section {
            title: "After the end: every role and night action".into(),
            note: "Revealed now the game is over; a line in brackets says who saw it at the time."
                .into(),
            lines: body(&stories.whole).map(str::to_string).collect(),
        };
        vec![first, reveal]
    }
    fn per_seat(&self) -> bool {
        true
    }
}
