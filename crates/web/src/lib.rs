//! The community page: `agora web` serves read-only pages from the game store, rendered
//! on the server (axum, `maud`), each with a JSON twin (`?format=json`):
//! - `/`: the communities with finished games;
//! - `/c/{community}`: every game's board and the latest games;
//! - `/c/{community}/{game}?board=people|ai|everyone&season=N`: a full board;
//! - `/games/{session}` (`?seat=N`: one seat's view, where the game offers it): a finished
//!   game told whole, with its seats, ratings and chart;
//! - `/players/{id}`: a player's ratings per game and side, with their history.
//!
//! Every page is in its community's language, or the one `?lang=` asks for ([`lang`]).
//! Only finished sessions are read ([`data`]); anything else is a 404, whatever the URL.
//! A person who hid their name (`/privacy web:off`) is a code everywhere ([`names`]).
//! Each game's part of a game page is its stats' `PageLines` (in the core), picked through
//! the registry, and its variants (a werewolf board) its stats' `balance` and
//! `variant_name` ([`variants`]): the page names no game.

pub mod data;
pub mod html;
pub mod lang;
pub mod names;
pub mod svg;
mod variants;

use agora_core::ratings::boards::Which;
use agora_core::registry::GameKind;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use data::{PageError, Reader};
use serde::Deserialize;
use std::sync::Arc;

/// The query every page takes.
#[derive(Debug, Default, Deserialize)]
pub struct Params {
    format: Option<String>,
    board: Option<String>,
    season: Option<String>,
    seat: Option<String>,
    lang: Option<String>,
}

impl Params {
    fn json(&self) -> bool {
        self.format.as_deref() == Some("json")
    }

    /// The language the query asks for (`?lang=zh-CN`); an unknown code asks for none.
    fn lang(&self) -> Option<agora_games::Lang> {
        lang::asked(self.lang.as_deref())
    }

    /// A page not found, in the language asked for.
    fn not_found(&self) -> Response {
        not_found(self.json(), lang::PageLang::pick(self.lang(), None))
    }
}

/// The pages over `reader`.
pub fn router(reader: Arc<Reader>) -> Router {
    Router::new()
        .route("/", get(home))
        .route("/c/{community}", get(community))
        .route("/c/{community}/{game}", get(board))
        .route("/games/{session}", get(game))
        .route("/players/{id}", get(player))
        // An unknown path is an HTML page, whatever the query (in the language asked).
        .fallback(|Query(q): Query<Params>| async move {
            not_found(false, lang::PageLang::pick(q.lang(), None))
        })
        .with_state(reader)
}

/// Serves the pages on `listener` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, reader: Arc<Reader>) -> std::io::Result<()> {
    axum::serve(listener, router(reader)).await
}

fn not_found(json: bool, l: lang::PageLang) -> Response {
    if json {
        (
            StatusCode::NOT_FOUND,
            axum::Json(serde_json::json!({"error": "not found"})),
        )
            .into_response()
    } else {
        (StatusCode::NOT_FOUND, html_response(html::not_found(l))).into_response()
    }
}

fn html_response(m: maud::Markup) -> Response {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        m.into_string(),
    )
        .into_response()
}

/// The page of `result`: its JSON when asked, else its HTML by `render`.
fn respond<T: serde::Serialize>(
    q: &Params,
    result: Result<T, PageError>,
    render: impl FnOnce(&T) -> maud::Markup,
) -> Response {
    match result {
        Ok(page) if q.json() => axum::Json(page).into_response(),
        Ok(page) => html_response(render(&page)),
        Err(PageError::NotFound) => q.not_found(),
        Err(e) => {
            tracing::warn!("a page failed: {e}");
            let l = lang::PageLang::pick(q.lang(), None);
            (StatusCode::INTERNAL_SERVER_ERROR, l.t("web-store-failed")).into_response()
        }
    }
}

async fn home(State(r): State<Arc<Reader>>, Query(q): Query<Params>) -> Response {
    respond(&q, r.home(q.lang()).await, html::home)
}

async fn community(
    State(r): State<Arc<Reader>>,
    Path(c): Path<String>,
    Query(q): Query<Params>,
) -> Response {
    respond(&q, r.community(&c, q.lang()).await, html::community)
}

async fn board(
    State(r): State<Arc<Reader>>,
    Path((c, game)): Path<(String, String)>,
    Query(q): Query<Params>,
) -> Response {
    let Some(kind) = GameKind::parse(&game) else {
        return q.not_found();
    };
    let which = match q.board.as_deref().filter(|b| !b.is_empty()) {
        None => Which::Everyone,
        Some(b) => match Which::parse(b) {
            Some(w) => w,
            None => return q.not_found(),
        },
    };
    let season = match q.season.as_deref().filter(|s| !s.is_empty()) {
        None => None,
        Some(s) => match s.parse::<i64>() {
            Ok(n) => Some(n),
            Err(_) => return q.not_found(),
        },
    };
    let page = r.board(&c, kind, which, season, q.lang()).await;
    respond(&q, page, html::board)
}

async fn game(
    State(r): State<Arc<Reader>>,
    Path(id): Path<String>,
    Query(q): Query<Params>,
) -> Response {
    let seat = q.seat.as_deref().and_then(|s| s.parse::<u8>().ok());
    respond(&q, r.game(&id, seat, q.lang()).await, html::game)
}

async fn player(
    State(r): State<Arc<Reader>>,
    Path(id): Path<String>,
    Query(q): Query<Params>,
) -> Response {
    respond(&q, r.player(&id, q.lang()).await, html::player)
}
