//! The moderated and social debates at the terminal: played from one
//! participant's seat at the keyboard, or watched. Each event is told in a line or a block
//! (the moderator's round posts with their scores and source checks; surrenders and the
//! verdict); when it is the human's turn they type the speech over one or more lines,
//! ended by an empty line or `.`, with the word count shown as they go; what they typed is
//! handed in just before the time runs out, and `pass` gives the turn up. In a social
//! debate `concede` gives in (twice, to be sure). `quit` or Ctrl-C leaves the session
//! stored (saying what became of a speech being typed); `abandon` twice ends it. The story
//! lines are `story::debate::panel`'s; [`PanelScreen`] is the formats' part of the shared
//! [`follow`](crate::terminal::follow) loop.

use crate::terminal::follow::{out, Flow, Screen, Words};
use crate::terminal::Typed;
pub use agora_core::debate::story::panel::Panel;
use agora_core::debate::story::panel::{chart_png, name_of};
use agora_core::session::{GameSetup, Note, SessionHandle, SubmitError};
use agora_core::store::{now_ms, Outcome, Store};
use agora_games::Lang;
use agora_games::{Audience, Game, Seat, Viewer};
use std::marker::PhantomData;

/// How to play a moderated or social debate, shown at the start and by `help`.
pub fn help(social: bool) -> String {
    format!(
        "How to play: when you are called, type your speech over one or more lines and end it with an empty line or a line `.` (what you have typed when the time runs out is handed in). `pass` gives up your turn.{} `help` shows this; `quit` leaves (the debate is saved); `abandon`, twice, ends it.",
        if social {
            " `concede`, twice, gives in."
        } else {
            ""
        }
    )
}

/// A moderated or social debate at the terminal (`S`: its stored setup), for
/// [`follow`](crate::terminal::follow::follow): one participant's seat typed at this
/// keyboard, or none to watch.
pub struct PanelScreen<S: GameSetup> {
    human: Option<Seat>,
    /// The participants' shown names, seat 1 first.
    names: Vec<String>,
    /// The open speech ask: (seq, round, limit, due), and the lines typed for it.
    open: Option<(u32, u8, u32, i64)>,
    lines: Vec<String>,
    confirm: Option<&'static str>,
    passed: bool,
    /// When to hand in what was typed for the open ask.
    deadline: Option<tokio::time::Instant>,
    setup: PhantomData<fn() -> S>,
}

impl<S: GameSetup> PanelScreen<S> {
    pub fn new(human: Option<Seat>, names: &[String]) -> PanelScreen<S> {
        PanelScreen {
            human,
            names: names.to_vec(),
            open: None,
            lines: Vec::new(),
            confirm: None,
            passed: false,
            deadline: None,
            setup: PhantomData,
        }
    }
}

impl<S> Screen for PanelScreen<S>
where
    S: GameSetup,
    S::Game: Panel,
{
    type Game = S::Game;
    fn words(&self) -> Words {
        Words::new(Lang::En, "debate")
    }

    fn viewer(&self) -> Viewer {
        self.human.map_or(Viewer::Public, Viewer::Seat)
    }

    fn reads_keyboard(&self) -> bool {
        self.human.is_some()
    }

    /// Who speaks in which round; the word count is told when the speech is taken.
    fn draft_line(&self, _: Audience, event: &<S::Game as Game>::Event) -> Option<String> {
        S::Game::draft_line(event, &self.names)
    }

    async fn note(&mut self, _: &SessionHandle<S::Game>, note: &Note<S::Game>, retold: bool) {
        match note {
            Note::Event { audience, event } => {
                if let Some(l) = S::Game::line(event, *audience, &self.names) {
                    out(&l);
                }
                if let (Some(seat), Some(skipped)) = (self.human, S::Game::skipped(event)) {
                    if skipped == seat {
                        self.open = None;
                        self.deadline = None;
                        self.lines.clear();
                        if std::mem::take(&mut self.passed) {
                            out("   You pass this round.");
                        } else if !retold {
                            out("   Time is up: your turn was skipped.");
                        }
                    }
                }
            }
            Note::Ask {
                seat,
                seq,
                ask,
                due_at,
            } if Some(*seat) == self.human => {
                if let Some((round, limit)) = S::Game::speech(ask) {
                    self.open = Some((*seq, round, limit, *due_at));
                    self.passed = false;
                    self.lines.clear();
                    self.deadline = Some(hand_in_at(*due_at));
                    let secs = ((due_at - now_ms()).max(0) + 999) / 1000;
                    out(&format!(">> {}, your speech in round {round}: at most {limit} words; type it over one or more lines and end it with an empty line or `.` (or `pass`). [{secs} s]", name_of(&self.names, *seat)));
                }
            }
            _ => {}
        }
    }

    fn hand_in_at(&self) -> Option<tokio::time::Instant> {
        self.deadline
    }

    async fn hand_in(&mut self, handle: &SessionHandle<S::Game>) {
        self.deadline = None;
        let (Some(seat), Some((seq, ..))) = (self.human, self.open) else {
            return;
        };
        if self.lines.is_empty() {
            return;
        }
        let speech = std::mem::take(&mut self.lines).join("\n");
        let words = agora_games::debate::words::count(&speech);
        out(&format!(
            "   Time is nearly up: what you typed ({words} word{}) is handed in.",
            if words == 1 { "" } else { "s" }
        ));
        match handle.submit(seat, S::Game::speak(speech), Some(seq)).await {
            Ok(()) => self.open = None,
            Err(SubmitError::Stale) => {
                out("   Too late: that turn has closed.");
                self.open = None;
            }
            Err(e) => out(&format!("   Not taken: {e}.")),
        }
    }

    async fn typed(&mut self, handle: &SessionHandle<S::Game>, typed: &Typed) -> Flow {
        let Some(seat) = self.human else {
            return Flow::Stay;
        };
        let social = S::Game::concede().is_some();
        let text = typed.text.trim();
        let word = text.to_ascii_lowercase();
        if word == "help" {
            out(&help(social));
            return Flow::Stay;
        }
        if self.lines.is_empty() && word == "pass" {
            match self.open {
                Some((seq, ..)) => {
                    self.passed = true;
                    match handle.pass(seat, seq).await {
                        Ok(()) => {}
                        Err(SubmitError::Stale) => {
                            self.passed = false;
                            out("   Too late: that turn has closed.");
                            self.open = None;
                        }
                        Err(e) => {
                            self.passed = false;
                            out(&format!("   Not taken: {e}."));
                        }
                    }
                }
                None => out("   Not your turn: there is nothing to pass."),
            }
            return Flow::Stay;
        }
        if self.lines.is_empty() && matches!(word.as_str(), "quit" | "abandon" | "concede") {
            let what: &'static str = match word.as_str() {
                "quit" => "quit",
                "abandon" => "abandon",
                _ => "concede",
            };
            if what == "quit" {
                return Flow::Quit;
            }
            if self.confirm != Some(what) {
                self.confirm = Some(what);
                out(&format!(
                    "   Type {what} again to be sure; anything else goes on."
                ));
                return Flow::Stay;
            }
            self.confirm = None;
            if what == "abandon" {
                return Flow::Abandon;
            }
            match S::Game::concede() {
                Some(action) => match handle.submit(seat, action, None).await {
                    Ok(()) => {
                        out("   You give in.");
                        self.open = None;
                        self.deadline = None;
                    }
                    Err(e) => out(&format!("   Not taken: {e}.")),
                },
                None => out("   In a moderated debate there is no conceding: speak, or `pass`."),
            }
            return Flow::Stay;
        }
        self.confirm = None;
        let Some((seq, _, limit, _)) = self.open else {
            if !text.is_empty() {
                out("   Not your turn: wait (`help` lists the commands).");
            }
            return Flow::Stay;
        };
        if text.is_empty() || text == "." {
            if self.lines.is_empty() {
                out("   Nothing written yet: type your speech, or `pass` to give up the turn.");
                return Flow::Stay;
            }
            let speech = std::mem::take(&mut self.lines).join("\n");
            match handle.submit(seat, S::Game::speak(speech), Some(seq)).await {
                Ok(()) => {
                    self.open = None;
                    self.deadline = None;
                }
                Err(SubmitError::Stale) => {
                    out("   Too late: that turn has closed.");
                    self.open = None;
                }
                Err(e) => out(&format!("   Not taken: {e}.")),
            }
            return Flow::Stay;
        }
        self.lines.push(typed.text.trim_end().to_string());
        let words: u32 = self
            .lines
            .iter()
            .map(|l| agora_games::debate::words::count(l))
            .sum();
        let over = if words > limit {
            " — over the limit"
        } else {
            ""
        };
        out(&format!("   ({words} of {limit} words{over})"));
        Flow::Stay
    }

    /// Says what became of a speech being typed, with its text.
    fn leaving(&self) {
        left_behind(&self.lines);
    }

    /// The chart, written to a file, and whether the debate ended unfinished.
    async fn finished(&self, store: &Store, id: &str, _: &Outcome) -> anyhow::Result<()> {
        let game = agora_core::session::rebuild::<S>(store, id).await?;
        if let Some(path) = chart_of(id, &self.names, &game as &dyn std::any::Any)? {
            println!("Chart: {}", path.display());
        }
        if game.outcome().is_none() {
            println!("The debate ended unfinished.");
        }
        Ok(())
    }
}

/// A finished debate's chart, written beside the other temporary files; its path.
pub fn chart_of(
    id: &str,
    names: &[String],
    game: &dyn std::any::Any,
) -> anyhow::Result<Option<std::path::PathBuf>> {
    let Some(png) = chart_png(names, game) else {
        return Ok(None);
    };
    let path = std::env::temp_dir().join(format!("agora-debate-{id}.png"));
    std::fs::write(&path, png)?;
    Ok(Some(path))
}

/// Says what became of a speech being typed when the person leaves, with its text.
fn left_behind(lines: &[String]) {
    if lines.is_empty() {
        return;
    }
    let words: u32 = lines
        .iter()
        .map(|l| agora_games::debate::words::count(l))
        .sum();
    out(&format!(
        "   Your unfinished speech ({words} word{}) was not handed in. It read:",
        if words == 1 { "" } else { "s" }
    ));
    for l in lines {
        out(&format!("   | {l}"));
    }
}

/// The moment to hand in what was typed for an ask due at `due` (epoch ms): a tenth of
/// the time before it, between 0.3 and 2 s, at most half the time (as on Discord).
pub fn hand_in_at(due: i64) -> tokio::time::Instant {
    let left = (due - now_ms()).max(0);
    let margin = (left / 10).clamp(300, 2_000).min(left / 2);
    tokio::time::Instant::now() + std::time::Duration::from_millis((left - margin).max(0) as u64)
}
