//! The social debate's arithmetic, exactly as the design settles it: one participant's
//! stance and conviction, the ratings it received (histories of the last 10), how a rating
//! moves it, when it surrenders, and everyone's score and the verdict.
//!
//! One update of a target by one speech: record the ratings (every value goes into the
//! histories), then persuasion (if > 0.6), then attack (if > 0.3), then the surrender
//! check. Persuasion is kept per (target, persuader) too, so the influence bonus goes to
//! the one who persuaded, and the +20 surrender bonus to the target's main persuader.

use crate::Seat;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

/// How many values a history keeps.
pub const HISTORY: usize = 10;

/// An evaluator's rating of one speech's effect on one target, each in [0, 1].
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Rating {
    pub persuasion: f64,
    pub attack: f64,
    /// Shown, never scored.
    pub evidence: f64,
}

impl Rating {
    /// Why the rating is out of range, if it is.
    pub fn check(&self) -> Result<(), String> {
        for (name, v) in [
            ("persuasion", self.persuasion),
            ("attack", self.attack),
            ("evidence", self.evidence),
        ] {
            if !(0.0..=1.0).contains(&v) {
                return Err(format!("{name} must be between 0 and 1, not {v}"));
            }
        }
        Ok(())
    }
}

/// Why a participant stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Surrender {
    /// This update's persuasion > 0.6 and conviction < 0.4.
    Persuaded,
    /// |stance| < 0.2 and conviction < 0.5.
    Wavering,
    /// The last three persuasion values received all > 0.5.
    Worn,
    /// A person gave in by command.
    Conceded,
}

impl Surrender {
    pub fn describe(self) -> &'static str {
        match self {
            Surrender::Persuaded => "persuaded while its conviction was low",
            Surrender::Wavering => "drawn to the middle with little conviction left",
            Surrender::Worn => "persuaded three times in a row",
            Surrender::Conceded => "conceded",
        }
    }
}

/// One participant's state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Mind {
    pub stance: f64,
    pub conviction: f64,
    pub surrendered: Option<Surrender>,
    /// The persuasion received, pooled over persuaders (last 10), with who gave it.
    pub persuasion: VecDeque<(Seat, f64)>,
    pub attack: VecDeque<f64>,
    pub evidence: VecDeque<f64>,
    /// Persuasion received per persuader (last 10 each).
    pub by_persuader: BTreeMap<Seat, VecDeque<f64>>,
    /// Who gets the surrender bonus (the main persuader at the surrender), if anyone.
    pub bonus_to: Option<Seat>,
}

fn keep<T>(history: &mut VecDeque<T>, value: T) {
    history.push_back(value);
    while history.len() > HISTORY {
        history.pop_front();
    }
}

fn mean(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, n) = values.fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    (n > 0).then(|| sum / n as f64)
}

impl Mind {
    pub fn new(stance: f64, conviction: f64) -> Mind {
        Mind {
            stance: stance.clamp(-1.0, 1.0),
            conviction: conviction.clamp(0.0, 1.0),
            surrendered: None,
            persuasion: VecDeque::new(),
            attack: VecDeque::new(),
            evidence: VecDeque::new(),
            by_persuader: BTreeMap::new(),
            bonus_to: None,
        }
    }

    pub fn is_active(&self) -> bool {
        self.surrendered.is_none()
    }

    /// The mean attack received (0 with none).
    pub fn mean_attack(&self) -> f64 {
        mean(self.attack.iter().copied()).unwrap_or(0.0)
    }

    /// The persuader who gave the most over the last three persuasion values (a tie: the
    /// one who gave the latest of the tied); `None` with no persuasion received.
    pub fn main_persuader(&self) -> Option<Seat> {
        let last: Vec<(Seat, f64)> = self.persuasion.iter().rev().take(3).copied().collect();
        let mut sums: Vec<(Seat, f64)> = Vec::new();
        for &(who, v) in &last {
            match sums.iter_mut().find(|(s, _)| *s == who) {
                Some(entry) => entry.1 += v,
                None => sums.push((who, v)),
            }
        }
        // `sums` is in order of each persuader's latest value, latest first: the first of
        // the highest wins a tie.
        let best = sums.iter().map(|x| x.1).fold(f64::NEG_INFINITY, f64::max);
        sums.into_iter().find(|x| x.1 == best).map(|x| x.0)
    }

    /// Applies `rating` by `persuader`; returns the surrender it caused, if any.
    pub fn rated(&mut self, persuader: Seat, rating: Rating) -> Option<Surrender> {
        keep(&mut self.persuasion, (persuader, rating.persuasion));
        keep(&mut self.attack, rating.attack);
        keep(&mut self.evidence, rating.evidence);
        keep(
            self.by_persuader.entry(persuader).or_default(),
            rating.persuasion,
        );
        if rating.persuasion > 0.6 {
            let effect = rating.persuasion * (1.0 - self.conviction);
            self.stance *= 1.0 - effect * 0.3;
            self.conviction *= 0.85;
        }
        if rating.attack > 0.3 {
            let effect = (rating.attack - self.conviction * 0.8).max(0.0);
            self.stance = (self.stance * (1.0 + effect * 0.2)).clamp(-1.0, 1.0);
            self.conviction = (self.conviction * 1.1).min(1.0);
        }
        let three = self.persuasion.len() >= 3
            && self.persuasion.iter().rev().take(3).all(|&(_, v)| v > 0.5);
        let why = if rating.persuasion > 0.6 && self.conviction < 0.4 {
            Some(Surrender::Persuaded)
        } else if self.stance.abs() < 0.2 && self.conviction < 0.5 {
            Some(Surrender::Wavering)
        } else if three {
            Some(Surrender::Worn)
        } else {
            None
        };
        if let Some(why) = why {
            self.surrender(why);
        }
        why
    }

    /// Stops this participant; the bonus goes to its main persuader at this moment.
    pub fn surrender(&mut self, why: Surrender) {
        if self.surrendered.is_none() {
            self.surrendered = Some(why);
            self.bonus_to = self.main_persuader();
        }
    }
}

/// Every participant's score, seat 1 first:
/// `|stance|·conviction·30 + Σ influence (mean persuasion given to each other × 10) +
/// 20 per surrender it was the main persuader of + (1 − mean attack)·conviction·20 − 50
/// if surrendered`.
pub fn scores(minds: &[Mind]) -> Vec<f64> {
    (0..minds.len())
        .map(|i| {
            let me = i as Seat + 1;
            let m = &minds[i];
            let mut score = m.stance.abs() * m.conviction * 30.0;
            for (j, other) in minds.iter().enumerate() {
                if j == i {
                    continue;
                }
                if other.surrendered.is_some() && other.bonus_to == Some(me) {
                    score += 20.0;
                }
                if let Some(avg) = other
                    .by_persuader
                    .get(&me)
                    .and_then(|h| mean(h.iter().copied()))
                {
                    score += avg * 10.0;
                }
            }
            score += (1.0 - m.mean_attack()) * m.conviction * 20.0;
            if m.surrendered.is_some() {
                score -= 50.0;
            }
            score
        })
        .collect()
}

/// What one participant's score is made of, each part as [`scores`] adds it: the five
/// parts sum to the score (the order of the additions aside).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Parts {
    /// |stance|·conviction·30: how firmly it still holds its side.
    pub held: f64,
    /// Σ over the others of the mean persuasion it gave each × 10.
    pub influence: f64,
    /// +20 for each participant who gave in with it as the main persuader.
    pub won_over: f64,
    /// (1 − mean attack received)·conviction·20: how calmly it was answered.
    pub composure: f64,
    /// −50 if it gave in.
    pub gave_in: f64,
}

impl Parts {
    pub fn total(&self) -> f64 {
        self.held + self.influence + self.won_over + self.composure + self.gave_in
    }
}

/// Every participant's score in its parts, seat 1 first (see [`scores`]).
pub fn breakdown(minds: &[Mind]) -> Vec<Parts> {
    (0..minds.len())
        .map(|i| {
            let me = i as Seat + 1;
            let m = &minds[i];
            let mut parts = Parts {
                held: m.stance.abs() * m.conviction * 30.0,
                composure: (1.0 - m.mean_attack()) * m.conviction * 20.0,
                gave_in: if m.surrendered.is_some() { -50.0 } else { 0.0 },
                ..Parts::default()
            };
            for (j, other) in minds.iter().enumerate() {
                if j == i {
                    continue;
                }
                if other.surrendered.is_some() && other.bonus_to == Some(me) {
                    parts.won_over += 20.0;
                }
                if let Some(avg) = other
                    .by_persuader
                    .get(&me)
                    .and_then(|h| mean(h.iter().copied()))
                {
                    parts.influence += avg * 10.0;
                }
            }
            parts
        })
        .collect()
}

/// How a social debate was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Someone surrendered.
    Overwhelming,
    /// The lead is over 30.
    Clear,
    Narrow,
}

impl Verdict {
    pub const ALL: [Verdict; 3] = [Verdict::Overwhelming, Verdict::Clear, Verdict::Narrow];
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Overwhelming => "overwhelming",
            Verdict::Clear => "clear",
            Verdict::Narrow => "narrow",
        }
    }
    pub fn title(self) -> &'static str {
        match self {
            Verdict::Overwhelming => "Overwhelming victory",
            Verdict::Clear => "Clear advantage",
            Verdict::Narrow => "Narrow victory",
        }
    }
}

/// The winner (the top score; `None` on a tie at the top) and the verdict.
pub fn verdict(minds: &[Mind], scores: &[f64]) -> (Option<Seat>, Verdict) {
    let mut ranked: Vec<usize> = (0..scores.len()).collect();
    ranked.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
    let lead = match ranked.as_slice() {
        [a, b, ..] => scores[*a] - scores[*b],
        _ => 0.0,
    };
    let winner = (lead > 0.0 || ranked.len() == 1).then(|| ranked[0] as Seat + 1);
    let verdict = if minds.iter().any(|m| m.surrendered.is_some()) {
        Verdict::Overwhelming
    } else if lead > 30.0 {
        Verdict::Clear
    } else {
        Verdict::Narrow
    };
    (winner, verdict)
}
