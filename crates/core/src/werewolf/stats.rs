//! Werewolf's statistics: its leaderboard, ranked by mean GPP, a player's record broken
//! down by role; its AI players (the built-in and the random player); and its sessions
//! as `agora sessions` tells them (which side won, each seat's role and GPP).

use crate::games::Lang;
use crate::ratings::model::RatedGame;
use crate::stats::names::{amount, Personas};
use crate::stats::page::{body, public, PageLines, Section, Stories};
use crate::stats::sessions::{SeatSaid, SessionLines};
use crate::stats::{Board, GameStats, Part, VariantBalance};
use crate::store::{FinishedGame, SeatResult, SessionSummary, SummarySeat};

/// Werewolf as the statistics read it.
pub struct WerewolfStats;

static PARTS: [Part; 1] = [Part::whole(&WerewolfBoard)];

impl GameStats for WerewolfStats {
    fn board(&self) -> &'static dyn Board {
        &WerewolfBoard
    }
    fn parts(&self) -> &'static [Part] {
        &PARTS
    }
    fn leaderboard_help(&self) -> &'static str {
        "The werewolf ranking of this server (mean GPP)."
    }
    fn ai_name(&self, agent: &str, _personas: &dyn Personas) -> Option<String> {
        match agent {
            "heuristic" => Some("built-in player".into()),
            "random" => Some("random player".into()),
            _ => None,
        }
    }
    /// Rated by side, as the arenas do: a village rating and a wolf rating.
    fn rated(&self, game: &FinishedGame) -> Option<RatedGame> {
        crate::ratings::sides(&game.seats, |s| {
            let role = crate::games::werewolf::Role::parse(&s.role)?;
            Some(match role.side() {
                crate::games::werewolf::Side::Wolves => ("wolves".into(), "wolf"),
                _ => ("good".into(), "village"),
            })
        })
    }
    fn rating_keys(&self) -> &'static [&'static str] {
        &["village", "wolf"]
    }
    /// Every ranked board's balance as `content/werewolf/balance.toml` records it (read
    /// through the content loader, never recomputed), in the boards' order.
    fn balance(&self, lang: Lang) -> Vec<VariantBalance> {
        let record = crate::agents::werewolf::balance::recorded();
        crate::agents::werewolf::boards::all()
            .iter()
            .filter(|b| b.ranked)
            .filter_map(|b| {
                let m = record.get(&b.id)?;
                Some(VariantBalance {
                    id: b.id.clone(),
                    name: b.name_in(lang).to_string(),
                    good_rate: m.good_rate,
                    good_ci95: m.good_ci95,
                    draw_rate: m.draw_rate,
                    seat_gap_points: m.seat_gap_points,
                    games: m.games,
                })
            })
            .collect()
    }
    /// The board a game was played on (its details' `board`, written on any but the
    /// default one), or its id when this build has no board of that id.
    fn variant_name(&self, details: &serde_json::Value, lang: Lang) -> Option<String> {
        let id = details.get("board")?.as_str()?;
        Some(match crate::agents::werewolf::boards::find(id) {
            Ok(board) => board.name_in(lang).to_string(),
            Err(_) => id.to_string(),
        })
    }
}

/// Werewolf's page: the game as the table saw it (the public lines), or as one seat saw it
/// (`?seat=N`: its own private lines and the public ones, nothing of another seat's), then,
/// after the end, the reveal: every role and every night action.
impl PageLines for WerewolfStats {
    fn sections(&self, stories: &Stories, lang: Lang) -> Vec<Section> {
        let first = match &stories.seat {
            Some((seat, story)) => {
                let seat = seat.to_string();
                let args = [("seat", seat.as_str())];
                Section {
                    title: lang.text("stats-ww-seat-view", &args),
                    note: lang.text("stats-ww-seat-view-note", &args),
                    lines: body(story).map(str::to_string).collect(),
                }
            }
            None => Section {
                title: lang.text("stats-ww-table-view", &[]),
                note: lang.text("stats-ww-table-view-note", &[]),
                lines: public(&stories.whole),
            },
        };
        let reveal = Section {
            title: lang.text("stats-ww-reveal", &[]),
            note: lang.text("stats-ww-reveal-note", &[]),
            lines: body(&stories.whole).map(str::to_string).collect(),
        };
        vec![first, reveal]
    }
    fn per_seat(&self) -> bool {
        true
    }
    fn winner_words(&self, winner: &str, lang: Lang) -> Option<String> {
        match winner {
            "good" => Some(lang.text("stats-ww-village-won", &[])),
            "wolves" => Some(lang.text("stats-ww-wolves-won", &[])),
            _ => None,
        }
    }
}

impl SessionLines for WerewolfStats {
    /// `werewolf`, and the board's id on any board but the default one
    /// (`werewolf (zh12-guard)`), from the board stored with the session.
    fn session_title(&self, s: &SessionSummary) -> String {
        let board = s.session.config.get("board").and_then(|b| b.get("id"));
        match board.and_then(|id| id.as_str()) {
            Some(id) if id != crate::games::werewolf::SEED9_ID => {
                format!("{} ({id})", s.session.game)
            }
            _ => s.session.game.clone(),
        }
    }
    fn winner_said(
        &self,
        _s: &SessionSummary,
        winner: &str,
        _personas: &dyn Personas,
    ) -> Option<String> {
        match winner {
            "good" => Some("the good side".into()),
            "wolves" => Some("the wolves".into()),
            _ => None,
        }
    }
    fn seat_said(&self, _s: &SessionSummary, seat: &SummarySeat, role: &str) -> SeatSaid {
        let gpp = amount(seat.score.unwrap_or(0.0), false);
        SeatSaid::numbered(seat, role, format!("{gpp} GPP"))
    }
    fn says_lost(&self, _s: &SessionSummary) -> bool {
        true
    }
}

pub struct WerewolfBoard;

impl Board for WerewolfBoard {
    fn game(&self) -> &'static str {
        "werewolf"
    }
    fn score_title(&self) -> &'static str {
        "GPP"
    }
    fn score_name(&self) -> &'static str {
        "gpp"
    }
    fn groups_name(&self) -> &'static str {
        "roles"
    }
    fn group_of<'a>(&self, seat: &'a SeatResult) -> &'a str {
        &seat.role
    }
    fn shows_total(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::{WerewolfBoard, WerewolfStats};
    use crate::ratings::boards::Ratings;
    use crate::stats::names::{shown_name, tests::NoPersonas};
    use crate::stats::sessions::testing::{seat as summary_seat, session};
    use crate::stats::testing::OneGame;
    use crate::stats::text::tests::seat as board_seat;
    use crate::stats::{leaderboard_of, people_and_ai_of, sessions, text, GameStats};
    use crate::store::SeatResult;
    use serde_json::json;

    fn seat(player: &str, role: &str, score: i64, won: bool) -> SeatResult {
        let score = score as f64;
        SeatResult {
            player: player.into(),
            name: player.into(),
            is_ai: false,
            role: role.into(),
            score,
            won,
            community: "c".into(),
            details: serde_json::Value::Null,
            ..Default::default()
        }
    }

    /// Werewolf's AI players, as its tables named them.
    const NAMED: OneGame = OneGame(&WerewolfStats, &NoPersonas);

    #[test]
    fn ranks_by_mean_gpp_after_min_games() {
        let results = vec![
            seat("a", "seer", 10, true),
            seat("a", "villager", 2, false),
            seat("b", "wolf", 20, true),
            seat("c", "witch", 4, true),
            seat("c", "witch", 4, true),
        ];
        let board = leaderboard_of(&WerewolfBoard, None, 2, &results, &Ratings::default());
        let order: Vec<(&str, Option<u32>)> = board
            .players
            .iter()
            .map(|p| (p.player.as_str(), p.rank))
            .collect();
        assert_eq!(order, vec![("a", Some(1)), ("c", Some(2)), ("b", None)]);
        assert_eq!(board.players[0].mean_score, 6.0);
        assert_eq!(board.players[0].win_rate, 0.5);
        assert_eq!(board.players[0].groups["seer"].games, 1);
        let json = serde_json::to_value(&board).unwrap();
        assert_eq!(json["game"], "werewolf");
        assert_eq!(json["players"][0]["mean_gpp"], 6.0);
        assert_eq!(json["players"][0]["total_gpp"], 12);
        assert_eq!(json["players"][0]["roles"]["seer"]["games"], 1);
    }

    #[test]
    fn people_are_ranked_apart_from_ai_players() {
        let ai = |score| SeatResult {
            is_ai: true,
            ..seat("ai:heuristic@0.1.0", "villager", score, true)
        };
        // One game: six AI seats of one agent and a human who did worse than them.
        let mut results: Vec<SeatResult> = (0..6).map(|_| ai(30)).collect();
        results.push(seat("discord:1", "villager", 5, false));
        let model = SeatResult {
            is_ai: true,
            ..seat("ai:llm:some-model", "wolf", 40, true)
        };
        results.push(model);
        let board = people_and_ai_of(&WerewolfBoard, Some("c"), 1, &results, &Ratings::default());
        let ranked: Vec<(&str, Option<u32>)> = board
            .people
            .players
            .iter()
            .map(|p| (p.player.as_str(), p.rank))
            .collect();
        assert_eq!(
            ranked,
            vec![("discord:1", Some(1))],
            "only people are ranked"
        );
        let ai: Vec<(&str, u64, Option<u32>)> = board
            .ai
            .iter()
            .map(|p| (p.player.as_str(), p.games, p.rank))
            .collect();
        assert_eq!(
            ai,
            vec![
                ("ai:llm:some-model", 1, None),
                ("ai:heuristic@0.1.0", 6, None)
            ],
            "one line per agent or model, each seat a game, unranked"
        );
    }

    #[test]
    fn the_built_in_players_are_named_as_the_table_showed_them() {
        assert_eq!(
            shown_name("ai:heuristic@0.1.0", "heuristic 0.1.0", &NAMED),
            "AI · built-in player"
        );
        assert_eq!(
            shown_name("ai:random@0.1.0", "random 0.1.0", &NAMED),
            "AI · random player"
        );
    }

    #[test]
    fn werewolf_board_ranks_people_only_and_lists_the_ai_apart() {
        let ai = |score| SeatResult {
            name: "heuristic 0.1.0".into(),
            ..board_seat("ai:heuristic@0.1.0", true, "wolf", score, true)
        };
        let mut results: Vec<SeatResult> = (0..8).map(|_| ai(30.0)).collect();
        results.push(board_seat("terminal:ann", false, "seer", 5.0, false));
        let text = text::render(
            "Werewolf",
            WerewolfStats.parts(),
            Some("terminal"),
            1,
            &results,
            &Ratings::default(),
            &NAMED,
        );
        let lines: Vec<&str> = text.lines().collect();
        let ann = lines.iter().position(|l| l.contains("ann")).unwrap();
        let ai = lines
            .iter()
            .position(|l| l.contains("AI · built-in player"))
            .unwrap();
        assert!(lines[ann].trim_start().starts_with("1 "), "{text}");
        assert!(ann < ai, "people first:\n{text}");
        assert!(lines[ai - 2].starts_with("AI players"), "{text}");
        assert!(
            !lines[ai].trim_start().starts_with('1'),
            "the AI is unranked:\n{text}"
        );
        assert!(text.contains("mean GPP"), "{text}");
        assert!(text.contains("by role (games, mean GPP)"), "{text}");
        assert!(lines[ann].contains("seer 1, 5.0"), "{text}");
        assert!(!text.contains("heuristic"), "no internal ids:\n{text}");
        assert!(!text.contains("+5.0"), "GPP is not a shift:\n{text}");
    }

    #[test]
    fn a_werewolf_session_says_which_side_won() {
        let ww = session(
            "werewolf",
            json!({"seats": [{"name": "ann"}, {"name": "heuristic 0.1.0"}]}),
            "good",
            vec![
                summary_seat(1, "terminal:ann", Some("seer"), 12.0, true),
                summary_seat(2, "ai:heuristic@0.1.0", Some("wolf"), -3.0, false),
            ],
        );
        let text = sessions::render(&[ww], &NAMED, &|_| Some(&WerewolfStats));
        assert!(text.contains("the good side"), "{text}");
        assert!(
            text.contains("seat 1  ann                   seer  12 GPP  won"),
            "{text}"
        );
        assert!(
            text.contains("AI · built-in player  wolf  -3 GPP  lost"),
            "{text}"
        );
        let wolves = session("werewolf", json!({}), "wolves", vec![]);
        let text = sessions::render(&[wolves], &NAMED, &|_| Some(&WerewolfStats));
        assert!(
            text.lines().nth(1).unwrap().ends_with("the wolves"),
            "{text}"
        );
        assert!(
            !text.contains("werewolf ("),
            "the default board is not named:\n{text}"
        );
    }

    #[test]
    fn a_session_on_another_board_names_it() {
        let board = |id: &str| json!({"seats": [], "board": {"id": id, "seats": 12}});
        let guard = session("werewolf", board("zh12-guard"), "good", vec![]);
        let text = sessions::render(&[guard], &NAMED, &|_| Some(&WerewolfStats));
        assert!(text.contains("werewolf (zh12-guard)"), "{text}");
        let nine = session("werewolf", board("seed9"), "good", vec![]);
        let text = sessions::render(&[nine], &NAMED, &|_| Some(&WerewolfStats));
        assert!(!text.contains("werewolf ("), "{text}");
    }
}
