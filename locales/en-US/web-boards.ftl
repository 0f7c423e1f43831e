# The community page's line naming a werewolf game's board (any but the default one).
web-board = Board: { $board }
