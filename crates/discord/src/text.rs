//! Text that goes to Discord: player text made safe to post (no mass or role pings, no
//! control characters, length capped), a user's shown name, a reason written as a sentence
//! in its language, and the `custom_id`s of buttons and menus, which carry the session and
//! the ask's sequence number so a stale or foreign click is refused.

use agora_games::Lang;

/// Makes player text safe to post: `@everyone` and `@here` cannot ping, role mentions
/// become plain text, control characters go, and the text is cut to `max_chars`.
pub fn sanitize(text: &str, max_chars: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max_chars * 4));
    let mut rest = text;
    while !rest.is_empty() {
        let lower_start: String = rest.chars().take(9).collect::<String>().to_lowercase();
        if lower_start.starts_with("@everyone") || lower_start.starts_with("@here") {
            out.push_str("@\u{200B}");
            rest = &rest[1..];
            continue;
        }
        if rest.starts_with("<@&") {
            if let Some(end) = rest.find('>') {
                if rest[3..end].chars().all(|c| c.is_ascii_digit()) {
                    out.push_str("@role");
                    rest = &rest[end + 1..];
                    continue;
                }
            }
        }
        let c = rest.chars().next().expect("not empty");
        if !c.is_control() || c == '\n' {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    if out.chars().count() > max_chars {
        let cut: String = out.chars().take(max_chars.saturating_sub(1)).collect();
        format!("{cut}…")
    } else {
        out
    }
}

/// A user's name as shown: their display name, else their user name (not yet made safe).
pub fn display_name(user: &serenity::all::User) -> String {
    user.global_name
        .clone()
        .unwrap_or_else(|| user.name.clone())
}

/// What a component is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Component {
    /// A lobby button: `join`, `leave` or `start`, for the lobby of a channel.
    Lobby { channel: u64, verb: String },
    /// An answer to a session's ask: the seat, the ask's sequence number, and what the
    /// control does (`pick` for a select menu, `save`, `pass`, `decline`, `abstain`, `open`
    /// for the "open my night action" fallback).
    Ask {
        session: String,
        seat: u8,
        seq: u32,
        verb: String,
    },
    /// The vote message of a session's vote round (`key`: the sequence number of the ask
    /// that opened it); any voter of that round may use it. `verb` tells two buttons of
    /// one such message apart (a werewolf sheriff sign-up's `run` and `pass`).
    Board {
        session: String,
        key: u32,
        verb: Option<String>,
    },
}

impl Component {
    /// The `custom_id` (at most 100 characters, as Discord requires).
    pub fn id(&self) -> String {
        match self {
            Component::Lobby { channel, verb } => format!("lobby:{channel}:{verb}"),
            Component::Ask {
                session,
                seat,
                seq,
                verb,
            } => format!("ask:{session}:{seat}:{seq}:{verb}"),
            Component::Board {
                session,
                key,
                verb: None,
            } => format!("board:{session}:{key}"),
            Component::Board {
                session,
                key,
                verb: Some(verb),
            } => format!("board:{session}:{key}:{verb}"),
        }
    }

    /// Reads a `custom_id`; `None` for anything this bot did not make.
    pub fn parse(id: &str) -> Option<Component> {
        let parts: Vec<&str> = id.split(':').collect();
        let verb_ok = |v: &str| {
            !v.is_empty()
                && v.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        };
        match parts.as_slice() {
            ["lobby", channel, verb] if verb_ok(verb) => Some(Component::Lobby {
                channel: channel.parse().ok()?,
                verb: verb.to_string(),
            }),
            ["ask", session, seat, seq, verb]
                if verb_ok(verb) && !session.is_empty() && session.len() <= 40 =>
            {
                Some(Component::Ask {
                    session: session.to_string(),
                    seat: (seat.parse().ok())
                        .filter(|s| (1..=agora_games::MOST_SEATS).contains(s))?,
                    seq: seq.parse().ok()?,
                    verb: verb.to_string(),
                })
            }
            ["board", session, key] if !session.is_empty() && session.len() <= 40 => {
                Some(Component::Board {
                    session: session.to_string(),
                    key: key.parse().ok()?,
                    verb: None,
                })
            }
            ["board", session, key, verb]
                if verb_ok(verb) && !session.is_empty() && session.len() <= 40 =>
            {
                Some(Component::Board {
                    session: session.to_string(),
                    key: key.parse().ok()?,
                    verb: Some(verb.to_string()),
                })
            }
            _ => None,
        }
    }
}

/// A reason as a sentence: a capital first letter and a full stop (in Chinese, a 。).
pub fn sentence(why: &str, lang: Lang) -> String {
    let mut chars = why.trim().chars();
    let mut out = match chars.next() {
        Some(f) => f.to_uppercase().collect::<String>() + chars.as_str(),
        None => return String::new(),
    };
    let stop = if lang.is_english() { "." } else { "。" };
    if !out.ends_with(['.', '!', '?', '。', '！', '？']) {
        out.push_str(stop);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_text_cannot_ping_everyone_or_roles() {
        assert_eq!(
            sanitize("hi @everyone and @HERE <@&123> <@456>", 100),
            "hi @\u{200B}everyone and @\u{200B}HERE @role <@456>"
        );
        assert_eq!(sanitize("a\u{7}b\nc", 10), "ab\nc");
        assert_eq!(sanitize("abcdef", 4), "abc…");
    }

    #[test]
    fn custom_ids_round_trip_and_reject_strangers() {
        let c = Component::Ask {
            session: "0a1b2c3d4e5f".into(),
            seat: 4,
            seq: 17,
            verb: "pick".into(),
        };
        assert!(c.id().len() <= 100);
        assert_eq!(Component::parse(&c.id()), Some(c));
        let l = Component::Lobby {
            channel: 99,
            verb: "join".into(),
        };
        assert_eq!(Component::parse(&l.id()), Some(l));
        let b = Component::Board {
            session: "0a1b2c3d4e5f".into(),
            key: 31,
            verb: None,
        };
        assert_eq!(Component::parse(&b.id()), Some(b));
        let run = Component::Board {
            session: "0a1b2c3d4e5f".into(),
            key: 31,
            verb: Some("run".into()),
        };
        assert_eq!(Component::parse(&run.id()), Some(run));
        // A twelve-seat table's seats are read; a seat past the largest board is not.
        assert!(Component::parse("ask:x:12:1:pick").is_some());
        assert_eq!(Component::parse("ask:x:17:1:pick"), None);
        assert_eq!(Component::parse("board:x:notanumber"), None);
        for bad in [
            "",
            "ask:x:0:1:pick",
            "ask:x:3:1:",
            "lobby:abc:join",
            "other:1:2",
        ] {
            assert_eq!(Component::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_reason_reads_as_a_sentence() {
        assert_eq!(
            sentence(
                "nothing typed yet: type your speech in the channel, then press Done",
                Lang::En
            ),
            "Nothing typed yet: type your speech in the channel, then press Done."
        );
        assert_eq!(sentence("it is over!", Lang::En), "It is over!");
        assert_eq!(sentence(" ", Lang::En), "");
        assert_eq!(sentence("还没轮到你", Lang::ZhCn), "还没轮到你。");
    }
}
