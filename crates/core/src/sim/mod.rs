//! The headless sims: N AI-vs-AI games of one game (game i with seed S+i), offline on
//! threads or, with models, several at once on the runtime, summed up as one report. Each
//! game's sim is in its own file or folder here (the debate's with its panel formats); the plumbing they share is written once below: [`spread`] deals the games
//! over threads and merges each thread's [`Tally`], [`at_once`] plays them with models a
//! few at a time, and [`drive`] plays one game to its end with its players.

use crate::agents::{Agent, Decision};
use crate::games::{Game, Seat};
use serde_json::Value;

/// What a thread's games add up to; the threads' tallies are merged in thread order. A
/// tally of integers gives the same total on any thread count.
pub trait Tally: Default + Send {
    fn merge(&mut self, other: Self);
}

/// Each game's figures kept, thread by thread.
impl<T: Send> Tally for Vec<T> {
    fn merge(&mut self, other: Self) {
        self.extend(other);
    }
}

/// Plays games `0..games` on up to `threads` threads (game i on thread i mod threads, in
/// order), each thread adding its games to a tally of its own with `play(i, &mut tally)`,
/// and merges the tallies in thread order. Returns the total and the threads used. An
/// error stops its thread; the first thread's error in thread order is returned.
pub fn spread<T, F>(games: u64, threads: usize, play: F) -> anyhow::Result<(T, usize)>
where
    T: Tally,
    F: Fn(u64, &mut T) -> anyhow::Result<()> + Sync,
{
    spread_with(games, threads, || (), |(), i, tally| play(i, tally))
}

/// [`spread`], each thread first making its own `local` (what its games share and no other
/// thread writes: the ladder's copy of the rules, whose count its nine-seat games move).
pub fn spread_with<T, L, I, F>(
    games: u64,
    threads: usize,
    local: I,
    play: F,
) -> anyhow::Result<(T, usize)>
where
    T: Tally,
    I: Fn() -> L + Sync,
    F: Fn(&mut L, u64, &mut T) -> anyhow::Result<()> + Sync,
{
    let threads = threads.max(1).min(games.max(1) as usize);
    let (play, local) = (&play, &local);
    let tallies: Vec<anyhow::Result<T>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                scope.spawn(move || -> anyhow::Result<T> {
                    let mut tally = T::default();
                    let mut mine = local();
                    for i in (t..games).step_by(threads) {
                        play(&mut mine, i, &mut tally)?;
                    }
                    Ok(tally)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(anyhow::anyhow!("a simulation thread panicked")))
            })
            .collect()
    });
    let mut total = T::default();
    for tally in tallies {
        total.merge(tally?);
    }
    Ok((total, threads))
}

/// Plays games `0..games` with `play(i)`, `concurrency` at once (at least one), and
/// collects their figures in the order they finish; the first error ends the run.
pub async fn at_once<T, F, Fut>(games: u64, concurrency: usize, play: F) -> anyhow::Result<Vec<T>>
where
    F: Fn(u64) -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<T>>,
{
    use futures::stream::{self, StreamExt, TryStreamExt};
    stream::iter(0..games)
        .map(play)
        .buffer_unordered(concurrency.max(1))
        .try_collect()
        .await
}

/// Plays `game` to its end with `agents` (seat 1 first): each step every player is shown
/// the new events its seat may see, then the first open ask is answered (a model's answer
/// awaited, its note handed to `on_note`); an answer that is missing or refused takes the
/// turn's timeout. `what` names the game in errors ("the debate stalled …"); after
/// `max_steps` steps without an end the game is given up.
pub async fn drive<G: Game>(
    game: &mut G,
    mut agents: Vec<Box<dyn Agent<G>>>,
    what: &str,
    max_steps: usize,
    mut on_note: impl FnMut(&Value),
) -> anyhow::Result<()> {
    let mut cursor = 0;
    for _ in 0..max_steps {
        for logged in &game.log()[cursor..] {
            for (i, agent) in agents.iter_mut().enumerate() {
                if logged.audience.includes(i as Seat + 1) {
                    agent.observe(&logged.event);
                }
            }
        }
        cursor = game.log().len();
        if game.outcome().is_some() {
            return Ok(());
        }
        let Some(p) = game.pending().into_iter().next() else {
            anyhow::bail!("the {what} stalled with nothing open");
        };
        let agent = agents
            .get_mut(p.seat as usize - 1)
            .ok_or_else(|| anyhow::anyhow!("no player in seat {}", p.seat))?;
        let action = match agent.decide(&p.ask) {
            Decision::Now(a) => Some(a),
            Decision::Later(f) => {
                let answer = f.await;
                if let Some(note) = &answer.note {
                    on_note(note);
                }
                answer.action
            }
        };
        let applied = action.is_some_and(|a| game.act(p.seat, a).is_ok());
        if !applied && game.timeout(p.seat).is_err() {
            anyhow::bail!(
                "seat {}'s answer was refused and its turn cannot pass",
                p.seat
            );
        }
    }
    anyhow::bail!("the {what} did not end")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Sum(u64, u64);

    impl Tally for Sum {
        fn merge(&mut self, other: Self) {
            self.0 += other.0;
            self.1 += other.1;
        }
    }

    #[test]
    fn every_game_is_played_once_and_the_total_is_the_same_on_any_thread_count() {
        for threads in [1, 2, 3, 8, 50] {
            let (total, used): (Sum, usize) = spread(20, threads, |i, t: &mut Sum| {
                t.0 += 1;
                t.1 += i * i;
                Ok(())
            })
            .unwrap();
            assert_eq!((total.0, total.1), (20, (0..20).map(|i| i * i).sum()));
            assert_eq!(used, threads.min(20));
        }
    }

    #[test]
    fn kept_figures_come_thread_by_thread() {
        let (all, used): (Vec<u64>, usize) = spread(7, 3, |i, v: &mut Vec<u64>| {
            v.push(i);
            Ok(())
        })
        .unwrap();
        assert_eq!(used, 3);
        assert_eq!(all, vec![0, 3, 6, 1, 4, 2, 5]);
        let (none, used): (Vec<u64>, usize) = spread(0, 4, |i, v: &mut Vec<u64>| {
            v.push(i);
            Ok(())
        })
        .unwrap();
        assert!(none.is_empty());
        assert_eq!(used, 1);
    }

    #[test]
    fn an_error_or_a_panic_in_a_game_is_the_runs_error() {
        let err = spread(10, 2, |i, _: &mut Vec<u64>| {
            anyhow::ensure!(i != 5, "game {i} broke");
            Ok(())
        })
        .unwrap_err();
        assert_eq!(err.to_string(), "game 5 broke");
        let err = spread(4, 2, |i, _: &mut Vec<u64>| {
            assert!(i != 3, "boom");
            Ok(())
        })
        .unwrap_err();
        assert_eq!(err.to_string(), "a simulation thread panicked");
    }

    #[test]
    fn models_play_a_few_at_once_and_every_game_is_collected() {
        let mut got =
            futures::executor::block_on(at_once(
                9,
                4,
                |i| async move { Ok::<_, anyhow::Error>(i * 2) },
            ))
            .unwrap();
        got.sort();
        assert_eq!(got, (0..9).map(|i| i * 2).collect::<Vec<_>>());
        let err = futures::executor::block_on(at_once(3, 0, |i| async move {
            anyhow::ensure!(i != 1, "game {i} broke");
            Ok(i)
        }))
        .unwrap_err();
        assert_eq!(err.to_string(), "game 1 broke");
    }
}
