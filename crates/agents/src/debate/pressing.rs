//! How an offline debater builds on what was actually said, read the way the judge reads
//! (see [`super::reading`]): a question that presses one of the other side's own sentences,
//! the lines of its bank that take up a question's words, and its evidence tied to its
//! claim by a reason.

use super::reading::{keys, read, Sentence};
use super::text::{joined, lower_start, sentences};
use super::topics::Bank;

/// Discourse markers that open a sentence without being part of its claim.
const CONNECTORS: [&str; 14] = [
    "with respect",
    "moreover",
    "in addition",
    "at the same time",
    "worse still",
    "on top of that",
    "just as importantly",
    "for the same reason",
    "furthermore",
    "besides",
    "indeed",
    "frankly",
    "what is more",
    "equally",
];

/// How a claim's evidence is tied to it, in turn.
const LINKS: [&str; 4] = [
    "We know this because",
    "We say so because",
    "This is no guess, because",
    "That matters because",
];

/// `evidence` tied to the claim before it by a reason ("We know this because …"); as it
/// is when its first word cannot follow the link.
pub fn linked(evidence: &str, turn: usize) -> String {
    joined(LINKS[turn % LINKS.len()], evidence)
}

/// The first line `make` builds from one of `theirs` (the other side's speeches, latest
/// first) sentences that `fits` (never a question or a quotation) and that `said` does not
/// hold; `make` gets the sentence, lower-cased at its start, and whether it gave evidence.
fn first_unsaid(
    theirs: &[&str],
    motion: &[String],
    said: &dyn Fn(&str) -> bool,
    fits: impl Fn(&Sentence) -> bool,
    make: impl Fn(&str, bool) -> String,
) -> Option<String> {
    for text in theirs {
        for s in read(text, motion) {
            if s.question || !fits(&s) || s.text.contains(['"', '“', ':']) {
                continue;
            }
            let body = s.text.trim_end_matches(['.', '!', ' ']).to_string();
            let Some(body) = lowered(&body, theirs) else {
                continue;
            };
            let line = make(&body, s.evidence > 0);
            if !said(&line) {
                return Some(line);
            }
        }
    }
    None
}

/// A question pressing the first of `theirs` (the other side's speeches, latest first)
/// sentences that makes a claim (three key words) and has not been pressed yet: "What
/// evidence shows that …?" when it gave none, else "Even granting that …, why should that
/// decide this debate?".
pub fn pressing_question(
    theirs: &[&str],
    motion: &[String],
    said: &dyn Fn(&str) -> bool,
) -> Option<String> {
    first_unsaid(
        theirs,
        motion,
        said,
        |s| s.keys.len() >= 3,
        |body, evidence| {
            if evidence {
                format!("Even granting that {body}, why should that decide this debate?")
            } else {
                format!("What evidence shows that {body}?")
            }
        },
    )
}

/// A challenge to the first of `theirs` (latest first) sentences that makes a claim (three
/// to six key words, so that it is not simply said again) and has not been challenged:
/// "They say that …, yet they have shown no evidence for it." when it gave none, else
/// "They say that …, but one finding does not decide this motion.".
pub fn challenge(
    theirs: &[&str],
    motion: &[String],
    said: &dyn Fn(&str) -> bool,
) -> Option<String> {
    // A claim worth challenging: a reason, a figure or four key words (not a speaker's
    // stock phrase), short enough not to be simply said again.
    let fits = |s: &Sentence| {
        (s.reason || s.evidence > 0 || s.keys.len() >= 4) && (3..=6).contains(&s.keys.len())
    };
    first_unsaid(theirs, motion, said, fits, |body, evidence| {
        if evidence {
            format!("They say that {body}, but one finding does not decide this motion.")
        } else {
            format!("They say that {body}, yet they have shown no evidence for it.")
        }
    })
}

/// The sentences of `bank` (its claims, evidence and rebuttals) that take up the questions
/// in `question`, the best for each question first, none said before.
pub fn answering(
    bank: &Bank,
    question: &str,
    motion: &[String],
    said: &dyn Fn(&str) -> bool,
) -> Vec<String> {
    let lines: Vec<String> = bank
        .claims
        .iter()
        .flat_map(|c| [c.claim.clone(), c.evidence.clone()])
        .chain(bank.rebuttals.iter().flat_map(|r| sentences(&r.text)))
        .filter(|l| !said(l))
        .collect();
    let read_lines: Vec<Sentence> = lines.iter().map(|l| Sentence::read(l, motion)).collect();
    let mut out: Vec<String> = Vec::new();
    for q in read(question, motion).into_iter().filter(|q| q.question) {
        let best = read_lines
            .iter()
            .filter(|l| l.takes_up(&q) && !out.contains(&l.text))
            .max_by_key(|l| l.keys.iter().filter(|k| q.keys.contains(k)).count());
        if let Some(l) = best {
            out.push(l.text.clone());
        }
    }
    out
}

/// `body` with its first word lower-cased: a common starter, or a word the other side's
/// speeches also write in lower case (so a name keeps its capital); `None` otherwise.
fn lowered(body: &str, context: &[&str]) -> Option<String> {
    // A connector of theirs ("With respect, …") is not part of what they claimed.
    if let Some((head, rest)) = body.split_once(", ") {
        if CONNECTORS.contains(&head.to_lowercase().as_str()) && !rest.is_empty() {
            return lowered(rest, context).or_else(|| Some(rest.to_string()));
        }
    }
    if let Some(l) = lower_start(body) {
        return Some(l);
    }
    let first = body.split_whitespace().next()?;
    let lower = first.to_lowercase();
    let seen = context.iter().any(|t| {
        t.split_whitespace()
            .any(|w| w.trim_matches(|c: char| !c.is_alphanumeric()) == lower)
    });
    (seen && first != lower).then(|| format!("{lower}{}", &body[first.len()..]))
}

/// The motion's key words (what every speech shares, so never what it takes up).
pub fn motion_keys(motion: &str) -> Vec<String> {
    keys(motion)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presses_their_own_sentence_and_skips_what_was_pressed() {
        let motion = motion_keys("This house would ban homework");
        let theirs =
            ["Homework builds discipline that pupils carry into adult life. Why? Set homework."];
        let q = pressing_question(&theirs, &motion, &|_| false).unwrap();
        assert_eq!(
            q,
            "What evidence shows that homework builds discipline that pupils carry into adult life?"
        );
        let again = pressing_question(&theirs, &motion, &|t| t == q);
        assert_eq!(again, None);
        assert_eq!(
            linked("A study found more.", 0),
            "We know this because a study found more."
        );
        assert_eq!(linked("Office rents rose.", 0), "Office rents rose.");
    }
}
