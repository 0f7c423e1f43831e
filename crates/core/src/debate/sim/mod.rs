//! Headless team debates: N AI-vs-AI debates (debate i uses seed S+i), offline by default
//! on threads, the players driven in process exactly as a session drives them (every open
//! ask asked once, its answer applied while still open, a refused answer taken as the
//! turn's timeout). With `--llm` each debate is a stored session like any other, several
//! at once, and the report adds the model figures read from the inputs' review notes.
//!
//! Totals are integers (hundredths of points, counts) added in any order, so the figures
//! are the same on any thread count. The moderated and social formats' sim is [`panel`].

pub mod panel;

use crate::agents::debate::{self, DebateKit, Table};
use crate::agents::{Agent, Decision};
use crate::config::Config;
use crate::debate::format::DebateFormat;
use crate::debate::replay::{write_record, DebateRecord};
use crate::debate::session::{DebateSeat, DebateSetup};
use crate::games::debate::team::{Stage, TeamDebate, TeamRules, Winner, JUDGE};
use crate::games::Lang;
use crate::games::Seat;
use crate::session::{Ended, GameSetup, Place};
use crate::store::Store;
use serde::Serialize;
use serde_json::Value;
use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The stages a speech is scored in, in order (the mean speech score is given by stage).
const STAGES: [Stage; 4] = [
    Stage::Opening,
    Stage::CrossExamination,
    Stage::FreeDebate,
    Stage::Closing,
];
const RULES: [&str; 4] = [
    "over_limit",
    "counter_question",
    "attacker_answered",
    "same_team_twice",
];

/// The debates to run.
#[derive(Debug, Clone)]
pub struct DebateSimOptions {
    pub format: DebateFormat,
    pub debates: u64,
    pub seed: u64,
    pub threads: usize,
    /// Topic ids, taken in turn (debate i: topics[i mod n]).
    pub topics: Vec<String>,
    pub rules: TeamRules,
    pub record: Option<PathBuf>,
}

/// The nine AI players of one debate: eight debaters with their personalities, the judge.
fn players(kit: &DebateKit, table: Table<'_>, seed: u64) -> Vec<Box<dyn Agent<TeamDebate>>> {
    let mut all: Vec<Box<dyn Agent<TeamDebate>>> = (1..JUDGE)
        .map(|seat| {
            debate::debater(
                kit,
                table,
                seat,
                &kit.team_personality(seed, seat),
                &[],
                seed,
            )
        })
        .collect();
    all.push(debate::judge(kit, table, seed));
    all
}

/// Shows each player the new events its seat may see.
fn deliver(game: &TeamDebate, players: &mut [Box<dyn Agent<TeamDebate>>], cursor: &mut usize) {
    for logged in &game.log()[*cursor..] {
        for (i, p) in players.iter_mut().enumerate() {
            if logged.audience.includes(i as Seat + 1) {
                p.observe(&logged.event);
            }
        }
    }
    *cursor = game.log().len();
}

/// Plays one debate to its end with offline players on every seat.
pub fn play(
    kit: &DebateKit,
    topic: Option<&str>,
    motion: &str,
    rules: &TeamRules,
    seed: u64,
) -> anyhow::Result<TeamDebate> {
    use crate::games::Game;
    let mut game = TeamDebate::new(motion, rules);
    let mut players = players(
        kit,
        Table {
            topic,
            motion,
            key: None,
            lang: Lang::En,
        },
        seed,
    );
    let mut cursor = 0;
    deliver(&game, &mut players, &mut cursor);
    let mut asked: HashSet<(Seat, u32)> = HashSet::new();
    // Every input ends one ask; a debate has a few hundred at most.
    for _ in 0..10_000 {
        if game.is_over() {
            return Ok(game);
        }
        let mut ready = Vec::new();
        for p in game.pending() {
            if !asked.insert((p.seat, p.seq)) {
                continue;
            }
            match players[p.seat as usize - 1].decide(&p.ask) {
                Decision::Now(action) => ready.push((p.seat, p.seq, Some(action))),
                // A built-in player's abstention is a future that is ready at once; one
                // that is not ready would wait on a model.
                Decision::Later(mut answer) => match answer
                    .as_mut()
                    .poll(&mut std::task::Context::from_waker(std::task::Waker::noop()))
                {
                    std::task::Poll::Ready(answer) => ready.push((p.seat, p.seq, answer.action)),
                    std::task::Poll::Pending => anyhow::bail!(
                        "seat {} asks a language model: the offline sim plays the built-in players (use --llm for models)",
                        p.seat
                    ),
                },
            }
        }
        if ready.is_empty() {
            // Every open ask was asked and none answered: the oldest one's time runs out.
            let Some(p) = game.pending().into_iter().next() else {
                anyhow::bail!("debate {seed} stalled with nothing open");
            };
            game.timeout(p.seat).map_err(|e| anyhow::anyhow!("{e}"))?;
            deliver(&game, &mut players, &mut cursor);
            continue;
        }
        for (seat, seq, action) in ready {
            if !game
                .pending()
                .iter()
                .any(|p| p.seat == seat && p.seq == seq)
            {
                continue;
            }
            let Some(action) = action else {
                // An abstention: the turn's deadline passes.
                game.timeout(seat).map_err(|e| anyhow::anyhow!("{e}"))?;
                deliver(&game, &mut players, &mut cursor);
                continue;
            };
            if let Err(refusal) = game.act(seat, action) {
                tracing::debug!(seed, seat, %refusal, "AI action refused; the turn times out");
                game.timeout(seat).map_err(|e| anyhow::anyhow!("{e}"))?;
            }
            deliver(&game, &mut players, &mut cursor);
        }
    }
    anyhow::bail!("debate {seed} did not end within 10,000 inputs")
}

/// Integer totals; merged in any order with the same result.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    debates: u64,
    wins: [u64; 3],
    /// Per stage: judged speeches and their scores in hundredths.
    scored: [(u64, i64); 4],
    penalties: [u64; 4],
    speeches: u64,
    words: u64,
    skipped: u64,
    best_pro: u64,
    /// Per topic: Pro, Con and drawn results.
    by_topic: BTreeMap<String, [u64; 3]>,
}

impl Tally {
    /// Adds one debate on `topic` (its result counts toward the topic's line too).
    pub fn add(&mut self, topic: &str, game: &TeamDebate) {
        use crate::games::debate::team::Event;
        self.debates += 1;
        if let Some(t) = game.totals() {
            let i = match t.winner {
                Winner::Pro => 0,
                Winner::Con => 1,
                Winner::Draw => 2,
            };
            self.wins[i] += 1;
            self.by_topic.entry(topic.to_string()).or_default()[i] += 1;
            self.best_pro += (t.best <= 4) as u64;
        }
        for s in game.scores().iter().flatten() {
            let stage = game.speeches()[s.speech as usize].stage();
            if let Some(i) = STAGES.iter().position(|x| *x == stage) {
                self.scored[i].0 += 1;
                self.scored[i].1 += s.score_x100 as i64;
            }
        }
        // One count per speech and rule (over the limit charges the speaker and the team).
        let mut seen = HashSet::new();
        for p in game.penalties() {
            if seen.insert((p.speech, p.rule)) {
                if let Some(i) = RULES.iter().position(|r| *r == p.rule.name()) {
                    self.penalties[i] += 1;
                }
            }
        }
        self.speeches += game.speeches().len() as u64;
        self.words += game.speeches().iter().map(|s| s.words as u64).sum::<u64>();
        self.skipped += game
            .log()
            .iter()
            .filter(|l| matches!(l.event, Event::Skipped { .. }))
            .count() as u64;
    }
}

impl crate::sim::Tally for Tally {
    fn merge(&mut self, o: Tally) {
        self.debates += o.debates;
        for i in 0..3 {
            self.wins[i] += o.wins[i];
        }
        for i in 0..4 {
            self.scored[i].0 += o.scored[i].0;
            self.scored[i].1 += o.scored[i].1;
            self.penalties[i] += o.penalties[i];
        }
        self.speeches += o.speeches;
        self.words += o.words;
        self.skipped += o.skipped;
        self.best_pro += o.best_pro;
        for (topic, w) in o.by_topic {
            let mine = self.by_topic.entry(topic).or_default();
            for i in 0..3 {
                mine[i] += w[i];
            }
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Wins {
    pub pro: u64,
    pub con: u64,
    pub draw: u64,
}

/// The model figures of `--llm` runs, keyed as werewolf's `sim --llm`.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ModelFigures {
    pub llm_calls: u64,
    pub repaired: u64,
    pub fallbacks: u64,
    pub prompt_tokens_per_call: TokenFigures,
    /// Of all prompt tokens, the share the server's prompt cache served (0 with no calls).
    pub cached_share: f64,
    #[serde(skip)]
    prompt_tokens: u64,
    #[serde(skip)]
    cached_tokens: u64,
    pub llm_calls_per_debate_mean: f64,
    pub prompt_tokens_per_debate_mean: f64,
    pub waves_per_debate_mean: f64,
    pub wall_secs_per_debate_mean: f64,
    pub per_debate: Vec<DebateFigures>,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct TokenFigures {
    pub calls: u64,
    pub mean: f64,
    pub max: u64,
    #[serde(skip)]
    total: u64,
}

impl TokenFigures {
    fn add(&mut self, tokens: u64) {
        self.calls += 1;
        self.total += tokens;
        self.max = self.max.max(tokens);
        self.mean = self.total as f64 / self.calls as f64;
    }
}

/// One `--llm` debate's figures.
#[derive(Debug, Clone, Serialize)]
pub struct DebateFigures {
    pub seed: u64,
    pub session: String,
    pub winner: Option<String>,
    /// The critical path in model calls: the debaters' and captains' calls, which wait
    /// for each other (the judge's run beside them and are not counted).
    pub waves: u64,
    /// The judge's calls (off the critical path).
    pub judge_calls: u64,
    /// The session's dispatch rounds that waited on a model (debaters' and judge's alike).
    pub dispatch_waves: u32,
    pub llm_calls: u64,
    pub prompt_tokens: u64,
    pub wall_secs: f64,
}

/// The figures, as `--json` prints them.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub debates: u64,
    pub format: DebateFormat,
    pub wins: Wins,
    /// The results on each topic (a balanced topic is won by Pro 35–65% of the time).
    pub wins_by_topic: BTreeMap<String, Wins>,
    /// Mean judged speech score by stage.
    pub mean_speech_score: BTreeMap<String, f64>,
    /// Speeches penalised, by rule.
    pub penalties: BTreeMap<String, u64>,
    pub mean_speeches: f64,
    pub mean_words: f64,
    pub mean_words_per_speech: f64,
    pub mean_skipped: f64,
    /// Share of best-debater awards won by a Pro debater.
    pub best_debater_pro: f64,
    pub debates_per_sec: f64,
    pub seed: u64,
    pub threads: usize,
    pub length_scale: f64,
    pub topics: Vec<String>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub model: Option<ModelFigures>,
}

fn ratio(a: f64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a / b as f64
    }
}

fn report(t: &Tally, secs: f64, opts: &DebateSimOptions, threads: usize) -> Report {
    let round2 = |x: f64| (x * 100.0).round() / 100.0;
    Report {
        debates: t.debates,
        format: opts.format,
        wins: Wins {
            pro: t.wins[0],
            con: t.wins[1],
            draw: t.wins[2],
        },
        wins_by_topic: t
            .by_topic
            .iter()
            .map(|(topic, w)| {
                (
                    topic.clone(),
                    Wins {
                        pro: w[0],
                        con: w[1],
                        draw: w[2],
                    },
                )
            })
            .collect(),
        mean_speech_score: STAGES
            .iter()
            .zip(t.scored.iter())
            .map(|(s, (n, x100))| {
                (
                    s.name().to_string(),
                    round2(ratio(*x100 as f64 / 100.0, *n)),
                )
            })
            .collect(),
        penalties: RULES
            .iter()
            .zip(t.penalties.iter())
            .map(|(r, n)| (r.to_string(), *n))
            .collect(),
        mean_speeches: ratio(t.speeches as f64, t.debates),
        mean_words: ratio(t.words as f64, t.debates),
        mean_words_per_speech: ratio(t.words as f64, t.speeches),
        mean_skipped: ratio(t.skipped as f64, t.debates),
        best_debater_pro: ratio(t.best_pro as f64, t.debates),
        debates_per_sec: if secs > 0.0 {
            t.debates as f64 / secs
        } else {
            0.0
        },
        seed: opts.seed,
        threads,
        length_scale: opts.rules.length_scale,
        topics: opts.topics.clone(),
        model: None,
    }
}

/// The topic and motion of debate `i`.
fn topic_of(kit: &DebateKit, opts: &DebateSimOptions, i: u64) -> anyhow::Result<(String, String)> {
    anyhow::ensure!(!opts.topics.is_empty(), "no topic to debate");
    let topic = opts.topics[(i % opts.topics.len() as u64) as usize].clone();
    let motion = kit
        .motion_of(&topic)
        .map_err(|e| anyhow::anyhow!("--topic: {e}"))?;
    Ok((topic, motion))
}

/// Plays the debates offline on threads and reports. Recording writes one JSON file per
/// debate.
pub fn run(kit: &DebateKit, opts: &DebateSimOptions) -> anyhow::Result<Report> {
    if let Some(dir) = &opts.record {
        std::fs::create_dir_all(dir)?;
    }
    let motions: Vec<(String, String)> = (0..opts.topics.len() as u64)
        .map(|i| topic_of(kit, opts, i))
        .collect::<anyhow::Result<_>>()?;
    let started = Instant::now();
    let (total, threads) =
        crate::sim::spread(opts.debates, opts.threads, |i, tally: &mut Tally| {
            let seed = opts.seed.wrapping_add(i);
            let (topic, motion) = &motions[(i % motions.len() as u64) as usize];
            let game = play(kit, Some(topic), motion, &opts.rules, seed)?;
            tally.add(topic, &game);
            if let Some(dir) = &opts.record {
                write_record(
                    dir,
                    &DebateRecord::of(seed, Some(topic), &opts.rules, &game),
                )?;
            }
            Ok(())
        })?;
    Ok(report(
        &total,
        started.elapsed().as_secs_f64(),
        opts,
        threads,
    ))
}

/// Runs the debates as stored sessions (the model seats answer later, the judge beside the
/// debaters), `concurrency` at once, and reports with the model figures.
pub async fn run_sessions(
    config: &Config,
    store: &Store,
    kit: &DebateKit,
    opts: &DebateSimOptions,
    concurrency: usize,
) -> anyhow::Result<Report> {
    let place = Place {
        surface: "sim".into(),
        community: "sim".into(),
        channel: "sim-debate".into(),
    };
    let mut timers = config.debate.timers.clone();
    // No human waits: a model call that hangs ends at its own timeout, then the fallback.
    timers.pace = 1.0;
    let started = Instant::now();
    let limit = Arc::new(tokio::sync::Semaphore::new(concurrency.max(1)));
    let mut tasks = Vec::new();
    for i in 0..opts.debates {
        let seed = opts.seed.wrapping_add(i);
        let (topic, motion) = topic_of(kit, opts, i)?;
        let mut seats: Vec<DebateSeat> = (1..JUDGE)
            .map(|seat| DebateSeat::debater(&kit.team_personality(seed, seat)))
            .collect();
        seats.push(DebateSeat::judge());
        let setup = DebateSetup {
            format: opts.format,
            topic: Some(topic),
            motion,
            rules: opts.rules.clone(),
            timers: timers.clone(),
            seats,
            lang: Lang::En,
        };
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
                t0.elapsed(),
            )
        }));
    }
    let mut total = Tally::default();
    let mut model = ModelFigures::default();
    for task in tasks {
        let (seed, id, ended, waves, wall) = task.await?;
        let finished = matches!(ended?, Ended::Finished(_));
        let game = crate::session::rebuild::<DebateSetup>(store, &id).await?;
        let topic =
            opts.topics[(seed.wrapping_sub(opts.seed) % opts.topics.len() as u64) as usize].clone();
        total.add(&topic, &game);
        if let Some(dir) = &opts.record {
            write_record(
                dir,
                &DebateRecord::of(seed, Some(&topic), &opts.rules, &game),
            )?;
        }
        let mut figures = DebateFigures {
            seed,
            session: id.clone(),
            winner: finished
                .then(|| game.totals().map(|t| t.winner.name().to_string()))
                .flatten(),
            waves: 0,
            judge_calls: 0,
            dispatch_waves: waves,
            llm_calls: 0,
            prompt_tokens: 0,
            wall_secs: wall.as_secs_f64(),
        };
        for input in store.inputs(&id).await? {
            let Some(note) = input.note else { continue };
            if note.get("fallback").is_some() {
                model.fallbacks += 1;
            }
            if note["repaired"] == Value::Bool(true) {
                model.repaired += 1;
            }
            let calls = note["calls"].as_u64().unwrap_or(0);
            model.llm_calls += calls;
            figures.llm_calls += calls;
            if note["agent"] == "judge" {
                figures.judge_calls += calls;
            } else {
                figures.waves += calls;
            }
            for call in note["tokens"]["per_call"].as_array().into_iter().flatten() {
                let p = call["prompt"].as_u64().unwrap_or(0);
                figures.prompt_tokens += p;
                model.prompt_tokens_per_call.add(p);
                model.prompt_tokens += p;
                model.cached_tokens += call["cached"].as_u64().unwrap_or(0);
            }
        }
        model.per_debate.push(figures);
    }
    let n = model.per_debate.len().max(1) as f64;
    let mean = |f: &dyn Fn(&DebateFigures) -> f64| model.per_debate.iter().map(f).sum::<f64>() / n;
    model.llm_calls_per_debate_mean = mean(&|d| d.llm_calls as f64);
    model.prompt_tokens_per_debate_mean = mean(&|d| d.prompt_tokens as f64);
    model.waves_per_debate_mean = mean(&|d| d.waves as f64);
    model.wall_secs_per_debate_mean = mean(&|d| d.wall_secs);
    if model.prompt_tokens > 0 {
        model.cached_share = model.cached_tokens as f64 / model.prompt_tokens as f64;
    }
    let mut r = report(&total, started.elapsed().as_secs_f64(), opts, concurrency);
    r.model = Some(model);
    Ok(r)
}

impl Report {
    /// The human-readable table.
    pub fn table(&self) -> String {
        use std::fmt::Write;
        let pct = |n: u64| 100.0 * ratio(n as f64, self.debates);
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{} team debates (seed {}, {} threads, length scale {}; topics: {})",
            self.debates,
            self.seed,
            self.threads,
            self.length_scale,
            self.topics.join(", ")
        );
        let _ = writeln!(
            s,
            "wins: pro {} ({:.1}%), con {} ({:.1}%), draw {} ({:.1}%)",
            self.wins.pro,
            pct(self.wins.pro),
            self.wins.con,
            pct(self.wins.con),
            self.wins.draw,
            pct(self.wins.draw)
        );
        if self.wins_by_topic.len() > 1 {
            let topics: Vec<String> = self
                .wins_by_topic
                .iter()
                .map(|(t, w)| {
                    let n = w.pro + w.con + w.draw;
                    format!("{t} {:.0}%", 100.0 * ratio(w.pro as f64, n))
                })
                .collect();
            let _ = writeln!(s, "won by pro, by topic: {}", topics.join(", "));
        }
        let stages: Vec<String> = self
            .mean_speech_score
            .iter()
            .map(|(k, v)| format!("{k} {v:.2}"))
            .collect();
        let _ = writeln!(s, "mean speech score: {}", stages.join(", "));
        let rules: Vec<String> = self
            .penalties
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        let _ = writeln!(s, "speeches penalised: {}", rules.join(", "));
        let _ = writeln!(
            s,
            "per debate: {:.1} speeches, {:.0} words ({:.0} a speech), {:.2} turns skipped; best debater on Pro {:.1}%",
            self.mean_speeches,
            self.mean_words,
            self.mean_words_per_speech,
            self.mean_skipped,
            100.0 * self.best_debater_pro
        );
        if let Some(m) = &self.model {
            let _ = writeln!(
                s,
                "model: {} calls ({:.1} a debate), {} repaired, {} fallbacks; prompt tokens a call: mean {:.0}, max {} ({:.1}% from the prompt cache); waves a debate {:.1}; wall {:.1} s a debate",
                m.llm_calls,
                m.llm_calls_per_debate_mean,
                m.repaired,
                m.fallbacks,
                m.prompt_tokens_per_call.mean,
                m.prompt_tokens_per_call.max,
                100.0 * m.cached_share,
                m.waves_per_debate_mean,
                m.wall_secs_per_debate_mean
            );
        }
        let _ = write!(s, "debates per second: {:.1}", self.debates_per_sec);
        s
    }
}
