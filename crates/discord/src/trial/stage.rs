//! Where a running trial stands, followed from its events (the argument open and when it
//! closes, the jury deliberating, the verdict in), and the status line it makes, in plain
//! words. Pure: no Discord I/O.

use agora_games::trial::Event;

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
    pub fn describe(&self, closes_at: Option<i64>) -> String {
        match self {
            Stage::Argument => format!(
                "The argument is open: the players talk to the jurors in their threads{}, or until the host calls `/trial verdict`.",
                closes_at.map_or(String::new(), |t| format!(" until it closes <t:{}:R>", t / 1000))
            ),
            Stage::Deliberation(0) => "The argument is closed: the jury is about to deliberate.".into(),
            Stage::Deliberation(round) => {
                format!("The argument is closed: the jury is deliberating (round {round}).")
            }
            Stage::Over => "The jury has voted; the verdict follows.".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stage_follows_the_trial_and_reads_plainly() {
        let mut s = Stage::default();
        let open = s.describe(Some(120_000));
        assert!(open.contains("closes <t:120:R>"), "{open}");
        assert!(!s.describe(None).contains("closes"));
        s.follow(&Event::ArgumentClosed { called_by: Some(1) });
        assert!(s.describe(None).contains("about to deliberate"));
        s.follow(&Event::DeliberationRound {
            round: 2,
            speaker: "j1".into(),
        });
        assert_eq!(
            s.describe(None),
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
