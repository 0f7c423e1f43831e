//! `agora sim werewolf`: N games, offline on threads (the built-in players of each side),
//! or with language-model and outside-agent seats as stored sessions (the ladder).

use agora_agents::config::Config;
use agora_agents::werewolf::{balance, Strategy};
use agora_core::werewolf::sim::{Lineup, SimOptions};
use std::path::PathBuf;

/// `agora sim werewolf`'s options.
#[derive(Debug, Clone, clap::Args)]
pub struct SimArgs {
    /// How many games (N).
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// The first game's seed (S).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: `[sim] threads` in config, 0 = one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Who plays the good side.
    #[arg(long, value_enum, default_value_t = Strategy::Heuristic)]
    pub good: Strategy,
    /// Who plays the wolves.
    #[arg(long, value_enum, default_value_t = Strategy::Heuristic)]
    pub wolves: Strategy,
    /// Write one JSON file per game into this directory (for `agora replay`).
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Seat an outside agent: SEAT=URL (repeatable), e.g. 3=http://127.0.0.1:9000/act.
    #[arg(long = "agent", value_parser = parse_agent)]
    pub agents: Vec<(u8, String)>,
    /// Seat the language model (every seat not given to an agent, or --llm-seats); needs
    /// LLM_API_KEY and a server that answers, else it stops with an error.
    #[arg(long)]
    pub llm: bool,
    /// The seats the language model plays, e.g. 1,2 (implies --llm).
    #[arg(long, value_delimiter = ',')]
    pub llm_seats: Vec<u8>,
    /// Games played at once (with models or agents).
    #[arg(long, default_value_t = 8)]
    pub concurrency: usize,
    /// Where the games are stored (with models or agents; default: a temporary file, not
    /// DATABASE_URL).
    #[arg(long)]
    pub db: Option<String>,
    /// The board (`content/werewolf/boards/`): seed9 (the default), six, zh12-idiot,
    /// zh12-guard, zh12-wolfking, zh12-whitewolf, or one the content directory adds.
    /// `all` plays every ranked board in turn.
    #[arg(long, default_value = "seed9")]
    pub board: String,
    /// Record each board's measured balance (good side, its 95% interval, draws, widest
    /// seat gap) in this TOML file, keeping the other boards' entries: e.g. `--board all
    /// --games 10000 --seed 1 --balance content/werewolf/balance.toml`.
    #[arg(long)]
    pub balance: Option<PathBuf>,
}

/// `SEAT=URL` for `--agent`.
pub fn parse_agent(s: &str) -> Result<(u8, String), String> {
    let (seat, url) = s
        .split_once('=')
        .ok_or_else(|| format!("{s:?}: expected SEAT=URL, e.g. 3=http://127.0.0.1:9000/act"))?;
    let seat: u8 = seat
        .trim()
        .parse()
        .ok()
        .filter(|n| (1..=9).contains(n))
        .ok_or_else(|| format!("{seat:?} is not a seat from 1 to 9"))?;
    let url = url.trim();
    if !url.starts_with("http://") && !url.starts_with("https://") {
        return Err(format!("{url:?} is not an http(s) URL"));
    }
    Ok((seat, url.to_string()))
}

/// `agora sim werewolf`: offline on threads, or with `--llm`, `--llm-seats` or `--agent`
/// as stored sessions; prints the report (a table, or one JSON object).
pub async fn sim(config: &Config, args: SimArgs) -> anyhow::Result<()> {
    let boards = if args.board == "all" {
        let ranked = agora_agents::werewolf::boards::all()
            .iter()
            .filter(|b| b.ranked);
        ranked.cloned().collect()
    } else {
        vec![agora_agents::werewolf::boards::find(&args.board).map_err(anyhow::Error::msg)?]
    };
    if args.llm || !args.llm_seats.is_empty() || !args.agents.is_empty() {
        if args.balance.is_some() || boards.len() != 1 {
            anyhow::bail!("--balance and --board all take the built-in players only");
        }
        if boards[0].id != agora_agents::werewolf::boards::DEFAULT {
            anyhow::bail!("--board takes the built-in players only (not --llm or --agent) for now");
        }
        return ladder(config, args).await;
    }
    let threads = match args.threads.unwrap_or(config.sim.threads) {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let mut record = match &args.balance {
        Some(path) if path.is_file() => {
            let text = std::fs::read_to_string(path)?;
            balance::parse(&path.display().to_string(), &text)?
        }
        _ => balance::Record::new(),
    };
    for board in boards {
        let opts = SimOptions {
            games: args.games,
            seed: args.seed,
            threads,
            lineup: Lineup {
                good: args.good,
                wolves: args.wolves,
            },
            record: args.record.clone(),
            board,
        };
        // The offline games are CPU work: off the async threads.
        let (report, figures) = tokio::task::block_in_place(|| {
            agora_core::werewolf::sim::measure(&config.werewolf.rules, &opts)
        })?;
        if args.json {
            println!("{}", serde_json::to_string(&report)?);
        } else {
            println!("{}", report.table());
        }
        record.insert(
            opts.board.id.clone(),
            balance::Measured {
                games: report.games,
                seed: report.seed,
                good_rate: round(figures.good_rate, 4),
                good_ci95: round(figures.good_ci95, 4),
                draw_rate: round(figures.draw_rate, 4),
                seat_gap_points: round(figures.seat_gap_points, 2),
            },
        );
    }
    if let Some(path) = &args.balance {
        let command = format!(
            "agora sim werewolf --board {} --games {} --seed {} --balance {}",
            args.board,
            args.games,
            args.seed,
            path.display()
        );
        std::fs::write(path, balance::render(&record, &command))?;
    }
    Ok(())
}

/// `x` to `places` decimal places (the record keeps what it means to say).
fn round(x: f64, places: i32) -> f64 {
    let scale = 10f64.powi(places);
    (x * scale).round() / scale
}

/// The games with model or outside-agent seats, as stored sessions.
async fn ladder(config: &Config, args: SimArgs) -> anyhow::Result<()> {
    if args.record.is_some()
        || args.good != Strategy::Heuristic
        || args.wolves != Strategy::Heuristic
    {
        anyhow::bail!("--record, --good and --wolves do not combine with --llm or --agent");
    }
    if args.threads.is_some() {
        anyhow::bail!(
            "--threads does not apply with --llm or --agent (those games run as stored sessions; --concurrency says how many at once)"
        );
    }
    let llm = args.llm;
    let opts = agora_core::werewolf::ladder::LadderOptions {
        games: args.games,
        seed: args.seed,
        concurrency: args.concurrency,
        remote: args.agents,
        llm_seats: (llm || !args.llm_seats.is_empty()).then_some(args.llm_seats),
        pace: config.werewolf.timers.pace,
    };
    let kit = if opts.llm_seats.is_some() {
        let flag = if llm { "--llm" } else { "--llm-seats" };
        agora_core::werewolf::kit::model_kit(config, args.json, flag).await?
    } else {
        agora_core::werewolf::kit::agent_kit(config, args.json)?
    };
    let temp;
    let url = match args.db {
        Some(url) => url,
        None => {
            temp = std::env::temp_dir().join(format!("agora-ladder-{}.db", std::process::id()));
            format!("sqlite://{}", temp.display())
        }
    };
    let store = agora_core::registry::open_store(&url, config).await?;
    let report = agora_core::werewolf::ladder::run(config, &store, &kit, &opts).await?;
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{}", report.table());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_agent_is_a_seat_and_an_http_url() {
        assert_eq!(
            parse_agent("3=http://127.0.0.1:9000/act"),
            Ok((3, "http://127.0.0.1:9000/act".to_string()))
        );
        assert!(parse_agent("10=http://x/act")
            .unwrap_err()
            .contains("from 1 to 9"));
        assert!(parse_agent("3=ftp://x").unwrap_err().contains("http(s)"));
        assert!(parse_agent("3").unwrap_err().contains("SEAT=URL"));
    }
}
