//! A seat's memory of the game, built only from the events that seat was shown: what an
//! outside agent is sent (`game_state`) and what a language model is prompted with.
//!
//! Nothing here reads the [`Game`](crate::games::werewolf::Game): a memory cannot hold more
//! than its seat saw. Prompts stay small as games grow: the current day is kept verbatim,
//! each finished day becomes a short summary written once when the next night falls.

use crate::games::werewolf::{
    Ask, AskKind, Ballot, Event, Role, Seat, SeatSet, SpeechKind, VoteRound, SEATS,
};
use serde_json::{json, Value};
use std::fmt::Write;

/// One day of the game as the seat saw it (night n, then day n).
#[derive(Debug, Clone, Default)]
struct DayLog {
    day: u32,
    /// The seat's own night notes (wolf picks, the witch's news, checks…).
    night: Vec<String>,
    /// The night's dead as announced at dawn.
    dawn: Option<SeatSet>,
    /// Speeches: (seat, kind, text).
    speeches: Vec<(Seat, SpeechKind, String)>,
    /// Revealed votes per round.
    votes: Vec<(VoteRound, [Ballot; SEATS])>,
    /// Other public happenings (PK called, eliminated, hunter shot).
    notes: Vec<String>,
}

/// What one seat knows.
#[derive(Debug, Clone)]
pub struct SeatMemory {
    pub seat: Seat,
    pub role: Option<Role>,
    pub wolves: Option<SeatSet>,
    /// Seer: (seat, is a wolf) per check.
    pub checks: Vec<(Seat, bool)>,
    /// Witch: potions still unused.
    pub antidote: bool,
    pub poison: bool,
    /// Hunter: set only on the night he dies: whether he may shoot now.
    pub may_shoot: Option<bool>,
    pub alive: SeatSet,
    pub day: u32,
    days: Vec<DayLog>,
    /// `summaries[i]` is the summary of `days[i]`, written once that day is over.
    summaries: Vec<String>,
    /// The default actions this seat took (its own record).
    pub defaults: u32,
    /// Every event the seat was shown, in order (sent to outside agents as is).
    events: Vec<Event>,
}

fn seat_list(set: SeatSet) -> Vec<Seat> {
    set.iter().collect()
}

impl SeatMemory {
    pub fn new(seat: Seat) -> SeatMemory {
        SeatMemory {
            seat,
            role: None,
            wolves: None,
            checks: Vec::new(),
            antidote: true,
            poison: true,
            may_shoot: None,
            alive: (1..=SEATS as Seat).collect(),
            day: 0,
            days: Vec::new(),
            summaries: Vec::new(),
            defaults: 0,
            events: Vec::new(),
        }
    }

    fn today(&mut self) -> &mut DayLog {
        if self.days.is_empty() {
            self.days.push(DayLog {
                day: self.day.max(1),
                ..DayLog::default()
            });
        }
        self.days.last_mut().expect("just ensured")
    }

    /// Takes in one event the seat was shown.
    pub fn observe(&mut self, event: &Event) {
        self.events.push(event.clone());
        match event {
            Event::RoleDealt { seat, role } if *seat == self.seat => self.role = Some(*role),
            Event::RoleDealt { .. } => {}
            Event::WolfPack { wolves } => self.wolves = Some(*wolves),
            Event::NightFell { night } => {
                // The finished day is summarized once, here, and reused by every prompt.
                while self.summaries.len() < self.days.len() {
                    let i = self.summaries.len();
                    let summary = self.summarize(i);
                    self.summaries.push(summary);
                }
                self.day = *night;
                self.days.push(DayLog {
                    day: *night,
                    ..DayLog::default()
                });
            }
            Event::WolfPicked {
                wolf,
                target,
                round,
            } => {
                let line = match target {
                    Some(t) => format!("wolf {wolf} picked seat {t} (round {round})"),
                    None => format!("wolf {wolf} made no pick (round {round})"),
                };
                self.today().night.push(line);
            }
            Event::WolfTie { tied } => {
                let line = format!("the picks tied between seats {tied}");
                self.today().night.push(line);
            }
            Event::WolfAttack { target, .. } => {
                let line = match target {
                    Some(t) => format!("the wolves attack seat {t}"),
                    None => "the wolves attack nobody".into(),
                };
                self.today().night.push(line);
            }
            Event::WitchTold { attacked } => {
                let line = match attacked {
                    Some(t) => format!("you were told seat {t} was attacked"),
                    None => "you were told nobody was attacked".into(),
                };
                self.today().night.push(line);
            }
            Event::WitchSaved { target } => {
                self.antidote = false;
                let line = format!("you saved seat {target}");
                self.today().night.push(line);
            }
            Event::WitchPoisoned { target } => {
                self.poison = false;
                let line = format!("you poisoned seat {target}");
                self.today().night.push(line);
            }
            Event::SeerResult { target, wolf } => {
                self.checks.push((*target, *wolf));
                let line = format!(
                    "you checked seat {target}: {}",
                    if *wolf { "WOLF" } else { "good" }
                );
                self.today().night.push(line);
            }
            Event::HunterStatus { dies, may_shoot } => {
                self.may_shoot = dies.then_some(*may_shoot);
            }
            Event::Died { seat, .. } => self.alive.remove(*seat),
            Event::Dawn { day, dead } => {
                self.day = *day;
                for s in dead.iter() {
                    self.alive.remove(s);
                }
                self.today().dawn = Some(*dead);
            }
            Event::Speech {
                seat, kind, text, ..
            } => {
                let entry = (*seat, *kind, text.clone());
                self.today().speeches.push(entry);
            }
            Event::VoteCast { .. } => {}
            Event::VotesRevealed { round, ballots } => {
                let entry = (*round, *ballots);
                self.today().votes.push(entry);
            }
            Event::PkCalled { tied } => {
                let line = format!("the vote tied between seats {tied}: PK speeches and a revote");
                self.today().notes.push(line);
            }
            Event::Eliminated { seat } => {
                let line = match seat {
                    Some(s) => {
                        self.alive.remove(*s);
                        format!("seat {s} was voted out")
                    }
                    None => "nobody was voted out".into(),
                };
                self.today().notes.push(line);
            }
            Event::HunterShot { hunter, target } => {
                let line = match target {
                    Some(t) => {
                        self.alive.remove(*t);
                        format!("hunter {hunter} shot seat {t}")
                    }
                    None => format!("hunter {hunter} declined to shoot"),
                };
                self.today().notes.push(line);
            }
            Event::Defaulted { .. } => self.defaults += 1,
            Event::Scored { .. } | Event::GameOver { .. } => {}
        }
    }

    /// A finished day in a few lines: deaths, claims, accusations, the vote.
    fn summarize(&self, index: usize) -> String {
        let d = &self.days[index];
        let mut s = format!("Day {}:", d.day);
        if !d.night.is_empty() {
            let _ = write!(s, " [night, private] {}.", d.night.join("; "));
        }
        match d.dawn {
            Some(dead) if dead.is_empty() => s.push_str(" Peaceful night."),
            Some(dead) => {
                let _ = write!(s, " Died in the night: {dead}.");
            }
            None => {}
        }
        for (seat, kind, text) in &d.speeches {
            let claims = crate::games::werewolf::claims::read(text);
            let mut bits = Vec::new();
            if let Some(role) = claims.role {
                bits.push(format!("claims {role}"));
            }
            if !claims.wolves.is_empty() {
                bits.push(format!("calls {} wolf", claims.wolves));
            }
            if !claims.good.is_empty() {
                bits.push(format!("calls {} good", claims.good));
            }
            if !claims.accuses.is_empty() {
                bits.push(format!("accuses {}", claims.accuses));
            }
            if *kind == SpeechKind::LastWords {
                bits.push("(last words)".into());
            }
            if !bits.is_empty() {
                let _ = write!(s, " {seat} {}.", bits.join(", "));
            }
        }
        for (round, ballots) in &d.votes {
            let _ = write!(
                s,
                " {} vote: {}.",
                round_name(*round),
                ballots_line(ballots)
            );
        }
        for note in &d.notes {
            let _ = write!(s, " {note}.");
        }
        s
    }

    /// Who left the game on a finished day, in one short line (for days further back).
    fn outline(&self, index: usize) -> String {
        let d = &self.days[index];
        let mut parts = Vec::new();
        if let Some(dead) = d.dawn {
            parts.push(if dead.is_empty() {
                "peaceful night".to_string()
            } else {
                format!("died at night {dead}")
            });
        }
        parts.extend(d.notes.iter().cloned());
        format!("day {}: {}", d.day, parts.join(", "))
    }

    /// What a prompt shows: the two days before today as summaries, days further back as
    /// one line each (who died, who was voted out), and today verbatim. Its size depends on
    /// one day's talk, not on the length of the game.
    pub fn transcript(&self) -> String {
        const SUMMARIZED_DAYS: usize = 2;
        let mut out = String::new();
        let current = self.days.len().saturating_sub(1);
        let first_summary = current.saturating_sub(SUMMARIZED_DAYS);
        if first_summary > 0 {
            let outlines: Vec<String> = (0..first_summary).map(|i| self.outline(i)).collect();
            let _ = writeln!(out, "Earlier: {}.", outlines.join("; "));
        }
        for summary in self.summaries.iter().take(current).skip(first_summary) {
            out.push_str(summary);
            out.push('\n');
        }
        if let Some(d) = self.days.get(current) {
            let _ = writeln!(out, "Today (day {}), in full:", d.day);
            for line in &d.night {
                let _ = writeln!(out, "- (night, private) {line}");
            }
            match d.dawn {
                Some(dead) if dead.is_empty() => out.push_str("- Dawn: a peaceful night.\n"),
                Some(dead) => {
                    let _ = writeln!(out, "- Dawn: died in the night: {dead}.");
                }
                None => {}
            }
            for (seat, kind, text) in &d.speeches {
                let label = match kind {
                    SpeechKind::Day => "says",
                    SpeechKind::Pk => "(PK) says",
                    SpeechKind::LastWords => "(last words) says",
                };
                let _ = writeln!(out, "- Seat {seat} {label}: \"{text}\"");
            }
            for (round, ballots) in &d.votes {
                let _ = writeln!(
                    out,
                    "- {} vote: {}",
                    round_name(*round),
                    ballots_line(ballots)
                );
            }
            for note in &d.notes {
                let _ = writeln!(out, "- {note}");
            }
        }
        out
    }

    /// The seat's private knowledge in one line.
    pub fn private_line(&self) -> String {
        let mut parts = Vec::new();
        if let Some(role) = self.role {
            parts.push(format!("You are seat {}, the {role}.", self.seat));
        }
        if let Some(w) = self.wolves {
            parts.push(format!("The wolves are seats {w}."));
        }
        if !self.checks.is_empty() {
            let checks: Vec<String> = self
                .checks
                .iter()
                .map(|(s, w)| format!("{s}={}", if *w { "wolf" } else { "good" }))
                .collect();
            parts.push(format!("Your checks: {}.", checks.join(", ")));
        }
        if self.role == Some(Role::Witch) {
            parts.push(format!(
                "Antidote {}, poison {}.",
                if self.antidote { "unused" } else { "used" },
                if self.poison { "unused" } else { "used" }
            ));
        }
        match self.may_shoot {
            Some(true) => parts.push("You die tonight and may shoot now.".to_string()),
            Some(false) => parts.push("You were poisoned tonight: you may not shoot.".to_string()),
            None if self.role == Some(Role::Hunter) => parts.push(
                "You have not died, so you have no shot to take now; the right to shoot comes \
                 only when you die."
                    .to_string(),
            ),
            None => {}
        }
        parts.push(format!("Alive: {}.", self.alive));
        parts.join(" ")
    }

    /// The `game_state` sent to an outside agent for `ask` (see werewolf-rules.md, "AI agent
    /// protocol"): only what this seat knows.
    pub fn game_state(&self, game_id: &str, ask: &Ask, deadline_ms: i64) -> Value {
        let mut private = serde_json::Map::new();
        if let Some(w) = self.wolves {
            private.insert("wolves".into(), json!(seat_list(w)));
        }
        if self.role == Some(Role::Seer) {
            private.insert(
                "checks".into(),
                json!(self
                    .checks
                    .iter()
                    .map(|(s, w)| json!({"seat": s, "wolf": w}))
                    .collect::<Vec<_>>()),
            );
        }
        if self.role == Some(Role::Witch) {
            private.insert(
                "potions".into(),
                json!({"antidote": self.antidote, "poison": self.poison}),
            );
            if ask.kind == AskKind::Witch {
                private.insert("attacked_tonight".into(), json!(ask.attacked));
                private.insert("can_save".into(), json!(ask.can_save));
            }
        }
        if let Some(may) = self.may_shoot {
            private.insert("may_shoot".into(), json!(may));
        }
        let days: Vec<Value> = self
            .days
            .iter()
            .map(|d| {
                json!({
                    "day": d.day,
                    "night_private": d.night,
                    "dawn_dead": d.dawn.map(seat_list),
                    "speeches": d.speeches.iter().map(|(seat, kind, text)| json!({
                        "seat": seat, "kind": kind, "text": text,
                    })).collect::<Vec<_>>(),
                    "votes": d.votes.iter().map(|(round, ballots)| json!({
                        "round": round,
                        "ballots": ballots.iter().enumerate().filter_map(|(i, b)| match b {
                            Ballot::Vote(t) => Some(json!({"voter": i + 1, "target": t})),
                            Ballot::Abstain => Some(json!({"voter": i + 1, "target": null})),
                            Ballot::None => None,
                        }).collect::<Vec<_>>(),
                    })).collect::<Vec<_>>(),
                    "events": d.notes,
                })
            })
            .collect();
        json!({
            "game_id": game_id,
            "day": self.day,
            "phase": phase_of(ask.kind),
            "seat": self.seat,
            "role": self.role,
            "private": private,
            "log": days,
            "alive": seat_list(self.alive),
            "decision": {
                "kind": ask.kind.name(),
                "valid_targets": seat_list(ask.targets),
                "can_save": ask.kind == AskKind::Witch && ask.can_save,
                "max_chars": ask.max_chars,
                "ask_seq": ask.seq,
            },
            "ask": ask,
            "events": self.events,
            "deadline_ms": deadline_ms,
        })
    }
}

/// `night` or `day` for an ask.
pub fn phase_of(kind: AskKind) -> &'static str {
    match kind {
        AskKind::WolfPick | AskKind::Witch | AskKind::SeerCheck => "night",
        _ => "day",
    }
}

fn round_name(round: VoteRound) -> &'static str {
    match round {
        VoteRound::Main => "Main",
        VoteRound::Pk => "PK",
    }
}

fn ballots_line(ballots: &[Ballot; SEATS]) -> String {
    let mut parts = Vec::new();
    for (i, b) in ballots.iter().enumerate() {
        match b {
            Ballot::Vote(t) => parts.push(format!("{}→{t}", i + 1)),
            Ballot::Abstain => parts.push(format!("{}→abstain", i + 1)),
            Ballot::None => {}
        }
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::Strategy;
    use crate::games::werewolf::{Game, Rules};
    use crate::sim::{play, Lineup};
    use std::sync::Arc;

    /// A long game (at least six days): random players, so votes scatter.
    fn long_game() -> Game {
        let rules = Arc::new(Rules::default());
        let lineup = Lineup {
            good: Strategy::Random,
            wolves: Strategy::Random,
        };
        (0..5000)
            .map(|seed| play(&rules, seed, lineup))
            .find(|g| g.day() >= 6)
            .expect("some game lasts six days")
    }

    #[test]
    fn the_transcript_stays_bounded_as_days_pass() {
        let game = long_game();
        let seat = game.alive().first().expect("someone survives");
        let mut memory = SeatMemory::new(seat);
        let mut longest_by_day: Vec<usize> = Vec::new();
        for event in game.events_for(seat, 0) {
            memory.observe(event);
            let day = memory.day as usize;
            if longest_by_day.len() <= day {
                longest_by_day.resize(day + 1, 0);
            }
            longest_by_day[day] = longest_by_day[day].max(memory.transcript().len());
        }
        let early = longest_by_day[1..=3].iter().max().copied().unwrap();
        let late = longest_by_day[5..].iter().max().copied().unwrap();
        assert!(
            late <= early + early / 2,
            "day 5+ transcript {late} bytes vs days 1-3 {early}: {longest_by_day:?}"
        );
    }

    #[test]
    fn a_memory_holds_only_what_its_seat_was_shown() {
        let game = long_game();
        for seat in 1..=SEATS as Seat {
            let mut memory = SeatMemory::new(seat);
            for event in game.events_for(seat, 0) {
                memory.observe(event);
            }
            let role = game.role(seat);
            assert_eq!(memory.role, Some(role));
            assert_eq!(memory.wolves.is_some(), role == Role::Werewolf);
            assert_eq!(!memory.checks.is_empty(), role == Role::Seer);
            let ask = Ask {
                seat,
                kind: AskKind::Vote,
                targets: game.alive(),
                attacked: None,
                can_save: false,
                max_chars: 0,
                seq: 1,
            };
            let state = memory.game_state("g", &ask, 0);
            let events: Vec<Event> = serde_json::from_value(state["events"].clone()).unwrap();
            let shown: Vec<&Event> = game.events_for(seat, 0).collect();
            assert_eq!(events.len(), shown.len());
            assert_eq!(
                state["private"].get("potions").is_some(),
                role == Role::Witch
            );
        }
    }
}
