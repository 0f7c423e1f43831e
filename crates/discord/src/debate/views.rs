//! The messages, embeds and controls a debate table shows: the lobby (seats to take,
//! Start, Cancel), a person's call (Done, Write speech, the answerer's or teammate's
//! menu, the speech form) and the scorecard, kept within Discord's limits (25 fields,
//! 1,024 characters a field, 4,096 a description, 6,000 an embed).

use super::lobby::DebateLobby;
use super::render;
use super::table::{Desk, Draft, RunningData};
use crate::text::{sanitize, Component};
use agora_games::debate::team::{seat_title, side_of, Ask, Side, Winner, DEBATERS};
use agora_games::Seat;
use serenity::all::{
    ButtonStyle, CreateActionRow, CreateButton, CreateEmbed, CreateEmbedFooter, CreateInputText,
    CreateModal, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, InputTextStyle,
};

/// The lobby verb of taking `seat` (`seat1` … `seat8`).
pub fn seat_verb(seat: Seat) -> String {
    format!("seat{seat}")
}

pub fn lobby_embed(lobby: &DebateLobby) -> CreateEmbed {
    let side_lines = |side: Side| {
        side.seats()
            .iter()
            .map(|s| match lobby.seats.get(s) {
                Some(p) => format!("**{}** — {}", seat_title(*s), sanitize(&p.name, 40)),
                None => format!("**{}** — 🤖 AI debater (open)", seat_title(*s)),
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let o = &lobby.options;
    CreateEmbed::new()
        .title("🎙️ Team debate — take a seat")
        .description(format!(
            "**Motion:** {}\nLength: {} · live scores: {}{}\n\nPick a seat below; empty seats are played by AI debaters. The host presses **Start**.",
            sanitize(&o.motion, 300),
            o.length.name(),
            if o.live_scores { "on" } else { "off" },
            o.pace.map(|p| format!(" · pace ×{p}")).unwrap_or_default()
        ))
        .field("Pro (for the motion)", side_lines(Side::Pro), true)
        .field("Con (against)", side_lines(Side::Con), true)
        .footer(CreateEmbedFooter::new(format!(
            "Host: {} · the judge is an AI",
            lobby
                .seats
                .values()
                .find(|p| p.user == lobby.host)
                .map(|p| sanitize(&p.name, 40))
                .unwrap_or_else(|| "the one who opened it".into())
        )))
}

pub fn lobby_components(channel: u64) -> Vec<CreateActionRow> {
    let button = |verb: String, label: String, style: ButtonStyle| {
        CreateButton::new(Component::Lobby { channel, verb }.id())
            .label(label)
            .style(style)
    };
    let side_row = |side: Side, style: ButtonStyle| {
        CreateActionRow::Buttons(
            side.seats()
                .iter()
                .map(|s| button(seat_verb(*s), seat_title(*s), style))
                .collect(),
        )
    };
    vec![
        side_row(Side::Pro, ButtonStyle::Primary),
        side_row(Side::Con, ButtonStyle::Danger),
        CreateActionRow::Buttons(vec![
            button("leave".into(), "Leave".into(), ButtonStyle::Secondary),
            button("start".into(), "Start".into(), ButtonStyle::Success),
            button("cancel".into(), "Cancel".into(), ButtonStyle::Secondary),
        ]),
    ]
}

/// The controls of a person's call.
pub fn call_components(session: &str, seat: Seat, seq: u32, ask: &Ask) -> Vec<CreateActionRow> {
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
                .map(|t| CreateSelectMenuOption::new(seat_title(*t), t.to_string()))
                .collect();
            rows.push(CreateActionRow::SelectMenu(
                CreateSelectMenu::new(id("target"), CreateSelectMenuKind::String { options })
                    .placeholder("Who answers your questions?"),
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
                    .map(|t| CreateSelectMenuOption::new(seat_title(t), t.to_string()))
                    .collect();
                rows.push(CreateActionRow::SelectMenu(
                    CreateSelectMenu::new(id("hand"), CreateSelectMenuKind::String { options })
                        .placeholder("…or hand the floor to a teammate"),
                ));
            }
        }
        _ => {}
    }
    rows.push(CreateActionRow::Buttons(vec![
        CreateButton::new(id("done"))
            .label("Done")
            .style(ButtonStyle::Success),
        CreateButton::new(id("write"))
            .label("Write speech")
            .style(ButtonStyle::Primary),
    ]));
    rows
}

/// The free debate's "Take the floor" button (any person debating may press it).
pub fn floor_components(session: &str) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![CreateButton::new(
        Component::Board {
            session: session.to_string(),
            key: 0,
        }
        .id(),
    )
    .label("🙋 Take the floor")
    .style(ButtonStyle::Primary)])]
}

/// The id of the speech form's one text field.
pub const SPEECH_FIELD: &str = "speech";

/// The form a person writes a speech in (prefilled with what they typed so far).
pub fn speech_modal(session: &str, seat: Seat, seq: u32, ask: &Ask, draft: &Draft) -> CreateModal {
    let id = Component::Ask {
        session: session.to_string(),
        seat,
        seq,
        verb: "speech".into(),
    }
    .id();
    let title = match ask {
        Ask::Question { .. } => "Your questions".to_string(),
        Ask::Speak { part, .. } => {
            let t = part.title();
            let mut c = t.chars();
            c.next()
                .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                .unwrap_or_default()
        }
        _ => "Speech".into(),
    };
    let mut input = CreateInputText::new(
        InputTextStyle::Paragraph,
        render::form_label(ask),
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
fn field_value(lines: &[String], cap: usize) -> String {
    let cap = cap.min(1024);
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        let more = format!("…and {} more", lines.len() - i);
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
    let r = &desk.record;
    let (title, totals, best) = match r.finished {
        Some((winner, team, best)) => (
            match winner {
                Winner::Draw => "🏁 The debate is a draw".to_string(),
                w => format!(
                    "🏁 {} wins the debate",
                    w.side().map(Side::title).unwrap_or("Nobody")
                ),
            },
            format!(
                "Pro **{}** · Con **{}**",
                render::points(team[0]),
                render::points(team[1])
            ),
            data.title(best),
        ),
        None => ("🏁 The debate has ended".into(), "–".into(), "–".into()),
    };
    let offline = r.scores.iter().any(|s| s.offline);
    let description = format!("**Motion:** {}", sanitize(&data.motion, 1000));
    // An embed holds 6,000 characters in all: the sections share what the rest leaves.
    let mut budget = 5_700usize.saturating_sub(
        title.chars().count() + description.chars().count() + totals.len() + best.len() + 200,
    );
    let mut embed = CreateEmbed::new()
        .title(title)
        .description(description)
        .field("Team totals", totals, true)
        .field("Best debater", best, true);
    for (name, lines) in render::score_sections(r, data).into_iter().take(20) {
        let value = field_value(&lines, budget.saturating_sub(name.len()));
        budget = budget.saturating_sub(value.chars().count() + name.len());
        embed = embed.field(name, value, false);
    }
    let footer = if offline {
        "Scores marked offline: judged by the built-in heuristic judge (no language model)."
    } else {
        "Scores by the AI judge; every total, penalty and the winner computed by the rules."
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
        let v = field_value(&lines, 5000);
        assert!(v.chars().count() <= 1024, "{}", v.len());
        assert!(v.ends_with("more"), "{v}");
        assert!(field_value(&lines, 100).chars().count() <= 100);
        assert_eq!(field_value(&[], 1024), "–");
    }
}
