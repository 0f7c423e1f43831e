//! The built-in trial players (no model): a juror who labels by the case's keywords and
//! answers from `content/trial/replies.toml` by how the message struck them and the stance
//! band they are in, and an advocate who argues from the case's argument bank.

use super::content::Case;
use super::words::{Asked, Heard, Question, Replies, Struck, STRONG};
use crate::games::trial::keywords::Lexicon;
use crate::games::trial::label::strip;
use crate::games::trial::{
    text, Action, Ask, Band, Event, Labels, Side, TopicLabel, Trial, TrialSetup,
};
use crate::games::Seat;
use crate::{Agent, Decision};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use std::collections::BTreeMap;
use std::sync::Arc;

/// What the built-in players read: the case, its offline labeller, the jurors' words.
#[derive(Debug, Clone)]
pub struct Offline {
    pub case: Arc<Case>,
    pub lexicon: Arc<Lexicon>,
    pub replies: Arc<Replies>,
}

impl Offline {
    /// How a juror names `topic` in this case ("the attack from outside").
    pub fn topic_name<'a>(&'a self, topic: &'a str) -> &'a str {
        self.case.topic(topic).map_or(topic, |t| t.name.as_str())
    }

    /// The offline labeller's reading of `text` (stripped first).
    pub fn label(&self, text: &str) -> Labels {
        self.lexicon.label(&strip(text))
    }

    /// The argument of `side` (or either, with `None`) that would move a juror of
    /// `weights` furthest its way, as the offline labeller reads it; `skip` rotates among
    /// equals.
    pub fn best_argument(
        &self,
        weights: &BTreeMap<String, f64>,
        side: Option<Side>,
    ) -> Option<&str> {
        let mut best: Option<(f64, &str)> = None;
        for a in &self.case.arguments {
            if side.is_some_and(|s| s != a.side) {
                continue;
            }
            let labels = self.label(&a.text);
            let effect: f64 = labels
                .topics
                .iter()
                .take(2)
                .map(|t| weights.get(&t.topic).copied().unwrap_or(0.0) * t.impact.factor())
                .sum();
            let score = match side {
                Some(Side::Defense) => effect,
                Some(Side::Prosecution) => -effect,
                None => effect.abs(),
            };
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, a.text.as_str()));
            }
        }
        best.map(|b| b.1)
    }
}

/// A juror played by the built-in rules.
pub struct OfflineJuror {
    words: Offline,
    /// This juror's index in the jury.
    index: usize,
    weights: BTreeMap<String, f64>,
    sides: Vec<Side>,
    names: Vec<String>,
    players: Seat,
    turn: usize,
    /// The cards presented so far, in order (only these are cited).
    presented: Vec<String>,
    /// What the other jurors have said in deliberation.
    stated: Vec<String>,
    /// Every juror's words heard in this trial (answers, statements, responses): a line
    /// said out is not picked again while another is left.
    said: Vec<String>,
    /// The band this juror last told each player.
    told: BTreeMap<Seat, Band>,
    /// What the juror calls the case when it weighs none of its topics, in its language.
    the_case: String,
}

impl OfflineJuror {
    pub fn new(words: Offline, setup: &TrialSetup, index: usize) -> OfflineJuror {
        OfflineJuror {
            the_case: words.case.lang.text("trial-the-case", &[]),
            words,
            index,
            weights: setup.jurors[index].weights.clone(),
            sides: setup.sides.clone(),
            names: setup.jurors.iter().map(|j| j.name.clone()).collect(),
            players: setup.sides.len() as Seat,
            turn: index,
            presented: Vec::new(),
            stated: Vec::new(),
            said: Vec::new(),
            told: BTreeMap::new(),
        }
    }

    /// The name of the case topic this juror weighs most (then the next), or "the case".
    fn top_topics(&self) -> (&str, &str) {
        let mut topics: Vec<(&String, &f64)> = self.weights.iter().collect();
        topics.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()).then(a.0.cmp(b.0)));
        let name = |i: usize| {
            topics
                .get(i)
                .map_or(self.the_case.as_str(), |(t, _)| self.words.topic_name(t))
        };
        (name(0), name(1))
    }

    /// What would convince this juror toward `side`, in its own terms: the topics that
    /// would move it furthest that way (argued for, or argued down: a negative impact
    /// counts half), and the topic that, argued, would cost `side` most.
    fn convince(&self, side: Side) -> Question<'_> {
        let mut ways: Vec<(f64, bool, &str)> = self
            .weights
            .iter()
            .map(|(topic, &w)| {
                let (up, down) = (side.toward(w), side.toward(-0.5 * w));
                (up.max(down), up >= down, topic.as_str())
            })
            .filter(|w| w.0 > 0.0)
            .collect();
        ways.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.2.cmp(b.2)));
        let worst = self
            .weights
            .iter()
            .map(|(topic, &w)| (side.toward(w), topic.as_str()))
            .filter(|w| w.0 < 0.0)
            .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(b.1)))
            .map(|w| self.words.topic_name(w.1));
        match ways.first() {
            Some(&(_, argue_for, topic)) => {
                // The next way is said in the same breath, so the same way round (to argue
                // for, or down) when there is one; the warning never names either.
                let second = ways[1..]
                    .iter()
                    .find(|w| w.1 == argue_for)
                    .or(ways.get(1))
                    .map(|w| self.words.topic_name(w.2));
                let first = self.words.topic_name(topic);
                Question::Convince {
                    topic: first,
                    argue_for,
                    second,
                    worst: worst.filter(|w| *w != first && Some(*w) != second),
                }
            }
            None => Question::Other {
                topic: self.top_topics().0,
            },
        }
    }

    /// The answer to `player`'s message `text`: an answer if it asks something, else a
    /// reaction to what it did; the juror's band is told when it has changed since this
    /// player last heard it.
    fn answer(
        &mut self,
        player: Seat,
        text: &str,
        band: Band,
        heard: Option<&str>,
        moved: f64,
    ) -> String {
        let side = self.side_of(player);
        let tell_band = self.told.insert(player, band) != Some(band);
        let replies = &self.words.replies;
        let (top, _) = self.top_topics();
        let question = match replies.asks(text) {
            None => None,
            Some(Asked::Convince) => Some(self.convince(side)),
            Some(Asked::Stand) => Some(Question::Stand),
            Some(Asked::Other) => Some(match heard {
                Some(topic) => {
                    let toward = side.toward(moved);
                    Question::About {
                        topic,
                        tells: (toward.abs() >= 1.5).then_some(toward > 0.0),
                    }
                }
                None => Question::Other { topic: top },
            }),
        };
        match question {
            Some(q) => replies.answer(&q, band, tell_band, self.turn, &self.said),
            None => {
                let struck = self.struck(player, heard.is_some(), moved);
                replies.reply(struck, heard, top, band, tell_band, self.turn, &self.said)
            }
        }
    }

    /// This juror's reason in deliberation: the topic it weighs most that a presented card
    /// bears on (the card moving it most its own way), naming the card; else its
    /// weightiest topic, citing nothing. A reason another juror already gave is passed
    /// over for the next.
    fn reason(&self, side: Option<Side>) -> String {
        let case = &self.words.case;
        let mut options: Vec<(f64, Option<&str>, &str)> = Vec::new();
        for id in &self.presented {
            let Some(card) = case.evidence.iter().find(|e| &e.id == id) else {
                continue;
            };
            for (topic, effect) in &card.topics {
                let w = self.weights.get(topic).copied().unwrap_or(0.0);
                let toward = w * effect;
                let score = match side {
                    Some(Side::Prosecution) => -toward,
                    Some(Side::Defense) => toward,
                    None => toward.abs(),
                };
                options.push((score, Some(card.title.as_str()), topic.as_str()));
            }
        }
        let mut topics: Vec<(&String, &f64)> = self.weights.iter().collect();
        topics.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()).then(a.0.cmp(b.0)));
        for (i, (topic, _)) in topics.iter().enumerate() {
            options.push((-1000.0 - i as f64, None, topic.as_str()));
        }
        options.sort_by(|a, b| b.0.total_cmp(&a.0));
        // A reason is (card, topic): one another juror gave already is passed over.
        let given = |card: Option<&str>, topic: &str| {
            let (topic, card) = (topic.to_lowercase(), card.map(str::to_lowercase));
            self.stated.iter().any(|s| {
                let s = s.to_lowercase();
                s.contains(&topic) && card.as_ref().is_none_or(|c| s.contains(c.as_str()))
            })
        };
        let texts: Vec<(bool, String)> = options
            .iter()
            .map(|(_, card, topic)| {
                let card = card.map(lower_the);
                let topic = self.words.topic_name(topic);
                (
                    given(card.as_deref(), topic),
                    self.words
                        .replies
                        .reason(card.as_deref(), topic, self.turn, &self.said),
                )
            })
            .collect();
        texts
            .iter()
            .find(|(given, _)| !given)
            .or(texts.first())
            .map(|(_, t)| t.clone())
            .unwrap_or_default()
    }

    /// The topic heard that did most to move this juror the way it went for `player`
    /// (toward the player's side, or away): the one a reaction names.
    fn telling<'a>(&self, player: Seat, heard: &'a [TopicLabel], moved: f64) -> Option<&'a str> {
        let side = self.side_of(player);
        let away = side.toward(moved) < 0.0;
        heard
            .iter()
            .map(|t| {
                let w = self.weights.get(&t.topic).copied().unwrap_or(0.0);
                let toward = side.toward(w * t.impact.factor());
                (if away { -toward } else { toward }, t.topic.as_str())
            })
            .fold(None, |best: Option<(f64, &str)>, x| match best {
                Some(b) if b.0 >= x.0 => Some(b),
                _ => Some(x),
            })
            .map(|b| b.1)
    }

    fn side_of(&self, player: Seat) -> Side {
        self.sides
            .get(player as usize - 1)
            .copied()
            .unwrap_or(Side::Defense)
    }

    fn struck(&self, player: Seat, heard: bool, moved: f64) -> Struck {
        let toward = match self.sides.get(player as usize - 1) {
            Some(Side::Prosecution) => -moved,
            _ => moved,
        };
        if !heard {
            Struck::Nothing
        } else if toward < 0.0 {
            Struck::Against
        } else if toward >= STRONG {
            Struck::Strong
        } else {
            Struck::Weak
        }
    }
}

/// A card's title as said mid-sentence: "The daughter's statement" → "the daughter's
/// statement" (a name keeps its capital).
fn lower_the(title: &str) -> String {
    match title.split_once(' ') {
        Some((first, rest)) if matches!(first, "The" | "A" | "An") => {
            format!("{} {rest}", first.to_lowercase())
        }
        _ => title.to_string(),
    }
}

impl Agent<Trial> for OfflineJuror {
    fn observe(&mut self, event: &Event) {
        match event {
            Event::Presented { card, .. } if !self.presented.contains(card) => {
                self.presented.push(card.clone())
            }
            Event::Stated { text, .. } => {
                self.stated.push(text.clone());
                self.said.push(text.clone());
            }
            Event::Replied { text, .. } | Event::Responded { text, .. } => {
                self.said.push(text.clone())
            }
            _ => {}
        }
    }

    fn decide(&mut self, ask: &Ask) -> Decision<Action> {
        self.turn += 1;
        let replies = self.words.replies.clone();
        let action = match ask {
            Ask::Label { text, .. } => Action::Label(self.words.lexicon.label(text)),
            Ask::Reply {
                player,
                text,
                band,
                heard,
                moved,
            } => {
                let words = self.words.clone();
                let topic = self
                    .telling(*player, heard, *moved)
                    .map(|t| words.topic_name(t));
                Action::Reply {
                    text: self.answer(*player, text, *band, topic, *moved),
                }
            }
            Ask::Deliberate { band, .. } => {
                let side = band.leans_to();
                let text = text::join([
                    replies.opening(self.turn, &self.said).as_str(),
                    self.reason(side).as_str(),
                ]);
                let labels = self.words.label(&text);
                Action::Statement { text, labels }
            }
            Ask::Respond {
                speaker,
                band,
                speaker_band,
                moved,
                ..
            } => {
                let friend = self.words.case.lang.text("trial-friend", &[]);
                let name = (*speaker as usize)
                    .checked_sub(self.players as usize + 1)
                    .and_then(|i| self.names.get(i))
                    .map_or(friend.as_str(), String::as_str);
                // Moved by it, or not: then undecided, of the speaker's verdict already
                // (it agrees rather than differs), or of the other.
                let heard = match band.leans_to() {
                    _ if moved.abs() >= 1.0 => Heard::Moved,
                    None => Heard::Unsure,
                    mine if mine == speaker_band.leans_to() => Heard::Agreed,
                    _ => Heard::Unmoved,
                };
                Action::Reply {
                    text: replies.respond(heard, name, *band, self.turn, &self.said),
                }
            }
            Ask::Argue { .. } => Action::Rest,
        };
        let _ = self.index;
        Decision::Now(action)
    }
}

/// An advocate played by the built-in rules: it presents the cards that favour its side,
/// spreads its messages over the jurors, and says each juror the bank's arguments it has
/// used least with them.
pub struct OfflineAdvocate {
    words: Offline,
    side: Side,
    /// Each card's summed effect on the jury (read off the case, as a player reads a card).
    cards: BTreeMap<String, f64>,
    used: BTreeMap<(String, usize), u32>,
    rng: ChaCha8Rng,
}

impl OfflineAdvocate {
    pub fn new(words: Offline, setup: &TrialSetup, seat: Seat, seed: u64) -> OfflineAdvocate {
        OfflineAdvocate {
            side: setup.sides[seat as usize - 1],
            cards: setup
                .cards
                .iter()
                .map(|c| (c.id.clone(), c.effects.values().sum()))
                .collect(),
            words,
            used: BTreeMap::new(),
            rng: ChaCha8Rng::seed_from_u64(
                seed ^ (seat as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
            ),
        }
    }

    fn favours(&self, card: &str) -> bool {
        let sum = self.cards.get(card).copied().unwrap_or(0.0);
        match self.side {
            Side::Defense => sum > 0.0,
            Side::Prosecution => sum < 0.0,
        }
    }

    fn argue(&mut self, turns_left: &BTreeMap<String, u32>, cards: &[String]) -> Action {
        let good: Vec<&String> = cards.iter().filter(|c| self.favours(c)).collect();
        let most = turns_left.values().copied().max().unwrap_or(0);
        if !good.is_empty() && (most == 0 || self.rng.next_u32().is_multiple_of(4)) {
            let pick = self.rng.next_u32() as usize % good.len();
            return Action::Present {
                card: good[pick].clone(),
            };
        }
        if most == 0 {
            return Action::Rest;
        }
        let open: Vec<&String> = turns_left
            .iter()
            .filter(|(_, &n)| n == most)
            .map(|(j, _)| j)
            .collect();
        let juror = open[self.rng.next_u32() as usize % open.len()].clone();
        let bank: Vec<usize> = self
            .words
            .case
            .arguments
            .iter()
            .enumerate()
            .filter(|(_, a)| a.side == self.side)
            .map(|(i, _)| i)
            .collect();
        let least = bank
            .iter()
            .map(|&i| self.used.get(&(juror.clone(), i)).copied().unwrap_or(0))
            .min()
            .unwrap_or(0);
        let fresh: Vec<usize> = bank
            .into_iter()
            .filter(|&i| self.used.get(&(juror.clone(), i)).copied().unwrap_or(0) == least)
            .collect();
        let Some(&choice) = fresh.get(self.rng.next_u32() as usize % fresh.len().max(1)) else {
            return Action::Rest;
        };
        *self.used.entry((juror.clone(), choice)).or_insert(0) += 1;
        Action::Say {
            juror,
            text: self.words.case.arguments[choice].text.clone(),
        }
    }
}

impl Agent<Trial> for OfflineAdvocate {
    fn observe(&mut self, _event: &Event) {}

    fn decide(&mut self, ask: &Ask) -> Decision<Action> {
        Decision::Now(match ask {
            Ask::Argue { turns_left, cards } => self.argue(turns_left, cards),
            _ => Action::Rest,
        })
    }
}
