//! The REST meter. With metrics on (`AGORA_HTTP_LISTEN`) and a rate-limit proxy
//! (`DISCORD_PROXY_URL`), serenity sends its REST calls to this forwarder on loopback,
//! which passes each one on unchanged to the proxy and counts it:
//! `agora_rest_calls_total{method,route,status}` and the `agora_rest_seconds{method,route}`
//! latency histogram (which includes any wait at a shared proxy).
//!
//! A route is the path's template: ids become `{id}`, an interaction's or webhook's token
//! `{token}`, an emoji `{emoji}`, and any other segment that is not a plain lowercase word
//! `{}`. So a label never holds a secret, and there are a few dozen series, not one a
//! message. Headers (the bot token among them) pass through and are never recorded.
//!
//! Without a proxy nothing is metered: serenity's own rate limiter, which is then on,
//! sends straight to discord.com whatever `HttpBuilder::proxy` says.

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, StatusCode};
use axum::response::Response;
use std::time::{Duration, Instant};

/// The largest request body passed on (Discord's upload limit is 25 MiB).
const MAX_BODY: usize = 32 << 20;

/// Where the forwarder sends calls, and the client it sends them with.
#[derive(Clone)]
struct Meter {
    upstream: String,
    client: reqwest::Client,
}

/// Starts the forwarder on a free loopback port, sending to `upstream` (the proxy's
/// base), and returns its base URL for serenity's
/// `HttpBuilder::proxy`.
pub async fn start(upstream: &str) -> anyhow::Result<String> {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(120))
        .build()?;
    let meter = Meter {
        upstream: upstream.trim_end_matches('/').to_string(),
        client,
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .map_err(|e| anyhow::anyhow!("the REST meter cannot listen on loopback: {e}"))?;
    let base = format!("http://{}", listener.local_addr()?);
    let app = axum::Router::new().fallback(forward).with_state(meter);
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!("the REST meter stopped: {e}");
        }
    });
    Ok(base)
}

/// Headers that belong to one connection, not to the call (RFC 9110, 7.6.1), and the
/// length, which the body sets again.
fn hop_by_hop(name: &HeaderName) -> bool {
    matches!(
        name.as_str(),
        "connection"
            | "keep-alive"
            | "proxy-authenticate"
            | "proxy-authorization"
            | "te"
            | "trailer"
            | "transfer-encoding"
            | "upgrade"
            | "host"
            | "content-length"
    )
}

fn pass_on(headers: &HeaderMap) -> HeaderMap {
    let mut out = HeaderMap::new();
    for (k, v) in headers {
        if !hop_by_hop(k) {
            out.append(k.clone(), v.clone());
        }
    }
    out
}

/// Passes one call on and counts it.
async fn forward(State(meter): State<Meter>, req: Request) -> Response {
    let (parts, body) = req.into_parts();
    let route = route_of(parts.uri.path());
    let method = parts.method.as_str().to_string();
    let target = format!(
        "{}{}",
        meter.upstream,
        parts.uri.path_and_query().map_or("/", |p| p.as_str())
    );
    let started = Instant::now();
    let answer = match axum::body::to_bytes(body, MAX_BODY).await {
        Ok(body) => meter
            .client
            .request(parts.method, target)
            .headers(pass_on(&parts.headers))
            .body(body)
            .send()
            .await
            .map_err(|e| e.without_url().to_string()),
        Err(e) => Err(format!("reading the request: {e}")),
    };
    let answer = match answer {
        Ok(r) => {
            let status = r.status();
            let headers = pass_on(r.headers());
            r.bytes()
                .await
                .map(|b| (status, headers, b))
                .map_err(|e| e.without_url().to_string())
        }
        Err(e) => Err(e),
    };
    let status = match &answer {
        Ok((s, _, _)) => s.as_u16().to_string(),
        Err(_) => "failed".to_string(),
    };
    metrics::counter!("agora_rest_calls_total", "method" => method.clone(), "route" => route.clone(), "status" => status).increment(1);
    metrics::histogram!("agora_rest_seconds", "method" => method, "route" => route.clone())
        .record(started.elapsed().as_secs_f64());
    match answer {
        Ok((status, headers, bytes)) => {
            let mut resp = Response::new(Body::from(bytes));
            *resp.status_mut() = status;
            *resp.headers_mut() = headers;
            resp
        }
        Err(e) => {
            tracing::warn!(route = %route, "a REST call could not be passed on: {e}");
            let body = serde_json::json!({
                "message": format!("the REST meter could not reach the proxy: {e}"),
                "code": 0,
            });
            let mut resp = Response::new(Body::from(body.to_string()));
            *resp.status_mut() = StatusCode::BAD_GATEWAY;
            resp
        }
    }
}

/// The template of a REST path: `/api/v10/channels/123/messages` is
/// `/channels/{id}/messages`.
pub fn route_of(path: &str) -> String {
    let mut segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    if segments.first() == Some(&"api") {
        segments.remove(0);
        if segments
            .first()
            .is_some_and(|v| v.len() > 1 && v.starts_with('v') && is_number(&v[1..]))
        {
            segments.remove(0);
        }
    }
    let mut out = String::new();
    for (i, s) in segments.iter().enumerate() {
        let before = |n: usize| i.checked_sub(n).map(|j| segments[j]);
        let shown = if is_number(s) {
            "{id}"
        } else if matches!(before(2), Some("interactions" | "webhooks"))
            && before(1).is_some_and(is_number)
        {
            "{token}"
        } else if before(1) == Some("reactions") {
            "{emoji}"
        } else if s.len() <= 24
            && s.chars()
                .all(|c| c.is_ascii_lowercase() || matches!(c, '-' | '_' | '@'))
        {
            s
        } else {
            "{}"
        };
        out.push('/');
        out.push_str(shown);
    }
    if out.is_empty() {
        out.push('/');
    }
    out
}

fn is_number(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::route_of;

    #[test]
    fn routes_mask_ids_tokens_and_emoji() {
        let cases = [
            ("/api/v10/channels/123/messages", "/channels/{id}/messages"),
            (
                "/api/v10/channels/1/messages/2/reactions/%F0%9F%91%8D/@me",
                "/channels/{id}/messages/{id}/reactions/{emoji}/@me",
            ),
            (
                "/api/v10/interactions/99/aW50ZXJhY3Rpb246OTk6dG9rZW4/callback",
                "/interactions/{id}/{token}/callback",
            ),
            (
                "/api/v10/webhooks/7/lowercasetoken/messages/@original",
                "/webhooks/{id}/{token}/messages/@original",
            ),
            ("/api/v10/users/@me/channels", "/users/@me/channels"),
            ("/api/v10/gateway/bot", "/gateway/bot"),
            (
                "/api/v10/guilds/5/members/Some.Thing",
                "/guilds/{id}/members/{}",
            ),
            ("/", "/"),
        ];
        for (path, route) in cases {
            assert_eq!(route_of(path), route, "{path}");
        }
    }
}
