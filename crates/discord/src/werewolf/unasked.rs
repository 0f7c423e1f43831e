//! What a seat may do that no ask waits for: a sheriff candidate's withdrawal (退水) at any
//! time of the campaign, and a wolf's self-explosion in a day's speeches on a board that
//! allows it (the white wolf king's on any board, taking a living seat with him). Each is
//! offered by DM, as its own message, to exactly the seats that may use it: a runner when
//! the runners are named, a living human wolf when the campaign or a day begins. A DM is
//! private, so nobody else learns that a person is a wolf before the explosion happens.
//! A click is submitted as an unasked action (no sequence number); the rules decide
//! whether it is allowed now, and a late click is told their reason.

use super::names::Names;
use super::table::{Running, TableState, WerewolfTable};
use crate::send::{ephemeral, followup, no_pings};
use crate::text::Component;
use crate::types::{Bot, Error};
use agora_core::session::SubmitError;
use agora_games::werewolf::{Action, Event, Role, Seat, SeatSet};
use agora_games::Localized;
use serenity::all::{
    ButtonStyle, ComponentInteraction, ComponentInteractionDataKind, CreateActionRow, CreateButton,
    CreateInteractionResponse, CreateMessage, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption, EditInteractionResponse,
};
use std::sync::Arc;

/// An offer of an unasked action, sent to one seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offer {
    Withdraw,
    Explode,
}

/// The verbs of the offers' controls (sequence number 0: no ask).
pub const VERBS: [&str; 3] = ["withdraw", "explode", "explode_take"];

/// The offers a public event makes, by seat: the runners may withdraw; when a speech
/// phase begins (the campaign, a day), each living human wolf who may explode is told so,
/// once a day (the campaign's button holds for the day's speeches too) — but the white wolf
/// king's again at dawn, as the night's deaths changed whom he may take.
pub fn offers(r: &mut Running, humans: SeatSet, event: &Event) -> Vec<(Seat, Offer)> {
    let mut out = Vec::new();
    let day = match event {
        Event::SheriffRunners { running } if !running.is_empty() => {
            for s in humans.intersect(*running).iter() {
                out.push((s, Offer::Withdraw));
            }
            // The campaign is day 1's, before its dawn.
            Some(1)
        }
        Event::Dawn { day, .. } => Some(*day),
        _ => None,
    };
    if let Some(day) = day {
        let again = day <= r.known.explode_offered;
        r.known.explode_offered = day;
        for s in humans.intersect(r.alive).iter() {
            let may = match r.known.role(s) {
                Some(Role::WhiteWolfKing) => true,
                Some(role) => role.is_wolf() && r.known.board.self_explode && !again,
                None => false,
            };
            if may {
                out.push((s, Offer::Explode));
            }
        }
    }
    out
}

/// An offer's DM: its line and its controls, in the seat's language.
pub fn view(r: &Running, seat: Seat, offer: Offer) -> (String, Vec<CreateActionRow>) {
    let names = r.names_of(seat);
    let id = |verb: &str| {
        Component::Ask {
            session: r.data.session_id.clone(),
            seat,
            seq: 0,
            verb: verb.into(),
        }
        .id()
    };
    let button = |verb: &str, label: &str, style| {
        CreateButton::new(id(verb))
            .label(names.t(label, &[]))
            .style(style)
    };
    match offer {
        Offer::Withdraw => (
            names.t("wwb-withdraw-note", &[]),
            vec![CreateActionRow::Buttons(vec![button(
                "withdraw",
                "wwb-withdraw-button",
                ButtonStyle::Secondary,
            )])],
        ),
        Offer::Explode if r.known.role(seat) == Some(Role::WhiteWolfKing) => {
            let options = (r.alive.without(seat).iter())
                .map(|s| CreateSelectMenuOption::new(names.seat(s), s.to_string()))
                .collect();
            let menu =
                CreateSelectMenu::new(id("explode_take"), CreateSelectMenuKind::String { options })
                    .placeholder(names.t("wwb-explode-take", &[]));
            (
                names.t("wwb-explode-note-king", &[]),
                vec![
                    CreateActionRow::SelectMenu(menu),
                    CreateActionRow::Buttons(vec![button(
                        "explode",
                        "wwb-explode-alone",
                        ButtonStyle::Danger,
                    )]),
                ],
            )
        }
        Offer::Explode => (
            names.t("wwb-explode-note", &[]),
            vec![CreateActionRow::Buttons(vec![button(
                "explode",
                "wwb-explode-button",
                ButtonStyle::Danger,
            )])],
        ),
    }
}

/// DMs each offer to `seat`'s person as its own message (a seat whose DMs are closed has
/// none: it may still withdraw by typing it as its campaign speech).
pub(super) async fn send(
    bot: &Arc<Bot>,
    table: &Arc<WerewolfTable>,
    seat: Seat,
    offers: Vec<Offer>,
) {
    for offer in offers {
        let built = match &*table.state.lock().await {
            TableState::Running(r) => match r.data.user(seat) {
                Some(user) if !r.data.seats[seat as usize - 1].dm_closed => {
                    let (text, rows) = view(r, seat, offer);
                    Some((user, text, rows))
                }
                _ => None,
            },
            _ => None,
        };
        let Some((user, text, rows)) = built else {
            return;
        };
        let msg = CreateMessage::new()
            .content(text)
            .components(rows)
            .allowed_mentions(no_pings());
        if let Err(e) = bot.dm(user, msg).await {
            tracing::info!(seat, "an offer's DM failed: {e}");
        }
    }
}

/// The action an offer's control means (`None`: no seat chosen, or not an offer's verb).
pub fn action_of(verb: &str, value: Option<&str>) -> Option<Action> {
    match verb {
        "withdraw" => Some(Action::Withdraw),
        "explode" => Some(Action::Explode { target: None }),
        "explode_take" => value
            .and_then(|v| v.parse::<Seat>().ok())
            .map(|t| Action::Explode { target: Some(t) }),
        _ => None,
    }
}

/// A click on an offer's control: only the seat's own person; submitted without a sequence
/// number, and the rules say whether it is allowed now.
pub(super) async fn on_click(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    table: &Arc<WerewolfTable>,
    seat: Seat,
    verb: &str,
) -> Result<(), Error> {
    let lang = table.lang_for(c).await;
    let closed = lang.text("wwd-closed", &[]);
    let value = match &c.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    };
    let found = {
        let st = table.state.lock().await;
        match &*st {
            TableState::Running(r) if r.data.user(seat) == Some(c.user.id.get()) => {
                Some((r.handle.clone(), r.names_of(seat)))
            }
            _ => None,
        }
    };
    let (Some((handle, names)), Some(action)) = (found, action_of(verb, value.as_deref())) else {
        bot.respond(c, ephemeral(closed)).await?;
        return Ok(());
    };
    bot.respond(c, CreateInteractionResponse::Acknowledge)
        .await?;
    match handle.submit(seat, action.clone(), None).await {
        Ok(()) => {
            let done = done_line(&action, &names);
            c.edit_response(
                &bot.http,
                EditInteractionResponse::new()
                    .content(done)
                    .components(vec![]),
            )
            .await?;
            Ok(())
        }
        Err(SubmitError::Stale) | Err(SubmitError::Closed) => followup(bot, c, &closed).await,
        Err(e) => {
            let said = lang.text("wwd-not-taken", &[("why", &e.text(lang))]);
            followup(bot, c, &said).await
        }
    }
}

fn done_line(action: &Action, names: &Names) -> String {
    let what = super::board_asks::chosen(None, action, names)
        .unwrap_or_else(|| super::views::chosen(action, names));
    names.t("wwd-done", &[("what", &what)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offers_read_as_unasked_actions() {
        assert_eq!(action_of("withdraw", None), Some(Action::Withdraw));
        assert_eq!(
            action_of("explode", None),
            Some(Action::Explode { target: None })
        );
        assert_eq!(
            action_of("explode_take", Some("11")),
            Some(Action::Explode { target: Some(11) })
        );
        assert_eq!(action_of("explode_take", None), None, "a seat is needed");
        assert_eq!(action_of("pick", Some("3")), None);
        for verb in VERBS {
            assert!(crate::text::Component::parse(&format!("ask:s:12:0:{verb}")).is_some());
        }
    }
}
