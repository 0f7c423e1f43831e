//! The debate leaderboard: win rate, the mean SPEECH score (a seat's judged speech scores
//! over the number judged: penalties are not in it) and best-debater awards; a player's
//! record broken down by side. That is the team debate's; people read each format apart
//! (its [`Part`]s): the moderated debate by its final score (of 100), the social debate
//! by its points, neither with speech scores, awards or sides. An AI debater is named by
//! its personality; `agora sessions` tells each format its own way.

use crate::agents::debate::{DebateKit, Personalities};
use crate::debate::format::DebateFormat;
use crate::games::debate::team::{parse_seat, seat_title};
use crate::games::Lang;
use crate::kits::Kits;
use crate::ratings::model::RatedGame;
use crate::stats::names::{capitalised, number, Personas};
use crate::stats::page::{public, trail_series, Chart, PageLines, Section, Stories};
use crate::stats::sessions::{seat_player, SeatSaid, SessionLines};
use crate::stats::{Board, GameStats, Part};
use crate::store::{FinishedGame, SeatResult, SessionSummary, SummarySeat};

/// The debate as the statistics read it.
pub struct DebateStats;

static PARTS: [Part; 3] = [
    Part {
        title: "Team debates",
        board: &DebateBoard,
        holds: is_team,
    },
    Part {
        title: "Moderated debates",
        board: &ModeratedBoard,
        holds: is_moderated,
    },
    Part {
        title: "Social debates",
        board: &SocialBoard,
        holds: is_social,
    },
];

impl GameStats for DebateStats {
    fn board(&self) -> &'static dyn Board {
        &DebateBoard
    }
    fn parts(&self) -> &'static [Part] {
        &PARTS
    }
    fn leaderboard_help(&self) -> &'static str {
        "The debate ranking of this server (mean speech score, win rate, best-debater awards)."
    }
    /// A debater (`debater-logical`) by its personality's shown name; a personality this
    /// build lacks, from its id (`sly_fox` → `Sly-fox`).
    fn ai_name(&self, agent: &str, personas: &dyn Personas) -> Option<String> {
        let id = agent.strip_prefix("debater-")?;
        Some(
            personas
                .persona_name(id)
                .unwrap_or_else(|| capitalised(&id.replace('_', "-"))),
        )
    }
    fn kit_persona(&self, kits: &Kits, id: &str) -> Option<String> {
        kits.find::<DebateKit>()?.personalities.persona_name(id)
    }
    /// The team debate: two teams; the moderated and the social debate: every debater
    /// for themselves, placed by final score.
    fn rated(&self, game: &FinishedGame) -> Option<RatedGame> {
        match game.details.get("format").and_then(|f| f.as_str()) {
            Some("team") => crate::ratings::sides(&game.seats, |s| {
                let side = s.details.get("side").and_then(|v| v.as_str()).map_or_else(
                    || {
                        s.role
                            .trim_end_matches(|c: char| c.is_ascii_digit())
                            .to_string()
                    },
                    str::to_string,
                );
                Some((side, "debate"))
            }),
            _ => crate::ratings::free_for_all(&game.seats, "debate"),
        }
    }
    fn rating_keys(&self) -> &'static [&'static str] {
        &["debate"]
    }
    fn content_personas(&self, dir: &std::path::Path) -> Option<Box<dyn Personas + Send + Sync>> {
        let read = Personalities::load(Some(dir)).unwrap_or_else(|_| Personalities::builtin());
        Some(Box::new(read))
    }
}

impl Personas for Personalities {
    fn persona_name(&self, id: &str) -> Option<String> {
        self.get(id).map(|p| p.name.clone())
    }
}

/// A stored debate's format, from its configuration (`format`; none: a team debate).
fn format_of(s: &SessionSummary) -> DebateFormat {
    s.session
        .config
        .get("format")
        .and_then(|f| f.as_str())
        .and_then(DebateFormat::parse)
        .unwrap_or(DebateFormat::Team)
}

/// A debate's page: the speeches, the moderator's posts and the verdict as the room saw
/// them (every speech whole; teams' threads and the judge's private notes stay out), and a
/// social debate's stances over its rounds.
impl PageLines for DebateStats {
    fn sections(&self, stories: &Stories, lang: Lang) -> Vec<Section> {
        vec![Section {
            title: lang.text("stats-debate-section", &[]),
            note: lang.text("stats-debate-section-note", &[]),
            lines: public(&stories.whole),
        }]
    }
    /// The team debate's story cuts long speeches unless told in detail; the moderated
    /// and the social debate's tell everything already.
    fn detailed(&self, game: &FinishedGame) -> bool {
        game.details.get("format").and_then(|f| f.as_str()) == Some("team")
    }
    fn chart(&self, game: &FinishedGame, names: &[String], lang: Lang) -> Option<Chart> {
        let trail = game.details.get("trail")?;
        Some(Chart {
            title: lang.text("stats-debate-chart", &[]),
            x_desc: lang.text("stats-debate-chart-x", &[]),
            y: -100.0..100.0,
            series: trail_series(trail, names, |v| {
                v.as_array()?.first()?.as_f64().map(|s| s * 100.0)
            }),
        })
    }
    fn winner_words(&self, winner: &str, lang: Lang) -> Option<String> {
        match winner {
            "pro" => Some(lang.text("stats-debate-pro-won", &[])),
            "con" => Some(lang.text("stats-debate-con-won", &[])),
            _ => None,
        }
    }
}

impl SessionLines for DebateStats {
    fn session_title(&self, s: &SessionSummary) -> String {
        format_of(s).title().into()
    }
    /// A team debate's side (`Pro`); a moderated or social debate's winner by name.
    fn winner_said(
        &self,
        s: &SessionSummary,
        winner: &str,
        personas: &dyn Personas,
    ) -> Option<String> {
        match (format_of(s), winner) {
            (DebateFormat::Team, "pro") => Some("Pro".into()),
            (DebateFormat::Team, "con") => Some("Con".into()),
            (DebateFormat::Team, _) => None,
            (DebateFormat::Moderated | DebateFormat::Social, w) => {
                Some(seat_player(s, w, personas).unwrap_or_else(|| w.to_string()))
            }
        }
    }
    /// A team debater by their seat (`Con 1`) with their points; a moderated debate's
    /// participant (`P2`) with their final score of 100, a social debate's with points.
    fn seat_said(&self, s: &SessionSummary, seat: &SummarySeat, role: &str) -> SeatSaid {
        let x = number(seat.score.unwrap_or(0.0), 1, false);
        let (label, score) = match format_of(s) {
            DebateFormat::Team => (
                parse_seat(role).map_or_else(|| role.to_string(), seat_title),
                format!("{x} points"),
            ),
            DebateFormat::Moderated => (format!("P{}", seat.seat), format!("{x} of 100")),
            DebateFormat::Social => (format!("P{}", seat.seat), format!("{x} points")),
        };
        SeatSaid {
            label,
            role: String::new(),
            score,
        }
    }
}

pub struct DebateBoard;

/// A team debater's seat (`pro1`…`con4`).
pub fn is_team(seat: &SeatResult) -> bool {
    matches!(seat.role.get(..3), Some("pro" | "con"))
}

/// A moderated debate's participant.
pub fn is_moderated(seat: &SeatResult) -> bool {
    seat.role == DebateFormat::Moderated.key()
}

/// A social debate's participant.
pub fn is_social(seat: &SeatResult) -> bool {
    seat.role == DebateFormat::Social.key()
}

impl Board for DebateBoard {
    fn game(&self) -> &'static str {
        "debate"
    }
    fn score_name(&self) -> &'static str {
        "speech_score"
    }
    fn groups_name(&self) -> &'static str {
        "sides"
    }
    /// A team debater's side (`pro2` → `pro`); a moderated or social debate's seat by its
    /// format (`rounds`, `social`).
    fn group_of<'a>(&self, seat: &'a SeatResult) -> &'a str {
        match seat.role.get(..3) {
            Some(side @ ("pro" | "con")) => side,
            _ => &seat.role,
        }
    }
    /// The seat's judged speeches: their scores' sum (`details.speech_total`) and count
    /// (`details.scored`).
    fn score_parts(&self, seat: &SeatResult) -> (f64, u64) {
        (
            seat.details["speech_total"].as_f64().unwrap_or(0.0),
            seat.details["scored"].as_u64().unwrap_or(0),
        )
    }
    fn award_name(&self) -> Option<&'static str> {
        Some("best_debater")
    }
    fn score_title(&self) -> &'static str {
        "speech score"
    }
    fn award_title(&self) -> &'static str {
        "best-debater awards"
    }
    fn award_of(&self, seat: &SeatResult) -> bool {
        seat.details["best"].as_bool().unwrap_or(false)
    }
}

/// The moderated debates as people read them: the final score (of 100) a participant
/// ends with; no speech scores, awards or sides.
pub struct ModeratedBoard;

impl Board for ModeratedBoard {
    fn game(&self) -> &'static str {
        "debate"
    }
    fn score_name(&self) -> &'static str {
        "final_score"
    }
    fn groups_name(&self) -> &'static str {
        "formats"
    }
    fn group_of<'a>(&self, seat: &'a SeatResult) -> &'a str {
        &seat.role
    }
    fn score_title(&self) -> &'static str {
        "final score (of 100)"
    }
    fn groups_title(&self) -> Option<&'static str> {
        None
    }
}

/// The social debates as people read them: the points a participant ends with (stance
/// held, persuasion, surrenders won, less 50 for giving in); no speech scores, awards or
/// sides.
pub struct SocialBoard;

impl Board for SocialBoard {
    fn game(&self) -> &'static str {
        "debate"
    }
    fn score_name(&self) -> &'static str {
        "points"
    }
    fn groups_name(&self) -> &'static str {
        "formats"
    }
    fn group_of<'a>(&self, seat: &'a SeatResult) -> &'a str {
        &seat.role
    }
    fn score_title(&self) -> &'static str {
        "points"
    }
    fn groups_title(&self) -> Option<&'static str> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{DebateBoard, DebateStats};
    use crate::agents::debate::{DebateKit, Personalities};
    use crate::ratings::boards::Ratings;
    use crate::stats::names::shown_name;
    use crate::stats::sessions::testing::{seat as summary_seat, session};
    use crate::stats::testing::OneGame;
    use crate::stats::text::tests::seat as board_seat;
    use crate::stats::{leaderboard_of, sessions, text, GameStats};
    use crate::store::SeatResult;
    use serde_json::json;

    fn seat(
        player: &str,
        role: &str,
        total: f64,
        scored: u64,
        won: bool,
        best: bool,
    ) -> SeatResult {
        SeatResult {
            player: player.into(),
            name: player.into(),
            is_ai: false,
            role: role.into(),
            // The debater's total (penalties in): not what the board's mean reads.
            score: total - 4.0,
            won,
            community: "c".into(),
            details: json!({"speech_total": total, "scored": scored, "best": best}),
            ..Default::default()
        }
    }

    #[test]
    fn mean_speech_score_is_per_judged_speech_and_awards_count() {
        let results = vec![
            seat("a", "pro2", 21.0, 3, true, true),
            seat("a", "con1", 12.0, 2, false, false),
            seat("b", "con4", 8.0, 1, true, false),
        ];
        let board = leaderboard_of(&DebateBoard, None, 1, &results, &Ratings::default());
        let a = board.players.iter().find(|p| p.player == "a").unwrap();
        assert_eq!(a.mean_score, 6.6, "33 points over 5 judged speeches");
        assert_eq!(a.awards, 1);
        assert_eq!(a.win_rate, 0.5);
        assert_eq!(a.groups["pro"].mean_score, 7.0);
        assert_eq!(a.groups["con"].mean_score, 6.0);
        assert_eq!(board.players[0].player, "b", "8.0 a speech ranks first");
        let v = serde_json::to_value(&board).unwrap();
        assert_eq!(v["players"][1]["mean_speech_score"], 6.6);
        assert_eq!(v["players"][1]["best_debater_awards"], 1);
        assert_eq!(v["players"][1]["sides"]["pro"]["games"], 1);
    }

    #[test]
    fn ai_debaters_are_named_by_their_personality() {
        let builtin = Personalities::builtin();
        let p = OneGame(&DebateStats, &builtin);
        assert_eq!(
            shown_name("ai:debater-logical@0.1.0", "debater-logical 0.1.0", &p),
            "AI · Logical"
        );
        assert_eq!(
            shown_name("ai:debater-data_driven@0.1.0", "x", &p),
            "AI · Data-driven"
        );
        assert_eq!(
            shown_name("ai:debater-sly_fox@0.1.0", "x", &p),
            "AI · Sly-fox",
            "a personality this build lacks, from its id"
        );
    }

    #[test]
    fn debate_board_shows_each_format_with_its_own_columns() {
        let results = vec![
            board_seat("terminal:ann", false, "pro2", 20.0, true),
            board_seat("ai:debater-logical@0.1.0", true, "con1", 18.0, false),
            board_seat("terminal:ann", false, "rounds", 72.34, true),
            board_seat("terminal:bob", false, "rounds", 34.59088784204802, false),
            board_seat("terminal:bob", false, "social", -2.279999999999987, false),
        ];
        let builtin = Personalities::builtin();
        let text = text::render(
            "Debate",
            DebateStats.parts(),
            None,
            1,
            &results,
            &Ratings::default(),
            &OneGame(&DebateStats, &builtin),
        );
        let at = |heading: &str| text.find(heading).expect(&text);
        let (t, r, so) = (
            at("Team debates"),
            at("Moderated debates"),
            at("Social debates"),
        );
        assert!(t < r && r < so, "{text}");
        let (team, rounds, social) = (&text[t..r], &text[r..so], &text[so..]);
        assert!(team.contains("mean speech score"), "{team}");
        assert!(team.contains("best-debater awards"), "{team}");
        assert!(team.contains("AI · Logical"), "{team}");
        assert!(team.contains("pro 1, 7.3"), "{team}");
        for other in [rounds, social] {
            assert!(!other.contains("speech score"), "{other}");
            assert!(!other.contains("awards"), "{other}");
            assert!(!other.contains("by "), "{other}");
        }
        assert!(rounds.contains("mean final score (of 100)"), "{rounds}");
        assert!(
            rounds.contains("72.3") && rounds.contains("34.6"),
            "{rounds}"
        );
        assert!(social.contains("mean points"), "{social}");
        assert!(social.contains("-2.3"), "{social}");
        for noise in [
            "0000",
            "9999",
            "SPEECH_SCORE",
            "best_debater",
            "+0.0",
            "-0.0",
        ] {
            assert!(!text.contains(noise), "{noise}:\n{text}");
        }
    }

    #[test]
    fn a_moderated_debate_reads_by_name_with_rounded_scores() {
        let config = json!({"format": "rounds", "seats": [
            {"name": "ann", "player_id": "terminal:ann"},
            {"name": "debater-logical 0.1.0", "player_id": "ai:debater-logical@0.1.0"},
            {"name": "judge 0.1.0", "player_id": "ai:judge@0.1.0"},
        ]});
        let s = session(
            "debate",
            config,
            "1",
            vec![
                summary_seat(1, "terminal:ann", Some("rounds"), 34.59088784204802, true),
                summary_seat(
                    2,
                    "ai:debater-logical@0.1.0",
                    Some("rounds"),
                    -2.279999999999987,
                    false,
                ),
                summary_seat(3, "ai:judge@0.1.0", None, 0.0, false),
            ],
        );
        let builtin = Personalities::builtin();
        let text = sessions::render(&[s], &OneGame(&DebateStats, &builtin), &|_| {
            Some(&DebateStats)
        });
        let first = text.lines().nth(1).unwrap();
        assert!(first.contains("moderated debate"), "{text}");
        assert!(
            first.trim_end().ends_with("ann"),
            "the winner by name:\n{text}"
        );
        assert!(text.contains("P1  ann"), "{text}");
        assert!(text.contains("34.6 of 100  won"), "{text}");
        assert!(text.contains("AI · Logical"), "{text}");
        assert!(text.contains("-2.3 of 100"), "{text}");
        assert!(
            text.contains("also at the table: the AI moderator"),
            "{text}"
        );
        for noise in ["rounds", "4204802", "99999", "debater-logical", "+34"] {
            assert!(!text.contains(noise), "{noise}:\n{text}");
        }
    }

    #[test]
    fn a_team_debate_says_the_side_and_the_seat() {
        let team = session(
            "debate",
            json!({"format": "team"}),
            "con",
            vec![summary_seat(5, "terminal:bob", Some("con1"), 71.25, true)],
        );
        let builtin = Personalities::builtin();
        let named = OneGame(&DebateStats, &builtin);
        let text = sessions::render(&[team], &named, &|_| Some(&DebateStats));
        let first = text.lines().nth(1).unwrap();
        assert!(first.contains(" team debate "), "{text}");
        assert!(first.ends_with(" Con"), "{text}");
        assert!(text.contains("Con 1  bob  71.3 points  won"), "{text}");
        let social = session(
            "debate",
            json!({"format": "social"}),
            "7",
            vec![summary_seat(1, "terminal:bob", Some("social"), 5.0, false)],
        );
        let text = sessions::render(&[social], &named, &|_| Some(&DebateStats));
        let first = text.lines().nth(1).unwrap();
        assert!(first.contains(" social debate "), "{text}");
        assert!(
            first.ends_with(" 7"),
            "a winner at no seat, as stored:\n{text}"
        );
        assert!(text.contains("    P1  bob  5.0 points\n"), "{text}");
    }

    #[test]
    fn the_debate_kit_knows_its_personalities() {
        let mut kits = crate::kits::Kits::default();
        assert_eq!(DebateStats.kit_persona(&kits, "sly_fox"), None, "no kit");
        let toml = "[[personality]]\nid = \"sly_fox\"\nname = \"The Fox\"\nstyle = \"s\"\nopeners = [\"a\", \"b\", \"c\"]\nconnectors = [\"a\", \"b\", \"c\"]\nclosers = [\"a\", \"b\", \"c\"]";
        let kit = DebateKit {
            personalities: std::sync::Arc::new(Personalities::parse("test", toml).unwrap()),
            ..DebateKit::default()
        };
        kits.insert(std::sync::Arc::new(kit));
        assert_eq!(
            DebateStats.kit_persona(&kits, "sly_fox").as_deref(),
            Some("The Fox")
        );
    }

    #[test]
    fn the_content_directory_names_its_personalities() {
        let dir = std::env::temp_dir().join(format!("agora-stats-personas-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fox = "ai:debater-sly_fox@0.1.0";
        let file = dir.join("personalities.toml");
        std::fs::write(&file, "[[personality]]\nid = \"sly_fox\"\nname = \"The Fox\"\nstyle = \"s\"\nopeners = [\"a\", \"b\", \"c\"]\nconnectors = [\"a\", \"b\", \"c\"]\nclosers = [\"a\", \"b\", \"c\"]").unwrap();
        let read = DebateStats
            .content_personas(&dir)
            .expect("the debate has characters");
        assert_eq!(
            shown_name(fox, "x", &OneGame(&DebateStats, read.as_ref())),
            "AI · The Fox"
        );
        std::fs::write(&file, "not toml [").unwrap();
        let built_in = DebateStats
            .content_personas(&dir)
            .expect("the built-in ones");
        let built_in = OneGame(&DebateStats, built_in.as_ref());
        assert_eq!(
            shown_name(fox, "x", &built_in),
            "AI · Sly-fox",
            "a broken file: the built-in ones"
        );
        assert_eq!(
            shown_name("ai:debater-logical@0.1.0", "x", &built_in),
            "AI · Logical"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
