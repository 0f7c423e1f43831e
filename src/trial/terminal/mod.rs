//! A trial at the terminal: played from one player's seat, or watched, in the trial's
//! language. The case, what is said to each juror and their answers, the evidence,
//! deliberation and the verdict are told line by line (the same lines `agora replay`
//! prints). A player types `<juror>: <message>` (a juror by name or id), `evidence <card>`,
//! `jurors`, `cards`, `rest` (done arguing), `verdict` (end the argument now), `quit`
//! (leave; the trial is saved) or `abandon` (twice: end it), or the same in Chinese
//! ([`typing`]). [`TrialScreen`] is the game's part of the shared
//! [`follow`](crate::terminal::follow) loop; at the end the chart of the jurors' stances is
//! written to a file.

mod typing;

use crate::terminal::follow::{out, Flow, Screen, Words};
use crate::terminal::Typed;
use agora_core::session::{Note, SessionHandle};
use agora_core::store::{Outcome, Store};
use agora_core::trial::session::TrialSessionSetup;
use agora_core::trial::story::chart_png;
pub use agora_core::trial::story::TrialView;
use agora_games::trial::{Action, Ask, Event, Refusal, Trial, RESTED};
use agora_games::{Audience, Game, Lang, Localized, Seat, Viewer};
use std::collections::{BTreeMap, BTreeSet};
use typing::Command;

/// A trial at the terminal, for [`follow`](crate::terminal::follow::follow): the player's seat
/// typed at this keyboard, or none to watch.
pub struct TrialScreen<'a> {
    human: Option<Seat>,
    view: &'a TrialView,
    /// The player's open ask (turns left per juror, cards not yet presented); none while
    /// a move of theirs is being taken.
    argue: Option<Ask>,
    /// Cards presented so far, by anyone (the open ask may predate one).
    presented: BTreeSet<String>,
    /// Messages the player has sent each juror since the open ask was given.
    sent: BTreeMap<String, u32>,
    /// Messages a player may send each juror (the rules').
    turns_per_juror: u32,
    /// The player has rested; the argument is closed.
    rested: bool,
    closed: bool,
    confirm: bool,
    told_help: bool,
}

impl<'a> TrialScreen<'a> {
    pub fn new(human: Option<Seat>, view: &'a TrialView, turns_per_juror: u32) -> TrialScreen<'a> {
        TrialScreen {
            human,
            view,
            turns_per_juror,
            argue: None,
            presented: BTreeSet::new(),
            sent: BTreeMap::new(),
            rested: false,
            closed: false,
            confirm: false,
            told_help: false,
        }
    }

    /// Says a line of `locales/*/trial.ftl`, indented as the table's answers are.
    fn say(&self, id: &str, args: &[(&str, &str)]) {
        out(&format!("   {}", self.view.lang.text(id, args)));
    }

    fn help(&self) {
        self.say("trial-help", &[]);
    }

    /// Messages the player has left with juror `id`, as of the open ask and what they have
    /// sent since.
    fn turns_left(&self, id: &str) -> Option<u32> {
        let Some(Ask::Argue { turns_left, .. }) = &self.argue else {
            return None;
        };
        let sent = self.sent.get(id).copied().unwrap_or(0);
        turns_left.get(id).map(|n| n.saturating_sub(sent))
    }

    /// Why `action` would be refused now, as far as this terminal knows (the open ask and
    /// what it has seen since), in the rules' order: the table says it in its language.
    fn refusal(&self, action: &Action) -> Option<Refusal> {
        if self.closed {
            return Some(Refusal::ArgumentClosed);
        }
        if self.rested && !matches!(action, Action::CallVerdict) {
            return Some(Refusal::Wrong(RESTED.into()));
        }
        match action {
            Action::Say { text, .. } if text.trim().is_empty() => Some(Refusal::Empty),
            Action::Say { juror, .. } if self.turns_left(juror) == Some(0) => Some(
                Refusal::NoTurnsLeft(self.turns_per_juror, self.view.juror(juror)),
            ),
            Action::Present { card } if self.presented.contains(card) => {
                Some(Refusal::AlreadyPresented(card.clone()))
            }
            _ => None,
        }
    }
}

impl Screen for TrialScreen<'_> {
    type Game = Trial;
    fn words(&self) -> Words {
        Words::new(self.view.lang, "trial")
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
                match event {
                    Event::Presented { card, .. } => {
                        self.presented.insert(card.clone());
                    }
                    Event::Said { player, juror, .. } if Some(*player) == self.human => {
                        *self.sent.entry(juror.clone()).or_default() += 1;
                    }
                    Event::Rested { player } if Some(*player) == self.human => self.rested = true,
                    Event::ArgumentClosed { .. } => self.closed = true,
                    _ => {}
                }
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
                    self.help();
                    self.told_help = true;
                }
                self.argue = Some(ask.clone());
                self.sent.clear();
            }
            _ => {}
        }
    }

    async fn typed(&mut self, handle: &SessionHandle<Trial>, typed: &Typed) -> Flow {
        let Some(seat) = self.human else {
            return Flow::Stay;
        };
        let view = self.view;
        let command = typing::read(&typed.text);
        if command != Command::Abandon {
            self.confirm = false;
        }
        let action = match command {
            Command::Nothing => return Flow::Stay,
            Command::Quit => return Flow::Quit,
            Command::Abandon if !self.confirm => {
                self.confirm = true;
                self.say("trial-confirm-abandon", &[]);
                return Flow::Stay;
            }
            Command::Abandon => return Flow::Abandon,
            Command::Help | Command::Unknown => {
                self.help();
                return Flow::Stay;
            }
            Command::Jurors => {
                for (id, (name, occupation, _)) in &view.jurors {
                    let args = [("name", name.as_str()), ("occupation", occupation.as_str())];
                    match self.turns_left(id) {
                        Some(n) => self.say(
                            "trial-juror-left",
                            &[args[0], args[1], ("n", &n.to_string())],
                        ),
                        None => self.say("trial-juror-line", &args),
                    }
                }
                return Flow::Stay;
            }
            Command::Cards => {
                let open = match &self.argue {
                    Some(Ask::Argue { cards, .. }) => cards.clone(),
                    _ => Vec::new(),
                };
                for e in &view.case.evidence {
                    let state = if open.contains(&e.id) && !self.presented.contains(&e.id) {
                        "trial-card-line"
                    } else {
                        "trial-card-presented"
                    };
                    self.say(state, &[("id", &e.id), ("title", &e.title)]);
                    out(&format!("      {}", e.text));
                }
                return Flow::Stay;
            }
            Command::Rest => Action::Rest,
            Command::Verdict => Action::CallVerdict,
            Command::Present(card) => match view.find_card(card) {
                Some(card) => Action::Present { card },
                None => {
                    self.say("trial-no-card", &[]);
                    return Flow::Stay;
                }
            },
            Command::Say { who, text } => match view.find_juror(who) {
                Some(juror) => Action::Say {
                    juror,
                    text: text.trim().to_string(),
                },
                None => {
                    let who = match view.lang {
                        Lang::En => format!("{:?}", who.trim()),
                        _ => format!("“{}”", who.trim()),
                    };
                    self.say("trial-no-juror", &[("who", &who)]);
                    return Flow::Stay;
                }
            },
        };
        let why = match self.refusal(&action) {
            Some(refusal) => refusal.text(view.lang),
            None => match handle.submit(seat, action, None).await {
                Ok(()) => return Flow::Stay,
                Err(e) => e.text(view.lang),
            },
        };
        self.say("trial-not-taken", &[("why", &why)]);
        Flow::Stay
    }

    /// The chart of the jurors' stances, written beside the other temporary files.
    async fn finished(&self, store: &Store, id: &str, _: &Outcome) -> anyhow::Result<()> {
        let game = agora_core::session::rebuild::<TrialSessionSetup>(store, id).await?;
        if let Some(png) = chart_png(self.view, &game) {
            let path = std::env::temp_dir().join(format!("agora-trial-{id}.png"));
            std::fs::write(&path, png)?;
            let path = path.display().to_string();
            println!("{}", self.view.lang.text("trial-chart", &[("path", &path)]));
        }
        if game.outcome().is_none() {
            println!("{}", self.view.lang.text("trial-unfinished", &[]));
        }
        Ok(())
    }
}
