//! The trial leaderboard: verdicts won (the win rate) and the mean SHIFT — how far a
//! player's messages and evidence moved the jurors toward their side, per trial; a
//! player's record broken down by side (defense, prosecution). Its AI player is the
//! Advocate; `agora sessions` tells a trial by its verdict and each seat's shift.

use crate::games::Lang;
use crate::ratings::model::RatedGame;
use crate::stats::names::{capitalised, number, Personas};
use crate::stats::page::{public, trail_series, Chart, PageLines, Section, Stories};
use crate::stats::sessions::{SeatSaid, SessionLines};
use crate::stats::{Board, GameStats, Part};
use crate::store::{FinishedGame, SeatResult, SessionSummary, SummarySeat};

/// The trial as the statistics read it.
pub struct TrialStats;

static PARTS: [Part; 1] = [Part::whole(&TrialBoard)];

impl GameStats for TrialStats {
    fn board(&self) -> &'static dyn Board {
        &TrialBoard
    }
    fn parts(&self) -> &'static [Part] {
        &PARTS
    }
    fn leaderboard_help(&self) -> &'static str {
        "The trial ranking of this server (verdicts won, mean shift toward one's side)."
    }
    fn ai_name(&self, agent: &str, _personas: &dyn Personas) -> Option<String> {
        (agent == "advocate").then(|| "Advocate".into())
    }
    /// Each side (one in a solo trial, two when adversarial) against the case, which has
    /// a rating of its own: a hard case counts for more.
    fn rated(&self, game: &FinishedGame) -> Option<RatedGame> {
        let case = game.details.get("case")?.as_str()?;
        crate::ratings::against(
            &game.seats,
            "trial",
            |s| s.role.clone(),
            format!("case:{case}"),
            "case",
        )
    }
    fn rating_keys(&self) -> &'static [&'static str] {
        &["trial"]
    }
}

/// A trial's page: the case, every message to a juror and each juror's answer, the
/// evidence, the deliberation and the verdict; and the jurors' stances moving over the
/// session.
impl PageLines for TrialStats {
    fn sections(&self, stories: &Stories, lang: Lang) -> Vec<Section> {
        vec![Section {
            title: lang.text("stats-trial-section", &[]),
            note: lang.text("stats-trial-section-note", &[]),
            lines: public(&stories.whole),
        }]
    }
    fn chart(&self, game: &FinishedGame, _names: &[String], lang: Lang) -> Option<Chart> {
        let jurors: Vec<String> = game
            .details
            .get("jurors")?
            .as_array()?
            .iter()
            .filter_map(|j| j.get("juror")?.as_str())
            .map(|id| capitalised(id.strip_prefix("juror_").unwrap_or(id)))
            .collect();
        Some(Chart {
            title: lang.text("stats-trial-chart", &[]),
            x_desc: lang.text("stats-trial-chart-x", &[]),
            y: -100.0..100.0,
            series: trail_series(game.details.get("trail")?, &jurors, |v| v.as_f64()),
        })
    }
    fn winner_words(&self, winner: &str, lang: Lang) -> Option<String> {
        match winner {
            "not_guilty" => Some(lang.text("stats-trial-not-guilty", &[])),
            "guilty" => Some(lang.text("stats-trial-guilty", &[])),
            _ => None,
        }
    }
}

impl SessionLines for TrialStats {
    fn winner_said(
        &self,
        _s: &SessionSummary,
        winner: &str,
        _personas: &dyn Personas,
    ) -> Option<String> {
        match winner {
            "not_guilty" => Some("not guilty (the defense)".into()),
            "guilty" => Some("guilty (the prosecution)".into()),
            _ => None,
        }
    }
    fn seat_said(&self, _s: &SessionSummary, seat: &SummarySeat, role: &str) -> SeatSaid {
        let shift = number(seat.score.unwrap_or(0.0), 1, true);
        SeatSaid::numbered(seat, role, format!("shift {shift}"))
    }
    fn says_lost(&self, _s: &SessionSummary) -> bool {
        true
    }
}

pub struct TrialBoard;

impl Board for TrialBoard {
    fn game(&self) -> &'static str {
        "trial"
    }
    fn score_name(&self) -> &'static str {
        "shift"
    }
    fn groups_name(&self) -> &'static str {
        "sides"
    }
    fn group_of<'a>(&self, seat: &'a SeatResult) -> &'a str {
        &seat.role
    }
    fn score_title(&self) -> &'static str {
        "shift per trial"
    }
    fn signed(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::{TrialBoard, TrialStats};
    use crate::ratings::boards::Ratings;
    use crate::stats::names::{shown_name, tests::NoPersonas};
    use crate::stats::sessions::testing::{seat as summary_seat, session};
    use crate::stats::testing::OneGame;
    use crate::stats::text::tests::seat as board_seat;
    use crate::stats::{leaderboard_of, sessions, text, GameStats};
    use crate::store::SeatResult;
    use serde_json::json;

    fn seat(player: &str, role: &str, shift: f64, won: bool) -> SeatResult {
        SeatResult {
            player: player.into(),
            name: player.into(),
            is_ai: false,
            role: role.into(),
            score: shift,
            won,
            community: "c".into(),
            details: json!({ "shift": shift }),
            ..Default::default()
        }
    }

    /// The trial's AI players, as its tables named them.
    const NAMED: OneGame = OneGame(&TrialStats, &NoPersonas);

    #[test]
    fn verdicts_won_and_mean_shift() {
        let results = vec![
            seat("ann", "defense", 30.0, true),
            seat("ann", "defense", 10.0, false),
            seat("bob", "prosecution", 5.0, true),
        ];
        let board = leaderboard_of(&TrialBoard, None, 1, &results, &Ratings::default());
        let ann = board.players.iter().find(|p| p.player == "ann").unwrap();
        assert_eq!(ann.mean_score, 20.0);
        assert_eq!((ann.games, ann.wins), (2, 1));
        assert_eq!(board.players[0].player, "ann", "ranked by mean shift");
    }

    #[test]
    fn trial_shifts_are_signed() {
        let results = vec![
            board_seat("terminal:ann", false, "defense", 34.59088784204802, true),
            board_seat(
                "terminal:bob",
                false,
                "prosecution",
                -2.279999999999987,
                false,
            ),
        ];
        let text = text::render(
            "Trial",
            TrialStats.parts(),
            None,
            1,
            &results,
            &Ratings::default(),
            &NAMED,
        );
        assert!(text.contains("+34.6"), "{text}");
        assert!(text.contains("-2.3"), "{text}");
        assert!(text.contains("mean shift per trial"), "{text}");
        assert!(text.contains("by side"), "{text}");
    }

    #[test]
    fn a_trial_session_says_its_verdict_and_signed_shifts() {
        assert_eq!(
            shown_name("ai:advocate@0.1.0", "x", &NAMED),
            "AI · Advocate"
        );
        let trial = session(
            "trial",
            json!({"players": [{"name": "ann"}, {"name": "advocate 0.1.0"}]}),
            "not_guilty",
            vec![
                summary_seat(1, "terminal:ann", Some("defense"), 34.59088784204802, true),
                summary_seat(
                    2,
                    "ai:advocate@0.1.0",
                    Some("prosecution"),
                    -2.279999999999987,
                    false,
                ),
            ],
        );
        let text = sessions::render(&[trial], &NAMED, &|_| Some(&TrialStats));
        assert!(text.contains("not guilty (the defense)"), "{text}");
        assert!(text.contains("shift +34.6  won"), "{text}");
        assert!(text.contains("shift -2.3  lost"), "{text}");
        assert!(text.contains("AI · Advocate"), "{text}");
        let guilty = session("trial", json!({}), "guilty", vec![]);
        let text = sessions::render(&[guilty], &NAMED, &|_| Some(&TrialStats));
        assert!(text.contains("guilty (the prosecution)"), "{text}");
    }

    #[test]
    fn a_trial_charts_its_jurors_stances() {
        use crate::stats::page::PageLines;
        let details = json!({
            "jurors": [{"juror": "juror_wang"}, {"juror": "juror_liu"}],
            "trail": [[0.0, -20.0], [10.0, -15.0], [40.0, 5.0]]
        });
        let game = crate::store::FinishedGame {
            id: "t".into(),
            game: "trial".into(),
            community: "c".into(),
            winner: "guilty".into(),
            details,
            finished_at: 0,
            seats: vec![],
        };
        let chart = TrialStats
            .chart(&game, &[], crate::games::Lang::En)
            .expect("a chart");
        let names: Vec<&str> = chart.series.iter().map(|s| s.0.as_str()).collect();
        assert_eq!(names, ["Wang", "Liu"]);
        assert_eq!(chart.series[1].1, [Some(-20.0), Some(-15.0), Some(5.0)]);
        assert_eq!(chart.x_desc, "step");
        let zh = TrialStats
            .chart(&game, &[], crate::games::Lang::ZhCn)
            .expect("a chart");
        assert!(zh.title.starts_with("陪审员"), "{}", zh.title);
        assert_eq!(zh.series, chart.series, "the names as stored");
    }
}
