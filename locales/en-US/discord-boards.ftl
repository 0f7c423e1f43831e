# Werewolf boards of 5–16 seats at a Discord table: picking the board, the sheriff, the
# larger boards' asks and events, the self-explosion and withdraw controls, the graveyard.

## Picking the board (`/werewolf start board: seats:`) and the lobby.
wwb-board-line = 🎲 Board: **{ $name }**, { $seats } seats: { $deck }.
wwb-deck-part = { $role } ×{ $count }
wwb-choice = { $name } ({ $seats } seats)
wwb-err-no-board = there is no board "{ $board }"; the boards are { $boards }
wwb-err-no-seats = no board has { $seats } seats; the boards have { $counts } seats
wwb-err-mismatch = the board { $name } has { $board_seats } seats, not { $seats }; leave `seats` out, or pick a board of { $seats } seats: { $boards }

## The channel.
wwb-board = 🎲 This game is played on the board **{ $name }**.
wwb-revealed-role = 🪪 **{ $seat }** was the **{ $role }**.
wwb-revealed-side = 🪪 **{ $seat }** was on the **{ $side }** side.
wwb-idiot = 🃏 **{ $seat }** shows the idiot's card: they stay at the table, but never vote again.
wwb-exploded = 💥 **{ $seat }** self-explodes: a wolf. The day ends at once.
wwb-taken = 💥 The white wolf king **{ $king }** takes **{ $target }** with them.
wwb-king-shoots = 🏹 The wolf king **{ $king }** shoots **{ $target }**.
wwb-king-holds = 🏹 The wolf king **{ $king }** does not shoot.
wwb-runners = 🎖️ Running for sheriff: { $seats }. Campaign speeches follow in seat order; a candidate may withdraw at any time until the vote.
wwb-runners-none = 🎖️ Nobody runs for sheriff: there is no sheriff this game.
wwb-withdrew = 🏳️ **{ $seat }** withdraws from the sheriff race.
wwb-elected = 🎖️ **{ $seat }** is elected sheriff: their vote counts 1.5, and they speak last.
wwb-elected-none = 🎖️ No sheriff is elected: there is no sheriff this game.
wwb-badge-passed = 🎖️ Sheriff **{ $from }** passes the badge to **{ $to }**.
wwb-badge-torn = 🎖️ Sheriff **{ $from }** tears up the badge: no sheriff from now on.
wwb-badge-lost = 🎖️ The badge is lost with **{ $seat }**: no sheriff from now on.
wwb-order-up = 🔃 Sheriff **{ $sheriff }** has the table speak from the seat after them; the sheriff speaks last.
wwb-order-down = 🔃 Sheriff **{ $sheriff }** has the table speak from the seat before them; the sheriff speaks last.
wwb-called = 📣 Sheriff **{ $sheriff }** calls the vote on **{ $target }**.
wwb-called-none = 📣 Sheriff **{ $sheriff }** calls no vote.
wwb-speech-campaign = 🗣️ **{ $seat }** (campaign): { $text }
wwb-votes-sheriff = 🎖️ **Sheriff election**
wwb-call-campaign = your campaign speech (or type **withdraw** to leave the race)

## The sheriff sign-up and vote messages.
wwb-signup = 🎖️ **Sheriff election**: will you run? Candidates give a campaign speech, then everyone else votes; the sheriff's vote counts 1.5.
wwb-run = Run for sheriff
wwb-dont-run = Don't run
wwb-signup-closed = 🎖️ Sheriff sign-up is closed.
wwb-board-sheriff = 🎖️ **Sheriff vote**: choose the sheriff among the candidates. Ballots stay sealed until everyone has voted.
wwb-board-sheriff-closed = 🎖️ Sheriff vote: voting is closed; the votes are below.

## A seat's own news and controls.
wwd-help-guard = Each night you guard one living seat (yourself allowed) or nobody, never the same seat two nights running. The guard stops only the wolves' attack.
wwd-help-idiot = If you are voted out, you show your card and stay at the table, without a vote from then on.
wwd-help-wolf_king = You are a wolf (in this DM with the pack). Voted out or killed by the wolves, you may shoot one seat; not when poisoned, nor after self-exploding.
wwd-help-white_wolf_king = You are a wolf (in this DM with the pack). During a day's speeches you may self-explode and take one other living seat with you.
wwb-king-may-shoot = 👑 You die tonight and may shoot as you fall.
wwb-king-poisoned = 👑 You die tonight, poisoned: you may not shoot.
wwb-prompt-guard = 🛡️ **Guard one living seat tonight (yourself allowed), or nobody.**
wwb-prompt-guard-last = 🛡️ **Guard one living seat tonight (yourself allowed), or nobody.** Not **{ $seat }**: you guarded them last night.
wwb-prompt-king = 👑 **You are out: shoot one living seat, or hold your fire.**
wwb-prompt-badge = 🎖️ **You leave as sheriff: pass the badge to a living seat, or tear it up.**
wwb-prompt-order = 🔃 **You are the sheriff: choose who speaks first today.** You speak last.
wwb-prompt-call = 📣 **Call the vote (归票): name the seat you want the table to vote out, or call none.**
wwb-prompt-run = 🎖️ **Will you run for sheriff?** Answer on the sign-up message in the channel.
wwb-pick-guard = Guard…
wwb-guard-last = you guarded them last night: not allowed
wwb-guard-nobody = Guard nobody
wwb-pick-king = Shoot…
wwb-king-hold = Hold fire
wwb-pick-badge = Pass the badge to…
wwb-tear = Tear up the badge
wwb-order-up-button = From the seat after me
wwb-order-down-button = From the seat before me
wwb-pick-call = Call the vote on…
wwb-call-none = Call no vote
wwb-chose-guard = you guard { $target }
wwb-chose-guard-none = you guard nobody
wwb-chose-king = you shoot { $target }
wwb-chose-king-hold = you hold your fire
wwb-chose-run = you run for sheriff
wwb-chose-no-run = you do not run
wwb-chose-withdraw = you withdraw from the sheriff race
wwb-chose-badge = you pass the badge to { $target }
wwb-chose-tear = you tear up the badge
wwb-chose-order-up = the seat after you speaks first
wwb-chose-order-down = the seat before you speaks first
wwb-chose-call = you call the vote on { $target }
wwb-chose-call-none = you call no vote
wwb-chose-explode = you self-explode
wwb-chose-explode-take = you self-explode and take { $target } with you

## Withdrawing and self-exploding (never asked: offered by DM).
wwb-withdraw-note = 🏳️ You are running for sheriff. You may withdraw (退水) at any time until the vote: press the button, or type **withdraw** when it is your turn to speak.
wwb-withdraw-button = Withdraw from the race
wwb-explode-note = 💥 The day's speeches: as a wolf you may self-explode at any moment. The day ends at once, and the table learns you are a wolf.
wwb-explode-note-king = 💥 The day's speeches: as the white wolf king you may self-explode at any moment and take one living seat with you. The day ends at once.
wwb-explode-button = Self-explode
wwb-explode-take = Self-explode, taking…
wwb-explode-alone = Self-explode alone

## The graveyard: a private thread of the table for the dead and the spectators.
wwb-graveyard-name = graveyard
wwb-graveyard-intro = 🪦 The graveyard of this table: the dead and the spectators talk here. The living cannot hear you, and nothing secret is posted here while the game runs.
wwb-graveyard-intro-roles = 🪦 The graveyard of this table: the dead and the spectators talk here. The living cannot hear you. The host chose to show the graveyard every seat's role, one phase behind: they come here once the first night is over. Keep them to yourselves.
wwb-graveyard-roles = 📜 **The roles** (one phase behind, the host's choice):
wwb-lobby-graveyard-roles = 🪦 The graveyard will see every role, one phase behind (the host's choice).
wwb-graveyard-dead = 🪦 **{ $seat }** joins the graveyard. Spectators: { $count }.
wwb-graveyard-spectator = 👀 <@{ $user }> watches from the graveyard. Spectators: { $count }.
wwb-graveyard-welcome = 🪦 You left the table's talk: the living no longer hear you. Talk with the other dead and the spectators in <#{ $thread }>.
wwb-hushed = 🤫 You are out of the game: the table does not hear you, and your messages in its channel are taken down (the living must not read the dead). Talk in the graveyard instead: <#{ $thread }>.
wwb-spectate-ok = 👀 You are watching from the graveyard: <#{ $thread }>.
wwb-spectate-playing = You are still playing at this table: the graveyard is for the dead and the spectators.
wwb-spectate-none = There is no werewolf game running in this channel.
wwb-spectate-failed = The graveyard could not be opened: { $why }
wwb-board-ai-signup = (AI seats decide on their own.)

## The commands' options of the boards (see `commands.ftl`).
cmd-werewolf-start-opt-board = board
cmd-werewolf-start-opt-board-desc = The board: its seats, roles and rules (default: nine seats, seed9)
cmd-werewolf-start-opt-seats = seats
cmd-werewolf-start-opt-seats-desc = How many seats; alone, it picks the standard board of that size
cmd-werewolf-start-opt-graveyard_roles = graveyard_roles
cmd-werewolf-start-opt-graveyard_roles-desc = The graveyard sees every role, one phase behind (default: off)
cmd-werewolf-spectate = spectate
cmd-werewolf-spectate-desc = Watch this channel's game from its graveyard thread (not seated, or out of the game).
wwb-votes-sheriff-ballot = { $seat } (sheriff, 1.5)
