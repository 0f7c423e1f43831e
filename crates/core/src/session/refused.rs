//! A refusal as a session hands it to a surface ([`Refused`]): the rules' reason, which the
//! session neither reads nor words (it runs any game, for readers of any language), kept
//! whole so that the surface tells it in its reader's language; and every other reason a
//! submission is not taken ([`SubmitError`]) told in a language too
//! (`locales/*/refusals.ftl`, `session-…`).

use super::SubmitError;
use crate::games::{Lang, Localized};
use std::fmt;

/// The rules' reason an action was not taken: `Display` is its English, as the rules
/// wrote it; [`Localized::text`] the same in any language.
pub struct Refused(Box<dyn Localized + Send + Sync>);

impl Refused {
    pub fn new(reason: impl Localized + Send + Sync + 'static) -> Refused {
        Refused(Box::new(reason))
    }
}

impl Localized for Refused {
    fn text(&self, lang: Lang) -> String {
        self.0.text(lang)
    }
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Debug for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Refused({:?})", self.0.to_string())
    }
}

impl Localized for SubmitError {
    fn text(&self, lang: Lang) -> String {
        let seat = |id: &str, s: &crate::games::Seat| lang.text(id, &[("seat", &s.to_string())]);
        match self {
            SubmitError::Refused(why) => why.text(lang),
            SubmitError::Stale => lang.text("session-stale", &[]),
            SubmitError::AiSeat(s) => seat("session-ai-seat", s),
            SubmitError::NoSuchSeat(s) => seat("session-no-seat", s),
            SubmitError::Closed => lang.text("session-closed", &[]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::werewolf::Refusal;

    #[test]
    fn a_refusal_is_told_in_english_as_displayed_and_in_chinese() {
        let all = [
            SubmitError::Refused(Refused::new(Refusal::UnknownSeat { seat: 12, seats: 9 })),
            SubmitError::Stale,
            SubmitError::AiSeat(3),
            SubmitError::NoSuchSeat(12),
            SubmitError::Closed,
        ];
        for e in &all {
            assert_eq!(e.text(Lang::En), e.to_string());
            let zh = e.text(Lang::ZhCn);
            assert!(zh.chars().any(crate::games::lang::is_han), "{zh}");
        }
        assert_eq!(
            all[0].to_string(),
            Refusal::UnknownSeat { seat: 12, seats: 9 }.to_string()
        );
        assert_eq!(all[0].text(Lang::ZhCn), "没有 12 号座位：座位号为 1 到 9");
        assert_eq!(
            format!("{:?}", all[0]),
            "Refused(Refused(\"there is no seat 12: seats are numbered 1 to 9\"))"
        );
    }
}
