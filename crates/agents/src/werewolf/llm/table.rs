//! The table a model seat plays at, told first in every request (the part of the prompt
//! that is the same for every seat all game): the nine-seat board's rules text exactly as
//! it always was; any other board's built from the board itself (its name, seats, deck,
//! night order, the sheriff, what a death shows, abstaining, last words, self-explosion,
//! how each side wins, `rules_board.md` and `locales/*/ww-llm-boards.ftl`); then the
//! guides of the roles its deck deals.

use super::{hunter_rule, witch_self_save, LlmSeat};
use crate::games::lang::Lang;
use crate::games::werewolf::{Abstain, Board, LastWords, NightStep, Reveal, Role};

/// The board's deck in `lang`: "werewolf ×4, villager ×4, seer, witch, hunter, guard".
fn deck_text(board: &Board, lang: Lang) -> String {
    let items: Vec<String> = Role::DEAL_ORDER
        .iter()
        .filter(|r| board.has(**r))
        .map(|r| {
            let role = r.name_in(lang);
            match board.count(*r) {
                1 => lang.text("ww-llmb-deck-one", &[("role", &role)]),
                n => lang.text(
                    "ww-llmb-deck-item",
                    &[("role", &role), ("count", &n.to_string())],
                ),
            }
        })
        .collect();
    items.join(&lang.text("ww-llmb-sep", &[]))
}

/// The night's steps in order: "guard, the wolves, witch, seer".
fn night_text(board: &Board, lang: Lang) -> String {
    let steps: Vec<String> = board
        .night_order
        .iter()
        .map(|step| match step {
            NightStep::Guard => Role::Guard.name_in(lang),
            NightStep::Wolves => lang.text("ww-llmb-step-wolves", &[]),
            NightStep::Witch => Role::Witch.name_in(lang),
            NightStep::Seer => Role::Seer.name_in(lang),
        })
        .collect();
    steps.join(&lang.text("ww-llmb-sep", &[]))
}

impl LlmSeat {
    /// The system message: the rules of this table, then how to play each role it deals.
    pub(super) fn system_text(&self) -> String {
        let lang = self.lang;
        let rules = if self.board.id == Board::seed9().id {
            self.seed9_rules()
        } else {
            self.board_rules()
        };
        // Every dealt role's guide, the same for every seat: which one is this seat's is
        // private. The nine-seat board deals the first five of `Role::ALL`.
        let guides: Vec<String> = Role::ALL
            .iter()
            .filter(|r| self.board.has(**r))
            .map(|r| self.render(&format!("role_{}", r.name()), &[]))
            .map(|g| format!("- {}", g.trim()))
            .collect();
        format!(
            "{rules}\n\n{}\n{}",
            lang.text("ww-llm-roles", &[]),
            guides.join("\n")
        )
    }

    /// The nine-seat board's rules text (`rules.md`), as it always was.
    fn seed9_rules(&self) -> String {
        let m = &self.memory;
        self.render(
            "rules",
            &[
                ("max_days", &m.rules.max_days.to_string()),
                ("hunter_rule", &hunter_rule(&m.rules, self.lang)),
                ("witch_self_save", &witch_self_save(&m.rules, self.lang)),
            ],
        )
    }

    /// Any other board's rules text (`rules_board.md`), from the board.
    fn board_rules(&self) -> String {
        let (b, lang, m) = (&*self.board, self.lang, &self.memory);
        let t = |id: &str| lang.text(id, &[]);
        // The board's own switches win over the table's options.
        let mut rules = m.rules;
        if let Some(w) = b.witch_self_save {
            rules.witch_self_save = w;
        }
        if let Some(h) = b.hunter_shoots_when_poisoned {
            rules.hunter_shoots_when_poisoned = h;
        }
        let mut table = Vec::new();
        if b.has(Role::Witch) {
            let self_save = witch_self_save(&rules, lang);
            table.push(lang.text("ww-llmb-witch", &[("self_save", &self_save)]));
        }
        if b.has(Role::Hunter) {
            let rule = hunter_rule(&rules, lang);
            table.push(lang.text("ww-llmb-hunter", &[("rule", &rule)]));
        }
        if b.sheriff {
            table.push(t("ww-llmb-sheriff"));
        }
        table.push(t(match b.reveal {
            Reveal::Role => "ww-llmb-reveal-role",
            Reveal::Team => "ww-llmb-reveal-team",
            Reveal::None => "ww-llmb-reveal-none",
        }));
        match b.abstain {
            Abstain::Allowed => {}
            Abstain::NotDay1 => table.push(t("ww-llmb-abstain-not-day1")),
            Abstain::Off => table.push(t("ww-llmb-abstain-off")),
        }
        table.push(t(match b.last_words {
            LastWords::Vote => "ww-llmb-last-words-vote",
            LastWords::VoteAndFirstNight => "ww-llmb-last-words-first-night",
        }));
        if b.self_explode {
            table.push(t("ww-llmb-explode"));
        }
        let gods: Vec<String> = Role::DEAL_ORDER
            .iter()
            .filter(|r| r.is_god() && b.has(**r))
            .map(|r| r.name_in(lang))
            .collect();
        let win = lang.text(
            "ww-llmb-win",
            &[("gods", &gods.join(&lang.text("ww-llmb-sep", &[])))],
        );
        self.render(
            "rules_board",
            &[
                ("board", b.name_in(lang)),
                ("seats", &b.seats.to_string()),
                ("deck", &deck_text(b, lang)),
                ("night", &night_text(b, lang)),
                ("table", &table.join("\n")),
                ("win", &win),
                ("max_days", &m.rules.max_days.to_string()),
            ],
        )
    }
}
