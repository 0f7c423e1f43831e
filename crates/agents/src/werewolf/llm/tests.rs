//! The schema per kind of ask, replies the ask does not offer, and the shared prefix of
//! every seat's prompt.

use super::*;

fn ask(kind: AskKind, targets: &[Seat]) -> Ask {
    Ask {
        seat: 4,
        kind,
        targets: targets.iter().copied().collect(),
        attacked: Some(2),
        can_save: true,
        max_chars: 40,
        no_abstain: false,
        seq: 3,
    }
}

#[test]
fn one_schema_per_kind_of_ask_with_the_speech_first() {
    // The same schema whatever the legal targets: they are in the ask's text.
    let (_, a) = schema_for(&ask(AskKind::Vote, &[1, 5]));
    let (_, b) = schema_for(&ask(AskKind::Vote, &[2, 3, 4]));
    assert_eq!(a, b);
    assert_eq!(
        a["properties"]["target"]["enum"],
        json!([1, 2, 3, 4, 5, 6, 7, 8, 9, null])
    );
    let (_, s) = schema_for(&ask(AskKind::SeerCheck, &[6]));
    assert_eq!(
        s["properties"]["target"]["enum"],
        json!([1, 2, 3, 4, 5, 6, 7, 8, 9])
    );
    let mut w = ask(AskKind::Witch, &[]);
    w.can_save = false;
    assert_eq!(schema_for(&w), schema_for(&ask(AskKind::Witch, &[1, 3])));
    let (_, s) = schema_for(&w);
    assert_eq!(s["properties"]["choice"]["enum"][0], "save");
    assert_eq!(s["properties"]["choice"]["enum"][9], "poison 9");
    assert_eq!(s["additionalProperties"], json!(false));
    // Reasoning before a decision; a speech before the reasoning (it streams).
    for (a, first) in [
        (ask(AskKind::Vote, &[1, 5]), "reasoning_steps"),
        (ask(AskKind::Witch, &[1, 3]), "reasoning_steps"),
        (ask(AskKind::Speech, &[]), "speech"),
    ] {
        let (_, s) = schema_for(&a);
        let keys: Vec<&String> = s["properties"].as_object().unwrap().keys().collect();
        assert_eq!(keys[0], first, "{keys:?}");
        assert_eq!(s["required"][0], first);
        // The mock answers in the same order.
        let reply = crate::llm::mock::instance(&s, &mut 5).to_string();
        assert!(reply.starts_with(&format!("{{\"{first}\"")), "{reply}");
    }
}

#[test]
fn a_target_the_schema_offers_but_the_ask_does_not_is_refused() {
    let a = ask(AskKind::Vote, &[1, 5]);
    let reply = r#"{"reasoning_steps": [], "suspicion_scores": [], "target": 3}"#;
    let e = parse_reply(reply, &a).unwrap_err();
    assert!(
        e.contains("seat 3 is not a valid target now (valid: 1, 5"),
        "{e}"
    );
    let mut w = ask(AskKind::Witch, &[1, 3]);
    w.can_save = false;
    let reply = r#"{"reasoning_steps": [], "suspicion_scores": [], "choice": "save"}"#;
    let e = parse_reply(reply, &w).unwrap_err();
    assert!(
        e.contains("not allowed now (allowed: poison 1, poison 3, pass)"),
        "{e}"
    );
}

/// Two seats' requests at the same moment share everything up to the private block:
/// the system message and the public part of the user message are the same text.
#[test]
fn seats_share_the_prompt_up_to_their_private_block() {
    use crate::werewolf::lineup::{play, Lineup};
    use crate::werewolf::{player, Strategy};
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
            let fallback = player(Strategy::Heuristic, s, 11);
            LlmSeat::new(s, fallback, client.clone(), prompts.clone())
        })
        .collect();
    // Up to the second day's votes.
    for logged in game.log() {
        if matches!(logged.event, Event::VotesRevealed { .. }) && game.day() > 1 {
            break;
        }
        for seat in &mut seats {
            if logged.audience.includes(seat.seat) {
                seat.memory.observe(&logged.event);
            }
        }
    }
    let requests: Vec<Request> = seats
        .iter()
        .map(|s| {
            s.request(&Ask {
                seat: s.seat,
                ..ask(AskKind::Vote, &[1, 2, 3])
            })
        })
        .collect();
    let split = |r: &Request| {
        let user = &r.messages[1].content;
        let at = user.find("What follows is for you alone.").expect(user);
        (
            r.messages[0].content.clone(),
            user[..at].to_string(),
            user[at..].to_string(),
        )
    };
    let (system, public, private) = split(&requests[0]);
    assert!(
        system.contains("SEER:") && system.contains("WEREWOLF:"),
        "{system}"
    );
    assert!(public.contains("Claims so far"), "{public}");
    for r in &requests[1..] {
        let (s, p, own) = split(r);
        assert_eq!(s, system);
        assert_eq!(p, public);
        assert_ne!(own, private);
        assert_eq!(r.schema, requests[0].schema);
    }
    // What a seat alone knows is after the shared part only.
    for (i, r) in requests.iter().enumerate() {
        let seat = i + 1;
        let (_, public, own) = split(r);
        let role = game.role(seat as Seat);
        assert!(
            own.contains(&format!("You are seat {seat}, the {role}.")),
            "{own}"
        );
        assert!(!public.contains("You are seat"), "{public}");
    }
    // At a Chinese table the same seat renders the Chinese prompts and option words.
    let zh = LlmSeat::new(
        1,
        player(Strategy::Heuristic, 1, 11),
        client.clone(),
        prompts.clone(),
    )
    .with_lang(Lang::ZhCn)
    .request(&ask(AskKind::Witch, &[2, 3]));
    let (system, user) = (&zh.messages[0].content, &zh.messages[1].content);
    assert!(
        system.contains("各身份的玩法") && system.contains("预言家"),
        "{system}"
    );
    assert!(!system.contains("How to play"), "{system}");
    assert!(user.contains("今晚 2 号遭到袭击"), "{user}");
    assert_eq!(
        zh.schema,
        seats[0].request(&ask(AskKind::Witch, &[2, 3])).schema
    );
}
