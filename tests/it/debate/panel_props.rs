//! Property tests of the moderated and social debates: any stream of inputs (legal,
//! illegal, out of range, by any seat) never panics, a refused input changes nothing,
//! stances stay in [−1, 1] and convictions in [0, 1] whatever the ratings, and the
//! moderated debate's scores stay within 0–100 with a victory type that follows the margin.

use agora::games::debate::moderated::{
    Action as RAction, FinalReview, ModeratedDebate, ModeratedRules, Review, RoundNotes,
    RoundScore, Rubric, Victory, RUBRIC,
};
use agora::games::debate::social::{
    Action as SAction, Rating, Ratings, SocialDebate, SocialRules, Start,
};
use proptest::prelude::*;

fn unit() -> impl Strategy<Value = f64> {
    prop_oneof![
        0.0..=1.0f64,
        Just(0.0),
        Just(1.0),
        Just(0.6),
        Just(0.3),
        -0.5..1.5f64
    ]
}

#[derive(Debug, Clone)]
enum SocialInput {
    Speak(u8, bool),
    Rate(u8, Vec<(u8, f64, f64, f64)>),
    Concede(u8),
    Timeout(u8),
}

fn social_input() -> impl Strategy<Value = SocialInput> {
    prop_oneof![
        (0u8..7, any::<bool>()).prop_map(|(s, e)| SocialInput::Speak(s, e)),
        (
            0u8..7,
            proptest::collection::vec((0u8..7, unit(), unit(), unit()), 0..6)
        )
            .prop_map(|(s, r)| SocialInput::Rate(s, r)),
        (0u8..7).prop_map(SocialInput::Concede),
        (0u8..7).prop_map(SocialInput::Timeout),
    ]
}

fn start() -> impl Strategy<Value = Start> {
    (-1.0..=1.0f64, 0.0..=1.0f64).prop_map(|(stance, conviction)| Start { stance, conviction })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn social_states_stay_in_range_and_refusals_change_nothing(
        starts in proptest::collection::vec(start(), 3..6),
        rounds in 1u8..6,
        inputs in proptest::collection::vec(social_input(), 0..200),
    ) {
        let rules = SocialRules { rounds, length_scale: 1.0 };
        let mut game = SocialDebate::new("m", &starts, &rules);
        for input in inputs {
            let (seat, action) = match input {
                SocialInput::Speak(s, empty) => (s, SAction::Speak { text: if empty { " ".into() } else { "however, the data is wrong".into() } }),
                SocialInput::Rate(s, r) => (s, SAction::Rate(Ratings {
                    ratings: r.into_iter().map(|(t, p, a, e)| (t, Rating { persuasion: p, attack: a, evidence: e })).collect(),
                    offline: false,
                })),
                SocialInput::Concede(s) => (s, SAction::Concede),
                SocialInput::Timeout(s) => {
                    let _ = game.timeout(s);
                    continue;
                }
            };
            let before = (game.minds().to_vec(), game.log().len(), game.phase().clone());
            if game.act(seat, action).is_err() {
                prop_assert_eq!(&before.0, &game.minds().to_vec());
                prop_assert_eq!(before.1, game.log().len());
                prop_assert_eq!(&before.2, game.phase());
            }
            for m in game.minds() {
                prop_assert!((-1.0..=1.0).contains(&m.stance), "stance {}", m.stance);
                prop_assert!((0.0..=1.0).contains(&m.conviction), "conviction {}", m.conviction);
                prop_assert!(m.persuasion.len() <= 10 && m.attack.len() <= 10);
            }
            prop_assert!(game.scores().iter().all(|s| s.is_finite()));
        }
    }

    #[test]
    fn rounds_scores_stay_in_range_and_the_victory_follows_the_margin(
        n in 2u8..6,
        rounds in 1u8..4,
        values in proptest::collection::vec(0u8..13, 400),
        skips in proptest::collection::vec(any::<bool>(), 60),
    ) {
        let rules = ModeratedRules { rounds, ..ModeratedRules::default() };
        let mut game = ModeratedDebate::new("m", n, &rules);
        let mut k = 0usize;
        let mut next = || { k += 1; values[k % values.len()] };
        let mut turn = 0usize;
        for _ in 0..200 {
            if game.is_over() { break; }
            let (seat, ask) = game.ask().expect("an open ask until the end");
            let action = match ask {
                agora::games::debate::moderated::Ask::Speak { .. } => {
                    turn += 1;
                    if skips[turn % skips.len()] { game.timeout(seat).unwrap(); continue; }
                    RAction::Speak { text: "a point".into() }
                }
                agora::games::debate::moderated::Ask::Review { round, .. } => {
                    let pass = |next: &mut dyn FnMut() -> u8| (0..n).map(|_| RoundScore { argument: next(), rebuttal: next(), strategy: next() }).collect::<Vec<_>>();
                    RAction::Review(Review { round, passes: [pass(&mut next), pass(&mut next)], notes: RoundNotes::default(), offline: false })
                }
                agora::games::debate::moderated::Ask::Final { .. } => {
                    let pass = |next: &mut dyn FnMut() -> u8| (0..n).map(|_| { let mut r = Rubric::default(); for (i, s) in RUBRIC.iter().enumerate() { r.0[i] = next() % (s.max + 2); } r }).collect::<Vec<_>>();
                    RAction::Final(FinalReview { passes: [pass(&mut next), pass(&mut next)], reasons: vec![], summary: String::new(), offline: false })
                }
            };
            let log = game.log().len();
            if game.act(seat, action).is_err() {
                prop_assert_eq!(log, game.log().len());
            }
        }
        let s = game.standing();
        prop_assert!(s.scores.iter().all(|x| (0.0..=100.0).contains(x)), "{:?}", s.scores);
        if game.is_over() {
            let want = if s.margin >= 10.0 - 1e-9 && s.passes_agree { Victory::Clear } else if s.margin >= 3.0 - 1e-9 { Victory::Narrow } else { Victory::Draw };
            prop_assert_eq!(s.victory, want);
            prop_assert_eq!(s.winner.is_some(), s.victory != Victory::Draw);
        }
    }
}
