//! The trial's commands: `agora play trial` (one player's seat at the keyboard, or
//! watching), `agora sim trial` (offline trials on threads), their half of `agora resume`,
//! and the verdict's chart written to a file.

use super::terminal_name;
use crate::agents::trial::TrialKit;
use crate::config::Config;
use crate::games::trial::{Hints, Mode, Trial};
use crate::games::{Game, Seat};
use crate::kits::{database_url, open_store, trial_content_kit, trial_kit, trial_view_of};
use crate::session::trial::{human_seats, TrialSeat, TrialSessionSetup};
use crate::session::{Ended, GameSetup, Place, Runner};
use crate::sim::trial::{sides, TrialSimOptions};
use crate::store::{PlayerRef, SessionRow, Store};
use crate::story::trial::chart_png;
use crate::terminal::trial::{attach, TrialView, TrialViews};
use crate::terminal::{Keyboard, Left};
use std::time::Duration;

/// `agora play trial`'s options.
#[derive(Debug, Clone, clap::Args)]
pub struct PlayArgs {
    /// The case: a file stem of content/cases/ (e.g. robot_prompt_injection).
    #[arg(long, default_value = "robot_prompt_injection")]
    pub case: String,
    /// defense (every player argues NOT GUILTY) or adversarial (sides alternate by seat:
    /// odd seats defend, even seats prosecute).
    #[arg(long, value_enum, default_value = "defense")]
    pub mode: Mode,
    /// Players in all (you and AI advocates), 1–8 (default 1; adversarial 2).
    #[arg(long)]
    pub players: Option<u8>,
    /// 1 (you, as player --seat) or 0 (watch AI advocates).
    #[arg(long, default_value_t = 1)]
    pub humans: u8,
    /// Your seat (default 1; in adversarial mode 2 prosecutes).
    #[arg(long, default_value_t = 1)]
    pub seat: u8,
    /// What you see of a juror's mind (default: `[trial] hints`).
    #[arg(long, value_enum)]
    pub hints: Option<Hints>,
    /// The trial's seed (default: the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Scales every timer (1 = the configured seconds, 0 = no waiting).
    #[arg(long)]
    pub pace: Option<f64>,
    /// Milliseconds between AI moves, so a person can follow.
    #[arg(long, default_value_t = 800)]
    pub step_delay: u64,
    /// Database URL (default: DATABASE_URL, else `[store] url` in config).
    #[arg(long)]
    pub db: Option<String>,
    /// Your player name (default: $USER).
    #[arg(long)]
    pub name: Option<String>,
}

/// `agora sim trial`'s options.
#[derive(Debug, Clone, clap::Args)]
pub struct SimArgs {
    /// The case: a file stem of content/cases/.
    #[arg(long, default_value = "robot_prompt_injection")]
    pub case: String,
    /// How many trials (N).
    #[arg(long, default_value_t = 100)]
    pub trials: u64,
    /// The first trial's seed (S).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// AI advocates (1–8).
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    #[arg(long, value_enum, default_value = "defense")]
    pub mode: Mode,
    /// Worker threads (default: `[sim] threads` in config, 0 = one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Seat the language model (jurors, their labeller and the advocates, as configured
    /// per role); needs LLM_API_KEY and a server that answers, else it stops with an error.
    #[arg(long)]
    pub llm: bool,
    /// Trials played at once (with models).
    #[arg(long, default_value_t = 8)]
    pub concurrency: usize,
}

/// `agora play trial`.
pub async fn play(config: &Config, opts: PlayArgs) -> anyhow::Result<()> {
    let kit = trial_kit(config, false)?;
    let case = kit.book.case(&opts.case).ok_or_else(|| {
        anyhow::anyhow!(
            "--case {:?}: not a case (the cases: {})",
            opts.case,
            kit.book
                .cases()
                .map(|c| c.id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )
    })?;
    let n = opts
        .players
        .unwrap_or(if opts.mode == Mode::Adversarial { 2 } else { 1 });
    if !(1..=crate::games::trial::MAX_PLAYERS).contains(&n) {
        anyhow::bail!("--players {n}: 1 to {}", crate::games::trial::MAX_PLAYERS);
    }
    let human = match opts.humans {
        0 => None,
        1 if (1..=n).contains(&opts.seat) => Some(opts.seat),
        1 => anyhow::bail!("--seat {}: a player's number, 1–{n}", opts.seat),
        k => anyhow::bail!("--humans {k}: one human seat or none (--humans 0)"),
    };
    let mut timers = config.trial.clone();
    if let Some(pace) = opts.pace {
        crate::config::ranges::PACE
            .check(pace)
            .map_err(|m| anyhow::anyhow!("--pace: {m}"))?;
        timers.pace = pace;
    }
    let mut rules = timers.rules(opts.mode);
    if let Some(h) = opts.hints {
        rules.hints = h;
    }
    let player = PlayerRef::terminal(&terminal_name(opts.name.as_deref()));
    let players: Vec<TrialSeat> = (1..=n)
        .map(|s| {
            if Some(s) == human {
                TrialSeat::human(&player)
            } else {
                TrialSeat::advocate()
            }
        })
        .collect();
    let setup = TrialSessionSetup {
        trial: kit.book.setup(case, sides(opts.mode, n as usize), rules),
        players,
        timers,
    };
    setup.check().map_err(|e| anyhow::anyhow!("{e}"))?;
    let seed = opts.seed.unwrap_or_else(|| crate::store::now_ms() as u64);
    let store = open_store(&database_url(opts.db.as_deref(), config), config).await?;
    let place = Place {
        surface: "terminal".into(),
        community: "terminal".into(),
        channel: "terminal".into(),
    };
    let runner = setup
        .create(
            store.clone(),
            seed,
            &place,
            Duration::from_millis(opts.step_delay),
            &kit,
        )
        .await?;
    let view = trial_view_of(&kit, &setup)?;
    println!(
        "Trial, session {} (seed {seed}), offline jurors (the case's keywords label what is said).",
        runner.id()
    );
    match human {
        Some(s) => println!(
            "*** You are {} ({}). Type quit to leave (the trial is saved), abandon to end it. ***",
            view.player(s),
            setup.trial.sides[s as usize - 1].name()
        ),
        None => println!("Every player is an AI advocate; you watch."),
    }
    let mut keyboard = if human.is_some() {
        Keyboard::open()
    } else {
        Keyboard::none()
    };
    follow(&store, runner, human, &view, &mut keyboard).await
}

/// Follows one trial at the terminal until it ends or is left; writes the chart.
pub async fn follow(
    store: &Store,
    mut runner: Runner<Trial>,
    human: Option<Seat>,
    view: &TrialView,
    keyboard: &mut Keyboard,
) -> anyhow::Result<()> {
    let views = TrialViews::subscribe(&mut runner, human);
    let session = runner.start();
    let handle = session.handle.clone();
    let left = tokio::select! {
        left = attach(&handle, views, view, keyboard) => left?,
        _ = tokio::signal::ctrl_c() => {
            handle.detach().await;
            println!("\nInterrupted: the trial is saved; continue it with `agora resume`.");
            Left::Detached
        }
    };
    let ended = session.wait().await?;
    match (left, ended) {
        (_, Ended::Finished(_)) | (Left::Finished(_), _) => {
            let game = crate::session::rebuild::<TrialSessionSetup>(store, handle.id()).await?;
            if let Some(png) = chart_png(view, &game) {
                let path = std::env::temp_dir().join(format!("agora-trial-{}.png", handle.id()));
                std::fs::write(&path, png)?;
                println!("Chart: {}", path.display());
            }
            if game.outcome().is_none() {
                println!("The trial ended unfinished.");
            }
        }
        (_, Ended::Abandoned) => println!("The trial was abandoned."),
        _ => {}
    }
    Ok(())
}

/// Resumes one stored trial: followed at the terminal (its human seat, or watched when
/// `watch`), else run in the background.
pub async fn resume_one(
    store: &Store,
    row: &SessionRow,
    step_delay: Duration,
    kit: &TrialKit,
    keyboard: &mut Keyboard,
    watch: bool,
) -> anyhow::Result<Option<tokio::task::JoinHandle<(String, anyhow::Result<Ended>)>>> {
    let humans = human_seats(row)?;
    let setup: TrialSessionSetup = crate::session::setup_of(row)?;
    let view = trial_view_of(kit, &setup)?;
    let runner = match crate::session::resume::<TrialSessionSetup>(
        store.clone(),
        row,
        step_delay,
        kit,
    )
    .await
    {
        Ok(r) => r,
        Err(e) => {
            println!("session {}: not resumed: {e}", row.id);
            return Ok(None);
        }
    };
    match humans.first() {
        Some(&seat) => {
            println!(
                "session {} (seed {}): a trial, resumed; you are {}",
                row.id,
                row.seed,
                view.player(seat)
            );
            follow(store, runner, Some(seat), &view, keyboard).await?;
            Ok(None)
        }
        None if watch => {
            println!("session {} (seed {}): a trial, resumed", row.id, row.seed);
            follow(store, runner, None, &view, &mut Keyboard::none()).await?;
            Ok(None)
        }
        None => {
            println!("session {} (seed {}): a trial, resumed", row.id, row.seed);
            let session = runner.start();
            Ok(Some(tokio::spawn(async move {
                let id = session.handle.id().to_string();
                (id, session.wait().await.map_err(anyhow::Error::from))
            })))
        }
    }
}

/// `agora sim trial`.
pub async fn sim(config: &Config, args: SimArgs) -> anyhow::Result<()> {
    let kit = if args.llm {
        let kit = trial_kit(config, true)?;
        let Some(client) = kit.juror.as_ref().or(kit.advocate.as_ref()) else {
            anyhow::bail!("--llm: no language model is configured: set LLM_API_KEY (or JUROR_/ADVOCATE_LLM_API_KEY), and LLM_BASE_URL for a local server");
        };
        client.probe().await.map_err(|e| {
            anyhow::anyhow!(
                "--llm: the language model's server at {} does not answer: {e}",
                client.provider().base_url
            )
        })?;
        kit
    } else {
        trial_content_kit()?
    };
    if kit.book.case(&args.case).is_none() {
        anyhow::bail!("--case {:?}: not a case", args.case);
    }
    if !(1..=crate::games::trial::MAX_PLAYERS as usize).contains(&args.players) {
        anyhow::bail!(
            "--players {}: 1 to {}",
            args.players,
            crate::games::trial::MAX_PLAYERS
        );
    }
    let threads = match args.threads.unwrap_or(config.sim.threads) {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let opts = TrialSimOptions {
        case: args.case,
        trials: args.trials,
        seed: args.seed,
        players: args.players,
        rules: config.trial.rules(args.mode),
        threads,
    };
    let report = if args.llm {
        crate::sim::trial::run_models(&kit, &opts, args.concurrency).await?
    } else {
        crate::sim::trial::run(&kit, &opts)?
    };
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{}", report.table());
    }
    Ok(())
}
