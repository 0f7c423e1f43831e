# The team debate at a Discord table (crates/discord/src/debate/, not panel/): the lobby,
# the moderator's lines, the calls and their controls, the team threads, the status, the
# scorecard and every refusal. Spacing that joins a piece to the line before it is written
# {" "}; the code joins lines. Stages, parts, rules and sides are debate.ftl's.

## Words
dd-words-one = 1 word
dd-words = { $n } words
dd-the-team = the team
dd-nobody = nobody
dd-on = on
dd-off = off
dd-length-full = full
dd-length-short = short
dd-lang-en = English
dd-lang-zh-CN = Chinese
dd-ai-seat = 🤖 AI · { $name }
dd-ai-seat-offline = 🤖 AI · { $name } (offline)
dd-seat-name = { $seat } · { $name }
dd-more = …and { $n } more

## /debate start and its refusals
dd-not-started = Not started: { $why }.
dd-no-topic = Not started: there is no topic { $typed }, and { $why }. Topics: { $topics }.
dd-needs-model = a motion of your own needs a language model for the debaters (set LLM_API_KEY); offline, pick one of the topics
dd-topic-not-in-lang = Not started: the topic { $topic } has no { $lang } argument bank. Topics in { $lang }: { $topics }.
dd-motion-sentence = Not started: write the motion as a sentence, e.g. “This house would ban homework”.
dd-team-option-one = the { $options } option applies to the moderated and social debates only (a team debate is always four against four; choose format moderated or social, or leave it out)
dd-team-option-many = the { $options } options apply to the moderated and social debates only (a team debate is always four against four; choose format moderated or social, or leave them out)
dd-and = {" "}and{" "}
dd-bad-pace = pace { $why } (fast to slow)

## The lobby
dd-lobby-title = 🎙️ Team debate — take a seat
dd-motion = **Motion:** { $motion }
dd-lobby-options = Length: { $length } · live scores: { $live }{ $pace }
dd-lobby-pace = {" "}· pace ×{ $pace }
dd-lobby-how = Pick a seat below; empty seats are played by AI debaters. The host presses **Start**.
dd-lobby-seat = **{ $seat }** — { $name }
dd-lobby-open-seat = **{ $seat }** — 🤖 AI debater (open)
dd-lobby-pro = Pro (for the motion)
dd-lobby-con = Con (against)
dd-lobby-footer = Host: { $host } · the judge is an AI
dd-lobby-opener = the one who opened it
dd-button-leave = Leave
dd-button-start = Start
dd-button-cancel = Cancel
dd-lobby-cancelled = 🛑 The debate lobby was cancelled.
dd-lobby-taken = { $seat } is taken.
dd-lobby-no-seat = There is no seat { $seat }.
dd-lobby-not-seated = You do not have a seat at this table.
dd-lobby-not-host = Only the host or a moderator (Manage Messages) can start the debate.
dd-lobby-not-host-cancel = Only the host or a moderator (Manage Messages) can cancel the debate.
dd-lobby-started = The debate has already started: this lobby is closed.
dd-lobby-ended = This debate has ended.
dd-old-lobby = That lobby has closed: this button belongs to an earlier game in this channel.
dd-choice-closed = That choice has closed.

## The start
dd-could-not-start = The debate could not start: { $why }. Try again.
dd-started-title = 🎙️ The debate has started
dd-started-threads = Each team's private thread (its notes, the captain's calls): { $threads }
dd-started-thread = { $side } team: <#{ $thread }>
dd-started-how = The moderator calls each speaker here, with the limit and the time.
dd-thread-name = { $side } team — private
dd-thread-intro = 🔒 The { $side } team's private thread: only your team sees it. Write notes to your teammates here; your AI captain's calls in free debate come here too.

## The moderator's lines
dd-intro-opening = Each side's first debater sets out its case.
dd-intro-cross_examination = Four rounds: each side's second and third debaters question the other side, picking its second or third debater to answer; then each side's first debater sums up, Pro first.
dd-intro-free_debate = The floor alternates, Pro first; each team has a clock in words. Any debater may speak.
dd-intro-closing = Each side's fourth debater closes, Con first.
dd-intro-finished = Every speech is in: the judge is scoring and writing the review.
dd-motion-line = 📜 **Motion:** { $motion }
dd-stage-header = ## 🎙️ { $stage }
dd-spoke = **{ $seat }** — { $part } ({ $words }/{ $limit } words{ $over }){ $target }
dd-spoke-over = {" "}— over the limit
dd-spoke-target = {" "}→ { $seat } answers
dd-skipped = ⏭️ { $seat } missed the { $part } (the time ran out).
dd-rested-one = 🛑 { $seat } rests { $side }'s case: the 1 word left on its clock given up.
dd-rested = 🛑 { $seat } rests { $side }'s case: the { $left } words left on its clock given up.
dd-clock-line = ⏱️ Clocks: Pro { $pro } words · Con { $con } words left.
dd-over-draw = 🏁 The debate is over: a draw. The scorecard follows.
dd-over-win = 🏁 The debate is over: **{ $side }** wins. The scorecard follows.
dd-handed = 🧭 { $from } hands the floor to { $to }
dd-handed-with = 🧭 { $from } hands the floor to { $to }: “{ $direction }”
dd-team-note = 📝 { $seat }: { $text }
dd-limits = Word limits: opening { $opening } · questions { $question } · answer { $answer } · summary { $summary } · closing { $closing } · free-debate clock { $clock } a team.
dd-penalty = { $who }: { $points } ({ $rule })
dd-scored = { $seat }: { $points } (logic { $logic }, persuasion { $persuasion }, expression { $expression }, teamwork { $teamwork }, rules { $rules })
dd-scored-offline = { $seat }: { $points } (logic { $logic }, persuasion { $persuasion }, expression { $expression }, teamwork { $teamwork }, rules { $rules }) · offline
dd-ask-announce = 🎤 { $seat } — { $ask }.
dd-paused = ⏸️ The debate is paused: { $reason }. It goes on by itself once the store answers.
dd-goes-on = ▶️ The debate goes on.
dd-restarted = ♻️ The bot restarted: the debate goes on ({ $turn }).
dd-stopped = 🛑 The debate was stopped (recorded as abandoned).

## What a turn asks for
dd-ask-free-own = a free-debate speech ({ $words } left on your team's clock)
dd-ask-free = a free-debate speech ({ $words } left on { $side }'s clock)
dd-ask-speak-own = your { $part } (up to { $words })
dd-ask-speak = the { $part } (up to { $words })
dd-ask-question-own = your cross-examination questions (questions only, up to { $words }), answered by { $a } or { $b }
dd-ask-question = the cross-examination questions (questions only, up to { $words }), answered by { $a } or { $b }
dd-ask-judge = the judge's scores

## A person's call
dd-call = 🎤 { $seat } — { $ask }. Time ends <t:{ $at }:R>.
dd-call-captain = Your captain: “{ $direction }”
dd-call-how-question = Pick who answers, type your questions here (one or more messages), then press **Done**, or press **Write speech**.
dd-call-how-hand = Type your speech here (one or more messages) and press **Done**, press **Write speech**, or hand the floor to a teammate.
dd-call-how = Type your speech here (one or more messages) and press **Done**, or press **Write speech**.
dd-progress = ✍️ { $words } / { $limit } words{ $over }{ $target }
dd-progress-over = {" "}— over the limit: it is kept and penalised
dd-progress-target = {" "}· { $seat } answers
dd-progress-no-target = {" "}· nobody picked to answer yet
dd-closed-call = 🎤 { $seat } — { $how }
dd-closed-skipped = the time ran out: the turn is skipped.
dd-closed-handed = the floor was handed on.
dd-closed-rested = the team rested its case.
dd-closed-done = done: the speech is in.
dd-closed-free-over = free debate is over.
dd-closed-again = you have the floor again: your call is below.
dd-closed-time = the time to write ran out: the floor is free again.
dd-button-done = Done
dd-button-write = Write speech
dd-pick-answerer = Who answers your questions?
dd-pick-teammate = …or hand the floor to a teammate
dd-form-title-questions = Your questions
dd-form-title-speech = Speech
dd-form-questions = Your questions (up to { $words })
dd-form-free = Your speech ({ $words } left)
dd-form-speak = Your { $part } (up to { $words })
dd-form-scores = Scores

## The free debate's floor
dd-floor-button = 🙋 Take the floor
dd-floor = 🙋 Any debater may take the floor in free debate, whoever the moderator calls: press the button, then type your speech and press Done. The rules decide the penalties (a team speaking twice in a row while the other has time loses 3).
dd-floor-over = 🙋 Free debate is over.

## Refusals of a call's controls, a form, the floor
dd-not-yours = That call is not yours: only the debater it names can use it.
dd-nothing-written = Nothing written yet: type your speech in the channel (or press Write speech), then press Done.
dd-pick-first = Pick who answers your questions first (the menu above Done); your text is kept.
dd-debate-ended = The debate has ended.
dd-pick-one-of-two = Pick one of the two who may answer.
dd-pick-a-teammate = Pick a teammate.
dd-floor-not-debater = Only the debaters can take the floor.
dd-floor-call-open = You already have a call open: type your speech and press Done on it.
dd-floor-pro-first = Free debate opens with a Pro speech: wait for it.
dd-floor-spent = { $side }'s free-debate clock is spent.
dd-form-empty = The form was empty, so nothing was handed in; anything you typed in the channel is kept. Write your speech, then press Done.
dd-form-moved = Your call moved (the floor came back to you): your text is in the new call — press Done there.
dd-speech-in = ✅ Your speech is in.
dd-refused = { $why }

## The status
dd-status-lobby = **Team debate lobby** — { $n } of 8 seats taken by people (the rest will be AI debaters).
dd-status-motion = Motion: { $motion }
dd-status-running = **Team debate** — { $turn }
dd-status-no-speech = No speech yet.
dd-status-one-speech = 1 speech so far.
dd-status-speeches = { $n } speeches so far.
dd-status-clocks = Clocks: Pro { $pro } · Con { $con } words left.
dd-status-starting = The debate is starting.
dd-status-ended = The debate here has just ended.
dd-turn = { $stage }; { $seat } has the floor
dd-turn-begins = The debate begins

## The scorecard and the judge's notes
dd-card-draw = 🏁 The debate is a draw
dd-card-win = 🏁 { $side } wins the debate
dd-card-ended = 🏁 The debate has ended
dd-card-totals = Pro **{ $pro }** · Con **{ $con }**
dd-card-totals-title = Team totals
dd-card-best = Best debater
dd-card-penalties = Penalties
dd-card-none = None.
dd-card-line = { $seat } · { $part }: **{ $score }**
dd-card-footer-offline = Scores marked offline: judged by the built-in heuristic judge (no language model).
dd-card-footer = Scores by the AI judge; every total, penalty and the winner computed by the rules.
dd-notes-title = 📋 **Why each speech scored what it did**
dd-notes-line = **{ $seat }** · { $part }: **{ $points }** (logic { $logic }, persuasion { $persuasion }, expression { $expression }, teamwork { $teamwork }, rules { $rules }){ $note }
dd-notes-note = {" "}— { $note }
dd-review = 🧑‍⚖️ **The review by the judge**
dd-review-offline = 🧑‍⚖️ **The review by the offline judge**
dd-live-scores-team-only = live_scores applies to the team debate only (a moderated debate posts each round's scores as it goes; a social debate's scores come with the result)
