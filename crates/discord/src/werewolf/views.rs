//! What a werewolf table shows, as Discord messages: the lobby embed and its buttons, the
//! status board, the vote message and its menu, a night ask's controls, and what a click
//! means for its ask. Also the two edits kept up to date (the vote message, the status
//! board).

use super::lobby::Lobby;
use super::render::{self, Names};
use super::sheriff::board_head;
use super::table::{Board, Running, TableState, WerewolfTable};
use crate::send::api_code;
use crate::tables::Seated;
use crate::text::Component;
use crate::types::Bot;
use agora_games::werewolf::{Action, Ask, AskKind, Choice, Seat, SeatSet};
use agora_games::Lang;
use serenity::all::{
    ButtonStyle, ChannelId, CreateActionRow, CreateButton, CreateEmbed, CreateMessage,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, EditMessage,
};
use std::sync::Arc;

/// The lobby's buttons.
pub fn lobby_components(channel: u64, lang: Lang) -> Vec<CreateActionRow> {
    let b = |verb: &str, label: &str, style| {
        let label = lang.text(label, &[]);
        CreateButton::new(
            Component::Lobby {
                channel,
                verb: verb.into(),
            }
            .id(),
        )
        .label(label)
        .style(style)
    };
    vec![CreateActionRow::Buttons(vec![
        b("join", "wwd-join", ButtonStyle::Success),
        b("leave", "wwd-leave", ButtonStyle::Secondary),
        b("start", "wwd-start", ButtonStyle::Primary),
    ])]
}

/// The lobby's embed, in its language.
pub fn lobby_embed(l: &Lobby, ai: &str) -> CreateEmbed {
    let lang = l.lang.unwrap_or_default();
    CreateEmbed::new()
        .title(lang.text("wwd-lobby-title", &[]))
        .description(render::lobby(l, ai, lang))
}

/// The vote message's text (the table's language).
pub fn board_text(r: &Running, b: &Board) -> String {
    let names = &r.names;
    let head = match board_head(b.kind) {
        Some(id) => id,
        None if b.kind == AskKind::PkVote => "wwd-board-pk",
        None => "wwd-board",
    };
    let mut s = names.t(head, &[]);
    s.push('\n');
    for seat in b.voters.iter() {
        let mark = if b.voted.contains(seat) { "✅" } else { "⏳" };
        s.push_str(&format!("{mark} {}\n", names.seat(seat)));
    }
    let waiting: Vec<String> = b
        .voters
        .minus(b.voted)
        .iter()
        .filter_map(|s| r.data.user(s))
        .map(|u| format!("<@{u}>"))
        .collect();
    if !waiting.is_empty() {
        let users = waiting.join(" ");
        s.push_str(&match render::closes(b.due_at, names.lang) {
            c if c.is_empty() => names.t("wwd-board-waiting", &[("users", &users)]),
            c => names.t(
                "wwd-board-waiting-due",
                &[("users", &users), ("closes", &c)],
            ),
        });
        s.push('\n');
    }
    s.push_str(&names.t(
        if b.kind == AskKind::SheriffRun {
            "wwb-board-ai-signup"
        } else {
            "wwd-board-ai"
        },
        &[],
    ));
    s
}

pub(super) fn board_components(r: &Running, b: &Board) -> Vec<CreateActionRow> {
    let id = |verb: Option<&str>| {
        Component::Board {
            session: r.data.session_id.clone(),
            key: b.key,
            verb: verb.map(str::to_string),
        }
        .id()
    };
    if b.kind == AskKind::SheriffRun {
        let button = |verb: &str, label: &str, style| {
            CreateButton::new(id(Some(verb)))
                .label(r.names.t(label, &[]))
                .style(style)
        };
        return vec![CreateActionRow::Buttons(vec![
            button("run", "wwb-run", ButtonStyle::Success),
            button("pass", "wwb-dont-run", ButtonStyle::Secondary),
        ])];
    }
    let mut options: Vec<CreateSelectMenuOption> = b
        .targets
        .iter()
        .map(|s| CreateSelectMenuOption::new(r.names.seat(s), s.to_string()))
        .collect();
    let abstain = r.names.t("wwd-board-abstain", &[]);
    options.push(CreateSelectMenuOption::new(abstain, "abstain"));
    vec![CreateActionRow::SelectMenu(
        CreateSelectMenu::new(id(None), CreateSelectMenuKind::String { options })
            .placeholder(r.names.t("wwd-board-placeholder", &[])),
    )]
}

/// The controls of a night (or hunter's) ask: select menus of valid targets only, and
/// buttons for save / pass / decline, in the language of `names` (the seat's own).
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
    let menu = |verb: &str, placeholder: &str, targets: SeatSet| {
        let placeholder = t(placeholder);
        let options = targets
            .iter()
            .map(|s| CreateSelectMenuOption::new(names.seat(s), s.to_string()))
            .collect();
        CreateActionRow::SelectMenu(
            CreateSelectMenu::new(id(verb), CreateSelectMenuKind::String { options })
                .placeholder(placeholder),
        )
    };
    let mut rows = Vec::new();
    match ask.kind {
        AskKind::WolfPick => rows.push(menu("pick", "wwd-pick-victim", ask.targets)),
        AskKind::SeerCheck => rows.push(menu("pick", "wwd-pick-check", ask.targets)),
        AskKind::HunterShot => {
            if !ask.targets.is_empty() {
                rows.push(menu("pick", "wwd-pick-shoot", ask.targets));
            }
            rows.push(CreateActionRow::Buttons(vec![CreateButton::new(id(
                "decline",
            ))
            .label(t("wwd-dont-shoot"))
            .style(ButtonStyle::Secondary)]));
        }
        AskKind::Witch => {
            if !ask.targets.is_empty() {
                rows.push(menu("poison", "wwd-pick-poison", ask.targets));
            }
            let mut buttons = Vec::new();
            if ask.can_save {
                if let Some(a) = ask.attacked {
                    buttons.push(
                        CreateButton::new(id("save"))
                            .label(names.t("wwd-save-seat", &[("seat", &a.to_string())]))
                            .style(ButtonStyle::Success),
                    );
                }
            }
            buttons.push(
                CreateButton::new(id("pass"))
                    .label(t("wwd-pass"))
                    .style(ButtonStyle::Secondary),
            );
            rows.push(CreateActionRow::Buttons(buttons));
        }
        _ => rows = super::board_asks::controls(session, names, ask),
    }
    rows
}

/// The action a click means for `ask`; the message says what went wrong (in `lang`).
pub fn action_for(
    ask: &Ask,
    verb: &str,
    value: Option<&str>,
    lang: Lang,
) -> Result<Action, String> {
    let closed = || lang.text("wwd-closed-why", &[]);
    let choice = match value {
        Some("abstain") => Choice::read(ask.kind, "abstain", None),
        _ => Choice::read(ask.kind, verb, value.and_then(|v| v.parse::<Seat>().ok())),
    };
    match choice {
        Ok(choice) => ask.action(choice).map_err(|_| closed()),
        // The right button with no seat chosen from its menu.
        Err(_) if Choice::read(ask.kind, verb, Some(1)).is_ok() => {
            Err(lang.text("wwd-choose-seat", &[]))
        }
        Err(_) => Err(closed()),
    }
}

/// What a click chose, for the confirmation (in the language of `names`).
pub fn chosen(action: &Action, names: &Names) -> String {
    let target = |id: &str, s: &Seat| names.t(id, &[("target", &names.seat(*s))]);
    match action {
        Action::Kill { target: s } => target("wwd-chose-kill", s),
        Action::Check { target: s } => target("wwd-chose-check", s),
        Action::Shoot { target: s } => target("wwd-chose-shoot", s),
        Action::Poison { target: s } => target("wwd-chose-poison", s),
        Action::Vote { target: s } => target("wwd-chose-vote", s),
        Action::Save => names.t("wwd-chose-save", &[]),
        Action::Pass => names.t("wwd-chose-pass", &[]),
        Action::Decline => names.t("wwd-chose-decline", &[]),
        Action::Abstain => names.t("wwd-chose-abstain", &[]),
        Action::Speak { .. } => names.t("wwd-chose-speak", &[]),
        other => names.t("wwd-chose-other", &[("action", other.name())]),
    }
}

/// The status board embed (the table's language).
pub fn status_embed(r: &Running) -> CreateEmbed {
    let lang = r.data.lang;
    let session = &r.data.session_id;
    CreateEmbed::new()
        .title(lang.text("wwd-table-title", &[]))
        .description(render::status(&r.names, r.alive, &r.phase.said(lang)))
        .footer(serenity::all::CreateEmbedFooter::new(
            lang.text("wwd-table-footer", &[("session", session)]),
        ))
}

/// Edits the vote message to show who has voted so far.
pub async fn refresh_board(bot: &Arc<Bot>, table: &Arc<WerewolfTable>, channel: ChannelId) {
    let edit = {
        let st = table.state.lock().await;
        let TableState::Running(r) = &*st else {
            return;
        };
        r.board.as_ref().and_then(|b| {
            b.message
                .map(|m| (m, board_text(r, b), board_components(r, b)))
        })
    };
    if let Some((m, text, comps)) = edit {
        let _ = bot
            .edit(
                channel,
                m,
                EditMessage::new().content(text).components(comps),
            )
            .await;
    }
}

/// Edits the status message (or posts it the first time).
pub async fn update_status(bot: &Arc<Bot>, table: &Arc<WerewolfTable>, channel: ChannelId) {
    let (embed, existing) = {
        let st = table.state.lock().await;
        let TableState::Running(r) = &*st else {
            return;
        };
        (status_embed(r), r.data.status_message)
    };
    if let Some(m) = existing {
        match bot
            .edit(channel, m, EditMessage::new().embed(embed.clone()))
            .await
        {
            Ok(()) => return,
            // Someone deleted it: post it again. Any other failure waits for the next
            // change (a re-post would leave two boards).
            Err(e) if api_code(&e) == Some(10008) => {}
            Err(_) => return,
        }
    }
    if let Some(m) = bot.post(channel, CreateMessage::new().embed(embed)).await {
        table
            .message
            .store(m.get(), std::sync::atomic::Ordering::Relaxed);
        let row = {
            let mut st = table.state.lock().await;
            if let TableState::Running(r) = &mut *st {
                r.data.status_message = Some(m.get());
            }
            table.row(&st)
        };
        if let Some(row) = row {
            let _ = bot.store.save_channel(&row).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(kind: AskKind, targets: &[Seat]) -> Ask {
        Ask {
            seat: 2,
            kind,
            targets: targets.iter().copied().collect(),
            attacked: Some(5),
            can_save: true,
            max_chars: 300,
            no_abstain: false,
            seq: 9,
        }
    }

    #[test]
    fn clicks_read_as_the_asks_actions() {
        let pick = ask(AskKind::WolfPick, &[3, 4]);
        assert_eq!(
            action_for(&pick, "pick", Some("4"), Lang::En),
            Ok(Action::Kill { target: 4 })
        );
        assert!(action_for(&pick, "pick", None, Lang::En).is_err());
        assert!(
            action_for(&pick, "save", None, Lang::En).is_err(),
            "not the wolves' control"
        );
        let witch = ask(AskKind::Witch, &[1, 3]);
        assert_eq!(action_for(&witch, "save", None, Lang::En), Ok(Action::Save));
        assert_eq!(
            action_for(&witch, "poison", Some("3"), Lang::En),
            Ok(Action::Poison { target: 3 })
        );
        assert_eq!(action_for(&witch, "pass", None, Lang::En), Ok(Action::Pass));
        let vote = ask(AskKind::Vote, &[1, 2, 3]);
        assert_eq!(
            action_for(&vote, "vote", Some("abstain"), Lang::En),
            Ok(Action::Abstain)
        );
        assert_eq!(
            action_for(&vote, "vote", Some("1"), Lang::En),
            Ok(Action::Vote { target: 1 })
        );
        let hunter = ask(AskKind::HunterShot, &[1]);
        assert_eq!(
            action_for(&hunter, "decline", None, Lang::En),
            Ok(Action::Decline)
        );
    }
}
