//! How an offline debater answers the questions put to it in cross-examination, read the
//! way the judge reads (see [`super::reading`]): each question gets a sentence of its own
//! that takes up the question's key words, never the question quoted back.
//!
//! - A question pressing one of our claims ("What evidence shows that …?", see
//!   [`super::pressing::pressing_questions`]) is answered with that claim's evidence, tied
//!   to the claim by a reason: "We know that …, because …".
//! - A question granting our evidence and asking why it matters ("Even granting that …, why
//!   should that decide this debate?") is answered with the claim that evidence supports.
//! - Any other question gets the line of our bank (a claim, its evidence, a rebuttal) that
//!   takes up most of its key words.
//!
//! Nothing said before in this debate is offered, and no line answers two questions.

use super::forms::{after, Forms};
use super::pressing::mid_sentence;
use super::reading::{read, Sentence};
use super::text::sentences;
use super::topics::{Bank, Claim};

/// One question asked and the line of ours that answers it.
#[derive(Debug, Clone, PartialEq)]
pub struct Answered {
    pub question: String,
    pub line: String,
    /// Whether the line states what the question asked about, so that quoting the
    /// question first would say it twice.
    pub restates: bool,
}

/// The share of `of`'s key words that `by` holds (0 when `of` has none).
fn overlap(of: &Sentence, by: &Sentence) -> f64 {
    if of.keys.is_empty() {
        return 0.0;
    }
    let shared = of.keys.iter().filter(|k| by.keys.contains(k)).count();
    shared as f64 / of.keys.len() as f64
}

/// `text` without its closing full stop, as it reads mid-sentence: its first word
/// lower-cased unless `context` (the topic's texts) shows it is a name.
fn inner(text: &str, context: &[&str]) -> String {
    mid_sentence(Forms::unstopped(text), context)
}

/// What a question of the pressing forms puts to us: `(pressed, granted)`, the claim whose
/// evidence is asked for, or the evidence granted whose weight is asked for.
fn pressed(question: &str) -> Option<(Option<&str>, Option<&str>)> {
    let q = question.trim();
    let f = Forms::of(q);
    let strip = |(head, tail): (&str, &str)| {
        let lower = q.to_lowercase();
        (lower.starts_with(&head.to_lowercase()) && lower.ends_with(&tail.to_lowercase()))
            .then(|| q.get(head.len()..q.len().checked_sub(tail.len())?))
            .flatten()
            .map(str::trim)
            .filter(|b| !b.is_empty())
    };
    if let Some(body) = strip(f.press_evidence) {
        return Some((Some(body), None));
    }
    // "You say that <theirs>: how does that answer the point that <ours>?" grants ours.
    let (head, mid) = f.press_against;
    if q.get(..head.len())
        .is_some_and(|h| h.eq_ignore_ascii_case(head))
    {
        if let Some(at) = q.find(mid).filter(|&at| at >= head.len()) {
            let body = q[head.len()..at].trim();
            if !body.is_empty() {
                return Some((None, Some(body)));
            }
        }
    }
    strip(f.press_weight).map(|body| (None, Some(body)))
}

/// The claim of `bank` whose `part` (its claim or its evidence) `said` states best: three
/// in five of that part's key words, or more.
fn stated<'b>(
    bank: &'b Bank,
    said: &Sentence,
    motion: &[String],
    part: impl Fn(&Claim) -> &str,
) -> Option<&'b Claim> {
    bank.claims
        .iter()
        .map(|c| (overlap(&Sentence::read(part(c), motion), said), c))
        .filter(|(o, _)| *o >= 0.6)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// Another sentence (one that `wanted`) of the rebuttal of ours that `said` comes from
/// (one of its sentences holds three in five of `said`'s key words).
fn rest_of_rebuttal(
    bank: &Bank,
    said: &Sentence,
    motion: &[String],
    wanted: impl Fn(&Sentence) -> bool,
) -> Option<String> {
    bank.rebuttals.iter().find_map(|r| {
        let parts = read(&r.text, motion);
        parts
            .iter()
            .any(|s| overlap(s, said) >= 0.6)
            .then(|| parts.iter().find(|s| wanted(s) && overlap(s, said) < 0.6))
            .flatten()
            .map(|s| s.text.clone())
    })
}

/// Our answer to "What evidence shows that `body`?": the evidence of the claim of ours it
/// states (three in five of the claim's key words), else another sentence with evidence
/// from the rebuttal of ours it comes from, else that rebuttal's other sentence as the
/// reason for it.
fn evidence_for(
    bank: &Bank,
    body: &str,
    motion: &[String],
    turn: usize,
    context: &[&str],
) -> Option<String> {
    let asked = Sentence::read(body, motion);
    let from_claim = stated(bank, &asked, motion, |c| &c.claim).map(|c| c.evidence.clone());
    let evidence =
        from_claim.or_else(|| rest_of_rebuttal(bank, &asked, motion, |s| s.evidence > 0));
    let Some(evidence) = evidence else {
        // A point of a rebuttal of ours with no figure behind it is backed by the reason
        // the rebuttal gives: its other sentence.
        let reason = rest_of_rebuttal(bank, &asked, motion, |s| s.keys.len() >= 2)?;
        let r = inner(&reason, context);
        let f = Forms::of(&reason);
        if f.is_chinese() {
            let (head, tail) = f.claim_then_evidence;
            return Some(if body.contains("因为") {
                format!("{body}；况且，{r}。")
            } else {
                format!("{head}{}{tail}{}。", after(head, body), after(tail, &r))
            });
        }
        return Some(if body.contains(" because ") {
            // A point with a "because" of its own gets a second reason after it.
            let mut c = body.chars();
            let first = c.next().map(|f| f.to_uppercase().collect::<String>());
            format!(
                "{}{}; what is more, {r}.",
                first.unwrap_or_default(),
                c.as_str()
            )
        } else {
            format!(
                "{}{body}{}{r}.",
                f.claim_then_evidence.0, f.claim_then_evidence.1
            )
        });
    };
    let e = inner(&evidence, context);
    let f = Forms::of(&evidence);
    let (head, tail) = match turn % 2 {
        0 => f.claim_then_evidence,
        _ => f.evidence_then_claim[0],
    };
    let stop = f.stop;
    Some(match turn % 2 {
        0 => format!("{head}{}{tail}{}{stop}", after(head, body), after(tail, &e)),
        _ => format!("{head}{}{tail}{}{stop}", after(head, &e), after(tail, body)),
    })
}

/// Our answer to "Even granting that `body`, why should that decide this debate?": the claim
/// of ours that evidence supports (or, for a sentence of a rebuttal of ours, the rebuttal's
/// other sentence), as the reason it matters.
/// With whether the line states the finding itself (else it is "That finding …").
fn weight_of(
    bank: &Bank,
    body: &str,
    motion: &[String],
    turn: usize,
    context: &[&str],
) -> Option<(String, bool)> {
    let granted = Sentence::read(body, motion);
    // A claim of ours granted matters because of the evidence behind it.
    if stated(bank, &granted, motion, |c| &c.evidence).is_none() {
        if let Some(c) = stated(bank, &granted, motion, |c| &c.claim) {
            let e = inner(&c.evidence, context);
            let f = Forms::of(&c.evidence);
            let join = match (
                f.is_chinese(),
                body.contains(" because ") || body.contains("因为"),
            ) {
                (false, true) => ": ",
                (false, false) => ", because ",
                (true, true) => "：",
                (true, false) => f.claim_then_evidence.1,
            };
            let head = f.granted_claims[turn % f.granted_claims.len()];
            let (body, e) = (after(head, body), after(join, &e));
            return Some((format!("{head}{body}{join}{e}{}", f.stop), true));
        }
    }
    // The claim that evidence supports; else, when it is a sentence of one of our
    // rebuttals, the rebuttal's other sentence, which says why it matters.
    let reason = stated(bank, &granted, motion, |c| &c.evidence)
        .map(|c| c.claim.clone())
        .or_else(|| rest_of_rebuttal(bank, &granted, motion, |_| true))?;
    let claim = inner(&reason, context);
    let f = Forms::of(&reason);
    // A claim with a reason of its own is shown, not given as a second "because".
    let own_reason = claim.contains(" because ") || claim.contains("因为");
    // A granted line with no figure or source behind it is a point, not a finding.
    let forms = if granted.evidence > 0 {
        &f.evidence_then_claim[1..]
    } else {
        f.point_then_claim
    };
    let [long, short, long_shown, short_shown] = [forms[0], forms[1], forms[2], forms[3]];
    let ((head, tail), (short_head, short_tail)) = if own_reason {
        (long_shown, short_shown)
    } else {
        (long, short)
    };
    let stop = f.stop;
    let short = format!(
        "{short_head}{short_tail}{}{stop}",
        after(short_tail, &claim)
    );
    if Sentence::read(&short, motion).takes_up(&granted) {
        Some((short, false))
    } else {
        let (body, claim) = (after(head, body), after(tail, &claim));
        Some((format!("{head}{body}{tail}{claim}{stop}"), true))
    }
}

/// The answers of `bank` to the questions in `question` (a cross-examiner's speech), in the
/// order asked: one line each that takes the question up, none that `said` holds, none
/// used twice; questions with no such line are left out. `context` (the topic's texts)
/// tells a name from a common word starting a clause.
pub fn answers(
    bank: &Bank,
    question: &str,
    motion: &[String],
    said: &dyn Fn(&str) -> bool,
    context: &[&str],
) -> Vec<Answered> {
    let lines: Vec<String> = bank
        .claims
        .iter()
        .flat_map(|c| [c.claim.clone(), c.evidence.clone()])
        .chain(bank.rebuttals.iter().flat_map(|r| sentences(&r.text)))
        .filter(|l| !said(l))
        .collect();
    let read_lines: Vec<Sentence> = lines.iter().map(|l| Sentence::read(l, motion)).collect();
    let mut out: Vec<Answered> = Vec::new();
    for q in read(question, motion).into_iter().filter(|q| q.question) {
        // A line used, or one saying what a line used said: two questions pressing the two
        // sentences of one rebuttal of ours are not answered each by the other ("The point
        // that A matters, because B. The point that B matters, because A.").
        let used = |l: &str| {
            let s = Sentence::read(l, motion);
            out.iter()
                .any(|a| a.line == l || s.repeats(&Sentence::read(&a.line, motion)))
        };
        let direct = pressed(&q.text).and_then(|(claim, granted)| match (claim, granted) {
            (Some(body), _) => {
                evidence_for(bank, body, motion, out.len(), context).map(|l| (l, true))
            }
            (_, Some(body)) => weight_of(bank, body, motion, out.len(), context),
            _ => None,
        });
        let line = direct.filter(|(l, _)| !said(l) && !used(l)).or_else(|| {
            read_lines
                .iter()
                .filter(|l| l.takes_up(&q) && !used(&l.text))
                .max_by_key(|l| l.keys.iter().filter(|k| q.keys.contains(k)).count())
                .map(|l| (l.text.clone(), false))
        });
        if let Some((line, restates)) = line {
            out.push(Answered {
                question: q.text.clone(),
                line,
                restates,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::debate::pressing::pressing_questions;
    use crate::debate::reading::keys;
    use crate::debate::topics::Rebuttal;

    fn bank() -> Bank {
        Bank {
            framing: String::new(),
            claims: vec![Claim {
                id: "mentoring".into(),
                claim:
                    "Young workers learn far more from experienced colleagues sitting beside them."
                        .into(),
                evidence: "A study of software engineers found that those sitting near their \
                           teammates received around a fifth more feedback on their code."
                    .into(),
                keywords: vec!["mentoring".into()],
            }],
            rebuttals: vec![Rebuttal {
                answers: "productivity".into(),
                text: "The Stanford study looked at call-centre work, which is easy to measure."
                    .into(),
            }],
            questions: vec![],
        }
    }

    /// The bank with a rebuttal of two sentences, neither with a figure or a source.
    fn with_point_rebuttal() -> Bank {
        let mut b = bank();
        b.rebuttals.push(Rebuttal {
            answers: "isolation".into(),
            text: "Loneliness fades once teams meet in person every month. \
                   Isolation is a habit of management, not a law of remote work."
                .into(),
        });
        b
    }

    #[test]
    fn a_pressed_claim_is_answered_with_its_evidence_and_granted_evidence_with_its_claim() {
        let motion = keys("Remote work is better than office work");
        let b = bank();
        let said = b.claims[0].claim.clone();
        let evidence = b.claims[0].evidence.clone();
        let ours = |_: &str| Some("offices cost more than they return".to_string());
        let qs = pressing_questions(
            &[&said, &evidence],
            &motion,
            &|_| false,
            &|_| true,
            &ours,
            2,
        );
        assert_eq!(qs.len(), 2, "{qs:?}");
        // Each asked alone, each gets its line.
        let first = answers(&b, &qs[0], &motion, &|_| false, &[]);
        assert!(
            first[0]
                .line
                .starts_with("We know that young workers learn"),
            "{first:?}"
        );
        assert!(first[0]
            .line
            .contains("because a study of software engineers"));
        let second = answers(&b, &qs[1], &motion, &|_| false, &[]);
        assert!(
            second[0].line.contains("because young workers learn"),
            "{second:?}"
        );
        for a in first.iter().chain(&second) {
            let q = Sentence::read(&a.question, &motion);
            let l = Sentence::read(&a.line, &motion);
            assert!(l.takes_up(&q) && l.reason && !l.question, "{a:?}");
        }
        // Asked together, the claim and its evidence are said once: the one line answers
        // both questions, and its two halves are not said again the other way round.
        let got = answers(&b, &qs.join(" "), &motion, &|_| false, &[]);
        assert_eq!(got.len(), 1, "{got:?}");
        let line = Sentence::read(&got[0].line, &motion);
        for q in read(&qs.join(" "), &motion) {
            assert!(line.answers(&q), "{q:?} {got:?}");
        }
        // Nothing said before is offered again.
        let again = answers(&b, &qs[0], &motion, &|l| l == got[0].line, &[]);
        assert!(again.iter().all(|a| a.line != got[0].line), "{again:?}");
    }

    #[test]
    fn granted_rebuttal_evidence_is_answered_with_the_rebuttals_other_sentence() {
        let motion = keys("Remote work is better than office work");
        let mut b = bank();
        b.rebuttals.push(Rebuttal {
            answers: "isolation".into(),
            text: "Surveys of remote staff found loneliness fell once teams met monthly. \
                   Isolation is a habit of management, not a law of remote work."
                .into(),
        });
        let q = "Even granting that surveys of remote staff found loneliness fell once teams \
                 met monthly, why should that decide this debate?";
        let got = answers(&b, q, &motion, &|_| false, &[]);
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(
            got[0]
                .line
                .contains("because isolation is a habit of management"),
            "{got:?}"
        );
    }

    #[test]
    fn two_sentences_of_one_rebuttal_granted_are_not_each_the_reason_for_the_other() {
        let motion = keys("Remote work is better than office work");
        let b = with_point_rebuttal();
        let q = "Even granting that loneliness fades once teams meet in person every month, \
                 why should that decide this debate? Even granting that isolation is a habit \
                 of management, not a law of remote work, why should that decide this debate?";
        let got = answers(&b, q, &motion, &|_| false, &[]);
        assert_eq!(got.len(), 1, "{got:?}");
    }

    #[test]
    fn a_granted_point_with_no_figure_behind_it_is_no_finding() {
        let motion = keys("Remote work is better than office work");
        let b = with_point_rebuttal();
        let q = "Even granting that loneliness fades once teams meet in person every month, \
                 why should that decide this debate?";
        let got = answers(&b, q, &motion, &|_| false, &[]);
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(!got[0].line.contains("finding"), "{got:?}");
        assert!(got[0].line.contains("isolation is a habit"), "{got:?}");
        // Pressed later, the line claims the reason, not the point granted.
        let claimed = crate::debate::forms::claim_of(&got[0].line);
        assert!(
            claimed.is_some_and(|c| c.starts_with("isolation is a habit")),
            "{claimed:?}"
        );
    }

    #[test]
    fn another_question_gets_the_bank_line_that_takes_it_up_or_none() {
        let motion = keys("Remote work is better than office work");
        let b = bank();
        let got = answers(
            &b,
            "Was the Stanford study of call-centre work typical? Who feeds the cat?",
            &motion,
            &|_| false,
            &[],
        );
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(got[0].line.starts_with("The Stanford study"));
    }

    #[test]
    fn a_granted_claim_matters_by_its_evidence_and_a_bare_rebuttal_is_backed_by_its_reason() {
        let motion = keys("Remote work is better than office work");
        let mut b = bank();
        b.rebuttals.push(Rebuttal {
            answers: "commute".into(),
            text: "Offices waste hours on commuting that nobody gets back. \
                   Time at home goes on family and sleep instead."
                .into(),
        });
        let q = "Even granting that young workers learn far more from experienced colleagues \
                 sitting beside them, why should that decide this debate? What evidence shows \
                 that offices waste hours on commuting that nobody gets back?";
        let got = answers(&b, q, &motion, &|_| false, &[]);
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(
            got[0].line.starts_with(&format!(
                "{}young workers learn far more from experienced colleagues \
                 sitting beside them, because a study of software engineers",
                crate::debate::forms::GRANTED_CLAIMS[0]
            )),
            "{got:?}"
        );
        assert_eq!(
            got[1].line,
            "We know that offices waste hours on commuting that nobody gets back, because \
             time at home goes on family and sleep instead."
        );
        assert!(got.iter().all(|a| a.restates), "{got:?}");
        // The granted claim's answer is pressed later as the claim, not the whole line.
        assert_eq!(
            crate::debate::forms::claim_of(&got[0].line),
            Some("young workers learn far more from experienced colleagues sitting beside them")
        );
    }
}
