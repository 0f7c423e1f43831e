# Odds and ends of the games, each with what it is for: the restart sweep's closing line,
# the replay of a moderated or social debate, a typed `done` a panel debate did not take.

# Under a control's message closed after a restart (its buttons gone).
restart-closed = ⌛ These controls have closed (the bot restarted).
