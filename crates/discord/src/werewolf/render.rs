//! What the bot writes, as plain text: the lobby, the status board, public story lines,
//! a seat's private news, the prompt of an ask and the scorecard. Pure (no Discord types),
//! so it is unit-tested; the shell wraps these strings into messages and embeds. Every
//! word comes from `locales/*/discord-werewolf.ftl` in the language of whoever reads it:
//! the table's for the channel, a person's own for their DMs (see [`Names::lang`]).
//!
//! Every function here is given only what its reader may see: public lines get public
//! events, private lines a seat's own events.

use super::lobby::Lobby;
use crate::text::sanitize;
use agora_core::store::Outcome;
#[cfg(test)]
use agora_games::werewolf::SEATS;
use agora_games::werewolf::{
    Ask, AskKind, Ballot, Event, Fall, Role, ScoreReason, Seat, SeatSet, SpeechKind, VoteRound,
};
use agora_games::Lang;

pub use super::names::Names;

/// Sentences joined as the language writes them (a space in English, none in Chinese).
pub fn sentences(lang: Lang, parts: &[String]) -> String {
    parts.join(&lang.text("wwd-sentence-gap", &[]))
}

/// The lobby embed's description (a board other than the default one is named first).
pub fn lobby(l: &Lobby, ai_label: &str, lang: Lang) -> String {
    let mut s = String::new();
    let board = l.board();
    if l.board.is_some() {
        s.push_str(&super::board_pick::line(&board, lang));
        s.push_str("\n\n");
    }
    if l.graveyard_roles {
        s.push_str(&lang.text("wwb-lobby-graveyard-roles", &[]));
        s.push_str("\n\n");
    }
    let seats = board.seats as usize;
    for i in 0..seats {
        let n = (i + 1).to_string();
        let line = match l.seats.get(i) {
            Some(p) => {
                let id = if p.user == l.host {
                    "wwd-lobby-host"
                } else {
                    "wwd-lobby-seat"
                };
                lang.text(id, &[("n", &n), ("name", &sanitize(&p.name, 40))])
            }
            None if l.options.ai_fill => lang.text("wwd-lobby-ai", &[("n", &n), ("ai", ai_label)]),
            None => lang.text("wwd-lobby-empty", &[("n", &n)]),
        };
        s.push_str(&line);
        s.push('\n');
    }
    s.push('\n');
    s.push_str(&lang.text(
        "wwd-lobby-count",
        &[
            ("taken", &l.seats.len().to_string()),
            ("seats", &seats.to_string()),
        ],
    ));
    s
}

/// The status board: every seat, alive or dead, and what is happening.
pub fn status(names: &Names, alive: SeatSet, phase: &str) -> String {
    let mut s = format!("**{phase}**\n");
    for seat in 1..=names.len() as Seat {
        let mark = if alive.contains(seat) { "🟢" } else { "💀" };
        s.push_str(&format!("{mark} {}\n", names.seat(seat)));
    }
    s
}

/// The votes revealed, by target (most first), then who abstained.
/// A round's ballots counted per target, most first; the sheriff's ballot counts 1.5 (the
/// count then shows the half and the sheriff's number is marked).
fn tally(ballots: &[Ballot], sheriff: Option<Seat>, names: &Names) -> String {
    let mut tally: Vec<(Seat, Vec<Seat>)> = Vec::new();
    let mut abstain = Vec::new();
    for (i, b) in ballots.iter().enumerate() {
        let voter = i as Seat + 1;
        match b {
            Ballot::Vote(t) => match tally.iter_mut().find(|(s, _)| s == t) {
                Some((_, v)) => v.push(voter),
                None => tally.push((*t, vec![voter])),
            },
            Ballot::Abstain => abstain.push(voter),
            Ballot::None => {}
        }
    }
    if tally.is_empty() && abstain.is_empty() {
        return names.t("wwd-votes-none", &[]);
    }
    // In half votes: 2 a ballot, 3 the sheriff's.
    let halves = |v: &[Seat]| -> usize {
        v.iter()
            .map(|s| if Some(*s) == sheriff { 3 } else { 2 })
            .sum()
    };
    tally.sort_by(|a, b| halves(&b.1).cmp(&halves(&a.1)).then(a.0.cmp(&b.0)));
    let mut s = names.t("wwd-votes", &[]);
    for (t, v) in &tally {
        let h = halves(v);
        let count = if h % 2 == 0 {
            (h / 2).to_string()
        } else {
            format!("{}.5", h / 2)
        };
        let mut voters = names.numbers(v);
        if let Some(sh) = sheriff.filter(|sh| v.contains(sh)) {
            voters = voters.replacen(
                &names.t("wwd-seat-number", &[("seat", &sh.to_string())]),
                &names.t("wwb-votes-sheriff-ballot", &[("seat", &sh.to_string())]),
                1,
            );
        }
        s.push('\n');
        s.push_str(&names.t(
            "wwd-votes-for",
            &[
                ("seat", &names.seat(*t)),
                ("count", &count),
                ("voters", &voters),
            ],
        ));
    }
    if !abstain.is_empty() {
        s.push('\n');
        let voters = names.numbers(&abstain);
        s.push_str(&names.t("wwd-votes-abstained", &[("voters", &voters)]));
    }
    s
}

/// A public event as the channel reads it; `None` for what needs no message (a human's
/// own speech is already in the channel; sealed ballots are not public).
pub fn public_line(event: &Event, names: &Names, humans: SeatSet) -> Option<String> {
    let t = |id: &str, args: &[(&str, &str)]| names.t(id, args);
    Some(match event {
        Event::NightFell { night } => t("wwd-night", &[("night", &night.to_string())]),
        Event::Dawn { day, dead } => {
            let day = day.to_string();
            if dead.is_empty() {
                t("wwd-dawn-peaceful", &[("day", &day)])
            } else {
                t(
                    "wwd-dawn-dead",
                    &[("day", &day), ("dead", &names.list(*dead))],
                )
            }
        }
        Event::Speech {
            seat, kind, text, ..
        } => {
            if humans.contains(*seat) {
                return None;
            }
            let id = match kind {
                SpeechKind::Day => "wwd-speech",
                SpeechKind::Campaign => "wwb-speech-campaign",
                SpeechKind::Pk => "wwd-speech-pk",
                SpeechKind::LastWords => "wwd-speech-last",
            };
            let text = sanitize(text, 400);
            t(id, &[("seat", &names.seat(*seat)), ("text", &text)])
        }
        Event::VotesRevealed {
            round,
            ballots,
            sheriff,
        } => match round {
            VoteRound::Main | VoteRound::Pk => tally(ballots, *sheriff, names),
            VoteRound::Sheriff | VoteRound::SheriffPk => {
                let head = t("wwb-votes-sheriff", &[]);
                format!("{head}\n{}", tally(ballots, None, names))
            }
        },
        Event::PkCalled { tied } => t("wwd-pk", &[("seats", &names.list(*tied))]),
        Event::Eliminated { seat } => match seat {
            Some(s) => t("wwd-voted-out", &[("seat", &names.seat(*s))]),
            None => t("wwd-voted-out-none", &[]),
        },
        Event::HunterShot { hunter, target } => {
            let hunter = names.seat(*hunter);
            match target {
                Some(x) => t(
                    "wwd-hunter-shoots",
                    &[("hunter", &hunter), ("target", &names.seat(*x))],
                ),
                None => t("wwd-hunter-holds", &[("hunter", &hunter)]),
            }
        }
        Event::GameOver { .. } => return None,
        other if super::sheriff::public_line(other, names).is_some() => {
            return super::sheriff::public_line(other, names)
        }
        // Everything else is private or moderator-only and never reaches the channel;
        // were it public, its plain story is the safe rendering.
        other => other.story_in(names.lang),
    })
}

/// A seat's private news, as its DM reads it (in the language of `names`).
pub fn private_line(event: &Event, names: &Names) -> Option<String> {
    let t = |id: &str, args: &[(&str, &str)]| names.t(id, args);
    let target = |id: &str, s: &Seat| t(id, &[("target", &names.seat(*s))]);
    Some(match event {
        Event::RoleDealt { seat, role } => t(
            "wwd-role",
            &[
                ("seat", &names.seat(*seat)),
                ("role", &role.name_in(names.lang)),
                ("help", &t(&format!("wwd-help-{}", role.name()), &[])),
            ],
        ),
        Event::WolfPack { wolves } => t("wwd-pack", &[("seats", &names.list(*wolves))]),
        Event::WolfPicked {
            wolf,
            target,
            round,
        } => {
            let again = *round > 1;
            let wolf = names.seat(*wolf);
            match target {
                Some(x) => t(
                    if again {
                        "wwd-wolf-picks-again"
                    } else {
                        "wwd-wolf-picks"
                    },
                    &[("wolf", &wolf), ("target", &names.seat(*x))],
                ),
                None => t(
                    if again {
                        "wwd-wolf-no-pick-again"
                    } else {
                        "wwd-wolf-no-pick"
                    },
                    &[("wolf", &wolf)],
                ),
            }
        }
        Event::WolfTie { tied } => t("wwd-wolf-tie", &[("seats", &names.list(*tied))]),
        Event::WolfAttack { target: x, by_lot } => match x {
            Some(s) if *by_lot => target("wwd-wolf-lot", s),
            Some(s) => target("wwd-wolf-attack", s),
            None => t("wwd-wolf-attack-none", &[]),
        },
        Event::WitchTold { attacked } => match attacked {
            Some(s) => target("wwd-witch-told", s),
            None => t("wwd-witch-told-none", &[]),
        },
        Event::WitchSaved { target: s } => target("wwd-witch-saved", s),
        Event::WitchPoisoned { target: s } => target("wwd-witch-poisoned", s),
        Event::SeerResult { target: s, wolf } => target(
            if *wolf {
                "wwd-seer-wolf"
            } else {
                "wwd-seer-good"
            },
            s,
        ),
        Event::HunterStatus { dies, may_shoot } => match (dies, may_shoot) {
            (false, _) => return None,
            (true, true) => t("wwd-hunter-may-shoot", &[]),
            (true, false) => t("wwd-hunter-poisoned", &[]),
        },
        Event::VoteCast { ballot, .. } => match ballot {
            Ballot::Vote(s) => target("wwd-vote-cast", s),
            _ => t("wwd-abstain-cast", &[]),
        },
        Event::Defaulted { ask, .. } => t("wwd-defaulted", &[("ask", &ask.name_in(names.lang))]),
        other => return super::sheriff::private_line(other, names),
    })
}

/// What a person who has just fallen is told (privately), in `lang`.
pub fn fallen(fall: Fall, lang: Lang) -> String {
    lang.text("wwd-fallen", &[("how", &lang.text(fall.key(), &[]))])
}

/// When an ask closes, as Discord's live relative timestamp (`<t:UNIX:R>` reads "in 25
/// seconds" and counts down on every client, in its own language); nothing when there is
/// no deadline.
pub fn closes(due_at_ms: i64, lang: Lang) -> String {
    if due_at_ms <= 0 {
        return String::new();
    }
    let at = ((due_at_ms + 999) / 1000).to_string();
    lang.text("wwd-closes", &[("at", &at)])
}

/// The heading of an ask, for the DM (or the night panel) that carries its controls.
pub fn ask_prompt(ask: &Ask, names: &Names, due_at_ms: i64) -> String {
    let t = |id: &str| names.t(id, &[]);
    let what = match ask.kind {
        AskKind::WolfPick => t("wwd-prompt-wolf"),
        AskKind::SeerCheck => t("wwd-prompt-seer"),
        AskKind::HunterShot => t("wwd-prompt-hunter"),
        AskKind::Witch => {
            let mut parts = vec![match ask.attacked {
                Some(s) => names.t("wwd-prompt-witch-attacked", &[("target", &names.seat(s))]),
                None => t("wwd-prompt-witch-none"),
            }];
            if ask.can_save {
                parts.push(t("wwd-prompt-witch-save"));
            }
            if !ask.targets.is_empty() {
                parts.push(t("wwd-prompt-witch-poison"));
            }
            parts.push(t("wwd-prompt-witch-pass"));
            format!("🧪 {}", sentences(names.lang, &parts))
        }
        AskKind::Speech => t("wwd-prompt-speech"),
        AskKind::PkSpeech => t("wwd-prompt-pk-speech"),
        AskKind::LastWords => t("wwd-prompt-last-words"),
        AskKind::Vote | AskKind::PkVote => t("wwd-prompt-vote"),
        // The larger boards' asks.
        _ => super::board_asks::prompt(ask, names),
    };
    match closes(due_at_ms, names.lang) {
        c if c.is_empty() => what,
        c => names.t("wwd-with-deadline", &[("what", &what), ("closes", &c)]),
    }
}

/// The channel's call to a human speaker.
pub fn speech_call(ask: &Ask, user: u64, names: &Names, due_at_ms: i64) -> String {
    let what = names.t(
        match ask.kind {
            AskKind::PkSpeech => "wwd-call-pk",
            AskKind::LastWords => "wwd-call-last",
            AskKind::CampaignSpeech => "wwb-call-campaign",
            _ => "wwd-call-speech",
        },
        &[],
    );
    let (user, seat, max) = (user.to_string(), names.seat(ask.seat), ask.max_chars);
    let max = max.to_string();
    let args = [
        ("user", &*user),
        ("seat", &*seat),
        ("what", &*what),
        ("max", &*max),
    ];
    match closes(due_at_ms, names.lang) {
        c if c.is_empty() => names.t("wwd-call", &args),
        c => {
            let mut args = args.to_vec();
            args.push(("closes", &c));
            names.t("wwd-call-due", &args)
        }
    }
}

fn reason(r: ScoreReason, lang: Lang) -> String {
    let id = match r {
        ScoreReason::TeamWin => "wwd-reason-team-win",
        ScoreReason::Survival => "wwd-reason-survival",
        ScoreReason::Vote => "wwd-reason-vote",
        ScoreReason::SeerCheck => "wwd-reason-seer-check",
        ScoreReason::GodDawn => "wwd-reason-god-dawn",
        ScoreReason::WitchSave => "wwd-reason-witch-save",
        ScoreReason::WitchPoison => "wwd-reason-witch-poison",
        ScoreReason::HunterShot => "wwd-reason-hunter-shot",
    };
    lang.text(id, &[])
}

/// The scorecard: a title and one line per seat (role, GPP and its breakdown).
pub fn scorecard(
    outcome: &Outcome,
    names: &Names,
    breakdown: &[Vec<(ScoreReason, i32)>],
) -> (String, String) {
    let lang = names.lang;
    let title = names.t(
        match outcome.winner.as_str() {
            "good" => "wwd-win-good",
            "wolves" => "wwd-win-wolves",
            _ => "wwd-win-draw",
        },
        &[],
    );
    let mut s = String::new();
    for o in &outcome.seats {
        let mut parts: Vec<(ScoreReason, i32)> = Vec::new();
        for &(r, p) in breakdown.get(o.seat as usize - 1).into_iter().flatten() {
            match parts.iter_mut().find(|(x, _)| *x == r) {
                Some((_, total)) => *total += p,
                None => parts.push((r, p)),
            }
        }
        let detail: Vec<String> = (parts.iter())
            .map(|(r, p)| {
                let points = format!("{p:+}");
                names.t(
                    "wwd-score-part",
                    &[("reason", &reason(*r, lang)), ("points", &points)],
                )
            })
            .collect();
        let role = Role::parse(&o.role).map_or_else(|| o.role.clone(), |r| r.name_in(lang));
        let (mark, seat, score) = (
            if o.won { "✅" } else { "▫️" },
            names.seat(o.seat),
            o.score.to_string(),
        );
        let detail = detail.join(&names.t("wwd-list-sep", &[]));
        let mut args = vec![
            ("mark", mark),
            ("seat", &*seat),
            ("role", &*role),
            ("score", &*score),
        ];
        let id = if detail.is_empty() {
            "wwd-score"
        } else {
            args.push(("detail", &detail));
            "wwd-score-detail"
        };
        s.push_str(&names.t(id, &args));
        s.push('\n');
    }
    (title, s)
}
#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Names {
        Names::new((1..=9).map(|i| format!("p{i}")).collect(), Lang::En)
    }

    #[test]
    fn human_speeches_are_not_reposted_and_ai_ones_are_sanitized() {
        let n = names();
        let ev = |seat| Event::Speech {
            seat,
            kind: SpeechKind::Day,
            text: "hi @everyone".into(),
            claims: Default::default(),
        };
        assert_eq!(public_line(&ev(2), &n, SeatSet::only(2)), None);
        let line = public_line(&ev(3), &n, SeatSet::only(2)).unwrap();
        assert!(
            line.contains("Seat 3 · p3") && !line.contains("@everyone"),
            "{line}"
        );
    }

    #[test]
    fn votes_are_tallied_by_target() {
        let mut ballots = [Ballot::None; SEATS];
        ballots[0] = Ballot::Vote(5);
        ballots[1] = Ballot::Vote(5);
        ballots[2] = Ballot::Vote(1);
        ballots[3] = Ballot::Abstain;
        let line = public_line(
            &Event::VotesRevealed {
                round: agora_games::werewolf::VoteRound::Main,
                ballots: agora_games::werewolf::PerSeat::from_slice(&ballots),
                sheriff: None,
            },
            &names(),
            SeatSet::EMPTY,
        )
        .unwrap();
        assert!(line.contains("Seat 5 · p5 — 2 (from 1, 2)"), "{line}");
        assert!(line.contains("abstained: 4"), "{line}");
    }

    #[test]
    fn the_sheriffs_ballot_counts_one_and_a_half_and_is_marked() {
        let mut ballots = [Ballot::None; SEATS];
        ballots[0] = Ballot::Vote(5);
        ballots[1] = Ballot::Vote(3);
        ballots[2] = Ballot::Vote(3);
        ballots[3] = Ballot::Vote(5);
        let line = public_line(
            &Event::VotesRevealed {
                round: agora_games::werewolf::VoteRound::Main,
                ballots: agora_games::werewolf::PerSeat::from_slice(&ballots),
                sheriff: Some(4),
            },
            &names(),
            SeatSet::EMPTY,
        )
        .unwrap();
        let (five, three) = (line.find("Seat 5").unwrap(), line.find("Seat 3").unwrap());
        assert!(five < three, "the larger count first: {line}");
        assert!(
            line.contains("Seat 5 · p5 — 2.5 (from 1, 4 (sheriff, 1.5))"),
            "{line}"
        );
        assert!(line.contains("Seat 3 · p3 — 2 (from 2, 3)"), "{line}");
    }

    #[test]
    fn private_news_names_the_seat() {
        let l = private_line(
            &Event::RoleDealt {
                seat: 4,
                role: Role::Seer,
            },
            &names(),
        )
        .unwrap();
        assert!(l.contains("Seat 4 · p4") && l.contains("seer"), "{l}");
    }

    #[test]
    fn deadlines_are_live_discord_timestamps() {
        assert_eq!(
            closes(1_700_000_000_500, Lang::En),
            "closes <t:1700000001:R>"
        );
        assert_eq!(closes(0, Lang::En), "");
        let ask = Ask {
            seat: 2,
            kind: AskKind::Speech,
            targets: SeatSet::EMPTY,
            attacked: None,
            can_save: false,
            max_chars: 300,
            no_abstain: false,
            seq: 4,
        };
        let call = speech_call(&ask, 42, &names(), 1_700_000_000_000);
        assert!(call.contains("<t:1700000000:R>"), "{call}");
        assert!(!call.contains(" s)"), "no fixed seconds: {call}");
    }

    #[test]
    fn a_chinese_table_reads_in_chinese() {
        let n = names().in_lang(Lang::ZhCn);
        let night = public_line(&Event::NightFell { night: 2 }, &n, SeatSet::EMPTY).unwrap();
        assert!(night.contains("第2夜，天黑请闭眼"), "{night}");
        let out = public_line(&Event::Eliminated { seat: Some(3) }, &n, SeatSet::EMPTY).unwrap();
        assert_eq!(out, "🪓 **3号 · p3** 被放逐。");
        let mut ballots = [Ballot::None; SEATS];
        ballots[0] = Ballot::Vote(5);
        ballots[1] = Ballot::Vote(5);
        ballots[3] = Ballot::Abstain;
        let votes = public_line(
            &Event::VotesRevealed {
                round: agora_games::werewolf::VoteRound::Main,
                ballots: agora_games::werewolf::PerSeat::from_slice(&ballots),
                sheriff: None,
            },
            &n,
            SeatSet::EMPTY,
        )
        .unwrap();
        assert!(votes.contains("5号 · p5 — 2 票（1号、2号）"), "{votes}");
        assert!(votes.contains("弃票：4号"), "{votes}");
        let role = private_line(
            &Event::RoleDealt {
                seat: 4,
                role: Role::Seer,
            },
            &n,
        )
        .unwrap();
        assert!(
            role.contains("4号 · p4") && role.contains("预言家"),
            "{role}"
        );
        let witch = Ask {
            seat: 2,
            kind: AskKind::Witch,
            targets: SeatSet::only(3),
            attacked: Some(5),
            can_save: true,
            max_chars: 300,
            no_abstain: false,
            seq: 4,
        };
        let prompt = ask_prompt(&witch, &n, 1_700_000_000_000);
        assert_eq!(
            prompt,
            "🧪 今晚被狼人刀的是 **5号 · p5**。你可以用解药救他。你可以对一个座位用毒药。也可以不用药。（<t:1700000000:R>截止）"
        );
        let english = ask_prompt(&witch, &names(), 0);
        assert_eq!(
            english,
            "🧪 The wolves attacked **Seat 5 · p5**. You may save them. You may poison a seat. Or pass."
        );
        assert_eq!(
            fallen(Fall::VotedOut, Lang::ZhCn),
            "💀 你被放逐，已出局。可以继续在频道观战到结束，但请不要透露你知道的信息。"
        );
    }
}
