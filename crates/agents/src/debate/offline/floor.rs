//! The offline team's free-debate floor: how much of the clock a speech aims at (an
//! equal share, the last taking what is left, people's shares kept for them), when the
//! clock is a scrap, and the captain's call (who speaks, a person who asked first, with
//! what direction).

use super::{Writer, FREE_SPEECHES, FRESH_SPEECH, MIN_SPEECH};
use crate::debate::memory::Entry;
use crate::debate::text::{claims_in, keywords_hit, words_of};
use crate::debate::topics::Claim;
use crate::games::debate::team::Part;
use crate::games::Seat;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

impl Writer<'_> {
    /// The words a free-debate speech aims at: the team's clock in [`FREE_SPEECHES`] equal
    /// parts, the last one taking all that is left, within `limit` (the clock left).
    pub fn free_target(&self, limit: u32) -> u32 {
        if !self.people_on_team().is_empty() {
            return self.shared_target(limit);
        }
        let left = FREE_SPEECHES
            .saturating_sub(self.team_free_speeches())
            .max(1);
        let share = (limit / left).max(1);
        // A share that would leave less than half a planned speech takes it all.
        if limit - share < (self.memory.limits.clock / FREE_SPEECHES / 2).max(MIN_SPEECH) {
            limit
        } else {
            share
        }
    }

    /// The free-debate speeches this seat's team has given.
    pub(super) fn team_free_speeches(&self) -> u32 {
        self.side
            .seats()
            .into_iter()
            .map(|s| self.memory.count(s, Some(Part::Free)) as u32)
            .sum()
    }

    /// Whether the clock holds too few words for a point: the team then rests its case
    /// (a missed turn would only pass the floor and offer it again).
    pub fn is_scrap(&self, limit: u32) -> bool {
        limit < MIN_SPEECH
    }

    /// The people on this seat's team, other than the seat itself.
    pub(super) fn people_on_team(&self) -> Vec<Seat> {
        self.side
            .seats()
            .into_iter()
            .filter(|s| *s != self.seat && self.humans.contains(s))
            .collect()
    }

    /// Words `seat` has spoken in free debate.
    fn free_words(&self, seat: Seat) -> u32 {
        self.memory
            .speeches
            .iter()
            .filter(|s| s.seat == seat && s.part == Part::Free)
            .map(|s| s.words)
            .sum()
    }

    /// The words of the clock kept for the team's people: each person's fair share (a
    /// quarter of the clock) less what they have said in free debate, within `limit`.
    pub fn kept_for_people(&self, limit: u32) -> u32 {
        let quarter = self.memory.limits.clock / FREE_SPEECHES;
        self.people_on_team()
            .iter()
            .map(|&p| quarter.saturating_sub(self.free_words(p)))
            .sum::<u32>()
            .min(limit)
    }

    /// An AI speaker's target when people share its team: the clock less what is kept for
    /// them, shared among the team's AI speeches still to come (one per AI debater), the
    /// last taking all of it; at least a short last word.
    fn shared_target(&self, limit: u32) -> u32 {
        let own = limit - self.kept_for_people(limit);
        let ais: Vec<Seat> = self
            .side
            .seats()
            .into_iter()
            .filter(|s| !self.humans.contains(s) || *s == self.seat)
            .collect();
        let given: u32 = ais
            .iter()
            .map(|&s| self.memory.count(s, Some(Part::Free)) as u32)
            .sum();
        let left = (ais.len() as u32).saturating_sub(given).max(1);
        let share = own / left;
        if own.saturating_sub(share)
            < (self.memory.limits.clock / FREE_SPEECHES / 2).max(MIN_SPEECH)
        {
            own.max(MIN_SPEECH.min(limit))
        } else {
            share.max(MIN_SPEECH.min(limit))
        }
    }

    /// The person of the team who asked for the floor and has not had it since (their
    /// team note naming the floor, after their last free-debate turn); the earliest asker.
    pub fn floor_asked(&self) -> Option<Seat> {
        let people = self.people_on_team();
        // The table's word for the floor, and the English one (a command typed as is).
        let word = self.topic.lang.text("team-ai-floor-word", &[]);
        let asks = |text: &str| {
            let text = text.to_lowercase();
            text.contains("floor") || text.contains(&word)
        };
        let mut asked: Vec<Seat> = Vec::new();
        for entry in &self.memory.log {
            match entry {
                Entry::Note { seat, text }
                    if people.contains(seat) && asks(text) && !asked.contains(seat) =>
                {
                    asked.push(*seat)
                }
                Entry::Spoke(i) => {
                    let s = &self.memory.speeches[*i];
                    if s.part == Part::Free {
                        asked.retain(|p| *p != s.seat);
                    }
                }
                Entry::Skipped { seat, .. } | Entry::HandOff { to: seat, .. } => {
                    asked.retain(|p| p != seat)
                }
                _ => {}
            }
        }
        asked.first().copied()
    }

    /// The captain's call when the free-debate floor is offered to the team: who speaks
    /// and a direction. A person who asked for the floor gets it; else the team's
    /// least-heard debater in free debate, a person first on a tie only when a teammate has
    /// spoken more than they have (never the team's first free speech, so a person is not
    /// handed the floor the moment free debate opens), then the fewest speeches in all,
    /// then the lowest position. A person is not picked once their share of the clock is
    /// used while the AI speakers still have words (and something new to say) of their
    /// own, nor right after they let a free-debate turn go (passed or let the time run
    /// out) until they ask again. AI debaters with nothing new to say, or only the clock
    /// kept for the people, leave the floor to a person of the team who has not let it go.
    pub fn captain(&self, humans: &[Seat]) -> (Seat, String) {
        let writer = Writer { humans, ..*self };
        if let Some(person) = writer.floor_asked() {
            return (person, self.direction());
        }
        let free = |s: Seat| self.memory.count(s, Some(Part::Free));
        let team = self.side.seats();
        let most = team.iter().map(|&s| free(s)).max().unwrap_or(0);
        let quarter = self.memory.limits.clock / FREE_SPEECHES;
        let clock = self.memory.clock[self.side.index()];
        // With nothing new left to say, the AI debaters leave the floor to the team's people.
        let people = humans.iter().any(|h| team.contains(h));
        let ai_has_more = !people
            || (clock.saturating_sub(writer.kept_for_people(clock)) >= FRESH_SPEECH
                && !self.nothing_fresh(clock));
        let ai_words_left = clock > writer.kept_for_people(clock) && ai_has_more;
        let speaker = team
            .into_iter()
            .min_by_key(|&s| {
                let person = humans.contains(&s);
                let spent = if person {
                    (ai_words_left && self.free_words(s) >= quarter) || self.let_go(s)
                } else {
                    !ai_has_more && humans.iter().any(|&h| team.contains(&h) && !self.let_go(h))
                };
                // On a tie: a person behind the team's most heard first, then the AI
                // debaters, then a person who is not behind.
                let rank = match (person, free(s) < most) {
                    (true, true) => 0,
                    (false, _) => 1,
                    (true, false) => 2,
                };
                (spent, free(s), rank, self.memory.count(s, None), s)
            })
            .expect("a team has four seats");
        (speaker, self.direction())
    }

    /// Whether the team's AI debaters have nothing new for a free-debate speech within
    /// `limit` words (everything of theirs that fits said already).
    fn nothing_fresh(&self, limit: u32) -> bool {
        let mut rng = ChaCha8Rng::seed_from_u64(self.memory.speeches.len() as u64);
        self.free_speech(&mut rng, limit, None, true).is_none()
    }

    /// Whether `seat`'s last free-debate turn went by unspoken (a pass, or the time ran
    /// out).
    pub(super) fn let_go(&self, seat: Seat) -> bool {
        let mut last = false;
        for entry in &self.memory.log {
            match entry {
                Entry::Skipped {
                    seat: s,
                    part: Part::Free,
                } if *s == seat => last = true,
                Entry::Spoke(i) => {
                    let sp = &self.memory.speeches[*i];
                    if sp.seat == seat && sp.part == Part::Free {
                        last = false;
                    }
                }
                _ => {}
            }
        }
        last
    }

    /// "Rebut their point on ‘<keyword>’" (the other side's last speech), else "Press our
    /// point on ‘<keyword>’" (a claim the team has not made); the keyword quoted, as it
    /// may not read as a noun ("without permission"); in the table's language
    /// (`team-ai-rebut`, `team-ai-press` in `team-ai.ftl`).
    pub fn direction(&self) -> String {
        let lang = self.topic.lang;
        // Directions the captain gave already: the same one is not handed on twice.
        let given: Vec<&str> = self
            .memory
            .log
            .iter()
            .filter_map(|e| match e {
                Entry::HandOff { direction, .. } => Some(direction.as_str()),
                _ => None,
            })
            .collect();
        let fresh = |d: &String| !given.contains(&d.as_str());
        if let Some(last) = self.memory.last_of(self.side.other()) {
            let w = words_of(&last.text);
            let rebuttals = claims_in(self.theirs(), &last.text).into_iter().map(|c| {
                let kw = keywords_hit(&w, c)
                    .first()
                    .copied()
                    .unwrap_or(&c.keywords[0]);
                // As they wrote it ("Iceland", not "iceland").
                let kw = last
                    .text
                    .split(|ch: char| !ch.is_alphanumeric() && ch != '-')
                    .find(|t| t.eq_ignore_ascii_case(kw))
                    .unwrap_or(kw);
                lang.text("team-ai-rebut", &[("keyword", kw)])
            });
            if let Some(d) = rebuttals.clone().find(fresh) {
                return d;
            }
        }
        let mut used = self.claim_use(self.side);
        used.sort_by_key(|(_, n)| *n);
        let press = |c: &Claim| lang.text("team-ai-press", &[("keyword", &c.keywords[0])]);
        used.iter()
            .map(|(c, _)| press(c))
            .find(fresh)
            .or_else(|| used.first().map(|(c, _)| press(c)))
            .unwrap_or_else(|| press(&self.own().claims[0]))
    }
}
