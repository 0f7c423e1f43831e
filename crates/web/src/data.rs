//! What each page shows, read from the store: the same records become the HTML page and
//! its JSON twin (`?format=json`), so the two never disagree. Only finished sessions are
//! ever read: a lobby or a running game is not found, whatever the URL. Each page is in
//! its [`PageLang`]: the JSON's keys are the same in every language, its words (titles,
//! results) are the page's.

use crate::lang::{community_title, PageLang};
use crate::names::{Names, Shown};
use crate::variants::{balance_for, variant_name};
use agora_core::ratings::boards::{Ratings, Which};
use agora_core::ratings::model::Rating;
use agora_core::registry::GameKind;
use agora_core::stats::page::{PageLines, Section, Stories};
use agora_core::stats::PlayerLine;
use agora_core::store::{FinishedGame, RatingRow, Store, StoreError};
use agora_games::Lang;
use serde::Serialize;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

/// Why a page is not shown.
#[derive(Debug, thiserror::Error)]
pub enum PageError {
    #[error("not found")]
    NotFound,
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{0}")]
    Story(String),
}

/// The page's reading of the store: the store, the leaderboards' minimum, and the stories
/// of finished games told once (a finished game never changes).
pub struct Reader {
    pub store: Store,
    pub min_games: u32,
    stories: Mutex<Told>,
}

/// Stories told, by session and seat (`None`: the whole).
type Told = HashMap<(String, Option<u8>), Arc<String>>;

#[derive(Debug, Clone, Serialize)]
pub struct CommunityLine {
    pub community: String,
    pub title: String,
    pub games: i64,
    pub latest: i64,
    pub url: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct Home {
    pub communities: Vec<CommunityLine>,
    #[serde(skip)]
    pub lang: PageLang,
}

#[derive(Debug, Clone, Serialize)]
pub struct Entry {
    pub rank: Option<u32>,
    /// `None` for a person who hid their name.
    pub player: Option<String>,
    pub name: String,
    pub ai: bool,
    /// An AI player's version (`0.1.0`): each version is rated apart.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    pub rating: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ratings: Option<Value>,
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct CaseLine {
    pub case: String,
    pub rating: Value,
    pub games: u64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Board {
    pub community: String,
    pub game: &'static str,
    pub title: String,
    pub board: &'static str,
    pub season: Option<i64>,
    pub seasons: Vec<i64>,
    pub min_games: u32,
    pub players: Vec<Entry>,
    /// A trial's cases, hardest first (the case's own rating).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cases: Vec<CaseLine>,
    #[serde(skip)]
    pub lang: PageLang,
}

#[derive(Debug, Clone, Serialize)]
pub struct GameLine {
    pub session: String,
    pub game: String,
    pub winner: String,
    /// The result in words.
    pub result: String,
    pub finished_at: i64,
    pub players: Vec<String>,
    pub url: String,
    /// The werewolf board's name, on any board but the default one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
}

/// A ranked variant's balance (a werewolf board's) as the ladder recorded it
/// ([`agora_core::stats::GameStats::balance`]; never recomputed), rounded for the page.
#[derive(Debug, Clone, Serialize)]
pub struct BalanceLine {
    pub board: String,
    /// The board's name in the page's language.
    pub name: String,
    /// The good side's win rate and the half-width of its 95% interval, in percent.
    pub good_percent: f64,
    pub ci95_points: f64,
    pub draw_percent: f64,
    pub seat_gap_points: f64,
    pub games: u64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Community {
    pub community: String,
    pub title: String,
    pub boards: Vec<Board>,
    /// Each ranked werewolf board's recorded balance (when the community plays werewolf).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub balance: Vec<BalanceLine>,
    pub latest: Vec<GameLine>,
    #[serde(skip)]
    pub lang: PageLang,
}

#[derive(Debug, Clone, Serialize)]
pub struct SeatLine {
    pub seat: u32,
    pub player: Option<String>,
    pub name: String,
    pub ai: bool,
    pub role: String,
    pub score: f64,
    pub won: bool,
    pub rating_before: Option<Value>,
    pub rating_after: Option<Value>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SectionJson {
    pub title: String,
    pub note: String,
    pub lines: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct GamePage {
    pub session: String,
    pub game: String,
    /// The game's title (`Werewolf`).
    pub title: String,
    pub community: String,
    pub winner: String,
    /// The result in words.
    pub result: String,
    pub finished_at: i64,
    /// The werewolf board's name, on any board but the default one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    pub seat: Option<u8>,
    pub per_seat: bool,
    pub seats: Vec<SeatLine>,
    pub sections: Vec<SectionJson>,
    pub details: Value,
    #[serde(skip)]
    pub chart: Option<String>,
    #[serde(skip)]
    pub lang: PageLang,
}

#[derive(Debug, Clone, Serialize)]
pub struct Point {
    pub session: String,
    pub at: i64,
    pub mu: f64,
    pub sigma: f64,
    pub display: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct PlayerRating {
    pub game: String,
    pub key: String,
    pub community: String,
    pub rating: Value,
    pub games: u64,
    pub history: Vec<Point>,
}

#[derive(Debug, Clone, Serialize)]
pub struct PlayerPage {
    pub player: String,
    pub name: String,
    pub ai: bool,
    pub ratings: Vec<PlayerRating>,
    #[serde(skip)]
    pub charts: Vec<(String, String)>,
    #[serde(skip)]
    pub lang: PageLang,
}

/// A path segment, percent-encoded.
pub fn seg(s: &str) -> String {
    percent_encoding::utf8_percent_encode(s, percent_encoding::NON_ALPHANUMERIC).to_string()
}

pub(crate) fn r1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

fn r2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

impl Reader {
    pub fn new(store: Store, min_games: u32) -> Reader {
        Reader {
            store,
            min_games,
            stories: Mutex::new(HashMap::new()),
        }
    }

    /// How players are named on a page in `lang`.
    async fn names(&self, lang: PageLang) -> Result<Names, PageError> {
        Ok(Names::new(self.store.web_hidden().await?).speaking(lang.lang))
    }

    /// The language of a page of `community`: the one `asked`, else the community's.
    pub async fn lang_of(
        &self,
        community: &str,
        asked: Option<Lang>,
    ) -> Result<PageLang, PageError> {
        if asked.is_some() {
            return Ok(PageLang::pick(asked, None));
        }
        Ok(PageLang::pick(
            None,
            self.store.community_lang(community).await?,
        ))
    }

    /// The language of a page over several communities (the list of them, a player's):
    /// the one `asked`, else theirs when they all chose the same, else English.
    async fn lang_of_all(
        &self,
        communities: &[&str],
        asked: Option<Lang>,
    ) -> Result<PageLang, PageError> {
        if asked.is_some() || communities.is_empty() {
            return Ok(PageLang::pick(asked, None));
        }
        let chosen: HashMap<String, Lang> = self
            .store
            .community_langs()
            .await?
            .into_iter()
            .map(|(c, lang, _)| (c, lang))
            .collect();
        let of = |c: &str| chosen.get(c).copied().unwrap_or_default();
        let first = of(communities[0]);
        let shared = communities.iter().all(|c| of(c) == first);
        Ok(PageLang::pick(None, shared.then_some(first)))
    }

    pub async fn home(&self, asked: Option<Lang>) -> Result<Home, PageError> {
        let rows = self.store.communities().await?;
        let all: Vec<&str> = rows.iter().map(|(c, ..)| c.as_str()).collect();
        let lang = self.lang_of_all(&all, asked).await?;
        let communities = rows
            .iter()
            .map(|(community, games, latest)| CommunityLine {
                title: community_title(community, lang.lang),
                url: format!("/c/{}", seg(community)),
                community: community.clone(),
                games: *games,
                latest: *latest,
            })
            .collect();
        Ok(Home { communities, lang })
    }

    pub async fn community(
        &self,
        community: &str,
        asked: Option<Lang>,
    ) -> Result<Community, PageError> {
        let lang = self.lang_of(community, asked).await?;
        let names = self.names(lang).await?;
        let latest = self.store.finished_games(None, Some(community), 20).await?;
        if latest.is_empty() {
            return Err(PageError::NotFound);
        }
        let mut boards = Vec::new();
        for kind in GameKind::ALL {
            let mut board = self
                .board_with(&names, community, kind, Which::Everyone, None, lang)
                .await?;
            if board.players.is_empty() {
                continue;
            }
            board.players.truncate(10);
            board.cases.truncate(5);
            boards.push(board);
        }
        Ok(Community {
            community: community.to_string(),
            title: community_title(community, lang.lang),
            balance: balance_for(boards.iter().map(|b| b.game), lang),
            boards,
            latest: latest.iter().map(|g| game_line(&names, g, lang)).collect(),
            lang,
        })
    }

    pub async fn board(
        &self,
        community: &str,
        kind: GameKind,
        which: Which,
        season: Option<i64>,
        asked: Option<Lang>,
    ) -> Result<Board, PageError> {
        let lang = self.lang_of(community, asked).await?;
        let names = self.names(lang).await?;
        let board = self
            .board_with(&names, community, kind, which, season, lang)
            .await?;
        if board.seasons.is_empty() && board.players.is_empty() {
            return Err(PageError::NotFound);
        }
        Ok(board)
    }

    async fn board_with(
        &self,
        names: &Names,
        community: &str,
        kind: GameKind,
        which: Which,
        season: Option<i64>,
        lang: PageLang,
    ) -> Result<Board, PageError> {
        let game = kind.name();
        // Counted and picked in the database: a board over 100,000 results reads a row a
        // player, not a row a seat.
        let counts = self.store.board_counts(game, community, season).await?;
        let latest = self.store.latest_ratings(game, community, season).await?;
        let seasons = self.store.seasons_played(game, community).await?;
        let stats = agora_core::registry::stats::of(kind);
        let ratings = Ratings::from_latest(stats.rating_keys(), &latest);
        let mut lines: Vec<PlayerLine> = counts
            .into_iter()
            .filter(|(_, _, ai, _, _)| which.lists(*ai))
            .map(|(player, name, ai, games, wins)| PlayerLine {
                rank: None,
                rating: ratings.of(&player).cloned(),
                player,
                name,
                ai,
                games,
                wins,
                win_rate: if games == 0 {
                    0.0
                } else {
                    (wins as f64 / games as f64 * 1000.0).round() / 1000.0
                },
                mean_score: 0.0,
                total_score: 0.0,
                awards: 0,
                groups: Default::default(),
            })
            .collect();
        agora_core::stats::rank(&mut lines, self.min_games, stats.board());
        let board = Leaderboard { players: lines };
        let players = board
            .players
            .iter()
            .map(|p| {
                let shown = names.shown(&p.player, &p.name);
                Entry {
                    rank: p.rank,
                    player: shown.id,
                    name: shown.name,
                    ai: p.ai,
                    version: p
                        .ai
                        .then(|| p.player.rsplit_once('@').map(|(_, v)| v.to_string()))
                        .flatten(),
                    rating: p.rating.as_ref().map(|r| r.rating.to_json()),
                    ratings: p
                        .rating
                        .as_ref()
                        .filter(|r| ratings.several() && !r.keys.is_empty())
                        .map(|r| r.keys_json()),
                    games: p.games,
                    wins: p.wins,
                    win_rate: p.win_rate,
                }
            })
            .collect();
        Ok(Board {
            community: community.to_string(),
            game,
            title: kind.title_in(lang.lang),
            board: which.name(),
            season,
            seasons,
            min_games: self.min_games,
            players,
            cases: cases(&latest),
            lang,
        })
    }

    /// The story of a finished session (its whole, or one seat's view), told once.
    async fn story(
        &self,
        id: &str,
        seat: Option<u8>,
        detail: bool,
    ) -> Result<Arc<String>, PageError> {
        let key = (id.to_string(), seat);
        if let Some(s) = self.stories.lock().expect("stories").get(&key) {
            return Ok(s.clone());
        }
        let text = agora_core::registry::dispatch::story_of_session(&self.store, id, seat, detail)
            .await
            .map_err(|e| PageError::Story(format!("the story of {id} could not be told: {e}")))?;
        let text = Arc::new(text);
        let mut cache = self.stories.lock().expect("stories");
        if cache.len() >= 256 {
            cache.clear();
        }
        cache.insert(key, text.clone());
        Ok(text)
    }

    pub async fn game(
        &self,
        id: &str,
        seat: Option<u8>,
        asked: Option<Lang>,
    ) -> Result<GamePage, PageError> {
        let row = match self.store.session(id).await {
            Ok(row) => row,
            Err(StoreError::NoSession(_)) => return Err(PageError::NotFound),
            Err(e) => return Err(e.into()),
        };
        if row.status != "finished" {
            return Err(PageError::NotFound);
        }
        let kind = GameKind::parse(&row.game).ok_or(PageError::NotFound)?;
        let lang = self.lang_of(&row.community, asked).await?;
        let names = self.names(lang).await?;
        let game = self
            .store
            .finished_game(id)
            .await?
            .ok_or(PageError::NotFound)?;
        let gv: &dyn PageLines = agora_core::registry::stats::of(kind);
        let seat = seat.filter(|s| gv.per_seat() && game.seats.iter().any(|x| x.seat == *s as u32));
        let detail = gv.detailed(&game);
        let whole = self.story(id, None, detail).await?;
        let seat_story = match seat {
            Some(s) => Some((s, self.story(id, Some(s), detail).await?.to_string())),
            None => None,
        };
        let stories = Stories {
            whole: whole.to_string(),
            seat: seat_story,
        };
        let seated: Vec<(String, String)> = game
            .seats
            .iter()
            .map(|s| (s.player.clone(), s.name.clone()))
            .collect();
        let ratings = self.store.session_ratings(id).await?;
        let seats: Vec<SeatLine> = game
            .seats
            .iter()
            .map(|s| {
                let shown = names.shown(&s.player, &s.name);
                let r = ratings.iter().find(|r| r.seat == s.seat);
                SeatLine {
                    seat: s.seat,
                    player: shown.id,
                    name: shown.name,
                    ai: shown.ai,
                    role: s.role.clone(),
                    score: r2(s.score),
                    won: s.won,
                    rating_before: r.map(|r| r.before.to_json()),
                    rating_after: r.map(|r| r.after.to_json()),
                }
            })
            .collect();
        let names_by_seat: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let chart = gv
            .chart(&game, &names_by_seat, lang.lang)
            .and_then(|c| crate::svg::lines(&c.title, &c.x_desc, c.y, &c.series, lang.lang));
        let sections = gv
            .sections(&stories, lang.lang)
            .into_iter()
            .map(|Section { title, note, lines }| SectionJson {
                title,
                note,
                lines: lines.iter().map(|l| names.scrub(l, &seated)).collect(),
            })
            .collect();
        Ok(GamePage {
            session: game.id.clone(),
            game: game.game.clone(),
            title: kind.title_in(lang.lang),
            community: game.community.clone(),
            winner: game.winner.clone(),
            result: agora_core::stats::page::result(gv, &game, &names_by_seat, lang.lang),
            finished_at: game.finished_at,
            board: variant_name(&game.game, &game.details, lang.lang),
            seat,
            per_seat: gv.per_seat(),
            seats,
            sections,
            details: game.details.clone(),
            chart,
            lang,
        })
    }

    pub async fn player(&self, id: &str, asked: Option<Lang>) -> Result<PlayerPage, PageError> {
        let rows = self.store.player_ratings(id).await?;
        let mut played: Vec<&str> = rows.iter().map(|r| r.community.as_str()).collect();
        played.sort_unstable();
        played.dedup();
        let lang = self.lang_of_all(&played, asked).await?;
        let l = lang.lang;
        let names = self.names(lang).await?;
        if names.is_hidden(id) {
            return Err(PageError::NotFound);
        }
        let Some(stored) = self.store.player_name(id).await? else {
            return Err(PageError::NotFound);
        };
        let shown: Shown = names.shown(id, &stored);
        let mut by: BTreeMap<(String, String, String), Vec<&RatingRow>> = BTreeMap::new();
        for r in &rows {
            by.entry((r.game.clone(), r.key.clone(), r.community.clone()))
                .or_default()
                .push(r);
        }
        let mut ratings = Vec::new();
        let mut charts = Vec::new();
        for ((game, key, community), rs) in by {
            let last = rs.last().expect("a row");
            let history: Vec<Point> = rs
                .iter()
                .map(|r| Point {
                    session: r.session.clone(),
                    at: r.at,
                    mu: r2(r.after.mu),
                    sigma: r2(r.after.sigma),
                    display: r2(r.after.display()),
                })
                .collect();
            let title = l.text(
                "web-player-chart",
                &[
                    (
                        "game",
                        &GameKind::parse(&game).map_or_else(|| game.clone(), |k| k.title_in(l)),
                    ),
                    ("key", &agora_core::ratings::key_title_in(&key, l)),
                    ("community", &community_title(&community, l)),
                ],
            );
            let series = vec![
                (
                    "μ".to_string(),
                    std::iter::once(Some(rs[0].before.mu))
                        .chain(history.iter().map(|p| Some(p.mu)))
                        .collect(),
                ),
                (
                    l.text("web-ranked-by", &[]),
                    std::iter::once(Some(rs[0].before.display()))
                        .chain(history.iter().map(|p| Some(p.display)))
                        .collect(),
                ),
            ];
            let x = l.text("web-chart-x-game", &[]);
            if let Some(svg) = crate::svg::lines(&title, &x, 0.0..30.0, &series, l) {
                charts.push((title, svg));
            }
            ratings.push(PlayerRating {
                rating: last.after.to_json(),
                games: rs.len() as u64,
                history,
                game,
                key,
                community,
            });
        }
        Ok(PlayerPage {
            player: id.to_string(),
            name: shown.name,
            ai: shown.ai,
            ratings,
            charts,
            lang,
        })
    }
}

/// A trial's cases from the latest ratings, hardest (highest rated) first.
fn cases(latest: &[(String, String, Rating, u64)]) -> Vec<CaseLine> {
    let mut out: Vec<&(String, String, Rating, u64)> = latest
        .iter()
        .filter(|(_, key, _, _)| key == "case")
        .collect();
    out.sort_by(|a, b| b.2.display().total_cmp(&a.2.display()));
    out.into_iter()
        .map(|(case, _, rating, games)| CaseLine {
            case: case.strip_prefix("case:").unwrap_or(case).to_string(),
            rating: rating.to_json(),
            games: *games,
        })
        .collect()
}

/// The lines of a board, ranked.
struct Leaderboard {
    players: Vec<PlayerLine>,
}

fn game_line(names: &Names, g: &FinishedGame, lang: PageLang) -> GameLine {
    let by_seat: Vec<String> = g
        .seats
        .iter()
        .map(|s| names.shown(&s.player, &s.name).name)
        .collect();
    let mut players: Vec<String> = Vec::new();
    for name in &by_seat {
        if !players.contains(name) {
            players.push(name.clone());
        }
    }
    GameLine {
        session: g.id.clone(),
        game: g.game.clone(),
        winner: g.winner.clone(),
        result: GameKind::parse(&g.game).map_or_else(
            || g.winner.clone(),
            |k| {
                let lines = agora_core::registry::stats::of(k);
                agora_core::stats::page::result(lines, g, &by_seat, lang.lang)
            },
        ),
        finished_at: g.finished_at,
        players,
        url: format!("/games/{}", seg(&g.id)),
        board: variant_name(&g.game, &g.details, lang.lang),
    }
}
