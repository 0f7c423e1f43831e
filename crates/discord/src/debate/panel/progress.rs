//! Where a running panel debate stands, followed from its public events (the round, who is
//! still to speak in it, who gave in, whether it is over), and the status line it makes:
//! what is happening and who is up, in plain words. Pure: no Discord I/O.

use agora_games::debate::{moderated, social};
use agora_games::{Lang, Seat};

/// A running debate's progress, folded from its events in order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Progress {
    pub round: u8,
    pub rounds: u8,
    /// The participants (social: every seat speaks each round, those who gave in aside).
    pub participants: u8,
    /// Who is still to speak this round, in order.
    pub queue: Vec<Seat>,
    /// Who gave in (social).
    pub out: Vec<Seat>,
    pub finished: bool,
}

impl Progress {
    pub fn moderated(&mut self, event: &moderated::Event) {
        use moderated::Event as E;
        match event {
            E::Opened {
                rounds,
                participants,
                ..
            } => {
                self.rounds = *rounds;
                self.participants = *participants;
            }
            E::RoundStarted { round, order } => {
                self.round = *round;
                self.queue = order.clone();
            }
            E::Spoke { seat, .. } | E::Skipped { seat, .. } => self.queue.retain(|s| s != seat),
            E::Finished { .. } => self.finished = true,
            E::Reviewed { .. } | E::Evaluated { .. } => {}
        }
    }

    pub fn social(&mut self, event: &social::Event) {
        use social::Event as E;
        match event {
            E::Opened { starts, rounds, .. } => {
                self.rounds = *rounds;
                self.participants = starts.len() as u8;
            }
            E::RoundStarted { round } => {
                self.round = *round;
                self.queue = (1..=self.participants as Seat)
                    .filter(|s| !self.out.contains(s))
                    .collect();
            }
            E::Spoke { seat, .. } | E::Skipped { seat, .. } => self.queue.retain(|s| s != seat),
            E::Surrendered { seat, .. } => {
                self.out.push(*seat);
                self.queue.retain(|s| s != seat);
            }
            E::Finished { .. } => self.finished = true,
            E::Rated { .. } | E::Standing { .. } | E::Breakdown { .. } => {}
        }
    }

    /// What is happening, in one or two plain sentences in `lang`: the round, who is
    /// speaking (and when a person's time runs out, `due_at` of `seat`'s open call), who
    /// follows, or what the AI referee (`referee`, its key: "the moderator is scoring the
    /// round") is doing.
    pub fn describe(
        &self,
        names: &[String],
        due_at: impl Fn(Seat) -> Option<i64>,
        referee: &str,
        lang: Lang,
    ) -> String {
        let name = |s: Seat| {
            let fallback = || lang.text("dp-a-participant", &[]);
            crate::text::sanitize(
                &names.get(s as usize - 1).cloned().unwrap_or_else(fallback),
                60,
            )
        };
        if self.finished {
            return lang.text("dp-progress-ended", &[]);
        }
        if self.round == 0 {
            return lang.text("dp-progress-opening", &[]);
        }
        let round = lang.text(
            "dp-progress-round",
            &[
                ("round", &self.round.to_string()),
                ("rounds", &self.rounds.max(self.round).to_string()),
            ],
        );
        let Some(&up) = self.queue.first() else {
            let referee = lang.text(referee, &[]);
            return lang.text(
                "dp-progress-all-in",
                &[("round", &round), ("referee", &referee)],
            );
        };
        let when = due_at(up).map_or(String::new(), |t| {
            lang.text("dp-progress-when", &[("t", &(t / 1000).to_string())])
        });
        let next: Vec<String> = self.queue[1..].iter().map(|s| name(*s)).collect();
        let next = if next.is_empty() {
            String::new()
        } else {
            lang.text(
                "dp-progress-next",
                &[(
                    "names",
                    &next.join(agora_core::debate::story::panel::comma(lang)),
                )],
            )
        };
        lang.text(
            "dp-progress-speaking",
            &[
                ("round", &round),
                ("name", &name(up)),
                ("when", &when),
                ("next", &next),
            ],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_games::debate::social::{Surrender, Verdict};

    fn names() -> Vec<String> {
        vec!["P1 ann".into(), "P2 ben".into(), "P3 (AI)".into()]
    }

    #[test]
    fn a_rounds_debate_says_who_is_speaking_and_who_follows() {
        let mut p = Progress::default();
        assert_eq!(
            p.describe(&names(), |_| None, "dp-referee-social", Lang::En),
            "The debate is opening."
        );
        p.moderated(&moderated::Event::RoundStarted {
            round: 2,
            order: vec![2, 1, 3],
        });
        p.rounds = 3;
        assert_eq!(
            p.describe(&names(), |s| (s == 2).then_some(90_000), "dp-referee-moderated", Lang::En),
            "Round 2 of 3: P2 ben is speaking (their time runs out <t:90:R>). Then: P1 ann, P3 (AI)."
        );
        assert_eq!(
            p.describe(
                &names(),
                |s| (s == 2).then_some(90_000),
                "dp-referee-moderated",
                Lang::ZhCn
            ),
            "第 2 轮（共 3 轮）：P2 ben 正在发言（<t:90:R>截止）。接下来：P1 ann、P3 (AI)。"
        );
        for seat in [2, 1] {
            p.moderated(&moderated::Event::Skipped { seat, round: 2 });
        }
        assert_eq!(
            p.describe(&names(), |_| None, "dp-referee-social", Lang::En),
            "Round 2 of 3: P3 (AI) is speaking."
        );
        p.moderated(&moderated::Event::Skipped { seat: 3, round: 2 });
        assert_eq!(
            p.describe(&names(), |_| None, "dp-referee-moderated", Lang::En),
            "Round 2 of 3: every speech is in, and the moderator is scoring the round."
        );
    }

    #[test]
    fn a_social_debate_leaves_out_who_gave_in() {
        let mut p = Progress {
            rounds: 4,
            participants: 3,
            ..Progress::default()
        };
        p.social(&social::Event::Surrendered {
            seat: 2,
            why: Surrender::Conceded,
            bonus_to: None,
        });
        p.social(&social::Event::RoundStarted { round: 2 });
        assert_eq!(p.queue, vec![1, 3]);
        p.social(&social::Event::Finished {
            scores: vec![],
            winner: None,
            verdict: Verdict::Narrow,
        });
        assert!(p
            .describe(&names(), |_| None, "dp-referee-social", Lang::En)
            .contains("has ended"));
    }
}
