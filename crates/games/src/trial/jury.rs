//! The jury's arithmetic: a juror's hidden stance in [−100, 100] (decimals) moved by a
//! message's main topics — Σ weight × impact factor × 0.5^(k−1), k the use of that topic
//! with that juror by all players together, at most 25 a message, clamped — by evidence
//! (its effect once per juror, uncapped), and in deliberation by another juror's statement
//! — Σ the listener's weight × factor × the speaker's power × (1 − |gap| / 200), at most 15
//! a round; the vote (NOT GUILTY when stance > 0) and the majority.

use super::label::TopicLabel;
use std::collections::BTreeMap;

/// The most one message moves a juror.
pub const MESSAGE_CAP: f64 = 25.0;
/// The most one deliberation round moves a listener.
pub const DELIBERATION_CAP: f64 = 15.0;

/// One juror's state.
#[derive(Debug, Clone, PartialEq)]
pub struct Juror {
    pub id: String,
    pub stance: f64,
    pub weights: BTreeMap<String, f64>,
    pub speaker_power: f64,
    /// Uses of each topic with this juror, all players together.
    pub uses: BTreeMap<String, u32>,
}

impl Juror {
    pub fn new(id: &str, stance: f64, weights: BTreeMap<String, f64>, speaker_power: f64) -> Juror {
        Juror {
            id: id.into(),
            stance: stance.clamp(-100.0, 100.0),
            weights,
            speaker_power,
            uses: BTreeMap::new(),
        }
    }

    fn weight(&self, topic: &str) -> f64 {
        self.weights.get(topic).copied().unwrap_or(0.0)
    }

    /// A message's main topics heard: each is a use (halving the next one's effect);
    /// returns the move applied.
    pub fn hear(&mut self, main: &[TopicLabel]) -> f64 {
        let mut shift = 0.0;
        for l in main.iter().take(2) {
            let weight = self.weight(&l.topic);
            let k = self.uses.entry(l.topic.clone()).or_insert(0);
            *k += 1;
            shift += weight * l.impact.factor() * 0.5f64.powi(*k as i32 - 1);
        }
        self.apply(shift.clamp(-MESSAGE_CAP, MESSAGE_CAP))
    }

    /// Moves the stance by `delta`, clamped; returns the move applied.
    pub fn apply(&mut self, delta: f64) -> f64 {
        let before = self.stance;
        self.stance = (self.stance + delta).clamp(-100.0, 100.0);
        self.stance - before
    }

    pub fn not_guilty(&self) -> bool {
        self.stance > 0.0
    }
}

/// A deliberation statement's move on each listener (seat order, the speaker left out),
/// from the stances before the step: Σ over the two main topics of the listener's weight ×
/// factor × the speaker's power × (1 − |gap| / 200), at most 15.
pub fn deliberation(jurors: &[Juror], speaker: usize, main: &[TopicLabel]) -> Vec<(usize, f64)> {
    let s = &jurors[speaker];
    (0..jurors.len())
        .filter(|&i| i != speaker)
        .map(|i| {
            let l = &jurors[i];
            let closeness = 1.0 - (s.stance - l.stance).abs() / 200.0;
            let sum: f64 = main
                .iter()
                .take(2)
                .map(|t| l.weight(&t.topic) * t.impact.factor() * s.speaker_power * closeness)
                .sum();
            (i, sum.clamp(-DELIBERATION_CAP, DELIBERATION_CAP))
        })
        .collect()
}

/// Who speaks next in deliberation: the juror furthest from 0 who has not spoken (a tie:
/// the first seated).
pub fn next_speaker(jurors: &[Juror], spoken: &[usize]) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (i, j) in jurors.iter().enumerate() {
        if spoken.contains(&i) {
            continue;
        }
        if best.is_none_or(|b| j.stance.abs() > jurors[b].stance.abs()) {
            best = Some(i);
        }
    }
    best
}

/// NOT GUILTY when most jurors vote so.
pub fn majority_not_guilty(jurors: &[Juror]) -> bool {
    jurors.iter().filter(|j| j.not_guilty()).count() * 2 > jurors.len()
}

#[cfg(test)]
mod tests {
    use super::super::label::Impact;
    use super::*;

    fn wang() -> Juror {
        let w = [
            ("technical_responsibility", 15.0),
            ("external_attack", 20.0),
            ("ai_autonomy", -10.0),
            ("emotional_appeal", -5.0),
            ("legal_precedent", 10.0),
            ("victim_position", 5.0),
        ];
        Juror::new(
            "wang",
            0.0,
            w.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
            1.0,
        )
    }

    fn t(topic: &str, impact: Impact) -> TopicLabel {
        TopicLabel {
            topic: topic.into(),
            impact,
            quote: "x".into(),
        }
    }

    #[test]
    fn repeats_halve_and_a_message_moves_at_most_25() {
        let mut j = wang();
        // 20 + 15 = 35, capped at 25.
        assert_eq!(
            j.hear(&[
                t("external_attack", Impact::Positive),
                t("technical_responsibility", Impact::Positive)
            ]),
            25.0
        );
        // Second use of each: 10 + 7.5.
        assert_eq!(
            j.hear(&[
                t("external_attack", Impact::Positive),
                t("technical_responsibility", Impact::Positive)
            ]),
            17.5
        );
        // Third use: 5; negative on legal: −5 (first use); only two topics count.
        assert_eq!(
            j.hear(&[
                t("external_attack", Impact::Positive),
                t("legal_precedent", Impact::Negative),
                t("victim_position", Impact::Positive)
            ]),
            0.0
        );
        assert_eq!(j.uses.get("victim_position"), None);
        // Neutral: 0.3 × weight; emotional appeal moves Wang the wrong way.
        let mut j = wang();
        assert!((j.hear(&[t("emotional_appeal", Impact::Neutral)]) + 1.5).abs() < 1e-12);
        j.stance = 99.0;
        assert_eq!(j.hear(&[t("external_attack", Impact::Positive)]), 1.0);
        assert_eq!(j.stance, 100.0);
    }

    #[test]
    fn deliberation_weighs_power_and_closeness_and_caps_at_15() {
        let mut a = wang();
        a.stance = 60.0;
        a.speaker_power = 1.5;
        let mut b = wang();
        b.stance = -40.0;
        let mut c = wang();
        c.stance = 60.0;
        let jurors = vec![a, b, c];
        assert_eq!(next_speaker(&jurors, &[]), Some(0));
        assert_eq!(next_speaker(&jurors, &[0]), Some(2));
        let moves = deliberation(&jurors, 0, &[t("legal_precedent", Impact::Positive)]);
        // b: 10 × 1 × 1.5 × (1 − 100/200) = 7.5; c: 10 × 1.5 × 1 = 15.
        assert_eq!(moves, vec![(1, 7.5), (2, 15.0)]);
        let big = deliberation(
            &jurors,
            0,
            &[
                t("external_attack", Impact::Positive),
                t("technical_responsibility", Impact::Positive),
            ],
        );
        assert_eq!(big[1].1, 15.0);
        assert!(majority_not_guilty(&jurors));
    }
}
