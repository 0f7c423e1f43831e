//! The community page end to end, over a store filled by real sessions (`ratings`'s:
//! offline AI sessions of every game, a werewolf game a person played at the keyboard):
//! every page and its JSON twin, 404 for anything unfinished, a hidden name hidden
//! everywhere; then in a real browser (Debian's chromium driven by chromedriver over
//! WebDriver): no console errors, a board's filter changing its rows, one werewolf
//! seat's view holding only that seat's private lines before the reveal, pages that read
//! at 390 px, and screenshots that are not blank. A community whose language is Chinese
//! reads in Chinese on every page; `?lang=` chooses for the reader.

use super::ratings::filled_store;
use serde_json::Value;
use std::sync::OnceLock;
use std::time::Duration;

/// One web test at a time: one hides a name the others look for.
fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// The page served over the filled store, once: its base URL and a running session's id.
fn site() -> &'static (String, String) {
    static SITE: OnceLock<(String, String)> = OnceLock::new();
    SITE.get_or_init(|| {
        let url = filled_store().to_string();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let rt = tokio::runtime::Runtime::new().unwrap();
            rt.block_on(async move {
                let store = agora::store::Store::open(&url, Duration::from_secs(20))
                    .await
                    .unwrap();
                let running = running_session(&store).await;
                let reader = std::sync::Arc::new(agora_web::data::Reader::new(store, 1));
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
                let base = format!("http://{}", listener.local_addr().unwrap());
                tx.send((base, running)).unwrap();
                agora_web::serve(listener, reader).await.unwrap();
            });
        });
        rx.recv().unwrap()
    })
}

/// A session still running (a person's game in play): never to be served.
async fn running_session(store: &agora::store::Store) -> String {
    use agora::store::{NewSeat, NewSession, PlayerRef};
    let id = agora::session::new_id();
    store
        .create_session(&NewSession {
            id: id.clone(),
            game: "werewolf".into(),
            surface: "terminal".into(),
            community: "terminal".into(),
            channel: "terminal".into(),
            config: serde_json::json!({}),
            seed: 9,
            status: "running".into(),
            seats: vec![NewSeat {
                seat: 1,
                player: PlayerRef::terminal("Ana"),
                agent: None,
            }],
        })
        .await
        .unwrap();
    id
}

fn get(path: &str) -> (u16, String, String) {
    let (base, _) = site();
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let r = reqwest::get(format!("{base}{path}")).await.unwrap();
        let status = r.status().as_u16();
        let kind = r
            .headers()
            .get("content-type")
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default();
        (status, kind, r.text().await.unwrap())
    })
}

fn json(path: &str) -> Value {
    let sep = if path.contains('?') { '&' } else { '?' };
    let (status, kind, body) = get(&format!("{path}{sep}format=json"));
    assert_eq!(status, 200, "{path}: {body}");
    assert!(kind.starts_with("application/json"), "{path}: {kind}");
    serde_json::from_str(&body).unwrap()
}

fn html(path: &str) -> String {
    let (status, kind, body) = get(path);
    assert_eq!(status, 200, "{path}: {body}");
    assert!(kind.starts_with("text/html"), "{path}: {kind}");
    assert!(body.starts_with("<!DOCTYPE html>"), "{path}");
    for outside in ["src=\"http", "href=\"http", "<script"] {
        assert!(!body.contains(outside), "{path} loads {outside}");
    }
    body
}

/// Every page a visitor can reach from the front page, by path.
fn every_page() -> Vec<String> {
    let mut pages = vec!["/".to_string(), "/c/terminal".to_string()];
    for game in ["werewolf", "debate", "trial"] {
        pages.push(format!("/c/terminal/{game}"));
    }
    let community = json("/c/terminal");
    for g in community["latest"].as_array().unwrap() {
        pages.push(g["url"].as_str().unwrap().to_string());
    }
    pages.push("/players/terminal%3AAna".into());
    pages
}

#[test]
fn every_page_has_its_html_and_its_json_twin() {
    let _one = one_at_a_time();
    let home = json("/");
    assert_eq!(home["communities"][0]["community"], "terminal");
    let pages = every_page();
    assert!(pages.len() >= 12, "{pages:?}");
    for page in &pages {
        html(page);
        json(page);
    }
    let community = json("/c/terminal");
    let games: Vec<&str> = community["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["game"].as_str().unwrap())
        .collect();
    assert_eq!(games, ["werewolf", "debate", "trial"]);
    let werewolf = json("/c/terminal/werewolf");
    let ana = werewolf["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Ana")
        .expect("the person is on the board");
    assert_eq!(ana["rank"], 1, "{ana}");
    assert!(ana["rating"]["display"].is_number(), "{ana}");
    assert!(ana["player"].is_string(), "ids are strings: {ana}");
    let people = json("/c/terminal/werewolf?board=people");
    assert_eq!(people["players"].as_array().unwrap().len(), 1);
    let trial = json("/c/terminal/trial");
    assert_eq!(trial["cases"][0]["case"], "robot_prompt_injection");
    for g in community["latest"].as_array().unwrap() {
        let page = json(g["url"].as_str().unwrap());
        let sections = page["sections"].as_array().unwrap();
        assert!(!sections.is_empty(), "{page}");
        for s in sections {
            assert!(!s["lines"].as_array().unwrap().is_empty(), "{s}");
        }
        for seat in page["seats"].as_array().unwrap() {
            assert!(seat["rating_after"]["mu"].is_number(), "{seat}");
        }
    }
}

#[test]
fn what_is_not_finished_is_not_found() {
    let _one = one_at_a_time();
    let (_, running) = site();
    for path in [
        format!("/games/{running}"),
        format!("/games/{running}?format=json"),
        format!("/games/{running}?seat=1"),
        "/games/nosuchgame".into(),
        "/c/nosuchplace".into(),
        "/c/terminal/chess".into(),
        "/c/terminal/werewolf?board=robots".into(),
        "/players/terminal%3ANobody".into(),
        "/admin".into(),
    ] {
        let (status, _, body) = get(&path);
        assert_eq!(status, 404, "{path}: {body}");
        assert!(!body.contains("Ana"), "{path}: {body}");
    }
}

#[test]
fn a_hidden_name_is_a_code_on_every_page() {
    let _one = one_at_a_time();
    let url = filled_store();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let store = rt
        .block_on(agora::store::Store::open(url, Duration::from_secs(20)))
        .unwrap();
    let ana_game = json("/c/terminal")["latest"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["players"].as_array().unwrap().iter().any(|p| p == "Ana"))
        .map(|g| g["url"].as_str().unwrap().to_string())
        .expect("Ana's game is among the latest");
    rt.block_on(store.set_web_hidden("terminal:Ana", true))
        .unwrap();
    let code = agora_web::names::hidden_name("terminal:Ana");
    for page in [
        "/c/terminal".to_string(),
        "/c/terminal/werewolf".into(),
        ana_game.clone(),
    ] {
        let text = html(&page);
        assert!(!text.contains("Ana"), "{page}");
        assert!(text.contains(&code), "{page}");
        let twin = json(&page).to_string();
        assert!(!twin.contains("Ana"), "{page}: {twin}");
    }
    let (status, _, _) = get("/players/terminal%3AAna");
    assert_eq!(status, 404);
    rt.block_on(store.set_web_hidden("terminal:Ana", false))
        .unwrap();
    assert!(html("/c/terminal/werewolf").contains("Ana"));
}

/// Sets the filled store's community's language for a test, and English again after it,
/// even when the test fails.
struct CommunityLang(tokio::runtime::Runtime, agora::store::Store);

impl CommunityLang {
    fn set(lang: agora_games::Lang) -> CommunityLang {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let store = rt
            .block_on(agora::store::Store::open(
                filled_store(),
                Duration::from_secs(20),
            ))
            .unwrap();
        rt.block_on(store.set_community_lang("terminal", lang, agora::store::now_ms()))
            .unwrap();
        CommunityLang(rt, store)
    }
}

impl Drop for CommunityLang {
    fn drop(&mut self) {
        let english = agora_games::Lang::En;
        let _ = self
            .0
            .block_on(self.1.set_community_lang("terminal", english, 0));
        let _ = self
            .0
            .block_on(self.1.set_web_hidden("terminal:Ana", false));
    }
}

/// Whether `text` has a Chinese character.
fn han(text: &str) -> bool {
    text.chars().any(agora_games::lang::is_han)
}

/// The texts of every `<tag>` element in `html` (tags inside it removed).
fn texts(html: &str, tag: &str) -> Vec<String> {
    let doc = scraper::Html::parse_document(html);
    let sel = scraper::Selector::parse(tag).unwrap();
    doc.select(&sel)
        .map(|e| e.text().collect::<String>().trim().to_string())
        .collect()
}

/// The keys of a JSON value, every level, by path (array items by their first's).
fn keys(v: &Value, at: &str, out: &mut std::collections::BTreeSet<String>) {
    match v {
        Value::Object(m) => {
            for (k, v) in m {
                let here = format!("{at}.{k}");
                out.insert(here.clone());
                keys(v, &here, out);
            }
        }
        Value::Array(items) => {
            for item in items {
                keys(item, &format!("{at}[]"), out);
            }
        }
        _ => {}
    }
}

fn key_set(v: &Value) -> std::collections::BTreeSet<String> {
    let mut out = std::collections::BTreeSet::new();
    keys(v, "", &mut out);
    out
}

/// A page in Chinese: its `<html lang>`, Han in every heading and column, no message id
/// or English label left.
fn reads_in_chinese(page: &str, body: &str) {
    assert!(body.contains("<html lang=\"zh-CN\">"), "{page}");
    for tag in ["h1", "th", "header"] {
        let found = texts(body, tag);
        for t in &found {
            // Names as typed, numbers, and the formula stay as they are.
            let plain = t.starts_with("Ana") || t == "μ ± 2σ" || t.contains(" · ");
            assert!(han(t) || plain, "{page}: <{tag}> {t:?} is not in Chinese");
        }
    }
    for h2 in texts(body, "h2") {
        assert!(han(&h2), "{page}: <h2> {h2:?}");
    }
    for id in ["web-", "stats-", "Unknown localization"] {
        assert!(!body.contains(id), "{page}: {id} shown");
    }
    for english in [
        ">Player<",
        "Latest games",
        ">Rating<",
        "Win rate",
        "community pages",
        "Finished ",
        " board",
    ] {
        assert!(
            !body.contains(english),
            "{page}: {english:?} left in English"
        );
    }
}

#[test]
fn a_chinese_community_reads_in_chinese_and_the_query_chooses() {
    let _one = one_at_a_time();
    let pages = every_page();
    let english_twins: Vec<Value> = pages.iter().map(|p| json(p)).collect();
    let set = CommunityLang::set(agora_games::Lang::ZhCn);
    for (page, twin) in pages.iter().zip(&english_twins) {
        let body = html(page);
        reads_in_chinese(page, &body);
        // Links keep the language, wherever they lead on the site.
        for href in body
            .split("href=\"")
            .skip(1)
            .map(|h| h.split('"').next().unwrap())
        {
            if href.starts_with('/') || href.starts_with('?') {
                assert!(
                    href.contains("lang=zh-CN"),
                    "{page}: a link loses the language: {href}"
                );
            }
        }
        let zh_twin = json(page);
        assert_eq!(
            key_set(&zh_twin),
            key_set(twin),
            "{page}: the JSON keys change"
        );
        // The language asked for wins over the community's.
        let sep = if page.contains('?') { '&' } else { '?' };
        let en = html(&format!("{page}{sep}lang=en"));
        assert!(en.contains("<html lang=\"en\">"), "{page}");
        assert!(
            !han(&texts(&en, "th").concat()),
            "{page}?lang=en: {:?}",
            texts(&en, "th")
        );
    }
    let community = html("/c/terminal");
    for words in [
        "狼人杀排行榜",
        "辩论排行榜",
        "庭审排行榜",
        "最近的对局",
        "真人玩家完成 1 局后按评分",
        "终端对局",
    ] {
        assert!(community.contains(words), "/c/terminal: no {words}");
    }
    let board = html("/c/terminal/werewolf?board=people");
    for words in [
        "<th class=\"num\">名次</th>",
        "<th>玩家</th>",
        "<th class=\"num\">胜率</th>",
        "分阵营评分",
        "全部赛季",
        "<option value=\"people\" selected>真人玩家</option>",
        "name=\"lang\" value=\"zh-CN\"",
    ] {
        assert!(board.contains(words), "the board: no {words}\n{board}");
    }
    let game = json("/c/terminal")["latest"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["game"] == "werewolf")
        .map(|g| g["url"].as_str().unwrap().to_string())
        .unwrap();
    let page = html(&format!("{game}?seat=2"));
    for words in [
        "2 号看到的对局",
        "终局之后：所有身份和夜间行动",
        "结束于 ",
        "（UTC）",
        "阵营获胜。",
    ] {
        assert!(page.contains(words), "{game}: no {words}");
    }
    let twin = json(&game);
    assert!(
        han(twin["result"].as_str().unwrap()),
        "the twin's words are the page's: {twin}"
    );
    assert_eq!(twin["game"], "werewolf", "stored values stay as stored");
    // A hidden person: the same code, said in Chinese.
    set.0
        .block_on(set.1.set_web_hidden("terminal:Ana", true))
        .unwrap();
    let code = agora_web::names::hidden_name("terminal:Ana").replace("Player", "玩家");
    let board = html("/c/terminal/werewolf");
    assert!(board.contains(&code) && !board.contains("Ana"), "{code}");
    drop(set);
    // An English community: English, unless the reader asks for Chinese.
    let plain = html("/c/terminal");
    assert!(plain.contains("<html lang=\"en\">") && plain.contains("Latest games"));
    assert!(!han(&texts(&plain, "th").concat()));
    for page in &pages {
        let sep = if page.contains('?') { '&' } else { '?' };
        let asked = format!("{page}{sep}lang=zh-CN");
        reads_in_chinese(&asked, &html(&asked));
    }
    let (status, _, body) = get("/c/nosuchplace?lang=zh");
    assert_eq!(status, 404);
    assert!(body.contains("页面不存在"), "{body}");
}

mod browser {
    use super::*;
    use crate::webdriver::Browser;

    struct Driver(std::process::Child);

    impl Drop for Driver {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }

    fn chromedriver() -> Option<(Driver, u16)> {
        let bin = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".into());
        if !std::path::Path::new(&bin).exists() {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI must have chromedriver ({bin}): .ci/run installs chromium-driver"
            );
            eprintln!("skipped: no {bin} (apt-get install chromium chromium-driver)");
            return None;
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = std::process::Command::new(bin)
            .arg(format!("--port={port}"))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let driver = Driver(child);
        let started = std::time::Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "chromedriver never listened"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Some((driver, port))
    }

    async fn connect(port: u16) -> Browser {
        let profile = std::env::temp_dir().join(format!("agora-chromium-{}", std::process::id()));
        let caps = serde_json::json!({
            "browserName": "chrome",
            "goog:loggingPrefs": {"browser": "ALL"},
            "goog:chromeOptions": {
                "binary": std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into()),
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--disable-quic", "--no-first-run",
                    format!("--user-data-dir={}", profile.display()),
                ]
            }
        });
        Browser::connect(&format!("http://127.0.0.1:{port}"), caps)
            .await
            .expect("a browser session")
    }

    async fn errors(c: &Browser) -> Vec<String> {
        let log = c.browser_log().await.expect("the browser log");
        log.iter()
            .filter(|e| e["level"] == "SEVERE")
            .map(|e| e["message"].to_string())
            .collect()
    }

    /// Distinct colours in a PNG: a blank page has one or two.
    fn colours(png_bytes: &[u8]) -> usize {
        let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        let step = info.color_type.samples();
        let mut seen = std::collections::HashSet::new();
        for px in buf[..info.buffer_size()].chunks(step) {
            seen.insert(px[..3].to_vec());
        }
        seen.len()
    }

    async fn rows(c: &Browser) -> usize {
        c.find_all("table tbody tr").await.unwrap().len()
    }

    #[test]
    fn the_pages_in_a_real_browser() {
        let _one = one_at_a_time();
        let Some((_driver, port)) = chromedriver() else {
            return;
        };
        let (base, _) = site().clone();
        let pages = every_page();
        let shots = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("web-screenshots");
        std::fs::create_dir_all(&shots).unwrap();
        let ww = json("/c/terminal")["latest"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["game"] == "werewolf")
            .map(|g| g["url"].as_str().unwrap().to_string())
            .unwrap();
        let seats = json(&ww)["seats"].as_array().unwrap().clone();
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(async {
            let c = connect(port).await;
            for page in &pages {
                c.set_window_size(390, 844).await.unwrap();
                c.goto(&format!("{base}{page}")).await.unwrap();
                let state = c.execute("return document.readyState").await.unwrap();
                assert_eq!(state, "complete", "{page}");
                let errs = errors(&c).await;
                assert!(errs.is_empty(), "{page}: console errors {errs:?}");
                let fits = c
                    .execute(
                        "return document.documentElement.scrollWidth <= document.documentElement.clientWidth",
                    )
                    .await
                    .unwrap();
                assert_eq!(fits, true, "{page} is wider than 390 px");
            }
            // Screenshots of the main pages, at a desktop's width.
            c.set_window_size(1100, 1400).await.unwrap();
            for (name, page) in [
                ("home", "/".to_string()),
                ("community", "/c/terminal".into()),
                ("board-werewolf", "/c/terminal/werewolf".into()),
                ("board-trial", "/c/terminal/trial".into()),
                ("game", pages[5].clone()),
                ("player", "/players/terminal%3AAna".into()),
            ] {
                c.goto(&format!("{base}{page}")).await.unwrap();
                let png = c.screenshot().await.unwrap();
                assert!(colours(&png) > 20, "{page}: the screenshot is blank");
                std::fs::write(shots.join(format!("{name}.png")), &png).unwrap();
            }
            // A board's filter changes its rows.
            c.goto(&format!("{base}/c/terminal/werewolf")).await.unwrap();
            let everyone = rows(&c).await;
            let option = c.find("select[name=board] option[value=people]").await.unwrap();
            option.click().await.unwrap();
            c.find("form.filters button").await.unwrap().click().await.unwrap();
            // The form's page has loaded once its select shows the choice made.
            c.wait_for(
                "select[name=board] option[value=people][selected]",
                Duration::from_secs(20),
            )
            .await
                .expect("the people board loads");
            let url = c.current_url().await.unwrap();
            assert!(url.contains("board=people"), "{url}");
            let people = rows(&c).await;
            assert_eq!(people, 1, "only the person");
            assert!(everyone > people, "{everyone} rows for everyone");
            // One werewolf seat's view: its own private lines only, then the reveal.
            for seat in &seats {
                let n = seat["seat"].as_u64().unwrap();
                let role = seat["role"].as_str().unwrap();
                c.goto(&format!("{base}{ww}?seat={n}")).await.unwrap();
                let sections = c.find_all("section.card").await.unwrap();
                assert_eq!(sections.len(), 2);
                let own = sections[0].text().await.unwrap();
                let reveal = sections[1].text().await.unwrap();
                assert!(own.starts_with(&format!("As seat {n} saw it")), "{own}");
                assert!(reveal.starts_with("After the end"), "{reveal}");
                for k in 1..=9u64 {
                    let told = own.contains(&format!("Seat {k} is the "));
                    assert_eq!(told, k == n, "seat {n} sees seat {k}'s role:\n{own}");
                }
                if role != "seer" {
                    assert!(!own.contains("The seer checks"), "seat {n}:\n{own}");
                }
                if role != "witch" {
                    assert!(!own.contains("The witch is told"), "seat {n}:\n{own}");
                }
                assert!(reveal.contains("[seat "), "the reveal tells who saw what");
            }
            c.close().await.unwrap();
        });
    }
}
