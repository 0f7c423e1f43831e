//! The trial's commands: `agora play trial` (one player's seat at the keyboard, or
//! watching; in English or Chinese, `--lang`), `agora sim trial` (offline trials on
//! threads), their half of `agora resume` (in the trial's language), and the verdict's
//! chart written to a file.

use crate::commands::{terminal_name, Background, Local, TerminalGame, ToResume};
use crate::terminal::follow::follow;
use crate::terminal::Keyboard;
use crate::trial::terminal::TrialScreen;
use agora_agents::config::Config;
use agora_agents::trial::TrialKit;
use agora_core::kits::database_url;
use agora_core::registry::open_store;
use agora_core::registry::GameKind;
use agora_core::session::GameSetup;
use agora_core::store::{Outcome, PlayerRef, SessionRow};
use agora_core::trial::kit::{trial_content_kit, trial_kit, trial_kit_in, trial_view_of};
use agora_core::trial::session::{TrialSeat, TrialSessionSetup};
use agora_core::trial::sim::{sides, TrialSimOptions};
use agora_games::trial::{Hints, Mode};
use agora_games::Seat;
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
    /// The trial's language: en or zh-CN (default: AGORA_LANG, else en); the case must
    /// have a text in it. Kept when the trial is resumed.
    #[arg(long, env = "AGORA_LANG", default_value = "en")]
    pub lang: agora_games::Lang,
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
    /// The trials' language: en or zh-CN (default: AGORA_LANG, else en); the case must
    /// have a text in it.
    #[arg(long, env = "AGORA_LANG", default_value = "en")]
    pub lang: agora_games::Lang,
}

/// `agora play trial`.
pub async fn play(config: &Config, opts: PlayArgs) -> anyhow::Result<()> {
    let lang = opts.lang;
    let kit = trial_kit_in(config, false, lang)?;
    let case = kit
        .book
        .case_for(&opts.case, lang)
        .map_err(|e| anyhow::anyhow!("--case {e}"))?;
    let n = opts
        .players
        .unwrap_or(if opts.mode == Mode::Adversarial { 2 } else { 1 });
    if !(1..=agora_games::trial::MAX_PLAYERS).contains(&n) {
        anyhow::bail!("--players {n}: 1 to {}", agora_games::trial::MAX_PLAYERS);
    }
    let human = match opts.humans {
        0 => None,
        1 if (1..=n).contains(&opts.seat) => Some(opts.seat),
        1 => anyhow::bail!("--seat {}: a player's number, 1–{n}", opts.seat),
        k => anyhow::bail!("--humans {k}: one human seat or none (--humans 0)"),
    };
    let mut timers = config.trial.clone();
    if let Some(pace) = opts.pace {
        agora_agents::config::ranges::PACE
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
    let seed = opts
        .seed
        .unwrap_or_else(|| agora_core::store::now_ms() as u64);
    let store = open_store(&database_url(opts.db.as_deref(), config), config).await?;
    let place = crate::terminal::terminal_place(&store, opts.lang).await?;
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
    let seed_text = seed.to_string();
    println!(
        "{}",
        lang.text(
            "trial-started",
            &[("session", runner.id()), ("seed", &seed_text)]
        )
    );
    match human {
        Some(s) => {
            let side = setup.trial.sides[s as usize - 1].name();
            let side = lang.text(&format!("trial-side-{side}"), &[]);
            let player = view.player(s);
            let line = lang.text("trial-you-are", &[("player", &player), ("side", &side)]);
            println!("{line}");
        }
        None => println!("{}", lang.text("trial-you-watch", &[])),
    }
    let mut keyboard = if human.is_some() {
        Keyboard::open()
    } else {
        Keyboard::none()
    };
    let turns = setup.trial.rules.turns_per_juror;
    follow(
        &store,
        runner,
        TrialScreen::new(human, &view, turns),
        &mut keyboard,
    )
    .await
}

/// The trial's part of `agora resume`.
pub struct TrialTerminal;

impl TerminalGame for TrialTerminal {
    fn kind(&self) -> GameKind {
        GameKind::Trial
    }

    fn human_seats(&self, row: &SessionRow) -> anyhow::Result<Vec<Seat>> {
        agora_core::trial::session::human_seats(row)
    }

    fn resume_one<'a>(
        &'a self,
        at: ToResume<'a>,
        keyboard: &'a mut Keyboard,
    ) -> Local<'a, anyhow::Result<Option<Background>>> {
        Box::pin(resume_one(at, keyboard))
    }

    fn finished(&self, outcome: &Outcome) -> String {
        format!("finished, winner {}", outcome.winner)
    }
}

/// Resumes one stored trial: followed at the terminal (its human seat, or watched when
/// it is the only one), else run in the background.
async fn resume_one(
    at: ToResume<'_>,
    keyboard: &mut Keyboard,
) -> anyhow::Result<Option<Background>> {
    let row = at.row;
    let setup: TrialSessionSetup = agora_core::session::setup_of(row)?;
    let view = trial_view_of(at.kits.get::<TrialKit>(), &setup)?;
    let Some(runner) = at.runner::<TrialSessionSetup>().await else {
        return Ok(None);
    };
    let human = at.humans.first().copied();
    let (lang, seed) = (setup.trial.lang, row.seed.to_string());
    let at_row = [("session", row.id.as_str()), ("seed", seed.as_str())];
    let line = match human {
        Some(seat) => {
            let player = view.player(seat);
            lang.text(
                "trial-resumed-as",
                &[at_row[0], at_row[1], ("player", &player)],
            )
        }
        None => lang.text("trial-resumed", &at_row),
    };
    println!("{line}");
    let turns = setup.trial.rules.turns_per_juror;
    at.go_on(runner, TrialScreen::new(human, &view, turns), keyboard)
        .await
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
    if let Err(e) = kit.book.case_for(&args.case, args.lang) {
        anyhow::bail!("--case {e}");
    }
    if !(1..=agora_games::trial::MAX_PLAYERS as usize).contains(&args.players) {
        anyhow::bail!(
            "--players {}: 1 to {}",
            args.players,
            agora_games::trial::MAX_PLAYERS
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
        lang: args.lang,
    };
    let report = if args.llm {
        agora_core::trial::sim::run_models(&kit, &opts, args.concurrency).await?
    } else {
        agora_core::trial::sim::run(&kit, &opts)?
    };
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{}", report.table());
    }
    Ok(())
}
