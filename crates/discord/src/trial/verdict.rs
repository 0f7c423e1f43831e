//! The verdict of a trial at its table, posted once the session ends: each juror's vote
//! and how far their stance moved, the winners, the case's epilogue and the stances' chart,
//! in the trial's language; rebuilt from the stored log, so a resumed table posts the same.

use super::table::{TrialRunning, TrialState, TrialTable};
use crate::send::no_pings;
use crate::text::sanitize;
use crate::types::Bot;
use agora_agents::trial::TrialKit;
use agora_core::trial::session::TrialSessionSetup;
use agora_games::{Game, Lang};
use serenity::all::{ChannelId, CreateAttachment, CreateEmbed, CreateMessage};

/// A stance or a shift as a whole number with its sign ("+30", "-19", "0").
fn signed(x: f64) -> String {
    match x.round() as i64 {
        0 => "0".into(),
        n => format!("{n:+}"),
    }
}

/// The verdict embed: each juror's vote, each stance and how it moved, the epilogue, and
/// the chart of the stances over the session attached.
pub(super) async fn post(bot: &Bot, table: &TrialTable) {
    let data = match &*table.state.lock().await {
        TrialState::Running(TrialRunning { data, .. }) => data.clone(),
        _ => return,
    };
    let game = match agora_core::session::rebuild::<TrialSessionSetup>(&bot.store, &data.session_id)
        .await
    {
        Ok(g) => g,
        Err(e) => {
            tracing::warn!("the verdict of {}: {e}", data.session_id);
            return;
        }
    };
    let Some(outcome) = game.outcome() else {
        return;
    };
    let lang = data.lang;
    let not_guilty = game.not_guilty();
    let votes = game.jurors().iter().filter(|j| j.not_guilty()).count();
    let mut lines: Vec<String> = game
        .jurors()
        .iter()
        .enumerate()
        .map(|(i, j)| {
            let (a, b) = (game.initial()[i], j.stance);
            lang.text(
                "dt-verdict-juror",
                &[
                    ("juror", &data.juror_name(&j.id)),
                    ("vote", &vote(j.not_guilty(), lang)),
                    ("from", &signed(a)),
                    ("to", &signed(b)),
                    ("moved", &signed(b - a)),
                ],
            )
        })
        .collect();
    let winners: Vec<String> = outcome
        .seats
        .iter()
        .filter(|s| s.won)
        .filter_map(|s| data.names.get(s.seat as usize - 1).map(|n| sanitize(n, 40)))
        .collect();
    if !winners.is_empty() {
        lines.push(format!("\n🏆 {}", winners.join(", ")));
    }
    if let Some(case) = bot.kits.get::<TrialKit>().book.case_in(&data.case, lang) {
        lines.push(format!("\n{}", case.epilogue(votes, game.jurors().len())));
    }
    if outcome.details["offline"] == true {
        lines.push(format!("\n{}", lang.text("dt-verdict-offline", &[])));
    }
    let embed = CreateEmbed::new()
        .title(verdict_title(not_guilty, votes, game.jurors().len(), lang))
        .description(sanitize(&lines.join("\n"), 4000))
        .image("attachment://stances.png");
    let names: Vec<String> = game
        .jurors()
        .iter()
        .map(|j| data.juror_name(&j.id))
        .collect();
    let mut msg = CreateMessage::new()
        .embed(embed)
        .allowed_mentions(no_pings());
    match agora_core::trial::charts::stances(&names, game.trail()) {
        Ok(png) => msg = msg.add_file(CreateAttachment::bytes(png, "stances.png")),
        Err(e) => tracing::warn!("the trial's chart: {e}"),
    }
    bot.post(ChannelId::new(table.channel), msg).await;
}

#[cfg(test)]
mod tests {
    #[test]
    fn stances_read_as_whole_numbers_with_their_sign() {
        assert_eq!(super::signed(30.0), "+30");
        assert_eq!(super::signed(-19.1), "-19");
        assert_eq!(super::signed(-0.4), "0");
        assert_eq!(super::signed(10.9), "+11");
    }
}

/// The verdict's heading: `🔨 The verdict: GUILTY, 3 votes to 2` (`votes`: the jurors
/// who voted NOT GUILTY).
fn verdict_title(not_guilty: bool, votes: usize, jurors: usize, lang: Lang) -> String {
    let against = jurors.saturating_sub(votes);
    let (won, lost) = match not_guilty {
        true => (votes, against),
        false => (against, votes),
    };
    let id = if won == 1 {
        "dt-verdict-one"
    } else {
        "dt-verdict-many"
    };
    lang.text(
        id,
        &[
            ("verdict", &vote(not_guilty, lang)),
            ("won", &won.to_string()),
            ("lost", &lost.to_string()),
        ],
    )
}

/// A vote or verdict in `lang`: "NOT GUILTY", "无罪".
fn vote(not_guilty: bool, lang: Lang) -> String {
    let id = if not_guilty {
        "trial-vote-not-guilty"
    } else {
        "trial-vote-guilty"
    };
    lang.text(id, &[])
}

#[cfg(test)]
mod verdict_tests {
    #[test]
    fn the_verdict_heading_counts_the_votes_for_it_first() {
        assert_eq!(
            super::verdict_title(false, 2, 5, agora_games::Lang::En),
            "🔨 The verdict: GUILTY, 3 votes to 2"
        );
        assert_eq!(
            super::verdict_title(true, 4, 5, agora_games::Lang::En),
            "🔨 The verdict: NOT GUILTY, 4 votes to 1"
        );
        assert_eq!(
            super::verdict_title(true, 5, 5, agora_games::Lang::En),
            "🔨 The verdict: NOT GUILTY, 5 votes to 0"
        );
    }
}
