# Why the rules refused an action, as the person who tried it reads it (a reply only they
# see, a line in the channel, the terminal). The English is each refusal's own text, byte
# for byte; a reason the rules write as a plain sentence is read back as one of these
# messages (`localized::reread`) to be told in another language.

## Werewolf (`Refusal` in `crates/games/src/werewolf/ask.rs`)
ww-refused-unknown-seat = there is no seat { $seat }: seats are numbered 1 to { $seats }
ww-refused-over = the game is over
ww-refused-not-your-turn = seat { $seat } has nothing to do now (waiting for: { $waiting })
ww-refused-waiting-nobody = nobody
ww-refused-waiting-one = seat { $seat }'s { $kind }
ww-refused-list-and = { ", " }
ww-refused-wrong-action = seat { $seat } is asked for the { $kind } ({ $allowed }), not '{ $got }'
ww-refused-allowed-wolf-pick = kill <seat>
ww-refused-allowed-witch = save, poison <seat> or pass
ww-refused-allowed-seer-check = check <seat>
ww-refused-allowed-hunter-shot = shoot <seat> or decline
ww-refused-allowed-speech = speak <text>
ww-refused-allowed-vote = vote <seat> or abstain
ww-refused-got-seat = a seat
ww-refused-got-nobody = nobody
ww-refused-got-save = save
ww-refused-got-poison = poison
ww-refused-got-speech = a speech
ww-refused-bad-target = seat { $target } is not a valid target for the { $kind } (allowed: { $allowed })
ww-refused-none = none
ww-refused-cannot-save = the witch cannot save now: { $why }
ww-refused-save-not-night = it is not night
ww-refused-save-antidote-used = the antidote is already used
ww-refused-save-nobody-attacked = nobody was attacked tonight
ww-refused-save-self-first-night = the witch may save herself only on the first night
ww-refused-save-not-self = the witch may not save herself
ww-refused-save-nothing = nothing to save
ww-refused-poison-used = the witch's poison is already used
ww-refused-too-long = the speech is { $len } characters long; at most { $max } are allowed, please shorten it

## The trial: the rules' plain sentences (its other refusals are `trial-refused-…` in trial.ftl)
trial-refused-only-players = only players argue
trial-refused-nothing-to-label = no message is waiting to be labelled
trial-refused-no-answer-waiting = nothing is waiting for this juror's answer
trial-refused-deliberation-turn = it is { $juror }'s turn to speak in deliberation
trial-refused-no-statement = no deliberation statement is asked now

## The team debate (`Refusal` in `crates/games/src/debate/team/types.rs`)
debate-refused-over = the debate is over
debate-refused-no-seat = there is no seat { $seat }
debate-refused-not-your-turn = it is not { $who }'s turn: { $expected }
debate-refused-cross-examining = { $seat } is cross-examining
debate-refused-gives = { $seat } gives the { $part }
debate-refused-judge-scoring = the judge is scoring
debate-refused-speeches-over = the speeches are over
debate-refused-bad-target = { $target } cannot answer: the cross-examiner must pick { $allowed }
debate-refused-either = { $a } or { $b }
debate-refused-pro-opens = free debate opens with a Pro speech
debate-refused-clock-spent = { $side }'s free-debate clock is spent
debate-refused-bad-score = the judge's { $criterion } must be 1–10, not { $value }
debate-refused-empty = an empty speech: write something, or let the time run out to skip the turn
debate-refused-no-speech = there is no speech { $speech } to score
debate-refused-scored = speech { $speech } is scored already
debate-refused-review-once = the final review comes once, after the closing statements
debate-refused-ask-first = ask your questions and name who answers (`ask`)
debate-refused-rest-free-only = a team rests its case only in free debate
debate-refused-rest-floor-only = only the team with the floor may rest its case
debate-refused-hand-to-mate = hand the floor to a teammate, not { $who }
debate-refused-hand-floor-only = only the debater offered the free-debate floor may hand it on
debate-refused-judge-only = only the judge scores and reviews
debate-refused-judge-silent = the judge does not speak in the debate
debate-refused-judge-idle = the judge has nothing to do now

## The moderated and social debates (`Refusal` in `crates/games/src/debate/{moderated,social}/types.rs`)
panel-refused-over = the debate is over
panel-refused-no-seat = there is no seat { $seat }
panel-refused-not-your-turn = it is not your turn: { $why }
panel-refused-speaks-now = seat { $seat } speaks now
panel-refused-empty = an empty speech: write something, or let the time run out to skip the turn
panel-refused-nothing-open = seat { $seat } has nothing open
panel-refused-evaluator-rating = the evaluator is rating the last speech
panel-refused-evaluator-silent = the evaluator does not debate
panel-refused-surrendered = seat { $seat } has already surrendered
panel-refused-evaluator-only = only the evaluator rates
panel-refused-not-rated = seat { $seat } cannot be rated for this speech (only the other participants are)
panel-refused-rated-twice = seat { $seat } is rated twice
panel-refused-rating = seat { $seat }: { $name } must be between 0 and 1, not { $value }
panel-refused-rating-persuasion = persuasion
panel-refused-rating-attack = attack
panel-refused-rating-evidence = evidence
panel-refused-nothing-to-rate = there is no speech to rate
panel-refused-round-scoring = round { $round } is being scored by the moderator
panel-refused-speaking-over = the speaking is over; the moderator gives the final evaluation
panel-refused-other-round = the moderator scores round { $round }, not round { $other }
panel-refused-scores-all = each pass scores all { $n } participants, not { $given }
panel-refused-evaluates-all = each pass evaluates all { $n } participants, not { $given }
panel-refused-round-running = round { $round } is still being spoken: the moderator scores it when it ends
panel-refused-final-due = every round is scored: the final evaluation is due
panel-refused-final-later = the final evaluation comes after the last round is scored
panel-refused-moderator-only = only the moderator scores
panel-refused-bad-score = the moderator's { $criterion } must be 0–{ $max }, not { $value }
panel-refused-criterion-argument = argument
panel-refused-criterion-rebuttal = rebuttal
panel-refused-criterion-strategy = strategy

## Any game: why a session did not take a submission (`SubmitError` in `crates/core/src/session/handle.rs`)
session-stale = that choice has closed (it was for an earlier question)
session-ai-seat = seat { $seat } is played by an AI
session-no-seat = there is no seat { $seat } at this table
session-closed = this game has already ended
