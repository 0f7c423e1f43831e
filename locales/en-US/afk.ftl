# AFK seats: a person who misses their actions, the seat handed to an AI, idling out.
ww-idled-out = Seat { $seat } was away too long and idles out: the seat is out of the game, with no last words and no shot.
ww-died-idled-out = Seat { $seat } dies (idled out).
ww-fall-idled-out = idled out
ww-end-idled-out = idled out, away too long
session-seat-not-taken-over = your seat is not played by an AI now
session-seat-too-soon = you can take your seat back from the next phase
session-seat-left = you left this game: your seat stays with the AI
session-seat-not-yours = that seat is not yours to take back or leave
