# The community page's werewolf board balance (`content/werewolf/balance.toml`).

web-balance = Werewolf boards: measured balance
web-balance-note = Built-in players on both sides, { $games } games a board; the good side's win rate with its 95% interval.
web-col-board = Board
web-col-good-side = Good side wins
web-col-draws = Draws
web-col-seat-gap = Widest seat gap
web-points = { $n } points
