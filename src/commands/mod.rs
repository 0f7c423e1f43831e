//! The store-backed commands of the `agora` binary: `play`, `resume`, `sessions`, `stats`.
//! Each opens the store, does its work through [`crate::session`], and prints. Werewolf's
//! are here; the debate's `play` and its half of `resume` are in [`debate`].

pub mod debate;
pub mod debate_formats;
pub mod trial;

use crate::agents::werewolf::Strategy;
use crate::config::Config;
use crate::games::werewolf::{Werewolf, SEATS};
use crate::games::{GameKind, Seat};
use crate::kits::{agent_kit, database_url, debate_kit, open_store, trial_kit};
use crate::session::werewolf::{SeatSpec, Setup};
use crate::session::{Ended, Runner};
use crate::session::{GameSetup, Place};
use crate::store::{PlayerRef, SessionRow, Store};
use crate::terminal::werewolf::{attach, scoreboard, Left, Views};
use crate::terminal::Keyboard;
use anyhow::Context;
use serde::Serialize;
use std::time::Duration;

/// `agora play werewolf`.
pub struct PlayOptions {
    pub humans: u8,
    pub seed: Option<u64>,
    pub pace: Option<f64>,
    pub step_delay: Duration,
    pub db: Option<String>,
    pub name: Option<String>,
}

/// The seats of `humans` human players, drawn from the game's `seed` (a stream of its own,
/// apart from the deal's), in seat order. The same seed always gives the same seats, so a
/// game replays from its seed alone.
pub fn human_seats(seed: u64, humans: u8) -> Vec<Seat> {
    let seats = crate::games::werewolf::seat_draw(seed, 0x6875_6d61_6e73_6561); // "humansea"
    let mut chosen: Vec<Seat> = seats.into_iter().take(humans as usize).collect();
    chosen.sort_unstable();
    chosen
}

pub(crate) fn terminal_name(given: Option<&str>) -> String {
    given
        .map(str::to_string)
        .or_else(|| std::env::var("USER").ok())
        .filter(|s| !s.trim().is_empty())
        .unwrap_or_else(|| "player".into())
}

pub async fn play(config: &Config, opts: PlayOptions) -> anyhow::Result<()> {
    if opts.humans as usize > SEATS {
        anyhow::bail!("--humans: at most {SEATS} human seats");
    }
    let mut timers = config.werewolf.timers.clone();
    if let Some(pace) = opts.pace {
        timers.pace = crate::config::ranges::PACE
            .check(pace)
            .map_err(|m| anyhow::anyhow!("--pace: {m}"))?;
    }
    let name = terminal_name(opts.name.as_deref());
    let kit = agent_kit(config, false)?;
    if let Some((client, _)) = &kit.llm {
        // A model that cannot be reached would make every AI move wait for a timeout.
        client.probe().await.map_err(|e| {
            anyhow::anyhow!(
                "the language model's server at {} does not answer: {e} (unset LLM_API_KEY to play the built-in players)",
                client.provider().base_url
            )
        })?;
    }
    let seed = opts.seed.unwrap_or_else(|| crate::store::now_ms() as u64);
    let humans = human_seats(seed, opts.humans);
    let seats: Vec<SeatSpec> = (1..=SEATS as u8)
        .map(|seat| {
            if humans.contains(&seat) {
                let player = if opts.humans == 1 {
                    PlayerRef::terminal(&name)
                } else {
                    PlayerRef::terminal(&format!("{name}#{seat}"))
                };
                SeatSpec::human(&player)
            } else {
                match &kit.llm {
                    Some((client, _)) => SeatSpec::llm(&client.provider().model),
                    None => SeatSpec::ai(Strategy::Heuristic),
                }
            }
        })
        .collect();
    let mut rules = (*config.werewolf.rules).clone();
    let gpp = std::mem::take(&mut rules.gpp);
    let setup = Setup {
        rules,
        gpp,
        timers,
        seats,
    };
    let url = database_url(opts.db.as_deref(), config);
    let store = open_store(&url, config).await?;
    let place = Place {
        surface: "terminal".into(),
        community: "terminal".into(),
        channel: "terminal".into(),
    };
    let runner = setup
        .create(store.clone(), seed, &place, opts.step_delay, &kit)
        .await?;
    println!(
        "Werewolf, session {} (seed {seed}). {}",
        runner.id(),
        if humans.is_empty() {
            "Nine AI players; you watch the public story.".to_string()
        } else {
            format!(
                "You play seat{} {} (drawn at random); the other seats are AI. Type quit to leave (the game is saved), abandon to end it.",
                if humans.len() > 1 { "s" } else { "" },
                humans.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
            )
        }
    );
    if let [seat] = humans[..] {
        println!("*** You are seat {seat}. ***");
    }
    let mut keyboard = if humans.is_empty() {
        Keyboard::none()
    } else {
        Keyboard::open()
    };
    follow(&store, runner, &humans, &mut keyboard).await
}

/// Follows one session at the terminal until it ends or is left; prints the scoreboard.
async fn follow(
    store: &Store,
    mut runner: Runner<Werewolf>,
    humans: &[Seat],
    keyboard: &mut Keyboard,
) -> anyhow::Result<()> {
    let views = Views::subscribe(&mut runner, humans);
    let session = runner.start();
    let handle = session.handle.clone();
    let left = tokio::select! {
        left = attach(&handle, views, keyboard) => left?,
        _ = tokio::signal::ctrl_c() => {
            handle.detach().await;
            println!("\nInterrupted: the session is saved; continue it with `agora resume`.");
            Left::Detached
        }
    };
    let ended = session.wait().await?;
    match (left, ended) {
        (_, Ended::Finished(outcome)) | (Left::Finished(outcome), _) => {
            let seats = store.seats(handle.id()).await?;
            // The whole log, replayed: once the game is over it hides nothing, and it tells
            // the last night's deaths and how the game was won.
            let game = match crate::session::rebuild::<Setup>(store, handle.id()).await {
                Ok(game) => Some(game),
                Err(e) => {
                    tracing::warn!(session = %handle.id(), "cannot replay the log for the ending: {e}");
                    None
                }
            };
            print!("{}", scoreboard(&outcome, &seats, game.as_ref()));
        }
        (_, Ended::Abandoned) => println!("The game was abandoned."),
        _ => {}
    }
    Ok(())
}

/// `agora resume`: continues every unfinished session it may drive.
pub async fn resume(config: &Config, db: Option<&str>, step_delay: Duration) -> anyhow::Result<()> {
    let url = database_url(db, config);
    let store = open_store(&url, config).await?;
    let rows = store.unfinished().await?;
    if rows.is_empty() {
        println!("No unfinished sessions.");
        return Ok(());
    }
    // The werewolf seats' model hint only when a werewolf session is resumed.
    let werewolf = rows
        .iter()
        .any(|r| matches!(GameKind::parse(&r.game), Some(GameKind::Werewolf)));
    let kit = agent_kit(config, !werewolf)?;
    let mut with_humans: Vec<(SessionRow, Vec<Seat>)> = Vec::new();
    let mut background = Vec::new();
    let mut debates: Vec<(SessionRow, bool)> = Vec::new();
    let mut trials: Vec<(SessionRow, bool)> = Vec::new();
    for row in rows {
        match GameKind::parse(&row.game) {
            Some(GameKind::Werewolf) => {}
            Some(GameKind::Debate) => {
                let humans = debate::human_seats(&row)?;
                if !humans.is_empty() && row.surface != "terminal" {
                    println!(
                        "session {}: played on {}; it resumes there (`agora run`)",
                        row.id, row.surface
                    );
                } else {
                    debates.push((row, !humans.is_empty()));
                }
                continue;
            }
            Some(GameKind::Trial) => {
                let humans = crate::session::trial::human_seats(&row)?;
                if !humans.is_empty() && row.surface != "terminal" {
                    println!(
                        "session {}: played on {}; it resumes there (`agora run`)",
                        row.id, row.surface
                    );
                } else {
                    trials.push((row, !humans.is_empty()));
                }
                continue;
            }
            None => {
                println!(
                    "session {}: a {} session, a game this build does not know",
                    row.id, row.game
                );
                continue;
            }
        }
        let setup: Setup = crate::session::setup_of(&row)?;
        let humans: Vec<Seat> = setup
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.agent.is_none())
            .map(|(i, _)| i as Seat + 1)
            .collect();
        if !humans.is_empty() && row.surface != "terminal" {
            println!(
                "session {}: played on {}; it resumes there (`agora run`)",
                row.id, row.surface
            );
            continue;
        }
        if humans.is_empty() {
            background.push(row);
        } else {
            with_humans.push((row, humans));
        }
    }
    // AI-only sessions: all at once; one of them alone is shown as it goes.
    let watch_one = background.len() + debates.len() + trials.len() == 1 && with_humans.is_empty();
    let mut tasks = Vec::new();
    for row in background {
        match crate::session::resume::<Setup>(store.clone(), &row, step_delay, &kit).await {
            Ok(runner) => {
                println!("session {} (seed {}): resumed", row.id, row.seed);
                if watch_one {
                    follow(&store, runner, &[], &mut Keyboard::none()).await?;
                } else {
                    let session = runner.start();
                    let store = store.clone();
                    tasks.push(tokio::spawn(async move {
                        let id = session.handle.id().to_string();
                        let ended = session.wait().await;
                        (id, ended, store)
                    }));
                }
            }
            Err(e) => println!("session {}: not resumed: {e}", row.id),
        }
    }
    let mut keyboard = if with_humans.is_empty()
        && !debates.iter().any(|(_, h)| *h)
        && !trials.iter().any(|(_, h)| *h)
    {
        Keyboard::none()
    } else {
        Keyboard::open()
    };
    let mut debate_tasks = Vec::new();
    if !debates.is_empty() {
        let debate_kit = debate_kit(config, true)?;
        // The AI-only debates first (in the background), then those with a human seat.
        debates.sort_by_key(|(_, human)| *human);
        for (row, _) in &debates {
            let task = debate::resume_one(
                &store,
                row,
                step_delay,
                &debate_kit,
                &mut keyboard,
                watch_one,
            )
            .await?;
            debate_tasks.extend(task);
        }
    }
    if !trials.is_empty() {
        let trial_kit = trial_kit(config, true)?;
        trials.sort_by_key(|(_, human)| *human);
        for (row, _) in &trials {
            let task = trial::resume_one(
                &store,
                row,
                step_delay,
                &trial_kit,
                &mut keyboard,
                watch_one,
            )
            .await?;
            debate_tasks.extend(task);
        }
    }
    for (row, humans) in with_humans {
        match crate::session::resume::<Setup>(store.clone(), &row, step_delay, &kit).await {
            Ok(runner) => {
                println!(
                    "session {} (seed {}): resumed; you play seat{} {}",
                    row.id,
                    row.seed,
                    if humans.len() > 1 { "s" } else { "" },
                    humans
                        .iter()
                        .map(|s| s.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                follow(&store, runner, &humans, &mut keyboard).await?;
            }
            Err(e) => println!("session {}: not resumed: {e}", row.id),
        }
    }
    for task in tasks {
        let (id, ended, _) = task.await.context("a resumed session's task failed")?;
        match ended {
            Ok(Ended::Finished(o)) => println!("session {id}: finished, {} win", o.winner),
            Ok(other) => println!("session {id}: {other:?}"),
            Err(e) => println!("session {id}: stopped: {e}"),
        }
    }
    for task in debate_tasks {
        let (id, ended) = task.await.context("a resumed debate's task failed")?;
        match ended {
            Ok(Ended::Finished(o)) => println!("session {id}: finished, winner {}", o.winner),
            Ok(other) => println!("session {id}: {other:?}"),
            Err(e) => println!("session {id}: stopped: {e}"),
        }
    }
    Ok(())
}

#[derive(Serialize)]
struct SessionJson {
    id: String,
    game: String,
    surface: String,
    seed: u64,
    status: String,
    winner: Option<String>,
    seats: Vec<crate::store::SummarySeat>,
}

/// `agora sessions`.
pub async fn sessions(config: &Config, db: Option<&str>, json: bool) -> anyhow::Result<()> {
    let url = database_url(db, config);
    let store = open_store(&url, config).await?;
    let all = store.sessions().await?;
    if json {
        let list: Vec<SessionJson> = all
            .into_iter()
            .map(|s| SessionJson {
                id: s.session.id,
                game: s.session.game,
                surface: s.session.surface,
                seed: s.session.seed,
                status: s.session.status,
                winner: s.session.winner,
                seats: s.seats,
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&list)?);
        return Ok(());
    }
    if all.is_empty() {
        println!("No sessions in {}.", crate::store::redact(&url));
        return Ok(());
    }
    print!("{}", crate::stats::sessions::render(&all, &personalities()));
    Ok(())
}

/// The debate personalities, to name AI debaters as the tables showed them: the content
/// directory's (`AGORA_CONTENT_DIR`, else `content`), else the built-in ones (a list is
/// still worth printing when the content cannot be read).
pub(crate) fn personalities() -> crate::agents::debate::Personalities {
    let dir = std::env::var_os("AGORA_CONTENT_DIR")
        .filter(|d| !d.is_empty())
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::PathBuf::from("content"));
    crate::agents::debate::Personalities::load(Some(&dir))
        .unwrap_or_else(|_| crate::agents::debate::Personalities::builtin())
}

/// `agora stats werewolf|debate|trial`: the JSON is the game's one board (every seat,
/// as stored); the text is the boards people read (per debate format, AI players apart).
pub async fn stats(
    config: &Config,
    game: GameKind,
    db: Option<&str>,
    community: Option<&str>,
    json: bool,
) -> anyhow::Result<()> {
    let url = database_url(db, config);
    let store = open_store(&url, config).await?;
    let results = store.results(game.name(), community).await?;
    let min_games = config.stats.min_games;
    if json {
        let board = crate::stats::leaderboard(game, community, min_games, &results);
        println!("{}", serde_json::to_string_pretty(&board)?);
    } else {
        print!(
            "{}",
            crate::stats::render(game, community, min_games, &results, &personalities())
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn human_seats_come_from_the_seed_and_spread_evenly() {
        for seed in 0..200u64 {
            for k in 0..=9u8 {
                let seats = human_seats(seed, k);
                assert_eq!(seats, human_seats(seed, k), "the seed decides");
                assert_eq!(seats.len(), k as usize);
                assert!(seats.windows(2).all(|w| w[0] < w[1]), "{seats:?}");
                assert!(seats.iter().all(|s| (1..=9).contains(s)));
            }
        }
        // One human over 9,000 seeds: each seat about 1,000 times.
        let mut counts = [0u32; 9];
        for seed in 0..9_000u64 {
            counts[human_seats(seed, 1)[0] as usize - 1] += 1;
        }
        for (i, n) in counts.iter().enumerate() {
            assert!(
                (850..=1150).contains(n),
                "seat {}: {n} of 9000 ({counts:?})",
                i + 1
            );
        }
        assert_ne!(
            (0..20).map(|s| human_seats(s, 1)[0]).collect::<Vec<_>>(),
            vec![1; 20],
            "not always seat 1"
        );
    }
}
