//! The pages as HTML, rendered on the server with `maud`: one layout (a small inline
//! style sheet, no script, nothing from another host, readable at a phone's 390 px), and
//! a template per page reading the same records as the JSON twin.

use crate::data::{community_title, seg, Board, Community, Entry, GamePage, Home, PlayerPage};
use agora_core::ratings::boards::Which;
use maud::{html, Markup, PreEscaped, DOCTYPE};

const STYLE: &str = "
*{box-sizing:border-box}
body{font:16px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:0;color:#1d2430;background:#f6f7f9}
header{background:#243b55;color:#fff;padding:.7rem 1rem}
header a{color:#fff;text-decoration:none;font-weight:600}
main{max-width:980px;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.4rem 0 .8rem}
h2{font-size:1.2rem;margin:1.4rem 0 .5rem}
a{color:#1f5fa8}
.card{background:#fff;border:1px solid #dde2ea;border-radius:8px;padding:.8rem;margin:.6rem 0}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{padding:.35rem .5rem;border-bottom:1px solid #e6e9ef;text-align:left;white-space:nowrap}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
.muted{color:#5d6878;font-size:.9rem}
.ai{color:#5d6878}
ol.story{list-style:none;padding:0;margin:0}
ol.story li{padding:.3rem 0;border-bottom:1px dotted #e3e6ec;overflow-wrap:anywhere}
ol.story li.private{color:#6b3fa0}
form.filters{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end;margin:.5rem 0}
form.filters label{display:flex;flex-direction:column;font-size:.85rem}
select,button{font:inherit;padding:.25rem .4rem}
nav.seats a{margin-right:.6rem;display:inline-block}
svg{max-width:100%;height:auto;background:#fff}
";

/// The page around `body`.
pub fn layout(title: &str, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                // No icon to fetch: a page asks nothing of the server but itself.
                link rel="icon" href="data:,";
                title { (title) " · Agora" }
                style { (PreEscaped(STYLE)) }
            }
            body {
                header { a href="/" { "Agora" } " · community pages" }
                main { (body) }
            }
        }
    }
}

/// When, as people read it (UTC).
fn when(ms: i64) -> String {
    let secs = ms / 1000;
    let days = secs.div_euclid(86_400);
    let (y, m, d) = civil(days);
    let rem = secs.rem_euclid(86_400);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        rem / 3600,
        rem % 3600 / 60
    )
}

/// Days since 1970-01-01 as (year, month, day) (Howard Hinnant's civil-from-days).
fn civil(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// `n` finished games, as people say it.
fn games(n: u32) -> String {
    agora_core::stats::names::count(n as u64, "finished game", "finished games")
}

fn num(v: &serde_json::Value, key: &str) -> String {
    v.get(key)
        .and_then(|x| x.as_f64())
        .map_or_else(|| "–".into(), |x| format!("{x:.1}"))
}

pub fn home(page: &Home) -> Markup {
    layout(
        "Communities",
        html! {
            h1 { "Communities" }
            @if page.communities.is_empty() {
                p { "No finished games yet." }
            }
            div.scroll { table {
                thead { tr { th { "Community" } th.num { "Finished games" } th { "Latest" } } }
                tbody {
                    @for c in &page.communities {
                        tr {
                            td { a href=(c.url) { (c.title) } }
                            td.num { (c.games) }
                            td { (when(c.latest)) }
                        }
                    }
                }
            } }
        },
    )
}

fn player_cell(e: &Entry) -> Markup {
    html! {
        @match &e.player {
            Some(id) => a class=[e.ai.then_some("ai")] href=(format!("/players/{}", seg(id))) { (e.name) },
            None => span { (e.name) },
        }
        @if let Some(v) = &e.version { " " span.muted { "v" (v) } }
    }
}

fn board_table(b: &Board) -> Markup {
    let sides = b.players.iter().any(|p| p.ratings.is_some());
    html! {
        div.scroll { table {
            thead { tr {
                th.num { "#" } th { "Player" } th.num { "Rating" } th.num { "μ ± 2σ" }
                @if sides { th { "By side" } }
                th.num { "Games" } th.num { "Win rate" }
            } }
            tbody {
                @for e in &b.players {
                    tr {
                        td.num { @match e.rank { Some(r) => (r), None => { @if e.ai { "AI" } @else { "–" } } } }
                        td { (player_cell(e)) }
                        @match &e.rating {
                            Some(r) => {
                                td.num { (num(r, "display")) }
                                td.num { (num(r, "mu")) " ± " (r.get("sigma").and_then(|s| s.as_f64()).map_or("–".to_string(), |s| format!("{:.1}", 2.0 * s))) }
                            }
                            None => { td.num { "–" } td.num { "–" } }
                        }
                        @if sides {
                            td { @if let Some(serde_json::Value::Object(m)) = &e.ratings {
                                @for (k, v) in m {
                                    (agora_core::ratings::key_title(k)) " " (num(v, "display")) " "
                                }
                            } }
                        }
                        td.num { (e.games) }
                        td.num { (format!("{:.0}%", e.win_rate * 100.0)) }
                    }
                }
            }
        } }
    }
}

fn cases_table(b: &Board) -> Markup {
    html! {
        @if !b.cases.is_empty() {
            h2 { "Cases, hardest first" }
            p.muted { "Each case is rated as a player the advocates play against: a higher rating means it has beaten more of them." }
            div.scroll { table {
                thead { tr { th { "Case" } th.num { "Rating" } th.num { "Trials" } } }
                tbody { @for c in &b.cases {
                    tr { td { (c.case.replace('_', " ")) } td.num { (num(&c.rating, "display")) } td.num { (c.games) } }
                } }
            } }
        }
    }
}

pub fn community(page: &Community) -> Markup {
    layout(
        &page.title,
        html! {
            h1 { (page.title) }
            @for b in &page.boards {
                section.card {
                    h2 { a href=(format!("/c/{}/{}", seg(&page.community), b.game)) { (b.title) " board" } }
                    p.muted { "Ranked by rating (μ − 3σ) once a person has " (games(b.min_games)) "; AI players are listed, never ranked." }
                    (board_table(b))
                    (cases_table(b))
                }
            }
            h2 { "Latest games" }
            div.scroll { table {
                thead { tr { th { "Game" } th { "Finished" } th { "Result" } th { "Players" } } }
                tbody { @for g in &page.latest {
                    tr {
                        td { a href=(g.url) { (g.game) } }
                        td { (when(g.finished_at)) }
                        td { (g.result) }
                        td { (g.players.join(", ")) }
                    }
                } }
            } }
        },
    )
}

pub fn board(page: &Board) -> Markup {
    let title = format!(
        "{} board · {}",
        page.title,
        community_title(&page.community)
    );
    html! {
        (layout(&title, html! {
            p { a href=(format!("/c/{}", seg(&page.community))) { "← " (community_title(&page.community)) } }
            h1 { (title) }
            form.filters method="get" {
                label { "Players"
                    select name="board" {
                        @for w in Which::ALL {
                            option value=(w.name()) selected[w.name() == page.board] { (w.title()) }
                        }
                    }
                }
                label { "Season"
                    select name="season" {
                        option value="" selected[page.season.is_none()] { "All seasons" }
                        @for s in &page.seasons {
                            option value=(s) selected[page.season == Some(*s)] { "Season " (s) }
                        }
                    }
                }
                button type="submit" { "Show" }
            }
            p.muted { "Ranked by rating (μ − 3σ) once a person has " (games(page.min_games)) "; μ ± 2σ beside it. AI players never take a person's rank." }
            @if page.players.is_empty() { p { "Nobody on this board yet." } }
            @else { (board_table(page)) }
            (cases_table(page))
        }))
    }
}

pub fn game(page: &GamePage) -> Markup {
    let title = format!("{} · {}", page.title, page.session);
    html! {
        (layout(&title, html! {
            p { a href=(format!("/c/{}", seg(&page.community))) { "← " (community_title(&page.community)) } }
            h1 { (title) }
            p { "Finished " (when(page.finished_at)) ". " strong { (page.result) } }
            h2 { "Seats" }
            div.scroll { table {
                thead { tr { th.num { "Seat" } th { "Player" } th { "Role" } th.num { "Score" } th { "Won" } th.num { "Rating after (μ − 3σ)" } } }
                tbody { @for s in &page.seats {
                    tr {
                        td.num { (s.seat) }
                        td { @match &s.player {
                            Some(id) => a href=(format!("/players/{}", seg(id))) { (s.name) },
                            None => span { (s.name) },
                        } }
                        td { (s.role) }
                        td.num { (format!("{:.2}", s.score).trim_end_matches('0').trim_end_matches('.')) }
                        td { @if s.won { "yes" } @else { "no" } }
                        td.num { @match &s.rating_after { Some(r) => (num(r, "display")), None => "–" } }
                    }
                } }
            } }
            @if page.per_seat {
                nav.seats { "One seat's view: "
                    @for s in &page.seats { a href=(format!("?seat={}", s.seat)) { "seat " (s.seat) } }
                    @if page.seat.is_some() { a href="?" { "the whole game" } }
                }
            }
            @if let Some(svg) = &page.chart {
                h2 { "Chart" }
                div.card { (PreEscaped(svg)) }
            }
            @for sec in &page.sections {
                section.card {
                    h2 { (sec.title) }
                    p.muted { (sec.note) }
                    ol.story { @for l in &sec.lines {
                        li class=[l.starts_with('[').then_some("private")] { (l) }
                    } }
                }
            }
        }))
    }
}

pub fn player(page: &PlayerPage) -> Markup {
    html! {
        (layout(&page.name, html! {
            h1 { (page.name) }
            @if page.ratings.is_empty() { p { "No rated games yet." } }
            div.scroll { table {
                thead { tr { th { "Game" } th { "As" } th { "Community" } th.num { "Rating" } th.num { "μ ± 2σ" } th.num { "Games" } } }
                tbody { @for r in &page.ratings {
                    tr {
                        td { (r.game) }
                        td { (agora_core::ratings::key_title(&r.key)) }
                        td { a href=(format!("/c/{}", seg(&r.community))) { (community_title(&r.community)) } }
                        td.num { (num(&r.rating, "display")) }
                        td.num { (num(&r.rating, "mu")) " ± " (r.rating.get("sigma").and_then(|s| s.as_f64()).map_or("–".to_string(), |s| format!("{:.1}", 2.0 * s))) }
                        td.num { (r.games) }
                    }
                } }
            } }
            @for (title, svg) in &page.charts {
                section.card { h2 { (title) } (PreEscaped(svg)) }
            }
        }))
    }
}

pub fn not_found() -> Markup {
    layout(
        "Not found",
        html! {
            h1 { "Not found" }
            p { "There is no such page. A game is shown here only once it has finished." }
            p { a href="/" { "All communities" } }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_utc_days() {
        assert_eq!(when(0), "1970-01-01 00:00 UTC");
        assert_eq!(when(1_795_790_180_145), "2026-11-27 14:36 UTC");
    }
}
