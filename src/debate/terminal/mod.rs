//! The team debate at the terminal: a session played from one debater's seat at the
//! keyboard, or watched.
//!
//! The human sees the moderator's calls, every speech, the clocks, their own team's notes
//! and hand-offs (never the other team's), and the scores when live scores are on. When
//! it is their turn they are told the part, its word limit and the time left, and type the
//! speech over one or more lines, ended by an empty line or a line `.`; the word count
//! against the limit is shown as they go (over the limit is kept and penalised, as the
//! rules say), and what they typed is handed in just before the time runs out (as on
//! Discord). `pass` gives the turn up. A cross-examiner names who answers (before or after
//! the questions). In free debate the debater offered the floor may `hand pro3
//! <direction>` to a teammate, and any debater may type `floor` to ask their team for it
//! (a team note their captain honours at the team's next turn; the speech may be typed at
//! once and goes in with that call). `note <text>` writes to one's team at any time and
//! shows at once. `quit` or Ctrl-C leaves the session stored (saying what became of a
//! speech being typed); `abandon` twice ends it. [`help_in`] is shown at the start.
//!
//! - `desk.rs`: the open ask, the speech being typed, and what each typed line does.
//! - `story`: the lines each event is told in, and the scorecard (`agora_core::debate::story::team`, shared with replay).

mod desk;
pub mod panel;
pub use agora_core::debate::story::team as story;

pub use desk::{help_in, Desk, Draft, Step};

use crate::terminal::follow::{out, Flow, Screen, Words};
use crate::terminal::Typed;
use agora_agents::debate::Personalities;
use agora_core::debate::session::{DebateAgent, DebateSetup};
use agora_core::session::{Note, SessionHandle, SubmitError};
use agora_core::store::{Outcome, Store};
use agora_games::debate::team::{seat_title_in, side_of, Action, Event, Stage, TeamDebate};
use agora_games::{Audience, Seat, Viewer};
use agora_games::{Lang, Localized};
use std::time::Instant;

/// Tells the person a line of `locales/*/desk.ftl`, indented as the desk's answers are.
fn say(lang: Lang, id: &str, args: &[(&str, &str)]) {
    out(&format!("   {}", lang.text(id, args)));
}

/// Submits `action` for the human seat and says how it went.
async fn submit(
    handle: &SessionHandle<TeamDebate>,
    d: &mut Desk,
    action: Action,
    seq: Option<u32>,
) {
    let aside = action.is_aside();
    let note = match &action {
        Action::TeamNote { text } => Some(text.clone()),
        _ => None,
    };
    let lang = d.lang;
    match handle.submit(d.seat, action, seq).await {
        Ok(()) if aside => {
            if let Some(text) = note {
                let side = match (lang, side_of(d.seat)) {
                    (_, None) => "?".to_string(),
                    (Lang::En, Some(side)) => side.title().to_string(),
                    (_, Some(side)) => side.name_in(lang),
                };
                out(&lang.text(
                    "desk-team-note",
                    &[
                        ("side", &side),
                        ("seat", &seat_title_in(d.seat, lang)),
                        ("text", &text),
                    ],
                ));
            }
        }
        Ok(()) => d.close(),
        Err(SubmitError::Stale) => {
            if let Some(text) = d.draft.as_ref().and_then(|x| x.left_behind_in(lang)) {
                out(&text);
            }
            say(lang, "desk-too-late", &[]);
            d.close();
        }
        Err(e) => {
            say(lang, "desk-not-taken", &[("error", &e.text(lang))]);
            if let Some(p) = d.prompt() {
                out(&p);
            }
        }
    }
}

/// The team debate at the terminal, for [`follow`](crate::terminal::follow::follow): one debater's
/// seat typed at this keyboard, or none to watch the public debate.
pub struct TeamScreen {
    human: Option<Seat>,
    desk: Option<Desk>,
    /// When to hand in what was typed for the open ask.
    deadline: Option<tokio::time::Instant>,
    /// To name AI debaters on the scorecard as the tables show them (`AI · Logical`).
    personalities: Personalities,
    /// The debate's language: the lines it is told in.
    lang: Lang,
}

impl TeamScreen {
    pub fn new(human: Option<Seat>, personalities: Personalities, lang: Lang) -> TeamScreen {
        TeamScreen {
            human,
            desk: human.map(|s| Desk::new_in(s, lang)),
            deadline: None,
            personalities,
            lang,
        }
    }
}

impl Screen for TeamScreen {
    type Game = TeamDebate;
    fn words(&self) -> Words {
        Words::new(self.lang, "debate")
    }

    fn viewer(&self) -> Viewer {
        self.human.map_or(Viewer::Public, Viewer::Seat)
    }

    fn reads_keyboard(&self) -> bool {
        self.desk.is_some()
    }

    /// Who speaks and in which part; the word count is told when the speech is taken.
    fn draft_line(&self, _: Audience, event: &Event) -> Option<String> {
        match event {
            Event::Spoke(s) => Some(format!(
                "{} ({}): {}",
                story::seat_name(s.seat, self.lang),
                story::part_title(s.part, self.lang),
                s.text
            )),
            _ => None,
        }
    }

    async fn note(
        &mut self,
        handle: &SessionHandle<TeamDebate>,
        note: &Note<TeamDebate>,
        retold: bool,
    ) {
        match note {
            Note::Event { audience, event } => {
                if let Some(d) = self.desk.as_mut() {
                    match event {
                        Event::StageBegins { stage } => {
                            d.stage = *stage;
                            let floor_draft = d.draft.as_ref().filter(|x| x.seq.is_none()).cloned();
                            if let Some(draft) = floor_draft.filter(|_| *stage != Stage::FreeDebate)
                            {
                                d.draft = None;
                                if let Some(text) = draft.left_behind_in(d.lang) {
                                    say(d.lang, "desk-free-over", &[]);
                                    out(&text);
                                }
                            }
                        }
                        Event::Clock { left } => d.clock = *left,
                        Event::Motion { limits, .. } => d.clock = [limits.clock; 2],
                        Event::Skipped { seat, .. } if *seat == d.seat => {
                            d.close();
                            self.deadline = None;
                            if std::mem::take(&mut d.passed) {
                                say(d.lang, "desk-you-pass", &[]);
                            } else if !retold {
                                say(d.lang, "desk-time-up", &[]);
                            }
                        }
                        // One's own note was shown when it was sent.
                        Event::TeamNote { seat, .. } if *seat == d.seat => return,
                        _ => {}
                    }
                }
                if let Some(l) = story::line_in(event, *audience, None, self.lang) {
                    out(&l);
                }
            }
            Note::Ask {
                seat,
                seq,
                ask,
                due_at,
            } => {
                if let Some(d) = self.desk.as_mut().filter(|d| d.seat == *seat) {
                    let ready = d.opened(*seq, ask.clone(), *due_at, Instant::now());
                    if let Some(p) = d.prompt() {
                        out(&p);
                        self.deadline = Some(panel::hand_in_at(*due_at));
                    }
                    match ready {
                        Some((action, seq)) => {
                            say(d.lang, "desk-floor-goes-in", &[]);
                            submit(handle, d, action, Some(seq)).await;
                        }
                        None => {
                            if let Some(draft) = d.draft.as_ref().filter(|x| !x.lines.is_empty()) {
                                say(
                                    d.lang,
                                    "desk-floor-kept",
                                    &[
                                        ("words", &draft.words().to_string()),
                                        ("limit", &draft.limit.to_string()),
                                    ],
                                );
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn hand_in_at(&self) -> Option<tokio::time::Instant> {
        self.deadline
    }

    async fn hand_in(&mut self, handle: &SessionHandle<TeamDebate>) {
        self.deadline = None;
        let Some(d) = self.desk.as_mut() else { return };
        if let Some((action, seq)) = d.hand_in() {
            let words = match &action {
                Action::Speak { text } | Action::Ask { text, .. } => {
                    agora_games::debate::words::count(text)
                }
                _ => 0,
            };
            say(d.lang, "desk-handed-in", &[("words", &words.to_string())]);
            submit(handle, d, action, Some(seq)).await;
        }
    }

    async fn typed(&mut self, handle: &SessionHandle<TeamDebate>, typed: &Typed) -> Flow {
        let Some(d) = self.desk.as_mut() else {
            return Flow::Stay;
        };
        match d.read(typed) {
            Step::Quit => return Flow::Quit,
            Step::ConfirmAbandon => say(d.lang, "desk-confirm-abandon", &[]),
            Step::Abandon => return Flow::Abandon,
            Step::Say(s) => out(&s),
            Step::Nothing => {}
            Step::Pass(seq) => {
                d.passed = true;
                match handle.pass(d.seat, seq).await {
                    Ok(()) => {}
                    Err(SubmitError::Stale) => {
                        d.passed = false;
                        say(d.lang, "desk-too-late", &[]);
                        d.close();
                    }
                    Err(e) => {
                        d.passed = false;
                        say(d.lang, "desk-not-taken", &[("error", &e.text(d.lang))]);
                    }
                }
            }
            Step::Floor(note, say) => {
                submit(handle, d, note, None).await;
                out(&say);
            }
            Step::Submit(action, seq) => submit(handle, d, action, seq).await,
        }
        Flow::Stay
    }

    /// What became of a speech being typed.
    fn leaving(&self) {
        if let Some(text) = self
            .desk
            .as_ref()
            .and_then(|d| d.draft.as_ref())
            .and_then(Draft::left_behind)
        {
            out(&text);
        }
    }

    /// The scorecard, from the stored log, AI debaters named as the tables showed them.
    async fn finished(&self, store: &Store, id: &str, _: &Outcome) -> anyhow::Result<()> {
        let row = store.session(id).await?;
        let setup: DebateSetup = agora_core::session::setup_of(&row)?;
        let game = agora_core::session::rebuild::<DebateSetup>(store, id).await?;
        let lang = setup.lang;
        let names = |seat: Seat| {
            let s = &setup.seats[seat as usize - 1];
            match &s.agent {
                Some(DebateAgent::Debater { personality }) if lang != Lang::En => lang.text(
                    "debate-ai-name",
                    &[(
                        "personality",
                        &self.personalities.get_or_first_in(personality, lang).name,
                    )],
                ),
                _ => agora_core::stats::names::shown_name(
                    &s.player_id,
                    &s.name,
                    &agora_core::registry::stats::EveryGame(&self.personalities),
                ),
            }
        };
        print!("{}", story::scorecard_in(&game, &names, lang));
        Ok(())
    }
}
