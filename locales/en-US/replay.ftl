# A stored game told again (agora replay): replay's own lines around the game's story,
# which comes from werewolf.ftl, debate.ftl and trial.ftl. A value that begins or ends with
# a space keeps it as a quoted literal ({" "}).

# Werewolf: the heading, whose eyes (a seat's tag in the god view), the final points.
replay-ww-god = Game { $seed } (god view).
replay-ww-seat = Game { $seed } as seen by seat { $seat } ({ $role }).
replay-ww-tag-moderator = {"[moderator] "}
replay-ww-tag-seat = {"["}seat { $seats } only{"] "}
replay-ww-tag-seats = {"["}seats { $seats }{"] "}
replay-ww-gpp = GPP: { $seats }
replay-ww-gpp-seat = { $seat }({ $role })={ $points }
replay-ww-gpp-sep = {" "}

# Team debate: the heading and an unfinished debate.
replay-debate-all = Debate { $seed } (every team's and the judge's view).
replay-debate-seat = Debate { $seed } as seen by { $seat }.
replay-debate-unfinished = (The debate did not finish.)

# Werewolf: why a seat scored GPP (the story's lines with --detail).
ww-reason-team-win = TeamWin
ww-reason-survival = Survival
ww-reason-vote = Vote
ww-reason-seer-check = SeerCheck
ww-reason-god-dawn = GodDawn
ww-reason-witch-save = WitchSave
ww-reason-witch-poison = WitchPoison
ww-reason-hunter-shot = HunterShot
