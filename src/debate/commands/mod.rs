//! The debate's store-backed commands: `agora play debate` (a debater's seat at the
//! keyboard, or watching), `agora sim debate`, and the debate's part of `agora resume`
//! ([`DebateTerminal`]). The team debate is here; the moderated and social debates are
//! `panel.rs`; the options both read are `options.rs`.

pub mod options;
pub mod panel;

use crate::commands::{terminal_name, Background, Local, TerminalGame, ToResume};
use crate::debate::terminal::TeamScreen;
use crate::terminal::follow::follow;
use crate::terminal::Keyboard;
use agora_agents::config::Config;
use agora_agents::debate::DebateKit;
use agora_core::debate::format::DebateFormat;
use agora_core::debate::kit::debate_kit;
use agora_core::debate::session::panel::format_of;
use agora_core::debate::session::{DebateSeat, DebateSetup};
use agora_core::debate::story::team as story;
use agora_core::kits::database_url;
use agora_core::registry::open_store;
use agora_core::registry::GameKind;
use agora_core::session::GameSetup;
use agora_core::store::{Outcome, PlayerRef, SessionRow};
use agora_games::debate::team::{parse_seat, side_of, TeamRules, JUDGE};
use agora_games::Seat;
use options::{check_options, motion_of, timers_and_length, topic_ids};
pub use options::{DebatePlayOptions, SimArgs};
use std::time::Duration;

/// The debate AI seats' tools when a language model is required (`sim debate --llm`): an
/// error naming what to set when no role has a model, or naming a server that does not
/// answer (checked once per role, with a short request).
pub async fn model_kit(config: &Config, quiet: bool) -> anyhow::Result<DebateKit> {
    let kit = agora_core::debate::kit::debate_kit(config, true)?;
    let roles = agora_agents::debate::Role::ALL;
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
        eprintln!("{}", agora_core::debate::kit::describe_debate_kit(&kit));
    }
    Ok(kit)
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
        motion: motion_of(kit, &opts.topic, opts.lang)?,
        rules: TeamRules {
            length_scale,
            live_scores: opts.live_scores || config.debate.settings.live_scores,
            ..TeamRules::default()
        }
        .captained_for(&human.map(|(h, _)| vec![h]).unwrap_or_default()),
        timers,
        seats,
        lang: opts.lang,
    };
    setup.check().map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(setup)
}

pub async fn play(config: &Config, opts: DebatePlayOptions) -> anyhow::Result<()> {
    check_options(&opts)?;
    if opts.format != DebateFormat::Team {
        return panel::play(config, opts).await;
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
    let kit = debate_kit(config, true)?;
    eprintln!(
        "{}",
        agora_core::debate::kit::describe_debate_kit_in(&kit, opts.lang)
    );
    let seed = opts
        .seed
        .unwrap_or_else(|| agora_core::store::now_ms() as u64);
    let player = PlayerRef::terminal(&terminal_name(opts.name.as_deref()));
    let setup = setup(config, &kit, &opts, human.map(|s| (s, &player)), seed)?;
    let url = database_url(opts.db.as_deref(), config);
    let store = open_store(&url, config).await?;
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
    let lang = setup.lang;
    println!(
        "{}",
        lang.text(
            "debate-start",
            &[
                ("session", runner.id()),
                ("seed", &seed.to_string()),
                ("motion", &setup.motion),
            ],
        )
    );
    match human {
        Some(seat) => {
            let stance = if side_of(seat).is_some_and(|s| s.index() == 0) {
                "debate-stance-for"
            } else {
                "debate-stance-against"
            };
            println!(
                "{}",
                lang.text(
                    "debate-start-you",
                    &[
                        ("seat", &story::seat_name(seat, lang)),
                        ("stance", &lang.text(stance, &[])),
                    ],
                )
            );
        }
        None => println!("{}", lang.text("debate-start-watch", &[])),
    }
    if human.is_some() {
        println!("{}", crate::debate::terminal::help_in(lang));
    }
    let mut keyboard = if human.is_some() {
        Keyboard::open()
    } else {
        Keyboard::none()
    };
    let table = TeamScreen::new(human, personalities(), lang);
    follow(&store, runner, table, &mut keyboard).await
}

/// The debate personalities, to name AI debaters as the tables showed them: the content
/// directory's (`AGORA_CONTENT_DIR`, else `content`), else the built-in ones (a list is
/// still worth printing when the content cannot be read).
pub(crate) fn personalities() -> agora_agents::debate::Personalities {
    let dir = std::env::var_os("AGORA_CONTENT_DIR")
        .filter(|d| !d.is_empty())
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::PathBuf::from("content"));
    agora_agents::debate::Personalities::load(Some(&dir))
        .unwrap_or_else(|_| agora_agents::debate::Personalities::builtin())
}

/// The human seats of a stored debate.
pub fn human_seats(row: &SessionRow) -> anyhow::Result<Vec<Seat>> {
    if format_of(row) != DebateFormat::Team {
        return panel::human_seats(row);
    }
    let setup: DebateSetup = agora_core::session::setup_of(row)?;
    Ok(setup.human_seats())
}

/// The debate's part of `agora resume` (every format).
pub struct DebateTerminal;

impl TerminalGame for DebateTerminal {
    fn kind(&self) -> GameKind {
        GameKind::Debate
    }

    fn human_seats(&self, row: &SessionRow) -> anyhow::Result<Vec<Seat>> {
        human_seats(row)
    }

    fn resume_one<'a>(
        &'a self,
        at: ToResume<'a>,
        keyboard: &'a mut Keyboard,
    ) -> Local<'a, anyhow::Result<Option<Background>>> {
        if format_of(at.row) != DebateFormat::Team {
            return panel::resume_one(at, keyboard);
        }
        Box::pin(resume_team(at, keyboard))
    }

    fn finished(&self, outcome: &Outcome) -> String {
        format!("finished, winner {}", outcome.winner)
    }
}

/// Resumes one stored team debate: followed at the terminal (its human seat, or watched),
/// else run in the background.
async fn resume_team(
    at: ToResume<'_>,
    keyboard: &mut Keyboard,
) -> anyhow::Result<Option<Background>> {
    let row = at.row;
    let Some(runner) = at.runner::<DebateSetup>().await else {
        return Ok(None);
    };
    let human = at.humans.first().copied();
    let lang = agora_core::session::setup_of::<DebateSetup>(row)
        .map(|s| s.lang)
        .unwrap_or_default();
    let (id, seed) = (row.id.to_string(), row.seed.to_string());
    match human {
        Some(seat) => {
            let pro = side_of(seat).is_some_and(|s| s.index() == 0);
            println!(
                "{}",
                lang.text(
                    "desk-resumed-as",
                    &[
                        ("id", &id),
                        ("seed", &seed),
                        ("seat", &story::seat_name(seat, lang)),
                        (
                            "side",
                            &lang.text(if pro { "panel-for" } else { "panel-against" }, &[]),
                        ),
                    ],
                )
            );
            println!("{}", crate::debate::terminal::help_in(lang));
        }
        None => println!(
            "{}",
            lang.text("panel-resumed", &[("id", &id), ("seed", &seed)])
        ),
    }
    let table = TeamScreen::new(human, personalities(), lang);
    at.go_on(runner, table, keyboard).await
}

/// `agora sim debate --format moderated|social`: the moderated or social debates, offline on
/// threads or with models in process.
async fn sim_formats(
    config: &Config,
    args: SimArgs,
    topics: Vec<String>,
    length_scale: f64,
    threads: usize,
    offline_kit: &DebateKit,
) -> anyhow::Result<()> {
    use agora_core::debate::sim::panel::{FormatRules, FormatSimOptions};
    use agora_games::debate::moderated::{ModeratedRules, Style};
    use agora_games::debate::social::SocialRules;
    let rules = match args.format {
        DebateFormat::Social => FormatRules::Social(SocialRules {
            rounds: args.rounds.unwrap_or(SocialRules::default().rounds),
            length_scale,
        }),
        DebateFormat::Moderated => FormatRules::Moderated(ModeratedRules {
            rounds: args.rounds.unwrap_or(3),
            style: Style::parse(&args.style).ok_or_else(|| {
                anyhow::anyhow!(
                    "--style {:?}: structured, semi_structured or free_flowing",
                    args.style
                )
            })?,
            length_scale,
        }),
        DebateFormat::Team => anyhow::bail!("the team debate has a ladder of its own"),
    };
    let participants = args
        .participants
        .unwrap_or(args.format.default_participants());
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
        agora_core::debate::sim::panel::run_models(&kit, &opts, args.concurrency).await?
    } else {
        tokio::task::block_in_place(|| agora_core::debate::sim::panel::run(offline_kit, &opts))?
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
    let offline_kit = DebateKit::offline(Some(&agora_agents::content::content_dir()))?;
    let topics = match args.topic.clone() {
        Some(t) => {
            motion_of(&offline_kit, &t, agora_games::Lang::En)?;
            vec![t]
        }
        None => topic_ids(&offline_kit),
    };
    let length_scale = match args.length {
        Some(l) => agora_agents::config::LENGTH_SCALE
            .check(l)
            .map_err(|m| anyhow::anyhow!("--length: {m}"))?,
        None => config.debate.settings.length_scale,
    };
    if args.format != DebateFormat::Team {
        return sim_formats(config, args, topics, length_scale, threads, &offline_kit).await;
    }
    let opts = agora_core::debate::sim::DebateSimOptions {
        format: args.format,
        debates: args.debates,
        seed: args.seed,
        threads,
        topics,
        rules: TeamRules {
            length_scale,
            live_scores: config.debate.settings.live_scores,
            ..TeamRules::default()
        }
        .captained_for(&[]),
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
        agora_core::debate::sim::run_sessions(config, &store, &kit, &opts, args.concurrency).await?
    } else {
        // The offline debates are CPU work: off the async threads.
        tokio::task::block_in_place(|| agora_core::debate::sim::run(&offline_kit, &opts))?
    };
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        println!("{}", report.table());
    }
    Ok(())
}
