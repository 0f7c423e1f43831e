//! Source checks against a loopback page server: a quotation found on an HTML page, a
//! paraphrase that is not, a page that does not answer, one over the size cap, one that is
//! not a web page, a redirect followed; and loopback refused when not allowed.

use agora::agents::debate::sources::{citations, Citation, Found, SourceChecker};
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use std::time::Duration;

async fn pages() -> String {
    let app = Router::new()
        .route(
            "/report.html",
            get(|| async {
                (
                    [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
                    "<html><body><h1>Report</h1><p>In 2023, <em>one in five</em> adults\n worked   remotely.</p><script>var hidden = 'secret phrase here';</script></body></html>",
                )
            }),
        )
        .route(
            "/big.html",
            get(|| async {
                (
                    [(header::CONTENT_TYPE, "text/html")],
                    format!("<p>{}</p>", "word ".repeat(50_000)),
                )
            }),
        )
        .route(
            "/data.pdf",
            get(|| async {
                ([(header::CONTENT_TYPE, "application/pdf")], "%PDF-1.4 one in five adults")
            }),
        )
        .route(
            "/notes.txt",
            get(|| async { ([(header::CONTENT_TYPE, "text/plain")], "Plain: one in five adults.") }),
        )
        .route(
            "/moved",
            get(|| async { axum::response::Redirect::temporary("/report.html").into_response() }),
        )
        .route(
            "/missing",
            get(|| async { (axum::http::StatusCode::NOT_FOUND, "gone").into_response() }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    format!("http://{addr}")
}

fn cite(base: &str, path: &str, quote: &str) -> Citation {
    Citation {
        url: format!("{base}{path}"),
        quote: quote.into(),
    }
}

#[tokio::test]
async fn quotations_are_verified_not_found_or_unreachable() {
    let base = pages().await;
    let checker = SourceChecker::new(Duration::from_secs(5), 100_000, true);
    let cases = [
        (
            "/report.html",
            "One in five adults worked remotely",
            Found::Verified,
        ),
        (
            "/report.html",
            "a fifth of adults worked from home",
            Found::NotFound,
        ),
        ("/report.html", "secret phrase here", Found::NotFound),
        ("/moved", "one in five adults", Found::Verified),
        ("/notes.txt", "one in five adults", Found::Verified),
        ("/big.html", "word word word", Found::Unreachable),
        ("/data.pdf", "one in five adults", Found::Unreachable),
        ("/missing", "one in five adults", Found::Unreachable),
    ];
    let all: Vec<Citation> = cases.iter().map(|(p, q, _)| cite(&base, p, q)).collect();
    let checked = checker.check_all(&all).await;
    for ((path, quote, want), got) in cases.iter().zip(&checked) {
        assert_eq!(got.found, *want, "{path} {quote:?}: {}", got.line());
    }
    assert!(
        checked[5].detail.contains("larger than"),
        "{}",
        checked[5].detail
    );
    assert!(
        checked[6].detail.contains("application/pdf"),
        "{}",
        checked[6].detail
    );
    assert!(checked[7].detail.contains("404"), "{}", checked[7].detail);
    // A port nobody listens on; and loopback when not allowed.
    let closed = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap()
    };
    let gone = checker
        .check(&cite(
            &format!("http://{closed}"),
            "/x",
            "one in five adults",
        ))
        .await;
    assert_eq!(gone.found, Found::Unreachable);
    let strict = SourceChecker::new(Duration::from_secs(5), 100_000, false);
    let refused = strict
        .check(&cite(&base, "/report.html", "one in five adults"))
        .await;
    assert_eq!(refused.found, Found::Unreachable);
    assert!(
        refused.detail.contains("private or local"),
        "{}",
        refused.detail
    );
    // A speech's citation, read from its text.
    let speech =
        format!("The survey found \"one in five adults worked remotely\" ({base}/report.html).");
    let found = checker.check_all(&citations(&speech)).await;
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].found, Found::Verified);
}
