//! A team debate held in Chinese: the offline captain's directions, and every part of the
//! model prompts the game fills in (task, reply-to line, record, team notes, captain's
//! list), speak the table's language (`locales/*/team-ai.ftl`).

use super::llm::{judge_request, Seated};
use super::memory::Memory;
use super::*;
use crate::games::debate::team::{Event, TeamRules};
use crate::games::Lang;
use crate::Decision;

/// Whether `c` is a Han character.
fn han(c: char) -> bool {
    ('\u{4E00}'..='\u{9FFF}').contains(&c)
}

/// The English words of `text`: runs of ASCII letters, bar the seat names a reply must
/// use (`pro1` … `con4`).
fn english_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| w.chars().any(|c| c.is_ascii_alphabetic()))
        .filter(|w| crate::games::debate::team::parse_seat(w).is_none())
        .map(str::to_string)
        .collect()
}

/// A Chinese table's offline agents played into free debate (until `stop` says so), a
/// person's team note asking Pro's captain for the floor at the start of it; returns the
/// game and the memory of `seat`.
fn chinese_debate(seat: Seat, stop: impl Fn(&TeamDebate) -> bool) -> (TeamDebate, Memory) {
    let kit = DebateKit::default();
    let topic = kit
        .topics
        .get_in("universal_basic_income", Lang::ZhCn)
        .unwrap()
        .clone();
    let table = Table {
        topic: Some("universal_basic_income"),
        motion: &topic.motion,
        key: None,
        lang: Lang::ZhCn,
    };
    let mut agents: Vec<Debater> = (1..=8)
        .map(|s| Debater::new(&kit, table, s, "logical", &[], 7))
        .collect();
    let mut memory = Memory::new(seat, &topic.motion).with_lang(Lang::ZhCn);
    let mut game = TeamDebate::new(&topic.motion, &TeamRules::default().captained_for(&[]));
    let mut shown = 0;
    for _ in 0..500 {
        for logged in &game.log()[shown..] {
            for (i, a) in agents.iter_mut().enumerate() {
                if logged.audience.includes(i as Seat + 1) {
                    a.observe(&logged.event);
                }
            }
            if logged.audience.includes(seat) {
                memory.observe(&logged.event);
            }
        }
        shown = game.log().len();
        if stop(&game) {
            break;
        }
        let Some(open) = game.asks().into_iter().next() else {
            break;
        };
        if open.seat == JUDGE {
            game.timeout(JUDGE).unwrap();
            continue;
        }
        match agents[open.seat as usize - 1].decide(&open.ask) {
            Decision::Now(action) => game.act(open.seat, action).unwrap(),
            Decision::Later(_) => game.timeout(open.seat).unwrap(),
        }
    }
    (game, memory)
}

/// The captain's directions handed on in `game`.
fn directions(game: &TeamDebate) -> Vec<String> {
    game.log()
        .iter()
        .filter_map(|l| match &l.event {
            Event::HandedOff { direction, .. } => Some(direction.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_chinese_tables_offline_captain_directs_in_chinese() {
    let (game, _) = chinese_debate(1, |g| g.is_over());
    let given = directions(&game);
    assert!(!given.is_empty(), "the captains handed the floor on");
    for d in &given {
        assert!(d.chars().any(han), "{d}");
        assert!(english_words(d).is_empty(), "English in {d:?}");
    }
}

#[test]
fn a_chinese_person_asking_for_the_floor_gets_it() {
    let kit = DebateKit::default();
    let topic = kit
        .topics
        .get_in("universal_basic_income", Lang::ZhCn)
        .unwrap()
        .clone();
    let voice = kit.personalities.get_or_first_in("logical", Lang::ZhCn);
    let mut memory = Memory::new(2, &topic.motion).with_lang(Lang::ZhCn);
    memory.observe(&Event::TeamNote {
        seat: 3,
        text: Lang::ZhCn.text("desk-floor-note", &[]),
    });
    let w = offline::Writer {
        seat: 2,
        side: Side::Pro,
        topic: &topic,
        voice,
        memory: &memory,
        humans: &[3],
    };
    assert_eq!(w.floor_asked(), Some(3));
}

/// Every prompt of a Chinese table's free debate (a debater's turn with a direction, a
/// cross-examiner's, the captain's, the judge's) holds the game's framing in Chinese: no
/// English word but the seat names a reply names.
#[test]
fn a_chinese_tables_prompts_hold_no_english_framing() {
    let in_free = |g: &TeamDebate| {
        g.log()
            .iter()
            .filter(|l| matches!(l.event, Event::HandedOff { .. }))
            .count()
            >= 2
    };
    let (_, memory) = chinese_debate(4, in_free);
    assert!(memory.speeches.len() > 10, "{}", memory.speeches.len());
    assert!(memory
        .log
        .iter()
        .any(|e| matches!(e, memory::Entry::HandOff { .. })));
    let kit = DebateKit::default();
    let prompts = kit.prompts.preferring(&format!("{}/", Lang::ZhCn.code()));
    let topic = kit
        .topics
        .get_in("universal_basic_income", Lang::ZhCn)
        .unwrap()
        .clone();
    let voice = kit.personalities.get_or_first_in("logical", Lang::ZhCn);
    let seated = Seated {
        seat: 4,
        side: Side::Pro,
        topic: &topic,
        voice,
        memory: &memory,
    };
    let last = memory.speeches.last().unwrap().clone();
    let content = english_words(&format!(
        "{}\n{}",
        super::prompt::bank_text(&topic, Side::Pro, true),
        super::prompt::bank_text(&topic, Side::Con, true)
    ));
    let requests = [
        seated.speech_request(
            &prompts,
            Part::Free,
            300,
            Some("反驳对方关于“成本”的论点"),
            None,
        ),
        seated.speech_request(&prompts, Part::Question, 200, None, Some([5, 6])),
        seated.captain_request(&prompts, &[3]),
        judge_request(&prompts, &memory, &last),
    ];
    for r in &requests {
        let user = &r.messages.last().unwrap().content;
        for english in [
            "Your",
            "task",
            "Reply",
            "other side",
            "Transcript",
            "words",
            "note",
            "floor",
            "speech",
            "Pro ",
            "Con ",
            "summarized",
            "captain",
            "person",
        ] {
            assert!(!user.contains(english), "{english:?} in:\n{user}");
        }
        // Names the topic's Chinese bank writes in Latin letters ("Mincome") are content.
        let stray: Vec<String> = english_words(user)
            .into_iter()
            .filter(|w| !content.contains(w))
            .collect();
        assert_eq!(stray, Vec::<String>::new(), "in:\n{user}");
    }
}

/// Every line of the shipped Chinese banks: each topic's and the generic one's.
fn chinese_bank_lines() -> Vec<String> {
    let kit = DebateKit::default();
    let mut topics: Vec<std::sync::Arc<super::topics::Topic>> = (kit.topics.ids())
        .filter_map(|id| kit.topics.get_in(id, Lang::ZhCn).cloned())
        .collect();
    assert!(topics.len() >= 4, "{} Chinese topics", topics.len());
    topics.push(kit.topics.generic_in("应当支持本辩题", Lang::ZhCn));
    (topics.iter())
        .flat_map(|t| {
            t.texts()
                .into_iter()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// No form of the Chinese offline debaters joined with a line of a shipped Chinese bank
/// reads with two causal connectives in a row ("这并非猜测，因为由于…"): the links and
/// lead-ins (and every personality's connectors) before a line, a rejoinder's and a
/// weighed clash's words on either side of one, and the answers' forms.
#[test]
fn no_form_joined_with_a_chinese_bank_line_doubles_a_connective() {
    use super::forms::{after, doubled_connective, Forms};
    use super::pressing::{attached, linked, weighed};
    let lines = chinese_bank_lines();
    let f = Forms::of("中文");
    assert!(f.is_chinese());
    // The bank opens a line with a connective: the test meets the case it is about.
    assert!(lines.iter().any(|l| l.starts_with("由于")));
    let kit = DebateKit::default();
    let voices: Vec<String> = (kit.personalities.ids())
        .flat_map(|id| (kit.personalities.get_or_first_in(id, Lang::ZhCn).connectors).clone())
        .collect();
    let plain = "全民基本收入能减少贫困";
    let mut joined: Vec<String> = Vec::new();
    for line in &lines {
        for turn in 0..f.links.len() {
            joined.push(linked(line, turn, &[]));
        }
        for head in f.lead_ins.iter().chain(f.granted_claims.iter()) {
            joined.push(attached(head, line, &[]));
        }
        for c in f.connectors.iter().map(|c| format!("{c}{}", f.pause)) {
            joined.push(attached(&c, line, &[]));
        }
        for c in &voices {
            joined.push(attached(c, line, &[]));
        }
        for turn in 0..f.weighs.len() {
            for (closing, outweighs) in [(true, false), (false, false), (false, true)] {
                joined.push(weighed(turn, line, plain, closing, outweighs));
                joined.push(weighed(turn, plain, line, closing, outweighs));
            }
        }
        let pairs = (f.evidence_then_claim.iter().chain(f.point_then_claim))
            .chain([&f.claim_then_evidence])
            .chain(f.reports);
        for (head, tail) in pairs {
            joined.push(format!(
                "{head}{}{tail}{}",
                after(head, line),
                after(tail, line)
            ));
        }
    }
    let doubled: Vec<&String> = (joined.iter())
        .filter(|j| doubled_connective(j).is_some())
        .collect();
    assert!(
        doubled.is_empty(),
        "{} doubled: {doubled:#?}",
        doubled.len()
    );
    // The line that opens with 由于 follows 因为 without it.
    let line = lines.iter().find(|l| l.starts_with("由于")).unwrap();
    assert_eq!(
        linked(line, 2, &[]),
        format!("这并非猜测，因为{}", line.trim_start_matches("由于"))
    );
}
