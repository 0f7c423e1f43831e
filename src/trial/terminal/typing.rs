//! What a person types at a trial, read in either language: `<juror>: <message>` (or
//! `王：……`, a full-width colon), `evidence <card>` / `出示 <证据>`, `jurors` / `陪审团`,
//! `cards` / `证据`, `rest` / `完毕`, `verdict` / `裁决`, `help` / `帮助`, `quit` / `退出`,
//! `abandon` / `结束庭审`. Any table reads both; what it answers is in its own language.

/// A line typed at a trial, as a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command<'a> {
    Nothing,
    Quit,
    Abandon,
    Help,
    Jurors,
    Cards,
    Rest,
    Verdict,
    /// Present the card typed (an id, or a title or part of one).
    Present(&'a str),
    /// Say `text` to the juror typed (a name or id, or the start of one).
    Say {
        who: &'a str,
        text: &'a str,
    },
    /// Nothing the table reads: the help is shown.
    Unknown,
}

/// The words of each command without an argument, in both languages.
const WORDS: [(&str, Command<'static>); 19] = [
    ("quit", Command::Quit),
    ("退出", Command::Quit),
    ("abandon", Command::Abandon),
    ("结束庭审", Command::Abandon),
    ("结束对局", Command::Abandon),
    ("放弃", Command::Abandon),
    ("help", Command::Help),
    ("?", Command::Help),
    ("帮助", Command::Help),
    ("？", Command::Help),
    ("jurors", Command::Jurors),
    ("陪审团", Command::Jurors),
    ("陪审员", Command::Jurors),
    ("cards", Command::Cards),
    ("证据", Command::Cards),
    ("rest", Command::Rest),
    ("完毕", Command::Rest),
    ("verdict", Command::Verdict),
    ("裁决", Command::Verdict),
];

/// Words that present the card named after them (`evidence` and `证据` need a space; the
/// card as typed after them is trimmed by whoever finds it).
const PRESENT: [&str; 5] = ["evidence ", "出示证据", "出示", "证据 ", "证据\u{3000}"];

/// Reads a typed line (any case; surrounding spaces, full-width ones too, ignored).
pub fn read(line: &str) -> Command<'_> {
    let text = line.trim();
    if text.is_empty() {
        return Command::Nothing;
    }
    let lower = text.to_ascii_lowercase();
    let bare = lower.trim_end_matches(['。', '！']);
    if let Some((_, c)) = WORDS.iter().find(|(w, _)| *w == bare) {
        return c.clone();
    }
    for word in PRESENT {
        if lower.starts_with(word) {
            // The words are ASCII or whole characters, so the byte length is the same in
            // the lower-case copy.
            let card = &text[word.len()..];
            let card = match word.is_ascii() {
                true => card,
                false => card.trim_start_matches([':', '：']),
            };
            return Command::Present(card);
        }
    }
    // A juror's name before the first colon, half- or full-width.
    let colon = text.char_indices().find(|(_, c)| matches!(c, ':' | '：'));
    match colon {
        Some((at, c)) => Command::Say {
            who: &text[..at],
            text: &text[at + c.len_utf8()..],
        },
        None => Command::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_commands_read_as_before() {
        assert_eq!(read("  "), Command::Nothing);
        assert_eq!(read("QUIT"), Command::Quit);
        assert_eq!(read("abandon"), Command::Abandon);
        assert_eq!(read("?"), Command::Help);
        assert_eq!(
            read("evidence injection_logs"),
            Command::Present("injection_logs")
        );
        assert_eq!(
            read("wang: It was an attack at 21:52."),
            Command::Say {
                who: "wang",
                text: " It was an attack at 21:52."
            }
        );
        assert_eq!(read("evidence"), Command::Unknown);
    }

    #[test]
    fn chinese_commands_and_full_width_colons() {
        assert_eq!(read("退出"), Command::Quit);
        assert_eq!(read("结束庭审"), Command::Abandon);
        assert_eq!(read("陪审团"), Command::Jurors);
        assert_eq!(read("证据"), Command::Cards);
        assert_eq!(read("完毕。"), Command::Rest);
        assert_eq!(read("rest."), Command::Unknown, "as before: the help");
        assert_eq!(read("裁决"), Command::Verdict);
        assert_eq!(read("出示 包裹标签"), Command::Present(" 包裹标签"));
        assert_eq!(read("出示证据：哈尔登"), Command::Present("哈尔登"));
        assert_eq!(
            read("证据 injection_logs"),
            Command::Present("injection_logs")
        );
        assert_eq!(
            read("王：这是一场来自外部的攻击。"),
            Command::Say {
                who: "王",
                text: "这是一场来自外部的攻击。"
            }
        );
        // The first colon of either width names the juror.
        assert_eq!(
            read("刘：21:52 的时候，过滤器拦下了命令。"),
            Command::Say {
                who: "刘",
                text: "21:52 的时候，过滤器拦下了命令。"
            }
        );
    }
}
