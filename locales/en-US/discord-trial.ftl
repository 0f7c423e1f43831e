# The trial at a Discord table (crates/discord/src/trial/): the lobby, the case, the juror
# threads, the argument's close, the deliberation, the verdict, the status and every
# refusal. The sides, votes and modes are trial.ftl's; the code joins lines.

## The lobby
dt-lobby-title = ⚖️ Trial — { $title }
dt-lobby-mode = Mode: **{ $mode }**
dt-lobby-seat = **{ $n }.** { $name }
dt-lobby-seat-side = **{ $n }.** { $name } ({ $side })
dt-lobby-nobody = Nobody has joined yet.
dt-lobby-how-defense = Everyone argues for NOT GUILTY: persuade a majority of the jurors. Each juror gets a thread; what you write there is said to that juror.
dt-lobby-how-adversarial = Join the defense (NOT GUILTY) or the prosecution (GUILTY); an AI advocate takes a side nobody joins. Each juror gets a thread; what you write there is said to that juror.
dt-lobby-host-starts = { $how } The host starts.
dt-button-join = Join
dt-button-join-defense = Join · defense
dt-button-join-prosecution = Join · prosecution
dt-button-leave = Leave
dt-button-start = Start
dt-join-seated = You have a seat already (Leave first to change it).
dt-join-full = Every seat is taken (8 players at most).
dt-join-defense-only = In a defense trial everyone argues for NOT GUILTY.
dt-no-seat = You have no seat here.
dt-host-starts = Only the host can start the trial.
dt-nobody-joined = Nobody has joined: join first, then start.
dt-button-closed = That button has closed.
dt-control-closed = That control has closed.
dt-lobby-ended = This trial has ended.
dt-lobby-started = The trial has already started: this lobby is closed.
dt-old-lobby = That lobby has closed: this button belongs to an earlier game in this channel.

## /trial start and its refusals
dt-no-case = Not started: there is no case { $typed }. Cases: { $cases }.
dt-case-not-in-lang = Not started: the case { $case } has no { $lang } version. Cases in { $lang }: { $cases }.
dt-lang-en = English
dt-lang-zh-CN = Chinese
dt-case-gone = the case { $case } is gone from the content
dt-could-not-start = The trial could not start: { $why }.

## The start and the case
dt-advocate = Advocate { $n } (AI, { $side })
dt-thread-name = ⚖️ { $name } — { $occupation }
dt-first-message = **{ $name }** ({ $age }, { $occupation }): { $opening }
dt-first-how = *Write here to speak to { $name }: each player has { $turns } messages for this juror.*
dt-started-title = ⚖️ The trial has started
dt-started = **{ $title }** — the case is below; each juror has a thread.
dt-case-title = ⚖️ { $title }
dt-juror = **{ $name }**{ $occupation }
dt-juror-occupation = , { $occupation }
dt-juror-thread = **{ $name }**{ $occupation } — <#{ $thread }>
dt-card = `{ $id }` — { $title }
dt-none = none
dt-case-question = **The question:** { $question }
dt-case-jury = **The jury:**
dt-case-evidence = **Evidence** (`/trial evidence`, once each): { $cards }
dt-case-players = **Players:** { $players }
dt-case-how = Talk to a juror in their thread; their minds are hidden — read their tone. The host ends the argument with `/trial verdict`.
dt-cards-sep = ;{" "}
dt-list = ,{" "}

## What is said
dt-a-player = a player
dt-replied = **{ $juror }** → { $player }: { $text }
dt-hint = *({ $hint })*
dt-stated = **{ $juror }:** { $text }
dt-responded = ↳ **{ $juror }:** { $text }
dt-said = **{ $player }** to { $juror }: { $text }
dt-evidence-title = 📄 Evidence: { $title }
dt-presented-by = *Presented by { $player }.*
dt-rests = { $player } rests.
dt-called-verdict = { $player } called for the verdict.
dt-time-over = The time for argument is over.
dt-closed-title = 🔔 The argument is closed
dt-closed = { $why } The jurors now deliberate among themselves, then vote.
dt-round = 🗣️ Deliberation, round { $round }: **{ $juror }** speaks.
dt-restarted = ♻️ The bot restarted: the trial goes on where it was.
dt-closes-at = ⏳ The argument closes <t:{ $at }:R>, when everyone has used their messages, or when the host calls `/trial verdict`.
dt-paused = ⏸️ The trial is paused: { $reason }. Retrying…
dt-goes-on = ▶️ The trial goes on.
dt-stopped = 🛑 The trial was stopped.
dt-not-said = <@{ $user }>, that was not said to { $juror }: { $why }.
dt-not-said-ended = the trial has ended

## The verdict
dt-verdict-juror = **{ $juror }**: { $vote } — stance { $from } → { $to } ({ $moved })
dt-verdict-offline = *Offline jurors: what was said was labelled by the case's keywords.*
dt-verdict-one = 🔨 The verdict: { $verdict }, { $won } vote to { $lost }
dt-verdict-many = 🔨 The verdict: { $verdict }, { $won } votes to { $lost }

## /trial evidence, /trial verdict
dt-no-trial = There is no trial in this channel.
dt-evidence-closed = The argument is closed: the jury is deliberating, and no more evidence is shown.
dt-ended = The trial has ended.
dt-players-only = Only the trial's players present evidence.
dt-no-card = There is no card { $card } in this case (cards: { $cards }).
dt-presented = Presented: { $title }.
dt-already-presented = { $title } has already been presented: each card is shown once.
dt-no-trial-under-way = There is no trial under way here.
dt-verdict-who = Only the host or a moderator (Manage Messages) can call the verdict.
dt-verdict-nobody = Nobody plays here to call it.
dt-verdict-called = You called for the verdict: the jury deliberates now.
dt-verdict-already = The argument is already closed: the jury is deliberating.
dt-not-started-yet = The trial has not started yet: the host starts it from the lobby.
dt-stale = That has closed.
dt-refused = { $why }.

## The status
dt-status-lobby = **Trial lobby** — { $title }
dt-status-mode = Mode: { $mode }; { $joined } The host starts it.
dt-status-nobody = nobody has joined yet.
dt-status-one = 1 person has joined.
dt-status-many = { $n } people have joined.
dt-status-running = **Trial** — { $stage }
dt-status-players = Players: { $players }.
dt-status-jurors = Jurors: { $jurors }.
dt-status-starting = The trial is starting.
dt-status-ended = The trial here has just ended.
dt-stage-argument = The argument is open: the players talk to the jurors in their threads, or until the host calls `/trial verdict`.
dt-stage-argument-until = The argument is open: the players talk to the jurors in their threads until it closes <t:{ $at }:R>, or until the host calls `/trial verdict`.
dt-stage-about-to = The argument is closed: the jury is about to deliberate.
dt-stage-deliberating = The argument is closed: the jury is deliberating (round { $round }).
dt-stage-over = The jury has voted; the verdict follows.
