//! `agora sim trial`: N trials of one case (trial i with seed S+i) played by the built-in
//! advocates and jurors (offline, on threads) or by models (`--llm`, several trials at
//! once), summed up as verdict shares, each juror's mean shift, what the players did, and
//! with models the calls and tokens under werewolf's keys. A trial is held in the options'
//! language (its case's text, offline labeller and words, the models' prompts).

use crate::agents::trial::TrialKit;
use crate::games::trial::{Event, Mode, Side, Trial, TrialRules};
use crate::games::Lang;
use crate::ladder::TokenFigures;
use serde::Serialize;
use std::collections::BTreeMap;

/// What to simulate.
#[derive(Debug, Clone)]
pub struct TrialSimOptions {
    pub case: String,
    pub trials: u64,
    pub seed: u64,
    /// Players (AI advocates); in adversarial mode the odd seats defend.
    pub players: usize,
    pub rules: TrialRules,
    pub threads: usize,
    pub lang: Lang,
}

/// The figures, as `--json` prints them.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct TrialReport {
    pub case: String,
    pub mode: &'static str,
    pub trials: u64,
    pub players: usize,
    /// `{"NOT_GUILTY": n, "GUILTY": n}`.
    pub verdicts: BTreeMap<String, u64>,
    pub not_guilty_share: f64,
    /// Each juror's mean (final − initial) stance.
    pub mean_shift: BTreeMap<String, f64>,
    /// Each juror's share of NOT GUILTY votes.
    pub not_guilty_votes: BTreeMap<String, f64>,
    pub messages_per_trial: f64,
    pub cards_per_trial: f64,
    /// Messages that moved no juror (no topic found, or weight 0).
    pub unmoving_share: f64,
    pub deliberation_rounds_per_trial: f64,
    /// Labelled by the case's keywords (no model).
    pub offline_labelled: bool,
    /// With models: HTTP calls (repairs included), and what they cost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub llm_calls: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub llm_calls_per_game_mean: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repaired: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fallbacks: Option<u64>,
    /// With models: faults met, by kind.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub faults: Option<BTreeMap<String, u64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prompt_tokens_per_call: Option<TokenFigures>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prompt_tokens_per_game_mean: Option<f64>,
    /// Of all prompt tokens, the share the server's prompt cache served.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cached_share: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wall_secs_per_game_mean: Option<f64>,
}

/// What the models cost in one trial (from the answers' notes).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Figures {
    pub calls: u64,
    pub prompt_tokens: Vec<u64>,
    /// Prompt tokens the server's prompt cache served, all calls together.
    pub cached_tokens: u64,
    pub repaired: u64,
    pub fallbacks: u64,
    /// Faults met, by kind (as the notes name them).
    pub faults: BTreeMap<String, u64>,
    pub secs: f64,
}

impl Figures {
    fn add(&mut self, note: &serde_json::Value) {
        self.calls += note["calls"].as_u64().unwrap_or(0);
        for call in note["tokens"]["per_call"].as_array().into_iter().flatten() {
            self.prompt_tokens
                .push(call["prompt"].as_u64().unwrap_or(0));
            self.cached_tokens += call["cached"].as_u64().unwrap_or(0);
        }
        self.repaired += note.get("repaired").is_some() as u64;
        self.fallbacks += note.get("fallback").is_some() as u64;
        for f in note["faults"].as_array().into_iter().flatten() {
            let kind = f["kind"].as_str().unwrap_or("unknown").to_string();
            *self.faults.entry(kind).or_default() += 1;
        }
    }
}

/// The players' sides for `n` players in `mode` (adversarial: odd seats defend).
pub fn sides(mode: Mode, n: usize) -> Vec<Side> {
    (0..n)
        .map(|i| match (mode, i % 2) {
            (Mode::Adversarial, 1) => Side::Prosecution,
            _ => Side::Defense,
        })
        .collect()
}

/// One trial with seed `seed`, by `kit`'s players.
pub async fn play(
    kit: &TrialKit,
    opts: &TrialSimOptions,
    seed: u64,
) -> anyhow::Result<(Trial, Figures)> {
    let case = kit
        .book
        .case_for(&opts.case, opts.lang)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let setup = kit.book.setup(
        case,
        sides(opts.rules.mode, opts.players),
        opts.rules.clone(),
    );
    setup.check().map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut game = Trial::new(&setup);
    let agents = kit
        .agents(&setup, &[], seed)
        .into_iter()
        .map(|a| a.ok_or_else(|| anyhow::anyhow!("a seat without a player")))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mut figures = Figures::default();
    let started = std::time::Instant::now();
    crate::sim::drive(&mut game, agents, "trial", 100_000, |note| {
        figures.add(note)
    })
    .await?;
    figures.secs = started.elapsed().as_secs_f64();
    Ok((game, figures))
}

/// Plays the trials offline on `threads` threads and sums them up.
pub fn run(kit: &TrialKit, opts: &TrialSimOptions) -> anyhow::Result<TrialReport> {
    let (all, _) = crate::sim::spread(opts.trials, opts.threads, |i, all: &mut Vec<_>| {
        all.push(futures::executor::block_on(play(
            kit,
            opts,
            opts.seed.wrapping_add(i),
        ))?);
        Ok(())
    })?;
    Ok(report(opts, &all, false))
}

/// Plays the trials with `kit`'s models, `concurrency` at once, and reports with the
/// model figures.
pub async fn run_models(
    kit: &TrialKit,
    opts: &TrialSimOptions,
    concurrency: usize,
) -> anyhow::Result<TrialReport> {
    let all = crate::sim::at_once(opts.trials, concurrency, |i| {
        play(kit, opts, opts.seed.wrapping_add(i))
    })
    .await?;
    Ok(report(opts, &all, true))
}

fn report(opts: &TrialSimOptions, played: &[(Trial, Figures)], models: bool) -> TrialReport {
    let games: Vec<&Trial> = played.iter().map(|p| &p.0).collect();
    let n = games.len().max(1) as f64;
    let mut verdicts = BTreeMap::from([("NOT_GUILTY".to_string(), 0), ("GUILTY".to_string(), 0)]);
    let mut shift: BTreeMap<String, f64> = BTreeMap::new();
    let mut votes: BTreeMap<String, f64> = BTreeMap::new();
    let (mut messages, mut cards, mut unmoving, mut rounds) = (0u64, 0u64, 0u64, 0u64);
    let mut offline = false;
    for g in &games {
        let key = if g.not_guilty() {
            "NOT_GUILTY"
        } else {
            "GUILTY"
        };
        *verdicts.entry(key.into()).or_default() += 1;
        for (j, juror) in g.jurors().iter().enumerate() {
            *shift.entry(juror.id.clone()).or_default() += juror.stance - g.initial()[j];
            *votes.entry(juror.id.clone()).or_default() += juror.not_guilty() as u8 as f64;
        }
        for l in g.log() {
            match &l.event {
                Event::Heard {
                    moved, offline: o, ..
                } => {
                    messages += 1;
                    unmoving += (*moved == 0.0) as u64;
                    offline |= *o;
                }
                Event::Presented { .. } => cards += 1,
                Event::Stated { .. } => rounds += 1,
                _ => {}
            }
        }
    }
    let mean = |m: BTreeMap<String, f64>| -> BTreeMap<String, f64> {
        m.into_iter()
            .map(|(k, v)| (k, (v / n * 1000.0).round() / 1000.0))
            .collect()
    };
    let mut report = TrialReport {
        case: opts.case.clone(),
        mode: opts.rules.mode.name(),
        trials: games.len() as u64,
        players: opts.players,
        not_guilty_share: verdicts["NOT_GUILTY"] as f64 / n,
        verdicts,
        mean_shift: mean(shift),
        not_guilty_votes: mean(votes),
        messages_per_trial: messages as f64 / n,
        cards_per_trial: cards as f64 / n,
        unmoving_share: if messages == 0 {
            0.0
        } else {
            unmoving as f64 / messages as f64
        },
        deliberation_rounds_per_trial: rounds as f64 / n,
        offline_labelled: offline,
        llm_calls: None,
        llm_calls_per_game_mean: None,
        repaired: None,
        fallbacks: None,
        faults: None,
        prompt_tokens_per_call: None,
        prompt_tokens_per_game_mean: None,
        cached_share: None,
        wall_secs_per_game_mean: None,
    };
    if models {
        let mut tokens = TokenFigures::default();
        let (mut calls, mut repaired, mut fallbacks, mut secs) = (0, 0, 0, 0.0);
        let mut cached = 0u64;
        let mut faults: BTreeMap<String, u64> = BTreeMap::new();
        for (_, f) in played {
            for (k, n) in &f.faults {
                *faults.entry(k.clone()).or_default() += n;
            }
            calls += f.calls;
            repaired += f.repaired;
            fallbacks += f.fallbacks;
            secs += f.secs;
            cached += f.cached_tokens;
            for &t in &f.prompt_tokens {
                tokens.add(t);
            }
        }
        report.llm_calls = Some(calls);
        report.llm_calls_per_game_mean = Some(calls as f64 / n);
        report.repaired = Some(repaired);
        report.fallbacks = Some(fallbacks);
        report.faults = Some(faults);
        report.prompt_tokens_per_game_mean = Some(tokens.total as f64 / n);
        report.cached_share = Some(if tokens.total > 0 {
            cached as f64 / tokens.total as f64
        } else {
            0.0
        });
        report.prompt_tokens_per_call = Some(tokens);
        report.wall_secs_per_game_mean = Some(secs / n);
    }
    report
}

impl TrialReport {
    /// The figures as a table.
    pub fn table(&self) -> String {
        let mut s = format!(
            "{} trials of {} ({} mode, {} players): NOT GUILTY {} ({:.1}%), GUILTY {}\n",
            self.trials,
            self.case,
            self.mode,
            self.players,
            self.verdicts["NOT_GUILTY"],
            self.not_guilty_share * 100.0,
            self.verdicts["GUILTY"],
        );
        s.push_str(&format!(
            "messages {:.1}, cards {:.2}, deliberation rounds {:.2} per trial; {:.1}% of messages moved no juror\n",
            self.messages_per_trial,
            self.cards_per_trial,
            self.deliberation_rounds_per_trial,
            self.unmoving_share * 100.0
        ));
        for (j, m) in &self.mean_shift {
            s.push_str(&format!(
                "  {j}: mean shift {m:+.2}, NOT GUILTY votes {:.1}%\n",
                self.not_guilty_votes.get(j).copied().unwrap_or(0.0) * 100.0
            ));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offline_trials_end_with_a_verdict_the_same_on_any_thread_count() {
        let kit = TrialKit::default();
        let opts = TrialSimOptions {
            case: "robot_prompt_injection".into(),
            trials: 12,
            seed: 3,
            players: 2,
            rules: TrialRules::default(),
            threads: 1,
            lang: Lang::En,
        };
        let one = run(&kit, &opts).unwrap();
        let two = run(
            &kit,
            &TrialSimOptions {
                threads: 2,
                ..opts.clone()
            },
        )
        .unwrap();
        assert_eq!(one, two);
        assert_eq!(one.trials, 12);
        assert_eq!(one.verdicts.values().sum::<u64>(), 12);
        assert!(one.offline_labelled);
        assert!(one.messages_per_trial > 10.0, "{}", one.table());
        assert_eq!(one.deliberation_rounds_per_trial, 2.0);
    }
}
