//! How a finished werewolf game is told at the terminal: the deaths the table had not yet
//! been told (a game that ends in the night ends before dawn), how the game was won (the
//! deciding death or vote, and why it decided), then each seat's role and GPP, once.
//! Pure: it reads the finished game's whole log, which hides nothing once the game is over.

use agora_core::store::{Outcome, SummarySeat};
use agora_games::werewolf::{DeathCause, Event, Role, Seat, SeatSet, Werewolf, Winner};
use agora_games::Lang;

fn cause_text(cause: DeathCause, night: u32, day: u32, lang: Lang) -> String {
    let (night, day) = (night.to_string(), day.to_string());
    match cause {
        DeathCause::Attack => lang.text("ww-end-attack", &[("night", &night)]),
        DeathCause::Poison => lang.text("ww-end-poison", &[("night", &night)]),
        DeathCause::Shot => lang.text("ww-end-shot", &[]),
        DeathCause::Vote => lang.text("ww-end-vote", &[("day", &day)]),
        DeathCause::Exploded => lang.text("ww-end-exploded", &[("day", &day)]),
        DeathCause::Taken => lang.text("ww-end-taken", &[("day", &day)]),
        DeathCause::IdledOut => lang.text("ww-end-idled-out", &[]),
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

/// Lines for the deaths the table was never told of, e.g. the last night's.
pub fn untold_deaths(game: &Werewolf, lang: Lang) -> Vec<String> {
    deaths(game)
        .into_iter()
        .filter(|d| !d.4)
        .map(|(seat, cause, night, day, _)| {
            let line = lang.text(
                "ww-end-untold",
                &[
                    ("seat", &seat.to_string()),
                    ("role", &game.role(seat).name_in(lang)),
                    ("how", &cause_text(cause, night, day, lang)),
                ],
            );
            format!("   {line}")
        })
        .collect()
}

/// One line saying how the game was won: the deciding death or vote, and why it decided.
pub fn how_won(game: &Werewolf, lang: Lang) -> String {
    let alive = game.alive();
    let count = |f: &dyn Fn(Role) -> bool| alive.iter().filter(|&s| f(game.role(s))).count();
    let why = match game.winner() {
        Some(Winner::Good) => "ww-end-why-good",
        Some(Winner::Wolves) if count(&|r| !matches!(r, Role::Werewolf | Role::Villager)) == 0 => {
            "ww-end-why-gods"
        }
        Some(Winner::Wolves) => "ww-end-why-villagers",
        Some(Winner::Draw) | None => {
            let day = game.rules().max_days.to_string();
            return lang.text("ww-end-clock", &[("day", &day)]);
        }
    };
    let why = lang.text(why, &[]);
    match deaths(game).last() {
        Some(&(seat, cause, night, day, _)) => lang.text(
            "ww-end-decided-when",
            &[
                ("seat", &seat.to_string()),
                ("role", &game.role(seat).name_in(lang)),
                ("how", &cause_text(cause, night, day, lang)),
                ("why", &why),
            ],
        ),
        None => lang.text("ww-end-decided", &[("why", &why)]),
    }
}

/// The final scoreboard: the untold deaths, the winner and how, then each seat's player,
/// role and GPP. `game` (the finished game rebuilt from its log) adds the explanation.
pub fn scoreboard(
    outcome: &Outcome,
    seats: &[SummarySeat],
    game: Option<&Werewolf>,
    lang: Lang,
) -> String {
    let mut s = String::new();
    if let Some(game) = game {
        let untold = untold_deaths(game, lang);
        if !untold.is_empty() {
            s.push_str(&format!("\n{}\n", lang.text("ww-end-before-dawn", &[])));
            for line in untold {
                s.push_str(&line);
                s.push('\n');
            }
        }
    }
    let result = match outcome.winner.as_str() {
        "good" => "ww-end-result-good",
        "wolves" => "ww-end-result-wolves",
        _ => "ww-end-result-draw",
    };
    let result = lang.text(result, &[]);
    s.push_str(&format!(
        "\n{}\n",
        lang.text("ww-end-game-over", &[("result", &result)])
    ));
    if let Some(game) = game {
        s.push_str(&how_won(game, lang));
        s.push('\n');
    }
    s.push_str(&lang.text("ww-end-header", &[]));
    s.push('\n');
    let role_of = |o: &agora_core::store::SeatOutcome| {
        Role::parse(&o.role).map_or_else(|| o.role.clone(), |r| r.name_in(lang))
    };
    // The role column is as wide as its longest name (8 on the nine-seat board).
    let column = (outcome.seats.iter())
        .map(|o| width(&role_of(o)))
        .fold(8, usize::max);
    for o in &outcome.seats {
        let player = seats
            .iter()
            .find(|x| x.seat == o.seat)
            .map(|x| x.player.as_str())
            .unwrap_or("?");
        let role = role_of(o);
        // Padded by display width: a Han character takes two columns.
        let pad = column.saturating_sub(width(&role));
        let result = lang.text(if o.won { "ww-end-won" } else { "ww-end-lost" }, &[]);
        let after = 6usize.saturating_sub(width(&result));
        s.push_str(&format!(
            "{:>4}  {role}{} {:>4}  {result}{}  {player}\n",
            o.seat,
            " ".repeat(pad),
            o.score,
            " ".repeat(after),
        ));
    }
    s
}

use agora_games::lang::columns as width;

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
            let untold = untold_deaths(&game, Lang::En);
            let won = how_won(&game, Lang::En);
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
