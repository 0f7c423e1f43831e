# The team debate's AI seats in words: the offline captain's directions, and the text
# their model prompts are filled with (the record, the team's private notes, the task, the
# captain's list). English here is what the golden prompts hold: change it with them.

## The offline captain
team-ai-rebut = Rebut their point on ‘{ $keyword }’
team-ai-press = Press our point on ‘{ $keyword }’
# A person's team note holding this word asks for the free-debate floor.
team-ai-floor-word = floor

## The record
team-ai-cut = { $shown } … (the rest, { $over } words over, not shown)
team-ai-reply-named = The other side's latest speech is { $seat }'s { $part } above: answer it.
team-ai-reply-full = The other side's latest speech, { $seat }'s { $part }, in full:
team-ai-reply-none = The other side has not spoken yet.
team-ai-speech = - { $seat } ({ $part }, { $words } words{ $to }{ $summarized }): { $text }
team-ai-speech-to = , to { $seat }
team-ai-summarized = , summarized
team-ai-stage = ({ $stage })
team-ai-missed = - ({ $seat } missed the { $part })
team-ai-rested = - ({ $seat } rested their team's case: its clock was given up)
team-ai-nothing-yet = (nothing has been said yet)

## The team's private block
team-ai-before-any = before any speech
team-ai-after = after { $seat }'s { $part }
team-ai-note = - ({ $after }) note from { $seat }: { $text }
team-ai-handed = - ({ $after }) { $from } handed the floor to { $to }: { $direction }
team-ai-team-heading = Your team's notes and hand-offs (to your team only, latest last):

## The task
team-ai-task-opening = the opening statement for { $side }: frame the motion for your side and make your main claims with evidence.
team-ai-task-question = cross-examination. Ask at least three pointed questions, and choose which of the two named opponents answers them. Only ask: do not make statements or answer your own questions.
team-ai-task-answer = answer the questions just put to you (the last speech above). Answer each one directly; never ask a question back.
team-ai-task-summary = the cross-examination summary for your side: what the questions and answers showed, point by point. Do not just repeat your opening.
team-ai-task-free = a free-debate speech: reply to the other side's last speech, then press your side's case.
team-ai-task-closing = the closing statement: the main clash of the debate and why your side won it. No new evidence.
team-ai-task-direction = Your captain's direction: { $direction }
team-ai-task-clock = Your team's clock: { $left } words left.
team-ai-task-targets = The answerer is { $a } or { $b }. Valid targets: { $a_name }, { $b_name }.

## The captain's list
team-ai-member = - { $name } ({ $title }{ $person }): { $free } free-debate speeches, { $all } in all
team-ai-a-person = , a person
