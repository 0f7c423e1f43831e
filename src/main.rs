//! The `agora` command line: simulations, scenarios and replays; terminal play, resume,
//! stored sessions and leaderboards; `agora run`, the Discord bot.

mod commands;
mod debate;
mod terminal;
mod trial;
mod werewolf;

use agora_agents::config::Config;
use agora_core::registry::GameKind;
use anyhow::Context;
use clap::{Parser, Subcommand};
use commands::TerminalGame;
use std::path::PathBuf;
use std::time::Duration;

/// mimalloc, as in the library (`src/lib.rs`), which this binary does not link: the ladder
/// allocates and frees speeches, logs and players game after game.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A game's part of `agora resume` at the terminal. The match names every kind, so a new
/// kind does not compile until it has its part here.
fn terminal_game(kind: GameKind) -> &'static dyn TerminalGame {
    match kind {
        GameKind::Werewolf => &werewolf::commands::WerewolfTerminal,
        GameKind::Debate => &debate::commands::DebateTerminal,
        GameKind::Trial => &trial::commands::TrialTerminal,
    }
}

/// The environment variables the model seats read, shown under `--help`.
const MODEL_ENV: &str = "Environment:
  LLM_API_KEY          API key of an OpenAI-compatible server; without it no model is seated
  LLM_BASE_URL         its base URL (default: `[llm] base_url` in config), e.g. http://127.0.0.1:8080/v1
  LLM_MODEL            the model name (default: `[llm] model`)
  LLM_RESPONSE_FORMAT  json_schema (default) or json_object
  WEREWOLF_LLM_API_KEY, WEREWOLF_LLM_BASE_URL, WEREWOLF_LLM_MODEL, ...
                       the same for the werewolf seats only (beat the LLM_* ones)
  DATABASE_URL         where sessions are stored (default: `[store] url`), e.g. sqlite://agora.db
  AGORA_CONTENT_DIR    prompt and content files (default: content)";

/// The `--help` epilogue of a `play` game: the ids its content offers, then the model
/// environment.
fn play_help(title: &str, ids: &[(&str, &str)]) -> String {
    let ids: Vec<&str> = ids.iter().map(|(id, _)| *id).collect();
    format!("{title}: {}.\n\n{MODEL_ENV}", ids.join(", "))
}

#[derive(Parser)]
#[command(
    name = "agora",
    version,
    about = "Social and argument games for humans and AI"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Headless AI-vs-AI ladders.
    #[command(after_help = MODEL_ENV)]
    Sim {
        #[command(subcommand)]
        game: SimGame,
    },
    /// Replays a hand-written scenario (werewolf, or `"game": "debate"`) and prints one
    /// JSON result.
    Scenario {
        /// The scenario file (JSON: werewolf's roles, config, seed, actions; a debate's game,
        /// format, topic, config, actions).
        file: PathBuf,
    },
    /// Tells a recorded game or debate (from `sim --record DIR`) as a story.
    Replay {
        /// A recorded game file (or give --session).
        #[arg(required_unless_present = "session")]
        file: Option<PathBuf>,
        /// A stored session instead of a file: its id (see `agora sessions`).
        #[arg(long, conflicts_with = "file")]
        session: Option<String>,
        /// Database URL for --session (default: DATABASE_URL, else `[store] url` in config).
        #[arg(long)]
        db: Option<String>,
        /// Show only what this seat saw.
        #[arg(long)]
        seat: Option<u8>,
        /// Also show sealed ballots and every GPP line (werewolf); every speech whole and
        /// the free-debate clocks (debate).
        #[arg(long)]
        detail: bool,
    },
    /// Plays a game in the terminal (stored like any other session).
    #[command(after_help = MODEL_ENV)]
    Play {
        #[command(subcommand)]
        game: PlayGame,
    },
    /// Continues every unfinished session in the database.
    #[command(after_help = MODEL_ENV)]
    Resume {
        /// Database URL (default: DATABASE_URL, else `[store] url` in config).
        #[arg(long)]
        db: Option<String>,
        /// Milliseconds between AI moves, so a person can follow.
        #[arg(long, default_value_t = 800)]
        step_delay: u64,
    },
    /// Runs the Discord bot (DISCORD_TOKEN; DISCORD_GUILD_ID, DISCORD_PROXY_URL optional).
    Run {
        /// Database URL (default: DATABASE_URL, else `[store] url` in config).
        #[arg(long)]
        db: Option<String>,
        /// The Discord shards this process runs, FIRST-LAST/TOTAL (the last included;
        /// default: AGORA_SHARDS, else 0-0/1). Several processes on one PostgreSQL each
        /// run their range, and take over a dead one's.
        #[arg(long)]
        shards: Option<String>,
    },
    /// Lists the stored sessions.
    Sessions {
        /// Database URL (default: DATABASE_URL, else `[store] url` in config).
        #[arg(long)]
        db: Option<String>,
        /// Print a JSON array instead of the table.
        #[arg(long)]
        json: bool,
    },
    /// Outside-agent tools.
    #[command(after_help = MODEL_ENV)]
    Agent {
        #[command(subcommand)]
        command: AgentCommand,
    },
    /// The community page: read-only boards, finished games and players from the store,
    /// each page with a JSON twin (`?format=json`).
    Web {
        /// Address to listen on.
        #[arg(long, default_value = "127.0.0.1:8080")]
        listen: String,
        /// Database URL (default: DATABASE_URL, else `[store] url` in config).
        #[arg(long)]
        db: Option<String>,
    },
    /// Leaderboards from stored results, ranked by rating (μ − 3σ; werewolf by side, a
    /// debate by team or by place, a trial against its case) beside each game's own scores;
    /// `agora stats rebuild` recomputes every rating from the stored results.
    Stats {
        /// The game (werewolf, debate, trial), or `rebuild`.
        #[arg(value_parser = commands::StatsTarget::parse)]
        game: commands::StatsTarget,
        /// Database URL (default: DATABASE_URL, else `[store] url` in config).
        #[arg(long)]
        db: Option<String>,
        /// Only this community (a Discord server id, or `terminal`).
        #[arg(long)]
        community: Option<String>,
        /// Which players: people, ai or everyone.
        #[arg(long, default_value = "everyone", value_parser = commands::parse_board)]
        board: agora_core::ratings::boards::Which,
        /// One season only (0 is the one before the first start); default: all games.
        #[arg(long)]
        season: Option<i64>,
        /// Print JSON instead of the table.
        #[arg(long)]
        json: bool,
        /// The language of the boards' headings and columns: en or zh-CN (default:
        /// AGORA_LANG, else en); the JSON is the same in every language.
        #[arg(long, env = "AGORA_LANG", default_value = "en")]
        lang: agora_games::Lang,
    },
}

#[derive(Subcommand)]
enum PlayGame {
    /// A trial: persuade the AI jurors (talk to each by name, present evidence, call the
    /// verdict); other players are AI advocates; `--humans 0` watches.
    #[command(after_help = play_help("Cases (--case)", agora_agents::trial::content::BUILTIN_CASES))]
    Trial(trial::commands::PlayArgs),
    /// A debate: `team` (four a side, a judge), `rounds` (a moderated debate of 2–8) or
    /// `social` (3–8, stances that move). You speak from one seat (typed at the keyboard);
    /// the others, the judge and the moderator are AI; `--humans 0` watches.
    #[command(after_help = play_help("Topics (--topic)", agora_agents::debate::topics::BUILTIN))]
    Debate(debate::commands::DebatePlayOptions),
    /// Werewolf (nine seats, or the board of --board): human seats typed at the keyboard, the rest AI.
    #[command(after_help = MODEL_ENV)]
    Werewolf(werewolf::commands::PlayArgs),
}

#[derive(Subcommand)]
enum SimGame {
    /// Plays N offline trials of a case (AI advocates from its argument bank, the built-in
    /// jurors), trial i with seed S+i.
    Trial(trial::commands::SimArgs),
    /// Plays N AI-vs-AI debates, debate i with seed S+i, offline unless --llm.
    #[command(after_help = MODEL_ENV)]
    Debate(debate::commands::SimArgs),
    /// Plays N werewolf games, game i with seed S+i.
    #[command(after_help = MODEL_ENV)]
    Werewolf(werewolf::commands::sim::SimArgs),
}

#[derive(Subcommand)]
enum AgentCommand {
    /// Serves our player behind the HTTP agent protocol (POST /act); prints its URL first.
    #[command(after_help = MODEL_ENV)]
    Serve(werewolf::commands::agent_server::ServeArgs),
    /// Serves a stand-in model on loopback (schema-valid replies, streamed, at a small
    /// local model's pace by default), to try model seats with no model: prints its base URL.
    MockModel(commands::mock_model::MockModelArgs),
}

fn main() -> std::process::ExitCode {
    // Like other command-line tools, end quietly when the reader of our output goes away
    // (`agora sessions | head`) instead of failing on every later print.
    #[cfg(unix)]
    // SAFETY: called first thing in main, before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            // One readable line with its causes, not a backtrace.
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")
}

fn run() -> anyhow::Result<()> {
    let _ = dotenvy::dotenv();
    let filter = || {
        tracing_subscriber::EnvFilter::try_from_default_env()
            .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"))
    };
    // AGORA_LOG_FORMAT=json: one JSON object a line, for a log collector.
    match std::env::var("AGORA_LOG_FORMAT").as_deref() {
        Ok("json") => tracing_subscriber::fmt()
            .json()
            .with_env_filter(filter())
            .with_writer(std::io::stderr)
            .init(),
        Ok("") | Ok("text") | Err(_) => tracing_subscriber::fmt()
            .with_env_filter(filter())
            .with_writer(std::io::stderr)
            .init(),
        Ok(other) => {
            return Err(anyhow::anyhow!(
                "AGORA_LOG_FORMAT {other:?} must be json or text"
            ));
        }
    }
    let cli = Cli::parse();
    let config = Config::load()?;
    agora_agents::werewolf::heuristic::install_speeches()?;
    agora_agents::werewolf::boards::install_from_env()?;
    agora_agents::werewolf::balance::install_from_env()?;
    match cli.command {
        Command::Sim {
            game: SimGame::Werewolf(args),
        } => runtime()?.block_on(werewolf::commands::sim::sim(&config, args))?,
        Command::Sim {
            game: SimGame::Debate(args),
        } => runtime()?.block_on(debate::commands::sim(&config, args))?,
        Command::Sim {
            game: SimGame::Trial(args),
        } => runtime()?.block_on(trial::commands::sim(&config, args))?,
        Command::Play {
            game: PlayGame::Trial(args),
        } => runtime()?.block_on(trial::commands::play(&config, args))?,
        Command::Scenario { file } => {
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("{}: cannot read the scenario", file.display()))?;
            let outcome = agora_core::registry::dispatch::run_scenario(
                &text,
                &config,
                &agora_core::registry::dispatch::scenario_kits()?,
            )
            .with_context(|| format!("{}", file.display()))?;
            println!("{}", serde_json::to_string_pretty(&outcome)?);
        }
        Command::Replay {
            file,
            session,
            db,
            seat,
            detail,
        } => match (file, session) {
            (Some(file), _) => print!(
                "{}",
                agora_core::registry::dispatch::story_of_file(&file, seat, detail)?
            ),
            (None, Some(id)) => {
                let story = runtime()?.block_on(async {
                    let url = agora_core::kits::database_url(db.as_deref(), &config);
                    let store = agora_core::registry::open_store(&url, &config).await?;
                    agora_core::registry::dispatch::story_of_session(&store, &id, seat, detail)
                        .await
                })?;
                print!("{story}");
            }
            (None, None) => anyhow::bail!("replay: give a recorded file or --session ID"),
        },
        Command::Play {
            game: PlayGame::Werewolf(args),
        } => runtime()?.block_on(werewolf::commands::play(&config, args))?,
        Command::Play {
            game: PlayGame::Debate(args),
        } => runtime()?.block_on(debate::commands::play(&config, args))?,
        Command::Agent {
            command: AgentCommand::Serve(args),
        } => runtime()?.block_on(werewolf::commands::agent_server::serve(&config, args))?,
        Command::Agent {
            command: AgentCommand::MockModel(args),
        } => runtime()?.block_on(commands::mock_model::serve(args))?,
        Command::Resume { db, step_delay } => {
            runtime()?.block_on(commands::resume(
                &config,
                &GameKind::ALL.map(terminal_game),
                db.as_deref(),
                Duration::from_millis(step_delay),
            ))?;
        }
        Command::Run { db, shards } => {
            let url = agora_core::kits::database_url(db.as_deref(), &config);
            let env = |k: &str| match (k, &shards) {
                ("AGORA_SHARDS", Some(s)) => Some(s.clone()),
                _ => std::env::var(k).ok(),
            };
            let settings = agora_discord::BotSettings::from_env(&env, url)?;
            runtime()?.block_on(agora_discord::run(config, settings, async {
                #[cfg(unix)]
                {
                    let mut term =
                        tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
                            .expect("a SIGTERM handler");
                    tokio::select! {
                        _ = term.recv() => {}
                        _ = tokio::signal::ctrl_c() => {}
                    }
                }
                #[cfg(not(unix))]
                let _ = tokio::signal::ctrl_c().await;
            }))?;
        }
        Command::Sessions { db, json } => {
            runtime()?.block_on(commands::sessions(&config, db.as_deref(), json))?;
        }
        Command::Web { listen, db } => {
            runtime()?.block_on(commands::web(&config, &listen, db.as_deref()))?;
        }
        Command::Stats {
            game,
            db,
            community,
            board,
            season,
            json,
            lang,
        } => {
            let view = commands::StatsView {
                community: community.as_deref(),
                board,
                season,
                json,
                lang,
            };
            runtime()?.block_on(commands::stats(&config, game, db.as_deref(), view))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_core::registry::GameKind;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn every_game_resumes_at_the_terminal_once() {
        for kind in GameKind::ALL {
            assert_eq!(terminal_game(kind).kind(), kind);
        }
    }
}
