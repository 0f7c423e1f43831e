# Werewolf: the story of a game, one line an event (replays, the terminal).
# Arguments are seat numbers, seat lists ("2, 5"), and words given by other keys.

ww-role-werewolf = werewolf
ww-role-villager = villager
ww-role-seer = seer
ww-role-witch = witch
ww-role-hunter = hunter

ww-side-good = good
ww-side-wolves = wolves

ww-ask-wolf-pick = wolf pick
ww-ask-witch = witch's potions
ww-ask-seer-check = seer check
ww-ask-hunter-shot = hunter's shot
ww-ask-speech = speech
ww-ask-pk-speech = PK speech
ww-ask-last-words = last words
ww-ask-vote = vote
ww-ask-pk-vote = PK vote

ww-role-dealt = Seat { $seat } is the { $role }.
ww-wolf-pack = The wolves are seats { $wolves }.
ww-night-fell = ── Night { $night } falls. Everyone closes their eyes.
ww-wolf-picked = Wolf { $wolf } picks seat { $target }.
ww-wolf-picked-again = Wolf { $wolf } picks seat { $target } (second round).
ww-wolf-no-pick = Wolf { $wolf } makes no pick.
ww-wolf-no-pick-again = Wolf { $wolf } makes no pick (second round).
ww-wolf-tie = The wolves' picks tie between seats { $tied }; they pick again.
ww-wolf-attack-lot = Tied again: the lot falls on seat { $target }. The wolves attack seat { $target }.
ww-wolf-attack = The wolves attack seat { $target }.
ww-wolf-attack-none = The wolves attack nobody.
ww-witch-told = The witch is told: seat { $target } was attacked tonight.
ww-witch-told-none = The witch is told: nobody was attacked tonight.
ww-witch-saved = The witch saves seat { $target }.
ww-witch-poisoned = The witch poisons seat { $target }.
ww-seer-wolf = The seer checks seat { $target }: WOLF.
ww-seer-good = The seer checks seat { $target }: good.
ww-hunter-lives = The hunter is told he survives the night.
ww-hunter-may-shoot = The hunter is told he dies tonight and may shoot.
ww-hunter-poisoned = The hunter is told he dies tonight, poisoned, and may not shoot.
ww-died-attack = Seat { $seat } dies (killed by the wolves).
ww-died-poison = Seat { $seat } dies (poisoned).
ww-died-shot = Seat { $seat } dies (shot by the hunter).
ww-died-vote = Seat { $seat } dies (voted out).
ww-dawn-peaceful = ── Day { $day }. Dawn: a peaceful night, nobody died.
ww-dawn-one = ── Day { $day }. Dawn: seat { $dead } died in the night.
ww-dawn-many = ── Day { $day }. Dawn: seats { $dead } died in the night.
ww-speech = Seat { $seat } says: "{ $text }"
ww-speech-pk = Seat { $seat } (PK) says: "{ $text }"
ww-speech-last = Seat { $seat } (last words): "{ $text }"
ww-vote-sealed = Seat { $voter } votes for seat { $target } (sealed).
ww-abstain-sealed = Seat { $voter } abstains (sealed).
ww-votes = Votes: { $ballots }.
ww-votes-pk = PK votes: { $ballots }.
ww-votes-none = nobody votes
ww-ballot-abstain = { $voter }→abstain
ww-pk-called = The vote ties between seats { $tied }: PK speeches, then the others vote again.
ww-voted-out = Seat { $seat } is voted out.
ww-voted-out-none = Nobody is voted out.
ww-hunter-shoots = Hunter { $hunter } shoots seat { $target }.
ww-hunter-holds = Hunter { $hunter } does not shoot.
ww-defaulted = Seat { $seat } did not act in time ({ $ask }): default taken.
ww-scored = GPP: seat { $seat } { $points } ({ $reason }).
ww-game-over-draw = Game over: a draw. Roles:{ $roles }
ww-game-over = Game over: { $side } win. Roles:{ $roles }

# The end of a game at the terminal: deaths the table was not told, how it was won, the
# scoreboard.
ww-end-attack = was killed by the wolves in night { $night }
ww-end-poison = was poisoned by the witch in night { $night }
ww-end-shot = was shot by the hunter
ww-end-vote = was voted out on day { $day }
ww-end-untold = Seat { $seat } (the { $role }) { $how }.
ww-end-why-good = no wolf is left
ww-end-why-gods = no god (seer, witch, hunter) is left
ww-end-why-villagers = no villager is left
ww-end-clock = Decided by the clock: day { $day } ended with both sides alive, a draw.
ww-end-decided-when = Decided when seat { $seat } (the { $role }) { $how }: { $why }.
ww-end-decided = Decided: { $why }.
ww-end-before-dawn = Before dawn:
ww-end-result-good = the good side wins
ww-end-result-wolves = the wolves win
ww-end-result-draw = a draw, nobody wins
ww-end-game-over = == Game over: { $result }.
ww-end-header = seat  role      GPP  result  player
ww-end-won = won
ww-end-lost = lost

# The start of a game at the terminal.
ww-start = Werewolf, session { $session } (seed { $seed }). { $who }
ww-start-watch = Nine AI players; you watch the public story.
ww-start-play = You play { $seats } (drawn at random); the other seats are AI. Type quit to leave (the game is saved), abandon to end it.
ww-start-seat = seat { $seats }
ww-start-seats = seats { $seats }
ww-start-you = *** You are seat { $seat }. ***

# Which AI sits in the empty seats, said once as a table starts.
ww-kit-model = AI seats: language model { $model } at { $url }
ww-kit-builtin = AI seats: the built-in heuristic players (no LLM API key: set LLM_API_KEY or WEREWOLF_LLM_API_KEY to seat a language model)

# The terminal: what a person may type, the prompt, and why an entry was not taken.
ww-type-kill = type kill <seat> (valid: { $targets })
ww-type-check = type check <seat> (valid: { $targets })
ww-type-shoot = type shoot <seat> (valid: { $targets }) or decline
ww-type-vote = type vote <seat> (valid: { $targets }) or abstain
ww-type-save = save
ww-type-poison = poison <seat> (valid: { $targets })
ww-type-pass = pass
ww-type-witch = type { $options }
ww-type-speech = type your speech on one line (at most { $max } characters)
ww-prompt = >> Seat { $seat }, { $what }: { $expected } [{ $secs } s]
ww-prompt-wolf = choose tonight's victim
ww-prompt-seer = choose a seat to check
ww-prompt-hunter = you may shoot someone
ww-prompt-attacked = seat { $seat } was attacked tonight
ww-prompt-no-attack = nobody was attacked tonight
ww-prompt-speech = your speech
ww-prompt-pk-speech = your PK speech
ww-prompt-last-words = your last words
ww-prompt-vote = your vote
ww-prompt-pk-vote = your PK vote
ww-err-no-seat = a seat number is missing: { $expected }
ww-err-not-seat = '{ $word }' is not a seat number: { $expected }
ww-err-invalid-seat = seat { $seat } is not a valid choice: { $expected }
ww-err-too-long = that is { $len } characters; at most { $max } are allowed, please shorten it
ww-err-nothing = nothing typed: { $expected }
ww-err-not-answer = '{ $text }' is not an answer here: { $expected }
ww-help-now = Now: { $expected }.
ww-help-nothing = Nothing is asked of you now: the game tells you when it is your turn.
ww-help-speech = A speech is typed as it is (start with `say` to say a word the table uses, as in `say help`); seats are numbers (`vote 4`, `check 7`).
ww-help-leave = quit leaves (the game is kept: agora resume picks it up); abandon ends it for good.
ww-private = (private to { $seats }) { $text }
ww-term-defaulted = (seat { $seat }) time is up for the { $ask }: the default is taken.
ww-fall-night = killed in the night
ww-fall-voted-out = voted out
ww-fall-shot = shot by the hunter
ww-fallen = You (seat { $seat }) were { $how }: out of the game. Watch to the end, or type quit to leave.
ww-confirm-abandon = Type abandon again to end this game for good (it cannot be resumed); anything else goes on.
ww-typed-ahead = Not taken: '{ $text }' was typed before this prompt; answer it now.
ww-nothing-to-do = Nothing to do now: wait for your turn (type quit to leave, abandon to end the game).
ww-confirm-empty = Nothing typed: press Enter again to pass your turn without a word, or type your speech.
ww-refused = Not taken: { $why }. Try again.
ww-too-late = Too late: that choice has closed.

# What the rules prompt of a language-model seat says of the table's options.
ww-llm-hunter-poisoned-too = voted out or killed at night, poisoned too
ww-llm-hunter-not-poisoned = voted out or killed by the wolves, not when poisoned
ww-llm-self-save-always = herself too
ww-llm-self-save-first-night = herself on night 1 only
ww-llm-self-save-never = never herself
ww-llm-roles = How to play each role (yours is in what only you are told):
ww-llm-attacked = Seat { $seat } was attacked tonight
ww-llm-not-attacked = Nobody was attacked tonight
