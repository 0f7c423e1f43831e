//! A small W3C WebDriver client over reqwest, for the community page's browser test.
//!
//! It speaks only the dozen commands that test uses (a session, navigation, scripts, elements,
//! screenshots and chromedriver's browser log). A WebDriver crate would bring its own TLS stack and
//! feature set, which made `cargo build` and `cargo test` compile serenity and its TLS twice;
//! chromedriver listens on loopback, so plain HTTP with the reqwest the bot already has is enough.

use base64::Engine as _;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// The key under which W3C WebDriver returns an element's id.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// One browser session on a chromedriver.
pub struct Browser {
    http: reqwest::Client,
    session: String,
}

/// An element of the current page.
pub struct Element<'a> {
    browser: &'a Browser,
    id: String,
}

impl Browser {
    /// Opens a session on the chromedriver at `driver` (such as `http://127.0.0.1:9515`) with
    /// these capabilities (`alwaysMatch`).
    pub async fn connect(driver: &str, capabilities: Value) -> Result<Browser, String> {
        let http = reqwest::Client::new();
        let body = json!({"capabilities": {"alwaysMatch": capabilities}});
        let reply = call(
            &http,
            reqwest::Method::POST,
            &format!("{driver}/session"),
            Some(body),
        )
        .await?;
        let id = reply["sessionId"]
            .as_str()
            .ok_or_else(|| format!("no sessionId in {reply}"))?;
        Ok(Browser {
            http,
            session: format!("{driver}/session/{id}"),
        })
    }

    async fn post(&self, path: &str, body: Value) -> Result<Value, String> {
        let url = format!("{}{path}", self.session);
        call(&self.http, reqwest::Method::POST, &url, Some(body)).await
    }

    async fn get(&self, path: &str) -> Result<Value, String> {
        let url = format!("{}{path}", self.session);
        call(&self.http, reqwest::Method::GET, &url, None).await
    }

    pub async fn set_window_size(&self, width: u32, height: u32) -> Result<(), String> {
        self.post("/window/rect", json!({"width": width, "height": height}))
            .await
            .map(drop)
    }

    /// Loads a page and waits until it has loaded (WebDriver's default page-load strategy).
    pub async fn goto(&self, url: &str) -> Result<(), String> {
        self.post("/url", json!({ "url": url })).await.map(drop)
    }

    pub async fn current_url(&self) -> Result<String, String> {
        let v = self.get("/url").await?;
        v.as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("url: {v}"))
    }

    /// Runs a script in the page; its `return` value.
    pub async fn execute(&self, script: &str) -> Result<Value, String> {
        self.post("/execute/sync", json!({"script": script, "args": []}))
            .await
    }

    /// The page as a PNG.
    pub async fn screenshot(&self) -> Result<Vec<u8>, String> {
        let v = self.get("/screenshot").await?;
        let b64 = v.as_str().ok_or_else(|| format!("screenshot: {v}"))?;
        base64::engine::general_purpose::STANDARD
            .decode(b64)
            .map_err(|e| format!("screenshot: {e}"))
    }

    /// chromedriver's browser log since the last call (a Selenium extension chromedriver keeps).
    pub async fn browser_log(&self) -> Result<Vec<Value>, String> {
        let v = self.post("/se/log", json!({"type": "browser"})).await?;
        Ok(v.as_array().cloned().unwrap_or_default())
    }

    /// Every element matching a CSS selector, in document order.
    pub async fn find_all(&self, css: &str) -> Result<Vec<Element<'_>>, String> {
        let v = self
            .post("/elements", json!({"using": "css selector", "value": css}))
            .await?;
        let ids = v.as_array().ok_or_else(|| format!("elements: {v}"))?;
        ids.iter()
            .map(|e| {
                e[ELEMENT]
                    .as_str()
                    .map(|id| Element {
                        browser: self,
                        id: id.to_string(),
                    })
                    .ok_or_else(|| format!("element: {e}"))
            })
            .collect()
    }

    /// The first element matching a CSS selector; an error names the selector when none does.
    pub async fn find(&self, css: &str) -> Result<Element<'_>, String> {
        self.find_all(css)
            .await?
            .into_iter()
            .next()
            .ok_or_else(|| format!("no element matches {css}"))
    }

    /// Waits until an element matches a CSS selector, checking every 50 ms for at most `limit`.
    pub async fn wait_for(&self, css: &str, limit: Duration) -> Result<Element<'_>, String> {
        let started = Instant::now();
        loop {
            if let Some(e) = self.find_all(css).await?.into_iter().next() {
                return Ok(e);
            }
            if started.elapsed() > limit {
                return Err(format!("no element matched {css} within {limit:?}"));
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Ends the session (the browser closes).
    pub async fn close(self) -> Result<(), String> {
        call(&self.http, reqwest::Method::DELETE, &self.session, None)
            .await
            .map(drop)
    }
}

impl Element<'_> {
    pub async fn click(&self) -> Result<(), String> {
        let path = format!("/element/{}/click", self.id);
        self.browser.post(&path, json!({})).await.map(drop)
    }

    /// The element's rendered text.
    pub async fn text(&self) -> Result<String, String> {
        let v = self
            .browser
            .get(&format!("/element/{}/text", self.id))
            .await?;
        v.as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("text: {v}"))
    }
}

/// One WebDriver command: its `value`, or the driver's error and message.
async fn call(
    http: &reqwest::Client,
    method: reqwest::Method,
    url: &str,
    body: Option<Value>,
) -> Result<Value, String> {
    let mut req = http.request(method.clone(), url);
    if let Some(body) = body {
        req = req.json(&body);
    }
    let reply = req
        .send()
        .await
        .map_err(|e| format!("{method} {url}: {e}"))?;
    let status = reply.status();
    let mut v: Value = reply
        .json()
        .await
        .map_err(|e| format!("{method} {url}: {status}, not JSON: {e}"))?;
    let value = v["value"].take();
    if !status.is_success() {
        return Err(format!(
            "{method} {url}: {status} {}: {}",
            value["error"], value["message"]
        ));
    }
    Ok(value)
}
