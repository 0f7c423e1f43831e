//! Leaderboards from stored results: per player (a stable identity per surface), per
//! community, for any game. What differs between games is one small trait, [`Board`]: the
//! score's name, what a player's record is broken down by, and the ranking order. Players
//! rank among those with enough finished games; AI players are listed apart, unranked.
//! A game whose formats score differently (debate) is read as one [`Part`] per format,
//! each with its own columns; the JSON keeps one board per game.
//!
//! Everything a game brings to the statistics — its boards and parts, how it names its AI
//! players, how `agora sessions` tells a stored session of it, its part of a finished
//! game's page on the community page ([`page::PageLines`]) — is its [`GameStats`], in
//! its own file here (`werewolf.rs`, `debate.rs`, `trial.rs`). The generic code here, in
//! [`text`], [`sessions`] and [`names`] names no game: it takes the game's [`Board`],
//! [`Part`]s or [`SessionLines`] as a parameter. The registry, above, picks a game's by
//! its kind (`registry::stats`).

pub mod names;
pub mod page;
pub mod sessions;
pub mod text;

pub use names::Personas;
pub use sessions::SessionLines;

use crate::games::Lang;
use crate::kits::Kits;
use crate::ratings::boards::{PlayerRatings, Ratings};
use crate::ratings::model::RatedGame;
use crate::store::{FinishedGame, SeatResult};
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// What a game brings to the statistics, beside how `agora sessions` tells its sessions
/// ([`SessionLines`]): each game's is in its stats file, registered with the game.
pub trait GameStats: SessionLines + page::PageLines {
    /// The game's one board: its JSON (`agora stats <game> --json`) and its default order.
    fn board(&self) -> &'static dyn Board;
    /// The boards people read, one per format that scores differently; a game of one
    /// format has one, [`Part::whole`].
    fn parts(&self) -> &'static [Part];
    /// What `/leaderboard <game>` says it shows (the subcommand's description).
    fn leaderboard_help(&self) -> &'static str;
    /// How a table showed an AI player of this game, from its agent (`heuristic`, without
    /// the version); `None`: not one of this game's.
    fn ai_name(&self, _agent: &str, _personas: &dyn Personas) -> Option<String> {
        None
    }
    /// The shown name of the character `id` this game's kit in `kits` knows (a debate
    /// personality); `None`: none (the default: the game has no characters).
    fn kit_persona(&self, _kits: &Kits, _id: &str) -> Option<String> {
        None
    }
    /// This game's characters as the content directory `dir` describes them (what cannot
    /// be read: the built-in ones), for the commands that open no kit; `None`: the game
    /// has no characters.
    fn content_personas(&self, _dir: &std::path::Path) -> Option<Box<dyn Personas + Send + Sync>> {
        None
    }
    /// A finished session as the rating model reads it: teams with places
    /// (`crate::ratings`'s shapes); `None`: not rated.
    fn rated(&self, game: &FinishedGame) -> Option<RatedGame>;
    /// The keys this game's players are rated under, in the order boards show them (one
    /// for most games; werewolf's `village` and `wolf`).
    fn rating_keys(&self) -> &'static [&'static str];
    /// Each ranked variant of the game (a werewolf board) with the balance the ladder
    /// recorded for it, in the variants' order, named in `lang`; none (the default) for a
    /// game played one way.
    fn balance(&self, _lang: crate::games::Lang) -> Vec<VariantBalance> {
        Vec::new()
    }
    /// The name in `lang` of the variant a finished game's `details` record (on any but
    /// the game's default one); `None` (the default) for a game played one way.
    fn variant_name(
        &self,
        _details: &serde_json::Value,
        _lang: crate::games::Lang,
    ) -> Option<String> {
        None
    }
}

/// A ranked variant's recorded balance (see [`GameStats::balance`]): rates are fractions.
#[derive(Debug, Clone, PartialEq)]
pub struct VariantBalance {
    /// The variant's id (a board's file name) and its name in the asked language.
    pub id: String,
    pub name: String,
    /// The good side's win rate and the half-width of its 95% interval.
    pub good_rate: f64,
    pub good_ci95: f64,
    pub draw_rate: f64,
    /// The widest gap between two seats' win rates, in percentage points.
    pub seat_gap_points: f64,
    pub games: u64,
}

/// How one game's results make a leaderboard and a player's record.
pub trait Board: Sync {
    /// The game's name, as stored with its results (`werewolf`).
    fn game(&self) -> &'static str;
    /// The score's short name: the boards' heading (upper-cased) and the JSON keys
    /// `mean_<name>`, `total_<name>` (werewolf: `gpp`).
    fn score_name(&self) -> &'static str;
    /// What a player's record is broken down by: the JSON key and the heading (werewolf:
    /// `roles`).
    fn groups_name(&self) -> &'static str;
    /// The group a finished seat counts under (werewolf: its role).
    fn group_of<'a>(&self, seat: &'a SeatResult) -> &'a str;
    /// What a finished seat adds to the score's total and to its count (the mean is the
    /// total over the count). The default: its score, counted once (werewolf's GPP per game).
    fn score_parts(&self, seat: &SeatResult) -> (f64, u64) {
        (seat.score, 1)
    }
    /// The award a finished seat may win, by name (`None`, the default: no awards column).
    fn award_name(&self) -> Option<&'static str> {
        None
    }
    /// The score as people read it (`mean GPP`, `mean speech score`).
    fn score_title(&self) -> &'static str;
    /// The award as people read it (`best-debater awards`).
    fn award_title(&self) -> &'static str {
        "awards"
    }
    /// Whether this seat won the award.
    fn award_of(&self, _seat: &SeatResult) -> bool {
        false
    }
    /// Whether the score is a shift, shown with its sign (`+12.5`).
    fn signed(&self) -> bool {
        false
    }
    /// What the record's breakdown is by, as people read it; `None`: no breakdown shown
    /// (every seat is in one group).
    fn groups_title(&self) -> Option<&'static str> {
        Some(self.groups_name())
    }
    /// Whether a player's total score means something to show (werewolf's total GPP).
    fn shows_total(&self) -> bool {
        false
    }
    /// The score's name in `lang` (English: [`Board::score_title`]; another language: the
    /// message `stats-score-<score_name>`).
    fn score_title_in(&self, lang: Lang) -> String {
        in_lang(
            lang,
            self.score_title(),
            &format!("stats-score-{}", self.score_name()),
        )
    }
    /// The award's name in `lang` (the message `stats-award-<award_name>`).
    fn award_title_in(&self, lang: Lang) -> String {
        let id = format!("stats-award-{}", self.award_name().unwrap_or_default());
        in_lang(lang, self.award_title(), &id)
    }
    /// What the breakdown is by, in `lang` (the message `stats-groups-<groups_name>`).
    fn groups_title_in(&self, lang: Lang) -> Option<String> {
        let english = self.groups_title()?;
        Some(in_lang(
            lang,
            english,
            &format!("stats-groups-{}", self.groups_name()),
        ))
    }
    /// The ranking order among ranked players; the default is the mean score, then more
    /// games, then the player id.
    fn order(&self, a: &PlayerLine, b: &PlayerLine) -> Ordering {
        b.mean_score
            .total_cmp(&a.mean_score)
            .then(b.games.cmp(&a.games))
            .then(a.player.cmp(&b.player))
    }
}

/// One board as people read it: a game, or one format of it whose score differs (the
/// team debate's speech scores, the moderated debate's final score, the social debate's
/// points), with the seats it holds.
pub struct Part {
    /// The heading (`Team debates`); empty for a game of one part.
    pub title: &'static str,
    pub board: &'static dyn Board,
    pub holds: fn(&SeatResult) -> bool,
}

/// `english` in English, else the message `id` in `lang` (the English when it has none).
fn in_lang(lang: Lang, english: &str, id: &str) -> String {
    if lang.is_english() {
        return english.to_string();
    }
    names::known(lang, id).unwrap_or_else(|| english.to_string())
}

impl Part {
    /// The heading in `lang` (another language: the message `stats-part-<score_name>` of
    /// its board, each part's board scoring differently).
    pub fn title_in(&self, lang: Lang) -> String {
        if self.title.is_empty() {
            return String::new();
        }
        in_lang(
            lang,
            self.title,
            &format!("stats-part-{}", self.board.score_name()),
        )
    }

    /// The seats of `results` this part holds.
    pub fn of(&self, results: &[SeatResult]) -> Vec<SeatResult> {
        results
            .iter()
            .filter(|r| (self.holds)(r))
            .cloned()
            .collect()
    }

    /// The one part of a game of one format: every seat, untitled.
    pub const fn whole(board: &'static dyn Board) -> Part {
        Part {
            title: "",
            board,
            holds: every,
        }
    }
}

fn every(_: &SeatResult) -> bool {
    true
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct GroupLine {
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
    pub mean_score: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PlayerLine {
    /// 1-based rank; `None` for players below the minimum number of games.
    pub rank: Option<u32>,
    pub player: String,
    pub name: String,
    pub ai: bool,
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
    pub mean_score: f64,
    pub total_score: f64,
    /// Awards won (the board's [`Board::award_name`]; 0 when it has none).
    pub awards: u64,
    /// The record broken down by the board's groups (werewolf: by role).
    pub groups: BTreeMap<String, GroupLine>,
    /// The player's ratings (none before any rated game).
    pub rating: Option<PlayerRatings>,
}

#[derive(Debug, Clone)]
pub struct Leaderboard {
    /// The game's name (`werewolf`).
    pub game: &'static str,
    /// The board it is scored by, which names its JSON's keys.
    pub board: &'static dyn Board,
    pub community: Option<String>,
    pub min_games: u32,
    pub players: Vec<PlayerLine>,
}

fn ratio(a: f64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        ((a / b as f64) * 1000.0).round() / 1000.0
    }
}

/// Builds a leaderboard that scores by `def` (a game's board or a part's) and ranks by
/// rating (μ − 3σ, from `ratings`; a player without one after those with one, in `def`'s
/// order). Only people are ranked: AI players are listed, never ranked.
pub fn leaderboard_of(
    def: &'static dyn Board,
    community: Option<&str>,
    min_games: u32,
    results: &[SeatResult],
    ratings: &Ratings,
) -> Leaderboard {
    let game = def.game();
    #[derive(Default)]
    struct Acc {
        name: String,
        ai: bool,
        games: u64,
        wins: u64,
        score: f64,
        counted: u64,
        awards: u64,
        groups: BTreeMap<String, (u64, u64, f64, u64)>,
    }
    let mut by_player: BTreeMap<&str, Acc> = BTreeMap::new();
    for r in results {
        let acc = by_player.entry(&r.player).or_default();
        acc.name = r.name.clone();
        acc.ai = r.is_ai;
        acc.games += 1;
        acc.wins += r.won as u64;
        let (score, counted) = def.score_parts(r);
        acc.score += score;
        acc.counted += counted;
        acc.awards += def.award_of(r) as u64;
        let group = acc.groups.entry(def.group_of(r).to_string()).or_default();
        group.0 += 1;
        group.1 += r.won as u64;
        group.2 += score;
        group.3 += counted;
    }
    let mut players: Vec<PlayerLine> = by_player
        .into_iter()
        .map(|(id, a)| PlayerLine {
            rank: None,
            rating: ratings.of(id).cloned(),
            player: id.to_string(),
            name: a.name,
            ai: a.ai,
            games: a.games,
            wins: a.wins,
            win_rate: ratio(a.wins as f64, a.games),
            mean_score: ratio(a.score, a.counted),
            total_score: a.score,
            awards: a.awards,
            groups: a
                .groups
                .into_iter()
                .map(|(group, (games, wins, score, counted))| {
                    (
                        group,
                        GroupLine {
                            games,
                            wins,
                            win_rate: ratio(wins as f64, games),
                            mean_score: ratio(score, counted),
                        },
                    )
                })
                .collect(),
        })
        .collect();
    rank(&mut players, min_games, def);
    Leaderboard {
        game,
        board: def,
        community: community.map(str::to_string),
        min_games,
        players,
    }
}

/// Orders `players` as a board does and numbers the ranked: people with `min_games`
/// first, by rating (μ − 3σ; those without one after), then by `def`'s order; AI players
/// are never ranked.
pub fn rank(players: &mut [PlayerLine], min_games: u32, def: &dyn Board) {
    let ranked = |p: &PlayerLine| !p.ai && p.games >= min_games as u64;
    let display = |p: &PlayerLine| p.rating.as_ref().map(|r| r.rating.display());
    players.sort_by(|a, b| {
        ranked(b)
            .cmp(&ranked(a))
            .then_with(|| match (display(a), display(b)) {
                (Some(x), Some(y)) => y.total_cmp(&x),
                (a, b) => b.is_some().cmp(&a.is_some()),
            })
            .then_with(|| def.order(a, b))
    });
    let mut rank = 0;
    for p in players.iter_mut() {
        if ranked(p) {
            rank += 1;
            p.rank = Some(rank);
        }
    }
}

/// A community's board as people read it: people ranked among themselves only; AI
/// players apart (one line per agent or model, each seat it played counted as a game),
/// never ranked, so six AI seats of one game never make one entry that outranks people.
#[derive(Debug, Clone)]
pub struct PeopleBoard {
    pub people: Leaderboard,
    pub ai: Vec<PlayerLine>,
}

/// Splits finished seats into people (ranked after `min_games`) and AI players (listed
/// by their board's order, unranked), scored and ordered by `def` (a game's board or a
/// part's).
pub fn people_and_ai_of(
    def: &'static dyn Board,
    community: Option<&str>,
    min_games: u32,
    results: &[SeatResult],
    ratings: &Ratings,
) -> PeopleBoard {
    let (ai, people): (Vec<SeatResult>, Vec<SeatResult>) =
        results.iter().cloned().partition(|r| r.is_ai);
    PeopleBoard {
        people: leaderboard_of(def, community, min_games, &people, ratings),
        ai: leaderboard_of(def, community, 0, &ai, ratings).players,
    }
}

/// A number as JSON: whole numbers without a fraction.
fn number(x: f64) -> serde_json::Value {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        serde_json::json!(x as i64)
    } else {
        serde_json::json!(x)
    }
}

impl PlayerLine {
    /// The line as JSON, its score and group keys named by `board`.
    pub fn to_json(&self, board: &dyn Board) -> serde_json::Value {
        let score = board.score_name();
        let groups: serde_json::Map<String, serde_json::Value> = self
            .groups
            .iter()
            .map(|(g, l)| {
                let mut m = serde_json::Map::new();
                m.insert("games".into(), l.games.into());
                m.insert("wins".into(), l.wins.into());
                m.insert("win_rate".into(), number(l.win_rate));
                m.insert(format!("mean_{score}"), number(l.mean_score));
                (g.clone(), serde_json::Value::Object(m))
            })
            .collect();
        let mut m = serde_json::Map::new();
        m.insert("rank".into(), serde_json::json!(self.rank));
        m.insert("player".into(), self.player.clone().into());
        m.insert("name".into(), self.name.clone().into());
        m.insert("ai".into(), self.ai.into());
        m.insert("games".into(), self.games.into());
        m.insert("wins".into(), self.wins.into());
        m.insert("win_rate".into(), number(self.win_rate));
        m.insert(format!("mean_{score}"), number(self.mean_score));
        m.insert(format!("total_{score}"), number(self.total_score));
        if let Some(award) = board.award_name() {
            m.insert(format!("{award}_awards"), self.awards.into());
        }
        m.insert(
            board.groups_name().into(),
            serde_json::Value::Object(groups),
        );
        if let Some(r) = &self.rating {
            m.insert("rating".into(), r.rating.to_json());
            if r.keys.len() > 1 || r.keys.keys().any(|k| k != board.game()) {
                m.insert("ratings".into(), r.keys_json());
            }
        }
        serde_json::Value::Object(m)
    }
}

impl Serialize for Leaderboard {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let def = self.board;
        let players: Vec<serde_json::Value> = self.players.iter().map(|p| p.to_json(def)).collect();
        let mut m = s.serialize_map(Some(4))?;
        m.serialize_entry("game", &self.game)?;
        m.serialize_entry("community", &self.community)?;
        m.serialize_entry("min_games", &self.min_games)?;
        m.serialize_entry("players", &players)?;
        m.end()
    }
}

impl Serialize for PeopleBoard {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let def = self.people.board;
        let ai: Vec<serde_json::Value> = self.ai.iter().map(|p| p.to_json(def)).collect();
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("people", &self.people)?;
        m.serialize_entry("ai", &ai)?;
        m.end()
    }
}

impl std::fmt::Debug for dyn Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the {} board by {}", self.game(), self.score_name())
    }
}

/// Players named without the registry, for a game's own tests.
#[cfg(test)]
pub(crate) mod testing {
    use super::{GameStats, Personas};

    /// One game's AI players, with the characters of `.1`: how a game's tests name
    /// players as its tables showed them.
    pub(crate) struct OneGame<'a>(pub &'a dyn GameStats, pub &'a dyn Personas);

    impl Personas for OneGame<'_> {
        fn persona_name(&self, id: &str) -> Option<String> {
            self.1.persona_name(id)
        }
        fn ai_name(&self, agent: &str) -> Option<String> {
            self.0.ai_name(agent, self.1)
        }
    }
}
