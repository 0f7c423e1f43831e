//! Seer-claim probes: games of built-in players where one seat is scripted to claim seer on
//! day 1 as a person would type it, and how the built-in village answers.
//!
//! - A true claim: the real seer says her night-1 check ("I'm the seer. I checked 5 last
//!   night: wolf. Vote 5."). Does the village vote the named wolf out on day 1, also when a
//!   wolf claimed seer before her?
//! - A false claim: a wolf says he is the seer and frames a good seat. Does the village vote
//!   the framed seat out (fooled), or the liar (caught)?
//! - The seer who keeps quiet on day 1 ("Nothing to add yet."): is she voted out more than
//!   when she speaks up?
//! - A lone accusation with no reason: does the table herd behind it?
//!
//! Each is split by whether a wolf claimed seer on day 1 before the scripted speech, after
//! it, or not at all.
//!
//! The scripted text is read by the claims reader, as any person's speech is (no claims are
//! handed over). Every other answer of the scripted seat is its built-in player's.

use super::lineup::play_seated;
use super::{player, Player, Strategy};
use crate::games::werewolf::{
    below, Action, Ask, AskKind, Ballot, Event, Role, Rules, Seat, SeatSet, SpeechKind, Werewolf,
};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde::Serialize;
use std::sync::Arc;

/// Which claim the scripted seat makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// The seer, with her real night-1 check.
    True,
    /// The first wolf, framing a good seat.
    False,
    /// The first villager, naming a seat with no claim and no reason ("I think 5 is a
    /// wolf. Vote 5."): a lone accusation.
    Accuse,
    /// The seer, saying nothing of her role or her check.
    Quiet,
}

/// Day-1 outcomes of the scripted speeches of one kind.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Outcomes {
    /// Scripted speeches made (the named seat, if any, was alive).
    pub claims: u64,
    /// Of those, day 1's vote sent out the named seat / the speaker.
    pub named_voted_out: u64,
    pub claimer_voted_out: u64,
}

impl Outcomes {
    fn add(&mut self, named: Option<Seat>, claimer: Seat, out: Option<Seat>) {
        self.claims += 1;
        self.named_voted_out += u64::from(named.is_some() && out == named);
        self.claimer_voted_out += u64::from(out == Some(claimer));
    }

    /// `n` of the claims, as a share (0 when there were none).
    pub fn rate(&self, n: u64) -> f64 {
        n as f64 / self.claims.max(1) as f64
    }
}

/// What the probe measured (day-1 votes only).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ProbeFigures {
    pub games: u64,
    /// Every scripted speech (a true claim whose check found a villager names nobody to
    /// vote out, and is not counted; a quiet seer names nobody and is).
    pub all: Outcomes,
    /// Those made after a wolf had claimed seer that day, those a wolf's seer claim
    /// followed, and those with no wolf claiming seer on day 1.
    pub wolf_claimed_before: Outcomes,
    pub wolf_claimed_after: Outcomes,
    pub no_wolf_claim: Outcomes,
    /// Day-1 votes of the other seats, and of those, votes for the named seat.
    pub other_votes: u64,
    pub other_votes_for_named: u64,
    /// Days where all but at most one of the other voters voted the named seat.
    pub herd: u64,
}

/// A built-in player whose first day speech is a scripted seer claim.
struct Scripted {
    inner: Box<dyn Player>,
    claim: Claim,
    me: Seat,
    pack: SeatSet,
    check: Option<(Seat, bool)>,
    frame: u64,
    said: bool,
}

impl Scripted {
    /// The seat named and whether it is named a wolf.
    fn report(&self) -> Option<(Seat, bool)> {
        match self.claim {
            Claim::True => self.check,
            Claim::Quiet => Some((self.me, false)),
            Claim::Accuse => {
                let others = SeatSet::upto(9).without(self.me);
                let mut rng = ChaCha8Rng::seed_from_u64(self.frame);
                others
                    .nth(below(&mut rng, others.len().max(1)))
                    .map(|s| (s, true))
            }
            Claim::False => {
                let good = SeatSet::upto(9).minus(self.pack).without(self.me);
                let mut rng = ChaCha8Rng::seed_from_u64(self.frame);
                good.nth(below(&mut rng, good.len().max(1)))
                    .map(|s| (s, true))
            }
        }
    }
}

impl Player for Scripted {
    fn observe(&mut self, event: &Event) {
        match event {
            Event::RoleDealt { seat, .. } => self.me = *seat,
            Event::WolfPack { wolves } => self.pack = *wolves,
            Event::SeerResult { target, wolf } if self.check.is_none() => {
                self.check = Some((*target, *wolf))
            }
            _ => {}
        }
        self.inner.observe(event);
    }

    fn decide(&mut self, ask: &Ask) -> Action {
        if ask.kind == AskKind::Speech && !self.said {
            if let Some((seat, wolf)) = self.report() {
                self.said = true;
                let text = if self.claim == Claim::Quiet {
                    "Nothing to add yet.".to_string()
                } else if self.claim == Claim::Accuse {
                    format!("I think {seat} is a wolf. Vote {seat}.")
                } else if wolf {
                    format!("I'm the seer. I checked {seat} last night: wolf. Vote {seat}.")
                } else {
                    format!("I'm the seer. I checked {seat} last night: good.")
                };
                return Action::Speak { text };
            }
        }
        self.inner.decide(ask)
    }
}

/// Plays `games` games of built-in players (seeds `seed..`), one seat scripted.
pub fn probe(rules: &Arc<Rules>, claim: Claim, games: u64, seed: u64) -> ProbeFigures {
    let mut figures = ProbeFigures {
        games,
        ..ProbeFigures::default()
    };
    for game_seed in seed..seed + games {
        let mut scripted = None;
        let game = play_seated(rules, game_seed, |game, seat| {
            let inner = player(Strategy::Heuristic, seat, game_seed);
            let chosen = match claim {
                Claim::True | Claim::Quiet => game.role(seat) == Role::Seer,
                Claim::False => {
                    game.role(seat) == Role::Werewolf
                        && (1..seat).all(|s| game.role(s) != Role::Werewolf)
                }
                Claim::Accuse => {
                    game.role(seat) == Role::Villager
                        && (1..seat).all(|s| game.role(s) != Role::Villager)
                }
            };
            if !chosen {
                return inner;
            }
            scripted = Some(seat);
            Box::new(Scripted {
                inner,
                claim,
                me: seat,
                pack: SeatSet::EMPTY,
                check: None,
                frame: game_seed ^ 0x5eed,
                said: false,
            })
        });
        if let Some(claimer) = scripted {
            tally(&game, claimer, &mut figures);
        }
    }
    figures
}

/// Adds one game's day 1 to the figures.
fn tally(game: &Werewolf, claimer: Seat, figures: &mut ProbeFigures) {
    let mut wolf_claimed_before = false;
    let mut named = None;
    let mut spoke = false;
    for logged in game.log() {
        match &logged.event {
            Event::Speech {
                seat, kind, claims, ..
            } if *kind == SpeechKind::Day => {
                if *seat == claimer && !spoke {
                    spoke = true;
                    named = claims.wolves.union(claims.accuses).first();
                    if named.is_none() && !claims.is_empty() {
                        return; // a true claim whose check found a villager
                    }
                    continue;
                }
                if claims.role == Some(Role::Seer) && game.role(*seat) == Role::Werewolf {
                    if spoke {
                        let out = game.day1_voted_out();
                        figures.all.add(named, claimer, out);
                        figures.wolf_claimed_after.add(named, claimer, out);
                        herd(game, claimer, named, figures);
                        return;
                    }
                    wolf_claimed_before = true;
                }
            }
            // Day 1's speeches are over.
            Event::VotesRevealed { .. } | Event::NightFell { night: 2.. } => break,
            _ => {}
        }
    }
    if !spoke {
        return; // the claimer never spoke on day 1
    }
    let out = game.day1_voted_out();
    figures.all.add(named, claimer, out);
    if wolf_claimed_before {
        figures.wolf_claimed_before.add(named, claimer, out);
    } else {
        figures.no_wolf_claim.add(named, claimer, out);
    }
    herd(game, claimer, named, figures);
}

/// Counts the other seats' day-1 votes for the named seat, and whether they herded.
fn herd(game: &Werewolf, claimer: Seat, named: Option<Seat>, figures: &mut ProbeFigures) {
    let (Some(named), Some(ballots)) = (named, day1_ballots(game)) else {
        return;
    };
    let others: Vec<&Ballot> = ballots
        .iter()
        .enumerate()
        .filter(|(i, b)| {
            *i + 1 != claimer as usize && *i + 1 != named as usize && matches!(b, Ballot::Vote(_))
        })
        .map(|(_, b)| b)
        .collect();
    let for_named = others
        .iter()
        .filter(|b| matches!(b, Ballot::Vote(t) if *t == named))
        .count();
    figures.other_votes += others.len() as u64;
    figures.other_votes_for_named += for_named as u64;
    figures.herd += u64::from(others.len() >= 3 && for_named + 1 >= others.len());
}

/// The ballots of day 1's first vote.
fn day1_ballots(game: &Werewolf) -> Option<Vec<Ballot>> {
    game.log().iter().find_map(|l| match &l.event {
        Event::VotesRevealed { ballots, .. } => Some(ballots.to_vec()),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_village_follows_a_true_claim_and_catches_a_false_one() {
        let rules = Arc::new(Rules::default());
        let true_claims = probe(&rules, Claim::True, 300, 1);
        let false_claims = probe(&rules, Claim::False, 300, 1);
        eprintln!("true: {true_claims:?}\nfalse: {false_claims:?}");
        let t = true_claims.all;
        assert!(t.claims > 30 && false_claims.all.claims > 100);
        // A true claim naming a wolf: the village votes the wolf out, rarely the seer,
        // also when a wolf counter-claims after her.
        assert!(t.rate(t.named_voted_out) > 0.55, "{t:?}");
        assert!(t.rate(t.claimer_voted_out) < 0.2, "{t:?}");
        let after = true_claims.wolf_claimed_after;
        assert!(after.rate(after.claimer_voted_out) < 0.1, "{after:?}");
        // A false claim framing a good seat, with no claim before it, is the wolves' best
        // bluff: it works on some days, not on all, and the liar is caught on some.
        let f = false_claims.all;
        assert!(f.rate(f.named_voted_out) < 0.9, "{f:?}");
        assert!(f.rate(f.claimer_voted_out) > 0.05, "{f:?}");
    }

    #[test]
    fn a_lone_accusation_does_not_become_a_herd_vote() {
        let rules = Arc::new(Rules::default());
        let lone = probe(&rules, Claim::Accuse, 300, 1);
        eprintln!("lone accusation: {lone:?}");
        assert!(lone.all.claims > 100 && lone.other_votes > 500);
        // Some voters may follow it, not the whole table.
        assert!(lone.all.rate(lone.herd) < 0.25, "{lone:?}");
    }
}
