//! Property tests: random streams of legal and illegal inputs never panic, a refusal never
//! changes anything, every game ends by `max_days`, and no seat's view holds an event its
//! audience excludes.

use agora::games::werewolf::{Action, Event, Role, Rules, Seat, Werewolf, ALL_SEATS};
use proptest::prelude::*;
use std::sync::Arc;

#[derive(Debug, Clone)]
enum Input {
    /// Answer the n-th pending ask with a random (possibly invalid) action.
    Pending(usize, u8, u8),
    /// Any seat (0..=11), any action.
    Wild(u8, u8, u8),
    Timeout,
}

fn action(kind: u8, target: u8) -> Action {
    match kind % 11 {
        0 => Action::Kill { target },
        1 => Action::Save,
        2 => Action::Poison { target },
        3 => Action::Pass,
        4 => Action::Check { target },
        5 => Action::Shoot { target },
        6 => Action::Decline,
        7 => Action::Speak {
            text: "x".repeat(target as usize * 40),
        },
        8 => Action::Vote { target },
        9 => Action::Abstain,
        _ => Action::Speak {
            text: format!("I am the seer. Checked {target}: wolf."),
        },
    }
}

/// A plausible answer for the ask, so streams move the game along.
fn fitting(game: &Werewolf, n: usize, pick: u8) -> Option<(Seat, Action)> {
    let asks = game.asks();
    let ask = asks.get(n % asks.len().max(1))?;
    let targets: Vec<Seat> = ask.targets.iter().collect();
    let target = targets
        .get(pick as usize % targets.len().max(1))
        .copied()
        .unwrap_or(1);
    use agora::games::werewolf::AskKind::*;
    let action = match ask.kind {
        WolfPick => Action::Kill { target },
        Witch => match pick % 3 {
            0 => Action::Save,
            1 => Action::Poison { target },
            _ => Action::Pass,
        },
        SeerCheck => Action::Check { target },
        HunterShot if pick.is_multiple_of(2) => Action::Decline,
        HunterShot => Action::Shoot { target },
        Speech | PkSpeech | LastWords => Action::Speak {
            text: format!("Vote {target}."),
        },
        Vote | PkVote | SheriffVote if pick.is_multiple_of(5) => Action::Abstain,
        Vote | PkVote | SheriffVote => Action::Vote { target },
        CampaignSpeech if pick.is_multiple_of(4) => Action::Withdraw,
        CampaignSpeech => Action::Speak {
            text: format!("Vote {target}."),
        },
        GuardPick => Action::Guard { target },
        KingShot => Action::Shoot { target },
        SheriffRun if pick.is_multiple_of(2) => Action::Run,
        SheriffRun | SheriffCall => Action::Pass,
        BadgePass => Action::Badge { target },
        SpeakingOrder => Action::Order {
            up: pick.is_multiple_of(2),
        },
    };
    Some((ask.seat, action))
}

fn input() -> impl Strategy<Value = Input> {
    prop_oneof![
        6 => (0usize..9, 0u8..=255, 0u8..=255).prop_map(|(n, k, t)| Input::Pending(n, k, t)),
        3 => (0u8..12, 0u8..=255, 0u8..12).prop_map(|(s, k, t)| Input::Wild(s, k, t)),
        1 => Just(Input::Timeout),
    ]
}

fn roles() -> impl Strategy<Value = [Role; 9]> {
    Just(agora::games::werewolf::DECK.to_vec())
        .prop_shuffle()
        .prop_map(|v| v.try_into().expect("nine roles"))
}

/// Checks that every event in `seat`'s view is one that seat may see.
fn view_is_private(game: &Werewolf, seat: Seat) -> Result<(), String> {
    let role = game.role(seat);
    for e in game.view(seat).events {
        let ok = match e {
            Event::RoleDealt { seat: s, .. } => *s == seat,
            Event::WolfPack { .. }
            | Event::WolfPicked { .. }
            | Event::WolfTie { .. }
            | Event::WolfAttack { .. } => role == Role::Werewolf,
            Event::WitchTold { .. } | Event::WitchSaved { .. } | Event::WitchPoisoned { .. } => {
                role == Role::Witch
            }
            Event::SeerResult { .. } => role == Role::Seer,
            Event::HunterStatus { .. } => role == Role::Hunter,
            Event::HunterShot { hunter, target } => target.is_some() || *hunter == seat,
            Event::Died { .. } | Event::Scored { .. } => false,
            Event::VoteCast { voter, .. } => *voter == seat,
            Event::Defaulted { seat: s, .. } => *s == seat,
            _ => true,
        };
        if !ok {
            return Err(format!("seat {seat} ({role}) saw {e:?}"));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_streams_are_safe(
        roles in roles(),
        seed in 0u64..1000,
        max_days in 1u32..6,
        inputs in proptest::collection::vec(input(), 0..400),
    ) {
        let rules = Arc::new(Rules { max_days, ..Rules::default() });
        let mut game = Werewolf::with_roles(rules, roles, seed);
        for inp in inputs {
            let before = (game.log().len(), game.asks().to_vec(), game.gpp().to_vec());
            let result = match inp {
                Input::Pending(n, k, t) => match fitting(&game, n, t) {
                    Some((seat, a)) if !k.is_multiple_of(4) => game.act(seat, a),
                    Some((seat, _)) => game.act(seat, action(k, t % 12)),
                    None => game.act(1, Action::Pass),
                },
                Input::Wild(s, k, t) => game.act(s, action(k, t)),
                Input::Timeout => { game.timeout_all(); Ok(()) }
            };
            if result.is_err() {
                prop_assert_eq!(before, (game.log().len(), game.asks().to_vec(), game.gpp().to_vec()));
            }
            prop_assert!(game.day() <= max_days);
        }
        // Only deadlines from here: the game must end by max_days.
        let mut rounds = 0;
        while !game.is_over() {
            prop_assert!(!game.asks().is_empty(), "a running game waits for nobody");
            game.timeout_all();
            rounds += 1;
            prop_assert!(rounds < 200 * max_days as usize, "no end in sight");
        }
        prop_assert!(game.day() <= max_days);
        prop_assert_eq!(game.asks().len(), 0);
        for seat in ALL_SEATS {
            if let Err(e) = view_is_private(&game, seat) {
                prop_assert!(false, "{}", e);
            }
        }
    }
}

#[test]
fn ai_games_keep_views_private_and_end() {
    let rules = Arc::new(Rules::default());
    for seed in 0..200u64 {
        let lineup = agora_core::werewolf::sim::Lineup {
            good: agora::agents::werewolf::Strategy::Heuristic,
            wolves: if seed.is_multiple_of(2) {
                agora::agents::werewolf::Strategy::Heuristic
            } else {
                agora::agents::werewolf::Strategy::Random
            },
        };
        let game = agora_core::werewolf::sim::play(&rules, seed, lineup);
        assert!(game.is_over());
        assert!(game.day() <= rules.max_days);
        for seat in ALL_SEATS {
            view_is_private(&game, seat).unwrap();
        }
    }
}
