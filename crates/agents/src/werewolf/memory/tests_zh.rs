//! A seat's memory at a Chinese table: every game-made line of its prompt (the public
//! record, the claims record, its private line and night notes, the ask) is Chinese, and
//! the English lines are as they were.

use super::*;
use crate::games::lang::is_han;
use crate::games::werewolf::Werewolf;
use crate::werewolf::lineup::play_seated;
use crate::werewolf::llm::{load_prompts, LlmSeat};
use crate::werewolf::{player_in, Strategy};
use crate::Agent;
use std::collections::BTreeSet;
use std::sync::Arc;

/// `text` with every double-quoted stretch (a fenced speech, a JSON value the prompt
/// quotes) taken out: what is left is the game's own words.
pub(crate) fn outside_quotes(text: &str) -> String {
    let mut out = String::new();
    let mut quoted = false;
    let mut escaped = false;
    for c in text.chars() {
        if quoted {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => quoted = false,
                _ => {}
            }
        } else if c == '"' {
            quoted = true;
        } else {
            out.push(c);
        }
    }
    out
}

/// The ASCII words of `text`.
pub(crate) fn ascii_words(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// The ASCII words the Chinese prompt files themselves use (JSON keys and values such as
/// `target`, `null`, `save`; `PK`; `AI`): a rendered prompt may hold these and no other.
pub(crate) fn chinese_prompt_words() -> BTreeSet<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../content/prompts/werewolf/zh-CN");
    let mut words = BTreeSet::new();
    for entry in std::fs::read_dir(&dir).expect("the Chinese prompts") {
        let text = std::fs::read_to_string(entry.expect("a prompt file").path()).unwrap();
        let text: String = text.split(['{', '}']).step_by(2).collect();
        words.extend(ascii_words(&text));
    }
    words
}

/// A whole game played in Chinese by the built-in players.
fn chinese_game(seed: u64) -> Werewolf {
    let rules = Arc::new(Rules::default());
    play_seated(&rules, seed, |_, seat| {
        player_in(Strategy::Heuristic, seat, seed, Lang::ZhCn)
    })
}

#[test]
fn a_chinese_seats_memory_writes_no_english() {
    let allowed = chinese_prompt_words();
    assert!(
        allowed.contains("target") && !allowed.contains("seat"),
        "{allowed:?}"
    );
    let mut days = 0;
    for seed in 0..6 {
        let game = chinese_game(seed);
        days = days.max(game.day());
        let mut memories: Vec<SeatMemory> = (1..=SEATS as Seat)
            .map(|s| SeatMemory::new(s).with_lang(Lang::ZhCn))
            .collect();
        for logged in game.log() {
            for m in &mut memories {
                if !logged.audience.includes(m.seat) {
                    continue;
                }
                m.observe(&logged.event);
                for (part, text) in [
                    ("transcript", m.transcript()),
                    ("claims", m.claims_lines()),
                    ("private", m.private_line()),
                    ("night", m.night_notes()),
                ] {
                    let own = outside_quotes(&text);
                    let english: Vec<_> = ascii_words(&own).difference(&allowed).cloned().collect();
                    assert!(english.is_empty(), "{part}: {english:?} in {text}");
                    assert!(own.chars().any(is_han), "{part}: {text}");
                }
            }
        }
        // Somebody claimed, checked and voted: the lines above were not all empty ones.
        let claims = memories[0].claims_lines();
        assert!(
            claims.contains("声称是") || claims.contains("指控"),
            "{claims}"
        );
    }
    assert!(days >= 3, "the games reached day {days}");
}

/// A model seat's whole request at a Chinese table: the system rules, the public and
/// private parts, the ask; no English word but the JSON words its prompts name.
#[test]
fn a_chinese_model_seats_prompt_holds_no_english_game_word() {
    let allowed = chinese_prompt_words();
    let prompts = Arc::new(load_prompts(None).unwrap());
    let config = crate::config::LlmConfig::default();
    let client = crate::llm::Client::new(crate::llm::Provider::fixed(
        "werewolf",
        "http://127.0.0.1:9/v1",
        "m",
        &config,
    ));
    let seed = 4;
    let game = chinese_game(seed);
    let mut seats: Vec<LlmSeat> = (1..=SEATS as Seat)
        .map(|s| {
            let fallback = player_in(Strategy::Heuristic, s, seed, Lang::ZhCn);
            LlmSeat::new(s, fallback, client.clone(), prompts.clone()).with_lang(Lang::ZhCn)
        })
        .collect();
    let mut checked = 0;
    for logged in game.log() {
        for (i, seat) in seats.iter_mut().enumerate() {
            let me = i as Seat + 1;
            if !logged.audience.includes(me) {
                continue;
            }
            seat.observe(&logged.event);
            for kind in [AskKind::Vote, AskKind::Witch, AskKind::Speech] {
                let ask = Ask {
                    seat: me,
                    kind,
                    targets: game.alive(),
                    attacked: Some(2),
                    can_save: true,
                    max_chars: 120,
                    no_abstain: false,
                    seq: 1,
                };
                let request = seat.request(&ask);
                for message in &request.messages {
                    let own = outside_quotes(&message.content);
                    let english: Vec<_> = ascii_words(&own).difference(&allowed).cloned().collect();
                    assert!(english.is_empty(), "{english:?} in {}", message.content);
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "{checked}");
}

#[test]
fn english_lines_read_as_they_did() {
    let mut m = SeatMemory::new(7);
    for e in [
        Event::RoleDealt {
            seat: 7,
            role: Role::Witch,
        },
        Event::NightFell { night: 1 },
        Event::WitchTold { attacked: Some(3) },
        Event::WitchSaved { target: 3 },
        Event::Dawn {
            day: 1,
            dead: SeatSet::default(),
        },
        Event::Eliminated { seat: Some(5) },
        Event::NightFell { night: 2 },
    ] {
        m.observe(&e);
    }
    assert_eq!(
        m.private_line(),
        "You are seat 7, the witch. Antidote used, poison unused. Alive: 1, 2, 3, 4, 6, 7, 8, 9."
    );
    assert_eq!(
        m.night_notes(),
        "night 1: you were told seat 3 was attacked; you saved seat 3"
    );
    assert_eq!(
        m.transcript(),
        "Day 1, in full:\n- Dawn: a peaceful night.\n- seat 5 was voted out\n"
    );
    assert_eq!(
        m.summaries[0],
        "Day 1: Peaceful night. seat 5 was voted out."
    );
    assert_eq!(m.claims_lines(), "- none yet");
    // The same seat at a Chinese table.
    let mut zh = SeatMemory::new(7).with_lang(Lang::ZhCn);
    for e in m.events.clone() {
        zh.observe(&e);
    }
    assert_eq!(
        zh.private_line(),
        "你是 7 号，身份是女巫。解药已用，毒药未用。存活：1, 2, 3, 4, 6, 7, 8, 9 号。"
    );
    assert_eq!(
        zh.night_notes(),
        "第 1 夜：你得知 3 号遭到袭击；你救了 3 号"
    );
    assert_eq!(zh.summaries[0], "第 1 天：平安夜。5 号被放逐。");
    assert_eq!(zh.claims_lines(), "- 暂无");
}
