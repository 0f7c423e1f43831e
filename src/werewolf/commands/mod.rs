//! Werewolf's store-backed commands: `agora play werewolf` (human seats typed at the
//! keyboard, the rest AI, or watching), its part of `agora resume` ([`WerewolfTerminal`]),
//! `agora sim werewolf` ([`sim`]) and `agora agent serve` ([`agent_server`]: our player
//! behind the HTTP agent protocol).

pub mod agent_server;
pub mod sim;

use crate::commands::{terminal_name, Background, Local, TerminalGame, ToResume};
use crate::terminal::follow::follow;
use crate::terminal::Keyboard;
use crate::werewolf::terminal::WerewolfScreen;
use agora_agents::config::Config;
use agora_agents::werewolf::Strategy;
use agora_core::kits::database_url;
use agora_core::registry::open_store;
use agora_core::registry::GameKind;
use agora_core::session::GameSetup;
use agora_core::store::{Outcome, PlayerRef, SessionRow};
use agora_core::werewolf::kit::agent_kit;
use agora_core::werewolf::session::{SeatSpec, WerewolfSetup};
use agora_games::Seat;
use std::time::Duration;

/// `agora play werewolf`'s options.
#[derive(Debug, Clone, clap::Args)]
pub struct PlayArgs {
    /// Human seats, drawn at random from the seed; 0 watches an all-AI game.
    #[arg(long, default_value_t = 1)]
    pub humans: u8,
    /// The game's seed: the deal and the human seats (default: the clock).
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
    /// The table's language: en or zh-CN (default: AGORA_LANG, else en). Kept when the game
    /// is resumed.
    #[arg(long, env = "AGORA_LANG", default_value = "en")]
    pub lang: agora_games::Lang,
    /// The board (`content/werewolf/boards/`): seed9 (nine seats, the default), six,
    /// zh12-idiot, zh12-guard, zh12-wolfking, zh12-whitewolf, or one the content directory
    /// adds.
    #[arg(long, default_value = "seed9")]
    pub board: String,
}

/// The seats of `humans` human players, drawn from the game's `seed` (a stream of its own,
/// apart from the deal's), in seat order. The same seed always gives the same seats, so a
/// game replays from its seed alone.
#[cfg(test)]
pub fn human_seats(seed: u64, humans: u8) -> Vec<Seat> {
    human_seats_of(9, seed, humans)
}

/// [`human_seats`] at a table of `n` seats (the same seats as it for nine).
pub fn human_seats_of(n: usize, seed: u64, humans: u8) -> Vec<Seat> {
    let seats = agora_games::werewolf::seat_draw_n(n, seed, 0x6875_6d61_6e73_6561); // "humansea"
    let mut chosen: Vec<Seat> = seats.into_iter().take(humans as usize).collect();
    chosen.sort_unstable();
    chosen
}

/// "seat 3" or "seats 2, 7": the human seats as said at the start.
fn seats_said(humans: &[Seat], lang: agora_games::Lang) -> String {
    let list: Vec<String> = humans.iter().map(|s| s.to_string()).collect();
    let id = if humans.len() > 1 {
        "ww-start-seats"
    } else {
        "ww-start-seat"
    };
    lang.text(id, &[("seats", &list.join(", "))])
}

/// `agora play werewolf`.
pub async fn play(config: &Config, opts: PlayArgs) -> anyhow::Result<()> {
    let board = agora_agents::werewolf::boards::find(&opts.board)
        .map_err(|e| anyhow::anyhow!("--board: {e}"))?;
    let n = board.seats as usize;
    if opts.humans as usize > n {
        anyhow::bail!(
            "--humans: at most {n} human seats on the {} board",
            board.id
        );
    }
    let mut timers = config.werewolf.timers.clone();
    if let Some(pace) = opts.pace {
        timers.pace = agora_agents::config::ranges::PACE
            .check(pace)
            .map_err(|m| anyhow::anyhow!("--pace: {m}"))?;
    }
    let name = terminal_name(opts.name.as_deref());
    let kit = agent_kit(config, true)?;
    eprintln!("{}", agora_core::werewolf::kit::kit_line(&kit, opts.lang));
    if let Some((client, _)) = &kit.llm {
        // A model that cannot be reached would make every AI move wait for a timeout.
        client.probe().await.map_err(|e| {
            anyhow::anyhow!(
                "the language model's server at {} does not answer: {e} (unset LLM_API_KEY to play the built-in players)",
                client.provider().base_url
            )
        })?;
    }
    let seed = opts
        .seed
        .unwrap_or_else(|| agora_core::store::now_ms() as u64);
    let humans = human_seats_of(n, seed, opts.humans);
    let seats: Vec<SeatSpec> = (1..=n as u8)
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
    let setup = WerewolfSetup {
        rules,
        gpp,
        timers,
        seats,
        lang: opts.lang,
        afk: Default::default(),
        board: (board.id != agora_agents::werewolf::boards::DEFAULT).then(|| (*board).clone()),
    };
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
    let lang = opts.lang;
    let who = if humans.is_empty() && n == 9 {
        lang.text("ww-start-watch", &[])
    } else if humans.is_empty() {
        lang.text("ww-start-watch-n", &[("seats", &n.to_string())])
    } else {
        let seats = seats_said(&humans, lang);
        lang.text("ww-start-play", &[("seats", &seats)])
    };
    let (session, seed) = (runner.id().to_string(), seed.to_string());
    println!(
        "{}",
        lang.text(
            "ww-start",
            &[("session", &session), ("seed", &seed), ("who", &who)]
        )
    );
    if let [seat] = humans[..] {
        println!(
            "{}",
            lang.text("ww-start-you", &[("seat", &seat.to_string())])
        );
    }
    let mut keyboard = if humans.is_empty() {
        Keyboard::none()
    } else {
        Keyboard::open()
    };
    follow(
        &store,
        runner,
        WerewolfScreen::new(&humans, opts.lang),
        &mut keyboard,
    )
    .await
}

/// Werewolf's part of `agora resume`.
pub struct WerewolfTerminal;

impl TerminalGame for WerewolfTerminal {
    fn kind(&self) -> GameKind {
        GameKind::Werewolf
    }

    /// The seats without an AI.
    fn human_seats(&self, row: &SessionRow) -> anyhow::Result<Vec<Seat>> {
        let setup: WerewolfSetup = agora_core::session::setup_of(row)?;
        Ok(setup
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.agent.is_none())
            .map(|(i, _)| i as Seat + 1)
            .collect())
    }

    /// The werewolf seats' model hint (which model, or how to seat one).
    fn tells_kit(&self) -> bool {
        true
    }

    fn resume_one<'a>(
        &'a self,
        at: ToResume<'a>,
        keyboard: &'a mut Keyboard,
    ) -> Local<'a, anyhow::Result<Option<Background>>> {
        Box::pin(async move {
            let ToResume { row, humans, .. } = at;
            let setup: WerewolfSetup = agora_core::session::setup_of(row)?;
            let Some(runner) = at.runner::<WerewolfSetup>().await else {
                return Ok(None);
            };
            if humans.is_empty() {
                println!("session {} (seed {}): resumed", row.id, row.seed);
            } else {
                println!(
                    "session {} (seed {}): resumed; you play {}",
                    row.id,
                    row.seed,
                    seats_said(humans, setup.lang)
                );
            }
            at.go_on(runner, WerewolfScreen::new(humans, setup.lang), keyboard)
                .await
        })
    }

    fn finished(&self, outcome: &Outcome) -> String {
        format!("finished, {} win", outcome.winner)
    }
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

    #[test]
    fn human_seats_are_said_in_plain_words() {
        assert_eq!(seats_said(&[3], agora_games::Lang::En), "seat 3");
        assert_eq!(seats_said(&[2, 7], agora_games::Lang::En), "seats 2, 7");
    }
}
