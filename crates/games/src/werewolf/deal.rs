//! Deals and seat draws: which role each seat gets and where the people sit, each drawn
//! from the game's seed on a stream of its own, so the seed alone decides them.

use super::{Board, Role, Seat, ALL_SEATS, DECK, MAX_SEATS, SEATS};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// A uniformly random index below `n` (n > 0), from the game's RNG.
pub fn below(rng: &mut impl RngCore, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

/// Deals the default board's nine roles with the seed's RNG (Fisher–Yates over [`DECK`]).
pub fn deal(seed: u64) -> [Role; SEATS] {
    let mut roles = DECK;
    shuffle(seed, &mut roles);
    roles
}

/// Deals `board`'s deck with the seed's RNG; on the default board, [`deal`]'s roles.
pub fn deal_board(board: &Board, seed: u64) -> Vec<Role> {
    let (roles, n) = deal_array(board, seed);
    roles[..n].to_vec()
}

/// [`deal_board`] into an array, for the ladder's every game: the roles and how many.
pub(super) fn deal_array(board: &Board, seed: u64) -> ([Role; MAX_SEATS], usize) {
    let (mut roles, n) = board.laid_out();
    shuffle(seed, &mut roles[..n]);
    (roles, n)
}

fn shuffle(seed: u64, roles: &mut [Role]) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for i in (1..roles.len()).rev() {
        let j = below(&mut rng, i + 1);
        roles.swap(i, j);
    }
}

/// The nine seats in an order drawn from `seed` on a stream of its own (`stream` keeps
/// this draw apart from the deal's and from other draws): the first K are where K humans
/// sit, so the seed alone decides it and a game replays.
pub fn seat_draw(seed: u64, stream: u64) -> [Seat; SEATS] {
    let mut seats = ALL_SEATS;
    draw_seats(seed, stream, &mut seats);
    seats
}

/// [`seat_draw`] for a table of `n` seats (the same order as it for nine).
pub fn seat_draw_n(n: usize, seed: u64, stream: u64) -> Vec<Seat> {
    let mut seats: Vec<Seat> = (1..=n as Seat).collect();
    draw_seats(seed, stream, &mut seats);
    seats
}

fn draw_seats(seed: u64, stream: u64, seats: &mut [Seat]) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ stream);
    for i in (1..seats.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        seats.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The deck laid out by [`Board::deck`] and shuffled: what a deal is.
    fn deck_shuffled(board: &Board, seed: u64) -> Vec<Role> {
        let mut roles = board.deck();
        shuffle(seed, &mut roles);
        roles
    }

    #[test]
    fn a_deal_is_the_boards_deck_shuffled_whatever_the_roles() {
        use Role::*;
        let decks: [&[Role]; 3] = [
            &[Seer, Werewolf, Witch, Villager, Werewolf, Villager],
            &[
                Guard,
                Werewolf,
                Seer,
                Witch,
                Hunter,
                WhiteWolfKing,
                Villager,
                Werewolf,
                Idiot,
                Villager,
                WolfKing,
                Villager,
            ],
            &[
                Werewolf, Villager, Villager, Seer, Werewolf, Werewolf, Villager, Witch, Hunter,
            ],
        ];
        for deck in decks {
            let board = Board::custom(deck).expect("a valid deck");
            for seed in 0..40 {
                let dealt = deal_board(&board, seed);
                assert_eq!(dealt, deck_shuffled(&board, seed), "seed {seed}");
                assert_eq!(dealt.len(), deck.len());
            }
        }
        for seed in 0..40 {
            assert_eq!(deal_board(&Board::seed9(), seed), deal(seed).to_vec());
        }
    }
}
