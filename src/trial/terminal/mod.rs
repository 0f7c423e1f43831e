//! A trial at the terminal: played from one player's seat, or watched. The case, what is
//! said to each juror and their answers, the evidence, deliberation and the verdict are
//! told line by line (the same lines `agora replay` prints). A player types
//! `<juror>: <message>` (a juror by name or id), `evidence <card>`, `jurors`, `cards`,
//! `rest` (done arguing), `verdict` (end the argument now), `quit` (leave; the trial is
//! saved) or `abandon` (twice: end it). [`TrialScreen`] is the game's part of the shared
//! [`follow`](crate::terminal::follow) loop; at the end the chart of the jurors' stances is written
//! to a file.

use crate::terminal::follow::{out, Flow, Screen, Words};
use crate::terminal::Typed;
use agora_core::session::{Note, SessionHandle};
use agora_core::store::{Outcome, Store};
use agora_core::trial::session::TrialSessionSetup;
use agora_core::trial::story::chart_png;
pub use agora_core::trial::story::TrialView;
use agora_games::trial::{Action, Ask, Event, Trial};
use agora_games::Lang;
use agora_games::{Audience, Game, Seat, Viewer};
use std::collections::BTreeMap;

const HELP: &str = "   Type `<juror>: <message>` to speak to a juror, `evidence <card>`, `jurors`, `cards`, `rest` (you are done), `verdict` (close the argument now), `quit` or `abandon`.";

/// A trial at the terminal, for [`follow`](crate::terminal::follow::follow): the player's seat
/// typed at this keyboard, or none to watch.
pub struct TrialScreen<'a> {
    human: Option<Seat>,
    view: &'a TrialView,
    /// The player's open ask (turns left per juror, cards not yet presented).
    argue: Option<Ask>,
    confirm: bool,
    told_help: bool,
}

impl<'a> TrialScreen<'a> {
    pub fn new(human: Option<Seat>, view: &'a TrialView) -> TrialScreen<'a> {
        TrialScreen {
            human,
            view,
            argue: None,
            confirm: false,
            told_help: false,
        }
    }
}

impl Screen for TrialScreen<'_> {
    type Game = Trial;
    fn words(&self) -> Words {
        Words::new(Lang::En, "trial")
    }

    fn viewer(&self) -> Viewer {
        self.human.map_or(Viewer::Public, Viewer::Seat)
    }

    fn reads_keyboard(&self) -> bool {
        self.human.is_some()
    }

    fn draft_line(&self, audience: Audience, event: &Event) -> Option<String> {
        self.view.line(event, audience, false)
    }

    async fn note(&mut self, _: &SessionHandle<Trial>, note: &Note<Trial>, _: bool) {
        match note {
            Note::Event { audience, event } => {
                // A hint is told from the side of the player answered: the player at this
                // keyboard is not shown another player's ("seems to agree with you").
                let event = match event {
                    Event::Replied {
                        juror,
                        player,
                        text,
                        hint: Some(_),
                    } if self.human.is_some_and(|h| h != *player) => Event::Replied {
                        juror: juror.clone(),
                        player: *player,
                        text: text.clone(),
                        hint: None,
                    },
                    e => e.clone(),
                };
                if let Some(l) = self.view.line(&event, *audience, false) {
                    out(&l);
                }
            }
            Note::Ask { seat, ask, .. } if Some(*seat) == self.human => {
                if !self.told_help {
                    out(HELP);
                    self.told_help = true;
                }
                self.argue = Some(ask.clone());
            }
            _ => {}
        }
    }

    async fn typed(&mut self, handle: &SessionHandle<Trial>, typed: &Typed) -> Flow {
        let Some(seat) = self.human else {
            return Flow::Stay;
        };
        let view = self.view;
        let text = typed.text.trim();
        let word = text.to_ascii_lowercase();
        if word != "abandon" {
            self.confirm = false;
        }
        let action = match word.as_str() {
            "" => return Flow::Stay,
            "quit" => return Flow::Quit,
            "abandon" if !self.confirm => {
                self.confirm = true;
                out("   Type abandon again to be sure; anything else goes on.");
                return Flow::Stay;
            }
            "abandon" => return Flow::Abandon,
            "help" | "?" => {
                out(HELP);
                return Flow::Stay;
            }
            "jurors" => {
                let left = match &self.argue {
                    Some(Ask::Argue { turns_left, .. }) => turns_left.clone(),
                    _ => BTreeMap::new(),
                };
                for (id, (name, occupation, _)) in &view.jurors {
                    out(&format!(
                        "   {name} ({occupation}){}",
                        left.get(id)
                            .map_or(String::new(), |n| format!(": {n} messages left"))
                    ));
                }
                return Flow::Stay;
            }
            "cards" => {
                let open = match &self.argue {
                    Some(Ask::Argue { cards, .. }) => cards.clone(),
                    _ => Vec::new(),
                };
                for e in &view.case.evidence {
                    let state = if open.contains(&e.id) {
                        ""
                    } else {
                        " (presented)"
                    };
                    out(&format!("   {} — {}{state}", e.id, e.title));
                    out(&format!("      {}", e.text));
                }
                return Flow::Stay;
            }
            "rest" => Action::Rest,
            "verdict" => Action::CallVerdict,
            _ if word.starts_with("evidence ") => match view.find_card(&text[9..]) {
                Some(card) => Action::Present { card },
                None => {
                    out("   No such card: type `cards` to see them.");
                    return Flow::Stay;
                }
            },
            _ => match text.split_once(':') {
                Some((who, said)) => match view.find_juror(who) {
                    Some(juror) => Action::Say {
                        juror,
                        text: said.trim().to_string(),
                    },
                    None => {
                        out(&format!(
                            "   No juror called {:?}: type `jurors` to see them.",
                            who.trim()
                        ));
                        return Flow::Stay;
                    }
                },
                None => {
                    out(HELP);
                    return Flow::Stay;
                }
            },
        };
        if let Err(e) = handle.submit(seat, action, None).await {
            out(&format!("   Not taken: {e}."));
        }
        Flow::Stay
    }

    /// The chart of the jurors' stances, written beside the other temporary files.
    async fn finished(&self, store: &Store, id: &str, _: &Outcome) -> anyhow::Result<()> {
        let game = agora_core::session::rebuild::<TrialSessionSetup>(store, id).await?;
        if let Some(png) = chart_png(self.view, &game) {
            let path = std::env::temp_dir().join(format!("agora-trial-{id}.png"));
            std::fs::write(&path, png)?;
            println!("Chart: {}", path.display());
        }
        if game.outcome().is_none() {
            println!("The trial ended unfinished.");
        }
        Ok(())
    }
}
