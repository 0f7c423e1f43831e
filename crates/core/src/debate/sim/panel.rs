//! Headless moderated and social debates: N AI debates (debate i with seed
//! S+i, topics in turn), every seat an AI, driven in process: each open ask asked once,
//! its answer applied (a refused answer taken as the turn's timeout). Offline on threads by
//! default; with models (`--llm`) several at once on the runtime, the report adding calls,
//! prompt tokens, the critical path in calls (an answer whose calls ran at once counts
//! once) and wall time per debate. Optionally one PNG chart per debate.

use crate::agents::debate::moderated::{Moderator, Participant};
use crate::agents::debate::social::{Evaluator, Speaker};
use crate::agents::debate::{DebateKit, Table};
use crate::agents::Agent;
use crate::debate::format::DebateFormat;
use crate::games::debate::moderated::{ModeratedDebate, ModeratedRules, Victory};
use crate::games::debate::social::{SocialDebate, SocialRules, Start, Verdict};
use crate::games::Lang;
use crate::games::Seat;
use serde::Serialize;
use serde_json::{json, Map, Value};
use std::path::PathBuf;
use std::time::Instant;

/// Which of the two formats, with its rules.
#[derive(Debug, Clone)]
pub enum FormatRules {
    Moderated(ModeratedRules),
    Social(SocialRules),
}

/// The debates to run.
#[derive(Debug, Clone)]
pub struct FormatSimOptions {
    pub rules: FormatRules,
    pub participants: Seat,
    pub debates: u64,
    pub seed: u64,
    pub threads: usize,
    pub topics: Vec<String>,
    /// Write one PNG chart per debate here.
    pub charts: Option<PathBuf>,
    /// Write one JSON record per debate here (for `agora replay`).
    pub record: Option<PathBuf>,
}

/// An AI participant's start in a social debate: odd seats for the motion, even against,
/// its persona's distance from the middle and conviction.
pub fn social_start(kit: &DebateKit, personality: &str, seat: Seat) -> Start {
    let p = kit.personalities.get_or_first(personality);
    let sign = if seat % 2 == 1 { 1.0 } else { -1.0 };
    Start {
        stance: sign * p.stance,
        conviction: p.conviction,
    }
}

/// One debate played: the figures the report adds up.
#[derive(Debug, Clone, Default)]
struct Played {
    /// (verdict name, winner seat) once finished.
    verdict: Option<&'static str>,
    winner: Option<Seat>,
    passes_disagree: bool,
    surrenders: u64,
    margin: f64,
    winner_score: f64,
    speeches: u64,
    skipped: u64,
    words: u64,
    rounds: u64,
    offline: bool,
    stance_shift: f64,
    calls: u64,
    prompt_tokens: Vec<u64>,
    repaired: u64,
    fallbacks: u64,
    waves: u64,
    secs: f64,
}

fn add_note(played: &mut Played, note: &Value) {
    let calls = note["calls"].as_u64().unwrap_or(0);
    if calls == 0 {
        return;
    }
    played.calls += calls;
    played.waves += 1;
    for call in note["tokens"]["per_call"].as_array().into_iter().flatten() {
        played
            .prompt_tokens
            .push(call["prompt"].as_u64().unwrap_or(0));
    }
    if note.get("repaired").is_some() {
        played.repaired += 1;
    }
    if note.get("fallback").is_some() {
        played.fallbacks += 1;
    }
}

fn names(n: Seat) -> Vec<String> {
    (1..=n).map(|s| format!("P{s}")).collect()
}

/// Plays debate `i` of `opts` with `kit`'s seats (models where it has them).
async fn play_one(
    kit: &DebateKit,
    opts: &FormatSimOptions,
    i: u64,
    motions: &[(String, String)],
) -> anyhow::Result<Played> {
    let seed = opts.seed.wrapping_add(i);
    let (topic, motion) = &motions[(i % motions.len() as u64) as usize];
    let table = Table {
        topic: Some(topic),
        motion,
        key: None,
        lang: Lang::En,
    };
    let n = opts.participants;
    let mut played = Played::default();
    let started = Instant::now();
    match &opts.rules {
        FormatRules::Moderated(rules) => {
            let mut game = ModeratedDebate::new(motion, n, rules);
            let mut agents: Vec<Box<dyn Agent<ModeratedDebate>>> = (1..=n)
                .map(|s| {
                    Box::new(Participant::new(
                        kit,
                        table,
                        s,
                        &kit.panel_personality(seed, s),
                        seed,
                    )) as Box<dyn Agent<ModeratedDebate>>
                })
                .collect();
            agents.push(Box::new(Moderator::new(kit, table)));
            crate::sim::drive(&mut game, agents, "debate", 10_000, |note| {
                add_note(&mut played, note)
            })
            .await?;
            let s = game.standing();
            played.verdict = Some(s.victory.name());
            played.winner = s.winner;
            played.passes_disagree = !s.passes_agree;
            played.margin = s.margin;
            played.winner_score = s.scores.iter().copied().fold(f64::MIN, f64::max);
            for sp in game.speeches() {
                played.speeches += u64::from(!sp.skipped);
                played.skipped += u64::from(sp.skipped);
                played.words += sp.words as u64;
            }
            played.rounds = game.reviews().len() as u64;
            if let Some(dir) = &opts.record {
                let r = crate::debate::replay::panel::FormatRecord::of(
                    DebateFormat::Moderated.key(),
                    seed,
                    Some(topic),
                    motion,
                    &names(n),
                    &game,
                );
                crate::debate::replay::panel::write_record(dir, &r)?;
            }
            played.offline = game.reviews().iter().any(|r| r.offline)
                || game.final_review().is_some_and(|f| f.offline);
            if let Some(dir) = &opts.charts {
                let per_round: Vec<Vec<f64>> = game
                    .reviews()
                    .iter()
                    .map(|r| {
                        (0..n as usize)
                            .map(|k| {
                                r.passes.iter().map(|p| p[k].total()).sum::<u32>() as f64 / 2.0
                            })
                            .collect()
                    })
                    .collect();
                std::fs::write(
                    dir.join(format!("rounds-{seed}.png")),
                    crate::debate::charts::rounds(&names(n), &per_round)?,
                )?;
            }
        }
        FormatRules::Social(rules) => {
            let personas: Vec<String> = (1..=n).map(|s| kit.panel_personality(seed, s)).collect();
            let starts: Vec<Start> = (1..=n)
                .map(|s| social_start(kit, &personas[s as usize - 1], s))
                .collect();
            let mut game = SocialDebate::new(motion, &starts, rules);
            let mut agents: Vec<Box<dyn Agent<SocialDebate>>> = (1..=n)
                .map(|s| {
                    let start = starts[s as usize - 1];
                    Box::new(Speaker::new(
                        kit,
                        table,
                        s,
                        &personas[s as usize - 1],
                        start.conviction,
                        seed,
                    )) as Box<dyn Agent<SocialDebate>>
                })
                .collect();
            agents.push(Box::new(Evaluator::new(kit, table)));
            crate::sim::drive(&mut game, agents, "debate", 10_000, |note| {
                add_note(&mut played, note)
            })
            .await?;
            let scores = game.scores();
            let (winner, verdict) = game.verdict();
            played.verdict = Some(verdict.name());
            played.winner = winner;
            played.surrenders = game
                .minds()
                .iter()
                .filter(|m| m.surrendered.is_some())
                .count() as u64;
            played.winner_score = scores.iter().copied().fold(f64::MIN, f64::max);
            let mut sorted = scores.clone();
            sorted.sort_by(|a, b| b.total_cmp(a));
            played.margin = sorted[0] - sorted.get(1).copied().unwrap_or(sorted[0]);
            played.stance_shift = starts
                .iter()
                .zip(game.minds())
                .map(|(s, m)| (s.stance - m.stance).abs())
                .sum::<f64>()
                / n as f64;
            for l in game.log() {
                match &l.event {
                    crate::games::debate::social::Event::Spoke { words, .. } => {
                        played.speeches += 1;
                        played.words += *words as u64;
                    }
                    crate::games::debate::social::Event::Skipped { .. } => played.skipped += 1,
                    crate::games::debate::social::Event::Rated { offline: true, .. } => {
                        played.offline = true
                    }
                    _ => {}
                }
            }
            played.rounds = game.trail().len().saturating_sub(1) as u64;
            if let Some(dir) = &opts.record {
                let r = crate::debate::replay::panel::FormatRecord::of(
                    DebateFormat::Social.key(),
                    seed,
                    Some(topic),
                    motion,
                    &names(n),
                    &game,
                );
                crate::debate::replay::panel::write_record(dir, &r)?;
            }
            if let Some(dir) = &opts.charts {
                std::fs::write(
                    dir.join(format!("social-{seed}.png")),
                    crate::debate::charts::social(
                        &names(n),
                        game.trail(),
                        &crate::debate::charts::social_marks(&game),
                    )?,
                )?;
            }
        }
    }
    played.secs = started.elapsed().as_secs_f64();
    Ok(played)
}

/// Model figures, keyed as the team debate's `--llm` report.
#[derive(Debug, Clone, Serialize)]
pub struct ModelFigures {
    pub llm_calls: u64,
    pub repaired: u64,
    pub fallbacks: u64,
    pub llm_calls_per_debate_mean: f64,
    pub prompt_tokens_per_debate_mean: f64,
    pub prompt_tokens_per_call_mean: f64,
    pub prompt_tokens_per_call_max: u64,
    /// The critical path in calls: answers one after another (an answer's calls that ran
    /// at once count once).
    pub waves_per_debate_mean: f64,
    pub wall_secs_per_debate_mean: f64,
}

/// The figures, as `--json` prints them.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub format: &'static str,
    pub debates: u64,
    /// Verdict types: `clear`/`narrow`/`draw` (rounds), `overwhelming`/`clear`/`narrow`
    /// (social).
    pub verdicts: Map<String, Value>,
    /// Rounds: the share of debates whose two final passes put different participants on top.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pass_disagreement: Option<f64>,
    /// Social: the share of debates with at least one surrender.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub surrender_rate: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub surrenders_per_debate: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_stance_shift: Option<f64>,
    /// Wins by seat ("1", "2", …) and `none` (draws, ties).
    pub wins_by_seat: Map<String, Value>,
    pub mean_winner_score: f64,
    pub mean_margin: f64,
    pub mean_rounds: f64,
    pub mean_speeches: f64,
    pub mean_words_per_speech: f64,
    pub mean_skipped: f64,
    /// Scored by the built-in (offline) moderator or evaluator.
    pub offline_scored: bool,
    pub participants: Seat,
    pub seed: u64,
    pub threads: usize,
    pub topics: Vec<String>,
    pub debates_per_sec: f64,
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

fn report(
    all: &[Played],
    opts: &FormatSimOptions,
    secs: f64,
    threads: usize,
    with_model: bool,
) -> Report {
    let n = all.len() as u64;
    let (format, kinds): (&str, Vec<&str>) = match opts.rules {
        FormatRules::Moderated(_) => (
            DebateFormat::Moderated.key(),
            Victory::ALL.iter().map(|v| v.name()).collect(),
        ),
        FormatRules::Social(_) => (
            DebateFormat::Social.key(),
            Verdict::ALL.iter().map(|v| v.name()).collect(),
        ),
    };
    let verdicts = kinds
        .iter()
        .map(|k| {
            (
                k.to_string(),
                json!(all.iter().filter(|p| p.verdict == Some(*k)).count()),
            )
        })
        .collect();
    let mut wins_by_seat = Map::new();
    for s in 1..=opts.participants {
        wins_by_seat.insert(
            s.to_string(),
            json!(all.iter().filter(|p| p.winner == Some(s)).count()),
        );
    }
    wins_by_seat.insert(
        "none".into(),
        json!(all.iter().filter(|p| p.winner.is_none()).count()),
    );
    let sum = |f: fn(&Played) -> f64| all.iter().map(f).sum::<f64>();
    let social = matches!(opts.rules, FormatRules::Social(_));
    let speeches: u64 = all.iter().map(|p| p.speeches).sum();
    let model = with_model.then(|| {
        let tokens: Vec<u64> = all
            .iter()
            .flat_map(|p| p.prompt_tokens.iter().copied())
            .collect();
        let calls: u64 = all.iter().map(|p| p.calls).sum();
        ModelFigures {
            llm_calls: calls,
            repaired: all.iter().map(|p| p.repaired).sum(),
            fallbacks: all.iter().map(|p| p.fallbacks).sum(),
            llm_calls_per_debate_mean: ratio(calls as f64, n),
            prompt_tokens_per_debate_mean: ratio(tokens.iter().sum::<u64>() as f64, n),
            prompt_tokens_per_call_mean: ratio(
                tokens.iter().sum::<u64>() as f64,
                tokens.len() as u64,
            ),
            prompt_tokens_per_call_max: tokens.iter().copied().max().unwrap_or(0),
            waves_per_debate_mean: ratio(sum(|p| p.waves as f64), n),
            wall_secs_per_debate_mean: ratio(sum(|p| p.secs), n),
        }
    });
    Report {
        format,
        debates: n,
        verdicts,
        pass_disagreement: (!social)
            .then(|| ratio(all.iter().filter(|p| p.passes_disagree).count() as f64, n)),
        surrender_rate: social
            .then(|| ratio(all.iter().filter(|p| p.surrenders > 0).count() as f64, n)),
        surrenders_per_debate: social.then(|| ratio(sum(|p| p.surrenders as f64), n)),
        mean_stance_shift: social.then(|| ratio(sum(|p| p.stance_shift), n)),
        wins_by_seat,
        mean_winner_score: ratio(sum(|p| p.winner_score), n),
        mean_margin: ratio(sum(|p| p.margin), n),
        mean_rounds: ratio(sum(|p| p.rounds as f64), n),
        mean_speeches: ratio(speeches as f64, n),
        mean_words_per_speech: ratio(sum(|p| p.words as f64), speeches),
        mean_skipped: ratio(sum(|p| p.skipped as f64), n),
        offline_scored: all.iter().any(|p| p.offline),
        participants: opts.participants,
        seed: opts.seed,
        threads,
        topics: opts.topics.clone(),
        debates_per_sec: if secs > 0.0 { n as f64 / secs } else { 0.0 },
        model,
    }
}

/// The motion of each topic, checked.
fn motions(kit: &DebateKit, opts: &FormatSimOptions) -> anyhow::Result<Vec<(String, String)>> {
    anyhow::ensure!(!opts.topics.is_empty(), "no topic to debate");
    opts.topics
        .iter()
        .map(|t| {
            Ok((
                t.clone(),
                kit.motion_of(t)
                    .map_err(|e| anyhow::anyhow!("--topic: {e}"))?,
            ))
        })
        .collect()
}

fn check(opts: &FormatSimOptions) -> anyhow::Result<()> {
    match &opts.rules {
        FormatRules::Moderated(r) => ModeratedDebate::check_setup(opts.participants as usize, r),
        FormatRules::Social(r) => SocialDebate::check_setup(
            &vec![
                Start {
                    stance: 0.5,
                    conviction: 0.5
                };
                opts.participants as usize
            ],
            r,
        ),
    }
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    for dir in opts.charts.iter().chain(&opts.record) {
        std::fs::create_dir_all(dir)?;
    }
    Ok(())
}

/// Plays the debates offline on threads and reports.
pub fn run(kit: &DebateKit, opts: &FormatSimOptions) -> anyhow::Result<Report> {
    check(opts)?;
    let motions = motions(kit, opts)?;
    let started = Instant::now();
    let (all, threads) = crate::sim::spread(opts.debates, opts.threads, |i, all: &mut Vec<_>| {
        all.push(futures::executor::block_on(play_one(
            kit, opts, i, &motions,
        ))?);
        Ok(())
    })?;
    Ok(report(
        &all,
        opts,
        started.elapsed().as_secs_f64(),
        threads,
        false,
    ))
}

/// Plays the debates with `kit`'s models, `concurrency` at once, and reports with the
/// model figures.
pub async fn run_models(
    kit: &DebateKit,
    opts: &FormatSimOptions,
    concurrency: usize,
) -> anyhow::Result<Report> {
    check(opts)?;
    let motions = motions(kit, opts)?;
    let started = Instant::now();
    let all = crate::sim::at_once(opts.debates, concurrency, |i| {
        play_one(kit, opts, i, &motions)
    })
    .await?;
    Ok(report(
        &all,
        opts,
        started.elapsed().as_secs_f64(),
        concurrency.max(1),
        true,
    ))
}
