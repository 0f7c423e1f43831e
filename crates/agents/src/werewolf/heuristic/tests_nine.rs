//! The nine-seat build of the built-in player (`NineSeats`) plays exactly as the one for
//! every board (`Heuristic`): the same log, event for event, for the same seed.

use crate::games::lang::Lang;
use crate::games::werewolf::{Board, Rules, Winner};
use crate::werewolf::lineup::{play_board, play_on, Lineup};
use crate::werewolf::{player_in, Strategy};
use std::sync::Arc;

#[test]
fn the_nine_seat_build_plays_the_same_games_as_the_one_for_every_board() {
    let rules = Arc::new(Rules::default());
    let board = Board::seed9();
    let lineup = Lineup {
        good: Strategy::Heuristic,
        wolves: Strategy::Heuristic,
    };
    let mut wolves_won = 0;
    for seed in 0..60 {
        // `play_on` seats the nine-seat build on a nine-seat board.
        let nine = play_on(&rules, &board, seed, lineup);
        let any = play_board(&rules, &board, seed, |_, seat| {
            player_in(Strategy::Heuristic, seat, seed, Lang::En)
        });
        assert_eq!(nine.log(), any.log(), "seed {seed}");
        wolves_won += usize::from(nine.winner() == Some(Winner::Wolves));
    }
    // Games of both endings were compared.
    assert!((5..55).contains(&wolves_won), "{wolves_won} of 60");
}
