# A language-model seat's rules text on a board other than the nine-seat one: the table it
# plays at, built from the board (see content/prompts/werewolf/rules_board.md), and the
# private lines of the larger boards.

ww-llmb-deck-item = { $role } ×{ $count }
ww-llmb-deck-one = { $role }
ww-llmb-sep = {", "}
ww-llmb-step-wolves = the wolves
ww-llmb-witch = The witch, told who was attacked, has one antidote (saves them; { $self_save }) and one poison (kills another seat), each once per game.
ww-llmb-hunter = The hunter shoots one living seat or declines, only when he dies: { $rule }.
ww-llmb-sheriff = Day 1 opens with the sheriff election, before the night's dead are named: seats sign up, the candidates give campaign speeches in seat order and may withdraw, the others vote (a tie: PK speeches and a revote; a second tie: no sheriff). The sheriff's vote counts 1.5; he picks the speaking direction, speaks last and calls a vote target; dying, he passes the badge or tears it.
ww-llmb-reveal-role = A dead seat's role is shown.
ww-llmb-reveal-team = A dead seat's side (good or wolf) is shown, not its role.
ww-llmb-reveal-none = A death shows nothing of the seat's role (all roles are shown when the game ends).
ww-llmb-abstain-not-day1 = Nobody may abstain in day 1's votes.
ww-llmb-abstain-off = Nobody may abstain from a vote.
ww-llmb-last-words-vote = The seat voted out gives last words.
ww-llmb-last-words-first-night = The seat voted out gives last words, and so do the seats that died on night 1.
ww-llmb-explode = In a day speech phase (the sheriff campaign included) any wolf may self-explode: he dies, the day ends at once and night falls; during the campaign the badge is lost for the game.
ww-llmb-win = Good wins when all wolves are dead; wolves win when all villagers, or all of { $gods }, are dead.
ww-llmb-no-abstain-now = This vote may not be abstained from: name a seat.
ww-llmb-sheriff-is = The sheriff is seat { $seat }.
ww-llmb-you-sheriff = You are the sheriff (your vote counts 1.5).
ww-llmb-you-mute = Your idiot's card is shown: you stay, without a vote.
