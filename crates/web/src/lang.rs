//! The language a page is shown in ([`PageLang`]): the one a `?lang=` query asks for,
//! else the community's (stored by its server managers), else English; `<html lang>`,
//! every heading, column, label and date follow it (the messages `web-…` of `locales/`),
//! while names and what people typed are shown as typed. A page whose language was
//! asked for, or is not English, carries it in its links, so that a reader who chose a
//! language keeps it from page to page.

use agora_games::Lang;

/// A page's language, and whether its links carry it (`?lang=…`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PageLang {
    pub lang: Lang,
    pub carry: bool,
}

impl PageLang {
    /// The language asked for (it wins, and is carried), else the stored one (carried
    /// when it is not English), else English.
    pub fn pick(asked: Option<Lang>, stored: Option<Lang>) -> PageLang {
        match (asked, stored) {
            (Some(lang), _) => PageLang { lang, carry: true },
            (None, Some(lang)) => PageLang {
                lang,
                carry: !lang.is_english(),
            },
            (None, None) => PageLang::default(),
        }
    }

    /// The message `id`.
    pub fn t(&self, id: &str) -> String {
        self.lang.text(id, &[])
    }

    /// The message `id` with its arguments.
    pub fn t_with(&self, id: &str, args: &[(&str, &str)]) -> String {
        self.lang.text(id, args)
    }

    /// A link to `path` on this site, with the language when the page carries it.
    pub fn href(&self, path: &str) -> String {
        if !self.carry {
            return path.to_string();
        }
        let sep = match path {
            p if p.ends_with('?') => "",
            p if p.contains('?') => "&",
            _ => "?",
        };
        format!("{path}{sep}lang={}", self.lang.code())
    }

    /// When, as people read it (UTC): `2026-11-27 14:36 UTC`, `2026年11月27日 14:36（UTC）`.
    pub fn when(&self, ms: i64) -> String {
        let secs = ms / 1000;
        let (y, m, d) = civil(secs.div_euclid(86_400));
        let rem = secs.rem_euclid(86_400);
        let time = format!("{:02}:{:02}", rem / 3600, rem % 3600 / 60);
        self.t_with(
            "web-when",
            &[
                ("y", &format!("{y:04}")),
                ("m", &format!("{m:02}")),
                ("d", &format!("{d:02}")),
                ("time", &time),
            ],
        )
    }

    /// Names in a line: `Ana, Bo` (Chinese: `Ana、Bo`).
    pub fn list(&self, names: &[String]) -> String {
        let sep = match self.lang {
            Lang::En => ", ",
            Lang::ZhCn => "、",
        };
        names.join(sep)
    }

    /// `n` finished games (`1 finished game`, `3 局`).
    pub fn finished_games(&self, n: u32) -> String {
        agora_core::stats::text::finished_games(n, self.lang)
    }

    /// A stored game name (`werewolf`) as a cell says it: as stored in English (the
    /// pages always said it so), its title in another language.
    pub fn game_word(&self, game: &str) -> String {
        match agora_core::registry::GameKind::parse(game) {
            Some(kind) if !self.lang.is_english() => kind.title_in(self.lang),
            _ => game.to_string(),
        }
    }
}

/// Reads `?lang=`: a language code as people write it; anything else is not asked.
pub fn asked(query: Option<&str>) -> Option<Lang> {
    query.and_then(|q| Lang::parse(q).ok())
}

/// How a community is named: a Discord server by its id, the terminal's by what it is.
pub fn community_title(c: &str, lang: Lang) -> String {
    if c == "terminal" {
        lang.text("web-terminal-games", &[])
    } else if c.chars().all(|ch| ch.is_ascii_digit()) {
        lang.text("web-server", &[("id", c)])
    } else {
        c.to_string()
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_utc_days_in_each_language() {
        let en = PageLang::default();
        assert_eq!(en.when(0), "1970-01-01 00:00 UTC");
        assert_eq!(en.when(1_795_790_180_145), "2026-11-27 14:36 UTC");
        let zh = PageLang::pick(None, Some(Lang::ZhCn));
        assert_eq!(zh.when(1_795_790_180_145), "2026年11月27日 14:36（UTC）");
    }

    #[test]
    fn the_asked_language_wins_and_is_carried_in_links() {
        let zh = Some(Lang::ZhCn);
        let en = Some(Lang::En);
        assert_eq!(PageLang::pick(None, None).href("/c/1"), "/c/1");
        assert_eq!(PageLang::pick(None, en).href("/c/1"), "/c/1");
        assert_eq!(PageLang::pick(None, zh).href("/c/1"), "/c/1?lang=zh-CN");
        assert_eq!(
            PageLang::pick(en, zh).href("/c/1?seat=2"),
            "/c/1?seat=2&lang=en"
        );
        assert_eq!(PageLang::pick(en, zh).lang, Lang::En);
        assert_eq!(PageLang::pick(zh, None).href("?"), "?lang=zh-CN");
        assert_eq!(asked(Some("zh")), zh);
        assert_eq!(asked(Some("klingon")), None);
        assert_eq!(community_title("123", Lang::ZhCn), "服务器 123");
        assert_eq!(community_title("terminal", Lang::En), "Terminal games");
    }
}
