//! Any registered game's statistics, picked by its kind, and players named by every
//! registered game: its boards and parts ([`of`], [`board`], [`parts`]), its leaderboard
//! and its text ([`leaderboard`], [`people_and_ai`], [`render`]), the sessions list
//! ([`sessions_text`]), and the [`Personas`] that name every game's AI players (the kits
//! the Discord bot holds, [`ContentPersonas`] for the commands that open none,
//! [`EveryGame`] around any other characters). The machinery is `crate::stats`'s; this
//! only finds the game.

use super::{entry, games, GameKind};
use crate::kits::Kits;
use crate::ratings::boards::Ratings;
use crate::stats::names::Personas;
use crate::stats::sessions::SessionLines;
use crate::stats::{Board, GameStats, Leaderboard, Part, PeopleBoard};
use crate::store::{SeatResult, SessionSummary};

/// The statistics of the registered game `kind`.
pub fn of(kind: GameKind) -> &'static dyn GameStats {
    entry(kind).stats()
}

/// The board of a game kind: its JSON and its default order.
pub fn board(kind: GameKind) -> &'static dyn Board {
    of(kind).board()
}

/// The boards people read for a game kind, one per format that scores differently.
pub fn parts(kind: GameKind) -> &'static [Part] {
    of(kind).parts()
}

/// Builds the leaderboard of `game` from finished seats and their ratings.
pub fn leaderboard(
    game: GameKind,
    community: Option<&str>,
    min_games: u32,
    results: &[SeatResult],
    ratings: &Ratings,
) -> Leaderboard {
    crate::stats::leaderboard_of(board(game), community, min_games, results, ratings)
}

/// `game`'s ratings from its stored rows (of `season` only, or all).
pub fn ratings(game: GameKind, rows: &[crate::store::RatingRow], season: Option<i64>) -> Ratings {
    Ratings::from_rows(of(game).rating_keys(), rows, season)
}

/// `game`'s finished seats split into people (ranked after `min_games`) and AI players
/// (listed by its board's order, unranked).
pub fn people_and_ai(
    game: GameKind,
    community: Option<&str>,
    min_games: u32,
    results: &[SeatResult],
    ratings: &Ratings,
) -> PeopleBoard {
    crate::stats::people_and_ai_of(board(game), community, min_games, results, ratings)
}

/// `game`'s boards as text (`agora stats <game>`): a heading, then each part with seats.
pub fn render(
    game: GameKind,
    community: Option<&str>,
    min_games: u32,
    results: &[SeatResult],
    ratings: &Ratings,
    personas: &dyn Personas,
) -> String {
    crate::stats::text::render(
        game.title(),
        parts(game),
        community,
        min_games,
        results,
        ratings,
        personas,
    )
}

/// `game`'s boards as text in the reader's language (`at.lang`).
pub fn render_in(
    game: GameKind,
    at: crate::stats::text::Place<'_>,
    results: &[SeatResult],
    ratings: &Ratings,
    personas: &dyn Personas,
) -> String {
    crate::stats::text::render_in(
        &game.title_in(at.lang),
        parts(game),
        at,
        results,
        ratings,
        personas,
    )
}

/// The sessions list as text (`agora sessions`), each session told by its game (one this
/// build does not know, plainly).
pub fn sessions_text(list: &[SessionSummary], personas: &dyn Personas) -> String {
    let lines_of = |game: &str| -> Option<&'static dyn SessionLines> {
        GameKind::parse(game).map(|kind| of(kind) as &'static dyn SessionLines)
    };
    crate::stats::sessions::render(list, personas, &lines_of)
}

/// The AI agent `agent` as its registered game's tables showed it, the characters from
/// `personas`; `None`: no registered game names it.
pub fn ai_name(agent: &str, personas: &dyn Personas) -> Option<String> {
    games().find_map(|g| g.stats().ai_name(agent, personas))
}

/// The characters of every registered game, from the games' kits (what the Discord bot
/// has open), and every game's AI players.
impl Personas for Kits {
    fn persona_name(&self, id: &str) -> Option<String> {
        games().find_map(|g| g.stats().kit_persona(self, id))
    }
    fn ai_name(&self, agent: &str) -> Option<String> {
        ai_name(agent, self)
    }
}

/// The characters the registered games' content describes, each game's read by its
/// stats from the content directory, and every game's AI players: how `agora stats` and
/// `agora sessions`, which open no kit, name AI players.
pub struct ContentPersonas(Vec<Box<dyn Personas + Send + Sync>>);

impl ContentPersonas {
    /// Every registered game's characters from `dir`.
    pub fn load(dir: &std::path::Path) -> ContentPersonas {
        ContentPersonas(
            games()
                .filter_map(|g| g.stats().content_personas(dir))
                .collect(),
        )
    }

    /// From the content directory: `AGORA_CONTENT_DIR` (when set and not empty), else
    /// `content`.
    pub fn from_env() -> ContentPersonas {
        let dir = std::env::var_os("AGORA_CONTENT_DIR")
            .filter(|d| !d.is_empty())
            .map(std::path::PathBuf::from)
            .unwrap_or_else(|| std::path::PathBuf::from("content"));
        ContentPersonas::load(&dir)
    }
}

impl Personas for ContentPersonas {
    fn persona_name(&self, id: &str) -> Option<String> {
        self.0.iter().find_map(|p| p.persona_name(id))
    }
    fn ai_name(&self, agent: &str) -> Option<String> {
        ai_name(agent, self)
    }
}

/// The characters of `.0` (a debate screen's personalities, a test's none) with every
/// registered game's AI players.
pub struct EveryGame<'a>(pub &'a dyn Personas);

impl Personas for EveryGame<'_> {
    fn persona_name(&self, id: &str) -> Option<String> {
        self.0.persona_name(id)
    }
    fn ai_name(&self, agent: &str) -> Option<String> {
        ai_name(agent, self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::names::shown_name;
    use crate::stats::sessions::testing::session;
    use serde_json::json;

    /// No characters.
    struct NoPersonas;

    impl Personas for NoPersonas {
        fn persona_name(&self, _id: &str) -> Option<String> {
            None
        }
    }

    /// Every registered game's boards are its own, and only a game of several parts
    /// titles them.
    #[test]
    fn every_game_has_its_boards() {
        for kind in GameKind::ALL {
            let stats = of(kind);
            assert_eq!(stats.board().game(), kind.name());
            let parts = stats.parts();
            assert!(!parts.is_empty(), "{kind}");
            for part in parts {
                assert_eq!(part.board.game(), kind.name(), "{kind}: {}", part.title);
                assert_eq!(part.title.is_empty(), parts.len() == 1, "{kind}");
            }
            let help = stats.leaderboard_help();
            assert!(help.starts_with(&format!("The {kind} ranking")), "{help}");
            let json =
                serde_json::to_value(leaderboard(kind, None, 1, &[], &Ratings::default())).unwrap();
            assert_eq!(json["game"], kind.name());
        }
    }

    #[test]
    fn an_empty_board_says_so() {
        for kind in GameKind::ALL {
            let text = render(kind, None, 3, &[], &Ratings::default(), &NoPersonas);
            assert!(
                text.starts_with(&format!(
                    "{} leaderboard: people are ranked by rating (μ − 3σ) once they have 3 finished games;",
                    kind.title()
                )),
                "{text}"
            );
            assert!(text.ends_with("\nNo finished games yet.\n"), "{text}");
        }
        let text = render(
            GameKind::ALL[0],
            Some("c"),
            1,
            &[],
            &Ratings::default(),
            &NoPersonas,
        );
        assert!(text.contains(" leaderboard of c: "), "{text}");
        assert!(text.contains("once they have 1 finished game;"), "{text}");
    }

    /// Every word a board shows has its Chinese (a missing message would show English).
    #[test]
    fn every_board_speaks_chinese() {
        use crate::games::lang::is_han;
        use crate::games::Lang;
        let han = |s: &str| s.chars().any(is_han);
        for kind in GameKind::ALL {
            assert!(han(&kind.title_in(Lang::ZhCn)), "{kind}");
            assert_eq!(kind.title_in(Lang::En), kind.title());
            for key in of(kind).rating_keys() {
                let said = crate::ratings::key_title_in(key, Lang::ZhCn);
                assert!(han(&said), "{kind}: {key}");
            }
            for part in parts(kind) {
                let b = part.board;
                assert_eq!(part.title_in(Lang::En), part.title);
                assert!(
                    part.title.is_empty() || han(&part.title_in(Lang::ZhCn)),
                    "{kind}"
                );
                let score = b.score_title_in(Lang::ZhCn);
                assert!(score == "GPP" || han(&score), "{kind}: {score}");
                assert_eq!(b.score_title_in(Lang::En), b.score_title());
                if b.award_name().is_some() {
                    assert!(han(&b.award_title_in(Lang::ZhCn)), "{kind}");
                }
                if let Some(g) = b.groups_title_in(Lang::ZhCn) {
                    assert!(han(&g), "{kind}: {g}");
                }
            }
        }
        // Every game's empty board, headed in Chinese with the game's Chinese name.
        for kind in GameKind::ALL {
            let text = render_in(
                kind,
                crate::stats::text::Place {
                    community: Some("c"),
                    min_games: 3,
                    lang: Lang::ZhCn,
                },
                &[],
                &Ratings::default(),
                &NoPersonas,
            );
            let head = format!("c 的{}排行榜：真人玩家完成 3 局后按评分（μ − 3σ）排名；AI 玩家单独列出，不参与排名。\n", kind.title_in(Lang::ZhCn));
            assert_eq!(text, format!("{head}还没有已结束的对局。\n"));
        }
    }

    #[test]
    fn draws_and_ties_read_alike_for_every_game() {
        for kind in GameKind::ALL {
            for (stored, said) in [("draw", "a draw"), ("tie", "a tie at the top")] {
                let s = session(kind.name(), json!({}), stored, vec![]);
                let text = sessions_text(&[s], &NoPersonas);
                let first = text.lines().nth(1).unwrap();
                assert!(first.ends_with(said), "{kind}: {text}");
            }
        }
    }

    #[test]
    fn every_game_names_its_ai_players_whatever_the_characters() {
        let kits = Kits::default();
        let dir = std::env::temp_dir().join(format!("agora-no-content-{}", std::process::id()));
        let content = ContentPersonas::load(&dir);
        let every: [&dyn Personas; 3] = [&kits, &content, &EveryGame(&NoPersonas)];
        for personas in every {
            for (player, shown) in [
                ("ai:heuristic@0.1.0", "AI · built-in player"),
                ("ai:advocate@0.1.0", "AI · Advocate"),
                ("ai:debater-sly_fox@0.1.0", "AI · Sly-fox"),
                ("ai:llm:gpt-4o@0.1.0", "AI · model gpt-4o"),
            ] {
                assert_eq!(shown_name(player, "x", personas), shown);
            }
        }
        assert_eq!(
            shown_name("ai:heuristic@0.1.0", "x", &NoPersonas),
            "AI · heuristic",
            "without the registry, no game names it"
        );
    }

    #[test]
    fn the_content_directory_names_its_characters() {
        let dir =
            std::env::temp_dir().join(format!("agora-registry-personas-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("personalities.toml"), "[[personality]]\nid = \"sly_fox\"\nname = \"The Fox\"\nstyle = \"s\"\nopeners = [\"a\", \"b\", \"c\"]\nconnectors = [\"a\", \"b\", \"c\"]\nclosers = [\"a\", \"b\", \"c\"]").unwrap();
        let fox = "ai:debater-sly_fox@0.1.0";
        assert_eq!(
            shown_name(fox, "x", &ContentPersonas::load(&dir)),
            "AI · The Fox"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
