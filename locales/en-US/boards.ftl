# Werewolf beyond the nine-seat board: the roles, asks and story lines of the guard, the
# idiot, the wolf king, the white wolf king, self-explosion and the sheriff.

ww-role-guard = guard
ww-role-idiot = idiot
ww-role-wolf_king = wolf king
ww-role-white_wolf_king = white wolf king

ww-ask-guard-pick = guard's pick
ww-ask-king-shot = wolf king's shot
ww-ask-sheriff-run = sheriff sign-up
ww-ask-campaign-speech = campaign speech
ww-ask-sheriff-vote = sheriff vote
ww-ask-badge-pass = badge
ww-ask-speaking-order = speaking order
ww-ask-sheriff-call = sheriff's call

ww-guard-picked = The guard guards seat { $target }.
ww-guard-none = The guard guards nobody.
ww-king-lives = The wolf king is told he survives the night.
ww-king-may-shoot = The wolf king is told he dies tonight and may shoot.
ww-king-poisoned = The wolf king is told he dies tonight, poisoned, and may not shoot.
ww-king-shoots = Wolf king { $king } shoots seat { $target }.
ww-king-holds = Wolf king { $king } does not shoot.
ww-died-exploded = Seat { $seat } dies (self-exploded).
ww-died-taken = Seat { $seat } dies (taken by the white wolf king).
ww-revealed-role = Seat { $seat } was the { $role }.
ww-revealed-side = Seat { $seat } was on the { $side } side.
ww-idiot-revealed = Seat { $seat } is voted out and shows the idiot's card: he stays, without a vote from now on.
ww-exploded = Seat { $wolf } self-explodes: a wolf. The day ends at once.
ww-taken = White wolf king { $king } takes seat { $target } with him.
ww-sheriff-nobody-runs = Nobody runs for sheriff.
ww-sheriff-runners = Running for sheriff: seats { $running }.
ww-withdrew = Seat { $seat } withdraws from the sheriff race.
ww-sheriff-elected = Seat { $seat } is elected sheriff.
ww-sheriff-none = No sheriff is elected.
ww-badge-passed = Sheriff { $from } passes the badge to seat { $to }.
ww-badge-torn = Sheriff { $from } tears up the badge: no sheriff from now on.
ww-badge-lost = The badge is lost with seat { $seat }: no sheriff from now on.
ww-order-up = Sheriff { $sheriff } has the table speak from the seat after him, himself last.
ww-order-down = Sheriff { $sheriff } has the table speak from the seat before him, himself last.
ww-sheriff-called = Sheriff { $sheriff } calls the vote on seat { $target }.
ww-sheriff-calls-none = Sheriff { $sheriff } calls no vote.
ww-speech-campaign = Seat { $seat } (campaign) says: "{ $text }"
ww-votes-sheriff = Sheriff votes: { $ballots }.
ww-votes-sheriff-pk = Sheriff PK votes: { $ballots }.
ww-board = Board: { $board }.
ww-full-nights = 🌙 Nights on this board take their full time, whoever is still alive: how long one lasts tells nothing.

# A model seat's memory of the larger boards.
mem-kind-campaign = campaign speech
mem-votes-sheriff = Sheriff vote: { $ballots }
mem-votes-sheriff-pk = Sheriff PK vote: { $ballots }

# How a seat of the larger boards fell, and their asks on Discord.
ww-fall-king-shot = shot by the wolf king
ww-fall-exploded = self-exploded
ww-fall-taken = taken by the white wolf king
wwd-prompt-other = Your { $ask } now.
wwd-chose-other = ✅ Your choice is in ({ $action }).
ww-end-exploded = self-exploded on day { $day }
ww-end-taken = was taken by the white wolf king on day { $day }
ww-type-other = { $allowed } (seats: { $targets })
ww-prompt-other = your { $ask }

# The rules' refusals on the larger boards (in English exactly as `Refusal` writes them).
ww-refused-allowed-guard-pick = guard <seat> or pass
ww-refused-allowed-sheriff-run = run or pass
ww-refused-allowed-campaign-speech = speak <text> or withdraw
ww-refused-allowed-badge-pass = badge <seat> or tear
ww-refused-allowed-speaking-order = order up or order down
ww-refused-allowed-sheriff-call = call <seat> or pass
ww-refused-got-run = run
ww-refused-got-withdraw = withdraw
ww-refused-got-order = a speaking order
ww-refused-guard-repeat = the guard may not guard seat { $seat } two nights running
ww-refused-no-abstain = this board does not let a vote be abstained from now
ww-refused-cannot-explode = seat { $seat } may not self-explode now (a living wolf, in a day speech phase, on a board that allows it)
ww-refused-cannot-withdraw = seat { $seat } is not a sheriff candidate who can withdraw now
ww-refused-explode-target = seat { $seat } is not a living seat the white wolf king can take with him
ww-start-watch-n = { $seats } AI players; you watch the public story.
ww-ballot-sheriff = { $voter }→{ $target } (the sheriff, 1.5 votes)
