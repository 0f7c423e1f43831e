# Statistics: `agora stats` boards and each game's part of a finished game's page.
# Ids `stats-group-…`, `stats-key-…`, `stats-score-…`, `stats-part-…` are looked up by
# the stored word (a role, a side, a rating key, a board's score name) for languages
# other than English; here they are the words as stored or as the English boards say.

stats-game-werewolf = Werewolf
stats-game-debate = Debate
stats-game-trial = Trial

stats-finished-games-one = { $n } finished game
stats-finished-games = { $n } finished games
stats-board-heading = { $title } leaderboard: people are ranked by rating (μ − 3σ) once they have { $games }; AI players are listed apart, never ranked.
stats-board-heading-of = { $title } leaderboard of { $community }: people are ranked by rating (μ − 3σ) once they have { $games }; AI players are listed apart, never ranked.
stats-no-finished-games = No finished games yet.
stats-no-person = No person has played yet.
stats-ai-apart = AI players (not ranked; each seat played counts as a game):
stats-none-listed-ai = { $title } leaderboard: no AI player has played yet.
stats-none-listed-people = { $title } leaderboard: no person has played yet.
stats-rebuilt = Rebuilt { $rows } ratings from the stored results in { $secs } s.

stats-col-rank = rank
stats-col-player = player
stats-col-rating = rating
stats-col-games = games
stats-col-wins = wins
stats-col-win-rate = win%
stats-col-mean = mean { $score }
stats-col-by-side = by side (rating)
stats-col-by-group = by { $group } (games, { $mean })

stats-score-gpp = GPP
stats-score-speech_score = speech score
stats-score-final_score = final score (of 100)
stats-score-points = points
stats-score-shift = shift per trial
stats-award-best_debater = best-debater awards
stats-groups-roles = roles
stats-groups-sides = sides
stats-part-speech_score = Team debates
stats-part-final_score = Moderated debates
stats-part-points = Social debates

stats-group-werewolf = werewolf
stats-group-villager = villager
stats-group-seer = seer
stats-group-witch = witch
stats-group-hunter = hunter
stats-group-pro = pro
stats-group-con = con
stats-group-rounds = rounds
stats-group-social = social
stats-group-defense = defense
stats-group-prosecution = prosecution

stats-key-village = village
stats-key-wolf = wolves
stats-key-case = case
stats-key-debate = debate
stats-key-trial = trial

# A person who hid their name on the community page, by a code of their id.
stats-hidden-player = Player { $code }

stats-won-by = Won by { $name } (seat { $seat }).
stats-draw = A draw.
stats-tie = A tie at the top.

stats-ww-seat-view = As seat { $seat } saw it
stats-ww-seat-view-note = Only what seat { $seat } was shown during the game: the table's lines and its own private ones.
stats-ww-table-view = The game as the table saw it
stats-ww-table-view-note = The speeches, votes and deaths everyone saw.
stats-ww-reveal = After the end: every role and night action
stats-ww-reveal-note = Revealed now the game is over; a line in brackets says who saw it at the time.
stats-ww-village-won = The village won.
stats-ww-wolves-won = The wolves won.

stats-debate-section = The debate
stats-debate-section-note = Every speech as it was given, the moderator's posts and the verdict.
stats-debate-chart = Stances by round (−100 against the motion, +100 for)
stats-debate-chart-x = round
stats-debate-pro-won = The Pro team won.
stats-debate-con-won = The Con team won.

stats-trial-section = The trial
stats-trial-section-note = What each advocate told each juror, the jurors' answers, the deliberation and the verdict.
stats-trial-chart = Juror stances (−100 guilty, +100 not guilty; the vote splits at 0)
stats-trial-chart-x = step
stats-trial-not-guilty = Not guilty.
stats-trial-guilty = Guilty.

# An AI player by its agent (without its version), for languages other than English
# (English names them as their game does).
stats-ai-heuristic = built-in player
stats-ai-random = random player
stats-ai-advocate = Advocate
stats-ai-debater-logical = Logical
stats-ai-debater-emotional = Emotional
stats-ai-debater-data_driven = Data-driven
stats-ai-debater-aggressive = Aggressive
stats-ai-debater-diplomatic = Diplomatic
