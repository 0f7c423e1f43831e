//! Debate players: the debaters (with a personality), the team captain (who takes the
//! free-debate floor) and the judge, each asking a model when one is configured for its
//! role and playing offline otherwise (speeches from the topic's argument bank, a
//! transparent heuristic judge whose every score is marked offline).

use crate::agents::Agent;
use crate::games::debate::TeamDebate;
use crate::games::Seat;

/// What the debate AI seats of a process can use: topics, personalities, prompts, and a
/// model client per role when configured (Pro, Con, the judge).
#[derive(Clone, Default)]
pub struct DebateKit {}

/// The debate an AI seat sits at: its topic (an id in `content/debate/topics/`, `None` for
/// a typed motion) and motion.
#[derive(Debug, Clone, Copy)]
pub struct Table<'a> {
    pub topic: Option<&'a str>,
    pub motion: &'a str,
}

/// The AI debater of `seat`. `humans` are the seats people play (a captain may hand them
/// the floor).
pub fn debater(
    kit: &DebateKit,
    table: Table<'_>,
    seat: Seat,
    personality: &str,
    humans: &[Seat],
    seed: u64,
) -> Box<dyn Agent<TeamDebate>> {
    let _ = (kit, table, seat, personality, humans, seed);
    todo!("agents/debate: the debater (helper h2)")
}

/// The judge.
pub fn judge(kit: &DebateKit, table: Table<'_>, seed: u64) -> Box<dyn Agent<TeamDebate>> {
    let _ = (kit, table, seed);
    todo!("agents/debate: the judge (helper h2)")
}
