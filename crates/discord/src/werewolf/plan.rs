//! What a running game's notes mean for the table, and what to post for them (pure: no
//! I/O). Public events go to the channel, each private event to the DMs of exactly the
//! human seats in its audience; asks of human seats become a speech call, the shared vote
//! message, or controls. What a resumed game had already posted updates the state only.

use super::render;
use super::sheriff::{board_closed, on_shared_message};
use super::table::{Board, OpenAsk, Running, TablePhase};
use crate::drafts::{draft_line, Key};
use agora_core::session::Note;
use agora_core::store::Outcome;
use agora_games::werewolf::{Ask, AskKind, Event, Fall, Seat, SeatSet, Werewolf};
use agora_games::Audience;
use std::collections::BTreeMap;
use std::sync::Arc;

/// One thing to post.
pub(super) enum Post {
    Text(String),
    SpeechCall {
        seat: Seat,
        seq: u32,
        user: u64,
        text: String,
    },
    Board,
    Controls {
        seq: u32,
    },
    /// The night panel button of a seat whose DMs are closed.
    Panel {
        seat: Seat,
    },
    /// An AI seat's speech: its own message (the one that showed it being written, if
    /// there was one), paced apart from the one before.
    AiSpeech {
        seat: Seat,
        text: String,
    },
    /// The witch told of the attack: not sent again when her controls (which say it) go
    /// with it.
    WitchNews(String),
    /// An unasked action offered to the seat (its own DM message).
    Offer(super::unasked::Offer),
}

#[derive(Default)]
pub(super) struct Plan {
    pub(super) channel: Vec<Post>,
    pub(super) dms: BTreeMap<Seat, Vec<Post>>,
    pub(super) status_changed: bool,
    pub(super) board_dirty: bool,
    pub(super) close_board: Option<(u64, String)>,
    pub(super) ended: Option<Option<Outcome>>,
    /// AI speeches as written so far, to show in the channel (the latest of each).
    pub(super) drafts: Vec<(Key, String)>,
    /// Human seats that died: their people join the graveyard.
    pub(super) graves: Vec<Seat>,
    /// The roles became due in the graveyard (the host's choice, after the first night).
    pub(super) roles_due: bool,
}

pub(super) fn push_text(posts: &mut Vec<Post>, line: String) {
    if let Some(Post::Text(t)) = posts.last_mut() {
        if t.len() + line.len() < 1800 {
            t.push('\n');
            t.push_str(&line);
            return;
        }
    }
    posts.push(Post::Text(line));
}

/// Applies notes to the table's state and says what to post. Events a resumed game had
/// already posted (before `quiet_until`) and asks it had already posted update the state
/// only.
pub(super) fn plan(r: &mut Running, notes: &[Arc<Note<Werewolf>>]) -> Plan {
    let mut p = Plan::default();
    let mut quiet = Plan::default();
    let humans = r.data.humans();
    for note in notes {
        if let Note::Event { audience, event } = &**note {
            let index = r.events;
            r.events += 1;
            let target = if index < r.quiet_until {
                &mut quiet
            } else {
                &mut p
            };
            take_event(r, target, humans, *audience, event);
            continue;
        }
        match &**note {
            Note::Draft {
                seat,
                seq,
                audience: Audience::Everyone,
                event,
                text,
            } => {
                let line = draft_line(text, || render::public_line(event, &r.names, humans));
                if let Some(line) = line {
                    p.drafts.retain(|(k, _)| *k != (*seat, *seq));
                    p.drafts.push(((*seat, *seq), line));
                }
            }
            Note::Draft { .. } => {}
            Note::Ask {
                seat,
                seq,
                ask,
                due_at,
            } => {
                if !humans.contains(*seat) {
                    continue;
                }
                r.gens += 1;
                let shown = r.known.shown(ask, r.alive);
                let ask = &shown;
                r.open.insert(
                    *seat,
                    OpenAsk {
                        gen: r.gens,
                        seq: *seq,
                        ask: *ask,
                        due_at: *due_at,
                    },
                );
                let before = r.asked_before.iter().position(|x| *x == (*seat, *seq));
                let vote = on_shared_message(ask.kind);
                match before {
                    // Marked before a restart but never known on screen: asked again.
                    Some(i) if !vote && !r.on_screen(*seat, *seq, ask.kind) => {
                        r.asked_before.swap_remove(i);
                        let user = r.data.user(*seat).unwrap_or(0);
                        let text = render::speech_call(ask, user, &r.names, *due_at);
                        let found = (r.calls_read_back.iter())
                            .find(|(_, t)| ask.kind.is_speech() && *t == text)
                            .map(|(m, _)| *m);
                        match found {
                            // Its call was posted after all (its very text is there).
                            Some(m) => {
                                r.data.shown.push((*seat, *seq, m));
                                post_ask(r, &mut Plan::default(), *seat, *seq, ask, *due_at);
                            }
                            None => post_ask(r, &mut p, *seat, *seq, ask, *due_at),
                        }
                    }
                    Some(i) => {
                        r.asked_before.swap_remove(i);
                        let mut q = Plan::default();
                        post_ask(r, &mut q, *seat, *seq, ask, *due_at);
                        if q.channel.iter().any(|x| matches!(x, Post::Board)) {
                            match (r.board.as_mut(), r.data.board) {
                                // The vote message posted before the restart is used again.
                                (Some(b), Some((key, m))) => {
                                    b.key = key;
                                    b.message = Some(m);
                                    p.board_dirty = true;
                                }
                                // Its id was never stored: a new one.
                                _ => p.channel.push(Post::Board),
                            }
                        }
                        p.board_dirty |= q.board_dirty;
                    }
                    None => {
                        // A new opening: what was on screen for the seat is not its.
                        r.data.shown.retain(|(s, _, _)| s != seat);
                        post_ask(r, &mut p, *seat, *seq, ask, *due_at);
                    }
                }
            }
            // The reason is the store's error, for the operator's log: players read
            // plain words.
            Note::Paused { .. } => push_text(&mut p.channel, r.names.t("wwd-paused", &[])),
            Note::Resumed => push_text(&mut p.channel, r.names.t("wwd-resumed", &[])),
            Note::Ended { outcome } => p.ended = Some(Some(outcome.clone())),
            Note::Abandoned => p.ended = Some(None),
            Note::Seat { seat, to, why } => super::afk::on_seat(r, &mut p, *seat, *to, *why),
            Note::Event { .. } => {}
        }
    }
    p.status_changed |= quiet.status_changed;
    p
}

/// The human seats whose DMs are closed, among `among`.
fn closed_dms(r: &Running, among: SeatSet) -> SeatSet {
    among
        .iter()
        .filter(|s| r.data.seats[*s as usize - 1].dm_closed && r.data.user(*s).is_some())
        .collect()
}

/// Takes in one event: the table's state, and what to post for it.
fn take_event(r: &mut Running, p: &mut Plan, humans: SeatSet, audience: Audience, event: &Event) {
    match audience {
        Audience::Everyone => {
            let before = (r.alive, r.phase);
            // Seats with closed DMs get their night panel at the same moments whatever
            // their role: when night falls, and when they die (a hunter may shoot).
            let mut panels = SeatSet::EMPTY;
            match event {
                Event::NightFell { night } => {
                    r.phase = TablePhase::Night(*night);
                    r.speaker = None;
                    panels = closed_dms(r, r.alive);
                }
                Event::Dawn { day, dead } => {
                    r.phase = TablePhase::Day {
                        day: *day,
                        pk: false,
                    };
                    r.alive = r.alive.minus(*dead);
                    panels = closed_dms(r, *dead);
                }
                Event::Eliminated { seat: Some(s) } => {
                    r.alive.remove(*s);
                    panels = closed_dms(r, SeatSet::only(*s));
                }
                Event::HunterShot {
                    target: Some(t), ..
                }
                | Event::KingShot {
                    target: Some(t), ..
                }
                | Event::Taken { target: t, .. } => r.alive.remove(*t),
                // The day ends at once: whoever was speaking is not any more.
                Event::Exploded { wolf } => {
                    r.alive.remove(*wolf);
                    r.speaker = None;
                    r.open.retain(|_, o| !o.ask.kind.is_speech());
                }
                // A candidate who withdraws has no campaign speech to give any more.
                Event::Withdrew { seat } => {
                    if r.speaker.map(|(s, _)| s) == Some(*seat) {
                        r.speaker = None;
                    }
                    r.open
                        .retain(|s, o| !(s == seat && o.ask.kind == AskKind::CampaignSpeech));
                }
                Event::PkCalled { .. } => {
                    if let TablePhase::Day { pk, .. } = &mut r.phase {
                        *pk = true;
                    }
                }
                Event::Speech { seat, .. } if r.speaker.map(|(s, _)| s) == Some(*seat) => {
                    r.speaker = None;
                }
                // The shared message closes: the votes are revealed, or the sheriff's
                // runners named.
                Event::VotesRevealed { .. } | Event::SheriffRunners { .. } => {
                    if let Some(b) = r.board.take() {
                        r.data.board = None;
                        if let Some(m) = b.message {
                            let closed = match board_closed(b.kind) {
                                Some(id) => id,
                                None if b.kind == AskKind::PkVote => "wwd-board-closed-pk",
                                None => "wwd-board-closed",
                            };
                            p.close_board = Some((m, r.names.t(closed, &[])));
                        }
                    }
                    for s in humans.iter() {
                        if matches!(r.open.get(&s), Some(o) if on_shared_message(o.ask.kind)) {
                            r.open.remove(&s);
                        }
                    }
                }
                _ => {}
            }
            if (r.alive, r.phase) != before {
                p.status_changed = true;
            }
            if let Some(line) = render::public_line(event, &r.names, humans) {
                match event {
                    Event::Speech { seat, .. } if !humans.contains(*seat) => {
                        p.channel.push(Post::AiSpeech {
                            seat: *seat,
                            text: line,
                        })
                    }
                    _ => push_text(&mut p.channel, line),
                }
            }
            for s in panels.iter() {
                p.channel.push(Post::Panel { seat: s });
            }
            // One phase behind: once the first night is over, the graveyard may see the roles.
            if matches!(event, Event::Dawn { .. })
                && r.data.graveyard.roles.is_some()
                && !r.data.graveyard.roles_due
            {
                r.data.graveyard.roles_due = true;
                p.roles_due = true;
            }
            // A person who dies is told at once, privately, and joins the graveyard.
            let (fallen, how) = event.fallen().unwrap_or((SeatSet::EMPTY, Fall::Night));
            for s in humans.intersect(fallen).iter() {
                let line = render::fallen(how, r.data.lang_of(s));
                r.private[s as usize - 1].push(line.clone());
                push_text(p.dms.entry(s).or_default(), line);
                p.graves.push(s);
            }
            for (s, offer) in super::unasked::offers(r, humans, event) {
                p.dms.entry(s).or_default().push(Post::Offer(offer));
            }
        }
        Audience::Seats(seats) => {
            if let Event::WolfPack { wolves } = event {
                r.pack = Some(*wolves);
            }
            r.known.take(event);
            if let Event::Defaulted { seat, .. } = event {
                // Its time ran out: an ask of the seat's from before a restart is over too.
                r.asked_before.retain(|(s, _)| s != seat);
                if let Some(o) = r.open.remove(seat) {
                    if r.speaker == Some((*seat, o.seq)) {
                        r.speaker = None;
                    }
                }
            }
            for s in humans.intersect(seats).iter() {
                // Each person reads their news in their own language.
                if let Some(line) = render::private_line(event, &r.names_of(s)) {
                    r.private[s as usize - 1].push(line.clone());
                    // A seat's own choice was confirmed on its control when it chose: it is
                    // kept with its news but not sent again.
                    let echo = match event {
                        Event::VoteCast { .. }
                        | Event::WitchSaved { .. }
                        | Event::WitchPoisoned { .. } => true,
                        Event::WolfPicked { wolf, .. } => *wolf == s,
                        Event::GuardPicked { .. } => true,
                        _ => false,
                    };
                    if echo {
                        continue;
                    }
                    let dm = p.dms.entry(s).or_default();
                    if matches!(event, Event::WitchTold { .. }) {
                        dm.push(Post::WitchNews(line.clone()));
                    } else {
                        push_text(dm, line.clone());
                    }
                }
            }
        }
        Audience::Moderator => {}
    }
}

pub(super) fn post_ask(
    r: &mut Running,
    p: &mut Plan,
    seat: Seat,
    seq: u32,
    ask: &Ask,
    due_at: i64,
) {
    match ask.kind {
        k if k.is_speech() => {
            r.speaker = Some((seat, seq));
            let user = r.data.user(seat).unwrap_or(0);
            p.channel.push(Post::SpeechCall {
                seat,
                seq,
                user,
                text: render::speech_call(ask, user, &r.names, due_at),
            });
        }
        k if on_shared_message(k) => match &mut r.board {
            Some(b) if b.kind == ask.kind => {
                if !b.voters.contains(seat) {
                    b.voters.insert(seat);
                    b.targets = b.targets.union(ask.targets);
                    p.board_dirty = b.message.is_some();
                }
            }
            _ => {
                // The key is the game's own number for this ask: unique in the game, so an
                // old vote message (even from before a restart) never matches a new round.
                r.board = Some(Board {
                    key: seq,
                    kind: ask.kind,
                    message: None,
                    voters: SeatSet::only(seat),
                    voted: SeatSet::EMPTY,
                    targets: ask.targets,
                    due_at,
                });
                p.channel.push(Post::Board);
            }
        },
        _ => p.dms.entry(seat).or_default().push(Post::Controls { seq }),
    }
}
