//! The offline debater and captain: speeches assembled from the topic's argument bank for
//! the seat's side, in its personality's voice, answering what the other side said, always
//! within the ask's word limit (whole sentences dropped, least important first, to fit).
//!
//! - opening: an opener, the side's framing, two or three claims with their evidence;
//! - questions: two sentences they actually said, pressed ("What evidence shows that …?",
//!   "Even granting that …, why should that decide this debate?"), then three of the
//!   side's questions not yet asked, to the named opponent who has spoken less;
//! - answer: each question answered, rebuttals of the claims the questions touched, the
//!   claim of ours they pressed defended with its evidence, one more of ours, then with
//!   time left one point of theirs not yet answered (never ending with `?`);
//! - summary and closing: the other side's points not yet answered, each stated in their
//!   words and answered in one sentence (a rejoinder: "They say that …, but …"), the
//!   team's claims not yet made, rebuttals of the other side's most-used claims;
//! - free debate: rejoinders to the other side's last speech, a rebuttal, one fresh claim,
//!   about a
//!   quarter of the team's clock; the last word (the fourth, or any speech that would leave
//!   less than half a quarter) takes what is left; never a sentence the side said before.
//!   The team rests its case (see [`Writer::free_fresh`]) after its four speeches, when
//!   fewer than [`FRESH_SPEECH`] fresh words are left, or when the clock is too short for
//!   a point (fewer than [`MIN_SPEECH`] words), rather than speak a "Done.". With
//!   people on the team, each person's fair share (a quarter of the clock, less what they
//!   said in free debate) is kept for them: the AI speakers share the rest, one speech each;
//! - the captain (free debate, the floor offered to the team): a person who asked for the
//!   floor (a team note naming it: the terminal's `floor`), else the team's least-heard
//!   debater speaks, with a direction; a person is preferred on a tie only once a teammate
//!   has spoken more than they have, so the team's first free speech is never handed to a
//!   person at once.

use super::answering::answers;
use super::forms::Forms;
use super::memory::Memory;
use super::personalities::Personality;
use super::pressing::{attached, linked, mid_sentence, pressing_questions};
use super::reading::{keys, read, Sentence};
use super::text::{
    claims_in, is_stock, keywords_hit, short_sentence_in, touched_claims, words_of, Draft,
};
use super::topics::{Bank, Claim, Topic};
use crate::games::debate::team::{Part, Side};
use crate::games::debate::words;
use crate::games::{Lang, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;
use std::collections::HashSet;

mod floor;
mod replies;

/// The free-debate speeches an offline team plans (each about a quarter of its clock).
pub const FREE_SPEECHES: u32 = 4;

/// The fewest words an offline debater speaks in free debate: with less on the clock the
/// team rests its case (a "We rest." would only add a speech worth nothing).
pub const MIN_SPEECH: u32 = 6;

/// The fewest fresh words (beyond an opener and a closer) that make a free-debate
/// speech worth giving; with less left to say, an offline team rests its case.
pub const FRESH_SPEECH: u32 = 30;

/// One offline speech's inputs: what the seat knows and how it talks.
pub struct Writer<'a> {
    pub seat: Seat,
    pub side: Side,
    pub topic: &'a Topic,
    pub voice: &'a Personality,
    pub memory: &'a Memory,
    /// The seats people play: the captain hands them the floor fairly and the AI speakers
    /// leave them their share of the free-debate clock.
    pub humans: &'a [Seat],
}

fn pick<'b, T>(rng: &mut ChaCha8Rng, items: &'b [T]) -> &'b T {
    &items[(rng.next_u64() % items.len() as u64) as usize]
}

/// `n` distinct indices below `len` in a seeded order.
fn shuffled(rng: &mut ChaCha8Rng, len: usize) -> Vec<usize> {
    let mut v: Vec<usize> = (0..len).collect();
    for i in (1..len).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        v.swap(i, j);
    }
    v
}

/// A closer that is not a question (answers must not end with `?`).
fn statement<'b>(rng: &mut ChaCha8Rng, list: &'b [String]) -> &'b str {
    let plain: Vec<&String> = list
        .iter()
        .filter(|s| !words::ends_with_question(s))
        .collect();
    if plain.is_empty() {
        list[0].as_str()
    } else {
        plain[(rng.next_u64() % plain.len() as u64) as usize].as_str()
    }
}

/// Ends `text` with a statement, not a question (the last `?` becomes `.`, a `？` `。`).
fn unquestioned(mut text: String) -> String {
    while words::ends_with_question(&text) {
        let i = text.rfind(['?', '？']).expect("ends with a question mark");
        let wide = text[i..].starts_with('？');
        let mark = text[i..].chars().next().map_or(1, char::len_utf8);
        text.replace_range(i..i + mark, if wide { "。" } else { "." });
    }
    text
}

/// How much of a prepared speech an offline debater gives this time: all it prepared, or
/// four fifths, or three fifths of it (seeded; the least important parts dropped), within
/// the limit, so that speeches, and their scores, vary as debaters' form does.
fn effort(rng: &mut ChaCha8Rng, limit: u32, draft: &Draft) -> u32 {
    let fifths = [5, 4, 3][(rng.next_u64() % 3) as usize];
    (draft.words().min(limit) * fifths / 5).max(1)
}

/// Whether this reply misses the point (rebuts another claim than the one just made): one
/// time in four, seeded, as debaters do.
fn misses(rng: &mut ChaCha8Rng) -> bool {
    rng.next_u64().is_multiple_of(4)
}

impl<'a> Writer<'a> {
    fn own(&self) -> &'a Bank {
        self.topic.side(self.side)
    }
    fn theirs(&self) -> &'a Bank {
        self.topic.side(self.side.other())
    }

    /// How often each claim of `side` was made in `side`'s speeches so far, bank order.
    fn claim_use(&self, side: Side) -> Vec<(&'a Claim, usize)> {
        let bank = self.topic.side(side);
        let texts: Vec<Vec<String>> = self
            .memory
            .by_side(side)
            .map(|s| words_of(&s.text))
            .collect();
        bank.claims
            .iter()
            .map(|c| {
                let n = texts
                    .iter()
                    .filter(|w| !keywords_hit(w, c).is_empty())
                    .count();
                (c, n)
            })
            .collect()
    }

    /// The team's claims, those not yet made first (then the least made), in a seeded
    /// order among equals.
    fn fresh_claims(&self, rng: &mut ChaCha8Rng) -> Vec<&'a Claim> {
        let used = self.claim_use(self.side);
        let order = shuffled(rng, used.len());
        let mut ranked: Vec<(usize, usize)> = order.iter().map(|&i| (used[i].1, i)).collect();
        ranked.sort_by_key(|&(n, _)| n);
        ranked.into_iter().map(|(_, i)| used[i].0).collect()
    }

    /// The other side's claims, most made first (only those made at least once): only
    /// claims they made as the judge reads them ([`touched_claims`]: the claim
    /// stated, two of its keywords, or our rebuttal of it stated): one keyword alone ("no
    /// means test" in a definition) raises no claim, and a claim nobody made is never
    /// rebutted.
    fn their_main_claims(&self) -> Vec<&'a Claim> {
        let (theirs, ours) = (self.theirs(), self.own());
        let made: Vec<Vec<&'a Claim>> = self
            .memory
            .by_side(self.side.other())
            .map(|s| touched_claims(theirs, ours, &s.text))
            .collect();
        let mut used: Vec<(&Claim, usize)> = theirs
            .claims
            .iter()
            .map(|c| {
                (
                    c,
                    made.iter()
                        .filter(|m| m.iter().any(|t| t.id == c.id))
                        .count(),
                )
            })
            .filter(|(_, n)| *n > 0)
            .collect();
        used.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
        used.into_iter().map(|(c, _)| c).collect()
    }

    /// A rebuttal of the other side's claim `id` from our bank (seeded among several).
    fn rebuttal_of(&self, rng: &mut ChaCha8Rng, id: &str) -> Option<&'a str> {
        let r: Vec<&'a str> = self
            .own()
            .rebuttals
            .iter()
            .filter(|r| r.answers == id)
            .map(|r| r.text.as_str())
            .collect();
        (!r.is_empty()).then(|| *pick(rng, &r))
    }

    /// Drops from `d` the sentences said before in this debate (see [`Draft::retain_unsaid`]),
    /// and what this side said before too while it has points of its own to make.
    fn keep_fresh(&self, d: &mut Draft, said: &impl Fn(&str) -> bool) {
        d.retain_unsaid(said);
        let motion = keys(&self.memory.motion);
        d.drop_said_if_fresh(FRESH_SPEECH, |t| Sentence::read(t, &motion).is_point());
    }

    /// Whether a sentence was already said in this debate, by either side (the judge gives
    /// a sentence said again nothing, and a debater does not repeat itself).
    fn said_before(&self) -> impl Fn(&str) -> bool {
        let motion = keys(&self.memory.motion);
        let earlier: Vec<Sentence> = self
            .memory
            .speeches
            .iter()
            .flat_map(|s| read(&s.text, &motion))
            .collect();
        move |t: &str| {
            let s = Sentence::read(t, &motion);
            earlier
                .iter()
                .any(|e| e.text.eq_ignore_ascii_case(t) || s.repeats(e))
        }
    }

    /// The other side's speeches, latest first.
    fn theirs_latest(&self) -> Vec<&'a str> {
        self.theirs_before(None)
    }

    /// The other side's speeches, latest first, leaving out those of `parallel` (a summary
    /// or closing does not answer the other side's summary or closing: the judge reads
    /// the two as parallel).
    fn theirs_before(&self, parallel: Option<Part>) -> Vec<&'a str> {
        let mut v: Vec<&'a str> = self
            .memory
            .by_side(self.side.other())
            .filter(|s| Some(s.part) != parallel)
            .map(|s| s.text.as_str())
            .collect();
        v.reverse();
        v
    }

    /// `evidence` tied to the claim before it by a reason (see [`linked`]).
    fn linked(&self, evidence: &str, turn: usize) -> String {
        linked(evidence, turn, &self.topic.texts())
    }

    /// `text` after `connector` (see [`attached`]).
    fn joined(&self, connector: &str, text: &str) -> String {
        attached(connector, text, &self.topic.texts())
    }

    fn opener(&self, rng: &mut ChaCha8Rng) -> &'a str {
        pick(rng, &self.voice.openers).as_str()
    }
    /// A connector drawn as ever, but never one this speech used already (`used`): the
    /// next of the voice's list instead, with no extra draw, so a speech's other choices
    /// stay as they were.
    fn connector(&self, rng: &mut ChaCha8Rng, used: &mut Vec<&'a str>) -> &'a str {
        let drawn = pick(rng, &self.voice.connectors).as_str();
        let list = &self.voice.connectors;
        let start = list.iter().position(|c| c == drawn).unwrap_or(0);
        let fresh = (0..list.len())
            .map(|k| list[(start + k) % list.len()].as_str())
            .find(|c| !used.contains(c))
            .unwrap_or(drawn);
        used.push(fresh);
        fresh
    }
    fn closer(&self, rng: &mut ChaCha8Rng) -> &'a str {
        statement(rng, &self.voice.closers)
    }

    /// An opening statement.
    pub fn opening(&self, rng: &mut ChaCha8Rng, limit: u32) -> String {
        let mut used: Vec<&str> = Vec::new();
        let mut d = Draft::in_lang(self.topic.lang);
        d.push(1, self.opener(rng));
        d.push(5, &self.own().framing);
        let claims = self.fresh_claims(rng);
        let n = 2 + (rng.next_u64() % 2) as usize;
        for (i, c) in claims.iter().take(n).enumerate() {
            let claim = if i == 0 {
                c.claim.clone()
            } else {
                self.joined(self.connector(rng, &mut used), &c.claim)
            };
            d.push([0, 2, 6][i], claim);
            d.push([4, 7, 8][i], self.linked(&c.evidence, i));
        }
        d.push(3, self.closer(rng));
        d.retain_unsaid(self.said_before());
        d.fit(effort(rng, limit, &d), '.')
    }

    /// The cross-examiner's questions and who answers: of `targets`, the one who has
    /// spoken less (seeded when equal).
    pub fn questions(
        &self,
        rng: &mut ChaCha8Rng,
        limit: u32,
        targets: [Seat; 2],
    ) -> (Seat, String) {
        let [a, b] = targets;
        let (na, nb) = (self.memory.count(a, None), self.memory.count(b, None));
        let first = rng.next_u64().is_multiple_of(2);
        let target = match na.cmp(&nb) {
            std::cmp::Ordering::Less => a,
            std::cmp::Ordering::Greater => b,
            std::cmp::Ordering::Equal if first => a,
            std::cmp::Ordering::Equal => b,
        };
        let qs = &self.own().questions;
        let mut d = Draft::in_lang(self.topic.lang);
        let said = self.said_before();
        let theirs = self.theirs_latest();
        let motion = keys(&self.memory.motion);
        // First, questions pressing two sentences they actually said.
        // Not their framing's definition of the motion ("A basic income is a payment to
        // every adult …"): a question about what the motion means is no question at all.
        let framing = self.theirs().framing.to_lowercase();
        let on_topic = |t: &str| {
            let own = t.trim().trim_end_matches('.').to_lowercase();
            self.on_topic(t) && !framing.contains(&own)
        };
        // Evidence of theirs is pressed with a point of ours it must answer: a claim of
        // ours bringing key words none of their sentences had (what makes it press), the
        // one sharing most with their point first, each claim once a speech.
        let their_keys: HashSet<String> = theirs
            .iter()
            .flat_map(|t| read(t, &motion))
            .flat_map(|s| s.keys)
            .collect();
        let used = std::cell::RefCell::new(Vec::<usize>::new());
        let ours = |body: &str| {
            let point = Sentence::read(body, &motion);
            let (i, c) = self
                .own()
                .claims
                .iter()
                .enumerate()
                .filter(|(i, _)| !used.borrow().contains(i))
                .min_by_key(|(_, c)| {
                    let r = Sentence::read(&c.claim, &motion);
                    let fresh = r.keys.iter().filter(|k| !their_keys.contains(*k)).count();
                    let shared = point.keys.iter().filter(|k| r.keys.contains(k)).count();
                    std::cmp::Reverse((fresh.min(2), shared, fresh))
                })?;
            used.borrow_mut().push(i);
            let context: Vec<&str> = self.own().claims.iter().map(|c| c.claim.as_str()).collect();
            Some(mid_sentence(Forms::unstopped(&c.claim), &context))
        };
        // A point of theirs our side pressed before ("You say that …: …") is not pressed again.
        let ours_said: Vec<String> = self
            .memory
            .by_side(self.side)
            .map(|s| s.text.to_lowercase())
            .collect();
        let pressed_before = |line: &str| {
            said(line)
                || line
                    .split_once(Forms::of(line).press_against.1)
                    .is_some_and(|(head, _)| {
                        let head = head.to_lowercase();
                        ours_said.iter().any(|t| t.contains(&head))
                    })
        };
        let own_questions =
            pressing_questions(&theirs, &motion, &pressed_before, &on_topic, &ours, 2);
        for (i, q) in own_questions.iter().enumerate() {
            d.push(i as u8, q);
        }
        // With nothing of theirs left unpressed, the bank's questions alone: restating
        // their claim ("You told us: …") would only say again what was said.
        let first = own_questions.len() as u8;
        for (p, i) in shuffled(rng, qs.len()).into_iter().take(3).enumerate() {
            d.push(first + p as u8, &qs[i].text);
        }
        d.retain_unsaid(self.said_before());
        // A question asked before in this debate is not asked again while a fresh one is left.
        d.drop_said_if_fresh(0, words::ends_with_question);
        (target, d.fit(limit, '?'))
    }

    /// An answer to the questions of speech `question`: rebuttals of the claims they
    /// touched (else of the other side's main claim; never another claim than the one
    /// asked about), one of our claims, never a question.
    pub fn answer(&self, rng: &mut ChaCha8Rng, limit: u32, question: Option<&str>) -> String {
        let mut used: Vec<&str> = Vec::new();
        // The claims of theirs the questions touch (a question is short: one of a claim's
        // keywords is enough), else their main claims.
        let mut targets: Vec<&Claim> = question
            .map(|q| {
                let touched = touched_claims(self.theirs(), self.own(), q);
                if touched.is_empty() {
                    claims_in(self.theirs(), q)
                } else {
                    touched
                }
            })
            .unwrap_or_default();
        if targets.is_empty() {
            targets = self.their_main_claims();
            targets.reverse();
        }
        if targets.is_empty() {
            let all = &self.theirs().claims;
            targets.push(pick(rng, all));
        }
        let mut d = Draft::in_lang(self.topic.lang);
        d.push(3, self.opener(rng));
        // Each question asked gets a line of ours that takes it up; the first is quoted
        // when its answer does not already say what it asked.
        if let Some(q) = question {
            let motion = keys(&self.memory.motion);
            let answered = answers(
                self.own(),
                q,
                &motion,
                &self.said_before(),
                &self.topic.texts(),
            );
            if let Some(a) = answered.first() {
                if !a.restates {
                    // The question and "Here is the answer." stand or fall together.
                    let quoted = match self.topic.lang {
                        Lang::En => format!("You ask, \"{}\" Here is the answer.", a.question),
                        Lang::ZhCn => format!("你方问：“{}”我来回答。", a.question),
                    };
                    d.push_whole(2, quoted);
                }
            }
            for a in answered {
                d.push(0, a.line);
            }
        }
        for (i, c) in targets.iter().take(3).enumerate() {
            if let Some(r) = self.rebuttal_of(rng, &c.id) {
                d.push([0, 2, 5][i], r);
            }
        }
        // Our claims the questions challenged are defended first, else a fresh one made.
        let defended = question
            .map(|q| touched_claims(self.own(), self.theirs(), q))
            .unwrap_or_default();
        let fresh = self.fresh_claims(rng);
        let first = defended.first().or(fresh.first()).copied();
        if let Some(c) = first {
            d.push(1, self.joined(self.connector(rng, &mut used), &c.claim));
            d.push(6, self.linked(&c.evidence, 2));
        }
        // Then a second claim of ours, to carry the exchange forward.
        if let Some(c) = fresh
            .iter()
            .find(|c| Some(c.id.as_str()) != first.map(|f| f.id.as_str()))
        {
            d.push(7, self.joined(self.connector(rng, &mut used), &c.claim));
        }
        // Then, with time left, one point of theirs not yet answered, stated and answered:
        // a side whose own case is all said turns to theirs rather than stop short.
        let theirs = self.theirs_latest();
        self.answer_points(rng, &mut d, &theirs, 1, false, [5, 5]);
        d.push(4, self.closer(rng));
        self.keep_fresh(&mut d, &self.said_before());
        unquestioned(d.fit(effort(rng, limit, &d), '.'))
    }

    /// A summary (after cross-examination) or a closing statement.
    pub fn wrap_up(&self, rng: &mut ChaCha8Rng, part: Part, limit: u32) -> String {
        self.wrap_up_with(rng, part, limit, true)
    }

    /// A wrap-up as [`Writer::wrap_up`]; `rejoin`: with the other side's points stated and
    /// answered (a social debate's speeches answer through appeals and challenges instead).
    pub fn wrap_up_with(
        &self,
        rng: &mut ChaCha8Rng,
        part: Part,
        limit: u32,
        rejoin: bool,
    ) -> String {
        let mut used: Vec<&str> = Vec::new();
        let mut d = Draft::in_lang(self.topic.lang);
        let said = self.said_before();
        d.push(2, self.opener(rng));
        if part == Part::Closing {
            d.push(7, &self.own().framing);
        }
        // The clashes weighed, ahead of our own claims: a summary sums up the clash so far,
        // a closing looks back on the whole debate.
        let closing = part == Part::Closing;
        let theirs = self.their_main_claims();
        let weighed = self.weighing(
            rng,
            &d,
            &said,
            &theirs,
            if closing { 4 } else { 2 },
            closing,
        );
        for (i, line) in weighed.iter().enumerate() {
            d.push([1, 3, 5, 7][i], line);
        }
        let fresh = self.fresh_claims(rng);
        let n_claims = if closing { 3 } else { 2 };
        for (i, c) in fresh.iter().take(n_claims).enumerate() {
            let text = if i == 0 {
                c.claim.clone()
            } else {
                self.joined(self.connector(rng, &mut used), &c.claim)
            };
            d.push([0, 3, 6][i], text);
            d.push([5, 8, 9][i], self.linked(&c.evidence, i));
        }
        // A claim of theirs weighed above is not rebutted again right after it.
        let unweighed = theirs.iter().filter(|c| {
            let claim = Forms::unstopped(&c.claim).to_lowercase();
            !weighed.iter().any(|l| l.to_lowercase().contains(&claim))
        });
        for (i, c) in unweighed.take(2).enumerate() {
            if let Some(r) = self.rebuttal_of(rng, &c.id) {
                d.push([1, 4][i], r);
            }
        }
        // Their points, each stated and answered, come before anything else.
        let theirs = self.theirs_before(Some(part));
        let n = if rejoin { 3 } else { 0 };
        self.answer_points(rng, &mut d, &theirs, n, part == Part::Closing, [1, 6]);
        d.push(4, self.closer(rng));
        // A wrap-up weighs the debate in sentences of its own.
        self.keep_fresh(&mut d, &said);
        unquestioned(d.fit(effort(rng, limit, &d), '.'))
    }

    /// A free-debate speech as [`Writer::free`], but never a sentence this side said
    /// before: `None` when the team has given its [`FREE_SPEECHES`] or fewer than
    /// [`FRESH_SPEECH`] fresh words are left to say, and it should rest its case. With people on the team (whose clock a rest would
    /// give up) it is always a speech.
    pub fn free_fresh(
        &self,
        rng: &mut ChaCha8Rng,
        limit: u32,
        direction: Option<&str>,
    ) -> Option<String> {
        let people = self.people_on_team();
        if !people.is_empty() {
            // Nothing new to say and no person of the team still wanting the floor (all let
            // it go): the team rests rather than filling its clock with "We rest our case".
            if people.iter().all(|&p| self.let_go(p)) {
                return self
                    .free_speech(rng, limit, direction, true)
                    .filter(|t| !is_stock(t));
            }
            return Some(self.free(rng, limit, direction));
        }
        if self.team_free_speeches() >= FREE_SPEECHES {
            // Its planned speeches given, the team has made its case.
            return None;
        }
        self.free_speech(rng, limit, direction, true)
    }

    /// A free-debate speech: a rebuttal of the other side's last speech (the claim the
    /// direction names first), one fresh claim; about a quarter of the team's clock, within
    /// `limit` (the clock left); never a sentence said before in this debate (with nothing
    /// new, a short whole sentence).
    pub fn free(&self, rng: &mut ChaCha8Rng, limit: u32, direction: Option<&str>) -> String {
        self.free_speech(rng, limit, direction, false)
            .unwrap_or_else(|| short_sentence_in(limit, '.', self.topic.lang))
    }

    fn free_speech(
        &self,
        rng: &mut ChaCha8Rng,
        limit: u32,
        direction: Option<&str>,
        fresh_only: bool,
    ) -> Option<String> {
        let mut used: Vec<&str> = Vec::new();
        let target = self.free_target(limit);
        let mut targets: Vec<&Claim> = Vec::new();
        if let Some(dir) = direction {
            targets.extend(claims_in(self.theirs(), dir));
        }
        if let Some(last) = self.memory.last_of(self.side.other()) {
            for c in touched_claims(self.theirs(), self.own(), &last.text) {
                if !targets.iter().any(|t| t.id == c.id) {
                    targets.push(c);
                }
            }
        }
        if targets.is_empty() || misses(rng) {
            targets = self.their_main_claims();
            targets.reverse();
        }
        let mut d = Draft::in_lang(self.topic.lang);
        d.push(3, self.opener(rng));
        // The points of their last speech, each stated and answered.
        let theirs = self.theirs_latest();
        self.answer_points(rng, &mut d, &theirs, 3, false, [0, 5]);
        if let Some(r) = targets.first().and_then(|c| self.rebuttal_of(rng, &c.id)) {
            d.push(0, r);
        }
        // Their claims weighed against our answers, when their points are answered.
        let mut weigh = targets.clone();
        for c in self.their_main_claims() {
            if !weigh.iter().any(|t| t.id == c.id) {
                weigh.push(c);
            }
        }
        let said = self.said_before();
        for line in self.weighing(rng, &d, &said, &weigh, 2, false) {
            d.push(5, line);
        }
        let mut own = self.fresh_claims(rng);
        if let Some(dir) = direction {
            // "Press our point on <keyword>": that claim first.
            let named = claims_in(self.own(), dir);
            own.retain(|c| !named.iter().any(|n| n.id == c.id));
            own.splice(0..0, named);
        }
        if let Some(c) = own.first() {
            d.push(1, self.joined(self.connector(rng, &mut used), &c.claim));
            d.push(2, self.linked(&c.evidence, 0));
        }
        if let Some(r) = targets.get(1).and_then(|c| self.rebuttal_of(rng, &c.id)) {
            d.push(5, r);
        }
        if let Some(c) = own.get(1) {
            d.push(6, self.joined(self.connector(rng, &mut used), &c.claim));
            d.push(7, self.linked(&c.evidence, 1));
        }
        // Spare material, for a long share of the clock.
        if let Some(r) = targets.get(2).and_then(|c| self.rebuttal_of(rng, &c.id)) {
            d.push(8, r);
        }
        for (i, c) in own.iter().enumerate().skip(2).take(2) {
            let at = 9 + 2 * (i as u8 - 2);
            d.push(at, self.joined(self.connector(rng, &mut used), &c.claim));
            d.push(at + 1, self.linked(&c.evidence, i));
        }
        if let Some(r) = targets.get(3).and_then(|c| self.rebuttal_of(rng, &c.id)) {
            d.push(13, r);
        }
        d.push(14, &self.own().framing);
        d.push(4, self.closer(rng));
        d.retain_unsaid(&said);
        // A side never says its own sentence twice in free debate.
        d.drop_said();
        // An opener and a closer come to about twenty words.
        if fresh_only && d.words() < FRESH_SPEECH + 20 {
            return None;
        }
        Some(if target >= limit {
            // The team's last word takes all its clock left it can in whole sentences.
            d.fill(target, '.')
        } else {
            d.fit(target, '.')
        })
    }
}
