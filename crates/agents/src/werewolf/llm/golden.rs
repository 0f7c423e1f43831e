//! The nine-seat board's prompts stay byte for byte what they were before the larger
//! boards: every seat's request for every kind of ask of that board, at three moments of a
//! built-in game (night 1, the second day's vote, the game's end), in both languages,
//! hashed (FNV-1a, stable across Rust versions) against the figure they had.

use super::*;
use crate::werewolf::lineup::{play, Lineup};
use crate::werewolf::{player, Strategy};

fn fnv(hash: &mut u64, text: &str) {
    for b in text.bytes() {
        *hash ^= b as u64;
        *hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
}

/// The hash of every request, and the first request's text (shown when the hash differs).
fn requests_hash(lang: Lang) -> (u64, String) {
    let rules = Arc::new(Rules::default());
    let lineup = Lineup {
        good: Strategy::Heuristic,
        wolves: Strategy::Heuristic,
    };
    let game = play(&rules, 11, lineup);
    let config = crate::config::LlmConfig::default();
    let client = Client::new(crate::llm::Provider::fixed(
        "werewolf",
        "http://127.0.0.1:9/v1",
        "m",
        &config,
    ));
    let prompts = Arc::new(load_prompts(None).unwrap());
    let mut seats: Vec<LlmSeat> = (1..=SEATS as Seat)
        .map(|s| {
            LlmSeat::new(
                s,
                player(Strategy::Heuristic, s, 11),
                client.clone(),
                prompts.clone(),
            )
            .with_rules(&rules)
            .with_lang(lang)
        })
        .collect();
    let kinds = [
        AskKind::WolfPick,
        AskKind::SeerCheck,
        AskKind::Witch,
        AskKind::HunterShot,
        AskKind::Speech,
        AskKind::PkSpeech,
        AskKind::LastWords,
        AskKind::Vote,
        AskKind::PkVote,
    ];
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut first = String::new();
    let mut snapshot = |seats: &[LlmSeat], hash: &mut u64| {
        for seat in seats {
            for kind in kinds {
                let ask = Ask {
                    seat: seat.seat,
                    kind,
                    targets: [1, 3, 5].into_iter().collect(),
                    attacked: Some(2),
                    can_save: true,
                    max_chars: if kind.is_speech() { 300 } else { 0 },
                    no_abstain: false,
                    seq: 7,
                };
                let r = seat.request(&ask);
                let text = format!(
                    "{}\n{}\n{}\n{}\n{:?}\n{:?}\n",
                    r.messages
                        .iter()
                        .map(|m| m.content.as_str())
                        .collect::<Vec<_>>()
                        .join("\n---\n"),
                    r.schema_name,
                    r.schema,
                    r.shown.unwrap_or("-"),
                    r.optional,
                    r.lang,
                );
                if first.is_empty() {
                    first = text.clone();
                }
                fnv(hash, &text);
            }
        }
    };
    let mut nights = 0;
    for logged in game.log() {
        for seat in &mut seats {
            if logged.audience.includes(seat.seat) {
                <LlmSeat as Agent<Werewolf>>::observe(seat, &logged.event);
            }
        }
        match &logged.event {
            Event::NightFell { .. } => {
                nights += 1;
                if nights == 1 {
                    snapshot(&seats, &mut hash);
                }
            }
            Event::VotesRevealed { .. } if nights == 2 => snapshot(&seats, &mut hash),
            _ => {}
        }
    }
    snapshot(&seats, &mut hash);
    (hash, first)
}

// (Changed once on purpose: a dead wolf no longer hears the living wolves' night picks.)
#[test]
fn the_nine_seat_prompts_are_unchanged() {
    for (lang, wanted) in [
        (Lang::En, 16098224306680576116u64),
        (Lang::ZhCn, 15264542509549449436u64),
    ] {
        let (hash, first) = requests_hash(lang);
        assert_eq!(
            hash, wanted,
            "{lang:?}: the first request now reads:\n{first}"
        );
    }
}
