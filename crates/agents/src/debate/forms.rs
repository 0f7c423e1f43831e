//! The fixed forms the offline debaters' sentences take, and [`claim_of`], which reads a
//! sentence's own claim back out of them: the discourse markers and lead-ins a claim may
//! open with, how a rejoinder reports the other side's point and weighs a clash, how
//! evidence is linked to its claim, how a question presses a claim and how an answer
//! states one. The writers (`text`, `pressing`, `answering`, `moderated_offline`) build
//! sentences from these forms; the readers take them apart again. A leaf: it imports
//! nothing of the debaters.
//!
//! The forms come in each language a debate is held in ([`Forms`]; the Chinese ones in
//! `forms/zh.rs`); [`Forms::of`] picks them by the text a sentence is made of, so a
//! Chinese debater frames its lines in Chinese and reads an English line of a person
//! with the English forms.

mod zh;

/// Every form of one language.
#[derive(Debug)]
pub(crate) struct Forms {
    pub connectors: &'static [&'static str],
    pub lead_ins: &'static [&'static str],
    pub reports: &'static [(&'static str, &'static str)],
    pub weighs: &'static [(&'static str, &'static str)],
    pub outweighs: &'static [(&'static str, &'static str)],
    pub claim_then_evidence: (&'static str, &'static str),
    pub evidence_then_claim: &'static [(&'static str, &'static str)],
    pub point_then_claim: &'static [(&'static str, &'static str)],
    pub granted_claims: &'static [&'static str],
    pub links: &'static [&'static str],
    pub press_evidence: (&'static str, &'static str),
    pub press_weight: (&'static str, &'static str),
    pub press_against: (&'static str, &'static str),
    /// What follows a connector: ", " or "，".
    pub pause: &'static str,
    /// What stands between a lead-in and the claim after it: " " or nothing.
    pub gap: &'static str,
    /// A statement's and a question's closing marks.
    pub stop: &'static str,
    pub ask: &'static str,
    /// A challenge to a claim given without evidence: head and tail around the claim.
    pub unproven: (&'static str, &'static str),
    /// A challenge to a claim resting on one finding.
    pub one_finding: (&'static str, &'static str),
    /// How a cross-examiner opens a quotation of the other side ("You told us: ").
    pub quoting: &'static str,
    /// How the challenges end (lower case): a sentence ending so claims nothing itself.
    pub challenged: [&'static str; 2],
}

/// The English forms.
pub(crate) static EN: Forms = Forms {
    connectors: &CONNECTORS,
    lead_ins: &LEAD_INS,
    reports: &REPORTS,
    weighs: &WEIGHS,
    outweighs: &OUTWEIGHS,
    claim_then_evidence: CLAIM_THEN_EVIDENCE,
    evidence_then_claim: &EVIDENCE_THEN_CLAIM,
    point_then_claim: &POINT_THEN_CLAIM,
    granted_claims: &GRANTED_CLAIMS,
    links: &LINKS,
    press_evidence: PRESS_EVIDENCE,
    press_weight: PRESS_WEIGHT,
    press_against: PRESS_AGAINST,
    pause: ", ",
    gap: " ",
    stop: ".",
    ask: "?",
    unproven: (
        "They say that ",
        ", yet they have shown no evidence for it.",
    ),
    one_finding: (
        "They say that ",
        ", but one finding does not decide this motion.",
    ),
    quoting: "You told us: ",
    challenged: [
        "they have shown no evidence for it.",
        "one finding does not decide this motion.",
    ],
};

/// The causal connectives of Chinese: a form may end with one ("这并非猜测，因为"), and a
/// bank line or a person's sentence open with one ("由于…").
const CAUSAL_ZH: [&str; 9] = [
    "由此可见",
    "出于同样的理由",
    "因为",
    "由于",
    "所以",
    "因此",
    "于是",
    "从而",
    "可见",
];

/// `text` as it reads after `head` (a form's words) in one sentence. In Chinese, when the
/// last clause of `head` already holds a causal connective ("这并非猜测，因为", "；由此可见，"),
/// the causal connective `text` opens with goes, with its "，": "因为由于…" reads as a
/// stutter. English, and any other text, as it is.
pub(crate) fn after<'a>(head: &str, text: &'a str) -> &'a str {
    let marks = ['，', '：', '；', '—'];
    let clause = head.trim_end_matches(|c: char| marks.contains(&c) || c == ' ');
    let clause = clause.rsplit(marks).next().unwrap_or(clause);
    if !CAUSAL_ZH.iter().any(|c| clause.contains(c)) {
        return text;
    }
    let t = text.trim_start();
    match CAUSAL_ZH.iter().find_map(|c| t.strip_prefix(c)) {
        Some(rest) if !rest.trim_start_matches('，').is_empty() => rest.trim_start_matches('，'),
        _ => text,
    }
}

/// The first place in `text` where one causal connective follows another (with at most a
/// "，" between them: "因为由于", "所以，因此"), if any.
#[cfg(test)]
pub(crate) fn doubled_connective(text: &str) -> Option<&str> {
    (0..text.len())
        .filter(|&i| text.is_char_boundary(i))
        .find_map(|i| {
            let c = CAUSAL_ZH.iter().find(|c| text[i..].starts_with(**c))?;
            let rest = &text[i + c.len()..];
            let rest = rest.strip_prefix('，').unwrap_or(rest);
            CAUSAL_ZH
                .iter()
                .any(|d| rest.starts_with(d))
                .then(|| &text[i..])
        })
}

/// Whether `text` is written in Chinese (holds a Han character).
pub(crate) fn is_chinese(text: &str) -> bool {
    !text.is_ascii() && text.chars().any(crate::games::lang::is_han)
}

impl Forms {
    /// The forms of the language `text` is written in.
    pub(crate) fn of(text: &str) -> &'static Forms {
        if is_chinese(text) {
            &zh::ZH
        } else {
            &EN
        }
    }

    /// Whether these are the Chinese forms.
    pub(crate) fn is_chinese(&self) -> bool {
        std::ptr::eq(self, &zh::ZH)
    }

    /// `text` without its closing stop (either language's).
    pub(crate) fn unstopped(text: &str) -> &str {
        text.trim().trim_end_matches(['.', '!', ' ', '。', '！'])
    }
}

/// Discourse markers that open a sentence without being part of its claim.
pub(crate) const CONNECTORS: [&str; 23] = [
    "with respect",
    "first",
    "firstly",
    "second",
    "secondly",
    "third",
    "thirdly",
    "finally",
    "lastly",
    "also",
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

/// Lead-ins that open a sentence without being part of its claim: discourse markers,
/// the links that tie evidence to a claim, and the way a rejoinder reports the other side.
pub(crate) const LEAD_INS: [&str; 23] = [
    "we argue that ",
    "we know this because ",
    "we say so because ",
    "this is no guess, because ",
    "that matters because ",
    "it is also worth noting that ",
    "it follows that ",
    "consider also that ",
    "picture, too, that ",
    "the evidence also shows that ",
    "and think of this: ",
    "the figures tell the same story: ",
    "and they cannot escape this: ",
    "make no mistake: ",
    "more than that, ",
    "just as importantly, ",
    "for the same reason, ",
    "in addition, ",
    "worse still, ",
    "on top of that, ",
    "at the same time, ",
    "equally, ",
    "and ",
];

/// How a rejoinder reports the point it answers, in turn.
/// Each with the words that part their point from the answer; half of them give the
/// answer as a reason ("…, which does not follow, because …").
pub(crate) const REPORTS: [(&str, &str); 6] = [
    ("they say that ", ", but "),
    ("even if ", ", the fact remains that "),
    ("we were told that ", ", but that fails, because "),
    ("the other side says that ", ", yet "),
    ("against the claim that ", ", remember that "),
    (
        "our opponents claim that ",
        ", which does not follow, because ",
    ),
];

/// How a weighed clash states their claim and our answer (see [`weighed`]): five forms
/// for a closing (two with neither a "but" nor a "because", for a clash that already holds
/// one), then four for free debate.
pub(crate) const WEIGHS: [(&str, &str); 9] = [
    (
        "on the clash that mattered, they told us that ",
        "; our answer was that ",
    ),
    ("remember their claim that ", "; we showed that "),
    (
        "weigh this clash: they argued that ",
        ", but that fails, because ",
    ),
    (
        "they rested much of their case on the claim that ",
        ", which cannot stand, because ",
    ),
    ("in this clash, their claim that ", " loses, because "),
    ("they keep coming back to the claim that ", ", but "),
    ("their point that ", " does not hold, because "),
    (
        "if they still hold that ",
        ", they must face the fact that ",
    ),
    ("we cannot accept that ", ", because "),
];

/// How a claim of theirs is weighed against one of ours (see [`weighed`]).
pub(crate) const OUTWEIGHS: [(&str, &str); 4] = [
    ("even granting that ", ", it counts for less, because "),
    (
        "they would have you look only at the claim that ",
        "; look as well at the fact that ",
    ),
    (
        "whatever weight they give to the claim that ",
        ", it does not outweigh the fact that ",
    ),
    (
        "set aside the claim that ",
        ", because the greater point is that ",
    ),
];

/// What `sentence` itself claims: without its lead-ins and connectors; of a rejoinder
/// ("They say that …, but …") or a weighed clash, only our answer; `None` when it claims nothing
/// of its own (a challenge: "They say that …, yet they have shown no evidence for it."; a
/// cross-examiner's "You told us: …" quoting the other side's claim).
pub fn claim_of(sentence: &str) -> Option<&str> {
    let f = Forms::of(sentence);
    let mut body = sentence.trim();
    let lower = body.to_lowercase();
    if f.challenged.iter().any(|end| lower.ends_with(end))
        || lower.starts_with(&f.quoting.to_lowercase())
    {
        return None;
    }
    loop {
        let lower = body.to_lowercase();
        // An answer tying a claim to its evidence claims the claim.
        let (head, tail) = f.claim_then_evidence;
        let colon = if f.is_chinese() { "：" } else { ": " };
        let because = f
            .granted_claims
            .iter()
            .map(|&g| (g, [f.claim_then_evidence.1, colon]));
        for (head, tails) in [(head, [tail, tail])].into_iter().chain(because) {
            if lower.starts_with(&head.to_lowercase()) {
                let rest = &body[head.len()..];
                let cut = tails.iter().find_map(|t| rest.split_once(t));
                return Some(cut.map_or(rest, |(claim, _)| claim));
            }
        }
        let mut forms = f
            .evidence_then_claim
            .iter()
            .chain(f.point_then_claim)
            .filter(|(h, _)| lower.starts_with(&h.to_lowercase()))
            .peekable();
        if forms.peek().is_some() {
            return forms.find_map(|(_, tail)| body.split_once(tail).map(|(_, claim)| claim));
        }
        if let Some((_, part)) = f
            .reports
            .iter()
            .chain(f.weighs)
            .chain(f.outweighs)
            .find(|(r, _)| lower.starts_with(r))
        {
            let (_, reply) = body.split_once(part)?;
            body = reply;
            continue;
        }
        let lead = f
            .lead_ins
            .iter()
            .find(|l| lower.starts_with(**l))
            .map(|l| l.len())
            .or_else(|| {
                f.connectors
                    .iter()
                    .find(|c| lower.starts_with(&format!("{c}{}", f.pause)))
                    .map(|c| c.len() + f.pause.len())
            });
        match lead {
            Some(n) => {
                body = body.get(n..)?.trim_start();
            }
            None => match marker(body).or_else(|| heading(body)) {
                Some(rest) => body = rest,
                None => return (!body.is_empty()).then_some(body),
            },
        }
    }
}

/// `text` after a short heading naming what it is about ("On cost: …", "As for jobs: …"):
/// one to three words before a colon.
fn heading(text: &str) -> Option<&str> {
    let (head, rest) = text.split_once(": ")?;
    let words = head.split_whitespace().count();
    ((1..=3).contains(&words) && !rest.trim().is_empty()).then(|| rest.trim_start())
}

/// How an answer states a claim and then its evidence: "We know that <claim>, because
/// <evidence>.".
pub(crate) const CLAIM_THEN_EVIDENCE: (&str, &str) = ("We know that ", ", because ");
/// How an answer states evidence and then the claim it supports.
/// How an answer states evidence and then the claim it supports; the last two for a claim
/// that gives its own reason ("…, because …"), so that no "because" follows another.
pub(crate) const EVIDENCE_THEN_CLAIM: [(&str, &str); 5] = [
    ("The evidence is plain: ", ", which is why we say that "),
    ("The finding that ", " matters, because "),
    ("That finding decides it", ", because "),
    ("The finding that ", " shows that "),
    ("That finding shows", " that "),
];

/// The same for a granted point of ours that is no finding (a rebuttal's line with no
/// figure or source): "The point that … matters, because …".
pub(crate) const POINT_THEN_CLAIM: [(&str, &str); 4] = [
    ("The point that ", " matters, because "),
    ("That point decides it", ", because "),
    ("The point that ", " shows that "),
    ("That point shows", " that "),
];

/// How an answer says why a claim of ours the question granted decides the debate: the
/// claim, then its evidence.
/// The second form, for a second claim granted in the same answer: two answers opening
/// alike read as a template.
pub(crate) const GRANTED_CLAIMS: [&str; 2] = [
    "What decides it is that ",
    "Just as decisive is the fact that ",
];

/// How a claim's evidence is tied to it, in turn.
pub(crate) const LINKS: [&str; 4] = [
    "We know this because",
    "We say so because",
    "This is no guess, because",
    "That matters because",
];

/// How a question presses a claim of theirs that gave no evidence: head and tail around it.
pub(crate) const PRESS_EVIDENCE: (&str, &str) = ("What evidence shows that ", "?");
/// How a question (a person's, an older debate's) grants evidence of theirs and asks why it
/// decides anything: read by the answerer, no longer asked by the offline debaters.
pub(crate) const PRESS_WEIGHT: (&str, &str) = (
    "Even granting that ",
    ", why should that decide this debate?",
);
/// How a question presses evidence of theirs: whose point it is, then a point of ours it
/// must answer (head, the words between, then our point and "?").
pub(crate) const PRESS_AGAINST: (&str, &str) =
    ("You say that ", ": how does that answer the point that ");

/// `text` after a discourse marker a person opens with ("Summing up, …", "Honestly, …",
/// "In short, …"): one or two words before a comma, the first in -ing or the last in -ly,
/// or a stock phrase.
fn marker(text: &str) -> Option<&str> {
    let (head, rest) = text.split_once(", ")?;
    let words: Vec<String> = head.split_whitespace().map(str::to_lowercase).collect();
    let stock = [
        "in short",
        "in fact",
        "of course",
        "to be fair",
        "in sum",
        "so",
        "well",
        "look",
    ];
    let marked = match words.as_slice() {
        [w] => w.ends_with("ly") || stock.contains(&w.as_str()),
        [a, b] => {
            a.ends_with("ing") || b.ends_with("ly") || stock.contains(&head.to_lowercase().as_str())
        }
        _ => stock.contains(&head.to_lowercase().as_str()),
    };
    (marked && !rest.is_empty()).then_some(rest)
}
