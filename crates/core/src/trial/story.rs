//! A trial told in lines: the case, what is said to each juror and their answers, the
//! evidence, deliberation and the verdict, for one audience, in the trial's language
//! (`locales/*/trial.ftl`). The terminal prints these as the trial goes and `agora replay`
//! tells a stored trial with them; the verdict's chart.

use crate::agents::trial::Case;
use crate::games::trial::{text, Event, Impact, Trial};
use crate::games::{Audience, Lang, Seat, Viewer};
use std::collections::BTreeMap;
use std::sync::Arc;

/// What the lines need: the case, the players' and jurors' names, the language.
#[derive(Debug, Clone)]
pub struct TrialView {
    pub case: Arc<Case>,
    /// The players, seat 1 first.
    pub players: Vec<String>,
    /// Juror id → (name, occupation, first message).
    pub jurors: BTreeMap<String, (String, String, String)>,
    pub lang: Lang,
}

impl TrialView {
    fn say(&self, id: &str, args: &[(&str, &str)]) -> String {
        self.lang.text(id, args)
    }
    fn vote(&self, not_guilty: bool) -> String {
        self.say(
            if not_guilty {
                "trial-vote-not-guilty"
            } else {
                "trial-vote-guilty"
            },
            &[],
        )
    }
    /// `from → to`; in Chinese, a name closing with `）` takes the arrow without a space.
    fn to(&self, from: &str, to: &str) -> String {
        let line = self.say("trial-to", &[("from", from), ("to", to)]);
        match self.lang {
            Lang::ZhCn if from.ends_with('）') => line.replacen("） →", "）→", 1),
            _ => line,
        }
    }
    fn spoken(&self, who: &str, text: &str) -> String {
        self.say("trial-spoken", &[("who", who), ("text", text)])
    }
    /// A list of who moved how far: `Wang +7.60, Liu +9.30` (`、` between them in Chinese).
    fn moves(&self, moves: &[(String, f64)]) -> String {
        let items: Vec<String> = moves
            .iter()
            .map(|(j, m)| format!("{} {m:+.2}", self.juror(j)))
            .collect();
        text::list(self.lang, &items)
    }
    /// A topic as the moderator's lines name it: its id in English, its name in Chinese.
    fn topic(&self, id: &str) -> String {
        match self.lang {
            Lang::En => id.to_string(),
            _ => self
                .case
                .topic(id)
                .map_or(id, |t| t.name.as_str())
                .to_string(),
        }
    }

    pub fn player(&self, seat: Seat) -> String {
        self.players
            .get(seat as usize - 1)
            .cloned()
            .unwrap_or_else(|| self.say("trial-player", &[("n", &seat.to_string())]))
    }
    pub fn juror(&self, id: &str) -> String {
        self.jurors
            .get(id)
            .map_or_else(|| id.to_string(), |j| j.0.clone())
    }
    fn card(&self, id: &str) -> (String, String) {
        self.case.evidence.iter().find(|e| e.id == id).map_or_else(
            || (id.to_string(), String::new()),
            |e| (e.title.clone(), e.text.clone()),
        )
    }
    /// The juror a typed name means: an id, a name, or the start of one (any case), or the
    /// start of the id after `juror_` (`wang` at a Chinese table, whose juror is `王`).
    pub fn find_juror(&self, typed: &str) -> Option<String> {
        let t = typed.trim().to_lowercase();
        if t.is_empty() {
            return None;
        }
        let exact = self
            .jurors
            .iter()
            .find(|(id, j)| **id == t || j.0.to_lowercase() == t);
        if let Some((id, _)) = exact {
            return Some(id.clone());
        }
        let starts: Vec<&String> = self
            .jurors
            .iter()
            .filter(|(id, j)| {
                j.0.to_lowercase().starts_with(&t)
                    || id.starts_with(&t)
                    || id.strip_prefix("juror_").is_some_and(|i| i.starts_with(&t))
            })
            .map(|(id, _)| id)
            .collect();
        (starts.len() == 1).then(|| starts[0].clone())
    }
    /// The card a typed id or title word means (a part of a Chinese title).
    pub fn find_card(&self, typed: &str) -> Option<String> {
        let t = typed.trim().to_lowercase();
        if t.is_empty() {
            return None;
        }
        self.case
            .evidence
            .iter()
            .find(|e| e.id == t || e.title.to_lowercase() == t)
            .or_else(|| {
                let m: Vec<_> = self
                    .case
                    .evidence
                    .iter()
                    .filter(|e| e.id.starts_with(&t) || e.title.to_lowercase().contains(&t))
                    .collect();
                (m.len() == 1).then(|| m[0])
            })
            .map(|e| e.id.clone())
    }

    /// The line (or block) an event is told in; the moderator's events (stances, labels)
    /// only with `detail`.
    pub fn line(&self, event: &Event, audience: Audience, detail: bool) -> Option<String> {
        if audience == Audience::Moderator && !detail {
            return None;
        }
        Some(match event {
            Event::Opened {
                mode,
                sides,
                jurors,
                ..
            } => {
                let players: Vec<String> = sides
                    .iter()
                    .enumerate()
                    .map(|(i, side)| {
                        self.say(
                            "trial-player-side",
                            &[
                                ("player", &self.player(i as Seat + 1)),
                                (
                                    "side",
                                    &self.say(&format!("trial-side-{}", side.name()), &[]),
                                ),
                            ],
                        )
                    })
                    .collect();
                let mode = self.say(&format!("trial-mode-{}", mode.name()), &[]);
                let mut s = format!(
                    "{}\n{}\n\n{}\n{}\n{}",
                    self.say("trial-title", &[("title", &self.case.title)]),
                    self.case.text,
                    self.say("trial-question", &[("question", &self.case.question)]),
                    self.say(
                        "trial-mode-players",
                        &[
                            ("mode", &mode),
                            ("players", &text::list(self.lang, &players))
                        ]
                    ),
                    self.say("trial-the-jury", &[]),
                );
                for id in jurors {
                    if let Some((name, occupation, first)) = self.jurors.get(id) {
                        let intro = self.say(
                            "trial-juror-intro",
                            &[("name", name), ("occupation", occupation), ("first", first)],
                        );
                        s.push_str(&format!("\n  {intro}"));
                    }
                }
                s
            }
            Event::Said {
                player,
                juror,
                text,
            } => self.spoken(&self.to(&self.player(*player), &self.juror(juror)), text),
            Event::Heard {
                juror,
                main,
                dropped,
                offline,
                moved,
                stance,
                ..
            } => {
                let topics = if main.is_empty() {
                    self.say("trial-topics-none", &[])
                } else {
                    let items: Vec<String> = main
                        .iter()
                        .map(|t| {
                            let impact = match t.impact {
                                Impact::Positive => "trial-impact-positive",
                                Impact::Negative => "trial-impact-negative",
                                Impact::Neutral => "trial-impact-neutral",
                            };
                            self.say(
                                "trial-topic-impact",
                                &[
                                    ("topic", &self.topic(&t.topic)),
                                    ("impact", &self.say(impact, &[])),
                                ],
                            )
                        })
                        .collect();
                    text::list(self.lang, &items)
                };
                let heard = self.say(
                    "trial-heard",
                    &[
                        ("juror", &self.juror(juror)),
                        (
                            "offline",
                            &if *offline {
                                self.say("trial-offline-labelled", &[])
                            } else {
                                String::new()
                            },
                        ),
                        ("topics", &topics),
                        (
                            "dropped",
                            &if dropped.is_empty() {
                                String::new()
                            } else {
                                self.say(
                                    "trial-dropped",
                                    &[("dropped", &text::list(self.lang, dropped))],
                                )
                            },
                        ),
                        ("moved", &format!("{moved:+.2}")),
                        ("stance", &format!("{stance:.2}")),
                    ],
                );
                format!("   [{heard}]")
            }
            Event::Replied {
                juror,
                player,
                text,
                hint,
            } => {
                let line = self.spoken(&self.to(&self.juror(juror), &self.player(*player)), text);
                match hint {
                    Some(h) => self.say("trial-hint", &[("line", &line), ("hint", h)]),
                    None => line,
                }
            }
            Event::Presented { player, card } => {
                let (title, text) = self.card(card);
                self.say(
                    "trial-presents",
                    &[
                        ("player", &self.player(*player)),
                        ("title", &title),
                        ("text", &text),
                    ],
                )
            }
            Event::Weighed { card, moves, .. } => {
                let card = match self.lang {
                    Lang::En => card.clone(),
                    _ => self.card(card).0,
                };
                let weighed = self.say(
                    "trial-weighed",
                    &[("card", &card), ("moves", &self.moves(moves))],
                );
                format!("   [{weighed}]")
            }
            Event::Rested { player } => {
                self.say("trial-rests", &[("player", &self.player(*player))])
            }
            Event::ArgumentClosed { called_by } => match called_by {
                Some(p) => self.say("trial-closed-by", &[("player", &self.player(*p))]),
                None => self.say("trial-closed", &[]),
            },
            Event::DeliberationRound { round, speaker } => self.say(
                "trial-round",
                &[
                    ("round", &round.to_string()),
                    ("juror", &self.juror(speaker)),
                ],
            ),
            Event::Stated { juror, text, .. } => self.spoken(&self.juror(juror), text),
            Event::Deliberated { moves, .. } => format!("   [{}]", self.moves(moves)),
            Event::Responded { juror, text, .. } => {
                format!("  {}", self.spoken(&self.juror(juror), text))
            }
            Event::Verdict {
                votes,
                not_guilty,
                initial,
                finals,
            } => {
                let n = votes.iter().filter(|v| v.1).count();
                let mut s = self.say(
                    "trial-verdict",
                    &[
                        ("vote", &self.vote(*not_guilty)),
                        ("n", &n.to_string()),
                        ("total", &votes.len().to_string()),
                    ],
                );
                for (i, (id, v)) in votes.iter().enumerate() {
                    let (a, b) = (
                        initial.get(i).copied().unwrap_or(0.0),
                        finals.get(i).copied().unwrap_or(0.0),
                    );
                    let juror = self.say(
                        "trial-verdict-juror",
                        &[
                            ("juror", &self.juror(id)),
                            ("vote", &self.vote(*v)),
                            ("from", &format!("{a:+.1}")),
                            ("to", &format!("{b:+.1}")),
                            ("moved", &format!("{:+.1}", b - a)),
                        ],
                    );
                    s.push_str(&format!("\n  {juror}"));
                }
                let epilogue = self.case.epilogue(n, votes.len());
                if !epilogue.is_empty() {
                    s.push_str(&format!("\n\n{epilogue}"));
                }
                s
            }
        })
    }
}

impl TrialView {
    /// A stored trial told from its log: what `seat` saw, or everything public (with
    /// `detail`, the labels and stances too).
    pub fn story(
        &self,
        log: &[crate::games::Logged<Event>],
        seat: Option<Seat>,
        detail: bool,
    ) -> String {
        let viewer = match seat {
            Some(s) => Viewer::Seat(s),
            None if detail => Viewer::Moderator,
            None => Viewer::Public,
        };
        let mut s = String::new();
        for l in log {
            if l.audience.shown_to(viewer) {
                if let Some(line) = self.line(&l.event, l.audience, true) {
                    s.push_str(&line);
                    s.push('\n');
                }
            }
        }
        s
    }
}

/// A finished trial's chart of every juror's stance over the session, as PNG (`None`
/// should the drawing fail, which is logged).
pub fn chart_png(view: &TrialView, game: &Trial) -> Option<Vec<u8>> {
    let names: Vec<String> = game.jurors().iter().map(|j| view.juror(&j.id)).collect();
    crate::trial::charts::stances(&names, game.trail())
        .inspect_err(|e| tracing::warn!("the trial's chart: {e}"))
        .ok()
}

#[cfg(test)]
mod tests {
    use crate::agents::trial::TrialKit;
    use crate::config::TrialConfig;
    use crate::games::trial::{Event, Side, TrialRules};
    use crate::games::{Audience, Lang};
    use crate::trial::session::{TrialSeat, TrialSessionSetup};

    fn view(lang: Lang) -> super::TrialView {
        let kit = TrialKit::default();
        let case = kit.book.case_in("robot_prompt_injection", lang).unwrap();
        let setup = TrialSessionSetup {
            trial: kit.book.setup(
                case,
                vec![Side::Defense, Side::Prosecution],
                TrialRules::default(),
            ),
            players: vec![TrialSeat::advocate(), TrialSeat::advocate()],
            timers: TrialConfig::default(),
        };
        crate::trial::kit::trial_view_of(&kit, &setup).unwrap()
    }

    #[test]
    fn a_chinese_table_is_told_in_chinese_and_finds_jurors_typed_either_way() {
        let zh = view(Lang::ZhCn);
        for typed in ["王", "juror_wang", "wang", "WANG"] {
            assert_eq!(
                zh.find_juror(typed).as_deref(),
                Some("juror_wang"),
                "{typed}"
            );
        }
        assert_eq!(zh.find_card("包裹").as_deref(), Some("injection_logs"));
        let said = Event::Said {
            player: 2,
            juror: "juror_wang".into(),
            text: "一个人死了。".into(),
        };
        let line = zh.line(&said, Audience::Everyone, false).unwrap();
        assert_eq!(line, "律师 2（AI）→ 王：一个人死了。");
        let en = view(Lang::En);
        assert_eq!(en.find_juror("wang").as_deref(), Some("juror_wang"));
        let line = en.line(&said, Audience::Everyone, false).unwrap();
        assert_eq!(line, "Advocate 2 (AI) → Wang: 一个人死了。");
    }
}
