//! The debate's store-backed commands: `agora play debate` (a debater's seat at the
//! keyboard, or watching), and the debate half of `agora resume`.

use super::terminal_name;
use crate::agents::debate::DebateKit;
use crate::config::Config;
use crate::games::debate::team::{parse_seat, seat_title, side_of, TeamRules, JUDGE};
use crate::games::debate::TeamDebate;
use crate::games::Seat;
use crate::kits::{database_url, debate_kit, open_store};
use crate::session::debate::{DebateFormat, DebateSeat, DebateSetup};
use crate::session::{Ended, GameSetup, Place, Runner};
use crate::store::{PlayerRef, SessionRow, Store};
use crate::terminal::debate::{attach, story, Left, Views};
use crate::terminal::Keyboard;
use std::time::Duration;

/// The debate AI seats' tools when a language model is required (`sim debate --llm`): an
/// error naming what to set when no role has a model, or naming a server that does not
/// answer (checked once per role, with a short request).
pub async fn model_kit(config: &Config, quiet: bool) -> anyhow::Result<DebateKit> {
    let kit = crate::kits::debate_kit(config, true)?;
    let roles = crate::agents::debate::Role::ALL;
    if roles.iter().all(|&r| kit.is_offline_role(r)) {
        anyhow::bail!(
            "--llm: no language model is configured for the debate: set LLM_API_KEY (or PRO_, CON_, JUDGE_LLM_API_KEY), and LLM_BASE_URL for a local server"
        );
    }
    for role in roles {
        if let Some(client) = kit.client(role) {
            let p = client.provider();
            client.probe().await.map_err(|e| {
                anyhow::anyhow!(
                    "--llm: the {} model's server at {} does not answer: {e}",
                    role.env_name().to_lowercase(),
                    p.base_url
                )
            })?;
        }
    }
    if !quiet {
        eprintln!("{}", crate::kits::describe_debate_kit(&kit));
    }
    Ok(kit)
}

/// The motion of a topic id, as the `--topic` option's answer.
pub fn motion_of(kit: &DebateKit, topic: &str) -> anyhow::Result<String> {
    kit.motion_of(topic)
        .map_err(|e| anyhow::anyhow!("--topic: {e}"))
}

/// Every topic id of the kit, sorted.
pub fn topic_ids(kit: &DebateKit) -> Vec<String> {
    kit.topics.ids().map(str::to_string).collect()
}

/// `agora play debate`.
pub struct DebatePlayOptions {
    pub format: DebateFormat,
    pub topic: String,
    /// The human's seat (`pro2`); `None` with `humans == 0`.
    pub seat: Option<String>,
    pub humans: u8,
    pub length: Option<f64>,
    pub live_scores: bool,
    pub seed: Option<u64>,
    pub pace: Option<f64>,
    pub step_delay: Duration,
    pub db: Option<String>,
    pub name: Option<String>,
    /// Moderated and social debates: how many participants, rounds, the style, and a
    /// person's side and firmness (social).
    pub participants: Option<u8>,
    pub rounds: Option<u8>,
    pub style: Option<String>,
    pub side: Option<String>,
    pub firmness: Option<f64>,
}

/// A terminal debate's timers (`--pace` applied) and length scale (`--length`, else
/// `[debate] length_scale`), checked.
pub fn timers_and_length(
    config: &Config,
    opts: &DebatePlayOptions,
) -> anyhow::Result<(crate::config::DebateTimers, f64)> {
    let mut timers = config.debate.timers.clone();
    if let Some(pace) = opts.pace {
        timers.pace = crate::config::ranges::PACE
            .check(pace)
            .map_err(|m| anyhow::anyhow!("--pace: {m}"))?;
    }
    let length_scale = match opts.length {
        Some(l) => crate::config::LENGTH_SCALE
            .check(l)
            .map_err(|m| anyhow::anyhow!("--length: {m}"))?,
        None => config.debate.settings.length_scale,
    };
    Ok((timers, length_scale))
}

/// The setup of a terminal debate: the human in `human` (if any), AI debaters elsewhere.
pub fn setup(
    config: &Config,
    kit: &DebateKit,
    opts: &DebatePlayOptions,
    human: Option<(Seat, &PlayerRef)>,
    seed: u64,
) -> anyhow::Result<DebateSetup> {
    let (timers, length_scale) = timers_and_length(config, opts)?;
    let mut seats: Vec<DebateSeat> = (1..JUDGE)
        .map(|seat| match human {
            Some((h, player)) if h == seat => DebateSeat::human(player),
            _ => DebateSeat::debater(&kit.team_personality(seed, seat)),
        })
        .collect();
    seats.push(DebateSeat::judge());
    let setup = DebateSetup {
        format: opts.format,
        topic: Some(opts.topic.clone()),
        motion: motion_of(kit, &opts.topic)?,
        rules: TeamRules {
            length_scale,
            live_scores: opts.live_scores || config.debate.settings.live_scores,
        },
        timers,
        seats,
    };
    setup.check().map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(setup)
}

/// The options given that `format` does not use (each named as typed), so a
/// misdirected option is refused rather than ignored.
pub fn foreign_options(opts: &DebatePlayOptions) -> Vec<&'static str> {
    let mut given = Vec::new();
    let team = opts.format == DebateFormat::Team;
    let social = opts.format == DebateFormat::Social;
    let rounds = opts.format == DebateFormat::Rounds;
    if !team && opts.live_scores {
        given.push("--live-scores");
    }
    if team && opts.participants.is_some() {
        given.push("--participants");
    }
    if team && opts.rounds.is_some() {
        given.push("--rounds");
    }
    if !rounds && opts.style.is_some() {
        given.push("--style");
    }
    if !social && opts.side.is_some() {
        given.push("--side");
    }
    if !social && opts.firmness.is_some() {
        given.push("--firmness");
    }
    given
}

/// Refuses options the chosen format does not use, naming them and the formats that do.
pub fn check_options(opts: &DebatePlayOptions) -> anyhow::Result<()> {
    let foreign = foreign_options(opts);
    if foreign.is_empty() {
        return Ok(());
    }
    let whose = |o: &str| match o {
        "--live-scores" => "team",
        "--participants" | "--rounds" => "rounds and social",
        "--style" => "rounds",
        _ => "social",
    };
    anyhow::bail!(
        "{} {} not apply to a {} debate ({}); leave {} out",
        foreign.join(", "),
        if foreign.len() == 1 { "does" } else { "do" },
        opts.format.name(),
        foreign
            .iter()
            .map(|o| format!("{o} is for {}", whose(o)))
            .collect::<Vec<_>>()
            .join(", "),
        if foreign.len() == 1 { "it" } else { "them" }
    )
}

pub async fn play(config: &Config, opts: DebatePlayOptions) -> anyhow::Result<()> {
    check_options(&opts)?;
    if opts.format != DebateFormat::Team {
        return super::debate_formats::play(config, opts).await;
    }
    let human = match (opts.humans, &opts.seat) {
        (0, None) => None,
        (0, Some(_)) => anyhow::bail!("--seat names a human seat: leave it out with --humans 0"),
        (1, seat) => {
            let name = seat.as_deref().unwrap_or("pro1");
            match parse_seat(name).filter(|s| side_of(*s).is_some()) {
                Some(s) => Some(s),
                None => anyhow::bail!("--seat {name}: a debater's seat is pro1–pro4 or con1–con4"),
            }
        }
        (n, _) => anyhow::bail!(
            "--humans {n}: a terminal debate has one human seat (--seat) or none (--humans 0)"
        ),
    };
    let kit = debate_kit(config, false)?;
    let seed = opts.seed.unwrap_or_else(|| crate::store::now_ms() as u64);
    let player = PlayerRef::terminal(&terminal_name(opts.name.as_deref()));
    let setup = setup(config, &kit, &opts, human.map(|s| (s, &player)), seed)?;
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
        "Team debate, session {} (seed {seed}): {}",
        runner.id(),
        setup.motion
    );
    match human {
        Some(seat) => println!(
            "*** You are {} ({}). The other seats are AI; the judge is an AI. Type quit to leave (the debate is saved), abandon to end it. ***",
            seat_title(seat),
            if side_of(seat).is_some_and(|s| s.index() == 0) { "for the motion" } else { "against the motion" }
        ),
        None => println!("Eight AI debaters and an AI judge; you watch the public debate."),
    }
    if human.is_some() {
        println!("{}", crate::terminal::debate::HELP);
    }
    let mut keyboard = if human.is_some() {
        Keyboard::open()
    } else {
        Keyboard::none()
    };
    follow(&store, runner, human, &mut keyboard).await
}

/// Follows one debate session at the terminal until it ends or is left; prints the
/// scorecard.
pub async fn follow(
    store: &Store,
    mut runner: Runner<TeamDebate>,
    human: Option<Seat>,
    keyboard: &mut Keyboard,
) -> anyhow::Result<()> {
    let views = Views::subscribe(&mut runner, human);
    let session = runner.start();
    let handle = session.handle.clone();
    // Ctrl-C is handled inside: it says what became of a speech being typed.
    let left = attach(&handle, views, keyboard).await?;
    let ended = session.wait().await?;
    match (left, ended) {
        (_, Ended::Finished(_)) | (Left::Finished(_), _) => {
            let row = store.session(handle.id()).await?;
            let setup: DebateSetup = crate::session::setup_of(&row)?;
            let game = crate::session::rebuild::<DebateSetup>(store, handle.id()).await?;
            // AI debaters as the tables show them (`AI · Logical`), not by their ids.
            let personalities = super::personalities();
            let names = |seat: Seat| {
                let s = &setup.seats[seat as usize - 1];
                crate::stats::names::shown_name(&s.player_id, &s.name, &personalities)
            };
            print!("{}", story::scorecard(&game, &names));
        }
        (_, Ended::Abandoned) => println!("The debate was abandoned."),
        _ => {}
    }
    Ok(())
}

/// The human seats of a stored debate.
pub fn human_seats(row: &SessionRow) -> anyhow::Result<Vec<Seat>> {
    if crate::session::formats::format_of(row) != DebateFormat::Team {
        return super::debate_formats::human_seats(row);
    }
    let setup: DebateSetup = crate::session::setup_of(row)?;
    Ok(setup.human_seats())
}

/// Resumes one stored debate: followed at the terminal (with its human seat, or watched
/// when `watch`), else run in the background until it ends.
pub async fn resume_one(
    store: &Store,
    row: &SessionRow,
    step_delay: Duration,
    kit: &DebateKit,
    keyboard: &mut Keyboard,
    watch: bool,
) -> anyhow::Result<Option<tokio::task::JoinHandle<(String, anyhow::Result<Ended>)>>> {
    if crate::session::formats::format_of(row) != DebateFormat::Team {
        return super::debate_formats::resume_one(store, row, step_delay, kit, keyboard, watch)
            .await;
    }
    let humans = human_seats(row)?;
    let runner =
        match crate::session::resume::<DebateSetup>(store.clone(), row, step_delay, kit).await {
            Ok(runner) => runner,
            Err(e) => {
                println!("session {}: not resumed: {e}", row.id);
                return Ok(None);
            }
        };
    match humans.first() {
        Some(&seat) => {
            println!(
                "session {} (seed {}): a debate, resumed; you are {} ({} the motion)",
                row.id,
                row.seed,
                seat_title(seat),
                if side_of(seat).is_some_and(|s| s.index() == 0) {
                    "for"
                } else {
                    "against"
                }
            );
            println!("{}", crate::terminal::debate::HELP);
            follow(store, runner, Some(seat), keyboard).await?;
            Ok(None)
        }
        None if watch => {
            println!("session {} (seed {}): a debate, resumed", row.id, row.seed);
            follow(store, runner, None, &mut Keyboard::none()).await?;
            Ok(None)
        }
        None => {
            println!("session {} (seed {}): a debate, resumed", row.id, row.seed);
            let session = runner.start();
            Ok(Some(tokio::spawn(async move {
                let id = session.handle.id().to_string();
                (id, session.wait().await.map_err(anyhow::Error::from))
            })))
        }
    }
}

/// `agora sim debate`'s options.
pub struct SimArgs {
    pub format: DebateFormat,
    pub debates: u64,
    pub seed: u64,
    pub topic: Option<String>,
    pub length: Option<f64>,
    pub threads: Option<usize>,
    pub json: bool,
    pub record: Option<std::path::PathBuf>,
    pub llm: bool,
    pub concurrency: usize,
    pub db: Option<String>,
    pub participants: Option<u8>,
    pub rounds: Option<u8>,
    pub style: String,
    pub charts: Option<std::path::PathBuf>,
}

/// `agora sim debate --format rounds|social`: the moderated or social debates, offline on
/// threads or with models in process.
async fn sim_formats(
    config: &Config,
    args: SimArgs,
    topics: Vec<String>,
    length_scale: f64,
    threads: usize,
    offline_kit: &DebateKit,
) -> anyhow::Result<()> {
    use crate::games::debate::rounds::{RoundsRules, Style};
    use crate::games::debate::social::SocialRules;
    use crate::sim::formats::{FormatRules, FormatSimOptions};
    let rules = match args.format {
        DebateFormat::Social => FormatRules::Social(SocialRules {
            rounds: args.rounds.unwrap_or(SocialRules::default().rounds),
            length_scale,
        }),
        _ => FormatRules::Rounds(RoundsRules {
            rounds: args.rounds.unwrap_or(3),
            style: Style::parse(&args.style).ok_or_else(|| {
                anyhow::anyhow!(
                    "--style {:?}: structured, semi_structured or free_flowing",
                    args.style
                )
            })?,
            length_scale,
        }),
    };
    let participants = args.participants.unwrap_or(match args.format {
        DebateFormat::Social => 3,
        _ => 2,
    });
    let opts = FormatSimOptions {
        rules,
        participants,
        debates: args.debates,
        seed: args.seed,
        threads,
        topics,
        charts: args.charts,
        record: args.record,
    };
    let report = if args.llm {
        let kit = model_kit(config, args.json).await?;
        crate::sim::formats::run_models(&kit, &opts, args.concurrency).await?
    } else {
        tokio::task::block_in_place(|| crate::sim::formats::run(offline_kit, &opts))?
    };
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        println!("{}", serde_json::to_string_pretty(&report)?);
    }
    Ok(())
}

/// `agora sim debate`: offline on threads, or with `--llm` as stored sessions; prints the
/// report (a table, or one JSON object).
pub async fn sim(config: &Config, args: SimArgs) -> anyhow::Result<()> {
    let threads = match args.threads.unwrap_or(config.sim.threads) {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    // Offline unless --llm, whatever keys the environment holds.
    let offline_kit = DebateKit::offline(Some(&crate::agents::debate::topics::content_dir()))?;
    let topics = match args.topic.clone() {
        Some(t) => {
            motion_of(&offline_kit, &t)?;
            vec![t]
        }
        None => topic_ids(&offline_kit),
    };
    let length_scale = match args.length {
        Some(l) => crate::config::LENGTH_SCALE
            .check(l)
            .map_err(|m| anyhow::anyhow!("--length: {m}"))?,
        None => config.debate.settings.length_scale,
    };
    if args.format != DebateFormat::Team {
        return sim_formats(config, args, topics, length_scale, threads, &offline_kit).await;
    }
    let opts = crate::sim::debate::DebateSimOptions {
        format: args.format,
        debates: args.debates,
        seed: args.seed,
        threads,
        topics,
        rules: TeamRules {
            length_scale,
            live_scores: config.debate.settings.live_scores,
        },
        record: args.record,
    };
    let report = if args.llm {
        let kit = model_kit(config, args.json).await?;
        let temp;
        let url = match args.db {
            Some(url) => url,
            None => {
                temp = std::env::temp_dir()
                    .join(format!("agora-sim-debate-{}.db", std::process::id()));
                format!("sqlite://{}", temp.display())
            }
        };
        let store = open_store(&url, config).await?;
        crate::sim::debate::run_sessions(config, &store, &kit, &opts, args.concurrency).await?
    } else {
        // The offline debates are CPU work: off the async threads.
        tokio::task::block_in_place(|| crate::sim::debate::run(&offline_kit, &opts))?
    };
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        println!("{}", report.table());
    }
    Ok(())
}
