//! What a speech claims, read once when it is made: a role claim, seer reports, witch
//! reports, and who the speaker suggests voting out. The moderator shows it, and AI players
//! reason over it instead of re-reading every text.
//!
//! The grammar is small and forgiving (case-insensitive English, plus the common Chinese
//! table terms); words it does not know are ignored, and denials ("I am not the seer",
//! "don't vote 3", "不要投3号") claim nothing. Examples it reads:
//! "I am the seer. Checked 5: wolf. 3 is good. Vote 5." · "I'm a villager, I suspect 7." ·
//! "Seer here: I checked Seat 4 and they are a wolf" · "my check on 5 came back good" ·
//! "我是预言家，查验了4号是狼" · "5号金水" · "我是女巫，昨晚救了3号" · "投6号".

use super::seat::{Role, Seat, SeatSet, SEATS};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    /// The role the speaker says they hold.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub role: Option<Role>,
    /// Seats the speaker reports as wolves (a seer's "checked N: wolf").
    #[serde(skip_serializing_if = "SeatSet::is_none_ref", default)]
    pub wolves: SeatSet,
    /// Seats the speaker reports as good.
    #[serde(skip_serializing_if = "SeatSet::is_none_ref", default)]
    pub good: SeatSet,
    /// Seats the speaker suspects or asks to vote out.
    #[serde(skip_serializing_if = "SeatSet::is_none_ref", default)]
    pub accuses: SeatSet,
    /// Witch reports: the seat she says she saved / poisoned.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub saved: Option<Seat>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub poisoned: Option<Seat>,
    /// The seat the speaker promises to vote for ("I will vote 5", "my vote goes to 5",
    /// "我投5号"), beside the accusation it also is; 0: none. (One byte, as `retracted`:
    /// a speech's claims stay 32 bytes, which the ladder's speed depends on.)
    #[serde(skip_serializing_if = "is_zero", default)]
    pub pledge: Seat,
    /// A seat the speaker says it never reported or accused ("I never said 4 was good",
    /// "I didn't call 6 a wolf", "我没说过4号是好人"): a correction of what the table
    /// heard; what the sentence goes on to say of the seat is not read as a claim. The
    /// first such seat of a speech; 0: none.
    #[serde(skip_serializing_if = "is_zero", default)]
    pub retracted: Seat,
    /// The speaker denies being a wolf ("I am not a wolf", "I'm innocent", "我不是狼").
    #[serde(skip_serializing_if = "is_false", default)]
    pub denies: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(seat: &Seat) -> bool {
    *seat == 0
}

impl Claims {
    #[inline]
    pub fn is_empty(&self) -> bool {
        *self == Claims::default()
    }
}

/// A seat number written as a digit 1-9 or a Chinese numeral 一-九.
fn seat_digit(c: char) -> Option<Seat> {
    if let Some(d) = c.to_digit(10) {
        return (1..=9).contains(&d).then_some(d as Seat);
    }
    "一二三四五六七八九"
        .chars()
        .position(|z| z == c)
        .map(|i| i as Seat + 1)
}

/// A seat number of a table of `max` seats written in digits ("5", "12"), or `None`.
fn seat_number(digits: &str, max: Seat) -> Option<Seat> {
    let n: Seat = match digits.len() {
        1 | 2 if !digits.starts_with('0') => digits.parse().ok()?,
        _ => return None,
    };
    (1..=max).contains(&n).then_some(n)
}

/// The first seat number (1 to `max`) in `s`, skipping spaces, "seat", "#", "no." and ":",
/// and the Chinese "了", "给", "的"; in digits or Chinese numerals (十二 is 12).
fn seat_after(s: &str, max: Seat) -> Option<Seat> {
    let mut rest = s.trim_start_matches([' ', ':', '#', ',', '：', '，', '了', '给', '的']);
    for word in ["seat ", "player ", "no. ", "no."] {
        if let Some(r) = rest.strip_prefix(word) {
            rest = r.trim_start_matches([' ', '#']);
        }
    }
    rest = rest.trim_start_matches("号").trim_start();
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 {
        return seat_number(&rest[..digits], max);
    }
    let mut chars = rest.chars();
    let first = chars.next()?;
    if first == '十' {
        let ones = chars.next().and_then(seat_digit).unwrap_or(0);
        let n = 10 + ones;
        return (n <= max).then_some(n);
    }
    let d = seat_digit(first)?;
    (d <= max).then_some(d)
}

/// The seat number (1 to `max`) just before position `end` in `s` ("5 is a wolf",
/// "5号是好人", "12号", "十二号").
fn seat_before(s: &str, end: usize, max: Seat) -> Option<Seat> {
    let head = s[..end].trim_end();
    let head = head.strip_suffix('号').unwrap_or(head).trim_end();
    let digits = head.len() - head.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 {
        return seat_number(&head[head.len() - digits..], max);
    }
    let mut back = head.chars().rev();
    let last = back.next()?;
    let n = match (last, back.next()) {
        ('十', _) => 10,
        (ones, Some('十')) => 10 + seat_digit(ones)?,
        (ones, _) => seat_digit(ones)?,
    };
    (n <= max).then_some(n)
}

/// Reads the claims in a speech.
///
/// Seat numbers are read as at a nine-seat table ("12 is a wolf" names nobody); a larger
/// table's speeches are read with [`read_at`].
pub fn read(text: &str) -> Claims {
    read_at(text, SEATS as Seat)
}

/// Reads the claims in a speech made at a table of `seats` seats (up to 16: "12号是狼").
pub fn read_at(text: &str, seats: Seat) -> Claims {
    let max = seats;
    let mut claims = Claims::default();
    if text.is_empty() {
        return claims;
    }
    if text.is_ascii() {
        // The common case (and every AI speech): one pass over words, no allocation.
        for sentence in text.split(['.', '!', '?', ';', '\n']) {
            read_words(sentence, &mut claims, max);
        }
        return claims;
    }
    let lower = text.to_lowercase().replace(['’', '‘'], "'");
    for sentence in lower.split(['.', '!', '?', ';', '\n', '。', '！', '？', '；']) {
        read_words(sentence, &mut claims, max);
        read_chinese(sentence.trim(), &mut claims, max);
    }
    claims
}

const MAX_WORDS: usize = 64;

fn role_word(w: &str) -> Option<Role> {
    let w = w.to_ascii_lowercase();
    Some(match w.as_str() {
        "seer" | "prophet" => Role::Seer,
        "witch" => Role::Witch,
        "hunter" => Role::Hunter,
        "villager" | "villagers" => Role::Villager,
        "werewolf" | "wolf" => Role::Werewolf,
        _ => return None,
    })
}

/// A word-level reader for a sentence: English phrasings.
fn read_words(sentence: &str, c: &mut Claims, max: Seat) {
    let mut words = [""; MAX_WORDS];
    // `pause[k]`: a comma, colon, dash or bracket comes between word k-1 and word k.
    let mut pause = [false; MAX_WORDS];
    let mut n = 0;
    let mut gap_from = 0;
    for w in sentence.split(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '\'')) {
        let at = w.as_ptr() as usize - sentence.as_ptr() as usize;
        if !w.is_empty() && n < MAX_WORDS {
            words[n] = w;
            pause[n] = sentence[gap_from..at].contains([',', ':', '-', '(', ')', '，', '：']);
            gap_from = at + w.len();
            n += 1;
        }
    }
    let w = &words[..n];
    let is = |j: usize, s: &str| w.get(j).is_some_and(|x| x.eq_ignore_ascii_case(s));
    let any = |j: usize, list: &[&str]| list.iter().any(|s| is(j, s));
    let digit = |j: usize| -> Option<Seat> { seat_number(w.get(j)?, max) };
    // "seat 5", "player 5", "no 5", "#5", "5"
    let seat_at = |mut j: usize| -> Option<(Seat, usize)> {
        if any(j, &["seat", "player", "no"]) {
            j += 1;
        }
        digit(j).map(|s| (s, j + 1))
    };
    // A denial just before word i: "not", "don't", "never".
    let denied = |i: usize| {
        (i >= 1 && any(i - 1, &["not", "don't", "dont", "never", "no"]))
            || (i >= 2 && any(i - 2, &["not", "don't", "dont", "never"]))
    };
    // A role after word j, past "the", "a", "real"… ("I am the real seer").
    let role_from = |mut j: usize| -> Option<Role> {
        let mut skipped = 0;
        while skipped < 3
            && any(
                j,
                &[
                    "the", "a", "an", "just", "only", "plain", "simple", "real", "true", "humble",
                ],
            )
        {
            j += 1;
            skipped += 1;
        }
        role_word(w.get(j)?)
    };
    // What the sentence claimed before it was read: a seat it retracts keeps this.
    let before = *c;
    let mut retracted = SeatSet::EMPTY;
    for i in 0..n {
        let first = w[i].as_bytes()[0].to_ascii_lowercase();
        // "I never said 4 was good", "I didn't call 6 a wolf", "I did not accuse 3".
        if any(i, &["never", "didn't", "didnt", "not"])
            && (!is(i, "not") || (i >= 1 && is(i - 1, "did")))
        {
            let j = if is(i + 1, "ever") { i + 2 } else { i + 1 };
            if any(
                j,
                &[
                    "said", "say", "called", "call", "accused", "accuse", "reported", "claimed",
                ],
            ) {
                let k = if any(j + 1, &["that", "seat"]) && digit(j + 1).is_none() {
                    j + 2
                } else {
                    j + 1
                };
                if let Some((seat, _)) = seat_at(k) {
                    retracted.insert(seat);
                }
            }
        }
        match first {
            // "I am the seer", "I'm a villager" (not "I am not the seer"); "I am not a
            // wolf", "I'm innocent" deny being one.
            b'i' => {
                let j = if is(i, "i") && is(i + 1, "am") {
                    i + 2
                } else if is(i, "i'm") || is(i, "im") {
                    i + 1
                } else {
                    continue;
                };
                if let Some(role) = role_from(j) {
                    c.role = Some(role);
                }
                if is(j, "innocent") || (is(j, "not") && role_from(j + 1) == Some(Role::Werewolf)) {
                    c.denies = true;
                }
                // "I'm voting 4", "I am voting for 4": a promise.
                if is(j, "voting") {
                    let k = if any(j + 1, &["out", "for"]) {
                        j + 2
                    } else {
                        j + 1
                    };
                    if let Some((seat, _)) = seat_at(k) {
                        c.pledge = seat;
                    }
                }
            }
            // "As the hunter, I …" at the start of a sentence (not "as the seer said").
            b'a' if i == 0 && is(i, "as") => {
                if let Some(role) = role_from(i + 1) {
                    let next = (i + 2..(i + 6).min(n)).find(|&k| role_word(w[k]).is_some());
                    let speaker_follows = next.is_some_and(|k| any(k + 1, &["i", "i'm", "im"]));
                    if role != Role::Werewolf && speaker_follows {
                        c.role = Some(role);
                    }
                }
            }
            // "claim seer", "claiming the witch"
            b'c' if any(i, &["claim", "claiming"]) && !denied(i) => {
                let j = if is(i + 1, "to") && is(i + 2, "be") {
                    i + 3
                } else {
                    i + 1
                };
                if let Some(role) = role_from(j) {
                    c.role = Some(role);
                }
            }
            // "checked 5: wolf", "my check on 5 came back good", "I checked seat 4 and they
            // are a wolf", "checked 5 and they are not a wolf".
            b'c' if any(i, &["checked", "check", "checks"]) => {
                let j = if any(i + 1, &["on", "of"]) {
                    i + 2
                } else {
                    i + 1
                };
                if let Some((seat, j)) = seat_at(j) {
                    let mut negated = false;
                    for k in j..(j + 7).min(n) {
                        if digit(k).is_some() {
                            break;
                        }
                        if any(k, &["not", "isn't", "aren't", "no"]) {
                            negated = true;
                        } else if any(k, &["wolf", "werewolf", "bad"]) {
                            if negated {
                                c.good.insert(seat);
                            } else {
                                c.wolves.insert(seat);
                            }
                            break;
                        } else if any(k, &["good", "clean", "innocent", "villager"]) {
                            if !negated {
                                c.good.insert(seat);
                            }
                            break;
                        }
                    }
                }
            }
            // "5 is a wolf", "seat 7 is clean", "2 is suspicious"
            // "5 is the wolf", "5 is probably a wolf" (a suspicion, not a report).
            b'1'..=b'9' if any(i + 1, &["is", "was"]) => {
                let Some(seat) = digit(i) else { continue };
                let hedged = any(i + 2, &["probably", "maybe", "likely", "possibly"]);
                let j = if hedged || any(i + 2, &["a", "the", "definitely", "surely", "clearly"]) {
                    i + 3
                } else {
                    i + 2
                };
                let j = if any(j, &["a", "the"]) { j + 1 } else { j };
                if any(j, &["wolf", "werewolf"]) {
                    if hedged {
                        c.accuses.insert(seat);
                    } else {
                        c.wolves.insert(seat);
                    }
                } else if any(j, &["fake", "liar", "lying"]) {
                    // "3 is lying", "3 is a fake": a claimer called out as a wolf.
                    if hedged {
                        c.accuses.insert(seat);
                    } else {
                        c.wolves.insert(seat);
                    }
                } else if any(j, &["good", "clean", "innocent"]) && !hedged {
                    c.good.insert(seat);
                } else if any(j, &["suspicious", "sus", "shady"]) {
                    c.accuses.insert(seat);
                }
            }
            // Shorthand reports: "7: good", "5 wolf", "3 - clean, 8 wolf" (punctuation is
            // not a word); only where the clause ends after the verdict, so "2 good reasons"
            // reports nothing.
            b'1'..=b'9'
                if any(
                    i + 1,
                    &["wolf", "werewolf", "bad", "good", "clean", "innocent"],
                ) && (i + 2 >= n
                    || pause[i + 2]
                    || digit(i + 2).is_some()
                    || any(
                        i + 2,
                        &["and", "but", "so", "then", "also", "too", "vote", "seat"],
                    )) =>
            {
                let Some(seat) = digit(i) else { continue };
                if any(i + 1, &["wolf", "werewolf", "bad"]) {
                    c.wolves.insert(seat);
                } else {
                    c.good.insert(seat);
                }
            }
            // "seat 2 worries me", "5 bothers me"
            b'1'..=b'9' if any(i + 1, &["worries", "bothers", "concerns", "scares"]) => {
                if let Some(seat) = digit(i) {
                    c.accuses.insert(seat);
                }
            }
            // "I don't trust 5", "do not trust seat 2"; "worried about 3"
            b't' | b'w'
                if (is(i, "trust") && denied(i)) || (is(i, "worried") && is(i + 1, "about")) =>
            {
                let j = if is(i, "worried") { i + 2 } else { i + 1 };
                if let Some((seat, _)) = seat_at(j) {
                    c.accuses.insert(seat);
                }
            }
            // "vote out 6", "I'm voting 4", "suspect seat 2", "suspicious of 2", "lynch 5";
            // not "don't vote 3".
            b'v' | b's' | b'l' | b'e'
                if any(
                    i,
                    &[
                        "vote",
                        "voting",
                        "suspect",
                        "suspecting",
                        "suspicious",
                        "lynch",
                        "eliminate",
                    ],
                ) && !denied(i) =>
            {
                let j = if any(i + 1, &["out", "for", "to", "of", "off"]) {
                    i + 2
                } else {
                    i + 1
                };
                if let Some((seat, _)) = seat_at(j) {
                    c.accuses.insert(seat);
                    // "I will vote 5", "I'll vote 5", "I vote 5": a promise, not a call.
                    let promised = is(i, "vote")
                        && ((i >= 1 && any(i - 1, &["i'll", "ill"]))
                            || (i >= 2 && is(i - 2, "i") && any(i - 1, &["will", "shall"]))
                            || (i >= 1 && is(i - 1, "i")));
                    if promised {
                        c.pledge = seat;
                    }
                }
            }
            // "My vote goes to 5", "my vote is on seat 5".
            b'm' if is(i, "my") && is(i + 1, "vote") && any(i + 2, &["goes", "is", "will"]) => {
                let mut j = i + 3;
                if is(j, "go") {
                    j += 1;
                }
                if any(j, &["to", "on", "for"]) {
                    j += 1;
                }
                if let Some((seat, _)) = seat_at(j) {
                    c.accuses.insert(seat);
                    c.pledge = seat;
                }
            }
            // "Seer here", "OK, witch here:" at the start of a sentence.
            _ if is(i + 1, "here")
                && (i == 0
                    || (i == 1
                        && any(
                            0,
                            &["ok", "okay", "so", "well", "hi", "hello", "fine", "alright"],
                        ))) =>
            {
                if let Some(role) = role_word(w[i]) {
                    if role != Role::Werewolf && !denied(i) {
                        c.role = Some(role);
                    }
                }
            }
            _ => {}
        }
        if any(i, &["saved", "save", "poisoned", "poison"]) && !denied(i) {
            let j = if is(i + 1, "on") { i + 2 } else { i + 1 };
            if let Some((seat, _)) = seat_at(j) {
                if any(i, &["saved", "save"]) {
                    // "save 3" as a plan is not a report; only the past tense counts.
                    if is(i, "saved") {
                        c.saved = Some(seat);
                    }
                } else if is(i, "poisoned") {
                    c.poisoned = Some(seat);
                }
            }
        }
    }
    if !retracted.is_empty() {
        restore(c, &before, retracted);
    }
}

/// A corrected seat keeps what earlier sentences claimed of it, not what this one did.
fn restore(c: &mut Claims, before: &Claims, seats: SeatSet) {
    for seat in seats.iter() {
        for (now, was) in [
            (&mut c.good, before.good),
            (&mut c.wolves, before.wolves),
            (&mut c.accuses, before.accuses),
        ] {
            if was.contains(seat) {
                now.insert(seat);
            } else {
                now.remove(seat);
            }
        }
    }
    if c.retracted == 0 {
        c.retracted = seats.first().unwrap_or(0);
    }
}

/// The substring reader for Chinese table terms (the sentence is lower-case).
fn read_chinese(s: &str, c: &mut Claims, max: Seat) {
    if s.is_empty() || s.is_ascii() {
        return;
    }
    const ROLE_WORDS: [(&str, Role); 7] = [
        ("预言家", Role::Seer),
        ("女巫", Role::Witch),
        ("猎人", Role::Hunter),
        ("平民", Role::Villager),
        ("村民", Role::Villager),
        ("民", Role::Villager),
        ("狼人", Role::Werewolf),
    ];
    // "我是预言家", "我就是女巫", "本人是猎人", "我跳预言家" (to "jump" is to claim).
    for key in ["我是", "我就是", "本人是", "我跳"] {
        let mut from = 0;
        while let Some(i) = s[from..].find(key) {
            let at = from + i;
            let rest = &s[at + key.len()..];
            let rest = rest.trim_start_matches(['一', '个', '真', '的']);
            if let Some((_, role)) = ROLE_WORDS.iter().find(|(w, _)| rest.starts_with(w)) {
                c.role = Some(*role);
            }
            from = at + key.len();
        }
    }
    // "查验了4号是狼", "验了5号，好人", "查验5号是金水"
    for key in ["查验了", "查验", "验了", "查了", "验", "查"] {
        if let Some(i) = s.find(key) {
            let rest = &s[i + key.len()..];
            if let Some(seat) = seat_after(rest, max) {
                let verdict = rest
                    .char_indices()
                    .find(|(_, ch)| seat_digit(*ch).is_some())
                    .map(|(k, _)| &rest[k..])
                    .unwrap_or(rest);
                let verdict: String = verdict.chars().take(8).collect();
                if verdict.contains("不是狼")
                    || verdict.contains("好人")
                    || verdict.contains("金水")
                {
                    c.good.insert(seat);
                } else if verdict.contains('狼') || verdict.contains("查杀") {
                    c.wolves.insert(seat);
                }
            }
            break;
        }
    }
    // "5号是狼", "5号是好人", "5号金水", "4号查杀", "查杀4号", "金水5号"
    for (phrase, wolf) in [
        ("是狼", true),
        ("查杀", true),
        ("是好人", false),
        ("是金水", false),
        ("金水", false),
        ("狼人", true),
        ("好人", false),
    ] {
        let mut from = 0;
        while let Some(i) = s[from..].find(phrase) {
            let at = from + i;
            let negated = s[..at].ends_with('不');
            let seat = seat_before(s, at, max).or_else(|| {
                // "查杀4号", "金水5号": the seat after the word.
                seat_after(&s[at + phrase.len()..], max).filter(|_| !phrase.starts_with('是'))
            });
            if let Some(seat) = seat.filter(|_| !negated) {
                if wolf {
                    c.wolves.insert(seat);
                } else {
                    c.good.insert(seat);
                }
            }
            from = at + phrase.len();
        }
    }
    // "我不是狼", "我不是狼人": a denial.
    if s.contains("我不是狼") {
        c.denies = true;
    }
    // "我投5号", "我会投5号", "我要投给5号": a promise.
    for key in ["我会投给", "我要投给", "我投给", "我会投", "我要投", "我投"] {
        if let Some(i) = s.find(key) {
            if let Some(seat) = seat_after(&s[i + key.len()..], max) {
                c.pledge = seat;
            }
            break;
        }
    }
    // "投6号", "投给6号", "我怀疑2号"; not "不要投3号", "别投3号".
    for key in ["投票给", "投给", "投", "怀疑"] {
        let mut from = 0;
        while let Some(i) = s[from..].find(key) {
            let at = from + i;
            let head = &s[..at];
            let denied = ["不要", "别", "不", "不用", "不会"]
                .iter()
                .any(|d| head.ends_with(d));
            if !denied {
                if let Some(seat) = seat_after(&s[at + key.len()..], max) {
                    c.accuses.insert(seat);
                }
            }
            from = at + key.len();
        }
    }
    // "5号可疑", "5号有点可疑", "6号像狼": a suspicion, not a report.
    for phrase in ["可疑", "像狼"] {
        let mut from = 0;
        while let Some(i) = s[from..].find(phrase) {
            let at = from + i;
            let head = s[..at].trim_end_matches(['很', '有', '点', '比', '较', '非', '常']);
            if !head.ends_with('不') {
                if let Some(seat) = seat_before(head, head.len(), max) {
                    c.accuses.insert(seat);
                }
            }
            from = at + phrase.len();
        }
    }
    // "昨晚救了3号", "毒了6号"
    for (key, save) in [("救了", true), ("救", true), ("毒了", false), ("毒", false)] {
        if let Some(i) = s.find(key) {
            if s[..i].ends_with('不') || s[..i].ends_with("没") {
                continue;
            }
            if let Some(seat) = seat_after(&s[i + key.len()..], max) {
                if save {
                    c.saved = Some(seat);
                } else {
                    c.poisoned = Some(seat);
                }
            }
        }
    }
    // "我没说过4号是好人", "我没有说4号是狼": a correction; what follows is not a claim.
    for key in ["没说过", "没有说过", "没有说", "没说", "从没说"] {
        if let Some(i) = s.find(key) {
            if let Some(seat) = seat_after(&s[i + key.len()..], max) {
                let before = Claims {
                    good: c.good.minus(SeatSet::only(seat)),
                    wolves: c.wolves.minus(SeatSet::only(seat)),
                    accuses: c.accuses.minus(SeatSet::only(seat)),
                    ..*c
                };
                restore(c, &before, SeatSet::only(seat));
            }
            break;
        }
    }
}

#[cfg(test)]
#[path = "claims_tests.rs"]
mod tests;
