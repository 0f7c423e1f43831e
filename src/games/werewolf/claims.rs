//! What a speech claims, read once when it is made: a role claim, seer reports, witch
//! reports, and who the speaker suggests voting out. The moderator shows it, and AI players
//! reason over it instead of re-reading every text.
//!
//! The grammar is small and forgiving (case-insensitive English, plus a few Chinese
//! table terms); words it does not know are ignored. Examples it reads:
//! "I am the seer. Checked 5: wolf. 3 is good. Vote 5." · "I'm a villager, I suspect 7."

use super::seat::{Role, Seat, SeatSet};
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
}

impl Claims {
    pub fn is_empty(&self) -> bool {
        *self == Claims::default()
    }
}

/// The first seat number (1-9) in `s`, skipping spaces, "seat", "#", "no." and ":".
fn seat_after(s: &str) -> Option<Seat> {
    let mut rest = s.trim_start_matches([' ', ':', '#', ',']);
    for word in ["seat ", "player ", "no. ", "no."] {
        if let Some(r) = rest.strip_prefix(word) {
            rest = r.trim_start_matches([' ', '#']);
        }
    }
    rest = rest.trim_start_matches("号").trim_start();
    let mut chars = rest.chars();
    let d = chars.next()?.to_digit(10)?;
    if chars.next().is_some_and(|c| c.is_ascii_digit()) || !(1..=9).contains(&d) {
        return None;
    }
    Some(d as Seat)
}

/// The seat number just before position `end` in `s` ("5 is a wolf", "seat 5 is good").
fn seat_before(s: &str, end: usize) -> Option<Seat> {
    let head = s[..end].trim_end();
    let d = head.chars().last()?.to_digit(10)?;
    let before = head[..head.len() - 1].chars().last();
    if before.is_some_and(|c| c.is_ascii_digit()) || !(1..=9).contains(&d) {
        return None;
    }
    Some(d as Seat)
}

/// Reads the claims in a speech.
pub fn read(text: &str) -> Claims {
    let mut claims = Claims::default();
    if text.is_empty() {
        return claims;
    }
    if text.is_ascii() {
        // The common case (and every AI speech): one pass over words, no allocation.
        for sentence in text.split(['.', '!', '?', ';', '\n']) {
            read_words(sentence, &mut claims);
        }
        return claims;
    }
    let lower = text.to_lowercase();
    for sentence in lower.split(['.', '!', '?', ';', '\n', '。', '！', '？', '；']) {
        read_sentence(sentence.trim(), &mut claims);
    }
    claims
}

const MAX_WORDS: usize = 64;

/// A word-level reader for ASCII sentences; the same grammar as `read_sentence`.
fn read_words(sentence: &str, c: &mut Claims) {
    let mut words = [""; MAX_WORDS];
    let mut n = 0;
    for w in sentence.split(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '\'')) {
        if !w.is_empty() && n < MAX_WORDS {
            words[n] = w;
            n += 1;
        }
    }
    let w = &words[..n];
    let is = |j: usize, s: &str| w.get(j).is_some_and(|x| x.eq_ignore_ascii_case(s));
    let digit = |j: usize| -> Option<Seat> {
        let x = w.get(j)?.as_bytes();
        (x.len() == 1 && (b'1'..=b'9').contains(&x[0])).then(|| x[0] - b'0')
    };
    // "seat 5", "player 5", "no 5", "5"
    let seat_at = |mut j: usize| -> Option<(Seat, usize)> {
        if is(j, "seat") || is(j, "player") || is(j, "no") {
            j += 1;
        }
        digit(j).map(|s| (s, j + 1))
    };
    for i in 0..n {
        let first = w[i].as_bytes()[0].to_ascii_lowercase();
        match first {
            b'i' => {
                let mut j = if is(i, "i") && is(i + 1, "am") {
                    i + 2
                } else if is(i, "i'm") {
                    i + 1
                } else {
                    continue;
                };
                if is(j, "the") || is(j, "a") {
                    j += 1;
                }
                let role = match w.get(j).map(|x| x.to_ascii_lowercase()) {
                    Some(x) if x == "seer" || x == "prophet" => Role::Seer,
                    Some(x) if x == "witch" => Role::Witch,
                    Some(x) if x == "hunter" => Role::Hunter,
                    Some(x) if x == "villager" => Role::Villager,
                    Some(x) if x == "werewolf" => Role::Werewolf,
                    _ => continue,
                };
                c.role = Some(role);
            }
            b'c' if is(i, "checked") || is(i, "check") => {
                if let Some((seat, j)) = seat_at(i + 1) {
                    for k in j..(j + 3).min(n) {
                        if is(k, "wolf") || is(k, "werewolf") {
                            c.wolves.insert(seat);
                            break;
                        }
                        if is(k, "good") {
                            c.good.insert(seat);
                            break;
                        }
                    }
                }
            }
            b'1'..=b'9' if is(i + 1, "is") => {
                let Some(seat) = digit(i) else { continue };
                let j = if is(i + 2, "a") { i + 3 } else { i + 2 };
                if is(j, "wolf") || is(j, "werewolf") {
                    c.wolves.insert(seat);
                } else if is(j, "good") {
                    c.good.insert(seat);
                }
            }
            b'v' | b's' if is(i, "vote") || is(i, "suspect") => {
                let j = if is(i + 1, "out") || is(i + 1, "for") {
                    i + 2
                } else {
                    i + 1
                };
                if let Some((seat, _)) = seat_at(j) {
                    c.accuses.insert(seat);
                }
            }
            b's' if is(i, "saved") => {
                if let Some((seat, _)) = seat_at(i + 1) {
                    c.saved = Some(seat);
                }
            }
            b'p' if is(i, "poisoned") => {
                if let Some((seat, _)) = seat_at(i + 1) {
                    c.poisoned = Some(seat);
                }
            }
            _ => {}
        }
    }
}

/// The substring reader for text with non-ASCII characters (Chinese table terms).
fn read_sentence(s: &str, c: &mut Claims) {
    if s.is_empty() {
        return;
    }
    const ROLE_WORDS: [(&str, Role); 10] = [
        ("seer", Role::Seer),
        ("prophet", Role::Seer),
        ("witch", Role::Witch),
        ("hunter", Role::Hunter),
        ("villager", Role::Villager),
        ("werewolf", Role::Werewolf),
        ("预言家", Role::Seer),
        ("女巫", Role::Witch),
        ("猎人", Role::Hunter),
        ("平民", Role::Villager),
    ];
    for intro in [
        "i am the ",
        "i'm the ",
        "i am a ",
        "i'm a ",
        "i am ",
        "i'm ",
        "我是",
    ] {
        if let Some(i) = s.find(intro) {
            let rest = &s[i + intro.len()..];
            if let Some((_, role)) = ROLE_WORDS.iter().find(|(w, _)| rest.starts_with(w)) {
                c.role = Some(*role);
            }
        }
    }
    // "checked 5: wolf", "checked seat 5 - good", "查验5号是狼"
    for key in ["checked", "check", "查验", "验了"] {
        if let Some(i) = s.find(key) {
            let rest = &s[i + key.len()..];
            if let Some(seat) = seat_after(rest) {
                let verdict = &rest[rest.find(|ch: char| ch.is_ascii_digit()).unwrap_or(0)..];
                if verdict.contains("wolf") || verdict.contains("狼") {
                    c.wolves.insert(seat);
                } else if verdict.contains("good")
                    || verdict.contains("好人")
                    || verdict.contains("金水")
                {
                    c.good.insert(seat);
                }
            }
            break;
        }
    }
    // "5 is a wolf", "5 is good"
    for (phrase, wolf) in [
        (" is a wolf", true),
        (" is a werewolf", true),
        (" is wolf", true),
        (" is good", false),
        ("是狼", true),
        ("是好人", false),
    ] {
        let mut from = 0;
        while let Some(i) = s[from..].find(phrase) {
            if let Some(seat) = seat_before(s, from + i) {
                if wolf {
                    c.wolves.insert(seat);
                } else {
                    c.good.insert(seat);
                }
            }
            from += i + phrase.len();
        }
    }
    for key in ["vote out ", "vote for ", "vote ", "suspect ", "投", "怀疑"] {
        let mut from = 0;
        while let Some(i) = s[from..].find(key) {
            if let Some(seat) = seat_after(&s[from + i + key.len()..]) {
                c.accuses.insert(seat);
            }
            from += i + key.len();
        }
    }
    if let Some(i) = s.find("saved ") {
        c.saved = seat_after(&s[i + 6..]).or(c.saved);
    }
    if let Some(i) = s.find("poisoned ") {
        c.poisoned = seat_after(&s[i + 9..]).or(c.poisoned);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_seer_report() {
        let c = read("I am the seer. Checked 5: wolf. Checked seat 3: good. Vote 5!");
        assert_eq!(c.role, Some(Role::Seer));
        assert_eq!(c.wolves, SeatSet::only(5));
        assert_eq!(c.good, SeatSet::only(3));
        assert_eq!(c.accuses, SeatSet::only(5));
    }

    #[test]
    fn reads_plain_talk() {
        let c = read("I'm a villager, I suspect 7 and 2 is a wolf; vote out seat 2");
        assert_eq!(c.role, Some(Role::Villager));
        assert_eq!(c.wolves, SeatSet::only(2));
        assert_eq!(c.accuses, [7, 2].into_iter().collect());
        let c = read("Witch here: I am the witch, saved 4 last night");
        assert_eq!((c.role, c.saved), (Some(Role::Witch), Some(4)));
        assert!(read("nothing to say, 12 votes 10").is_empty());
        let c = read("I am not the seer, vote for no 3. Seat 4 is a werewolf");
        assert_eq!(c.role, None);
        assert_eq!((c.accuses, c.wolves), (SeatSet::only(3), SeatSet::only(4)));
        let c = read("我是预言家。查验5号是狼。");
        assert_eq!((c.role, c.wolves), (Some(Role::Seer), SeatSet::only(5)));
    }
}
