//! An AI advocate paced as a person would play against a person: it lets the person open,
//! then takes one move for each of theirs (waiting at most its share of the argument's
//! time for them), and takes the time a person would to write what it says. Only the
//! timing is the pacer's: the advocate inside still chooses every move, when the move is
//! due, from all it has seen by then (a card the person presented meanwhile is not
//! offered to it). An all-AI trial is not paced (nobody to wait for), so seeded
//! simulations stay as they were.

use crate::games::trial::{text, Action, Ask, Event, Trial, TrialSetup};
use crate::games::Seat;
use crate::{Agent, Answer, Decision};
use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;

/// How long a paced advocate waits and writes, at the trial's pace.
#[derive(Debug, Clone, PartialEq)]
pub struct Pacing {
    /// The people's seats: the advocate waits for their moves.
    pub people: Vec<Seat>,
    /// The longest the advocate waits for a person's move before making its own.
    pub patience: Duration,
    /// Writing time: a message takes `base` plus `per_word` a word (at most `most`);
    /// presenting a card takes `base`.
    pub base: Duration,
    pub per_word: Duration,
    pub most: Duration,
}

impl Pacing {
    /// Pacing for a trial of `setup` whose argument may take `argument` (already scaled
    /// by the pace), against the people of `people`, at `pace` (1: as configured). None
    /// when there is nobody to wait for or the pace is 0 (no waiting).
    pub fn for_trial(
        setup: &TrialSetup,
        people: &[Seat],
        argument: Duration,
        pace: f64,
    ) -> Option<Pacing> {
        if people.is_empty() || pace <= 0.0 || !pace.is_finite() {
            return None;
        }
        let moves =
            setup.jurors.len() as u32 * setup.rules.turns_per_juror + setup.cards.len() as u32;
        // The advocate's share of the argument for one move, three fifths of it waiting
        // (the rest goes on writing).
        let share = argument / moves.max(1);
        let scaled = |secs: f64| Duration::from_secs_f64(secs * pace);
        Some(Pacing {
            people: people.to_vec(),
            patience: (share * 3 / 5).clamp(scaled(3.0), scaled(90.0)),
            base: scaled(4.0),
            per_word: scaled(0.25),
            most: scaled(25.0),
        })
    }

    /// The time a person would take to write `action` (a Han character is a word).
    pub fn writing(&self, action: &Action) -> Duration {
        match action {
            Action::Say { text, .. } => {
                let words = text::words(text) as u32;
                (self.base + self.per_word * words).min(self.most)
            }
            Action::Present { .. } => self.base,
            _ => Duration::ZERO,
        }
    }
}

/// What the pacer has seen of the argument.
#[derive(Debug, Clone, Default, PartialEq)]
struct Seen {
    /// Messages and cards from the people.
    people_moves: u32,
    /// The people who have rested.
    rested: BTreeSet<Seat>,
    /// The argument is closed.
    closed: bool,
}

/// An advocate played by `inner`, paced by [`Pacing`].
pub struct Paced {
    inner: Arc<Mutex<Box<dyn Agent<Trial>>>>,
    pacing: Pacing,
    seat: Seat,
    /// This advocate's own messages and cards so far.
    own_moves: u32,
    /// Cards presented so far (by anyone).
    presented: Arc<Mutex<BTreeSet<String>>>,
    seen: watch::Sender<Seen>,
}

impl Paced {
    pub fn new(inner: Box<dyn Agent<Trial>>, pacing: Pacing, seat: Seat) -> Paced {
        Paced {
            inner: Arc::new(Mutex::new(inner)),
            pacing,
            seat,
            own_moves: 0,
            presented: Arc::new(Mutex::new(BTreeSet::new())),
            seen: watch::Sender::new(Seen::default()),
        }
    }

    /// Whether the people have had their turn for this advocate's next move: they have
    /// made more moves than it has, or all rested, or the argument is closed.
    fn turn_taken(seen: &Seen, own_moves: u32, people: usize) -> bool {
        seen.people_moves > own_moves || seen.rested.len() >= people || seen.closed
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// `ask` without the cards presented since it opened.
fn current(ask: &Ask, presented: &BTreeSet<String>) -> Ask {
    match ask {
        Ask::Argue { turns_left, cards } => Ask::Argue {
            turns_left: turns_left.clone(),
            cards: cards
                .iter()
                .filter(|c| !presented.contains(*c))
                .cloned()
                .collect(),
        },
        other => other.clone(),
    }
}

impl Agent<Trial> for Paced {
    fn observe(&mut self, event: &Event) {
        lock(&self.inner).observe(event);
        let people = &self.pacing.people;
        match event {
            Event::Said { player, .. } | Event::Presented { player, .. } => {
                if let Event::Presented { card, .. } = event {
                    lock(&self.presented).insert(card.clone());
                }
                if *player == self.seat {
                    self.own_moves += 1;
                } else if people.contains(player) {
                    self.seen.send_modify(|s| s.people_moves += 1);
                }
            }
            Event::Rested { player } if people.contains(player) => {
                self.seen.send_modify(|s| {
                    s.rested.insert(*player);
                });
            }
            Event::ArgumentClosed { .. } => self.seen.send_modify(|s| s.closed = true),
            _ => {}
        }
    }

    fn decide(&mut self, ask: &Ask) -> Decision<Action> {
        if !matches!(ask, Ask::Argue { .. }) {
            return lock(&self.inner).decide(ask);
        }
        let inner = self.inner.clone();
        let presented = self.presented.clone();
        let pacing = self.pacing.clone();
        let own = self.own_moves;
        let people = pacing.people.len();
        let mut seen = self.seen.subscribe();
        let ask = ask.clone();
        Decision::Later(Box::pin(async move {
            // The person's turn first (as long as a person would wait for them).
            let _ = tokio::time::timeout(
                pacing.patience,
                seen.wait_for(|s| Paced::turn_taken(s, own, people)),
            )
            .await;
            // Then the move, chosen now, and the time to write it; a card the person
            // presented while it was being written is chosen again.
            let mut answer = Answer {
                action: Some(Action::Rest),
                note: None,
            };
            for _ in 0..3 {
                let now = current(&ask, &lock(&presented));
                let decision = lock(&inner).decide(&now);
                answer = match decision {
                    Decision::Now(action) => Answer {
                        action: Some(action),
                        note: None,
                    },
                    Decision::Later(f) => f.await,
                };
                let Some(action) = &answer.action else { break };
                tokio::time::sleep(pacing.writing(action)).await;
                match action {
                    Action::Present { card } if lock(&presented).contains(card) => continue,
                    _ => break,
                }
            }
            answer
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::trial::{Side, TrialRules};

    fn setup() -> TrialSetup {
        TrialSetup {
            case: "t".into(),
            topics: vec![],
            jurors: vec![],
            cards: vec![],
            sides: vec![Side::Defense, Side::Prosecution],
            rules: TrialRules::default(),
            lang: crate::games::Lang::En,
        }
    }

    #[test]
    fn nobody_to_wait_for_or_no_pace_is_not_paced() {
        let s = setup();
        assert_eq!(
            Pacing::for_trial(&s, &[], Duration::from_secs(1200), 1.0),
            None
        );
        assert_eq!(Pacing::for_trial(&s, &[1], Duration::ZERO, 0.0), None);
    }

    #[test]
    fn patience_is_a_share_of_the_argument_and_writing_grows_with_words() {
        let kit = crate::trial::TrialKit::default();
        let case = kit.book.case("robot_prompt_injection").unwrap();
        let s = kit.book.setup(
            case,
            vec![Side::Defense, Side::Prosecution],
            TrialRules {
                turns_per_juror: 6,
                ..TrialRules::default()
            },
        );
        let p = Pacing::for_trial(&s, &[1], Duration::from_secs(1200), 1.0).unwrap();
        // 5 jurors × 6 messages + 5 cards = 35 moves in 1200 s: 34 s a move, 20 s waiting.
        assert!(
            p.patience > Duration::from_secs(15) && p.patience < Duration::from_secs(25),
            "{:?}",
            p.patience
        );
        let say = |n: usize| Action::Say {
            juror: "juror_wang".into(),
            text: vec!["word"; n].join(" "),
        };
        assert!(p.writing(&say(40)) > p.writing(&say(5)));
        assert!(p.writing(&say(5)) >= Duration::from_secs(5));
        assert_eq!(p.writing(&say(1000)), Duration::from_secs(25));
        // Half the pace, half the time.
        let fast = Pacing::for_trial(&s, &[1], Duration::from_secs(600), 0.5).unwrap();
        assert_eq!(fast.writing(&say(40)), p.writing(&say(40)) / 2);
    }
}
