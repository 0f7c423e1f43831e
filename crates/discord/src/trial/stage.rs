//! Where a running trial stands, followed from its events (the argument open and when it
//! closes, the jury deliberating, the verdict in), and the status line it makes, in plain
//! words. Pure: no Discord I/O.

use agora_games::trial::Event;
use agora_games::Lang;

/// A running trial's stage, folded from its events in order.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum Stage {
    /// The players talk to the jurors.
    #[default]
    Argument,
    /// The jury deliberates, in round `.0` (0: not begun yet).
    Deliberation(u8),
    /// The jury has voted.
    Over,
}

impl Stage {
    pub fn follow(&mut self, event: &Event) {
        match event {
            Event::ArgumentClosed { .. } => *self = Stage::Deliberation(0),
            Event::DeliberationRound { round, .. } => *self = Stage::Deliberation(*round),
            Event::Verdict { .. } => *self = Stage::Over,
            _ => {}
        }
    }

    /// What is happening, in one plain sentence; `closes_at`: when the argument closes.
    pub fn describe(&self, closes_at: Option<i64>, lang: Lang) -> String {
        match self {
            Stage::Argument => match closes_at {
                Some(t) => lang.text(
                    "dt-stage-argument-until",
                    &[("at", &(t / 1000).to_string())],
                ),
                None => lang.text("dt-stage-argument", &[]),
            },
            Stage::Deliberation(0) => lang.text("dt-stage-about-to", &[]),
            Stage::Deliberation(round) => {
                lang.text("dt-stage-deliberating", &[("round", &round.to_string())])
            }
            Stage::Over => lang.text("dt-stage-over", &[]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stage_follows_the_trial_and_reads_plainly() {
        let mut s = Stage::default();
        let open = s.describe(Some(120_000), Lang::En);
        assert!(open.contains("closes <t:120:R>"), "{open}");
        assert!(!s.describe(None, Lang::En).contains("closes"));
        s.follow(&Event::ArgumentClosed { called_by: Some(1) });
        assert!(s.describe(None, Lang::En).contains("about to deliberate"));
        s.follow(&Event::DeliberationRound {
            round: 2,
            speaker: "j1".into(),
        });
        assert_eq!(
            s.describe(None, Lang::En),
            "The argument is closed: the jury is deliberating (round 2)."
        );
        s.follow(&Event::Verdict {
            votes: vec![],
            not_guilty: true,
            initial: vec![],
            finals: vec![],
        });
        assert_eq!(s, Stage::Over);
    }
}
