//! Short generated speeches. The phrases are the ones [`claims::read`] understands, so
//! other players (AI or moderator) can follow the claims.
//!
//! [`claims::read`]: crate::games::werewolf::claims::read

use crate::games::werewolf::{Role, Seat, SeatSet};
use std::fmt::Write;

/// What a speech says, before it is put into words.
#[derive(Debug, Default, Clone)]
pub struct Plan {
    pub role: Option<Role>,
    /// Reported checks, in order: (seat, is a wolf).
    pub reports: Vec<(Seat, bool)>,
    /// Seats denounced as fake seers.
    pub fakes: SeatSet,
    pub saved: Option<Seat>,
    pub vote: Option<Seat>,
    pub suspects: SeatSet,
    pub pk_plea: bool,
    pub peaceful_night: bool,
}

const OPENERS: [&str; 4] = ["", "Listen. ", "My read: ", "Quick one. "];

pub fn render(plan: &Plan, flavour: usize) -> String {
    let mut s = String::with_capacity(160);
    s.push_str(OPENERS[flavour % OPENERS.len()]);
    match plan.role {
        Some(Role::Villager) => s.push_str("I am a villager. "),
        Some(role) => {
            let _ = write!(s, "I am the {role}. ");
        }
        None => {}
    }
    for (seat, wolf) in &plan.reports {
        let _ = write!(
            s,
            "Checked {seat}: {}. ",
            if *wolf { "wolf" } else { "good" }
        );
    }
    for fake in plan.fakes.iter() {
        let _ = write!(s, "{fake} is a wolf, a fake seer. ");
    }
    if let Some(saved) = plan.saved {
        let _ = write!(s, "I saved {saved}. ");
    }
    if plan.peaceful_night && plan.reports.is_empty() {
        s.push_str("Peaceful night, someone was saved. ");
    }
    if plan.pk_plea {
        s.push_str("I am good, do not waste the vote on me. ");
    }
    for seat in plan.suspects.iter() {
        if Some(seat) != plan.vote {
            let _ = write!(s, "I suspect {seat}. ");
        }
    }
    if let Some(v) = plan.vote {
        let _ = write!(s, "Vote {v}.");
    }
    if s.is_empty() {
        s.push_str("No read yet, I will listen.");
    }
    let trimmed = s.trim_end().len();
    s.truncate(trimmed);
    s
}
