//! Games told in plain lines, one line (or a few) per logged event, for one audience:
//! the terminal prints them as a game goes, the Discord tables post some of them, and
//! `agora replay` tells a recorded game with them. One module per game: `debate` (team,
//! rounds and social), `trial`.
