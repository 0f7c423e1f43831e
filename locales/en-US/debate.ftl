# The team debate told in lines (the terminal, replays) and its scorecard.
debate-side-pro = Pro
debate-side-con = Con
debate-seat = { $side } { $n }
debate-judge = the judge
debate-team = team { $side }
debate-stage-opening = Opening statements
debate-stage-cross_examination = Cross-examination
debate-stage-free_debate = Free debate
debate-stage-closing = Closing statements
debate-stage-finished = Judging
debate-part-opening = opening statement
debate-part-question = cross-examination questions
debate-part-answer = answer
debate-part-summary = cross-examination summary
debate-part-free = free-debate speech
debate-part-closing = closing statement
debate-part-short-opening = opening
debate-part-short-question = question
debate-part-short-answer = answer
debate-part-short-summary = summary
debate-part-short-free = free
debate-part-short-closing = closing
debate-criterion-logic = logic
debate-criterion-persuasion = persuasion
debate-criterion-expression = expression
debate-criterion-teamwork = teamwork
debate-criterion-rule_compliance = rule compliance
debate-flag-counter_question = counter question
debate-flag-not_direct_answer = not direct answer
debate-flag-attacker_answered = attacker answered
debate-flag-off_topic = off topic
debate-flag-scripted_summary = scripted summary
debate-flag-personal_attack = personal attack
debate-rule-over_limit = over the word limit
debate-rule-counter_question = asked a question back while answering
debate-rule-attacker_answered = answered instead of asking
debate-rule-same_team_twice = took the floor twice in a row
debate-flagged = flagged: { $flags }
debate-penalty = Penalty: { $who } { $points }, { $rule }.
debate-scored = { $offline ->
    [yes] Judge (offline): { $seat }'s speech #{ $n } scores { $points } ({ $reasons })
   *[no] Judge: { $seat }'s speech #{ $n } scores { $points } ({ $reasons })
}
debate-tag-team = [team { $side }]
debate-tag-judge = [judge's notes]
debate-motion = Motion: { $motion }
debate-limits = Limits (words): opening { $opening }, questions { $question }, answers { $answer }, summaries { $summary }, closings { $closing }; free debate { $clock } a team, at most { $turns } turns.
debate-speeches-over = == The speeches are over: the judge scores and reviews ==
debate-stage = == { $stage } ==
debate-spoke = { $seat } ({ $part }{ $to }, { $words } of { $limit } words{ $over }): { $body }
debate-spoke-to = , to { $seat }
debate-spoke-over = , OVER
debate-skipped = { $seat } gave no { $part } (passed, or the time ran out): skipped, no score.
debate-rested = { $left ->
    [1] { $seat } rests { $side }'s case: the 1 word left on its clock given up.
   *[other] { $seat } rests { $side }'s case: the { $left } words left on its clock given up.
}
debate-handed-off = { $from } hands the floor to { $to }
debate-handed-off-with = { $from } hands the floor to { $to }: "{ $direction }"
debate-note = { $seat }: { $text }
debate-clock = Free-debate clock: Pro { $pro } words left, Con { $con }.
debate-review = { $offline ->
    [yes] The judge's review (offline): { $text }
   *[no] The judge's review: { $text }
}
debate-result-pro = Pro wins
debate-result-con = Con wins
debate-result-draw = a draw
debate-result = Result: { $result }. Pro { $pro }, Con { $con }; best debater { $best }.
debate-card-title = == Scorecard: { $motion } ==
debate-card-pro = Pro wins.
debate-card-con = Con wins.
debate-card-draw = A draw (the team totals are equal to one decimal).
debate-card-unfinished = Unfinished: the totals as they stand.
debate-card-totals = Team totals: Pro { $pro }, Con { $con }
debate-card-best = best debater
debate-card-speeches = Speeches:
debate-card-speeches-offline = Speeches (scores marked * are offline: the built-in judge):
debate-card-words = words
debate-card-unscored = not scored
debate-card-no-penalties = Penalties: none.
debate-card-penalties = Penalties:
debate-card-penalty = { $who } { $points } ({ $rule }, speech #{ $n })
debate-start = Team debate, session { $session } (seed { $seed }): { $motion }
debate-start-watch = Eight AI debaters and an AI judge; you watch the public debate.
debate-start-you = *** You are { $seat } ({ $stance }). The other seats are AI; the judge is an AI. Type quit to leave (the debate is saved), abandon to end it. ***
debate-stance-for = for the motion
debate-stance-against = against the motion
debate-kit = Debate AI: { $roles } ({ $topics } topics; set LLM_API_KEY, or PRO_/CON_/JUDGE_LLM_API_KEY, for models)
debate-kit-offline = { $role } offline
debate-kit-model = { $role } { $model }
debate-role-pro = pro
debate-role-con = con
debate-role-judge = judge
debate-ai-name = AI · { $personality }
