//! The messages, embeds and controls a debate table shows: the lobby (seats to take,
//! Start, Cancel), a person's call (Done, Write speech, the answerer's or teammate's
//! menu, the speech form) and the scorecard, kept within Discord's limits (25 fields,
//! 1,024 characters a field, 4,096 a description, 6,000 an embed).

use super::lobby::DebateLobby;
use super::render;
use super::table::{Desk, Draft, RunningData};
use crate::text::{sanitize, Component};
use agora_games::debate::team::{seat_title_in, side_of, Ask, Side, Winner, DEBATERS};
use agora_games::{Lang, Seat};
use serenity::all::{
    ButtonStyle, CreateActionRow, CreateButton, CreateEmbed, CreateEmbedFooter, CreateInputText,
    CreateModal, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, InputTextStyle,
};

/// The lobby verb of taking `seat` (`seat1` … `seat8`).
pub fn seat_verb(seat: Seat) -> String {
    format!("seat{seat}")
}

/// The lobby: the motion, the options, who sits where, in the lobby's language.
pub fn lobby_embed(lobby: &DebateLobby) -> CreateEmbed {
    let o = &lobby.options;
    let lang = o.lang;
    let t = |id: &str, args: &[(&str, &str)]| lang.text(id, args);
    let side_lines = |side: Side| {
        side.seats()
            .iter()
            .map(|s| {
                let seat = seat_title_in(*s, lang);
                match lobby.seats.get(s) {
                    Some(p) => t(
                        "dd-lobby-seat",
                        &[("seat", &seat), ("name", &sanitize(&p.name, 40))],
                    ),
                    None => t("dd-lobby-open-seat", &[("seat", &seat)]),
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let pace = o
        .pace
        .map(|p| t("dd-lobby-pace", &[("pace", &p.to_string())]))
        .unwrap_or_default();
    let options = t(
        "dd-lobby-options",
        &[
            ("length", &t(&format!("dd-length-{}", o.length.name()), &[])),
            (
                "live",
                &t(if o.live_scores { "dd-on" } else { "dd-off" }, &[]),
            ),
            ("pace", &pace),
        ],
    );
    let host = lobby
        .seats
        .values()
        .find(|p| p.user == lobby.host)
        .map(|p| sanitize(&p.name, 40))
        .unwrap_or_else(|| t("dd-lobby-opener", &[]));
    CreateEmbed::new()
        .title(t("dd-lobby-title", &[]))
        .description(format!(
            "{}\n{options}\n\n{}",
            t("dd-motion", &[("motion", &sanitize(&o.motion, 300))]),
            t("dd-lobby-how", &[])
        ))
        .field(t("dd-lobby-pro", &[]), side_lines(Side::Pro), true)
        .field(t("dd-lobby-con", &[]), side_lines(Side::Con), true)
        .footer(CreateEmbedFooter::new(t(
            "dd-lobby-footer",
            &[("host", &host)],
        )))
}

pub fn lobby_components(channel: u64, lang: Lang) -> Vec<CreateActionRow> {
    let button = |verb: String, label: String, style: ButtonStyle| {
        CreateButton::new(Component::Lobby { channel, verb }.id())
            .label(label)
            .style(style)
    };
    let side_row = |side: Side, style: ButtonStyle| {
        CreateActionRow::Buttons(
            side.seats()
                .iter()
                .map(|s| button(seat_verb(*s), seat_title_in(*s, lang), style))
                .collect(),
        )
    };
    vec![
        side_row(Side::Pro, ButtonStyle::Primary),
        side_row(Side::Con, ButtonStyle::Danger),
        CreateActionRow::Buttons(vec![
            button(
                "leave".into(),
                lang.text("dd-button-leave", &[]),
                ButtonStyle::Secondary,
            ),
            button(
                "start".into(),
                lang.text("dd-button-start", &[]),
                ButtonStyle::Success,
            ),
            button(
                "cancel".into(),
                lang.text("dd-button-cancel", &[]),
                ButtonStyle::Secondary,
            ),
        ]),
    ]
}

/// The controls of a person's call.
pub fn call_components(
    session: &str,
    seat: Seat,
    seq: u32,
    ask: &Ask,
    lang: Lang,
) -> Vec<CreateActionRow> {
    let id = |verb: &str| {
        Component::Ask {
            session: session.to_string(),
            seat,
            seq,
            verb: verb.into(),
        }
        .id()
    };
    let mut rows = Vec::new();
    match ask {
        Ask::Question { targets, .. } => {
            let options = targets
                .iter()
                .map(|t| CreateSelectMenuOption::new(seat_title_in(*t, lang), t.to_string()))
                .collect();
            rows.push(CreateActionRow::SelectMenu(
                CreateSelectMenu::new(id("target"), CreateSelectMenuKind::String { options })
                    .placeholder(lang.text("dd-pick-answerer", &[])),
            ));
        }
        Ask::Speak {
            may_hand_off: true, ..
        } => {
            if let Some(side) = side_of(seat) {
                let options = side
                    .seats()
                    .into_iter()
                    .filter(|s| *s != seat)
                    .map(|t| CreateSelectMenuOption::new(seat_title_in(t, lang), t.to_string()))
                    .collect();
                rows.push(CreateActionRow::SelectMenu(
                    CreateSelectMenu::new(id("hand"), CreateSelectMenuKind::String { options })
                        .placeholder(lang.text("dd-pick-teammate", &[])),
                ));
            }
        }
        _ => {}
    }
    rows.push(CreateActionRow::Buttons(vec![
        CreateButton::new(id("done"))
            .label(lang.text("dd-button-done", &[]))
            .style(ButtonStyle::Success),
        CreateButton::new(id("write"))
            .label(lang.text("dd-button-write", &[]))
            .style(ButtonStyle::Primary),
    ]));
    rows
}

/// The free debate's "Take the floor" button (any person debating may press it).
pub fn floor_components(session: &str, lang: Lang) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![CreateButton::new(
        Component::Board {
            session: session.to_string(),
            key: 0,
            verb: None,
        }
        .id(),
    )
    .label(lang.text("dd-floor-button", &[]))
    .style(ButtonStyle::Primary)])]
}

/// The id of the speech form's one text field.
pub const SPEECH_FIELD: &str = "speech";

/// The form a person writes a speech in (prefilled with what they typed so far).
pub fn speech_modal(
    session: &str,
    seat: Seat,
    seq: u32,
    ask: &Ask,
    draft: &Draft,
    lang: Lang,
) -> CreateModal {
    let id = Component::Ask {
        session: session.to_string(),
        seat,
        seq,
        verb: "speech".into(),
    }
    .id();
    let title = match ask {
        Ask::Question { .. } => lang.text("dd-form-title-questions", &[]),
        Ask::Speak { part, .. } => {
            let t = render::part_title(*part, lang);
            let mut c = t.chars();
            c.next()
                .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                .unwrap_or_default()
        }
        _ => lang.text("dd-form-title-speech", &[]),
    };
    let mut input = CreateInputText::new(
        InputTextStyle::Paragraph,
        render::form_label(ask, lang),
        SPEECH_FIELD,
    )
    .required(true)
    .max_length(4000);
    let text = draft.text();
    if !text.is_empty() {
        input = input.value(text.chars().take(4000).collect::<String>());
    }
    CreateModal::new(id, title.chars().take(45).collect::<String>())
        .components(vec![CreateActionRow::InputText(input)])
}

/// Cuts lines to fit one embed field (at most `cap` characters, and never over Discord's
/// 1,024), saying how many were left out.
fn field_value(lines: &[String], cap: usize, lang: Lang) -> String {
    let cap = cap.min(1024);
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        let more = lang.text("dd-more", &[("n", &(lines.len() - i).to_string())]);
        if out.chars().count() + line.chars().count() + 1 + more.chars().count() + 1 > cap {
            out.push_str(&more);
            return out;
        }
        out.push_str(line);
        out.push('\n');
    }
    if out.is_empty() {
        "–".into()
    } else {
        out
    }
}

/// The scorecard: winner, team totals, best debater, every speech's score by stage, the
/// penalties with their rule. The judge's review goes in a follow-up message.
pub fn scorecard(desk: &Desk) -> CreateEmbed {
    let data: &RunningData = &desk.data;
    let lang = data.lang;
    let t = |id: &str, args: &[(&str, &str)]| lang.text(id, args);
    let r = &desk.record;
    let (title, totals, best) = match r.finished {
        Some((winner, team, best)) => (
            match winner {
                Winner::Draw => t("dd-card-draw", &[]),
                w => {
                    let side = w
                        .side()
                        .map_or_else(|| t("dd-nobody", &[]), |s| data.side(s));
                    t("dd-card-win", &[("side", &side)])
                }
            },
            t(
                "dd-card-totals",
                &[
                    ("pro", &render::points(team[0])),
                    ("con", &render::points(team[1])),
                ],
            ),
            data.title(best),
        ),
        None => (t("dd-card-ended", &[]), "–".into(), "–".into()),
    };
    let offline = r.scores.iter().any(|s| s.offline);
    let description = t("dd-motion", &[("motion", &sanitize(&data.motion, 1000))]);
    // An embed holds 6,000 characters in all: the sections share what the rest leaves.
    let mut budget = 5_700usize.saturating_sub(
        title.chars().count() + description.chars().count() + totals.len() + best.len() + 200,
    );
    let mut embed = CreateEmbed::new()
        .title(title)
        .description(description)
        .field(t("dd-card-totals-title", &[]), totals, true)
        .field(t("dd-card-best", &[]), best, true);
    for (name, lines) in render::score_sections(r, data).into_iter().take(20) {
        let value = field_value(&lines, budget.saturating_sub(name.len()), lang);
        budget = budget.saturating_sub(value.chars().count() + name.len());
        embed = embed.field(name, value, false);
    }
    let footer = if offline {
        t("dd-card-footer-offline", &[])
    } else {
        t("dd-card-footer", &[])
    };
    embed.footer(CreateEmbedFooter::new(footer))
}

/// Seats with a person, for the start message.
pub fn seating(data: &RunningData) -> String {
    (1..=DEBATERS)
        .map(|s| data.called(s))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_never_passes_discords_limit() {
        let lines: Vec<String> = (0..200)
            .map(|i| format!("line {i} {}", "x".repeat(30)))
            .collect();
        let v = field_value(&lines, 5000, Lang::En);
        assert!(v.chars().count() <= 1024, "{}", v.len());
        assert!(v.ends_with("more"), "{v}");
        assert!(field_value(&lines, 100, Lang::En).chars().count() <= 100);
        assert_eq!(field_value(&[], 1024, Lang::En), "–");
    }
}
