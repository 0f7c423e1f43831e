//! What makes a moderated-format debate (`rounds`, `social`) a [`Game`](crate::Game),
//! written once: [`panel_game!`] forwards the trait to the debate's own methods.

/// Implements [`Game`](crate::Game) for a debate with one open ask at a time and a panel
/// seat after the participants (the moderator, the evaluator), forwarding to its own
/// methods: `ask` (the open ask and its seat) with `seq`, `check`, `act`, `timeout`, `log`,
/// `last_speech_words` (the words of the latest speech, for a watcher's reading time),
/// the panel seat's method named `panel` (the seat count), and `outcome_of` (the outcome
/// once over). The call site has the format's `Action`, `Ask`, `Event` and `Refusal` in
/// scope; its `Ask::Speak { round, limit }` is answered by a public `Event::Spoke`, which
/// is also what a speech still being written is shown as.
macro_rules! panel_game {
    ($debate:ident, panel: $panel:ident) => {
        impl $crate::Game for $debate {
            type Action = Action;
            type Ask = Ask;
            type Event = Event;
            type Refusal = Refusal;

            fn seat_count(&self) -> $crate::Seat {
                self.$panel()
            }
            fn pending(&self) -> Vec<$crate::Pending<Ask>> {
                self.ask()
                    .into_iter()
                    .map(|(seat, ask)| $crate::Pending {
                        seat,
                        seq: self.seq(),
                        timer: ask.timer_key(),
                        ask,
                    })
                    .collect()
            }
            fn check(&self, seat: $crate::Seat, action: &Action) -> Result<(), Refusal> {
                $debate::check(self, seat, action)
            }
            fn reading_words(&self, action: &Action) -> u32 {
                match action {
                    Action::Speak { .. } => $debate::last_speech_words(self),
                    _ => 0,
                }
            }
            fn draft(
                &self,
                seat: $crate::Seat,
                ask: &Ask,
                text: &str,
            ) -> Option<$crate::Logged<Event>> {
                let Ask::Speak { round, limit } = ask else {
                    return None;
                };
                Some($crate::Logged {
                    audience: $crate::Audience::Everyone,
                    event: Event::Spoke {
                        seat,
                        round: *round,
                        words: $crate::debate::words::count(text),
                        limit: *limit,
                        text: text.to_string(),
                    },
                })
            }
            fn act(&mut self, seat: $crate::Seat, action: Action) -> Result<(), Refusal> {
                $debate::act(self, seat, action)
            }
            fn timeout(&mut self, seat: $crate::Seat) -> Result<(), Refusal> {
                $debate::timeout(self, seat)
            }
            fn log(&self) -> &[$crate::Logged<Event>] {
                $debate::log(self)
            }
            fn outcome(&self) -> Option<$crate::Outcome> {
                $debate::outcome_of(self)
            }
        }
    };
}

pub(crate) use panel_game;

#[cfg(test)]
mod tests {
    use crate::debate::moderated::{ModeratedDebate, ModeratedRules};
    use crate::debate::social::{SocialDebate, SocialRules, Start};
    use crate::Game;

    /// The trait's view is the debate's own: its seats (the panel last), its one open ask
    /// with the debate's sequence number, its log, and no outcome before the end.
    fn forwards<G: Game>(game: &G, seats: u8, open: u8) {
        assert_eq!(game.seat_count(), seats);
        let pending = game.pending();
        assert_eq!(pending.len(), 1);
        assert_eq!(pending[0].seat, open);
        assert!(game.outcome().is_none());
    }

    #[test]
    fn both_formats_are_games_through_their_own_methods() {
        let rounds = ModeratedDebate::new("A motion.", 3, &ModeratedRules::default());
        forwards(&rounds, 4, 1);
        assert_eq!(rounds.pending()[0].seq, rounds.seq());
        assert_eq!(Game::log(&rounds).len(), rounds.log().len());
        let start = Start {
            stance: 0.5,
            conviction: 0.5,
        };
        let social = SocialDebate::new("A motion.", &[start; 3], &SocialRules::default());
        forwards(&social, 4, 1);
        assert_eq!(social.pending()[0].seq, social.seq());
        let mut timed_out = social.clone();
        Game::timeout(&mut timed_out, 1).expect("the open turn can pass");
        assert_ne!(Game::log(&timed_out).len(), Game::log(&social).len());
    }

    #[test]
    fn the_next_speech_is_read_after_the_last_one_given() {
        use crate::debate::moderated::Action as RoundsAction;
        use crate::debate::social::Action as SocialAction;
        let mut rounds = ModeratedDebate::new("A motion.", 3, &ModeratedRules::default());
        let speak = RoundsAction::Speak { text: "x".into() };
        assert_eq!(rounds.reading_words(&speak), 0);
        Game::act(
            &mut rounds,
            1,
            RoundsAction::Speak {
                text: "a b c".into(),
            },
        )
        .unwrap();
        assert_eq!(rounds.reading_words(&speak), 3);
        let start = Start {
            stance: 0.5,
            conviction: 0.5,
        };
        let mut social = SocialDebate::new("A motion.", &[start; 3], &SocialRules::default());
        let speak = SocialAction::Speak { text: "x".into() };
        Game::act(
            &mut social,
            1,
            SocialAction::Speak {
                text: "a b c d".into(),
            },
        )
        .unwrap();
        assert_eq!(social.reading_words(&speak), 4);
        assert_eq!(social.reading_words(&SocialAction::Concede), 0);
    }
}
