//! A whole werewolf game played by built-in players on every seat, with no clock and no
//! I/O: what the ladder (`sim`) runs on its threads, and what tests use for a real game.

use super::heuristic::{phrasebook_in, NineSeats};
use super::{fit_speech, seat_seed, seated, Player, Strategy};
use crate::games::lang::Lang;
use crate::games::werewolf::{Action, Audience, Board, Rules, Side, Werewolf};
use std::sync::Arc;

/// Which AI sits on each side.
#[derive(Debug, Clone, Copy)]
pub struct Lineup {
    pub good: Strategy,
    pub wolves: Strategy,
}

/// Plays one game on the default board to the end with AI players on every seat.
pub fn play(rules: &Arc<Rules>, seed: u64, lineup: Lineup) -> Werewolf {
    play_on(rules, &Board::seed9(), seed, lineup)
}

/// Plays one game on `board` to the end with AI players on every seat.
pub fn play_on(rules: &Arc<Rules>, board: &Arc<Board>, seed: u64, lineup: Lineup) -> Werewolf {
    let mut game = Werewolf::on_board(rules.clone(), board.clone(), seed);
    let seats = game.seat_count() as u8;
    if seats == 9 && lineup.good == Strategy::Heuristic && lineup.wolves == Strategy::Heuristic {
        // The ladder's usual table: nine built-in players of one type, held and called
        // directly (the same players `seated` gives, without a box each).
        let book = phrasebook_in(Lang::En);
        let mut players: Vec<NineSeats> = (1..=seats)
            .map(|seat| NineSeats::with_phrasebook(seat_seed(seed, seat), book.clone()))
            .collect();
        run(&mut game, &mut players, seed);
        return game;
    }
    let mut players: Vec<Box<dyn Player>> = (1..=seats)
        .map(|seat| {
            let strategy = match game.role(seat).side() {
                Side::Good => lineup.good,
                Side::Wolves => lineup.wolves,
            };
            seated(strategy, seat, seed, Lang::En, Some(seats))
        })
        .collect();
    run(&mut game, &mut players, seed);
    game
}

/// [`play`] with the players `seat_player` gives each seat of the dealt game (a probe
/// seats a scripted player among built-in ones).
pub fn play_seated(
    rules: &Arc<Rules>,
    seed: u64,
    seat_player: impl FnMut(&Werewolf, u8) -> Box<dyn Player>,
) -> Werewolf {
    play_board(rules, &Board::seed9(), seed, seat_player)
}

/// [`play_seated`] on `board`.
pub fn play_board(
    rules: &Arc<Rules>,
    board: &Arc<Board>,
    seed: u64,
    mut seat_player: impl FnMut(&Werewolf, u8) -> Box<dyn Player>,
) -> Werewolf {
    let mut game = Werewolf::on_board(rules.clone(), board.clone(), seed);
    let mut players: Vec<Box<dyn Player>> = (1..=game.seat_count() as u8)
        .map(|seat| seat_player(&game, seat))
        .collect();
    run(&mut game, &mut players, seed);
    game
}

/// Plays `game` to its end with `players[i]` in seat i+1.
fn run<P: Player>(game: &mut Werewolf, players: &mut [P], seed: u64) {
    let max_chars = game.rules().speech_max_chars;
    let mut cursor = 0;
    deliver(game, players, &mut cursor);
    while !game.is_over() {
        let Some(ask) = game.asks().first().copied() else {
            // Unreachable by the engine's design: a running game always waits for someone.
            tracing::error!(seed, "game stalled with no pending ask");
            break;
        };
        // Only boards where a wolf may explode ask the wolves, before each day speech.
        if !game.volunteers().is_empty() {
            if let Some((wolf, action)) = volunteered(game, players) {
                if game.act(wolf, action).is_ok() {
                    deliver(game, players, &mut cursor);
                    continue;
                }
            }
        }
        let seat = ask.seat;
        let player = &mut players[seat as usize - 1];
        let mut action = player.decide(&ask);
        let mut meant = None;
        if let Action::Speak { text } = &mut action {
            // A built-in player hands over what its speech claims, so the game need not
            // read it again; a cut speech is read as cut.
            meant = player.meant_claims();
            // A speech of at most `max_chars` bytes has at most as many characters.
            if text.len() > max_chars && text.chars().count() > max_chars {
                *text = fit_speech(text, max_chars);
                meant = None;
            }
            debug_assert!(
                meant
                    .is_none_or(|c| c
                        == crate::games::werewolf::claims::read_at(text, game.seat_count() as u8)),
                "a built-in player's claims differ from its text's: {text:?}"
            );
        }
        let acted = match meant {
            Some(claims) => game.act_with_claims(seat, action, claims),
            None => game.act(seat, action),
        };
        if let Err(refusal) = acted {
            tracing::debug!(seed, seat, %refusal, "AI action refused; default taken");
            game.timeout(seat).expect("the ask is pending");
        }
        deliver(game, players, &mut cursor);
    }
}

/// The first living wolf (in seat order) who volunteers an unasked action now.
fn volunteered<P: Player>(game: &Werewolf, players: &mut [P]) -> Option<(u8, Action)> {
    for wolf in game.volunteers().iter() {
        if let Some(action) = players[wolf as usize - 1].volunteer() {
            return Some((wolf, action));
        }
    }
    None
}

/// Shows each player the new events its seat may see.
fn deliver<P: Player>(game: &Werewolf, players: &mut [P], cursor: &mut usize) {
    for logged in &game.log()[*cursor..] {
        match logged.audience {
            Audience::Everyone => players.iter_mut().for_each(|p| p.observe(&logged.event)),
            Audience::Seats(seats) => {
                for s in seats.iter() {
                    players[s as usize - 1].observe(&logged.event);
                }
            }
            Audience::Moderator => {}
        }
    }
    *cursor = game.log().len();
}
