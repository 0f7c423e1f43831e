# Werewolf at a Discord table: the lobby, the status board, the channel's story, the calls,
# the vote message, a seat's DMs and controls, the night panel, refusals and the scorecard.
# Arguments are seat numbers, seats already named (`wwd-seat-named`), lists, and texts.

# Seats and lists.
wwd-seat = Seat { $seat }
wwd-seat-named = Seat { $seat } · { $name }
wwd-seat-number = { $seat }
wwd-list-sep = { ", " }
wwd-sentence-gap = { " " }
wwd-ai-name = 🤖 { $name } (AI)

# The lobby.
wwd-lobby-title = 🐺 Werewolf — a table is open
wwd-lobby-seat = { $n }. { $name }
wwd-lobby-host = { $n }. { $name } (host)
wwd-lobby-ai = { $n }. — (an AI player if still empty: { $ai })
wwd-lobby-empty = { $n }. — empty
wwd-lobby-count = { $taken } of { $seats } seats taken. Press **Join** to sit down; the host presses **Start**.
wwd-lobby-status = **Lobby** — { $taken } of { $seats } seats taken.
wwd-join = Join
wwd-leave = Leave
wwd-start = Start
wwd-err-seated = You already have a seat at this table.
wwd-err-full = The table is full ({ $seats } seats).
wwd-err-not-seated = You do not have a seat at this table.
wwd-err-not-host = Only the host or a moderator (Manage Messages) can start the game.
wwd-err-not-enough = AI fill is off: the game needs { $seats } players, { $joined } have joined.
wwd-err-empty = Nobody has joined yet.
wwd-err-pace = pace { $value } is not allowed: use a number from { $min } to { $max } (fast to slow)
wwd-err-max-days = max_days { $value } is not allowed: use a day from { $min } to { $max }
wwd-not-started = Not started: { $why }.
wwd-could-not-start = The game could not start: { $why }. Try again.
wwd-welcome = 👋 You have a seat at the werewolf table in { $channel }. Your role and your night actions will come here.
wwd-dms-closed = 📪 I can't send you DMs (they are closed for this server). You can still play: press the **{ $label }** button I post in the channel for you each night (and when you die); only you will see what it shows. (Or allow DMs from server members and I will use them.)
wwd-no-game = There is no game in this channel. Open one with { $open }.

# The game starts; the status board.
wwd-started-title = 🐺 Werewolf — the game has started
wwd-started-help = Roles and night actions come by DM. By day, the current speaker's next message here is their speech.
wwd-table-title = 🐺 Werewolf — the table
wwd-table-footer = session { $session }
wwd-phase-begins = The game begins
wwd-phase-night = Night { $n }
wwd-phase-day = Day { $n }
wwd-phase-day-pk = Day { $n } (PK)
wwd-phase-over = 🏁 The game is over: the roles and scores are below.
wwd-phase-stopped = 🛑 The game was stopped.
wwd-turn-speaking = { $seat } is speaking
wwd-turn-voting = voting; waiting for { $seats }
wwd-turn-night = night actions are being taken (in DMs)
wwd-turn-ai = the AI players are acting
wwd-status-now = Now: { $turn }.
wwd-status-starting = The game is starting.
wwd-status-ended = The game here has just ended.
wwd-restarted = ♻️ The bot restarted: the game goes on; { $turn }.
wwd-paused = ⏸️ The game is paused: the bot cannot reach its database. It will carry on by itself.
wwd-resumed = ▶️ The game goes on.

# The channel's story.
wwd-night = 🌙 **Night { $night } falls.** Everyone closes their eyes; night actions happen in DMs.
wwd-dawn-peaceful = ☀️ **Day { $day }.** A peaceful night: nobody died.
wwd-dawn-dead = ☀️ **Day { $day }.** Died in the night: { $dead }.
wwd-speech = 🗣️ **{ $seat }**: { $text }
wwd-speech-pk = 🗣️ **{ $seat }** (PK): { $text }
wwd-speech-last = 🗣️ **{ $seat }** (last words): { $text }
wwd-votes = 🗳️ **The votes:**
wwd-votes-none = 🗳️ **The votes:** nobody voted.
wwd-votes-for = • { $seat } — { $count } (from { $voters })
wwd-votes-abstained = • abstained: { $voters }
wwd-pk = ⚖️ A tie between { $seats }: PK speeches, then the others vote again.
wwd-voted-out = 🪓 **{ $seat }** is voted out.
wwd-voted-out-none = Nobody is voted out.
wwd-hunter-shoots = 🏹 The hunter, **{ $hunter }**, shoots **{ $target }**.
wwd-hunter-holds = 🏹 The hunter, **{ $hunter }**, does not shoot.

# A seat's private news.
wwd-role = 🎭 You are **{ $seat }**, the **{ $role }**. { $help }
wwd-help-werewolf = Each night the wolves choose a victim together (in this DM). By day, blend in.
wwd-help-seer = Each night you check one seat and learn if it is a wolf.
wwd-help-witch = You have one antidote (save the attacked seat) and one poison, each once per game.
wwd-help-hunter = When you die (unless poisoned, per the rules) you may shoot one seat.
wwd-help-villager = Find the wolves by day and vote them out.
wwd-pack = 🐺 The wolves are: { $seats }.
wwd-wolf-picks = 🐺 { $wolf } picks **{ $target }**.
wwd-wolf-picks-again = 🐺 { $wolf } picks **{ $target }** (second round).
wwd-wolf-no-pick = 🐺 { $wolf } made no pick.
wwd-wolf-no-pick-again = 🐺 { $wolf } made no pick (second round).
wwd-wolf-tie = 🐺 The picks tie between { $seats }: pick once more.
wwd-wolf-lot = 🐺 Tied again: the lot falls on **{ $target }**.
wwd-wolf-attack = 🐺 Tonight the wolves attack **{ $target }**.
wwd-wolf-attack-none = 🐺 The wolves attack nobody tonight.
wwd-witch-told = 🧪 Tonight the wolves attacked **{ $target }**.
wwd-witch-told-none = 🧪 Nobody was attacked tonight.
wwd-witch-saved = 🧪 You save { $target }.
wwd-witch-poisoned = 🧪 You poison { $target }.
wwd-seer-wolf = 🔮 { $target } is **a WOLF**.
wwd-seer-good = 🔮 { $target } is **good**.
wwd-hunter-may-shoot = 🏹 You die tonight; you may shoot.
wwd-hunter-poisoned = 🏹 You were poisoned tonight: you may not shoot.
wwd-vote-cast = 🗳️ Your sealed vote: { $target }.
wwd-abstain-cast = 🗳️ You abstain (sealed).
wwd-defaulted = ⏰ Time ran out for your { $ask }: the default was taken.
wwd-fallen = 💀 You were { $how }: out of the game. Watch the channel to the end if you like, and keep what you know to yourself.

# Asks: their prompts, the channel's call to a speaker, deadlines.
wwd-closes = closes <t:{ $at }:R>
wwd-with-deadline = { $what } ({ $closes })
wwd-prompt-wolf = 🐺 **Choose tonight's victim.**
wwd-prompt-seer = 🔮 **Choose a seat to check.**
wwd-prompt-hunter = 🏹 **You may shoot one seat, or decline.**
wwd-prompt-witch-attacked = The wolves attacked **{ $target }**.
wwd-prompt-witch-none = Nobody was attacked.
wwd-prompt-witch-save = You may save them.
wwd-prompt-witch-poison = You may poison a seat.
wwd-prompt-witch-pass = Or pass.
wwd-prompt-speech = 🎤 your speech
wwd-prompt-pk-speech = 🎤 your PK speech
wwd-prompt-last-words = 🎤 your last words
wwd-prompt-vote = 🗳️ your vote
wwd-call = 🎤 <@{ $user }> ({ $seat }): { $what }. Type it in this channel: your next message is your speech (at most { $max } characters).
wwd-call-due = 🎤 <@{ $user }> ({ $seat }): { $what }. Type it in this channel: your next message is your speech (at most { $max } characters, { $closes }).
wwd-call-speech = your turn to speak
wwd-call-pk = your PK speech
wwd-call-last = your last words

# The vote message.
wwd-board = 🗳️ **Vote** — choose who to vote out. Ballots stay sealed until everyone has voted.
wwd-board-pk = 🗳️ **PK vote** — choose who to vote out. Ballots stay sealed until everyone has voted.
wwd-board-waiting = Waiting for { $users }.
wwd-board-waiting-due = Waiting for { $users } (voting { $closes }).
wwd-board-ai = (AI seats vote on their own.)
wwd-board-abstain = Abstain
wwd-board-placeholder = Your vote
wwd-board-closed = 🗳️ Vote — voting is closed; the votes are below.
wwd-board-closed-pk = 🗳️ PK vote — voting is closed; the votes are below.
wwd-board-ended = 🗳️ Voting is closed.

# Night controls and what a click chose.
wwd-pick-victim = Choose the victim
wwd-pick-check = Choose a seat to check
wwd-pick-shoot = Shoot…
wwd-dont-shoot = Don't shoot
wwd-pick-poison = Poison…
wwd-save-seat = Save seat { $seat }
wwd-pass = Pass
wwd-closed = That choice has closed.
wwd-closed-why = that choice has closed
wwd-choose-seat = choose a seat from the menu
wwd-not-taken = Not taken: { $why }.
wwd-done = ✅ Done: { $what }.
wwd-chose-kill = you picked { $target }
wwd-chose-check = you check { $target }
wwd-chose-shoot = you shoot { $target }
wwd-chose-poison = you poison { $target }
wwd-chose-vote = your sealed vote: { $target }
wwd-chose-save = you use the antidote
wwd-chose-pass = you pass
wwd-chose-decline = you do not shoot
wwd-chose-abstain = you abstain (sealed)
wwd-chose-speak = you spoke

# The night panel (closed DMs).
wwd-panel = 🌙 My night panel
wwd-panel-call = 🔒 <@{ $user }>, I can't DM you: press **{ $label }** for your private news and night action (only you can see what it shows).
wwd-panel-nothing = Nothing for you to do right now. Anything new for you tonight will appear here (or press the button again).

# Typed messages: a speech too long or refused, wolf chat.
wwd-too-long = <@{ $user }>: that speech is { $len } characters; at most { $max } are allowed. Send a shorter one (your turn is still open).
wwd-speech-refused = <@{ $user }>: not taken: { $why }.
wwd-wolf-chat = 🐺 { $from }: { $text }

# The end: the scorecard and its GPP breakdown, or a stopped game.
wwd-win-good = 🏆 The village wins!
wwd-win-wolves = 🐺 The wolves win!
wwd-win-draw = 🤝 A draw: nobody wins.
wwd-score = { $mark } { $seat } — **{ $role }** — { $score } GPP
wwd-score-detail = { $mark } { $seat } — **{ $role }** — { $score } GPP ({ $detail })
wwd-score-part = { $reason } { $points }
wwd-reason-team-win = team win
wwd-reason-survival = survival
wwd-reason-vote = votes
wwd-reason-seer-check = checks
wwd-reason-god-dawn = alive at dawn
wwd-reason-witch-save = save
wwd-reason-witch-poison = poison
wwd-reason-hunter-shot = shot
wwd-roles-revealed = Roles revealed. /leaderboard game:werewolf for the ranking.
wwd-stopped = 🛑 The game was stopped and recorded as abandoned.
