//! Property tests of the team debate: random streams of legal and illegal inputs never
//! panic, a refused input changes nothing, every debate ends within a bound of inputs once
//! the turns time out, and a team's notes and hand-offs (and, without live scores, the
//! judge's labels) never reach a seat outside their audience.

use agora::games::debate::team::{
    side_of, Action, Ask, Event, Flag, JudgeScores, TeamDebate, TeamRules, JUDGE,
};
use agora::games::{Audience, Seat};
use proptest::prelude::*;

#[derive(Debug, Clone)]
enum Input {
    /// Answer an open ask with a fitting (possibly over-long, possibly wrong) action.
    Fitting(usize, u8, u8),
    /// Any seat (0..=11), any action.
    Wild(u8, u8, u8, u8),
    /// The open debater turn's deadline passes.
    Timeout,
    /// The judge's deadline passes.
    JudgeTimeout,
}

fn text(words: u8, question: bool) -> String {
    let mut t = (0..words.max(1))
        .map(|i| format!("w{i}"))
        .collect::<Vec<_>>()
        .join(" ");
    t.push(if question { '?' } else { '.' });
    t
}

fn scores(pick: u8) -> JudgeScores {
    // Mostly 1–10; now and then 0 or 11 (refused).
    let v = |k: u8| match pick.wrapping_add(k) % 13 {
        11 => 0,
        12 => 11,
        n => n.clamp(1, 10),
    };
    let flags = Flag::ALL
        .into_iter()
        .enumerate()
        .filter(|(i, _)| pick & (1 << i) != 0 && pick.is_multiple_of(3))
        .map(|(_, f)| f)
        .collect();
    JudgeScores {
        logic: v(0),
        persuasion: v(3),
        expression: v(5),
        teamwork: v(7),
        rule_compliance: v(9),
        flags,
    }
}

fn fitting(game: &TeamDebate, n: usize, a: u8, b: u8) -> Option<(Seat, Action)> {
    let asks = game.asks();
    let open = asks.get(n % asks.len().max(1))?;
    let action = match &open.ask {
        Ask::Question { targets, limit } => Action::Ask {
            target: targets[a as usize % 2],
            text: text((*limit as u8).saturating_add(b % 3).saturating_sub(1), true),
        },
        Ask::Speak {
            may_hand_off: true, ..
        } if a.is_multiple_of(4) => {
            let side = side_of(open.seat)?;
            Action::HandOff {
                to: side.seat(1 + b % 4),
                direction: "Go.".into(),
            }
        }
        Ask::Speak { limit, .. } => Action::Speak {
            text: text(
                ((*limit).min(60) as u8).saturating_sub(b % 7) + b % 3,
                a.is_multiple_of(5),
            ),
        },
        Ask::Judge { speech } => Action::Score {
            speech: *speech,
            scores: scores(a ^ b),
            comment: String::new(),
            offline: true,
        },
        Ask::Review => Action::Review {
            text: "Well argued.".into(),
            offline: true,
        },
    };
    Some((open.seat, action))
}

fn wild(kind: u8, x: u8, y: u8) -> Action {
    match kind % 7 {
        0 => Action::Speak {
            text: text(x % 50, y.is_multiple_of(2)),
        },
        1 => Action::Ask {
            target: y % 12,
            text: text(x % 8, true),
        },
        2 => Action::HandOff {
            to: y % 12,
            direction: String::new(),
        },
        3 => Action::TeamNote {
            text: format!("secret plan {x}"),
        },
        4 => Action::Score {
            speech: x as u32 % 40,
            scores: scores(y),
            comment: String::new(),
            offline: false,
        },
        5 => Action::Review {
            text: "Done.".into(),
            offline: false,
        },
        _ => Action::Speak { text: "   ".into() },
    }
}

fn input() -> impl Strategy<Value = Input> {
    prop_oneof![
        6 => (0usize..3, 0u8..=255, 0u8..=255).prop_map(|(n, a, b)| Input::Fitting(n, a, b)),
        3 => (0u8..12, 0u8..=255, 0u8..=255, 0u8..=255).prop_map(|(s, k, x, y)| Input::Wild(s, k, x, y)),
        1 => Just(Input::Timeout),
        1 => Just(Input::JudgeTimeout),
    ]
}

/// The state a refusal must leave untouched.
fn snapshot(game: &TeamDebate) -> String {
    format!("{game:?}")
}

/// Every team note and hand-off goes to its team's four seats only; without live scores
/// the judge's labels (and the penalties from its flags) reach no debater.
fn audiences_hold(game: &TeamDebate, live: bool) -> Result<(), String> {
    for logged in game.log() {
        let team_only = |seat: Seat| -> Result<(), String> {
            let side = side_of(seat).ok_or("a team event from a non-debater")?;
            for s in 1..=JUDGE {
                let mine = side_of(s) == Some(side);
                if logged.audience.includes(s) != mine {
                    return Err(format!(
                        "{:?} from seat {seat}: seat {s} {} it",
                        logged.event,
                        if mine { "does not see" } else { "sees" }
                    ));
                }
            }
            Ok(())
        };
        match &logged.event {
            Event::TeamNote { seat, .. } => team_only(*seat)?,
            Event::HandedOff { from, to, .. } => {
                team_only(*from)?;
                if side_of(*to) != side_of(*from) {
                    return Err(format!("a hand-off across teams: {from} to {to}"));
                }
            }
            Event::Scored(_) if !live && logged.audience != Audience::Moderator => {
                return Err(format!("a judge's label shown: {:?}", logged.audience));
            }
            _ => {}
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_debate_streams_are_safe_and_end(
        scale_pick in 0usize..3,
        live in any::<bool>(),
        inputs in proptest::collection::vec(input(), 0..300),
    ) {
        let rules = TeamRules { length_scale: [0.01, 0.04, 0.1][scale_pick], live_scores: live, ..TeamRules::default() };
        let mut game = TeamDebate::new("This house would test", &rules);
        for input in inputs {
            let before = snapshot(&game);
            let result = match input {
                Input::Fitting(n, a, b) => match fitting(&game, n, a, b) {
                    Some((seat, action)) => game.act(seat, action),
                    None => Ok(()),
                },
                Input::Wild(seat, kind, x, y) => game.act(seat, wild(kind, x, y)),
                Input::Timeout => match game.turn().map(|o| o.seat) {
                    Some(seat) => game.timeout(seat),
                    None => Ok(()),
                },
                Input::JudgeTimeout => game.timeout(JUDGE),
            };
            if result.is_err() {
                prop_assert_eq!(&snapshot(&game), &before, "a refusal changed the debate");
            }
        }
        // Every deadline passing ends the debate within a bound: at most 8 scripted turns,
        // 2 closings, 20 free-debate turns, and the judge's asks (one per speech, and the
        // review).
        let mut steps = 0;
        while !game.is_over() {
            let seat = game.turn().map(|o| o.seat).unwrap_or(JUDGE);
            prop_assert!(game.timeout(seat).is_ok(), "a pending deadline cannot pass");
            steps += 1;
            prop_assert!(steps <= 32 + game.speeches().len() + 2, "the debate does not end");
        }
        prop_assert!(game.totals().is_some());
        audiences_hold(&game, live).map_err(TestCaseError::fail)?;
        // Free debate never runs past its turns.
        prop_assert!(game.free_turns() <= 20);
    }
}
