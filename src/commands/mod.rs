//! The store-backed commands of the `agora` binary: `play`, `resume`, `sessions`, `stats`,
//! `web`.
//! Each opens the store, does its work through [`agora_core::session`], and prints. Each game's
//! `play` and its part of `resume` (a [`TerminalGame`]) are in the game's file; `resume`
//! here goes through the list of them that `src/main.rs` gives.

pub mod mock_model;

use crate::terminal::follow::{follow, Screen};
use crate::terminal::Keyboard;
use agora_agents::config::Config;
use agora_core::kits::{database_url, Kits};
use agora_core::registry::open_store;
use agora_core::registry::GameKind;
use agora_core::session::{Ended, GameSetup, Runner};
use agora_core::store::{Outcome, SessionRow, Store};
use agora_games::{Game, Seat};
use anyhow::Context;
use serde::Serialize;
use std::any::Any;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

pub(crate) fn terminal_name(given: Option<&str>) -> String {
    given
        .map(str::to_string)
        .or_else(|| std::env::var("USER").ok())
        .filter(|s| !s.trim().is_empty())
        .unwrap_or_else(|| "player".into())
}

/// A resumed session left running in the background: its id and how it ended.
pub type Background = tokio::task::JoinHandle<(String, anyhow::Result<Ended>)>;

/// A future run on the command's own task (it may hold the keyboard, so it is not sent
/// to another thread).
pub type Local<'a, T> = Pin<Box<dyn Future<Output = T> + 'a>>;

/// Starts a session in the background, to be waited for at the end.
fn background<G: Game>(runner: Runner<G>) -> Background {
    let session = runner.start();
    tokio::spawn(async move {
        let id = session.handle.id().to_string();
        (id, session.wait().await.map_err(anyhow::Error::from))
    })
}

/// One stored session that `agora resume` continues at this terminal.
#[derive(Clone, Copy)]
pub struct ToResume<'a> {
    pub store: &'a Store,
    pub row: &'a SessionRow,
    /// Its human seats, played at this keyboard (none: the AI play it alone).
    pub humans: &'a [Seat],
    pub step_delay: Duration,
    /// The players' kits of the games resumed.
    pub kits: &'a Kits,
    /// With no human seat, followed at the terminal all the same (it is the only session
    /// resumed) rather than run in the background.
    pub watch: bool,
}

impl ToResume<'_> {
    /// The stored session's runner, ready to start (its players' kit taken from the open
    /// kits); `None`, said, when it cannot be resumed.
    pub async fn runner<S>(&self) -> Option<Runner<S::Game>>
    where
        S: GameSetup,
        S::Kit: Any + Send + Sync,
    {
        let kit = self.kits.get::<S::Kit>();
        match agora_core::session::resume::<S>(self.store.clone(), self.row, self.step_delay, kit)
            .await
        {
            Ok(runner) => Some(runner),
            Err(e) => {
                println!("session {}: not resumed: {e}", self.row.id);
                None
            }
        }
    }

    /// Goes on with the resumed session: followed at this terminal with `table` (its
    /// human seats at `keyboard`, or watched), else started in the background.
    pub async fn go_on<T: Screen>(
        &self,
        runner: Runner<T::Game>,
        table: T,
        keyboard: &mut Keyboard,
    ) -> anyhow::Result<Option<Background>> {
        if !table.reads_keyboard() && !self.watch {
            return Ok(Some(background(runner)));
        }
        follow(self.store, runner, table, keyboard).await?;
        Ok(None)
    }
}

/// What `agora resume` asks of a game: one implementation per game, in the game's file,
/// listed once in `src/main.rs`.
pub trait TerminalGame: Sync {
    fn kind(&self) -> GameKind;
    /// The human seats of a stored session of this game.
    fn human_seats(&self, row: &SessionRow) -> anyhow::Result<Vec<Seat>>;
    /// Whether opening the game's players' kit says in a line what it seats (else quietly).
    fn tells_kit(&self) -> bool {
        false
    }
    /// Resumes one stored session: followed at the terminal (its human seats at
    /// `keyboard`, or watched), else started in the background. A session that cannot be
    /// resumed is said and skipped.
    fn resume_one<'a>(
        &'a self,
        at: ToResume<'a>,
        keyboard: &'a mut Keyboard,
    ) -> Local<'a, anyhow::Result<Option<Background>>>;
    /// How a session that finished in the background is told, after `session <id>: `.
    fn finished(&self, outcome: &Outcome) -> String;
}

/// Resumed from the terminal: a session played on another surface resumes there.
fn resumes_here(row: &SessionRow, humans: &[Seat]) -> bool {
    humans.is_empty() || row.surface == "terminal"
}

/// `agora resume`: continues every unfinished session it may drive, of the `games` given.
/// The AI-only ones first, in the background (one alone is shown as it goes), then those
/// with a human seat, followed at the keyboard one after the other; at the end, how each
/// background session ended.
pub async fn resume(
    config: &Config,
    games: &[&dyn TerminalGame],
    db: Option<&str>,
    step_delay: Duration,
) -> anyhow::Result<()> {
    let url = database_url(db, config);
    let store = open_store(&url, config).await?;
    let rows = store.unfinished().await?;
    if rows.is_empty() {
        println!("No unfinished sessions.");
        return Ok(());
    }
    let mut here: Vec<(&dyn TerminalGame, SessionRow, Vec<Seat>)> = Vec::new();
    for row in rows {
        let game = GameKind::parse(&row.game)
            .and_then(|kind| games.iter().copied().find(|g| g.kind() == kind));
        let Some(game) = game else {
            println!(
                "session {}: a {} session, a game this build does not know",
                row.id, row.game
            );
            continue;
        };
        let humans = game.human_seats(&row)?;
        if !resumes_here(&row, &humans) {
            println!(
                "session {}: played on {}; it resumes there (`agora run`)",
                row.id, row.surface
            );
            continue;
        }
        here.push((game, row, humans));
    }
    let mut kits = Kits::default();
    for game in games {
        if here.iter().any(|(g, ..)| g.kind() == game.kind()) {
            let entry = agora_core::registry::entry(game.kind());
            kits.insert(entry.open_kit(config, !game.tells_kit())?);
        }
    }
    let watch = here.len() == 1;
    let mut tasks: Vec<(&dyn TerminalGame, Background)> = Vec::new();
    let mut keyboard = Keyboard::none();
    let mut opened = false;
    let (alone, with_humans): (Vec<_>, Vec<_>) =
        here.iter().partition(|(_, _, humans)| humans.is_empty());
    for (game, row, humans) in alone.into_iter().chain(with_humans) {
        if !humans.is_empty() && !opened {
            keyboard = Keyboard::open();
            opened = true;
        }
        let at = ToResume {
            store: &store,
            row,
            humans,
            step_delay,
            kits: &kits,
            watch,
        };
        if let Some(task) = game.resume_one(at, &mut keyboard).await? {
            tasks.push((*game, task));
        }
    }
    for (game, task) in tasks {
        let (id, ended) = task.await.context("a resumed session's task failed")?;
        match ended {
            Ok(Ended::Finished(o)) => println!("session {id}: {}", game.finished(&o)),
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
    seats: Vec<agora_core::store::SummarySeat>,
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
        println!("No sessions in {}.", agora_core::store::redact(&url));
        return Ok(());
    }
    let personas = agora_core::registry::stats::ContentPersonas::from_env();
    print!(
        "{}",
        agora_core::registry::stats::sessions_text(&all, &personas)
    );
    Ok(())
}

/// `agora web`: serves the community page from the store until Ctrl-C.
pub async fn web(config: &Config, listen: &str, db: Option<&str>) -> anyhow::Result<()> {
    let url = database_url(db, config);
    let store = open_store(&url, config).await?;
    let listener = tokio::net::TcpListener::bind(listen)
        .await
        .with_context(|| format!("cannot listen on {listen}"))?;
    let addr = listener.local_addr()?;
    println!(
        "The community page of {} is at http://{addr}/ (Ctrl-C stops).",
        agora_core::store::redact(&url)
    );
    let reader = std::sync::Arc::new(agora_web::data::Reader::new(store, config.stats.min_games));
    tokio::select! {
        served = agora_web::serve(listener, reader) => served?,
        _ = tokio::signal::ctrl_c() => println!("Stopped."),
    }
    Ok(())
}

/// What `agora stats` is asked for: a game's boards, or a rebuild of every rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatsTarget {
    Game(GameKind),
    Rebuild,
}

impl StatsTarget {
    pub fn parse(s: &str) -> Result<StatsTarget, String> {
        if s == "rebuild" {
            return Ok(StatsTarget::Rebuild);
        }
        GameKind::parse(s).map(StatsTarget::Game).ok_or_else(|| {
            let games: Vec<&str> = GameKind::ALL.iter().map(|g| g.name()).collect();
            format!("'{s}' is not a game: use {} or rebuild", games.join(", "))
        })
    }
}

/// `--board`: people, ai or everyone.
pub fn parse_board(s: &str) -> Result<agora_core::ratings::boards::Which, String> {
    agora_core::ratings::boards::Which::parse(s)
        .ok_or_else(|| format!("'{s}' is not a board: use people, ai or everyone"))
}

/// How `agora stats <game>` shows its boards.
pub struct StatsView<'a> {
    pub community: Option<&'a str>,
    pub board: agora_core::ratings::boards::Which,
    pub season: Option<i64>,
    pub json: bool,
    /// The language of the text (the JSON is the same in every language).
    pub lang: agora_games::Lang,
}

/// `agora stats <game>`: the JSON is the game's one board (every seat as stored, each
/// entry with its `rating`); the text is the boards people read (per debate format, AI
/// players apart). `agora stats rebuild`: every rating recomputed from the results.
pub async fn stats(
    config: &Config,
    target: StatsTarget,
    db: Option<&str>,
    view: StatsView<'_>,
) -> anyhow::Result<()> {
    let url = database_url(db, config);
    let store = open_store(&url, config).await?;
    let game = match target {
        StatsTarget::Game(game) => game,
        StatsTarget::Rebuild => {
            let rater = std::sync::Arc::new(agora_core::registry::RegistryRater::new(config));
            let started = std::time::Instant::now();
            let rows = store.rebuild_ratings(rater).await?;
            let secs = format!("{:.2}", started.elapsed().as_secs_f64());
            let rows = rows.to_string();
            println!(
                "{}",
                view.lang
                    .text("stats-rebuilt", &[("rows", &rows), ("secs", &secs)])
            );
            return Ok(());
        }
    };
    let mut results = store.results(game.name(), view.community).await?;
    let rows = store.rating_history(game.name(), view.community).await?;
    agora_core::ratings::boards::keep_season(&mut results, &rows, view.season);
    let played = !results.is_empty();
    results.retain(|r| view.board.lists(r.is_ai));
    if played && results.is_empty() && !view.json {
        let id = match view.board {
            agora_core::ratings::boards::Which::Ai => "stats-none-listed-ai",
            _ => "stats-none-listed-people",
        };
        let title = game.title_in(view.lang);
        println!("{}", view.lang.text(id, &[("title", &title)]));
        return Ok(());
    }
    let ratings = agora_core::registry::stats::ratings(game, &rows, view.season);
    let min_games = config.stats.min_games;
    if view.json {
        let board = agora_core::registry::stats::leaderboard(
            game,
            view.community,
            min_games,
            &results,
            &ratings,
        );
        println!("{}", serde_json::to_string_pretty(&board)?);
    } else {
        let at = agora_core::stats::text::Place {
            community: view.community,
            min_games,
            lang: view.lang,
        };
        print!(
            "{}",
            agora_core::registry::stats::render_in(
                game,
                at,
                &results,
                &ratings,
                &agora_core::registry::stats::ContentPersonas::from_env()
            )
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(surface: &str) -> SessionRow {
        SessionRow {
            id: "s1".into(),
            game: "debate".into(),
            surface: surface.into(),
            community: "c".into(),
            channel: "ch".into(),
            config: serde_json::Value::Null,
            seed: 1,
            status: "running".into(),
            created_at: 0,
            lease_owner: None,
            lease_until: 0,
            lease_epoch: 0,
            winner: None,
            details: serde_json::Value::Null,
        }
    }

    #[test]
    fn a_session_with_people_resumes_where_they_play_it() {
        assert!(resumes_here(&row("terminal"), &[2]));
        assert!(resumes_here(&row("discord"), &[]), "the AI alone: anywhere");
        assert!(!resumes_here(&row("discord"), &[2]));
    }
}
