//! The moderated debate's arithmetic, exact: each round's score and each rubric sub-score
//! is the mean of two passes, the final score is
//! `(mean round score / 30 × 100) × 0.25 + final evaluation × 0.75`, and the victory type
//! comes from the margin (≥ 10 clear, ≥ 3 narrow, else a draw), never clear when the two
//! passes' rubric totals put different participants on top.
//!
//! With `S` the sum over rounds and both passes of a participant's round totals, `E` the
//! sum of its two rubric totals and `R` the rounds scored, the final score is
//! `(10·S + 9·E·R) / (24·R)`: an integer over a common denominator, so margins compare
//! exactly and scores print as the nearest decimal.

use super::types::{RoundScore, Rubric, Victory, RUBRIC};
use crate::Seat;
use serde::Serialize;

/// A finished (or running) moderated debate's result.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standing {
    /// Final scores, seat 1 first, out of 100.
    pub scores: Vec<f64>,
    /// The mean round score (of 30), seat 1 first.
    pub round_means: Vec<f64>,
    /// The final evaluation (the mean of the two passes' rubric totals), seat 1 first.
    pub evaluations: Vec<f64>,
    /// `None` on a draw.
    pub winner: Option<Seat>,
    pub victory: Victory,
    /// Whether the two final passes put the same participants on top.
    pub passes_agree: bool,
    /// Top score minus the next one.
    pub margin: f64,
}

/// `S` for each participant: its round totals summed over rounds and both passes.
fn round_sums(rounds: &[[Vec<RoundScore>; 2]], n: usize) -> Vec<u64> {
    (0..n)
        .map(|i| {
            rounds
                .iter()
                .flat_map(|passes| passes.iter())
                .map(|pass| pass.get(i).map_or(0, |s| s.total() as u64))
                .sum()
        })
        .collect()
}

/// The seats whose total tops one pass (several on a tie).
pub fn pass_top(pass: &[Rubric]) -> Vec<Seat> {
    let best = pass.iter().map(Rubric::total).max().unwrap_or(0);
    (0..pass.len())
        .filter(|&i| pass[i].total() == best)
        .map(|i| i as Seat + 1)
        .collect()
}

/// Each sub-score's mean over the two passes, for participant `i` (seat `i + 1`).
pub fn sub_means(passes: &[Vec<Rubric>; 2], i: usize) -> [f64; 13] {
    let mut out = [0.0; 13];
    for (k, slot) in out.iter_mut().enumerate() {
        let sum: u32 = passes
            .iter()
            .map(|p| p.get(i).map_or(0, |r| r.0[k] as u32))
            .sum();
        *slot = sum as f64 / 2.0;
    }
    out
}

/// A category's mean points over the two passes, for participant `i`.
pub fn category_mean(passes: &[Vec<Rubric>; 2], i: usize, category: usize) -> f64 {
    let means = sub_means(passes, i);
    RUBRIC
        .iter()
        .zip(means)
        .filter(|(spec, _)| spec.category == category)
        .map(|(_, v)| v)
        .sum()
}

/// The standing of `n` participants from the scored rounds and the final passes (none
/// yet: the round part alone, and no winner is named).
pub fn standing(
    rounds: &[[Vec<RoundScore>; 2]],
    last: Option<&[Vec<Rubric>; 2]>,
    n: usize,
) -> Standing {
    let r = rounds.len().max(1) as i64;
    let s = round_sums(rounds, n);
    let e: Vec<u64> = (0..n)
        .map(|i| {
            last.map_or(0, |passes| {
                passes
                    .iter()
                    .map(|p| p.get(i).map_or(0, |x| x.total() as u64))
                    .sum()
            })
        })
        .collect();
    let denominator = 24 * r;
    let numerators: Vec<i64> = (0..n)
        .map(|i| 10 * s[i] as i64 + 9 * e[i] as i64 * r)
        .collect();
    let scores = numerators
        .iter()
        .map(|&x| x as f64 / denominator as f64)
        .collect();
    let mut ranked: Vec<usize> = (0..n).collect();
    ranked.sort_by_key(|&i| std::cmp::Reverse(numerators[i]));
    let (top, next) = match ranked.as_slice() {
        [a, b, ..] => (numerators[*a], numerators[*b]),
        [a] => (numerators[*a], numerators[*a]),
        [] => (0, 0),
    };
    let gap = top - next;
    let passes_agree = last.is_none_or(|p| pass_top(&p[0]) == pass_top(&p[1]));
    // Margins of 10 and 3 points, on the common denominator.
    let victory = if gap >= 10 * denominator && passes_agree {
        Victory::Clear
    } else if gap >= 3 * denominator {
        Victory::Narrow
    } else {
        Victory::Draw
    };
    let winner = match (last, victory) {
        (Some(_), Victory::Clear | Victory::Narrow) => ranked.first().map(|&i| i as Seat + 1),
        _ => None,
    };
    Standing {
        scores,
        round_means: s
            .iter()
            .map(|&x| x as f64 / (2 * rounds.len().max(1)) as f64)
            .collect(),
        evaluations: e.iter().map(|&x| x as f64 / 2.0).collect(),
        winner,
        victory,
        passes_agree,
        margin: gap as f64 / denominator as f64,
    }
}
