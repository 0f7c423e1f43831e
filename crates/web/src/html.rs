//! The pages as HTML, rendered on the server with `maud`: one layout (a small inline
//! style sheet, no script, nothing from another host, readable at a phone's 390 px), and
//! a template per page reading the same records as the JSON twin, every word of it in the
//! page's language ([`PageLang`]).

use crate::data::{seg, Board, Community, Entry, GamePage, Home, PlayerPage};
use crate::lang::{community_title, PageLang};
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

/// The page around `body`, in `l`'s language.
pub fn layout(l: PageLang, title: &str, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang=(l.lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                // No icon to fetch: a page asks nothing of the server but itself.
                link rel="icon" href="data:,";
                title { (title) " · Agora" }
                style { (PreEscaped(STYLE)) }
            }
            body {
                header { a href=(l.href("/")) { "Agora" } " · " (l.t("web-header")) }
                main { (body) }
            }
        }
    }
}

fn num(v: &serde_json::Value, key: &str) -> String {
    v.get(key)
        .and_then(|x| x.as_f64())
        .map_or_else(|| "–".into(), |x| format!("{x:.1}"))
}

pub fn home(page: &Home) -> Markup {
    let l = page.lang;
    layout(
        l,
        &l.t("web-communities"),
        html! {
            h1 { (l.t("web-communities")) }
            @if page.communities.is_empty() {
                p { (l.t("stats-no-finished-games")) }
            }
            div.scroll { table {
                thead { tr { th { (l.t("web-col-community")) } th.num { (l.t("web-col-finished-games")) } th { (l.t("web-col-latest")) } } }
                tbody {
                    @for c in &page.communities {
                        tr {
                            td { a href=(l.href(&c.url)) { (c.title) } }
                            td.num { (c.games) }
                            td { (l.when(c.latest)) }
                        }
                    }
                }
            } }
        },
    )
}

fn player_cell(e: &Entry, l: PageLang) -> Markup {
    html! {
        @match &e.player {
            Some(id) => a class=[e.ai.then_some("ai")] href=(l.href(&format!("/players/{}", seg(id)))) { (e.name) },
            None => span { (e.name) },
        }
        @if let Some(v) = &e.version { " " span.muted { "v" (v) } }
    }
}

fn board_table(b: &Board) -> Markup {
    let l = b.lang;
    let sides = b.players.iter().any(|p| p.ratings.is_some());
    html! {
        div.scroll { table {
            thead { tr {
                th.num { (l.t("web-col-rank")) } th { (l.t("web-col-player")) } th.num { (l.t("web-col-rating")) } th.num { "μ ± 2σ" }
                @if sides { th { (l.t("web-col-by-side")) } }
                th.num { (l.t("web-col-games")) } th.num { (l.t("web-col-win-rate")) }
            } }
            tbody {
                @for e in &b.players {
                    tr {
                        td.num { @match e.rank { Some(r) => (r), None => { @if e.ai { "AI" } @else { "–" } } } }
                        td { (player_cell(e, l)) }
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
                                    (agora_core::ratings::key_title_in(k, l.lang)) " " (num(v, "display")) " "
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
    let l = b.lang;
    html! {
        @if !b.cases.is_empty() {
            h2 { (l.t("web-cases")) }
            p.muted { (l.t("web-cases-note")) }
            div.scroll { table {
                thead { tr { th { (l.t("web-col-case")) } th.num { (l.t("web-col-rating")) } th.num { (l.t("web-col-trials")) } } }
                tbody { @for c in &b.cases {
                    tr { td { (c.case.replace('_', " ")) } td.num { (num(&c.rating, "display")) } td.num { (c.games) } }
                } }
            } }
        }
    }
}

pub fn community(page: &Community) -> Markup {
    let l = page.lang;
    layout(
        l,
        &page.title,
        html! {
            h1 { (page.title) }
            @for b in &page.boards {
                section.card {
                    h2 { a href=(l.href(&format!("/c/{}/{}", seg(&page.community), b.game))) { (l.t_with("web-board-link", &[("game", &b.title)])) } }
                    p.muted { (l.t_with("web-community-note", &[("games", &l.finished_games(b.min_games))])) }
                    (board_table(b))
                    (cases_table(b))
                }
            }
            (balance_card(page))
            h2 { (l.t("web-latest-games")) }
            div.scroll { table {
                thead { tr { th { (l.t("web-col-game")) } th { (l.t("web-col-finished")) } th { (l.t("web-col-result")) } th { (l.t("web-col-players")) } } }
                tbody { @for g in &page.latest {
                    tr {
                        td {
                            a href=(l.href(&g.url)) { (l.game_word(&g.game)) }
                            @if let Some(board) = &g.board { " · " (board) }
                        }
                        td { (l.when(g.finished_at)) }
                        td { (g.result) }
                        td { (l.list(&g.players)) }
                    }
                } }
            } }
        },
    )
}

/// Each ranked werewolf board's recorded balance: the good side's win rate with its 95%
/// interval, the draws and the widest seat gap.
fn balance_card(page: &Community) -> Markup {
    let l = page.lang;
    if page.balance.is_empty() {
        return html! {};
    }
    let games = page.balance[0].games.to_string();
    html! {
        section.card {
            h2 { (l.t("web-balance")) }
            p.muted { (l.t_with("web-balance-note", &[("games", &games)])) }
            div.scroll { table {
                thead { tr {
                    th { (l.t("web-col-board")) }
                    th.num { (l.t("web-col-good-side")) }
                    th.num { (l.t("web-col-draws")) }
                    th.num { (l.t("web-col-seat-gap")) }
                } }
                tbody { @for b in &page.balance {
                    tr {
                        td { (b.name) }
                        td.num { (format!("{:.1}% ± {:.1}", b.good_percent, b.ci95_points)) }
                        td.num { (format!("{:.1}%", b.draw_percent)) }
                        td.num { (l.t_with("web-points", &[("n", &format!("{:.1}", b.seat_gap_points))])) }
                    }
                } }
            } }
        }
    }
}

/// The link back to a community's page.
fn back(l: PageLang, community: &str) -> Markup {
    html! {
        p { a href=(l.href(&format!("/c/{}", seg(community)))) { "← " (community_title(community, l.lang)) } }
    }
}

pub fn board(page: &Board) -> Markup {
    let l = page.lang;
    let title = l.t_with(
        "web-board-title",
        &[
            ("game", &page.title),
            ("community", &community_title(&page.community, l.lang)),
        ],
    );
    html! {
        (layout(l, &title, html! {
            (back(l, &page.community))
            h1 { (title) }
            form.filters method="get" {
                label { (l.t("web-filter-players"))
                    select name="board" {
                        @for w in Which::ALL {
                            option value=(w.name()) selected[w.name() == page.board] { (l.t(&format!("web-which-{}", w.name()))) }
                        }
                    }
                }
                label { (l.t("web-filter-season"))
                    select name="season" {
                        option value="" selected[page.season.is_none()] { (l.t("web-all-seasons")) }
                        @for s in &page.seasons {
                            option value=(s) selected[page.season == Some(*s)] { (l.t_with("web-season", &[("n", &s.to_string())])) }
                        }
                    }
                }
                @if l.carry { input type="hidden" name="lang" value=(l.lang.code()); }
                button type="submit" { (l.t("web-show")) }
            }
            p.muted { (l.t_with("web-board-note", &[("games", &l.finished_games(page.min_games))])) }
            @if page.players.is_empty() { p { (l.t("web-board-empty")) } }
            @else { (board_table(page)) }
            (cases_table(page))
        }))
    }
}

pub fn game(page: &GamePage) -> Markup {
    let l = page.lang;
    let title = format!("{} · {}", page.title, page.session);
    let role = |r: &str| agora_core::stats::names::word_in(r, l.lang);
    html! {
        (layout(l, &title, html! {
            (back(l, &page.community))
            h1 { (title) }
            p { (l.t_with("web-finished-at", &[("when", &l.when(page.finished_at))])) " " strong { (page.result) } }
            @if let Some(board) = &page.board { p { (l.t_with("web-board", &[("board", board)])) } }
            h2 { (l.t("web-seats")) }
            div.scroll { table {
                thead { tr { th.num { (l.t("web-col-seat")) } th { (l.t("web-col-player")) } th { (l.t("web-col-role")) } th.num { (l.t("web-col-score")) } th { (l.t("web-col-won")) } th.num { (l.t("web-col-rating-after")) } } }
                tbody { @for s in &page.seats {
                    tr {
                        td.num { (s.seat) }
                        td { @match &s.player {
                            Some(id) => a href=(l.href(&format!("/players/{}", seg(id)))) { (s.name) },
                            None => span { (s.name) },
                        } }
                        td { (role(&s.role)) }
                        td.num { (format!("{:.2}", s.score).trim_end_matches('0').trim_end_matches('.')) }
                        td { @if s.won { (l.t("web-yes")) } @else { (l.t("web-no")) } }
                        td.num { @match &s.rating_after { Some(r) => (num(r, "display")), None => "–" } }
                    }
                } }
            } }
            @if page.per_seat {
                nav.seats { (l.t("web-one-seat")) " "
                    @for s in &page.seats { a href=(l.href(&format!("?seat={}", s.seat))) { (l.t_with("web-seat-n", &[("n", &s.seat.to_string())])) } }
                    @if page.seat.is_some() { a href=(l.href("?")) { (l.t("web-whole-game")) } }
                }
            }
            @if let Some(svg) = &page.chart {
                h2 { (l.t("web-chart")) }
                div.card { (PreEscaped(svg)) }
            }
            @for sec in &page.sections {
                section.card {
                    h2 { (sec.title) }
                    p.muted { (sec.note) }
                    ol.story { @for line in &sec.lines {
                        li class=[line.starts_with('[').then_some("private")] { (line) }
                    } }
                }
            }
        }))
    }
}

pub fn player(page: &PlayerPage) -> Markup {
    let l = page.lang;
    html! {
        (layout(l, &page.name, html! {
            h1 { (page.name) }
            @if page.ratings.is_empty() { p { (l.t("web-no-rated-games")) } }
            div.scroll { table {
                thead { tr { th { (l.t("web-col-game")) } th { (l.t("web-col-as")) } th { (l.t("web-col-community")) } th.num { (l.t("web-col-rating")) } th.num { "μ ± 2σ" } th.num { (l.t("web-col-games")) } } }
                tbody { @for r in &page.ratings {
                    tr {
                        td { (l.game_word(&r.game)) }
                        td { (agora_core::ratings::key_title_in(&r.key, l.lang)) }
                        td { a href=(l.href(&format!("/c/{}", seg(&r.community)))) { (community_title(&r.community, l.lang)) } }
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

pub fn not_found(l: PageLang) -> Markup {
    layout(
        l,
        &l.t("web-not-found"),
        html! {
            h1 { (l.t("web-not-found")) }
            p { (l.t("web-not-found-text")) }
            p { a href=(l.href("/")) { (l.t("web-all-communities")) } }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_games::Lang;

    #[test]
    fn a_page_says_its_language() {
        let en = not_found(PageLang::default()).into_string();
        assert!(
            en.contains("<html lang=\"en\">") && en.contains("Not found"),
            "{en}"
        );
        let zh = not_found(PageLang::pick(None, Some(Lang::ZhCn))).into_string();
        assert!(zh.contains("<html lang=\"zh-CN\">"), "{zh}");
        assert!(
            zh.contains("页面不存在") && zh.contains("href=\"/?lang=zh-CN\""),
            "{zh}"
        );
    }
}
