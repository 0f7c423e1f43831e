# A language-model werewolf seat's memory: the game-made lines of its prompt (the public
# record, the claims record, its private line and night notes). Player text is never in
# these; it comes in fenced as { $text }. Arguments are seat numbers, seat lists ("2, 5"),
# day numbers, and words given by other keys. A value that begins or ends with a space
# keeps it as a quoted literal ({" "}).

# Joining pieces: a list, a list of clauses, a list of sentences, the parts of a line.
mem-list-sep = {", "}
mem-clause-sep = {"; "}
mem-sentence-sep = {". "}
mem-part-sep = {" "}
mem-none = none

# The seat's own night notes.
mem-wolf-picked = wolf { $wolf } picked seat { $target } (round { $round })
mem-wolf-no-pick = wolf { $wolf } made no pick (round { $round })
mem-wolf-tie = the picks tied between seats { $tied }
mem-wolf-attack = the wolves attack seat { $target }
mem-wolf-attack-none = the wolves attack nobody
mem-witch-told = you were told seat { $target } was attacked
mem-witch-told-none = you were told nobody was attacked
mem-witch-saved = you saved seat { $target }
mem-witch-poisoned = you poisoned seat { $target }
mem-seer-wolf = you checked seat { $target }: WOLF
mem-seer-good = you checked seat { $target }: good
mem-you-shot = you shot seat { $target }
mem-you-held = you declined to shoot
mem-night = night { $night }: { $notes }

# Public happenings by day.
mem-pk-among = the vote tied between seats { $tied }: PK speeches, then the other living seats revote among them
mem-pk-between = the vote tied between seats { $tied }: PK speeches, then the other living seats revote between them
mem-voted-out = seat { $seat } was voted out
mem-voted-out-none = nobody was voted out
mem-hunter-shot = hunter { $hunter } shot seat { $target }
mem-hunter-held = hunter { $hunter } declined to shoot

# The public record: the latest day in full, the days before as summaries, older days in
# one line each.
mem-nothing-yet = nothing yet: night 1 has just fallen
mem-earlier = Earlier: { $days }.
mem-outline = day { $day }: { $parts }
mem-outline-peaceful = peaceful night
mem-outline-dead = died at night { $dead }
mem-summary = Day { $day }:
mem-summary-sentence = {" "}{ $text }.
mem-peaceful = Peaceful night
mem-died = Died in the night: { $dead }
mem-last-words = { $seat } gave last words
mem-full = Day { $day }, in full:
mem-dawn-peaceful = Dawn: a peaceful night.
mem-dawn-dead = Dawn: died in the night: { $dead }.
mem-speech = Seat { $seat } (day { $day } { $kind }): { $text }
mem-kind-speech = speech
mem-kind-pk = PK speech
mem-kind-last-words = last words
mem-votes-main = Main vote: { $ballots }
mem-votes-pk = PK vote: { $ballots }
mem-ballot = { $voter }→{ $target }
mem-ballot-abstain = { $voter }→abstain

# The claims record.
mem-claims-none = none yet
mem-claims-line = { $who } { $parts }.
mem-who-you = You (seat { $seat })
mem-who-seat = Seat { $seat }
mem-dated = { $what } (day { $day })
mem-dated-seat = { $seat } (day { $day })
mem-claimed = claimed { $roles }
mem-then = {", then "}
mem-report-wolf = { $seat } wolf (day { $day })
mem-report-good = { $seat } good (day { $day })
mem-reported = reported { $reports }
mem-said-saved = said they saved { $seats }
mem-said-poisoned = said they poisoned { $seats }
mem-accused = accused { $seats }
mem-pledged = promised to vote { $seats }
mem-retracted = said they never reported or accused { $seats }
mem-day = day { $day }
mem-denied = denied being a wolf ({ $days })

# The seat's private line.
mem-you-are = You are seat { $seat }, the { $role }.
mem-wolves = The wolves are seats { $wolves }.
mem-check-wolf = { $seat }=wolf
mem-check-good = { $seat }=good
mem-checks = Your checks: { $checks }.
mem-potions = Antidote { $antidote }, poison { $poison }.
mem-unused = unused
mem-used = used
mem-may-shoot = You are dying: you may shoot one living seat now, or decline.
mem-may-not-shoot = You were poisoned tonight: under this game's rules you may not shoot.
mem-hunter-alive = You are alive, so you have no shot to take now: the right to shoot comes only when you die.
mem-alive = Alive: { $alive }.
