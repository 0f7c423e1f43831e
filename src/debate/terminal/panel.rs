//! The moderated and social debates at the terminal: played from one
//! participant's seat at the keyboard, or watched. Each event is told in a line or a block
//! (the moderator's round posts with their scores and source checks; surrenders and the
//! verdict); when it is the human's turn they type the speech over one or more lines,
//! ended by an empty line or `.`, with the word count shown as they go; what they typed is
//! handed in just before the time runs out, and `pass` gives the turn up. In a social
//! debate `concede` gives in (twice, to be sure). `quit` or Ctrl-C leaves the session
//! stored (saying what became of a speech being typed); `abandon` twice ends it. The story
//! lines are `story::debate::panel`'s, every line in the debate's language
//! (`locales/*/panel.ftl`; at a Chinese table 跳过, 认输, 退出, 终止 and 帮助 are typed as
//! well as the English words); [`PanelScreen`] is the formats' part of the shared
//! [`follow`](crate::terminal::follow) loop.

use crate::terminal::follow::{out, Flow, Screen, Words};
use crate::terminal::Typed;
pub use agora_core::debate::story::panel::Panel;
use agora_core::debate::story::panel::{chart_png, name_in};
use agora_core::session::{GameSetup, Note, SessionHandle, SubmitError};
use agora_core::store::{now_ms, Outcome, Store};
use agora_games::{Audience, Game, Seat, Viewer};
use agora_games::{Lang, Localized};
use std::marker::PhantomData;

/// How to play a moderated or social debate, shown at the start and by `help`.
pub fn help(social: bool, lang: Lang) -> String {
    let concede = if social {
        lang.text("panel-help-concede", &[])
    } else {
        String::new()
    };
    lang.text("panel-help", &[("concede", &concede)])
}

/// A typed command word, in either language: `pass`/跳过, `help`/帮助, `quit`/退出,
/// `abandon`/终止, `concede`/认输 (English words in any case).
fn command(text: &str) -> Option<&'static str> {
    match text.to_ascii_lowercase().as_str() {
        "pass" | "跳过" => Some("pass"),
        "help" | "帮助" => Some("help"),
        "quit" | "退出" => Some("quit"),
        "abandon" | "终止" => Some("abandon"),
        "concede" | "认输" => Some("concede"),
        _ => None,
    }
}

/// A command word as the person is told to type it in `lang`.
fn shown_command(word: &str, lang: Lang) -> &str {
    match (lang, word) {
        (Lang::En, w) => w,
        (Lang::ZhCn, "abandon") => "终止",
        (Lang::ZhCn, "concede") => "认输",
        (Lang::ZhCn, "quit") => "退出",
        (Lang::ZhCn, w) => w,
    }
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
    /// The debate's language: the lines it is told in.
    lang: Lang,
    setup: PhantomData<fn() -> S>,
}

impl<S: GameSetup> PanelScreen<S> {
    pub fn new(human: Option<Seat>, names: &[String], lang: Lang) -> PanelScreen<S> {
        PanelScreen {
            lang,
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
        Words::new(self.lang, "debate")
    }

    fn viewer(&self) -> Viewer {
        self.human.map_or(Viewer::Public, Viewer::Seat)
    }

    fn reads_keyboard(&self) -> bool {
        self.human.is_some()
    }

    /// Who speaks in which round; the word count is told when the speech is taken.
    fn draft_line(&self, _: Audience, event: &<S::Game as Game>::Event) -> Option<String> {
        S::Game::draft_line_in(event, &self.names, self.lang)
    }

    async fn note(&mut self, _: &SessionHandle<S::Game>, note: &Note<S::Game>, retold: bool) {
        match note {
            Note::Event { audience, event } => {
                if let Some(l) = S::Game::line_in(event, *audience, &self.names, self.lang) {
                    out(&l);
                }
                if let (Some(seat), Some(skipped)) = (self.human, S::Game::skipped(event)) {
                    if skipped == seat {
                        self.open = None;
                        self.deadline = None;
                        self.lines.clear();
                        if std::mem::take(&mut self.passed) {
                            self.say("panel-you-pass", &[]);
                        } else if !retold {
                            self.say("panel-time-up", &[]);
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
                    out(&self.lang.text(
                        "panel-your-turn",
                        &[
                            ("name", &name_in(&self.names, *seat, self.lang)),
                            ("round", &round.to_string()),
                            ("limit", &limit.to_string()),
                            ("secs", &secs.to_string()),
                        ],
                    ));
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
        self.say("panel-handed-in", &[("words", &words.to_string())]);
        match handle.submit(seat, S::Game::speak(speech), Some(seq)).await {
            Ok(()) => self.open = None,
            Err(SubmitError::Stale) => {
                self.say("panel-too-late", &[]);
                self.open = None;
            }
            Err(e) => self.say("panel-not-taken", &[("error", &e.text(self.lang))]),
        }
    }

    async fn typed(&mut self, handle: &SessionHandle<S::Game>, typed: &Typed) -> Flow {
        let Some(seat) = self.human else {
            return Flow::Stay;
        };
        let social = S::Game::concede().is_some();
        let text = typed.text.trim();
        let word = command(text).unwrap_or_default();
        if word == "help" {
            out(&help(social, self.lang));
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
                            self.say("panel-too-late", &[]);
                            self.open = None;
                        }
                        Err(e) => {
                            self.passed = false;
                            self.say("panel-not-taken", &[("error", &e.text(self.lang))]);
                        }
                    }
                }
                None => self.say("panel-nothing-to-pass", &[]),
            }
            return Flow::Stay;
        }
        if self.lines.is_empty() && matches!(word, "quit" | "abandon" | "concede") {
            let what: &'static str = word;
            if what == "quit" {
                return Flow::Quit;
            }
            if self.confirm != Some(what) {
                self.confirm = Some(what);
                self.say("panel-again", &[("word", shown_command(what, self.lang))]);
                return Flow::Stay;
            }
            self.confirm = None;
            if what == "abandon" {
                return Flow::Abandon;
            }
            match S::Game::concede() {
                Some(action) => match handle.submit(seat, action, None).await {
                    Ok(()) => {
                        self.say("panel-you-give-in", &[]);
                        self.open = None;
                        self.deadline = None;
                    }
                    Err(e) => self.say("panel-not-taken", &[("error", &e.text(self.lang))]),
                },
                None => self.say("panel-no-conceding", &[]),
            }
            return Flow::Stay;
        }
        self.confirm = None;
        let Some((seq, _, limit, _)) = self.open else {
            if !text.is_empty() {
                self.say("panel-not-your-turn", &[]);
            }
            return Flow::Stay;
        };
        if text.is_empty() || text == "." {
            if self.lines.is_empty() {
                self.say("panel-nothing-written", &[]);
                return Flow::Stay;
            }
            let speech = std::mem::take(&mut self.lines).join("\n");
            match handle.submit(seat, S::Game::speak(speech), Some(seq)).await {
                Ok(()) => {
                    self.open = None;
                    self.deadline = None;
                }
                Err(SubmitError::Stale) => {
                    self.say("panel-too-late", &[]);
                    self.open = None;
                }
                Err(e) => self.say("panel-not-taken", &[("error", &e.text(self.lang))]),
            }
            return Flow::Stay;
        }
        self.lines.push(typed.text.trim_end().to_string());
        let words: u32 = self
            .lines
            .iter()
            .map(|l| agora_games::debate::words::count(l))
            .sum();
        self.say(
            if words > limit {
                "panel-count-over"
            } else {
                "panel-count"
            },
            &[("words", &words.to_string()), ("limit", &limit.to_string())],
        );
        Flow::Stay
    }

    /// Says what became of a speech being typed, with its text.
    fn leaving(&self) {
        left_behind(&self.lines, self.lang);
    }

    /// The chart, written to a file, and whether the debate ended unfinished.
    async fn finished(&self, store: &Store, id: &str, _: &Outcome) -> anyhow::Result<()> {
        let game = agora_core::session::rebuild::<S>(store, id).await?;
        if let Some(path) = chart_of(id, &self.names, &game as &dyn std::any::Any)? {
            println!(
                "{}",
                self.lang
                    .text("panel-chart", &[("path", &path.display().to_string())])
            );
        }
        if game.outcome().is_none() {
            println!("{}", self.lang.text("panel-unfinished-debate", &[]));
        }
        Ok(())
    }
}

impl<S: GameSetup> PanelScreen<S> {
    /// Tells the person a line of `locales/*/panel.ftl`, indented as the table's notes are.
    fn say(&self, id: &str, args: &[(&str, &str)]) {
        out(&format!("   {}", self.lang.text(id, args)));
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
fn left_behind(lines: &[String], lang: Lang) {
    if lines.is_empty() {
        return;
    }
    let words: u32 = lines
        .iter()
        .map(|l| agora_games::debate::words::count(l))
        .sum();
    out(&format!(
        "   {}",
        lang.text("panel-unfinished", &[("words", &words.to_string())])
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
