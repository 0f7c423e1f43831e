//! The larger boards' asks answered by DM (or the night panel): the guard's pick, the wolf
//! king's shot, the sheriff's badge, speaking order and vote call. Their prompt, their
//! controls (a select menu of seats, at most 16 options, and one or two buttons: within
//! Discord's 25 options and 5 buttons a row) and what a click chose, in the seat's
//! language. Also what the table learns of a human seat from its own news (its role, the
//! seat its guard protected last night), which these controls and the DM offers of
//! [`super::unasked`] need. Pure.

use super::names::Names;
use crate::text::Component;
use agora_games::werewolf::{Action, Ask, AskKind, Board, Event, Role, Seat, SeatSet};
use serenity::all::{
    ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption,
};
use std::sync::Arc;

/// What the table knows of its board and of its human seats from their own news.
#[derive(Debug, Clone)]
pub struct Known {
    /// The board the game is played on.
    pub board: Arc<Board>,
    /// Each human seat's role, once dealt (index seat-1).
    pub roles: Vec<Option<Role>>,
    /// The seat a human guard protected last night (`None`: nobody, or no guard).
    pub last_guard: Option<Seat>,
    /// The people out of the game already told, once, that the table does not hear them.
    pub hushed: Vec<u64>,
    /// The last day the human wolves were offered the self-explosion (its button works
    /// for that whole day: offered at the campaign, it is not offered again at dawn).
    pub explode_offered: u32,
}

impl Known {
    pub fn new(board: Arc<Board>) -> Known {
        Known {
            roles: vec![None; board.seats as usize],
            board,
            last_guard: None,
            hushed: Vec::new(),
            explode_offered: 0,
        }
    }

    /// Takes in a seat's own event.
    pub fn take(&mut self, event: &Event) {
        match event {
            Event::RoleDealt { seat, role } => {
                if let Some(r) = self.roles.get_mut(*seat as usize - 1) {
                    *r = Some(*role);
                }
            }
            Event::GuardPicked { target } => self.last_guard = *target,
            _ => {}
        }
    }

    pub fn role(&self, seat: Seat) -> Option<Role> {
        self.roles.get(seat as usize - 1).copied().flatten()
    }

    /// The ask as its controls show it: the guard's menu lists the seat guarded last night
    /// too (still alive), so choosing it is refused with the rules' own reason rather than
    /// the seat silently missing. That seat rides in `attacked` (the witch's field, unused
    /// by the guard's ask) so its prompt and menu can say why.
    pub fn shown(&self, ask: &Ask, alive: SeatSet) -> Ask {
        let mut shown = *ask;
        if ask.kind == AskKind::GuardPick {
            if let Some(last) = self.last_guard.filter(|s| alive.contains(*s)) {
                shown.targets.insert(last);
                shown.attacked = Some(last);
            }
        }
        shown
    }
}

/// The prompt of one of the larger boards' asks.
pub fn prompt(ask: &Ask, names: &Names) -> String {
    let t = |id: &str| names.t(id, &[]);
    match ask.kind {
        AskKind::GuardPick => match ask.attacked {
            Some(last) => names.t("wwb-prompt-guard-last", &[("seat", &names.seat(last))]),
            None => t("wwb-prompt-guard"),
        },
        AskKind::KingShot => t("wwb-prompt-king"),
        AskKind::BadgePass => t("wwb-prompt-badge"),
        AskKind::SpeakingOrder => t("wwb-prompt-order"),
        AskKind::SheriffCall => t("wwb-prompt-call"),
        AskKind::SheriffRun => t("wwb-prompt-run"),
        other => names.t("wwd-prompt-other", &[("ask", &other.name_in(names.lang))]),
    }
}

/// The controls of one of the larger boards' asks (none for the others).
pub fn controls(session: &str, names: &Names, ask: &Ask) -> Vec<CreateActionRow> {
    let id = |verb: &str| {
        Component::Ask {
            session: session.to_string(),
            seat: ask.seat,
            seq: ask.seq,
            verb: verb.into(),
        }
        .id()
    };
    let t = |id: &str| names.t(id, &[]);
    let menu = |placeholder: &str| {
        let options = (ask.targets.iter())
            .map(|s| {
                let o = CreateSelectMenuOption::new(names.seat(s), s.to_string());
                match ask.attacked {
                    Some(last) if ask.kind == AskKind::GuardPick && last == s => {
                        o.description(t("wwb-guard-last"))
                    }
                    _ => o,
                }
            })
            .collect();
        CreateActionRow::SelectMenu(
            CreateSelectMenu::new(id("pick"), CreateSelectMenuKind::String { options })
                .placeholder(t(placeholder)),
        )
    };
    let button =
        |verb: &str, label: &str, style| CreateButton::new(id(verb)).label(t(label)).style(style);
    let with_menu = |placeholder: &str, verb: &str, label: &str| {
        let mut rows = Vec::new();
        if !ask.targets.is_empty() {
            rows.push(menu(placeholder));
        }
        rows.push(CreateActionRow::Buttons(vec![button(
            verb,
            label,
            ButtonStyle::Secondary,
        )]));
        rows
    };
    match ask.kind {
        AskKind::GuardPick => with_menu("wwb-pick-guard", "pass", "wwb-guard-nobody"),
        AskKind::KingShot => with_menu("wwb-pick-king", "decline", "wwb-king-hold"),
        AskKind::BadgePass => with_menu("wwb-pick-badge", "tear", "wwb-tear"),
        AskKind::SheriffCall => with_menu("wwb-pick-call", "pass", "wwb-call-none"),
        AskKind::SpeakingOrder => vec![CreateActionRow::Buttons(vec![
            button("up", "wwb-order-up-button", ButtonStyle::Primary),
            button("down", "wwb-order-down-button", ButtonStyle::Primary),
        ])],
        _ => Vec::new(),
    }
}

/// What a click chose for an ask of the larger boards, or for no ask (an offer of
/// [`super::unasked`]); `None`: say it as the nine-seat table does.
pub fn chosen(kind: Option<AskKind>, action: &Action, names: &Names) -> Option<String> {
    let target = |id: &str, s: &Seat| names.t(id, &[("target", &names.seat(*s))]);
    let t = |id: &str| names.t(id, &[]);
    Some(match (kind, action) {
        (_, Action::Guard { target: s }) => target("wwb-chose-guard", s),
        (Some(AskKind::GuardPick), Action::Pass) => t("wwb-chose-guard-none"),
        (Some(AskKind::KingShot), Action::Shoot { target: s }) => target("wwb-chose-king", s),
        (Some(AskKind::KingShot), Action::Decline) => t("wwb-chose-king-hold"),
        (_, Action::Run) => t("wwb-chose-run"),
        (Some(AskKind::SheriffRun), Action::Pass) => t("wwb-chose-no-run"),
        (_, Action::Withdraw) => t("wwb-chose-withdraw"),
        (_, Action::Badge { target: s }) => target("wwb-chose-badge", s),
        (_, Action::Tear) => t("wwb-chose-tear"),
        (_, Action::Order { up: true }) => t("wwb-chose-order-up"),
        (_, Action::Order { up: false }) => t("wwb-chose-order-down"),
        (_, Action::Call { target: s }) => target("wwb-chose-call", s),
        (Some(AskKind::SheriffCall), Action::Pass) => t("wwb-chose-call-none"),
        (_, Action::Explode { target: None }) => t("wwb-chose-explode"),
        (_, Action::Explode { target: Some(s) }) => target("wwb-chose-explode-take", s),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_games::Lang;

    fn ask(kind: AskKind, targets: &[Seat]) -> Ask {
        Ask {
            seat: 2,
            kind,
            targets: targets.iter().copied().collect(),
            attacked: None,
            can_save: false,
            max_chars: 0,
            no_abstain: false,
            seq: 9,
        }
    }

    #[test]
    fn the_guard_sees_last_nights_seat_and_why_it_is_refused() {
        let mut known = Known::new(super::super::board_pick::stored(Some("zh12-guard")));
        known.take(&Event::GuardPicked { target: Some(7) });
        let alive: SeatSet = (1..=12).collect();
        let shown = known.shown(&ask(AskKind::GuardPick, &[1, 2, 3]), alive);
        assert!(shown.targets.contains(7) && shown.attacked == Some(7));
        let names = Names::new((1..=12).map(|i| format!("p{i}")).collect(), Lang::En);
        let p = prompt(&shown, &names);
        assert!(p.contains("Not **Seat 7 · p7**"), "{p}");
        assert_eq!(
            controls("s", &names, &shown).len(),
            2,
            "a menu and a button"
        );
        // A dead seat guarded last night is simply gone.
        let shown = known.shown(&ask(AskKind::GuardPick, &[1]), SeatSet::only(1));
        assert_eq!(shown.attacked, None);
    }

    #[test]
    fn every_sheriff_ask_has_its_controls_and_words() {
        let names = Names::new((1..=12).map(|i| format!("p{i}")).collect(), Lang::ZhCn);
        for kind in [
            AskKind::KingShot,
            AskKind::BadgePass,
            AskKind::SpeakingOrder,
            AskKind::SheriffCall,
        ] {
            let a = ask(kind, &[1, 3]);
            assert!(!controls("s", &names, &a).is_empty(), "{kind:?}");
            assert!(!prompt(&a, &names).contains("wwd-prompt-other"), "{kind:?}");
        }
        let said = chosen(Some(AskKind::BadgePass), &Action::Tear, &names).unwrap();
        assert_eq!(said, "你撕掉了警徽");
        assert_eq!(chosen(Some(AskKind::Vote), &Action::Abstain, &names), None);
        assert_eq!(
            chosen(None, &Action::Explode { target: None }, &names).unwrap(),
            "你自爆了"
        );
    }
}
