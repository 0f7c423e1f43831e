//! Source checks for the moderated debate, by code: a speech that cites a URL with a
//! quotation has the page fetched (http or https only; a time limit; a size cap; no
//! private, loopback or link-local address unless the checker allows them, as tests do
//! for their loopback page server) and the quotation looked for in the page's text (HTML
//! turned to text with `scraper`; whitespace, case and curly quotes normalised). Each
//! citation comes out `verified`, `not found` or `unreachable`, with why; the moderator
//! reads the results and the round summary shows them. The moderator never brings
//! evidence of its own: nothing else is fetched.

use reqwest::header::{CONTENT_TYPE, LOCATION};
use reqwest::Url;
use serde::{Deserialize, Serialize};
use std::net::IpAddr;
use std::time::Duration;

/// A URL a speech cites and the words it quotes from it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Citation {
    pub url: String,
    pub quote: String,
}

/// What a check found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Found {
    Verified,
    NotFound,
    Unreachable,
}

impl Found {
    pub fn name(self) -> &'static str {
        match self {
            Found::Verified => "verified",
            Found::NotFound => "not found",
            Found::Unreachable => "unreachable",
        }
    }
}

/// One citation checked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checked {
    pub citation: Citation,
    pub found: Found,
    /// Why, in a few words (`HTTP 404`, `larger than 1000000 bytes`, …).
    pub detail: String,
}

impl Checked {
    /// One line for the moderator and the round summary.
    pub fn line(&self) -> String {
        let quote: String = self.citation.quote.chars().take(120).collect();
        format!(
            "{} — \"{}\": {}{}",
            self.citation.url,
            quote,
            self.found.name(),
            if self.detail.is_empty() {
                String::new()
            } else {
                format!(" ({})", self.detail)
            }
        )
    }
}

/// The fewest words a quotation needs to be checked.
pub const MIN_QUOTE_WORDS: usize = 3;
/// The most citations checked per speech.
pub const MAX_PER_SPEECH: usize = 3;

/// The citations of `text`: each http(s) URL with the quotation nearest it (a passage in
/// straight or curly double quotes of at least three words), at most three.
pub fn citations(text: &str) -> Vec<Citation> {
    let quotes = quoted_passages(text);
    let mut out: Vec<Citation> = Vec::new();
    for (at, url) in urls(text) {
        let nearest = quotes
            .iter()
            .min_by_key(|(start, end, _)| {
                if at >= *end {
                    at - end
                } else {
                    start.saturating_sub(at)
                }
            })
            .map(|(_, _, q)| q.clone());
        if let Some(quote) = nearest {
            let c = Citation { url, quote };
            if !out.contains(&c) {
                out.push(c);
            }
        }
        if out.len() == MAX_PER_SPEECH {
            break;
        }
    }
    out
}

/// The http(s) URLs in `text` with their byte offsets (closing punctuation trimmed).
fn urls(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..]
        .find("http://")
        .into_iter()
        .chain(text[from..].find("https://"))
        .min()
    {
        let start = from + i;
        let end = text[start..]
            .find(|c: char| c.is_whitespace() || matches!(c, '"' | '“' | '”' | '<' | '>'))
            .map_or(text.len(), |j| start + j);
        let url = text[start..end].trim_end_matches(['.', ',', ';', ':', ')', ']', '!', '?', '\'']);
        if Url::parse(url).is_ok() {
            out.push((start, url.to_string()));
        }
        from = end.max(start + 1);
    }
    out
}

/// Passages in double quotes of at least [`MIN_QUOTE_WORDS`] words: (start, end, text).
fn quoted_passages(text: &str) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    let mut open: Option<usize> = None;
    for (i, c) in text.char_indices() {
        match (c, open) {
            ('"' | '“', None) => open = Some(i + c.len_utf8()),
            ('"' | '”', Some(start)) => {
                let q = text[start..i].trim();
                if q.split_whitespace().count() >= MIN_QUOTE_WORDS && !q.contains("http") {
                    out.push((start, i, q.to_string()));
                }
                open = None;
            }
            _ => {}
        }
    }
    out
}

/// Text compared loosely: lower case, curly quotes and dashes straightened, every run of
/// whitespace one space.
pub fn normalise(text: &str) -> String {
    let mapped: String = text
        .chars()
        .map(|c| match c {
            '‘' | '’' => '\'',
            '“' | '”' => '"',
            '–' | '—' => '-',
            c => c,
        })
        .collect::<String>()
        .to_lowercase();
    mapped.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The visible text of an HTML page (scripts and styles left out).
pub fn html_text(html: &str) -> String {
    let doc = scraper::Html::parse_document(html);
    let mut out = String::new();
    for node in doc.tree.nodes() {
        let scraper::Node::Text(t) = node.value() else {
            continue;
        };
        let hidden = node.ancestors().any(|a| {
            a.value()
                .as_element()
                .is_some_and(|e| matches!(e.name(), "script" | "style" | "noscript" | "template"))
        });
        if !hidden {
            out.push_str(t);
            out.push(' ');
        }
    }
    out
}

/// How the checker fetches.
#[derive(Debug, Clone)]
pub struct SourceChecker {
    client: reqwest::Client,
    pub timeout: Duration,
    pub max_bytes: usize,
    /// Private, loopback and link-local addresses allowed (tests' loopback page server).
    pub allow_private: bool,
}

/// Whether `ip` is one the checker never fetches from the open internet.
pub fn is_private(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            v4.is_private()
                || v4.is_loopback()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.octets()[0] == 100 && (64..128).contains(&v4.octets()[1])
                || v4.octets()[0] == 0
        }
        IpAddr::V6(v6) => {
            let first = v6.segments()[0];
            v6.is_loopback()
                || v6.is_unspecified()
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
                || v6
                    .to_ipv4_mapped()
                    .is_some_and(|v4| is_private(IpAddr::V4(v4)))
        }
    }
}

impl SourceChecker {
    pub fn new(timeout: Duration, max_bytes: usize, allow_private: bool) -> SourceChecker {
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(timeout)
            .user_agent(concat!("agora-source-check/", env!("CARGO_PKG_VERSION")))
            .build()
            .unwrap_or_default();
        SourceChecker {
            client,
            timeout,
            max_bytes,
            allow_private,
        }
    }

    /// Checks every citation (at once), in order.
    pub async fn check_all(&self, citations: &[Citation]) -> Vec<Checked> {
        futures::future::join_all(citations.iter().map(|c| self.check(c))).await
    }

    /// Checks one citation.
    pub async fn check(&self, citation: &Citation) -> Checked {
        let (found, detail) =
            match tokio::time::timeout(self.timeout, self.page(&citation.url)).await {
                Err(_) => (Found::Unreachable, "timed out".to_string()),
                Ok(Err(why)) => (Found::Unreachable, why),
                Ok(Ok(text)) => {
                    if normalise(&text).contains(&normalise(&citation.quote)) {
                        (Found::Verified, String::new())
                    } else {
                        (Found::NotFound, "the quotation is not on the page".into())
                    }
                }
            };
        Checked {
            citation: citation.clone(),
            found,
            detail,
        }
    }

    /// Refuses a URL the checker must not fetch.
    async fn allowed(&self, url: &Url) -> Result<(), String> {
        if !matches!(url.scheme(), "http" | "https") {
            return Err(format!("{} is not http or https", url.scheme()));
        }
        let host = url.host_str().ok_or("no host")?;
        let port = url.port_or_known_default().unwrap_or(80);
        let addrs: Vec<IpAddr> = tokio::net::lookup_host((host.trim_matches(['[', ']']), port))
            .await
            .map_err(|_| "the host does not resolve".to_string())?
            .map(|a| a.ip())
            .collect();
        if addrs.is_empty() {
            return Err("the host does not resolve".into());
        }
        if !self.allow_private && addrs.iter().any(|&ip| is_private(ip)) {
            return Err("a private or local address".into());
        }
        Ok(())
    }

    /// The page's text: HTML as its visible text, plain text as it is; at most three
    /// redirects, each checked like the first address.
    async fn page(&self, url: &str) -> Result<String, String> {
        let mut url = Url::parse(url).map_err(|_| "not a URL".to_string())?;
        for _ in 0..4 {
            self.allowed(&url).await?;
            let mut response = self.client.get(url.clone()).send().await.map_err(|e| {
                if e.is_timeout() {
                    "timed out".to_string()
                } else {
                    "no answer".to_string()
                }
            })?;
            let status = response.status();
            if status.is_redirection() {
                let next = response
                    .headers()
                    .get(LOCATION)
                    .and_then(|v| v.to_str().ok())
                    .and_then(|l| url.join(l).ok())
                    .ok_or("a redirect without a location")?;
                url = next;
                continue;
            }
            if !status.is_success() {
                return Err(format!("HTTP {}", status.as_u16()));
            }
            if response
                .content_length()
                .is_some_and(|n| n > self.max_bytes as u64)
            {
                return Err(format!("larger than {} bytes", self.max_bytes));
            }
            let kind = response
                .headers()
                .get(CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("text/html")
                .to_ascii_lowercase();
            let html = kind.contains("html");
            if !html && !kind.starts_with("text/plain") {
                return Err(format!(
                    "not a web page ({})",
                    kind.split(';').next().unwrap_or("").trim()
                ));
            }
            let mut body: Vec<u8> = Vec::new();
            while let Some(chunk) = response
                .chunk()
                .await
                .map_err(|_| "the page broke off".to_string())?
            {
                body.extend_from_slice(&chunk);
                if body.len() > self.max_bytes {
                    return Err(format!("larger than {} bytes", self.max_bytes));
                }
            }
            let text = String::from_utf8_lossy(&body);
            return Ok(if html {
                html_text(&text)
            } else {
                text.into_owned()
            });
        }
        Err("too many redirects".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_pairs_with_the_nearest_quotation() {
        let text = "As the report says, \"one in five adults worked remotely\" (https://example.org/report.html). Another \"short one\" here.";
        let c = citations(text);
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].url, "https://example.org/report.html");
        assert_eq!(c[0].quote, "one in five adults worked remotely");
        assert!(citations("No link, \"only a quotation here\".").is_empty());
        assert!(citations("A link https://example.org alone.").is_empty());
        assert!(citations("ftp://example.org \"three words here\"").is_empty());
    }

    #[test]
    fn quotes_compare_without_case_spacing_or_curly_marks() {
        assert_eq!(normalise("It’s  A\n\tTest — “ok”"), "it's a test - \"ok\"");
        let text = html_text("<html><head><style>p{}</style><script>var x=1</script></head><body><p>One <b>in</b>\n five</p></body></html>");
        assert!(normalise(&text).contains("one in five"), "{text}");
        assert!(!text.contains("var x"));
    }

    #[test]
    fn private_addresses_are_refused() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "192.168.0.9",
            "172.16.5.5",
            "169.254.1.1",
            "::1",
            "fd00::1",
            "0.0.0.0",
            "100.64.0.1",
        ] {
            assert!(is_private(ip.parse().unwrap()), "{ip}");
        }
        for ip in ["8.8.8.8", "93.184.216.34", "2606:4700::1111"] {
            assert!(!is_private(ip.parse().unwrap()), "{ip}");
        }
    }
}
