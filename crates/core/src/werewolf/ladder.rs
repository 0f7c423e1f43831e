//! The agent ladder: AI-only werewolf games run as stored sessions, where seats may be
//! language models or outside HTTP agents as well as built-in players
//! (`agora sim werewolf --llm`, `--agent 3=http://…`).
//!
//! Games run several at once; each is a session like any other (stored input by input), so
//! the review notes of every model and remote decision (tokens, faults and their fallback,
//! reasoning) are in the store. The report adds, per game, the model calls, the critical
//! path in calls ("waves": calls that had to run one after another) and the wall time, and
//! prompt tokens per call on day 1 against day 5 and later.

use crate::agents::werewolf::Strategy;
use crate::agents::werewolf::WerewolfKit;
use crate::config::Config;
use crate::games::werewolf::{Seat, SEATS};
use crate::ladder::TokenFigures;
use crate::session::Ended;
use crate::session::{GameSetup, Place};
use crate::store::Store;
use crate::werewolf::session::{SeatSpec, WerewolfSetup};
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What to run.
#[derive(Debug, Clone)]
pub struct LadderOptions {
    pub games: u64,
    pub seed: u64,
    /// Games played at once.
    pub concurrency: usize,
    /// Seats played by outside agents.
    pub remote: Vec<(Seat, String)>,
    /// Seats played by the language model (`None`: none).
    pub llm_seats: Option<Vec<Seat>>,
    /// Scales the timers (0 = an unanswered ask defaults at once).
    pub pace: f64,
}

#[derive(Debug, Default, Clone, Serialize)]
pub struct RoleFigures {
    pub seats: u64,
    pub wins: u64,
    pub mean_gpp: f64,
    total_gpp: i64,
}

/// The ladder's report.
#[derive(Debug, Default, Clone, Serialize)]
pub struct LadderReport {
    pub games: u64,
    pub finished: u64,
    pub wins: BTreeMap<String, u64>,
    pub roles: BTreeMap<String, RoleFigures>,
    /// Decisions made by models or remote agents.
    pub agent_decisions: u64,
    /// HTTP calls to the model (repairs included).
    pub llm_calls: u64,
    pub repaired: u64,
    /// Decisions that fell back (to the heuristic for models, to abstaining for agents).
    pub fallbacks: u64,
    /// Faults met, by kind.
    pub faults: BTreeMap<String, u64>,
    pub prompt_tokens_per_call: TokenFigures,
    pub prompt_tokens_day1: TokenFigures,
    pub prompt_tokens_day5_plus: TokenFigures,
    pub completion_tokens: u64,
    /// Prompt tokens in all, and those the server's prompt cache served.
    pub prompt_tokens: u64,
    pub cached_tokens: u64,
    /// `cached_tokens / prompt_tokens` (0 with no calls).
    pub cached_share: f64,
    pub prompt_tokens_per_game_mean: f64,
    pub waves_per_game_mean: f64,
    pub agent_asks_per_game_mean: f64,
    pub wall_secs_per_game_mean: f64,
    pub wall_secs_total: f64,
    /// Per game: (seed, waves, wall seconds), for the critical-path comparison.
    pub per_game: Vec<GameFigures>,
}

#[derive(Debug, Clone, Serialize)]
pub struct GameFigures {
    pub seed: u64,
    pub session: String,
    pub winner: Option<String>,
    pub waves: u32,
    pub agent_asks: u32,
    pub llm_calls: u64,
    pub prompt_tokens: u64,
    /// Prompt and completion tokens per seat (seats with model calls only).
    pub tokens_by_seat: BTreeMap<u8, (u64, u64)>,
    pub wall_secs: f64,
}

/// The seats of one ladder game.
pub fn seats(opts: &LadderOptions, kit: &WerewolfKit) -> Vec<SeatSpec> {
    let model = kit
        .llm
        .as_ref()
        .map(|(c, _)| c.provider().model.clone())
        .unwrap_or_else(|| "none".into());
    (1..=SEATS as Seat)
        .map(|seat| {
            if let Some((_, url)) = opts.remote.iter().find(|(s, _)| *s == seat) {
                SeatSpec::remote(url)
            } else if opts
                .llm_seats
                .as_ref()
                .is_some_and(|s| s.is_empty() || s.contains(&seat))
            {
                SeatSpec::llm(&model)
            } else {
                SeatSpec::ai(Strategy::Heuristic)
            }
        })
        .collect()
}

/// Runs the games; every game is stored in `store`.
pub async fn run(
    config: &Config,
    store: &Store,
    kit: &WerewolfKit,
    opts: &LadderOptions,
) -> anyhow::Result<LadderReport> {
    let mut rules = (*config.werewolf.rules).clone();
    let gpp = std::mem::take(&mut rules.gpp);
    let mut timers = config.werewolf.timers.clone();
    timers.pace = opts.pace;
    let setup = Arc::new(WerewolfSetup {
        rules,
        gpp,
        timers,
        seats: seats(opts, kit),
        lang: crate::games::Lang::En,
        afk: Default::default(),
        board: None,
    });
    let place = Place {
        surface: "sim".into(),
        community: "sim".into(),
        channel: "ladder".into(),
    };
    let started = Instant::now();
    let limit = Arc::new(tokio::sync::Semaphore::new(opts.concurrency.max(1)));
    let mut tasks = Vec::new();
    for i in 0..opts.games {
        let seed = opts.seed.wrapping_add(i);
        let permit = limit.clone().acquire_owned().await?;
        let runner = setup
            .create(store.clone(), seed, &place, Duration::ZERO, kit)
            .await?;
        let session = runner.start();
        tasks.push(tokio::spawn(async move {
            let t0 = Instant::now();
            let id = session.handle.id().to_string();
            let stats = session.stats.clone();
            let ended = session.wait().await;
            drop(permit);
            (
                seed,
                id,
                ended,
                stats.waves.load(Ordering::Relaxed),
                stats.later_asks.load(Ordering::Relaxed),
                t0.elapsed(),
            )
        }));
    }
    let mut report = LadderReport {
        games: opts.games,
        ..LadderReport::default()
    };
    let mut prompt_total_all = 0u64;
    for task in tasks {
        let (seed, id, ended, waves, asks, wall) = task.await?;
        let outcome = match ended? {
            Ended::Finished(o) => Some(o),
            _ => None,
        };
        let mut game = GameFigures {
            seed,
            session: id.clone(),
            winner: outcome.as_ref().map(|o| o.winner.clone()),
            waves,
            agent_asks: asks,
            llm_calls: 0,
            prompt_tokens: 0,
            tokens_by_seat: BTreeMap::new(),
            wall_secs: wall.as_secs_f64(),
        };
        if let Some(o) = &outcome {
            report.finished += 1;
            *report.wins.entry(o.winner.clone()).or_default() += 1;
            for s in &o.seats {
                let r = report.roles.entry(s.role.clone()).or_default();
                r.seats += 1;
                r.wins += s.won as u64;
                r.total_gpp += s.score.round() as i64;
                r.mean_gpp = r.total_gpp as f64 / r.seats as f64;
            }
        }
        for input in store.inputs(&id).await? {
            let Some(note) = input.note else { continue };
            report.agent_decisions += 1;
            if note.get("fallback").is_some() {
                report.fallbacks += 1;
            }
            if note["repaired"] == Value::Bool(true) {
                report.repaired += 1;
            }
            if let Some(faults) = note["faults"].as_array() {
                for f in faults {
                    let kind = f["kind"].as_str().unwrap_or("unknown").to_string();
                    *report.faults.entry(kind).or_default() += 1;
                }
            }
            if note.get("refused").is_some() {
                *report.faults.entry("refused_by_rules".into()).or_default() += 1;
            }
            let calls = note["calls"].as_u64().unwrap_or(0);
            report.llm_calls += calls;
            game.llm_calls += calls;
            let completion = note["tokens"]["completion"].as_u64().unwrap_or(0);
            report.completion_tokens += completion;
            if calls > 0 {
                let seat = game.tokens_by_seat.entry(input.seat).or_default();
                seat.0 += note["tokens"]["prompt"].as_u64().unwrap_or(0);
                seat.1 += completion;
            }
            let day = note["day"].as_u64().unwrap_or(0);
            for call in note["tokens"]["per_call"].as_array().into_iter().flatten() {
                let p = call["prompt"].as_u64().unwrap_or(0);
                report.prompt_tokens += p;
                report.cached_tokens += call["cached"].as_u64().unwrap_or(0);
                game.prompt_tokens += p;
                report.prompt_tokens_per_call.add(p);
                if day == 1 {
                    report.prompt_tokens_day1.add(p);
                } else if day >= 5 {
                    report.prompt_tokens_day5_plus.add(p);
                }
            }
        }
        prompt_total_all += game.prompt_tokens;
        report.per_game.push(game);
    }
    let n = report.per_game.len().max(1) as f64;
    report.prompt_tokens_per_game_mean = prompt_total_all as f64 / n;
    if report.prompt_tokens > 0 {
        report.cached_share = report.cached_tokens as f64 / report.prompt_tokens as f64;
    }
    report.waves_per_game_mean = report.per_game.iter().map(|g| g.waves as f64).sum::<f64>() / n;
    report.agent_asks_per_game_mean = report
        .per_game
        .iter()
        .map(|g| g.agent_asks as f64)
        .sum::<f64>()
        / n;
    report.wall_secs_per_game_mean = report.per_game.iter().map(|g| g.wall_secs).sum::<f64>() / n;
    report.wall_secs_total = started.elapsed().as_secs_f64();
    Ok(report)
}

impl LadderReport {
    /// A readable summary.
    pub fn table(&self) -> String {
        let mut s = format!(
            "{} games ({} finished) in {:.1} s: {}\n",
            self.games,
            self.finished,
            self.wall_secs_total,
            self.wins
                .iter()
                .map(|(w, n)| format!("{w} {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        for (role, r) in &self.roles {
            s.push_str(&format!(
                "  {role:<9} win rate {:>5.1}%  mean GPP {:>6.2}\n",
                100.0 * r.wins as f64 / r.seats.max(1) as f64,
                r.mean_gpp
            ));
        }
        s.push_str(&format!(
            "agent decisions {}, model calls {}, repaired {}, fallbacks {}, faults {:?}\n",
            self.agent_decisions, self.llm_calls, self.repaired, self.fallbacks, self.faults
        ));
        s.push_str(&format!(
            "prompt tokens per call: mean {:.0}, max {} (day 1: mean {:.0}, max {}; day 5+: mean {:.0}, max {}); per game {:.0}; {:.1}% served from the prompt cache\n",
            self.prompt_tokens_per_call.mean,
            self.prompt_tokens_per_call.max,
            self.prompt_tokens_day1.mean,
            self.prompt_tokens_day1.max,
            self.prompt_tokens_day5_plus.mean,
            self.prompt_tokens_day5_plus.max,
            self.prompt_tokens_per_game_mean,
            100.0 * self.cached_share
        ));
        s.push_str(&format!(
            "per game: {:.1} waves of calls (critical path), {:.1} agent asks, {:.2} s wall\n",
            self.waves_per_game_mean, self.agent_asks_per_game_mean, self.wall_secs_per_game_mean
        ));
        s
    }
}
