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
    let lower = text.to_lowercase();
    for sentence in lower.split(['.', '!', '?', ';', '\n', '。', '！', '？', '；']) {
        read_sentence(sentence.trim(), &mut claims);
    }
    claims
}

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
        let c = read("我是预言家。查验5号是狼。");
        assert_eq!((c.role, c.wolves), (Some(Role::Seer), SeatSet::only(5)));
    }
}
