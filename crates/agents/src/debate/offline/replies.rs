//! How an offline debater answers the other side's points in its own speech: each point
//! stated in their words and answered with a line of ours (see
//! [`crate::debate::pressing::rejoinders`]), else a challenge to their latest claim.

use super::Writer;
use crate::debate::pressing::{challenge, rejoinders};
use crate::debate::reading::{keys, Sentence};
use crate::debate::text::{claims_in, sentences, touched_claims, Draft};
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
    fn on_topic(&self, text: &str) -> bool {
        let motion = keys(&self.memory.motion);
        !claims_in(self.own(), text).is_empty()
            || !claims_in(self.theirs(), text).is_empty()
            || keys(text).iter().any(|k| motion.contains(k))
    }

    /// Our line that answers `point` (one of the other side's sentences on the topic): of
    /// our bank's claims, evidence and rebuttal sentences (at most 24 words, in at most two
    /// rejoinders of this side before), the one sharing most of its key words (two at
    /// least), those not yet said first; else the first sentence of our rebuttal of the
    /// claim of theirs it makes.
    fn reply_to(
        &self,
        point: &Sentence,
        said: &dyn Fn(&str) -> bool,
        ours: &[String],
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
            .filter(|l| words::count(l) <= 24 && uses(l) < 3);
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
        let claim = touched_claims(self.theirs(), self.own(), &point.text)
            .into_iter()
            .next()?;
        own.rebuttals
            .iter()
            .find(|r| r.answers == claim.id)
            .and_then(|r| sentences(&r.text).into_iter().next())
            .filter(|l| uses(l) < 3)
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
        let answered = |p: &str| {
            let p = p.to_lowercase();
            !again && ours.iter().any(|t| t.contains(&p))
        };
        let motion = keys(&self.memory.motion);
        let said = self.said_before();
        rejoinders(
            theirs,
            &motion,
            &answered,
            &said,
            &|p| self.reply_to(p, &said, &ours),
            n,
            (rng.next_u64() % 6) as usize,
        )
    }
}
