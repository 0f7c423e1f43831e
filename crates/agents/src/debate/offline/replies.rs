//! How an offline debater answers the other side's points in its own speech: each point
//! stated in their words and answered with a line of ours (see
//! [`crate::debate::pressing::rejoinders`]), else a challenge to their latest claim.

use super::Writer;
use crate::debate::pressing::{challenge, mid_sentence, rejoinders, weighed};
use crate::debate::reading::{keys, read, Sentence};
use crate::debate::text::{cites_figures, claims_in, sentences, touched_claims, Draft};
use crate::debate::topics::Claim;
use crate::games::debate::team::side_of;
use crate::games::debate::words;
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

impl Writer<'_> {
    /// Pushes into `d` rejoinders to the points of `theirs` (latest first; at most `n`,
    /// the first at priority `at[0]`, the others at `at[1]`), or, when there are none, a
    /// challenge to their latest claim at `at[0]`. A closing (`again`) may answer a point
    /// again.
    pub(super) fn answer_points(
        &self,
        rng: &mut ChaCha8Rng,
        d: &mut Draft,
        theirs: &[&str],
        n: usize,
        again: bool,
        at: [u8; 2],
    ) {
        let answers = if n > 0 {
            self.rejoinders(rng, theirs, n, again)
        } else {
            Vec::new()
        };
        for (i, line) in answers.iter().enumerate() {
            d.push(at[i.min(1)], line);
        }
        if answers.is_empty() {
            let motion = keys(&self.memory.motion);
            let on_topic = |t: &str| self.on_topic(t);
            if let Some(line) = challenge(theirs, &motion, &self.said_before(), &on_topic) {
                d.push(at[0], line);
            }
        }
    }

    /// Whether `text` is about this debate's topic: it names one of either bank's claims'
    /// key words or a key word of the motion (a speaker's stock phrase does not).
    pub(super) fn on_topic(&self, text: &str) -> bool {
        let motion = keys(&self.memory.motion);
        if crate::debate::forms::is_chinese(text) {
            // One Chinese keyword ("简单") is often an everyday word: a claim touched as the
            // judge reads it (two keywords, or stated), or two of the motion's pairs.
            let pairs = keys(text).iter().filter(|k| motion.contains(k)).count();
            return !touched_claims(self.own(), self.theirs(), text).is_empty()
                || !touched_claims(self.theirs(), self.own(), text).is_empty()
                || pairs >= 2;
        }
        !claims_in(self.own(), text).is_empty()
            || !claims_in(self.theirs(), text).is_empty()
            || keys(text).iter().any(|k| motion.contains(k))
    }

    /// Our line that answers `point` (one of the other side's sentences on the topic): of
    /// our bank's claims, evidence and rebuttal sentences (at most 24 words, in at most two
    /// rejoinders of this side before), the one sharing most of its key words (two at
    /// least), those not yet said first; else the first sentence of our rebuttal of the
    /// claim of theirs it makes; else, when it attacks a claim of ours, that claim's
    /// evidence. Only a closing (`again`, weighing the whole clash) answers with a line
    /// said before: elsewhere a side does not say its own sentence twice.
    fn reply_to(
        &self,
        point: &Sentence,
        said: &dyn Fn(&str) -> bool,
        ours: &[String],
        again: bool,
    ) -> Option<String> {
        if !self.on_topic(&point.text) {
            return None;
        }
        let motion = keys(&self.memory.motion);
        let own = self.own();
        // How often a line already answered a point in a rejoinder of ours.
        let uses = |l: &str| {
            let l = l.trim_end_matches('.').to_lowercase();
            ours.iter()
                .flat_map(|t| t.match_indices(l.as_str()).map(move |(i, _)| &t[..i]))
                .filter(|before| {
                    ["but ", "yet ", "that "]
                        .iter()
                        .any(|s| before.ends_with(s))
                })
                .count()
        };
        let lines = own
            .claims
            .iter()
            .flat_map(|c| [c.claim.clone(), c.evidence.clone()])
            .chain(own.rebuttals.iter().flat_map(|r| sentences(&r.text)))
            .filter(|l| words::count(l) <= 24 && uses(l) < 3)
            .filter(|l| again || !said(l));
        let best = lines
            .map(|l| {
                let r = Sentence::read(&l, &motion);
                let shared = point.keys.iter().filter(|k| r.keys.contains(k)).count();
                (shared, !said(&l), l)
            })
            .filter(|(shared, _, _)| *shared >= 2)
            .max_by_key(|(shared, fresh, _)| (*fresh, *shared));
        if let Some((_, _, l)) = best {
            return Some(l);
        }
        let rebuttal = touched_claims(self.theirs(), self.own(), &point.text)
            .into_iter()
            .next()
            .and_then(|claim| own.rebuttals.iter().find(|r| r.answers == claim.id))
            .and_then(|r| sentences(&r.text).into_iter().next())
            .filter(|l| uses(l) < 3);
        // A point against a claim of ours is met with that claim's evidence.
        let fitted = rebuttal
            .or_else(|| {
                touched_claims(own, self.theirs(), &point.text)
                    .into_iter()
                    .map(|c| c.evidence.clone())
                    .find(|l| words::count(l) <= 30 && uses(l) < 3)
            })
            .filter(|l| again || !said(l));
        if fitted.is_some() || !cites_figures(&point.text) {
            return fitted;
        }
        // New evidence of theirs (a figure our bank never met) is still taken up: set
        // against a line of ours not yet said, the least used first.
        own.claims
            .iter()
            .flat_map(|c| [c.claim.clone(), c.evidence.clone()])
            .filter(|l| words::count(l) <= 24 && !said(l))
            .min_by_key(|l| uses(l))
    }

    /// Rejoinders to the points of `theirs` (latest first) this side has not answered yet:
    /// "They say that …, but …" with our line for each (see [`rejoinders`]); at most `n`.
    /// A closing (`again`) may answer a point again, with another line: it weighs the
    /// whole clash.
    fn rejoinders(
        &self,
        rng: &mut ChaCha8Rng,
        theirs: &[&str],
        n: usize,
        again: bool,
    ) -> Vec<String> {
        let ours: Vec<String> = self
            .memory
            .by_side(self.side)
            .map(|s| s.text.to_lowercase())
            .collect();
        let motion = keys(&self.memory.motion);
        let speeches = &self.memory.speeches;
        // Answered: stated in a speech of ours, or taken up by one given after theirs that
        // made it (a teammate who refuted it in their own words: three of its key words,
        // or two with a contrast), so no one of ours grants it again ("Even if …").
        let answered = |p: &str| {
            let low = p.to_lowercase();
            if again {
                return false;
            }
            if ours.iter().any(|t| t.contains(&low)) {
                return true;
            }
            let theirs_side = Some(self.side.other());
            let Some(made) = speeches.iter().rposition(|s| {
                side_of(s.seat) == theirs_side && s.text.to_lowercase().contains(&low)
            }) else {
                return false;
            };
            let point = Sentence::read(p, &motion);
            speeches[made + 1..]
                .iter()
                .filter(|s| side_of(s.seat) == Some(self.side))
                .flat_map(|s| read(&s.text, &motion))
                .any(|r| {
                    let shared = point.keys.iter().filter(|k| r.keys.contains(k)).count();
                    shared >= 3 || (shared >= 2 && r.contrast)
                })
        };
        let said = self.said_before();
        rejoinders(
            theirs,
            &motion,
            &answered,
            &said,
            &|p| self.reply_to(p, &said, &ours, again),
            n,
            (rng.next_u64() % 6) as usize,
        )
    }

    /// The clashes weighed: for each of `claims` (theirs), the claim set against a
    /// sentence of our rebuttal of it (else one of our claims), in a sentence `said` does
    /// not hold (see [`weighed`]); at most `n`, none taking up a claim or an answer `d`
    /// (the speech) already holds. A closing's (`closing`) forms look back on the debate.
    pub(super) fn weighing(
        &self,
        rng: &mut ChaCha8Rng,
        d: &Draft,
        said: &dyn Fn(&str) -> bool,
        claims: &[&Claim],
        n: usize,
        closing: bool,
    ) -> Vec<String> {
        let context: Vec<&str> = [self.theirs(), self.own()]
            .into_iter()
            .flat_map(|b| {
                b.claims
                    .iter()
                    .flat_map(|c| [c.claim.as_str(), c.evidence.as_str()])
                    .chain(b.rebuttals.iter().map(|r| r.text.as_str()))
                    .chain([b.framing.as_str()])
            })
            .collect();
        let salt = (rng.next_u64() % 4) as usize;
        let mut out: Vec<String> = Vec::new();
        for c in claims {
            if out.len() >= n {
                break;
            }
            // A clash the speech already takes up is not weighed again in it.
            let p = mid_sentence(&c.claim, &context);
            if d.mentions(&p) {
                continue;
            }
            // Our rebuttal of it, else one of our own claims set against it.
            let answers = self
                .own()
                .rebuttals
                .iter()
                .filter(|r| r.answers == c.id)
                .flat_map(|r| sentences(&r.text))
                .map(|a| (a, false))
                .chain(self.own().claims.iter().map(|c| (c.claim.clone(), true)));
            let line = answers
                .filter(|(a, _)| {
                    let a = a.trim_end_matches('.').to_lowercase();
                    !d.mentions(&a) && !out.iter().any(|l| l.to_lowercase().contains(&a))
                })
                .map(|(a, outweighs)| (mid_sentence(&a, &context), outweighs))
                .filter_map(|(r, outweighs)| {
                    // Another form when this one's head already opens a sentence of the
                    // speech; with none left, the clash is not weighed: two clashes weighed
                    // alike read as a template.
                    let turn = salt + out.len();
                    (0..5)
                        .map(|k| weighed(turn + k, &p, &r, closing, outweighs))
                        .find(|l| {
                            let head = opening_words(l);
                            !d.mentions(&head)
                                && !out.iter().any(|o| o.to_lowercase().starts_with(&head))
                        })
                })
                .find(|line| !said(line));
            out.extend(line);
        }
        out
    }
}

/// The first four words of `line`, lower-cased: the head of its form.
fn opening_words(line: &str) -> String {
    line.split_whitespace()
        .take(4)
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}
