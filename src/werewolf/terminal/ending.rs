//! How a finished werewolf game is told at the terminal: the deaths the table had not yet
//! been told (a game that ends in the night ends before dawn), how the game was won (the
//! deciding death or vote, and why it decided), then each seat's role and GPP, once.
//! Pure: it reads the finished game's whole log, which hides nothing once the game is over.

use agora_core::store::{Outcome, SummarySeat};
use agora_games::werewolf::{DeathCause, Event, Role, Seat, SeatSet, Werewolf, Winner};

fn cause_text(cause: DeathCause, night: u32, day: u32) -> String {
    match cause {
        DeathCause::Attack => format!("was killed by the wolves in night {night}"),
        DeathCause::Poison => format!("was poisoned by the witch in night {night}"),
        DeathCause::Shot => "was shot by the hunter".to_string(),
        DeathCause::Vote => format!("was voted out on day {day}"),
    }
}

/// Every death in the log with its cause, the night and day it happened, and whether the
/// table was told of it (at dawn, by the vote's result, or by the hunter's shot).
fn deaths(game: &Werewolf) -> Vec<(Seat, DeathCause, u32, u32, bool)> {
    let mut told = SeatSet::default();
    let (mut night, mut day) = (0u32, 0u32);
    let mut out = Vec::new();
    for logged in game.log() {
        match &logged.event {
            Event::NightFell { night: n } => night = *n,
            Event::Dawn { day: d, dead } => {
                day = *d;
                for s in dead.iter() {
                    told.insert(s);
                }
            }
            Event::Eliminated { seat: Some(s) } => told.insert(*s),
            Event::HunterShot {
                target: Some(s), ..
            } => told.insert(*s),
            Event::Died { seat, cause } => out.push((*seat, *cause, night, day, false)),
            _ => {}
        }
    }
    for d in &mut out {
        d.4 = told.contains(d.0);
    }
    out
}

fn seat_role(game: &Werewolf, seat: Seat) -> String {
    format!("seat {seat} (the {})", game.role(seat).name())
}

/// Lines for the deaths the table was never told of, e.g. the last night's.
pub fn untold_deaths(game: &Werewolf) -> Vec<String> {
    deaths(game)
        .into_iter()
        .filter(|d| !d.4)
        .map(|(seat, cause, night, day, _)| {
            format!(
                "   {} {}.",
                capitalized(&seat_role(game, seat)),
                cause_text(cause, night, day)
            )
        })
        .collect()
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// One line saying how the game was won: the deciding death or vote, and why it decided.
pub fn how_won(game: &Werewolf) -> String {
    let alive = game.alive();
    let count = |f: &dyn Fn(Role) -> bool| alive.iter().filter(|&s| f(game.role(s))).count();
    let why = match game.winner() {
        Some(Winner::Good) => "no wolf is left".to_string(),
        Some(Winner::Wolves) if count(&|r| !matches!(r, Role::Werewolf | Role::Villager)) == 0 => {
            "no god (seer, witch, hunter) is left".to_string()
        }
        Some(Winner::Wolves) => "no villager is left".to_string(),
        Some(Winner::Draw) | None => {
            return format!(
                "Decided by the clock: day {} ended with both sides alive, a draw.",
                game.rules().max_days
            )
        }
    };
    match deaths(game).last() {
        Some(&(seat, cause, night, day, _)) => format!(
            "Decided when {} {}: {why}.",
            seat_role(game, seat),
            cause_text(cause, night, day)
        ),
        None => format!("Decided: {why}."),
    }
}

/// The final scoreboard: the untold deaths, the winner and how, then each seat's player,
/// role and GPP. `game` (the finished game rebuilt from its log) adds the explanation.
pub fn scoreboard(outcome: &Outcome, seats: &[SummarySeat], game: Option<&Werewolf>) -> String {
    let mut s = String::new();
    if let Some(game) = game {
        let untold = untold_deaths(game);
        if !untold.is_empty() {
            s.push_str("\nBefore dawn:\n");
            for line in untold {
                s.push_str(&line);
                s.push('\n');
            }
        }
    }
    s.push_str(&format!(
        "\n== Game over: {}.\n",
        match outcome.winner.as_str() {
            "good" => "the good side wins",
            "wolves" => "the wolves win",
            _ => "a draw, nobody wins",
        }
    ));
    if let Some(game) = game {
        s.push_str(&how_won(game));
        s.push('\n');
    }
    s.push_str("seat  role      GPP  result  player\n");
    for o in &outcome.seats {
        let player = seats
            .iter()
            .find(|x| x.seat == o.seat)
            .map(|x| x.player.as_str())
            .unwrap_or("?");
        s.push_str(&format!(
            "{:>4}  {:<8} {:>4}  {:<6}  {player}\n",
            o.seat,
            o.role,
            o.score,
            if o.won { "won" } else { "lost" }
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_agents::werewolf::Strategy;
    use agora_core::werewolf::sim::{play, Lineup};
    use agora_games::werewolf::Rules;
    use std::sync::Arc;

    #[test]
    fn the_end_tells_the_untold_deaths_and_the_deciding_one() {
        let rules = Arc::new(Rules::default());
        let lineup = Lineup {
            good: Strategy::Heuristic,
            wolves: Strategy::Heuristic,
        };
        let (mut night_ends, mut day_ends) = (0, 0);
        for seed in 0..150u64 {
            let game = play(&rules, seed, lineup);
            let untold = untold_deaths(&game);
            let won = how_won(&game);
            match game.winner() {
                Some(Winner::Draw) => assert!(won.contains("draw"), "{won}"),
                Some(w) => {
                    let last = *game.deaths().last().expect("a side won by a death");
                    assert!(
                        won.starts_with(&format!("Decided when seat {last} (the ")),
                        "seed {seed}: {won}"
                    );
                    let why = if w == Winner::Good {
                        "no wolf"
                    } else {
                        "is left"
                    };
                    assert!(won.contains(why), "seed {seed}: {won}");
                }
                None => panic!("seed {seed}: the game did not end"),
            }
            // A game that ends in the night ends before dawn: its deaths are told here,
            // and only those; every other death was announced.
            for line in &untold {
                assert!(
                    line.contains("in night") || line.contains("shot by the hunter"),
                    "{line}"
                );
            }
            let dawn_or_vote_told: usize = game
                .log()
                .iter()
                .map(|l| match &l.event {
                    Event::Dawn { dead, .. } => dead.len(),
                    Event::Eliminated { seat: Some(_) } => 1,
                    Event::HunterShot {
                        target: Some(_), ..
                    } => 1,
                    _ => 0,
                })
                .sum();
            assert!(untold.len() + dawn_or_vote_told >= game.deaths().len());
            if untold.is_empty() {
                day_ends += 1;
            } else {
                night_ends += 1;
            }
        }
        assert!(night_ends > 0 && day_ends > 0, "{night_ends} / {day_ends}");
    }
}
