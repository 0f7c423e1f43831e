//! The offline judge read against held-back probes: the team probes of
//! `tests/scenarios/judge_probes/` read here with their notes (the integration test
//! `the_built_in_judge_is_fair_to_an_original_speech` scores them through the scenario
//! runner), and the moderated format's quoting rebuttal, which no scenario file scores.

use super::bridge::Bridge;
use super::heuristic;
use super::memory::Memory;
use super::topics::Topics;
use crate::games::debate::team::{Event, Limits, Part, Side, Speech};
use serde_json::Value;
use std::path::PathBuf;

fn probes_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios/judge_probes")
}

fn seat_of(name: &str) -> u8 {
    let n: u8 = name[3..].parse().expect("a seat name ends in its position");
    if name.starts_with("pro") {
        n
    } else {
        n + 4
    }
}

/// The last speech of a team probe, scored: (score, the judge's note).
fn probe(name: &str) -> (f64, String) {
    let text = std::fs::read_to_string(probes_dir().join(name)).expect("the probe exists");
    let file: Value = serde_json::from_str(&text).expect("the probe is JSON");
    let topics = Topics::builtin();
    let topic = topics
        .get(file["topic"].as_str().expect("a topic"))
        .expect("a known topic");
    let scale = file["config"]["length_scale"].as_f64().unwrap_or(1.0);
    let limits = Limits::scaled(scale);
    let mut memory = Memory::new(crate::games::debate::team::JUDGE, &topic.motion);
    memory.observe(&Event::Motion {
        motion: topic.motion.clone(),
        limits,
    });
    let actions = file["actions"].as_array().expect("actions");
    let mut last = None;
    let mut asked = false;
    for (i, a) in actions.iter().enumerate() {
        let part = match (i, a["do"].as_str()) {
            (0 | 1, _) => Part::Opening,
            (_, Some("ask")) => Part::Question,
            _ if asked => Part::Answer,
            _ => Part::Summary,
        };
        asked = part == Part::Question;
        let text = a["text"].as_str().expect("a text").to_string();
        let speech = Speech {
            index: i as u32,
            seat: seat_of(a["seat"].as_str().expect("a seat")),
            part,
            words: crate::games::debate::words::count(&text),
            text,
            limit: limits.of(part),
            target: a["target"].as_str().map(seat_of),
        };
        memory.observe(&Event::Spoke(speech.clone()));
        last = Some(speech);
    }
    let speech = last.expect("a speech");
    let (scores, note) = heuristic::score(topic, &memory, &speech);
    // The speech score as the game weighs the five marks.
    let total = 0.25 * scores.logic as f64
        + 0.25 * scores.persuasion as f64
        + 0.20 * scores.expression as f64
        + 0.15 * scores.teamwork as f64
        + 0.15 * scores.rule_compliance as f64;
    (total, note)
}

#[test]
fn every_probe_reads_an_original_speech_at_least_as_the_bank() {
    for topic in ["remote_work", "universal_basic_income"] {
        for slot in ["opening", "reply", "answer", "question", "rebuttal"] {
            let got: Vec<(f64, String)> = ["bank", "original", "vague"]
                .iter()
                .map(|kind| probe(&format!("{topic}-{slot}-{kind}.json")))
                .collect();
            for ((score, note), kind) in got.iter().zip(["bank", "original", "vague"]) {
                eprintln!("{topic}-{slot}-{kind}: {score:.2} {note}");
            }
            let at_least = if matches!(slot, "question" | "rebuttal") {
                0.0
            } else {
                0.25
            };
            assert!(got[1].0 >= got[0].0 - at_least, "{topic}-{slot}: {got:?}");
            assert!(got[1].0 >= got[2].0 + 1.0, "{topic}-{slot}: {got:?}");
        }
    }
}

/// A moderated round read as the offline moderator reads it: P1 and P2 open, then P1
/// answers P2 by quoting P2; returns P1's second speech's scores (argument, rebuttal,
/// strategy summed, of 30) and the note.
fn moderated_round_two(p1_second: &str) -> (u32, String) {
    let topics = Topics::builtin();
    let topic = topics.get("universal_basic_income").expect("a topic");
    let mut bridge = Bridge::new(&topic.motion, &[Side::Pro, Side::Con], 3, None);
    bridge.spoke(
        1,
        1,
        "A universal basic income gives every adult a secure floor. Finland's 2017-18 trial \
         found that recipients reported less stress and better health than the control group. \
         It ends the welfare trap, because a payment that is never withdrawn never punishes \
         extra work.",
        300,
    );
    bridge.spoke(
        2,
        1,
        "The welfare trap is a myth that a slower taper of benefits would cure. Paying every \
         UK adult 10,000 pounds a year would cost over 500 billion pounds, more than the \
         whole welfare and health budgets combined.",
        300,
    );
    let speech = bridge.spoke(1, 2, p1_second, 300);
    let (j, note) = heuristic::score(topic, &bridge.memory, &speech);
    let strategy = (j.expression as u32 + j.rule_compliance as u32).div_ceil(2);
    (j.logic as u32 + j.persuasion as u32 + strategy, note)
}

#[test]
fn the_moderated_judge_credits_quoting_an_opponent_to_rebut_them() {
    let quoting = moderated_round_two(
        "P2 said the welfare trap is a myth that a slower taper of benefits would cure. \
         Britain has tapered Universal Credit three times since 2013 and a claimant still \
         keeps only 45 pence of each extra pound earned. P2 said it would cost over 500 \
         billion pounds. That is the gross figure; most of it comes back in tax from everyone \
         in work.",
    );
    let reciting = moderated_round_two(
        "A basic income puts a floor under everyone, so nobody falls into destitution \
         between jobs or benefits. Means tests miss millions of eligible people, stigmatise \
         those who claim, and cost a fortune to police. The headline cost is misleading \
         because most of the payment is clawed back through tax from those in work.",
    );
    eprintln!("quoting {quoting:?}\nreciting {reciting:?}");
    assert!(!quoting.1.contains("already said"), "{quoting:?}");
    assert!(quoting.0 >= reciting.0, "{quoting:?} {reciting:?}");
    assert!(quoting.0 >= 27, "{quoting:?}");
}
