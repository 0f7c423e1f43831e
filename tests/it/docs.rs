//! ARCHITECTURE.md stays true and short: every path it names exists, and a newcomer reads it
//! in ten minutes (at most 250 lines).

use std::path::Path;

/// Every `code span` of the page that reads as a path of the repository: it holds a `/` or
/// ends in a file extension we keep, with no placeholder (`<game>`), glob or spaces, and
/// does not leave the repository (`../shared/…`).
fn paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, span) in text.split('`').enumerate() {
        if i % 2 == 0 || span.contains(['<', '>', '*', ' ', '{', '(', ':', '=', '…', '|']) {
            continue;
        }
        let looks_like_file = [".rs", ".toml", ".md", ".sql", ".json", ".txt", ".py"]
            .iter()
            .any(|ext| span.ends_with(ext));
        let looks_like_dir = span.contains('/') && !span.starts_with("http");
        if span.starts_with('/') || span.starts_with("..") {
            continue;
        }
        if looks_like_file || looks_like_dir {
            out.push(span.trim_end_matches('/').to_string());
        }
    }
    out
}

#[test]
fn every_path_architecture_names_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let named = paths(&text);
    assert!(
        named.len() >= 40,
        "only {} paths found: {named:?}",
        named.len()
    );
    let missing: Vec<&String> = named
        .iter()
        .filter(|p| !root.join(p.as_str()).exists())
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names paths that do not exist (from the repository's root): {missing:?}"
    );
}

#[test]
fn architecture_reads_in_ten_minutes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let lines = text.lines().count();
    assert!(
        lines <= 250,
        "ARCHITECTURE.md has {lines} lines; keep it to 250"
    );
}

#[test]
fn the_path_finder_reads_code_spans() {
    let found = paths("see `src/main.rs`, `tests/it/`, `Bot`, `<game>/x.rs`, `a b/c`, `../x/y.md`");
    assert_eq!(found, ["src/main.rs", "tests/it"]);
}
