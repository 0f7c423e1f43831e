//! The phrasebook of the built-in players' speeches: `content/werewolf/speeches.toml`, one
//! list of variants per slot, loaded and checked at startup (a built-in copy is compiled
//! in). Every variant is read back with [`claims::read`] on probe seats: a claim slot must
//! read as exactly its claim and a flavour slot as nothing, so no phrasing can make the
//! other players (or a moderator) misread a speech. A table played in Chinese speaks from
//! `content/werewolf/zh-CN/speeches.toml`, the same slots checked the same way.
//!
//! [`claims::read`]: crate::games::werewolf::claims::read

pub use super::slots::Slot;
use crate::config::ConfigError;
use crate::games::lang::Lang;
use crate::games::werewolf::{claims, Claims, Seat, SeatSet};
use crate::llm::prompts::placeholders;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// The built-in copy of `content/werewolf/speeches.toml`.
pub const BUILTIN: &str = include_str!("../../../../../content/werewolf/speeches.toml");
/// The built-in copy of `content/werewolf/zh-CN/speeches.toml`.
pub const BUILTIN_ZH: &str = include_str!("../../../../../content/werewolf/zh-CN/speeches.toml");

/// The built-in copy and its name in errors, for `lang`.
fn builtin(lang: Lang) -> (&'static str, &'static str) {
    match lang {
        Lang::En => ("built-in content/werewolf/speeches.toml", BUILTIN),
        Lang::ZhCn => ("built-in content/werewolf/zh-CN/speeches.toml", BUILTIN_ZH),
    }
}

/// Longest a single variant may be once rendered, so a whole speech stays within the
/// rules' 300 characters with room for its essential parts.
const MAX_VARIANT: usize = 120;

/// Values for a variant's placeholders.
#[derive(Debug, Clone, Copy, Default)]
pub struct Fill {
    pub seat: Seat,
    pub target: Seat,
    pub seats: SeatSet,
}

/// "4", "4 and 7", "4, 7 and 9".
pub fn seat_list(seats: SeatSet) -> String {
    seat_list_in(seats, Lang::En)
}

/// [`seat_list`] in `lang`: "4号、7号和9号" in Chinese.
pub fn seat_list_in(seats: SeatSet, lang: Lang) -> String {
    let mut out = String::new();
    push_seat_list(&mut out, seats, lang);
    out
}

/// Appends a seat number in decimal (no allocation).
fn push_seat(out: &mut String, seat: Seat) {
    if seat >= 100 {
        out.push(char::from(b'0' + seat / 100));
    }
    if seat >= 10 {
        out.push(char::from(b'0' + seat / 10 % 10));
    }
    out.push(char::from(b'0' + seat % 10));
}

/// Appends [`seat_list_in`]'s text for `seats` to `out`.
fn push_seat_list(out: &mut String, seats: SeatSet, lang: Lang) {
    let n = seats.len();
    let (and, comma, suffix) = match lang {
        Lang::En => (" and ", ", ", ""),
        Lang::ZhCn => ("和", "、", "号"),
    };
    for (i, s) in seats.iter().enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == n { and } else { comma });
        }
        push_seat(out, s);
        out.push_str(suffix);
    }
}

/// What follows a stretch of a variant's own words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Hole {
    Seat,
    Target,
    Seats,
    End,
}

/// A variant split at its placeholders, once at load: `(start, end, hole)` says "the text's
/// bytes `start..end`, then `hole` filled". Any other `{…}` stays in the words.
fn split_at_holes(text: &str) -> Vec<(usize, usize, Hole)> {
    let mut pieces = Vec::new();
    let (mut start, mut pos) = (0, 0);
    while let Some(open) = text[pos..].find('{') {
        let at = pos + open;
        let after = &text[at..];
        let hole = [
            ("{seat}", Hole::Seat),
            ("{target}", Hole::Target),
            ("{seats}", Hole::Seats),
        ]
        .into_iter()
        .find(|(p, _)| after.starts_with(p));
        match hole {
            Some((p, hole)) => {
                pieces.push((start, at, hole));
                start = at + p.len();
                pos = start;
            }
            None => pos = at + 1,
        }
    }
    pieces.push((start, text.len(), Hole::End));
    pieces
}

/// A variant prepared at load for filling.
#[derive(Debug, Clone)]
struct Compiled {
    /// The variant split at its placeholders ([`split_at_holes`]), so filling it is copying.
    pieces: Vec<(usize, usize, Hole)>,
    /// Whether a filled copy may start or end with white space (or be blank): only then
    /// does [`Phrasebook::fill_trimmed`] trim it.
    may_need_trim: bool,
    /// Whether its words are ASCII (the fills always are), so characters are bytes.
    ascii: bool,
    /// The variant filled and trimmed, with its length in characters, ready to copy: one
    /// entry when it has no placeholder, one per seat `0..=9` when `{seat}` is its only
    /// kind of placeholder, none otherwise.
    prefilled: Vec<(Box<str>, usize)>,
}

impl Compiled {
    fn new(text: &str, lang: Lang) -> Compiled {
        let pieces = split_at_holes(text);
        // The filled text starts with the first piece's words, or else the fill of the hole
        // after them, and ends with the last piece's words, or else the fill of the hole
        // before them. A `{seat}` or `{target}` fill is digits; a `{seats}` fill may be empty.
        let digits = |hole: Option<Hole>| matches!(hole, Some(Hole::Seat | Hole::Target));
        let words = |i: usize| &text[pieces[i].0..pieces[i].1];
        let last = pieces.len() - 1;
        let starts_with_word = match words(0).chars().next() {
            Some(c) => !c.is_whitespace(),
            None => digits(Some(pieces[0].2)),
        };
        let ends_with_word = match words(last).chars().next_back() {
            Some(c) => !c.is_whitespace(),
            None => digits(last.checked_sub(1).map(|i| pieces[i].2)),
        };
        let mut compiled = Compiled {
            may_need_trim: !(starts_with_word && ends_with_word),
            ascii: text.is_ascii(),
            pieces,
            prefilled: Vec::new(),
        };
        let holes = compiled.pieces.iter().map(|p| p.2);
        let seats = if holes.clone().all(|h| h == Hole::End) {
            0..=0
        } else if holes.clone().all(|h| matches!(h, Hole::Seat | Hole::End)) {
            0..=9
        } else {
            return compiled;
        };
        compiled.prefilled = seats
            .map(|seat| {
                let mut out = String::new();
                let fill = Fill {
                    seat,
                    ..Fill::default()
                };
                let chars = compiled.append_trimmed(&mut out, text, &fill, lang);
                (out.into_boxed_str(), chars)
            })
            .collect();
        compiled
    }

    /// Appends `text` (this variant's words) with its placeholders filled from `fill`.
    fn append(&self, out: &mut String, text: &str, fill: &Fill, lang: Lang) {
        for &(from, to, hole) in &self.pieces {
            out.push_str(&text[from..to]);
            match hole {
                Hole::Seat => push_seat(out, fill.seat),
                Hole::Target => push_seat(out, fill.target),
                Hole::Seats => push_seat_list(out, fill.seats, lang),
                Hole::End => {}
            }
        }
    }

    /// [`append`](Compiled::append), trimmed; returns the length appended in characters.
    fn append_trimmed(&self, out: &mut String, text: &str, fill: &Fill, lang: Lang) -> usize {
        let start = out.len();
        self.append(out, text, fill, lang);
        if self.may_need_trim {
            let filled = &out[start..];
            let lead = filled.len() - filled.trim_start().len();
            if lead > 0 {
                out.drain(start..start + lead);
            }
            let end = start + out[start..].trim_end().len();
            out.truncate(end);
        }
        let appended = &out[start..];
        if self.ascii {
            appended.len()
        } else {
            appended.chars().count()
        }
    }
}

/// Every slot's variants, checked.
#[derive(Debug, Clone)]
pub struct Phrasebook {
    /// The language its variants are in: how seat lists read and how parts are joined.
    lang: Lang,
    variants: Vec<Vec<String>>,
    /// Each variant prepared for filling, by slot and index.
    compiled: Vec<Vec<Compiled>>,
    /// Every variant reads as exactly its slot's claim for every seat number it can be
    /// filled with (not only the probe seats the load check tries), so a speech built from
    /// it claims exactly what its parts mean; see [`Phrasebook::is_exact`].
    exact: bool,
}

impl Phrasebook {
    fn new(variants: Vec<Vec<String>>, exact: bool, lang: Lang) -> Phrasebook {
        let compiled = variants
            .iter()
            .map(|list| list.iter().map(|v| Compiled::new(v, lang)).collect())
            .collect();
        Phrasebook {
            lang,
            variants,
            compiled,
            exact,
        }
    }

    /// The language the book speaks.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Appends [`separator`](Phrasebook::separator) to `out` (a space, or nothing), without
    /// a copy of a string for one character.
    #[inline]
    pub fn push_separator(&self, out: &mut String) {
        if self.lang == Lang::En {
            out.push(' ');
        }
    }

    /// What goes between two parts of a speech: a space, or nothing in Chinese (whose
    /// sentences end in a full-width stop).
    pub fn separator(&self) -> &'static str {
        match self.lang {
            Lang::En => " ",
            Lang::ZhCn => "",
        }
    }

    /// The variants of `slot`.
    pub fn variants(&self, slot: Slot) -> &[String] {
        &self.variants[slot as usize]
    }

    /// Variant `index` of `slot` with its placeholders filled.
    pub fn fill(&self, slot: Slot, index: usize, fill: &Fill) -> String {
        let mut out = String::new();
        self.fill_into(&mut out, slot, index, fill);
        out
    }

    /// Appends variant `index` of `slot`, its placeholders filled, to `out`: copies of the
    /// pieces split at load, no allocation beyond `out` growing. Any other `{…}` is kept as
    /// written.
    pub fn fill_into(&self, out: &mut String, slot: Slot, index: usize, fill: &Fill) {
        let list = &self.variants[slot as usize];
        let index = index % list.len();
        self.compiled[slot as usize][index].append(out, &list[index], fill, self.lang);
    }

    /// [`fill_into`](Phrasebook::fill_into), trimmed of white space at both ends. Returns
    /// the length of what was appended in characters (0: the variant is blank).
    pub fn fill_trimmed(&self, out: &mut String, slot: Slot, index: usize, fill: &Fill) -> usize {
        let list = &self.compiled[slot as usize];
        let index = index % list.len();
        let compiled = &list[index];
        let ready = match compiled.prefilled.len() {
            1 => compiled.prefilled.first(),
            _ => compiled.prefilled.get(fill.seat as usize),
        };
        match ready {
            Some((text, chars)) => {
                out.push_str(text);
                *chars
            }
            None => {
                compiled.append_trimmed(out, &self.variants[slot as usize][index], fill, self.lang)
            }
        }
    }

    /// A copy keeping only variant `index` (modulo the list's length) of every slot; tests
    /// use it to render whole speeches with each variant.
    pub fn only_variant(&self, index: usize) -> Phrasebook {
        Phrasebook::new(
            self.variants
                .iter()
                .map(|v| vec![v[index % v.len()].clone()])
                .collect(),
            self.exact,
            self.lang,
        )
    }

    /// The most variants any slot has.
    pub fn widest(&self) -> usize {
        self.variants.iter().map(Vec::len).max().unwrap_or(0)
    }

    /// Parses and checks an English phrasebook; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<Phrasebook, ConfigError> {
        Phrasebook::parse_in(file, text, Lang::En)
    }

    /// Parses and checks a phrasebook in `lang`; `file` names it in errors.
    pub fn parse_in(file: &str, text: &str, lang: Lang) -> Result<Phrasebook, ConfigError> {
        let invalid = |field: String, message: String| ConfigError::Invalid {
            file: file.to_string(),
            field,
            message,
        };
        let table: toml::Table = text
            .parse()
            .map_err(|e: toml::de::Error| invalid("(file)".into(), e.message().to_string()))?;
        for key in table.keys() {
            if !Slot::ALL.iter().any(|s| s.name() == key) {
                return Err(invalid(
                    key.clone(),
                    format!(
                        "unknown slot (known: {})",
                        Slot::ALL.map(Slot::name).join(", ")
                    ),
                ));
            }
        }
        let mut variants = Vec::with_capacity(Slot::ALL.len());
        for slot in Slot::ALL {
            let name = slot.name();
            let value = table
                .get(name)
                .ok_or_else(|| invalid(name.into(), "missing slot".into()))?;
            let list = value
                .as_array()
                .ok_or_else(|| invalid(name.into(), "must be a list of strings".into()))?;
            if list.is_empty() {
                return Err(invalid(name.into(), "the list is empty".into()));
            }
            let mut texts = Vec::with_capacity(list.len());
            for (i, v) in list.iter().enumerate() {
                let field = format!("{name}[{i}]");
                let text = v
                    .as_str()
                    .ok_or_else(|| invalid(field.clone(), "must be a string".into()))?;
                check_variant(slot, text, lang).map_err(|m| invalid(field, m))?;
                texts.push(text.to_string());
            }
            variants.push(texts);
        }
        let mut book = Phrasebook::new(variants, false, lang);
        book.exact = book.reads_exactly();
        Ok(book)
    }

    /// Whether a speech built from this book claims exactly what its parts mean: the
    /// claims reader, run on the speech's text, finds the slots' claims and nothing else.
    /// The built-in players then hand those claims over with the text and the game does not
    /// read it again. (Parts are whole sentences joined by spaces, and the reader reads
    /// sentence by sentence, so checking each variant on every fill it can get suffices.)
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// Checks every variant on every fill a speech can give it: each seat for `{seat}`,
    /// each pair for `{seat}` and `{target}`, each set of seats for `{seats}`.
    fn reads_exactly(&self) -> bool {
        let mut text = String::new();
        for slot in Slot::ALL {
            for index in 0..self.variants(slot).len() {
                let variant = &self.variants(slot)[index];
                let (seats, targets, lists): (u8, u8, u64) = (
                    if variant.contains("{seat}") { 9 } else { 1 },
                    if variant.contains("{target}") { 9 } else { 1 },
                    if variant.contains("{seats}") { 511 } else { 1 },
                );
                for seat in 1..=seats {
                    for target in 1..=targets {
                        for list in 1..=lists {
                            let fill = Fill {
                                seat,
                                target,
                                seats: (1..=9u8).filter(|s| list >> (s - 1) & 1 == 1).collect(),
                            };
                            text.clear();
                            self.fill_into(&mut text, slot, index, &fill);
                            if claims::read(&text) != slot.claims(seat) {
                                return false;
                            }
                        }
                    }
                }
            }
        }
        true
    }

    /// Reads `dir/werewolf/speeches.toml` (the built-in copy when `dir` is `None` or the
    /// file is absent) and checks it.
    pub fn load(dir: Option<&Path>) -> Result<Phrasebook, ConfigError> {
        Phrasebook::load_in(dir, Lang::En)
    }

    /// [`load`](Phrasebook::load) for `lang`: `dir/werewolf/zh-CN/speeches.toml` in Chinese.
    pub fn load_in(dir: Option<&Path>, lang: Lang) -> Result<Phrasebook, ConfigError> {
        let file = |d: &Path| match lang {
            Lang::En => d.join("werewolf").join("speeches.toml"),
            Lang::ZhCn => d.join("werewolf").join("zh-CN").join("speeches.toml"),
        };
        match dir.map(file) {
            Some(path) if path.exists() => {
                let text = std::fs::read_to_string(&path).map_err(|e| ConfigError::Read {
                    file: path.display().to_string(),
                    message: e.to_string(),
                })?;
                Phrasebook::parse_in(&path.display().to_string(), &text, lang)
            }
            _ => {
                let (name, text) = builtin(lang);
                Phrasebook::parse_in(name, text, lang)
            }
        }
    }
}

/// Checks one variant: known placeholders, whole sentences, short enough, and read by the
/// claims reader as exactly the slot's claim on every probe seat.
fn check_variant(slot: Slot, text: &str, lang: Lang) -> Result<(), String> {
    for p in placeholders(text) {
        if !slot.placeholders().contains(&p) {
            let allowed = slot.placeholders();
            return Err(format!(
                "unknown placeholder {{{p}}} (allowed here: {})",
                if allowed.is_empty() {
                    "none".to_string()
                } else {
                    allowed
                        .iter()
                        .map(|p| format!("{{{p}}}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            ));
        }
    }
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return if matches!(slot, Slot::Opening | Slot::OpeningFirstDay) {
            Ok(())
        } else {
            Err("the variant is empty (only an opening may be \"\")".into())
        };
    }
    if !trimmed.ends_with(['.', '!', '?', '。', '！', '？']) {
        return Err(
            "a variant must end a sentence with \".\", \"!\" or \"?\" (\"。\", \"！\", \"？\")"
                .into(),
        );
    }
    if text.contains(['\n', ';', '；']) {
        return Err("a variant may not contain a line break or \";\"".into());
    }
    let book = Phrasebook::new(vec![vec![text.to_string()]; Slot::ALL.len()], false, lang);
    for seat in 1..=9u8 {
        let fill = Fill {
            seat,
            target: seat % 9 + 1,
            seats: [seat % 9 + 1, (seat + 4) % 9 + 1].into_iter().collect(),
        };
        let rendered = book.fill(slot, 0, &fill);
        if rendered.chars().count() > MAX_VARIANT {
            return Err(format!(
                "too long: {} characters once filled (at most {MAX_VARIANT})",
                rendered.chars().count()
            ));
        }
        let read = claims::read(&rendered);
        let want = slot.claims(seat);
        if read != want {
            return Err(format!(
                "the claims reader misreads {rendered:?}: it reads {}, the slot means {}",
                describe(&read),
                describe(&want)
            ));
        }
    }
    Ok(())
}

fn describe(c: &Claims) -> String {
    if c.is_empty() {
        return "no claim".into();
    }
    serde_json::to_string(c).unwrap_or_else(|_| format!("{c:?}"))
}

/// The books installed for the process, by [`Lang`] (the first call settles each).
static INSTALLED: [OnceLock<Arc<Phrasebook>>; 2] = [OnceLock::new(), OnceLock::new()];

/// The English phrasebook new players speak with: the one installed at startup, else the
/// built-in copy. Each thread hands out its own copy, so the players a thread makes (nine
/// a game on each ladder thread) move a count no other core writes.
pub fn phrasebook() -> Arc<Phrasebook> {
    thread_local! {
        static MINE: Arc<Phrasebook> = Arc::new(Phrasebook::clone(&installed(Lang::En)));
    }
    MINE.with(Arc::clone)
}

/// [`phrasebook`] in `lang`.
pub fn phrasebook_in(lang: Lang) -> Arc<Phrasebook> {
    match lang {
        Lang::En => phrasebook(),
        Lang::ZhCn => installed(lang),
    }
}

/// The book installed for the process in `lang` (the first call settles it).
fn installed(lang: Lang) -> Arc<Phrasebook> {
    INSTALLED[lang as usize]
        .get_or_init(|| {
            let (name, text) = builtin(lang);
            Arc::new(
                Phrasebook::parse_in(name, text, lang)
                    .expect("the built-in phrasebooks are checked by the tests"),
            )
        })
        .clone()
}

/// Loads and checks `speeches.toml` (and `zh-CN/speeches.toml`) from the content directory (`AGORA_CONTENT_DIR`, else
/// `content/`) and makes it the phrasebook of every player created afterwards. Called once
/// at startup; a bad file is an error naming the file and the field.
pub fn install_from_env() -> Result<(), ConfigError> {
    let dir = std::env::var_os("AGORA_CONTENT_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::PathBuf::from("content"));
    for lang in Lang::ALL {
        let book = Phrasebook::load_in(Some(&dir), lang)?;
        // A second call (tests) keeps the first book; the process reads its content once.
        let _ = INSTALLED[lang as usize].set(Arc::new(book));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The old fill, placeholder by placeholder: what the pieces must reproduce.
    fn replaced(text: &str, fill: &Fill) -> String {
        text.replace("{seat}", &fill.seat.to_string())
            .replace("{target}", &fill.target.to_string())
            .replace("{seats}", &seat_list(fill.seats))
    }

    #[test]
    fn filling_the_pieces_equals_replacing_each_placeholder() {
        let fill = Fill {
            seat: 4,
            target: 9,
            seats: [2, 5, 7].into_iter().collect(),
        };
        for text in [
            "",
            "No placeholder.",
            "{seat}",
            "{seat}{seats}{target}{seat}",
            "Odd {braces} and { {seat} } and {seat and {seats}.",
            "{{seat}} {target}}",
            "Trailing {",
            "狼 {seat} 号，{seats}。",
        ] {
            let book = Phrasebook::new(
                vec![vec![text.to_string()]; Slot::ALL.len()],
                false,
                Lang::En,
            );
            assert_eq!(
                book.fill(Slot::Vote, 0, &fill),
                replaced(text, &fill),
                "{text}"
            );
        }
        let builtin = phrasebook();
        for slot in Slot::ALL {
            for (i, text) in builtin.variants(slot).iter().enumerate() {
                assert_eq!(builtin.fill(slot, i, &fill), replaced(text, &fill));
            }
        }
    }

    /// What a speech part must be: the variant filled, then trimmed.
    #[test]
    fn filling_trimmed_equals_filling_then_trimming() {
        let odd = [
            "",
            "   ",
            " Spaced. ",
            "{seat}",
            " {seat} ",
            "{seats}",
            "{seats} sat.",
            "Sat {seats}",
            "{target} and {seat}.",
            "狼 {seat} 号。",
            " 狼{seats} ",
        ];
        let books = [
            Phrasebook::new(
                odd.iter()
                    .map(|t| vec![t.to_string()])
                    .cycle()
                    .take(Slot::ALL.len())
                    .collect(),
                false,
                Lang::En,
            ),
            (*phrasebook()).clone(),
        ];
        let sets: [SeatSet; 3] = [
            SeatSet::EMPTY,
            SeatSet::only(4),
            [2, 5, 9].into_iter().collect(),
        ];
        for book in &books {
            for slot in Slot::ALL {
                for index in 0..book.variants(slot).len() {
                    for seat in 0..=12 {
                        for seats in sets {
                            let fill = Fill {
                                seat,
                                target: 7,
                                seats,
                            };
                            let want = book.fill(slot, index, &fill).trim().to_string();
                            let mut got = String::from("Before.");
                            let chars = book.fill_trimmed(&mut got, slot, index, &fill);
                            assert_eq!(got, format!("Before.{want}"), "{slot:?} {index} {fill:?}");
                            assert_eq!(chars, want.chars().count());
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn seat_lists_read_as_english() {
        let list = |s: &[Seat]| seat_list(s.iter().copied().collect());
        assert_eq!(list(&[]), "");
        assert_eq!(list(&[4]), "4");
        assert_eq!(list(&[4, 7]), "4 and 7");
        assert_eq!(list(&[4, 7, 9]), "4, 7 and 9");
    }
}
