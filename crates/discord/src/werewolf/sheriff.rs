//! The larger boards at a Discord table, as the channel and a seat's DMs read them: the
//! sheriff (the sign-up message with its Run / Don't run buttons, the sheriff vote on the
//! shared vote message, the election's result, the badge, the speaking order, the vote
//! call), the revealed cards, the idiot, the wolf king's shot and the self-explosions.
//! Pure: lines and which asks share a channel message; the shell posts them.

use super::names::Names;
use agora_games::werewolf::{AskKind, Event, Side};

/// The asks answered on one shared channel message rather than by DM: the votes (the
/// day's, its PK, the sheriff's) and the sheriff sign-up.
pub fn on_shared_message(kind: AskKind) -> bool {
    kind.is_vote() || kind == AskKind::SheriffRun
}

/// The heading of the shared message of `kind` (`None`: the day's vote, as before).
pub fn board_head(kind: AskKind) -> Option<&'static str> {
    match kind {
        AskKind::SheriffRun => Some("wwb-signup"),
        AskKind::SheriffVote => Some("wwb-board-sheriff"),
        _ => None,
    }
}

/// What the shared message of `kind` reads once it is closed (`None`: the day's vote).
pub fn board_closed(kind: AskKind) -> Option<&'static str> {
    match kind {
        AskKind::SheriffRun => Some("wwb-signup-closed"),
        AskKind::SheriffVote => Some("wwb-board-sheriff-closed"),
        _ => None,
    }
}

/// A public event of the larger boards as the channel reads it; `None` for the events
/// the nine-seat table already tells.
pub fn public_line(event: &Event, names: &Names) -> Option<String> {
    let t = |id: &str, args: &[(&str, &str)]| names.t(id, args);
    let seat = |s: &u8| names.seat(*s);
    Some(match event {
        Event::Board { id, seats, .. } => {
            let board = super::board_pick::stored(Some(id));
            let name = board.name_in(names.lang).to_string();
            let line = t(
                "wwb-board",
                &[("name", &name), ("seats", &seats.to_string())],
            );
            if board.full_nights {
                // The people wait out every night on such a board: told why once.
                format!("{line}\n{}", t("ww-full-nights", &[]))
            } else {
                line
            }
        }
        Event::Revealed {
            seat: s,
            side,
            role,
        } => match role {
            Some(r) => t(
                "wwb-revealed-role",
                &[("seat", &seat(s)), ("role", &r.name_in(names.lang))],
            ),
            None => t(
                "wwb-revealed-side",
                &[("seat", &seat(s)), ("side", &side_name(*side, names))],
            ),
        },
        Event::IdiotRevealed { seat: s } => t("wwb-idiot", &[("seat", &seat(s))]),
        Event::Exploded { wolf } => t("wwb-exploded", &[("seat", &seat(wolf))]),
        Event::Taken { king, target } => t(
            "wwb-taken",
            &[("king", &seat(king)), ("target", &seat(target))],
        ),
        Event::KingShot { king, target } => match target {
            Some(x) => t(
                "wwb-king-shoots",
                &[("king", &seat(king)), ("target", &seat(x))],
            ),
            None => t("wwb-king-holds", &[("king", &seat(king))]),
        },
        Event::SheriffRunners { running } if running.is_empty() => t("wwb-runners-none", &[]),
        Event::SheriffRunners { running } => t("wwb-runners", &[("seats", &names.list(*running))]),
        Event::Withdrew { seat: s } => t("wwb-withdrew", &[("seat", &seat(s))]),
        Event::SheriffElected { seat: Some(s) } => t("wwb-elected", &[("seat", &seat(s))]),
        Event::SheriffElected { seat: None } => t("wwb-elected-none", &[]),
        Event::BadgePassed { from, to } => match to {
            Some(x) => t(
                "wwb-badge-passed",
                &[("from", &seat(from)), ("to", &seat(x))],
            ),
            None => t("wwb-badge-torn", &[("from", &seat(from))]),
        },
        Event::BadgeLost { seat: s } => t("wwb-badge-lost", &[("seat", &seat(s))]),
        Event::SpeakingOrder { sheriff, up } => t(
            if *up {
                "wwb-order-up"
            } else {
                "wwb-order-down"
            },
            &[("sheriff", &seat(sheriff))],
        ),
        Event::SheriffCalled { sheriff, target } => match target {
            Some(x) => t(
                "wwb-called",
                &[("sheriff", &seat(sheriff)), ("target", &seat(x))],
            ),
            None => t("wwb-called-none", &[("sheriff", &seat(sheriff))]),
        },
        _ => return None,
    })
}

/// A seat's own news of the larger boards (the wolf king's status and shot; the guard's
/// pick is confirmed on its control).
pub fn private_line(event: &Event, names: &Names) -> Option<String> {
    match event {
        Event::KingStatus { dies: false, .. } => None,
        Event::KingStatus {
            may_shoot: true, ..
        } => Some(names.t("wwb-king-may-shoot", &[])),
        Event::KingStatus { .. } => Some(names.t("wwb-king-poisoned", &[])),
        Event::KingShot { .. } => public_line(event, names),
        _ => None,
    }
}

fn side_name(side: Side, names: &Names) -> String {
    side.name_in(names.lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_games::werewolf::{Role, SeatSet};
    use agora_games::Lang;

    fn names(lang: Lang) -> Names {
        Names::new((1..=12).map(|i| format!("p{i}")).collect(), lang)
    }

    #[test]
    fn the_sheriff_and_the_cards_are_told_in_the_tables_language() {
        let en = names(Lang::En);
        let runners = Event::SheriffRunners {
            running: [3, 11].into_iter().collect(),
        };
        let line = public_line(&runners, &en).unwrap();
        assert!(line.contains("Seat 3 · p3, Seat 11 · p11"), "{line}");
        let elected = public_line(&Event::SheriffElected { seat: Some(11) }, &en).unwrap();
        assert!(
            elected.contains("**Seat 11 · p11** is elected sheriff"),
            "{elected}"
        );
        let zh = names(Lang::ZhCn);
        let torn = public_line(&Event::BadgePassed { from: 12, to: None }, &zh).unwrap();
        assert_eq!(torn, "🎖️ 警长 **12号 · p12** 撕掉了警徽：此后没有警长。");
        let shown = Event::Revealed {
            seat: 4,
            side: Side::Wolves,
            role: Some(Role::WolfKing),
        };
        assert!(public_line(&shown, &zh).unwrap().contains("狼王"));
        let nobody = Event::SheriffRunners {
            running: SeatSet::EMPTY,
        };
        assert!(public_line(&nobody, &en).unwrap().contains("Nobody runs"));
        // What only a seat may know is never a public line.
        let status = Event::KingStatus {
            dies: true,
            may_shoot: true,
        };
        assert_eq!(public_line(&status, &en), None);
        assert!(private_line(&status, &en).unwrap().contains("may shoot"));
        assert_eq!(
            public_line(&Event::GuardPicked { target: Some(2) }, &en),
            None
        );
    }
}
