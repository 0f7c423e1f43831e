//! Ladders: AI-only games run as stored sessions, where seats may be language models or
//! outside HTTP agents as well as built-in players, reported with what the models cost.
//! Werewolf's is [`werewolf`]; the debates' and the trial's `--llm` sims are in
//! [`crate::sim`]. [`TokenFigures`] sums token counts for any of them.

use serde::Serialize;

/// Token counts summed: how many calls, their total, mean and largest.
#[derive(Debug, Default, Clone, PartialEq, Serialize)]
pub struct TokenFigures {
    pub calls: u64,
    pub total: u64,
    pub mean: f64,
    pub max: u64,
}

impl TokenFigures {
    pub fn add(&mut self, tokens: u64) {
        self.calls += 1;
        self.total += tokens;
        self.max = self.max.max(tokens);
        self.mean = self.total as f64 / self.calls as f64;
    }
}
