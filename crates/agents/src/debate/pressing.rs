//! How an offline debater builds on what was actually said, read the way the judge reads
//! (see [`super::reading`]): a question that presses one of the other side's own sentences,
//! the lines of its bank that take up a question's words, its evidence tied to its claim
//! by a reason, and rejoinders: one of the other side's points stated in their words and
//! answered by a line of ours that shares its key words ("Even if …, the fact remains
//! that …"). [`super::forms::claim_of`] reads back what a sentence claims without such lead-ins, so a
//! rejoinder to a rejoinder answers the other side's answer, not our own point.

use super::forms::{after, claim_of, is_chinese, Forms};
use super::reading::{keys, read, Sentence};
use super::text::{cites_figures, leans, lower_start};
use crate::games::debate::words;

/// `head` (lower case) with a capital first letter.
fn capital(head: &str) -> String {
    let mut c = head.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// One sentence stating the other side's point `p` (a clause, lower-cased) and answering
/// it with `r` (ours, lower-cased), in the `turn`th of the [`REPORTS`] forms.
fn rejoinder(turn: usize, p: &str, r: &str) -> String {
    let f = Forms::of(r);
    phrased(f, f.reports, turn, p, r)
}

/// One clash weighed: their claim `p` set against our answer `r` (both lower-cased), in
/// the `turn`th of its [`WEIGHS`] forms; a closing's forms look back on the debate. When
/// `r` is a claim of ours rather than an answer to `p` (`outweighs`), the forms say it
/// weighs more instead of that it refutes.
pub fn weighed(turn: usize, p: &str, r: &str, closing: bool, outweighs: bool) -> String {
    let f = Forms::of(r);
    let forms = match (outweighs, closing) {
        (true, _) => f.outweighs,
        (false, true) => &f.weighs[..5],
        (false, false) => &f.weighs[5..],
    };
    phrased(f, forms, turn, p, r)
}

/// `p` and `r` joined by the `turn`th of `forms` (head, then the words between them),
/// skipping a form whose "but" or "yet" would follow another contrast in the same
/// sentence, or whose "because" another causal link.
fn phrased(f: &Forms, forms: &[(&str, &str)], turn: usize, p: &str, r: &str) -> String {
    let (p, r) = (reason_last(p), reason_last(r));
    let p = Forms::unstopped(&p);
    let r = Forms::unstopped(&r);
    let has = |w: &str| p.contains(w) || r.contains(w);
    let causal = has("because")
        || has("which means")
        || has("which is why")
        || has(", so ")
        || has("因为")
        || has("所以");
    let but = |t: &str| {
        t.contains(" but ") || t.contains(" yet ") || t.contains("但") || t.contains("然而")
    };
    // A verb straight after their point (" loses, because …") reads as a splice when the
    // point has a comma of its own ("their claim that automation is reshaping work, and a
    // basic income lets people adapt loses, …").
    let spliced = |part: &str| !f.is_chinese() && p.contains(',') && !part.starts_with([',', ';']);
    let fits = |part: &str| {
        !(but(part) && (but(p) || but(r)))
            && !((part.contains("because") || part.contains("因为")) && causal)
            && !spliced(part)
    };
    // "Even if if every employer …": a point that opens with the head's last word.
    let doubled = |head: &str| {
        let last = head.split_whitespace().last().unwrap_or("");
        p.split_whitespace()
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case(last))
    };
    let n = forms.len();
    let (head, part) = (0..n)
        .map(|k| forms[(turn + k) % n])
        .find(|(head, part)| fits(part) && !doubled(head))
        .unwrap_or(forms[turn % n]);
    let (p, r) = (after(head, p), after(part, r));
    format!("{}{p}{part}{r}{}", capital(head), f.stop)
}

/// A clause that opens with its reason ("because it is never withdrawn, a basic income
/// removes the trap") with the reason put last, so that it can follow "Even if" or "the
/// claim that" ("a basic income removes the trap, because it is never withdrawn").
fn reason_last(clause: &str) -> String {
    let c = Forms::unstopped(clause);
    let lower = c.to_lowercase();
    for lead in [
        "because ", "since ", "as ", "where ", "when ", "once ", "while ",
    ] {
        if let Some(rest) = lower.strip_prefix(lead) {
            if let Some(i) = rest.find(", ") {
                let at = lead.len() + i;
                let (reason, main) = (&c[lead.len()..at], &c[at + 2..]);
                if words::count(main) >= 3 {
                    return format!("{main}, {}{reason}", lead);
                }
            }
        }
    }
    c.to_string()
}

/// Rejoinders to the other side's points: "They say that <their point>, but <our reply>."
/// — one sentence that states the point in their words and answers it with `reply`'s line
/// (ours, chosen for that point). Their sentences are taken latest speech first, each a
/// claim (three key words, at most 22 words — 30 when it cites figures —, no question,
/// quotation or report of what
/// someone said) that `answered`
/// does not hold (not yet answered by this side); at most `n`, none `said` before.
pub fn rejoinders(
    theirs: &[&str],
    motion: &[String],
    answered: &dyn Fn(&str) -> bool,
    said: &dyn Fn(&str) -> bool,
    reply: &dyn Fn(&Sentence) -> Option<String>,
    n: usize,
    salt: usize,
) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut used: Vec<String> = Vec::new();
    for text in theirs {
        for s in read(text, motion) {
            if out.len() >= n {
                return out;
            }
            // A question, a quotation, or a sentence reporting what someone said ("Your
            // side says the pilots were small") is not a claim of theirs to state.
            if s.question || s.text.contains(['"', '“']) || reports_speech(&s.text) {
                continue;
            }
            let Some(body) = claim_of(&s.text) else {
                continue;
            };
            let body = Forms::unstopped(body);
            let point = Sentence::read(body, motion);
            // A point with its own contrast ("…, but …") does not read as one claim.
            let lower = body.to_lowercase();
            let contrasted = [
                " but ",
                " yet ",
                " while ",
                " although ",
                "但",
                "然而",
                "虽然",
                "尽管",
            ]
            .iter()
            .any(|c| lower.contains(c));
            // A sentence left unfinished ("… security and freedom to") is no claim to state.
            let last = lower.rsplit(' ').next().unwrap_or("");
            let unfinished = [
                "to", "and", "or", "the", "a", "an", "of", "for", "with", "that", "but", "in",
            ]
            .contains(&last);
            // A point citing figures may run longer: the figures are the point. A Han
            // character counts as a word, and a Chinese clause takes more of them.
            let longest = if cites_figures(body) { 30 } else { 22 };
            let longest = if is_chinese(body) {
                longest * 5 / 2
            } else {
                longest
            };
            if point.keys.len() < 3
                || words::count(body) > longest
                || contrasted
                || unfinished
                || answered(body)
            {
                continue;
            }
            let p = mid_sentence(body, theirs);
            let Some(r) = reply(&point) else {
                continue;
            };
            if used.contains(&r) {
                continue;
            }
            let r_low = lower_start(&r).unwrap_or_else(|| mid_sentence(&r, theirs));
            // A form whose opening no rejoinder of this speech has used yet: two points
            // answered alike ("Against the claim that …" twice) read as a template.
            let head = |l: &str| -> String {
                if is_chinese(l) {
                    l.chars().take(5).collect()
                } else {
                    l.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
                }
            };
            let turn = out.len() + salt;
            let line = (0..Forms::of(&r).reports.len())
                .map(|k| rejoinder(turn + k, &p, r_low.trim()))
                .find(|l| !out.iter().any(|o| head(o) == head(l)))
                .unwrap_or_else(|| rejoinder(turn, &p, r_low.trim()));
            if !said(&line) {
                used.push(r);
                out.push(line);
            }
        }
    }
    out
}

/// `evidence` tied to the claim before it by a reason ("We know this because …"), its
/// first word lower-cased when it is a common starter or `context` (the topic's texts)
/// writes it in lower case; any other capitalised word is taken for a name and kept.
pub fn linked(evidence: &str, turn: usize, context: &[&str]) -> String {
    let links = Forms::of(evidence).links;
    attached(links[turn % links.len()], evidence, context)
}

/// `text` after `head` (a connector, a link), its first word lower-cased when it is a
/// common starter or `context` writes it in lower case; any other capitalised word is
/// taken for a name and kept.
pub fn attached(head: &str, text: &str, context: &[&str]) -> String {
    let gap = if is_chinese(head) || is_chinese(text) {
        ""
    } else {
        " "
    };
    let text = mid_sentence(text, context);
    format!("{head}{gap}{}", after(head, &text))
        .trim_start()
        .to_string()
}

/// `text` as it reads in the middle of a sentence: its first word lower-cased unless
/// `context` (the topic's texts) shows it is a name (see [`attached`]).
pub(crate) fn mid_sentence(text: &str, context: &[&str]) -> String {
    let text = text.trim();
    if is_chinese(text) {
        // Chinese has no capitals: a connector of its own is all there is to drop.
        return lowered(text, context).unwrap_or_else(|| text.to_string());
    }
    match lowered(text, context) {
        Some(l) => l,
        None if common_noun(text, context) => {
            let mut c = text.chars();
            c.next()
                .map(|f| f.to_lowercase().chain(c).collect())
                .unwrap_or_default()
        }
        None => text.to_string(),
    }
}

/// Whether `text`'s first word, capitalised and never written in lower case in
/// `context`, is still a common word: it is a name only when `context` (or `text`)
/// capitalises it in the middle of a sentence ("in Finland"), or it is an acronym, a
/// possessive or holds a digit.
fn common_noun(text: &str, context: &[&str]) -> bool {
    let Some(first) = text.split_whitespace().next() else {
        return false;
    };
    let bare = first.trim_matches(|c: char| !c.is_alphanumeric());
    if bare == "I"
        || bare.chars().skip(1).any(char::is_uppercase)
        || bare.chars().any(|c| c.is_ascii_digit())
        || first.contains(['\'', '’'])
    {
        return false;
    }
    // A possessive names too: "reproduced Getty's watermark" shows Getty is a name.
    let word = |w: &str| {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric());
        w.strip_suffix("'s")
            .or_else(|| w.strip_suffix("’s"))
            .unwrap_or(w)
            .to_string()
    };
    let named = context.iter().chain([&text]).any(|t| {
        t.split_whitespace()
            .collect::<Vec<_>>()
            .windows(2)
            .any(|w| !w[0].ends_with(['.', '!', '?', ':', '"', '“']) && word(w[1]) == bare)
    });
    !named
}

/// The lines `make` builds from up to `n` of `theirs` (the other side's speeches, latest
/// first) sentences that `fits` (never a question or a quotation), no two saying the same,
/// each line one that `said` does not hold; `make` gets the sentence, lower-cased at its
/// start, and whether it gave evidence (an empty line: none made of it).
fn unsaid(
    theirs: &[&str],
    motion: &[String],
    said: &dyn Fn(&str) -> bool,
    fits: impl Fn(&Sentence) -> bool,
    make: impl Fn(&str, bool) -> String,
    n: usize,
) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut taken: Vec<Sentence> = Vec::new();
    let read_all: Vec<Vec<Sentence>> = theirs.iter().map(|t| read(t, motion)).collect();
    // Evidence given in the sentence; or, wherever they made the point, in the one after it
    // that backs it ("We know this because …"); or in any sentence of theirs with evidence
    // on the same point ("surveys by the Pew Research Center found that …"): a claim they
    // backed is not one they "have shown no evidence for".
    let backed = |s: &Sentence| {
        s.evidence > 0
            || read_all.iter().any(|all| {
                all.windows(2).any(|w| {
                    (w[0].text == s.text || w[0].repeats(s)) && w[1].evidence > 0 && w[1].reason
                }) || all
                    .iter()
                    .any(|t| t.evidence > 0 && t.text != s.text && t.takes_up(s))
            })
    };
    for sentences in &read_all {
        for s in sentences {
            if out.len() >= n {
                return out;
            }
            // Not a question, a quotation, or a sentence that means nothing without the one
            // before it ("It is a source of confusion.").
            if s.question || !fits(s) || s.text.contains(['"', '“']) || leans(&s.text) {
                continue;
            }
            let backed = backed(s);
            if taken.iter().any(|t| s.repeats(t) || t.repeats(s)) {
                continue;
            }
            let Some(body) = claim_of(&s.text) else {
                continue;
            };
            let body = Forms::unstopped(body).to_string();
            // Not a sentence about the debaters ("My opponents raise fair concerns …", "We
            // would protect …", "You do not need to …"): put back to them, its "we", "you"
            // and "my opponents" would point at the wrong side.
            if speaks_of_debaters(&body) {
                continue;
            }
            // A capitalised first word they never write in lower case is kept when it
            // is a name or an acronym ("AI companies …") and lower-cased otherwise.
            let body = mid_sentence(&body, theirs);
            let line = make(&body, backed);
            if !line.is_empty() && !said(&line) && !out.contains(&line) {
                out.push(line);
                taken.push(s.clone());
            }
        }
    }
    out
}

/// Whether `text` speaks of the debaters themselves: in the first or second person, or of
/// its opponents or the other side.
fn speaks_of_debaters(text: &str) -> bool {
    let lower = text.to_lowercase();
    if is_chinese(text) {
        return ["我", "你", "对方", "咱们"]
            .iter()
            .any(|w| lower.contains(w));
    }
    lower
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .any(|w| {
            matches!(
                w,
                "i" | "i'm"
                    | "me"
                    | "my"
                    | "we"
                    | "we're"
                    | "us"
                    | "our"
                    | "ours"
                    | "you"
                    | "you're"
                    | "your"
                    | "yours"
            )
        })
        || ["opponents", "other side", "the other team"]
            .iter()
            .any(|p| lower.contains(p))
}

/// Questions pressing the first `n` of `theirs` (the other side's speeches, latest first)
/// sentences that make a claim on the topic (three key words; a stock phrase such as "The
/// data is clearer than my opponents admit." is none), no two the same claim, none pressed
/// yet: "What evidence shows that …?" when it gave none, else "You say that …: how does
/// that answer the point that …?" with the point of ours `ours` sets against it (lower-cased,
/// no full stop; none: the sentence is not pressed).
pub fn pressing_questions(
    theirs: &[&str],
    motion: &[String],
    said: &dyn Fn(&str) -> bool,
    on_topic: &dyn Fn(&str) -> bool,
    ours: &dyn Fn(&str) -> Option<String>,
    n: usize,
) -> Vec<String> {
    unsaid(
        theirs,
        motion,
        said,
        |s| s.keys.len() >= 3 && on_topic(&s.text),
        |body, evidence| {
            if evidence {
                ours(body).map_or_else(String::new, |r| {
                    let f = Forms::of(&r);
                    let (head, mid) = f.press_against;
                    format!("{head}{body}{mid}{r}{}", f.ask)
                })
            } else {
                let (head, tail) = Forms::of(body).press_evidence;
                format!("{head}{body}{tail}")
            }
        },
        n,
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
    on_topic: &dyn Fn(&str) -> bool,
) -> Option<String> {
    // A claim worth challenging: on the topic, with a reason, a figure or four key words,
    // short enough not to be simply said again.
    let fits = |s: &Sentence| {
        (s.reason || s.evidence > 0 || s.keys.len() >= 4)
            && (3..=6).contains(&s.keys.len())
            && on_topic(&s.text)
    };
    let make = |body: &str, evidence: bool| {
        let f = Forms::of(body);
        // No "but" or "yet" after a point that already turns on one.
        let turns = [" but ", " yet ", "但", "然而"]
            .iter()
            .any(|w| body.contains(w));
        let ((head, tail), end) = if evidence {
            (f.one_finding, f.challenged[1])
        } else {
            (f.unproven, f.challenged[0])
        };
        if turns {
            let semi = if f.is_chinese() { "；" } else { "; " };
            format!("{head}{body}{semi}{end}")
        } else {
            format!("{head}{body}{tail}")
        }
    };
    unsaid(theirs, motion, said, fits, make, 1).pop()
}

/// `body` with its first word lower-cased: a common starter, or a word the other side's
/// speeches also write in lower case (so a name keeps its capital); `None` otherwise.
pub(crate) fn lowered(body: &str, context: &[&str]) -> Option<String> {
    // A connector of theirs ("With respect, …") is not part of what they claimed.
    let f = Forms::of(body);
    if let Some((head, rest)) = body.split_once(f.pause) {
        if f.connectors.contains(&head.to_lowercase().as_str()) && !rest.is_empty() {
            return lowered(rest, context).or_else(|| Some(rest.to_string()));
        }
    }
    if f.is_chinese() {
        return Some(body.to_string());
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
    if first == lower {
        return Some(body.to_string());
    }
    seen.then(|| format!("{lower}{}", &body[first.len()..]))
}

/// The motion's key words (what every speech shares, so never what it takes up).
pub fn motion_keys(motion: &str) -> Vec<String> {
    keys(motion)
}

#[cfg(test)]
mod tests;

/// Whether a sentence reports what someone said ("Your side says …", "Con also claimed …",
/// "P2 mentioned …"): a speaker word, then a verb of saying within the next two words,
/// among its first eight words.
fn reports_speech(text: &str) -> bool {
    if is_chinese(text) {
        let head: String = text.chars().take(12).collect();
        return ["对方", "你方", "你们", "他们", "正方", "反方", "你"]
            .iter()
            .any(|who| {
                head.match_indices(who).any(|(i, _)| {
                    let after: String = head[i + who.len()..].chars().take(4).collect();
                    ["说", "认为", "声称", "提到", "指出", "告诉"]
                        .iter()
                        .any(|v| after.contains(v))
                })
            });
    }
    const SPEAKERS: [&str; 9] = [
        "side",
        "you",
        "they",
        "opponents",
        "opposition",
        "con",
        "pro",
        "he",
        "she",
    ];
    const VERBS: [&str; 14] = [
        "say",
        "says",
        "said",
        "saying",
        "claim",
        "claims",
        "claimed",
        "argue",
        "argues",
        "argued",
        "quoted",
        "mentioned",
        "told",
        "insist",
    ];
    let words: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(8)
        .map(str::to_lowercase)
        .collect();
    let speaker = |w: &str| {
        SPEAKERS.contains(&w)
            || (w.len() >= 2 && w.starts_with('p') && w[1..].chars().all(|c| c.is_ascii_digit()))
    };
    (0..words.len()).any(|i| {
        speaker(&words[i])
            && words[i + 1..]
                .iter()
                .take(2)
                .any(|w| VERBS.contains(&w.as_str()))
    })
}
