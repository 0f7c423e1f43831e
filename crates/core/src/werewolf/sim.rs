//! The headless ladder: N AI-vs-AI werewolf games (game i uses seed S+i) spread over
//! threads, summed up per side and per role. Totals are integers added in any order, so
//! the figures are the same on any thread count. The report includes each seat's day-1
//! vote-out rate: with seats dealt at random and AI choices between equals left to the
//! seeded RNG, it is flat across seats.

pub use crate::agents::werewolf::lineup::{play, play_on, Lineup};
use crate::agents::werewolf::Strategy;
use crate::games::werewolf::{Board, Event, Role, Rules, Werewolf, Winner, MAX_SEATS};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// Distinct day speeches and all day speeches (AI seats that said something) over `games`
/// games from `seed`: a measure of how varied the offline players' talk is.
pub fn speech_variety(rules: &Arc<Rules>, seed: u64, games: u64, lineup: Lineup) -> (usize, usize) {
    let mut seen = std::collections::HashSet::new();
    let mut total = 0;
    for i in 0..games {
        let game = play(rules, seed.wrapping_add(i), lineup);
        for logged in game.log() {
            if let Event::Speech {
                text,
                kind: crate::games::werewolf::SpeechKind::Day,
                ..
            } = &logged.event
            {
                if !text.is_empty() {
                    total += 1;
                    seen.insert(text.clone());
                }
            }
        }
    }
    (seen.len(), total)
}

#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct RoleTally {
    games: u64,
    wins: u64,
    gpp: i64,
}

/// Integer totals; merged in any order with the same result.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    games: u64,
    good: u64,
    wolves: u64,
    draw: u64,
    days: u64,
    roles: [RoleTally; 9],
    /// Games in which seat i+1 was voted out on day 1.
    day1_out: [u64; MAX_SEATS],
    /// Games in which seat i+1's side won.
    seat_wins: [u64; MAX_SEATS],
    /// The larger boards' events (counted only there): sheriffs elected, wolf sheriffs,
    /// self-explosions, idiots shown, nights the guard and the witch saved the same seat.
    sheriffs: u64,
    wolf_sheriffs: u64,
    explosions: u64,
    idiot_flips: u64,
    double_saves: u64,
}

fn role_index(role: Role) -> usize {
    Role::ALL
        .iter()
        .position(|r| *r == role)
        .expect("every role is listed")
}

impl Tally {
    pub fn add(&mut self, game: &Werewolf) {
        self.games += 1;
        self.days += game.day() as u64;
        if let Some(seat) = game.day1_voted_out() {
            self.day1_out[seat as usize - 1] += 1;
        }
        let winner = game.winner();
        match winner {
            Some(Winner::Good) => self.good += 1,
            Some(Winner::Wolves) => self.wolves += 1,
            _ => self.draw += 1,
        }
        for (i, role) in game.roles().iter().enumerate() {
            let t = &mut self.roles[role_index(*role)];
            t.games += 1;
            t.gpp += game.gpp()[i] as i64;
            if winner.and_then(Winner::side) == Some(role.side()) {
                t.wins += 1;
                self.seat_wins[i] += 1;
            }
        }
    }
}

impl Tally {
    /// What the larger boards add (read from the log, so only asked of those boards).
    fn add_board_events(&mut self, game: &Werewolf) {
        let (mut guarded, mut attacked) = (None, None);
        for logged in game.log() {
            match &logged.event {
                Event::NightFell { .. } => (guarded, attacked) = (None, None),
                Event::GuardPicked { target } => guarded = *target,
                Event::WolfAttack { target, .. } => attacked = *target,
                Event::WitchSaved { target } if guarded == Some(*target) => {
                    self.double_saves += u64::from(attacked == Some(*target));
                }
                Event::SheriffElected { seat: Some(s) } => {
                    self.sheriffs += 1;
                    self.wolf_sheriffs += u64::from(game.role(*s).is_wolf());
                }
                Event::Exploded { .. } => self.explosions += 1,
                Event::IdiotRevealed { .. } => self.idiot_flips += 1,
                _ => {}
            }
        }
    }
}

impl crate::sim::Tally for Tally {
    fn merge(&mut self, other: Tally) {
        self.sheriffs += other.sheriffs;
        self.wolf_sheriffs += other.wolf_sheriffs;
        self.explosions += other.explosions;
        self.idiot_flips += other.idiot_flips;
        self.double_saves += other.double_saves;
        self.games += other.games;
        self.good += other.good;
        self.wolves += other.wolves;
        self.draw += other.draw;
        self.days += other.days;
        for (a, b) in self.day1_out.iter_mut().zip(other.day1_out.iter()) {
            *a += b;
        }
        for (a, b) in self.seat_wins.iter_mut().zip(other.seat_wins.iter()) {
            *a += b;
        }
        for (a, b) in self.roles.iter_mut().zip(other.roles.iter()) {
            a.games += b.games;
            a.wins += b.wins;
            a.gpp += b.gpp;
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Wins {
    pub good: u64,
    pub wolves: u64,
    pub draw: u64,
}

#[derive(Debug, Clone, Serialize)]
pub struct RoleFigures {
    pub games: u64,
    pub win_rate: f64,
    pub mean_gpp: f64,
}

/// The ladder's figures, as `--json` prints them.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub games: u64,
    pub wins: Wins,
    pub roles: BTreeMap<String, RoleFigures>,
    pub mean_days: f64,
    /// Share of games in which seat k (index k-1) was voted out on day 1.
    pub day1_vote_out: Vec<f64>,
    pub games_per_sec: f64,
    pub seed: u64,
    pub threads: usize,
    pub good: Strategy,
    pub wolves: Strategy,
    /// Any board but the default one: its id and balance (the default board's report is
    /// what it was before boards).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardFigures>,
}

/// A board's balance as the ladder measured it.
#[derive(Debug, Clone, Serialize)]
pub struct BoardFigures {
    pub board: String,
    /// The good side's win rate, with the half-width of its 95% interval.
    pub good_rate: f64,
    pub good_ci95: f64,
    pub draw_rate: f64,
    /// Share of games in which seat k's side won (index k-1).
    pub seat_win_rate: Vec<f64>,
    /// The widest gap between a seat's win rate and the seats' mean, in points.
    pub seat_gap_points: f64,
    /// Share of games with a sheriff, and share of sheriffs who were wolves.
    pub sheriff_rate: f64,
    pub wolf_sheriff_rate: f64,
    /// Per game: self-explosions, idiots shown, nights the guard and the witch saved the
    /// same seat (so it died).
    pub explosions_per_game: f64,
    pub idiot_flips_per_game: f64,
    pub double_saves_per_game: f64,
}

pub struct SimOptions {
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
    pub lineup: Lineup,
    pub record: Option<PathBuf>,
    pub board: Arc<Board>,
}

/// Plays the ladder and reports. Recording writes one JSON file per game.
pub fn run(rules: &Arc<Rules>, opts: &SimOptions) -> anyhow::Result<Report> {
    Ok(measure(rules, opts)?.0)
}

/// [`run`], with the board's balance whatever the board (the default board's report
/// leaves it out).
pub fn measure(rules: &Arc<Rules>, opts: &SimOptions) -> anyhow::Result<(Report, BoardFigures)> {
    if let Some(dir) = &opts.record {
        std::fs::create_dir_all(dir)?;
    }
    let started = Instant::now();
    // Each thread deals its games from a copy of the rules of its own: a shared count moved
    // by every game on two cores costs more than the copy.
    let own_rules = || Arc::new(Rules::clone(rules));
    let b = &opts.board;
    let events = b.sheriff || b.self_explode || b.has(Role::Guard) || b.has(Role::Idiot);
    let (total, threads) = crate::sim::spread_with(
        opts.games,
        opts.threads,
        own_rules,
        |rules, i, tally: &mut Tally| {
            let seed = opts.seed.wrapping_add(i);
            let game = play_on(rules, &opts.board, seed, opts.lineup);
            tally.add(&game);
            if events {
                tally.add_board_events(&game);
            }
            if let Some(dir) = &opts.record {
                crate::werewolf::replay::write_record(dir, seed, &game)?;
            }
            Ok(())
        },
    )?;
    let secs = started.elapsed().as_secs_f64();
    Ok((
        report(&total, secs, opts, threads),
        balance(&total, &opts.board),
    ))
}

fn report(t: &Tally, secs: f64, opts: &SimOptions, threads: usize) -> Report {
    let ratio = |a: f64, b: u64| if b == 0 { 0.0 } else { a / b as f64 };
    let seats = opts.board.seats as usize;
    let roles = Role::ALL
        .iter()
        .filter(|r| opts.board.has(**r))
        .map(|r| {
            let rt = t.roles[role_index(*r)];
            (
                r.name().to_string(),
                RoleFigures {
                    games: rt.games,
                    win_rate: ratio(rt.wins as f64, rt.games),
                    mean_gpp: ratio(rt.gpp as f64, rt.games),
                },
            )
        })
        .collect();
    Report {
        games: t.games,
        wins: Wins {
            good: t.good,
            wolves: t.wolves,
            draw: t.draw,
        },
        roles,
        mean_days: ratio(t.days as f64, t.games),
        day1_vote_out: t.day1_out[..seats]
            .iter()
            .map(|n| ratio(*n as f64, t.games))
            .collect(),
        games_per_sec: if secs > 0.0 {
            t.games as f64 / secs
        } else {
            0.0
        },
        seed: opts.seed,
        threads,
        good: opts.lineup.good,
        wolves: opts.lineup.wolves,
        board: (opts.board.id != Board::seed9().id).then(|| balance(t, &opts.board)),
    }
}

/// The good side's win rate with its 95% interval (normal approximation) and each seat's.
fn balance(t: &Tally, board: &Board) -> BoardFigures {
    let n = t.games.max(1) as f64;
    let good = t.good as f64 / n;
    let seat_win_rate: Vec<f64> = t.seat_wins[..board.seats as usize]
        .iter()
        .map(|w| *w as f64 / n)
        .collect();
    let mean = seat_win_rate.iter().sum::<f64>() / seat_win_rate.len().max(1) as f64;
    let gap = seat_win_rate
        .iter()
        .map(|r| (r - mean).abs())
        .fold(0.0, f64::max);
    BoardFigures {
        board: board.id.clone(),
        good_rate: good,
        good_ci95: 1.96 * (good * (1.0 - good) / n).sqrt(),
        draw_rate: t.draw as f64 / n,
        seat_win_rate,
        seat_gap_points: 100.0 * gap,
        sheriff_rate: t.sheriffs as f64 / n,
        wolf_sheriff_rate: t.wolf_sheriffs as f64 / t.sheriffs.max(1) as f64,
        explosions_per_game: t.explosions as f64 / n,
        idiot_flips_per_game: t.idiot_flips as f64 / n,
        double_saves_per_game: t.double_saves as f64 / n,
    }
}

impl Report {
    /// The human-readable table.
    pub fn table(&self) -> String {
        use std::fmt::Write;
        let pct = |n: u64| {
            if self.games == 0 {
                0.0
            } else {
                100.0 * n as f64 / self.games as f64
            }
        };
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{} games (seed {}, {} threads; good: {:?}, wolves: {:?})",
            self.games, self.seed, self.threads, self.good, self.wolves
        );
        let _ = writeln!(
            s,
            "wins: good {} ({:.1}%), wolves {} ({:.1}%), draw {} ({:.1}%)",
            self.wins.good,
            pct(self.wins.good),
            self.wins.wolves,
            pct(self.wins.wolves),
            self.wins.draw,
            pct(self.wins.draw)
        );
        let _ = writeln!(
            s,
            "{:<10} {:>9} {:>9} {:>9}",
            "role", "games", "win rate", "mean GPP"
        );
        for role in Role::ALL
            .iter()
            .filter(|r| self.roles.contains_key(r.name()))
        {
            let f = &self.roles[role.name()];
            let _ = writeln!(
                s,
                "{:<10} {:>9} {:>8.1}% {:>9.2}",
                role.name(),
                f.games,
                100.0 * f.win_rate,
                f.mean_gpp
            );
        }
        let _ = writeln!(s, "mean days per game: {:.2}", self.mean_days);
        let _ = write!(s, "day-1 vote-out by seat:");
        for (i, rate) in self.day1_vote_out.iter().enumerate() {
            let _ = write!(s, " {}:{:.1}%", i + 1, 100.0 * rate);
        }
        let mean = self.day1_vote_out.iter().sum::<f64>() / self.day1_vote_out.len().max(1) as f64;
        let spread = self
            .day1_vote_out
            .iter()
            .map(|r| (r - mean).abs())
            .fold(0.0, f64::max);
        let _ = writeln!(
            s,
            " (mean {:.1}%, widest gap {:.1} points)",
            100.0 * mean,
            100.0 * spread
        );
        if let Some(b) = &self.board {
            let _ = writeln!(
                s,
                "board {}: good side {:.1}% ± {:.1} (95%), draws {:.1}%; widest seat gap {:.1} points",
                b.board,
                100.0 * b.good_rate,
                100.0 * b.good_ci95,
                100.0 * b.draw_rate,
                b.seat_gap_points
            );
            let _ = writeln!(
                s,
                "sheriff elected in {:.1}% of games, a wolf {:.1}% of the time; per game: {:.3} self-explosions, {:.3} idiots shown, {:.3} guard-and-witch double saves",
                100.0 * b.sheriff_rate,
                100.0 * b.wolf_sheriff_rate,
                b.explosions_per_game,
                b.idiot_flips_per_game,
                b.double_saves_per_game
            );
        }
        let _ = write!(s, "games per second: {:.0}", self.games_per_sec);
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEURISTIC: Lineup = Lineup {
        good: Strategy::Heuristic,
        wolves: Strategy::Heuristic,
    };

    #[test]
    fn day_one_vote_out_is_flat_across_seats() {
        // 540 games: a seat's rate (about 11%) has a standard error of 1.35 points, so a
        // 7-point tolerance is over 5 standard errors, while the old bias (seat 1 out in 33%
        // of games, 20 points above the mean) is far outside it.
        let rules = Arc::new(Rules::default());
        let opts = SimOptions {
            games: 540,
            seed: 5000,
            threads: 2,
            lineup: HEURISTIC,
            record: None,
            board: Board::seed9(),
        };
        let report = run(&rules, &opts).expect("the ladder runs");
        let rates = &report.day1_vote_out;
        assert_eq!(rates.len(), 9);
        let mean = rates.iter().sum::<f64>() / 9.0;
        assert!(mean > 0.05, "day 1 rarely sends anyone out: {rates:?}");
        for (i, r) in rates.iter().enumerate() {
            assert!(
                (r - mean).abs() <= 0.07,
                "seat {}: {:.1}% against a mean of {:.1}% ({rates:?})",
                i + 1,
                100.0 * r,
                100.0 * mean
            );
        }
        assert!(report.table().contains("day-1 vote-out by seat: 1:"));
    }

    #[test]
    fn day_one_vote_out_is_read_from_the_log() {
        let rules = Arc::new(Rules::default());
        let mut found = 0;
        for seed in 0..30 {
            let game = play(&rules, seed, HEURISTIC);
            if let Some(seat) = game.day1_voted_out() {
                found += 1;
                // The first death by vote is day 1's.
                let first_vote_death = game.log().iter().find_map(|l| match l.event {
                    Event::Eliminated { seat: Some(s) } => Some(s),
                    _ => None,
                });
                assert_eq!(first_vote_death, Some(seat), "seed {seed}");
                assert!(game.deaths().contains(&seat), "seed {seed}");
            }
        }
        assert!(found > 0);
    }

    #[test]
    fn offline_speeches_vary() {
        let rules = Arc::new(Rules::default());
        let (distinct, total) = speech_variety(&rules, 1, 40, HEURISTIC);
        println!("speech variety: {distinct} distinct of {total} day speeches");
        assert!(total > 200);
        assert!(
            distinct * 10 >= total * 6,
            "{distinct} distinct of {total} day speeches"
        );
    }
}
