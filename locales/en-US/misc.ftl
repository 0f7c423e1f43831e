# Odds and ends of the games, each with what it is for: the restart sweep's closing line,
# the replay of a moderated or social debate, a typed `done` a panel debate did not take.

# Under a control's message closed after a restart (its buttons gone).
restart-closed = ⌛ These controls have closed (the bot restarted).

# A moderated or social debate told again (agora replay): the heading ($format: rounds or
# social) and the tag of the moderator's or evaluator's own notes in the god view.
replay-panel-all = { $format } debate { $seed } (god view): { $motion }
replay-panel-seat = { $format } debate { $seed } (as seen by participant { $seat }): { $motion }
replay-panel-notes = {"[notes] "}

# A moderated or social debate: a `done` typed in the channel that could not hand the
# speech in ($why: the reason, as a sentence).
dp-typed-done-not-taken = <@{ $user }>, your `done` was not taken. { $why }
