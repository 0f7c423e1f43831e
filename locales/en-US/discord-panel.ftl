# The moderated and social debates at a Discord table: the lobby, its buttons and
# refusals, the calls to speak, the channel's posts, status, the scorecard, conceding.

## Titles and words
dp-title-moderated = Moderated debate
dp-title-social = Social debate
dp-title-team = Team debate
dp-rounds-one = 1 round
dp-rounds = { $n } rounds
dp-words-one = 1 word
dp-words = { $n } words
dp-a-participant = a participant
dp-referee-moderated = the moderator is scoring the round
dp-referee-social = the evaluator is weighing the speeches

## The lobby
dp-lobby-title = 🎙️ { $title } — lobby
dp-motion = **Motion:** { $motion }
dp-lobby-count = { $rounds } · { $n } participants (empty seats are AI){ $options }
dp-lobby-nobody = Nobody has joined yet.
dp-lobby-side = { " " }({ $side }, { $firm })
dp-lobby-how-social = Join for or against the motion; persuade the others, hold your ground, or give in with `/debate concede`. The host starts.
dp-lobby-how-moderated = Join to speak in turn each round; a neutral moderator scores every round and the whole debate. The host starts.
dp-firm-open = open to persuasion
dp-firm-firm = firm
dp-firm-immovable = immovable
dp-option-length = { $length } speeches
dp-option-pace = pace { $pace } (timers { $how })
dp-pace-shorter = shorter
dp-pace-longer = longer
dp-pace-as-set = as set
dp-button-join = Join
dp-button-for = Join · for
dp-button-against = Join · against
dp-button-leave = Leave
dp-button-start = Start
dp-firmness-option = How firmly you hold your side: { $name }
dp-firmness-placeholder = How firmly do you hold your side? (after joining)

## What a click is told (the clicker alone)
dp-ended = This debate has ended.
dp-already-started = The debate has already started: this lobby is closed.
dp-have-seat = You have a seat already (Leave first to change it).
dp-full = Every seat is taken (8 at most).
dp-pick-one = Pick one of the choices.
dp-join-first = Join first (for or against), then say how firmly.
dp-no-seat = You have no seat here.
dp-only-host = Only the host can start the debate.
dp-button-closed = That button has closed.
dp-not-yours = That call is not yours: only the participant it names can use it.
dp-call-closed = That call has closed.
dp-handed-in = Handed in.
dp-control-closed = That control has closed.
dp-why-ended = the debate has ended
dp-why-not-your-turn = it is not your turn
dp-why-nothing-typed = nothing typed yet: type your speech in the channel, then press Done
dp-why-too-late = the time for it ran out

## Status
dp-status-lobby = **{ $title } lobby** — { $joined } The host starts it.
dp-status-motion = Motion: { $motion }
dp-status-running = **{ $title }** — { $progress }
dp-status-starting = The debate is starting.
dp-status-closed = The debate here has just ended.
dp-joined-none = nobody has joined yet.
dp-joined-one = 1 person has joined.
dp-joined = { $n } people have joined.
dp-progress-ended = The debate has ended; the scorecard follows.
dp-progress-opening = The debate is opening.
dp-progress-round = Round { $round } of { $rounds }
dp-progress-all-in = { $round }: every speech is in, and { $referee }.
dp-progress-speaking = { $round }: { $name } is speaking{ $when }.{ $next }
dp-progress-when = { " " }(their time runs out <t:{ $t }:R>)
dp-progress-next = { " " }Then: { $names }.

## The debate in the channel
dp-could-not-start = The debate could not start: { $why }.
dp-started-title = 🎙️ The debate has started
dp-started-how = When it is your turn you are called here: type your speech in the channel, then press Done (or type `done`).
dp-seating = { $who } — **{ $side }** the motion
dp-restarted = ♻️ The bot restarted: the debate goes on where it was.
dp-paused = ⏸️ The debate is paused: { $reason }. Retrying…
dp-resumed = ▶️ The debate goes on.
dp-stopped = 🛑 The debate was stopped.
dp-mod-opened = 🎙️ Moderated debate ({ $style }, { $rounds }, { $participants } participants): { $motion }
dp-mod-round = 🔔 Round { $round } — speaking order: { $order }.
dp-social-opened = 🎙️ Social debate ({ $rounds }): { $motion }
dp-social-where = Where each stands: { $who }.
dp-social-start = { $name } ({ $side }, stance { $stance }, conviction { $conviction })
dp-social-round = 🔔 Round { $round }.

## A call to speak
dp-button-done = Done
dp-call-open = 🎤 <@{ $user }>, your speech for round { $round }: at most { $limit } words. Type it here (one or more messages), then press Done or type `done` — <t:{ $t }:R>.
dp-call-count = ✍️ { $words } of { $limit } words typed{ $over } — press Done or type `done` to hand it in.
dp-call-over = { " " }(over the limit)
dp-call-closed-text = 🎤 <@{ $user }>, your speech for round { $round } — { $what }
dp-call-handed-in = handed in ({ $words }).
dp-call-timed-out = closed: the time ran out and the turn was missed.
dp-call-conceded = closed: you gave in.
dp-call-ended = closed: the debate has ended.

## The scorecard
dp-scorecard = 🏁 Scorecard
dp-score-social = { " " }— stance { $stance }, conviction { $conviction }{ $gave_in }
dp-score-gave-in = , gave in
dp-score-moderated = { " " }— rounds { $rounds }/30, evaluation { $evaluation }/100
dp-verdict = **Verdict:** { $kind }{ $offline }
dp-offline = { " " }· offline-scored

## Conceding (`/debate concede`)
dp-concede-nothing = There is nothing to concede here: conceding is for social debates.
dp-concede-moderated = There is no conceding in a moderated debate: speak, or let your time run out.
dp-concede-not-started = The debate has not started yet.
dp-concede-ended = The debate has ended.
dp-concede-not-debating = You are not debating here.
dp-concede-done = You gave in: you speak no more in this debate.
dp-concede-again = You have already given in: you speak no more in this debate.
